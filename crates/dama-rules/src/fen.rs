//! FEN as in PDN 3.0: `W:W21,22,...,32:B1,...,12` — side to move, then each colour's squares.
//!
//! The reader takes ranges (`21-32`), `K` before a king's square (or range), either colour
//! first, an optional trailing `.`, and white space anywhere. [`write()`] gives a canonical form.

use std::fmt;

use crate::{Bitboard, Color, Position, PositionError, Setup, Square};

/// A FEN that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not FEN; the message says where.
    Syntax(String),
    /// The text is FEN but not a legal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(message) => write!(f, "bad FEN: {message}"),
            FenError::Position(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

fn syntax(message: impl Into<String>) -> FenError {
    FenError::Syntax(message.into())
}

/// Reads a FEN into a setup, without checking that it is a legal position.
pub fn read_setup(text: &str) -> Result<Setup, FenError> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"')
        .collect();
    let compact = compact.strip_suffix('.').unwrap_or(&compact);
    if compact.is_empty() {
        return Err(syntax("empty"));
    }
    let mut fields = compact.split(':');
    let turn_field = fields.next().unwrap_or_default();
    let mut turn_chars = turn_field.chars();
    let (Some(turn), None) = (
        turn_chars.next().and_then(Color::from_char),
        turn_chars.next(),
    ) else {
        return Err(syntax(format!(
            "the side to move must be W or B, not `{turn_field}`"
        )));
    };
    let mut setup = Setup::empty(turn);
    let mut seen = [false; 2];
    for field in fields {
        let mut chars = field.chars();
        let Some(color) = chars.next().and_then(Color::from_char) else {
            return Err(syntax(format!(
                "a piece list must start with W or B: `{field}`"
            )));
        };
        let index = usize::from(color == Color::Black);
        if seen[index] {
            return Err(syntax(format!("{} pieces listed twice", color.name())));
        }
        seen[index] = true;
        let list = chars.as_str();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            let (is_king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let set = read_squares(squares)?;
            *setup.pieces.get_mut(color) |= set;
            if is_king {
                setup.kings |= set;
            }
        }
    }
    Ok(setup)
}

/// Reads `n` or a range `a-b` of FID square numbers.
fn read_squares(text: &str) -> Result<Bitboard, FenError> {
    let number = |t: &str| -> Result<Square, FenError> {
        t.parse::<u8>()
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| syntax(format!("`{t}` is not a square number 1-32")))
    };
    match text.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            if a > b {
                return Err(syntax(format!("range {a}-{b} runs backwards")));
            }
            Ok((a.index()..=b.index())
                .filter_map(|i| Square::from_index(i as u8))
                .collect())
        }
        None => Ok(Bitboard::from_square(number(text)?)),
    }
}

/// Reads a FEN into a legal position.
pub fn read(text: &str) -> Result<Position, FenError> {
    Position::from_setup(read_setup(text)?).map_err(FenError::Position)
}

/// The canonical FEN: side to move, White's squares ascending, then Black's, `K` for kings.
#[must_use]
pub fn write(setup: &Setup) -> String {
    let mut text = String::with_capacity(96);
    text.push(setup.turn.char());
    for color in Color::ALL {
        text.push(':');
        text.push(color.char());
        for (i, square) in (*setup.pieces.get(color)).enumerate() {
            if i > 0 {
                text.push(',');
            }
            if setup.kings.contains(square) {
                text.push('K');
            }
            text.push_str(&square.to_string());
        }
    }
    text
}

impl Position {
    /// Reads a FEN (see [`read`]).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        read(text)
    }

    /// The canonical FEN (see [`write()`]).
    #[must_use]
    pub fn to_fen(&self) -> String {
        write(&self.setup())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_start_in_many_forms() {
        let start = Position::initial();
        for text in [
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:W21-32:B1-12",
            "W:B1-12:W21-32.",
            " w : w21-32 : b1-12 ",
            "\"W:W21-32:B1-12\"",
        ] {
            assert_eq!(read(text).unwrap(), start, "{text}");
        }
        assert_eq!(
            start.to_fen(),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
    }

    #[test]
    fn reads_kings_and_writes_them_back() {
        let position = read("B:W30,21,22,17,20,K6:B25,28,9,5,1,3").unwrap();
        assert_eq!(position.to_fen(), "B:WK6,17,20,21,22,30:B1,3,5,9,25,28");
        let ranged = read("W:WK1-3:B20").unwrap();
        assert_eq!(ranged.kings().count(), 3);
    }

    #[test]
    fn reports_errors() {
        assert!(matches!(read(""), Err(FenError::Syntax(_))));
        assert!(matches!(read("X:W1:B2"), Err(FenError::Syntax(_))));
        assert!(matches!(read("W:W33:B1"), Err(FenError::Syntax(_))));
        assert!(matches!(read("W:W9-5:B1"), Err(FenError::Syntax(_))));
        assert!(matches!(read("W:W21:W22"), Err(FenError::Syntax(_))));
        let error = read("W:W1,5:B5,30").unwrap_err().to_string();
        assert!(
            error.contains("square 5 holds a piece of both colours"),
            "{error}"
        );
        assert!(error.contains("white man on 1"), "{error}");
        assert!(error.contains("black man on 30"), "{error}");
        let too_many = read("W:W1-13:B32").unwrap_err().to_string();
        assert!(too_many.contains("white has 13 pieces"), "{too_many}");
    }
}
