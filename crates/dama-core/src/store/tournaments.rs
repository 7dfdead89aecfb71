//! Tournaments: their entrants, rounds and pairings, as the store keeps them.

use std::fmt;

#[cfg(doc)]
use super::GameResult;
use super::{ChannelId, Game, GameId, GuildId, MessageRef, Millis, TournamentId, UserId};
use crate::i18n::Language;

/// How a tournament pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Swiss rounds by score groups (see `crate::tournament::swiss`), this many rounds.
    Swiss { rounds: u32 },
    /// Everyone meets everyone once, by the Berger tables.
    RoundRobin,
}

/// Where a tournament stands: sign-up, then running, then finished; cancelled from either of
/// the first two. Only a tournament in sign-up or running changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    Signup,
    Running,
    Finished,
    Cancelled,
}

impl fmt::Display for TournamentStatus {
    /// In words: `signup`, `running`, `finished` or `cancelled`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TournamentStatus::Signup => "signup",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        })
    }
}

/// A tournament to be stored (in sign-up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournament {
    pub guild: GuildId,
    /// Where it is announced and where its games' threads open.
    pub channel: ChannelId,
    /// 1 to 100 characters.
    pub name: String,
    pub format: TournamentFormat,
    /// 1, or 2 (the return game with colours swapped, in the same round).
    pub games_per_pairing: u8,
    /// Time per move of its games in milliseconds (positive).
    pub time_per_move_ms: i64,
    /// Its games count for the ratings.
    pub rated: bool,
    /// Each round's games start from an opening drawn for the round.
    pub drawn_openings: bool,
    /// When the sign-up closes by itself; `None`: at `/tournament start`.
    pub signup_deadline: Option<Millis>,
    pub created_by: UserId,
    pub created_at: Millis,
}

/// A stored tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    pub id: TournamentId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub name: String,
    pub format: TournamentFormat,
    pub games_per_pairing: u8,
    pub time_per_move_ms: i64,
    pub rated: bool,
    pub drawn_openings: bool,
    pub signup_deadline: Option<Millis>,
    pub status: TournamentStatus,
    pub created_by: UserId,
    pub created_at: Millis,
    /// When round 1 was paired.
    pub started_at: Option<Millis>,
    /// When it finished or was cancelled.
    pub ended_at: Option<Millis>,
    /// The sign-up message, for in-place edits.
    pub message: Option<MessageRef>,
}

/// One person signed up for a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    pub user: UserId,
    /// Their rating when they joined, rounded: it seeds the pairings.
    pub rating: i32,
    pub joined_at: Millis,
    /// Once withdrawn, the first round (from 1) they are not paired in.
    pub withdrawn_from: Option<u32>,
}

/// A round to pair: its number, its start position, and where its games are played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRound {
    /// From 1, the round after the last one paired.
    pub number: u32,
    /// The opening drawn for it, in PDN moves (`21-17 11-14 22-18`); `None` for the initial
    /// position.
    pub opening: Option<String>,
    /// The position every game of the round starts from (FEN).
    pub start_fen: String,
    pub paired_at: Millis,
    /// Its games are played in threads of the tournament's channel.
    pub in_thread: bool,
    /// The language of its games' public messages ([`crate::store::NewGame::language`]).
    pub language: Option<Language>,
}

/// One board of a round to pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewPairing {
    /// From 1, unique in the round.
    pub board: u32,
    /// 1, or 2 for the return game of a two-game pairing.
    pub leg: u8,
    pub white: UserId,
    /// `None`: `white` has the bye (no game).
    pub black: Option<UserId>,
    /// Decided without a game (a withdrawn player's forfeit): no game is created. Only
    /// forfeits.
    pub forfeit: Option<crate::tournament::GameResult>,
}

/// A stored round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRound {
    pub number: u32,
    pub opening: Option<String>,
    pub start_fen: String,
    pub paired_at: Millis,
}

/// A stored board of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentPairing {
    pub round: u32,
    pub board: u32,
    pub leg: u8,
    pub white: UserId,
    /// `None` for a bye.
    pub black: Option<UserId>,
    /// The game played on this board (none for a bye or a forfeit decided at pairing).
    pub game: Option<GameId>,
    /// What the tournament counts: a forfeit recorded for the board, else the result of its
    /// finished game; `None` for a bye and while the game is played.
    pub result: Option<crate::tournament::GameResult>,
}

/// A round just paired: the round, its boards and the games they started.
#[derive(Debug, Clone, PartialEq)]
pub struct PairedRound {
    pub tournament: Tournament,
    pub round: TournamentRound,
    pub pairings: Vec<TournamentPairing>,
    /// The games created, in board order.
    pub games: Vec<Game>,
}

/// The board of a tournament a game is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentGame {
    pub tournament: TournamentId,
    pub round: u32,
    pub board: u32,
    pub leg: u8,
}
