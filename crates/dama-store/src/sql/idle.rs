//! Games against the engine whose player has been silent for a while.

use super::db::{Transaction, params};

use super::rows::{GAME_COLUMNS, game_from_row, query_all};
use dama_core::store::{Game, Millis, StoreError};

pub(super) fn idle_engine_games(
    tx: &Transaction<'_>,
    at: Millis,
    idle_ms: i64,
) -> Result<Vec<Game>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND clock_base_ms IS NULL \
             AND last_move_at + ?2 <= ?1 \
             AND ((substr(current_fen, 1, 1) = 'W' AND white_level IS NULL \
                   AND black_level IS NOT NULL) \
               OR (substr(current_fen, 1, 1) = 'B' AND black_level IS NULL \
                   AND white_level IS NOT NULL)) \
             ORDER BY last_move_at, id"
        ),
        params![at, idle_ms],
        game_from_row,
    )
}
