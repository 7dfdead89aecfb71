//! Limits a public server needs, so that one member cannot hold the bot for everyone: how
//! many games against the engine run at once (per player and per server), how soon a person
//! may start another engine game, ask for an analysis, a hint or a replay again, how many
//! requests wait for the engine, how many players a tournament takes, and how soon idle engine
//! games end when a server has many games open in threads. Each refusal is a private answer
//! that says when to try again.

use std::time::Duration;

use serde::Deserialize;

use super::action::{Flow, refuse};
use super::engine_pool::{EngineBusy, QueueBounds};
use super::{Actor, GameService};
use crate::i18n::{Language, t};
use crate::store::{Game, GuildId, Participant, StoreError, UserId};

/// The `[limits]` section of the configuration. A count of 0 or a duration of `"0s"` turns
/// that limit off.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// Active games against the engine one player may have in a server.
    pub engine_games_per_player: u32,
    /// Active games against the engine in one server.
    pub engine_games_per_server: u32,
    /// How long a person waits between starting two games against the engine.
    #[serde(with = "humantime_serde")]
    pub engine_game_cooldown: Duration,
    /// How long a person waits between two `/analysis`.
    #[serde(with = "humantime_serde")]
    pub analysis_cooldown: Duration,
    /// How long a person waits between two `/hint` (the same hint asked again counts).
    #[serde(with = "humantime_serde")]
    pub hint_cooldown: Duration,
    /// How long a person waits between two `/replay`.
    #[serde(with = "humantime_serde")]
    pub replay_cooldown: Duration,
    /// Requests one player may have waiting for the engine (beyond the searches running).
    pub engine_queue_per_player: usize,
    /// Requests that may wait for the engine in all.
    pub engine_queue: usize,
    /// Players a tournament takes.
    pub tournament_entrants: u32,
    /// Open games in threads at which a server counts as busy: its idle engine games end
    /// after [`Self::busy_engine_idle`] instead of twice `game.engine_idle`.
    pub busy_server_threads: u32,
    /// How long a busy server's engine game may wait for its player before the sweep ends it.
    #[serde(with = "humantime_serde")]
    pub busy_engine_idle: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            engine_games_per_player: 3,
            engine_games_per_server: 200,
            engine_game_cooldown: Duration::from_secs(15),
            analysis_cooldown: Duration::from_secs(60),
            hint_cooldown: Duration::from_secs(5),
            replay_cooldown: Duration::from_secs(20),
            engine_queue_per_player: 2,
            engine_queue: 64,
            tournament_entrants: 64,
            busy_server_threads: 500,
            busy_engine_idle: Duration::from_secs(10 * 60),
        }
    }
}

impl Limits {
    /// No limit at all, but a line for the engine as long as the default one: what a service
    /// built without a configuration has (tests, tools).
    #[must_use]
    pub fn off() -> Limits {
        let defaults = Limits::default();
        Limits {
            engine_games_per_player: 0,
            engine_games_per_server: 0,
            engine_game_cooldown: Duration::ZERO,
            analysis_cooldown: Duration::ZERO,
            hint_cooldown: Duration::ZERO,
            replay_cooldown: Duration::ZERO,
            engine_queue_per_player: defaults.engine_queue,
            engine_queue: defaults.engine_queue,
            tournament_entrants: 0,
            busy_server_threads: 0,
            busy_engine_idle: Duration::ZERO,
        }
    }

    /// The bounds of the engine's line (at least one request each).
    #[must_use]
    pub fn queue_bounds(&self) -> QueueBounds {
        QueueBounds {
            per_player: self.engine_queue_per_player.max(1),
            total: self.engine_queue.max(1),
        }
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
            return refuse(t!(
                actor.language,
                LimitEngineGamesPlayer,
                max = limits.engine_games_per_player,
                cmd = self.command(actor.language, "games"),
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
    use super::*;

    #[test]
    fn limits_read_from_the_configuration_with_defaults() {
        let limits: Limits = toml::from_str("hint_cooldown = \"30s\"\nengine_queue = 8\n").unwrap();
        assert_eq!(limits.hint_cooldown, Duration::from_secs(30));
        assert_eq!(limits.queue_bounds().total, 8);
        assert_eq!(
            limits.engine_games_per_player,
            Limits::default().engine_games_per_player
        );
        assert!(toml::from_str::<Limits>("no_such_limit = 1\n").is_err());
        assert_eq!(Limits::off().engine_game_cooldown, Duration::ZERO);
    }
}
