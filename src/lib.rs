//! Dama: Italian draughts (dama italiana) on Discord.
//!
//! The library holds the whole bot; the `damabot` binary only calls [`cli::main`].
//! Rules live in the `dama-rules` crate and the engine in `dama-engine`; this crate adds the
//! configuration, the command line, the texts in three languages ([`i18n`]) and the adapters
//! around them.

pub mod analysis;
pub mod cli;
pub mod commands;
pub mod config;
pub mod console;
pub mod discord;
pub mod game;
pub mod hint;
pub mod http;
pub mod i18n;
pub mod logging;
pub mod metrics;
pub mod render;
pub mod shards;
pub mod store;
pub mod tournament;
pub mod web;
pub mod work;
