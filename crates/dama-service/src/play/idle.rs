//! Games against the engine left idle by their person: ended by the sweep, or by the End-it
//! button of the question a newcomer to a busy channel is asked.

use crate::action::{Flow, Origin, refuse};
use crate::settings::millis;
use crate::texts::command;
use crate::{Actor, GameService, Notice, Reply, ServiceError};
use dama_core::i18n::t;
use dama_core::i18n::{human_duration, tr};
use dama_core::store::{Game, GameStatus, Millis, StoreError};
use dama_core::text::Part;

impl GameService {
    /// Games against the engine whose player left them for twice
    /// [`crate::ServiceSettings::engine_idle`], ended without a result; their notices are in
    /// the outbox (see [`Self::idle_notice`]).
    ///
    /// In a busy server (many games open in threads, see [`crate::Limits`]) they end after
    /// `busy_engine_idle` when that is sooner.
    pub(crate) fn idle_engine_games(&self, now: Millis) -> Result<(), ServiceError> {
        let idle = millis(self.settings.engine_idle).saturating_mul(2);
        let busy_idle = match millis(self.limits.busy_engine_idle) {
            0 => idle,
            busy => busy.min(idle),
        };
        let mut busy_servers = std::collections::HashMap::new();
        for record in self.store.idle_engine_games(now, busy_idle)? {
            if !self.owns_guild(record.guild) {
                continue;
            }
            if now.saturating_sub(record.last_move_at) < idle {
                let busy = if let Some(&busy) = busy_servers.get(&record.guild) {
                    busy
                } else {
                    let busy = self.busy_server(record.guild)?;
                    busy_servers.insert(record.guild, busy);
                    busy
                };
                if !busy {
                    continue;
                }
            }
            match self.store.end_idle_game(record.id, record.ply, now) {
                Ok(_) => self.changes.publish(record.id),
                // A move (or an ending) got there first.
                Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {}
                // One game that cannot be ended must not keep the others going.
                Err(error) => {
                    tracing::error!(game = %record.id, %error, "skipped by the sweep: it failed");
                }
            }
        }
        Ok(())
    }

    /// The notice of an engine game ended as left idle: the edit of its board (its controls
    /// gone) where it is played, with what its end brings. `None` for a game that does not
    /// replay (logged).
    pub(crate) fn idle_notice(&self, game: &Game) -> Result<Option<Notice>, ServiceError> {
        let language = self.game_language(game);
        let ended = game.finished_at.unwrap_or_else(|| self.now());
        let headline = t!(
            language,
            StartIdleSwept,
            game = game.id.0,
            idle = human_duration(language, ended.saturating_sub(game.last_move_at)),
        );
        let loaded = match self.load(game.clone()) {
            Ok(loaded) => loaded,
            Err(error @ ServiceError::Corrupt { .. }) => {
                tracing::error!(%error, "cannot show the idle game that was ended");
                return Ok(None);
            }
            Err(error) => return Err(error),
        };
        let mut reply = self.board_reply(language, &loaded, &headline, None);
        self.announce_end(&mut reply, game, None);
        Ok(Some(Notice {
            guild: game.guild,
            channel: game.place(),
            reply,
            edit: game.board_message,
            direct: None,
        }))
    }

    /// The End-it button of the question about an idle engine game: ends it without a result
    /// (unless its player moved since: then it is alive), and says so in the channel, where
    /// the clicker may now start their game.
    pub(crate) fn end_idle(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let language = actor.language;
        let Some(id) = origin.game() else {
            return refuse(t!(language, GameMissing));
        };
        let Some(record) = self.store.game(id)? else {
            return refuse(t!(language, GameMissing));
        };
        let ply = origin.ply().unwrap_or(record.ply);
        if record.status != GameStatus::Active {
            return refuse(t!(language, StartIdleGone, game = id.0));
        }
        if record.ply != ply {
            return refuse(t!(language, StartIdleAlive, game = id.0));
        }
        match self.idle_for(&record) {
            Some(idle) if idle >= millis(self.settings.engine_idle) => {}
            _ => return refuse(t!(language, StartIdleNotIdle, game = id.0)),
        }
        let ended = match self.store.abandon_game(id, ply, self.now()) {
            Ok(ended) => ended,
            Err(StoreError::StalePly { .. }) => {
                return refuse(t!(language, StartIdleAlive, game = id.0));
            }
            Err(StoreError::GameNotActive { .. }) => {
                return refuse(t!(language, StartIdleGone, game = id.0));
            }
            Err(other) => return Err(other.into()),
        };
        let public = self.game_language(&ended);
        let mut reply = Reply::public(tr!(
            public,
            StartIdleEnded,
            game = id.0,
            name = Part::Name(actor.name.clone()),
            cmd_challenge = command("challenge"),
            cmd_play = command("play"),
        ));
        self.announce_end(&mut reply, &ended, Some(actor.user));
        Ok(reply)
    }
}
