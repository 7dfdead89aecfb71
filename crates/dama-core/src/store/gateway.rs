//! Turns to identify with Discord's gateway, shared by the processes of one database: Discord
//! starts at most `max_concurrency` sessions of an application every 5 seconds, whichever
//! process asks.

use super::Millis;

/// What [`Store::take_identify_turn`](super::Store::take_identify_turn) gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdentifyTurn {
    /// This process holds `slot` until the time it asked for.
    Taken { slot: u32 },
    /// Every slot is held; the first one is free again at this time.
    BusyUntil(Millis),
}
