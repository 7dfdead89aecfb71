//! The `people` table: each person's choices across servers.

use super::db::{OptionalExtension, Transaction, params};

use crate::store::codes::sql_id;
use crate::store::{NotifyMode, StoreError, UserId};

pub(super) fn notify_mode(tx: &Transaction<'_>, user: UserId) -> Result<NotifyMode, StoreError> {
    Ok(tx
        .prepare_cached("SELECT notify FROM people WHERE user_id = ?1")?
        .query_row(params![sql_id(user)], |row| row.get(0))
        .optional()?
        .unwrap_or_default())
}

pub(super) fn set_notify_mode(
    tx: &Transaction<'_>,
    user: UserId,
    mode: NotifyMode,
) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO people (user_id, notify) VALUES (?1, ?2) \
         ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
    )?
    .execute(params![sql_id(user), mode])?;
    Ok(())
}
