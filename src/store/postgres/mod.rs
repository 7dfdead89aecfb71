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
//! `db` is the layer the table modules are written against (transactions, parameters, rows),
//! `schema` the migrations, and the table modules mirror the SQLite backend's one for one.

mod challenges;
mod coach;
mod copy;
pub(crate) mod db;
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

use std::time::Duration;

use postgres::error::SqlState;
use postgres::{IsolationLevel, NoTls};

use db::{DbError, StatementCache, Transaction, connection_lost, must_retry};
pub use schema::SCHEMA_VERSION;

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

/// Why a PostgreSQL database cannot be used; each message says what, where and what to check.
#[derive(Debug, thiserror::Error)]
pub enum PostgresOpenError {
    /// The URL does not parse.
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
        let mut config: postgres::Config =
            url.parse()
                .map_err(|error: postgres::Error| PostgresOpenError::BadUrl {
                    reason: error.to_string(),
                })?;
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
        f: impl Fn(&Transaction<'_>) -> Result<T, StoreError>,
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
                let tx = Transaction::new(inner, statements);
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

    fn read<T>(
        &self,
        f: impl Fn(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.run(IsolationLevel::RepeatableRead, true, f)
    }

    fn write<T>(
        &self,
        f: impl Fn(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.run(IsolationLevel::Serializable, false, f)
    }

    /// Every game id, in order (for `damabot db check`).
    pub fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        self.read(games::game_ids)
    }

    /// The schema version of the database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.read(|tx| Ok(schema::version(tx)?))
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
}

/// Logs the pool's failures to connect (each call that finds no server fails on its own).
#[derive(Debug)]
struct LogErrors;

impl r2d2::HandleError<postgres::Error> for LogErrors {
    fn handle_error(&self, error: postgres::Error) {
        tracing::warn!(error = %db_reason(&error), "cannot connect to PostgreSQL");
    }
}

/// Each method is one transaction: a serializable one for a change (`write`), a read-only
/// snapshot for a query (`read`); the work is in the table modules.
impl Store for PostgresStore {
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
