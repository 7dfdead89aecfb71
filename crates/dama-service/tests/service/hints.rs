//! `/hint` through the service: a private hint with its board in a game against the engine,
//! counted once per position, up to the limit; refused between people, out of turn, in a
//! finished game and when hints are off; recorded in the game's PDN, in every language.

use dama_core::store::ColourChoice;
use dama_core::store::Member;
use std::time::Duration;

use dama_coach::hint::HINT_NODES;
use dama_core::i18n::Language;
use dama_core::store::{GameStatus, NewGame, Participant, Store};
use dama_engine::{Engine, Limits};
use dama_rules::{Color, Game, Position, pdn};
use dama_service::ServiceSettings;
use dama_service::{Action, Actor, CHALLENGE_COOLDOWN, Origin, Reply};

use crate::world::{World, id_ending, settings, world_prepared, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;

fn world() -> World {
    world_with(ServiceSettings {
        think_time: Duration::from_millis(20),
        ..settings()
    })
}

fn actor(user: u64) -> Actor {
    crate::world::member(
        user,
        if user == ALICE { "alice" } else { "bob" },
        GUILD,
        CHANNEL,
    )
}

fn speaking(user: u64, language: Language) -> Actor {
    crate::world::speaking(actor(user), language)
}

fn act(w: &World, who: &Actor, action: Action) -> Reply {
    let reply = w.service.act(who, Origin::Channel, action).unwrap();
    assert!(
        !reply.text.contains("{$") && !reply.text.contains("hint-"),
        "{}",
        reply.text
    );
    reply
}

fn hint(w: &World, who: &Actor) -> Reply {
    act(w, who, Action::Hint)
}

/// A game of Alice against the engine at level 1, stored directly; Alice is White when
/// `alice_white`.
fn engine_game(w: &World, alice_white: bool) -> dama_core::store::Game {
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
            channel: CHANNEL,
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

/// The move a hint names (`Hint: play **22-18**.`).
fn hinted(reply: &Reply) -> String {
    let text = reply.text.to_string();
    let start = text.find("**").expect("a move in bold") + 2;
    let end = start + text[start..].find("**").unwrap();
    text[start..end].to_owned()
}

/// The position of the channel's active game.
fn position(w: &World) -> Position {
    let game = w
        .service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .expect("an active game");
    Position::from_fen(&game.current_fen).unwrap()
}

#[test]
fn a_hint_is_the_engines_move_with_its_board_after_it() {
    let w = world();
    let game = engine_game(&w, true);
    let reply = hint(&w, &actor(ALICE));
    assert!(reply.ephemeral, "a hint is private: {}", reply.text);
    assert!(
        reply.text.to_string().starts_with("Hint: play **"),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains("2 hints left in this game."),
        "{}",
        reply.text
    );
    // The engine's choice at the hint's budget, on an engine like the pool's.
    let expected = Engine::new(settings().hash_mb)
        .search(&Game::default(), &Limits::nodes(HINT_NODES))
        .best
        .unwrap();
    let start = Position::initial();
    assert_eq!(hinted(&reply), start.move_text(&expected));
    let board = reply.board.as_ref().expect("the board after the move");
    assert_eq!(board.position, start.play(&expected).unwrap());
    assert_eq!(board.last_move, Some(expected));
    assert_eq!(board.bottom, Color::White);
    // Nothing was played, and the hint is stored.
    assert_eq!(position(&w), start);
    let hints = w.service.store().hints(game.id).unwrap();
    assert_eq!(hints.len(), 1);
    assert_eq!(hints[0].move_long, expected.long());
    assert_eq!(hints[0].ply, 0);

    // Playing Black, the board is seen from Black's side.
    let w = world();
    engine_game(&w, false);
    let waiting = hint(&w, &actor(ALICE));
    assert!(waiting.ephemeral);
    assert_eq!(
        waiting.text,
        "Wait for Dama (level 1, beginner)'s move: hints are for your turn.",
    );
}

#[test]
fn asked_twice_in_one_position_a_hint_counts_once() {
    let w = world();
    let game = engine_game(&w, true);
    let first = hint(&w, &actor(ALICE));
    let again = hint(&w, &actor(ALICE));
    assert_eq!(hinted(&first), hinted(&again));
    assert!(
        again
            .text
            .contains("The same hint as before: it is not counted again. 2 hints left"),
        "{}",
        again.text
    );
    assert_eq!(w.service.store().hints(game.id).unwrap().len(), 1);
}

#[test]
fn after_the_limit_hints_are_refused() {
    let w = world();
    let game = engine_game(&w, true);
    let left = [
        "2 hints left in this game.",
        "One hint left in this game.",
        "No hints left in this game.",
    ];
    for expected in left {
        let reply = hint(&w, &actor(ALICE));
        assert!(reply.text.contains(expected), "{}", reply.text);
        // Alice follows the advice; the engine answers.
        let played = act(
            &w,
            &actor(ALICE),
            Action::Move {
                text: hinted(&reply),
            },
        );
        assert!(!played.ephemeral, "{}", played.text);
    }
    let refused = hint(&w, &actor(ALICE));
    assert!(refused.ephemeral);
    assert_eq!(refused.text, "You have used all 3 hints of this game.");
    assert!(refused.board.is_none());
    assert_eq!(w.service.store().hints(game.id).unwrap().len(), 3);
    let plies: Vec<u32> = w
        .service
        .store()
        .hints(game.id)
        .unwrap()
        .iter()
        .map(|h| h.ply)
        .collect();
    assert_eq!(plies, [0, 2, 4]);
}

#[test]
fn hints_are_refused_between_people_out_of_turn_and_to_others() {
    let w = world();
    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = act(
        &w,
        &actor(ALICE),
        Action::Challenge {
            opponent: Some(Member {
                user: BOB,
                name: "bob".into(),
                is_bot: false,
            }),
            colour: ColourChoice::White,
            time_per_move: None,
            clock: None,
        },
    );
    let board = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(!board.ephemeral, "{}", board.text);
    for who in [ALICE, BOB] {
        let refused = hint(&w, &actor(who));
        assert!(refused.ephemeral);
        assert_eq!(
            refused.text,
            "Hints are for games against the engine: in a game between people, each player \
             thinks for themselves."
        );
    }

    let w = world();
    engine_game(&w, true);
    let stranger = hint(&w, &actor(BOB));
    assert!(stranger.ephemeral);
    assert_eq!(stranger.text, "You are not playing in this game.");
}

#[test]
fn no_hint_in_a_finished_game_nor_without_a_game() {
    let w = world();
    let none = hint(&w, &actor(ALICE));
    assert!(none.ephemeral && none.board.is_none(), "{}", none.text);
    assert!(
        none.text
            .to_string()
            .starts_with("There is no game in this channel."),
        "{}",
        none.text
    );

    let game = engine_game(&w, true);
    act(&w, &actor(ALICE), Action::Resign);
    let record = w.service.store().game(game.id).unwrap().unwrap();
    assert_eq!(record.status, GameStatus::Finished);
    let from_board = w
        .service
        .act(
            &actor(ALICE),
            Origin::Board {
                game: game.id,
                ply: record.ply,
                answers: None,
            },
            Action::Hint,
        )
        .unwrap();
    assert!(from_board.ephemeral && from_board.board.is_none());
    assert!(from_board.text.contains("is over"), "{}", from_board.text);
    assert!(w.service.store().hints(game.id).unwrap().is_empty());
}

#[test]
fn hints_turned_off() {
    let w = world_with(ServiceSettings {
        engine_hints: 0,
        ..settings()
    });
    let game = engine_game(&w, true);
    let refused = hint(&w, &actor(ALICE));
    assert!(refused.ephemeral && refused.board.is_none());
    assert_eq!(refused.text, "Hints are turned off on this bot.");
    assert!(w.service.store().hints(game.id).unwrap().is_empty());
}

#[test]
fn the_pdn_records_the_hints() {
    let w = world();
    let game = engine_game(&w, true);
    let first = hint(&w, &actor(ALICE));
    let first_move = hinted(&first);
    act(
        &w,
        &actor(ALICE),
        Action::Move {
            text: first_move.clone(),
        },
    );
    let second = hint(&w, &actor(ALICE));
    let second_move = hinted(&second);
    let text = w.service.pdn_text(game.id).unwrap();
    assert!(
        text.contains(&format!("{{alice asked for a hint: {first_move}}}")),
        "{text}"
    );
    assert!(
        text.contains("{alice asked for 2 hints in this game}"),
        "{text}"
    );
    // The first comment comes before the first move, the second before Alice's second move.
    let first_at = text.find("asked for a hint").unwrap();
    let moves_at = text.find("1. ").unwrap();
    assert!(first_at < moves_at, "{text}");
    assert!(
        text.contains(&format!("{{alice asked for a hint: {second_move}}}")),
        "{text}"
    );
    // It reads back: the moves are the game's.
    let games = pdn::read_games(&text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 2, "{text}");
    crate::world::assert_pdn_check_passes(&text);
}

#[test]
fn a_hint_then_a_takeback_are_told_in_that_order() {
    let w = world();
    let game = engine_game(&w, true);
    act(
        &w,
        &actor(ALICE),
        Action::Move {
            text: "22-18".into(),
        },
    );
    let asked = hint(&w, &actor(ALICE));
    w.clock.advance(Duration::from_secs(5));
    act(
        &w,
        &actor(ALICE),
        Action::Move {
            text: hinted(&asked),
        },
    );
    w.clock.advance(Duration::from_secs(5));
    let undone = act(&w, &actor(ALICE), Action::Takeback);
    assert!(!undone.ephemeral, "{}", undone.text);
    let text = w.service.pdn_text(game.id).unwrap();
    let hint_at = text.find("{alice asked for a hint:").expect("the hint");
    let takeback_at = text.find("{alice took back").expect("the takeback");
    assert!(hint_at < takeback_at, "{text}");
    assert!(
        text.contains("{alice asked for one hint in this game}"),
        "{text}"
    );
    assert_eq!(pdn::read_games(&text)[0].moves.len(), 2, "{text}");
}

#[test]
fn each_language_has_its_words() {
    for (language, headline, refusal, pdn_comment) in [
        (
            Language::It,
            "Suggerimento: gioca **",
            "I suggerimenti sono per le partite contro il motore",
            "ha chiesto un suggerimento:",
        ),
        (
            Language::Es,
            "Pista: juega **",
            "Las pistas son para las partidas contra el motor",
            "pidió una pista:",
        ),
        (
            Language::En,
            "Hint: play **",
            "Hints are for games against the engine",
            "asked for a hint:",
        ),
    ] {
        // The PDN speaks the server's language.
        let w = world_prepared(
            ServiceSettings {
                think_time: Duration::from_millis(20),
                ..settings()
            },
            |store| {
                store.set_server_language(GUILD, Some(language)).unwrap();
            },
        );
        let game = engine_game(&w, true);
        let alice = speaking(ALICE, language);
        let reply = hint(&w, &alice);
        assert!(
            reply.text.to_string().starts_with(headline),
            "{}",
            reply.text
        );
        let caption = reply.board.as_ref().unwrap().caption.clone().unwrap();
        assert!(
            caption.starts_with(headline.trim_end_matches(" **").split(':').next().unwrap()),
            "{caption}"
        );
        let text = w.service.pdn_text(game.id).unwrap();
        assert!(text.contains(pdn_comment), "{language:?}: {text}");

        // And a refusal in the asker's language.
        let w = world();
        w.clock.advance(CHALLENGE_COOLDOWN);
        let challenge = act(
            &w,
            &alice,
            Action::Challenge {
                opponent: Some(Member {
                    user: BOB,
                    name: "bob".into(),
                    is_bot: false,
                }),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        );
        w.service
            .component(
                &speaking(BOB, language),
                &id_ending(&challenge, ":accept"),
                &[],
            )
            .unwrap();
        let refused = hint(&w, &alice);
        assert!(
            refused.text.to_string().starts_with(refusal),
            "{}",
            refused.text
        );
    }
}
