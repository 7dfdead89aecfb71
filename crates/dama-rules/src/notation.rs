//! Reading and writing moves, in two stages: [`MoveText`] is the syntax alone (no position
//! needed); [`MoveText::to_move`] finds the legal move it names, or says why there is none.
//!
//! Accepted: `22-18`, `22x13x6` (long), `22x6` (short), `22 13 6`, `22,13,6`, and algebraic
//! `c3-d4` / `c3xe5xg7`; spaces around and letter case do not matter.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::{Color, Move, Position, Square};

/// How the squares of a typed move were separated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Separator {
    /// `-`: a simple move (a capture is still found if it is the only reading).
    Simple,
    /// `x` or `:`: a capture.
    Capture,
    /// Spaces or commas: either.
    Unspecified,
}

/// A move as written, before it is matched against a position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveText {
    squares: ArrayVec<Square, 13>,
    separator: Separator,
}

/// Why a written move does not name a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// Not a move at all; the message says what is wrong.
    Syntax(String),
    /// No piece stands on the first square.
    NoPiece(Square),
    /// The piece on the first square belongs to the other side.
    NotYourPiece { square: Square, turn: Color },
    /// A simple move was written, but a capture is compulsory; the legal captures follow.
    CaptureCompulsory {
        attempted: String,
        captures: Vec<String>,
    },
    /// Well formed but not legal here.
    Illegal { attempted: String },
    /// More than one legal move fits; the candidates in long notation.
    Ambiguous {
        attempted: String,
        candidates: Vec<String>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax(message) => f.write_str(message),
            NotationError::NoPiece(square) => write!(f, "there is no piece on {square}"),
            NotationError::NotYourPiece { square, turn } => {
                write!(f, "the piece on {square} is not {}'s", turn.name())
            }
            NotationError::CaptureCompulsory {
                attempted,
                captures,
            } => write!(
                f,
                "{attempted} is not allowed: a capture is compulsory ({})",
                captures.join(", ")
            ),
            NotationError::Illegal { attempted } => {
                write!(f, "{attempted} is not a legal move here")
            }
            NotationError::Ambiguous {
                attempted,
                candidates,
            } => write!(
                f,
                "{attempted} could be {}; write every landing square",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for NotationError {}

impl MoveText {
    /// Reads the syntax of a move; no position is needed.
    pub fn parse(text: &str) -> Result<MoveText, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Syntax(
                "a move is empty; write it like 22-18 or 22x13".into(),
            ));
        }
        let lower = text.to_ascii_lowercase();
        let separator = if lower.contains(['x', ':']) {
            Separator::Capture
        } else if lower.contains('-') {
            Separator::Simple
        } else {
            Separator::Unspecified
        };
        let mut squares = ArrayVec::new();
        for token in lower.split(|c: char| matches!(c, '-' | 'x' | ':' | ',') || c.is_whitespace())
        {
            if token.is_empty() {
                continue;
            }
            let square = token.parse::<Square>().map_err(|_| {
                NotationError::Syntax(
                    if token.len() == 2
                        && Square::from_algebraic(token).is_none()
                        && token.as_bytes()[0].is_ascii_alphabetic()
                    {
                        format!("{token} is a light square; pieces stand on the dark squares")
                    } else {
                        format!("`{token}` is not a square; use 1-32 (or a dark square like c3)")
                    },
                )
            })?;
            if squares.try_push(square).is_err() {
                return Err(NotationError::Syntax(
                    "too many squares for one move".into(),
                ));
            }
        }
        if squares.len() < 2 {
            return Err(NotationError::Syntax(format!(
                "`{text}` needs a start and an end square, like 22-18"
            )));
        }
        let separator = if squares.len() > 2 && separator == Separator::Simple {
            Separator::Unspecified
        } else {
            separator
        };
        Ok(MoveText { squares, separator })
    }

    /// The squares as written.
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    #[must_use]
    pub fn separator(&self) -> Separator {
        self.separator
    }

    /// Whether a legal move fits this text: same origin and destination, and every written
    /// intermediate square among its landings, in order.
    #[must_use]
    pub fn matches(&self, m: &Move) -> bool {
        let (first, last) = (self.squares[0], self.squares[self.squares.len() - 1]);
        if m.from() != first || m.to() != last {
            return false;
        }
        if self.separator == Separator::Capture && !m.is_capture() {
            return false;
        }
        let middle = &self.squares[1..self.squares.len() - 1];
        let landings = m.landings();
        let inner = &landings[..landings.len() - 1];
        let mut rest = inner.iter();
        middle.iter().all(|square| rest.any(|l| l == square))
    }

    /// The legal moves this text fits, one per distinct result (two paths that take the same
    /// pieces to the same square count once).
    #[must_use]
    pub fn candidates(&self, position: &Position) -> Vec<Move> {
        let mut found: Vec<Move> = Vec::new();
        let legal = position.legal_moves();
        let simple_only = self.separator == Separator::Simple;
        let consider = |found: &mut Vec<Move>, m: &Move| {
            if self.matches(m) && !found.iter().any(|f| f.same_effect(m)) {
                found.push(*m);
            }
        };
        // `22-18` names a simple move; if none fits, a capture with those ends is accepted.
        for m in legal.iter().filter(|m| !simple_only || !m.is_capture()) {
            consider(&mut found, m);
        }
        if found.is_empty() && simple_only {
            for m in &legal {
                consider(&mut found, m);
            }
        }
        found
    }

    /// The legal move this text names in `position`.
    pub fn to_move(&self, position: &Position) -> Result<Move, NotationError> {
        let from = self.squares[0];
        match position.piece_at(from) {
            None => return Err(NotationError::NoPiece(from)),
            Some(piece) if piece.color != position.turn() => {
                return Err(NotationError::NotYourPiece {
                    square: from,
                    turn: position.turn(),
                });
            }
            Some(_) => {}
        }
        let mut candidates = self.candidates(position);
        match candidates.len() {
            1 => Ok(candidates.remove(0)),
            0 => {
                let attempted = self.to_string();
                let legal = position.legal_moves();
                if position.must_capture()
                    && !(self.separator == Separator::Capture
                        && legal.iter().any(|m| m.from() == from))
                {
                    let mut captures: Vec<String> = Vec::new();
                    for m in &legal {
                        let text = MoveText::from_move(position, m).to_string();
                        if !captures.contains(&text) {
                            captures.push(text);
                        }
                    }
                    Err(NotationError::CaptureCompulsory {
                        attempted,
                        captures,
                    })
                } else {
                    Err(NotationError::Illegal { attempted })
                }
            }
            _ => Err(NotationError::Ambiguous {
                attempted: self.to_string(),
                candidates: candidates.iter().map(Move::long).collect(),
            }),
        }
    }

    /// The PDN 3.0 form of a legal move: short (`22x6`, `22-18`) unless another legal move with
    /// a different result has the same ends; then every landing square.
    #[must_use]
    pub fn from_move(position: &Position, m: &Move) -> MoveText {
        let short_is_ambiguous = m.is_capture()
            && position.legal_moves().iter().any(|other| {
                other.from() == m.from() && other.to() == m.to() && !other.same_effect(m)
            });
        Self::from_move_with(m, short_is_ambiguous)
    }

    /// Every landing square (long notation).
    #[must_use]
    pub fn long(m: &Move) -> MoveText {
        Self::from_move_with(m, true)
    }

    fn from_move_with(m: &Move, long: bool) -> MoveText {
        let mut squares = ArrayVec::new();
        squares.push(m.from());
        if long {
            squares.extend(m.landings().iter().copied());
        } else {
            squares.push(m.to());
        }
        let separator = if m.is_capture() {
            Separator::Capture
        } else {
            Separator::Simple
        };
        MoveText { squares, separator }
    }
}

impl FromStr for MoveText {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<MoveText, NotationError> {
        MoveText::parse(text)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = match self.separator {
            Separator::Capture => 'x',
            Separator::Simple => '-',
            Separator::Unspecified => ' ',
        };
        for (i, square) in self.squares.iter().enumerate() {
            if i > 0 {
                write!(f, "{separator}")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

impl Position {
    /// Reads a typed move (any accepted form) and finds it here.
    pub fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        MoveText::parse(text)?.to_move(self)
    }

    /// The PDN 3.0 text of a legal move (short unless ambiguous).
    #[must_use]
    pub fn move_text(&self, m: &Move) -> String {
        MoveText::from_move(self, m).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn reads_every_form() {
        let start = Position::initial();
        for text in [
            "22-18", " 22-18 ", "22 18", "22,18", "d3-c4", "D3-C4", "22 - 18",
        ] {
            let m = start.parse_move(text).unwrap();
            assert_eq!(m.long(), "22-18", "{text}");
        }
    }

    #[test]
    fn short_and_long_captures() {
        let p = pos("W:WK27:B5,6,13,15,21,23");
        let long = p.parse_move("27x20x11x2x9x18x25").unwrap();
        assert_eq!(long.capture_count(), 6);
        assert_eq!(p.parse_move("27x25").unwrap(), long);
        assert_eq!(p.parse_move("27 20 11 2 9 18 25").unwrap(), long);
        assert_eq!(p.move_text(&long), "27x25");
    }

    #[test]
    fn errors_explain() {
        let start = Position::initial();
        assert_eq!(
            start.parse_move("17-13"),
            Err(NotationError::NoPiece(Square::new(17).unwrap()))
        );
        assert!(matches!(
            start.parse_move("9-13"),
            Err(NotationError::NotYourPiece { .. })
        ));
        assert!(matches!(
            start.parse_move("22-17"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            start.parse_move("hello"),
            Err(NotationError::Syntax(_))
        ));
        assert!(matches!(
            start.parse_move("22"),
            Err(NotationError::Syntax(_))
        ));
        let light = start.parse_move("c3-d4").unwrap_err().to_string();
        assert!(light.contains("light square"), "{light}");
        let p = pos("W:W30,22:B27");
        let error = p.parse_move("22-18").unwrap_err();
        assert!(
            matches!(error, NotationError::CaptureCompulsory { .. }),
            "{error}"
        );
        assert!(error.to_string().contains("30x23"), "{error}");
    }

    #[test]
    fn ambiguous_short_capture_lists_candidates() {
        // A king on 31 takes two different pairs of men and lands on 15 either way.
        let p = pos("W:WK31:B18,20,K27,K28");
        let e = p.parse_move("31x13").unwrap();
        assert_eq!(e.long(), "31x22x13");
        // A black man on 3 reaches 26 over 6, 14, 22 or over 7, 15, 22.
        let p = pos("B:W6,7,14,15,22:B3");
        match p.parse_move("3x26") {
            Err(NotationError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates, ["3x10x19x26", "3x12x19x26"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(p.parse_move("3x12x26").unwrap().long(), "3x12x19x26");
        assert_eq!(
            p.move_text(&p.parse_move("3x10x19x26").unwrap()),
            "3x10x19x26"
        );
    }

    #[test]
    fn dash_accepts_the_only_capture_between_its_ends() {
        let p = pos("W:W30:B27");
        assert_eq!(p.parse_move("30-23").unwrap().long(), "30x23");
    }
}
