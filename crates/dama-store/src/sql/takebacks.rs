//! Takebacks: the open request on the `games` row, and the `takebacks` table.

use super::db::{Transaction, params};

use super::games::{self, active_game, require_active_at};
use super::rows::{GAME_COLUMNS, game_from_row, query_all};
use crate::codes::TextCode;
use dama_core::store::{Color, Game, GameId, Millis, StoreError, Takeback, TakebackRequest};

pub(super) fn request_takeback(
    tx: &Transaction<'_>,
    game: GameId,
    by: Color,
    ply: u32,
) -> Result<Game, StoreError> {
    require_active_at(tx, game, ply)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET takeback_by = ?2, takeback_ply = ?3, \
             takeback_seq = takeback_seq + 1 WHERE id = ?1 RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0, by.code(), ply], game_from_row)?)
}

/// Checks that `request` is the open takeback request of the active game, exactly.
fn require_request(
    tx: &Transaction<'_>,
    game: GameId,
    request: TakebackRequest,
) -> Result<(), StoreError> {
    if active_game(tx, game)?.takeback_request != Some(request) {
        return Err(StoreError::NotStanding { game });
    }
    Ok(())
}

pub(super) fn clear_takeback_request(
    tx: &Transaction<'_>,
    game: GameId,
    request: TakebackRequest,
) -> Result<Game, StoreError> {
    require_request(tx, game, request)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET takeback_by = NULL, takeback_ply = NULL WHERE id = ?1 \
             RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0], game_from_row)?)
}

pub(super) fn take_back(
    tx: &Transaction<'_>,
    game: GameId,
    ply: u32,
    plies: u32,
    by: Color,
    at: Millis,
) -> Result<Game, StoreError> {
    let record = active_game(tx, game)?;
    require_active_at(tx, game, ply)?;
    if plies == 0 || plies > ply {
        return Err(StoreError::Invalid(format!(
            "taking back {plies} plies of game {game} at ply {ply}"
        )));
    }
    let to = ply - plies;
    let taken: Vec<String> = query_all(
        tx,
        "SELECT move_long FROM moves WHERE game_id = ?1 AND ply >= ?2 ORDER BY ply",
        params![game.0, to],
        |row| row.get(0),
    )?;
    if taken.len() != plies as usize {
        return Err(StoreError::Corrupt(format!(
            "game {game} at ply {ply} has {} moves from ply {to}",
            taken.len()
        )));
    }
    let fen: String = if to == 0 {
        record.start_fen.clone()
    } else {
        tx.prepare_cached("SELECT fen_after FROM moves WHERE game_id = ?1 AND ply = ?2")?
            .query_row(params![game.0, to - 1], |row| row.get(0))?
    };
    tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
        .execute(params![game.0, to])?;
    tx.prepare_cached(
        "INSERT INTO takebacks (game_id, ply, moves, by_color, at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game.0, to, taken.join(" "), by.code(), at])?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET current_fen = ?2, ply = ?3, last_move_at = ?4, \
             draw_offer_by = NULL, draw_offer_ply = NULL, takeback_by = NULL, \
             takeback_ply = NULL, reminder_ply = NULL, reminder_stage = 0, \
             takeback_count = takeback_count + 1, {clock} WHERE id = ?1 \
             RETURNING {GAME_COLUMNS}",
            clock = games::charge_clock("CAST(?4 AS BIGINT)"),
        ))?
        .query_row(params![game.0, fen, to, at], game_from_row)?)
}

/// Takes back `plies` moves on the answer to `request`, while exactly that request stands at
/// the game's current ply.
pub(super) fn accept_takeback(
    tx: &Transaction<'_>,
    game: GameId,
    request: TakebackRequest,
    plies: u32,
    at: Millis,
) -> Result<Game, StoreError> {
    require_request(tx, game, request)?;
    take_back(tx, game, request.at_ply, plies, request.by, at)
}

pub(super) fn load_takebacks(
    tx: &Transaction<'_>,
    game: GameId,
) -> Result<Vec<Takeback>, StoreError> {
    let rows: Vec<(u32, String, String, Millis)> = query_all(
        tx,
        "SELECT ply, moves, by_color, at FROM takebacks WHERE game_id = ?1 ORDER BY id",
        params![game.0],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
    )?;
    rows.into_iter()
        .map(|(ply, moves, by, at)| {
            Ok(Takeback {
                ply,
                moves: moves.split(' ').map(str::to_owned).collect(),
                by: Color::from_code(&by)
                    .map_err(|e| StoreError::Corrupt(format!("{}: {}", e.what, e.value)))?,
                at,
            })
        })
        .collect()
}
