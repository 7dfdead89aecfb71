//! The evaluation: a linear function of board features, from the side to move.
//!
//! Every term is counted for each side "as White" (Black's pieces are turned 180 degrees, so
//! its men also move towards row 0) and the score is ours minus theirs, plus a few terms that
//! only make sense for the side to move. The weights live in [`crate::weights`] and are fitted
//! by `damabot tune` (logistic regression on positions from the engine's own games); the same
//! code serves the fast evaluation and the tuner, so the two cannot drift apart.
//!
//! Terms (their weights are laid out in [`crate::features`]):
//! - material: men and kings, each with an opening and an endgame weight (tapered by the
//!   number of pieces on the board);
//! - men by square (advancement, tempo, centre and the back-rank guard in one table), tapered;
//! - kings by square (centre against edges and corners);
//! - king mobility, blocked men and kings, runaway men (free path to promotion) by distance,
//!   pieces hanging to a capture, trading when ahead, kings against no kings, balance of men
//!   between the two wings, a small bonus for having the move, and the opposition in the
//!   ending.

use dama_rules::{Bitboard, Color, Position};

use crate::features::{
    F_BLOCKED_KINGS, F_BLOCKED_MEN, F_HANGING, F_IMBALANCE, F_KING_EG, F_KING_MG, F_KING_MOBILITY,
    F_KING_SQUARE, F_MAN_EG, F_MAN_MG, F_MAN_SQUARE_EG, F_MAN_SQUARE_MG, F_OPPOSITION, F_RUNAWAY,
    F_SOLE_KINGS, F_TEMPO, F_TRADE, FEATURES, OPPOSITION_PIECES,
};
use crate::patterns::PatternWeights;
use crate::weights::WEIGHTS;

/// Pieces on the board at the start; the phase runs from this (opening) down to 0 (endgame).
pub const PHASE_MAX: i32 = 24;

/// Receives the terms of an evaluation: a weighted sum for play, feature counts for tuning.
trait Terms {
    /// A term with an opening and an endgame weight.
    fn tapered(&mut self, mg: usize, eg: usize, value: i32);
    /// A term with one weight.
    fn flat(&mut self, index: usize, value: i32);
}

/// Adds weighted terms into opening, endgame and flat sums.
struct Weighted<'a> {
    weights: &'a [i32; FEATURES],
    mg: i32,
    eg: i32,
    flat: i32,
}

impl Terms for Weighted<'_> {
    #[inline]
    fn tapered(&mut self, mg: usize, eg: usize, value: i32) {
        self.mg += self.weights[mg] * value;
        self.eg += self.weights[eg] * value;
    }

    #[inline]
    fn flat(&mut self, index: usize, value: i32) {
        self.flat += self.weights[index] * value;
    }
}

/// Counts features, with the phase already applied (every value is scaled by `PHASE_MAX`).
struct Counted {
    phase: i32,
    values: [i32; FEATURES],
}

impl Terms for Counted {
    fn tapered(&mut self, mg: usize, eg: usize, value: i32) {
        self.values[mg] += value * self.phase;
        self.values[eg] += value * (PHASE_MAX - self.phase);
    }

    fn flat(&mut self, index: usize, value: i32) {
        self.values[index] += value * PHASE_MAX;
    }
}

/// Squares in front of a man (as White), row by row up to the promotion row.
const FORWARD_CONE: [u32; 32] = {
    let mut cones = [0u32; 32];
    let mut i = 0;
    while i < 32 {
        let mut frontier = Bitboard(1 << i);
        let mut cone = 0;
        let mut row = i / 4;
        while row > 0 {
            frontier = Bitboard(frontier.up_left().0 | frontier.up_right().0);
            cone |= frontier.0;
            row -= 1;
        }
        cones[i] = cone;
        i += 1;
    }
    cones
};

/// Rows 1, 3, 5 and 7 (squares 5-8, 13-16, 21-24, 29-32).
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// Files a-d (the first two squares of every row).
const LEFT_WING: u32 = 0x3333_3333;
/// Files e-h.
const RIGHT_WING: u32 = 0xCCCC_CCCC;

/// One side's pieces, turned so that its men move towards row 0.
#[derive(Clone, Copy)]
struct Side {
    men: u32,
    kings: u32,
}

impl Side {
    /// One colour's pieces as they stand (White's view).
    fn of(position: &Position, color: Color) -> Side {
        let pieces = position.pieces(color).0;
        let kings = position.kings().0;
        Side {
            men: pieces & !kings,
            kings: pieces & kings,
        }
    }

    /// The board turned 180 degrees (Black's view: its men then move towards row 0).
    fn turned(self) -> Side {
        Side {
            men: self.men.reverse_bits(),
            kings: self.kings.reverse_bits(),
        }
    }

    fn all(self) -> u32 {
        self.men | self.kings
    }
}

/// The numbers of squares in two boards. Without a bit-count instruction (the baseline x86-64
/// target has none) the two are counted in one 64-bit word, for about the cost of one.
#[inline]
fn count_pair(a: u32, b: u32) -> (i32, i32) {
    if cfg!(target_feature = "popcnt") {
        (a.count_ones() as i32, b.count_ones() as i32)
    } else {
        let x = u64::from(a) | u64::from(b) << 32;
        let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
        let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
        let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        // Each byte holds at most 8: byte 3 of the product sums bytes 0-3 (a's count), byte 7
        // sums bytes 4-7 (b's), without carries.
        let x = x.wrapping_mul(0x0101_0101);
        ((x >> 24 & 0xFF) as i32, (x >> 56) as i32)
    }
}

/// The terms for `us` against `them` (both seen as White), added with `sign`; `counts` are
/// our men and kings.
#[inline]
fn side_terms<T: Terms>(terms: &mut T, us: Side, them: Side, counts: (i32, i32), sign: i32) {
    let empty = !(us.all() | them.all());
    let men = Bitboard(us.men);
    let kings = Bitboard(us.kings);

    terms.tapered(F_MAN_MG, F_MAN_EG, sign * counts.0);
    terms.tapered(F_KING_MG, F_KING_EG, sign * counts.1);

    let mut bits = us.men;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        // A man never stands on row 0 (squares 1-4): it would have been crowned.
        let square = i.saturating_sub(4);
        terms.tapered(F_MAN_SQUARE_MG + square, F_MAN_SQUARE_EG + square, sign);
        let cone = FORWARD_CONE[i];
        if cone & !empty == 0 {
            let rows_to_go = i / 4;
            if (1..=5).contains(&rows_to_go) {
                terms.flat(F_RUNAWAY + rows_to_go - 1, sign);
            }
        }
    }
    let mut bits = us.kings;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        terms.flat(F_KING_SQUARE + i, sign);
    }

    if us.kings != 0 {
        let e = Bitboard(empty);
        let (up_left, up_right) = count_pair((kings.up_left() & e).0, (kings.up_right() & e).0);
        let (down_left, down_right) =
            count_pair((kings.down_left() & e).0, (kings.down_right() & e).0);
        let mobility = up_left + up_right + down_left + down_right;
        terms.flat(F_KING_MOBILITY, sign * mobility);
        let movable = e.up_left() | e.up_right() | e.down_left() | e.down_right();
        let blocked_kings = (kings & !movable).count();
        terms.flat(F_BLOCKED_KINGS, sign * blocked_kings as i32);
    }

    // A man steps up-left into X when X is empty, so it stands on down-right(X).
    let e = Bitboard(empty);
    let movable_men = men & (e.down_right() | e.down_left());

    // Their men capture downwards (as seen here); their kings in every direction.
    let their_men = Bitboard(them.men);
    let their_kings = Bitboard(them.kings);
    let ours = Bitboard(us.all());
    let mut hanging =
        (their_men.down_left() & men & e.up_right()) | (their_men.down_right() & men & e.up_left());
    if them.kings != 0 {
        hanging |= (their_kings.down_left() & ours & e.up_right())
            | (their_kings.down_right() & ours & e.up_left())
            | (their_kings.up_left() & ours & e.down_right())
            | (their_kings.up_right() & ours & e.down_left());
    }
    let (blocked_men, hanging) = count_pair((men & !movable_men).0, hanging.0);
    terms.flat(F_BLOCKED_MEN, sign * blocked_men);
    terms.flat(F_HANGING, sign * hanging);

    if us.kings != 0 && them.kings == 0 {
        terms.flat(F_SOLE_KINGS, sign);
    }
    let (left, right) = count_pair(us.men & LEFT_WING, us.men & RIGHT_WING);
    terms.flat(F_IMBALANCE, sign * (left - right).abs());
}

/// Every term of the position; returns the number of pieces on the board.
#[inline]
fn all_terms<T: Terms>(terms: &mut T, position: &Position) -> i32 {
    let white = Side::of(position, Color::White);
    let black = Side::of(position, Color::Black);
    let white_counts = count_pair(white.men, white.kings);
    let black_counts = count_pair(black.men, black.kings);
    let (us, them, sign) = match position.turn() {
        Color::White => (white_counts, black_counts, 1),
        Color::Black => (black_counts, white_counts, -1),
    };
    side_terms(terms, white, black, white_counts, sign);
    side_terms(terms, black.turned(), white.turned(), black_counts, -sign);

    let our_material = us.0 + 3 * us.1;
    let their_material = them.0 + 3 * them.1;
    let total = us.0 + us.1 + them.0 + them.1;
    let traded = PHASE_MAX - total;
    terms.flat(F_TRADE, (our_material - their_material).signum() * traded);
    terms.flat(F_TEMPO, 1);
    if total as u32 <= OPPOSITION_PIECES && us.0 + us.1 == them.0 + them.1 {
        // The system: the files of the mover's back row (rows 1, 3, 5, 7 hold White's files
        // b, d, f, h; rows 0, 2, 4, 6 Black's a, c, e, g).
        let system = match position.turn() {
            Color::White => ODD_ROWS,
            Color::Black => !ODD_ROWS,
        };
        let odd = (position.occupied().0 & system).count_ones() % 2 == 1;
        terms.flat(F_OPPOSITION, if odd { 1 } else { -1 });
    }
    total
}

/// The game phase: how many pieces are on the board (24 at the start, capped there).
#[must_use]
pub fn phase(position: &Position) -> i32 {
    (position.occupied().count() as i32).min(PHASE_MAX)
}

/// The static evaluation in centi-men from the side to move: the linear terms with the
/// pattern evaluation's weights plus its regions ([`crate::patterns`]). Meant for quiet
/// positions (the side to move has no capture); the search resolves captures before it asks.
#[must_use]
#[inline]
pub fn evaluate(position: &Position) -> i32 {
    evaluate_patterns(position, crate::patterns::compiled())
}

/// [`evaluate`] with other pattern weights (for the tuner and tests).
#[must_use]
#[inline]
pub fn evaluate_patterns(position: &Position, weights: &PatternWeights) -> i32 {
    let (linear, phase) = linear_and_phase(position, &weights.linear);
    linear + weights.pattern_score_in_phase(position, phase)
}

/// The linear evaluation alone, with its own weights ([`crate::weights::WEIGHTS`]): the
/// comparison point for the pattern evaluation (`Options::linear_eval`).
#[must_use]
#[inline]
pub fn evaluate_linear(position: &Position) -> i32 {
    evaluate_with(position, &WEIGHTS)
}

/// [`evaluate`] with other weights (for the tuner and tests).
#[must_use]
#[inline]
pub fn evaluate_with(position: &Position, weights: &[i32; FEATURES]) -> i32 {
    linear_and_phase(position, weights).0
}

/// [`evaluate_with`] and the position's [`phase`].
#[inline]
fn linear_and_phase(position: &Position, weights: &[i32; FEATURES]) -> (i32, i32) {
    let mut sums = Weighted {
        weights,
        mg: 0,
        eg: 0,
        flat: 0,
    };
    let phase = all_terms(&mut sums, position).min(PHASE_MAX);
    let score =
        (sums.mg * phase + sums.eg * (PHASE_MAX - phase) + sums.flat * PHASE_MAX) / PHASE_MAX;
    (score, phase)
}

/// The features of a position from the side to move, each scaled by `PHASE_MAX` (tapered ones
/// carry the phase), so that `evaluate_with(p, w) == dot(w, features(p)) / PHASE_MAX` up to
/// rounding.
#[must_use]
pub fn features(position: &Position) -> [i32; FEATURES] {
    let mut counted = Counted {
        phase: phase(position),
        values: [0; FEATURES],
    };
    all_terms(&mut counted, position);
    counted.values
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(text: &str) -> Position {
        Position::from_fen(text).unwrap()
    }

    #[test]
    fn start_position_is_balanced_up_to_the_move() {
        let start = Position::initial();
        assert_eq!(evaluate_linear(&start), WEIGHTS[F_TEMPO]);
        assert!(evaluate(&start).abs() < 30, "{}", evaluate(&start));
    }

    #[test]
    fn colour_symmetry() {
        // The same position turned 180 degrees with colours swapped scores the same.
        let a = fen("W:W21,22,23,K30:B1,2,10,K15");
        let b = fen("B:B12,11,10,K3:W32,31,23,K18");
        assert_eq!(evaluate(&a), evaluate(&b));
        assert_eq!(features(&a), features(&b));
    }

    #[test]
    fn evaluation_is_the_dot_product_of_features() {
        for text in [
            "W:W21,22,23,K30:B1,2,10,K15",
            "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:WK1,K5:BK32",
            "B:W9,10,14:B25,K30",
        ] {
            let position = fen(text);
            let x = features(&position);
            let dot: i64 = x
                .iter()
                .zip(WEIGHTS.iter())
                .map(|(&x, &w)| i64::from(x) * i64::from(w))
                .sum();
            assert_eq!(
                i64::from(evaluate_linear(&position)),
                dot / i64::from(PHASE_MAX),
                "{text}"
            );
        }
    }

    #[test]
    fn boards_counted_in_pairs_count_as_alone() {
        let mut state = 0x9E37_79B9_u64;
        let mut boards = vec![0, 1, u32::MAX, 0x8000_0000, 0xFFFF_0000, 0x0F0F_F0F0];
        for _ in 0..2000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            boards.push((state >> 32) as u32 & (state >> 7) as u32);
            boards.push((state >> 29) as u32);
        }
        for pair in boards.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(
                count_pair(a, b),
                (a.count_ones() as i32, b.count_ones() as i32),
                "{a:#x} {b:#x}"
            );
        }
    }

    #[test]
    fn material_counts() {
        let up = fen("W:W21,22,23:B1,2");
        assert!(evaluate(&up) > 0, "{}", evaluate(&up));
        let down = fen("B:W21,22,23:B1,2");
        assert!(evaluate(&down) < 0, "{}", evaluate(&down));
    }

    #[test]
    fn the_opposition_counts_the_movers_system() {
        // White's system is rows 1, 3, 5, 7: the man on 29 stands on it, the one on 4 does not.
        assert_eq!(features(&fen("W:W29:B4"))[F_OPPOSITION], PHASE_MAX);
        assert_eq!(features(&fen("W:W29:B8"))[F_OPPOSITION], -PHASE_MAX);
        // Black's system is rows 0, 2, 4, 6.
        assert_eq!(features(&fen("B:W29:B8"))[F_OPPOSITION], -PHASE_MAX);
        // Unequal material, or too many pieces: no opposition term.
        assert_eq!(features(&fen("W:W29,30:B4"))[F_OPPOSITION], 0);
        assert_eq!(features(&Position::initial())[F_OPPOSITION], 0);
    }

    #[test]
    fn runaway_and_hanging_terms_fire() {
        // White man on 9 with nothing in front: two rows to go.
        let x = features(&fen("W:W9:BK32"));
        assert_eq!(x[F_RUNAWAY + 1], PHASE_MAX);
        // Black man on 18 can be taken by the white man on 22 (landing on 13); it cannot take
        // 22 itself, since 27 is occupied.
        let x = features(&fen("B:W22,27:B18,1"));
        assert_eq!(x[F_HANGING], PHASE_MAX);
    }
}
