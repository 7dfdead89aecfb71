//! Turns to identify with Discord's gateway: `slots` rows, each held until a time.

use super::db::{Transaction, params};
use dama_core::store::IdentifyTurn;
use dama_core::store::{Millis, StoreError};

/// Takes the first of `slots` slots free at `now` until `until`; each take is one
/// compare-and-set, so of two processes asking at once exactly one gets a slot.
pub(super) fn take_turn(
    tx: &Transaction<'_>,
    slots: u32,
    now: Millis,
    until: Millis,
) -> Result<IdentifyTurn, StoreError> {
    let slots = slots.max(1);
    for slot in 0..slots {
        tx.prepare_cached(
            "INSERT INTO gateway_identify (slot, until_ms) VALUES (?1, 0) \
             ON CONFLICT (slot) DO NOTHING",
        )?
        .execute(params![i64::from(slot)])?;
        let taken = tx
            .prepare_cached(
                "UPDATE gateway_identify SET until_ms = ?2 WHERE slot = ?1 AND until_ms <= ?3",
            )?
            .execute(params![i64::from(slot), until, now])?;
        if taken == 1 {
            return Ok(IdentifyTurn::Taken { slot });
        }
    }
    let free_at: Millis = tx
        .prepare_cached("SELECT min(until_ms) FROM gateway_identify WHERE slot < ?1")?
        .query_row(params![i64::from(slots)], |row| row.get(0))?;
    Ok(IdentifyTurn::BusyUntil(free_at))
}
