//! Persistence: players, challenges, games and moves, and what each server has chosen.
//!
//! The game service talks to a [`Store`], a port: a small synchronous trait in the domain's
//! words, whose contract is documented on the trait. Two adapters implement it and run the
//! behavioural tests of `tests/store/contract.rs`: [`SqliteStore`] (rusqlite, bundled SQLite,
//! WAL), the default, and [`PostgresStore`] (a PostgreSQL server, for several processes). Each
//! maps its driver's errors to [`StoreError`] at its edge and keeps its schema to itself; both
//! store the domain's values with the same codes (`codes`). A database setting names one or the
//! other ([`DatabaseLocation`]), and [`open_store`] opens it.

use std::fmt;

pub use dama_rules::{ByColor, Color};

use crate::i18n::Language;

mod codes;
pub mod copy;
mod open;
mod postgres;
mod sqlite;

pub use self::open::{
    AnyStore, DatabaseLocation, StoreOpenError, open_store, open_store_read_only,
};
pub use self::postgres::{
    PostgresOpenError, PostgresOptions, PostgresStore, SCHEMA_VERSION as POSTGRES_SCHEMA_VERSION,
};
pub use self::sqlite::{
    Durability, OpenError, OpenOptions, SCHEMA_VERSION, SqliteStore, migrations,
};

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

/// How a tournament pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Swiss rounds by score groups (see `crate::tournament::swiss`), this many rounds.
    Swiss { rounds: u32 },
    /// Everyone meets everyone once, by the Berger tables.
    RoundRobin,
}

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

/// An open draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawOffer {
    /// The side that offered.
    pub by: Color,
    /// The game's ply when it was offered.
    pub at_ply: u32,
}

/// A game to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub white: Participant,
    pub black: Participant,
    /// Time per move in milliseconds (positive).
    pub time_per_move_ms: i64,
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

    /// When the player to move runs out of time: the last move time plus the time per move.
    #[must_use]
    pub fn deadline(&self) -> Millis {
        self.last_move_at.saturating_add(self.time_per_move_ms)
    }
}

/// An open takeback request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TakebackRequest {
    /// The side that asked.
    pub by: Color,
    /// The game's ply when it asked.
    pub at_ply: u32,
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
    /// The analysis in the text format of `damabot::analysis::Analysis::encode`.
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

/// What a server (a guild) has chosen, and what the bot knows of it. A server nothing is known
/// of has the [`Default`]: nothing chosen (games in threads), nothing seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerSettings {
    /// The language of the server's public messages, as those who manage it chose
    /// (`/settings language:`); `None` follows the server's Discord language.
    pub language: Option<Language>,
    /// The server's Discord language (the `guild_locale` of its interactions), as last seen;
    /// `None` before the first interaction that carried one.
    pub discord_language: Option<Language>,
    /// The time per move of a game whose challenger names none; `None` follows the
    /// configuration.
    pub time_per_move_ms: Option<i64>,
    /// How long a challenge stays open; `None` fits it to the time control.
    pub challenge_expiry_ms: Option<i64>,
    /// Games in threads of the channel they start in (where the bot may open threads), or in
    /// that channel itself.
    pub threads: bool,
    /// The channel where the puzzle of the day is posted every day; `None`: not posted.
    pub daily_puzzle: Option<ChannelId>,
    /// The hour (0-23, UTC) at which the server's puzzle day begins (see [`puzzle_day`]).
    pub daily_puzzle_hour: u8,
}

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            language: None,
            discord_language: None,
            time_per_move_ms: None,
            challenge_expiry_ms: None,
            threads: true,
            daily_puzzle: None,
            daily_puzzle_hour: 0,
        }
    }
}

// ---- puzzles -----------------------------------------------------------------------------

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
    pub(crate) fn open_at(self, step: u32) -> Result<PuzzleAttempt, StoreError> {
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

// ---- tournaments -------------------------------------------------------------------------

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

/// What can go wrong in a call to the store.
///
/// The first group is the expected refusals (compare-and-set changes that lost, missing rows,
/// arguments that break a rule of the data), for the service to turn into messages; the last
/// is everything unexpected. Opening a store is the backend's business and has its own error
/// (for SQLite, [`OpenError`]).
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

/// The persistence the game service needs: the port every backend implements.
///
/// # Contract
/// - **Synchronous and shared.** `Send + Sync` and object-safe: the service holds an
///   `Arc<dyn Store>` and calls it from blocking threads, many at once. Call it off any async
///   runtime.
/// - **One transaction per call.** Every method either happens entirely or not at all, and
///   sees one consistent state; a reader never sees half of a write.
/// - **Time is passed in.** No method reads a clock: every method that stamps or compares a
///   time takes it (`at`, `created_at`, ...) as unix time in milliseconds ([`Millis`]) from the
///   caller, whose clock tests control.
/// - **Ids.** Discord ids ([`UserId`], [`GuildId`], [`ChannelId`], [`MessageId`]) are any
///   `u64`, including values above 2^63, and must come back bit for bit. Games and challenges
///   get ids from the store ([`GameId`], [`ChallengeId`]), increasing in creation order.
///   Players are per guild: the same user in two guilds is two players.
/// - **Plies** count half-moves from the start position: a game at ply `n` has `n` moves
///   stored, numbered `0..n`, and the next move to record is ply `n`. At most one move per ply,
///   at most one active game per channel.
/// - **Compare-and-set.** Every change that depends on what the caller saw (the ply of a move,
///   the status of a challenge or a game) is checked inside the writing transaction, so of two
///   concurrent changes only one can succeed. The loser gets a specific refusal:
///   [`StoreError::AlreadyPlayed`] (that ply is stored), [`StoreError::StalePly`] (the game is
///   at another ply), [`StoreError::GameNotActive`] (finished or aborted),
///   [`StoreError::ChallengeNotPending`] (already answered), [`StoreError::ChallengeExpired`],
///   [`StoreError::ChannelBusy`].
/// - **Missing rows.** Lookups by id (`game`, `challenge`, `player`, ...) answer `Ok(None)`;
///   changes to a missing row fail with [`StoreError::GameNotFound`],
///   [`StoreError::ChallengeNotFound`] or [`StoreError::PlayerNotFound`].
/// - **Rules of the data** (a positive time per move, an engine level from 1, an expiry not
///   before creation, no abort through `finish_game`) are checked before anything is written:
///   [`StoreError::Invalid`].
/// - **What the store does not decide.** It does not check legality (the service replays
///   moves with the rules), nor whom a result counts for, nor how ratings change: a
///   [`Finish`] carries the [`Counting`] and the [`RateGame`] function, which the store applies
///   inside the finishing transaction to the ratings it reads there.
/// - **Errors** of the backend itself are [`StoreError::Backend`]; a stored value the backend
///   cannot read is [`StoreError::Corrupt`].
pub trait Store: Send + Sync {
    // ---- players -------------------------------------------------------------------------

    /// Stores the player if new (rating [`INITIAL_RATING`], no games, `created_at = at`), or
    /// updates the display name; returns the player.
    fn ensure_player(
        &self,
        guild: GuildId,
        user: UserId,
        display_name: &str,
        at: Millis,
    ) -> Result<Player, StoreError>;

    /// A player of a guild, if stored.
    fn player(&self, guild: GuildId, user: UserId) -> Result<Option<Player>, StoreError>;

    // ---- challenges ----------------------------------------------------------------------

    /// Stores a pending challenge. Both people (the challenger alone, for an open challenge)
    /// must have been stored with [`Store::ensure_player`] ([`StoreError::PlayerNotFound`]
    /// otherwise); a challenge of oneself is [`StoreError::Invalid`].
    fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge, StoreError>;

    /// A challenge by id.
    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError>;

    /// The pending challenges of a channel that have not expired at `at`, oldest first.
    fn pending_challenges_in_channel(
        &self,
        channel: ChannelId,
        at: Millis,
    ) -> Result<Vec<Challenge>, StoreError>;

    /// Moves a pending challenge to `to` (declined, cancelled or expired) at `at`: a
    /// compare-and-set, so only the first of two concurrent answers wins
    /// ([`StoreError::ChallengeNotPending`] for the others). To accept, use
    /// [`Store::accept_challenge`].
    fn resolve_challenge(
        &self,
        id: ChallengeId,
        to: ChallengeStatus,
        at: Millis,
    ) -> Result<Challenge, StoreError>;

    /// Accepts a pending challenge and creates its game in one transaction: either both happen
    /// or neither. Fails with [`StoreError::ChallengeNotPending`] if it was answered, with
    /// [`StoreError::ChallengeExpired`] if it expired by `game.created_at`, and with
    /// [`StoreError::ChannelBusy`] if `game` is to be played in the channel itself and the
    /// channel has such an active game (the challenge then stays pending). The caller resolves
    /// a random colour choice into `game`. An open challenge gets as its challenged person the
    /// one of `game`'s two people who is not the challenger (who must be stored in the guild).
    fn accept_challenge(
        &self,
        id: ChallengeId,
        game: &NewGame,
    ) -> Result<(Challenge, Game), StoreError>;

    /// Remembers the message that shows a challenge.
    fn set_challenge_message(&self, id: ChallengeId, message: MessageRef)
    -> Result<(), StoreError>;

    /// Marks every pending challenge with `expires_at <= at` expired (`resolved_at = at`) and
    /// returns them, so the caller can edit their messages: those of the servers of `shards`,
    /// or of every server when `None`.
    fn expire_challenges(
        &self,
        at: Millis,
        shards: Option<ShardSpan>,
    ) -> Result<Vec<Challenge>, StoreError>;

    // ---- games ---------------------------------------------------------------------------

    /// Stores a new active game at ply 0 (current FEN = start FEN, `last_move_at =
    /// created_at`). [`StoreError::ChannelBusy`] if the game is to be played in the channel
    /// itself (not `in_thread`) and the channel has such an active game (the schema holds at
    /// most one); [`StoreError::PlayerNotFound`] for a person not stored in the guild.
    fn create_game(&self, game: &NewGame) -> Result<Game, StoreError>;

    /// A game by id.
    fn game(&self, id: GameId) -> Result<Option<Game>, StoreError>;

    /// The active game played in a channel or thread, if any: the game of that thread, or the
    /// one played in the channel itself (not a game in one of its threads).
    fn active_game_in_channel(&self, channel: ChannelId) -> Result<Option<Game>, StoreError>;

    /// The active games started in `channel` to be played in threads of it (whether or not
    /// their thread is open yet), oldest first.
    fn active_games_in_threads_of(&self, channel: ChannelId) -> Result<Vec<Game>, StoreError>;

    /// The active games of a guild, latest activity first: all of them, or those `user`
    /// plays.
    fn active_games(&self, guild: GuildId, user: Option<UserId>) -> Result<Vec<Game>, StoreError>;

    /// Remembers the thread an `in_thread` game is played in ([`StoreError::Invalid`] for a
    /// game in a channel, or one whose thread is set already; [`StoreError::ChannelBusy`] when
    /// another active game is played in that thread).
    fn set_game_thread(&self, game: GameId, thread: ChannelId) -> Result<Game, StoreError>;

    /// Moves an active `in_thread` game whose thread could not be opened into its channel
    /// (`in_thread` off): [`StoreError::ChannelBusy`] if the channel has a game of its own
    /// (the game then stays as it was), [`StoreError::Invalid`] once its thread is set.
    fn play_in_channel(&self, game: GameId) -> Result<Game, StoreError>;

    /// Records the move of ply `ply` and, in the same transaction, updates the game: current
    /// FEN, ply count `ply + 1`, last move time `at`, and clears an open draw offer.
    ///
    /// Refusals: [`StoreError::AlreadyPlayed`] if ply `ply` is stored (a repeated or concurrent
    /// submission: of many submissions for one ply exactly one succeeds),
    /// [`StoreError::StalePly`] if `ply` is ahead of the game, [`StoreError::GameNotActive`],
    /// [`StoreError::GameNotFound`]. The store does not check legality; the service does.
    fn record_move(
        &self,
        game: GameId,
        ply: u32,
        move_long: &str,
        fen_after: &str,
        at: Millis,
    ) -> Result<Game, StoreError>;

    /// [`Store::record_move`] and [`Store::finish_game`] in one transaction, for a move that
    /// ends the game (no moves left, repetition, 40-move rule): a crash can never leave the
    /// last move stored and the game still active. `finish.ply` must be `ply + 1`.
    fn record_final_move(
        &self,
        game: GameId,
        ply: u32,
        move_long: &str,
        fen_after: &str,
        finish: Finish,
    ) -> Result<FinishedGame, StoreError>;

    /// The moves of a game, by ply.
    fn moves(&self, game: GameId) -> Result<Vec<MoveRecord>, StoreError>;

    /// Opens a draw offer by `by` at the current ply `ply` (stale otherwise), replacing any open
    /// offer, and remembers `ply` as that side's latest offer. The re-offer policy is the
    /// caller's.
    fn offer_draw(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError>;

    /// Withdraws the open draw offer, if any (declined or withdrawn).
    fn clear_draw_offer(&self, game: GameId) -> Result<Game, StoreError>;

    /// Finishes an active game at `finish.ply` (stale otherwise) with a result and reason, and
    /// in the same transaction counts it as `finish.counting` says: between two people, a win,
    /// loss or draw added to both and, if rated, both ratings replaced by what `finish.rate`
    /// returns for the ratings read in this transaction (returned as
    /// [`FinishedGame::ratings`]); against the engine, the person's record against that level,
    /// no rating. A counting that names other players than the game's is
    /// [`StoreError::Invalid`].
    fn finish_game(&self, game: GameId, finish: Finish) -> Result<FinishedGame, StoreError>;

    /// Aborts an active game (status aborted, reason abort, no result): unrated, uncounted.
    /// Its [`Game::abort_reason`] is [`AbortReason::Moderator`].
    fn abort_game(&self, game: GameId, at: Millis) -> Result<Game, StoreError>;

    /// Aborts an active game still at `ply` ([`StoreError::StalePly`] otherwise: a move keeps
    /// it alive) as left idle ([`AbortReason::Idle`]).
    fn abandon_game(&self, game: GameId, ply: u32, at: Millis) -> Result<Game, StoreError>;

    /// Records that reminder `stage` (1 to 3, see [`Game::reminder_stage`]) went to the player
    /// to move at `ply`: a compare-and-set that succeeds (`true`) only if the game is active
    /// and at `ply` and no reminder of that stage or a later one was recorded for `ply`, so
    /// each is sent once however many sweeps run.
    fn advance_reminder(&self, game: GameId, ply: u32, stage: u8) -> Result<bool, StoreError>;

    /// Active games where at least half the player to move's time is gone at `at`
    /// (`last_move_at + time_per_move_ms / 2 <= at`) and the stage-3 reminder for the current
    /// ply has not been recorded: the ones a reminder may be due for.
    fn reminder_candidates(&self, at: Millis) -> Result<Vec<Game>, StoreError>;

    // ---- takebacks -----------------------------------------------------------------------

    /// Opens a takeback request by `by` at the current ply `ply` (stale otherwise), replacing
    /// any open one.
    fn request_takeback(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError>;

    /// Withdraws the open takeback request, if any (declined, or the game moved on).
    fn clear_takeback_request(&self, game: GameId) -> Result<Game, StoreError>;

    /// Takes back the last `plies` moves (at least 1, at most `ply`) of an active game at
    /// `ply` (stale otherwise), in one transaction: the moves are deleted, the current
    /// position is the one after the last move kept, `last_move_at = at` (the player to move
    /// gets their full time), open draw offers and takeback requests and the reminders sent
    /// are cleared, the takeback count goes up by one, and the takeback is recorded
    /// ([`Store::takebacks`]) as asked by `by`.
    fn take_back(
        &self,
        game: GameId,
        ply: u32,
        plies: u32,
        by: Color,
        at: Millis,
    ) -> Result<Game, StoreError>;

    /// A game's takebacks, oldest first.
    fn takebacks(&self, game: GameId) -> Result<Vec<Takeback>, StoreError>;

    // ---- the coach -----------------------------------------------------------------------

    /// The stored analysis of a game, if any.
    fn analysis(&self, game: GameId) -> Result<Option<StoredAnalysis>, StoreError>;

    /// Stores the analysis of a stored game that is no longer active, replacing any stored
    /// before. An active game is [`StoreError::Invalid`].
    fn save_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError>;

    /// Records a hint for an active game at its current ply `ply` (stale otherwise) in the
    /// position `fen`, unless a hint was given in that position at that ply already
    /// ([`HintRecord::Again`]) or the game has had `limit` hints ([`HintRecord::LimitReached`]);
    /// one transaction.
    fn record_hint(
        &self,
        game: GameId,
        ply: u32,
        fen: &str,
        move_long: &str,
        limit: u32,
        at: Millis,
    ) -> Result<HintRecord, StoreError>;

    /// The hints given in a game, oldest first.
    fn hints(&self, game: GameId) -> Result<Vec<Hint>, StoreError>;

    /// Remembers the message that shows a game's board, and returns the one remembered before
    /// (`None` for the first); both in one transaction. Discord ids grow with time, so a
    /// message with a smaller id than the one remembered is an older board whose answer came
    /// late (two answers in flight at once): the newer one stays remembered and `message`
    /// itself is returned, as the board that is no longer live.
    fn set_board_message(
        &self,
        game: GameId,
        message: MessageRef,
    ) -> Result<Option<MessageRef>, StoreError>;

    /// Active games whose player to move has been silent for more than `periods` times the time
    /// per move: `last_move_at + periods * time_per_move_ms < at`. `periods = 1` gives the
    /// games whose time ran out (the opponent may claim), `2` the ones the sweep forfeits.
    fn overdue_games(&self, at: Millis, periods: u32) -> Result<Vec<Game>, StoreError>;

    /// Active games whose side to move is the engine (by the current FEN), oldest move first:
    /// the ones whose reply a restart interrupted.
    fn engine_to_move_games(&self) -> Result<Vec<Game>, StoreError>;

    /// Active games against the engine whose person is to move and has been silent for at
    /// least `idle_ms`: `last_move_at + idle_ms <= at`, oldest move first.
    fn idle_engine_games(&self, at: Millis, idle_ms: i64) -> Result<Vec<Game>, StoreError>;

    // ---- queries for the features --------------------------------------------------------

    /// A page (from 0) of a guild's players with at least `min_games` games against people,
    /// best rating first (ties: lower deviation, then more games, then lower user id).
    fn leaderboard(
        &self,
        guild: GuildId,
        min_games: u32,
        page: u32,
        page_size: u32,
    ) -> Result<LeaderboardPage, StoreError>;

    /// A player's stats in a guild, if stored.
    fn player_stats(&self, guild: GuildId, user: UserId)
    -> Result<Option<PlayerStats>, StoreError>;

    /// The latest `limit` games (any status) a user played in a guild, latest activity first.
    fn recent_games_of_player(
        &self,
        guild: GuildId,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError>;

    /// The latest `limit` games (any status) of a channel, latest activity first.
    fn recent_games_in_channel(
        &self,
        channel: ChannelId,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError>;

    /// A game with its players' names and every move, for PDN export.
    fn game_export(&self, game: GameId) -> Result<Option<GameExport>, StoreError>;

    // ---- servers -------------------------------------------------------------------------

    /// What a server has chosen; the [`Default`] for a server never stored.
    fn server_settings(&self, guild: GuildId) -> Result<ServerSettings, StoreError>;

    /// Sets the language a manager chose for the server (`None`: follow its Discord
    /// language again), keeping the rest of its settings; returns them all.
    fn set_server_language(
        &self,
        guild: GuildId,
        language: Option<Language>,
    ) -> Result<ServerSettings, StoreError>;

    /// Remembers the server's Discord language as last seen, keeping the rest of its
    /// settings (the chosen language stays chosen); returns them all.
    fn set_server_discord_language(
        &self,
        guild: GuildId,
        language: Language,
    ) -> Result<ServerSettings, StoreError>;

    /// Stores what the managers chose (every field of `choices` but the Discord language,
    /// which stays as last seen); returns the settings as stored. A non-positive time or a
    /// daily puzzle hour above 23 is [`StoreError::Invalid`].
    fn save_server_choices(
        &self,
        guild: GuildId,
        choices: &ServerSettings,
    ) -> Result<ServerSettings, StoreError>;

    /// The channels of a guild where games may start, by id; empty for every channel.
    fn game_channels(&self, guild: GuildId) -> Result<Vec<ChannelId>, StoreError>;

    /// Adds a channel to the guild's game channels (`allowed`) or removes it; returns the
    /// list as it is now.
    fn set_game_channel(
        &self,
        guild: GuildId,
        channel: ChannelId,
        allowed: bool,
    ) -> Result<Vec<ChannelId>, StoreError>;

    // ---- people --------------------------------------------------------------------------

    /// How a person wants to hear about their games ([`NotifyMode::Ping`] for someone who
    /// never chose).
    fn notify_mode(&self, user: UserId) -> Result<NotifyMode, StoreError>;

    /// Stores how a person wants to hear about their games.
    fn set_notify_mode(&self, user: UserId, mode: NotifyMode) -> Result<(), StoreError>;

    // ---- tournaments ---------------------------------------------------------------------

    /// Stores a tournament in sign-up. [`StoreError::TournamentOpen`] when the guild has one in
    /// sign-up or running (the schema holds at most one); [`StoreError::Invalid`] for a name
    /// of no or more than 100 characters, a non-positive time, no Swiss rounds or a count of
    /// games per pairing other than 1 and 2.
    fn create_tournament(&self, tournament: &NewTournament) -> Result<Tournament, StoreError>;

    /// A tournament by id.
    fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError>;

    /// The guild's latest tournament, whatever its status (the one in sign-up or running, if
    /// any: only one can be, and it is the latest).
    fn latest_tournament(&self, guild: GuildId) -> Result<Option<Tournament>, StoreError>;

    /// Remembers the tournament's sign-up message.
    fn set_tournament_message(
        &self,
        id: TournamentId,
        message: MessageRef,
    ) -> Result<(), StoreError>;

    /// Signs `user` up (a player stored in the tournament's guild, with `rating` at sign-up)
    /// and returns the entrants. [`StoreError::AlreadyEntered`] the second time (the key
    /// decides), [`StoreError::TournamentStatus`] once the sign-up is over,
    /// [`StoreError::PlayerNotFound`] for a person not stored.
    fn join_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        rating: i32,
        at: Millis,
    ) -> Result<Vec<Entrant>, StoreError>;

    /// Takes `user` off the entrants during the sign-up and returns the others.
    /// [`StoreError::NotEntered`], [`StoreError::TournamentStatus`] after the sign-up.
    fn leave_tournament(&self, id: TournamentId, user: UserId) -> Result<Vec<Entrant>, StoreError>;

    /// The entrants, in the order they joined.
    fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError>;

    /// Withdraws an entrant of a running tournament: not paired from round `from_round` on
    /// (their games paired already still count). Withdrawing again keeps the first round.
    /// [`StoreError::NotEntered`], [`StoreError::TournamentStatus`] unless running.
    fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        from_round: u32,
    ) -> Result<Entrant, StoreError>;

    /// Pairs a round and creates its games, in one transaction: the round (its number the key:
    /// [`StoreError::RoundPaired`] for a round paired already, so of two callers exactly one
    /// pairs it), its boards, and a game for each board with two players and no forfeit (the
    /// tournament's channel, time per move and rating, `round.start_fen`, tagged with the
    /// tournament and round). Round 1 starts a tournament in sign-up (`started_at`); later
    /// rounds need it running ([`StoreError::TournamentStatus`] otherwise), and a number other
    /// than the next one is [`StoreError::Invalid`].
    fn pair_round(
        &self,
        id: TournamentId,
        round: &NewRound,
        pairings: &[NewPairing],
    ) -> Result<PairedRound, StoreError>;

    /// The rounds paired, by number.
    fn tournament_rounds(&self, id: TournamentId) -> Result<Vec<TournamentRound>, StoreError>;

    /// Every board of every round, by round and board, with what each counts
    /// ([`TournamentPairing::result`]).
    fn tournament_pairings(&self, id: TournamentId) -> Result<Vec<TournamentPairing>, StoreError>;

    /// The board a game is played on, for a tournament's game.
    fn tournament_game(&self, game: GameId) -> Result<Option<TournamentGame>, StoreError>;

    /// Records a forfeit on a board of a running tournament: the board's game, if still
    /// active, is aborted (no rating, no record) in the same transaction. [`StoreError::Invalid`]
    /// when the board has a result already or is a bye, or `result` is not a forfeit.
    fn record_forfeit(
        &self,
        id: TournamentId,
        round: u32,
        board: u32,
        result: crate::tournament::GameResult,
        at: Millis,
    ) -> Result<TournamentPairing, StoreError>;

    /// Finishes a running tournament ([`StoreError::TournamentStatus`] otherwise: of two
    /// callers one finishes it).
    fn finish_tournament(&self, id: TournamentId, at: Millis) -> Result<Tournament, StoreError>;

    /// Cancels a tournament in sign-up or running and aborts its active games, in one
    /// transaction; returns it and the games aborted.
    fn cancel_tournament(
        &self,
        id: TournamentId,
        at: Millis,
    ) -> Result<(Tournament, Vec<Game>), StoreError>;

    /// Tournaments in sign-up whose deadline is at or before `at`.
    fn signups_due(&self, at: Millis) -> Result<Vec<Tournament>, StoreError>;

    /// The running tournaments, oldest first.
    fn running_tournaments(&self) -> Result<Vec<Tournament>, StoreError>;

    // ---- puzzles -------------------------------------------------------------------------

    /// Starts an attempt (step 0, open) of a person stored in the guild
    /// ([`StoreError::PlayerNotFound`] otherwise), closing their open attempt in that guild,
    /// if any, as [`PuzzleStatus::Abandoned`] in the same transaction (returned second). The
    /// attempt is rated when it is the person's first at that puzzle in the guild.
    /// [`StoreError::Invalid`] for a puzzle id of no or more than 32 characters.
    fn start_puzzle_attempt(
        &self,
        attempt: &NewPuzzleAttempt,
    ) -> Result<(PuzzleAttempt, Option<PuzzleAttempt>), StoreError>;

    /// An attempt by id.
    fn puzzle_attempt(&self, id: PuzzleAttemptId) -> Result<Option<PuzzleAttempt>, StoreError>;

    /// The person's open attempt in a guild, if any (at most one).
    fn open_puzzle_attempt(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<PuzzleAttempt>, StoreError>;

    /// Records a correct answer that does not end the puzzle: an open attempt still at `step`
    /// goes to `step + 1`. A compare-and-set: of many answers for one step exactly one
    /// succeeds; the others get [`StoreError::PuzzleStale`]. [`StoreError::PuzzleNotOpen`] for
    /// an attempt that is over, [`StoreError::PuzzleAttemptNotFound`].
    fn advance_puzzle_attempt(
        &self,
        id: PuzzleAttemptId,
        step: u32,
    ) -> Result<PuzzleAttempt, StoreError>;

    /// Finishes an open attempt still at `finish.step` (the same refusals as
    /// [`Store::advance_puzzle_attempt`]), in one transaction: its status, `finish.final_step`
    /// and `finished_at`; the person's solved or failed count and streak (a solve adds one,
    /// a failure resets it; the best streak follows); and, for a rated attempt, their puzzle
    /// rating (from [`INITIAL_RATING`] for a first puzzle) replaced by what `finish.rate`
    /// returns for the rating read in this transaction, both kept on the attempt.
    fn finish_puzzle_attempt(
        &self,
        id: PuzzleAttemptId,
        finish: PuzzleFinish,
    ) -> Result<FinishedPuzzle, StoreError>;

    /// A person's puzzle record in a guild; `None` before their first finished attempt.
    fn puzzle_player(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<PuzzlePlayer>, StoreError>;

    /// The guild's best solvers: at most `limit` people with at least `min_attempts` finished
    /// attempts, best puzzle rating first (ties: more solved, then lower user id).
    fn puzzle_ranking(
        &self,
        guild: GuildId,
        min_attempts: u32,
        limit: u32,
    ) -> Result<Vec<PuzzlePlayer>, StoreError>;

    /// Every puzzle the person has attempted in a guild (in any status), with the latest
    /// start, by puzzle id.
    fn attempted_puzzles(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<AttemptedPuzzle>, StoreError>;

    /// The person's latest attempt at the guild's daily puzzle of `day`, if any.
    fn daily_puzzle_attempt(
        &self,
        guild: GuildId,
        user: UserId,
        day: i64,
    ) -> Result<Option<PuzzleAttempt>, StoreError>;

    /// How many people solved the guild's daily puzzle of `day` (each once).
    fn daily_puzzle_solvers(&self, guild: GuildId, day: i64) -> Result<u32, StoreError>;

    /// The servers whose daily puzzle is posted in a channel, by guild id.
    fn daily_puzzle_servers(&self) -> Result<Vec<DailyPuzzleServer>, StoreError>;

    /// Claims the daily post of a guild's `day` (posted in `channel`, or passed over when
    /// `None`): `true` for the first caller only, however many processes ask (the key
    /// decides).
    fn claim_daily_puzzle_post(
        &self,
        guild: GuildId,
        day: i64,
        channel: Option<ChannelId>,
        at: Millis,
    ) -> Result<bool, StoreError>;
}
