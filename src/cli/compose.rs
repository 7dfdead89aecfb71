//! The composition root: the one place that names the concrete adapters. [`assemble`] opens
//! the store the configuration names, loads the texts, the board renderer, the endgame tables
//! and the puzzles, builds the game service and its change feed, for `damabot run` (Discord,
//! with the Activity's page and the metrics endpoint) and `damabot local` (the console, with
//! the page on loopback) alike.

use std::sync::Arc;

use dama_core::config::Config;
use dama_core::shards::ShardSet;
use dama_core::store::DatabaseLocation;
use dama_render::Renderer;
use dama_service::{Clock, GameService, ServiceSettings, load_puzzles, load_tables};
use dama_store::open_store;

/// What a process chooses besides the configuration.
pub struct Options {
    /// The database, when not the configured one (`damabot local --db`).
    pub database: Option<DatabaseLocation>,
    /// The service's clock.
    pub clock: Arc<dyn Clock>,
    /// Seed for colours and the engine's choices.
    pub seed: Option<u64>,
    /// The shards this process runs (`None`: every server).
    pub shards: Option<ShardSet>,
    /// Every board has "Open the board" (the Activity is offered).
    pub board_launch: bool,
    /// Pages are served: the change feed goes across the processes of a PostgreSQL database.
    pub pages: bool,
}

/// The parts every front end runs on.
pub struct Assembly {
    pub location: DatabaseLocation,
    pub service: Arc<GameService>,
    pub renderer: Arc<Renderer>,
}

/// Opens the store and builds the service; the error is the line to print (a configuration
/// problem: the caller exits with status 2).
pub fn assemble(config: &Config, options: Options) -> Result<Assembly, String> {
    let location = options
        .database
        .unwrap_or_else(|| config.database.location());
    let store = open_store(&location)
        .map_err(|error| format!("database {location}: {error}"))?
        .into_shared();
    let renderer =
        Renderer::new(&config.render).map_err(|error| format!("board images: {error}"))?;
    dama_core::i18n::load().map_err(|error| format!("texts: {error}"))?;
    let mut settings = ServiceSettings::from_config(config);
    settings.seed = options.seed;
    let service = GameService::new(store, options.clock, settings)
        .with_tables(
            load_tables(&config.engine.tables_dir),
            config.game.verdicts_in_rated_games,
        )
        .with_puzzles(load_puzzles(config.puzzles.file.as_deref()))
        .with_shards(options.shards)
        .with_limits(config.limits.clone())
        .with_board_launch(options.board_launch);
    // Pages of other processes on the same PostgreSQL database hear of this one's moves.
    if options.pages {
        dama_store::feed::across_database(service.changes(), &location)
            .map_err(|error| format!("the change feed: {error}"))?;
    }
    Ok(Assembly {
        location,
        service: Arc::new(service),
        renderer: Arc::new(renderer),
    })
}
