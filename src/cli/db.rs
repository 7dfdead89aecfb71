//! Database tools: `db check`, `db backup` and `db copy`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Subcommand;

use dama_core::config::Config;
use dama_core::store::DatabaseLocation;
use dama_store::check::check_database;
use dama_store::copy::copy_database;
use dama_store::{AnyStore, OpenOptions, SqliteStore, open_store, open_store_read_only};

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Check the database: its schema version, SQLite's integrity and foreign-key checks,
    /// then replay every game's moves with the rules and compare with the stored positions.
    /// Prints a line per problem and a summary; exits with 1 on any problem. Safe while the
    /// bot runs.
    Check {
        /// The database, a SQLite file or a postgres:// URL (default: the configured one).
        #[arg(long, value_name = "PATH|URL")]
        db: Option<DatabaseLocation>,
    },
    /// Copy the database to a new file with SQLite's online backup: a consistent snapshot,
    /// taken while the bot runs.
    Backup {
        /// The new file.
        path: PathBuf,
        /// The SQLite database (default: the configured one). For PostgreSQL use pg_dump.
        #[arg(long, value_name = "PATH")]
        db: Option<DatabaseLocation>,
    },
    /// Copy every table (players, challenges, games, moves, ratings, servers, tournaments,
    /// ...) from one database to another, SQLite or PostgreSQL either way, ids kept; then check
    /// the target as `db check` does. Stop the bot first: the copy is one snapshot of the
    /// source.
    Copy {
        /// The database to copy: a SQLite file or a postgres:// URL.
        #[arg(value_name = "FROM")]
        from: DatabaseLocation,
        /// The database to copy into (created or migrated to this version's schema); it
        /// must be empty.
        #[arg(value_name = "TO")]
        to: DatabaseLocation,
        /// Replace whatever the target holds.
        #[arg(long)]
        force: bool,
    },
}

pub fn db_command(command: &DbCommand, config: &Config) -> ExitCode {
    let source =
        |db: &Option<DatabaseLocation>| db.clone().unwrap_or_else(|| config.database.location());
    match command {
        DbCommand::Check { db } => check_command(&source(db)),
        DbCommand::Backup { path, db } => match source(db) {
            DatabaseLocation::Sqlite(source) => backup_command(&source, path),
            DatabaseLocation::Postgres(_) => {
                eprintln!(
                    "error: db backup copies a SQLite file; back up a PostgreSQL database with \
                     pg_dump (see docs/operators.md), or copy it into a SQLite file with db copy"
                );
                ExitCode::FAILURE
            }
        },
        DbCommand::Copy { from, to, force } => copy_command(from, to, *force),
    }
}

fn check_command(location: &DatabaseLocation) -> ExitCode {
    let store = match open_store_read_only(location) {
        Ok(store) => store,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    print_check(location, &store)
}

/// Checks `store` and prints the problems and a summary line; success if there are none.
fn print_check(location: &DatabaseLocation, store: &AnyStore) -> ExitCode {
    let report = match check_database(store) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("error: {location}: {error}");
            return ExitCode::FAILURE;
        }
    };
    for problem in &report.problems {
        println!("{problem}");
    }
    println!(
        "{location}: {} games, {} moves, {} problems",
        report.games,
        report.moves,
        report.problems.len()
    );
    if report.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn copy_command(from: &DatabaseLocation, to: &DatabaseLocation, force: bool) -> ExitCode {
    if from == to {
        eprintln!("error: {from} is both the source and the target");
        return ExitCode::FAILURE;
    }
    let source = match open_store_read_only(from) {
        Ok(store) => store,
        Err(error) => {
            eprintln!("error: the source: {error}");
            return ExitCode::FAILURE;
        }
    };
    let target = match open_store(to) {
        Ok(store) => store,
        Err(error) => {
            eprintln!("error: the target: {error}");
            return ExitCode::FAILURE;
        }
    };
    match copy_database(&source, &target, force) {
        Ok(report) => {
            let total: usize = report.rows.iter().map(|(_, rows)| rows).sum();
            let tables: Vec<String> = report
                .rows
                .iter()
                .filter(|(_, rows)| *rows > 0)
                .map(|(table, rows)| format!("{rows} {table}"))
                .collect();
            println!(
                "copied {from} to {to}: {total} rows ({})",
                if tables.is_empty() {
                    "nothing to copy".to_owned()
                } else {
                    tables.join(", ")
                }
            );
        }
        Err(error) => {
            eprintln!("error: copying {from} to {to}: {error}");
            return ExitCode::FAILURE;
        }
    }
    print_check(to, &target)
}

fn backup_command(source: &Path, destination: &Path) -> ExitCode {
    if destination.exists() {
        eprintln!(
            "error: {} exists; choose a new file for the backup",
            destination.display()
        );
        return ExitCode::FAILURE;
    }
    // Write beside the destination, then rename: a backup that stops half-way leaves no file
    // that looks complete.
    let mut partial = destination.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    // Copying and checking fail with different error types; the user sees the message.
    let result = SqliteStore::backup_file(source, &partial, Duration::from_secs(5))
        .map_err(|error| error.to_string())
        .and_then(|pages| {
            let copy = SqliteStore::open_with(
                &partial,
                &OpenOptions {
                    read_only: true,
                    readers: 0,
                    ..OpenOptions::default()
                },
            )
            .map_err(|error| error.to_string())?;
            let problems = copy
                .integrity_problems()
                .map_err(|error| error.to_string())?;
            Ok((pages, problems))
        });
    match result {
        Ok((pages, problems)) if problems.is_empty() => {
            if let Err(error) = std::fs::rename(&partial, destination) {
                eprintln!(
                    "error: cannot rename {} to {}: {error}",
                    partial.display(),
                    destination.display()
                );
                return ExitCode::FAILURE;
            }
            let bytes = std::fs::metadata(destination).map_or(0, |m| m.len());
            println!(
                "backed up {} to {}: {pages} pages, {} KiB, integrity ok",
                source.display(),
                destination.display(),
                bytes / 1024
            );
            ExitCode::SUCCESS
        }
        Ok((_, problems)) => {
            for problem in &problems {
                eprintln!("{problem}");
            }
            eprintln!(
                "error: the copy {} fails its integrity check; it was kept for inspection",
                partial.display()
            );
            ExitCode::FAILURE
        }
        Err(error) => {
            remove_partial(&partial);
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn remove_partial(partial: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut name = partial.as_os_str().to_owned();
        name.push(suffix);
        // Best effort: the files may not exist.
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::store::{EndReason, Finish, GameResult, NewGame, Participant, Store};
    use dama_rules::Move;
    use dama_rules::Position;
    use dama_service::rating;
    use dama_store::check::check_game;

    const GUILD: u64 = 1;
    const CHANNEL: u64 = 2;

    /// The database file of `store_with_games`.
    fn db_path(dir: &Path) -> PathBuf {
        dir.join("dama.db")
    }

    /// A store with one finished game and one active game, both legal.
    fn store_with_games(dir: &Path) -> SqliteStore {
        let store = SqliteStore::open(&db_path(dir)).unwrap();
        store.ensure_player(GUILD, 10, "Alice", 0).unwrap();
        store.ensure_player(GUILD, 11, "Bob", 0).unwrap();
        for (channel, plies, end) in [(CHANNEL, 12, true), (CHANNEL + 1, 7, false)] {
            let game = store
                .create_game(&NewGame {
                    guild: GUILD,
                    channel,
                    white: Participant::User(10),
                    black: Participant::User(11),
                    time_per_move_ms: 60_000,
                    clock: None,
                    rated: true,
                    start_fen: Position::initial().to_fen(),
                    created_at: 0,
                    in_thread: false,
                    language: None,
                })
                .unwrap();
            let mut position = Position::initial();
            for ply in 0..plies {
                // The first legal move each time: a deterministic, legal game.
                let m: Move = position.legal_moves()[0];
                position.play_unchecked(&m);
                store
                    .record_move(game.id, ply, &m.long(), &position.to_fen(), i64::from(ply))
                    .unwrap();
            }
            if end {
                store
                    .finish_game(
                        game.id,
                        Finish {
                            result: GameResult::Draw,
                            reason: EndReason::Agreement,
                            ply: plies,
                            at: 100,
                            counting: rating::counting(&game),
                            rate: rating::glicko2,
                        },
                    )
                    .unwrap();
            }
        }
        store
    }

    #[test]
    fn a_sound_database_has_no_problems() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_with_games(dir.path());
        let report = check_database(&AnyStore::Sqlite(store)).unwrap();
        assert_eq!(report.problems, Vec::<String>::new());
        assert_eq!((report.games, report.moves), (2, 19));
        assert_eq!(
            check_command(&DatabaseLocation::Sqlite(db_path(dir.path()))),
            ExitCode::SUCCESS
        );
    }

    #[test]
    fn altered_rows_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_with_games(dir.path());
        let conn = rusqlite::Connection::open(db_path(dir.path())).unwrap();
        // A wrong position after ply 3 of game 1, a game row that disagrees in game 2.
        conn.execute(
            "UPDATE moves SET fen_after = 'W:W21-32:B1-12' WHERE game_id = 1 AND ply = 3",
            [],
        )
        .unwrap();
        conn.execute(
            "UPDATE games SET current_fen = 'W:W21-32:B1-12' WHERE id = 2",
            [],
        )
        .unwrap();
        let report = check_database(&AnyStore::Sqlite(store)).unwrap();
        assert_eq!(report.problems.len(), 2, "{:?}", report.problems);
        assert!(
            report.problems[0].starts_with("game 1: ply 3: stored position"),
            "{:?}",
            report.problems
        );
        assert!(
            report.problems[1].starts_with("game 2: current position"),
            "{:?}",
            report.problems
        );
        assert_eq!(
            check_command(&DatabaseLocation::Sqlite(db_path(dir.path()))),
            ExitCode::FAILURE
        );
    }

    #[test]
    fn a_game_row_that_cannot_be_read_is_reported_and_the_others_checked() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_with_games(dir.path());
        let conn = rusqlite::Connection::open(db_path(dir.path())).unwrap();
        // A status this version does not know, past the schema's check.
        conn.execute_batch(
            "PRAGMA ignore_check_constraints = ON; \
             UPDATE games SET status = 'lost' WHERE id = 1; \
             UPDATE moves SET move_long = '99-98' WHERE game_id = 2 AND ply = 0;",
        )
        .unwrap();
        let report = check_database(&AnyStore::Sqlite(store)).unwrap();
        assert_eq!(report.games, 2);
        // SQLite's own check finds the broken rule, then each game is named.
        assert_eq!(report.problems.len(), 3, "{:?}", report.problems);
        assert!(
            report.problems[0].contains("CHECK constraint failed in games"),
            "{:?}",
            report.problems
        );
        assert!(
            report.problems[1].starts_with("game 1: cannot be read: ")
                && report.problems[1].contains("lost"),
            "{:?}",
            report.problems
        );
        assert!(
            report.problems[2].starts_with("game 2: ply 0: `99-98` is not legal here"),
            "{:?}",
            report.problems
        );
    }

    #[test]
    fn illegal_moves_and_gaps_are_reported() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_with_games(dir.path());
        let game = store.game(dama_core::store::GameId(2)).unwrap().unwrap();
        let mut moves = store.moves(game.id).unwrap();
        let mut illegal = moves.clone();
        illegal[2].move_long = "1-5".into();
        let problems = check_game(&game, &illegal);
        assert!(
            problems[0].contains("ply 2: `1-5` is not legal here"),
            "{problems:?}"
        );
        moves.remove(4);
        let problems = check_game(&game, &moves);
        assert!(problems[0].contains("ply 4 is missing"), "{problems:?}");
    }

    #[test]
    fn no_moves_endings_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        let store = store_with_games(dir.path());
        let mut game = store.game(dama_core::store::GameId(1)).unwrap().unwrap();
        let moves = store.moves(game.id).unwrap();
        game.end_reason = Some(EndReason::NoMoves);
        let problems = check_game(&game, &moves);
        assert!(
            problems[0].contains("ended by no-moves, but"),
            "{problems:?}"
        );
    }

    #[test]
    fn backup_makes_a_checked_copy_and_refuses_to_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let _store = store_with_games(dir.path());
        let copy = dir.path().join("copy.db");
        assert_eq!(
            backup_command(&db_path(dir.path()), &copy),
            ExitCode::SUCCESS
        );
        let restored = SqliteStore::open(&copy).unwrap();
        let report = check_database(&AnyStore::Sqlite(restored)).unwrap();
        assert_eq!((report.games, report.moves), (2, 19));
        assert!(report.problems.is_empty());
        assert_eq!(
            backup_command(&db_path(dir.path()), &copy),
            ExitCode::FAILURE
        );
        let missing = dir.path().join("missing.db");
        assert_eq!(
            backup_command(&missing, &dir.path().join("other.db")),
            ExitCode::FAILURE
        );
        assert!(!dir.path().join("other.db.partial").exists());
    }
}
