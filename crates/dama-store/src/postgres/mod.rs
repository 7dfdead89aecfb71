//! [`PostgresStore`]: the [`Store`] on a PostgreSQL server (the synchronous `postgres` client
//! behind an `r2d2` pool).
//!
//! # Why this client
//! The store's callers are blocking threads (the game service runs off the async runtime, see
//! the [`Store`] contract), so a synchronous client fits without a second runtime boundary:
//! `postgres` is the synchronous face of `tokio-postgres` (the maintained PostgreSQL driver of
//! the Rust ecosystem, with prepared statements and binary parameters), and `r2d2` the pool
//! the two are commonly used with. The pool re-establishes connections that broke (a server
//! restart) on demand, waiting with backoff up to its connection timeout.
//!
//! # Transactions
//! Every write is one `SERIALIZABLE` transaction: its checks (the ply, the status) and its
//! changes behave as if the transactions ran one at a time, as SQLite's single writer does, so
//! the compare-and-set rules of the contract hold across connections and processes. A
//! transaction the server cannot serialize (or one whose insert met a key that a concurrent
//! transaction took) is run again from the start, a few times; the next run sees the other's
//! change and gives the contract's refusal (`AlreadyPlayed`, `ChannelBusy`, ...). Reads are one
//! `REPEATABLE READ READ ONLY` transaction: one snapshot for all their statements.
//!
//! # Lost connections
//! A call on a connection that broke fails before anything is committed, and is run again on
//! another connection; a call that finds no server answers with a [`StoreError::Backend`] after
//! the pool's connection timeout (the service answers it with its apology), and the next call
//! tries again. Only a connection lost during `COMMIT` leaves the outcome unknown: that call is
//! not repeated (the server either committed it whole or not at all).
//!
//! # Files
//! The statements are the shared ones of `store::sql`; here are the connections and the pool,
//! how a transaction begins and is tried again, `driver` (the driver interface on the
//! `postgres` client: statements, parameters, rows, errors), `schema` (the migrations) and
//! `copy` (this side of `damabot db copy`).

pub(super) mod copy;
mod driver;
mod schema;

use std::time::Duration;

use postgres::error::SqlState;
use postgres::{IsolationLevel, NoTls};

use driver::{PgTransaction, StatementCache, connection_lost, must_retry};
#[cfg(test)]
pub(super) use schema::MIGRATIONS;
pub use schema::SCHEMA_VERSION;

use crate::sql::db::DbError;
use crate::sql::dialect::{Dialect, POSTGRES};
use crate::sql::{self, Outcome, SqlBackend};
#[cfg(doc)]
use dama_core::store::Store;
use dama_core::store::{GameId, StoreError};

/// Why a PostgreSQL database cannot be used; each message says what, where and what to check.
#[derive(Debug, thiserror::Error)]
pub enum PostgresOpenError {
    /// The URL does not parse; `reason` holds no piece of the password.
    #[error(
        "the database URL is not a PostgreSQL URL ({reason}); write it as \
         postgres://USER:PASSWORD@HOST:PORT/DATABASE in database.url or DAMA_DATABASE"
    )]
    BadUrl { reason: String },
    /// No server answers at the address.
    #[error(
        "cannot reach the PostgreSQL server at {server}: {reason}; check that the server is \
         running and listens there (host and port in database.url / DAMA_DATABASE, \
         listen_addresses and port in postgresql.conf, a firewall)"
    )]
    Unreachable { server: String, reason: String },
    /// The server refused the login.
    #[error(
        "the PostgreSQL server at {server} refused the login of user `{user}`: {reason}; check \
         the user and password in database.url / DAMA_DATABASE and the server's pg_hba.conf"
    )]
    LoginRefused {
        server: String,
        user: String,
        reason: String,
    },
    /// The database does not exist on the server.
    #[error(
        "the PostgreSQL server at {server} has no database `{database}`; create it \
         (createdb -O USER {database}) or name another one in database.url / DAMA_DATABASE"
    )]
    NoDatabase { server: String, database: String },
    /// The schema was written by a newer version of the bot.
    #[error(
        "the database {server}/{database} has schema version {found}, but this damabot knows \
         versions up to {known}; it was written by a newer damabot: run that version, or \
         restore a backup made by this one"
    )]
    NewerSchema {
        server: String,
        database: String,
        found: i64,
        known: usize,
    },
    /// A read-only open (the tools) found a schema this version would migrate.
    #[error(
        "the database {server}/{database} has schema version {found}, older than this \
         damabot's {known}; start the bot once to migrate it, then run this again"
    )]
    OlderSchema {
        server: String,
        database: String,
        found: i64,
        known: usize,
    },
    /// Any other refusal of the server while opening or migrating.
    #[error("the PostgreSQL database {server}/{database}: {reason}")]
    Server {
        server: String,
        database: String,
        reason: String,
    },
}

/// How [`PostgresStore::open_with`] opens a database.
#[derive(Debug, Clone)]
pub struct PostgresOptions {
    /// Connections at most in the pool.
    pub pool_size: u32,
    /// How long a call waits for a connection (a new one when the server was away) before it
    /// fails; also the timeout of each connection attempt.
    pub connect_timeout: Duration,
    /// Open without migrating: an older schema is refused with
    /// [`PostgresOpenError::OlderSchema`]. For tools.
    pub read_only: bool,
}

impl Default for PostgresOptions {
    fn default() -> Self {
        Self {
            pool_size: 16,
            connect_timeout: Duration::from_secs(3),
            read_only: false,
        }
    }
}

/// A pooled connection: the client and its prepared statements.
pub(crate) struct PgConnection {
    client: postgres::Client,
    statements: StatementCache,
}

/// Makes and checks the pool's connections.
struct ConnectionManager {
    config: postgres::Config,
}

impl r2d2::ManageConnection for ConnectionManager {
    type Connection = PgConnection;
    type Error = postgres::Error;

    fn connect(&self) -> Result<PgConnection, postgres::Error> {
        Ok(PgConnection {
            client: self.config.connect(NoTls)?,
            statements: StatementCache::new(),
        })
    }

    fn is_valid(&self, conn: &mut PgConnection) -> Result<(), postgres::Error> {
        conn.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, conn: &mut PgConnection) -> bool {
        conn.client.is_closed()
    }
}

/// Where a database is, for messages: `host:port` (never the password) and the database.
#[derive(Debug, Clone)]
struct Place {
    server: String,
    database: String,
    user: String,
}

impl Place {
    fn of(config: &postgres::Config) -> Self {
        let hosts: Vec<String> = config
            .get_hosts()
            .iter()
            .map(|host| match host {
                postgres::config::Host::Tcp(name) => name.clone(),
                postgres::config::Host::Unix(path) => path.display().to_string(),
            })
            .collect();
        let ports = config.get_ports();
        let host = if hosts.is_empty() {
            "localhost".to_owned()
        } else {
            hosts.join(",")
        };
        let port = ports.first().copied().unwrap_or(5432);
        let user = config.get_user().unwrap_or("(the system user)").to_owned();
        Self {
            server: format!("{host}:{port}"),
            database: config.get_dbname().unwrap_or(&user).to_owned(),
            user,
        }
    }

    /// The start-up error for a failed connection or statement.
    fn error(&self, error: &postgres::Error) -> PostgresOpenError {
        let reason = db_reason(error);
        match error.code() {
            Some(code)
                if *code == SqlState::INVALID_PASSWORD
                    || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION =>
            {
                PostgresOpenError::LoginRefused {
                    server: self.server.clone(),
                    user: self.user.clone(),
                    reason,
                }
            }
            Some(code) if *code == SqlState::INVALID_CATALOG_NAME => {
                PostgresOpenError::NoDatabase {
                    server: self.server.clone(),
                    database: self.database.clone(),
                }
            }
            Some(_) => PostgresOpenError::Server {
                server: self.server.clone(),
                database: self.database.clone(),
                reason,
            },
            None => PostgresOpenError::Unreachable {
                server: self.server.clone(),
                reason,
            },
        }
    }
}

/// The server's message, or the driver's with its cause (`connection refused`, ...).
fn db_reason(error: &postgres::Error) -> String {
    if let Some(db) = error.as_db_error() {
        return db.message().to_owned();
    }
    match std::error::Error::source(error) {
        Some(source) => format!("{error}: {source}"),
        None => error.to_string(),
    }
}

/// Runs of a transaction at most (the first and the repeats after a conflict or a lost
/// connection). Under load, serializable transactions that touch nearby index pages abort one
/// another now and then (PostgreSQL's predicate locks are kept per page); with the pauses of
/// [`conflict_pause`] the repeats add up to about two seconds before a call gives up.
const MAX_RUNS: u32 = 40;

/// The pause before the next run after `runs` runs ended in a conflict: growing from 0.2 ms to
/// 50 ms, each drawn from half to all of that, so that callers that collided spread apart.
fn conflict_pause(runs: u32) -> Duration {
    let ceiling = (200u64 << runs.min(8)).min(50_000);
    // A cheap draw: the clock's nanoseconds and the thread, mixed.
    let mut seed = u64::from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .subsec_nanos(),
    );
    seed ^= {
        use std::hash::{BuildHasher, Hasher};
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u32(runs);
        hasher.finish()
    };
    Duration::from_micros(ceiling / 2 + seed % (ceiling / 2 + 1))
}

/// The PostgreSQL store. Cheap to share: wrap it in an `Arc`.
pub struct PostgresStore {
    place: Place,
    pool: r2d2::Pool<ConnectionManager>,
    pool_size: u32,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore")
            .field("server", &self.place.server)
            .field("database", &self.place.database)
            .finish_non_exhaustive()
    }
}

impl PostgresStore {
    /// Opens the database `url` names (`postgres://user:password@host:port/database`) with the
    /// default options, migrating an older schema.
    pub fn open(url: &str) -> Result<Self, PostgresOpenError> {
        Self::open_with(url, &PostgresOptions::default())
    }

    /// Opens the database `url` names with `options`: one connection first, so that a server
    /// that is down, a refused login or a missing database shows at start-up with what to
    /// check; then the schema check (and migration), then the pool.
    pub fn open_with(url: &str, options: &PostgresOptions) -> Result<Self, PostgresOpenError> {
        let mut config = parse_setting(url)?;
        config.connect_timeout(options.connect_timeout);
        if config.get_application_name().is_none() {
            config.application_name("damabot");
        }
        let place = Place::of(&config);
        let mut client = config.connect(NoTls).map_err(|e| place.error(&e))?;
        schema::prepare(&mut client, &place, options.read_only)?;
        drop(client);
        let pool_size = options.pool_size.max(1);
        let pool = r2d2::Pool::builder()
            .max_size(pool_size)
            .min_idle(Some(1))
            .connection_timeout(options.connect_timeout)
            .test_on_check_out(false)
            .error_handler(Box::new(LogErrors))
            .build_unchecked(ConnectionManager { config });
        Ok(Self {
            place,
            pool,
            pool_size,
        })
    }

    /// `host:port` of the server.
    #[must_use]
    pub fn server(&self) -> &str {
        &self.place.server
    }

    /// The database's name on the server.
    #[must_use]
    pub fn database(&self) -> &str {
        &self.place.database
    }

    /// A connection from the pool (a new one if none is idle), waiting up to the connection
    /// timeout.
    fn connection(&self) -> Result<r2d2::PooledConnection<ConnectionManager>, StoreError> {
        self.pool.get().map_err(|error| {
            StoreError::Backend(
                format!(
                    "no connection to the PostgreSQL server at {}: {error}",
                    self.place.server
                )
                .into(),
            )
        })
    }

    /// Runs `f` in one transaction of `isolation`, again from the start after a conflict or a
    /// connection lost before the commit.
    fn run<T>(
        &self,
        isolation: IsolationLevel,
        read_only: bool,
        f: impl Fn(&PgTransaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut runs = 0;
        loop {
            runs += 1;
            let mut conn = self.connection()?;
            let PgConnection { client, statements } = &mut *conn;
            let mut committing = false;
            let result = (|| {
                let inner = client
                    .build_transaction()
                    .isolation_level(isolation)
                    .read_only(read_only)
                    .start()
                    .map_err(DbError::from)?;
                let tx = PgTransaction::new(inner, statements);
                let value = f(&tx)?;
                committing = true;
                tx.commit()?;
                Ok(value)
            })();
            match result {
                Err(error) if runs < MAX_RUNS && must_retry(&error) => {
                    // Conflicts clear as the other transaction commits; a growing pause,
                    // drawn at random, spreads the retries of many callers.
                    std::thread::sleep(conflict_pause(runs));
                }
                // Every idle connection of the pool may have broken at once (a server restart):
                // each fails at once, and is dropped by the pool.
                Err(error) if runs <= self.pool_size && !committing && connection_lost(&error) => {
                    tracing::warn!(server = %self.place.server, %error, "lost a connection; trying again");
                }
                other => return other,
            }
        }
    }

    /// Every game id, in order (for `damabot db check`).
    pub fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        sql::game_ids(self)
    }

    /// The schema version of the database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.read_in(|tx| Ok(schema::version(tx)?))
    }
}

/// The client's configuration from a URL or a key=value connection string. A URL with more
/// than one `@` is refused: the client would read what follows the first as the host (and
/// show a piece of the password in its messages); an `@` in the password is written `%40`.
/// The client's complaint is shown without any piece of the password.
pub(crate) fn parse_setting(setting: &str) -> Result<postgres::Config, PostgresOpenError> {
    let lower = setting.trim_start().to_ascii_lowercase();
    if (lower.starts_with("postgres://") || lower.starts_with("postgresql://"))
        && setting.matches('@').count() > 1
    {
        return Err(PostgresOpenError::BadUrl {
            reason: "it holds more than one `@`; write an `@` of the password as %40".to_owned(),
        });
    }
    setting
        .parse()
        .map_err(|error: postgres::Error| PostgresOpenError::BadUrl {
            reason: dama_core::store::url::scrub(&error.to_string(), setting),
        })
}

/// Logs the pool's failures to connect (each call that finds no server fails on its own).
#[derive(Debug)]
struct LogErrors;

impl r2d2::HandleError<postgres::Error> for LogErrors {
    fn handle_error(&self, error: postgres::Error) {
        tracing::warn!(error = %db_reason(&error), "cannot connect to PostgreSQL");
    }
}

/// Each transaction a serializable one for a change (`write`), a read-only snapshot for a
/// query (`read`), tried again after a conflict.
impl SqlBackend for PostgresStore {
    type Tx<'t> = PgTransaction<'t>;
    const DIALECT: &'static Dialect = &POSTGRES;

    fn read_in<T>(&self, f: impl Fn(&PgTransaction<'_>) -> Outcome<T>) -> Outcome<T> {
        self.run(IsolationLevel::RepeatableRead, true, f)
    }

    fn write_in<T>(&self, f: impl Fn(&PgTransaction<'_>) -> Outcome<T>) -> Outcome<T> {
        self.run(IsolationLevel::Serializable, false, f)
    }
}
