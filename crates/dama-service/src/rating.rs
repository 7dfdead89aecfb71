//! Ratings: which finished games count for whom, and how a rated game changes both ratings
//! (Glicko-2, one game as one rating period). Pure: no store, no SQL; the store applies what
//! these functions decide inside the transaction that finishes the game.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating};

use dama_core::store::{ByColor, Color, Counting, Game, GameResult, Participant, Rating};

/// What a finished `game` counts for:
/// - two different people: a win, loss or draw for both, and a rating update if the game is
///   rated;
/// - a person against the engine: the person's record against that level, never a rating
///   (whatever the game's `rated` flag says);
/// - anything else (a person against themself, the engine against itself): nobody.
#[must_use]
pub fn counting(game: &Game) -> Counting {
    match (game.white, game.black) {
        (Participant::User(white), Participant::User(black)) if white != black => {
            Counting::BetweenPeople {
                white,
                black,
                rated: game.rated,
            }
        }
        (Participant::User(user), Participant::Engine(level)) => Counting::AgainstEngine {
            user,
            colour: Color::White,
            level,
        },
        (Participant::Engine(level), Participant::User(user)) => Counting::AgainstEngine {
            user,
            colour: Color::Black,
            level,
        },
        _ => Counting::Nobody,
    }
}

/// Both ratings after one game between them, by Glicko-2 with its usual constants (system
/// constant τ = 0.5), the game being one rating period. A [`dama_core::store::RateGame`].
#[must_use]
pub fn glicko2(before: ByColor<Rating>, result: GameResult) -> ByColor<Rating> {
    let outcome = match result {
        GameResult::WhiteWins => Outcomes::WIN,
        GameResult::BlackWins => Outcomes::LOSS,
        GameResult::Draw => Outcomes::DRAW,
    };
    let (white, black) = skillratings::glicko2::glicko2(
        &to_glicko(before.white),
        &to_glicko(before.black),
        &outcome,
        &Glicko2Config::new(),
    );
    ByColor::new(from_glicko(white), from_glicko(black))
}

fn to_glicko(rating: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

fn from_glicko(rating: Glicko2Rating) -> Rating {
    Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::store::INITIAL_RATING;

    fn game(white: Participant, black: Participant, rated: bool) -> Game {
        Game {
            rated,
            ..Game::sample(white, black)
        }
    }

    #[test]
    fn two_people_count_for_both_and_rate_if_rated() {
        for rated in [true, false] {
            assert_eq!(
                counting(&game(Participant::User(10), Participant::User(11), rated)),
                Counting::BetweenPeople {
                    white: 10,
                    black: 11,
                    rated
                }
            );
        }
    }

    #[test]
    fn a_person_against_the_engine_counts_for_that_level_only() {
        for rated in [true, false] {
            assert_eq!(
                counting(&game(Participant::User(10), Participant::Engine(3), rated)),
                Counting::AgainstEngine {
                    user: 10,
                    colour: Color::White,
                    level: 3
                }
            );
            assert_eq!(
                counting(&game(Participant::Engine(8), Participant::User(11), rated)),
                Counting::AgainstEngine {
                    user: 11,
                    colour: Color::Black,
                    level: 8
                }
            );
        }
    }

    #[test]
    fn oneself_and_the_engine_alone_count_for_nobody() {
        assert_eq!(
            counting(&game(Participant::User(10), Participant::User(10), true)),
            Counting::Nobody
        );
        assert_eq!(
            counting(&game(Participant::Engine(2), Participant::Engine(5), true)),
            Counting::Nobody
        );
    }

    fn assert_close(actual: Rating, expected: (f64, f64, f64)) {
        let (rating, deviation, volatility) = expected;
        assert!(
            (actual.rating - rating).abs() < 1e-6,
            "{actual:?}, {expected:?}"
        );
        assert!(
            (actual.deviation - deviation).abs() < 1e-6,
            "{actual:?}, {expected:?}"
        );
        assert!(
            (actual.volatility - volatility).abs() < 1e-6,
            "{actual:?}, {expected:?}"
        );
    }

    /// Values computed step by step from Glickman's "Example of the Glicko-2 system"
    /// (τ = 0.5, convergence 1e-6), independently of skillratings.
    #[test]
    fn known_glicko2_values() {
        let new = ByColor::new(INITIAL_RATING, INITIAL_RATING);
        let after = glicko2(new, GameResult::WhiteWins);
        assert_close(
            after.white,
            (1_662.310_893_906, 290.318_963_718, 0.059_999_675),
        );
        assert_close(
            after.black,
            (1_337.689_106_094, 290.318_963_718, 0.059_999_675),
        );
        let after = glicko2(new, GameResult::Draw);
        assert_close(after.white, (1500.0, 290.318_961_614, 0.059_998_961));
        assert_close(after.black, (1500.0, 290.318_961_614, 0.059_998_961));

        // The favourite loses: a small, sure rating against a large, unsure one.
        let strong = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let weak = Rating {
            rating: 1400.0,
            deviation: 150.0,
            volatility: 0.06,
        };
        let after = glicko2(ByColor::new(strong, weak), GameResult::BlackWins);
        assert_close(
            after.white,
            (1_672.736_938_760, 79.676_921_304, 0.060_005_608),
        );
        assert_close(
            after.black,
            (1_497.132_992_571, 143.783_821_574, 0.060_005_979),
        );
        let after = glicko2(ByColor::new(weak, strong), GameResult::Draw);
        assert_close(
            after.white,
            (1_439.458_916_485, 143.783_755_440, 0.059_999_699),
        );
        assert_close(
            after.black,
            (1_689.235_082_992, 79.676_790_823, 0.059_999_573),
        );
    }
}
