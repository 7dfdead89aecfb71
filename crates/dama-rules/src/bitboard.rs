//! A set of squares as 32 bits: bit `i` is square `i + 1`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::Square;

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u32);

/// Rows 0, 2, 4, 6 from the top (squares 1-4, 9-12, 17-20, 25-28): their first square is on file a.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows 1, 3, 5, 7 from the top: their last square is on file h.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The first square of every row (files a or b).
const FIRST_IN_ROW: u32 = 0x1111_1111;
/// The last square of every row (files g or h).
const LAST_IN_ROW: u32 = 0x8888_8888;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(u32::MAX);
    /// Squares 1-4: White promotes here.
    pub const TOP_ROW: Bitboard = Bitboard(0x0000_000F);
    /// Squares 29-32: Black promotes here.
    pub const BOTTOM_ROW: Bitboard = Bitboard(0xF000_0000);

    #[must_use]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | (1 << square.index()))
    }

    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.index()))
    }

    /// The lowest-numbered square, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// Every square one step up-left (towards row 0 and file a) of a square in the set.
    #[must_use]
    pub const fn up_left(self) -> Bitboard {
        Bitboard(((self.0 & EVEN_ROWS & !FIRST_IN_ROW) >> 5) | ((self.0 & ODD_ROWS) >> 4))
    }

    /// Every square one step up-right (towards row 0 and file h).
    #[must_use]
    pub const fn up_right(self) -> Bitboard {
        Bitboard(((self.0 & EVEN_ROWS) >> 4) | ((self.0 & ODD_ROWS & !LAST_IN_ROW) >> 3))
    }

    /// Every square one step down-left (towards row 7 and file a).
    #[must_use]
    pub const fn down_left(self) -> Bitboard {
        Bitboard(((self.0 & EVEN_ROWS & !FIRST_IN_ROW) << 3) | ((self.0 & ODD_ROWS) << 4))
    }

    /// Every square one step down-right (towards row 7 and file h).
    #[must_use]
    pub const fn down_right(self) -> Bitboard {
        Bitboard(((self.0 & EVEN_ROWS) << 4) | ((self.0 & ODD_ROWS & !LAST_IN_ROW) << 5))
    }

    /// One step in a direction.
    #[must_use]
    pub const fn step(self, direction: Direction) -> Bitboard {
        match direction {
            Direction::UpLeft => self.up_left(),
            Direction::UpRight => self.up_right(),
            Direction::DownLeft => self.down_left(),
            Direction::DownRight => self.down_right(),
        }
    }
}

/// The four diagonal directions, as seen from White (up = towards squares 1-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];
}

/// The neighbour of every square in every direction (index: square, then direction).
pub(crate) const NEIGHBOURS: [[Option<Square>; 4]; 32] = {
    let mut table = [[None; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let square = Bitboard(1 << i);
        let steps = [
            square.up_left(),
            square.up_right(),
            square.down_left(),
            square.down_right(),
        ];
        let mut d = 0;
        while d < 4 {
            if steps[d].0 != 0 {
                table[i][d] = Square::from_index(steps[d].0.trailing_zeros() as u8);
            }
            d += 1;
        }
        i += 1;
    }
    table
};

/// For every square and direction, the square jumped over and the landing square, if both
/// are on the board.
pub(crate) const JUMPS: [[Option<(Square, Square)>; 4]; 32] = {
    let mut table = [[None; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            if let Some(over) = NEIGHBOURS[i][d] {
                if let Some(landing) = NEIGHBOURS[over.index()][d] {
                    table[i][d] = Some((over, landing));
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
};

// Iterating a copy of a set is the natural way to walk its squares (as in shakmaty).
#[allow(clippy::copy_iterator)]
impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let square = self.first()?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }
        impl $assign_trait for Bitboard {
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as a board seen from White: `x` in the set, `.` a dark square not in it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#010x})", self.0)?;
        for row in 0..8 {
            for column in 0..8 {
                let cell = match Square::from_column_row(column, row) {
                    Some(square) if self.contains(square) => 'x',
                    Some(_) => '.',
                    None => ' ',
                };
                write!(f, "{cell}")?;
                if column < 7 {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    fn neighbour_by_coordinates(square: Square, dc: i8, dr: i8) -> Option<Square> {
        let c = square.column() as i8 + dc;
        let r = square.row() as i8 + dr;
        if (0..8).contains(&c) && (0..8).contains(&r) {
            Square::from_column_row(c as u8, r as u8)
        } else {
            None
        }
    }

    #[test]
    fn shifts_agree_with_coordinates() {
        for square in Square::ALL {
            let b = Bitboard::from_square(square);
            let expect = |dc, dr| {
                neighbour_by_coordinates(square, dc, dr)
                    .map_or(Bitboard::EMPTY, Bitboard::from_square)
            };
            assert_eq!(b.up_left(), expect(-1, -1), "{square}");
            assert_eq!(b.up_right(), expect(1, -1), "{square}");
            assert_eq!(b.down_left(), expect(-1, 1), "{square}");
            assert_eq!(b.down_right(), expect(1, 1), "{square}");
        }
    }

    #[test]
    fn known_neighbours() {
        // 22 (d3) moves up to 18 (c4) and 19 (e4).
        assert_eq!(
            Bitboard::from_square(sq(22)).up_left().first(),
            Some(sq(18))
        );
        assert_eq!(
            Bitboard::from_square(sq(22)).up_right().first(),
            Some(sq(19))
        );
        // 5 (b7) is on the long diagonal towards 1 (a8).
        assert_eq!(Bitboard::from_square(sq(5)).up_left().first(), Some(sq(1)));
        assert_eq!(
            Bitboard::from_square(sq(5)).down_right().first(),
            Some(sq(10))
        );
        assert!(Bitboard::from_square(sq(8)).up_right().is_empty());
        assert_eq!(Bitboard::from_square(sq(13)).up_left().first(), Some(sq(9)));
    }

    #[test]
    fn iterates_in_order() {
        let set: Bitboard = [sq(3), sq(30), sq(1)].into_iter().collect();
        assert_eq!(set.map(Square::number).collect::<Vec<_>>(), [1, 3, 30]);
    }
}
