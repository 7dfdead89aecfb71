//! Challenges: one person inviting another to a game.

use std::fmt;

#[cfg(doc)]
use super::Store;
use super::{ChallengeId, ChannelId, GameId, GuildId, MessageId, Millis, TimeControl, UserId};
/// The colour the challenger asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColourChoice {
    White,
    Black,
    Random,
}

/// Where a challenge stands. Only a pending challenge changes, and only once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    Pending,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl fmt::Display for ChallengeStatus {
    /// In words: `pending`, `accepted`, `declined`, `cancelled` or `expired`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        })
    }
}

/// A Discord message the bot may edit in place: a board, or a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MessageRef {
    pub channel: ChannelId,
    pub message: MessageId,
}

/// A challenge to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewChallenge {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: UserId,
    /// `None` for an open challenge, which anyone but the challenger may accept.
    pub challenged: Option<UserId>,
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Time per move in milliseconds (positive).
    pub time_per_move_ms: i64,
    /// A live game's time control; `None` for a correspondence game (time per move only).
    pub clock: Option<TimeControl>,
    pub rated: bool,
    pub created_at: Millis,
    /// After this instant the challenge can no longer be accepted.
    pub expires_at: Millis,
}

/// A stored challenge.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: UserId,
    /// `None` for an open challenge while pending; once accepted, the one who accepted.
    pub challenged: Option<UserId>,
    pub colour: ColourChoice,
    pub time_per_move_ms: i64,
    /// A live game's time control ([`NewChallenge::clock`]).
    pub clock: Option<TimeControl>,
    pub rated: bool,
    pub status: ChallengeStatus,
    pub created_at: Millis,
    pub expires_at: Millis,
    /// When the status left `pending`.
    pub resolved_at: Option<Millis>,
    /// The game an accepted challenge started (through [`Store::accept_challenge`]).
    pub game: Option<GameId>,
    /// The message that shows the challenge, for in-place edits.
    pub message: Option<MessageRef>,
}
