//! Puzzles: attempts, the daily puzzle and the puzzle ratings.

use std::fmt;

#[cfg(doc)]
use super::Player;
use super::{ChannelId, GuildId, Millis, PuzzleAttemptId, Rating, StoreError, UserId};
/// A server's puzzle day: days since the epoch, each starting at `hour` (0-23, UTC) of its
/// date. The day of `at` is the date on which the latest `hour:00` fell.
#[must_use]
pub fn puzzle_day(at: Millis, hour: u8) -> i64 {
    const HOUR_MS: i64 = 3_600_000;
    (at - i64::from(hour.min(23)) * HOUR_MS).div_euclid(24 * HOUR_MS)
}

/// When a server's puzzle day `day` begins.
#[must_use]
pub fn puzzle_day_start(day: i64, hour: u8) -> Millis {
    const HOUR_MS: i64 = 3_600_000;
    day * 24 * HOUR_MS + i64::from(hour.min(23)) * HOUR_MS
}

/// Where an attempt at a puzzle stands. Only an open attempt changes, and only once it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleStatus {
    Open,
    Solved,
    Failed,
    /// Left open when its person started another puzzle: unrated, counted nowhere.
    Abandoned,
}

impl fmt::Display for PuzzleStatus {
    /// In words: `open`, `solved`, `failed` or `abandoned`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PuzzleStatus::Open => "open",
            PuzzleStatus::Solved => "solved",
            PuzzleStatus::Failed => "failed",
            PuzzleStatus::Abandoned => "abandoned",
        })
    }
}

/// A person's puzzle rating and record in a server (separate from their game rating).
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzlePlayer {
    pub guild: GuildId,
    pub user: UserId,
    /// The name of the player (as [`Player::display_name`]).
    pub display_name: String,
    pub rating: Rating,
    /// Attempts finished solved and failed (abandoned ones count nowhere).
    pub solved: u32,
    pub failed: u32,
    /// Puzzles solved in a row up to the last one finished; a failure resets it.
    pub streak: u32,
    pub best_streak: u32,
}

impl PuzzlePlayer {
    /// Attempts finished.
    #[must_use]
    pub fn attempts(&self) -> u32 {
        self.solved + self.failed
    }
}

/// An attempt to be stored: a person starts a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPuzzleAttempt {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub user: UserId,
    /// The puzzle's id in the collection (1 to 32 characters).
    pub puzzle: String,
    /// The server's puzzle day ([`puzzle_day`]) whose daily puzzle this is; `None` for a
    /// personal puzzle.
    pub daily: Option<i64>,
    pub at: Millis,
}

/// A person's attempt at a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleAttempt {
    pub id: PuzzleAttemptId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub user: UserId,
    pub puzzle: String,
    pub daily: Option<i64>,
    /// The solver's moves made so far: the next answer is for this step (from 0).
    pub step: u32,
    pub status: PuzzleStatus,
    /// The person's first attempt at this puzzle in this server: it moves their rating.
    pub rated: bool,
    pub started_at: Millis,
    pub finished_at: Option<Millis>,
    /// The puzzle rating before and after, once a rated attempt has finished.
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

impl PuzzleAttempt {
    /// This attempt, if it is open and at `step` (what an answer or a result must find, in
    /// either backend); the refusal otherwise.
    pub fn open_at(self, step: u32) -> Result<PuzzleAttempt, StoreError> {
        if self.status != PuzzleStatus::Open {
            return Err(StoreError::PuzzleNotOpen {
                attempt: self.id,
                status: self.status,
            });
        }
        if self.step != step {
            return Err(StoreError::PuzzleStale {
                attempt: self.id,
                given: step,
                current: self.step,
            });
        }
        Ok(self)
    }
}

/// A puzzle rating after one puzzle: the rating before, the puzzle's difficulty, and whether
/// it was solved. Applied by the store inside the finishing transaction (see
/// `game::puzzle_rating`).
pub type RatePuzzle = fn(before: Rating, difficulty: u32, solved: bool) -> Rating;

/// How an attempt ends.
#[derive(Debug, Clone, Copy)]
pub struct PuzzleFinish {
    /// The step the attempt must still be at (compare-and-set).
    pub step: u32,
    pub solved: bool,
    /// The step stored with the result: the solver's moves made (the last one included when
    /// solved).
    pub final_step: u32,
    pub difficulty: u32,
    pub at: Millis,
    pub rate: RatePuzzle,
}

/// A finished attempt and the person's puzzle record after it.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedPuzzle {
    pub attempt: PuzzleAttempt,
    pub player: PuzzlePlayer,
}

/// A puzzle a person has attempted in a server, and when they last started it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptedPuzzle {
    pub puzzle: String,
    pub last_started_at: Millis,
}

/// A server whose puzzle of the day is posted in a channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyPuzzleServer {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub hour: u8,
}
