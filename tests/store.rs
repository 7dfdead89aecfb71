//! The SQLite store: schema, round trips, compare-and-set rules, concurrency, crashes and
//! start-up errors.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use damabot::store::{
    ByColor, ChallengeStatus, Color, ColourChoice, DrawOffer, EndReason, Finish, GameId,
    GameResult, GameStatus, INITIAL_RATING, MessageRef, NewChallenge, NewGame, OpenOptions,
    Participant, PlayerOutcome, SCHEMA_VERSION, SqliteStore, Store, StoreError, migrations,
};
use rusqlite::Connection;
use tempfile::TempDir;

const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 800_000_000_000_000_001;
const ALICE: u64 = 1_000_000_000_000_000_001;
const BOB: u64 = 1_000_000_000_000_000_002;
/// Above 2^63: checks that ids are stored bit-cast, not truncated.
const CAROL: u64 = u64::MAX - 7;
const HOUR: i64 = 3_600_000;
const START_FEN: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

fn temp_db() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("dama.db");
    (dir, path)
}

fn open(path: &Path) -> SqliteStore {
    SqliteStore::open(path).expect("the database opens")
}

fn players(store: &dyn Store) {
    store.ensure_player(GUILD, ALICE, "Alice", 1_000).unwrap();
    store.ensure_player(GUILD, BOB, "Bob", 1_000).unwrap();
    store.ensure_player(GUILD, CAROL, "Carol", 1_000).unwrap();
}

fn new_game(white: Participant, black: Participant, channel: u64, at: i64) -> NewGame {
    NewGame {
        guild: GUILD,
        channel,
        white,
        black,
        time_per_move_ms: HOUR,
        rated: true,
        start_fen: START_FEN.into(),
        created_at: at,
    }
}

fn human_game(store: &dyn Store, channel: u64, at: i64) -> damabot::store::Game {
    store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            channel,
            at,
        ))
        .unwrap()
}

fn fen(ply: u32) -> String {
    format!(
        "{}:W{}:B1",
        if ply % 2 == 0 { 'B' } else { 'W' },
        21 + ply % 12
    )
}

fn finish(result: GameResult, reason: EndReason, ply: u32, at: i64) -> Finish {
    Finish {
        result,
        reason,
        ply,
        at,
    }
}

#[test]
fn migrations_validate() {
    migrations().validate().unwrap();
    const { assert!(SCHEMA_VERSION >= 1) };
}

#[test]
fn migrations_apply_on_top_of_every_earlier_version() {
    for version in 0..SCHEMA_VERSION {
        let (_dir, path) = temp_db();
        {
            let mut conn = Connection::open(&path).unwrap();
            migrations().to_version(&mut conn, version).unwrap();
        }
        let store = open(&path);
        let conn = Connection::open(&path).unwrap();
        let found: usize = conn
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(found, SCHEMA_VERSION, "from version {version}");
        players(&store);
        let game = human_game(&store, CHANNEL, 2_000);
        store
            .record_move(game.id, 0, "22-18", &fen(1), 3_000)
            .unwrap();
        // Opening again is a no-op.
        drop(store);
        let store = open(&path);
        assert_eq!(store.moves(game.id).unwrap().len(), 1);
    }
}

#[test]
fn newer_schema_is_refused_with_a_clear_message() {
    let (_dir, path) = temp_db();
    drop(open(&path));
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION as i64 + 1)
        .unwrap();
    drop(conn);
    let error = SqliteStore::open(&path).unwrap_err();
    assert!(
        matches!(error, StoreError::NewerSchema { found, known, .. }
            if found == SCHEMA_VERSION as i64 + 1 && known == SCHEMA_VERSION),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(message.contains("newer damabot"), "{message}");
}

#[test]
fn the_file_is_in_wal_mode() {
    let (_dir, path) = temp_db();
    let _store = open(&path);
    let conn = Connection::open(&path).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn player_round_trip_and_name_update() {
    let store = SqliteStore::open_in_memory().unwrap();
    let alice = store.ensure_player(GUILD, ALICE, "Alice", 5).unwrap();
    assert_eq!(alice.display_name, "Alice");
    assert_eq!(alice.rating, INITIAL_RATING);
    assert_eq!((alice.wins, alice.losses, alice.draws), (0, 0, 0));
    assert_eq!(alice.created_at, 5);
    let renamed = store.ensure_player(GUILD, ALICE, "Alice B.", 99).unwrap();
    assert_eq!(renamed.display_name, "Alice B.");
    assert_eq!(renamed.created_at, 5, "first seen stays");
    assert_eq!(store.player(GUILD, ALICE).unwrap(), Some(renamed));
    let carol = store.ensure_player(GUILD, CAROL, "Carol", 7).unwrap();
    assert_eq!(carol.user, CAROL, "ids above 2^63 survive");
    assert_eq!(store.player(GUILD, CAROL).unwrap(), Some(carol));
    assert_eq!(store.player(GUILD + 1, ALICE).unwrap(), None, "per guild");
}

#[test]
fn challenge_round_trip_and_single_answer() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let new = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: CAROL,
        colour: ColourChoice::Random,
        time_per_move_ms: 5 * 60_000,
        rated: true,
        created_at: 1_000,
        expires_at: 601_000,
    };
    let challenge = store.create_challenge(&new).unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Pending);
    assert_eq!((challenge.challenger, challenge.challenged), (ALICE, CAROL));
    assert_eq!(challenge.colour, ColourChoice::Random);
    assert_eq!(challenge.time_per_move_ms, 300_000);
    assert_eq!(
        (challenge.created_at, challenge.expires_at),
        (1_000, 601_000)
    );
    assert!(challenge.rated);
    assert_eq!(challenge.resolved_at, None);
    let message = MessageRef {
        channel: CHANNEL,
        message: u64::MAX,
    };
    store.set_challenge_message(challenge.id, message).unwrap();
    let read = store.challenge(challenge.id).unwrap().unwrap();
    assert_eq!(read.message, Some(message));
    assert_eq!(
        store.pending_challenges_in_channel(CHANNEL, 2_000).unwrap(),
        vec![read.clone()]
    );
    assert_eq!(
        store
            .pending_challenges_for_user(GUILD, CAROL, 2_000)
            .unwrap(),
        vec![read.clone()]
    );
    assert!(
        store
            .pending_challenges_for_user(GUILD, BOB, 2_000)
            .unwrap()
            .is_empty()
    );

    let declined = store
        .resolve_challenge(challenge.id, ChallengeStatus::Declined, 3_000)
        .unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert_eq!(declined.resolved_at, Some(3_000));
    // A second answer (a cancel racing the decline) loses.
    let error = store
        .resolve_challenge(challenge.id, ChallengeStatus::Cancelled, 3_001)
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotPending {
                status: ChallengeStatus::Declined,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        store
            .pending_challenges_in_channel(CHANNEL, 3_000)
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        store.resolve_challenge(challenge.id, ChallengeStatus::Accepted, 1),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.create_challenge(&NewChallenge {
            challenged: 77,
            ..new.clone()
        }),
        Err(StoreError::PlayerNotFound { user: 77, .. })
    ));
    assert_eq!(
        store.challenge(damabot::store::ChallengeId(999)).unwrap(),
        None
    );
}

#[test]
fn accepting_creates_the_game_atomically() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let new = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: BOB,
        colour: ColourChoice::Black,
        time_per_move_ms: HOUR,
        rated: true,
        created_at: 1_000,
        expires_at: 10_000,
    };
    let first = store.create_challenge(&new).unwrap();
    let second = store.create_challenge(&new).unwrap();
    let game = new_game(
        Participant::User(BOB),
        Participant::User(ALICE),
        CHANNEL,
        2_000,
    );
    let (accepted, created) = store.accept_challenge(first.id, &game).unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.game, Some(created.id));
    assert_eq!(accepted.resolved_at, Some(2_000));
    assert_eq!(created.black, Participant::User(ALICE));
    // The channel is busy now: accepting the other challenge fails and leaves it pending.
    let error = store.accept_challenge(second.id, &game).unwrap_err();
    assert!(
        matches!(error, StoreError::ChannelBusy { game, .. } if game == created.id),
        "{error:?}"
    );
    assert_eq!(
        store.challenge(second.id).unwrap().unwrap().status,
        ChallengeStatus::Pending
    );
    // Accepting twice loses.
    assert!(matches!(
        store.accept_challenge(first.id, &game),
        Err(StoreError::ChallengeNotPending { .. })
    ));
    // Too late.
    let late = new_game(
        Participant::User(BOB),
        Participant::User(ALICE),
        CHANNEL + 1,
        10_000,
    );
    assert!(matches!(
        store.accept_challenge(second.id, &late),
        Err(StoreError::ChallengeExpired(id)) if id == second.id
    ));
}

#[test]
fn expired_challenges_are_listed_and_marked() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let make = |created: i64, expires: i64, channel: u64| {
        store
            .create_challenge(&NewChallenge {
                guild: GUILD,
                channel,
                challenger: ALICE,
                challenged: BOB,
                colour: ColourChoice::White,
                time_per_move_ms: HOUR,
                rated: true,
                created_at: created,
                expires_at: expires,
            })
            .unwrap()
    };
    let early = make(0, 100, CHANNEL);
    let late = make(50, 1_000, CHANNEL);
    let other = make(10, 200, CHANNEL + 1);
    let answered = make(0, 100, CHANNEL + 2);
    store
        .resolve_challenge(answered.id, ChallengeStatus::Cancelled, 20)
        .unwrap();

    assert_eq!(
        store
            .pending_challenges_in_channel(CHANNEL, 99)
            .unwrap()
            .len(),
        2
    );
    let visible = store.pending_challenges_in_channel(CHANNEL, 100).unwrap();
    assert_eq!(visible.iter().map(|c| c.id).collect::<Vec<_>>(), [late.id]);

    let due: Vec<_> = store
        .expired_challenges(200)
        .unwrap()
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(due, [early.id, other.id]);
    // Listing changes nothing.
    assert_eq!(store.expired_challenges(200).unwrap().len(), 2);

    let expired = store.expire_challenges(200).unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [early.id, other.id]
    );
    assert!(
        expired
            .iter()
            .all(|c| c.status == ChallengeStatus::Expired && c.resolved_at == Some(200))
    );
    assert!(store.expire_challenges(200).unwrap().is_empty());
    assert_eq!(
        store.challenge(late.id).unwrap().unwrap().status,
        ChallengeStatus::Pending
    );
    assert_eq!(
        store.challenge(answered.id).unwrap().unwrap().status,
        ChallengeStatus::Cancelled
    );
    assert!(matches!(
        store.resolve_challenge(early.id, ChallengeStatus::Declined, 300),
        Err(StoreError::ChallengeNotPending {
            status: ChallengeStatus::Expired,
            ..
        })
    ));
}

#[test]
fn game_and_move_round_trip() {
    let (_dir, path) = temp_db();
    let store = open(&path);
    players(&store);
    let game = store
        .create_game(&NewGame {
            rated: false,
            ..new_game(
                Participant::Engine(8),
                Participant::User(CAROL),
                CHANNEL,
                7_000,
            )
        })
        .unwrap();
    assert_eq!(game.white, Participant::Engine(8));
    assert_eq!(game.black, Participant::User(CAROL));
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(
        (game.ply, game.created_at, game.last_move_at),
        (0, 7_000, 7_000)
    );
    assert_eq!(game.current_fen, START_FEN);
    assert_eq!(game.result, None);
    assert_eq!(game.deadline(), 7_000 + HOUR);
    assert_eq!(game.side_to_move(), Some(Color::White));
    assert_eq!(game.colour_of(CAROL), Some(Color::Black));
    assert!(!game.rated);

    let board = MessageRef {
        channel: CHANNEL,
        message: 123,
    };
    store.set_board_message(game.id, board).unwrap();
    let after = store
        .record_move(game.id, 0, "22x13x6", &fen(1), 8_000)
        .unwrap();
    assert_eq!((after.ply, after.last_move_at), (1, 8_000));
    assert_eq!(after.current_fen, fen(1));
    let offered = store.offer_draw(game.id, Color::Black, 1).unwrap();
    assert_eq!(
        offered.draw_offer,
        Some(DrawOffer {
            by: Color::Black,
            at_ply: 1
        })
    );
    assert_eq!(offered.last_draw_offer_ply, ByColor::new(None, Some(1)));
    assert_eq!(offered.board_message, Some(board));
    assert_eq!(store.game(game.id).unwrap(), Some(offered.clone()));
    assert_eq!(
        store.active_game_in_channel(CHANNEL).unwrap(),
        Some(offered)
    );

    let moves = store.moves(game.id).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].game, game.id);
    assert_eq!(moves[0].ply, 0);
    assert_eq!(moves[0].move_long, "22x13x6");
    assert_eq!(moves[0].fen_after, fen(1));
    assert_eq!(moves[0].at, 8_000);

    let done = store
        .finish_game(
            game.id,
            finish(GameResult::BlackWins, EndReason::Resign, 1, 9_000),
        )
        .unwrap();
    assert_eq!(done.ratings, None, "engine games are unrated");
    assert_eq!(done.game.status, GameStatus::Finished);
    assert_eq!(done.game.result, Some(GameResult::BlackWins));
    assert_eq!(done.game.end_reason, Some(EndReason::Resign));
    assert_eq!(done.game.finished_at, Some(9_000));
    assert_eq!(done.game.draw_offer, None);
    drop(store);
    let store = open(&path);
    assert_eq!(store.game(done.game.id).unwrap(), Some(done.game));
    assert_eq!(store.active_game_in_channel(CHANNEL).unwrap(), None);
    assert_eq!(store.game(GameId(12_345)).unwrap(), None);
}

#[test]
fn one_active_game_per_channel() {
    let (_dir, path) = temp_db();
    let store = open(&path);
    players(&store);
    let first = human_game(&store, CHANNEL, 1);
    let error = store
        .create_game(&new_game(
            Participant::User(BOB),
            Participant::Engine(1),
            CHANNEL,
            2,
        ))
        .unwrap_err();
    assert!(
        matches!(error, StoreError::ChannelBusy { channel: CHANNEL, game } if game == first.id),
        "{error:?}"
    );
    // Another channel (a thread) is free.
    human_game(&store, CHANNEL + 1, 3);
    // The schema itself refuses a second active game, whoever writes.
    let conn = Connection::open(&path).unwrap();
    let raw = conn.execute(
        "INSERT INTO games (guild_id, channel_id, white_level, black_level, time_per_move_ms, \
         rated, created_at, last_move_at, start_fen, current_fen) \
         VALUES (1, ?1, 1, 2, 1000, 0, 0, 0, 'x', 'x')",
        [CHANNEL as i64],
    );
    assert!(raw.is_err(), "the partial unique index must refuse");
    // Once the game ends the channel is free again.
    store.abort_game(first.id, 4).unwrap();
    let second = human_game(&store, CHANNEL, 5);
    assert_ne!(second.id, first.id);
}

#[test]
fn record_move_refuses_repeated_stale_and_finished_plies() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let game = human_game(&store, CHANNEL, 0);
    store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();
    let error = store
        .record_move(game.id, 0, "21-17", &fen(1), 2)
        .unwrap_err();
    assert!(
        matches!(error, StoreError::AlreadyPlayed { ply: 0, .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        format!("ply 0 of game {} was already played", game.id)
    );
    let error = store
        .record_move(game.id, 5, "21-17", &fen(6), 2)
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::StalePly {
                given: 5,
                current: 1,
                ..
            }
        ),
        "{error:?}"
    );
    store
        .finish_game(
            game.id,
            finish(GameResult::Draw, EndReason::Agreement, 1, 3),
        )
        .unwrap();
    assert!(matches!(
        store.record_move(game.id, 1, "11-15", &fen(2), 4),
        Err(StoreError::GameNotActive {
            status: GameStatus::Finished,
            ..
        })
    ));
    assert_eq!(store.moves(game.id).unwrap().len(), 1);
}

#[test]
fn thirty_two_threads_same_ply_one_wins() {
    let (_dir, path) = temp_db();
    let store: Arc<dyn Store> = Arc::new(open(&path));
    players(store.as_ref());
    let game = human_game(store.as_ref(), CHANNEL, 0);
    for ply in 0..3 {
        let barrier = Arc::new(Barrier::new(32));
        let handles: Vec<_> = (0..32)
            .map(|thread| {
                let store = Arc::clone(&store);
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    store.record_move(
                        game.id,
                        ply,
                        &format!("move-{thread}"),
                        &fen(ply + 1),
                        i64::from(ply) * 10 + i64::from(thread),
                    )
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let wins = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(wins, 1, "ply {ply}: exactly one submission is stored");
        for result in &results {
            if let Err(error) = result {
                assert!(
                    matches!(error, StoreError::AlreadyPlayed { ply: p, .. } if *p == ply),
                    "{error:?}"
                );
                assert!(error.to_string().contains("already played"));
            }
        }
        let moves = store.moves(game.id).unwrap();
        assert_eq!(moves.len() as u32, ply + 1);
        let winner = results.iter().find_map(|r| r.as_ref().ok()).unwrap();
        assert_eq!(moves[ply as usize].at, winner.last_move_at);
    }
    assert_eq!(store.game(game.id).unwrap().unwrap().ply, 3);
}

#[test]
fn draw_offers_are_set_cleared_and_cleared_by_a_move() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let game = human_game(&store, CHANNEL, 0);
    assert!(matches!(
        store.offer_draw(game.id, Color::White, 3),
        Err(StoreError::StalePly { .. })
    ));
    let offered = store.offer_draw(game.id, Color::White, 0).unwrap();
    assert_eq!(offered.last_draw_offer_ply, ByColor::new(Some(0), None));
    let cleared = store.clear_draw_offer(game.id).unwrap();
    assert_eq!(cleared.draw_offer, None);
    assert_eq!(cleared.last_draw_offer_ply, ByColor::new(Some(0), None));
    store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();
    store.offer_draw(game.id, Color::Black, 1).unwrap();
    let moved = store.record_move(game.id, 1, "11-15", &fen(2), 2).unwrap();
    assert_eq!(moved.draw_offer, None, "a move declines the offer");
    assert_eq!(moved.last_draw_offer_ply, ByColor::new(Some(0), Some(1)));
}

#[test]
fn finishing_counts_and_rates_in_one_go() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let game = human_game(&store, CHANNEL, 0);
    // Stale: a move came in after the caller looked.
    store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();
    assert!(matches!(
        store.finish_game(
            game.id,
            finish(GameResult::BlackWins, EndReason::TimeoutClaim, 0, 2)
        ),
        Err(StoreError::StalePly { .. })
    ));
    assert!(matches!(
        store.finish_game(
            game.id,
            finish(GameResult::BlackWins, EndReason::Abort, 1, 2)
        ),
        Err(StoreError::Invalid(_))
    ));
    let done = store
        .finish_game(
            game.id,
            finish(GameResult::WhiteWins, EndReason::Resign, 1, 2),
        )
        .unwrap();
    let ratings = done.ratings.expect("a rated game between people");
    assert_eq!(ratings.white.user, ALICE);
    assert_eq!(ratings.white.before, INITIAL_RATING);
    assert!(ratings.white.after.rating > 1500.0);
    assert!(ratings.black.after.rating < 1500.0);
    assert!(ratings.white.after.deviation < 350.0);
    // The same numbers as skillratings computes.
    let (expected, _) = skillratings::glicko2::glicko2(
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::Outcomes::WIN,
        &skillratings::glicko2::Glicko2Config::new(),
    );
    assert!((ratings.white.after.rating - expected.rating).abs() < 1e-9);
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    let bob = store.player(GUILD, BOB).unwrap().unwrap();
    assert_eq!(alice.rating, ratings.white.after);
    assert_eq!(bob.rating, ratings.black.after);
    assert_eq!((alice.wins, alice.losses, alice.draws), (1, 0, 0));
    assert_eq!((bob.wins, bob.losses, bob.draws), (0, 1, 0));
    assert!(matches!(
        store.finish_game(
            game.id,
            finish(GameResult::Draw, EndReason::Agreement, 1, 3)
        ),
        Err(StoreError::GameNotActive { .. })
    ));

    // Unrated between people: counted, not rated.
    let casual = store
        .create_game(&NewGame {
            rated: false,
            ..new_game(
                Participant::User(BOB),
                Participant::User(ALICE),
                CHANNEL,
                10,
            )
        })
        .unwrap();
    let done = store
        .finish_game(
            casual.id,
            finish(GameResult::Draw, EndReason::Agreement, 0, 11),
        )
        .unwrap();
    assert_eq!(done.ratings, None);
    let alice_after = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(alice_after.rating, alice.rating);
    assert_eq!(alice_after.draws, 1);

    // Against the engine: no rating change, counted per level.
    for (level, result) in [
        (3, GameResult::WhiteWins),
        (3, GameResult::BlackWins),
        (5, GameResult::Draw),
    ] {
        let g = store
            .create_game(&new_game(
                Participant::User(ALICE),
                Participant::Engine(level),
                CHANNEL,
                20,
            ))
            .unwrap();
        store
            .finish_game(g.id, finish(result, EndReason::NoMoves, 0, 21))
            .unwrap();
    }
    let g = store
        .create_game(&new_game(
            Participant::Engine(5),
            Participant::User(ALICE),
            CHANNEL,
            30,
        ))
        .unwrap();
    store
        .finish_game(
            g.id,
            finish(GameResult::WhiteWins, EndReason::NoMoves, 0, 31),
        )
        .unwrap();
    // Aborted: nothing at all.
    let g = human_game(&store, CHANNEL, 40);
    let aborted = store.abort_game(g.id, 41).unwrap();
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(aborted.end_reason, Some(EndReason::Abort));
    assert_eq!(aborted.result, None);
    assert!(matches!(
        store.abort_game(g.id, 42),
        Err(StoreError::GameNotActive { .. })
    ));

    let stats = store.player_stats(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(
        stats.player.rating, alice.rating,
        "engine games do not rate"
    );
    assert_eq!(
        (stats.player.wins, stats.player.losses, stats.player.draws),
        (1, 0, 1)
    );
    let levels: Vec<_> = stats
        .engine_records
        .iter()
        .map(|r| (r.level, r.wins, r.losses, r.draws))
        .collect();
    assert_eq!(levels, [(3, 1, 1, 0), (5, 0, 1, 1)]);
    // Latest first: the loss at level 5 (finished at 31), then a draw.
    let streak = stats.streak.unwrap();
    assert_eq!((streak.outcome, streak.length), (PlayerOutcome::Loss, 1));
}

#[test]
fn final_move_and_finish_are_one_transaction() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let game = human_game(&store, CHANNEL, 0);
    // A finish at the wrong ply is refused before anything is written.
    assert!(matches!(
        store.record_final_move(
            game.id,
            0,
            "22-18",
            &fen(1),
            finish(GameResult::WhiteWins, EndReason::NoMoves, 0, 1)
        ),
        Err(StoreError::Invalid(_))
    ));
    assert!(store.moves(game.id).unwrap().is_empty());
    let done = store
        .record_final_move(
            game.id,
            0,
            "22-18",
            &fen(1),
            finish(GameResult::WhiteWins, EndReason::NoMoves, 1, 1),
        )
        .unwrap();
    assert_eq!(done.game.ply, 1);
    assert_eq!(done.game.status, GameStatus::Finished);
    assert_eq!(done.game.last_move_at, 1);
    assert!(done.ratings.is_some());
    assert_eq!(store.moves(game.id).unwrap().len(), 1);
}

#[test]
fn overdue_games_by_periods() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let quiet = human_game(&store, CHANNEL, 0);
    let busy = human_game(&store, CHANNEL + 1, 0);
    store
        .record_move(busy.id, 0, "22-18", &fen(1), HOUR)
        .unwrap();
    let ids = |at, periods| -> Vec<GameId> {
        store
            .overdue_games(at, periods)
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect()
    };
    assert!(ids(HOUR, 1).is_empty(), "the deadline itself is not past");
    assert_eq!(ids(HOUR + 1, 1), [quiet.id]);
    assert_eq!(ids(2 * HOUR + 1, 1), [quiet.id, busy.id]);
    assert!(ids(2 * HOUR, 2).is_empty());
    assert_eq!(ids(2 * HOUR + 1, 2), [quiet.id]);
    store.abort_game(quiet.id, 5).unwrap();
    assert_eq!(ids(10 * HOUR, 1), [busy.id], "only active games");
}

#[test]
fn games_with_the_engine_to_move() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let ids = || -> Vec<GameId> {
        store
            .engine_to_move_games()
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect()
    };
    // The engine has White and has not opened yet.
    let opening = store
        .create_game(&new_game(
            Participant::Engine(3),
            Participant::User(ALICE),
            CHANNEL,
            0,
        ))
        .unwrap();
    // Bob (White) to move against the engine: not listed until he has moved.
    let waiting = store
        .create_game(&new_game(
            Participant::User(BOB),
            Participant::Engine(5),
            CHANNEL + 1,
            0,
        ))
        .unwrap();
    human_game(&store, CHANNEL + 2, 0);
    assert_eq!(ids(), [opening.id]);
    store
        .record_move(waiting.id, 0, "22-18", "B:W18,21,23:B1,2", HOUR)
        .unwrap();
    assert_eq!(ids(), [opening.id, waiting.id], "oldest move first");
    store
        .record_move(opening.id, 0, "22-18", "B:W18,21,23:B1,2", 2 * HOUR)
        .unwrap();
    assert_eq!(ids(), [waiting.id], "Alice (Black) is to move");
    store.abort_game(waiting.id, 3 * HOUR).unwrap();
    assert!(ids().is_empty(), "only active games");
}

#[test]
fn the_board_message_replaced_is_returned() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    let game = human_game(&store, CHANNEL, 0);
    let first = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let second = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(store.set_board_message(game.id, first).unwrap(), None);
    assert_eq!(
        store.set_board_message(game.id, second).unwrap(),
        Some(first)
    );
    assert_eq!(
        store.set_board_message(game.id, second).unwrap(),
        Some(second)
    );
    assert_eq!(
        store.game(game.id).unwrap().unwrap().board_message,
        Some(second)
    );
}

#[test]
fn leaderboard_pages_and_minimum_games() {
    let store = SqliteStore::open_in_memory().unwrap();
    // 25 players; player i beats player i+1 once, so ratings spread; one player never plays.
    let users: Vec<u64> = (1..=25).collect();
    for &user in &users {
        store
            .ensure_player(GUILD, user, &format!("p{user}"), 0)
            .unwrap();
    }
    store.ensure_player(GUILD, 999, "idle", 0).unwrap();
    store.ensure_player(GUILD + 1, 1, "elsewhere", 0).unwrap();
    for pair in users.windows(2) {
        let g = store
            .create_game(&new_game(
                Participant::User(pair[0]),
                Participant::User(pair[1]),
                CHANNEL,
                0,
            ))
            .unwrap();
        store
            .finish_game(g.id, finish(GameResult::WhiteWins, EndReason::Resign, 0, 1))
            .unwrap();
    }
    let page0 = store.leaderboard(GUILD, 1, 0, 10).unwrap();
    assert_eq!(page0.total_players, 25);
    assert_eq!(page0.pages, 3);
    assert_eq!(page0.entries.len(), 10);
    assert_eq!(page0.entries[0].rank, 1);
    assert_eq!(page0.entries[0].player.user, 1, "won its only game");
    let ratings: Vec<f64> = page0
        .entries
        .iter()
        .map(|e| e.player.rating.rating)
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    let page2 = store.leaderboard(GUILD, 1, 2, 10).unwrap();
    assert_eq!(page2.entries.len(), 5);
    assert_eq!(page2.entries[0].rank, 21);
    assert_eq!(
        page2.entries.last().unwrap().player.user,
        25,
        "lost its only game"
    );
    assert!(
        store
            .leaderboard(GUILD, 1, 3, 10)
            .unwrap()
            .entries
            .is_empty()
    );
    // Minimum games: the middle players played two.
    let two = store.leaderboard(GUILD, 2, 0, 10).unwrap();
    assert_eq!(two.total_players, 23);
    // No minimum: the idle player shows too.
    assert_eq!(
        store.leaderboard(GUILD, 0, 0, 10).unwrap().total_players,
        26
    );
    let empty = store.leaderboard(GUILD + 5, 1, 0, 10).unwrap();
    assert_eq!((empty.total_players, empty.pages), (0, 1));
    assert!(matches!(
        store.leaderboard(GUILD, 1, 0, 0),
        Err(StoreError::Invalid(_))
    ));
}

#[test]
fn streaks_recent_games_and_export() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    assert_eq!(
        store.player_stats(GUILD, ALICE).unwrap().unwrap().streak,
        None
    );
    assert_eq!(store.player_stats(GUILD, 4242).unwrap(), None);
    let mut ids = Vec::new();
    // Alice: loss, win, win, win (latest), as White and Black.
    for (i, (alice_white, result)) in [
        (true, GameResult::BlackWins),
        (false, GameResult::BlackWins),
        (true, GameResult::WhiteWins),
        (false, GameResult::BlackWins),
    ]
    .into_iter()
    .enumerate()
    {
        let at = i as i64 * 100;
        let (white, black) = if alice_white {
            (ALICE, BOB)
        } else {
            (BOB, ALICE)
        };
        let g = store
            .create_game(&new_game(
                Participant::User(white),
                Participant::User(black),
                CHANNEL,
                at,
            ))
            .unwrap();
        store
            .record_move(g.id, 0, "22-18", &fen(1), at + 10)
            .unwrap();
        store
            .finish_game(g.id, finish(result, EndReason::Resign, 1, at + 20))
            .unwrap();
        ids.push(g.id);
    }
    let active = human_game(&store, CHANNEL + 1, 1_000);
    let stats = store.player_stats(GUILD, ALICE).unwrap().unwrap();
    let streak = stats.streak.unwrap();
    assert_eq!((streak.outcome, streak.length), (PlayerOutcome::Win, 3));
    let bob = store.player_stats(GUILD, BOB).unwrap().unwrap();
    let streak = bob.streak.unwrap();
    assert_eq!((streak.outcome, streak.length), (PlayerOutcome::Loss, 3));

    let recent: Vec<_> = store
        .recent_games_of_player(GUILD, ALICE, 3)
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(recent, [active.id, ids[3], ids[2]]);
    let in_channel: Vec<_> = store
        .recent_games_in_channel(CHANNEL, 10)
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(in_channel, [ids[3], ids[2], ids[1], ids[0]]);
    assert!(
        store
            .recent_games_of_player(GUILD, CAROL, 10)
            .unwrap()
            .is_empty()
    );

    let export = store.game_export(ids[1]).unwrap().unwrap();
    assert_eq!(export.game.id, ids[1]);
    assert_eq!(
        export.names,
        ByColor::new(Some("Bob".to_owned()), Some("Alice".to_owned()))
    );
    assert_eq!(export.moves.len(), 1);
    assert_eq!(export.game.result, Some(GameResult::BlackWins));
    let engine = store
        .create_game(&new_game(
            Participant::Engine(2),
            Participant::User(ALICE),
            CHANNEL + 3,
            5,
        ))
        .unwrap();
    let export = store.game_export(engine.id).unwrap().unwrap();
    assert_eq!(export.names, ByColor::new(None, Some("Alice".to_owned())));
    assert_eq!(store.game_export(GameId(999)).unwrap(), None);
}

#[test]
fn games_need_stored_players_and_valid_values() {
    let store = SqliteStore::open_in_memory().unwrap();
    players(&store);
    assert!(matches!(
        store.create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(5),
            CHANNEL,
            0
        )),
        Err(StoreError::PlayerNotFound { user: 5, .. })
    ));
    assert!(matches!(
        store.create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(0),
            CHANNEL,
            0
        )),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.create_game(&NewGame {
            time_per_move_ms: 0,
            ..new_game(Participant::User(ALICE), Participant::User(BOB), CHANNEL, 0)
        }),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.set_board_message(
            GameId(77),
            MessageRef {
                channel: 1,
                message: 2
            }
        ),
        Err(StoreError::GameNotFound(GameId(77)))
    ));
}

#[test]
fn backup_while_writing() {
    let (dir, path) = temp_db();
    let store = Arc::new(open(&path));
    players(store.as_ref());
    let game = human_game(store.as_ref(), CHANNEL, 0);
    let writer = {
        let store = Arc::clone(&store);
        std::thread::spawn(move || {
            for ply in 0..400 {
                store
                    .record_move(game.id, ply, "22-18", &fen(ply + 1), i64::from(ply))
                    .unwrap();
            }
        })
    };
    let copy = dir.path().join("copy.db");
    let pages = store.backup_to(&copy).unwrap();
    writer.join().unwrap();
    assert!(pages > 0);
    let copied = SqliteStore::open(&copy).unwrap();
    assert!(copied.integrity_problems().unwrap().is_empty());
    let saved = copied.game(game.id).unwrap().unwrap();
    assert_eq!(
        copied.moves(game.id).unwrap().len() as u32,
        saved.ply,
        "one snapshot"
    );
}

// ---- start-up errors -----------------------------------------------------------------------

fn quick() -> OpenOptions {
    OpenOptions {
        busy_timeout: Duration::from_millis(100),
        ..OpenOptions::default()
    }
}

#[test]
fn a_file_that_is_not_a_database() {
    let (_dir, path) = temp_db();
    std::fs::write(&path, "name,score\nalice,3\n".repeat(200)).unwrap();
    let error = SqliteStore::open(&path).unwrap_err();
    assert!(
        matches!(error, StoreError::NotADatabase { .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("is not a SQLite database"),
        "{error}"
    );
}

#[test]
fn a_missing_directory() {
    let (dir, _) = temp_db();
    let path = dir.path().join("no-such-dir").join("dama.db");
    let error = SqliteStore::open(&path).unwrap_err();
    assert!(matches!(error, StoreError::CannotOpen { .. }), "{error:?}");
    assert!(error.to_string().contains("no-such-dir"), "{error}");
}

#[test]
fn a_database_locked_by_another_process() {
    // A fresh file locked exclusively (rollback journal, as another program might).
    let (_dir, path) = temp_db();
    let other = Connection::open(&path).unwrap();
    other
        .execute_batch(
            "PRAGMA locking_mode = EXCLUSIVE; CREATE TABLE t (x); BEGIN EXCLUSIVE; \
             INSERT INTO t VALUES (1);",
        )
        .unwrap();
    let error = SqliteStore::open_with(&path, &quick()).unwrap_err();
    assert!(matches!(error, StoreError::Locked { .. }), "{error:?}");
    assert!(
        error.to_string().contains("locked by another process"),
        "{error}"
    );
    drop(other);

    // A bot's database whose write lock another process holds.
    let (_dir, path) = temp_db();
    drop(open(&path));
    let other = Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE;").unwrap();
    let error = SqliteStore::open_with(&path, &quick()).unwrap_err();
    assert!(matches!(error, StoreError::Locked { .. }), "{error:?}");
    other.execute_batch("COMMIT;").unwrap();
    SqliteStore::open_with(&path, &quick()).unwrap();
}

/// Opens `path` as an unprivileged user and returns the error's `Debug` and `Display`, or
/// `None` if it opened. A root process can write any file, so as root the open runs in a child
/// process (this test binary again) as user `nobody`.
fn open_unprivileged(path: &Path) -> Option<(String, String)> {
    let is_root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    if !is_root {
        return SqliteStore::open_with(path, &quick())
            .err()
            .map(|e| (format!("{e:?}"), e.to_string()));
    }
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "open_child", "--ignored", "--nocapture"])
        .env("DAMA_STORE_OPEN_PATH", path)
        .uid(65_534)
        .gid(65_534)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("OPEN-RESULT "))
        .unwrap_or_else(|| panic!("no result from the child: {stdout}"));
    if line == "ok" {
        return None;
    }
    let (debug, display) = line.split_once(" | ").unwrap();
    Some((debug.to_owned(), display.to_owned()))
}

#[test]
#[ignore = "run by the read-only tests as a child process"]
fn open_child() {
    let path = std::env::var_os("DAMA_STORE_OPEN_PATH").expect("DAMA_STORE_OPEN_PATH is set");
    let result = match SqliteStore::open_with(Path::new(&path), &quick()) {
        Ok(_) => "ok".to_owned(),
        Err(e) => format!("{e:?} | {e}"),
    };
    println!("OPEN-RESULT {}", result.replace('\n', " "));
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn read_only_file_and_directory() {
    // A write-protected file in a writable directory.
    let (dir, path) = temp_db();
    drop(open(&path));
    chmod(dir.path(), 0o777);
    chmod(&path, 0o444);
    let (debug, display) = open_unprivileged(&path).expect("a read-only file must fail");
    assert!(debug.starts_with("ReadOnly"), "{debug}");
    assert!(display.contains("is read-only"), "{display}");

    // A writable file in a write-protected directory (no room for -wal and -shm).
    chmod(&path, 0o666);
    chmod(dir.path(), 0o555);
    let (debug, _) = open_unprivileged(&path).expect("a read-only directory must fail");
    assert!(debug.starts_with("ReadOnly"), "{debug}");

    // A new database in a write-protected directory.
    let (debug, _) = open_unprivileged(&dir.path().join("new.db"))
        .expect("no database can be created in a read-only directory");
    assert!(debug.starts_with("ReadOnly"), "{debug}");

    // Writable again: opens.
    chmod(dir.path(), 0o777);
    assert_eq!(open_unprivileged(&path), None);
    chmod(dir.path(), 0o700);
}

// ---- crash ---------------------------------------------------------------------------------

/// The child of the crash test: records moves in a loop, printing `ACK game ply` after each
/// acknowledged one, until it is killed.
#[test]
#[ignore = "run by crash_keeps_every_acknowledged_move as a child process"]
fn crash_child() {
    let path = std::env::var_os("DAMA_STORE_CRASH_DB").expect("DAMA_STORE_CRASH_DB is set");
    let store = SqliteStore::open(Path::new(&path)).unwrap();
    players(&store);
    let mut games = Vec::new();
    for channel in 0..4 {
        let game = match store.active_game_in_channel(CHANNEL + channel).unwrap() {
            Some(game) => game,
            None => human_game(&store, CHANNEL + channel, 0),
        };
        games.push(game);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    loop {
        for game in &mut games {
            let ply = game.ply;
            *game = store
                .record_move(game.id, ply, "22-18", &fen(ply + 1), i64::from(ply))
                .unwrap();
            writeln!(out, "ACK {} {ply}", game.id).unwrap();
            out.flush().unwrap();
        }
    }
}

#[test]
fn crash_keeps_every_acknowledged_move() {
    use rand::Rng;
    let (_dir, path) = temp_db();
    let mut rng = rand::rng();
    let mut acknowledged: Vec<(i64, u32)> = Vec::new();
    for round in 0..3 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "crash_child", "--ignored", "--nocapture"])
            .env("DAMA_STORE_CRASH_DB", &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut acks = Vec::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.strip_prefix("ACK ") {
                    let (game, ply) = rest.split_once(' ').unwrap();
                    acks.push((game.parse::<i64>().unwrap(), ply.parse::<u32>().unwrap()));
                }
            }
            acks
        });
        std::thread::sleep(Duration::from_millis(rng.random_range(150..600)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let acks = reader.join().unwrap();
        assert!(
            !acks.is_empty(),
            "round {round}: the child acknowledged no move"
        );
        acknowledged.extend(acks);

        let store = open(&path);
        assert_eq!(store.integrity_problems().unwrap(), Vec::<String>::new());
        for &(game, ply) in &acknowledged {
            let stored = store.game(GameId(game)).unwrap().unwrap();
            assert!(
                stored.ply > ply,
                "game {game}: ply {ply} acknowledged, lost"
            );
        }
        for id in store.game_ids().unwrap() {
            let game = store.game(id).unwrap().unwrap();
            let moves = store.moves(id).unwrap();
            assert_eq!(
                moves.len() as u32,
                game.ply,
                "game {id}: moves and ply agree"
            );
            assert!(moves.iter().enumerate().all(|(i, m)| m.ply as usize == i));
            if let Some(last) = moves.last() {
                assert_eq!(last.fen_after, game.current_fen);
            }
        }
    }
}
