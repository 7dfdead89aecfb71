//! Italian draughts engine over [`dama_rules`]: evaluation, search and playing levels.
//!
//! ```
//! use dama_engine::{Engine, Level, Limits, choose_move};
//! use dama_rules::Game;
//! use std::time::Duration;
//!
//! let game = Game::default();
//! let mut engine = Engine::new(16);
//! let result = engine.search(&game, &Limits::depth(6));
//! assert!(result.best.is_some());
//! assert_eq!(result.depth, 6);
//!
//! let level = Level::new(3).unwrap();
//! let m = choose_move(&mut engine, &game, level, Duration::from_millis(100), 42);
//! assert!(m.is_some());
//! ```

mod draw_offer;
pub mod eval;
pub mod features;
mod game_clock;
mod level;
pub mod patterns;
mod search;
pub mod tables;
pub mod tt;
pub mod weights;

pub use draw_offer::{ACCEPT_DRAW_BELOW, accepts_draw, draw_offer_limits};
pub use game_clock::{
    GameClock, HORIZON, LIMIT_FACTOR, LIMIT_SHARE, MIN_THINK, MOVE_OVERHEAD, TOOL_OVERHEAD,
    ThinkTime, opponent_weight, phase_weight,
};
pub use level::{Level, Rng, Style, choose_move, choose_move_on_clock, score_moves};
pub use search::{
    CLOCK_DROP_SHARE, CLOCK_INTERVAL, CLOCK_SHARE, CLOCK_STABLE_SHARE, CLOCK_UNSETTLED_SHARE,
    CONTEMPT, CONTEMPT_DEPTH, CONTEMPT_MARGIN, Engine, FUTILITY_DEPTH, FUTILITY_MARGIN, Limits,
    MAX_DEPTH, MAX_PLY, Options, RAZOR_DEPTH, RAZOR_MARGIN, SCORE_DROP, SINGULAR_MARGIN,
    SOFT_SHARE, STABLE_ITERATIONS, STABLE_SHARE, STEADY_SCORE, SearchResult, TABLE_RANGE,
    TABLE_WIN, UNSETTLED_SHARE, WIN, clock_share, is_decisive, is_loss, is_win, plies_to_end,
    soft_share,
};
pub use tables::{Tablebase, Verdict};
