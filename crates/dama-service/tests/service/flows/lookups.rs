//! Look-ups and replays in the server's language.

use super::*;

/// What the look-ups say in one language after a won game and a lost one against the engine.
struct LookupPhrases {
    language: Language,
    engine_game: &'static str,
    stats: [&'static str; 5],
    history: [&'static str; 4],
    leaderboard: [&'static str; 3],
    no_game: &'static str,
    pdn: &'static str,
}

fn lookup_phrases() -> [LookupPhrases; 3] {
    [
        LookupPhrases {
            language: Language::It,
            engine_game: "alice gioca con il Bianco contro Dama (livello 1, principiante).",
            stats: [
                "**alice** · punteggio ",
                "\nContro i membri: 1 vinta, 0 perse, 0 patte\n",
                "\nSerie in corso: 1 sconfitta\n",
                "\nContro il motore:\n",
                "\n  Dama (livello 1, principiante): 0 vinte, 1 persa, 0 patte",
            ],
            history: [
                "**Ultime partite in questo canale**\n",
                "`#2` alice contro Dama (livello 1, principiante) · vittoria del Nero per abbandono · 0 mosse\n",
                "`#1` alice contro bob · vittoria del Bianco per abbandono · 1 mossa\n",
                "Per rivederne una usa `/pdn` o `/rivedi` con il numero della partita.",
            ],
            leaderboard: [
                "**Classifica** · pagina 1 di 1\n",
                "`  1.` **alice** ",
                " · 1V 0S 0P\n",
            ],
            no_game: "In questo server non c'è nessuna partita #99. `/storico` elenca le ultime partite.",
            pdn: "La partita #2 in PDN:",
        },
        LookupPhrases {
            language: Language::En,
            engine_game: "alice plays white against Dama (level 1, beginner).",
            stats: [
                "**alice** · rating ",
                "\nAgainst members: 1 won, 0 lost, 0 drawn\n",
                "\nCurrent streak: 1 lost in a row\n",
                "\nAgainst the engine:\n",
                "\n  Dama (level 1, beginner): 0 won, 1 lost, 0 drawn",
            ],
            history: [
                "**Recent games in this channel**\n",
                "`#2` alice vs Dama (level 1, beginner) · Black won by resignation · 0 moves\n",
                "`#1` alice vs bob · White won by resignation · 1 move\n",
                "Use `/pdn` or `/replay` with a game's number to see one.",
            ],
            leaderboard: [
                "**Leaderboard** · page 1 of 1\n",
                "`  1.` **alice** ",
                " · 1W 0L 0D\n",
            ],
            no_game: "There is no game #99 in this server. `/history` lists recent games.",
            pdn: "Game #2 as PDN:",
        },
        LookupPhrases {
            language: Language::Es,
            engine_game: "alice juega con blancas contra Dama (nivel 1, principiante).",
            stats: [
                "**alice** · puntuación ",
                "\nContra miembros: 1 ganada, 0 perdidas, 0 en tablas\n",
                "\nRacha actual: 1 derrota\n",
                "\nContra el motor:\n",
                "\n  Dama (nivel 1, principiante): 0 ganadas, 1 perdida, 0 en tablas",
            ],
            history: [
                "**Últimas partidas en este canal**\n",
                "`#2` alice contra Dama (nivel 1, principiante) · ganan las negras por abandono · 0 jugadas\n",
                "`#1` alice contra bob · ganan las blancas por abandono · 1 jugada\n",
                "Para ver una, usa `/pdn` o `/reproducir` con el número de la partida.",
            ],
            leaderboard: [
                "**Clasificación** · página 1 de 1\n",
                "`  1.` **alice** ",
                " · 1V 0D 0T\n",
            ],
            no_game: "No hay ninguna partida #99 en este servidor. `/historial` muestra las últimas partidas.",
            pdn: "La partida #2 en PDN:",
        },
    ]
}

#[test]
fn look_ups_read_in_the_language_of_the_server() {
    for phrases in lookup_phrases() {
        let w = world();
        let language = phrases.language;
        let (alice, bob, carol) = (
            speaking(ALICE, language),
            speaking(BOB, language),
            speaking(CAROL, language),
        );
        let act = |who: &Actor, action: Action| {
            let reply = w.service.act(who, Origin::Channel, action).unwrap();
            assert_finished_text(&reply);
            reply
        };
        let challenge = challenge_as(&w, &alice, BOB, None);
        w.service
            .component(&bob, &id_ending(&challenge, ":accept"), &[])
            .unwrap();
        act(
            &alice,
            Action::Move {
                text: "22-18".into(),
            },
        );
        act(&bob, Action::Resign);
        let engine = act(
            &alice,
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::White,
                clock: None,
            },
        );
        assert!(
            engine.text.to_string().starts_with(phrases.engine_game),
            "{language:?}: {}",
            engine.text
        );
        act(&alice, Action::Resign);

        let stats = act(
            &carol,
            Action::Stats {
                member: Some(member(ALICE)),
            },
        );
        let history = act(&carol, Action::History { member: None });
        let leaderboard = act(&carol, Action::Leaderboard { page: 0 });
        for (reply, wanted) in [
            (&stats, &phrases.stats[..]),
            (&history, &phrases.history[..]),
            (&leaderboard, &phrases.leaderboard[..]),
        ] {
            assert!(!reply.ephemeral);
            for phrase in wanted {
                assert!(reply.text.contains(phrase), "{language:?}: {}", reply.text);
            }
        }
        let refused = act(&carol, Action::Pdn { game: Some(99) });
        assert!(
            refused.ephemeral && refused.text == phrases.no_game,
            "{}",
            refused.text
        );
        let pdn = act(&carol, Action::Pdn { game: None });
        assert_eq!(pdn.text, phrases.pdn);
    }
}

#[test]
fn replay_frames_are_captioned_in_the_servers_language() {
    let w = world();
    let alice = speaking(ALICE, Language::It);
    let bob = speaking(BOB, Language::It);
    let challenge = challenge_as(&w, &alice, BOB, None);
    w.service
        .component(&bob, &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    for (who, text) in [(&alice, "22-18"), (&bob, "10-14"), (&alice, "23-19")] {
        w.service
            .act(
                who,
                Origin::Channel,
                Action::Move {
                    text: text.to_owned(),
                },
            )
            .unwrap();
    }
    let replay_for = |actor: &Actor| {
        let reply = w
            .service
            .act(actor, Origin::Channel, Action::Replay { game: None })
            .unwrap();
        assert_finished_text(&reply);
        reply
    };
    let reply = replay_for(&alice);
    assert_eq!(
        reply.text,
        "Replay della partita #1: `#1` alice contro bob · in corso · 2 mosse"
    );
    let view = reply.replay.expect("a replay");
    assert_eq!(view.captions.len(), view.moves.len() + 1);
    assert_eq!(
        view.captions,
        [
            "alice – bob · inizio",
            "alice – bob · 1. 22-18",
            "alice – bob · 1... 10-14",
            "alice – bob · 2. 23-19",
        ]
    );
    let spanish = replay_for(&speaking(CAROL, Language::Es));
    let view = spanish.replay.unwrap();
    assert_eq!(view.captions[0], "alice – bob · inicio");
    assert!(
        spanish
            .text
            .to_string()
            .starts_with("Repetición de la partida #1: ")
    );
    let english = replay_for(&speaking(CAROL, Language::En)).replay.unwrap();
    assert_eq!(english.captions[0], "alice – bob · start");
    assert_eq!(english.captions[3], "alice – bob · 2. 23-19");
}

#[test]
fn replay_captions_shorten_long_names_to_fit() {
    let w = world();
    let long = |user: u64, name: &str| speaking(user, Language::Es).name(name.to_owned());
    let alice = long(ALICE, "Niccolò Bartolomeo di Montefeltro della Rovere");
    let bob = long(BOB, "bob");
    let challenge = w
        .service
        .act(
            &alice,
            Origin::Channel,
            Action::Challenge {
                opponent: Some(Member {
                    name: bob.name.clone(),
                    ..member(BOB)
                }),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    w.service
        .component(&bob, &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    w.service
        .act(
            &alice,
            Origin::Channel,
            Action::Move {
                text: "22-18".into(),
            },
        )
        .unwrap();
    let view = w
        .service
        .act(&bob, Origin::Channel, Action::Replay { game: None })
        .unwrap()
        .replay
        .unwrap();
    assert_eq!(view.captions.len(), 2);
    for caption in &view.captions {
        assert!(caption.chars().count() < 60, "{caption}");
        assert!(caption.starts_with("Niccolò Bartolomeo"), "{caption}");
        assert!(
            caption.contains("… – bob · "),
            "the short name stays whole: {caption}"
        );
    }
    assert!(view.captions[0].ends_with(" · inicio"));
    assert!(view.captions[1].ends_with(" · 1. 22-18"));
}
