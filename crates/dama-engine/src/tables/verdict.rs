//! The exact value of a position, and its one-byte form in table files.

use std::cmp::Ordering;

use dama_rules::Color;

/// The exact value of a position under perfect play, from the side to move's view.
///
/// `plies` counts half-moves to the end of the game: the winner wins by the shortest way and
/// the loser resists by the longest. The game ends when the side to move has no piece or no
/// legal move, so a won position has an odd distance (the winner makes the last move) and a
/// lost one an even distance (`Loss { plies: 0 }`: the side to move cannot move now). Draws
/// by repetition or by the 40-move rule are not part of the tables: `Win` means the winner can
/// force the end, not that it does so within the 40-move rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins in `plies` half-moves.
    Win { plies: u16 },
    /// The side to move loses in `plies` half-moves.
    Loss { plies: u16 },
    /// Neither side can force a win.
    Draw,
}

/// The longest win a table byte holds; longer wins are stored as this (see [`Verdict::to_byte`]).
pub const LONGEST_STORED_WIN: u16 = 253;
/// The longest loss a table byte holds.
pub const LONGEST_STORED_LOSS: u16 = 254;

impl Verdict {
    /// The value of a position whose every move leads to a position of value `self` (seen by
    /// the other side): one ply further from the end, with the roles swapped.
    #[must_use]
    pub const fn one_ply_back(self) -> Verdict {
        match self {
            Verdict::Win { plies } => Verdict::Loss {
                plies: plies.saturating_add(1),
            },
            Verdict::Loss { plies } => Verdict::Win {
                plies: plies.saturating_add(1),
            },
            Verdict::Draw => Verdict::Draw,
        }
    }

    /// A number that orders verdicts from the side to move's view: a quicker win is larger, a
    /// slower loss is larger, a draw lies between wins and losses.
    #[must_use]
    pub const fn preference(self) -> i32 {
        match self {
            Verdict::Win { plies } => 100_000 - plies as i32,
            Verdict::Draw => 0,
            Verdict::Loss { plies } => -100_000 + plies as i32,
        }
    }

    /// Compares two verdicts for the side to move (`Greater` = `self` is better).
    #[must_use]
    pub fn compare(self, other: Verdict) -> Ordering {
        self.preference().cmp(&other.preference())
    }

    /// The table byte: `0` a draw; `1..=127` a win in `2b - 1` plies; `128..=255` a loss in
    /// `2(b - 128)` plies. Wins longer than [`LONGEST_STORED_WIN`] plies and losses longer than
    /// [`LONGEST_STORED_LOSS`] are clamped to those (the result stays right, the distance
    /// becomes a lower bound); the second value says whether that happened.
    #[must_use]
    pub const fn to_byte(self) -> (u8, bool) {
        match self {
            Verdict::Draw => (0, false),
            Verdict::Win { plies } => {
                let clamped = plies > LONGEST_STORED_WIN;
                let plies = if clamped { LONGEST_STORED_WIN } else { plies };
                (plies.div_ceil(2) as u8, clamped)
            }
            Verdict::Loss { plies } => {
                let clamped = plies > LONGEST_STORED_LOSS;
                let plies = if clamped { LONGEST_STORED_LOSS } else { plies };
                (128 + (plies / 2) as u8, clamped)
            }
        }
    }

    /// Reads a table byte (see [`Verdict::to_byte`]).
    #[must_use]
    pub const fn from_byte(byte: u8) -> Verdict {
        match byte {
            0 => Verdict::Draw,
            1..=127 => Verdict::Win {
                plies: 2 * byte as u16 - 1,
            },
            _ => Verdict::Loss {
                plies: 2 * (byte as u16 - 128),
            },
        }
    }

    /// How many moves the winner still makes (its last move included): `plies / 2` rounded
    /// up; `None` for a draw.
    #[must_use]
    pub const fn winner_moves(self) -> Option<u16> {
        match self {
            Verdict::Win { plies } | Verdict::Loss { plies } => Some(plies.div_ceil(2)),
            Verdict::Draw => None,
        }
    }

    /// What to tell players: "won for White in 13 moves", "drawn with best play". Moves are the
    /// winner's own moves, its last one included (half the plies, rounded up).
    #[must_use]
    pub fn describe(self, side_to_move: Color) -> String {
        let (winner, loser) = match self {
            Verdict::Draw => return "drawn with best play".to_owned(),
            Verdict::Win { .. } => (side_to_move, !side_to_move),
            Verdict::Loss { .. } => (!side_to_move, side_to_move),
        };
        match self.winner_moves() {
            Some(0) => format!("won for {winner}: {loser} has no move"),
            Some(1) => format!("won for {winner} in 1 move"),
            Some(moves) => format!("won for {winner} in {moves} moves"),
            None => "drawn with best play".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_for_every_storable_distance() {
        for plies in (1..=LONGEST_STORED_WIN).step_by(2) {
            let win = Verdict::Win { plies };
            assert_eq!(Verdict::from_byte(win.to_byte().0), win);
        }
        for plies in (0..=LONGEST_STORED_LOSS).step_by(2) {
            let loss = Verdict::Loss { plies };
            assert_eq!(Verdict::from_byte(loss.to_byte().0), loss);
        }
        assert_eq!(Verdict::from_byte(Verdict::Draw.to_byte().0), Verdict::Draw);
        for byte in 0..=255u8 {
            assert_eq!(Verdict::from_byte(byte).to_byte(), (byte, false));
        }
    }

    #[test]
    fn long_distances_are_clamped_and_flagged() {
        assert_eq!(
            Verdict::Win { plies: 301 }.to_byte(),
            (Verdict::Win { plies: 253 }.to_byte().0, true)
        );
        assert_eq!(
            Verdict::Loss { plies: 300 }.to_byte(),
            (Verdict::Loss { plies: 254 }.to_byte().0, true)
        );
    }

    #[test]
    fn preference_orders_quick_wins_first_and_slow_losses_before_quick_ones() {
        let mut verdicts = [
            Verdict::Loss { plies: 2 },
            Verdict::Win { plies: 7 },
            Verdict::Draw,
            Verdict::Loss { plies: 10 },
            Verdict::Win { plies: 1 },
        ];
        verdicts.sort_by(|a, b| b.compare(*a));
        assert_eq!(
            verdicts,
            [
                Verdict::Win { plies: 1 },
                Verdict::Win { plies: 7 },
                Verdict::Draw,
                Verdict::Loss { plies: 10 },
                Verdict::Loss { plies: 2 },
            ]
        );
    }

    #[test]
    fn descriptions_name_the_winner_and_round_moves_up() {
        assert_eq!(
            Verdict::Win { plies: 25 }.describe(Color::White),
            "won for White in 13 moves"
        );
        assert_eq!(
            Verdict::Loss { plies: 26 }.describe(Color::White),
            "won for Black in 13 moves"
        );
        assert_eq!(
            Verdict::Win { plies: 1 }.describe(Color::Black),
            "won for Black in 1 move"
        );
        assert_eq!(
            Verdict::Loss { plies: 0 }.describe(Color::Black),
            "won for White: Black has no move"
        );
        assert_eq!(Verdict::Draw.describe(Color::White), "drawn with best play");
    }
}
