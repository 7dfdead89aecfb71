//! Puzzle ratings: Glicko-2 with each puzzle as one rating period against an opponent whose
//! rating is the puzzle's difficulty. Pure, like [`crate::rating`]; the store applies it inside
//! the transaction that finishes the attempt.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating};

use dama_core::store::Rating;

/// The deviation given to every puzzle: a difficulty is an estimate, not a settled rating.
pub(crate) const PUZZLE_DEVIATION: f64 = 80.0;

/// The puzzle rating after one puzzle of `difficulty`, solved or failed. A
/// [`dama_core::store::RatePuzzle`].
#[must_use]
pub(crate) fn puzzle_glicko2(before: Rating, difficulty: u32, solved: bool) -> Rating {
    let person = Glicko2Rating {
        rating: before.rating,
        deviation: before.deviation,
        volatility: before.volatility,
    };
    let puzzle = Glicko2Rating {
        rating: f64::from(difficulty),
        deviation: PUZZLE_DEVIATION,
        volatility: 0.06,
    };
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (after, _) =
        skillratings::glicko2::glicko2(&person, &puzzle, &outcome, &Glicko2Config::new());
    Rating {
        rating: after.rating,
        deviation: after.deviation,
        volatility: after.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::store::INITIAL_RATING;

    #[test]
    fn solving_raises_and_failing_lowers_more_against_an_easy_puzzle() {
        let solved_easy = puzzle_glicko2(INITIAL_RATING, 1000, true);
        let solved_hard = puzzle_glicko2(INITIAL_RATING, 2000, true);
        let failed_easy = puzzle_glicko2(INITIAL_RATING, 1000, false);
        let failed_hard = puzzle_glicko2(INITIAL_RATING, 2000, false);
        assert!(solved_easy.rating > INITIAL_RATING.rating);
        assert!(solved_hard.rating > solved_easy.rating);
        assert!(failed_hard.rating < INITIAL_RATING.rating);
        assert!(failed_easy.rating < failed_hard.rating);
        assert!(solved_easy.deviation < INITIAL_RATING.deviation);
    }
}
