//! Material slices and the index function that numbers the positions of a slice.
//!
//! Positions are always seen from the side to move: a position with Black to move is turned
//! half a circle (square `n` becomes `33 - n`) and its colours swapped, which the rules do not
//! notice. So "own" pieces move up the board (towards squares 1-4) and promote there.
//!
//! The index of a position in the slice of its material (own men `a`, own kings `b`, their men
//! `c`, their kings `d`) is
//!
//! ```text
//! ((own_men * C(28, c) + their_men) * C(F, b) + own_kings) * C(F - b, d) + their_kings
//! ```
//!
//! where `F = 32 - a - c`, and each term is the colex rank `sum C(x_i, i + 1)` (`x_0 < x_1 <
//! ...`) of a set of squares among the squares it may use: own men among squares 5-32 (`x =
//! index - 4`), their men among squares 1-28, own kings among the `F` squares without men
//! (`x` = the square's place among them), their kings among the `F - b` squares left. Kings
//! are numbered perfectly; men are numbered as if both sides' men could share a square, so a
//! slice with men on both sides has unused entries, stored as draws and never probed: 3.7% of
//! all entries up to five pieces, 5.4% with six, at most 26% in one slice (three men a side).

use dama_rules::{Color, Position};

/// The most pieces a slice may hold. Seven pieces would need 37 GB of memory to build.
pub const MAX_PIECES: u8 = 6;

/// Binomial coefficients `C(n, k)` for `n <= 32`, `k <= 8`.
const BINOMIAL: [[u64; 9]; 33] = {
    let mut table = [[0u64; 9]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 8 {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`.
#[must_use]
pub(crate) const fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The material of a slice, seen from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub own_men: u8,
    pub own_kings: u8,
    pub their_men: u8,
    pub their_kings: u8,
}

impl Material {
    /// Every material with `pieces` pieces and at least one piece a side.
    #[must_use]
    pub fn all_with(pieces: u8) -> Vec<Material> {
        let mut all = Vec::new();
        for own in 1..pieces {
            let their = pieces - own;
            for own_men in 0..=own {
                for their_men in 0..=their {
                    all.push(Material {
                        own_men,
                        own_kings: own - own_men,
                        their_men,
                        their_kings: their - their_men,
                    });
                }
            }
        }
        all
    }

    #[must_use]
    pub const fn pieces(self) -> u8 {
        self.own_men + self.own_kings + self.their_men + self.their_kings
    }

    #[must_use]
    pub const fn men(self) -> u8 {
        self.own_men + self.their_men
    }

    /// The same pieces with the other side to move.
    #[must_use]
    pub const fn swapped(self) -> Material {
        Material {
            own_men: self.their_men,
            own_kings: self.their_kings,
            their_men: self.own_men,
            their_kings: self.own_kings,
        }
    }

    /// A dense number for lookup tables: every count is below 8.
    #[must_use]
    pub(crate) const fn code(self) -> usize {
        ((self.own_men as usize * 8 + self.own_kings as usize) * 8 + self.their_men as usize) * 8
            + self.their_kings as usize
    }

    /// The file name of the slice: `2m1k-1m0k.dtw` is two men and a king to move against a man.
    #[must_use]
    pub fn file_name(self) -> String {
        format!("{self}.dtw")
    }

    /// How many kings-only arrangements each placement of the men has.
    #[must_use]
    pub(crate) const fn kings_per_men(self) -> u64 {
        let free = 32 - self.own_men as u32 - self.their_men as u32;
        binomial(free, self.own_kings as u32)
            * binomial(free - self.own_kings as u32, self.their_kings as u32)
    }

    /// How many entries the slice has (see the module documentation).
    #[must_use]
    pub const fn entries(self) -> u64 {
        binomial(28, self.own_men as u32)
            * binomial(28, self.their_men as u32)
            * self.kings_per_men()
    }

    /// The men-placement number of a board of this material: which block of
    /// [`Material::kings_per_men`] entries holds it.
    #[must_use]
    pub(crate) fn men_block(self, own_men: u32, their_men: u32) -> u64 {
        colex_rank(own_men >> 4) * binomial(28, self.their_men as u32) + colex_rank(their_men)
    }

    /// The place of a board's kings within its men block.
    #[must_use]
    pub(crate) fn kings_offset(self, board: &Board) -> u64 {
        let men = board.own_men | board.their_men;
        let own = colex_rank(compress(board.own_kings, men));
        let their = colex_rank(compress(board.their_kings, men | board.own_kings));
        let free = 32 - men.count_ones();
        own * binomial(free - self.own_kings as u32, self.their_kings as u32) + their
    }

    /// The index of a board of this material.
    #[must_use]
    pub(crate) fn index(self, board: &Board) -> u64 {
        self.men_block(board.own_men, board.their_men) * self.kings_per_men()
            + self.kings_offset(board)
    }
}

impl std::fmt::Display for Material {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}m{}k-{}m{}k",
            self.own_men, self.own_kings, self.their_men, self.their_kings
        )
    }
}

impl std::str::FromStr for Material {
    type Err = ();

    /// Reads the form [`Material`] displays (`2m1k-1m0k`).
    fn from_str(text: &str) -> Result<Material, ()> {
        let (own, their) = text.split_once('-').ok_or(())?;
        let side = |part: &str| -> Result<(u8, u8), ()> {
            let (men, kings) = part
                .strip_suffix('k')
                .ok_or(())?
                .split_once('m')
                .ok_or(())?;
            Ok((men.parse().map_err(|_| ())?, kings.parse().map_err(|_| ())?))
        };
        let (own_men, own_kings) = side(own)?;
        let (their_men, their_kings) = side(their)?;
        let material = Material {
            own_men,
            own_kings,
            their_men,
            their_kings,
        };
        let sides_present = own_men + own_kings > 0 && their_men + their_kings > 0;
        if material.pieces() <= MAX_PIECES && sides_present {
            Ok(material)
        } else {
            Err(())
        }
    }
}

/// A position seen from the side to move, as four sets of squares (bit `i` = square `i + 1`);
/// own men move towards squares 1-4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub own_men: u32,
    pub own_kings: u32,
    pub their_men: u32,
    pub their_kings: u32,
}

impl Board {
    /// The position seen from its side to move.
    pub fn from_position(position: &Position) -> Board {
        let kings = position.kings().0;
        let us = position.pieces(position.turn()).0;
        let them = position.pieces(!position.turn()).0;
        let board = Board {
            own_men: us & !kings,
            own_kings: us & kings,
            their_men: them & !kings,
            their_kings: them & kings,
        };
        match position.turn() {
            Color::White => board,
            Color::Black => board.rotated(),
        }
    }

    /// The board turned half a circle (square `n` to `33 - n`); applied to a White-to-move
    /// board with the colours swapped, it gives the same position from Black's side.
    pub const fn rotated(self) -> Board {
        Board {
            own_men: self.own_men.reverse_bits(),
            own_kings: self.own_kings.reverse_bits(),
            their_men: self.their_men.reverse_bits(),
            their_kings: self.their_kings.reverse_bits(),
        }
    }

    pub const fn material(&self) -> Material {
        Material {
            own_men: self.own_men.count_ones() as u8,
            own_kings: self.own_kings.count_ones() as u8,
            their_men: self.their_men.count_ones() as u8,
            their_kings: self.their_kings.count_ones() as u8,
        }
    }
}

/// The colex rank of a set of small numbers (the set bits): `sum C(x_i, i + 1)`.
#[must_use]
pub(crate) fn colex_rank(mut bits: u32) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    while bits != 0 {
        rank += BINOMIAL[bits.trailing_zeros() as usize][k];
        k += 1;
        bits &= bits - 1;
    }
    rank
}

/// The set `bits` renumbered after deleting the squares of `removed` (which it avoids): each
/// square moves down by the number of removed squares below it.
#[must_use]
pub(crate) fn compress(mut bits: u32, removed: u32) -> u32 {
    let mut result = 0;
    while bits != 0 {
        let square = bits.trailing_zeros();
        let below = removed & ((1u32 << square) - 1);
        result |= 1 << (square - below.count_ones());
        bits &= bits - 1;
    }
    result
}

/// The inverse of [`compress`]: bit `j` of `mask` becomes the `j`-th square of `universe`.
#[must_use]
pub(crate) fn deposit(mut mask: u32, mut universe: u32) -> u32 {
    let mut result = 0;
    while mask != 0 {
        if mask & 1 != 0 {
            result |= universe & universe.wrapping_neg();
        }
        mask >>= 1;
        universe &= universe.wrapping_sub(1);
    }
    result
}

/// Every `k`-subset of `0..n` (`n <= 32`) as bits, in colex order (the order of
/// [`colex_rank`]).
pub(crate) fn subsets(n: u32, k: u32) -> impl Iterator<Item = u32> {
    let end = 1u64 << n;
    let mut next = if k > n { None } else { Some((1u64 << k) - 1) };
    std::iter::from_fn(move || {
        let current = next?;
        next = if current == 0 {
            None
        } else {
            // Gosper's hack: the next larger number with as many bits set.
            let low = current & current.wrapping_neg();
            let ripple = current + low;
            let following = (((ripple ^ current) >> 2) / low) | ripple;
            (following < end).then_some(following)
        };
        Some(current as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_rank_order_and_count_right() {
        for n in 0..=12 {
            for k in 0..=n.min(5) {
                let all: Vec<u32> = subsets(n, k).collect();
                assert_eq!(all.len() as u64, binomial(n, k), "n {n} k {k}");
                for (rank, set) in all.iter().enumerate() {
                    assert_eq!(set.count_ones(), k);
                    assert_eq!(colex_rank(*set), rank as u64);
                }
            }
        }
        assert_eq!(subsets(32, 2).count() as u64, binomial(32, 2));
        assert_eq!(subsets(28, 3).count() as u64, binomial(28, 3));
    }

    #[test]
    fn compress_and_deposit_invert_each_other() {
        let removed = 0b1001_0110u32;
        let universe = !removed;
        for bits in [0u32, 1, 0b1000_0001, 0b0110_1001 << 3] {
            let kept = bits & universe;
            assert_eq!(deposit(compress(kept, removed), universe), kept);
        }
    }

    #[test]
    fn every_board_of_a_material_gets_its_own_index() {
        let material = Material {
            own_men: 1,
            own_kings: 1,
            their_men: 1,
            their_kings: 0,
        };
        let mut seen = vec![false; material.entries() as usize];
        for own_man in 4..32 {
            for their_man in 0..28 {
                if own_man == their_man {
                    continue;
                }
                for king in 0..32 {
                    if king == own_man || king == their_man {
                        continue;
                    }
                    let board = Board {
                        own_men: 1 << own_man,
                        own_kings: 1 << king,
                        their_men: 1 << their_man,
                        their_kings: 0,
                    };
                    let index = material.index(&board) as usize;
                    assert!(!seen[index], "index {index} twice");
                    seen[index] = true;
                }
            }
        }
        // Only the placements with both men on one square are unused.
        assert_eq!(seen.iter().filter(|s| !**s).count(), 24 * 30);
    }

    #[test]
    fn material_names_round_trip() {
        for pieces in 2..=6 {
            for material in Material::all_with(pieces) {
                assert_eq!(material.to_string().parse(), Ok(material));
            }
        }
        assert!("0m0k-1m0k".parse::<Material>().is_err());
        assert!("1m1k".parse::<Material>().is_err());
    }
}
