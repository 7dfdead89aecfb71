//! `damabot run` (the default): the Discord bot on the configured database.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tracing::{error, info, warn};

use super::{EXIT_CONFIG, NO_TOKEN_HELP};
use crate::config::Config;
use crate::game::{Clock, GameService, ScaledClock, ServiceSettings, SystemClock};
use crate::render::Renderer;
use crate::store::open_store;

/// How long the end of a run waits for the last users of the database to let go.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

/// Opens the database, draws nothing yet, connects to Discord and serves until a signal.
/// Exit status: 0 after SIGINT or SIGTERM, 2 for a configuration problem (no token, a
/// database or image settings that cannot be used), 1 when the connection fails.
pub fn run_bot(config: &Config) -> ExitCode {
    let Some(token) = config.token() else {
        eprint!("{NO_TOKEN_HELP}");
        return ExitCode::from(EXIT_CONFIG);
    };
    let location = config.database.location();
    let store = match open_store(&location) {
        Ok(store) => store.into_shared(),
        Err(error) => {
            eprintln!("error: database {location}: {error}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
    let renderer = match Renderer::new(&config.render) {
        Ok(renderer) => renderer,
        Err(error) => {
            eprintln!("error: board images: {error}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
    if let Err(error) = crate::i18n::load() {
        eprintln!("error: texts: {error}");
        return ExitCode::from(EXIT_CONFIG);
    }
    // A faster clock only where a test asks for one (`[game] clock_speed`).
    let clock: Arc<dyn Clock> = if (config.game.clock_speed - 1.0).abs() > f64::EPSILON {
        Arc::new(ScaledClock::new(
            Arc::new(SystemClock),
            config.game.clock_speed,
        ))
    } else {
        Arc::new(SystemClock)
    };
    let shards = match config.shard_set() {
        Ok(shards) => shards,
        Err(error) => {
            eprintln!("error: discord.shards: {error}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
    let service = Arc::new(
        GameService::new(store, clock, ServiceSettings::from_config(config))
            .with_tables(
                crate::game::load_tables(&config.engine.tables_dir),
                config.game.verdicts_in_rated_games,
            )
            .with_puzzles(crate::game::load_puzzles(config.puzzles.file.as_deref()))
            .with_shards(shards)
            .with_limits(config.limits.clone())
            .with_board_launch(config.activity_configured()),
    );
    // Pages of other processes on the same PostgreSQL database hear of this one's moves.
    if config.activity_configured() {
        if let Err(error) = service.changes().across_database(&location) {
            eprintln!("error: the change feed: {error}");
            return ExitCode::from(EXIT_CONFIG);
        }
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    info!(database = %location, "starting");
    let result = runtime.block_on(crate::discord::run(
        config,
        token,
        service.clone(),
        Arc::new(renderer),
    ));
    runtime.shutdown_timeout(CLOSE_WAIT);
    close(service);
    match result {
        Ok(()) => {
            info!("stopped");
            ExitCode::SUCCESS
        }
        Err(error) => {
            error!(%error, "stopped");
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Drops the service, and with it the database connections, once nothing else holds it.
fn close(service: Arc<GameService>) {
    let deadline = Instant::now() + CLOSE_WAIT;
    while Arc::strong_count(&service) > 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    match Arc::try_unwrap(service) {
        Ok(service) => {
            drop(service);
            info!("database closed");
        }
        Err(_) => {
            warn!("the database is still in use at exit; it recovers at the next start");
        }
    }
}
