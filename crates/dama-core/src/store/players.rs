//! Players: ratings, records against the engine, leaderboards and statistics.

#[cfg(doc)]
use super::Store;
use super::{EngineLevel, GuildId, INITIAL_RATING, Millis, UserId};
/// A player's rating, its deviation and its volatility, on the scale of the rating system in
/// `game::rating` ([`INITIAL_RATING`] to start).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        INITIAL_RATING
    }
}

/// A player of one guild. Ratings and records are per guild.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    pub guild: GuildId,
    pub user: UserId,
    /// The name shown in boards, the leaderboard and PDN exports; refreshed by
    /// [`Store::ensure_player`].
    pub display_name: String,
    pub rating: Rating,
    /// Finished games against other people (rated or not). Games against the engine count in
    /// [`PlayerStats::engine_records`] instead; aborted games count nowhere.
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// When the player was first seen.
    pub created_at: Millis,
}

impl Player {
    /// Finished games against other people.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// Who sits on one side of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Participant {
    /// A person (a player of the game's guild).
    User(UserId),
    /// The bot's engine at a level.
    Engine(EngineLevel),
}

impl Participant {
    /// The user id, if a person plays this side.
    #[must_use]
    pub fn user(self) -> Option<UserId> {
        match self {
            Participant::User(user) => Some(user),
            Participant::Engine(_) => None,
        }
    }
}

/// One row of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardEntry {
    /// 1 for the best player; counts across pages.
    pub rank: u32,
    pub player: Player,
}

/// One page of a guild's leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardPage {
    pub entries: Vec<LeaderboardEntry>,
    /// The page shown, from 0.
    pub page: u32,
    /// Players with at least the minimum number of games.
    pub total_players: u32,
    /// Pages in all (at least 1, even when empty).
    pub pages: u32,
}

/// A player's record against one engine level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineRecord {
    pub level: EngineLevel,
    /// Games the player won against the engine.
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// Win, loss or draw, from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerOutcome {
    Win,
    Loss,
    Draw,
}

/// A run of equal outcomes ending with the latest finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Streak {
    pub outcome: PlayerOutcome,
    /// At least 1.
    pub length: u32,
}

/// Everything the stats command shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    /// Rating, deviation and W/L/D against people.
    pub player: Player,
    /// The current streak over all finished games of the guild, people and engine alike;
    /// `None` before the first finished game.
    pub streak: Option<Streak>,
    /// The record against each engine level played, by level.
    pub engine_records: Vec<EngineRecord>,
}

/// Another member named in a command (the challenged player, whose stats to show).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub user: UserId,
    pub name: String,
    /// A bot account (which cannot be challenged).
    pub is_bot: bool,
}
