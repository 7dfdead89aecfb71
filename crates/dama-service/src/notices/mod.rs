//! What the service tells people unasked: notifications and reminders (`notify`), the outbox of
//! committed notices (`outbox`), the sweep of timeouts, expiries and the engine's interrupted moves
//! (`sweep`).

pub(crate) mod notify;
pub(crate) mod outbox;
pub(crate) mod sweep;
