//! Persistence as the domain sees it: the port and the records it speaks of (players,
//! challenges, games and moves, what each server has chosen, tournaments, puzzles, the outbox
//! of notices).
//!
//! The game service talks to a [`Store`], a port: a small synchronous trait in the domain's
//! words, whose contract is documented on the trait. Its two backends, SQLite and PostgreSQL,
//! are in `dama_store`, with the behavioural tests both run. The domain's types are in one
//! module a topic (`players`, `challenges`, `games`, `servers`, `tournaments`, `puzzles`,
//! `outbox`), the errors in `error`, the port in `port`, and where the database is in
//! [`DatabaseLocation`], which shows a database setting anywhere (logs, errors, `Debug`) only
//! through [`url`], hiding its password.

use std::fmt;

pub use dama_rules::{ByColor, Color};

mod challenges;
mod clocks;
mod error;
mod games;
mod gateway;
mod location;
mod outbox;
mod players;
mod port;
mod puzzles;
mod servers;
mod tournaments;
pub mod url;

pub use self::challenges::{Challenge, ChallengeStatus, ColourChoice, MessageRef, NewChallenge};
pub use self::clocks::seconds_text;
pub use self::clocks::{GameClock, TimeControl};
pub use self::error::StoreError;
pub use self::games::{
    AbortReason, Counting, DrawOffer, EndReason, Finish, FinishedGame, Game, GameExport,
    GameResult, GameStatus, Hint, HintRecord, MoveRecord, NewGame, NotifyMode, RateGame,
    RatingChange, StoredAnalysis, Takeback, TakebackRequest,
};
pub use self::gateway::IdentifyTurn;
pub use self::outbox::{GameEnding, NoticeId, OutboxEvent, OutboxNotice, PlayedMove};
pub use self::players::{
    EngineRecord, LeaderboardEntry, LeaderboardPage, Member, Participant, Player, PlayerOutcome,
    PlayerStats, Rating, Streak,
};
pub use self::port::Store;
pub use self::puzzles::{
    AttemptedPuzzle, DailyPuzzleServer, FinishedPuzzle, NewPuzzleAttempt, PuzzleAttempt,
    PuzzleFinish, PuzzlePlayer, PuzzleStatus, RatePuzzle, puzzle_day, puzzle_day_start,
};
pub use self::servers::ServerSettings;
pub use self::tournaments::{
    Entrant, NewPairing, NewRound, NewTournament, PairedRound, Tournament, TournamentFormat,
    TournamentGame, TournamentPairing, TournamentRound, TournamentStatus,
};

pub use self::location::DatabaseLocation;

/// Unix time in milliseconds.
pub type Millis = i64;
/// A Discord user id.
pub type UserId = u64;
/// A Discord guild (server) id.
pub type GuildId = u64;
/// A Discord channel (or thread) id.
pub type ChannelId = u64;
/// A Discord message id.
pub type MessageId = u64;

/// An engine level, 1 (beginner) to 8 (master).
pub type EngineLevel = u8;

/// The rating, deviation and volatility of a new player (the defaults of the rating system
/// in `game::rating`).
pub const INITIAL_RATING: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// The id of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The id of a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChallengeId(pub i64);

impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The id of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A person's attempt at a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PuzzleAttemptId(pub i64);

impl fmt::Display for PuzzleAttemptId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The servers of some of the bot's shards: those whose shard, `(guild_id >> 22) % total` by
/// Discord's rule, is in `first..=last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShardSpan {
    pub total: u32,
    pub first: u32,
    pub last: u32,
}

impl ShardSpan {
    /// Whether `guild` is one of these servers.
    #[must_use]
    pub fn owns(self, guild: GuildId) -> bool {
        let shard = (guild >> 22) % u64::from(self.total.max(1));
        (u64::from(self.first)..=u64::from(self.last)).contains(&shard)
    }
}
