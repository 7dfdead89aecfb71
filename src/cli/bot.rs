//! `damabot run` (the default): the Discord bot on the configured database, with the
//! Activity's page and the metrics endpoint when the configuration asks for them.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tracing::{error, info, warn};

use super::EXIT_CONFIG;
use super::compose::{Assembly, Options, assemble};
use dama_core::config::{Config, Secret};
use dama_discord::activity::DiscordAuth;
use dama_discord::{BotError, Hooks, NO_TOKEN_HELP};
use dama_render::Theme;
use dama_service::delivery::Courier;
use dama_service::work::Work;
use dama_service::{Clock, GameService, ScaledClock, SystemClock};

/// How long the end of a run waits for the last users of the database to let go.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

/// Opens the database, connects to Discord and serves until a signal. Exit status: 0 after
/// SIGINT or SIGTERM, 2 for a configuration problem (no token, a database or image settings
/// that cannot be used), 1 when the connection fails.
pub fn run_bot(config: &Config) -> ExitCode {
    let Some(token) = config.token() else {
        eprint!("{NO_TOKEN_HELP}");
        return ExitCode::from(EXIT_CONFIG);
    };
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
    let options = Options {
        database: None,
        clock,
        seed: None,
        shards,
        board_launch: config.activity_configured(),
        pages: config.activity_configured(),
    };
    let parts = match assemble(config, options) {
        Ok(parts) => parts,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
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
    info!(database = %parts.location, "starting");
    let service = parts.service.clone();
    let result = runtime.block_on(serve(config, token, parts));
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

/// The bot and what the configuration adds to it: the Activity's page (its listener bound at
/// start-up, so a port in use stops the bot at once; served with Discord vouching for its
/// people once READY names the application) and the metrics endpoint. Runs until SIGINT or
/// SIGTERM, or until the connection fails.
async fn serve(config: &Config, token: &Secret, parts: Assembly) -> Result<(), BotError> {
    let Assembly {
        service, renderer, ..
    } = parts;
    let work = Work::with_cpu_threads(service.cpu_threads());
    let theme = *renderer.theme();
    let (stop, stopped) = watch::channel(false);
    let signals = tokio::spawn(async move {
        let signal = wait_for_signal().await;
        info!("{signal}: stopping (no new commands; running work finishes)");
        let _ = stop.send(true);
    });
    let mut hooks = Hooks::default();
    if config.activity_configured() {
        let listen = config.web.listen;
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|error| BotError::Setup(format!("web: cannot listen on {listen}: {error}")))?;
        let (config, service, work, stopped) = (
            config.clone(),
            service.clone(),
            work.clone(),
            stopped.clone(),
        );
        hooks.on_ready = Some(Box::new(move |application, courier| {
            serve_page(
                &config,
                application,
                service,
                work,
                &theme,
                courier,
                listener,
                stopped,
            );
        }));
    }
    if config.metrics.enabled {
        let listen = config.metrics.listen;
        let handle = dama_web::metrics::install()
            .map_err(|error| BotError::Setup(format!("metrics: {error}")))?;
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|error| {
                BotError::Setup(format!("metrics: cannot listen on {listen}: {error}"))
            })?;
        if !listen.ip().is_loopback() {
            warn!(%listen, "the metrics and health endpoint is reachable from other machines");
        }
        info!(%listen, "serving /metrics and /health");
        let limits = dama_web::http::Limits::from(&config.metrics);
        let stopped = stopped.clone();
        hooks.on_health = Some(Box::new(move |probe| {
            tokio::spawn(dama_web::metrics::serve(
                listener, handle, probe, limits, stopped,
            ));
        }));
    }
    let result = dama_discord::run(config, token, service, renderer, work, stopped, hooks).await;
    signals.abort();
    result
}

/// Serves the Activity's page on `listener` for the application `application`, Discord
/// vouching for its people, its board in the PNG boards' colours (`theme`), what its pages do
/// posted in their channels' chat through `courier` as the same action on Discord would be.
#[expect(
    clippy::too_many_arguments,
    reason = "what the page's server is made of, named once where the bot is wired"
)]
fn serve_page(
    config: &Config,
    application: u64,
    service: Arc<GameService>,
    work: Work,
    theme: &Theme,
    courier: Courier,
    listener: tokio::net::TcpListener,
    stopped: watch::Receiver<bool>,
) {
    let Some(auth) = DiscordAuth::for_bot(config, application) else {
        warn!("the Activity's page is not served: its Discord client could not be made");
        return;
    };
    let listen = config.web.listen;
    let url = config
        .web
        .public_url
        .as_deref()
        .unwrap_or("(no public_url)");
    info!(%listen, url, "serving the Activity's page");
    let web = dama_web::Web::start(service, work, Arc::new(auth), theme);
    web.deliver_through(courier);
    let limits = dama_web::http::Limits::from(&config.web);
    tokio::spawn(web.serve(listener, limits, stopped));
}

/// Waits for SIGINT (Ctrl-C) or SIGTERM; names the one that came.
async fn wait_for_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => "SIGINT",
                    _ = terminate.recv() => "SIGTERM",
                }
            }
            Err(error) => {
                warn!(%error, "cannot listen for SIGTERM; only Ctrl-C stops the bot");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
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
