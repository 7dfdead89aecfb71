//! `[limits]` in the configuration: what one person or server may ask of the bot (the service
//! applies them; see `dama_service`'s limits).

use std::time::Duration;

use serde::Deserialize;

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
}
