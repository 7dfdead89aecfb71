//! When the engine accepts a draw offer: it searches the position with
//! [`draw_offer_limits`] and accepts only when [`accepts_draw`] says it stands worse.
//!
//! ```
//! use dama_engine::{Engine, accepts_draw, draw_offer_limits};
//! use dama_rules::{Color, Game};
//!
//! let game = Game::default();
//! let result = Engine::new(1).search(&game, &draw_offer_limits());
//! // Nobody stands worse in the start position: the engine plays on.
//! assert!(!accepts_draw(result.score, game.position().turn(), Color::Black));
//! ```

use dama_rules::Color;

use crate::Limits;

/// How far below equality (in centi-men, from the engine's side) the engine's score must be
/// for it to accept a draw: three tenths of a man.
pub const ACCEPT_DRAW_BELOW: i32 = -30;

/// The search that judges a draw offer: 10 plies, at most 2 million nodes (reproducible, and
/// well under a second).
#[must_use]
pub fn draw_offer_limits() -> Limits {
    Limits {
        depth: Some(10),
        nodes: Some(2_000_000),
        ..Limits::default()
    }
}

/// Whether the engine playing `engine` accepts a draw, given the score of its search (from
/// the side to move, `to_move`, as [`crate::SearchResult::score`] gives it): only when it stands
/// at least [`ACCEPT_DRAW_BELOW`] worse.
#[must_use]
pub fn accepts_draw(score: i32, to_move: Color, engine: Color) -> bool {
    let own = if to_move == engine {
        score
    } else {
        score.saturating_neg()
    };
    own <= ACCEPT_DRAW_BELOW
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WIN;

    #[test]
    fn accepts_only_when_standing_worse() {
        let engine = Color::Black;
        assert!(accepts_draw(-30, engine, engine));
        assert!(accepts_draw(-500, engine, engine));
        assert!(!accepts_draw(-29, engine, engine));
        assert!(!accepts_draw(0, engine, engine));
        assert!(!accepts_draw(250, engine, engine));
        assert!(accepts_draw(-WIN, engine, engine), "a lost position");
        assert!(!accepts_draw(WIN, engine, engine), "a won position");
    }

    #[test]
    fn the_score_is_turned_to_the_engines_side() {
        let (engine, opponent) = (Color::White, Color::Black);
        // The opponent to move and doing well: the engine stands worse.
        assert!(accepts_draw(30, opponent, engine));
        assert!(!accepts_draw(29, opponent, engine));
        assert!(!accepts_draw(-200, opponent, engine));
        assert!(!accepts_draw(i32::MIN, opponent, engine), "no overflow");
    }

    #[test]
    fn the_judging_search_is_bounded() {
        let limits = draw_offer_limits();
        assert_eq!(limits.depth, Some(10));
        assert_eq!(limits.nodes, Some(2_000_000));
        assert!(limits.time.is_none() && limits.stop.is_none());
    }
}
