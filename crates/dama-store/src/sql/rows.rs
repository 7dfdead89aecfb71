//! Rows to domain values: the column list and the mapping of each type, written once and used
//! by every query that reads that type.

use super::db::{DbError, DbResult, Param, Row, Transaction, params};
use crate::codes::{TextCode, discord_id, sql_id};
use dama_core::store::{
    ByColor, Challenge, ChallengeId, Color, DrawOffer, EngineRecord, Game, GameClock, GameId,
    MessageRef, MoveRecord, Participant, Player, Rating, StoreError, TakebackRequest, TimeControl,
};

/// Maps one row to a value.
pub(super) type FromRow<T> = fn(&Row<'_>) -> DbResult<T>;

/// Every row of a query, mapped.
pub(super) fn query_all<T>(
    tx: &Transaction<'_>,
    sql: &str,
    params: &[Param<'_>],
    from_row: FromRow<T>,
) -> Result<Vec<T>, StoreError> {
    Ok(tx.prepare_cached(sql)?.query_map(params, from_row)?)
}

/// A stored value this version cannot read.
fn corrupt(what: &'static str, value: impl Into<String>) -> DbError {
    DbError::Corrupt(format!("unknown {what} `{}`", value.into()))
}

pub(super) const PLAYER_COLUMNS: &str = "guild_id, user_id, display_name, rating, deviation, \
     volatility, wins, losses, draws, created_at";

pub(super) fn player_from_row(row: &Row<'_>) -> DbResult<Player> {
    Ok(Player {
        guild: discord_id(row.get("guild_id")?),
        user: discord_id(row.get("user_id")?),
        display_name: row.get("display_name")?,
        rating: rating_from_row(row)?,
        wins: row.get("wins")?,
        losses: row.get("losses")?,
        draws: row.get("draws")?,
        created_at: row.get("created_at")?,
    })
}

/// The `rating, deviation, volatility` columns.
pub(super) fn rating_from_row(row: &Row<'_>) -> DbResult<Rating> {
    Ok(Rating {
        rating: row.get("rating")?,
        deviation: row.get("deviation")?,
        volatility: row.get("volatility")?,
    })
}

pub(super) const ENGINE_RECORD_COLUMNS: &str = "level, wins, losses, draws";

pub(super) fn engine_record_from_row(row: &Row<'_>) -> DbResult<EngineRecord> {
    Ok(EngineRecord {
        level: row.get("level")?,
        wins: row.get("wins")?,
        losses: row.get("losses")?,
        draws: row.get("draws")?,
    })
}

pub(super) const CHALLENGE_COLUMNS: &str = "id, guild_id, channel_id, challenger_id, \
     challenged_id, colour, time_per_move_ms, rated, status, created_at, expires_at, \
     resolved_at, game_id, message_channel_id, message_id, clock_base_ms, clock_increment_ms";

pub(super) fn challenge_from_row(row: &Row<'_>) -> DbResult<Challenge> {
    Ok(Challenge {
        id: ChallengeId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        channel: discord_id(row.get("channel_id")?),
        challenger: discord_id(row.get("challenger_id")?),
        challenged: row.get::<_, Option<i64>>("challenged_id")?.map(discord_id),
        colour: row.get("colour")?,
        time_per_move_ms: row.get("time_per_move_ms")?,
        clock: time_control(row)?,
        rated: row.get("rated")?,
        status: row.get("status")?,
        created_at: row.get("created_at")?,
        expires_at: row.get("expires_at")?,
        resolved_at: row.get("resolved_at")?,
        game: row.get::<_, Option<i64>>("game_id")?.map(GameId),
        message: message_ref(row, "message_channel_id", "message_id")?,
    })
}

pub(super) const GAME_COLUMNS: &str = "id, guild_id, channel_id, white_user_id, white_level, \
     black_user_id, black_level, time_per_move_ms, rated, status, result, end_reason, \
     created_at, last_move_at, finished_at, start_fen, current_fen, ply, draw_offer_by, \
     draw_offer_ply, white_last_offer_ply, black_last_offer_ply, board_channel_id, \
     board_message_id, in_thread, thread_id, reminder_ply, reminder_stage, takeback_by, \
     takeback_ply, takeback_count, abort_reason, draw_offer_seq, takeback_seq, language, \
     clock_base_ms, clock_increment_ms, white_left_ms, black_left_ms";

pub(super) fn game_from_row(row: &Row<'_>) -> DbResult<Game> {
    let draw_offer = match (
        row.get::<_, Option<String>>("draw_offer_by")?,
        row.get::<_, Option<u32>>("draw_offer_ply")?,
    ) {
        (Some(by), Some(at_ply)) => Some(DrawOffer {
            by: Color::from_code(&by).map_err(|e| corrupt(e.what, e.value))?,
            at_ply,
            number: row.get("draw_offer_seq")?,
        }),
        _ => None,
    };
    let takeback_request = match (
        row.get::<_, Option<String>>("takeback_by")?,
        row.get::<_, Option<u32>>("takeback_ply")?,
    ) {
        (Some(by), Some(at_ply)) => Some(TakebackRequest {
            by: Color::from_code(&by).map_err(|e| corrupt(e.what, e.value))?,
            at_ply,
            number: row.get("takeback_seq")?,
        }),
        _ => None,
    };
    let ply: u32 = row.get("ply")?;
    // Reminders count for the ply they were sent at only.
    let reminder_stage = if row.get::<_, Option<u32>>("reminder_ply")? == Some(ply) {
        row.get("reminder_stage")?
    } else {
        0
    };
    Ok(Game {
        id: GameId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        channel: discord_id(row.get("channel_id")?),
        white: participant(row, "white_user_id", "white_level")?,
        black: participant(row, "black_user_id", "black_level")?,
        time_per_move_ms: row.get("time_per_move_ms")?,
        clock: game_clock(row)?,
        rated: row.get("rated")?,
        status: row.get("status")?,
        result: row.get("result")?,
        end_reason: row.get("end_reason")?,
        created_at: row.get("created_at")?,
        last_move_at: row.get("last_move_at")?,
        finished_at: row.get("finished_at")?,
        start_fen: row.get("start_fen")?,
        current_fen: row.get("current_fen")?,
        ply,
        draw_offer,
        last_draw_offer_ply: ByColor::new(
            row.get("white_last_offer_ply")?,
            row.get("black_last_offer_ply")?,
        ),
        board_message: message_ref(row, "board_channel_id", "board_message_id")?,
        in_thread: row.get("in_thread")?,
        thread: row.get::<_, Option<i64>>("thread_id")?.map(discord_id),
        reminder_stage,
        takeback_request,
        takebacks: row.get("takeback_count")?,
        abort_reason: row.get("abort_reason")?,
        language: row.get("language")?,
    })
}

pub(super) const MOVE_COLUMNS: &str = "game_id, ply, move_long, fen_after, played_at";

pub(super) fn move_from_row(row: &Row<'_>) -> DbResult<MoveRecord> {
    Ok(MoveRecord {
        game: GameId(row.get("game_id")?),
        ply: row.get("ply")?,
        move_long: row.get("move_long")?,
        fen_after: row.get("fen_after")?,
        at: row.get("played_at")?,
    })
}

/// A time control: the `clock_base_ms` and `clock_increment_ms` columns, both set or neither.
fn time_control(row: &Row<'_>) -> DbResult<Option<TimeControl>> {
    match (
        row.get::<_, Option<i64>>("clock_base_ms")?,
        row.get::<_, Option<i64>>("clock_increment_ms")?,
    ) {
        (Some(base_ms), Some(increment_ms)) => Ok(Some(TimeControl {
            base_ms,
            increment_ms,
        })),
        (None, None) => Ok(None),
        (base, increment) => Err(corrupt("time control", format!("{base:?}+{increment:?}"))),
    }
}

/// A game's clock: its time control and both sides' `{colour}_left_ms`, all set or none.
fn game_clock(row: &Row<'_>) -> DbResult<Option<GameClock>> {
    let left = (
        row.get::<_, Option<i64>>("white_left_ms")?,
        row.get::<_, Option<i64>>("black_left_ms")?,
    );
    match (time_control(row)?, left) {
        (Some(control), (Some(white), Some(black))) => Ok(Some(GameClock {
            control,
            left: ByColor::new(white, black),
        })),
        (None, (None, None)) => Ok(None),
        (control, left) => Err(corrupt("clock", format!("{control:?} {left:?}"))),
    }
}

/// One side of a game: the `{colour}_user_id` and `{colour}_level` columns, exactly one set.
fn participant(row: &Row<'_>, user: &str, level: &str) -> DbResult<Participant> {
    match (
        row.get::<_, Option<i64>>(user)?,
        row.get::<_, Option<i64>>(level)?,
    ) {
        (Some(user), None) => Ok(Participant::User(discord_id(user))),
        (None, Some(level)) => u8::try_from(level)
            .map(Participant::Engine)
            .map_err(|_| corrupt("engine level", level.to_string())),
        _ => Err(corrupt("participant", format!("{user}/{level}"))),
    }
}

/// One side of a game as its (user id, level) columns.
pub(super) fn participant_columns(participant: Participant) -> (Option<i64>, Option<i64>) {
    match participant {
        Participant::User(user) => (Some(sql_id(user)), None),
        Participant::Engine(level) => (None, Some(i64::from(level))),
    }
}

/// A message the bot may edit: a channel and a message column, both set or neither.
fn message_ref(row: &Row<'_>, channel: &str, message: &str) -> DbResult<Option<MessageRef>> {
    Ok(
        match (
            row.get::<_, Option<i64>>(channel)?,
            row.get::<_, Option<i64>>(message)?,
        ) {
            (Some(channel), Some(message)) => Some(MessageRef {
                channel: discord_id(channel),
                message: discord_id(message),
            }),
            _ => None,
        },
    )
}

/// Remembers the message that shows a row of `table` (`challenges` or `tournaments`: both
/// keep it in `message_channel_id` and `message_id`); whether the row exists.
pub(super) fn set_message_of(
    tx: &Transaction<'_>,
    table: &'static str,
    id: i64,
    message: dama_core::store::MessageRef,
) -> DbResult<bool> {
    let changed = tx
        .prepare_cached(&format!(
            "UPDATE {table} SET message_channel_id = ?2, message_id = ?3 WHERE id = ?1"
        ))?
        .execute(params![
            id,
            sql_id(message.channel),
            sql_id(message.message)
        ])?;
    Ok(changed > 0)
}
