//! Takebacks (against the engine, between members), the Bump button and `/games`, end to end
//! on a real SQLite store with a clock the tests move by hand.

use dama_core::store::ColourChoice;
use dama_core::store::Member;
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::{Game, GameStatus, MessageRef, NewGame, Participant};
use dama_rules::{Position, pdn};
use dama_service::{
    Action, Actor, BOARD_COOLDOWN, CHALLENGE_COOLDOWN, Component, Origin, Reply, ServiceSettings,
};

use crate::world::{World, id_ending, ids, settings, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const OTHER_CHANNEL: u64 = 200;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

fn world() -> World {
    world_with(ServiceSettings {
        think_time: Duration::from_millis(20),
        ..settings()
    })
}

fn actor(user: u64) -> Actor {
    let name = match user {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        _ => "someone",
    };
    Actor::new(user, name, GUILD, CHANNEL).can_open_threads(false)
}

/// An actor speaking `language`, in a server that speaks it too.
fn speaking(user: u64, language: Language) -> Actor {
    actor(user)
        .language(language)
        .guild_language(Some(language))
}

fn moderator(user: u64) -> Actor {
    actor(user).can_moderate(true)
}

fn member(user: u64) -> Member {
    let a = actor(user);
    Member {
        user: a.user,
        name: a.name,
        is_bot: false,
    }
}

fn has_button(reply: &Reply, suffix: &str) -> bool {
    ids(reply).iter().any(|id| id.ends_with(suffix))
}

/// No reply shows a message's id or an unfilled variable.
fn assert_filled(reply: &Reply) {
    let shown = reply.text.to_string();
    for text in std::iter::once(&shown).chain(reply.components.iter().flatten().map(|c| match c {
        Component::Button { label, .. } => label,
        Component::Select { placeholder, .. } => placeholder,
    })) {
        assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
        assert!(
            !text.contains("takeback-") && !text.contains("games-"),
            "{text}"
        );
    }
}

fn act(w: &World, who: &Actor, action: Action) -> Reply {
    let reply = w.service.act(who, Origin::Channel, action).unwrap();
    assert_filled(&reply);
    reply
}

fn click(w: &World, who: &Actor, id: &str) -> Reply {
    let reply = w.service.component(who, id, &[]).unwrap();
    assert_filled(&reply);
    reply
}

fn play(w: &World, user: u64, text: &str) -> Reply {
    let reply = act(
        w,
        &actor(user),
        Action::Move {
            text: text.to_owned(),
        },
    );
    assert!(!reply.ephemeral, "{text}: {}", reply.text);
    reply
}

fn takeback(w: &World, who: &Actor) -> Reply {
    act(w, who, Action::Takeback)
}

fn active(w: &World) -> Game {
    w.service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .expect("an active game")
}

fn fen_after(moves: &[&str]) -> String {
    let mut position = Position::initial();
    for text in moves {
        let m = position.parse_move(text).unwrap();
        position.play_unchecked(&m);
    }
    position.to_fen()
}

/// Alice (White) and Bob (Black) start a game in the channel; returns the board reply.
fn start_game(w: &World) -> Reply {
    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = act(
        w,
        &actor(ALICE),
        Action::Challenge {
            opponent: Some(member(BOB)),
            colour: ColourChoice::White,
            time_per_move: None,
            clock: None,
        },
    );
    assert!(!challenge.ephemeral, "{}", challenge.text);
    click(w, &actor(BOB), &id_ending(&challenge, ":accept"))
}

/// A game of Alice against the engine at level 1 in `channel`, stored directly; `alice_white`
/// picks her colour.
fn engine_game_in(w: &World, channel: u64, alice_white: bool) -> Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    let (white, black) = if alice_white {
        (Participant::User(ALICE), Participant::Engine(1))
    } else {
        (Participant::Engine(1), Participant::User(ALICE))
    };
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel,
            white,
            black,
            time_per_move_ms: 3_600_000,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap()
}

const BOARD_500: MessageRef = MessageRef {
    channel: CHANNEL,
    message: 500,
};

#[test]
fn against_the_engine_a_takeback_undoes_the_move_and_the_reply_three_times() {
    let w = world();
    let game = engine_game_in(&w, CHANNEL, true);
    let alice = actor(ALICE);
    let refused = takeback(&w, &alice);
    assert!(refused.ephemeral, "{}", refused.text);
    assert_eq!(refused.text, "You have no move to take back yet.");

    let expected_left = [
        "2 takebacks left in this game.",
        "One takeback left in this game.",
        "No takebacks left in this game.",
    ];
    for (round, left) in expected_left.iter().enumerate() {
        let board = play(&w, ALICE, "22-18");
        assert_eq!(active(&w).ply, 2, "the engine replied");
        assert!(has_button(&board, ":undo"), "{:?}", ids(&board));
        let replied = w.service.store().moves(game.id).unwrap()[1]
            .move_long
            .clone();
        // The Takeback button of the board, at its ply.
        let reply = click(&w, &alice, &id_ending(&board, ":undo"));
        assert!(!reply.ephemeral, "round {round}: {}", reply.text);
        assert!(
            reply
                .text
                .to_string()
                .starts_with(&format!("alice took back 22-18 {replied}. {left}")),
            "{}",
            reply.text
        );
        let record = active(&w);
        assert_eq!((record.ply, record.takebacks), (0, round as u32 + 1));
        assert_eq!(record.current_fen, Position::initial().to_fen());
        assert_eq!(
            reply.board.as_ref().unwrap().position,
            Position::initial(),
            "the board after the takeback"
        );
        assert_eq!(
            reply.game,
            Some(game.id),
            "a new board, the old one retired"
        );
    }
    let board = play(&w, ALICE, "22-18");
    assert!(!has_button(&board, ":undo"), "none left: {:?}", ids(&board));
    assert!(has_button(&board, ":bump"));
    let refused = takeback(&w, &alice);
    assert!(refused.ephemeral);
    assert_eq!(refused.text, "You have used all 3 takebacks of this game.");
    assert_eq!(active(&w).ply, 2);
}

#[test]
fn against_the_engine_a_takeback_waits_for_its_move_and_keeps_its_opening() {
    let w = world();
    let game = engine_game_in(&w, CHANNEL, true);
    // Alice's move is stored and the engine has not replied yet (its search runs, or a
    // restart interrupted it).
    let mut position = Position::initial();
    let m = position.parse_move("22-18").unwrap();
    position.play_unchecked(&m);
    w.service
        .store()
        .record_move(game.id, 0, &m.long(), &position.to_fen(), w.service.now())
        .unwrap();
    let refused = takeback(&w, &actor(ALICE));
    assert!(refused.ephemeral);
    assert!(
        refused.text.to_string().starts_with("Wait for ") && refused.text.contains("'s move"),
        "{}",
        refused.text
    );
    assert_eq!(active(&w).ply, 1, "nothing went back");
    w.service.resume_engine_games().unwrap();
    assert_eq!(active(&w).ply, 2);
    assert!(!takeback(&w, &actor(ALICE)).ephemeral);
    assert_eq!(active(&w).ply, 0);

    // The engine opens: its first move stays.
    let w = world();
    engine_game_in(&w, CHANNEL, false);
    w.service.resume_engine_games().unwrap();
    assert_eq!(active(&w).ply, 1);
    let refused = takeback(&w, &actor(ALICE));
    assert_eq!(refused.text, "You have no move to take back yet.");
    let suggestions = match w.service.suggestions(&actor(ALICE), "").unwrap() {
        dama_service::Suggestions::Moves(moves) => moves,
        dama_service::Suggestions::Hint(hint) => panic!("{hint}"),
    };
    play(&w, ALICE, &suggestions[0]);
    assert_eq!(active(&w).ply, 3);
    assert!(!takeback(&w, &actor(ALICE)).ephemeral);
    assert_eq!(active(&w).ply, 1, "back to the engine's opening");
}

#[test]
fn a_member_takeback_accepted_undoes_one_move_or_two() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    // Bob has no move of his own to take back.
    let refused = takeback(&w, &actor(BOB));
    assert_eq!(refused.text, "You have no move to take back yet.");

    let request = takeback(&w, &actor(ALICE));
    assert!(!request.ephemeral);
    assert_eq!(
        request.text,
        "alice asks to take back 22-18. @12, do you agree?"
    );
    assert_eq!(request.mentions, [BOB]);
    assert!(request.board.is_none() && request.game.is_none());
    let accept = id_ending(&request, ":undo+");
    assert!(accept.ends_with(":1:undo+"), "{accept}");
    let record = active(&w);
    assert_eq!(
        record.takeback_request.map(|r| (r.by, r.at_ply)),
        Some((dama_rules::Color::White, 1))
    );

    // Alice cannot accept her own request, and a stranger cannot answer it.
    let own = click(&w, &actor(ALICE), &accept);
    assert!(own.ephemeral);
    assert!(
        own.text.to_string().starts_with("That is your own request"),
        "{}",
        own.text
    );
    let stranger = click(&w, &actor(CAROL), &accept);
    assert!(stranger.ephemeral);
    assert_eq!(stranger.text, "You are not playing in this game.");
    assert_eq!(active(&w).ply, 1);

    let accepted = click(&w, &actor(BOB), &accept);
    assert!(!accepted.ephemeral, "{}", accepted.text);
    assert!(
        accepted
            .text
            .to_string()
            .starts_with("bob agreed: @11 took back 22-18."),
        "{}",
        accepted.text
    );
    assert!(accepted.mentions.contains(&ALICE));
    assert_eq!(
        accepted.board.as_ref().unwrap().position,
        Position::initial()
    );
    let record = active(&w);
    assert_eq!((record.ply, record.takebacks), (0, 1));
    assert!(record.takeback_request.is_none());

    // Alice to move again: her move and Bob's reply go back together.
    play(&w, ALICE, "21-17");
    play(&w, BOB, "10-14");
    let request = takeback(&w, &actor(ALICE));
    assert_eq!(
        request.text,
        "alice asks to take back 21-17 10-14. @12, do you agree?"
    );
    click(&w, &actor(BOB), &id_ending(&request, ":undo+"));
    let record = active(&w);
    assert_eq!(record.ply, 0);
    assert_eq!(record.current_fen, Position::initial().to_fen());
    // And the game goes on from there.
    play(&w, ALICE, "23-19");
    assert_eq!(active(&w).current_fen, fen_after(&["23-19"]));
}

#[test]
fn a_member_takeback_declined_withdrawn_or_stale() {
    let w = world();
    start_game(&w);
    w.service
        .set_board_message(active(&w).id, BOARD_500)
        .unwrap();
    play(&w, ALICE, "22-18");

    // Declined: a public line for Alice, the game as it was.
    let request = takeback(&w, &actor(ALICE));
    let declined = click(&w, &actor(BOB), &id_ending(&request, ":undo-"));
    assert!(!declined.ephemeral);
    assert_eq!(declined.text, "bob declined the takeback @11 asked for.");
    assert_eq!(declined.mentions, [ALICE]);
    let record = active(&w);
    assert_eq!(record.ply, 1);
    assert!(record.takeback_request.is_none());
    // Its buttons no longer answer anything.
    let stale = click(&w, &actor(BOB), &id_ending(&request, ":undo+"));
    assert!(stale.ephemeral);
    assert!(
        stale
            .text
            .to_string()
            .starts_with("This takeback request is no longer open"),
        "{}",
        stale.text
    );
    assert_eq!(stale.current_board, Some(BOARD_500));

    // Withdrawn: Alice's /takeback again.
    let request = takeback(&w, &actor(ALICE));
    // Bob cannot ask for his own while hers is open.
    let refused = takeback(&w, &actor(BOB));
    assert!(refused.ephemeral);
    assert!(
        refused
            .text
            .to_string()
            .starts_with("alice asked for a takeback first"),
        "{}",
        refused.text
    );
    let withdrawn = takeback(&w, &actor(ALICE));
    assert!(!withdrawn.ephemeral);
    assert_eq!(withdrawn.text, "alice withdrew their takeback request.");
    assert_eq!(withdrawn.mentions, [BOB]);
    assert!(active(&w).takeback_request.is_none());
    let stale = click(&w, &actor(BOB), &id_ending(&request, ":undo+"));
    assert!(
        stale.ephemeral
            && stale
                .text
                .to_string()
                .starts_with("This takeback request is no longer open")
    );
    assert_eq!(active(&w).ply, 1);

    // Or with the Decline button of her own request.
    let request = takeback(&w, &actor(ALICE));
    let withdrawn = click(&w, &actor(ALICE), &id_ending(&request, ":undo-"));
    assert_eq!(withdrawn.text, "alice withdrew their takeback request.");
    assert!(active(&w).takeback_request.is_none());

    // Stale: the game moved on before the answer.
    let request = takeback(&w, &actor(ALICE));
    play(&w, BOB, "11-15");
    let stale = click(&w, &actor(BOB), &id_ending(&request, ":undo+"));
    assert!(stale.ephemeral);
    assert!(
        stale
            .text
            .to_string()
            .starts_with("This takeback request is no longer open"),
        "{}",
        stale.text
    );
    assert_eq!(stale.current_board, Some(BOARD_500));
    assert_eq!(active(&w).ply, 2, "nothing went back");
    // A new request made now stands, though the old one came at another ply.
    let request = takeback(&w, &actor(BOB));
    assert_eq!(
        request.text,
        "bob asks to take back 11-15. @11, do you agree?"
    );
    let old = format!("g:{}:1:undo+", active(&w).id);
    let stale = click(&w, &actor(ALICE), &old);
    assert!(stale.ephemeral, "{}", stale.text);
    assert_eq!(active(&w).ply, 2);
    click(&w, &actor(ALICE), &id_ending(&request, ":undo+"));
    assert_eq!(active(&w).current_fen, fen_after(&["22-18"]));

    // A finished game takes nothing back.
    act(&w, &actor(BOB), Action::Resign);
    let refused = takeback(&w, &actor(ALICE));
    assert!(refused.ephemeral);
    assert!(
        refused.text.contains("no game") || refused.text.contains("over"),
        "{}",
        refused.text
    );
}

#[test]
fn takebacks_are_comments_in_the_pdn_where_they_happened() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    let request = takeback(&w, &actor(ALICE));
    click(&w, &actor(BOB), &id_ending(&request, ":undo+"));
    play(&w, ALICE, "21-17");
    play(&w, BOB, "10-14");
    play(&w, ALICE, "17-13");
    play(&w, BOB, "9x18");
    let request = takeback(&w, &actor(ALICE));
    click(&w, &actor(BOB), &id_ending(&request, ":undo+"));
    play(&w, ALICE, "23-19");
    act(&w, &actor(BOB), Action::Resign);
    let reply = act(&w, &actor(ALICE), Action::Pdn { game: None });
    let text = String::from_utf8(reply.attachment.expect("a PDN file").bytes).unwrap();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "{alice took back 22-18} 1. 21-17 10-14 {alice took back 17-13 9x18} 2. 23-19 1-0"
        ),
        "{text}"
    );
    let games = pdn::read_games(&text);
    assert_eq!(games.len(), 1);
    let replayed = games[0].replay();
    assert!(replayed.error.is_none(), "{:?}", replayed.error);
    assert_eq!(replayed.moves.len(), 3);
    assert_eq!(games[0].result.as_deref(), Some("1-0"));

    crate::world::assert_pdn_check_passes(&text);
}

#[test]
fn engine_takebacks_in_the_pdn_name_the_engines_reply() {
    let w = world();
    let game = engine_game_in(&w, CHANNEL, true);
    play(&w, ALICE, "22-18");
    let moves = w.service.store().moves(game.id).unwrap();
    let mut position = Position::from_fen(&fen_after(&["22-18"])).unwrap();
    let reply = position.parse_move(&moves[1].move_long).unwrap();
    let written = position.move_text(&reply);
    position.play_unchecked(&reply);
    takeback(&w, &actor(ALICE));
    let text = w.service.pdn_text(game.id).unwrap();
    assert!(
        text.contains(&format!("{{alice took back 22-18 {written}}} *")),
        "{text}"
    );
    assert!(pdn::read_games(&text)[0].replay().error.is_none());
}

#[test]
fn bump_posts_the_same_board_again() {
    let w = world();
    let board = start_game(&w);
    let bump = id_ending(&board, ":bump");
    assert!(
        !has_button(&board, ":undo"),
        "nothing to take back at the start"
    );
    play(&w, ALICE, "22-18");
    let board = act(&w, &actor(BOB), Action::Board { flip: false });
    assert!(has_button(&board, ":undo"), "{:?}", ids(&board));
    w.clock.advance(BOARD_COOLDOWN);
    // The Bump button of an older board still posts the current one.
    let bumped = click(&w, &actor(BOB), &bump);
    assert!(!bumped.ephemeral, "{}", bumped.text);
    assert_eq!(bumped.game, Some(active(&w).id));
    assert!(bumped.mentions.is_empty(), "a bump pings nobody");
    assert_eq!(bumped.text, board.text);
    assert_eq!(
        bumped.board.as_ref().unwrap().position,
        board.board.as_ref().unwrap().position
    );
    assert_eq!(ids(&bumped), ids(&board));
    // Like /board, with its cooldown.
    let again = click(&w, &actor(BOB), &id_ending(&bumped, ":bump"));
    assert!(again.ephemeral);
    assert!(
        again.text.to_string().starts_with("Not so fast"),
        "{}",
        again.text
    );
    // Every row of the board fits Discord's limits.
    assert!(bumped.components.len() <= 5);
    assert!(bumped.components.iter().all(|row| row.len() <= 5));
}

#[test]
fn games_lists_ones_own_and_moderators_list_all() {
    let w = world();
    let none = act(&w, &actor(ALICE), Action::Games { all: false });
    assert!(none.ephemeral);
    assert_eq!(
        none.text,
        "You have no game running in this server. Challenge someone with `/challenge` or play me with `/play`."
    );
    start_game(&w);
    let with_bob = active(&w);
    w.service.set_board_message(with_bob.id, BOARD_500).unwrap();
    w.clock.advance(Duration::from_secs(60));
    let engine = engine_game_in(&w, OTHER_CHANNEL, true);

    let deadline = |game: &Game| {
        format!(
            "[t:{}]",
            w.service.store().game(game.id).unwrap().unwrap().deadline() / 1000
        )
    };
    let list = act(&w, &actor(ALICE), Action::Games { all: false });
    assert!(list.ephemeral && list.mentions.is_empty());
    assert_eq!(
        list.text,
        format!(
            "**Your 2 games**\n\
             **#{}** vs Dama (level 1, beginner) · your move, due {} · [game #{}]\n\
             **#{}** vs bob · your move, due {} · [game #{}]",
            engine.id,
            deadline(&engine),
            engine.id,
            with_bob.id,
            deadline(&with_bob),
            with_bob.id,
        )
    );
    // The latest activity first.
    w.clock.advance(Duration::from_secs(60));
    play(&w, ALICE, "22-18");
    let list = act(&w, &actor(BOB), Action::Games { all: false });
    assert_eq!(
        list.text,
        format!(
            "**Your game**\n**#{}** vs alice · your move, due {} · [game #{}]",
            with_bob.id,
            deadline(&with_bob),
            with_bob.id,
        )
    );
    let list = act(&w, &actor(ALICE), Action::Games { all: false });
    let text = list.text.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].contains("vs bob · bob to move, due [t:"),
        "{}",
        list.text
    );
    assert!(lines[2].contains("vs Dama"), "{}", list.text);

    // Everyone's, for moderators only.
    let refused = act(&w, &actor(CAROL), Action::Games { all: true });
    assert!(refused.ephemeral);
    assert!(
        refused.text.to_string().starts_with("Only moderators"),
        "{}",
        refused.text
    );
    let carol = act(&w, &actor(CAROL), Action::Games { all: false });
    assert!(
        carol.text.to_string().starts_with("You have no game"),
        "{}",
        carol.text
    );
    let all = act(&w, &moderator(CAROL), Action::Games { all: true });
    assert!(all.ephemeral);
    let text = all.text.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "**2 games in this server**");
    assert!(
        lines[1].starts_with(&format!(
            "**#{}** alice – bob · bob to move, due [t:",
            with_bob.id
        )),
        "{}",
        all.text
    );
    assert!(
        lines[2].starts_with(&format!(
            "**#{}** alice – Dama (level 1, beginner) · alice to move, due [t:",
            engine.id
        )),
        "{}",
        all.text
    );
}

#[test]
fn games_fit_one_message() {
    let w = world();
    for channel in 0..60 {
        engine_game_in(&w, 1000 + channel, true);
        w.clock.advance(Duration::from_secs(1));
    }
    let list = act(&w, &actor(ALICE), Action::Games { all: false });
    assert!(list.text.room() <= 2000, "{}", list.text.room());
    let text = list.text.to_string();
    assert!(text.starts_with("**Your 60 games**"), "{text}");
    let shown = text.lines().filter(|l| l.starts_with("**#")).count();
    let final_line = text.lines().last().unwrap();
    assert_eq!(final_line, format!("… and {} more.", 60 - shown));
    assert!(shown > 10, "{shown}");
    // The latest first: the last game stored heads the list.
    assert!(
        text.lines().nth(1).unwrap().starts_with("**#60**"),
        "{}",
        list.text
    );
}

#[test]
fn takebacks_and_games_read_in_italian_and_spanish() {
    for (language, done, left, request, list, turn) in [
        (
            Language::It,
            "alice ritira 22-18 ",
            "In questa partita restano 2 ritiri.",
            "alice chiede di ritirare 22-18. @12, sei d'accordo?",
            "**Le tue 2 partite**",
            "tocca a te, scade [t:",
        ),
        (
            Language::Es,
            "alice deshace 22-18 ",
            "Se puede deshacer 2 veces más en esta partida.",
            "alice pide deshacer 22-18. @12, ¿estás de acuerdo?",
            "**Tus 2 partidas**",
            "te toca, vence [t:",
        ),
    ] {
        let w = world();
        engine_game_in(&w, OTHER_CHANNEL, true);
        let alice = speaking(ALICE, language).channel(OTHER_CHANNEL);
        let refused = act(&w, &alice, Action::Takeback);
        assert!(
            refused.text
                == match language {
                    Language::It => "Non hai ancora nessuna mossa da ritirare.",
                    _ => "Todavía no tienes ninguna jugada que deshacer.",
                },
            "{}",
            refused.text
        );
        let board = act(
            &w,
            &alice,
            Action::Move {
                text: "22-18".into(),
            },
        );
        let reply = click(&w, &alice, &id_ending(&board, ":undo"));
        assert!(reply.text.to_string().starts_with(done), "{}", reply.text);
        assert!(reply.text.contains(left), "{}", reply.text);
        let labels: Vec<String> = reply
            .components
            .iter()
            .flatten()
            .filter_map(|c| match c {
                Component::Button { label, .. } => Some(label.clone()),
                Component::Select { .. } => None,
            })
            .collect();
        assert!(
            labels.contains(&match language {
                Language::It => "Ripubblica".to_owned(),
                _ => "Volver a publicar".to_owned(),
            }),
            "{labels:?}"
        );

        start_game(&w);
        let alice = speaking(ALICE, language);
        play(&w, ALICE, "22-18");
        let asked = act(&w, &alice, Action::Takeback);
        assert_eq!(asked.text, request);
        let games = act(&w, &alice, Action::Games { all: false });
        assert!(games.text.to_string().starts_with(list), "{}", games.text);
        assert!(games.text.contains(turn), "{}", games.text);
        let declined = click(&w, &speaking(BOB, language), &id_ending(&asked, ":undo-"));
        assert!(
            declined.text
                == match language {
                    Language::It => "bob rifiuta il ritiro chiesto da @11.",
                    _ => "bob no acepta deshacer lo que pidió @11.",
                },
            "{}",
            declined.text
        );
    }
}

#[test]
fn a_board_of_a_finished_game_has_no_takeback_or_bump() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    let over = act(&w, &actor(BOB), Action::Resign);
    assert_eq!(active_or_none(&w), None);
    assert!(!has_button(&over, ":undo") && !has_button(&over, ":bump"));
    let game = w
        .service
        .store()
        .recent_games_in_channel(CHANNEL, 1)
        .unwrap();
    assert_eq!(game[0].status, GameStatus::Finished);
}

fn active_or_none(w: &World) -> Option<u32> {
    w.service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .map(|g| g.ply)
}

#[test]
fn old_buttons_answer_only_the_offer_or_request_they_were_posted_with() {
    let w = world();
    start_game(&w);
    w.service
        .set_board_message(active(&w).id, BOARD_500)
        .unwrap();
    play(&w, ALICE, "22-18");

    // Alice offers a draw and withdraws it; Bob offers one of his own.
    let first = act(&w, &actor(ALICE), Action::OfferDraw);
    let old_accept = id_ending(&first, ":draw+");
    assert!(old_accept.ends_with(":1:draw+"), "{old_accept}");
    act(&w, &actor(ALICE), Action::AnswerDraw { accept: false });
    let second = act(&w, &actor(BOB), Action::OfferDraw);
    assert!(id_ending(&second, ":draw+").ends_with(":2:draw+"));
    // The old board's Accept answered Alice's own offer: it does not accept Bob's.
    let stale = click(&w, &actor(ALICE), &old_accept);
    assert!(stale.ephemeral);
    assert!(
        stale
            .text
            .to_string()
            .starts_with("This draw offer is no longer open"),
        "{}",
        stale.text
    );
    assert_eq!(stale.current_board, Some(BOARD_500));
    let record = active(&w);
    assert_eq!(record.draw_offer.map(|offer| offer.number), Some(2));
    // A button posted before offers were numbered answers the offer standing, as it did.
    let unnumbered = format!("g:{}:{}:draw-", record.id, record.ply);
    let declined = click(&w, &actor(ALICE), &unnumbered);
    assert!(!declined.ephemeral, "{}", declined.text);
    assert!(active(&w).draw_offer.is_none());

    // Alice asks for a takeback, withdraws it, and asks again at the same ply.
    let first = takeback(&w, &actor(ALICE));
    let old_accept = id_ending(&first, ":undo+");
    takeback(&w, &actor(ALICE));
    let second = takeback(&w, &actor(ALICE));
    let new_accept = id_ending(&second, ":undo+");
    assert_ne!(old_accept, new_accept);
    let stale = click(&w, &actor(BOB), &old_accept);
    assert!(
        stale.ephemeral
            && stale
                .text
                .to_string()
                .starts_with("This takeback request is no longer open"),
        "{}",
        stale.text
    );
    assert_eq!(active(&w).ply, 1, "nothing went back");
    // In Italian too.
    let italian = click(&w, &speaking(BOB, Language::It), &old_accept);
    assert!(
        italian.text.to_string().starts_with("Questa richiesta"),
        "{}",
        italian.text
    );
    click(&w, &actor(BOB), &new_accept);
    assert_eq!(active(&w).ply, 0, "the request standing was answered");
}

#[test]
fn one_control_on_the_game_as_it_is_asks_accepts_or_withdraws() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    let game = Origin::Game(active(&w).id);
    let control = |user| {
        let reply = w
            .service
            .act(&actor(user), game, Action::TakebackOrAccept)
            .unwrap();
        assert_filled(&reply);
        reply
    };
    // Asked, then withdrawn, by the same control.
    let asked = control(ALICE);
    assert_eq!(
        asked.text,
        "alice asks to take back 22-18. @12, do you agree?"
    );
    assert_eq!(
        control(ALICE).text,
        "alice withdrew their takeback request."
    );
    // The opponent's use of it accepts the request that stands.
    control(ALICE);
    let refused = control(CAROL);
    assert!(refused.ephemeral, "{}", refused.text);
    let accepted = control(BOB);
    assert!(!accepted.ephemeral, "{}", accepted.text);
    let record = active(&w);
    assert_eq!((record.ply, record.takeback_request), (0, None));
    // The game as it is now: no board's ply to be out of date.
    play(&w, ALICE, "22-18");
    play(&w, BOB, "11-15");
    let asked = control(BOB);
    assert!(!asked.ephemeral, "{}", asked.text);
    let missing = w
        .service
        .act(
            &actor(ALICE),
            Origin::Game(dama_core::store::GameId(record.id.0 + 100)),
            Action::TakebackOrAccept,
        )
        .unwrap();
    assert_eq!(missing.text, "That game does not exist.");
}
