//! `damabot local`: play in the terminal, on the same service and the same kind of database as
//! the bot, without Discord.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use crate::config::Config;
use crate::console::Console;
use crate::game::{GameService, ManualClock, ServiceSettings, load_tables};
use crate::render::Renderer;
use crate::store::{DatabaseLocation, open_store};

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
}

pub fn local_command(config: &Config, args: &LocalArgs) -> ExitCode {
    let location = args
        .db
        .clone()
        .unwrap_or_else(|| config.database.location());
    let store = match open_store(&location) {
        Ok(store) => store.into_shared(),
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(super::EXIT_CONFIG);
        }
    };
    let renderer = match Renderer::new(&config.render) {
        Ok(renderer) => renderer,
        Err(error) => {
            eprintln!("error: board images: {error}");
            return ExitCode::from(super::EXIT_CONFIG);
        }
    };
    if let Err(error) = crate::i18n::load() {
        eprintln!("error: texts: {error}");
        return ExitCode::from(super::EXIT_CONFIG);
    }
    let clock = Arc::new(ManualClock::from_system());
    let mut settings = ServiceSettings::from_config(config);
    settings.seed = args.seed;
    let service = GameService::new(store, clock.clone(), settings)
        .with_tables(
            load_tables(&config.engine.tables_dir),
            config.game.verdicts_in_rated_games,
        )
        .with_puzzles(crate::game::load_puzzles(config.puzzles.file.as_deref()))
        .with_limits(config.limits.clone())
        .with_board_launch(true);
    let mut console = Console::new(
        Arc::new(service),
        Arc::new(renderer),
        clock,
        args.images.clone(),
    );
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut stdout = std::io::stdout().lock();
    match console.run(stdin.lock(), &mut stdout, interactive) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
