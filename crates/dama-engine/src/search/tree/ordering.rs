//! Move ordering: the table move first, then two killers per ply, then promotions, then the
//! history of quiet moves that caused cut-offs.

use dama_rules::Move;

use super::Search;

/// Set in every killer key, so that an empty slot (0) matches no move.
const KILLER_VALID: u16 = 1 << 15;

/// A move as the killer slots keep it: its origin and destination.
pub(super) fn killer_key(m: &Move) -> u16 {
    KILLER_VALID | (m.from().index() as u16) << 5 | m.to().index() as u16
}

impl Search<'_> {
    /// A quiet move that caused a cut-off: the first killer at its ply, and its history grows
    /// by the depth squared (every entry halved when one passes 2^20).
    pub(super) fn reward(&mut self, m: &Move, depth: i32, ply: usize) {
        let key = killer_key(m);
        let killers = &mut self.killers[ply];
        if killers[0] != key {
            killers[1] = killers[0];
            killers[0] = key;
        }
        let entry = &mut self.history[m.from().index()][m.to().index()];
        *entry += depth * depth;
        if *entry > 1 << 20 {
            for row in self.history.iter_mut() {
                for value in row.iter_mut() {
                    *value /= 2;
                }
            }
        }
    }

    /// Scores the moves for ordering into this ply's buffer.
    pub(super) fn score_moves(&mut self, hash_move: Option<u8>, ply: usize) {
        let killers = self.killers[ply];
        let moves = &self.stacks.lists[ply];
        let scores = &mut self.stacks.scores[ply];
        for (i, m) in moves.iter().enumerate() {
            let key = killer_key(m);
            let mut score = self.history[m.from().index()][m.to().index()];
            if key == killers[0] {
                score = 1 << 26;
            } else if key == killers[1] {
                score = 1 << 25;
            }
            if m.promotes() {
                score += 1 << 24;
            }
            scores[i] = score;
        }
        if let Some(best) = hash_move {
            if (best as usize) < moves.len() {
                scores[best as usize] = 1 << 30;
            }
        }
    }

    /// The index of the next move to try at this ply: the best-scored one not tried yet.
    #[inline]
    pub(super) fn next_move(&mut self, ply: usize, len: usize) -> usize {
        let scores = &mut self.stacks.scores[ply][..len];
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, &score) in scores.iter().enumerate() {
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        scores[best] = i32::MIN;
        best
    }
}
