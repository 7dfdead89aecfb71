//! `damabot local`: play in the terminal, on the same service and the same kind of database as
//! the bot, without Discord.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use super::compose::{Assembly, Options, assemble};
use dama_console::{Console, LocalAuth};
use dama_core::config::Config;
use dama_core::store::DatabaseLocation;
use dama_render::Theme;
use dama_service::work::Work;
use dama_service::{GameService, ManualClock};
use dama_web::Web;

#[derive(Debug, Args)]
pub struct LocalArgs {
    /// The database: a SQLite file or a postgres:// URL (default: the configured database).
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<DatabaseLocation>,
    /// Save every board image (and replays) in this directory.
    #[arg(long, value_name = "DIR")]
    pub images: Option<PathBuf>,
    /// Seed for random colours and the engine's choices, for reproducible scripts.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also serve the Activity's board page on this loopback address (default
    /// 127.0.0.1:8080), for local names: open `http://ADDR/?name=alice`.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8080")]
    pub web: Option<std::net::SocketAddr>,
}

pub fn local_command(config: &Config, args: &LocalArgs) -> ExitCode {
    let clock = Arc::new(ManualClock::from_system());
    let options = Options {
        database: args.db.clone(),
        clock: clock.clone(),
        seed: args.seed,
        shards: None,
        // Every board offers the page, which the console tells how to open.
        board_launch: true,
        pages: args.web.is_some(),
    };
    let parts = match assemble(config, options) {
        Ok(parts) => parts,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(super::EXIT_CONFIG);
        }
    };
    let Assembly {
        service, renderer, ..
    } = parts;
    let theme = *renderer.theme();
    let mut console = Console::new(Arc::clone(&service), renderer, clock, args.images.clone());
    // The page, on a runtime of its own beside the console (which keeps stdin).
    let runtime = match args.web {
        Some(address) => match serve_page(config, &service, &theme, &console, address) {
            Ok((runtime, bound)) => {
                console = console.with_page(Some(format!("http://{bound}/")));
                Some(runtime)
            }
            Err(error) => {
                eprintln!("error: the board page on {address}: {error}");
                return ExitCode::from(super::EXIT_CONFIG);
            }
        },
        None => None,
    };
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut stdout = std::io::stdout();
    let code = match console.run(stdin.lock(), &mut stdout, interactive) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    };
    // Without the console's input, the page goes on until Ctrl-C, what it posts still shown.
    if let Some(runtime) = runtime {
        let output = console.output();
        std::thread::spawn(move || {
            let mut stdout = std::io::stdout();
            loop {
                let text = output.wait(std::time::Duration::from_secs(1));
                if stdout
                    .write_all(text.as_bytes())
                    .and_then(|()| stdout.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        runtime.block_on(async {
            let _ = tokio::signal::ctrl_c().await;
        });
    }
    code
}

/// Serves the board page on `address` for the console's people, in the console's channel,
/// its board in the PNG boards' colours (`theme`); prints the address to open.
fn serve_page(
    config: &Config,
    service: &Arc<GameService>,
    theme: &Theme,
    console: &Console,
    address: std::net::SocketAddr,
) -> std::io::Result<(tokio::runtime::Runtime, std::net::SocketAddr)> {
    let runtime = tokio::runtime::Runtime::new()?;
    let listener = runtime.block_on(tokio::net::TcpListener::bind(address))?;
    let bound = listener.local_addr()?;
    let (guild, channel) = console.place();
    let auth = Arc::new(LocalAuth::new(console.people(), guild, channel));
    let work = Work::with_cpu_threads(service.cpu_threads());
    let limits = dama_web::http::Limits::from(&config.web);
    // Live games end when a flag falls, whether or not anyone types in the console; the
    // console shows it as the bot posts it.
    let courier = console.courier();
    let flags = courier.clone();
    runtime.spawn(async move {
        let mut ticks = tokio::time::interval(dama_service::FLAG_SWEEP_INTERVAL);
        loop {
            ticks.tick().await;
            if let Err(error) = flags.sweep(GameService::flag_sweep_deliveries).await {
                tracing::warn!(%error, "the flags of live games could not be checked");
            }
        }
    });
    let service = Arc::clone(service);
    let theme = *theme;
    // What is done on the page is posted in the console, as the bot posts it on Discord.
    runtime.spawn(async move {
        let web = Web::start(service, work, auth, &theme);
        web.deliver_through(courier);
        // The page runs until the process ends.
        let (_stop, stopped) = tokio::sync::watch::channel(false);
        web.serve(listener, limits, stopped).await;
    });
    println!("The board: http://{bound}/?name=alice (any name: the console's people)");
    Ok((runtime, bound))
}
