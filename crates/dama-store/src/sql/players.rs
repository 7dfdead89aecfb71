//! The `players` and `engine_records` tables: players, their records and ratings, the
//! leaderboard and the stats.

use super::db::{OptionalExtension, Transaction, params};

use super::rows::{
    ENGINE_RECORD_COLUMNS, PLAYER_COLUMNS, engine_record_from_row, player_from_row, query_all,
    rating_from_row,
};
use crate::codes::sql_id;
use dama_core::store::{
    Color, EngineLevel, GameResult, GuildId, INITIAL_RATING, LeaderboardEntry, LeaderboardPage,
    Millis, Player, PlayerOutcome, PlayerStats, Rating, StoreError, Streak, UserId,
};

pub(super) fn ensure_player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    display_name: &str,
    at: Millis,
) -> Result<Player, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "INSERT INTO players (guild_id, user_id, display_name, rating, deviation, \
             volatility, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
             ON CONFLICT (guild_id, user_id) DO UPDATE SET display_name = excluded.display_name \
             RETURNING {PLAYER_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(guild),
                sql_id(user),
                display_name,
                INITIAL_RATING.rating,
                INITIAL_RATING.deviation,
                INITIAL_RATING.volatility,
                at
            ],
            player_from_row,
        )?)
}

pub(super) fn load_player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<Player>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ?1 AND user_id = ?2"
        ))?
        .query_row(params![sql_id(guild), sql_id(user)], player_from_row)
        .optional()?)
}

/// [`StoreError::PlayerNotFound`] unless the player is stored.
pub(super) fn require_player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<(), StoreError> {
    let exists = tx
        .prepare_cached("SELECT 1 FROM players WHERE guild_id = ?1 AND user_id = ?2")?
        .exists(params![sql_id(guild), sql_id(user)])?;
    if exists {
        Ok(())
    } else {
        Err(StoreError::PlayerNotFound { guild, user })
    }
}

/// The column counting `outcome`.
fn outcome_column(outcome: PlayerOutcome) -> &'static str {
    match outcome {
        PlayerOutcome::Win => "wins",
        PlayerOutcome::Loss => "losses",
        PlayerOutcome::Draw => "draws",
    }
}

/// Adds one outcome to a player's record against people.
pub(super) fn count_against_people(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    outcome: PlayerOutcome,
) -> Result<(), StoreError> {
    let column = outcome_column(outcome);
    let changed = tx
        .prepare_cached(&format!(
            "UPDATE players SET {column} = {column} + 1 WHERE guild_id = ?1 AND user_id = ?2"
        ))?
        .execute(params![sql_id(guild), sql_id(user)])?;
    if changed == 0 {
        return Err(StoreError::PlayerNotFound { guild, user });
    }
    Ok(())
}

/// Adds one outcome to a player's record against an engine level.
pub(super) fn count_against_engine(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    level: EngineLevel,
    outcome: PlayerOutcome,
) -> Result<(), StoreError> {
    let column = outcome_column(outcome);
    tx.prepare_cached(&format!(
        "INSERT INTO engine_records (guild_id, user_id, level, {column}) VALUES (?1, ?2, ?3, 1) \
         ON CONFLICT (guild_id, user_id, level) DO UPDATE SET {column} = engine_records.{column} + 1"
    ))?
    .execute(params![sql_id(guild), sql_id(user), level])?;
    Ok(())
}

/// A stored player's rating.
pub(super) fn rating(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Rating, StoreError> {
    tx.prepare_cached(
        "SELECT rating, deviation, volatility FROM players WHERE guild_id = ?1 AND user_id = ?2",
    )?
    .query_row(params![sql_id(guild), sql_id(user)], rating_from_row)
    .optional()?
    .ok_or(StoreError::PlayerNotFound { guild, user })
}

pub(super) fn set_rating(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    rating: Rating,
) -> Result<(), StoreError> {
    tx.prepare_cached(
        "UPDATE players SET rating = ?3, deviation = ?4, volatility = ?5 \
         WHERE guild_id = ?1 AND user_id = ?2",
    )?
    .execute(params![
        sql_id(guild),
        sql_id(user),
        rating.rating,
        rating.deviation,
        rating.volatility
    ])?;
    Ok(())
}

pub(super) fn leaderboard(
    tx: &Transaction<'_>,
    guild: GuildId,
    min_games: u32,
    page: u32,
    page_size: u32,
) -> Result<LeaderboardPage, StoreError> {
    if page_size == 0 {
        return Err(StoreError::Invalid("leaderboard page size 0".into()));
    }
    let total: u32 = tx
        .prepare_cached(
            "SELECT count(*) FROM players WHERE guild_id = ?1 AND wins + losses + draws >= ?2",
        )?
        .query_row(params![sql_id(guild), min_games], |row| row.get(0))?;
    let offset = u64::from(page) * u64::from(page_size);
    let players = query_all(
        tx,
        &format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE guild_id = ?1 \
             AND wins + losses + draws >= ?2 \
             ORDER BY rating DESC, deviation ASC, wins + losses + draws DESC, user_id ASC \
             LIMIT ?3 OFFSET ?4"
        ),
        params![sql_id(guild), min_games, page_size, offset],
        player_from_row,
    )?;
    let entries = players
        .into_iter()
        .enumerate()
        .map(|(index, player)| LeaderboardEntry {
            rank: u32::try_from(offset + index as u64 + 1).unwrap_or(u32::MAX),
            player,
        })
        .collect();
    Ok(LeaderboardPage {
        entries,
        page,
        total_players: total,
        pages: total.div_ceil(page_size).max(1),
    })
}

pub(super) fn player_stats(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<PlayerStats>, StoreError> {
    let Some(player) = load_player(tx, guild, user)? else {
        return Ok(None);
    };
    Ok(Some(PlayerStats {
        player,
        streak: streak(tx, guild, user)?,
        engine_records: query_all(
            tx,
            &format!(
                "SELECT {ENGINE_RECORD_COLUMNS} FROM engine_records \
                 WHERE guild_id = ?1 AND user_id = ?2 ORDER BY level"
            ),
            params![sql_id(guild), sql_id(user)],
            engine_record_from_row,
        )?,
    }))
}

/// The run of equal outcomes ending with the player's latest finished game.
fn streak(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<Streak>, StoreError> {
    let mut streak: Option<Streak> = None;
    tx.prepare_cached(
        "SELECT result, white_user_id = ?2 FROM games WHERE guild_id = ?1 \
         AND status = 'finished' AND (white_user_id = ?2 OR black_user_id = ?2) \
         ORDER BY finished_at DESC, id DESC",
    )?
    .for_each(params![sql_id(guild), sql_id(user)], |row| {
        let result: GameResult = row.get(0)?;
        let as_white: Option<bool> = row.get(1)?;
        let colour = if as_white == Some(true) {
            Color::White
        } else {
            Color::Black
        };
        let outcome = result.outcome_for(colour);
        match &mut streak {
            None => streak = Some(Streak { outcome, length: 1 }),
            Some(current) if current.outcome == outcome => current.length += 1,
            Some(_) => return Ok(false),
        }
        Ok(true)
    })?;
    Ok(streak)
}
