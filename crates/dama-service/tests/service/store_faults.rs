//! The service over a store shared and damaged: two processes on one database see each other's
//! notification choices, and a game that does not replay is skipped by the sweep, which still
//! serves every other game, and is named by `damabot db check`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use dama_core::store::{
    ColourChoice, EndReason, Game, GameStatus, NewChallenge, NewGame, NotifyMode, Participant,
};
use dama_rules::Position;
use dama_service::{Action, Actor, GameService, ManualClock, Origin, Reply, SettingsChange};
use dama_store::check::check_database;
use dama_store::{AnyStore, OpenOptions, SqliteStore};

use crate::world::{START, settings};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;

/// A game service on the database at `path`, as one process of several would run it.
fn service_on(path: &Path, clock: &Arc<ManualClock>) -> GameService {
    dama_core::i18n::set_strict(true);
    let store = SqliteStore::open(path).unwrap();
    GameService::new(Arc::new(store), clock.clone(), settings())
}

fn actor(user: u64, channel: u64) -> Actor {
    Actor::new(
        user,
        if user == ALICE { "alice" } else { "bob" },
        GUILD,
        channel,
    )
    .can_open_threads(false)
}

/// Alice (White) against Bob in `channel`, `time_per_move_ms` a move, stored directly.
fn game(service: &GameService, channel: u64, time_per_move_ms: i64) -> Game {
    let store = service.store();
    let now = service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap()
}

/// `who` plays the first legal move of their game in `channel`, through `service`.
fn play_any(service: &GameService, who: &Actor) -> Reply {
    let game = service
        .store()
        .active_game_in_channel(who.channel)
        .unwrap()
        .expect("an active game");
    let position = Position::from_fen(&game.current_fen).unwrap();
    let text = position.move_text(&position.legal_moves()[0]);
    service
        .act(who, Origin::Channel, Action::Move { text })
        .unwrap()
}

#[test]
fn a_notification_choice_made_in_one_process_reaches_the_other() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dama.db");
    let clock = Arc::new(ManualClock::new(START));
    let first = service_on(&path, &clock);
    let second = service_on(&path, &clock);
    game(&first, CHANNEL, DAY_MS);
    let (alice, bob) = (actor(ALICE, CHANNEL), actor(BOB, CHANNEL));

    // The first process reads Bob's choice (the default: a mention) for Alice's move.
    let reply = play_any(&first, &alice);
    assert_eq!(reply.mentions, [BOB], "{}", reply.text);
    // Bob asks for direct messages through the other process.
    let change = SettingsChange {
        notify: Some(NotifyMode::Dm),
        ..SettingsChange::default()
    };
    second
        .act(&bob, Origin::Channel, Action::Settings(change))
        .unwrap();
    play_any(&first, &bob);

    // A minute later the first process tells Bob of Alice's move by direct message.
    clock.advance(Duration::from_secs(60));
    let reply = play_any(&first, &alice);
    assert!(reply.mentions.is_empty(), "{:?}", reply.mentions);
    assert_eq!(reply.notices.len(), 1, "{:?}", reply.notices);
    assert_eq!(reply.notices[0].direct, Some(BOB));
}

/// `damabot db check` on the database at `path`: its problems.
fn db_check(path: &Path) -> Vec<String> {
    let store = SqliteStore::open_with(
        path,
        &OpenOptions {
            read_only: true,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    check_database(&AnyStore::Sqlite(store)).unwrap().problems
}

#[test]
fn a_game_that_does_not_replay_is_skipped_and_the_sweep_serves_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dama.db");
    let clock = Arc::new(ManualClock::new(START));
    let service = service_on(&path, &clock);
    let store = service.store();
    // The broken game first, overdue like the next one: its move list no longer replays.
    let broken = game(&service, CHANNEL, MINUTE_MS);
    play_any(&service, &actor(ALICE, CHANNEL));
    let overdue = game(&service, CHANNEL + 1, MINUTE_MS);
    // Half of its time gone at the sweep: a reminder is due.
    let reminded = game(&service, CHANNEL + 2, 4 * MINUTE_MS);
    let challenge = store
        .create_challenge(&NewChallenge {
            guild: GUILD,
            channel: CHANNEL + 3,
            challenger: ALICE,
            challenged: Some(BOB),
            colour: ColourChoice::White,
            time_per_move_ms: DAY_MS,
            clock: None,
            rated: false,
            created_at: START,
            expires_at: START + MINUTE_MS,
        })
        .unwrap();
    let db = rusqlite::Connection::open(&path).unwrap();
    db.execute(
        "UPDATE moves SET move_long = '99-98' WHERE game_id = ?1",
        [broken.id.0],
    )
    .unwrap();

    clock.advance(Duration::from_secs(150));
    let notices = service
        .sweep()
        .expect("the sweep goes on past a broken game");
    let places: Vec<u64> = notices.iter().map(|n| n.channel).collect();
    // The challenge expired (committed before the forfeits) is announced.
    assert_eq!(
        store.challenge(challenge.id).unwrap().unwrap().status,
        dama_core::store::ChallengeStatus::Expired
    );
    assert!(places.contains(&(CHANNEL + 3)), "{places:?}");
    // The other overdue game is forfeited, the reminder goes, the broken game waits.
    let forfeited = store.game(overdue.id).unwrap().unwrap();
    assert_eq!(forfeited.end_reason, Some(EndReason::TimeoutSweep));
    assert!(places.contains(&(CHANNEL + 1)), "{places:?}");
    assert_eq!(store.game(reminded.id).unwrap().unwrap().reminder_stage, 1);
    assert!(places.contains(&(CHANNEL + 2)), "{places:?}");
    assert_eq!(
        store.game(broken.id).unwrap().unwrap().status,
        GameStatus::Active
    );
    assert!(!places.contains(&CHANNEL), "{places:?}");
    // The next sweep skips it again, and goes on.
    assert!(service.sweep().is_ok());

    // `db check` names it, and why.
    let problems = db_check(&path);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with(&format!("game {}: ply 0: `99-98`", broken.id)),
        "{problems:?}"
    );
}
