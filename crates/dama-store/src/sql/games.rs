//! The `games` and `moves` tables: games, moves, draw offers, endings and the queries over
//! games.

use super::db::{DbError, OptionalExtension, Transaction, params};
use super::dialect::Backend;

use super::players::{
    count_against_engine, count_against_people, load_player, rating, require_player, set_rating,
};
use super::rows::{
    GAME_COLUMNS, MOVE_COLUMNS, game_from_row, move_from_row, participant_columns, query_all,
};
use crate::codes::{TextCode, sql_id};
use dama_core::store::{
    ByColor, ChannelId, Color, Counting, DrawOffer, EndReason, Finish, FinishedGame, Game,
    GameExport, GameId, GameStatus, GuildId, MessageRef, Millis, MoveRecord, NewGame, Participant,
    RatingChange, StoreError, UserId,
};

pub(super) fn load_game(tx: &Transaction<'_>, id: GameId) -> Result<Option<Game>, StoreError> {
    Ok(tx
        .prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?
        .query_row(params![id.0], game_from_row)
        .optional()?)
}

/// The game, which must exist.
pub(super) fn stored_game(tx: &Transaction<'_>, id: GameId) -> Result<Game, StoreError> {
    load_game(tx, id)?.ok_or(StoreError::GameNotFound(id))
}

/// The game, checked to be active.
pub(super) fn active_game(tx: &Transaction<'_>, id: GameId) -> Result<Game, StoreError> {
    let game = stored_game(tx, id)?;
    if game.status != GameStatus::Active {
        return Err(StoreError::GameNotActive {
            game: id,
            status: game.status,
        });
    }
    Ok(game)
}

/// The status and ply of a game, checked to be active; cheaper than the whole row.
fn active_ply(tx: &Transaction<'_>, id: GameId) -> Result<u32, StoreError> {
    let (status, ply): (GameStatus, u32) = tx
        .prepare_cached("SELECT status, ply FROM games WHERE id = ?1")?
        .query_row(params![id.0], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?
        .ok_or(StoreError::GameNotFound(id))?;
    if status != GameStatus::Active {
        return Err(StoreError::GameNotActive { game: id, status });
    }
    Ok(ply)
}

/// Checks that the game is active at `ply`.
pub(super) fn require_active_at(
    tx: &Transaction<'_>,
    id: GameId,
    ply: u32,
) -> Result<(), StoreError> {
    let current = active_ply(tx, id)?;
    if ply != current {
        return Err(StoreError::StalePly {
            game: id,
            given: ply,
            current,
        });
    }
    Ok(())
}

pub(super) fn active_game_in_channel(
    tx: &Transaction<'_>,
    channel: ChannelId,
) -> Result<Option<Game>, StoreError> {
    // A thread's game first: a thread is never a channel games are played in as well. Two
    // lookups, each by its partial unique index (one query with an OR would scan the games).
    let in_thread = tx
        .prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE thread_id = ?1 AND status = 'active'"
        ))?
        .query_row(params![sql_id(channel)], game_from_row)
        .optional()?;
    if in_thread.is_some() {
        return Ok(in_thread);
    }
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND status = 'active' \
             AND {}",
            tx.dialect().in_channel
        ))?
        .query_row(params![sql_id(channel)], game_from_row)
        .optional()?)
}

/// The active game played in the channel itself (not in a thread of it).
fn active_game_id(tx: &Transaction<'_>, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT id FROM games WHERE channel_id = ?1 AND status = 'active' AND {}",
            tx.dialect().in_channel
        ))?
        .query_row(params![sql_id(channel)], |row| row.get(0).map(GameId))
        .optional()?)
}

pub(super) fn active_games_in_threads_of(
    tx: &Transaction<'_>,
    channel: ChannelId,
) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 AND status = 'active' \
             AND {} ORDER BY id",
            tx.dialect().in_thread
        ),
        params![sql_id(channel)],
        game_from_row,
    )
}

pub(super) fn active_games(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: Option<UserId>,
) -> Result<Vec<Game>, StoreError> {
    match user {
        Some(user) => query_all(
            tx,
            &format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 AND status = 'active' \
                 AND (white_user_id = ?2 OR black_user_id = ?2) \
                 ORDER BY last_move_at DESC, id DESC"
            ),
            params![sql_id(guild), sql_id(user)],
            game_from_row,
        ),
        None => query_all(
            tx,
            &format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 AND status = 'active' \
                 ORDER BY last_move_at DESC, id DESC"
            ),
            params![sql_id(guild)],
            game_from_row,
        ),
    }
}

pub(super) fn set_game_thread(
    tx: &Transaction<'_>,
    id: GameId,
    thread: ChannelId,
) -> Result<Game, StoreError> {
    let game = stored_game(tx, id)?;
    if !game.in_thread || game.thread.is_some() {
        return Err(StoreError::Invalid(format!(
            "thread of game {id}: it is not waiting for one"
        )));
    }
    let busy: Option<GameId> = tx
        .prepare_cached("SELECT id FROM games WHERE thread_id = ?1 AND status = 'active'")?
        .query_row(params![sql_id(thread)], |row| row.get(0).map(GameId))
        .optional()?;
    if let Some(busy) = busy {
        return Err(StoreError::ChannelBusy {
            channel: thread,
            game: busy,
        });
    }
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET thread_id = ?2 WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![id.0, sql_id(thread)], game_from_row)?)
}

pub(super) fn play_in_channel(tx: &Transaction<'_>, id: GameId) -> Result<Game, StoreError> {
    let game = active_game(tx, id)?;
    if !game.in_thread || game.thread.is_some() {
        return Err(StoreError::Invalid(format!(
            "game {id} into its channel: it is not waiting for a thread"
        )));
    }
    if let Some(busy) = active_game_id(tx, game.channel)? {
        return Err(StoreError::ChannelBusy {
            channel: game.channel,
            game: busy,
        });
    }
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET in_thread = FALSE WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![id.0], game_from_row)?)
}

pub(super) fn abandon_game(
    tx: &Transaction<'_>,
    game: GameId,
    ply: u32,
    at: Millis,
) -> Result<Game, StoreError> {
    require_active_at(tx, game, ply)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET status = 'aborted', end_reason = 'abort', abort_reason = 'idle', \
             finished_at = ?2, draw_offer_by = NULL, draw_offer_ply = NULL, \
             takeback_by = NULL, takeback_ply = NULL WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0, at], game_from_row)?)
}

pub(super) fn advance_reminder(
    tx: &Transaction<'_>,
    game: GameId,
    ply: u32,
    stage: u8,
) -> Result<bool, StoreError> {
    if !(1..=3).contains(&stage) {
        return Err(StoreError::Invalid(format!("reminder stage {stage}")));
    }
    let changed = tx
        .prepare_cached(
            "UPDATE games SET reminder_ply = ?2, reminder_stage = ?3 \
             WHERE id = ?1 AND status = 'active' AND ply = ?2 \
             AND (reminder_ply IS DISTINCT FROM ?2 OR reminder_stage < ?3)",
        )?
        .execute(params![game.0, ply, stage])?;
    Ok(changed == 1)
}

pub(super) fn reminder_candidates(
    tx: &Transaction<'_>,
    at: Millis,
) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
             AND clock_base_ms IS NULL AND last_move_at + time_per_move_ms / 2 <= ?1 \
             AND (reminder_ply IS DISTINCT FROM ply OR reminder_stage < 3) ORDER BY last_move_at, id"
        ),
        params![at],
        game_from_row,
    )
}

pub(super) fn insert_game(tx: &Transaction<'_>, game: &NewGame) -> Result<Game, StoreError> {
    if game.time_per_move_ms <= 0 {
        return Err(StoreError::Invalid(format!(
            "time per move {} ms: it must be positive",
            game.time_per_move_ms
        )));
    }
    if let Some(clock) = game.clock {
        if clock.base_ms <= 0 || clock.increment_ms < 0 {
            return Err(StoreError::Invalid(format!(
                "time control {} ms + {} ms: the base must be positive, the increment not \
                 negative",
                clock.base_ms, clock.increment_ms
            )));
        }
    }
    for side in [game.white, game.black] {
        match side {
            Participant::User(user) => require_player(tx, game.guild, user)?,
            Participant::Engine(0) => {
                return Err(StoreError::Invalid("engine level 0".into()));
            }
            Participant::Engine(_) => {}
        }
    }
    if !game.in_thread {
        if let Some(busy) = active_game_id(tx, game.channel)? {
            return Err(StoreError::ChannelBusy {
                channel: game.channel,
                game: busy,
            });
        }
    }
    let (white_user, white_level) = participant_columns(game.white);
    let (black_user, black_level) = participant_columns(game.black);
    let inserted = tx
        .prepare_cached(&format!(
            "INSERT INTO games (guild_id, channel_id, white_user_id, white_level, black_user_id, \
             black_level, time_per_move_ms, rated, created_at, last_move_at, start_fen, \
             current_fen, in_thread, language, clock_base_ms, clock_increment_ms, \
             white_left_ms, black_left_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, \
             ?10, ?10, ?11, ?12, ?13, ?14, ?13, ?13) RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(game.guild),
                sql_id(game.channel),
                white_user,
                white_level,
                black_user,
                black_level,
                game.time_per_move_ms,
                game.rated,
                game.created_at,
                game.start_fen,
                game.in_thread,
                game.language,
                game.clock.map(|clock| clock.base_ms),
                game.clock.map(|clock| clock.increment_ms),
            ],
            game_from_row,
        );
    match inserted {
        Ok(game) => Ok(game),
        // The partial unique index is the last word on a busy channel. (On PostgreSQL a game
        // that took the channel meanwhile fails the transaction, whose next try sees it above.)
        Err(error @ DbError::Constraint(_)) => match active_game_id(tx, game.channel)? {
            Some(busy) => Err(StoreError::ChannelBusy {
                channel: game.channel,
                game: busy,
            }),
            None => Err(error.into()),
        },
        Err(error) => Err(error.into()),
    }
}

/// The clock of a live game as a move at `:at` leaves it (an assignment list for the update
/// that stores a move; written once for both backends, `:at` replaced by each): the mover (the
/// side to move before the move, by the current FEN) loses the time since the last move, down
/// to 0, and gains the increment (`:inc`). A correspondence game's columns stay NULL.
const RUN_CLOCK_TEMPLATE: &str = "\
    white_left_ms = CASE WHEN substr(current_fen, 1, 1) = 'W' AND white_left_ms IS NOT NULL THEN \
        CASE WHEN white_left_ms > :at - last_move_at THEN white_left_ms - (:at - last_move_at) \
        ELSE 0 END + :inc ELSE white_left_ms END, \
    black_left_ms = CASE WHEN substr(current_fen, 1, 1) = 'B' AND black_left_ms IS NOT NULL THEN \
        CASE WHEN black_left_ms > :at - last_move_at THEN black_left_ms - (:at - last_move_at) \
        ELSE 0 END + :inc ELSE black_left_ms END";

/// [`RUN_CLOCK_TEMPLATE`] for a move at `at` (a placeholder of the backend): the increment
/// added.
pub(super) fn run_clock(at: &str) -> String {
    RUN_CLOCK_TEMPLATE
        .replace(":at", at)
        .replace(":inc", "clock_increment_ms")
}

/// [`RUN_CLOCK_TEMPLATE`] for a change at `at` that is no move (a takeback): the side to move
/// is charged the time since the last move, with no increment.
pub(super) fn charge_clock(at: &str) -> String {
    RUN_CLOCK_TEMPLATE.replace(":at", at).replace(":inc", "0")
}

pub(super) fn insert_move(
    tx: &Transaction<'_>,
    id: GameId,
    ply: u32,
    move_long: &str,
    fen_after: &str,
    at: Millis,
) -> Result<Game, StoreError> {
    match tx.dialect().backend {
        Backend::Sqlite => insert_move_in_steps(tx, id, ply, move_long, fen_after, at),
        Backend::Postgres => insert_move_in_one_statement(tx, id, ply, move_long, fen_after, at),
    }
}

/// A move on SQLite: the checks, the insert and the update, each a statement (no round trips,
/// and a data-modifying `WITH` is PostgreSQL's only).
fn insert_move_in_steps(
    tx: &Transaction<'_>,
    id: GameId,
    ply: u32,
    move_long: &str,
    fen_after: &str,
    at: Millis,
) -> Result<Game, StoreError> {
    let current = active_ply(tx, id)?;
    if ply < current {
        return Err(StoreError::AlreadyPlayed { game: id, ply });
    }
    if ply > current {
        return Err(StoreError::StalePly {
            game: id,
            given: ply,
            current,
        });
    }
    let inserted = tx
        .prepare_cached(
            "INSERT INTO moves (game_id, ply, move_long, fen_after, played_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![id.0, ply, move_long, fen_after, at]);
    match inserted {
        Ok(_) => {}
        Err(DbError::Constraint(_))
            if tx
                .prepare_cached("SELECT 1 FROM moves WHERE game_id = ?1 AND ply = ?2")?
                .exists(params![id.0, ply])? =>
        {
            return Err(StoreError::AlreadyPlayed { game: id, ply });
        }
        Err(error) => return Err(error.into()),
    }
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET current_fen = ?2, ply = ?3, last_move_at = ?4, \
             draw_offer_by = NULL, draw_offer_ply = NULL, takeback_by = NULL, \
             takeback_ply = NULL, {clock} WHERE id = ?1 RETURNING {GAME_COLUMNS}",
            clock = run_clock("?4"),
        ))?
        .query_row(params![id.0, fen_after, ply + 1, at], game_from_row)?)
}

/// A move on PostgreSQL: one round trip.
fn insert_move_in_one_statement(
    tx: &Transaction<'_>,
    id: GameId,
    ply: u32,
    move_long: &str,
    fen_after: &str,
    at: Millis,
) -> Result<Game, StoreError> {
    // One statement, one round trip: the game's status and ply as this transaction sees them,
    // the move stored only if the game is active at `ply`, and the game moved on only if the
    // move was stored. The key refuses a ply stored meanwhile (the transaction's next try
    // then sees it), and the trigger on `moves` holds the same rule for any writer.
    let row = tx
        .prepare_cached(&format!(
            "WITH current AS (SELECT status, ply FROM games WHERE id = ?1::bigint), \
             inserted AS (INSERT INTO moves (game_id, ply, move_long, fen_after, played_at) \
                 SELECT ?1::bigint, ?2::bigint, ?3::text, ?4::text, ?5::bigint FROM current \
                 WHERE status = 'active' AND ply = ?2::bigint RETURNING game_id), \
             updated AS (UPDATE games SET current_fen = ?4::text, ply = ?2::bigint + 1, \
                 last_move_at = ?5::bigint, draw_offer_by = NULL, draw_offer_ply = NULL, \
                 takeback_by = NULL, takeback_ply = NULL, {clock} \
                 WHERE id = (SELECT game_id FROM inserted) RETURNING {GAME_COLUMNS}) \
             SELECT current.status AS current_status, current.ply AS current_ply, updated.* \
             FROM current LEFT JOIN updated ON TRUE",
            clock = run_clock("?5::bigint"),
        ))?
        .query_row(params![id.0, ply, move_long, fen_after, at], |row| {
            let status: GameStatus = row.get("current_status")?;
            let current: u32 = row.get("current_ply")?;
            let moved = row.get::<_, Option<i64>>("id")?.is_some();
            Ok((
                status,
                current,
                if moved {
                    Some(game_from_row(row)?)
                } else {
                    None
                },
            ))
        })
        .optional()?;
    match row {
        None => Err(StoreError::GameNotFound(id)),
        Some((_, _, Some(game))) => Ok(game),
        Some((status, _, None)) if status != GameStatus::Active => {
            Err(StoreError::GameNotActive { game: id, status })
        }
        Some((_, current, None)) if ply < current => {
            Err(StoreError::AlreadyPlayed { game: id, ply })
        }
        Some((_, current, None)) => Err(StoreError::StalePly {
            game: id,
            given: ply,
            current,
        }),
    }
}

/// Checks a final move's finish before anything is written.
pub(super) fn check_final_move(ply: u32, finish: &Finish) -> Result<(), StoreError> {
    if finish.ply != ply + 1 {
        return Err(StoreError::Invalid(format!(
            "final move at ply {ply} with a finish at ply {}",
            finish.ply
        )));
    }
    Ok(())
}

pub(super) fn load_moves(tx: &Transaction<'_>, id: GameId) -> Result<Vec<MoveRecord>, StoreError> {
    query_all(
        tx,
        &format!("SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ?1 ORDER BY ply"),
        params![id.0],
        move_from_row,
    )
}

pub(super) fn offer_draw(
    tx: &Transaction<'_>,
    game: GameId,
    by: Color,
    ply: u32,
) -> Result<Game, StoreError> {
    require_active_at(tx, game, ply)?;
    let last = by.fold("white_last_offer_ply", "black_last_offer_ply");
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET draw_offer_by = ?2, draw_offer_ply = ?3, {last} = ?3, \
             draw_offer_seq = draw_offer_seq + 1 WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0, by.code(), ply], game_from_row)?)
}

/// Checks that `offer` is the open draw offer of the active game, exactly.
fn require_draw_offer(
    tx: &Transaction<'_>,
    game: GameId,
    offer: DrawOffer,
) -> Result<(), StoreError> {
    if active_game(tx, game)?.draw_offer != Some(offer) {
        return Err(StoreError::NotStanding { game });
    }
    Ok(())
}

pub(super) fn clear_draw_offer(
    tx: &Transaction<'_>,
    game: GameId,
    offer: DrawOffer,
) -> Result<Game, StoreError> {
    require_draw_offer(tx, game, offer)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET draw_offer_by = NULL, draw_offer_ply = NULL \
             WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0], game_from_row)?)
}

pub(super) fn accept_draw(
    tx: &Transaction<'_>,
    game: GameId,
    offer: DrawOffer,
    finish: Finish,
) -> Result<FinishedGame, StoreError> {
    if finish.reason != EndReason::Agreement || finish.result != dama_core::store::GameResult::Draw
    {
        return Err(StoreError::Invalid(format!(
            "accepting a draw offer of game {game} with a finish by {:?}",
            finish.reason
        )));
    }
    require_draw_offer(tx, game, offer)?;
    self::finish(tx, game, finish)
}

/// Checks that a counting names the game's own players.
fn check_counting(game: &Game, counting: Counting) -> Result<(), StoreError> {
    let consistent = match counting {
        Counting::Nobody => true,
        Counting::BetweenPeople { white, black, .. } => {
            game.white == Participant::User(white) && game.black == Participant::User(black)
        }
        Counting::AgainstEngine {
            user,
            colour,
            level,
        } => {
            game.participant(colour) == Participant::User(user)
                && game.participant(!colour) == Participant::Engine(level)
        }
    };
    if consistent {
        Ok(())
    } else {
        Err(StoreError::Invalid(format!(
            "counting {counting:?} for game {} between {:?} and {:?}",
            game.id, game.white, game.black
        )))
    }
}

pub(super) fn finish(
    tx: &Transaction<'_>,
    id: GameId,
    finish: Finish,
) -> Result<FinishedGame, StoreError> {
    if finish.reason == EndReason::Abort {
        return Err(StoreError::Invalid(
            "end reason abort for a finished game (abort the game instead)".into(),
        ));
    }
    let current = active_game(tx, id)?;
    if current.ply != finish.ply {
        return Err(StoreError::StalePly {
            game: id,
            given: finish.ply,
            current: current.ply,
        });
    }
    check_counting(&current, finish.counting)?;
    let game = tx
        .prepare_cached(&format!(
            "UPDATE games SET status = 'finished', result = ?2, end_reason = ?3, \
             finished_at = ?4, draw_offer_by = NULL, draw_offer_ply = NULL, \
             takeback_by = NULL, takeback_ply = NULL \
             WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(
            params![id.0, finish.result, finish.reason, finish.at],
            game_from_row,
        )?;
    let mut ratings = None;
    match finish.counting {
        Counting::Nobody => {}
        Counting::AgainstEngine {
            user,
            colour,
            level,
        } => {
            count_against_engine(
                tx,
                game.guild,
                user,
                level,
                finish.result.outcome_for(colour),
            )?;
        }
        Counting::BetweenPeople {
            white,
            black,
            rated,
        } => {
            let users = ByColor::new(white, black);
            for colour in [Color::White, Color::Black] {
                let outcome = finish.result.outcome_for(colour);
                count_against_people(tx, game.guild, *users.get(colour), outcome)?;
            }
            if rated {
                ratings = Some(rate(tx, game.guild, users, finish)?);
            }
        }
    }
    Ok(FinishedGame { game, ratings })
}

/// Reads both ratings, applies the game's rating system and stores what it returns.
fn rate(
    tx: &Transaction<'_>,
    guild: GuildId,
    users: ByColor<UserId>,
    finish: Finish,
) -> Result<ByColor<RatingChange>, StoreError> {
    let before = ByColor::new(
        rating(tx, guild, users.white)?,
        rating(tx, guild, users.black)?,
    );
    let after = (finish.rate)(before, finish.result);
    set_rating(tx, guild, users.white, after.white)?;
    set_rating(tx, guild, users.black, after.black)?;
    let change = |colour: Color| RatingChange {
        user: *users.get(colour),
        before: *before.get(colour),
        after: *after.get(colour),
    };
    Ok(ByColor::new(change(Color::White), change(Color::Black)))
}

pub(super) fn abort_game(
    tx: &Transaction<'_>,
    game: GameId,
    at: Millis,
) -> Result<Game, StoreError> {
    active_game(tx, game)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET status = 'aborted', end_reason = 'abort', \
             abort_reason = 'moderator', finished_at = ?2, draw_offer_by = NULL, \
             draw_offer_ply = NULL, takeback_by = NULL, takeback_ply = NULL \
             WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0, at], game_from_row)?)
}

pub(super) fn set_board_message(
    tx: &Transaction<'_>,
    game: GameId,
    message: MessageRef,
) -> Result<Option<MessageRef>, StoreError> {
    let before = stored_game(tx, game)?.board_message;
    if before.is_some_and(|live| live.message > message.message) {
        return Ok(Some(message));
    }
    tx.prepare_cached(
        "UPDATE games SET board_channel_id = ?2, board_message_id = ?3 WHERE id = ?1",
    )?
    .execute(params![
        game.0,
        sql_id(message.channel),
        sql_id(message.message)
    ])?;
    Ok(before)
}

pub(super) fn overdue_games(
    tx: &Transaction<'_>,
    at: Millis,
    periods: u32,
) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
             AND clock_base_ms IS NULL AND last_move_at + ?2 * time_per_move_ms < ?1 \
             ORDER BY last_move_at, id"
        ),
        params![at, periods],
        game_from_row,
    )
}

pub(super) fn flagged_games(tx: &Transaction<'_>, at: Millis) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
             AND clock_base_ms IS NOT NULL AND last_move_at + CASE \
                 WHEN substr(current_fen, 1, 1) = 'W' THEN white_left_ms ELSE black_left_ms END \
             <= ?1 ORDER BY last_move_at, id"
        ),
        params![at],
        game_from_row,
    )
}

pub(super) fn engine_to_move_games(tx: &Transaction<'_>) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' \
             AND ((substr(current_fen, 1, 1) = 'W' AND white_level IS NOT NULL) \
               OR (substr(current_fen, 1, 1) = 'B' AND black_level IS NOT NULL)) \
             ORDER BY last_move_at, id"
        ),
        params![],
        game_from_row,
    )
}

pub(super) fn recent_games_of_player(
    tx: &Transaction<'_>,
    guild: GuildId,
    user: UserId,
    limit: u32,
) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 \
             AND (white_user_id = ?2 OR black_user_id = ?2) \
             ORDER BY coalesce(finished_at, last_move_at) DESC, id DESC LIMIT ?3"
        ),
        params![sql_id(guild), sql_id(user), limit],
        game_from_row,
    )
}

pub(super) fn recent_games_in_channel(
    tx: &Transaction<'_>,
    channel: ChannelId,
    limit: u32,
) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ?1 OR thread_id = ?1 \
             ORDER BY coalesce(finished_at, last_move_at) DESC, id DESC LIMIT ?2"
        ),
        params![sql_id(channel), limit],
        game_from_row,
    )
}

pub(super) fn game_export(
    tx: &Transaction<'_>,
    id: GameId,
) -> Result<Option<GameExport>, StoreError> {
    let Some(game) = load_game(tx, id)? else {
        return Ok(None);
    };
    let name = |side: Participant| -> Result<Option<String>, StoreError> {
        match side {
            Participant::User(user) => {
                Ok(load_player(tx, game.guild, user)?.map(|p| p.display_name))
            }
            Participant::Engine(_) => Ok(None),
        }
    };
    let names = ByColor::new(name(game.white)?, name(game.black)?);
    let moves = load_moves(tx, id)?;
    let takebacks = super::takebacks::load_takebacks(tx, id)?;
    let hints = super::coach::load_hints(tx, id)?;
    Ok(Some(GameExport {
        game,
        names,
        moves,
        takebacks,
        hints,
    }))
}

/// Every game id, in order.
pub(super) fn game_ids(tx: &Transaction<'_>) -> Result<Vec<GameId>, StoreError> {
    query_all(tx, "SELECT id FROM games ORDER BY id", params![], |row| {
        row.get(0).map(GameId)
    })
}
