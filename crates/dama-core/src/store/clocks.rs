//! Live games: a time control (a base and an increment) and the clock a game keeps by it.

use std::fmt;

use super::{ByColor, Color, Millis};

/// A live game's time control: each side starts with `base_ms` and gains `increment_ms` after
/// each of its moves (Fischer increment). Written as minutes and seconds: `5+3`, `3+2`; a base
/// of less than a minute, or not a whole number of minutes, in seconds: `30s+0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds (positive).
    pub base_ms: Millis,
    /// The time added to a side's clock after each of its moves, in milliseconds (0 or more).
    pub increment_ms: Millis,
}

impl fmt::Display for TimeControl {
    /// `5+3`, `1+1`, `30s+0`, `2+0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.base_ms % 60_000 == 0 {
            write!(f, "{}", self.base_ms / 60_000)?;
        } else {
            write!(f, "{}s", seconds_text(self.base_ms))?;
        }
        write!(f, "+{}", seconds_text(self.increment_ms))
    }
}

/// Milliseconds as seconds, with only the decimals needed: `3`, `0.5`, `1.25`.
#[must_use]
pub fn seconds_text(ms: Millis) -> String {
    let whole = ms.div_euclid(1000);
    let part = ms.rem_euclid(1000);
    if part == 0 {
        whole.to_string()
    } else {
        let decimals = format!("{part:03}");
        format!("{whole}.{}", decimals.trim_end_matches('0'))
    }
}

/// The clock of a live game, as stored: each side's time left when the side to move's clock
/// started, which is the game's last move (or its creation, before the first move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameClock {
    pub control: TimeControl,
    /// Each side's time left, in milliseconds, as of the game's last move. The side to move's
    /// clock has run since; the other side's stands.
    pub left: ByColor<Millis>,
}

impl GameClock {
    /// A new game's clock: both sides with the base.
    #[must_use]
    pub fn start(control: TimeControl) -> GameClock {
        GameClock {
            control,
            left: ByColor::new(control.base_ms, control.base_ms),
        }
    }

    /// Each side's time left at `now`, when `to_move`'s clock started at `started` (0 at least:
    /// a side whose time is out has 0).
    #[must_use]
    pub fn left_at(&self, to_move: Color, started: Millis, now: Millis) -> ByColor<Millis> {
        let elapsed = now.saturating_sub(started).max(0);
        let mut left = self.left;
        let running = left.get_mut(to_move);
        *running = running.saturating_sub(elapsed).max(0);
        left
    }

    /// When `to_move`'s flag falls, if nobody moves: its clock's start plus its time left.
    #[must_use]
    pub fn flag_at(&self, to_move: Color, started: Millis) -> Millis {
        started.saturating_add(*self.left.get(to_move))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_control_is_written_in_minutes_and_seconds() {
        let control = |base_ms, increment_ms| TimeControl {
            base_ms,
            increment_ms,
        };
        assert_eq!(control(300_000, 3_000).to_string(), "5+3");
        assert_eq!(control(60_000, 1_000).to_string(), "1+1");
        assert_eq!(control(30_000, 0).to_string(), "30s+0");
        assert_eq!(control(90_000, 500).to_string(), "90s+0.5");
        assert_eq!(control(120_000, 1_250).to_string(), "2+1.25");
    }

    #[test]
    fn only_the_side_to_move_loses_time() {
        let clock = GameClock {
            control: TimeControl {
                base_ms: 180_000,
                increment_ms: 2_000,
            },
            left: ByColor::new(100_000, 50_000),
        };
        let left = clock.left_at(Color::Black, 1_000, 21_000);
        assert_eq!(left, ByColor::new(100_000, 30_000));
        assert_eq!(clock.flag_at(Color::Black, 1_000), 51_000);
        let out = clock.left_at(Color::White, 0, 200_000);
        assert_eq!(out, ByColor::new(0, 50_000), "a fallen flag shows 0");
    }
}
