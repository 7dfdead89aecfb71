//! Limits a public server needs, so that one member cannot hold the bot for everyone: how
//! many games against the engine run at once (per player and per server), how soon a person
//! may start another engine game, ask for an analysis, a hint or a replay again, how many
//! requests wait for the engine, how many players a tournament takes, and how soon idle engine
//! games end when a server has many games open in threads. Each refusal is a private answer
//! that says when to try again.

use super::action::{Flow, refuse};
use super::engine_pool::{EngineBusy, QueueBounds};
use super::{Actor, GameService};
use crate::texts::command;
use dama_core::config::Limits;
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{Game, GuildId, Participant, StoreError, UserId};

/// The bounds of the engine's line from the limits (at least one request each).
#[must_use]
pub fn queue_bounds(limits: &Limits) -> QueueBounds {
    QueueBounds {
        per_player: limits.engine_queue_per_player.max(1),
        total: limits.engine_queue.max(1),
    }
}

/// Whether a game is played against the engine.
fn against_engine(game: &Game) -> bool {
    matches!(game.white, Participant::Engine(_)) || matches!(game.black, Participant::Engine(_))
}

impl GameService {
    /// Refuses a new game against the engine for `actor` when they, or their server, have as
    /// many running as the limits allow.
    pub(crate) fn engine_game_room(&self, actor: &Actor) -> Flow<()> {
        let limits = &self.limits;
        if limits.engine_games_per_player == 0 && limits.engine_games_per_server == 0 {
            return Ok(());
        }
        let games = self.store.active_games(actor.guild, None)?;
        let engine_games = || games.iter().filter(|game| against_engine(game));
        let own = engine_games()
            .filter(|game| {
                game.white.user() == Some(actor.user) || game.black.user() == Some(actor.user)
            })
            .count();
        let cap = |limit: u32| usize::try_from(limit).unwrap_or(usize::MAX);
        if limits.engine_games_per_player > 0 && own >= cap(limits.engine_games_per_player) {
            return refuse(tr!(
                actor.language,
                LimitEngineGamesPlayer,
                max = limits.engine_games_per_player,
                cmd = command("games"),
            ));
        }
        if limits.engine_games_per_server > 0
            && engine_games().count() >= cap(limits.engine_games_per_server)
        {
            return refuse(t!(
                actor.language,
                LimitEngineGamesServer,
                max = limits.engine_games_per_server,
            ));
        }
        Ok(())
    }

    /// The most entrants a tournament takes (`None`: no cap); the store refuses one more.
    pub(crate) fn entrants_cap(&self) -> Option<usize> {
        let cap = self.limits.tournament_entrants;
        (cap > 0).then(|| usize::try_from(cap).unwrap_or(usize::MAX))
    }

    /// Refuses a request the engine's line would not take now, for `who`.
    pub(crate) fn engine_admits(&self, language: Language, who: Option<UserId>) -> Flow<()> {
        match self.engines.admits(who) {
            Ok(()) => Ok(()),
            Err(busy) => refuse(engine_busy_text(language, busy)),
        }
    }

    /// Open games in threads in `guild` (its threads the bot keeps open).
    pub(crate) fn open_game_threads(&self, guild: GuildId) -> Result<usize, StoreError> {
        Ok(self
            .store
            .active_games(guild, None)?
            .iter()
            .filter(|game| game.in_thread)
            .count())
    }

    /// Whether `guild` has as many games open in threads as counts as busy.
    pub(crate) fn busy_server(&self, guild: GuildId) -> Result<bool, StoreError> {
        let threshold = self.limits.busy_server_threads;
        Ok(threshold > 0
            && self.open_game_threads(guild)? >= usize::try_from(threshold).unwrap_or(usize::MAX))
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

/// The answer to a request the engine's line did not take, in `language`.
pub(crate) fn engine_busy_text(language: Language, busy: EngineBusy) -> String {
    match busy {
        EngineBusy::Player => t!(language, LimitEngineBusyPlayer),
        EngineBusy::Full => t!(language, LimitEngineBusy),
    }
}

/// The line for a request waiting for the engine: its `place` (1 for next), in `language`.
pub(crate) fn queued_text(language: Language, place: usize) -> String {
    t!(language, LimitEngineQueued, place = place)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn limits_read_from_the_configuration_with_defaults() {
        let limits: Limits = toml::from_str("hint_cooldown = \"30s\"\nengine_queue = 8\n").unwrap();
        assert_eq!(limits.hint_cooldown, Duration::from_secs(30));
        assert_eq!(queue_bounds(&limits).total, 8);
        assert_eq!(
            limits.engine_games_per_player,
            Limits::default().engine_games_per_player
        );
        assert!(toml::from_str::<Limits>("no_such_limit = 1\n").is_err());
        assert_eq!(Limits::off().engine_game_cooldown, Duration::ZERO);
    }
}
