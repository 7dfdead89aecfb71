//! The `servers` table: what each server has chosen.

use rusqlite::{OptionalExtension, Transaction, params};

use super::codes::sql_id;
use crate::i18n::Language;
use crate::store::{GuildId, ServerSettings, StoreError};

const SERVER_COLUMNS: &str = "language, discord_language";

fn settings_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ServerSettings> {
    Ok(ServerSettings {
        language: row.get(0)?,
        discord_language: row.get(1)?,
    })
}

pub(super) fn load_server(
    tx: &Transaction<'_>,
    guild: GuildId,
) -> Result<ServerSettings, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {SERVER_COLUMNS} FROM servers WHERE guild_id = ?1"
        ))?
        .query_row([sql_id(guild)], settings_from_row)
        .optional()?
        .unwrap_or_default())
}

pub(super) fn set_language(
    tx: &Transaction<'_>,
    guild: GuildId,
    language: Option<Language>,
) -> Result<ServerSettings, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "INSERT INTO servers (guild_id, language) VALUES (?1, ?2) \
             ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language \
             RETURNING {SERVER_COLUMNS}"
        ))?
        .query_row(params![sql_id(guild), language], settings_from_row)?)
}

pub(super) fn set_discord_language(
    tx: &Transaction<'_>,
    guild: GuildId,
    language: Language,
) -> Result<ServerSettings, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "INSERT INTO servers (guild_id, discord_language) VALUES (?1, ?2) \
             ON CONFLICT (guild_id) DO UPDATE SET discord_language = excluded.discord_language \
             RETURNING {SERVER_COLUMNS}"
        ))?
        .query_row(params![sql_id(guild), language], settings_from_row)?)
}
