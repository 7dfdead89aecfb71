//! Work nobody asked for in the moment: the engine's moves a restart interrupted, expired
//! challenges and games forfeited on time, as notices for their channels.

use super::board::{mention, players};
use super::loaded::Loaded;
use super::rating;
use super::{GameService, Notice, ServiceError, engine_name, settle_mentions};
use crate::i18n::t;
use crate::store::{EndReason, Finish, GameResult, GameStatus, Millis, Participant, StoreError};

impl GameService {
    /// Plays the engine's move in every active game where the engine is to move and no search
    /// of it is under way: the replies a restart interrupted (the player's move was stored, the
    /// engine's was not yet). Each notice edits the game's board message and pings the person
    /// now to move (or, if the engine's move ended the game, its opponent).
    pub fn resume_engine_games(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        for record in self.store.engine_to_move_games()? {
            if !self.owns_guild(record.guild) {
                continue;
            }
            // A full line for the engine: the next sweep goes on.
            if self.engines.admits(None).is_err() {
                break;
            }
            let Some(_searching) = self.start_searching(record.id) else {
                // A player's job is searching it right now.
                continue;
            };
            // Read again under the mark: a job that just finished may have moved on.
            let Some(record) = self.store.game(record.id)? else {
                continue;
            };
            if record.status != GameStatus::Active {
                continue;
            }
            let id = record.id;
            let mut loaded = match self.load(record) {
                Ok(loaded) => loaded,
                Err(error @ ServiceError::Corrupt { .. }) => {
                    // One damaged game must not keep the others waiting.
                    tracing::error!(%error, "cannot resume the engine's move");
                    continue;
                }
                Err(error) => return Err(error),
            };
            let Participant::Engine(level) = loaded.record.participant(loaded.turn()) else {
                continue;
            };
            let ply = loaded.record.ply;
            let language = self.server_language(loaded.record.guild);
            let before = *loaded.position();
            let request = super::Request::silent(None);
            let Some(text) = self.engine_move(language, &mut loaded, level, &request)? else {
                continue;
            };
            if loaded.record.ply == ply {
                tracing::warn!(game = %id, level, "the engine has no move to resume with");
                continue;
            }
            // The board pings the person now to move (as they chose); a game the engine's
            // move ended pings its player, with the result where it is awaited.
            let mut reply = self.board_reply(language, &loaded, &text, None);
            let mut extra = Vec::new();
            if loaded.record.status == GameStatus::Active {
                let written = loaded
                    .last_move()
                    .map(|m| before.move_text(&m))
                    .unwrap_or_default();
                extra.extend(self.turn_notice(
                    &loaded.record,
                    |language| engine_name(language, level),
                    &written,
                    None,
                ));
            } else {
                reply.mentions.extend(players(&loaded.record));
                self.announce_end(&mut reply, &loaded.record, None);
                extra.append(&mut reply.notices);
            }
            settle_mentions(&mut reply, None);
            notices.push(Notice {
                guild: loaded.record.guild,
                channel: loaded.record.place(),
                reply,
                edit: loaded.record.board_message,
                direct: None,
            });
            notices.append(&mut extra);
        }
        Ok(notices)
    }

    /// Runs on a timer; returns the notices to post, for the servers this process looks after
    /// (see [`Self::owns_guild`]): the engine's moves that were due (see
    /// [`Self::resume_engine_games`]), expired challenges, games forfeited because the person
    /// to move let twice their time per move pass unclaimed, idle engine games ended, the
    /// reminders that are due, and the tournaments that go on: sign-ups whose deadline passed
    /// and rounds whose end was missed (see `tournament_rounds`), and the puzzles of the day
    /// that are due (see `puzzle_daily`).
    pub fn sweep(&self) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = self.resume_engine_games()?;
        let now = self.now();
        notices.extend(self.expired_challenges(now)?);
        notices.extend(self.forfeits(now)?);
        notices.extend(self.idle_engine_games(now)?);
        notices.extend(self.reminders(now)?);
        notices.extend(self.tournament_sweep(now)?);
        notices.extend(self.daily_puzzle_posts(now)?);
        // Each part skips the servers of shards another process runs (`owns_guild`; the
        // store expires the challenges of this process's servers only).
        for notice in &mut notices {
            settle_mentions(&mut notice.reply, None);
        }
        Ok(notices)
    }

    /// Games forfeited because the person to move let twice their time per move pass
    /// unclaimed.
    fn forfeits(&self, now: Millis) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        for record in self.store.overdue_games(now, 2)? {
            if !self.owns_guild(record.guild) {
                continue;
            }
            let loaded = self.load(record)?;
            let turn = loaded.turn();
            // The engine loses no game on time; a move of its that is due is resumed above.
            if let Participant::Engine(_) = loaded.record.participant(turn) {
                continue;
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
            let finished = match self.store.finish_game(loaded.record.id, finish) {
                Ok(finished) => finished,
                // A move or a claim got there first.
                Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => continue,
                Err(other) => return Err(other.into()),
            };
            let guild = finished.game.guild;
            let language = self.server_language(guild);
            let headline = t!(
                language,
                ChallengeTimeoutForfeit,
                loser = self.participant_name(language, guild, finished.game.participant(turn)),
                winner = mention(language, finished.game.participant(winner)),
                game = finished.game.id.0,
                ratings = self.rating_text(language, guild, &finished),
            );
            let finished_loaded = Loaded {
                record: finished.game.clone(),
                game: loaded.game,
            };
            let mut reply = self.board_reply(language, &finished_loaded, &headline, None);
            reply.mentions.extend(players(&finished.game));
            self.announce_end(&mut reply, &finished.game, None);
            let mut extra = std::mem::take(&mut reply.notices);
            notices.push(Notice {
                guild,
                channel: finished.game.place(),
                reply,
                edit: None,
                direct: None,
            });
            notices.append(&mut extra);
        }
        Ok(notices)
    }
}
