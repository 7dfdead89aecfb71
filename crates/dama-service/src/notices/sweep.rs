//! Work nobody asked for in the moment: the engine's moves a restart interrupted, expired
//! challenges and games forfeited on time, as notices for their channels.

use crate::board::{mention, players};
use crate::loaded::Loaded;
use crate::moves::{MoveNotice, engine_move_text};
use crate::notify::last_move_text;
use crate::outbox::Delivery;
use crate::rating;
use crate::{GameService, Notice, ServiceError, engine_name, settle_mentions};
use dama_core::i18n::tr;
use dama_core::store::{
    EndReason, Finish, FinishedGame, Game, GameId, GameResult, GameStatus, Millis, OutboxEvent,
    Participant, StoreError,
};
use dama_core::text::Part;

impl GameService {
    /// Plays the engine's move in every active game where the engine is to move and no search
    /// of it is under way: the replies a restart interrupted (the player's move was stored, the
    /// engine's was not yet). Each move is stored with its notice in the outbox (the game's
    /// board message edited, pinging the person now to move), returned here each counted as
    /// posted at once: for callers that show them right away and cannot fail to (tests).
    pub fn resume_engine_games(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        let deliveries = self.resume_engine_deliveries()?;
        self.publish_deliveries(&deliveries);
        for delivery in deliveries {
            self.delivered(&delivery, None)?;
            notices.extend(delivery.notices);
        }
        Ok(notices)
    }

    /// [`Self::resume_engine_games`], each move's notice claimed from the outbox as it is
    /// stored, to report with [`Self::delivered`].
    fn resume_engine_deliveries(&self) -> Result<Vec<Delivery>, ServiceError> {
        let mut deliveries = Vec::new();
        for record in self.store.engine_to_move_games()? {
            if !self.owns_guild(record.guild) {
                continue;
            }
            // A full line for the engine: the next sweep goes on.
            if self.engines.admits(None).is_err() {
                break;
            }
            // One damaged game must not keep the others waiting.
            deliveries.extend(isolated("game", record.id, || {
                self.resume_engine_game(record.id)
            }));
        }
        Ok(deliveries)
    }

    /// The engine's move in one game where it is to move, unless a search of it is under way.
    fn resume_engine_game(&self, id: GameId) -> Result<Option<Delivery>, ServiceError> {
        let Some(_searching) = self.start_searching(id) else {
            // A player's job is searching it right now.
            return Ok(None);
        };
        // Read again under the mark: a job that just finished may have moved on.
        let Some(record) = self.store.game(id)? else {
            return Ok(None);
        };
        if record.status != GameStatus::Active {
            return Ok(None);
        }
        let mut loaded = self.load(record)?;
        let Participant::Engine(level) = loaded.record.participant(loaded.turn()) else {
            return Ok(None);
        };
        let ply = loaded.record.ply;
        let language = self.game_language(&loaded.record);
        let request = crate::Request::silent(None);
        self.engine_move_as(language, &mut loaded, level, &request, MoveNotice::Swept)?;
        if loaded.record.ply == ply {
            tracing::warn!(game = %id, level, "the engine has no move to resume with");
            return Ok(None);
        }
        let event = OutboxEvent::EngineMove {
            game: id,
            ply: ply + 1,
        };
        self.claim_event(&event)
    }

    /// The notices of the engine's move the sweep played in `record`, reaching `ply`, worded
    /// from what is stored now: the game's board message edited, pinging the person now to
    /// move (as they chose), or, if the move ended the game, its player, with the result where
    /// it is awaited. None when the game has moved on since (its next board says it all).
    pub(crate) fn engine_move_notices(
        &self,
        record: Game,
        ply: u32,
    ) -> Result<Vec<Notice>, ServiceError> {
        if record.ply != ply {
            return Ok(Vec::new());
        }
        let ended = record.status != GameStatus::Active;
        let loaded = self.load(record)?;
        let outcome = loaded.game.outcome();
        if ended && outcome.is_none() {
            // Ended otherwise since (an abort): that end has its own notice.
            return Ok(Vec::new());
        }
        let Some(written) = last_move_text(&loaded) else {
            return Ok(Vec::new());
        };
        let Participant::Engine(level) = loaded.record.participant(!loaded.turn()) else {
            return Ok(Vec::new());
        };
        let language = self.game_language(&loaded.record);
        let engine = engine_name(language, level);
        let end = outcome.map(|outcome| {
            let finished = FinishedGame {
                game: loaded.record.clone(),
                ratings: None,
            };
            self.ending_text(language, &loaded.record, outcome, &finished)
        });
        let text = engine_move_text(language, &engine, &written, &loaded.record, end);
        let mut reply = self.board_reply(language, &loaded, &text, None);
        let mut extra = Vec::new();
        if ended {
            reply.mentions.extend(players(&loaded.record));
            self.end_notices(&mut reply, &loaded.record, None);
            extra.append(&mut reply.notices);
        } else {
            extra.extend(self.turn_notice(
                &loaded.record,
                |language| Part::Words(engine_name(language, level)),
                &written,
                None,
            ));
        }
        settle_mentions(&mut reply, None);
        let mut notices = vec![Notice {
            guild: loaded.record.guild,
            channel: loaded.record.place(),
            reply,
            edit: loaded.record.board_message,
            direct: None,
        }];
        notices.append(&mut extra);
        Ok(notices)
    }

    /// Runs on a timer; returns the notices to post, for the servers this process looks after
    /// (see [`Self::owns_guild`]), as [`Self::sweep_deliveries`] gives them, each counted as
    /// posted at once: for callers that show them right away and cannot fail to (tests).
    pub fn sweep(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        for delivery in self.sweep_deliveries()? {
            self.delivered(&delivery, None)?;
            notices.extend(delivery.notices);
        }
        Ok(notices)
    }

    /// Runs on a timer; returns the notices to post, for the servers this process looks after
    /// (see [`Self::owns_guild`]), in deliveries to report with [`Self::delivered`]: the
    /// engine's moves that were due (see [`Self::resume_engine_games`]); then the notices of
    /// the outbox that are due (see [`Self::claim_outbox`]), among them those of the changes
    /// made now: expired challenges, games forfeited because the person to move let twice
    /// their time per move pass unclaimed, live games whose flag fell, idle engine games ended and the reminders that are
    /// due; then the tournaments that go on: sign-ups whose deadline passed and rounds whose
    /// end was missed (see `tournament_rounds`), and the puzzles of the day that are due (see
    /// `puzzle_daily`).
    pub fn sweep_deliveries(&self) -> Result<Vec<Delivery>, ServiceError> {
        // Each part, and each game, challenge, tournament and server's daily puzzle in it, fails
        // on its own: what fails is logged with its id and skipped, everything else is served.
        // Each part skips the servers of shards another process runs (`owns_guild`; the store
        // expires the challenges of this process's servers only).
        let now = self.now();
        let mut deliveries = isolated("sweep part", "engine moves", || {
            self.resume_engine_deliveries()
        });
        let parts: [(&str, &SweepPart<'_>); 6] = [
            ("expired challenges", &|| self.expired_challenges(now)),
            ("forfeits", &|| self.forfeits(now)),
            ("flags", &|| self.flags(now)),
            ("idle engine games", &|| self.idle_engine_games(now)),
            ("reminders", &|| self.reminders(now)),
            ("daily puzzles", &|| self.daily_puzzle_posts(now)),
        ];
        for (part, run) in parts {
            if let Err(error) = run() {
                tracing::error!(what = "sweep part", id = part, %error, "skipped by the sweep: it failed");
            }
        }
        // The tournaments that go on after the games the parts above ended: their rounds and
        // ends are claimed from the outbox as they are stored.
        deliveries.extend(isolated("sweep part", "tournaments", || {
            self.tournament_sweep(now)
        }));
        deliveries.extend(self.claim_outbox()?);
        for delivery in &mut deliveries {
            for notice in &mut delivery.notices {
                settle_mentions(&mut notice.reply, None);
            }
        }
        deliveries.retain(|delivery| !delivery.notices.is_empty());
        self.publish_deliveries(&deliveries);
        Ok(deliveries)
    }

    /// Tells the change feed about the games the notices of `deliveries` show.
    fn publish_deliveries(&self, deliveries: &[Delivery]) {
        let mut games: Vec<GameId> = deliveries
            .iter()
            .flat_map(|delivery| &delivery.notices)
            .filter_map(|notice| notice.reply.game)
            .collect();
        games.sort_unstable();
        games.dedup();
        for game in games {
            self.changes.publish(game);
        }
    }

    /// Games forfeited because the person to move let twice their time per move pass
    /// unclaimed; their notices are in the outbox (see [`Self::forfeit_notices`]).
    fn forfeits(&self, now: Millis) -> Result<(), ServiceError> {
        for record in self.store.overdue_games(now, 2)? {
            if !self.owns_guild(record.guild) {
                continue;
            }
            let id = record.id;
            if let Err(error) = self.forfeit(record, now) {
                tracing::error!(game = %id, %error, "skipped by the sweep: it failed");
            }
        }
        Ok(())
    }

    /// The notices of a game the sweep forfeited: its board with the result, and what its end
    /// brings. None for a game that does not replay (logged).
    pub(crate) fn forfeit_notices(
        &self,
        finished: &FinishedGame,
    ) -> Result<Vec<Notice>, ServiceError> {
        let Some(winner) = finished.game.result.and_then(GameResult::winner) else {
            return Ok(Vec::new());
        };
        let turn = !winner;
        let finished_loaded: Loaded = match self.load(finished.game.clone()) {
            Ok(loaded) => loaded,
            Err(error @ ServiceError::Corrupt { .. }) => {
                tracing::error!(%error, "cannot show the board of a forfeited game");
                return Ok(Vec::new());
            }
            Err(error) => return Err(error),
        };
        let guild = finished.game.guild;
        let language = self.game_language(&finished.game);
        let headline = if finished.game.clock.is_some() {
            // A live game: the loser's flag fell.
            self.flag_headline(language, finished, turn)
        } else {
            tr!(
                language,
                ChallengeTimeoutForfeit,
                loser = self.participant_name(language, guild, finished.game.participant(turn)),
                winner = mention(language, finished.game.participant(winner)),
                game = finished.game.id.0,
                ratings = self.rating_text(language, guild, finished),
            )
        };
        let mut reply = self.board_reply(language, &finished_loaded, &headline, None);
        reply.mentions.extend(players(&finished.game));
        // A tournament goes on in the sweep's part for tournaments.
        self.end_notices(&mut reply, &finished.game, None);
        let mut extra = std::mem::take(&mut reply.notices);
        let mut notices = vec![Notice {
            guild,
            channel: finished.game.place(),
            reply,
            edit: None,
            direct: None,
        }];
        notices.append(&mut extra);
        Ok(notices)
    }

    /// The forfeit of one overdue game, unless a move or a claim got there first; its notices
    /// are in the outbox (see [`Self::forfeit_notices`]).
    fn forfeit(&self, record: Game, now: Millis) -> Result<(), ServiceError> {
        let loaded = self.load(record)?;
        let turn = loaded.turn();
        // The engine loses no game on time; a move of its that is due is resumed above.
        if let Participant::Engine(_) = loaded.record.participant(turn) {
            return Ok(());
        }
        let winner = !turn;
        let finish = Finish {
            result: GameResult::from_winner(Some(winner)),
            reason: EndReason::TimeoutSweep,
            ply: loaded.record.ply,
            at: now,
            counting: rating::counting(&loaded.record),
            rate: rating::glicko2,
        };
        match self.store.forfeit_game(loaded.record.id, finish) {
            Ok(_) => {
                self.changes.publish(loaded.record.id);
                Ok(())
            }
            // A move or a claim got there first.
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => Ok(()),
            Err(other) => Err(other.into()),
        }
    }
}

/// One part of the sweep that records its notices in the outbox.
type SweepPart<'a> = dyn Fn() -> Result<(), ServiceError> + 'a;

/// What one item of the sweep (a part, a game, a challenge, a tournament) brings: what `work`
/// returns, or nothing when it fails, logged with `what` and `id` so that one broken row never
/// stops the rest.
pub(crate) fn isolated<T: Default>(
    what: &'static str,
    id: impl std::fmt::Display,
    work: impl FnOnce() -> Result<T, ServiceError>,
) -> T {
    match work() {
        Ok(done) => done,
        Err(error) => {
            tracing::error!(what, id = %id, %error, "skipped by the sweep: it failed");
            T::default()
        }
    }
}
