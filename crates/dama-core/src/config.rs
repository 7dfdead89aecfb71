//! Configuration: built-in defaults, then `config.toml` (or `--config PATH`), then the
//! environment (`DISCORD_TOKEN`, `DAMA_DATABASE`, `DISCORD_CLIENT_SECRET`).
//!
//! Every key is documented, with its default, in `config.example.toml`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::shards::{ShardError, ShardSet};

mod limits;
mod web;

pub use limits::Limits;
pub use web::WebConfig;

/// How long one channel post may take by default (`[discord] post_deadline`).
pub const POST_DEADLINE: Duration = Duration::from_secs(10);

/// The file read when no `--config` is given, if it exists.
pub const DEFAULT_CONFIG_FILE: &str = "config.toml";

/// The whole configuration of the bot.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub discord: DiscordConfig,
    pub database: DatabaseConfig,
    pub game: GameConfig,
    pub engine: EngineConfig,
    pub render: RenderConfig,
    pub log: LogConfig,
    pub puzzles: PuzzlesConfig,
    pub metrics: MetricsConfig,
    /// The Activity's page and its WebSocket (see `dama_web`).
    pub web: WebConfig,
    /// What one person or server may ask of the bot.
    pub limits: Limits,
    /// The Activity: the board inside Discord.
    pub activity: ActivityConfig,
}

/// The puzzles of `/puzzle`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzlesConfig {
    /// A puzzle file (the format of `dama_tools::puzzles`) to offer instead of the collection
    /// built into the bot. A damaged or unreadable file is reported at start-up and the bot
    /// runs on without puzzles.
    pub file: Option<PathBuf>,
}

/// How the bot reaches Discord.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token; `DISCORD_TOKEN` overrides it.
    pub token: Option<Secret>,
    /// Register the commands in this guild only (instant, for development) instead of globally.
    pub dev_guild_id: Option<u64>,
    /// Base URL of the REST API. Only tests change it (to a stand-in on loopback).
    pub api_base: Option<String>,
    /// The shards this process runs: one (`"3"`), a range (`"0-3"`) or a contiguous list
    /// (`"0,1"`) out of [`Self::shard_total`]. Unset: all of them.
    pub shards: Option<String>,
    /// How many shards the bot runs across all its processes. Unset (with `shards` unset
    /// too): as many as Discord recommends, all in this process.
    pub shard_total: Option<u32>,
    /// How long one channel post may take (a notice of the sweep, a notice after an answer):
    /// a post Discord limits longer is left for later (default 10 s, at most 30 s).
    #[serde(with = "humantime_serde")]
    pub post_deadline: Duration,
}

impl Default for DiscordConfig {
    fn default() -> Self {
        Self {
            token: None,
            dev_guild_id: None,
            api_base: None,
            shards: None,
            shard_total: None,
            post_deadline: POST_DEADLINE,
        }
    }
}

/// The metrics and health endpoint.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// Serve `GET /metrics` (Prometheus text format) and `GET /health`.
    pub enabled: bool,
    /// Where to listen; loopback unless the operator chooses otherwise.
    pub listen: std::net::SocketAddr,
    /// Connections open at once (at least 1); one more is answered `503` and closed.
    pub max_connections: usize,
    /// How long a client has to send its request from the moment it connects.
    #[serde(with = "humantime_serde")]
    pub read_timeout: Duration,
    /// How long an answer may take to reach a client that reads it slowly.
    #[serde(with = "humantime_serde")]
    pub write_timeout: Duration,
}

impl Default for MetricsConfig {
    fn default() -> Self {
        Self {
            enabled: false,
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 9464)),
            max_connections: 64,
            read_timeout: Duration::from_secs(5),
            write_timeout: Duration::from_secs(10),
        }
    }
}

/// Where games are kept. Its `Debug` shows the URL without its password.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The SQLite file, created on first start (when `url` is not set).
    pub path: PathBuf,
    /// The database: a `postgres://user:password@host:port/database` URL or a key=value
    /// connection string (`host=db user=dama password=... dbname=dama`) for PostgreSQL, or a
    /// SQLite path; takes the place of `path` when set. `DAMA_DATABASE` (either) overrides
    /// both.
    pub url: Option<String>,
}

impl fmt::Debug for DatabaseConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DatabaseConfig")
            .field("path", &self.path)
            .field(
                "url",
                &self.url.as_deref().map(crate::store::url::redact_password),
            )
            .finish()
    }
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        Self {
            path: PathBuf::from("dama.db"),
            url: None,
        }
    }
}

impl DatabaseConfig {
    /// The database these settings name: `url` if set, else the SQLite file `path`.
    #[must_use]
    pub fn location(&self) -> crate::store::DatabaseLocation {
        match self.url.as_deref().filter(|url| !url.trim().is_empty()) {
            Some(url) => crate::store::DatabaseLocation::parse(url),
            None => crate::store::DatabaseLocation::Sqlite(self.path.clone()),
        }
    }
}

/// How games are played.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// How long a challenge waits for an answer: `"auto"` (`None`, the default) fits it to
    /// the challenge's time per move (at least 10 minutes, at most 3 days), or a duration.
    #[serde(deserialize_with = "auto_or_duration")]
    pub challenge_expiry: Option<Duration>,
    /// The time per move of a challenge that names none.
    #[serde(with = "humantime_serde")]
    pub default_time_per_move: Duration,
    /// How often the same position (same side to move) must occur for a draw by repetition.
    pub repetition_count: u32,
    /// How often the sweep looks for expired challenges and abandoned games.
    #[serde(with = "humantime_serde")]
    pub sweep_interval: Duration,
    /// Show endgame-table verdicts to the players of a running rated game.
    pub verdicts_in_rated_games: bool,
    /// For tests: the game clock runs this many times faster (time per move, challenge expiry,
    /// claims and forfeits); finite and greater than 0. The sweep interval stays real time.
    #[serde(deserialize_with = "positive_speed")]
    pub clock_speed: f64,
    /// How long a game against the engine may wait for its player's move before anyone who
    /// starts a game in its channel may end it; the sweep ends it after twice as long.
    #[serde(with = "humantime_serde")]
    pub engine_idle: Duration,
}

/// `"auto"` (`None`) or a duration such as `"10m"`.
fn auto_or_duration<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Duration>, D::Error> {
    let text = String::deserialize(deserializer)?;
    if text.trim() == "auto" {
        return Ok(None);
    }
    humantime_serde::re::humantime::parse_duration(text.trim())
        .map(Some)
        .map_err(|error| {
            serde::de::Error::custom(format!(
                "expected \"auto\" or a duration such as \"10m\": {error}"
            ))
        })
}

/// A clock speed: a finite number greater than 0.
fn positive_speed<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let speed = f64::deserialize(deserializer)?;
    if speed.is_finite() && speed > 0.0 {
        Ok(speed)
    } else {
        Err(serde::de::Error::custom(format!(
            "the clock speed must be a finite number greater than 0, not {speed}"
        )))
    }
}

impl Default for GameConfig {
    fn default() -> Self {
        Self {
            challenge_expiry: None,
            default_time_per_move: Duration::from_secs(24 * 60 * 60),
            repetition_count: 3,
            sweep_interval: Duration::from_secs(60),
            verdicts_in_rated_games: false,
            clock_speed: 1.0,
            engine_idle: Duration::from_secs(30 * 60),
        }
    }
}

/// The bot's own player.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineConfig {
    /// How long the top level thinks per move.
    #[serde(with = "humantime_serde")]
    pub think_time: Duration,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// How many searches may run at once; 0 means one per CPU core.
    pub max_concurrent_searches: usize,
    /// Directory of endgame tables; missing tables are reported and the engine plays on.
    pub tables_dir: PathBuf,
    /// Nodes searched per position when `/analysis` reviews a game.
    pub analysis_nodes: u64,
    /// Hints a player may ask for in one game against the engine (`/hint`); 0 turns hints off.
    pub hints_per_game: u32,
}

impl Default for EngineConfig {
    fn default() -> Self {
        Self {
            think_time: Duration::from_secs(2),
            hash_mb: 64,
            max_concurrent_searches: 0,
            tables_dir: PathBuf::from("tables"),
            analysis_nodes: dama_coach::analysis::DEFAULT_NODES,
            hints_per_game: 3,
        }
    }
}

/// How boards look.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RenderConfig {
    /// Width and height of a board image in pixels.
    pub size: u32,
    /// Draw the FID square numbers 1-32 on the dark squares.
    pub square_numbers: bool,
    /// Draw files a-h and ranks 1-8 on the border.
    pub coordinates: bool,
    /// Colours as `#rrggbb`.
    pub light_square: String,
    pub dark_square: String,
    pub border: String,
    pub white_piece: String,
    pub black_piece: String,
    /// The squares of the last move (mixed into the dark square colour).
    pub highlight: String,
    /// The path of the last move.
    pub last_move: String,
    /// The ring around pieces that must capture.
    pub must_capture: String,
    /// The crown on kings.
    pub crown: String,
}

impl Default for RenderConfig {
    fn default() -> Self {
        Self {
            size: 640,
            square_numbers: true,
            coordinates: true,
            light_square: "#f0d9b5".into(),
            dark_square: "#6d8a4e".into(),
            border: "#3b2a1e".into(),
            white_piece: "#f4efe4".into(),
            black_piece: "#2b2b2b".into(),
            highlight: "#f2c94c".into(),
            last_move: "#2f7de1".into(),
            must_capture: "#e5484d".into(),
            crown: "#e2b33c".into(),
        }
    }
}

/// The Activity: "Open the board" on every board, the app's Entry Point command, and the
/// OAuth2 code exchange of the page's server.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ActivityConfig {
    /// Offer the Activity (it also needs `[web]` and the client secret).
    pub enabled: bool,
    /// The application's OAuth2 client secret (developer portal, OAuth2); the environment
    /// variable `DISCORD_CLIENT_SECRET` overrides it.
    pub client_secret: Option<Secret>,
}

impl Config {
    /// The Activity's client secret, if one is set and not blank.
    #[must_use]
    pub fn client_secret(&self) -> Option<&Secret> {
        self.activity
            .client_secret
            .as_ref()
            .filter(|s| !s.expose().trim().is_empty())
    }

    /// Whether the Activity is offered: `[activity]` on, its client secret there and the page
    /// served (`[web]` on).
    #[must_use]
    pub fn activity_configured(&self) -> bool {
        self.activity.enabled && self.client_secret().is_some() && self.web.enabled
    }
}

/// Logging.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter such as `info` or `damabot=debug,serenity=warn`; `RUST_LOG` overrides it.
    pub filter: String,
}

impl Default for LogConfig {
    fn default() -> Self {
        Self {
            filter: "info,serenity=warn,tracing::span=warn".into(),
        }
    }
}

/// A string that never shows in logs or `Debug` output (the bot token).
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    #[must_use]
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The secret itself, for the one place that needs it.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// A configuration that could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}: {key}{message}")]
    Invalid {
        path: PathBuf,
        line: usize,
        key: String,
        message: String,
    },
}

impl Config {
    /// Loads the configuration: defaults, then the file (the given one, which must exist, or
    /// `config.toml` if present), then the environment.
    pub fn load(explicit: Option<&Path>) -> Result<Self, ConfigError> {
        let mut config = match explicit {
            Some(path) => Self::from_file(path)?,
            None if Path::new(DEFAULT_CONFIG_FILE).exists() => {
                Self::from_file(Path::new(DEFAULT_CONFIG_FILE))?
            }
            None => Self::default(),
        };
        config.apply_env(|name| std::env::var(name).ok());
        Ok(config)
    }

    /// Reads one file on top of the defaults.
    pub fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_owned(),
            source,
        })?;
        Self::from_toml(&text, path)
    }

    /// Parses TOML text; `path` is only used in error messages.
    pub fn from_toml(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let config: Self = toml::from_str(text).map_err(|error| {
            let (line, key) = match error.span() {
                Some(span) => locate(text, span.start),
                None => (1, None),
            };
            ConfigError::Invalid {
                path: path.to_owned(),
                line,
                key: key.map(|k| format!("key `{k}`: ")).unwrap_or_default(),
                message: error.message().trim().to_owned(),
            }
        })?;
        config.check(text, path)?;
        Ok(config)
    }

    /// The checks serde cannot make: values that parse but cannot be used.
    fn check(&self, text: &str, path: &Path) -> Result<(), ConfigError> {
        if let Some(base) = &self.discord.api_base {
            if !api_base_is_safe(base) {
                return Err(ConfigError::Invalid {
                    path: path.to_owned(),
                    line: line_of(text, "discord", "api_base"),
                    key: "key `discord.api_base`: ".to_owned(),
                    message: format!(
                        "{base:?} would receive the bot token in the clear: use an https:// URL, \
                         or http:// on loopback (127.0.0.1, localhost, [::1]) for a test stand-in"
                    ),
                });
            }
        }
        let web = &self.web;
        for (section, max_connections, read_timeout, write_timeout) in [
            (
                "metrics",
                self.metrics.max_connections,
                self.metrics.read_timeout,
                self.metrics.write_timeout,
            ),
            (
                "web",
                web.max_connections,
                web.read_timeout,
                web.write_timeout,
            ),
        ] {
            for (key, bad, rule) in [
                (
                    "max_connections",
                    max_connections == 0,
                    "at least 1 connection",
                ),
                (
                    "read_timeout",
                    read_timeout.is_zero(),
                    "a duration above zero",
                ),
                (
                    "write_timeout",
                    write_timeout.is_zero(),
                    "a duration above zero",
                ),
            ] {
                if bad {
                    return Err(ConfigError::Invalid {
                        path: path.to_owned(),
                        line: line_of(text, section, key),
                        key: format!("key `{section}.{key}`: "),
                        message: format!("must be {rule}"),
                    });
                }
            }
        }
        if let Err(error) = self.shard_set() {
            let key = if self.discord.shards.is_some() {
                "shards"
            } else {
                "shard_total"
            };
            return Err(ConfigError::Invalid {
                path: path.to_owned(),
                line: line_of(text, "discord", key),
                key: format!("key `discord.{key}`: "),
                message: error.to_string(),
            });
        }
        Ok(())
    }

    /// The shards this process runs, when the configuration says (`discord.shards` and
    /// `discord.shard_total`); `None`: all shards, as many as Discord recommends.
    pub fn shard_set(&self) -> Result<Option<ShardSet>, ShardError> {
        match (&self.discord.shards, self.discord.shard_total) {
            (None, None) => Ok(None),
            (None, Some(0)) => Err(ShardError::NoShards),
            (None, Some(total)) => Ok(Some(ShardSet::all(total))),
            (Some(_), None) => Err(ShardError::NoTotal),
            (Some(spec), Some(total)) => ShardSet::parse(spec, total).map(Some),
        }
    }

    /// Applies `DISCORD_TOKEN`, `DISCORD_CLIENT_SECRET` and `DAMA_DATABASE`; `var` reads one
    /// variable.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) {
        if let Some(token) = var("DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            self.discord.token = Some(Secret::new(token.trim()));
        }
        if let Some(secret) = var("DISCORD_CLIENT_SECRET").filter(|t| !t.trim().is_empty()) {
            self.activity.client_secret = Some(Secret::new(secret.trim()));
        }
        if let Some(setting) = var("DAMA_DATABASE").filter(|p| !p.trim().is_empty()) {
            match crate::store::DatabaseLocation::parse(&setting) {
                crate::store::DatabaseLocation::Sqlite(path) => {
                    self.database.path = path;
                    self.database.url = None;
                }
                crate::store::DatabaseLocation::Postgres(url) => self.database.url = Some(url),
            }
        }
    }

    /// The token, if one is set and not blank.
    #[must_use]
    pub fn token(&self) -> Option<&Secret> {
        self.discord
            .token
            .as_ref()
            .filter(|t| !t.expose().trim().is_empty())
    }

    /// How many engine searches may run at once.
    #[must_use]
    pub fn max_concurrent_searches(&self) -> usize {
        match self.engine.max_concurrent_searches {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            n => n,
        }
    }
}

/// Whether the bot token may be sent to this REST base: https anywhere, plain http only on
/// loopback (a stand-in in tests).
#[must_use]
pub fn api_base_is_safe(base: &str) -> bool {
    let base = base.trim();
    let lower = base.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("https://") {
        return !rest.is_empty();
    }
    let Some(rest) = lower.strip_prefix("http://") else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if authority.contains('@') {
        return false;
    }
    let host = if let Some(v6) = authority.strip_prefix('[') {
        v6.split(']').next().unwrap_or_default()
    } else {
        authority.split(':').next().unwrap_or_default()
    };
    if host == "localhost" {
        return true;
    }
    host.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

/// The 1-based line where `key` is set in `[table]` (the first line when it cannot be found).
fn line_of(text: &str, table: &str, key: &str) -> usize {
    let mut current = String::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            trimmed
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .clone_into(&mut current);
            continue;
        }
        if let Some((k, _)) = trimmed.split_once('=') {
            let k = k.trim().trim_matches('"');
            if (current == table && k == key) || k == format!("{table}.{key}") {
                return index + 1;
            }
        }
    }
    1
}

/// The 1-based line of a byte offset, and the dotted key defined on that line (with its table).
fn locate(text: &str, offset: usize) -> (usize, Option<String>) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_text = text.lines().nth(line - 1).unwrap_or("");
    let mut table = None;
    for previous in before.lines() {
        let trimmed = previous.trim();
        if trimmed.starts_with('[') {
            table = Some(
                trimmed
                    .trim_matches(|c| c == '[' || c == ']')
                    .trim()
                    .to_owned(),
            );
        }
    }
    let trimmed = line_text.trim();
    let key = if trimmed.starts_with('[') {
        Some(
            trimmed
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .to_owned(),
        )
    } else {
        trimmed.split_once('=').map(|(k, _)| {
            let k = k.trim().trim_matches('"');
            match &table {
                Some(t) if !t.is_empty() => format!("{t}.{k}"),
                _ => k.to_owned(),
            }
        })
    };
    (line, key)
}

#[cfg(test)]
mod tests;
