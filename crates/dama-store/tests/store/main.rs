//! The store: the behavioural contract (`store/contract/`) on each SQLite configuration and on
//! PostgreSQL (`DAMA_TEST_POSTGRES`, see `store/pg.rs`), then what only SQLite has: the schema
//! and its migrations, WAL, backup, crashes and start-up errors; PostgreSQL's own are in
//! `store/postgres.rs`.

mod contract;
mod pg;
mod postgres;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use contract::{CHANNEL, fen, human_game, players};
use dama_core::store::{GameId, Participant, Store};
use dama_store::{OpenError, OpenOptions, SCHEMA_VERSION, SqliteStore, migrations};
use rusqlite::Connection;
use tempfile::TempDir;

fn temp_db() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("dama.db");
    (dir, path)
}

fn open(path: &Path) -> SqliteStore {
    SqliteStore::open(path).expect("the database opens")
}

/// Runs each behaviour of the contract on a private in-memory database (one connection), on
/// a file with the default options (a writer and a pool of readers, WAL), and on a schema of
/// its own on the PostgreSQL test server.
macro_rules! contract_on_every_backend {
    ($($behaviour:ident),+ $(,)?) => {
        mod in_memory {
            $(
                #[test]
                fn $behaviour() {
                    let store = dama_store::SqliteStore::open_in_memory().unwrap();
                    super::contract::$behaviour(&store);
                }
            )+
        }

        mod on_file {
            $(
                #[test]
                fn $behaviour() {
                    let (_dir, path) = super::temp_db();
                    let store = super::open(&path);
                    super::contract::$behaviour(&store);
                }
            )+
        }

        mod on_postgres {
            $(
                #[test]
                fn $behaviour() {
                    let Some(database) = super::pg::test_database() else {
                        return;
                    };
                    let store = database.open();
                    super::contract::$behaviour(&store);
                }
            )+
        }
    };
}

contract_on_every_backend!(
    player_round_trip_and_name_update,
    challenge_round_trip_and_single_answer,
    accepting_creates_the_game_atomically,
    expired_challenges_are_listed_and_marked,
    expired_challenges_of_some_shards_only,
    game_and_move_round_trip,
    one_active_game_per_channel,
    record_move_refuses_repeated_stale_and_finished_plies,
    thirty_two_threads_same_ply_one_wins,
    draw_offers_are_set_cleared_and_cleared_by_a_move,
    a_stale_answer_is_refused_once_the_offer_was_made_again,
    an_accept_racing_a_withdrawal_never_takes_a_withdrawn_offer,
    a_takeback_accept_racing_a_withdrawal_never_takes_moves_back,
    finishing_counts_and_rates_in_one_go,
    the_rating_system_given_is_applied_to_the_stored_ratings,
    a_counting_must_name_the_games_players,
    final_move_and_finish_are_one_transaction,
    overdue_games_by_periods,
    live_challenges_and_games_keep_their_clock,
    each_move_runs_the_movers_clock,
    flagged_games_are_the_live_ones_out_of_time,
    games_with_the_engine_to_move,
    the_board_message_replaced_is_returned,
    an_older_board_never_replaces_a_newer_one,
    leaderboard_pages_and_minimum_games,
    streaks_recent_games_and_export,
    games_need_stored_players_and_valid_values,
    server_settings_round_trip_and_stay_apart,
    games_in_threads_leave_their_channel_free,
    open_challenges_name_who_accepted,
    reminders_go_once_per_ply,
    takebacks_restore_the_position_and_are_recorded,
    idle_games_are_abandoned_only_at_the_ply_seen,
    server_choices_and_game_channels,
    notify_modes_per_person,
    languages_of_games_and_people,
    idle_engine_games_are_those_waiting_for_their_person,
    analyses_are_stored_for_ended_games_only,
    hints_are_counted_once_a_position_up_to_the_limit,
    tournaments_are_one_open_per_server_and_read_back,
    joining_is_once_and_during_the_sign_up_only,
    a_round_is_paired_once_with_its_games,
    tournaments_finish_and_cancel_once,
    two_joins_at_once_at_the_cap_take_one_place,
    puzzle_attempts_start_one_open_per_person,
    puzzle_answers_are_compare_and_set_on_the_step,
    eight_threads_answering_one_step_one_wins,
    finishing_a_puzzle_rates_counts_and_keeps_the_streak,
    the_puzzle_ranking_is_by_rating_with_a_minimum,
    daily_puzzles_are_found_counted_and_posted_once,
    puzzle_days_begin_at_the_servers_hour,
    outbox_notices_come_with_their_changes,
    moves_and_daily_posts_come_with_their_notices,
    endings_come_with_their_notices,
    rounds_and_finishes_come_with_their_notices,
    claimed_notices_are_posted_once_or_tried_again,
    eight_threads_claiming_one_notice_one_wins,
    identify_turns_are_held_until_their_time,
    eight_threads_asking_for_one_identify_turn_one_wins,
);

#[test]
fn two_stores_on_one_file_claim_a_notice_once() {
    let (_dir, path) = temp_db();
    let first = open(&path);
    let second = open(&path);
    contract::two_stores_claiming_one_notice_one_wins(&first, &second);
}

#[test]
fn a_change_whose_notice_is_refused_does_not_happen_on_sqlite() {
    let (_dir, path) = temp_db();
    let store = open(&path);
    contract::a_change_whose_notice_is_refused_does_not_happen(&store, || {
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TRIGGER outbox_refused BEFORE INSERT ON outbox \
                 BEGIN SELECT RAISE(ABORT, 'no notice'); END;",
            )
            .unwrap();
    });
}

#[test]
fn a_finished_game_survives_reopening() {
    let (_dir, path) = temp_db();
    let store = open(&path);
    contract::game_and_move_round_trip(&store);
    let done = store.recent_games_in_channel(CHANNEL, 1).unwrap().remove(0);
    drop(store);
    let store = open(&path);
    assert_eq!(store.game(done.id).unwrap(), Some(done));
    assert_eq!(store.active_game_in_channel(CHANNEL).unwrap(), None);
    assert_eq!(store.game(GameId(12_345)).unwrap(), None);
}

#[test]
fn the_schema_refuses_a_second_active_game_in_a_channel() {
    let (_dir, path) = temp_db();
    let store = open(&path);
    players(&store);
    let first = human_game(&store, CHANNEL, 1);
    // The schema itself refuses a second active game, whoever writes.
    let conn = Connection::open(&path).unwrap();
    let raw = conn.execute(
        "INSERT INTO games (guild_id, channel_id, white_level, black_level, time_per_move_ms, \
         rated, created_at, last_move_at, start_fen, current_fen) \
         VALUES (1, ?1, 1, 2, 1000, 0, 0, 0, 'x', 'x')",
        [CHANNEL as i64],
    );
    assert!(raw.is_err(), "the partial unique index must refuse");
    // Once the game ends the channel is free again, for the store and for the schema.
    store.abort_game(first.id, 4).unwrap();
    assert!(
        store
            .create_game(&contract::new_game(
                Participant::Engine(1),
                Participant::Engine(2),
                CHANNEL,
                5
            ))
            .is_ok()
    );
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

/// A database of version 2 (a challenge, an active game in a channel, a chosen language) opens on
/// this one with every row as it was: the challenge names its challenged member, the game is
/// played in its channel and still keeps it for itself, the server's games go in threads.
#[test]
fn a_version_2_database_keeps_its_challenges_games_and_settings() {
    let (_dir, path) = temp_db();
    {
        let mut conn = Connection::open(&path).unwrap();
        migrations().to_version(&mut conn, 2).unwrap();
        conn.execute_batch(
            "INSERT INTO players (guild_id, user_id, display_name, rating, deviation, volatility, \
             created_at) VALUES (7, 1, 'alice', 1500, 350, 0.06, 0), \
             (7, 2, 'bob', 1500, 350, 0.06, 0);
             INSERT INTO games (guild_id, channel_id, white_user_id, black_user_id, \
             time_per_move_ms, rated, created_at, last_move_at, start_fen, current_fen) \
             VALUES (7, 70, 1, 2, 3600000, 1, 0, 0, \
             'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', \
             'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
             INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, colour, \
             time_per_move_ms, rated, created_at, expires_at, message_channel_id, message_id) \
             VALUES (7, 71, 2, 1, 'black', 600000, 1, 10, 610, 71, 99);
             INSERT INTO servers (guild_id, language) VALUES (7, 'it');",
        )
        .unwrap();
    }
    let store = open(&path);
    let challenge = store
        .challenge(dama_core::store::ChallengeId(1))
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            challenge.challenger,
            challenge.challenged,
            challenge.expires_at
        ),
        (2, Some(1), 610)
    );
    assert_eq!(
        challenge.message.map(|m| (m.channel, m.message)),
        Some((71, 99))
    );
    assert_eq!(
        store.pending_challenges_in_channel(71, 100).unwrap().len(),
        1
    );
    let game = store.active_game_in_channel(70).unwrap().unwrap();
    assert!(!game.in_thread);
    assert_eq!(
        (game.thread, game.takebacks, game.reminder_stage),
        (None, 0, 0)
    );
    assert!(matches!(
        store.create_game(&dama_core::store::NewGame {
            guild: 7,
            channel: 70,
            white: Participant::User(2),
            black: Participant::User(1),
            time_per_move_ms: 60_000,
            clock: None,
            rated: false,
            start_fen: game.start_fen.clone(),
            created_at: 5,
            in_thread: false,
            language: None,
        }),
        Err(dama_core::store::StoreError::ChannelBusy { .. })
    ));
    let settings = store.server_settings(7).unwrap();
    assert_eq!(settings.language, Some(dama_core::i18n::Language::It));
    assert!(settings.threads);
    assert_eq!(settings.time_per_move_ms, None);
}

/// A database written by the first version (players, a game with a move) opens on this one:
/// its rows stay, every server starts with nothing chosen, and the tools read it.
#[test]
fn a_version_1_database_gains_the_servers_table() {
    let (_dir, path) = temp_db();
    {
        let mut conn = Connection::open(&path).unwrap();
        migrations().to_version(&mut conn, 1).unwrap();
        conn.execute_batch(
            "INSERT INTO players (guild_id, user_id, display_name, rating, deviation, volatility, \
             created_at) VALUES (7, 1, 'alice', 1500, 350, 0.06, 0), \
             (7, 2, 'bob', 1500, 350, 0.06, 0);
             INSERT INTO games (guild_id, channel_id, white_user_id, black_user_id, \
             time_per_move_ms, rated, created_at, last_move_at, start_fen, current_fen) \
             VALUES (7, 70, 1, 2, 3600000, 1, 0, 0, \
             'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', \
             'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
             INSERT INTO moves (game_id, ply, move_long, fen_after, played_at) \
             VALUES (1, 0, '22-18', \
             'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', 5);
             UPDATE games SET ply = 1, last_move_at = 5, current_fen = \
             'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';",
        )
        .unwrap();
        let has_servers: bool = conn
            .query_row(
                "SELECT count(*) > 0 FROM sqlite_schema WHERE name = 'servers'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert!(!has_servers, "version 1 has no servers table");
    }
    // `damabot db check` opens read-only and asks for the migration first.
    let read_only = OpenOptions {
        read_only: true,
        ..OpenOptions::default()
    };
    let error = SqliteStore::open_with(&path, &read_only).unwrap_err();
    assert!(
        matches!(error, OpenError::OlderSchema { found: 1, .. }),
        "{error:?}"
    );

    let store = open(&path);
    assert_eq!(store.player(7, 1).unwrap().unwrap().display_name, "alice");
    assert_eq!(store.moves(GameId(1)).unwrap().len(), 1);
    assert_eq!(
        store.server_settings(7).unwrap(),
        dama_core::store::ServerSettings::default()
    );
    store
        .set_server_language(7, Some(dama_core::i18n::Language::It))
        .unwrap();
    drop(store);

    let store = SqliteStore::open_with(&path, &read_only).unwrap();
    assert_eq!(
        store.server_settings(7).unwrap().language,
        Some(dama_core::i18n::Language::It)
    );
    drop(store);
    // `damabot db check` finds it sound; `damabot db backup` copies it.
    let store = SqliteStore::open_with(&path, &read_only).unwrap();
    let report = dama_store::check::check_database(&dama_store::AnyStore::Sqlite(store)).unwrap();
    assert_eq!((report.games, report.moves), (1, 1));
    assert_eq!(report.problems, Vec::<String>::new());
    SqliteStore::backup_file(
        &path,
        &path.with_file_name("copy.db"),
        Duration::from_secs(5),
    )
    .unwrap();
    let copy = SqliteStore::open_with(&path.with_file_name("copy.db"), &read_only).unwrap();
    assert_eq!(
        copy.server_settings(7).unwrap().language,
        Some(dama_core::i18n::Language::It)
    );
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
        matches!(error, OpenError::NewerSchema { found, known, .. }
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
    let pages = SqliteStore::backup_file(&path, &copy, Duration::from_secs(5)).unwrap();
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
    assert!(matches!(error, OpenError::NotADatabase { .. }), "{error:?}");
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
    assert!(matches!(error, OpenError::CannotOpen { .. }), "{error:?}");
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
    assert!(matches!(error, OpenError::Locked { .. }), "{error:?}");
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
    assert!(matches!(error, OpenError::Locked { .. }), "{error:?}");
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
