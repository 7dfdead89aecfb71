//! Moves: a simple step or a whole capture sequence.

use std::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, Role, Square};

/// The most pieces one capture can take (all twelve of the other side).
pub const MAX_CAPTURES: usize = 12;

/// A legal move as the generator builds it: the origin, every landing square, the captured
/// squares in jump order (and which of them held kings), and whether it promotes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) role: Role,
    pub(crate) promotes: bool,
    pub(crate) len: u8,
    /// Landing squares; a simple move has one.
    pub(crate) landings: [Square; MAX_CAPTURES],
    /// Captured squares in jump order; `len` of them for a capture, none for a simple move.
    pub(crate) jumped: [Square; MAX_CAPTURES],
    pub(crate) captured: Bitboard,
    pub(crate) captured_kings: Bitboard,
}

const NO_SQUARE: Square = Square::ALL[0];

impl Move {
    /// A simple (non-capturing) step.
    #[must_use]
    pub(crate) const fn simple(from: Square, to: Square, role: Role, promotes: bool) -> Move {
        let mut landings = [NO_SQUARE; MAX_CAPTURES];
        landings[0] = to;
        Move {
            from,
            role,
            promotes,
            len: 0,
            landings,
            jumped: [NO_SQUARE; MAX_CAPTURES],
            captured: Bitboard::EMPTY,
            captured_kings: Bitboard::EMPTY,
        }
    }

    /// Where the piece starts.
    #[must_use]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// Where the piece ends.
    #[must_use]
    pub const fn to(&self) -> Square {
        self.landings[if self.len == 0 {
            0
        } else {
            self.len as usize - 1
        }]
    }

    /// The role of the moving piece before the move.
    #[must_use]
    pub const fn role(&self) -> Role {
        self.role
    }

    /// Whether a man becomes a king with this move.
    #[must_use]
    pub const fn promotes(&self) -> bool {
        self.promotes
    }

    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.len > 0
    }

    /// How many pieces the move takes.
    #[must_use]
    pub const fn capture_count(&self) -> usize {
        self.len as usize
    }

    /// Every square the piece lands on, in order; the last one is [`Move::to`].
    #[must_use]
    pub fn landings(&self) -> &[Square] {
        &self.landings[..(self.len as usize).max(1)]
    }

    /// The captured squares in jump order.
    #[must_use]
    pub fn captures(&self) -> &[Square] {
        &self.jumped[..self.len as usize]
    }

    /// The captured squares as a set.
    #[must_use]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// The captured squares that held kings.
    #[must_use]
    pub const fn captured_kings(&self) -> Bitboard {
        self.captured_kings
    }

    /// Whether a man moves or anything is captured (what resets the 40-move count).
    #[must_use]
    pub const fn is_irreversible(&self) -> bool {
        self.len > 0 || matches!(self.role, Role::Man)
    }

    /// Two moves with the same origin, destination and captured pieces lead to the same
    /// position: they are one move played two ways.
    #[must_use]
    pub fn same_effect(&self, other: &Move) -> bool {
        self.from == other.from && self.to() == other.to() && self.captured == other.captured
    }

    /// Long notation: `22-18`, or `22x13x6` with every landing square.
    #[must_use]
    pub fn long(&self) -> String {
        self.to_string()
    }

    /// Hub protocol notation: `22-18`, or `from x to x captured...` (`21x5x10x18`).
    #[must_use]
    pub fn hub(&self) -> String {
        if self.is_capture() {
            let mut text = format!("{}x{}", self.from, self.to());
            for square in self.captures() {
                text.push('x');
                text.push_str(&square.to_string());
            }
            text
        } else {
            format!("{}-{}", self.from, self.to())
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        let separator = if self.is_capture() { 'x' } else { '-' };
        for landing in self.landings() {
            write!(f, "{separator}{landing}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if self.captured_kings.any() {
            write!(
                f,
                ", kings taken: {:?}",
                self.captured_kings.map(Square::number).collect::<Vec<_>>()
            )?;
        }
        if self.promotes {
            write!(f, ", promotes")?;
        }
        write!(f, ")")
    }
}

/// The most moves a position can have. Simple moves are at most 48 (twelve kings, four steps
/// each); capture paths in real and composed positions stay far below this.
pub const MAX_MOVES: usize = 256;

/// A list of moves without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
