//! A game: a start position, the moves since, and the outcome by the rules.

use std::fmt;

use crate::{Color, Move, NotationError, Position};

/// How a game drawn by the rules was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position with the same side to move occurred the set number of times.
    Repetition,
    /// 40 moves by each side (80 plies) without a capture or a man move.
    FortyMoveRule,
}

/// How a game ended by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but no legal move.
    NoMoves,
    /// A draw.
    Draw(DrawReason),
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub end: GameEnd,
}

impl Outcome {
    /// The PDN result: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn pdn_result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.end) {
            (Some(winner), GameEnd::NoPieces) => {
                write!(f, "{winner} wins: {} has no pieces left", !winner)
            }
            (Some(winner), GameEnd::NoMoves) => write!(f, "{winner} wins: {} cannot move", !winner),
            (_, GameEnd::Draw(DrawReason::Repetition)) => f.write_str("draw by repetition"),
            (_, GameEnd::Draw(DrawReason::FortyMoveRule)) => f.write_str(
                "draw by the 40-move rule (no capture and no man move in 40 moves each)",
            ),
            (None, end) => write!(f, "draw ({end:?})"),
        }
    }
}

/// A move that could not be added to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The game is already over.
    Finished(Outcome),
    /// The move is not legal (or not readable) here.
    Notation(NotationError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Finished(outcome) => write!(f, "the game is over: {outcome}"),
            GameError::Notation(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

/// Plies without a capture or a man move that draw the game (40 moves by each side).
pub const FORTY_MOVE_PLIES: u32 = 80;

/// The default number of occurrences of a position that draws by repetition.
pub const DEFAULT_REPETITIONS: u32 = 3;

/// A game in progress or finished: positions, moves and the outcome by the rules.
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hashes of the start and of the position after each ply.
    hashes: Vec<u64>,
    quiet_plies: u32,
    repetitions: u32,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::initial())
    }
}

impl Game {
    /// A game from `start`, drawn by the third occurrence of a position.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game::with_repetitions(start, DEFAULT_REPETITIONS)
    }

    /// A game drawn when a position occurs `repetitions` times (at least 2).
    #[must_use]
    pub fn with_repetitions(start: Position, repetitions: u32) -> Game {
        let mut game = Game {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![start.hash()],
            quiet_plies: 0,
            repetitions: repetitions.max(2),
            outcome: None,
        };
        game.outcome = game.rule_outcome();
        game
    }

    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plies played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The outcome by the rules, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The Zobrist hashes of the start position and of the position after each ply, oldest
    /// first (what a search needs to see repetitions coming).
    #[must_use]
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// The repetition count that draws this game.
    #[must_use]
    pub fn repetition_limit(&self) -> u32 {
        self.repetitions
    }

    /// Plies since the last capture or man move.
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// How often the current position has occurred (with the same side to move).
    #[must_use]
    pub fn repetitions_of_current(&self) -> u32 {
        let current = self.position.hash();
        let window = self.quiet_plies as usize + 1;
        self.hashes
            .iter()
            .rev()
            .take(window)
            .filter(|&&h| h == current)
            .count() as u32
    }

    /// Plays a legal move and returns the outcome if the game ended with it.
    pub fn play(&mut self, m: &Move) -> Result<Option<Outcome>, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Finished(outcome));
        }
        let next = self.position.play(m).map_err(|e| {
            GameError::Notation(NotationError::Illegal {
                attempted: e.attempted.long(),
            })
        })?;
        self.push(next, *m);
        Ok(self.outcome)
    }

    /// Reads a typed move (see [`crate::MoveText`]) and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Finished(outcome));
        }
        let m = self
            .position
            .parse_move(text)
            .map_err(GameError::Notation)?;
        let mut next = self.position;
        next.play_unchecked(&m);
        self.push(next, m);
        Ok(m)
    }

    fn push(&mut self, next: Position, m: Move) {
        self.quiet_plies = if m.is_irreversible() {
            0
        } else {
            self.quiet_plies + 1
        };
        self.position = next;
        self.moves.push(m);
        self.hashes.push(next.hash());
        self.outcome = self.rule_outcome();
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let turn = self.position.turn();
        if self.position.pieces(turn).is_empty() {
            return Some(Outcome {
                winner: Some(!turn),
                end: GameEnd::NoPieces,
            });
        }
        if !self.position.has_legal_moves() {
            return Some(Outcome {
                winner: Some(!turn),
                end: GameEnd::NoMoves,
            });
        }
        if self.repetitions_of_current() >= self.repetitions {
            return Some(Outcome {
                winner: None,
                end: GameEnd::Draw(DrawReason::Repetition),
            });
        }
        if self.quiet_plies >= FORTY_MOVE_PLIES {
            return Some(Outcome {
                winner: None,
                end: GameEnd::Draw(DrawReason::FortyMoveRule),
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_draws_on_the_third_occurrence() {
        let start = Position::from_fen("W:WK29:BK4").unwrap();
        let mut game = Game::new(start);
        for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29"] {
            assert_eq!(game.outcome(), None);
            game.play_text(text).unwrap();
        }
        assert_eq!(
            game.outcome(),
            None,
            "the start position has occurred twice"
        );
        game.play_text("8-4").unwrap();
        assert_eq!(
            game.outcome().unwrap().end,
            GameEnd::Draw(DrawReason::Repetition)
        );
        assert!(game.play_text("29-25").is_err());
    }

    #[test]
    fn repetition_count_is_a_setting() {
        let start = Position::from_fen("W:WK29:BK4").unwrap();
        let mut game = Game::with_repetitions(start, 4);
        for text in [
            "29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29", "8-4",
        ] {
            game.play_text(text).unwrap();
        }
        assert_eq!(game.outcome(), None);
        assert_eq!(game.repetitions_of_current(), 3);
    }

    #[test]
    fn forty_move_rule_after_80_quiet_plies() {
        // Repetition is set out of reach, so only the 40-move rule can end this shuffle.
        let start = Position::from_fen("W:WK29,30:BK4").unwrap();
        let mut game = Game::with_repetitions(start, 1000);
        let white = ["29-25", "25-29"];
        let black = ["4-8", "8-4"];
        for i in 0..40 {
            assert_eq!(game.outcome(), None, "ply {}", 2 * i);
            game.play_text(white[i % white.len()]).unwrap();
            if i < 39 {
                assert_eq!(game.outcome(), None);
            }
            game.play_text(black[i % black.len()]).unwrap();
        }
        assert_eq!(game.quiet_plies(), 80);
        assert_eq!(
            game.outcome().unwrap().end,
            GameEnd::Draw(DrawReason::FortyMoveRule)
        );
    }

    #[test]
    fn no_moves_loses() {
        let game = Game::new(Position::from_fen("W:W32:BK28").unwrap());
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: Some(Color::Black),
                end: GameEnd::NoMoves
            })
        );
        let mut game = Game::new(Position::from_fen("W:W30:B27").unwrap());
        game.play_text("30x23").unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: Some(Color::White),
                end: GameEnd::NoPieces
            })
        );
    }
}
