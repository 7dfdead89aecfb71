//! The `puzzle_ratings`, `puzzle_attempts` and `daily_puzzle_posts` tables, and the servers'
//! daily puzzle channels.

use super::db::{DbResult, OptionalExtension, Row, Transaction, params};

use super::players::require_player;
use super::rows::query_all;
use crate::codes::{discord_id, sql_id};
use dama_core::store::{
    AttemptedPuzzle, ChannelId, DailyPuzzleServer, FinishedPuzzle, GuildId, INITIAL_RATING, Millis,
    NewPuzzleAttempt, PuzzleAttempt, PuzzleAttemptId, PuzzleFinish, PuzzlePlayer, PuzzleStatus,
    Rating, StoreError, UserId,
};

const ATTEMPT_COLUMNS: &str = "id, guild_id, channel_id, user_id, puzzle_id, daily, step, \
     status, rated, started_at, finished_at, rating_before, rating_after";

fn attempt_from_row(row: &Row<'_>) -> DbResult<PuzzleAttempt> {
    Ok(PuzzleAttempt {
        id: PuzzleAttemptId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        channel: discord_id(row.get("channel_id")?),
        user: discord_id(row.get("user_id")?),
        puzzle: row.get("puzzle_id")?,
        daily: row.get("daily")?,
        step: row.get("step")?,
        status: row.get("status")?,
        rated: row.get("rated")?,
        started_at: row.get("started_at")?,
        finished_at: row.get("finished_at")?,
        rating_before: row.get("rating_before")?,
        rating_after: row.get("rating_after")?,
    })
}

/// The columns of a puzzle player, with their name from `players` (`p`) and their record
/// from `puzzle_ratings` (`r`).
const PLAYER_SELECT: &str = "SELECT r.guild_id, r.user_id, p.display_name, r.rating, \
     r.deviation, r.volatility, r.solved, r.failed, r.streak, r.best_streak \
     FROM puzzle_ratings r JOIN players p ON p.guild_id = r.guild_id AND p.user_id = r.user_id";

fn player_from_row(row: &Row<'_>) -> DbResult<PuzzlePlayer> {
    Ok(PuzzlePlayer {
        guild: discord_id(row.get("guild_id")?),
        user: discord_id(row.get("user_id")?),
        display_name: row.get("display_name")?,
        rating: Rating {
            rating: row.get("rating")?,
            deviation: row.get("deviation")?,
            volatility: row.get("volatility")?,
        },
        solved: row.get("solved")?,
        failed: row.get("failed")?,
        streak: row.get("streak")?,
        best_streak: row.get("best_streak")?,
    })
}

pub(super) fn load_attempt(
    tx: &Transaction<'_>,
    id: PuzzleAttemptId,
) -> Result<Option<PuzzleAttempt>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE id = ?1"
        ))?
        .query_row(params![id.0], attempt_from_row)
        .optional()?)
}

pub(super) fn open_attempt(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<PuzzleAttempt>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts \
             WHERE guild_id = ?1 AND user_id = ?2 AND status = 'open'"
        ))?
        .query_row(params![sql_id(guild), sql_id(user)], attempt_from_row)
        .optional()?)
}

pub(super) fn start_attempt(
    tx: &Transaction<'_>,
    new: &NewPuzzleAttempt,
) -> Result<(PuzzleAttempt, Option<PuzzleAttempt>), StoreError> {
    if new.puzzle.is_empty() || new.puzzle.chars().count() > 32 {
        return Err(StoreError::Invalid(format!(
            "puzzle id `{}`: 1 to 32 characters",
            new.puzzle
        )));
    }
    require_player(tx, new.guild, new.user)?;
    let closed = tx
        .prepare_cached(&format!(
            "UPDATE puzzle_attempts SET status = 'abandoned', finished_at = ?3 \
             WHERE guild_id = ?1 AND user_id = ?2 AND status = 'open' \
             RETURNING {ATTEMPT_COLUMNS}"
        ))?
        .query_row(
            params![sql_id(new.guild), sql_id(new.user), new.at],
            attempt_from_row,
        )
        .optional()?;
    let attempt = tx
        .prepare_cached(&format!(
            "INSERT INTO puzzle_attempts (guild_id, channel_id, user_id, puzzle_id, daily, \
             rated, started_at) VALUES (?1, ?2, ?3, ?4, ?5, NOT EXISTS (SELECT 1 FROM \
             puzzle_attempts WHERE guild_id = ?1 AND user_id = ?3 AND puzzle_id = ?4), ?6) \
             RETURNING {ATTEMPT_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(new.guild),
                sql_id(new.channel),
                sql_id(new.user),
                new.puzzle,
                new.daily,
                new.at,
            ],
            attempt_from_row,
        )?;
    Ok((attempt, closed))
}

/// The attempt, if open and at `step`; the refusal otherwise.
fn require_open_at(
    tx: &Transaction<'_>,
    id: PuzzleAttemptId,
    step: u32,
) -> Result<PuzzleAttempt, StoreError> {
    load_attempt(tx, id)?
        .ok_or(StoreError::PuzzleAttemptNotFound(id))?
        .open_at(step)
}

pub(super) fn advance_attempt(
    tx: &Transaction<'_>,
    id: PuzzleAttemptId,
    step: u32,
) -> Result<PuzzleAttempt, StoreError> {
    require_open_at(tx, id, step)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE puzzle_attempts SET step = step + 1 WHERE id = ?1 \
             RETURNING {ATTEMPT_COLUMNS}"
        ))?
        .query_row(params![id.0], attempt_from_row)?)
}

fn load_player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<PuzzlePlayer>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "{PLAYER_SELECT} WHERE r.guild_id = ?1 AND r.user_id = ?2"
        ))?
        .query_row(params![sql_id(guild), sql_id(user)], player_from_row)
        .optional()?)
}

pub(super) fn finish_attempt(
    tx: &Transaction<'_>,
    id: PuzzleAttemptId,
    finish: PuzzleFinish,
) -> Result<FinishedPuzzle, StoreError> {
    let attempt = require_open_at(tx, id, finish.step)?;
    let (guild, user) = (sql_id(attempt.guild), sql_id(attempt.user));
    tx.prepare_cached(
        "INSERT INTO puzzle_ratings (guild_id, user_id, rating, deviation, volatility) \
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (guild_id, user_id) DO NOTHING",
    )?
    .execute(params![
        guild,
        user,
        INITIAL_RATING.rating,
        INITIAL_RATING.deviation,
        INITIAL_RATING.volatility,
    ])?;
    let before = load_player(tx, attempt.guild, attempt.user)?
        .ok_or(StoreError::PlayerNotFound {
            guild: attempt.guild,
            user: attempt.user,
        })?
        .rating;
    let after = if attempt.rated {
        (finish.rate)(before, finish.difficulty, finish.solved)
    } else {
        before
    };
    let (solved, failed, streak) = if finish.solved {
        (1, 0, "streak + 1")
    } else {
        (0, 1, "0")
    };
    tx.prepare_cached(&format!(
        "UPDATE puzzle_ratings SET rating = ?3, deviation = ?4, volatility = ?5, \
         solved = solved + ?6, failed = failed + ?7, streak = {streak}, \
         best_streak = {greatest}(best_streak, {streak}) WHERE guild_id = ?1 AND user_id = ?2",
        greatest = tx.dialect().greatest
    ))?
    .execute(params![
        guild,
        user,
        after.rating,
        after.deviation,
        after.volatility,
        solved,
        failed,
    ])?;
    let status = if finish.solved {
        PuzzleStatus::Solved
    } else {
        PuzzleStatus::Failed
    };
    let ratings = attempt.rated.then_some((before.rating, after.rating));
    let attempt = tx
        .prepare_cached(&format!(
            "UPDATE puzzle_attempts SET status = ?2, step = ?3, finished_at = ?4, \
             rating_before = ?5, rating_after = ?6 WHERE id = ?1 RETURNING {ATTEMPT_COLUMNS}"
        ))?
        .query_row(
            params![
                id.0,
                status,
                finish.final_step,
                finish.at,
                ratings.map(|r| r.0),
                ratings.map(|r| r.1),
            ],
            attempt_from_row,
        )?;
    let player =
        load_player(tx, attempt.guild, attempt.user)?.ok_or(StoreError::PlayerNotFound {
            guild: attempt.guild,
            user: attempt.user,
        })?;
    Ok(FinishedPuzzle { attempt, player })
}

pub(super) fn player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Option<PuzzlePlayer>, StoreError> {
    load_player(tx, guild, user)
}

pub(super) fn ranking(
    tx: &Transaction<'_>,
    guild: GuildId,
    min_attempts: u32,
    limit: u32,
) -> Result<Vec<PuzzlePlayer>, StoreError> {
    query_all(
        tx,
        &format!(
            "{PLAYER_SELECT} WHERE r.guild_id = ?1 AND r.solved + r.failed >= ?2 \
             ORDER BY r.rating DESC, r.solved DESC, r.user_id LIMIT ?3"
        ),
        params![sql_id(guild), min_attempts, limit],
        player_from_row,
    )
}

pub(super) fn attempted(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
) -> Result<Vec<AttemptedPuzzle>, StoreError> {
    query_all(
        tx,
        "SELECT puzzle_id, max(started_at) FROM puzzle_attempts \
         WHERE guild_id = ?1 AND user_id = ?2 GROUP BY puzzle_id ORDER BY puzzle_id",
        params![sql_id(guild), sql_id(user)],
        |row| {
            Ok(AttemptedPuzzle {
                puzzle: row.get(0)?,
                last_started_at: row.get(1)?,
            })
        },
    )
}

pub(super) fn daily_attempt(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    day: i64,
) -> Result<Option<PuzzleAttempt>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts \
             WHERE guild_id = ?1 AND user_id = ?2 AND daily = ?3 ORDER BY id DESC LIMIT 1"
        ))?
        .query_row(params![sql_id(guild), sql_id(user), day], attempt_from_row)
        .optional()?)
}

pub(super) fn daily_solvers(
    tx: &Transaction<'_>,
    guild: GuildId,
    day: i64,
) -> Result<u32, StoreError> {
    Ok(tx
        .prepare_cached(
            "SELECT count(DISTINCT user_id) FROM puzzle_attempts \
             WHERE guild_id = ?1 AND daily = ?2 AND status = 'solved'",
        )?
        .query_row(params![sql_id(guild), day], |row| row.get(0))?)
}

pub(super) fn daily_servers(tx: &Transaction<'_>) -> Result<Vec<DailyPuzzleServer>, StoreError> {
    query_all(
        tx,
        "SELECT guild_id, daily_puzzle_channel_id, daily_puzzle_hour FROM servers \
         WHERE daily_puzzle_channel_id IS NOT NULL ORDER BY guild_id",
        params![],
        |row| {
            Ok(DailyPuzzleServer {
                guild: discord_id(row.get(0)?),
                channel: discord_id(row.get(1)?),
                hour: row.get(2)?,
            })
        },
    )
}

pub(super) fn claim_daily_post(
    tx: &Transaction<'_>,
    guild: GuildId,
    day: i64,
    channel: Option<ChannelId>,
    at: Millis,
) -> Result<bool, StoreError> {
    let inserted = tx
        .prepare_cached(
            "INSERT INTO daily_puzzle_posts (guild_id, day, channel_id, claimed_at) \
             VALUES (?1, ?2, ?3, ?4) ON CONFLICT (guild_id, day) DO NOTHING",
        )?
        .execute(params![sql_id(guild), day, channel.map(sql_id), at])?;
    Ok(inserted == 1)
}
