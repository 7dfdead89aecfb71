//! The store's SQL, written once for both backends: the table modules hold the statements and
//! the logic around them (what a transaction checks, the mapping of rows, the codes), written
//! against the driver interface of `db`; `dialect` names the few fragments where SQLite and
//! PostgreSQL differ. [`SqlBackend`] is what a backend adds: how a transaction begins, commits
//! and is tried again. Each [`Store`] method is one transaction of it.

mod challenges;
mod coach;
pub(crate) mod db;
pub(crate) mod dialect;
pub(crate) mod games;
mod gateway;
mod idle;
mod outbox;
mod people;
mod players;
mod puzzles;
mod rows;
mod servers;
mod takebacks;
mod tournaments;

use db::Transaction;
use dialect::Dialect;

use dama_core::i18n::Language;
use dama_core::store::{
    AttemptedPuzzle, DailyPuzzleServer, FinishedPuzzle, NewPuzzleAttempt, PuzzleAttempt,
    PuzzleAttemptId, PuzzleFinish, PuzzlePlayer,
};
use dama_core::store::{
    Challenge, ChallengeId, ChallengeStatus, ChannelId, Color, DrawOffer, Entrant, Finish,
    FinishedGame, Game, GameExport, GameId, GuildId, Hint, HintRecord, LeaderboardPage, MessageRef,
    Millis, MoveRecord, NewChallenge, NewGame, NewPairing, NewRound, NewTournament, NotifyMode,
    PairedRound, Player, PlayerStats, ServerSettings, ShardSpan, Store, StoreError, StoredAnalysis,
    Takeback, TakebackRequest, Tournament, TournamentGame, TournamentId, TournamentPairing,
    TournamentRound, UserId,
};
use dama_core::store::{GameEnding, IdentifyTurn, NoticeId, OutboxEvent, OutboxNotice, PlayedMove};

/// What a transaction gives.
pub(crate) type Outcome<T> = Result<T, StoreError>;

/// A backend's transactions: a change runs in `write`, a query in `read`. Either may run `f`
/// more than once (PostgreSQL tries a transaction again after a conflict), so `f` only reads
/// its arguments.
pub(crate) trait SqlBackend: Send + Sync {
    /// The backend's SQL where it differs.
    const DIALECT: &'static Dialect;
    /// The backend's open transaction.
    type Tx<'t>: db::Connection;

    /// Runs `f` in one read transaction of the backend (one snapshot for all its statements).
    fn read_in<T>(&self, f: impl Fn(&Self::Tx<'_>) -> Outcome<T>) -> Outcome<T>;

    /// Runs `f` in one write transaction of the backend, committed if `f` succeeds, else
    /// rolled back.
    fn write_in<T>(&self, f: impl Fn(&Self::Tx<'_>) -> Outcome<T>) -> Outcome<T>;

    /// Runs `f` in one read transaction.
    fn read<T>(
        &self,
        f: impl Fn(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.read_in(|tx| f(&Transaction::new(tx, Self::DIALECT)))
    }

    /// Runs `f` in one write transaction.
    fn write<T>(
        &self,
        f: impl Fn(&Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.write_in(|tx| f(&Transaction::new(tx, Self::DIALECT)))
    }
}

/// Every game id, in order (for `damabot db check`).
pub(crate) fn game_ids(backend: &impl SqlBackend) -> Result<Vec<GameId>, StoreError> {
    backend.read(games::game_ids)
}

/// Rows in each copied table (`damabot db copy`).
pub(crate) fn row_counts(
    backend: &impl SqlBackend,
) -> Result<Vec<(&'static str, usize)>, StoreError> {
    backend.read(|tx| {
        crate::copy::COPIED_TABLES
            .iter()
            .map(|&table| {
                let rows: i64 = tx
                    .prepare_cached(&format!("SELECT count(*) FROM {table}"))?
                    .query_row(db::params![], |row| row.get(0))?;
                Ok((table, usize::try_from(rows).unwrap_or(0)))
            })
            .collect()
    })
}

/// The port on a backend: each method is one transaction, `write` for a change, `read` for a
/// query; the work is in the table modules. (A macro rather than a blanket impl: the port is
/// another crate's trait.)
macro_rules! store_on_sql {
    ($backend:ty) => {
        impl Store for $backend {
            fn ensure_player(
                &self,
                guild: GuildId,
                user: UserId,
                display_name: &str,
                at: Millis,
            ) -> Result<Player, StoreError> {
                self.write(|tx| players::ensure_player(tx, guild, user, display_name, at))
            }

            fn player(&self, guild: GuildId, user: UserId) -> Result<Option<Player>, StoreError> {
                self.read(|tx| players::load_player(tx, guild, user))
            }

            fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge, StoreError> {
                self.write(|tx| challenges::create_challenge(tx, challenge))
            }

            fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
                self.read(|tx| challenges::load_challenge(tx, id))
            }

            fn pending_challenges_in_channel(
                &self,
                channel: ChannelId,
                at: Millis,
            ) -> Result<Vec<Challenge>, StoreError> {
                self.read(|tx| challenges::pending_challenges_in_channel(tx, channel, at))
            }

            fn resolve_challenge(
                &self,
                id: ChallengeId,
                to: ChallengeStatus,
                at: Millis,
            ) -> Result<Challenge, StoreError> {
                self.write(|tx| challenges::resolve_challenge(tx, id, to, at))
            }

            fn accept_challenge(
                &self,
                id: ChallengeId,
                game: &NewGame,
            ) -> Result<(Challenge, Game), StoreError> {
                self.write(|tx| challenges::accept_challenge(tx, id, game))
            }

            fn set_challenge_message(
                &self,
                id: ChallengeId,
                message: MessageRef,
            ) -> Result<(), StoreError> {
                self.write(|tx| challenges::set_challenge_message(tx, id, message))
            }

            fn expire_challenges(
                &self,
                at: Millis,
                shards: Option<ShardSpan>,
            ) -> Result<Vec<Challenge>, StoreError> {
                self.write(|tx| {
                    let expired = challenges::expire_challenges(tx, at, shards)?;
                    for challenge in &expired {
                        let event = OutboxEvent::ChallengeExpired(challenge.id);
                        outbox::enqueue(tx, challenge.guild, &event, at)?;
                    }
                    Ok(expired)
                })
            }

            fn create_game(&self, game: &NewGame) -> Result<Game, StoreError> {
                self.write(|tx| games::insert_game(tx, game))
            }

            fn game(&self, id: GameId) -> Result<Option<Game>, StoreError> {
                self.read(|tx| games::load_game(tx, id))
            }

            fn active_game_in_channel(
                &self,
                channel: ChannelId,
            ) -> Result<Option<Game>, StoreError> {
                self.read(|tx| games::active_game_in_channel(tx, channel))
            }

            fn record_move(
                &self,
                game: GameId,
                ply: u32,
                move_long: &str,
                fen_after: &str,
                at: Millis,
            ) -> Result<Game, StoreError> {
                self.write(|tx| games::insert_move(tx, game, ply, move_long, fen_after, at))
            }

            fn record_final_move(
                &self,
                game: GameId,
                ply: u32,
                move_long: &str,
                fen_after: &str,
                finish: Finish,
            ) -> Result<FinishedGame, StoreError> {
                games::check_final_move(ply, &finish)?;
                self.write(|tx| {
                    games::insert_move(tx, game, ply, move_long, fen_after, finish.at)?;
                    games::finish(tx, game, finish)
                })
            }

            fn end_game_noticed(
                &self,
                game: GameId,
                ending: GameEnding,
                notice: &OutboxEvent,
            ) -> Result<FinishedGame, StoreError> {
                let at = match ending {
                    GameEnding::Finish(finish) | GameEnding::AcceptDraw(_, finish) => finish.at,
                    GameEnding::Abort(at) => at,
                };
                self.write(|tx| {
                    let finished = match ending {
                        GameEnding::Finish(finish) => games::finish(tx, game, finish)?,
                        GameEnding::AcceptDraw(offer, finish) => {
                            games::accept_draw(tx, game, offer, finish)?
                        }
                        GameEnding::Abort(at) => FinishedGame {
                            game: games::abort_game(tx, game, at)?,
                            ratings: None,
                        },
                    };
                    outbox::enqueue(tx, finished.game.guild, notice, at)?;
                    Ok(finished)
                })
            }

            fn record_noticed_move(
                &self,
                game: GameId,
                played: PlayedMove<'_>,
                finish: Option<Finish>,
                notice: &OutboxEvent,
            ) -> Result<FinishedGame, StoreError> {
                let PlayedMove {
                    ply,
                    long,
                    fen_after,
                    at,
                } = played;
                if let Some(finish) = &finish {
                    games::check_final_move(ply, finish)?;
                }
                self.write(|tx| {
                    let record = games::insert_move(tx, game, ply, long, fen_after, at)?;
                    let finished = match finish {
                        Some(finish) => games::finish(tx, game, finish)?,
                        None => FinishedGame {
                            game: record,
                            ratings: None,
                        },
                    };
                    outbox::enqueue(tx, finished.game.guild, notice, at)?;
                    Ok(finished)
                })
            }

            fn moves(&self, game: GameId) -> Result<Vec<MoveRecord>, StoreError> {
                self.read(|tx| games::load_moves(tx, game))
            }

            fn offer_draw(&self, game: GameId, by: Color, ply: u32) -> Result<Game, StoreError> {
                self.write(|tx| games::offer_draw(tx, game, by, ply))
            }

            fn clear_draw_offer(&self, game: GameId, offer: DrawOffer) -> Result<Game, StoreError> {
                self.write(|tx| games::clear_draw_offer(tx, game, offer))
            }

            fn accept_draw(
                &self,
                game: GameId,
                offer: DrawOffer,
                finish: Finish,
            ) -> Result<FinishedGame, StoreError> {
                self.write(|tx| games::accept_draw(tx, game, offer, finish))
            }

            fn finish_game(
                &self,
                game: GameId,
                finish: Finish,
            ) -> Result<FinishedGame, StoreError> {
                self.write(|tx| games::finish(tx, game, finish))
            }

            fn forfeit_game(
                &self,
                game: GameId,
                finish: Finish,
            ) -> Result<FinishedGame, StoreError> {
                self.write(|tx| {
                    let finished = games::finish(tx, game, finish)?;
                    let event = OutboxEvent::Forfeit {
                        game,
                        ratings: finished.ratings,
                    };
                    outbox::enqueue(tx, finished.game.guild, &event, finish.at)?;
                    Ok(finished)
                })
            }

            fn abort_game(&self, game: GameId, at: Millis) -> Result<Game, StoreError> {
                self.write(|tx| games::abort_game(tx, game, at))
            }

            fn set_board_message(
                &self,
                game: GameId,
                message: MessageRef,
            ) -> Result<Option<MessageRef>, StoreError> {
                self.write(|tx| games::set_board_message(tx, game, message))
            }

            fn overdue_games(&self, at: Millis, periods: u32) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::overdue_games(tx, at, periods))
            }

            fn flagged_games(&self, at: Millis) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::flagged_games(tx, at))
            }

            fn engine_to_move_games(&self) -> Result<Vec<Game>, StoreError> {
                self.read(games::engine_to_move_games)
            }

            fn idle_engine_games(&self, at: Millis, idle_ms: i64) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| idle::idle_engine_games(tx, at, idle_ms))
            }

            fn leaderboard(
                &self,
                guild: GuildId,
                min_games: u32,
                page: u32,
                page_size: u32,
            ) -> Result<LeaderboardPage, StoreError> {
                self.read(|tx| players::leaderboard(tx, guild, min_games, page, page_size))
            }

            fn player_stats(
                &self,
                guild: GuildId,
                user: UserId,
            ) -> Result<Option<PlayerStats>, StoreError> {
                self.read(|tx| players::player_stats(tx, guild, user))
            }

            fn recent_games_of_player(
                &self,
                guild: GuildId,
                user: UserId,
                limit: u32,
            ) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::recent_games_of_player(tx, guild, user, limit))
            }

            fn recent_games_in_channel(
                &self,
                channel: ChannelId,
                limit: u32,
            ) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::recent_games_in_channel(tx, channel, limit))
            }

            fn game_export(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
                self.read(|tx| games::game_export(tx, id))
            }

            fn server_settings(&self, guild: GuildId) -> Result<ServerSettings, StoreError> {
                self.read(|tx| servers::load_server(tx, guild))
            }

            fn set_server_language(
                &self,
                guild: GuildId,
                language: Option<Language>,
            ) -> Result<ServerSettings, StoreError> {
                self.write(|tx| servers::set_language(tx, guild, language))
            }

            fn set_server_discord_language(
                &self,
                guild: GuildId,
                language: Option<Language>,
            ) -> Result<ServerSettings, StoreError> {
                self.write(|tx| servers::set_discord_language(tx, guild, language))
            }

            fn active_games_in_threads_of(
                &self,
                channel: ChannelId,
            ) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::active_games_in_threads_of(tx, channel))
            }

            fn active_games(
                &self,
                guild: GuildId,
                user: Option<UserId>,
            ) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::active_games(tx, guild, user))
            }

            fn set_game_thread(&self, game: GameId, thread: ChannelId) -> Result<Game, StoreError> {
                self.write(|tx| games::set_game_thread(tx, game, thread))
            }

            fn play_in_channel(&self, game: GameId) -> Result<Game, StoreError> {
                self.write(|tx| games::play_in_channel(tx, game))
            }

            fn abandon_game(&self, game: GameId, ply: u32, at: Millis) -> Result<Game, StoreError> {
                self.write(|tx| games::abandon_game(tx, game, ply, at))
            }

            fn end_idle_game(
                &self,
                game: GameId,
                ply: u32,
                at: Millis,
            ) -> Result<Game, StoreError> {
                self.write(|tx| {
                    let ended = games::abandon_game(tx, game, ply, at)?;
                    outbox::enqueue(tx, ended.guild, &OutboxEvent::IdleEnded(game), at)?;
                    Ok(ended)
                })
            }

            fn advance_reminder(
                &self,
                game: GameId,
                ply: u32,
                stage: u8,
            ) -> Result<bool, StoreError> {
                self.write(|tx| {
                    let advanced = games::advance_reminder(tx, game, ply, stage)?;
                    if advanced {
                        outbox::enqueue_reminder(tx, game, ply, stage)?;
                    }
                    Ok(advanced)
                })
            }

            fn reminder_candidates(&self, at: Millis) -> Result<Vec<Game>, StoreError> {
                self.read(|tx| games::reminder_candidates(tx, at))
            }

            fn request_takeback(
                &self,
                game: GameId,
                by: Color,
                ply: u32,
            ) -> Result<Game, StoreError> {
                self.write(|tx| takebacks::request_takeback(tx, game, by, ply))
            }

            fn clear_takeback_request(
                &self,
                game: GameId,
                request: TakebackRequest,
            ) -> Result<Game, StoreError> {
                self.write(|tx| takebacks::clear_takeback_request(tx, game, request))
            }

            fn accept_takeback(
                &self,
                game: GameId,
                request: TakebackRequest,
                plies: u32,
                at: Millis,
            ) -> Result<Game, StoreError> {
                self.write(|tx| takebacks::accept_takeback(tx, game, request, plies, at))
            }

            fn take_back(
                &self,
                game: GameId,
                ply: u32,
                plies: u32,
                by: Color,
                at: Millis,
            ) -> Result<Game, StoreError> {
                self.write(|tx| takebacks::take_back(tx, game, ply, plies, by, at))
            }

            fn takebacks(&self, game: GameId) -> Result<Vec<Takeback>, StoreError> {
                self.read(|tx| takebacks::load_takebacks(tx, game))
            }

            fn analysis(&self, game: GameId) -> Result<Option<StoredAnalysis>, StoreError> {
                self.read(|tx| coach::analysis(tx, game))
            }

            fn save_analysis(&self, analysis: &StoredAnalysis) -> Result<(), StoreError> {
                self.write(|tx| coach::save_analysis(tx, analysis))
            }

            fn record_hint(
                &self,
                game: GameId,
                ply: u32,
                fen: &str,
                move_long: &str,
                limit: u32,
                at: Millis,
            ) -> Result<HintRecord, StoreError> {
                self.write(|tx| coach::record_hint(tx, game, ply, fen, move_long, limit, at))
            }

            fn hints(&self, game: GameId) -> Result<Vec<Hint>, StoreError> {
                self.read(|tx| coach::load_hints(tx, game))
            }

            fn save_server_choices(
                &self,
                guild: GuildId,
                choices: &ServerSettings,
            ) -> Result<ServerSettings, StoreError> {
                self.write(|tx| servers::save_choices(tx, guild, choices))
            }

            fn game_channels(&self, guild: GuildId) -> Result<Vec<ChannelId>, StoreError> {
                self.read(|tx| servers::game_channels(tx, guild))
            }

            fn set_game_channel(
                &self,
                guild: GuildId,
                channel: ChannelId,
                allowed: bool,
            ) -> Result<Vec<ChannelId>, StoreError> {
                self.write(|tx| servers::set_game_channel(tx, guild, channel, allowed))
            }

            fn notify_mode(&self, user: UserId) -> Result<NotifyMode, StoreError> {
                self.read(|tx| people::notify_mode(tx, user))
            }

            fn set_notify_mode(&self, user: UserId, mode: NotifyMode) -> Result<(), StoreError> {
                self.write(|tx| people::set_notify_mode(tx, user, mode))
            }

            fn person_language(&self, user: UserId) -> Result<Option<Language>, StoreError> {
                self.read(|tx| people::language(tx, user))
            }

            fn set_person_language(
                &self,
                user: UserId,
                language: Language,
            ) -> Result<(), StoreError> {
                self.write(|tx| people::set_language(tx, user, language))
            }

            fn take_identify_turn(
                &self,
                slots: u32,
                now: Millis,
                until: Millis,
            ) -> Result<IdentifyTurn, StoreError> {
                self.write(|tx| gateway::take_turn(tx, slots, now, until))
            }

            fn create_tournament(
                &self,
                tournament: &NewTournament,
            ) -> Result<Tournament, StoreError> {
                self.write(|tx| tournaments::create_tournament(tx, tournament))
            }

            fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
                self.read(|tx| tournaments::load_tournament(tx, id))
            }

            fn latest_tournament(&self, guild: GuildId) -> Result<Option<Tournament>, StoreError> {
                self.read(|tx| tournaments::latest_tournament(tx, guild))
            }

            fn set_tournament_message(
                &self,
                id: TournamentId,
                message: MessageRef,
            ) -> Result<(), StoreError> {
                self.write(|tx| tournaments::set_message(tx, id, message))
            }

            fn join_tournament(
                &self,
                id: TournamentId,
                user: UserId,
                rating: i32,
                at: Millis,
                max: Option<usize>,
            ) -> Result<Vec<Entrant>, StoreError> {
                self.write(|tx| tournaments::join(tx, id, user, rating, at, max))
            }

            fn leave_tournament(
                &self,
                id: TournamentId,
                user: UserId,
            ) -> Result<Vec<Entrant>, StoreError> {
                self.write(|tx| tournaments::leave(tx, id, user))
            }

            fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
                self.read(|tx| tournaments::entrants(tx, id))
            }

            fn withdraw_from_tournament(
                &self,
                id: TournamentId,
                user: UserId,
                from_round: u32,
            ) -> Result<Entrant, StoreError> {
                self.write(|tx| tournaments::withdraw(tx, id, user, from_round))
            }

            fn pair_round(
                &self,
                id: TournamentId,
                round: &NewRound,
                pairings: &[NewPairing],
            ) -> Result<PairedRound, StoreError> {
                self.write(|tx| {
                    let paired = tournaments::pair_round(tx, id, round, pairings)?;
                    let event = OutboxEvent::Round {
                        tournament: id,
                        number: paired.round.number,
                    };
                    outbox::enqueue(tx, paired.tournament.guild, &event, round.paired_at)?;
                    Ok(paired)
                })
            }

            fn tournament_rounds(
                &self,
                id: TournamentId,
            ) -> Result<Vec<TournamentRound>, StoreError> {
                self.read(|tx| tournaments::rounds(tx, id))
            }

            fn tournament_pairings(
                &self,
                id: TournamentId,
            ) -> Result<Vec<TournamentPairing>, StoreError> {
                self.read(|tx| tournaments::pairings(tx, id))
            }

            fn tournament_game(&self, game: GameId) -> Result<Option<TournamentGame>, StoreError> {
                self.read(|tx| tournaments::tournament_game(tx, game))
            }

            fn record_forfeit(
                &self,
                id: TournamentId,
                round: u32,
                board: u32,
                result: dama_core::tournament::GameResult,
                at: Millis,
            ) -> Result<TournamentPairing, StoreError> {
                self.write(|tx| tournaments::record_forfeit(tx, id, round, board, result, at))
            }

            fn finish_tournament(
                &self,
                id: TournamentId,
                at: Millis,
            ) -> Result<Tournament, StoreError> {
                self.write(|tx| {
                    let finished = tournaments::finish_tournament(tx, id, at)?;
                    outbox::enqueue(tx, finished.guild, &OutboxEvent::TournamentEnd(id), at)?;
                    Ok(finished)
                })
            }

            fn cancel_tournament(
                &self,
                id: TournamentId,
                at: Millis,
            ) -> Result<(Tournament, Vec<Game>), StoreError> {
                self.write(|tx| tournaments::cancel_tournament(tx, id, at))
            }

            fn signups_due(&self, at: Millis) -> Result<Vec<Tournament>, StoreError> {
                self.read(|tx| tournaments::signups_due(tx, at))
            }

            fn running_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
                self.read(tournaments::running_tournaments)
            }

            fn start_puzzle_attempt(
                &self,
                attempt: &NewPuzzleAttempt,
            ) -> Result<(PuzzleAttempt, Option<PuzzleAttempt>), StoreError> {
                self.write(|tx| puzzles::start_attempt(tx, attempt))
            }

            fn puzzle_attempt(
                &self,
                id: PuzzleAttemptId,
            ) -> Result<Option<PuzzleAttempt>, StoreError> {
                self.read(|tx| puzzles::load_attempt(tx, id))
            }

            fn open_puzzle_attempt(
                &self,
                guild: GuildId,
                user: UserId,
            ) -> Result<Option<PuzzleAttempt>, StoreError> {
                self.read(|tx| puzzles::open_attempt(tx, guild, user))
            }

            fn advance_puzzle_attempt(
                &self,
                id: PuzzleAttemptId,
                step: u32,
            ) -> Result<PuzzleAttempt, StoreError> {
                self.write(|tx| puzzles::advance_attempt(tx, id, step))
            }

            fn finish_puzzle_attempt(
                &self,
                id: PuzzleAttemptId,
                finish: PuzzleFinish,
            ) -> Result<FinishedPuzzle, StoreError> {
                self.write(|tx| puzzles::finish_attempt(tx, id, finish))
            }

            fn puzzle_player(
                &self,
                guild: GuildId,
                user: UserId,
            ) -> Result<Option<PuzzlePlayer>, StoreError> {
                self.read(|tx| puzzles::player(tx, guild, user))
            }

            fn puzzle_ranking(
                &self,
                guild: GuildId,
                min_attempts: u32,
                limit: u32,
            ) -> Result<Vec<PuzzlePlayer>, StoreError> {
                self.read(|tx| puzzles::ranking(tx, guild, min_attempts, limit))
            }

            fn attempted_puzzles(
                &self,
                guild: GuildId,
                user: UserId,
            ) -> Result<Vec<AttemptedPuzzle>, StoreError> {
                self.read(|tx| puzzles::attempted(tx, guild, user))
            }

            fn daily_puzzle_attempt(
                &self,
                guild: GuildId,
                user: UserId,
                day: i64,
            ) -> Result<Option<PuzzleAttempt>, StoreError> {
                self.read(|tx| puzzles::daily_attempt(tx, guild, user, day))
            }

            fn daily_puzzle_solvers(&self, guild: GuildId, day: i64) -> Result<u32, StoreError> {
                self.read(|tx| puzzles::daily_solvers(tx, guild, day))
            }

            fn daily_puzzle_servers(&self) -> Result<Vec<DailyPuzzleServer>, StoreError> {
                self.read(puzzles::daily_servers)
            }

            fn claim_daily_puzzle_post(
                &self,
                guild: GuildId,
                day: i64,
                channel: Option<ChannelId>,
                at: Millis,
            ) -> Result<bool, StoreError> {
                self.write(|tx| {
                    let claimed = puzzles::claim_daily_post(tx, guild, day, channel, at)?;
                    if let (true, Some(channel)) = (claimed, channel) {
                        outbox::enqueue(tx, guild, &OutboxEvent::Daily { day, channel }, at)?;
                    }
                    Ok(claimed)
                })
            }

            fn due_notices(
                &self,
                at: Millis,
                shards: Option<ShardSpan>,
                limit: u32,
            ) -> Result<Vec<OutboxNotice>, StoreError> {
                self.read(|tx| outbox::due_notices(tx, at, shards, limit))
            }

            fn claim_notice(
                &self,
                id: NoticeId,
                claimant: i64,
                at: Millis,
                until: Millis,
            ) -> Result<Option<OutboxNotice>, StoreError> {
                self.write(|tx| outbox::claim_notice(tx, id, claimant, at, until))
            }

            fn claim_event(
                &self,
                event: &OutboxEvent,
                claimant: i64,
                at: Millis,
                until: Millis,
            ) -> Result<Option<OutboxNotice>, StoreError> {
                self.write(|tx| outbox::claim_event(tx, event, claimant, at, until))
            }

            fn notice_posted(
                &self,
                id: NoticeId,
                claimant: i64,
                at: Millis,
            ) -> Result<bool, StoreError> {
                self.write(|tx| outbox::notice_posted(tx, id, claimant, at))
            }

            fn notice_retry(
                &self,
                id: NoticeId,
                claimant: i64,
                parts_done: u32,
                due_at: Millis,
            ) -> Result<bool, StoreError> {
                self.write(|tx| outbox::notice_retry(tx, id, claimant, parts_done, due_at))
            }
        }
    };
}

store_on_sql!(crate::sqlite::SqliteStore);
store_on_sql!(crate::postgres::PostgresStore);
