//! The outbox: notices that committed changes must bring, stored in the same transaction as
//! the change and delivered by the bot at least once, never twice.

use std::fmt;

use super::{
    ByColor, ChallengeId, ChannelId, DrawOffer, Finish, GameId, GuildId, Millis, RatingChange,
    TournamentId, UserId,
};
#[cfg(doc)]
use super::{Store, StoreError};

/// The id of a notice in the outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoticeId(pub i64);

impl fmt::Display for NoticeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a notice of the outbox is about: the change that brought it, which the bot reads again
/// to word the notice when it posts it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OutboxEvent {
    /// A challenge expired (see [`Store::expire_challenges`]).
    ChallengeExpired(ChallengeId),
    /// A game forfeited by the sweep (see [`Store::forfeit_game`]), with the rating changes
    /// that finish made, for a rated game between two people.
    Forfeit {
        game: GameId,
        ratings: Option<ByColor<RatingChange>>,
    },
    /// A game against the engine ended as left idle (see [`Store::end_idle_game`]).
    IdleEnded(GameId),
    /// A reminder to the person to move at `ply` (see [`Store::advance_reminder`]): `stage` 1
    /// and 2 remind them, 3 says their time is out.
    Reminder { game: GameId, ply: u32, stage: u8 },
    /// The engine's move that the sweep played in a game (see [`Store::record_noticed_move`]),
    /// reaching `ply`: the game's board with it, and what it brings.
    EngineMove { game: GameId, ply: u32 },
    /// A person's move in a game, by `by`, reaching `ply` (see [`Store::record_noticed_move`]):
    /// what it brings besides the answer that shows it (the opponent's word that it is their
    /// move, the result where it is awaited).
    Move { game: GameId, ply: u32, by: UserId },
    /// A game ended by a person's action, by `by` (see [`Store::end_game_noticed`]): what its
    /// end brings besides the answer that shows it.
    Ended { game: GameId, by: UserId },
    /// Round `number` of a tournament paired (see [`Store::pair_round`]): its announcement
    /// and the lines its games' threads open from.
    Round {
        tournament: TournamentId,
        number: u32,
    },
    /// A tournament finished (see [`Store::finish_tournament`]): its final standings.
    TournamentEnd(TournamentId),
    /// A server's puzzle of `day` posted in `channel` (see [`Store::claim_daily_puzzle_post`]).
    Daily { day: i64, channel: ChannelId },
}

/// A move to store with the notice it brings (see [`Store::record_noticed_move`]): the ply it
/// is played at, its long text, the position after it and when it was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedMove<'a> {
    pub ply: u32,
    pub long: &'a str,
    pub fen_after: &'a str,
    pub at: Millis,
}

/// How a person's action ends a game (see [`Store::end_game_noticed`]).
#[derive(Debug, Clone, Copy)]
pub enum GameEnding {
    /// As [`Store::finish_game`].
    Finish(Finish),
    /// As [`Store::accept_draw`].
    AcceptDraw(DrawOffer, Finish),
    /// As [`Store::abort_game`], at this time.
    Abort(Millis),
}

/// A notice of the outbox not yet posted.
#[derive(Debug, Clone, PartialEq)]
pub struct OutboxNotice {
    pub id: NoticeId,
    pub guild: GuildId,
    pub event: OutboxEvent,
    pub created_at: Millis,
    /// Not to be tried before this time (later after each failed post).
    pub due_at: Millis,
    /// Failed posts so far.
    pub attempts: u32,
    /// Of the messages the notice is made of, those posted already (the next post starts
    /// after them).
    pub parts_done: u32,
}
