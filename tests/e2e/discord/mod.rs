//! End to end: the real `damabot run` binary, as a child process, against the Discord stand-in
//! (tests/support/discord_standin) on loopback. Each test starts its own stand-in, database and
//! bot process, and asserts on what the bot sent: callback types, private flags, texts,
//! components and images.
//!
//! `common` holds the bot process ([`common::Bot`]) and the helpers; the other modules are
//! flows: the Activity's Discord side and a live game played from it, start-up and the gateway, moves, the engine, the game's buttons, how games end,
//! stopping and restarting the bot, the bot's languages, server life (time running out, pings,
//! permissions, threads, expired tokens), games in threads of their own, notifications by
//! direct message, the coach (analysis and hints), tournaments, and puzzles.

mod activity;
mod activity_live;
mod analysis;
mod buttons;
mod clocks;
mod common;
mod endings;
mod engine;
mod languages;
mod moves;
mod notify;
mod privacy;
mod puzzles;
mod ratelimits;
mod restart;
mod server;
mod shards;
mod startup;
mod threads;
mod tournaments;
