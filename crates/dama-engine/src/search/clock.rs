//! Time in a search: the hard limit and the stop flag, and the soft target that follows how
//! settled the search is.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dama_rules::Move;

use super::Limits;

/// Nodes between two looks at the clock and the stop flag. At the engine's speed this is far
/// below a millisecond (the unit test `clock_is_checked_often_enough` holds it to that).
pub const CLOCK_INTERVAL: u64 = 2048;

/// The time that ends a search, and the stop flag.
///
/// A time limit is hard: the search never runs past it (by more than one look at the clock).
/// Inside it the search aims at a soft target, a share of the limit that depends on how
/// settled the search is ([`soft_share`]), or on a game clock the planned time scaled the same
/// way ([`clock_share`]): it starts no iteration after the target and stops an iteration at
/// it, except while the best root move is failing low.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    pub(super) started: Instant,
    deadline: Option<Instant>,
    /// The planned time on a game clock ([`Limits::target`]).
    target: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
}

/// The share of the time limit (thousandths) a search aims at by default.
pub const SOFT_SHARE: u32 = 900;
/// The share when the best move has not changed for [`STABLE_ITERATIONS`] iterations and the
/// score moved by at most [`STEADY_SCORE`].
pub const STABLE_SHARE: u32 = 750;
/// The share right after the best move changed (this iteration or the one before).
pub const UNSETTLED_SHARE: u32 = 1000;
/// Completed iterations with the same best move that make a search settled.
pub const STABLE_ITERATIONS: u32 = 8;
/// The most the score may move between the last two iterations of a settled search.
pub const STEADY_SCORE: i32 = 10;
/// A score this much below the previous iteration's lets the search use all its time.
pub const SCORE_DROP: i32 = 30;

/// The share of its time (thousandths) a search aims at after an iteration, from the
/// iterations completed since the best move last changed (`0`: it changed in this one) and the
/// score's change from the previous iteration (negative: it dropped).
#[must_use]
pub fn soft_share(stable_iterations: u32, score_change: i32) -> u32 {
    if score_change <= -SCORE_DROP {
        1000
    } else if stable_iterations <= 1 {
        UNSETTLED_SHARE
    } else if stable_iterations >= STABLE_ITERATIONS && score_change.abs() <= STEADY_SCORE {
        STABLE_SHARE
    } else {
        SOFT_SHARE
    }
}

/// On a game clock, the share of the planned time (thousandths) a search aims at by default.
pub const CLOCK_SHARE: u32 = 1000;
/// On a game clock, the share when the search is settled (as for [`STABLE_SHARE`]): the time
/// saved goes to later moves.
pub const CLOCK_STABLE_SHARE: u32 = 600;
/// On a game clock, the share right after the best move changed.
pub const CLOCK_UNSETTLED_SHARE: u32 = 1500;
/// On a game clock, the share after the score dropped by [`SCORE_DROP`] or more: a critical
/// moment. The hard limit stays the bound.
pub const CLOCK_DROP_SHARE: u32 = 2500;

/// The share of the planned time on a game clock (thousandths) a search aims at after an
/// iteration, from the same measures as [`soft_share`]; unlike it, it may go past the plan
/// (up to the hard limit) when the best move changes or the score drops.
#[must_use]
pub fn clock_share(stable_iterations: u32, score_change: i32) -> u32 {
    if score_change <= -SCORE_DROP {
        CLOCK_DROP_SHARE
    } else if stable_iterations <= 1 {
        CLOCK_UNSETTLED_SHARE
    } else if stable_iterations >= STABLE_ITERATIONS && score_change.abs() <= STEADY_SCORE {
        CLOCK_STABLE_SHARE
    } else {
        CLOCK_SHARE
    }
}

impl Clock {
    pub(crate) fn new(limits: &Limits) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: limits.time.map(|t| started + t),
            target: limits.target,
            stop: limits.stop.clone(),
        }
    }

    /// Whether the search must stop now.
    pub(crate) fn expired(&self, now: Instant) -> bool {
        self.deadline.is_some_and(|d| now >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The soft target for the stability after an iteration (see [`soft_share`], and
    /// [`clock_share`] with a planned time); `None` without a time limit.
    pub(crate) fn soft_deadline(
        &self,
        stable_iterations: u32,
        score_change: i32,
    ) -> Option<Instant> {
        let deadline = self.deadline?;
        let total = deadline.saturating_duration_since(self.started);
        let soft = match self.target {
            Some(target) => {
                (target * clock_share(stable_iterations, score_change) / 1000).min(total)
            }
            None => total * soft_share(stable_iterations, score_change) / 1000,
        };
        Some(self.started + soft)
    }

    /// Whether the search should stop at `now`, given its soft target and whether the best
    /// root move is failing low (which may go on to the hard limit).
    pub(crate) fn should_stop(
        &self,
        now: Instant,
        soft: Option<Instant>,
        failing_low: bool,
    ) -> bool {
        self.expired(now) || (!failing_low && soft.is_some_and(|soft| now >= soft))
    }
}

/// Completed iterations with the same best move, and the last score.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stability {
    best: Option<Move>,
    pub(super) stable: u32,
    score: i32,
}

impl Stability {
    /// Counts a completed iteration; the score's change from the previous one.
    pub(super) fn update(&mut self, best: Option<Move>, score: i32, first: bool) -> i32 {
        let change = if first { 0 } else { score - self.score };
        if best == self.best && !first {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        self.best = best;
        self.score = score;
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Game;

    #[test]
    fn clock_is_checked_often_enough() {
        // The clock is read every CLOCK_INTERVAL nodes. Even at a slow 1 microsecond per node
        // that is a few milliseconds, far inside the 50 ms allowed past a time limit.
        let slowest_node = Duration::from_micros(1);
        assert!(slowest_node * CLOCK_INTERVAL as u32 <= Duration::from_millis(5));
    }

    #[test]
    fn clock_expires_at_the_deadline_and_on_stop() {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            time: Some(Duration::from_millis(100)),
            stop: Some(stop.clone()),
            ..Limits::default()
        };
        let clock = Clock::new(&limits);
        let start = clock.started;
        assert!(!clock.expired(start + Duration::from_millis(99)));
        assert!(clock.expired(start + Duration::from_millis(100)));
        assert!(!clock.expired(start));
        stop.store(true, Ordering::Relaxed);
        assert!(clock.expired(start));
        let unlimited = Clock::new(&Limits::depth(3));
        assert!(!unlimited.expired(start + Duration::from_secs(1_000_000)));
    }

    #[test]
    fn the_soft_target_follows_the_search() {
        // A settled search: the same best move for several iterations, a steady score.
        assert_eq!(soft_share(STABLE_ITERATIONS, 5), STABLE_SHARE);
        assert_eq!(
            soft_share(STABLE_ITERATIONS + 3, -STEADY_SCORE),
            STABLE_SHARE
        );
        // Settled but the score moves: the default share.
        assert_eq!(soft_share(STABLE_ITERATIONS, STEADY_SCORE + 1), SOFT_SHARE);
        assert_eq!(soft_share(2, 0), SOFT_SHARE);
        // The best move changed in this iteration or the previous one.
        assert_eq!(soft_share(0, 0), UNSETTLED_SHARE);
        assert_eq!(soft_share(1, 10), UNSETTLED_SHARE);
        // The score dropped: all the time, however settled the move.
        assert_eq!(soft_share(10, -SCORE_DROP), 1000);
        const { assert!(STABLE_SHARE < SOFT_SHARE && SOFT_SHARE < UNSETTLED_SHARE) };
        const { assert!(UNSETTLED_SHARE <= 1000) };
        // Under a score drop and an unsettled move alike, the target is the hard limit.
        assert_eq!(soft_share(0, -SCORE_DROP), 1000);
    }

    #[test]
    fn the_soft_target_stops_the_search_except_on_a_fail_low() {
        let clock = Clock::new(&Limits::time(Duration::from_millis(200)));
        let start = clock.started;
        let ms = |n| start + Duration::from_millis(n);
        let settled = clock.soft_deadline(STABLE_ITERATIONS, 0);
        assert_eq!(settled, Some(ms(150)));
        assert_eq!(clock.soft_deadline(3, 0), Some(ms(180)));
        assert_eq!(clock.soft_deadline(0, 0), Some(ms(200)));
        assert_eq!(clock.soft_deadline(5, -40), Some(ms(200)));
        assert!(!clock.should_stop(ms(149), settled, false));
        assert!(clock.should_stop(ms(150), settled, false));
        // A best move failing low goes on to the hard limit, and not past it.
        assert!(!clock.should_stop(ms(199), settled, true));
        assert!(clock.should_stop(ms(200), settled, true));
        assert!(clock.should_stop(ms(200), None, false));
        // Without a time limit there is no target.
        let unlimited = Clock::new(&Limits::nodes(1000));
        assert_eq!(unlimited.soft_deadline(0, 0), None);
        assert!(!unlimited.should_stop(start + Duration::from_secs(1000), None, false));
    }

    #[test]
    fn on_a_game_clock_the_soft_target_follows_the_plan_within_the_limit() {
        let ms = Duration::from_millis;
        let clock = Clock::new(&Limits {
            time: Some(ms(1000)),
            target: Some(ms(200)),
            ..Limits::default()
        });
        let start = clock.started;
        assert_eq!(clock.soft_deadline(3, 0), Some(start + ms(200)));
        assert_eq!(
            clock.soft_deadline(STABLE_ITERATIONS, 0),
            Some(start + ms(120))
        );
        assert_eq!(clock.soft_deadline(1, 0), Some(start + ms(300)));
        assert_eq!(clock.soft_deadline(9, -SCORE_DROP), Some(start + ms(500)));
        // Never past the hard limit.
        let tight = Clock::new(&Limits {
            time: Some(ms(300)),
            target: Some(ms(200)),
            ..Limits::default()
        });
        assert_eq!(
            tight.soft_deadline(9, -SCORE_DROP),
            Some(tight.started + ms(300))
        );
        assert_eq!(tight.soft_deadline(3, 0), Some(tight.started + ms(200)));
        const {
            assert!(
                CLOCK_STABLE_SHARE < CLOCK_SHARE
                    && CLOCK_SHARE < CLOCK_UNSETTLED_SHARE
                    && CLOCK_UNSETTLED_SHARE < CLOCK_DROP_SHARE
            );
        };
    }

    #[test]
    fn stability_counts_iterations_with_the_same_best_move() {
        let a = Game::default().position().legal_moves()[0];
        let b = Game::default().position().legal_moves()[1];
        let mut stability = Stability::default();
        assert_eq!(stability.update(Some(a), 10, true), 0);
        assert_eq!(stability.stable, 0);
        assert_eq!(stability.update(Some(a), 15, false), 5);
        assert_eq!(stability.update(Some(a), -30, false), -45);
        assert_eq!(stability.stable, 2);
        stability.update(Some(b), -30, false);
        assert_eq!(stability.stable, 0);
    }
}
