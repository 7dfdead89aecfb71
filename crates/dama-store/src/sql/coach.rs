//! The coach: stored analyses of games (`analyses`) and the hints given (`hints`).

use super::db::{OptionalExtension, Transaction, params};

use super::games::{require_active_at, stored_game};
use super::rows::query_all;
use dama_core::store::{GameId, GameStatus, Hint, HintRecord, Millis, StoreError, StoredAnalysis};

pub(super) fn analysis(
    tx: &Transaction<'_>,
    game: GameId,
) -> Result<Option<StoredAnalysis>, StoreError> {
    Ok(tx
        .prepare_cached("SELECT nodes, data, created_at FROM analyses WHERE game_id = ?1")?
        .query_row(params![game.0], |row| {
            Ok(StoredAnalysis {
                game,
                nodes: u64::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                data: row.get(1)?,
                created_at: row.get(2)?,
            })
        })
        .optional()?)
}

pub(super) fn save_analysis(
    tx: &Transaction<'_>,
    analysis: &StoredAnalysis,
) -> Result<(), StoreError> {
    let game = stored_game(tx, analysis.game)?;
    if game.status == GameStatus::Active {
        return Err(StoreError::Invalid(format!(
            "game {} is still being played: no analysis is stored for it",
            analysis.game
        )));
    }
    let nodes = i64::try_from(analysis.nodes)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| StoreError::Invalid(format!("{} nodes a position", analysis.nodes)))?;
    tx.prepare_cached(
        "INSERT INTO analyses (game_id, nodes, data, created_at) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (game_id) DO UPDATE SET nodes = excluded.nodes, data = excluded.data, \
         created_at = excluded.created_at",
    )?
    .execute(params![
        analysis.game.0,
        nodes,
        analysis.data,
        analysis.created_at
    ])?;
    Ok(())
}

pub(super) fn record_hint(
    tx: &Transaction<'_>,
    game: GameId,
    ply: u32,
    fen: &str,
    move_long: &str,
    limit: u32,
    at: Millis,
) -> Result<HintRecord, StoreError> {
    require_active_at(tx, game, ply)?;
    let given = load_hints(tx, game)?;
    let used = u32::try_from(given.len()).unwrap_or(u32::MAX);
    if let Some(hint) = given.into_iter().find(|h| h.ply == ply && h.fen == fen) {
        return Ok(HintRecord::Again { hint, used });
    }
    if used >= limit {
        return Ok(HintRecord::LimitReached { used });
    }
    tx.prepare_cached(
        "INSERT INTO hints (game_id, ply, fen, move_long, asked_at) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![game.0, ply, fen, move_long, at])?;
    Ok(HintRecord::Recorded { used: used + 1 })
}

pub(super) fn load_hints(tx: &Transaction<'_>, game: GameId) -> Result<Vec<Hint>, StoreError> {
    query_all(
        tx,
        "SELECT ply, fen, move_long, asked_at FROM hints WHERE game_id = ?1 ORDER BY id",
        params![game.0],
        |row| {
            Ok(Hint {
                ply: row.get(0)?,
                fen: row.get(1)?,
                move_long: row.get(2)?,
                asked_at: row.get(3)?,
            })
        },
    )
}
