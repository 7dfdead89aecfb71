//! Italian draughts engine.

pub mod tables;

pub use tables::{Tablebase, Verdict};
