//! Games: their state, moves, takebacks, draw offers, endings and what a finish changes.

use std::fmt;

use super::{
    ByColor, ChannelId, Color, EngineLevel, GameClock, GameId, GuildId, MessageRef, Millis,
    Participant, PlayerOutcome, Rating, TimeControl, UserId,
};
#[cfg(doc)]
use super::{EngineRecord, Player, Store};
use crate::i18n::Language;

/// Whether a game is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    Active,
    Finished,
    /// Stopped without a result (a moderator's abort); never rated, never counted.
    Aborted,
}

impl fmt::Display for GameStatus {
    /// In words: `active`, `finished` or `aborted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        })
    }
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The result as PDN writes it: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn pdn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The winner, `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The result in which `winner` wins, or a draw.
    #[must_use]
    pub const fn from_winner(winner: Option<Color>) -> Self {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The outcome for the player of `color`.
    #[must_use]
    pub fn outcome_for(self, color: Color) -> PlayerOutcome {
        match self.winner() {
            None => PlayerOutcome::Draw,
            Some(winner) if winner == color => PlayerOutcome::Win,
            Some(_) => PlayerOutcome::Loss,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player resigned.
    Resign,
    /// The side to move had no legal move (or no pieces).
    NoMoves,
    /// Draw by repetition.
    Repetition,
    /// Draw by the 40-move rule.
    FortyMove,
    /// The opponent claimed the win after the time per move ran out.
    TimeoutClaim,
    /// The sweep forfeited a game left unclaimed.
    TimeoutSweep,
    /// A moderator aborted the game (status `aborted`, no result).
    Abort,
    /// Draw by agreement.
    Agreement,
}

impl fmt::Display for EndReason {
    /// As the game history shows it: `resign`, `no-moves`, `repetition`, `forty-move`,
    /// `timeout-claim`, `timeout-sweep`, `abort` or `agreement`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Resign => "resign",
            EndReason::NoMoves => "no-moves",
            EndReason::Repetition => "repetition",
            EndReason::FortyMove => "forty-move",
            EndReason::TimeoutClaim => "timeout-claim",
            EndReason::TimeoutSweep => "timeout-sweep",
            EndReason::Abort => "abort",
            EndReason::Agreement => "agreement",
        })
    }
}

/// An open draw offer. An answer names the offer it answers ([`Store::accept_draw`],
/// [`Store::clear_draw_offer`]): the store applies it only while exactly this offer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawOffer {
    /// The side that offered.
    pub by: Color,
    /// The game's ply when it was offered.
    pub at_ply: u32,
    /// The offer's number in the game (1 for its first draw offer, by either side): an offer
    /// withdrawn and made again at the same ply is another offer.
    pub number: u32,
}

/// A game to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub white: Participant,
    pub black: Participant,
    /// Time per move in milliseconds (positive). For a live game, the time after which a
    /// player who has not moved is reminded, as in a correspondence game; their flag falls by
    /// [`NewGame::clock`].
    pub time_per_move_ms: i64,
    /// A live game's time control: both sides start with its base. `None` for a correspondence
    /// game.
    pub clock: Option<TimeControl>,
    /// Rated games between two people update both ratings when they finish. A game with the
    /// engine never changes a rating, whatever this flag says.
    pub rated: bool,
    /// The start position as FEN (normally the initial position).
    pub start_fen: String,
    /// Creation time; also the start of the first move's time.
    pub created_at: Millis,
    /// Played in a thread of `channel` (opened once the game is stored, then given with
    /// [`Store::set_game_thread`]) rather than in `channel` itself.
    pub in_thread: bool,
    /// The language of the person who started the game, for its public messages where the
    /// server chose none; `None` where nobody did (a tournament's pairing).
    pub language: Option<Language>,
}

/// A stored game.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub id: GameId,
    pub guild: GuildId,
    /// The channel the game was started in (a thread's parent, for a game in a thread).
    pub channel: ChannelId,
    /// Played in a thread of `channel`; [`Game::thread`] is that thread once it is open.
    pub in_thread: bool,
    /// The thread the game is played in.
    pub thread: Option<ChannelId>,
    pub white: Participant,
    pub black: Participant,
    pub time_per_move_ms: i64,
    /// A live game's clock; `None` for a correspondence game. [`Store::record_move`] runs it:
    /// the mover's time left loses the time since [`Game::last_move_at`] and gains the
    /// increment.
    pub clock: Option<GameClock>,
    pub rated: bool,
    pub status: GameStatus,
    /// `Some` once finished; `None` while active and for aborted games.
    pub result: Option<GameResult>,
    /// `Some` once finished or aborted.
    pub end_reason: Option<EndReason>,
    pub created_at: Millis,
    /// The time of the last move, or `created_at` before the first.
    pub last_move_at: Millis,
    pub finished_at: Option<Millis>,
    pub start_fen: String,
    /// The position after the last move.
    pub current_fen: String,
    /// Moves played so far; the next move is ply `ply`.
    pub ply: u32,
    pub draw_offer: Option<DrawOffer>,
    /// The ply of each side's latest draw offer (open or not), for the re-offer rule.
    pub last_draw_offer_ply: ByColor<Option<u32>>,
    /// The message showing the board, for in-place edits.
    pub board_message: Option<MessageRef>,
    /// The reminders already sent to the player to move at the current ply: 0 none, 1 half
    /// their time gone, 2 ninety per cent gone, 3 their time is out (see
    /// [`Store::advance_reminder`]).
    pub reminder_stage: u8,
    /// The open takeback request, if any.
    pub takeback_request: Option<TakebackRequest>,
    /// The takebacks the game has had.
    pub takebacks: u32,
    /// Why an aborted game stopped; `None` for other games.
    pub abort_reason: Option<AbortReason>,
    /// The language of the person who started the game ([`NewGame::language`]).
    pub language: Option<Language>,
}

/// A game record for unit tests: active, at the start position, White to move, 60 s a move,
/// unrated, nothing else set.
impl Game {
    #[doc(hidden)]
    #[must_use]
    pub fn sample(white: Participant, black: Participant) -> Self {
        Self {
            id: GameId(1),
            guild: 1,
            channel: 2,
            white,
            black,
            time_per_move_ms: 60_000,
            clock: None,
            rated: false,
            status: GameStatus::Active,
            result: None,
            end_reason: None,
            created_at: 0,
            last_move_at: 0,
            finished_at: None,
            start_fen: "W:W21-32:B1-12".into(),
            current_fen: "W:W21-32:B1-12".into(),
            ply: 0,
            draw_offer: None,
            last_draw_offer_ply: ByColor::new(None, None),
            board_message: None,
            in_thread: false,
            thread: None,
            reminder_stage: 0,
            takeback_request: None,
            takebacks: 0,
            abort_reason: None,
            language: None,
        }
    }
}

impl Game {
    /// Where the game is played: its thread, or the channel it was started in.
    #[must_use]
    pub fn place(&self) -> ChannelId {
        self.thread.unwrap_or(self.channel)
    }

    /// Who plays `color`.
    #[must_use]
    pub fn participant(&self, color: Color) -> Participant {
        color.fold(self.white, self.black)
    }

    /// The colour `user` plays, if they play in this game (White if they play both sides).
    #[must_use]
    pub fn colour_of(&self, user: UserId) -> Option<Color> {
        if self.white == Participant::User(user) {
            Some(Color::White)
        } else if self.black == Participant::User(user) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The side to move, from the current FEN's first letter (`W` or `B`).
    #[must_use]
    pub fn side_to_move(&self) -> Option<Color> {
        self.current_fen.chars().next().and_then(Color::from_char)
    }

    /// When the player to move runs out of time: in a live game, when their flag falls
    /// ([`Game::flag_at`]); else the last move time plus the time per move.
    #[must_use]
    pub fn deadline(&self) -> Millis {
        self.flag_at()
            .unwrap_or_else(|| self.last_move_at.saturating_add(self.time_per_move_ms))
    }

    /// Each side's time left at `now` in a live game (the side to move's clock running since
    /// the last move); `None` for a correspondence game or a game that is over.
    #[must_use]
    pub fn clock_left(&self, now: Millis) -> Option<ByColor<Millis>> {
        let clock = self.clock?;
        let to_move = self.side_to_move()?;
        (self.status == GameStatus::Active).then(|| clock.left_at(to_move, self.last_move_at, now))
    }

    /// A finished live game's clocks as they stood when it ended: the side to move charged up
    /// to the end (0 for a flag that fell); `None` while it is played, or without a clock.
    #[must_use]
    pub fn clock_at_end(&self) -> Option<ByColor<Millis>> {
        let clock = self.clock?;
        let ended = self
            .finished_at
            .filter(|_| self.status != GameStatus::Active)?;
        Some(clock.left_at(self.side_to_move()?, self.last_move_at, ended))
    }

    /// When the flag of the side to move falls in a live game if nobody moves.
    #[must_use]
    pub fn flag_at(&self) -> Option<Millis> {
        let clock = self.clock?;
        Some(clock.flag_at(self.side_to_move()?, self.last_move_at))
    }
}

/// An open takeback request. An answer names the request it answers
/// ([`Store::accept_takeback`], [`Store::clear_takeback_request`]): the store applies it only
/// while exactly this request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TakebackRequest {
    /// The side that asked.
    pub by: Color,
    /// The game's ply when it asked.
    pub at_ply: u32,
    /// The request's number in the game (1 for its first takeback request, by either side).
    pub number: u32,
}

/// One takeback of a game: the moves taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Takeback {
    /// The ply the game went back to: the first move taken back was ply `ply`.
    pub ply: u32,
    /// The moves taken back in long notation, oldest first (at least one).
    pub moves: Vec<String>,
    /// The side that asked for it.
    pub by: Color,
    pub at: Millis,
}

/// A finished analysis of a game, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnalysis {
    pub game: GameId,
    /// The node budget each position was searched at.
    pub nodes: u64,
    /// The analysis in the text format of `dama_coach::analysis::Analysis::encode`.
    pub data: String,
    pub created_at: Millis,
}

/// A hint given in a game against the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The ply it was asked at.
    pub ply: u32,
    /// The position the player was to move in (FEN).
    pub fen: String,
    /// The move suggested, in long notation.
    pub move_long: String,
    pub asked_at: Millis,
}

/// What [`Store::record_hint`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HintRecord {
    /// The hint is recorded; the game has had `used` hints, this one included.
    Recorded { used: u32 },
    /// A hint was given in this position at this ply already: that one, not counted again.
    Again { hint: Hint, used: u32 },
    /// The game has had `used` hints, the limit: nothing recorded.
    LimitReached { used: u32 },
}

/// Why an aborted game stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbortReason {
    /// A moderator's `/abort` (and every game aborted before reasons were kept).
    Moderator,
    /// A game against the engine left without a move by its player for too long.
    Idle,
}

/// How a person wants to hear about their games, in every server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NotifyMode {
    /// Direct messages: your turn, reminders, a claim you can make, the result.
    Dm,
    /// Mentions in the game's thread or channel (the default).
    #[default]
    Ping,
    /// Neither: the messages name you without a mention.
    Off,
}

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecord {
    pub game: GameId,
    /// 0 for the first move of the game.
    pub ply: u32,
    /// The move in long notation (`Move::long`: every landing square, e.g. `22x13x6`).
    pub move_long: String,
    /// The position after the move, as FEN.
    pub fen_after: String,
    pub at: Millis,
}

/// How a game ends, for [`Store::finish_game`] and [`Store::record_final_move`].
///
/// The game layer decides what the game counts for and how ratings change (`game::rating`);
/// the store applies both in the transaction that finishes the game.
#[derive(Debug, Clone, Copy)]
pub struct Finish {
    pub result: GameResult,
    /// Any reason but [`EndReason::Abort`] (use [`Store::abort_game`]).
    pub reason: EndReason,
    /// The ply the caller saw: the game must still be at this ply, so a move recorded in the
    /// meantime (say, just before a timeout claim) wins and the finish is refused as stale.
    pub ply: u32,
    pub at: Millis,
    /// Whose records the result goes to, and whether it is rated.
    pub counting: Counting,
    /// The rating system of a rated game: called with both ratings as read inside the
    /// finishing transaction; what it returns is stored in the same transaction.
    pub rate: RateGame,
}

/// Whose records a finished game counts in. Aborted games count nowhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    /// Nobody's: a game against oneself, or the engine against itself.
    Nobody,
    /// Two different people: a win, loss or draw for both ([`Player`]'s record), and if
    /// `rated`, both ratings updated by [`Finish::rate`].
    BetweenPeople {
        white: UserId,
        black: UserId,
        rated: bool,
    },
    /// A person against the engine: the person's record against that level
    /// ([`EngineRecord`]); no rating changes.
    AgainstEngine {
        user: UserId,
        /// The colour the person plays.
        colour: Color,
        level: EngineLevel,
    },
}

/// A rating system: both sides' ratings after one game, from their ratings before it and the
/// result. Pure: it reads and writes nothing.
pub type RateGame = fn(ByColor<Rating>, GameResult) -> ByColor<Rating>;

/// A rating before and after a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    pub user: UserId,
    pub before: Rating,
    pub after: Rating,
}

/// A game that has just finished.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedGame {
    pub game: Game,
    /// Both sides' rating changes, for a rated game between two people; `None` otherwise.
    pub ratings: Option<ByColor<RatingChange>>,
}

/// Everything needed to write a game as PDN.
#[derive(Debug, Clone, PartialEq)]
pub struct GameExport {
    pub game: Game,
    /// The display names of the people playing; `None` for an engine side (the caller names
    /// its levels).
    pub names: ByColor<Option<String>>,
    /// Every move, by ply.
    pub moves: Vec<MoveRecord>,
    /// The game's takebacks, oldest first.
    pub takebacks: Vec<Takeback>,
    /// The hints given in the game, oldest first.
    pub hints: Vec<Hint>,
}

#[cfg(test)]
mod clock_tests {
    use super::*;
    use crate::store::{GameClock, TimeControl};

    #[test]
    fn a_finished_games_clock_stands_where_it_ended() {
        let mut game = Game::sample(Participant::User(1), Participant::User(2));
        game.clock = Some(GameClock::start(TimeControl {
            base_ms: 300_000,
            increment_ms: 3_000,
        }));
        game.last_move_at = 1_000;
        assert_eq!(game.clock_at_end(), None, "still played");
        // White, to move, resigned 40 s after the last move: charged 40 s.
        game.status = GameStatus::Finished;
        game.finished_at = Some(41_000);
        assert_eq!(game.clock_at_end(), Some(ByColor::new(260_000, 300_000)));
        // White's flag fell, found a second late: 0, never less.
        game.finished_at = Some(302_000);
        assert_eq!(game.clock_at_end(), Some(ByColor::new(0, 300_000)));
    }
}
