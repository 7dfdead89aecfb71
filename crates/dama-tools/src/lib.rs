//! The engine's tools behind `damabot`'s subcommands: the Hub protocol (`hub`), matches
//! between players (`match`, with its sequential test in `sprt`), fitting the evaluation
//! weights and the pattern evaluation (`tune`, `pattern_fit`), the engine's speed (`bench`), the rules tools (`perft`, `moves`,
//! `pdn check`), the endgame tables (`tables build`, `tables probe`) and the tournament
//! openings list (`openings build`) and the puzzle collection (`puzzles build`, with the
//! puzzle file's format).
//!
//! Each module holds a command's arguments (clap `Args` or `Subcommand` types, for the
//! `damabot` command line to embed) and a `*_command` function that runs it and returns the
//! exit status. Nothing here knows Discord, the database or the bot's configuration: a
//! default that the bot configures (the tables' directory) is passed in.
//!
//! ```
//! use dama_rules::Position;
//! use dama_tools::hub::{read_move, write_position};
//!
//! let start = Position::initial();
//! assert_eq!(write_position(&start), "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
//! assert_eq!(read_move(&start, "22-18").unwrap().hub(), "22-18");
//! ```

pub mod bench;
pub mod hub;
pub mod jobs;
pub mod matches;
pub mod openings;
pub mod pattern_fit;
pub mod puzzles;
pub mod rules;
pub mod sprt;
pub mod tables;
pub mod texel;
pub mod tune;

/// Exit status for a usage problem (an unreadable file or position given on the command line).
pub const EXIT_USAGE: u8 = 2;
