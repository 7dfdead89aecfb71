//! Dama: Italian draughts (dama italiana) on Discord.
//!
//! This package is the composition root: the `damabot` binary's command line ([`cli`]), which
//! wires the store, the renderer, the game service and the front ends (Discord, the console,
//! the Activity's page) of the workspace's crates, and the logs ([`logging`]).

pub mod cli;
pub mod logging;
