//! Perft: the number of move paths to a given depth, counting every capture path (also two
//! that take the same pieces to the same square), with bulk counting at the last ply.

use crate::{Move, Position};

/// Leaves of the move tree `depth` plies deep.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let mut moves = crate::MoveList::new();
            position.legal_moves_into(&mut moves);
            let mut total = 0;
            for m in &moves {
                let mut next = *position;
                next.play_unchecked(m);
                total += perft(&next, depth - 1);
            }
            total
        }
    }
}

/// Perft split by first move.
#[must_use]
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|m| {
            let mut next = *position;
            next.play_unchecked(m);
            (*m, perft(&next, depth - 1))
        })
        .collect()
}
