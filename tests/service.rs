//! Every flow of the game service, end to end on a real SQLite store, with a clock the tests
//! move by hand.

use std::sync::Arc;
use std::time::Duration;

use dama_rules::{Position, pdn};
use damabot::config::RenderConfig;
use damabot::game::{
    Action, Actor, BOARD_COOLDOWN, CHALLENGE_COOLDOWN, ColourChoice, Component,
    DRAW_OFFER_COOLDOWN, GameService, HINT_MAX_CHARS, ManualClock, Member, Origin, Reply,
    ServiceSettings, SettingsChange, Suggestions,
};
use damabot::i18n::Language;
use damabot::render::Renderer;
use damabot::store::{
    EndReason, GameResult, GameStatus, MessageRef, NewGame, Participant, SqliteStore, Store,
};

mod service_world;

use service_world::{World, id_ending, ids, settings, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

fn world() -> World {
    world_with(settings())
}

fn actor(user: u64) -> Actor {
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
        language: Language::En,
        guild_language: None,
        can_open_threads: false,
    }
}

fn member(user: u64) -> Member {
    let a = actor(user);
    Member {
        user: a.user,
        name: a.name,
        is_bot: false,
    }
}

/// Alice (White) and Bob (Black) start a game; returns the board reply.
fn start_game(w: &World) -> Reply {
    // Past the cooldown of any challenge before.
    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    assert!(!challenge.ephemeral, "{}", challenge.text);
    w.service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap()
}

fn play(w: &World, user: u64, text: &str) -> Reply {
    let reply = w
        .service
        .act(
            &actor(user),
            Origin::Channel,
            Action::Move {
                text: text.to_owned(),
            },
        )
        .unwrap();
    assert!(!reply.ephemeral, "{text}: {}", reply.text);
    reply
}

/// The moves the autocomplete offers (none when it answers with a hint).
fn moves(w: &World, user: u64, typed: &str) -> Vec<String> {
    match w.service.suggestions(&actor(user), typed).unwrap() {
        Suggestions::Moves(moves) => moves,
        Suggestions::Hint(_) => Vec::new(),
    }
}

/// Plays the first legal move the autocomplete offers.
fn play_any(w: &World, user: u64) -> Reply {
    let suggestions = moves(w, user, "");
    play(w, user, &suggestions[0])
}

fn active(w: &World) -> damabot::store::Game {
    w.service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .expect("an active game")
}

fn last_game(w: &World) -> damabot::store::Game {
    w.service
        .store()
        .recent_games_in_channel(CHANNEL, 1)
        .unwrap()
        .remove(0)
}

#[test]
fn a_full_game_between_two_players() {
    let w = world();
    let board = start_game(&w);
    assert!(board.board.is_some());
    assert!(board.mentions.contains(&ALICE), "White is told to move");
    // The first game of the 2005 championship, then Black resigns.
    let games = pdn::read_games(include_str!("data/campionato-assoluto-2005.pdn"));
    let moves = games[0].replay().moves;
    let mut position = Position::initial();
    for (i, m) in moves.iter().enumerate() {
        let user = if i % 2 == 0 { ALICE } else { BOB };
        let text = position.move_text(m);
        let reply = play(&w, user, &text);
        position.play_unchecked(m);
        assert_eq!(reply.board.as_ref().unwrap().position, position);
    }
    assert_eq!(active(&w).ply as usize, moves.len());
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Resign)
        .unwrap();
    assert!(reply.text.contains("resigns"), "{}", reply.text);
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    assert_eq!(game.end_reason, Some(EndReason::Resign));
    assert!(ids(&reply).iter().any(|id| id.ends_with(":rematch")));
}

#[test]
fn a_game_against_the_engine_to_the_end() {
    let w = world();
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::White,
            },
        )
        .unwrap();
    assert!(reply.board.is_some(), "{}", reply.text);
    let mut engine = dama_engine::Engine::new(1);
    for _ in 0..400 {
        let game = active_game_rules(&w);
        let Some(game) = game else { break };
        // Alice plays well (level 6) against level 1.
        let m = dama_engine::choose_move(
            &mut engine,
            &game,
            dama_engine::Level::new(6).unwrap(),
            Duration::from_millis(20),
            1,
        )
        .expect("a move");
        let reply = play(&w, ALICE, &m.long());
        assert!(
            reply.text.contains("replied")
                || reply.text.contains("wins")
                || reply.text.contains("Draw"),
            "{}",
            reply.text
        );
    }
    let game = last_game(&w);
    assert_eq!(
        game.status,
        GameStatus::Finished,
        "the game ended by the rules"
    );
    assert_eq!(game.black, Participant::Engine(1));
    let stats = w
        .service
        .store()
        .player_stats(GUILD, ALICE)
        .unwrap()
        .unwrap();
    assert_eq!(stats.engine_records.len(), 1);
    assert!(
        (stats.player.rating.rating - 1500.0).abs() < f64::EPSILON,
        "games against the engine are unrated"
    );
}

/// The rules state of the channel's active game, rebuilt from the store.
fn active_game_rules(w: &World) -> Option<dama_rules::Game> {
    let record = w.service.store().active_game_in_channel(CHANNEL).unwrap()?;
    let mut game = dama_rules::Game::new(Position::from_fen(&record.start_fen).unwrap());
    for m in w.service.store().moves(record.id).unwrap() {
        game.play_text(&m.move_long).unwrap();
    }
    Some(game)
}

/// A game between Alice (White) and Bob from a given position, stored directly.
fn game_from(w: &World, fen: &str) -> damabot::store::Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms: 3_600_000,
            rated: true,
            start_fen: fen.into(),
            created_at: now,
            in_thread: false,
        })
        .unwrap()
}

#[test]
fn promotion_ends_a_capture() {
    let w = world();
    // The man on 19 takes 14 and 6 and lands on 3, the far row: it is crowned and the move
    // ends there, although a king on 3 could go on to take 7.
    game_from(&w, "W:W19:B6,7,14");
    let reply = play(&w, ALICE, "19x3");
    let board = reply.board.unwrap();
    let last = board.last_move.unwrap();
    assert!(last.promotes());
    assert_eq!(last.long(), "19x10x3");
    assert_eq!(board.position.to_fen(), "B:WK3:B7");
}

#[test]
fn illegal_moves_explain_themselves() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "22-17".into(),
            },
        )
        .unwrap();
    assert!(reply.ephemeral);
    assert!(reply.text.contains("not a legal move"), "{}", reply.text);
    assert!(
        reply.text.contains("Legal moves:") && reply.text.contains("22-18"),
        "{}",
        reply.text
    );
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "banana".into(),
            },
        )
        .unwrap();
    assert!(reply.ephemeral);
    // A capture is compulsory.
    play(&w, ALICE, "22-18");
    play(&w, BOB, "11-14");
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "21-17".into(),
            },
        )
        .unwrap();
    assert!(reply.ephemeral);
    assert!(
        reply.text.contains("a capture is compulsory"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 2, "nothing was recorded");
}

#[test]
fn out_of_turn_and_strangers_are_refused() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::Move {
                text: "11-15".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("not your turn"),
        "{}",
        reply.text
    );
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Move {
                text: "22-18".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("not playing"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 0);
}

#[test]
fn a_stale_button_is_refused() {
    let w = world();
    let board = start_game(&w);
    let select = id_ending(&board, ":move");
    let reply = w
        .service
        .component(&actor(ALICE), &select, &["22-18".into()])
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    // The same menu again (the old board): out of date.
    let reply = w
        .service
        .component(&actor(BOB), &select, &["11-15".into()])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("out of date"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 1);
    // A made-up id.
    let reply = w
        .service
        .component(&actor(BOB), "g:999:0:move", &["11-15".into()])
        .unwrap();
    assert!(reply.ephemeral);
}

#[test]
fn challenges_declined_cancelled_expired_and_guarded() {
    let w = world();
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::Random,
                time_per_move: None,
            },
        )
        .unwrap();
    // Carol cannot accept Bob's challenge.
    let reply = w
        .service
        .component(&actor(CAROL), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Only bob"),
        "{}",
        reply.text
    );
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Decline)
        .unwrap();
    assert!(reply.text.contains("declined"), "{}", reply.text);
    let reply = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("declined"),
        "{}",
        reply.text
    );

    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::Black,
                time_per_move: None,
            },
        )
        .unwrap();
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Cancel)
        .unwrap();
    assert!(reply.ephemeral, "only the challenger cancels");
    let reply = w
        .service
        .component(&actor(ALICE), &id_ending(&challenge, ":cancel"), &[])
        .unwrap();
    assert!(reply.text.contains("cancelled"), "{}", reply.text);

    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    w.clock.advance(Duration::from_secs(11 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("expired"),
        "{}",
        notices[0].reply.text
    );
    let reply = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("expired"),
        "{}",
        reply.text
    );

    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(actor_member(ALICE)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    assert!(reply.ephemeral && reply.text.contains("yourself"));
    let bot = Member {
        user: 99,
        name: "Dama".into(),
        is_bot: true,
    };
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(bot.clone()),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    assert!(reply.ephemeral && reply.text.contains("/play"));

    start_game(&w);
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("start one in a thread"),
        "{}",
        reply.text
    );
}

fn actor_member(user: u64) -> Member {
    member(user)
}

#[test]
fn timeouts_claimed_and_swept() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Claim)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("still has"),
        "{}",
        reply.text
    );
    w.clock.advance(Duration::from_secs(25 * 3600));
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Claim)
        .unwrap();
    assert!(
        !reply.ephemeral && reply.text.contains("wins"),
        "{}",
        reply.text
    );
    assert_eq!(last_game(&w).end_reason, Some(EndReason::TimeoutClaim));

    start_game(&w);
    w.clock.advance(Duration::from_secs(47 * 3600));
    // Not yet twice the time: the board shows the Claim button and Bob is told he can claim.
    let notices = w.service.sweep().unwrap();
    assert!(
        notices.iter().all(|n| !n.reply.text.contains("forfeit")),
        "not yet twice the time: {:?}",
        notices.iter().map(|n| &n.reply.text).collect::<Vec<_>>()
    );
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("you can claim the win now")),
        "{notices:?}"
    );
    assert!(w.service.sweep().unwrap().is_empty(), "nothing twice");
    w.clock.advance(Duration::from_secs(2 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("forfeit"),
        "{}",
        notices[0].reply.text
    );
    let game = last_game(&w);
    assert_eq!(game.end_reason, Some(EndReason::TimeoutSweep));
    assert_eq!(
        game.result,
        Some(GameResult::BlackWins),
        "White never moved"
    );
}

#[test]
fn draws_by_agreement_repetition_and_forty_moves() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(reply.text.contains("offers a draw"), "{}", reply.text);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(reply.ephemeral, "one open offer at a time");
    let reply = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::AnswerDraw { accept: false },
        )
        .unwrap();
    assert!(reply.text.contains("declines"), "{}", reply.text);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("offer again"),
        "{}",
        reply.text
    );
    for ply in 0..10 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    let accept = id_ending(&reply, ":draw+");
    let reply = w.service.component(&actor(BOB), &accept, &[]).unwrap();
    assert!(reply.text.contains("Draw"), "{}", reply.text);
    assert_eq!(last_game(&w).end_reason, Some(EndReason::Agreement));

    // Repetition: two kings shuffle.
    game_from(&w, "W:WK29,30:BK4,1");
    for (user, m) in [
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
    ] {
        play(&w, user, m);
    }
    let reply = play(&w, BOB, "8-4");
    assert!(reply.text.contains("repetition"), "{}", reply.text);
    assert_eq!(last_game(&w).end_reason, Some(EndReason::Repetition));

    // The 40-move rule, with repetition set out of reach.
    let w = world_with(ServiceSettings {
        repetition_count: 1000,
        ..settings()
    });
    game_from(&w, "W:WK29,30:BK4,1");
    for i in 0..80 {
        let (user, m) = match i % 4 {
            0 => (ALICE, "29-25"),
            1 => (BOB, "4-8"),
            2 => (ALICE, "25-29"),
            _ => (BOB, "8-4"),
        };
        let reply = play(&w, user, m);
        if i == 79 {
            assert!(reply.text.contains("40-move"), "{}", reply.text);
        }
    }
    assert_eq!(last_game(&w).end_reason, Some(EndReason::FortyMove));
}

#[test]
fn moderators_abort_unrated() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(&actor(CAROL), Origin::Channel, Action::Abort)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("moderators"),
        "{}",
        reply.text
    );
    let moderator = Actor {
        can_moderate: true,
        can_manage_server: true,
        ..actor(CAROL)
    };
    let reply = w
        .service
        .act(&moderator, Origin::Channel, Action::Abort)
        .unwrap();
    assert!(reply.text.contains("aborted"), "{}", reply.text);
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Aborted);
    let alice = w.service.store().player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(alice.games(), 0);
}

#[test]
fn rematch_swaps_colours() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    let rematch = id_ending(&reply, ":rematch");
    let reply = w.service.component(&actor(CAROL), &rematch, &[]).unwrap();
    assert!(reply.ephemeral, "only players ask for a rematch");
    let challenge = w.service.component(&actor(BOB), &rematch, &[]).unwrap();
    assert!(challenge.text.contains("challenges"), "{}", challenge.text);
    w.service
        .component(&actor(ALICE), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    let game = active(&w);
    assert_eq!(
        game.white,
        Participant::User(BOB),
        "Bob had Black, so he asks for White"
    );
    assert_eq!(game.black, Participant::User(ALICE));

    // Against the engine, the rematch starts at once with colours swapped.
    let w = world();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::White,
            },
        )
        .unwrap();
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    w.service
        .component(&actor(ALICE), &id_ending(&reply, ":rematch"), &[])
        .unwrap();
    let game = active(&w);
    assert_eq!(game.white, Participant::Engine(1));
    assert_eq!(game.ply, 1, "the engine opened");
}

#[test]
fn board_actions_typed_in_the_channel_act_on_its_game() {
    let w = world();
    start_game(&w);
    // Flip without a board: the channel's game, seen from the side asked for, for one person.
    let flipped = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::FlipBoard {
                bottom: dama_rules::Color::Black,
            },
        )
        .unwrap();
    assert!(flipped.ephemeral && flipped.components.is_empty());
    let view = flipped.board.expect("a board");
    assert_eq!(view.bottom, dama_rules::Color::Black);
    // Asking to resign from the channel confirms on the current board.
    let confirm = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::AskResign)
        .unwrap();
    assert_eq!(ids(&confirm), ["g:1:0:resign!"]);
    w.service
        .component(&actor(ALICE), "g:1:0:resign!", &[])
        .unwrap();
    // A rematch from the channel is of its latest game.
    let rematch = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Rematch)
        .unwrap();
    assert!(rematch.text.contains("challenges"), "{}", rematch.text);
}

#[test]
fn ratings_and_leaderboard_after_several_games() {
    let w = world();
    for _ in 0..3 {
        start_game(&w);
        w.service
            .act(&actor(BOB), Origin::Channel, Action::Resign)
            .unwrap();
    }
    let board = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Leaderboard { page: 0 },
        )
        .unwrap();
    let alice_at = board.text.find("alice").expect("alice listed");
    let bob_at = board.text.find("bob").expect("bob listed");
    assert!(alice_at < bob_at, "{}", board.text);
    let alice = w.service.store().player(GUILD, ALICE).unwrap().unwrap();
    let bob = w.service.store().player(GUILD, BOB).unwrap().unwrap();
    assert!(alice.rating.rating > 1500.0 && bob.rating.rating < 1500.0);
    assert_eq!((alice.wins, bob.losses), (3, 3));
    let stats = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Stats {
                member: Some(member(ALICE)),
            },
        )
        .unwrap();
    assert!(
        stats.text.contains("3 won") && stats.text.contains("3 won in a row"),
        "{}",
        stats.text
    );
    let history = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::History {
                member: Some(member(ALICE)),
            },
        )
        .unwrap();
    assert_eq!(
        history.text.matches("resign").count(),
        3,
        "{}",
        history.text
    );
}

#[test]
fn pdn_export_passes_pdn_check() {
    let w = world();
    start_game(&w);
    for ply in 0..5 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.service
        .act(&actor(BOB), Origin::Channel, Action::Resign)
        .unwrap();
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Pdn { game: None })
        .unwrap();
    let file = reply.attachment.expect("a PDN file");
    assert_eq!(file.filename, "dama-game-1.pdn");
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(
        text.contains("[White \"alice\"]") && text.contains("[Result \"1-0\"]"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pdn");
    std::fs::write(&path, &text).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["pdn", "check"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("ok 5") && stdout.contains("0 errors"),
        "{stdout}"
    );
    let animation = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Replay { game: None },
        )
        .unwrap();
    // The service says what to animate; the adapters draw it.
    let game = animation.replay.expect("a replay");
    assert_eq!(game.filename, "dama-game-1.gif");
    assert_eq!(game.moves.len(), 5);
    let renderer = Renderer::new(&RenderConfig {
        size: 320,
        ..RenderConfig::default()
    })
    .unwrap();
    let gif = renderer.replay_gif(&game.start, &game.moves, game.bottom, &game.captions);
    assert!(gif.starts_with(b"GIF8"));
}

#[test]
fn suggestions_offer_only_legal_moves_of_the_player_to_move() {
    fn hint_in(w: &World, user: u64, typed: &str) -> String {
        match w.service.suggestions(&actor(user), typed).unwrap() {
            Suggestions::Hint(hint) => hint,
            Suggestions::Moves(moves) => panic!("moves {moves:?} for {typed:?}"),
        }
    }
    let w = world();
    let hint = |user: u64, typed: &str| hint_in(&w, user, typed);
    assert!(hint(ALICE, "").contains("No game in this channel"));
    start_game(&w);
    let mut list = moves(&w, ALICE, "2");
    list.sort();
    assert_eq!(
        list,
        [
            "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"
        ]
    );
    assert_eq!(hint(BOB, ""), "Not your turn: alice is to move");
    assert_eq!(hint(CAROL, ""), "You are not playing in this game.");
    let none = hint(ALICE, "27x");
    assert!(
        none.starts_with("No legal move starts with 27x: ") && none.contains("22-18"),
        "{none}"
    );
    // A long typed text and a long list are cut to a choice name's length.
    let long = hint(ALICE, &"9".repeat(300));
    assert!(long.chars().count() <= HINT_MAX_CHARS, "{long}");
    assert!(long.contains("9999…:"), "{long}");
    let w = world();
    game_from(&w, "W:WK1,K3,K5,K7,K10,K12,K14,K16:B28");
    let many = hint_in(&w, ALICE, "9");
    assert!(many.chars().count() <= HINT_MAX_CHARS, "{many}");
    assert!(many.ends_with(", …"), "{many}");
}

#[test]
fn the_console_plays_a_script() {
    let dir = tempfile::tempdir().unwrap();
    let script = "\
# two players and a moderator
alice: /challenge bob colour:white time:1h
bob: /accept
alice: /move 22-18
bob: /move 11-14
alice: /move 21-17
alice: /move 18x11
bob: /click g:1:3:move 7x14
bob: /click g:1:3:move 6x15
@advance 90m
bob: /claim
@channel other
carol: /play level:1 colour:white
carol: /move 22-18
alice: /leaderboard
alice: /pdn
alice: /dance
nonsense line
";
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["local", "--seed", "1", "--db"])
        .arg(dir.path().join("local.db"))
        .arg("--images")
        .arg(dir.path().join("images"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .env_remove("RUST_LOG")
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("@bob, @alice challenges you"), "{out}");
    assert!(
        out.contains("Game #1 starts: alice (White) – bob (Black)"),
        "{out}"
    );
    assert!(out.contains("(thread #dama-1-alice-bob opened)"), "{out}");
    assert!(
        out.contains("not your turn") || out.contains("capture is compulsory"),
        "{out}"
    );
    assert!(out.contains("alice played **18x11**"), "{out}");
    assert!(out.contains("bob played **7x14**"), "{out}");
    assert!(out.contains("out of date"), "{out}");
    assert!(out.contains("wins** on time"), "{out}");
    assert!(out.contains("replied"), "{out}");
    assert!(out.contains("Leaderboard"), "{out}");
    assert!(out.contains("[GameType \"22,W,8,8,N2,1\"]"), "{out}");
    assert!(out.contains("Unknown command `/dance`"), "{out}");
    assert!(out.contains("Write lines like"), "{out}");
    let images = std::fs::read_dir(dir.path().join("images"))
        .unwrap()
        .count();
    assert!(images >= 6, "{images} board images saved");
    // The console's log shows warnings and errors only, without colour codes.
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(!log.contains(" INFO "), "{log}");
    assert!(!log.contains('\u{1b}'), "{log}");
}

/// A game of Alice against the engine at `level`, stored directly; `alice_white` picks her
/// colour. Its board message is remembered as message 500.
fn engine_game(w: &World, level: u8, alice_white: bool) -> damabot::store::Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    let (white, black) = if alice_white {
        (Participant::User(ALICE), Participant::Engine(level))
    } else {
        (Participant::Engine(level), Participant::User(ALICE))
    };
    let game = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white,
            black,
            time_per_move_ms: 3_600_000,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
        })
        .unwrap();
    w.service.set_board_message(game.id, BOARD_500).unwrap();
    game
}

const BOARD_500: MessageRef = MessageRef {
    channel: CHANNEL,
    message: 500,
};

/// Stores Alice's move `text` as if the process died before the engine replied.
fn store_move_only(w: &World, game: &damabot::store::Game, text: &str) {
    let mut position = Position::from_fen(&game.current_fen).unwrap();
    let m = position.parse_move(text).unwrap();
    position.play_unchecked(&m);
    w.service
        .store()
        .record_move(
            game.id,
            game.ply,
            &m.long(),
            &position.to_fen(),
            w.service.now(),
        )
        .unwrap();
}

#[test]
fn resuming_plays_the_engine_move_a_restart_interrupted() {
    let w = world();
    let game = engine_game(&w, 2, true);
    store_move_only(&w, &game, "22-18");
    // Until the engine moves, Alice can neither move nor win on time.
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "21-17".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Dama is thinking"),
        "{}",
        reply.text
    );
    w.clock.advance(Duration::from_secs(2 * 3600));
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Claim)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Dama is thinking"),
        "{}",
        reply.text
    );
    assert!(
        w.service
            .act(
                &actor(ALICE),
                Origin::Channel,
                Action::Board { flip: false }
            )
            .unwrap()
            .mentions
            .is_empty(),
        "a board pings nobody"
    );

    let notices = w.service.resume_engine_games().unwrap();
    assert_eq!(notices.len(), 1);
    let notice = &notices[0];
    assert_eq!(notice.edit, Some(BOARD_500), "the board is edited in place");
    assert_eq!((notice.guild, notice.channel), (GUILD, CHANNEL));
    assert_eq!(notice.reply.mentions, [ALICE], "Alice is to move");
    assert!(
        notice.reply.text.contains("replied"),
        "{}",
        notice.reply.text
    );
    let board = notice.reply.board.as_ref().expect("a board");
    assert_eq!(active(&w).ply, 2);
    assert_eq!(board.position.to_fen(), active(&w).current_fen);
    assert!(w.service.resume_engine_games().unwrap().is_empty(), "once");
    play_any(&w, ALICE);
    assert_eq!(active(&w).ply, 4, "and the game goes on");
}

#[test]
fn the_sweep_resumes_engine_moves_and_never_forfeits_the_engine() {
    let w = world();
    // The engine has White and never opened.
    engine_game(&w, 1, false);
    w.clock.advance(Duration::from_secs(3 * 24 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].reply.text.contains("replied"),
        "{}",
        notices[0].reply.text
    );
    assert_eq!(notices[0].reply.mentions, [ALICE]);
    let game = active(&w);
    assert_eq!(game.ply, 1, "the engine opened instead of losing on time");
    assert_eq!(game.status, GameStatus::Active);
    // Alice now has her time per move from the engine's move.
    w.clock.advance(Duration::from_secs(3 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.contains("forfeit"));
    assert_eq!(last_game(&w).result, Some(GameResult::WhiteWins));
}

#[test]
fn a_game_being_searched_is_not_searched_again() {
    let think = Duration::from_secs(3);
    let w = world_with(ServiceSettings {
        think_time: think,
        ..settings()
    });
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 8,
                colour: ColourChoice::White,
            },
        )
        .unwrap();
    std::thread::scope(|scope| {
        let player = scope.spawn(|| {
            w.service
                .act(
                    &actor(ALICE),
                    Origin::Channel,
                    Action::Move {
                        text: "22-18".into(),
                    },
                )
                .unwrap()
        });
        // Wait for Alice's move to be stored: the engine is then searching its reply.
        let waited = std::time::Instant::now();
        while active(&w).ply == 0 {
            assert!(
                waited.elapsed() < Duration::from_secs(20),
                "the move was stored"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        let resumed = std::time::Instant::now();
        let notices = w.service.resume_engine_games().unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert!(w.service.sweep().unwrap().is_empty());
        assert!(
            resumed.elapsed() < think / 2,
            "resuming left the game alone ({:?})",
            resumed.elapsed()
        );
        let reply = w
            .service
            .act(&actor(ALICE), Origin::Channel, Action::Claim)
            .unwrap();
        assert!(reply.text.contains("Dama is thinking"), "{}", reply.text);
        let reply = player.join().unwrap();
        assert!(reply.text.contains("replied"), "{}", reply.text);
    });
    assert_eq!(active(&w).ply, 2);
}

#[test]
fn the_console_resumes_engine_games_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("local.db");
    {
        let store = SqliteStore::open(&path).unwrap();
        store.ensure_player(1, 1_000, "alice", 0).unwrap();
        let game = store
            .create_game(&NewGame {
                guild: 1,
                channel: 101,
                white: Participant::Engine(1),
                black: Participant::User(1_000),
                time_per_move_ms: 3_600_000,
                rated: false,
                start_fen: Position::initial().to_fen(),
                created_at: 0,
                in_thread: false,
            })
            .unwrap();
        assert_eq!(game.ply, 0);
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["local", "--seed", "1", "--db"])
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("Dama (level 1, beginner) replied"), "{out}");
    assert!(out.contains("@alice (black) to move"), "{out}");
    let store = SqliteStore::open(&path).unwrap();
    assert_eq!(store.active_game_in_channel(101).unwrap().unwrap().ply, 1);
}

/// One action of the mention table: what it does (in a world of its own), who acted, and the
/// people its reply must notify.
struct Case {
    name: &'static str,
    run: fn(&World) -> (Option<u64>, Reply),
    notify: &'static [u64],
}

fn as_moderator(user: u64) -> Actor {
    Actor {
        can_moderate: true,
        can_manage_server: true,
        ..actor(user)
    }
}

#[allow(clippy::too_many_lines)]
fn mention_cases() -> Vec<Case> {
    vec![
        Case {
            name: "challenge",
            run: |w| {
                let reply = w
                    .service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::Challenge {
                            opponent: Some(member(BOB)),
                            colour: ColourChoice::White,
                            time_per_move: None,
                        },
                    )
                    .unwrap();
                (Some(ALICE), reply)
            },
            notify: &[BOB],
        },
        Case {
            name: "accepted challenge, the challenged to move",
            run: |w| {
                let challenge = w
                    .service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::Challenge {
                            opponent: Some(member(BOB)),
                            colour: ColourChoice::Black,
                            time_per_move: None,
                        },
                    )
                    .unwrap();
                let reply = w
                    .service
                    .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
                    .unwrap();
                (Some(BOB), reply)
            },
            notify: &[ALICE],
        },
        Case {
            name: "accepted challenge, the challenger to move",
            run: |w| (Some(BOB), start_game(w)),
            notify: &[ALICE],
        },
        Case {
            name: "declined challenge",
            run: |w| {
                w.service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::Challenge {
                            opponent: Some(member(BOB)),
                            colour: ColourChoice::White,
                            time_per_move: None,
                        },
                    )
                    .unwrap();
                (
                    Some(BOB),
                    w.service
                        .act(&actor(BOB), Origin::Channel, Action::Decline)
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "cancelled challenge",
            run: |w| {
                w.service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::Challenge {
                            opponent: Some(member(BOB)),
                            colour: ColourChoice::White,
                            time_per_move: None,
                        },
                    )
                    .unwrap();
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::Cancel)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "expired challenge",
            run: |w| {
                w.service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::Challenge {
                            opponent: Some(member(BOB)),
                            colour: ColourChoice::White,
                            time_per_move: None,
                        },
                    )
                    .unwrap();
                w.clock.advance(Duration::from_secs(3600));
                (None, w.service.sweep().unwrap().remove(0).reply)
            },
            notify: &[ALICE],
        },
        Case {
            name: "move",
            run: |w| {
                start_game(w);
                let reply = play(w, ALICE, "22-18");
                assert!(
                    reply
                        .text
                        .starts_with("alice played **22-18** — your move, due <t:"),
                    "{}",
                    reply.text
                );
                (Some(ALICE), reply)
            },
            notify: &[BOB],
        },
        Case {
            name: "move from the menu",
            run: |w| {
                let board = start_game(w);
                let reply = w
                    .service
                    .component(
                        &actor(ALICE),
                        &id_ending(&board, ":move"),
                        &["22-18".into()],
                    )
                    .unwrap();
                (Some(ALICE), reply)
            },
            notify: &[BOB],
        },
        Case {
            name: "move that ends the game",
            run: |w| {
                game_from(w, "W:W19:B14");
                (Some(ALICE), play(w, ALICE, "19x10"))
            },
            notify: &[BOB],
        },
        Case {
            name: "refused move",
            run: |w| {
                start_game(w);
                (
                    Some(BOB),
                    w.service
                        .act(
                            &actor(BOB),
                            Origin::Channel,
                            Action::Move {
                                text: "11-15".into(),
                            },
                        )
                        .unwrap(),
                )
            },
            notify: &[],
        },
        Case {
            name: "game against the engine",
            run: |w| {
                let reply = w
                    .service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::PlayEngine {
                            level: 1,
                            colour: ColourChoice::Black,
                        },
                    )
                    .unwrap();
                (Some(ALICE), reply)
            },
            notify: &[],
        },
        Case {
            name: "move against the engine",
            run: |w| {
                w.service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::PlayEngine {
                            level: 1,
                            colour: ColourChoice::White,
                        },
                    )
                    .unwrap();
                (Some(ALICE), play(w, ALICE, "22-18"))
            },
            notify: &[],
        },
        Case {
            name: "board for a spectator",
            run: |w| {
                start_game(w);
                (
                    Some(CAROL),
                    w.service
                        .act(
                            &actor(CAROL),
                            Origin::Channel,
                            Action::Board { flip: false },
                        )
                        .unwrap(),
                )
            },
            notify: &[],
        },
        Case {
            name: "board for the player not to move",
            run: |w| {
                start_game(w);
                (
                    Some(BOB),
                    w.service
                        .act(&actor(BOB), Origin::Channel, Action::Board { flip: true })
                        .unwrap(),
                )
            },
            notify: &[],
        },
        Case {
            name: "resignation",
            run: |w| {
                start_game(w);
                (
                    Some(BOB),
                    w.service
                        .act(&actor(BOB), Origin::Channel, Action::Resign)
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "draw offer on one's own turn",
            run: |w| {
                start_game(w);
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "draw offer on the opponent's turn",
            run: |w| {
                start_game(w);
                play(w, ALICE, "22-18");
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "declined draw",
            run: |w| {
                start_game(w);
                play(w, ALICE, "22-18");
                w.service
                    .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                    .unwrap();
                (
                    Some(BOB),
                    w.service
                        .act(
                            &actor(BOB),
                            Origin::Channel,
                            Action::AnswerDraw { accept: false },
                        )
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "withdrawn draw offer",
            run: |w| {
                start_game(w);
                w.service
                    .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                    .unwrap();
                (
                    Some(ALICE),
                    w.service
                        .act(
                            &actor(ALICE),
                            Origin::Channel,
                            Action::AnswerDraw { accept: false },
                        )
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "accepted draw",
            run: |w| {
                start_game(w);
                w.service
                    .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                    .unwrap();
                (
                    Some(BOB),
                    w.service
                        .act(
                            &actor(BOB),
                            Origin::Channel,
                            Action::AnswerDraw { accept: true },
                        )
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "claim",
            run: |w| {
                start_game(w);
                play(w, ALICE, "22-18");
                w.clock.advance(Duration::from_secs(25 * 3600));
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::Claim)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "abort by a moderator",
            run: |w| {
                start_game(w);
                (
                    Some(CAROL),
                    w.service
                        .act(&as_moderator(CAROL), Origin::Channel, Action::Abort)
                        .unwrap(),
                )
            },
            notify: &[ALICE, BOB],
        },
        Case {
            name: "abort by a moderator who plays",
            run: |w| {
                start_game(w);
                (
                    Some(ALICE),
                    w.service
                        .act(&as_moderator(ALICE), Origin::Channel, Action::Abort)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "forfeit by the sweep",
            run: |w| {
                start_game(w);
                w.clock.advance(Duration::from_secs(49 * 3600));
                (None, w.service.sweep().unwrap().remove(0).reply)
            },
            notify: &[ALICE, BOB],
        },
        Case {
            name: "resumed engine move",
            run: |w| {
                let game = engine_game(w, 1, true);
                store_move_only(w, &game, "22-18");
                (
                    None,
                    w.service.resume_engine_games().unwrap().remove(0).reply,
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "rematch",
            run: |w| {
                start_game(w);
                let over = w
                    .service
                    .act(&actor(ALICE), Origin::Channel, Action::Resign)
                    .unwrap();
                let reply = w
                    .service
                    .component(&actor(BOB), &id_ending(&over, ":rematch"), &[])
                    .unwrap();
                (Some(BOB), reply)
            },
            notify: &[ALICE],
        },
        Case {
            name: "leaderboard",
            run: |w| {
                start_game(w);
                w.service
                    .act(&actor(BOB), Origin::Channel, Action::Resign)
                    .unwrap();
                (
                    Some(CAROL),
                    w.service
                        .act(
                            &actor(CAROL),
                            Origin::Channel,
                            Action::Leaderboard { page: 0 },
                        )
                        .unwrap(),
                )
            },
            notify: &[],
        },
    ]
}

#[test]
fn mentions_notify_exactly_the_people_concerned() {
    for case in mention_cases() {
        let w = world();
        let (acting, reply) = (case.run)(&w);
        let mut mentions = reply.mentions.clone();
        mentions.sort_unstable();
        let mut unique = mentions.clone();
        unique.dedup();
        assert_eq!(mentions, unique, "{}: a person named twice", case.name);
        if let Some(acting) = acting {
            assert!(
                !mentions.contains(&acting),
                "{}: the actor is pinged",
                case.name
            );
        }
        assert_eq!(mentions, case.notify, "{}: {}", case.name, reply.text);
    }
}

#[test]
fn cooldowns_refuse_spam_with_the_seconds_left() {
    let w = world();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    w.service
        .act(&actor(ALICE), Origin::Channel, Action::Cancel)
        .unwrap();
    w.clock.advance(Duration::from_secs(12));
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(CAROL)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    assert!(reply.ephemeral, "{}", reply.text);
    assert_eq!(
        reply.text,
        "Not so fast: you can use `/challenge` again in 18 s."
    );
    // Another person is not held up, and the wait ends.
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    w.service
        .act(&actor(CAROL), Origin::Channel, Action::Cancel)
        .unwrap();
    w.clock.advance(Duration::from_secs(18));
    start_game(&w);

    // The board: per person and channel.
    assert!(
        !w.service
            .act(
                &actor(CAROL),
                Origin::Channel,
                Action::Board { flip: false }
            )
            .unwrap()
            .ephemeral
    );
    w.clock.advance(Duration::from_millis(1_500));
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Board { flip: false },
        )
        .unwrap();
    assert_eq!(
        reply.text,
        "Not so fast: you can use `/board` again in 9 s."
    );
    assert!(reply.ephemeral && reply.board.is_none());
    assert!(
        !w.service
            .act(&actor(BOB), Origin::Channel, Action::Board { flip: false })
            .unwrap()
            .ephemeral
    );
    let elsewhere = Actor {
        channel: CHANNEL + 1,
        ..actor(CAROL)
    };
    assert!(
        !w.service
            .act(&elsewhere, Origin::Channel, Action::Board { flip: false })
            .unwrap()
            .text
            .contains("Not so fast"),
        "another channel has its own cooldown"
    );
    w.clock.advance(BOARD_COOLDOWN);
    assert!(
        !w.service
            .act(
                &actor(CAROL),
                Origin::Channel,
                Action::Board { flip: false }
            )
            .unwrap()
            .ephemeral
    );

    // Draw offers: ten plies later is still too soon within 30 s of the last offer.
    w.service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::AnswerDraw { accept: false },
        )
        .unwrap();
    for ply in 0..10 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert_eq!(
        reply.text,
        "Not so fast: you can offer a draw again in 30 s."
    );
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    assert!(
        !w.service
            .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
            .unwrap()
            .ephemeral
    );
}

#[test]
fn draw_offers_to_the_engine_count_like_offers_to_people() {
    let w = world();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::White,
            },
        )
        .unwrap();
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(reply.text.contains("declines the draw"), "{}", reply.text);
    assert_eq!(active(&w).draw_offer, None, "the offer is closed");
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("offer again after 10 more plies"),
        "{}",
        reply.text
    );
}

#[test]
fn clicks_act_only_in_their_own_channel() {
    let w = world();
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    let in_other = |user: u64| Actor {
        channel: CHANNEL + 1,
        ..actor(user)
    };
    let in_other_guild = |user: u64| Actor {
        guild: GUILD + 1,
        ..actor(user)
    };
    let accept = id_ending(&challenge, ":accept");
    for who in [in_other(BOB), in_other_guild(BOB)] {
        let reply = w.service.component(&who, &accept, &[]).unwrap();
        assert!(
            reply.ephemeral && reply.text.contains("another channel"),
            "{}",
            reply.text
        );
    }
    let board = w.service.component(&actor(BOB), &accept, &[]).unwrap();
    assert!(!board.ephemeral, "{}", board.text);
    for suffix in [":move", ":draw", ":resign", ":flipw"] {
        let id = id_ending(&board, suffix);
        let reply = w
            .service
            .component(&in_other(ALICE), &id, &["22-18".into()])
            .unwrap();
        assert!(
            reply.ephemeral && reply.text.contains("another channel"),
            "{suffix}: {}",
            reply.text
        );
    }
    assert_eq!(active(&w).ply, 0);
    let over = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    let reply = w
        .service
        .component(&in_other(BOB), &id_ending(&over, ":rematch"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("another channel"),
        "{}",
        reply.text
    );
    assert!(
        w.service
            .store()
            .pending_challenges_in_channel(CHANNEL + 1, w.service.now())
            .unwrap()
            .is_empty()
            && w.service
                .store()
                .pending_challenges_in_channel(CHANNEL, w.service.now())
                .unwrap()
                .is_empty()
    );
}

#[test]
fn display_names_are_escaped_in_text_but_not_in_pdn_or_captions() {
    let w = world();
    let mallory = Actor {
        name: "*mal*_@everyone_".into(),
        ..actor(ALICE)
    };
    let challenge = w
        .service
        .act(
            &mallory,
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
            },
        )
        .unwrap();
    let board = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    let caption = board.board.as_ref().unwrap().caption.clone().unwrap();
    assert!(caption.contains("*mal*_@everyone_"), "{caption}");
    let reply = w
        .service
        .act(
            &mallory,
            Origin::Channel,
            Action::Move {
                text: "22-18".into(),
            },
        )
        .unwrap();
    let escaped = "\\*mal\\*\\_@\u{200B}everyone\\_";
    assert!(
        reply
            .text
            .starts_with(&format!("{escaped} played **22-18** — your move")),
        "{}",
        reply.text
    );
    assert!(!reply.text.contains("@everyone"), "{}", reply.text);
    let refused = w
        .service
        .act(
            &mallory,
            Origin::Channel,
            Action::Move {
                text: "11-15".into(),
            },
        )
        .unwrap();
    assert!(!refused.text.contains("*mal*"), "{}", refused.text);
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Resign)
        .unwrap();
    assert!(reply.text.contains(escaped), "{}", reply.text);
    let board = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Leaderboard { page: 0 },
        )
        .unwrap();
    assert!(board.text.contains(escaped), "{}", board.text);
    let stats = w
        .service
        .act(&mallory, Origin::Channel, Action::Stats { member: None })
        .unwrap();
    assert!(stats.text.contains(escaped), "{}", stats.text);
    let pdn = String::from_utf8(
        w.service
            .act(&actor(BOB), Origin::Channel, Action::Pdn { game: None })
            .unwrap()
            .attachment
            .unwrap()
            .bytes,
    )
    .unwrap();
    assert!(pdn.contains("[White \"*mal*_@everyone_\"]"), "{pdn}");
}

#[test]
fn a_new_board_message_returns_the_one_it_replaces() {
    let w = world();
    start_game(&w);
    let game = active(&w).id;
    let first = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let second = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(w.service.set_board_message(game, first).unwrap(), None);
    assert_eq!(
        w.service.set_board_message(game, first).unwrap(),
        None,
        "the same one"
    );
    assert_eq!(
        w.service.set_board_message(game, second).unwrap(),
        Some(first)
    );
    assert_eq!(w.service.board_message(game).unwrap(), Some(second));
}

/// Two answers in flight at once (an accept and the first move): the board of the later one
/// stays live even when the earlier one is remembered last, and that earlier one is retired.
#[test]
fn a_late_older_board_is_the_one_retired() {
    let w = world();
    start_game(&w);
    let game = active(&w).id;
    let older = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let newer = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(w.service.set_board_message(game, newer).unwrap(), None);
    assert_eq!(
        w.service.set_board_message(game, older).unwrap(),
        Some(older)
    );
    assert_eq!(w.service.board_message(game).unwrap(), Some(newer));
    assert_eq!(
        w.service.set_board_message(game, newer).unwrap(),
        None,
        "the live board again"
    );
}

fn in_language(user: u64, language: Language) -> Actor {
    Actor {
        language,
        ..actor(user)
    }
}

fn help_and_rules(w: &World, language: Language) -> (Reply, Reply) {
    let help = w
        .service
        .act(&in_language(ALICE, language), Origin::Channel, Action::Help)
        .unwrap();
    let rules = w
        .service
        .act(
            &in_language(ALICE, language),
            Origin::Channel,
            Action::Rules,
        )
        .unwrap();
    (help, rules)
}

#[test]
fn help_and_rules_in_english() {
    let w = world();
    let (help, rules) = help_and_rules(&w, Language::En);
    assert!(help.ephemeral, "the help is for the asker");
    assert!(
        help.text
            .starts_with("**Dama: Italian draughts on Discord**")
    );
    assert!(help.text.contains("`/challenge` [member] [colour] [time]"));
    assert!(help.text.contains("`/takeback`: take back your last move"));
    assert!(help.text.contains("`/games`: your games in this server"));
    assert!(
        help.text
            .contains("`/settings`: how you hear about your games")
    );
    assert!(help.text.contains("from level 1 (beginner) to 8 (master)"));
    assert!(!rules.ephemeral, "the rules are for the channel");
    assert!(
        rules.text.contains("**Capturing is compulsory**"),
        "{}",
        rules.text
    );
    assert!(rules.text.contains("**a man can never capture a king**"));
    assert!(rules.text.contains("**bottom-right corner is dark**"));
    assert!(
        rules
            .text
            .contains("comes back for the 3rd time, or after 40 moves each"),
        "{}",
        rules.text
    );
}

#[test]
fn help_and_rules_in_italian() {
    let w = world();
    let (help, rules) = help_and_rules(&w, Language::It);
    assert!(help.ephemeral);
    assert!(
        help.text.contains("`/sfida` [avversario] [colore] [tempo]"),
        "{}",
        help.text
    );
    assert!(help.text.contains("`/mossa` mossa"));
    assert!(help.text.contains("`/ritira`: ritira la tua ultima mossa"));
    assert!(help.text.contains("`/partite`: le tue partite"));
    assert!(
        help.text
            .contains("`/impostazioni`: come vuoi essere avvisato")
    );
    assert!(
        help.text
            .contains("`/patta proponi`, `/patta accetta`, `/patta rifiuta`")
    );
    assert!(
        help.text
            .contains("livelli da 1 (principiante) a 8 (maestro)")
    );
    assert!(!help.text.contains("/challenge"), "{}", help.text);
    assert!(
        rules.text.contains("**La presa è obbligatoria**"),
        "{}",
        rules.text
    );
    assert!(rules.text.contains("presa multipla"));
    assert!(rules.text.contains("**non può mai prendere una dama**"));
    assert!(rules.text.contains("pedina") && rules.text.contains("damiera"));
    assert!(rules.text.contains("il Bianco") && rules.text.contains("del Nero"));
    assert!(rules.text.contains("la mossa finisce lì"));
    assert!(
        rules
            .text
            .contains("per la 3ª volta, oppure dopo 40 mosse per parte")
    );
    assert!(!rules.text.contains("capture"), "{}", rules.text);
}

#[test]
fn help_and_rules_in_spanish() {
    let w = world();
    let (help, rules) = help_and_rules(&w, Language::Es);
    assert!(help.text.contains("reta a un miembro"), "{}", help.text);
    assert!(
        help.text.contains("`/retar` [miembro] [color] [tiempo]"),
        "{}",
        help.text
    );
    assert!(
        rules.text.contains("**La captura es obligatoria**"),
        "{}",
        rules.text
    );
    assert!(rules.text.contains("**nunca puede capturar a una dama**"));
    assert!(rules.text.contains("peón") && rules.text.contains("tablas"));
    assert!(rules.text.contains("blancas") && rules.text.contains("negras"));
    assert!(rules.text.contains("la jugada termina ahí"));
    assert!(
        rules
            .text
            .contains("por 3.ª vez, o tras 40 jugadas de cada bando")
    );
}

#[test]
fn the_rules_follow_the_configured_repetitions() {
    let w = world_with(ServiceSettings {
        repetition_count: 2,
        ..settings()
    });
    let (_, rules) = help_and_rules(&w, Language::En);
    assert!(rules.text.contains("for the 2nd time"), "{}", rules.text);
    let (_, rules) = help_and_rules(&w, Language::It);
    assert!(rules.text.contains("per la 2ª volta"), "{}", rules.text);
}

#[test]
fn the_console_switches_language_with_locale() {
    let w = world();
    let renderer = Renderer::new(&RenderConfig {
        size: 160,
        ..RenderConfig::default()
    })
    .unwrap();
    let mut console = damabot::console::Console::new(
        Arc::new(w.service),
        Arc::new(renderer),
        w.clock.clone(),
        None,
    );
    let english = console.line("alice: /rules");
    assert!(english.contains("Capturing is compulsory"), "{english}");
    assert_eq!(console.line("@locale it"), "(ora rispondo in italiano)\n");
    let italian = console.line("alice: /rules");
    assert!(italian.contains("La presa è obbligatoria"), "{italian}");
    assert!(!italian.contains("Capturing"), "{italian}");
    assert_eq!(console.line("@locale es"), "(ahora respondo en español)\n");
    let spanish = console.line("bob: /help");
    assert!(spanish.contains("reta a un miembro"), "{spanish}");
    let refused = console.line("@locale de");
    assert_eq!(refused, "@locale necesita un idioma: it, en o es.\n");
    assert!(
        console
            .line("alice: /rules")
            .contains("La captura es obligatoria")
    );
    assert!(console.line("@help").contains("@locale it|en|es"));
    assert_eq!(console.line("@locale en"), "(replies now in English)\n");
}

/// Someone who may manage the server (Discord: Manage Server), reading `language`, in a server
/// whose Discord language is `guild_language`.
fn manager(language: Language, guild_language: Option<Language>) -> Actor {
    Actor {
        can_manage_server: true,
        language,
        guild_language,
        ..actor(CAROL)
    }
}

fn set_language(w: &World, who: &Actor, language: Option<Language>) -> Reply {
    w.service
        .act(
            who,
            Origin::Channel,
            Action::Settings(SettingsChange {
                language: Some(language),
                ..SettingsChange::default()
            }),
        )
        .unwrap()
}

#[test]
fn only_managers_set_the_language_and_are_told_so_in_their_language() {
    let w = world();
    for (language, permission) in [
        (Language::En, "**Manage Server**"),
        (Language::It, "**Gestire il server**"),
        (Language::Es, "**Gestionar servidor**"),
    ] {
        let someone = Actor {
            language,
            guild_language: Some(Language::En),
            ..actor(ALICE)
        };
        let reply = set_language(&w, &someone, Some(Language::It));
        assert!(reply.ephemeral, "{}", reply.text);
        assert!(
            reply.text.contains(permission),
            "{language:?}: {}",
            reply.text
        );
        assert!(!reply.text.contains("{$"), "{}", reply.text);
    }
    // Nothing was chosen: the server still speaks its Discord language.
    assert_eq!(w.service.server_language(GUILD), Language::En);
    assert_eq!(
        w.service.public_language(&Actor {
            guild_language: Some(Language::Es),
            ..actor(ALICE)
        }),
        Language::Es
    );
}

#[test]
fn the_chosen_language_speaks_publicly_until_discords_comes_back() {
    let w = world();
    let reply = set_language(
        &w,
        &manager(Language::En, Some(Language::Es)),
        Some(Language::It),
    );
    assert!(!reply.ephemeral, "the whole server hears it");
    assert_eq!(reply.text, "D'ora in poi parlo italiano in questo server.");

    // Whatever the server's or the reader's Discord language, public messages are Italian.
    let reader = Actor {
        language: Language::Es,
        guild_language: Some(Language::Es),
        ..actor(ALICE)
    };
    assert_eq!(w.service.public_language(&reader), Language::It);
    assert_eq!(w.service.server_language(GUILD), Language::It);
    // What only the reader sees stays theirs.
    let help = w
        .service
        .act(&reader, Origin::Channel, Action::Help)
        .unwrap();
    assert!(help.text.contains("reta a un miembro"), "{}", help.text);
    // Another server has chosen nothing.
    assert_eq!(w.service.server_language(GUILD + 1), Language::En);

    let reply = set_language(
        &w,
        &manager(Language::It, Some(Language::Es)),
        Some(Language::Es),
    );
    assert_eq!(
        reply.text,
        "De ahora en adelante hablo español en este servidor."
    );
    let reply = set_language(
        &w,
        &manager(Language::It, Some(Language::En)),
        Some(Language::En),
    );
    assert_eq!(reply.text, "From now on I speak English in this server.");

    // `None` goes back to Discord's language, and says so in it.
    let reply = set_language(&w, &manager(Language::En, Some(Language::Es)), None);
    assert!(!reply.ephemeral);
    assert_eq!(
        reply.text,
        "De ahora en adelante sigo el idioma del servidor en Discord: español."
    );
    assert_eq!(w.service.public_language(&reader), Language::Es);
    let italian_server = Actor {
        guild_language: Some(Language::It),
        ..reader.clone()
    };
    assert_eq!(w.service.public_language(&italian_server), Language::It);
}

#[test]
fn the_public_language_falls_back_from_discords_to_the_last_seen_to_the_readers() {
    damabot::i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dama.db");
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(
        Arc::new(SqliteStore::open(&path).unwrap()),
        clock.clone(),
        settings(),
    );
    // No server language known at all: the reader's own.
    let reader = Actor {
        language: Language::Es,
        guild_language: None,
        ..actor(ALICE)
    };
    assert_eq!(service.public_language(&reader), Language::Es);
    assert_eq!(service.server_language(GUILD), Language::En);

    // The server's Discord language, once seen, is remembered for the server.
    let in_server = Actor {
        guild_language: Some(Language::It),
        ..reader.clone()
    };
    assert_eq!(service.public_language(&in_server), Language::It);
    assert_eq!(service.public_language(&reader), Language::It);
    assert_eq!(service.server_language(GUILD), Language::It);
    let stored = service.store().server_settings(GUILD).unwrap();
    assert_eq!(stored.discord_language, Some(Language::It));
    assert_eq!(stored.language, None);

    // A message in the same language writes nothing: the row removed behind the service's
    // back stays removed.
    let sql = rusqlite::Connection::open(&path).unwrap();
    sql.execute("DELETE FROM servers", []).unwrap();
    assert_eq!(service.public_language(&in_server), Language::It);
    assert_eq!(
        service.store().server_settings(GUILD).unwrap(),
        damabot::store::ServerSettings::default()
    );
    // A new Discord language is written.
    let spanish_server = Actor {
        guild_language: Some(Language::Es),
        ..reader.clone()
    };
    assert_eq!(service.public_language(&spanish_server), Language::Es);
    assert_eq!(
        service
            .store()
            .server_settings(GUILD)
            .unwrap()
            .discord_language,
        Some(Language::Es)
    );

    // After a restart the stored language is read back.
    let restarted = GameService::new(
        Arc::new(SqliteStore::open(&path).unwrap()),
        clock,
        settings(),
    );
    assert_eq!(restarted.server_language(GUILD), Language::Es);
    let english_reader = Actor {
        language: Language::En,
        guild_language: None,
        ..actor(BOB)
    };
    assert_eq!(restarted.public_language(&english_reader), Language::Es);
}

/// The forfeit notice of a game left unplayed in a server that chose `language` (English
/// when `None`).
fn forfeit_notice(language: Option<Language>) -> String {
    let w = world();
    if let Some(language) = language {
        set_language(
            &w,
            &manager(Language::En, Some(Language::En)),
            Some(language),
        );
    }
    start_game(&w);
    w.clock.advance(Duration::from_secs(49 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    notices[0].reply.text.clone()
}

#[test]
fn a_timeout_notice_follows_the_chosen_language() {
    let english = forfeit_notice(None);
    assert!(english.contains("did not move for twice"), "{english}");
    for language in [Language::It, Language::Es] {
        let notice = forfeit_notice(Some(language));
        assert_ne!(notice, english, "{language:?}");
        assert!(!notice.contains("did not move"), "{language:?}: {notice}");
        assert!(!notice.contains("{$"), "{language:?}: {notice}");
    }
}

/// A member whose Discord and server both speak `language`.
fn speaking(user: u64, language: Language) -> Actor {
    Actor {
        language,
        guild_language: Some(language),
        ..actor(user)
    }
}

/// The labels of a reply's buttons.
fn labels(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Component::Button { label, .. } => Some(label.clone()),
            Component::Select { .. } => None,
        })
        .collect()
}

/// No placeholder or message id shows through in a reply.
fn assert_finished_text(reply: &Reply) {
    let texts = std::iter::once(reply.text.clone()).chain(labels(reply));
    for text in texts {
        assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
        for message in damabot::i18n::Text::ALL {
            let id = message.id();
            assert!(!(id.contains('-') && text.contains(id)), "{id} in {text}");
        }
    }
}

fn challenge_as(w: &World, from: &Actor, to: u64, time_per_move: Option<Duration>) -> Reply {
    let reply = w
        .service
        .act(
            from,
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(to)),
                colour: ColourChoice::White,
                time_per_move,
            },
        )
        .unwrap();
    assert_finished_text(&reply);
    reply
}

/// What the challenge flow says in one language, phrase by phrase.
struct ChallengePhrases {
    language: Language,
    message: [&'static str; 4],
    buttons: [&'static str; 3],
    time_range: &'static str,
    yourself: &'static str,
    not_yours: &'static str,
    own: &'static str,
    declined: &'static str,
    was_declined: &'static str,
    expired: &'static str,
    accepted: &'static str,
    busy: &'static str,
}

fn challenge_phrases() -> [ChallengePhrases; 3] {
    [
        ChallengePhrases {
            language: Language::It,
            message: [
                "<@12>, <@11> ti sfida a una partita di dama valida per la classifica",
                "(<@11> ha il Bianco,",
                "24 ore per mossa",
                "Accetta o rifiuta: scade <t:1796000600:R>.",
            ],
            buttons: ["Accetta", "Rifiuta", "Annulla"],
            time_range: "Il tempo per mossa deve essere compreso tra 1 minuto e 14 giorni.",
            yourself: "Non puoi sfidare te stesso. Sfida un altro membro, oppure gioca contro di me con `/gioca`.",
            not_yours: "Solo bob può accettare questa sfida.",
            own: "Solo bob può rifiutare questa sfida. Per ritirarla, premi Annulla.",
            declined: "bob ha rifiutato la sfida di <@11>.",
            was_declined: "Questa sfida è stata rifiutata.",
            expired: "Questa sfida è scaduta. Lanciane una nuova con `/sfida`.",
            accepted: "bob ha accettato! <@11> ha il Bianco, <@12> il Nero. Muove per primo il Bianco.",
            busy: "Qui c'è già una partita in corso (#1)",
        },
        ChallengePhrases {
            language: Language::En,
            message: [
                "<@12>, <@11> challenges you to a rated game of dama",
                "(<@11> plays White,",
                "24 h per move",
                "Accept or decline: it expires <t:1796000600:R>.",
            ],
            buttons: ["Accept", "Decline", "Cancel"],
            time_range: "The time per move must be between 1 min and 14 days.",
            yourself: "You cannot challenge yourself. Challenge another member, or play me with `/play`.",
            not_yours: "Only bob can accept this challenge.",
            own: "Only bob can decline this challenge. To withdraw it, press Cancel.",
            declined: "bob declined the challenge from <@11>.",
            was_declined: "This challenge was declined.",
            expired: "This challenge has expired. Send a new one with `/challenge`.",
            accepted: "bob accepted! <@11> plays White, <@12> plays Black. White moves first.",
            busy: "A game is running here (#1) — start one in a thread",
        },
        ChallengePhrases {
            language: Language::Es,
            message: [
                "<@12>, <@11> te reta a una partida de damas puntuable",
                "(<@11> juega con blancas,",
                "24 h por jugada",
                "Acepta o rechaza: caduca <t:1796000600:R>.",
            ],
            buttons: ["Aceptar", "Rechazar", "Cancelar"],
            time_range: "El tiempo por jugada tiene que estar entre 1 min y 14 días.",
            yourself: "No puedes retarte a ti mismo. Reta a otro miembro o juega contra mí con `/jugar`.",
            not_yours: "Solo bob puede aceptar este reto.",
            own: "Solo bob puede rechazar este reto. Para retirarlo, pulsa Cancelar.",
            declined: "bob ha rechazado el reto de <@11>.",
            was_declined: "Este reto fue rechazado.",
            expired: "Este reto ha caducado. Envía uno nuevo con `/retar`.",
            accepted: "¡bob ha aceptado! <@11> juega con blancas y <@12> con negras. Empiezan las blancas.",
            busy: "Aquí ya hay una partida en juego (#1)",
        },
    ]
}

#[test]
fn challenges_are_answered_in_the_language_of_each_reader() {
    for phrases in challenge_phrases() {
        let w = world();
        let language = phrases.language;
        let (alice, bob, carol) = (
            speaking(ALICE, language),
            speaking(BOB, language),
            speaking(CAROL, language),
        );
        let check = |reply: &Reply, private: bool, phrase: &str| {
            assert_finished_text(reply);
            assert_eq!(reply.ephemeral, private, "{language:?}: {}", reply.text);
            assert!(reply.text.contains(phrase), "{language:?}: {}", reply.text);
        };

        let refused = challenge_as(&w, &alice, BOB, Some(Duration::from_secs(10)));
        check(&refused, true, phrases.time_range);
        let refused = challenge_as(&w, &alice, ALICE, None);
        check(&refused, true, phrases.yourself);

        let challenge = challenge_as(&w, &alice, BOB, None);
        for phrase in phrases.message {
            check(&challenge, false, phrase);
        }
        assert_eq!(labels(&challenge), phrases.buttons, "{language:?}");
        let accept = id_ending(&challenge, ":accept");
        let reply = w.service.component(&carol, &accept, &[]).unwrap();
        check(&reply, true, phrases.not_yours);
        let reply = w
            .service
            .component(&alice, &id_ending(&challenge, ":decline"), &[])
            .unwrap();
        check(&reply, true, phrases.own);
        let reply = w
            .service
            .act(&bob, Origin::Channel, Action::Decline)
            .unwrap();
        check(&reply, false, phrases.declined);
        let reply = w.service.component(&bob, &accept, &[]).unwrap();
        check(&reply, true, phrases.was_declined);

        // An expiry nobody asked for speaks the server's language.
        w.clock.advance(CHALLENGE_COOLDOWN);
        let challenge = challenge_as(&w, &alice, BOB, None);
        w.clock.advance(Duration::from_secs(11 * 60));
        let notices = w.service.sweep().unwrap();
        assert_eq!(notices.len(), 1);
        let expected = match w.service.server_language(GUILD) {
            Language::It => "La sfida di <@11> a bob è scaduta.",
            Language::En => "The challenge from <@11> to bob has expired.",
            Language::Es => "El reto de <@11> a bob ha caducado.",
        };
        check(&notices[0].reply, false, expected);
        let reply = w
            .service
            .component(&bob, &id_ending(&challenge, ":accept"), &[])
            .unwrap();
        check(&reply, true, phrases.expired);

        let challenge = challenge_as(&w, &alice, BOB, None);
        let board = w
            .service
            .component(&bob, &id_ending(&challenge, ":accept"), &[])
            .unwrap();
        check(&board, false, phrases.accepted);
        let refused = challenge_as(&w, &carol, BOB, None);
        check(&refused, true, phrases.busy);
    }
}

#[test]
fn the_sweep_forfeit_names_the_winner_in_the_servers_language() {
    let w = world();
    let alice = speaking(ALICE, Language::Es);
    let challenge = challenge_as(&w, &alice, BOB, None);
    w.service
        .component(
            &speaking(BOB, Language::Es),
            &id_ending(&challenge, ":accept"),
            &[],
        )
        .unwrap();
    w.clock.advance(Duration::from_secs(49 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    let text = &notices[0].reply.text;
    assert!(
        !text.contains("{$") && !text.contains("challenge-"),
        "{text}"
    );
    let expected = match w.service.server_language(GUILD) {
        Language::It => {
            "alice non ha mosso per il doppio del tempo per mossa. **<@12> vince** a tavolino la partita #1."
        }
        Language::En => {
            "alice did not move for twice the time per move. **<@12> wins** game #1 by forfeit."
        }
        Language::Es => {
            "alice no ha jugado en el doble del tiempo por jugada. **<@12> gana** la partida #1 por incomparecencia."
        }
    };
    assert!(text.contains(expected), "{text}");
}

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
            },
        );
        assert!(
            engine.text.starts_with(phrases.engine_game),
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
    assert!(spanish.text.starts_with("Repetición de la partida #1: "));
    let english = replay_for(&speaking(CAROL, Language::En)).replay.unwrap();
    assert_eq!(english.captions[0], "alice – bob · start");
    assert_eq!(english.captions[3], "alice – bob · 2. 23-19");
}

#[test]
fn replay_captions_shorten_long_names_to_fit() {
    let w = world();
    let long = |user: u64, name: &str| Actor {
        name: name.to_owned(),
        ..speaking(user, Language::Es)
    };
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
