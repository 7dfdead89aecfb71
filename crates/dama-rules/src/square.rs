//! Squares in FID numbering: 1..=32 on the dark squares, as seen from White, left to right and
//! row by row from the top (1 = a8, 4 = g8, 5 = b7, 29 = b1, 32 = h1).

use std::fmt;
use std::str::FromStr;

/// One of the 32 playable (dark) squares.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square, 1 to 32.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with FID number `number` (1..=32).
    #[must_use]
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square(number - 1))
        } else {
            None
        }
    }

    /// The square with index `index` (0..32), that is number `index + 1`.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Index 0..32 (FID number minus one), also the bit in a [`crate::Bitboard`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// FID number 1..=32.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Row from the top as seen from White: 0 holds squares 1-4 (rank 8), 7 holds 29-32 (rank 1).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// Column from White's left: 0 is file a, 7 is file h.
    #[must_use]
    pub const fn column(self) -> u8 {
        2 * (self.0 % 4) + (self.row() % 2)
    }

    /// The square at a column (0 = a) and row from the top (0 = rank 8), if it is dark.
    #[must_use]
    pub const fn from_column_row(column: u8, row: u8) -> Option<Square> {
        if column >= 8 || row >= 8 || column % 2 != row % 2 {
            return None;
        }
        Some(Square(row * 4 + column / 2))
    }

    /// Algebraic name as seen from White, `a8` for square 1, `h1` for square 32.
    #[must_use]
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.column()) as char, 8 - self.row())
    }

    /// Reads an algebraic name (`c3`, case-insensitive); `None` for a light or invalid square.
    #[must_use]
    pub fn from_algebraic(name: &str) -> Option<Square> {
        let bytes = name.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].to_ascii_lowercase();
        let rank = bytes[1];
        if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&rank) {
            return None;
        }
        Square::from_column_row(file - b'a', 8 - (rank - b'0'))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.number())
    }
}

/// A square that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a square (1-32, or a dark square a1-h8)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads a FID number (`22`) or an algebraic name (`c3`).
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let text = text.trim();
        let parsed = if text.bytes().all(|b| b.is_ascii_digit()) {
            text.parse::<u8>().ok().and_then(Square::new)
        } else {
            Square::from_algebraic(text)
        };
        parsed.ok_or_else(|| ParseSquareError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fid_numbering_matches_the_rules() {
        let named = [
            (1, "a8"),
            (4, "g8"),
            (5, "b7"),
            (29, "b1"),
            (32, "h1"),
            (25, "a2"),
            (28, "g2"),
        ];
        for (number, name) in named {
            let square = Square::new(number).unwrap();
            assert_eq!(square.algebraic(), name);
            assert_eq!(Square::from_algebraic(name), Some(square));
        }
        // The long diagonal 1-5-10-14-19-23-28-32 runs a8 to h1.
        let diagonal: Vec<String> = [1, 5, 10, 14, 19, 23, 28, 32]
            .iter()
            .map(|&n| Square::new(n).unwrap().algebraic())
            .collect();
        assert_eq!(diagonal, ["a8", "b7", "c6", "d5", "e4", "f3", "g2", "h1"]);
    }

    #[test]
    fn light_squares_are_rejected() {
        assert_eq!(Square::from_algebraic("a1"), None);
        assert_eq!(Square::from_algebraic("h8"), None);
        assert!("b8".parse::<Square>().is_err());
        assert!("33".parse::<Square>().is_err());
        assert!("0".parse::<Square>().is_err());
    }

    #[test]
    fn every_square_round_trips() {
        for square in Square::ALL {
            assert_eq!(Square::from_algebraic(&square.algebraic()), Some(square));
            assert_eq!(
                Square::from_column_row(square.column(), square.row()),
                Some(square)
            );
        }
    }
}
