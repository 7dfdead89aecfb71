//! The world the service scenarios run in: a game service on a fresh SQLite file, with a clock
//! the tests move by hand, and the helpers that read replies.

// Each test binary uses a different part of it.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use dama_service::{Component, GameService, ManualClock, Reply, ServiceSettings};
use dama_store::SqliteStore;

/// The clock's start (November 2026).
pub const START: i64 = 1_796_000_000_000;

pub struct World {
    pub service: GameService,
    pub clock: Arc<ManualClock>,
    _dir: tempfile::TempDir,
}

/// Challenges open for ten minutes, a day a move, an engine that thinks briefly on a small
/// table, a fixed seed.
pub fn settings() -> ServiceSettings {
    ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(50),
        hash_mb: 1,
        max_concurrent_searches: 2,
        seed: Some(7),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 20_000,
        engine_hints: 3,
    }
}

/// A world with `settings`, its clock at [`START`].
pub fn world_with(settings: ServiceSettings) -> World {
    world_prepared(settings, |_| {})
}

/// The same, with `prepare` writing to the store before the service starts (a server's
/// choices, say).
pub fn world_prepared(settings: ServiceSettings, prepare: impl FnOnce(&SqliteStore)) -> World {
    // A message given the wrong variables panics instead of only being logged.
    dama_core::i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    prepare(&store);
    let clock = Arc::new(ManualClock::new(START));
    let service = GameService::new(Arc::new(store), clock.clone(), settings);
    World {
        service,
        clock,
        _dir: dir,
    }
}

impl World {
    /// The service to share between threads, with its clock and the directory of its store
    /// (removed when dropped).
    pub fn shared(self) -> (Arc<GameService>, Arc<ManualClock>, tempfile::TempDir) {
        let World {
            service,
            clock,
            _dir: dir,
        } = self;
        (Arc::new(service), clock, dir)
    }
}

/// The ids of a reply's buttons and menus, in order.
pub fn ids(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .map(|c| match c {
            Component::Button { id, .. } | Component::Select { id, .. } => id.clone(),
        })
        .collect()
}

/// The id of the reply's component whose id ends with `suffix`.
pub fn id_ending(reply: &Reply, suffix: &str) -> String {
    ids(reply)
        .into_iter()
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {:?}", ids(reply)))
}

/// A world with `settings` whose service judges and plays with these endgame tables (their
/// verdicts shown in rated games too).
pub fn world_with_tables(settings: ServiceSettings, tables: Arc<dama_engine::Tablebase>) -> World {
    let World {
        service,
        clock,
        _dir: dir,
    } = world_with(settings);
    World {
        service: service.with_tables(Some(tables), true),
        clock,
        _dir: dir,
    }
}

/// A member who may neither moderate nor manage the server, speaking English, where the bot
/// may not open threads.
pub fn member(user: u64, name: &str, guild: u64, channel: u64) -> dama_service::Actor {
    dama_service::Actor::new(user, name, guild, channel).can_open_threads(false)
}

/// The same person in a server whose Discord language is theirs too.
pub fn speaking(
    actor: dama_service::Actor,
    language: dama_core::i18n::Language,
) -> dama_service::Actor {
    actor.language(language).guild_language(Some(language))
}

/// Checks that every game of a PDN text replays by the rules without an error or a warning,
/// as `damabot pdn check` reads it.
pub fn assert_pdn_check_passes(text: &str) {
    let games = dama_rules::pdn::read_games(text);
    assert!(!games.is_empty(), "{text}");
    for game in &games {
        let replay = game.replay();
        assert_eq!(replay.error, None, "{text}");
        assert!(replay.warnings.is_empty(), "{:?}\n{text}", replay.warnings);
    }
}

/// A world with `settings` whose service offers these puzzles.
pub fn world_with_puzzles(settings: ServiceSettings, puzzles: dama_service::Puzzles) -> World {
    let World {
        service,
        clock,
        _dir: dir,
    } = world_with(settings);
    World {
        service: service.with_puzzles(puzzles),
        clock,
        _dir: dir,
    }
}

/// A world with `settings` whose service keeps these limits.
pub fn world_with_limits(settings: ServiceSettings, limits: dama_core::config::Limits) -> World {
    let World {
        service,
        clock,
        _dir: dir,
    } = world_with(settings);
    World {
        service: service.with_limits(limits),
        clock,
        _dir: dir,
    }
}

/// A reply whose notices are out, as an adapter reports them once posted: the notices of the
/// outbox among them are never posted again (a reply dropped without this is a crash between
/// the commit and the post, and the sweep posts them once the claim has run out).
pub fn posted(service: &GameService, reply: Reply) -> Reply {
    for part in &reply.outbox {
        service.reply_delivered(part, None).unwrap();
    }
    reply
}
