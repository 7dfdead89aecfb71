//! Italian draughts (dama italiana) by the rules of the Federazione Italiana Dama.
//!
//! Squares use FID numbering (1 = a8 ... 32 = h1, White starts on 21-32 and moves first).
//! Men move and capture forward only and never capture kings; kings move one square in any
//! direction (no flying kings); captures are compulsory and follow the FID precedence.
//!
//! ```
//! use dama_rules::{MoveText, Position};
//!
//! let position = Position::initial();
//! assert_eq!(position.legal_moves().len(), 7);
//!
//! let m = "22-18".parse::<MoveText>().unwrap().to_move(&position).unwrap();
//! let after = position.play(&m).unwrap();
//! assert_eq!(after.to_fen(), "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
//! assert_eq!(dama_rules::perft(&Position::initial(), 4), 1469);
//! ```

mod bitboard;
mod color;
pub mod fen;
mod game;
mod moves;
mod notation;
pub mod pdn;
mod perft;
mod position;
mod setup;
mod square;
mod zobrist;

pub use bitboard::{Bitboard, Direction};
pub use color::{ByColor, Color, Piece, Role};
pub use fen::FenError;
pub use game::{
    DEFAULT_REPETITIONS, DrawReason, FORTY_MOVE_PLIES, Game, GameEnd, GameError, Outcome,
};
pub use moves::{MAX_CAPTURES, MAX_MOVES, Move, MoveList};
pub use notation::{MoveText, NotationError};
pub use perft::{divide, perft};
pub use position::{PlayError, Position};
pub use setup::{PositionError, Setup, SetupProblem};
pub use square::{ParseSquareError, Square};
