//! The engine at work for players: its line of searches (`engine_pool`), `/analysis` (`analysis`)
//! and `/hint` (`hint`).

pub(crate) mod analysis;
pub(crate) mod engine_pool;
pub(crate) mod hint;
