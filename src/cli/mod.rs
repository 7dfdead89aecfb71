//! The command line: `damabot` runs the bot; subcommands reach the other tools. The engine's
//! tools (`perft`, `moves`, `pdn`, `bench`, `hub`, `match`, `tune`, `tables`, `openings`,
//! `puzzles`) live in [`dama_tools`]; this module only wires them in.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use dama_tools::{bench, hub, matches, openings, puzzles, rules, tables, tune};

use dama_core::config::{Config, LogConfig};

mod analyse;
mod bot;
mod compose;
mod db;
mod local;
mod render;

/// Exit status for a usage or configuration problem (the same as the engine tools' usage
/// errors).
pub const EXIT_CONFIG: u8 = dama_tools::EXIT_USAGE;

/// Dama: Italian draughts on Discord.
#[derive(Debug, Parser)]
#[command(name = "damabot", version, about, long_about = None)]
pub struct Cli {
    /// Configuration file (default: config.toml in the working directory, if present).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the Discord bot (the default).
    Run,
    /// Play in the terminal without Discord, on the same service and database.
    Local(local::LocalArgs),
    /// Count move paths from a position (perft), one line `depth nodes seconds` per depth.
    Perft(rules::PerftArgs),
    /// Read FENs from standard input, one a line, and print every legal move of each.
    Moves,
    /// PDN tools.
    #[command(subcommand)]
    Pdn(rules::PdnCommand),
    /// Database tools: check, backup.
    #[command(subcommand)]
    Db(db::DbCommand),
    /// Review a game of a PDN file with the engine: each move with its mark and evaluation,
    /// each side's accuracy, the worst moment; optionally the annotated game as PDN.
    Analyse(analyse::AnalyseArgs),
    /// Draw a position as PNG, or a game of a PDN file as an animated GIF.
    Render(render::RenderArgs),
    /// Engine speed: nodes per second in the middle game and depth reached from the start.
    Bench(bench::BenchArgs),
    /// The engine over the Hub protocol on standard input and output (for draughts GUIs,
    /// pydraughts and tournament managers).
    Hub(hub::HubArgs),
    /// Play games between two players (levels, engine settings or Hub engines) from a file of
    /// openings; print the score and Elo difference, write the games as PDN.
    Match(matches::MatchArgs),
    /// Fit the engine's evaluation weights to self-play games.
    #[command(subcommand)]
    Tune(tune::TuneCommand),
    /// Endgame tables: build them, or probe positions.
    #[command(subcommand)]
    Tables(tables::TablesCommand),
    /// The tournament openings: build the list of three-ply openings the engine judges
    /// playable for both sides.
    #[command(subcommand)]
    Openings(openings::OpeningsCommand),
    /// The puzzle collection: mine puzzles from games and self-play.
    #[command(subcommand)]
    Puzzles(puzzles::mine::PuzzlesCommand),
}

/// Parses the arguments, runs the chosen command and returns the exit status.
#[must_use]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Tools that need no configuration.
    match &cli.command {
        Some(Command::Perft(args)) => return rules::perft_command(args),
        Some(Command::Moves) => return rules::moves_command(),
        Some(Command::Pdn(command)) => return rules::pdn_command(command),
        Some(Command::Bench(args)) => return bench::bench_command(args),
        Some(Command::Hub(args)) => return hub::hub_command(args),
        Some(Command::Match(args)) => return matches::match_command(args),
        Some(Command::Tune(command)) => return tune::tune_command(command),
        Some(Command::Openings(command)) => return openings::openings_command(command),
        Some(Command::Puzzles(command)) => return puzzles::mine::puzzles_command(command),
        _ => {}
    }
    let config = match Config::load(cli.config.as_deref()) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("error: configuration: {error}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
    // The console's output is the game: it shows warnings and errors, not the bot's info
    // lines, unless a filter was asked for (`RUST_LOG` still wins).
    let console = matches!(cli.command, Some(Command::Local(_)));
    let filter = if console && config.log.filter == LogConfig::default().filter {
        CONSOLE_LOG_FILTER
    } else {
        config.log.filter.as_str()
    };
    crate::logging::init(filter);
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => bot::run_bot(&config),
        Command::Local(args) => local::local_command(&config, &args),
        Command::Db(command) => db::db_command(&command, &config),
        Command::Render(args) => render::render_command(&args, &config.render),
        Command::Analyse(args) => analyse::analyse_command(&args, &config.engine.tables_dir),
        Command::Perft(_)
        | Command::Moves
        | Command::Pdn(_)
        | Command::Bench(_)
        | Command::Hub(_)
        | Command::Match(_)
        | Command::Tune(_)
        | Command::Openings(_)
        | Command::Puzzles(_) => {
            unreachable!("handled above")
        }
        Command::Tables(command) => tables::tables_command(&command, &config.engine.tables_dir),
    }
}

/// The log filter of `damabot local` unless the configuration sets one.
pub const CONSOLE_LOG_FILTER: &str = "warn";

/// Game `number` (from 1) of a PDN file, replayed by the rules; its warnings are printed on
/// standard error. The error says what is wrong: the file cannot be read, it has no such game,
/// or a move of it is illegal (with its ply).
pub(crate) fn read_pdn_game(
    path: &std::path::Path,
    number: usize,
) -> Result<(dama_rules::pdn::PdnGame, dama_rules::pdn::Replay), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut games = dama_rules::pdn::read_games(&String::from_utf8_lossy(&bytes));
    let count = games.len();
    if number == 0 || number > count {
        return Err(format!(
            "{}: no game {number} (the file holds {count})",
            path.display()
        ));
    }
    let game = games.swap_remove(number - 1);
    let replay = game.replay();
    if let Some((ply, message)) = &replay.error {
        return Err(format!(
            "{}: game {number}, ply {ply}: {message}",
            path.display()
        ));
    }
    for (ply, warning) in &replay.warnings {
        eprintln!("warning: game {number}, ply {ply}: {warning}");
    }
    Ok((game, replay))
}
