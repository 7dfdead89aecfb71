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
//! one transaction (the statements are the shared ones of `store::sql`). `driver` is the
//! driver interface on rusqlite (statements, parameters, rows, errors), `schema` holds the
//! migrations and the version check, and `copy` this side of `damabot db copy`.

pub(super) mod copy;
pub(crate) mod driver;
mod schema;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};

use driver::store_error;
#[cfg(test)]
pub(super) use schema::MIGRATIONS_SQL;
pub use schema::{SCHEMA_VERSION, migrations};
use schema::{check_schema_version, migrate};

use crate::sql::dialect::{Dialect, SQLITE};
use crate::sql::{self, Outcome, SqlBackend};
#[cfg(doc)]
use dama_core::store::Store;
use dama_core::store::{GameId, StoreError};

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
        self.read_in(|tx| {
            let mut problems = Vec::new();
            let mut statement = tx.prepare("PRAGMA integrity_check").map_err(store_error)?;
            let rows = statement
                .query_map([], |row| row.get::<_, String>(0))
                .map_err(store_error)?;
            for row in rows {
                let line = row.map_err(store_error)?;
                if line != "ok" {
                    problems.push(format!("integrity: {line}"));
                }
            }
            let mut statement = tx
                .prepare("PRAGMA foreign_key_check")
                .map_err(store_error)?;
            let rows = statement
                .query_map([], |row| {
                    Ok(format!(
                        "foreign key: {} row {} names a missing {}",
                        row.get::<_, String>(0)?,
                        row.get::<_, Option<i64>>(1)?.unwrap_or_default(),
                        row.get::<_, String>(2)?
                    ))
                })
                .map_err(store_error)?;
            for row in rows {
                problems.push(row.map_err(store_error)?);
            }
            Ok(problems)
        })
    }

    /// Every game id, in order (for `damabot db check`).
    pub fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        sql::game_ids(self)
    }

    /// The schema version of the file (`user_version`).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.read_in(|tx| {
            tx.query_row("PRAGMA user_version", [], |row| row.get(0))
                .map_err(store_error)
        })
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

/// Each transaction on the writer (`write`) or a reader (`read`).
impl SqlBackend for SqliteStore {
    const DIALECT: &'static Dialect = &SQLITE;
    type Tx<'t> = Transaction<'t>;

    /// Runs `f` in a read transaction (one snapshot for all its statements).
    fn read_in<T>(&self, f: impl Fn(&Transaction<'_>) -> Outcome<T>) -> Outcome<T> {
        let mut conn = self.reader();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Deferred)
            .map_err(store_error)?;
        let value = f(&tx)?;
        tx.finish().map_err(store_error)?;
        Ok(value)
    }

    /// Runs `f` in a write transaction, committed if `f` succeeds, else rolled back.
    fn write_in<T>(&self, f: impl Fn(&Transaction<'_>) -> Outcome<T>) -> Outcome<T> {
        let mut conn = lock(&self.writer);
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(store_error)?;
        let value = f(&tx)?;
        tx.commit().map_err(store_error)?;
        Ok(value)
    }
}
