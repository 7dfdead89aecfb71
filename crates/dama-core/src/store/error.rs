//! What a call to the store can fail with.

use super::{
    ChallengeId, ChallengeStatus, ChannelId, GameId, GameStatus, GuildId, PuzzleAttemptId,
    PuzzleStatus, TournamentId, TournamentStatus, UserId,
};
#[cfg(doc)]
use super::{Counting, Store};
/// What can go wrong in a call to the store.
///
/// The first group is the expected refusals (compare-and-set changes that lost, missing rows,
/// arguments that break a rule of the data), for the service to turn into messages; the last
/// is everything unexpected. Opening a store is the backend's business and has its own error
/// (for SQLite, `dama_store::OpenError`).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The channel already has an active game.
    #[error("channel {channel} already has an active game ({game})")]
    ChannelBusy { channel: ChannelId, game: GameId },
    /// The ply was already recorded (a repeated or concurrent submission).
    #[error("ply {ply} of game {game} was already played")]
    AlreadyPlayed { game: GameId, ply: u32 },
    /// The caller acted on an old (or future) ply of the game.
    #[error("game {game} is at ply {current}, not {given}")]
    StalePly {
        game: GameId,
        given: u32,
        current: u32,
    },
    /// The game is finished or aborted.
    #[error("game {game} is {status}, not active")]
    GameNotActive { game: GameId, status: GameStatus },
    /// The draw offer or takeback request an answer names is no longer the one standing
    /// (withdrawn, declined, answered, replaced by another, or cleared by a move).
    #[error("the offer or request answered in game {game} no longer stands")]
    NotStanding { game: GameId },
    /// The challenge was already accepted, declined, cancelled or expired.
    #[error("challenge {challenge} is {status}, not pending")]
    ChallengeNotPending {
        challenge: ChallengeId,
        status: ChallengeStatus,
    },
    /// The challenge was still pending but its time ran out.
    #[error("challenge {0} has expired")]
    ChallengeExpired(ChallengeId),
    #[error("no game {0}")]
    GameNotFound(GameId),
    #[error("no challenge {0}")]
    ChallengeNotFound(ChallengeId),
    /// A game names a person that [`Store::ensure_player`] has not stored in that guild.
    #[error("no player {user} in guild {guild}")]
    PlayerNotFound { guild: GuildId, user: UserId },
    /// The server has a tournament in sign-up or running already.
    #[error("guild {guild} already has an open tournament ({tournament})")]
    TournamentOpen {
        guild: GuildId,
        tournament: TournamentId,
    },
    #[error("no tournament {0}")]
    TournamentNotFound(TournamentId),
    /// The tournament is not in a status that allows the change.
    #[error("tournament {tournament} is {status}")]
    TournamentStatus {
        tournament: TournamentId,
        status: TournamentStatus,
    },
    /// The person has joined already.
    #[error("{user} has already joined tournament {tournament}")]
    AlreadyEntered {
        tournament: TournamentId,
        user: UserId,
    },
    /// The tournament has as many entrants as it takes.
    #[error("tournament {tournament} is full ({max} entrants)")]
    TournamentFull {
        tournament: TournamentId,
        max: usize,
    },
    /// The person is not an entrant.
    #[error("{user} is not in tournament {tournament}")]
    NotEntered {
        tournament: TournamentId,
        user: UserId,
    },
    /// The round was paired already (by another caller: that one won).
    #[error("round {round} of tournament {tournament} is paired already")]
    RoundPaired {
        tournament: TournamentId,
        round: u32,
    },
    #[error("no puzzle attempt {0}")]
    PuzzleAttemptNotFound(PuzzleAttemptId),
    /// The attempt is at another step than the caller saw (an answer from an old board, or a
    /// concurrent answer that won).
    #[error("puzzle attempt {attempt} is at step {current}, not {given}")]
    PuzzleStale {
        attempt: PuzzleAttemptId,
        given: u32,
        current: u32,
    },
    /// The attempt is over (solved, failed or abandoned).
    #[error("puzzle attempt {attempt} is {status}, not open")]
    PuzzleNotOpen {
        attempt: PuzzleAttemptId,
        status: PuzzleStatus,
    },
    /// The arguments break a rule of the data (a non-positive time, a level of 0, an abort
    /// passed to `finish_game`, a [`Counting`] that names other players, ...).
    #[error("invalid {0}")]
    Invalid(String),

    /// A stored value this version cannot read.
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// Any other failure of the backend (its driver's error, kept as the source).
    #[error("database error: {0}")]
    Backend(Box<dyn std::error::Error + Send + Sync>),
}
