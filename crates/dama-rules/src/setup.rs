//! An unvalidated arrangement of pieces, and the reasons it may not be a legal position.

use std::fmt;

use crate::{Bitboard, ByColor, Color, Piece, Role, Square};

/// Pieces and side to move, with no checks: anything can be written here. Turn it into a
/// [`crate::Position`] with [`crate::Position::from_setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Squares of each colour's pieces (men and kings).
    pub pieces: ByColor<Bitboard>,
    /// Squares holding kings, of either colour.
    pub kings: Bitboard,
    pub turn: Color,
}

impl Setup {
    /// The start: Black men on 1-12, White men on 21-32, White to move.
    pub const INITIAL: Setup = Setup {
        pieces: ByColor {
            white: Bitboard(0xFFF0_0000),
            black: Bitboard(0x0000_0FFF),
        },
        kings: Bitboard::EMPTY,
        turn: Color::White,
    };

    /// An empty board with `turn` to move.
    #[must_use]
    pub const fn empty(turn: Color) -> Setup {
        Setup {
            pieces: ByColor {
                white: Bitboard::EMPTY,
                black: Bitboard::EMPTY,
            },
            kings: Bitboard::EMPTY,
            turn,
        }
    }

    /// The piece on a square (white first if both colours claim it).
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.pieces.white.contains(square) {
            Color::White
        } else if self.pieces.black.contains(square) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(square) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Puts a piece on a square, or empties it.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.pieces.white = self.pieces.white.without(square);
        self.pieces.black = self.pieces.black.without(square);
        self.kings = self.kings.without(square);
        if let Some(piece) = piece {
            *self.pieces.get_mut(piece.color) = self.pieces.get(piece.color).with(square);
            if piece.role == Role::King {
                self.kings = self.kings.with(square);
            }
        }
    }

    /// Every reason this setup is not a legal position; empty when it is one.
    #[must_use]
    pub fn problems(&self) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        let both = self.pieces.white & self.pieces.black;
        for square in both {
            problems.push(SetupProblem::BothColors(square));
        }
        for square in self.kings & !(self.pieces.white | self.pieces.black) {
            problems.push(SetupProblem::KingWithoutPiece(square));
        }
        for color in Color::ALL {
            let count = self.pieces.get(color).count();
            if count > 12 {
                problems.push(SetupProblem::TooManyPieces(color, count));
            }
        }
        let white_men_on_top = self.pieces.white & !self.kings & Bitboard::TOP_ROW;
        for square in white_men_on_top {
            problems.push(SetupProblem::ManOnPromotionRow(Color::White, square));
        }
        let black_men_on_bottom = self.pieces.black & !self.kings & Bitboard::BOTTOM_ROW;
        for square in black_men_on_bottom {
            problems.push(SetupProblem::ManOnPromotionRow(Color::Black, square));
        }
        problems
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::INITIAL
    }
}

/// One reason a setup is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupProblem {
    /// A square claimed by both colours.
    BothColors(Square),
    /// A king mark on an empty square.
    KingWithoutPiece(Square),
    /// More than 12 pieces of one colour.
    TooManyPieces(Color, u32),
    /// A man on the row where it would already have been promoted.
    ManOnPromotionRow(Color, Square),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::BothColors(square) => {
                write!(f, "square {square} holds a piece of both colours")
            }
            SetupProblem::KingWithoutPiece(square) => {
                write!(f, "square {square} is marked as a king but is empty")
            }
            SetupProblem::TooManyPieces(color, count) => {
                write!(f, "{} has {count} pieces (at most 12)", color.name())
            }
            SetupProblem::ManOnPromotionRow(color, square) => {
                write!(
                    f,
                    "a {} man on {square} would already be a king",
                    color.name()
                )
            }
        }
    }
}

/// A setup that is not a legal position, with every reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}
