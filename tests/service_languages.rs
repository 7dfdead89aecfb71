//! The game service in Italian, English and Spanish: each scenario (a full game to its end, an
//! illegal move with its reason, a claim on time, draws, aborts, the help and the rules) runs
//! once per language, with the key phrases of each asserted and strict texts on, so a wrong
//! variable panics. No reply shows a raw message id or an unfilled variable.

use std::sync::Arc;
use std::time::Duration;

use dama_rules::{Position, pdn};
use damabot::game::{
    Action, Actor, BOARD_COOLDOWN, Component, DRAW_OFFER_COOLDOWN, GameService, ManualClock,
    Origin, Reply, ServiceSettings, Suggestions,
};
use damabot::i18n::{self, Language, Text};
use damabot::store::{NewGame, Participant, SqliteStore};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

struct World {
    service: GameService,
    clock: Arc<ManualClock>,
    language: Language,
    _dir: tempfile::TempDir,
}

fn settings() -> ServiceSettings {
    ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(50),
        hash_mb: 1,
        max_concurrent_searches: 2,
        seed: Some(7),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 20_000,
        engine_hints: 3,
    }
}

/// A world whose people and server speak `language`.
fn world(language: Language) -> World {
    world_with(language, settings())
}

fn world_with(language: Language, settings: ServiceSettings) -> World {
    i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(Arc::new(store), clock.clone(), settings);
    World {
        service,
        clock,
        language,
        _dir: dir,
    }
}

/// One phrase per language, in the order of [`Language::ALL`] (it, en, es).
fn pick(language: Language, phrases: [&'static str; 3]) -> &'static str {
    match language {
        Language::It => phrases[0],
        Language::En => phrases[1],
        Language::Es => phrases[2],
    }
}

impl World {
    fn actor(&self, user: u64) -> Actor {
        let name = match user {
            ALICE => "alice",
            BOB => "bob",
            CAROL => "carol",
            _ => "someone",
        };
        Actor {
            user,
            name: name.into(),
            guild: GUILD,
            channel: CHANNEL,
            can_moderate: false,
            can_manage_server: false,
            language: self.language,
            guild_language: Some(self.language),
            can_open_threads: false,
        }
    }

    fn act(&self, user: u64, action: Action) -> Reply {
        checked(
            self.service
                .act(&self.actor(user), Origin::Channel, action)
                .unwrap(),
        )
    }

    fn click(&self, user: u64, id: &str, values: &[String]) -> Reply {
        checked(
            self.service
                .component(&self.actor(user), id, values)
                .unwrap(),
        )
    }

    fn play(&self, user: u64, text: &str) -> Reply {
        let reply = self.act(
            user,
            Action::Move {
                text: text.to_owned(),
            },
        );
        assert!(!reply.ephemeral, "{text}: {}", reply.text);
        reply
    }

    fn hint(&self, user: u64, typed: &str) -> String {
        match self.service.suggestions(&self.actor(user), typed).unwrap() {
            Suggestions::Hint(hint) => {
                assert_filled(&hint);
                hint
            }
            Suggestions::Moves(moves) => panic!("moves, not a hint: {moves:?}"),
        }
    }

    /// Plays the first legal move of the side to move.
    fn play_any(&self, user: u64) -> Reply {
        let Suggestions::Moves(moves) = self.service.suggestions(&self.actor(user), "").unwrap()
        else {
            panic!("no moves for {user}");
        };
        self.play(user, &moves[0])
    }

    /// A game between Alice (White) and `black` from `fen`, stored directly.
    fn game_from(&self, fen: &str, black: Participant) {
        let store = self.service.store();
        let now = self.service.now();
        store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
        store.ensure_player(GUILD, BOB, "bob", now).unwrap();
        store
            .create_game(&NewGame {
                guild: GUILD,
                channel: CHANNEL,
                white: Participant::User(ALICE),
                black,
                time_per_move_ms: 24 * 3_600_000,
                rated: black == Participant::User(BOB),
                start_fen: fen.into(),
                created_at: now,
                in_thread: false,
            })
            .unwrap();
    }

    fn start(&self) {
        self.game_from(&Position::initial().to_fen(), Participant::User(BOB));
    }
}

/// Fails on a text that shows a variable unfilled or a message by its id.
fn assert_filled(text: &str) {
    assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
    for message in Text::ALL {
        let id = message.id();
        if id.contains('-') {
            assert!(!text.contains(id), "the raw id {id} in: {text}");
        }
    }
}

/// Every text of a reply (its message, components, caption), checked by [`assert_filled`].
fn checked(reply: Reply) -> Reply {
    assert_filled(&reply.text);
    for component in reply.components.iter().flatten() {
        match component {
            Component::Button { label, .. } => assert_filled(label),
            Component::Select {
                placeholder,
                options,
                ..
            } => {
                assert_filled(placeholder);
                for option in options {
                    assert_filled(&option.label);
                }
            }
        }
    }
    if let Some(caption) = reply.board.as_ref().and_then(|b| b.caption.as_deref()) {
        assert_filled(caption);
    }
    reply
}

fn labels(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .map(|c| match c {
            Component::Button { label, .. } => label.clone(),
            Component::Select { placeholder, .. } => placeholder.clone(),
        })
        .collect()
}

fn id_ending(reply: &Reply, suffix: &str) -> String {
    reply
        .components
        .iter()
        .flatten()
        .map(|c| match c {
            Component::Button { id, .. } | Component::Select { id, .. } => id.clone(),
        })
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {:?}", reply.components))
}

fn caption(reply: &Reply) -> String {
    reply
        .board
        .as_ref()
        .and_then(|b| b.caption.clone())
        .expect("a caption")
}

fn in_every_language(scenario: fn(&World)) {
    for language in Language::ALL {
        scenario(&world(language));
    }
}

fn a_full_game_to_its_end(w: &World) {
    let l = w.language;
    w.start();
    let board = w.act(ALICE, Action::Board { flip: false });
    assert!(
        board.text.contains(pick(
            l,
            [
                "tocca al Bianco: <@11>",
                "<@11> (white) to move",
                "juegan las blancas: <@11>"
            ]
        )),
        "{}",
        board.text
    );
    assert!(
        board.text.contains(pick(
            l,
            [
                "24 ore per mossa, scade <t:",
                "24 h per move, due <t:",
                "24 h por jugada, vence <t:"
            ]
        )),
        "{}",
        board.text
    );
    let buttons = labels(&board);
    for label in pick(
        l,
        [
            "Scegli la tua mossa|Proponi patta|Abbandona|Gira la damiera",
            "Choose your move|Offer draw|Resign|Flip board",
            "Elige tu jugada|Ofrecer tablas|Abandonar|Girar el tablero",
        ],
    )
    .split('|')
    {
        assert!(buttons.iter().any(|b| b == label), "{label}: {buttons:?}");
    }
    assert_eq!(
        caption(&board),
        pick(
            l,
            [
                "alice (1500) – bob (1500) · mossa 1 · tocca al Bianco",
                "alice (1500) vs bob (1500) · move 1 · White to move",
                "alice (1500) – bob (1500) · jugada 1 · juegan las blancas",
            ]
        )
    );
    // The first game of the 2005 championship, then Black resigns.
    let games = pdn::read_games(include_str!("data/campionato-assoluto-2005.pdn"));
    let moves = games[0].replay().moves;
    let mut position = Position::initial();
    let mut reply = board;
    for (i, m) in moves.iter().enumerate() {
        let user = if i % 2 == 0 { ALICE } else { BOB };
        let text = position.move_text(m);
        reply = w.play(user, &text);
        position.play_unchecked(m);
        let played = pick(l, ["ha giocato", "played", "jugó"]);
        // Each move tells the next player it is their turn, with the live clock.
        let then = pick(
            l,
            [
                " — tocca a te, scade <t:",
                " — your move, due <t:",
                ": te toca, vence <t:",
            ],
        );
        assert!(
            reply.text.starts_with(&format!(
                "{} {played} **{text}**{then}",
                if user == ALICE { "alice" } else { "bob" }
            )),
            "{}",
            reply.text
        );
    }
    let black_to_move = pick(l, ["tocca al Nero", "Black to move", "juegan las negras"]);
    if moves.len() % 2 == 1 {
        assert!(
            caption(&reply).ends_with(black_to_move),
            "{}",
            caption(&reply)
        );
        assert!(
            reply.text.contains(pick(
                l,
                [
                    "tocca al Nero: <@12>",
                    "<@12> (black) to move",
                    "juegan las negras: <@12>"
                ]
            )),
            "{}",
            reply.text
        );
    }
    let resigned = w.act(BOB, Action::Resign);
    assert!(!resigned.ephemeral);
    assert!(
        resigned.text.starts_with(pick(
            l,
            [
                "bob abbandona. **Vince <@11>** (il Bianco). Punteggi: alice 1500 → ",
                "bob resigns. **<@11> wins** (White). Ratings: alice 1500 → ",
                "bob abandona. **Gana <@11>** (blancas). Puntuaciones: alice 1500 → ",
            ]
        )),
        "{}",
        resigned.text
    );
    assert!(
        resigned
            .text
            .contains(pick(l, ["è finita.", "is over.", "ha terminado."])),
        "{}",
        resigned.text
    );
    assert!(
        caption(&resigned).ends_with(pick(
            l,
            ["vince il Bianco (1-0)", "1-0", "ganan las blancas (1-0)"]
        )),
        "{}",
        caption(&resigned)
    );
    // Over, the caption leaves the ratings to the message and keeps its room for the result.
    assert!(
        caption(&resigned).starts_with(pick(
            l,
            ["alice – bob · ", "alice vs bob · ", "alice – bob · "]
        )),
        "{}",
        caption(&resigned)
    );
    assert_eq!(
        labels(&resigned),
        [pick(l, ["Rivincita", "Rematch", "Revancha"])]
    );

    // A game the rules end: White takes Black's last piece.
    w.game_from("W:W22:B18", Participant::User(BOB));
    let over = w.play(ALICE, "22x13");
    assert!(
        over.text.contains(pick(
            l,
            [
                "**Vince <@11>** (il Bianco): il Nero è rimasto senza pezzi.",
                "**<@11> wins** (White): Black has no pieces left.",
                "**Gana <@11>** (blancas): las negras se quedaron sin piezas.",
            ]
        )),
        "{}",
        over.text
    );
    // A board of a game that is over, from its button: refused in the clicker's language.
    let refused = w.click(ALICE, &over_board_button(&over), &[]);
    assert!(
        refused.ephemeral
            && refused.text.contains(pick(
                l,
                ["è finita (1-0)", "is over (1-0)", "ha terminado (1-0)"]
            )),
        "{}",
        refused.text
    );
}

/// A resign button of a finished game's board (the game id, as a board of it showed it).
fn over_board_button(over: &Reply) -> String {
    let rematch = id_ending(over, ":rematch");
    rematch.replace(":rematch", ":resign")
}

#[test]
fn a_full_game_to_its_end_in_every_language() {
    in_every_language(a_full_game_to_its_end);
}

fn an_illegal_move_explains_itself(w: &World) {
    let l = w.language;
    w.start();
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "22-17".into(),
        },
    );
    assert!(reply.ephemeral);
    assert!(
        reply.text.starts_with(pick(
            l,
            [
                "22-17 non è una mossa regolare qui. Mosse regolari: ",
                "22-17 is not a legal move here. Legal moves: ",
                "22-17 no es una jugada legal aquí. Jugadas legales: ",
            ]
        )) && reply.text.contains("22-18"),
        "{}",
        reply.text
    );
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "banana".into(),
        },
    );
    assert!(
        reply.text.starts_with(pick(
            l,
            [
                "`banana` non è una casa",
                "`banana` is not a square",
                "`banana` no es una casilla",
            ]
        )),
        "{}",
        reply.text
    );
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "12-16".into(),
        },
    );
    assert!(
        reply.text.starts_with(pick(
            l,
            [
                "Il pezzo sulla casa 12 non è del Bianco.",
                "The piece on 12 is not white's.",
                "La pieza de la casilla 12 no es de las blancas.",
            ]
        )),
        "{}",
        reply.text
    );
    let reply = w.act(
        BOB,
        Action::Move {
            text: "11-15".into(),
        },
    );
    assert!(
        reply.text.starts_with(pick(
            l,
            [
                "Non tocca a te: tocca al Bianco",
                "It is not your turn",
                "No es tu turno: juegan las blancas"
            ]
        )),
        "{}",
        reply.text
    );
    w.play(ALICE, "22-18");
    let board = w.play(BOB, "11-14");
    assert!(
        board.text.contains(pick(
            l,
            [
                "La presa è obbligatoria.",
                "A capture is compulsory.",
                "La captura es obligatoria."
            ]
        )),
        "{}",
        board.text
    );
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "21-17".into(),
        },
    );
    assert!(reply.ephemeral);
    assert!(
        reply.text.starts_with(pick(
            l,
            [
                "21-17 non è consentita: la presa è obbligatoria (18x11)",
                "21-17 is not allowed: a capture is compulsory (18x11)",
                "21-17 no está permitida: la captura es obligatoria (18x11)",
            ]
        )),
        "{}",
        reply.text
    );
    let stranger = w.act(
        CAROL,
        Action::Move {
            text: "18x11".into(),
        },
    );
    assert_eq!(
        stranger.text,
        pick(
            l,
            [
                "Non stai giocando questa partita.",
                "You are not playing in this game.",
                "No juegas en esta partida.",
            ]
        )
    );
    assert_eq!(
        w.hint(BOB, ""),
        pick(
            l,
            [
                "Non tocca a te: deve muovere alice",
                "Not your turn: alice is to move",
                "No es tu turno: mueve alice",
            ]
        )
    );
    assert!(
        w.hint(ALICE, "27").starts_with(pick(
            l,
            [
                "Nessuna mossa regolare comincia con 27: 18x11",
                "No legal move starts with 27: 18x11",
                "Ninguna jugada legal empieza por 27: 18x11",
            ]
        )),
        "{}",
        w.hint(ALICE, "27")
    );
}

#[test]
fn an_illegal_move_explains_itself_in_every_language() {
    in_every_language(an_illegal_move_explains_itself);
}

fn a_claim_on_time(w: &World) {
    let l = w.language;
    w.start();
    w.play(ALICE, "22-18");
    let early = w.act(ALICE, Action::Claim);
    assert!(
        early.ephemeral
            && early.text
                == pick(
                    l,
                    [
                        "bob ha ancora 24 ore per muovere; dopo potrai reclamare la vittoria.",
                        "bob still has 24 h to move; you can claim the win after that.",
                        "bob aún tiene 24 h para mover; después podrás reclamar la victoria.",
                    ]
                ),
        "{}",
        early.text
    );
    let mine = w.act(BOB, Action::Claim);
    assert_eq!(
        mine.text,
        pick(
            l,
            [
                "Tocca a te: gioca la tua mossa invece di reclamare.",
                "It is your turn: make your move instead of claiming.",
                "Te toca a ti: haz tu jugada en vez de reclamar.",
            ]
        )
    );
    w.clock.advance(Duration::from_secs(25 * 3600));
    let board = w.act(ALICE, Action::Board { flip: false });
    assert!(
        labels(&board).contains(
            &pick(
                l,
                ["Reclama la vittoria", "Claim win", "Reclamar la victoria"]
            )
            .to_owned()
        ),
        "{:?}",
        labels(&board)
    );
    let won = w.click(ALICE, &id_ending(&board, ":claim"), &[]);
    assert!(
        !won.ephemeral
            && won.text.starts_with(pick(
                l,
                [
                    "bob ha esaurito il tempo. **Vince alice** per tempo. Punteggi:",
                    "bob's time ran out. **alice wins** on time. Ratings:",
                    "A bob se le acabó el tiempo. **Gana alice** por tiempo. Puntuaciones:",
                ]
            )),
        "{}",
        won.text
    );
}

#[test]
fn a_claim_on_time_in_every_language() {
    in_every_language(a_claim_on_time);
}

fn draws(w: &World) {
    let l = w.language;
    w.start();
    let offer = w.act(ALICE, Action::OfferDraw);
    assert!(
        offer.text.starts_with(pick(
            l,
            [
                "alice propone la patta a <@12>.",
                "alice offers a draw to <@12>.",
                "alice ofrece tablas a <@12>.",
            ]
        )),
        "{}",
        offer.text
    );
    assert!(
        offer.text.contains(pick(
            l,
            [
                "<@11> propone la patta.",
                "<@11> offers a draw.",
                "<@11> ofrece tablas."
            ]
        )),
        "{}",
        offer.text
    );
    let again = w.act(ALICE, Action::OfferDraw);
    assert_eq!(
        again.text,
        pick(
            l,
            [
                "Hai già proposto la patta; aspetta la risposta.",
                "You have already offered a draw; wait for the answer.",
                "Ya ofreciste tablas; espera la respuesta.",
            ]
        )
    );
    let declined = w.act(BOB, Action::AnswerDraw { accept: false });
    assert!(
        declined.text.starts_with(pick(
            l,
            [
                "bob rifiuta la patta. Si continua!",
                "bob declines the draw. Play on!",
                "bob rechaza las tablas. ¡Seguimos!",
            ]
        )),
        "{}",
        declined.text
    );
    let soon = w.act(ALICE, Action::OfferDraw);
    assert!(
        soon.ephemeral
            && soon.text.contains(pick(
                l,
                [
                    "potrai riproporla tra 10 semimosse",
                    "you can offer again after 10 more plies",
                    "podrás volver a ofrecerlas dentro de 10 medias jugadas",
                ]
            )),
        "{}",
        soon.text
    );
    let none = w.act(BOB, Action::AnswerDraw { accept: true });
    assert!(
        none.text.starts_with(pick(
            l,
            [
                "Non c'è nessuna proposta di patta a cui rispondere. Proponila tu con `/patta proponi`.",
                "There is no draw offer to answer. Offer one with `/draw offer`.",
                "No hay ninguna oferta de tablas que responder.",
            ]
        )),
        "{}",
        none.text
    );
    for ply in 0..10 {
        w.play_any(if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    let offer = w.act(ALICE, Action::OfferDraw);
    let accepted = w.click(BOB, &id_ending(&offer, ":draw+"), &[]);
    assert!(
        accepted.text.starts_with(pick(
            l,
            [
                "bob accetta la patta. **Patta** per accordo. Punteggi:",
                "bob accepts the draw. **Draw** by agreement. Ratings:",
                "bob acepta las tablas. **Tablas** por acuerdo. Puntuaciones:",
            ]
        )),
        "{}",
        accepted.text
    );
    assert!(
        caption(&accepted).ends_with(pick(l, ["patta (½-½)", "1/2-1/2", "tablas (½-½)"])),
        "{}",
        caption(&accepted)
    );

    // Repetition: two kings shuffle.
    w.game_from("W:WK29,30:BK4,1", Participant::User(BOB));
    let mut reply = None;
    for (user, m) in [
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
    ] {
        reply = Some(w.play(user, m));
    }
    let reply = reply.unwrap();
    assert!(
        reply.text.contains(pick(
            l,
            [
                "**Patta** per ripetizione della posizione.",
                "**Draw** by repetition.",
                "**Tablas** por repetición de la posición.",
            ]
        )),
        "{}",
        reply.text
    );
}

#[test]
fn draws_in_every_language() {
    in_every_language(draws);
}

#[test]
fn the_forty_move_rule_in_every_language() {
    for language in Language::ALL {
        // Repetition set out of reach.
        let w = world_with(
            language,
            ServiceSettings {
                repetition_count: 1000,
                ..settings()
            },
        );
        w.game_from("W:WK29,30:BK4,1", Participant::User(BOB));
        let mut reply = None;
        for i in 0..80 {
            let (user, m) = match i % 4 {
                0 => (ALICE, "29-25"),
                1 => (BOB, "4-8"),
                2 => (ALICE, "25-29"),
                _ => (BOB, "8-4"),
            };
            reply = Some(w.play(user, m));
        }
        let text = reply.unwrap().text;
        assert!(
            text.contains(pick(
                language,
                [
                    "**Patta** per la regola delle 40 mosse: 40 mosse per parte senza prese né mosse di pedina.",
                    "**Draw** by the 40-move rule: 40 moves each without a capture or a man move.",
                    "**Tablas** por la regla de las 40 jugadas: 40 jugadas de cada bando sin captura ni movimiento de peón.",
                ]
            )),
            "{text}"
        );
    }
}

fn the_engine_plays_and_answers(w: &World) {
    let l = w.language;
    w.game_from(&Position::initial().to_fen(), Participant::Engine(1));
    let reply = w.play(ALICE, "22-18");
    assert!(
        reply.text.contains(pick(
            l,
            [
                "Dama (livello 1, principiante) ha risposto **",
                "Dama (level 1, beginner) replied **",
                "Dama (nivel 1, principiante) respondió **",
            ]
        )),
        "{}",
        reply.text
    );
    let offer = w.act(ALICE, Action::OfferDraw);
    assert!(
        offer.text.contains(pick(
            l,
            [
                "Dama (livello 1, principiante) rifiuta la patta",
                "Dama (level 1, beginner) declines the draw",
                "Dama (nivel 1, principiante) rechaza las tablas",
            ]
        )) || offer
            .text
            .contains(pick(l, ["per accordo", "by agreement", "por acuerdo"])),
        "{}",
        offer.text
    );
}

#[test]
fn the_engine_plays_and_answers_in_every_language() {
    in_every_language(the_engine_plays_and_answers);
}

fn aborts_cooldowns_and_strangers(w: &World) {
    let l = w.language;
    let none = w.act(ALICE, Action::Board { flip: false });
    assert!(
        none.text.starts_with(pick(
            l,
            [
                "In questo canale non c'è nessuna partita. Iniziane una con `/sfida`",
                "There is no game in this channel. Start one with `/challenge`",
                "No hay ninguna partida en este canal. Empieza una con `/retar`",
            ]
        )),
        "{}",
        none.text
    );
    assert_eq!(
        w.hint(ALICE, ""),
        pick(
            l,
            [
                "Nessuna partita in questo canale: iniziane una con /sfida o /gioca.",
                "No game in this channel: start one with /challenge or /play.",
                "No hay partida en este canal: empieza una con /retar o /jugar.",
            ]
        )
    );
    w.start();
    let resign = w.act(ALICE, Action::AskResign);
    assert!(resign.ephemeral);
    assert_eq!(
        (resign.text.as_str(), labels(&resign)),
        (
            pick(
                l,
                [
                    "Vuoi davvero abbandonare questa partita?",
                    "Do you really want to resign this game?",
                    "¿De verdad quieres abandonar esta partida?",
                ]
            ),
            vec![pick(l, ["Sì, abbandono", "Yes, resign", "Sí, abandono"]).to_owned()]
        )
    );
    w.clock.advance(BOARD_COOLDOWN);
    w.act(CAROL, Action::Board { flip: false });
    let spam = w.act(CAROL, Action::Board { flip: false });
    assert_eq!(
        spam.text,
        pick(
            l,
            [
                "Non così in fretta: potrai usare `/damiera` di nuovo tra 10 s.",
                "Not so fast: you can use `/board` again in 10 s.",
                "No tan rápido: podrás usar `/tablero` otra vez dentro de 10 s.",
            ]
        )
    );
    let refused = w.act(CAROL, Action::Abort);
    assert!(
        refused.ephemeral
            && refused.text.starts_with(pick(
                l,
                [
                    "Solo i moderatori",
                    "Only moderators",
                    "Solo los moderadores"
                ]
            )),
        "{}",
        refused.text
    );
    let moderator = Actor {
        can_moderate: true,
        ..w.actor(CAROL)
    };
    let aborted = checked(
        w.service
            .act(&moderator, Origin::Channel, Action::Abort)
            .unwrap(),
    );
    assert!(
        aborted.text.starts_with(pick(
            l,
            [
                "carol ha interrotto la partita #1. Non conta per nessuno.",
                "carol aborted game #1. It does not count for anyone.",
                "carol anuló la partida #1. No cuenta para nadie.",
            ]
        )),
        "{}",
        aborted.text
    );
    assert!(
        caption(&aborted).ends_with(pick(l, ["interrotta", "aborted", "anulada"])),
        "{}",
        caption(&aborted)
    );
    let unknown = w.click(ALICE, "z:1", &[]);
    assert_eq!(
        unknown.text,
        pick(
            l,
            [
                "Questo pulsante non lo riconosco più.",
                "This button is not one I know any more.",
                "Ya no reconozco este botón.",
            ]
        )
    );
}

#[test]
fn aborts_cooldowns_and_strangers_in_every_language() {
    in_every_language(aborts_cooldowns_and_strangers);
}

/// The help is for the asker (their language); the rules are for the channel (the server's).
#[test]
fn the_help_is_private_and_the_rules_public() {
    for language in Language::ALL {
        let w = world(language);
        for server in Language::ALL {
            let actor = Actor {
                guild_language: Some(server),
                ..w.actor(ALICE)
            };
            let help = checked(
                w.service
                    .act(&actor, Origin::Channel, Action::Help)
                    .unwrap(),
            );
            assert!(help.ephemeral);
            assert!(
                help.text.starts_with(pick(
                    language,
                    [
                        "**Dama: la dama italiana su Discord**",
                        "**Dama: Italian draughts on Discord**",
                        "**Dama: damas italianas en Discord**",
                    ]
                )),
                "{language:?} in a {server:?} server: {}",
                help.text
            );
            let rules = checked(
                w.service
                    .act(&actor, Origin::Channel, Action::Rules)
                    .unwrap(),
            );
            assert!(!rules.ephemeral);
            assert!(
                rules.text.contains(pick(
                    server,
                    [
                        "**La presa è obbligatoria**",
                        "**Capturing is compulsory**",
                        "**La captura es obligatoria**",
                    ]
                )),
                "{language:?} in a {server:?} server: {}",
                rules.text
            );
        }
    }
}

/// A board turned round by its Flip button is for the clicker, in the clicker's language,
/// whatever the server speaks.
#[test]
fn a_flipped_board_speaks_the_clickers_language() {
    let w = world(Language::Es);
    w.start();
    let board = w.act(ALICE, Action::Board { flip: false });
    let italian = Actor {
        language: Language::It,
        ..w.actor(BOB)
    };
    let flipped = checked(
        w.service
            .component(&italian, &id_ending(&board, ":flipw"), &[])
            .unwrap(),
    );
    assert!(flipped.ephemeral);
    assert!(flipped.text.contains("tocca al Bianco"), "{}", flipped.text);
    assert!(
        caption(&flipped).ends_with("tocca al Bianco"),
        "{}",
        caption(&flipped)
    );
}
