//! The `people` table: each person's choices across servers.

use super::db::{OptionalExtension, Transaction, params};

use crate::codes::sql_id;
use dama_core::i18n::Language;
use dama_core::store::{NotifyMode, StoreError, UserId};

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

pub(super) fn language(tx: &Transaction<'_>, user: UserId) -> Result<Option<Language>, StoreError> {
    Ok(tx
        .prepare_cached("SELECT language FROM people WHERE user_id = ?1")?
        .query_row(params![sql_id(user)], |row| row.get(0))
        .optional()?
        .flatten())
}

/// A person seen for the first time gets the default notifications (`ping`, as no row says).
pub(super) fn set_language(
    tx: &Transaction<'_>,
    user: UserId,
    language: Language,
) -> Result<(), StoreError> {
    tx.prepare_cached(
        "INSERT INTO people (user_id, notify, language) VALUES (?1, 'ping', ?2) \
         ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
    )?
    .execute(params![sql_id(user), language])?;
    Ok(())
}
