//! Colours, roles and pieces.

use std::fmt;
use std::ops::Not;

/// A side. White moves first and starts on squares 21-32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `W` or `B`, as in FEN.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'W' | 'w' => Some(Color::White),
            'B' | 'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// English name, lower case: `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Chooses between two values by colour.
    #[must_use]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A man or a king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Man,
    King,
}

/// A piece: colour and role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The character used in the Hub protocol and in text boards: `w`, `b` for men, `W`, `B`
    /// for kings.
    #[must_use]
    pub const fn char(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'w',
            (Color::Black, Role::Man) => 'b',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::King) => 'B',
        }
    }
}

/// One value per colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    pub const fn new(white: T, black: T) -> Self {
        Self { white, black }
    }

    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}
