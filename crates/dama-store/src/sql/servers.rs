//! The `servers` table: what each server has chosen.

use super::db::{DbResult, OptionalExtension, Row, Transaction, params};

use crate::codes::{discord_id, sql_id};
use dama_core::i18n::Language;
use dama_core::store::{ChannelId, GuildId, ServerSettings, StoreError};

const SERVER_COLUMNS: &str = "language, discord_language, time_per_move_ms, \
     challenge_expiry_ms, threads, daily_puzzle_channel_id, daily_puzzle_hour";

fn settings_from_row(row: &Row<'_>) -> DbResult<ServerSettings> {
    Ok(ServerSettings {
        language: row.get(0)?,
        discord_language: row.get(1)?,
        time_per_move_ms: row.get(2)?,
        challenge_expiry_ms: row.get(3)?,
        threads: row.get(4)?,
        daily_puzzle: row.get::<_, Option<i64>>(5)?.map(discord_id),
        daily_puzzle_hour: row.get(6)?,
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
        .query_row(params![sql_id(guild)], settings_from_row)
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
    language: Option<Language>,
) -> Result<ServerSettings, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "INSERT INTO servers (guild_id, discord_language) VALUES (?1, ?2) \
             ON CONFLICT (guild_id) DO UPDATE SET discord_language = excluded.discord_language \
             RETURNING {SERVER_COLUMNS}"
        ))?
        .query_row(params![sql_id(guild), language], settings_from_row)?)
}

pub(super) fn save_choices(
    tx: &Transaction<'_>,
    guild: GuildId,
    choices: &ServerSettings,
) -> Result<ServerSettings, StoreError> {
    for (what, value) in [
        ("time per move", choices.time_per_move_ms),
        ("challenge expiry", choices.challenge_expiry_ms),
    ] {
        if value.is_some_and(|ms| ms <= 0) {
            return Err(StoreError::Invalid(format!("{what}: it must be positive")));
        }
    }
    if choices.daily_puzzle_hour > 23 {
        return Err(StoreError::Invalid(format!(
            "daily puzzle hour {}: it must be 0 to 23",
            choices.daily_puzzle_hour
        )));
    }
    Ok(tx
        .prepare_cached(&format!(
            "INSERT INTO servers (guild_id, language, time_per_move_ms, challenge_expiry_ms, \
             threads, daily_puzzle_channel_id, daily_puzzle_hour) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (guild_id) DO UPDATE SET \
             language = excluded.language, time_per_move_ms = excluded.time_per_move_ms, \
             challenge_expiry_ms = excluded.challenge_expiry_ms, threads = excluded.threads, \
             daily_puzzle_channel_id = excluded.daily_puzzle_channel_id, \
             daily_puzzle_hour = excluded.daily_puzzle_hour \
             RETURNING {SERVER_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(guild),
                choices.language,
                choices.time_per_move_ms,
                choices.challenge_expiry_ms,
                choices.threads,
                choices.daily_puzzle.map(sql_id),
                choices.daily_puzzle_hour,
            ],
            settings_from_row,
        )?)
}

pub(super) fn game_channels(
    tx: &Transaction<'_>,
    guild: GuildId,
) -> Result<Vec<ChannelId>, StoreError> {
    let mut channels: Vec<ChannelId> = super::rows::query_all(
        tx,
        "SELECT channel_id FROM server_game_channels WHERE guild_id = ?1",
        params![sql_id(guild)],
        |row| row.get(0).map(crate::codes::discord_id),
    )?;
    channels.sort_unstable();
    Ok(channels)
}

pub(super) fn set_game_channel(
    tx: &Transaction<'_>,
    guild: GuildId,
    channel: ChannelId,
    allowed: bool,
) -> Result<Vec<ChannelId>, StoreError> {
    let sql = if allowed {
        "INSERT INTO server_game_channels (guild_id, channel_id) VALUES (?1, ?2) \
         ON CONFLICT DO NOTHING"
    } else {
        "DELETE FROM server_game_channels WHERE guild_id = ?1 AND channel_id = ?2"
    };
    tx.prepare_cached(sql)?
        .execute(params![sql_id(guild), sql_id(channel)])?;
    game_channels(tx, guild)
}
