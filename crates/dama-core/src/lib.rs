//! The bottom of Dama: plain configuration and the domain's vocabulary, which every other part
//! shares and which depend on nothing of the bot.
//!
//! - [`config`]: the settings (defaults, `config.toml`, the environment).
//! - [`i18n`]: the bot's words in Italian, English and Spanish.
//! - [`commands`]: the command table, every command and option declared once.
//! - [`store`]: the port of persistence and the domain's records (players, games, challenges,
//!   tournaments, puzzles, servers).
//! - [`feed`]: which game or lobby changed, for whoever follows them live.
//! - [`tournament`]: tournaments as plain data (pairings, standings, openings).
//! - [`shards`]: which of the bot's shards a process runs.
//! - [`metrics`]: the counters and gauges a running bot keeps.
//! - [`text`]: text with its parts (people, moments, commands) kept as data.

pub mod commands;
pub mod config;
pub mod feed;
pub mod i18n;
pub mod metrics;
pub mod shards;
pub mod store;
pub mod text;
pub mod tournament;
