//! The store port: the [`Store`] trait the game service calls, and its contract.

#[cfg(doc)]
use super::{
    AbortReason, Counting, GameResult, INITIAL_RATING, MessageId, OutboxEvent, PuzzleStatus,
    RateGame, TournamentStatus,
};
use super::{
    AttemptedPuzzle, Challenge, ChallengeId, ChallengeStatus, ChannelId, Color, DailyPuzzleServer,
    DrawOffer, Entrant, Finish, FinishedGame, FinishedPuzzle, Game, GameExport, GameId, GuildId,
    Hint, HintRecord, IdentifyTurn, LeaderboardPage, MessageRef, Millis, MoveRecord, NewChallenge,
    NewGame, NewPairing, NewPuzzleAttempt, NewRound, NewTournament, NoticeId, NotifyMode,
    OutboxNotice, PairedRound, Player, PlayerStats, PuzzleAttempt, PuzzleAttemptId, PuzzleFinish,
    PuzzlePlayer, ServerSettings, ShardSpan, StoreError, StoredAnalysis, Takeback, TakebackRequest,
    Tournament, TournamentGame, TournamentId, TournamentPairing, TournamentRound, UserId,
};
use crate::i18n::Language;
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
///   [`StoreError::ChannelBusy`]. An answer to a draw offer or a takeback request names it
///   (its side, ply and number) and applies only while exactly it stands
///   ([`StoreError::NotStanding`]).
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
    /// returns them: those of the servers of `shards`, or of every server when `None`. Each
    /// one's notice ([`OutboxEvent::ChallengeExpired`], the edit of its message) is stored in
    /// the outbox in the same transaction, due at `at`.
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

    /// Ends a game by a person's action (`ending`: as [`Store::finish_game`],
    /// [`Store::accept_draw`] or [`Store::abort_game`], with their errors) and, in the same
    /// transaction, stores the notice it brings in the outbox (an [`OutboxEvent::Ended`]), due
    /// when it ended, of the game's server. An abort has no rating changes.
    fn end_game_noticed(
        &self,
        game: GameId,
        ending: crate::store::GameEnding,
        notice: &crate::store::OutboxEvent,
    ) -> Result<FinishedGame, StoreError>;

    /// Stores a move (as [`Store::record_move`], or with `finish` as
    /// [`Store::record_final_move`]) and, in the same transaction, the notice it brings in the
    /// outbox (an [`OutboxEvent::EngineMove`] or [`OutboxEvent::Move`]), due when the move was
    /// played, of the
    /// game's server. Without `finish`, the game as stored with no rating changes.
    fn record_noticed_move(
        &self,
        game: GameId,
        played: crate::store::PlayedMove<'_>,
        finish: Option<Finish>,
        notice: &crate::store::OutboxEvent,
    ) -> Result<FinishedGame, StoreError>;

    /// The moves of a game, by ply.
    fn moves(&self, game: GameId) -> Result<Vec<MoveRecord>, StoreError>;

    /// Opens a draw offer by `by` at the current ply `ply` (stale otherwise), replacing any open
    /// offer, and remembers `ply` as that side's latest offer. The re-offer policy is the
    /// caller's.
    fn offer_draw(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError>;

    /// Withdraws or declines the open draw offer `offer` (as read from [`Game::draw_offer`]):
    /// only while exactly that offer stands ([`StoreError::NotStanding`] once it was
    /// answered, withdrawn, replaced or cleared by a move).
    fn clear_draw_offer(&self, game: GameId, offer: DrawOffer) -> Result<Game, StoreError>;

    /// Accepts the open draw offer `offer`: [`Store::finish_game`] with `finish` (a draw by
    /// agreement, [`StoreError::Invalid`] otherwise) in a transaction that first checks that
    /// exactly that offer still stands ([`StoreError::NotStanding`] otherwise), so an accept
    /// racing a withdrawal, or a withdrawal and a new offer at the same ply, never ends the
    /// game on an offer that was withdrawn.
    fn accept_draw(
        &self,
        game: GameId,
        offer: DrawOffer,
        finish: Finish,
    ) -> Result<FinishedGame, StoreError>;

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

    /// [`Store::finish_game`] for a game the sweep forfeits, and in the same transaction its
    /// notice in the outbox ([`OutboxEvent::Forfeit`], with the rating changes), due at
    /// `finish.at`.
    fn forfeit_game(&self, game: GameId, finish: Finish) -> Result<FinishedGame, StoreError>;

    /// [`Store::abandon_game`] for an engine game the sweep ends as left idle, and in the same
    /// transaction its notice in the outbox ([`OutboxEvent::IdleEnded`]), due at `at`.
    fn end_idle_game(&self, game: GameId, ply: u32, at: Millis) -> Result<Game, StoreError>;

    /// Aborts an active game still at `ply` ([`StoreError::StalePly`] otherwise: a move keeps
    /// it alive) as left idle ([`AbortReason::Idle`]).
    fn abandon_game(&self, game: GameId, ply: u32, at: Millis) -> Result<Game, StoreError>;

    /// Records that reminder `stage` (1 to 3, see [`Game::reminder_stage`]) went to the player
    /// to move at `ply`: a compare-and-set that succeeds (`true`) only if the game is active
    /// and at `ply` and no reminder of that stage or a later one was recorded for `ply`, so
    /// each is sent once however many sweeps run. When it succeeds, the reminder's notice
    /// ([`OutboxEvent::Reminder`]) is stored in the outbox in the same transaction, due at
    /// once (dated by the game's last move).
    fn advance_reminder(&self, game: GameId, ply: u32, stage: u8) -> Result<bool, StoreError>;

    /// Active correspondence games where at least half the player to move's time is gone at `at`
    /// (`last_move_at + time_per_move_ms / 2 <= at`) and the stage-3 reminder for the current
    /// ply has not been recorded: the ones a reminder may be due for.
    fn reminder_candidates(&self, at: Millis) -> Result<Vec<Game>, StoreError>;

    // ---- takebacks -----------------------------------------------------------------------

    /// Opens a takeback request by `by` at the current ply `ply` (stale otherwise), replacing
    /// any open one.
    fn request_takeback(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError>;

    /// Withdraws or declines the open takeback request `request` (as read from
    /// [`Game::takeback_request`]): only while exactly that request stands
    /// ([`StoreError::NotStanding`] otherwise).
    fn clear_takeback_request(
        &self,
        game: GameId,
        request: TakebackRequest,
    ) -> Result<Game, StoreError>;

    /// Accepts the open takeback request `request`: [`Store::take_back`] of `plies` at the
    /// request's ply, asked by its side, in a transaction that first checks that exactly that
    /// request still stands ([`StoreError::NotStanding`] otherwise).
    fn accept_takeback(
        &self,
        game: GameId,
        request: TakebackRequest,
        plies: u32,
        at: Millis,
    ) -> Result<Game, StoreError>;

    /// Takes back the last `plies` moves (at least 1, at most `ply`) of an active game at
    /// `ply` (stale otherwise), in one transaction: the moves are deleted, the current
    /// position is the one after the last move kept, `last_move_at = at` (the player to move
    /// gets their full time), open draw offers and takeback requests and the reminders sent
    /// are cleared, the takeback count goes up by one, and the takeback is recorded
    /// ([`Store::takebacks`]) as asked by `by`. In a live game the time spent stays spent: the
    /// clock of the side that was to move is charged the time since the last move, with no
    /// increment.
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

    /// Active correspondence games whose player to move has been silent for more than
    /// `periods` times the time per move: `last_move_at + periods * time_per_move_ms < at`.
    /// `periods = 1` gives the games whose time ran out (the opponent may claim), `2` the ones
    /// the sweep forfeits. Live games are never overdue: their flags fall ([`Store::flagged_games`]).
    fn overdue_games(&self, at: Millis, periods: u32) -> Result<Vec<Game>, StoreError>;

    /// Active live games whose side to move has run out of time at `at`: the time left at
    /// the last move has passed (`last_move_at + left <= at`), oldest move first.
    fn flagged_games(&self, at: Millis) -> Result<Vec<Game>, StoreError>;

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

    /// Remembers the server's Discord language as last seen (`None`: the server has none of
    /// its own, not being a Community server), keeping the rest of its settings (the chosen
    /// language stays chosen); returns them all.
    fn set_server_discord_language(
        &self,
        guild: GuildId,
        language: Option<Language>,
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

    /// The language a person's Discord client last showed (`None`: never seen).
    fn person_language(&self, user: UserId) -> Result<Option<Language>, StoreError>;

    /// Remembers the language a person's Discord client shows, for their direct messages.
    fn set_person_language(&self, user: UserId, language: Language) -> Result<(), StoreError>;

    // ---- the gateway -----------------------------------------------------------------------

    /// Takes one of `slots` turns to identify with Discord's gateway (its `max_concurrency`)
    /// until `until`, if one is free at `now` (wall-clock milliseconds, whatever the game
    /// clock); otherwise says when the first turn is free again. Shared by every process of
    /// the database.
    fn take_identify_turn(
        &self,
        slots: u32,
        now: Millis,
        until: Millis,
    ) -> Result<IdentifyTurn, StoreError>;

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
    /// [`StoreError::PlayerNotFound`] for a person not stored, [`StoreError::TournamentFull`]
    /// when it has `max` entrants already (checked in the same transaction as the sign-up, so
    /// joins at once never take it past `max`; `None`: no cap).
    fn join_tournament(
        &self,
        id: TournamentId,
        user: UserId,
        rating: i32,
        at: Millis,
        max: Option<usize>,
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
    /// than the next one is [`StoreError::Invalid`]. The round's notice is stored in the
    /// outbox in the same transaction ([`OutboxEvent::Round`]), due at `round.paired_at`.
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
    /// callers one finishes it), with its notice in the outbox in the same transaction
    /// ([`OutboxEvent::TournamentEnd`]), due at `at`.
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
    /// decides). The post claimed for a channel is stored in the outbox in the same
    /// transaction ([`OutboxEvent::Daily`]), due at `at`.
    fn claim_daily_puzzle_post(
        &self,
        guild: GuildId,
        day: i64,
        channel: Option<ChannelId>,
        at: Millis,
    ) -> Result<bool, StoreError>;

    // ---- the outbox ----------------------------------------------------------------------

    /// The notices of the outbox not yet posted that are due at `at` and not claimed (or
    /// whose claim ran out by `at`), of the servers of `shards` (every server when `None`):
    /// at most `limit`, in the order they were stored.
    fn due_notices(
        &self,
        at: Millis,
        shards: Option<ShardSpan>,
        limit: u32,
    ) -> Result<Vec<OutboxNotice>, StoreError>;

    /// Claims a notice for `claimant` (any number the caller keeps, one per delivery) until
    /// `until`: a compare-and-set that succeeds only for a notice not posted, due at `at` and
    /// not claimed by a claim still running, so of two processes (or threads) exactly one
    /// wins. The notice as claimed, or `None`.
    fn claim_notice(
        &self,
        id: NoticeId,
        claimant: i64,
        at: Millis,
        until: Millis,
    ) -> Result<Option<OutboxNotice>, StoreError>;

    /// Claims the notice not yet posted that a change stored for `event` (the same kind,
    /// subject and ply), as [`Store::claim_notice`] does: for the process that made the change
    /// and posts its notice at once. The notice as claimed, or `None`.
    fn claim_event(
        &self,
        event: &crate::store::OutboxEvent,
        claimant: i64,
        at: Millis,
        until: Millis,
    ) -> Result<Option<OutboxNotice>, StoreError>;

    /// Marks a notice claimed by `claimant` posted at `at`: never returned again. `false` when
    /// `claimant` does not hold its claim (another process took it over) or it was posted.
    fn notice_posted(&self, id: NoticeId, claimant: i64, at: Millis) -> Result<bool, StoreError>;

    /// Gives back a notice claimed by `claimant` after a failed post: its first `parts_done`
    /// messages are out, it counts one more attempt and is due again at `due_at`. `false` when
    /// `claimant` does not hold its claim.
    fn notice_retry(
        &self,
        id: NoticeId,
        claimant: i64,
        parts_done: u32,
        due_at: Millis,
    ) -> Result<bool, StoreError>;
}
