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
//!   that is reported as [`StoreError::Locked`].
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

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Duration;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSqlOutput, ValueRef};
use rusqlite::{
    Connection, ErrorCode, OpenFlags, OptionalExtension, Row, ToSql, Transaction,
    TransactionBehavior, params,
};
use rusqlite_migration::{M, Migrations};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::{
    ByColor, Challenge, ChallengeId, ChallengeStatus, ChannelId, Color, ColourChoice, DrawOffer,
    EndReason, EngineLevel, EngineRecord, Finish, FinishedGame, Game, GameExport, GameId,
    GameResult, GameStatus, GuildId, INITIAL_RATING, LeaderboardEntry, LeaderboardPage, MessageRef,
    Millis, MoveRecord, NewChallenge, NewGame, Participant, Player, PlayerOutcome, PlayerStats,
    Rating, RatingChange, Store, StoreError, Streak, UnknownCode, UserId,
};

/// The migrations, in order; migration `i` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[M<'static>] = &[M::up(include_str!("../../migrations/0001_initial.sql"))];

/// The schema version this build writes (SQLite's `user_version` after migrating).
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// The schema migrations, for tests and tools.
#[must_use]
pub fn migrations() -> Migrations<'static> {
    Migrations::from_slice(MIGRATIONS)
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
    /// refused with [`StoreError::OlderSchema`]), every connection `query_only`. For tools.
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
fn open_error(path: &Path, error: rusqlite::Error) -> StoreError {
    let path = path.to_owned();
    match error.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Locked { path },
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly { path },
        Some(ErrorCode::NotADatabase) => StoreError::NotADatabase { path },
        Some(ErrorCode::CannotOpen | ErrorCode::PermissionDenied) => {
            // SQLite only says "unable to open"; say why when the file system can tell.
            let directory = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
                _ => PathBuf::from("."),
            };
            if let Err(e) = std::fs::metadata(&directory) {
                StoreError::CannotOpen {
                    reason: format!(
                        "directory {}: {e}; create it, or point database.path / DAMA_DATABASE \
                         elsewhere",
                        directory.display()
                    ),
                    path,
                }
            } else if !can_create_file_in(&directory) {
                StoreError::ReadOnly { path }
            } else {
                StoreError::CannotOpen {
                    path,
                    reason: format!("{error}; check that the path names a file"),
                }
            }
        }
        _ => StoreError::Sqlite(error),
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
    /// older schema. Errors say what to do: [`StoreError::Locked`], [`StoreError::ReadOnly`],
    /// [`StoreError::NotADatabase`], [`StoreError::NewerSchema`], [`StoreError::CannotOpen`].
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        Self::open_with(path, &OpenOptions::default())
    }

    /// Opens the database at `path` with `options`.
    pub fn open_with(path: &Path, options: &OpenOptions) -> Result<Self, StoreError> {
        let flags = if options.read_only {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
        };
        if options.read_only && !path.exists() {
            return Err(StoreError::CannotOpen {
                path: path.to_owned(),
                reason:
                    "no such file; check the path (the bot creates the database on its first start)"
                        .into(),
            });
        }
        let mut writer =
            Connection::open_with_flags(path, flags).map_err(|e| open_error(path, e))?;
        if !options.read_only && writer.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) {
            // SQLite silently opens a write-protected file read-only.
            return Err(StoreError::ReadOnly {
                path: path.to_owned(),
            });
        }
        configure(&writer, options).map_err(|e| open_error(path, e))?;
        let found = check_schema_version(&writer, path)?;
        if options.read_only {
            if found < SCHEMA_VERSION as i64 {
                return Err(StoreError::OlderSchema {
                    path: path.to_owned(),
                    found,
                    known: SCHEMA_VERSION,
                });
            }
        } else {
            // WAL is a property of the file; it needs the -wal and -shm files next to it.
            let mode: String = writer
                .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
                .map_err(|e| open_error(path, e))?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::CannotOpen {
                    path: path.to_owned(),
                    reason: format!("cannot switch to WAL journaling (journal mode is {mode})"),
                });
            }
            migrate(&mut writer, path)?;
            // Take and release the write lock now, so a lock held by another process or a file
            // that cannot be written shows at start-up, not on the first move.
            writer
                .execute_batch("BEGIN IMMEDIATE; COMMIT;")
                .map_err(|e| open_error(path, e))?;
        }
        let mut readers = Vec::with_capacity(options.readers);
        for _ in 0..options.readers {
            let reader =
                Connection::open_with_flags(path, flags).map_err(|e| open_error(path, e))?;
            configure(&reader, options).map_err(|e| open_error(path, e))?;
            reader
                .execute_batch("PRAGMA query_only = ON;")
                .map_err(|e| open_error(path, e))?;
            readers.push(Mutex::new(reader));
        }
        if options.read_only {
            writer
                .execute_batch("PRAGMA query_only = ON;")
                .map_err(|e| open_error(path, e))?;
        }
        Ok(Self {
            path: path.to_owned(),
            writer: Mutex::new(writer),
            readers,
            next_reader: AtomicUsize::new(0),
        })
    }

    /// A private in-memory database (one connection), for tests and the console.
    pub fn open_in_memory() -> Result<Self, StoreError> {
        let path = PathBuf::from(":memory:");
        let mut conn = Connection::open_in_memory().map_err(|e| open_error(&path, e))?;
        configure(&conn, &OpenOptions::default()).map_err(|e| open_error(&path, e))?;
        migrate(&mut conn, &path)?;
        Ok(Self {
            path,
            writer: Mutex::new(conn),
            readers: Vec::new(),
            next_reader: AtomicUsize::new(0),
        })
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
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
        self.read(|tx| {
            let mut statement = tx.prepare("SELECT id FROM games ORDER BY id")?;
            let ids = statement.query_map([], |row| row.get(0).map(GameId))?;
            Ok(ids.collect::<Result<_, _>>()?)
        })
    }

    /// Copies the whole database to `destination` with SQLite's online backup API: one
    /// consistent snapshot, taken while the bot keeps writing. Returns the pages copied.
    pub fn backup_to(&self, destination: &Path) -> Result<u64, StoreError> {
        let source = self.reader();
        backup_connection(&source, &self.path, destination)
    }

    /// Backs up the database file `source`, which another process (the bot) may be using, to
    /// `destination`, whatever its schema version. Returns the pages copied.
    pub fn backup_file(
        source: &Path,
        destination: &Path,
        busy_timeout: Duration,
    ) -> Result<u64, StoreError> {
        if !source.exists() {
            return Err(StoreError::CannotOpen {
                path: source.to_owned(),
                reason:
                    "no such file; check the path (the bot creates the database on its first start)"
                        .into(),
            });
        }
        let conn = Connection::open_with_flags(
            source,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| open_error(source, e))?;
        conn.busy_timeout(busy_timeout)
            .and_then(|()| conn.execute_batch("PRAGMA query_only = ON;"))
            .map_err(|e| open_error(source, e))?;
        check_schema_version(&conn, source).or_else(|error| match error {
            StoreError::NewerSchema { found, .. } => Ok(found),
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

/// Copies `source` into a new database at `destination` in one step.
fn backup_connection(
    source: &Connection,
    source_path: &Path,
    destination: &Path,
) -> Result<u64, StoreError> {
    use rusqlite::backup::{Backup, StepResult};
    let mut target = Connection::open(destination).map_err(|e| open_error(destination, e))?;
    let backup = Backup::new(source, &mut target)?;
    // All pages in one step: one read transaction, so one snapshot (in WAL the writer goes on
    // meanwhile). Stepping in pieces would restart whenever a move is committed.
    let mut attempts = 0;
    loop {
        match backup.step(-1)? {
            StepResult::Done => break,
            StepResult::More => {}
            StepResult::Busy | StepResult::Locked if attempts < 50 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(100));
            }
            StepResult::Busy | StepResult::Locked | _ => {
                return Err(StoreError::Locked {
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

/// Reads `user_version` (which also proves the file is a database) and refuses a newer schema.
fn check_schema_version(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
    let found: i64 = conn
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(|e| open_error(path, e))?;
    // A file that is not a database fails on the first page read: make it fail here.
    conn.query_row("SELECT count(*) FROM sqlite_schema", [], |row| {
        row.get::<_, i64>(0)
    })
    .map_err(|e| open_error(path, e))?;
    if found > SCHEMA_VERSION as i64 || found < 0 {
        return Err(StoreError::NewerSchema {
            path: path.to_owned(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(found)
}

fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    check_schema_version(conn, path)?;
    migrations().to_latest(conn).map_err(|error| match error {
        rusqlite_migration::Error::RusqliteError { err, .. } => match open_error(path, err) {
            StoreError::Sqlite(err) => StoreError::Migration {
                path: path.to_owned(),
                message: err.to_string(),
            },
            other => other,
        },
        other => StoreError::Migration {
            path: path.to_owned(),
            message: other.to_string(),
        },
    })
}

// ---- conversions ---------------------------------------------------------------------------

/// A Discord id as stored: the same 64 bits, as a signed integer.
const fn sql_id(id: u64) -> i64 {
    id as i64
}

/// A stored Discord id back to `u64`.
const fn discord_id(value: i64) -> u64 {
    value as u64
}

fn text_code<T: std::str::FromStr<Err = UnknownCode>>(value: ValueRef<'_>) -> FromSqlResult<T> {
    value
        .as_str()?
        .parse()
        .map_err(|e: UnknownCode| FromSqlError::Other(Box::new(e)))
}

macro_rules! sql_text_code {
    ($($ty:ty),*) => {$(
        impl ToSql for $ty {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }
        impl FromSql for $ty {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                text_code(value)
            }
        }
    )*};
}

sql_text_code!(
    ColourChoice,
    ChallengeStatus,
    GameStatus,
    GameResult,
    EndReason
);

fn colour_text(color: Color) -> &'static str {
    color.name()
}

fn corrupt(what: &'static str, value: impl Into<String>) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        Box::new(UnknownCode {
            what,
            value: value.into(),
        }),
    )
}

fn participant(row: &Row<'_>, user: &str, level: &str) -> rusqlite::Result<Participant> {
    match (
        row.get::<_, Option<i64>>(user)?,
        row.get::<_, Option<i64>>(level)?,
    ) {
        (Some(user), None) => Ok(Participant::User(discord_id(user))),
        (None, Some(level)) => u8::try_from(level)
            .map(Participant::Engine)
            .map_err(|_| corrupt("engine level", level.to_string())),
        _ => Err(corrupt("participant", format!("{user}/{level}"))),
    }
}

fn participant_columns(participant: Participant) -> (Option<i64>, Option<i64>) {
    match participant {
        Participant::User(user) => (Some(sql_id(user)), None),
        Participant::Engine(level) => (None, Some(i64::from(level))),
    }
}

fn message_ref(
    row: &Row<'_>,
    channel: &str,
    message: &str,
) -> rusqlite::Result<Option<MessageRef>> {
    Ok(
        match (
            row.get::<_, Option<i64>>(channel)?,
            row.get::<_, Option<i64>>(message)?,
        ) {
            (Some(channel), Some(message)) => Some(MessageRef {
                channel: discord_id(channel),
                message: discord_id(message),
            }),
            _ => None,
        },
    )
}

fn ply_column(row: &Row<'_>, name: &str) -> rusqlite::Result<Option<u32>> {
    row.get::<_, Option<u32>>(name)
}

const PLAYER_COLUMNS: &str = "guild_id, user_id, display_name, rating, deviation, volatility, \
     wins, losses, draws, created_at";

fn player_from_row(row: &Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        guild: discord_id(row.get("guild_id")?),
        user: discord_id(row.get("user_id")?),
        display_name: row.get("display_name")?,
        rating: Rating {
            rating: row.get("rating")?,
            deviation: row.get("deviation")?,
            volatility: row.get("volatility")?,
        },
        wins: row.get("wins")?,
        losses: row.get("losses")?,
        draws: row.get("draws")?,
        created_at: row.get("created_at")?,
    })
}

const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, challenged_id, colour, \
     time_per_move_ms, rated, status, created_at, expires_at, resolved_at, game_id, \
     message_channel_id, message_id";

fn challenge_from_row(row: &Row<'_>) -> rusqlite::Result<Challenge> {
    Ok(Challenge {
        id: ChallengeId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        channel: discord_id(row.get("channel_id")?),
        challenger: discord_id(row.get("challenger_id")?),
        challenged: discord_id(row.get("challenged_id")?),
        colour: row.get("colour")?,
        time_per_move_ms: row.get("time_per_move_ms")?,
        rated: row.get("rated")?,
        status: row.get("status")?,
        created_at: row.get("created_at")?,
        expires_at: row.get("expires_at")?,
        resolved_at: row.get("resolved_at")?,
        game: row.get::<_, Option<i64>>("game_id")?.map(GameId),
        message: message_ref(row, "message_channel_id", "message_id")?,
    })
}

const GAME_COLUMNS: &str = "id, guild_id, channel_id, white_user_id, white_level, \
     black_user_id, black_level, time_per_move_ms, rated, status, result, end_reason, \
     created_at, last_move_at, finished_at, start_fen, current_fen, ply, draw_offer_by, \
     draw_offer_ply, white_last_offer_ply, black_last_offer_ply, board_channel_id, \
     board_message_id";

fn game_from_row(row: &Row<'_>) -> rusqlite::Result<Game> {
    let draw_offer = match (
        row.get::<_, Option<String>>("draw_offer_by")?,
        ply_column(row, "draw_offer_ply")?,
    ) {
        (Some(by), Some(at_ply)) => Some(DrawOffer {
            by: match by.as_str() {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return Err(corrupt("colour", by)),
            },
            at_ply,
        }),
        _ => None,
    };
    Ok(Game {
        id: GameId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        channel: discord_id(row.get("channel_id")?),
        white: participant(row, "white_user_id", "white_level")?,
        black: participant(row, "black_user_id", "black_level")?,
        time_per_move_ms: row.get("time_per_move_ms")?,
        rated: row.get("rated")?,
        status: row.get("status")?,
        result: row.get("result")?,
        end_reason: row.get("end_reason")?,
        created_at: row.get("created_at")?,
        last_move_at: row.get("last_move_at")?,
        finished_at: row.get("finished_at")?,
        start_fen: row.get("start_fen")?,
        current_fen: row.get("current_fen")?,
        ply: row.get("ply")?,
        draw_offer,
        last_draw_offer_ply: ByColor::new(
            ply_column(row, "white_last_offer_ply")?,
            ply_column(row, "black_last_offer_ply")?,
        ),
        board_message: message_ref(row, "board_channel_id", "board_message_id")?,
    })
}

fn move_from_row(row: &Row<'_>) -> rusqlite::Result<MoveRecord> {
    Ok(MoveRecord {
        game: GameId(row.get("game_id")?),
        ply: row.get("ply")?,
        move_long: row.get("move_long")?,
        fen_after: row.get("fen_after")?,
        at: row.get("played_at")?,
    })
}

fn to_glicko(rating: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

fn from_glicko(rating: Glicko2Rating) -> Rating {
    Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

/// The outcome for the player of `color`.
fn outcome_for(result: GameResult, color: Color) -> PlayerOutcome {
    match result.winner() {
        None => PlayerOutcome::Draw,
        Some(winner) if winner == color => PlayerOutcome::Win,
        Some(_) => PlayerOutcome::Loss,
    }
}

/// The column counting `outcome`.
fn outcome_column(outcome: PlayerOutcome) -> &'static str {
    match outcome {
        PlayerOutcome::Win => "wins",
        PlayerOutcome::Loss => "losses",
        PlayerOutcome::Draw => "draws",
    }
}

// ---- transactions --------------------------------------------------------------------------

fn load_game(tx: &Transaction<'_>, id: GameId) -> Result<Game, StoreError> {
    tx.prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?
        .query_row([id.0], game_from_row)
        .optional()?
        .ok_or(StoreError::GameNotFound(id))
}

fn load_challenge(tx: &Transaction<'_>, id: ChallengeId) -> Result<Challenge, StoreError> {
    tx.prepare_cached(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1"
    ))?
    .query_row([id.0], challenge_from_row)
    .optional()?
    .ok_or(StoreError::ChallengeNotFound(id))
}

fn load_player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<Player>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ?1 AND user_id = ?2"
        ))?
        .query_row([sql_id(guild), sql_id(user)], player_from_row)
        .optional()?)
}

fn require_player(tx: &Transaction<'_>, guild: GuildId, user: UserId) -> Result<(), StoreError> {
    let exists = tx
        .prepare_cached("SELECT 1 FROM players WHERE guild_id = ?1 AND user_id = ?2")?
        .exists([sql_id(guild), sql_id(user)])?;
    if exists {
        Ok(())
    } else {
        Err(StoreError::PlayerNotFound { guild, user })
    }
}

/// The status and ply of a game, checked to be active at `ply`.
fn require_active_at(tx: &Transaction<'_>, id: GameId, ply: u32) -> Result<(), StoreError> {
    let (status, current): (GameStatus, u32) = tx
        .prepare_cached("SELECT status, ply FROM games WHERE id = ?1")?
        .query_row([id.0], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?
        .ok_or(StoreError::GameNotFound(id))?;
    if status != GameStatus::Active {
        return Err(StoreError::GameNotActive { game: id, status });
    }
    if ply != current {
        return Err(StoreError::StalePly {
            game: id,
            given: ply,
            current,
        });
    }
    Ok(())
}

fn active_game_id(tx: &Transaction<'_>, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
    Ok(tx
        .prepare_cached("SELECT id FROM games WHERE channel_id = ?1 AND status = 'active'")?
        .query_row([sql_id(channel)], |row| row.get(0).map(GameId))
        .optional()?)
}

fn insert_game(tx: &Transaction<'_>, game: &NewGame) -> Result<Game, StoreError> {
    if game.time_per_move_ms <= 0 {
        return Err(StoreError::Invalid(format!(
            "time per move {} ms: it must be positive",
            game.time_per_move_ms
        )));
    }
    for side in [game.white, game.black] {
        match side {
            Participant::User(user) => require_player(tx, game.guild, user)?,
            Participant::Engine(0) => {
                return Err(StoreError::Invalid("engine level 0".into()));
            }
            Participant::Engine(_) => {}
        }
    }
    if let Some(busy) = active_game_id(tx, game.channel)? {
        return Err(StoreError::ChannelBusy {
            channel: game.channel,
            game: busy,
        });
    }
    let (white_user, white_level) = participant_columns(game.white);
    let (black_user, black_level) = participant_columns(game.black);
    let inserted = tx
        .prepare_cached(&format!(
            "INSERT INTO games (guild_id, channel_id, white_user_id, white_level, black_user_id, \
             black_level, time_per_move_ms, rated, created_at, last_move_at, start_fen, \
             current_fen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?10) \
             RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(game.guild),
                sql_id(game.channel),
                white_user,
                white_level,
                black_user,
                black_level,
                game.time_per_move_ms,
                game.rated,
                game.created_at,
                game.start_fen,
            ],
            game_from_row,
        );
    match inserted {
        Ok(game) => Ok(game),
        Err(error) if error.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) => {
            // The partial unique index is the last word on a busy channel.
            match active_game_id(tx, game.channel)? {
                Some(busy) => Err(StoreError::ChannelBusy {
                    channel: game.channel,
                    game: busy,
                }),
                None => Err(error.into()),
            }
        }
        Err(error) => Err(error.into()),
    }
}

fn insert_move(
    tx: &Transaction<'_>,
    id: GameId,
    ply: u32,
    move_long: &str,
    fen_after: &str,
    at: Millis,
) -> Result<Game, StoreError> {
    let (status, current): (GameStatus, u32) = tx
        .prepare_cached("SELECT status, ply FROM games WHERE id = ?1")?
        .query_row([id.0], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?
        .ok_or(StoreError::GameNotFound(id))?;
    if status != GameStatus::Active {
        return Err(StoreError::GameNotActive { game: id, status });
    }
    if ply < current {
        return Err(StoreError::AlreadyPlayed { game: id, ply });
    }
    if ply > current {
        return Err(StoreError::StalePly {
            game: id,
            given: ply,
            current,
        });
    }
    let inserted = tx
        .prepare_cached(
            "INSERT INTO moves (game_id, ply, move_long, fen_after, played_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![id.0, ply, move_long, fen_after, at]);
    match inserted {
        Ok(_) => {}
        Err(error)
            if error.sqlite_error_code() == Some(ErrorCode::ConstraintViolation)
                && tx
                    .prepare_cached("SELECT 1 FROM moves WHERE game_id = ?1 AND ply = ?2")?
                    .exists(params![id.0, ply])? =>
        {
            return Err(StoreError::AlreadyPlayed { game: id, ply });
        }
        Err(error) => return Err(error.into()),
    }
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET current_fen = ?2, ply = ?3, last_move_at = ?4, \
             draw_offer_by = NULL, draw_offer_ply = NULL WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![id.0, fen_after, ply + 1, at], game_from_row)?)
}

/// Adds one outcome to a player's record against people.
fn count_human_game(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    outcome: PlayerOutcome,
) -> Result<(), StoreError> {
    let column = outcome_column(outcome);
    tx.prepare_cached(&format!(
        "UPDATE players SET {column} = {column} + 1 WHERE guild_id = ?1 AND user_id = ?2"
    ))?
    .execute([sql_id(guild), sql_id(user)])?;
    Ok(())
}

fn set_rating(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    rating: Rating,
) -> Result<(), StoreError> {
    tx.prepare_cached(
        "UPDATE players SET rating = ?3, deviation = ?4, volatility = ?5 \
         WHERE guild_id = ?1 AND user_id = ?2",
    )?
    .execute(params![
        sql_id(guild),
        sql_id(user),
        rating.rating,
        rating.deviation,
        rating.volatility
    ])?;
    Ok(())
}

fn finish(tx: &Transaction<'_>, id: GameId, finish: Finish) -> Result<FinishedGame, StoreError> {
    if finish.reason == EndReason::Abort {
        return Err(StoreError::Invalid(
            "end reason abort for a finished game (abort the game instead)".into(),
        ));
    }
    require_active_at(tx, id, finish.ply)?;
    let game = tx
        .prepare_cached(&format!(
            "UPDATE games SET status = 'finished', result = ?2, end_reason = ?3, \
             finished_at = ?4, draw_offer_by = NULL, draw_offer_ply = NULL \
             WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(
            params![id.0, finish.result, finish.reason, finish.at],
            game_from_row,
        )?;
    let mut ratings = None;
    match (game.white, game.black) {
        (Participant::User(white), Participant::User(black)) if white != black => {
            count_human_game(
                tx,
                game.guild,
                white,
                outcome_for(finish.result, Color::White),
            )?;
            count_human_game(
                tx,
                game.guild,
                black,
                outcome_for(finish.result, Color::Black),
            )?;
            if game.rated {
                let before_white = load_player(tx, game.guild, white)?
                    .ok_or(StoreError::PlayerNotFound {
                        guild: game.guild,
                        user: white,
                    })?
                    .rating;
                let before_black = load_player(tx, game.guild, black)?
                    .ok_or(StoreError::PlayerNotFound {
                        guild: game.guild,
                        user: black,
                    })?
                    .rating;
                let outcome = match finish.result {
                    GameResult::WhiteWins => Outcomes::WIN,
                    GameResult::BlackWins => Outcomes::LOSS,
                    GameResult::Draw => Outcomes::DRAW,
                };
                let (after_white, after_black) = glicko2(
                    &to_glicko(before_white),
                    &to_glicko(before_black),
                    &outcome,
                    &Glicko2Config::new(),
                );
                let (after_white, after_black) =
                    (from_glicko(after_white), from_glicko(after_black));
                set_rating(tx, game.guild, white, after_white)?;
                set_rating(tx, game.guild, black, after_black)?;
                ratings = Some(ByColor::new(
                    RatingChange {
                        user: white,
                        before: before_white,
                        after: after_white,
                    },
                    RatingChange {
                        user: black,
                        before: before_black,
                        after: after_black,
                    },
                ));
            }
        }
        (Participant::User(user), Participant::Engine(level)) => {
            count_engine_game(
                tx,
                game.guild,
                user,
                level,
                outcome_for(finish.result, Color::White),
            )?;
        }
        (Participant::Engine(level), Participant::User(user)) => {
            count_engine_game(
                tx,
                game.guild,
                user,
                level,
                outcome_for(finish.result, Color::Black),
            )?;
        }
        // A game against oneself, or the engine against itself, counts for nobody.
        _ => {}
    }
    Ok(FinishedGame { game, ratings })
}

fn count_engine_game(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    level: EngineLevel,
    outcome: PlayerOutcome,
) -> Result<(), StoreError> {
    let column = outcome_column(outcome);
    tx.prepare_cached(&format!(
        "INSERT INTO engine_records (guild_id, user_id, level, {column}) VALUES (?1, ?2, ?3, 1) \
         ON CONFLICT (guild_id, user_id, level) DO UPDATE SET {column} = {column} + 1"
    ))?
    .execute(params![sql_id(guild), sql_id(user), level])?;
    Ok(())
}

fn query_games(
    tx: &Transaction<'_>,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<Game>, StoreError> {
    let mut statement = tx.prepare_cached(sql)?;
    let games = statement.query_map(params, game_from_row)?;
    Ok(games.collect::<Result<_, _>>()?)
}

fn query_challenges(
    tx: &Transaction<'_>,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<Challenge>, StoreError> {
    let mut statement = tx.prepare_cached(sql)?;
    let challenges = statement.query_map(params, challenge_from_row)?;
    Ok(challenges.collect::<Result<_, _>>()?)
}

fn load_moves(tx: &Transaction<'_>, id: GameId) -> Result<Vec<MoveRecord>, StoreError> {
    let mut statement = tx.prepare_cached(
        "SELECT game_id, ply, move_long, fen_after, played_at FROM moves \
         WHERE game_id = ?1 ORDER BY ply",
    )?;
    let moves = statement.query_map([id.0], move_from_row)?;
    Ok(moves.collect::<Result<_, _>>()?)
}

fn validate_new_challenge(challenge: &NewChallenge) -> Result<(), StoreError> {
    if challenge.time_per_move_ms <= 0 {
        return Err(StoreError::Invalid(format!(
            "time per move {} ms: it must be positive",
            challenge.time_per_move_ms
        )));
    }
    if challenge.expires_at < challenge.created_at {
        return Err(StoreError::Invalid(
            "challenge expiry before its creation".into(),
        ));
    }
    Ok(())
}

impl Store for SqliteStore {
    fn ensure_player(
        &self,
        guild: GuildId,
        user: UserId,
        display_name: &str,
        at: Millis,
    ) -> Result<Player, StoreError> {
        self.write(|tx| {
            Ok(tx
                .prepare_cached(&format!(
                    "INSERT INTO players (guild_id, user_id, display_name, rating, deviation, \
                     volatility, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
                     ON CONFLICT (guild_id, user_id) DO UPDATE SET display_name = excluded.display_name \
                     RETURNING {PLAYER_COLUMNS}"
                ))?
                .query_row(
                    params![
                        sql_id(guild),
                        sql_id(user),
                        display_name,
                        INITIAL_RATING.rating,
                        INITIAL_RATING.deviation,
                        INITIAL_RATING.volatility,
                        at
                    ],
                    player_from_row,
                )?)
        })
    }

    fn player(&self, guild: GuildId, user: UserId) -> Result<Option<Player>, StoreError> {
        self.read(|tx| load_player(tx, guild, user))
    }

    fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge, StoreError> {
        validate_new_challenge(challenge)?;
        self.write(|tx| {
            require_player(tx, challenge.guild, challenge.challenger)?;
            require_player(tx, challenge.guild, challenge.challenged)?;
            Ok(tx
                .prepare_cached(&format!(
                    "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, \
                     colour, time_per_move_ms, rated, created_at, expires_at) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING {CHALLENGE_COLUMNS}"
                ))?
                .query_row(
                    params![
                        sql_id(challenge.guild),
                        sql_id(challenge.channel),
                        sql_id(challenge.challenger),
                        sql_id(challenge.challenged),
                        challenge.colour,
                        challenge.time_per_move_ms,
                        challenge.rated,
                        challenge.created_at,
                        challenge.expires_at,
                    ],
                    challenge_from_row,
                )?)
        })
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.read(|tx| match load_challenge(tx, id) {
            Ok(challenge) => Ok(Some(challenge)),
            Err(StoreError::ChallengeNotFound(_)) => Ok(None),
            Err(error) => Err(error),
        })
    }

    fn pending_challenges_in_channel(
        &self,
        channel: ChannelId,
        at: Millis,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.read(|tx| {
            query_challenges(
                tx,
                &format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE channel_id = ?1 \
                     AND status = 'pending' AND expires_at > ?2 ORDER BY created_at, id"
                ),
                params![sql_id(channel), at],
            )
        })
    }

    fn pending_challenges_for_user(
        &self,
        guild: GuildId,
        user: UserId,
        at: Millis,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.read(|tx| {
            query_challenges(
                tx,
                &format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE guild_id = ?1 \
                     AND (challenger_id = ?2 OR challenged_id = ?2) \
                     AND status = 'pending' AND expires_at > ?3 ORDER BY created_at, id"
                ),
                params![sql_id(guild), sql_id(user), at],
            )
        })
    }

    fn resolve_challenge(
        &self,
        id: ChallengeId,
        to: ChallengeStatus,
        at: Millis,
    ) -> Result<Challenge, StoreError> {
        if matches!(to, ChallengeStatus::Pending | ChallengeStatus::Accepted) {
            return Err(StoreError::Invalid(format!(
                "challenge change to {} (accept_challenge accepts)",
                to.as_str()
            )));
        }
        self.write(|tx| {
            let challenge = load_challenge(tx, id)?;
            if challenge.status != ChallengeStatus::Pending {
                return Err(StoreError::ChallengeNotPending {
                    challenge: id,
                    status: challenge.status,
                });
            }
            Ok(tx
                .prepare_cached(&format!(
                    "UPDATE challenges SET status = ?2, resolved_at = ?3 \
                     WHERE id = ?1 AND status = 'pending' RETURNING {CHALLENGE_COLUMNS}"
                ))?
                .query_row(params![id.0, to, at], challenge_from_row)?)
        })
    }

    fn accept_challenge(
        &self,
        id: ChallengeId,
        game: &NewGame,
    ) -> Result<(Challenge, Game), StoreError> {
        self.write(|tx| {
            let challenge = load_challenge(tx, id)?;
            if challenge.status != ChallengeStatus::Pending {
                return Err(StoreError::ChallengeNotPending {
                    challenge: id,
                    status: challenge.status,
                });
            }
            if challenge.expires_at <= game.created_at {
                return Err(StoreError::ChallengeExpired(id));
            }
            let game = insert_game(tx, game)?;
            let challenge = tx
                .prepare_cached(&format!(
                    "UPDATE challenges SET status = 'accepted', resolved_at = ?2, game_id = ?3 \
                     WHERE id = ?1 RETURNING {CHALLENGE_COLUMNS}"
                ))?
                .query_row(
                    params![id.0, game.created_at, game.id.0],
                    challenge_from_row,
                )?;
            Ok((challenge, game))
        })
    }

    fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: MessageRef,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            let changed = tx
                .prepare_cached(
                    "UPDATE challenges SET message_channel_id = ?2, message_id = ?3 WHERE id = ?1",
                )?
                .execute(params![
                    id.0,
                    sql_id(message.channel),
                    sql_id(message.message)
                ])?;
            if changed == 0 {
                return Err(StoreError::ChallengeNotFound(id));
            }
            Ok(())
        })
    }

    fn expired_challenges(&self, at: Millis) -> Result<Vec<Challenge>, StoreError> {
        self.read(|tx| {
            query_challenges(
                tx,
                &format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges \
                     WHERE status = 'pending' AND expires_at <= ?1 ORDER BY created_at, id"
                ),
                [at],
            )
        })
    }

    fn expire_challenges(&self, at: Millis) -> Result<Vec<Challenge>, StoreError> {
        self.write(|tx| {
            let mut expired = query_challenges(
                tx,
                &format!(
                    "UPDATE challenges SET status = 'expired', resolved_at = ?1 \
                     WHERE status = 'pending' AND expires_at <= ?1 RETURNING {CHALLENGE_COLUMNS}"
                ),
                [at],
            )?;
            expired.sort_by_key(|c| (c.created_at, c.id));
            Ok(expired)
        })
    }

    fn create_game(&self, game: &NewGame) -> Result<Game, StoreError> {
        self.write(|tx| insert_game(tx, game))
    }

    fn game(&self, id: GameId) -> Result<Option<Game>, StoreError> {
        self.read(|tx| match load_game(tx, id) {
            Ok(game) => Ok(Some(game)),
            Err(StoreError::GameNotFound(_)) => Ok(None),
            Err(error) => Err(error),
        })
    }

    fn active_game_in_channel(&self, channel: ChannelId) -> Result<Option<Game>, StoreError> {
        self.read(|tx| {
            Ok(tx
                .prepare_cached(&format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND status = 'active'"
                ))?
                .query_row([sql_id(channel)], game_from_row)
                .optional()?)
        })
    }

    fn record_move(
        &self,
        game: GameId,
        ply: u32,
        move_long: &str,
        fen_after: &str,
        at: Millis,
    ) -> Result<Game, StoreError> {
        self.write(|tx| insert_move(tx, game, ply, move_long, fen_after, at))
    }

    fn record_final_move(
        &self,
        game: GameId,
        ply: u32,
        move_long: &str,
        fen_after: &str,
        end: Finish,
    ) -> Result<FinishedGame, StoreError> {
        if end.ply != ply + 1 {
            return Err(StoreError::Invalid(format!(
                "final move at ply {ply} with a finish at ply {}",
                end.ply
            )));
        }
        self.write(|tx| {
            insert_move(tx, game, ply, move_long, fen_after, end.at)?;
            finish(tx, game, end)
        })
    }

    fn moves(&self, game: GameId) -> Result<Vec<MoveRecord>, StoreError> {
        self.read(|tx| load_moves(tx, game))
    }

    fn offer_draw(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError> {
        self.write(|tx| {
            require_active_at(tx, game, ply)?;
            let last = by.fold("white_last_offer_ply", "black_last_offer_ply");
            Ok(tx
                .prepare_cached(&format!(
                    "UPDATE games SET draw_offer_by = ?2, draw_offer_ply = ?3, {last} = ?3 \
                     WHERE id = ?1 RETURNING {GAME_COLUMNS}"
                ))?
                .query_row(params![game.0, colour_text(by), ply], game_from_row)?)
        })
    }

    fn clear_draw_offer(&self, game: GameId) -> Result<Game, StoreError> {
        self.write(|tx| {
            let current = load_game(tx, game)?;
            if current.status != GameStatus::Active {
                return Err(StoreError::GameNotActive {
                    game,
                    status: current.status,
                });
            }
            Ok(tx
                .prepare_cached(&format!(
                    "UPDATE games SET draw_offer_by = NULL, draw_offer_ply = NULL \
                     WHERE id = ?1 RETURNING {GAME_COLUMNS}"
                ))?
                .query_row([game.0], game_from_row)?)
        })
    }

    fn finish_game(&self, game: GameId, end: Finish) -> Result<FinishedGame, StoreError> {
        self.write(|tx| finish(tx, game, end))
    }

    fn abort_game(&self, game: GameId, at: Millis) -> Result<Game, StoreError> {
        self.write(|tx| {
            let current = load_game(tx, game)?;
            if current.status != GameStatus::Active {
                return Err(StoreError::GameNotActive {
                    game,
                    status: current.status,
                });
            }
            Ok(tx
                .prepare_cached(&format!(
                    "UPDATE games SET status = 'aborted', end_reason = 'abort', finished_at = ?2, \
                     draw_offer_by = NULL, draw_offer_ply = NULL \
                     WHERE id = ?1 RETURNING {GAME_COLUMNS}"
                ))?
                .query_row(params![game.0, at], game_from_row)?)
        })
    }

    fn set_board_message(
        &self,
        game: GameId,
        message: MessageRef,
    ) -> Result<Option<MessageRef>, StoreError> {
        self.write(|tx| {
            let before = load_game(tx, game)?.board_message;
            tx.prepare_cached(
                "UPDATE games SET board_channel_id = ?2, board_message_id = ?3 WHERE id = ?1",
            )?
            .execute(params![
                game.0,
                sql_id(message.channel),
                sql_id(message.message)
            ])?;
            Ok(before)
        })
    }

    fn overdue_games(&self, at: Millis, periods: u32) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| {
            query_games(
                tx,
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
                     AND last_move_at + ?2 * time_per_move_ms < ?1 ORDER BY last_move_at, id"
                ),
                params![at, periods],
            )
        })
    }

    fn engine_to_move_games(&self) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| {
            query_games(
                tx,
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
                     AND ((substr(current_fen, 1, 1) = 'W' AND white_level IS NOT NULL) \
                       OR (substr(current_fen, 1, 1) = 'B' AND black_level IS NOT NULL)) \
                     ORDER BY last_move_at, id"
                ),
                [],
            )
        })
    }

    fn leaderboard(
        &self,
        guild: GuildId,
        min_games: u32,
        page: u32,
        page_size: u32,
    ) -> Result<LeaderboardPage, StoreError> {
        if page_size == 0 {
            return Err(StoreError::Invalid("leaderboard page size 0".into()));
        }
        self.read(|tx| {
            let total: u32 = tx
                .prepare_cached(
                    "SELECT count(*) FROM players WHERE guild_id = ?1 \
                     AND wins + losses + draws >= ?2",
                )?
                .query_row(params![sql_id(guild), min_games], |row| row.get(0))?;
            let offset = u64::from(page) * u64::from(page_size);
            let mut statement = tx.prepare_cached(&format!(
                "SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ?1 \
                 AND wins + losses + draws >= ?2 \
                 ORDER BY rating DESC, deviation ASC, wins + losses + draws DESC, user_id ASC \
                 LIMIT ?3 OFFSET ?4"
            ))?;
            let players = statement.query_map(
                params![sql_id(guild), min_games, page_size, offset],
                player_from_row,
            )?;
            let mut entries = Vec::new();
            for (index, player) in players.enumerate() {
                entries.push(LeaderboardEntry {
                    rank: u32::try_from(offset + index as u64 + 1).unwrap_or(u32::MAX),
                    player: player?,
                });
            }
            Ok(LeaderboardPage {
                entries,
                page,
                total_players: total,
                pages: total.div_ceil(page_size).max(1),
            })
        })
    }

    fn player_stats(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        self.read(|tx| {
            let Some(player) = load_player(tx, guild, user)? else {
                return Ok(None);
            };
            let mut streak: Option<Streak> = None;
            {
                let mut statement = tx.prepare_cached(
                    "SELECT result, white_user_id = ?2 FROM games WHERE guild_id = ?1 \
                     AND status = 'finished' AND (white_user_id = ?2 OR black_user_id = ?2) \
                     ORDER BY finished_at DESC, id DESC",
                )?;
                let mut rows = statement.query(params![sql_id(guild), sql_id(user)])?;
                while let Some(row) = rows.next()? {
                    let result: GameResult = row.get(0)?;
                    let as_white: Option<bool> = row.get(1)?;
                    let colour = if as_white == Some(true) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let outcome = outcome_for(result, colour);
                    match &mut streak {
                        None => {
                            streak = Some(Streak { outcome, length: 1 });
                        }
                        Some(current) if current.outcome == outcome => current.length += 1,
                        Some(_) => break,
                    }
                }
            }
            let mut statement = tx.prepare_cached(
                "SELECT level, wins, losses, draws FROM engine_records \
                 WHERE guild_id = ?1 AND user_id = ?2 ORDER BY level",
            )?;
            let records = statement.query_map(params![sql_id(guild), sql_id(user)], |row| {
                Ok(EngineRecord {
                    level: row.get(0)?,
                    wins: row.get(1)?,
                    losses: row.get(2)?,
                    draws: row.get(3)?,
                })
            })?;
            let engine_records = records.collect::<Result<_, _>>()?;
            Ok(Some(PlayerStats {
                player,
                streak,
                engine_records,
            }))
        })
    }

    fn recent_games_of_player(
        &self,
        guild: GuildId,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| {
            query_games(
                tx,
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 \
                     AND (white_user_id = ?2 OR black_user_id = ?2) \
                     ORDER BY coalesce(finished_at, last_move_at) DESC, id DESC LIMIT ?3"
                ),
                params![sql_id(guild), sql_id(user), limit],
            )
        })
    }

    fn recent_games_in_channel(
        &self,
        channel: ChannelId,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        self.read(|tx| {
            query_games(
                tx,
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 \
                     ORDER BY coalesce(finished_at, last_move_at) DESC, id DESC LIMIT ?2"
                ),
                params![sql_id(channel), limit],
            )
        })
    }

    fn game_export(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
        self.read(|tx| {
            let game = match load_game(tx, id) {
                Ok(game) => game,
                Err(StoreError::GameNotFound(_)) => return Ok(None),
                Err(error) => return Err(error),
            };
            let name = |side: Participant| -> Result<Option<String>, StoreError> {
                match side {
                    Participant::User(user) => {
                        Ok(load_player(tx, game.guild, user)?.map(|p| p.display_name))
                    }
                    Participant::Engine(_) => Ok(None),
                }
            };
            let names = ByColor::new(name(game.white)?, name(game.black)?);
            let moves = load_moves(tx, id)?;
            Ok(Some(GameExport { game, names, moves }))
        })
    }
}
