//! Time management on a game clock (base time plus an increment a move): how long the engine
//! thinks about a move, from its own time left, the increment, the opponent's time left and
//! the position.
//!
//! [`GameClock::think_time`] plans two times: a **target**, the time the search aims at, and a
//! hard **limit** it never passes. The search ([`crate::Engine::search`] with
//! [`GameClock::limits`]) then moves around the target as it goes: less when the best move
//! has held and the score is steady, more when the best move changes or the score drops (see
//! [`crate::clock_share`]), up to the limit while its best move fails low. A forced move
//! (one legal move) and a move from the endgame tables are played at once, whatever the clock.
//!
//! The plan:
//! - the time left and the increments to come are spread over [`HORIZON`] moves (or the moves
//!   to the next time control), less [`GameClock::overhead`] for each of them: the reserve
//!   against losing on time. A clock already inside that reserve still plans a quarter of an
//!   even share of its time left for each move;
//! - the opening gets more, the ending less ([`phase_weight`]);
//! - a player with more time than the opponent spends a little more, one with less a little
//!   less ([`opponent_weight`]);
//! - the limit is [`LIMIT_FACTOR`] times the target, and at most [`LIMIT_SHARE`] of the time
//!   left (less the overhead); the target is at most half the limit. Even a search that uses
//!   its whole limit at every move keeps time on the clock.

use std::time::Duration;

use dama_rules::Position;

use crate::search::Limits;

/// The time a move costs the bot's clock beyond the engine's search, kept back at every move:
/// the bot's own work around the search (loading the game, rendering the board, storing the
/// move: tens of milliseconds) and Discord's latency (the request that shows the move, and the
/// player's click reaching the bot: typically 100-200 ms, more on a bad day). Tools that talk
/// to the engine directly keep back less ([`TOOL_OVERHEAD`]).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(300);
/// The time a move costs beyond the search when nothing but a pipe or a thread lies between
/// the clock and the engine (the Hub protocol, `damabot match`).
pub const TOOL_OVERHEAD: Duration = Duration::from_millis(30);
/// The moves the time left is planned over when no time control says otherwise. A game
/// lasts longer, but the plan is made again at every move from the time then left.
pub const HORIZON: u32 = 32;
/// The hard limit as a multiple of the target.
pub const LIMIT_FACTOR: u32 = 4;
/// The most of the time left (less the overhead) one move may use, in thousandths.
pub const LIMIT_SHARE: u32 = 333;
/// The least time a search is given: its first iteration always completes anyway.
pub const MIN_THINK: Duration = Duration::from_millis(1);

/// A game clock as the side to move sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// The mover's time left now; the increment is added after the move.
    pub remaining: Duration,
    /// Added to the mover's clock after each of its moves.
    pub increment: Duration,
    /// The opponent's time left, when known.
    pub opponent: Option<Duration>,
    /// Moves to the next time control, when there is one (`None`: the whole game).
    pub moves_to_go: Option<u32>,
    /// The time each move costs the clock beyond the search ([`MOVE_OVERHEAD`] in the bot).
    pub overhead: Duration,
}

/// How long to think about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkTime {
    /// The time the search aims at.
    pub target: Duration,
    /// The time the search never passes.
    pub limit: Duration,
}

impl GameClock {
    /// A clock with `remaining` left and `increment` a move, the bot's [`MOVE_OVERHEAD`], no
    /// time control and the opponent's time unknown.
    #[must_use]
    pub fn new(remaining: Duration, increment: Duration) -> GameClock {
        GameClock {
            remaining,
            increment,
            opponent: None,
            moves_to_go: None,
            overhead: MOVE_OVERHEAD,
        }
    }

    /// The same clock with the opponent's time left.
    #[must_use]
    pub fn with_opponent(self, opponent: Duration) -> GameClock {
        GameClock {
            opponent: Some(opponent),
            ..self
        }
    }

    /// The same clock with another overhead a move.
    #[must_use]
    pub fn with_overhead(self, overhead: Duration) -> GameClock {
        GameClock { overhead, ..self }
    }

    /// The target and the limit for a move in `position` (see the module's documentation).
    #[must_use]
    pub fn think_time(&self, position: &Position) -> ThinkTime {
        let horizon = self.moves_to_go.unwrap_or(HORIZON).clamp(1, 1000);
        let reserve = self.overhead * (horizon + 1);
        let budget = (self.remaining + self.increment * (horizon - 1)).saturating_sub(reserve);
        let spare = self.remaining.saturating_sub(self.overhead);
        let planned = (budget / horizon).max(spare / (4 * horizon));
        let weighted = planned * phase_weight(position.occupied().count()) / 1000
            * opponent_weight(self.remaining, self.opponent)
            / 1000;
        let limit = (weighted * LIMIT_FACTOR)
            .min(spare * LIMIT_SHARE / 1000)
            .max(MIN_THINK);
        let target = weighted.min(limit / 2).max(MIN_THINK);
        ThinkTime { target, limit }
    }

    /// The search limits for a move in `position`: the target and the hard limit.
    #[must_use]
    pub fn limits(&self, position: &Position) -> Limits {
        let think = self.think_time(position);
        Limits {
            time: Some(think.limit),
            target: Some(think.target),
            ..Limits::default()
        }
    }
}

/// The weight (thousandths) of a move's planned time by the pieces on the board: 1250 with
/// 24 pieces (the opening, where the plans of the game are made), 1000 with 14, 850 from 8
/// pieces down (the ending, where the search goes deep quickly and the tables take over).
#[must_use]
pub fn phase_weight(pieces: u32) -> u32 {
    (650 + 25 * pieces).clamp(850, 1250)
}

/// The weight (thousandths) of a move's planned time by the clocks: the ratio of the mover's
/// time to the opponent's, a fifth of the way from 1 (900 with half the opponent's time,
/// 1200 with twice as much); 1000 when the opponent's time is unknown.
#[must_use]
pub fn opponent_weight(own: Duration, opponent: Option<Duration>) -> u32 {
    let Some(opponent) = opponent else {
        return 1000;
    };
    let own = own.as_millis().max(1);
    let opponent = opponent.as_millis().max(1);
    let ratio = (own * 1000 / opponent).clamp(500, 2000) as u32;
    800 + ratio / 5
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn with_pieces(pieces: usize) -> Position {
        let white: Vec<String> = (1..=pieces.div_ceil(2))
            .map(|i| (32 - i).to_string())
            .collect();
        let black: Vec<String> = (1..=pieces / 2).map(|i| i.to_string()).collect();
        Position::from_fen(&format!("W:W{}:B{}", white.join(","), black.join(","))).unwrap()
    }

    #[test]
    fn the_weights() {
        assert_eq!(phase_weight(24), 1250);
        assert_eq!(phase_weight(14), 1000);
        assert_eq!(phase_weight(8), 850);
        assert_eq!(phase_weight(2), 850);
        assert_eq!(opponent_weight(ms(1000), None), 1000);
        assert_eq!(opponent_weight(ms(1000), Some(ms(1000))), 1000);
        assert_eq!(opponent_weight(ms(1000), Some(ms(2000))), 900);
        assert_eq!(opponent_weight(ms(9000), Some(ms(1000))), 1200);
        assert_eq!(opponent_weight(ms(0), Some(ms(0))), 1000);
        assert_eq!(with_pieces(24).occupied().count(), 24);
        assert_eq!(with_pieces(7).occupied().count(), 7);
    }

    #[test]
    fn a_one_minute_clock_plans_seconds_not_more() {
        let start = Position::initial();
        let clock = GameClock::new(Duration::from_secs(60), Duration::ZERO);
        let think = clock.think_time(&start);
        // 60 s less 33 overheads of 0.3 s over 32 moves, by 1.25 in the opening.
        assert!(
            think.target > ms(1800) && think.target < ms(2000),
            "{think:?}"
        );
        assert_eq!(think.limit, think.target * LIMIT_FACTOR);
        // The same clock in an ending: less.
        let ending = clock.think_time(&with_pieces(6));
        assert!(ending.target < think.target * 7 / 10, "{ending:?}");
        // An increment adds nearly itself to every move.
        let with_increment =
            GameClock::new(Duration::from_secs(60), Duration::from_secs(1)).think_time(&start);
        assert!(
            with_increment.target > think.target + ms(1000),
            "{with_increment:?}"
        );
        // The opponent's time moves the plan a little.
        let ahead = clock
            .with_opponent(Duration::from_secs(20))
            .think_time(&start);
        let behind = clock
            .with_opponent(Duration::from_secs(120))
            .think_time(&start);
        assert!(behind.target < think.target && think.target < ahead.target);
        assert!(ahead.target < think.target * 13 / 10);
    }

    #[test]
    fn the_moves_to_the_time_control_share_the_time() {
        let start = Position::initial();
        let mut clock = GameClock::new(Duration::from_secs(60), Duration::ZERO);
        clock.moves_to_go = Some(10);
        let ten = clock.think_time(&start);
        assert!(ten.target > ms(4000), "{ten:?}");
        clock.moves_to_go = Some(1);
        let last = clock.think_time(&start);
        assert!(last.limit <= clock.remaining.saturating_sub(clock.overhead) * LIMIT_SHARE / 1000);
        assert_eq!(last.target, last.limit / 2);
    }

    #[test]
    fn the_limit_never_reaches_the_time_left() {
        let position = Position::initial();
        for remaining in [
            0, 1, 10, 50, 100, 299, 300, 301, 500, 1000, 5000, 60_000, 600_000,
        ] {
            for increment in [0, 100, 1000, 5000] {
                for overhead in [0, 30, 300] {
                    let clock =
                        GameClock::new(ms(remaining), ms(increment)).with_overhead(ms(overhead));
                    let think = clock.think_time(&position);
                    assert!(think.target <= think.limit, "{clock:?}: {think:?}");
                    if remaining > overhead + 3 {
                        assert!(
                            think.limit + clock.overhead < clock.remaining,
                            "{clock:?}: {think:?}"
                        );
                    } else {
                        assert_eq!(think.limit, MIN_THINK, "{clock:?}");
                    }
                }
            }
        }
    }

    /// Plays `moves` moves on a clock, each using `use_of(think)`, charging the overhead; the
    /// least time left before a move.
    fn play(
        clock: GameClock,
        moves: usize,
        use_of: impl Fn(ThinkTime) -> Duration,
    ) -> Option<Duration> {
        let mut remaining = clock.remaining;
        let mut least = remaining;
        for ply in 0..moves {
            let pieces = 24usize.saturating_sub(ply / 3).max(4);
            let now = GameClock { remaining, ..clock };
            let used = use_of(now.think_time(&with_pieces(pieces))) + clock.overhead;
            remaining = remaining.checked_sub(used)? + clock.increment;
            least = least.min(remaining);
        }
        Some(least)
    }

    #[test]
    fn a_game_that_always_uses_the_limit_keeps_time() {
        // Every move fails low to the hard limit: with an increment above the overhead the
        // clock never runs out, however long the game.
        let clocks = [
            GameClock::new(ms(60_000), ms(1000)),
            GameClock::new(ms(180_000), ms(2000)),
            GameClock::new(ms(30_000), ms(300)).with_overhead(TOOL_OVERHEAD),
            GameClock::new(ms(10_000), ms(100)).with_overhead(TOOL_OVERHEAD),
        ];
        for clock in clocks {
            let least = play(clock, 200, |think| think.limit);
            assert!(least.is_some(), "{clock:?} lost on time");
        }
    }

    #[test]
    fn a_game_on_its_targets_uses_its_time_without_running_out() {
        // 1+1 and 3+2: after 60 moves on the target, time is left; the first ten moves used
        // more than their increments.
        for (base, increment) in [(60_000, 1000), (180_000, 2000)] {
            let clock = GameClock::new(ms(base), ms(increment));
            let least = play(clock, 60, |think| think.target).expect("no loss on time");
            assert!(least > clock.increment, "{clock:?}: {least:?}");
            let after_ten = play(clock, 10, |think| think.target).unwrap();
            assert!(after_ten < clock.remaining, "{clock:?}: {after_ten:?}");
        }
        // A minute without increment, the bot's overhead charged at every move: 50 moves.
        let bare = GameClock::new(ms(60_000), Duration::ZERO);
        assert!(play(bare, 50, |think| think.target).is_some());
    }
}
