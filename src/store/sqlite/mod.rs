//! [`SqliteStore`]: the [`Store`] on SQLite (rusqlite with its bundled SQLite).
//!
//! # Settings
//! - **WAL** (`journal_mode=WAL`): readers never block the writer nor the writer the readers,
//!   and a commit is one append to the `-wal` file instead of a rewrite of pages.
//! - **`synchronous=NORMAL`** by default ([`Durability::Process`]). In WAL mode a commit with
//!   NORMAL has written the transaction to the `-wal` file (the operating system's page cache)
//!   before `COMMIT` returns; only checkpoints fsync. A crash or `SIGKILL` of the *process* loses
//!   nothing that was acknowledged: the OS still holds the written pages and the next open
//!   replays the WAL. Only a power loss or a kernel crash can drop the last commits (never
//!   corrupt the file). `FULL` ([`Durability::PowerLoss`]) fsyncs the WAL on every commit, which
//!   caps the bot at the disk's fsync rate (a few hundred commits per second on ordinary disks)
//!   for a risk the bot does not face in practice: a game move lost to a power cut is replayed
//!   by the players, whereas the moves-per-second target (5,000/s) is not reachable with an
//!   fsync per move. So NORMAL is the default and FULL is one option away.
//! - **`foreign_keys=ON`** on every connection: games and challenges name stored players, moves
//!   name stored games.
//! - **`wal_autocheckpoint=10000`**: checkpoints (the only fsyncs under NORMAL) every 10,000
//!   pages instead of 1,000 (see `WAL_AUTOCHECKPOINT_PAGES`).
//! - **`busy_timeout`** (5 s by default): another process (a `damabot db backup`, an operator's
//!   `sqlite3`) may hold a lock for a moment; waiting briefly beats failing a move. Longer than
//!   that is reported as [`OpenError::Locked`] at start-up.
//!
//! # Connections
//! One writer connection behind a `Mutex`: SQLite allows one writer at a time anyway, and
//! serialising in-process writers on a mutex is cheaper and fairer than letting them spin on
//! `SQLITE_BUSY`. Every write is one `BEGIN IMMEDIATE` transaction, so its checks (the ply, the
//! status) and its changes see the same state, even against another process. Reads use a small
//! pool of reader connections (4 by default), each behind its own mutex: in WAL they run beside
//! the writer on a consistent snapshot, so leaderboards and stats never wait for moves. A pool
//! rather than a connection per thread, because the service's callers are a blocking thread pool
//! of unbounded size: a handful of connections serves them with bounded memory and file handles.
//!
//! # Files
//! This module opens, configures and shares the connections, and runs each [`Store`] call as
//! one transaction. `schema` holds the migrations and the version check, `codes` the text codes
//! of the domain's enums and the id casts, `rows` the mapping of rows to domain values, and
//! `players`, `challenges`, `games`, `servers`, `tournaments` and `puzzles` the statements on
//! their tables.

mod challenges;
mod coach;
mod codes;
mod copy;
mod games;
mod idle;
mod people;
mod players;
mod puzzles;
mod rows;
mod schema;
mod servers;
mod takebacks;
mod tournaments;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};

pub use schema::{SCHEMA_VERSION, migrations};
use schema::{check_schema_version, migrate};

use crate::i18n::Language;
use crate::store::{
    AttemptedPuzzle, DailyPuzzleServer, FinishedPuzzle, NewPuzzleAttempt, PuzzleAttempt,
    PuzzleAttemptId, PuzzleFinish, PuzzlePlayer,
};
use crate::store::{
    Challenge, ChallengeId, ChallengeStatus, ChannelId, Color, Entrant, Finish, FinishedGame, Game,
    GameExport, GameId, GuildId, Hint, HintRecord, LeaderboardPage, MessageRef, Millis, MoveRecord,
    NewChallenge, NewGame, NewPairing, NewRound, NewTournament, NotifyMode, PairedRound, Player,
    PlayerStats, ServerSettings, ShardSpan, Store, StoreError, StoredAnalysis, Takeback,
    Tournament, TournamentGame, TournamentId, TournamentPairing, TournamentRound, UserId,
};

/// Why a SQLite database file cannot be opened (or copied by [`SqliteStore::backup_file`]);
/// each message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Another process holds a lock on the file (and kept it past the busy timeout).
    #[error(
        "the database {path} is locked by another process; stop the other damabot (or the tool \
         holding it) and start again, or point database.path / DAMA_DATABASE at another file"
    )]
    Locked { path: PathBuf },
    /// The file, or its directory, cannot be written.
    #[error(
        "the database {path} is read-only; the bot needs to write the file and create \
         `-wal` and `-shm` files next to it: make the file and its directory writable by this \
         user, or point database.path / DAMA_DATABASE elsewhere"
    )]
    ReadOnly { path: PathBuf },
    /// The file exists but is not a SQLite database.
    #[error(
        "{path} is not a SQLite database (or it is damaged); point database.path / \
         DAMA_DATABASE at the right file, or restore a backup"
    )]
    NotADatabase { path: PathBuf },
    /// The file cannot be opened or created at all.
    #[error("cannot open the database {path}: {reason}")]
    CannotOpen { path: PathBuf, reason: String },
    /// The schema was written by a newer version of the bot.
    #[error(
        "the database {path} has schema version {found}, but this damabot knows versions up to \
         {known}; it was written by a newer damabot: run that version, or restore a backup \
         made by this one"
    )]
    NewerSchema {
        path: PathBuf,
        found: i64,
        known: usize,
    },
    /// A read-only open (`damabot db check`) found a schema this version would migrate.
    #[error(
        "the database {path} has schema version {found}, older than this damabot's {known}; \
         start the bot once to migrate it, then run this again"
    )]
    OlderSchema {
        path: PathBuf,
        found: i64,
        known: usize,
    },
    /// A migration failed.
    #[error("cannot update the schema of {path}: {message}")]
    Migration { path: PathBuf, message: String },
}

/// The driver's errors as the port's: a value that does not read is corrupt, the rest is the
/// backend's.
impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        match error {
            rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::InvalidColumnType(..)
            | rusqlite::Error::IntegralValueOutOfRange(..) => {
                StoreError::Corrupt(error.to_string())
            }
            other => StoreError::Backend(Box::new(other)),
        }
    }
}

/// What a commit survives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=NORMAL` in WAL: every acknowledged commit survives a crash or kill of the
    /// process; a power loss may drop the last commits (the file stays consistent).
    #[default]
    Process,
    /// `synchronous=FULL`: every acknowledged commit also survives a power loss; each commit
    /// waits for an fsync.
    PowerLoss,
}

/// How [`SqliteStore::open_with`] opens a database.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    pub durability: Durability,
    /// How long a statement waits for another process's lock before giving up.
    pub busy_timeout: Duration,
    /// Reader connections beside the writer (0: reads share the writer).
    pub readers: usize,
    /// Open an existing database without writing to it: no migration (an older schema is
    /// refused with [`OpenError::OlderSchema`]), every connection `query_only`. For tools.
    pub read_only: bool,
}

impl Default for OpenOptions {
    fn default() -> Self {
        Self {
            durability: Durability::Process,
            busy_timeout: Duration::from_secs(5),
            readers: 4,
            read_only: false,
        }
    }
}

/// The SQLite store. Cheap to share: wrap it in an `Arc`.
pub struct SqliteStore {
    path: PathBuf,
    writer: Mutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.path)
            .field("readers", &self.readers.len())
            .finish_non_exhaustive()
    }
}

fn lock(mutex: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    // A panic while the lock was held dropped its transaction, which rolled back: the
    // connection is in a clean state, so the poison carries no information.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Translates an error met while opening into the start-up error that says what to do.
fn open_error(path: &Path, error: &rusqlite::Error) -> OpenError {
    classify_open_error(path, error).unwrap_or_else(|| OpenError::CannotOpen {
        path: path.to_owned(),
        reason: error.to_string(),
    })
}

/// The start-up error for the errors that have one (a lock, a read-only or missing file, not a
/// database); `None` for the others.
fn classify_open_error(path: &Path, error: &rusqlite::Error) -> Option<OpenError> {
    let path = path.to_owned();
    Some(match error.sqlite_error_code()? {
        ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => OpenError::Locked { path },
        ErrorCode::ReadOnly => OpenError::ReadOnly { path },
        ErrorCode::NotADatabase => OpenError::NotADatabase { path },
        ErrorCode::CannotOpen | ErrorCode::PermissionDenied => {
            // SQLite only says "unable to open"; say why when the file system can tell.
            let directory = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
                _ => PathBuf::from("."),
            };
            if let Err(e) = std::fs::metadata(&directory) {
                OpenError::CannotOpen {
                    reason: format!(
                        "directory {}: {e}; create it, or point database.path / DAMA_DATABASE \
                         elsewhere",
                        directory.display()
                    ),
                    path,
                }
            } else if !can_create_file_in(&directory) {
                OpenError::ReadOnly { path }
            } else {
                OpenError::CannotOpen {
                    path,
                    reason: format!("{error}; check that the path names a file"),
                }
            }
        }
        _ => return None,
    })
}

/// Refuses a file that does not exist where a database must be read, not created.
fn require_existing(path: &Path) -> Result<(), OpenError> {
    if path.exists() {
        Ok(())
    } else {
        Err(OpenError::CannotOpen {
            path: path.to_owned(),
            reason:
                "no such file; check the path (the bot creates the database on its first start)"
                    .into(),
        })
    }
}

/// True if a file can be created in `directory` (then removed).
fn can_create_file_in(directory: &Path) -> bool {
    let probe = directory.join(format!(".damabot-write-test-{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            // Best effort: the probe is empty and named for this process.
            let _ = std::fs::remove_file(&probe);
            true
        }
        Err(_) => false,
    }
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` with the default options, migrating an
    /// older schema. Errors say what to do: [`OpenError::Locked`], [`OpenError::ReadOnly`],
    /// [`OpenError::NotADatabase`], [`OpenError::NewerSchema`], [`OpenError::CannotOpen`],
    /// [`OpenError::Migration`].
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        Self::open_with(path, &OpenOptions::default())
    }

    /// Opens the database at `path` with `options`.
    pub fn open_with(path: &Path, options: &OpenOptions) -> Result<Self, OpenError> {
        let flags = if options.read_only {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
        };
        if options.read_only {
            require_existing(path)?;
        }
        let mut writer =
            Connection::open_with_flags(path, flags).map_err(|e| open_error(path, &e))?;
        if !options.read_only && writer.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) {
            // SQLite silently opens a write-protected file read-only.
            return Err(OpenError::ReadOnly {
                path: path.to_owned(),
            });
        }
        configure(&writer, options).map_err(|e| open_error(path, &e))?;
        let found = check_schema_version(&writer, path)?;
        if options.read_only {
            if found < SCHEMA_VERSION as i64 {
                return Err(OpenError::OlderSchema {
                    path: path.to_owned(),
                    found,
                    known: SCHEMA_VERSION,
                });
            }
        } else {
            // WAL is a property of the file; it needs the -wal and -shm files next to it.
            let mode: String = writer
                .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
                .map_err(|e| open_error(path, &e))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(OpenError::CannotOpen {
                    path: path.to_owned(),
                    reason: format!("cannot switch to WAL journaling (journal mode is {mode})"),
                });
            }
            migrate(&mut writer, path)?;
            // Take and release the write lock now, so a lock held by another process or a file
            // that cannot be written shows at start-up, not on the first move.
            writer
                .execute_batch("BEGIN IMMEDIATE; COMMIT;")
                .map_err(|e| open_error(path, &e))?;
        }
        let mut readers = Vec::with_capacity(options.readers);
        for _ in 0..options.readers {
            let reader =
                Connection::open_with_flags(path, flags).map_err(|e| open_error(path, &e))?;
            configure(&reader, options).map_err(|e| open_error(path, &e))?;
            reader
                .execute_batch("PRAGMA query_only = ON;")
                .map_err(|e| open_error(path, &e))?;
            readers.push(Mutex::new(reader));
        }
        if options.read_only {
            writer
                .execute_batch("PRAGMA query_only = ON;")
                .map_err(|e| open_error(path, &e))?;
        }
        Ok(Self {
            path: path.to_owned(),
            writer: Mutex::new(writer),
            readers,
            next_reader: AtomicUsize::new(0),
        })
    }

    /// A private in-memory database (one connection), for tests.
    pub fn open_in_memory() -> Result<Self, OpenError> {
        let path = PathBuf::from(":memory:");
        let mut conn = Connection::open_in_memory().map_err(|e| open_error(&path, &e))?;
        configure(&conn, &OpenOptions::default()).map_err(|e| open_error(&path, &e))?;
        migrate(&mut conn, &path)?;
        Ok(Self {
            path,
            writer: Mutex::new(conn),
            readers: Vec::new(),
            next_reader: AtomicUsize::new(0),
        })
    }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`: an empty list when all is well,
    /// else one line per problem.
    pub fn integrity_problems(&self) -> Result<Vec<String>, StoreError> {
        self.read(|tx| {
            let mut problems = Vec::new();
            let mut statement = tx.prepare("PRAGMA integrity_check")?;
            let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
            for row in rows {
                let line = row?;
                if line != "ok" {
                    problems.push(format!("integrity: {line}"));
                }
            }
            let mut statement = tx.prepare("PRAGMA foreign_key_check")?;
            let rows = statement.query_map([], |row| {
                Ok(format!(
                    "foreign key: {} row {} names a missing {}",
                    row.get::<_, String>(0)?,
                    row.get::<_, Option<i64>>(1)?.unwrap_or_default(),
                    row.get::<_, String>(2)?
                ))
            })?;
            for row in rows {
                problems.push(row?);
            }
            Ok(problems)
        })
    }

    /// Every game id, in order (for `damabot db check`).
    pub fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        self.read(games::game_ids)
    }

    /// Rows in each copied table (`damabot db copy`).
    pub(crate) fn row_counts(&self) -> Result<Vec<(&'static str, usize)>, StoreError> {
        self.read(copy::row_counts)
    }

    /// Every copied table, from one snapshot.
    pub(crate) fn export_tables(&self) -> Result<Vec<crate::store::copy::TableRows>, StoreError> {
        self.read(copy::export_tables)
    }

    /// Replaces every copied table with `tables`, in one transaction.
    pub(crate) fn import_tables(
        &self,
        tables: &[crate::store::copy::TableRows],
    ) -> Result<(), StoreError> {
        self.write(|tx| copy::import_tables(tx, tables))
    }

    /// The schema version of the file (`user_version`).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.read(|tx| Ok(tx.query_row("PRAGMA user_version", [], |row| row.get(0))?))
    }

    /// Backs up the database file `source`, which another process (the bot) may be using, to
    /// `destination`, whatever its schema version. Returns the pages copied.
    pub fn backup_file(
        source: &Path,
        destination: &Path,
        busy_timeout: Duration,
    ) -> Result<u64, OpenError> {
        require_existing(source)?;
        let conn = Connection::open_with_flags(
            source,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| open_error(source, &e))?;
        conn.busy_timeout(busy_timeout)
            .and_then(|()| conn.execute_batch("PRAGMA query_only = ON;"))
            .map_err(|e| open_error(source, &e))?;
        check_schema_version(&conn, source).or_else(|error| match error {
            OpenError::NewerSchema { found, .. } => Ok(found),
            other => Err(other),
        })?;
        backup_connection(&conn, source, destination)
    }

    /// A reader connection: a free one from the pool, else the writer for an in-memory store.
    fn reader(&self) -> MutexGuard<'_, Connection> {
        let count = self.readers.len();
        if count == 0 {
            return lock(&self.writer);
        }
        let start = self.next_reader.fetch_add(1, Ordering::Relaxed) % count;
        for offset in 0..count {
            match self.readers[(start + offset) % count].try_lock() {
                Ok(guard) => return guard,
                Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => {}
            }
        }
        lock(&self.readers[start])
    }

    /// Runs `f` in a read transaction (one snapshot for all its statements).
    fn read<T>(
        &self,
        f: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self.reader();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
        let value = f(&tx)?;
        tx.finish()?;
        Ok(value)
    }

    /// Runs `f` in a write transaction, committed if `f` succeeds, else rolled back.
    fn write<T>(
        &self,
        f: impl FnOnce(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = lock(&self.writer);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = f(&tx)?;
        tx.commit()?;
        Ok(value)
    }
}

/// Copies `source` into a new database at `destination` in one step. Errors name the file at
/// fault: `source` when it stays locked, else `destination`.
fn backup_connection(
    source: &Connection,
    source_path: &Path,
    destination: &Path,
) -> Result<u64, OpenError> {
    use rusqlite::backup::{Backup, StepResult};
    let mut target = Connection::open(destination).map_err(|e| open_error(destination, &e))?;
    let backup = Backup::new(source, &mut target).map_err(|e| open_error(destination, &e))?;
    // All pages in one step: one read transaction, so one snapshot (in WAL the writer goes on
    // meanwhile). Stepping in pieces would restart whenever a move is committed.
    let mut attempts = 0;
    loop {
        match backup.step(-1).map_err(|e| open_error(destination, &e))? {
            StepResult::Done => break,
            StepResult::More => {}
            StepResult::Busy | StepResult::Locked if attempts < 50 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(100));
            }
            StepResult::Busy | StepResult::Locked | _ => {
                return Err(OpenError::Locked {
                    path: source_path.to_owned(),
                });
            }
        }
    }
    let progress = backup.progress();
    Ok(u64::try_from(progress.pagecount).unwrap_or_default())
}

/// WAL pages between automatic checkpoints (SQLite's default is 1,000). With
/// `synchronous=NORMAL` a checkpoint is the only moment that fsyncs (twice); a move writes two
/// pages, so the default would fsync every ~500 moves. 10,000 pages (40 MiB of WAL at most
/// between checkpoints) doubles the moves per second and costs only WAL disk space.
const WAL_AUTOCHECKPOINT_PAGES: u32 = 10_000;

/// Settings for every connection (see the module documentation for the reasons).
fn configure(conn: &Connection, options: &OpenOptions) -> rusqlite::Result<()> {
    conn.busy_timeout(options.busy_timeout)?;
    conn.set_prepared_statement_cache_capacity(64);
    let synchronous = match options.durability {
        Durability::Process => "NORMAL",
        Durability::PowerLoss => "FULL",
    };
    conn.execute_batch(&format!(
        "PRAGMA foreign_keys = ON; PRAGMA synchronous = {synchronous}; \
         PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT_PAGES};"
    ))
}

/// Each method is one transaction on the writer (`write`) or a reader (`read`); the work is in
/// the table modules.
impl Store for SqliteStore {
    fn ensure_player(
        &self,
        guild: GuildId,
        user: UserId,
        display_name: &str,
        at: Millis,
    ) -> Result<Player, StoreError> {
        self.write(|tx| players::ensure_player(tx, guild, user, display_name, at))
    }

    fn player(&self, guild: GuildId, user: UserId) -> Result<Option<Player>, StoreError> {
        self.read(|tx| players::load_player(tx, guild, user))
    }

    fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge, StoreError> {
        self.write(|tx| challenges::create_challenge(tx, challenge))
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.read(|tx| challenges::load_challenge(tx, id))
    }

    fn pending_challenges_in_channel(
        &self,
        channel: ChannelId,
        at: Millis,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.read(|tx| challenges::pending_challenges_in_channel(tx, channel, at))
    }

    fn resolve_challenge(
        &self,
        id: ChallengeId,
        to: ChallengeStatus,
        at: Millis,
    ) -> Result<Challenge, StoreError> {
        self.write(|tx| challenges::resolve_challenge(tx, id, to, at))
    }

    fn accept_challenge(
        &self,
        id: ChallengeId,
        game: &NewGame,
    ) -> Result<(Challenge, Game), StoreError> {
        self.write(|tx| challenges::accept_challenge(tx, id, game))
    }

    fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: MessageRef,
    ) -> Result<(), StoreError> {
        self.write(|tx| challenges::set_challenge_message(tx, id, message))
    }

    fn expire_challenges(
        &self,
        at: Millis,
        shards: Option<ShardSpan>,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.write(|tx| challenges::expire_challenges(tx, at, shards))
    }

    fn create_game(&self, game: &NewGame) -> Result<Game, StoreError> {
        self.write(|tx| games::insert_game(tx, game))
    }

    fn game(&self, id: GameId) -> Result<Option<Game>, StoreError> {
        self.read(|tx| games::load_game(tx, id))
    }

    fn active_game_in_channel(&self, channel: ChannelId) -> Result<Option<Game>, StoreError> {
        self.read(|tx| games::active_game_in_channel(tx, channel))
    }

    fn record_move(
        &self,
        game: GameId,
        ply: u32,
        move_long: &str,
        fen_after: &str,
        at: Millis,
    ) -> Result<Game, StoreError> {
        self.write(|tx| games::insert_move(tx, game, ply, move_long, fen_after, at))
    }

    fn record_final_move(
        &self,
        game: GameId,
        ply: u32,
        move_long: &str,
        fen_after: &str,
        finish: Finish,
    ) -> Result<FinishedGame, StoreError> {
        games::check_final_move(ply, &finish)?;
        self.write(|tx| {
            games::insert_move(tx, game, ply, move_long, fen_after, finish.at)?;
            games::finish(tx, game, finish)
        })
    }

    fn moves(&self, game: GameId) -> Result<Vec<MoveRecord>, StoreError> {
        self.read(|tx| games::load_moves(tx, game))
    }

    fn offer_draw(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError> {
        self.write(|tx| games::offer_draw(tx, game, by, ply))
    }

    fn clear_draw_offer(&self, game: GameId) -> Result<Game, StoreError> {
        self.write(|tx| games::clear_draw_offer(tx, game))
    }

    fn finish_game(&self, game: GameId, finish: Finish) -> Result<FinishedGame, StoreError> {
        self.write(|tx| games::finish(tx, game, finish))
    }

    fn abort_game(&self, game: GameId, at: Millis) -> Result<Game, StoreError> {
        self.write(|tx| games::abort_game(tx, game, at))
    }

    fn set_board_message(
        &self,
        game: GameId,
        message: MessageRef,
    ) -> Result<Option<MessageRef>, StoreError> {
        self.write(|tx| games::set_board_message(tx, game, message))
    }

    fn overdue_games(&self, at: Millis, periods: u32) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| games::overdue_games(tx, at, periods))
    }

    fn engine_to_move_games(&self) -> Result<Vec<Game>, StoreError> {
        self.read(games::engine_to_move_games)
    }

    fn idle_engine_games(&self, at: Millis, idle_ms: i64) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| idle::idle_engine_games(tx, at, idle_ms))
    }

    fn leaderboard(
        &self,
        guild: GuildId,
        min_games: u32,
        page: u32,
        page_size: u32,
    ) -> Result<LeaderboardPage, StoreError> {
        self.read(|tx| players::leaderboard(tx, guild, min_games, page, page_size))
    }

    fn player_stats(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        self.read(|tx| players::player_stats(tx, guild, user))
    }

    fn recent_games_of_player(
        &self,
        guild: GuildId,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| games::recent_games_of_player(tx, guild, user, limit))
    }

    fn recent_games_in_channel(
        &self,
        channel: ChannelId,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| games::recent_games_in_channel(tx, channel, limit))
    }

    fn game_export(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
        self.read(|tx| games::game_export(tx, id))
    }

    fn server_settings(&self, guild: GuildId) -> Result<ServerSettings, StoreError> {
        self.read(|tx| servers::load_server(tx, guild))
    }

    fn set_server_language(
        &self,
        guild: GuildId,
        language: Option<Language>,
    ) -> Result<ServerSettings, StoreError> {
        self.write(|tx| servers::set_language(tx, guild, language))
    }

    fn set_server_discord_language(
        &self,
        guild: GuildId,
        language: Language,
    ) -> Result<ServerSettings, StoreError> {
        self.write(|tx| servers::set_discord_language(tx, guild, language))
    }

    fn active_games_in_threads_of(&self, channel: ChannelId) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| games::active_games_in_threads_of(tx, channel))
    }

    fn active_games(&self, guild: GuildId, user: Option<UserId>) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| games::active_games(tx, guild, user))
    }

    fn set_game_thread(&self, game: GameId, thread: ChannelId) -> Result<Game, StoreError> {
        self.write(|tx| games::set_game_thread(tx, game, thread))
    }

    fn play_in_channel(&self, game: GameId) -> Result<Game, StoreError> {
        self.write(|tx| games::play_in_channel(tx, game))
    }

    fn abandon_game(&self, game: GameId, ply: u32, at: Millis) -> Result<Game, StoreError> {
        self.write(|tx| games::abandon_game(tx, game, ply, at))
    }

    fn advance_reminder(&self, game: GameId, ply: u32, stage: u8) -> Result<bool, StoreError> {
        self.write(|tx| games::advance_reminder(tx, game, ply, stage))
    }

    fn reminder_candidates(&self, at: Millis) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| games::reminder_candidates(tx, at))
    }

    fn request_takeback(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError> {
        self.write(|tx| takebacks::request_takeback(tx, game, by, ply))
    }

    fn clear_takeback_request(&self, game: GameId) -> Result<Game, StoreError> {
        self.write(|tx| takebacks::clear_takeback_request(tx, game))
    }

    fn take_back(
        &self,
        game: GameId,
        ply: u32,
        plies: u32,
        by: Color,
        at: Millis,
    ) -> Result<Game, StoreError> {
        self.write(|tx| takebacks::take_back(tx, game, ply, plies, by, at))
    }

    fn takebacks(&self, game: GameId) -> Result<Vec<Takeback>, StoreError> {
        self.read(|tx| takebacks::load_takebacks(tx, game))
    }

    fn analysis(&self, game: GameId) -> Result<Option<StoredAnalysis>, StoreError> {
        self.read(|tx| coach::analysis(tx, game))
    }

    fn save_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError> {
        self.write(|tx| coach::save_analysis(tx, analysis))
    }

    fn record_hint(
        &self,
        game: GameId,
        ply: u32,
        fen: &str,
        move_long: &str,
        limit: u32,
        at: Millis,
    ) -> Result<HintRecord, StoreError> {
        self.write(|tx| coach::record_hint(tx, game, ply, fen, move_long, limit, at))
    }

    fn hints(&self, game: GameId) -> Result<Vec<Hint>, StoreError> {
        self.read(|tx| coach::load_hints(tx, game))
    }

    fn save_server_choices(
        &self,
        guild: GuildId,
        choices: &ServerSettings,
    ) -> Result<ServerSettings, StoreError> {
        self.write(|tx| servers::save_choices(tx, guild, choices))
    }

    fn game_channels(&self, guild: GuildId) -> Result<Vec<ChannelId>, StoreError> {
        self.read(|tx| servers::game_channels(tx, guild))
    }

    fn set_game_channel(
        &self,
        guild: GuildId,
        channel: ChannelId,
        allowed: bool,
    ) -> Result<Vec<ChannelId>, StoreError> {
        self.write(|tx| servers::set_game_channel(tx, guild, channel, allowed))
    }

    fn notify_mode(&self, user: UserId) -> Result<NotifyMode, StoreError> {
        self.read(|tx| people::notify_mode(tx, user))
    }

    fn set_notify_mode(&self, user: UserId, mode: NotifyMode) -> Result<(), StoreError> {
        self.write(|tx| people::set_notify_mode(tx, user, mode))
    }

    fn create_tournament(&self, tournament: &NewTournament) -> Result<Tournament, StoreError> {
        self.write(|tx| tournaments::create_tournament(tx, tournament))
    }

    fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        self.read(|tx| tournaments::load_tournament(tx, id))
    }

    fn latest_tournament(&self, guild: GuildId) -> Result<Option<Tournament>, StoreError> {
        self.read(|tx| tournaments::latest_tournament(tx, guild))
    }

    fn set_tournament_message(
        &self,
        id: TournamentId,
        message: MessageRef,
    ) -> Result<(), StoreError> {
        self.write(|tx| tournaments::set_message(tx, id, message))
    }

    fn join_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        rating: i32,
        at: Millis,
    ) -> Result<Vec<Entrant>, StoreError> {
        self.write(|tx| tournaments::join(tx, id, user, rating, at))
    }

    fn leave_tournament(&self, id: TournamentId, user: UserId) -> Result<Vec<Entrant>, StoreError> {
        self.write(|tx| tournaments::leave(tx, id, user))
    }

    fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
        self.read(|tx| tournaments::entrants(tx, id))
    }

    fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        from_round: u32,
    ) -> Result<Entrant, StoreError> {
        self.write(|tx| tournaments::withdraw(tx, id, user, from_round))
    }

    fn pair_round(
        &self,
        id: TournamentId,
        round: &NewRound,
        pairings: &[NewPairing],
    ) -> Result<PairedRound, StoreError> {
        self.write(|tx| tournaments::pair_round(tx, id, round, pairings))
    }

    fn tournament_rounds(&self, id: TournamentId) -> Result<Vec<TournamentRound>, StoreError> {
        self.read(|tx| tournaments::rounds(tx, id))
    }

    fn tournament_pairings(&self, id: TournamentId) -> Result<Vec<TournamentPairing>, StoreError> {
        self.read(|tx| tournaments::pairings(tx, id))
    }

    fn tournament_game(&self, game: GameId) -> Result<Option<TournamentGame>, StoreError> {
        self.read(|tx| tournaments::tournament_game(tx, game))
    }

    fn record_forfeit(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        result: crate::tournament::GameResult,
        at: Millis,
    ) -> Result<TournamentPairing, StoreError> {
        self.write(|tx| tournaments::record_forfeit(tx, id, round, board, result, at))
    }

    fn finish_tournament(&self, id: TournamentId, at: Millis) -> Result<Tournament, StoreError> {
        self.write(|tx| tournaments::finish_tournament(tx, id, at))
    }

    fn cancel_tournament(
        &self,
        id: TournamentId,
        at: Millis,
    ) -> Result<(Tournament, Vec<Game>), StoreError> {
        self.write(|tx| tournaments::cancel_tournament(tx, id, at))
    }

    fn signups_due(&self, at: Millis) -> Result<Vec<Tournament>, StoreError> {
        self.read(|tx| tournaments::signups_due(tx, at))
    }

    fn running_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.read(tournaments::running_tournaments)
    }
    fn start_puzzle_attempt(
        &self,
        attempt: &NewPuzzleAttempt,
    ) -> Result<(PuzzleAttempt, Option<PuzzleAttempt>), StoreError> {
        self.write(|tx| puzzles::start_attempt(tx, attempt))
    }

    fn puzzle_attempt(&self, id: PuzzleAttemptId) -> Result<Option<PuzzleAttempt>, StoreError> {
        self.read(|tx| puzzles::load_attempt(tx, id))
    }

    fn open_puzzle_attempt(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<PuzzleAttempt>, StoreError> {
        self.read(|tx| puzzles::open_attempt(tx, guild, user))
    }

    fn advance_puzzle_attempt(
        &self,
        id: PuzzleAttemptId,
        step: u32,
    ) -> Result<PuzzleAttempt, StoreError> {
        self.write(|tx| puzzles::advance_attempt(tx, id, step))
    }

    fn finish_puzzle_attempt(
        &self,
        id: PuzzleAttemptId,
        finish: PuzzleFinish,
    ) -> Result<FinishedPuzzle, StoreError> {
        self.write(|tx| puzzles::finish_attempt(tx, id, finish))
    }

    fn puzzle_player(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<PuzzlePlayer>, StoreError> {
        self.read(|tx| puzzles::player(tx, guild, user))
    }

    fn puzzle_ranking(
        &self,
        guild: GuildId,
        min_attempts: u32,
        limit: u32,
    ) -> Result<Vec<PuzzlePlayer>, StoreError> {
        self.read(|tx| puzzles::ranking(tx, guild, min_attempts, limit))
    }

    fn attempted_puzzles(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<AttemptedPuzzle>, StoreError> {
        self.read(|tx| puzzles::attempted(tx, guild, user))
    }

    fn daily_puzzle_attempt(
        &self,
        guild: GuildId,
        user: UserId,
        day: i64,
    ) -> Result<Option<PuzzleAttempt>, StoreError> {
        self.read(|tx| puzzles::daily_attempt(tx, guild, user, day))
    }

    fn daily_puzzle_solvers(&self, guild: GuildId, day: i64) -> Result<u32, StoreError> {
        self.read(|tx| puzzles::daily_solvers(tx, guild, day))
    }

    fn daily_puzzle_servers(&self) -> Result<Vec<DailyPuzzleServer>, StoreError> {
        self.read(puzzles::daily_servers)
    }

    fn claim_daily_puzzle_post(
        &self,
        guild: GuildId,
        day: i64,
        channel: Option<ChannelId>,
        at: Millis,
    ) -> Result<bool, StoreError> {
        self.write(|tx| puzzles::claim_daily_post(tx, guild, day, channel, at))
    }
}
