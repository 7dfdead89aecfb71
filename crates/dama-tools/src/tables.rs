//! Endgame table tools: `tables build` and `tables probe`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Subcommand;
use dama_engine::tables::{BuildOptions, MAX_PIECES, PairReport, Tablebase, total_entries};
use dama_rules::Position;

/// `damabot tables build` and `damabot tables probe`.
#[derive(Debug, Subcommand)]
pub enum TablesCommand {
    /// Build the win/draw/loss and distance tables for every position with up to N pieces.
    Build {
        /// The most pieces on the board (2 to 6; 6 needs about 2.6 GB of memory and disk).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(2..=i64::from(MAX_PIECES)))]
        pieces: u8,
        /// Where to write the tables (default: `engine.tables_dir` of the configuration).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Build every slice again, even those already in the directory and sound.
        #[arg(long)]
        rebuild: bool,
    },
    /// Print the table verdict of each position (PDN FEN), one a line.
    Probe {
        /// Positions as FEN.
        #[arg(required = true)]
        fens: Vec<String>,
        /// Where the tables are (default: `engine.tables_dir` of the configuration).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// `damabot tables ...`; `default_dir` is where the tables are when `--dir` is not given
/// (the bot's `engine.tables_dir`).
#[must_use]
pub fn tables_command(command: &TablesCommand, default_dir: &Path) -> ExitCode {
    match command {
        TablesCommand::Build {
            pieces,
            dir,
            threads,
            rebuild,
        } => build(
            *pieces,
            dir.as_deref().unwrap_or(default_dir),
            *threads,
            *rebuild,
        ),
        TablesCommand::Probe { fens, dir } => probe(fens, dir.as_deref().unwrap_or(default_dir)),
    }
}

fn build(pieces: u8, dir: &Path, threads: Option<usize>, rebuild: bool) -> ExitCode {
    let mut options = BuildOptions::in_memory(pieces);
    if let Some(threads) = threads {
        options.threads = threads.max(1);
    }
    options.dir = Some(dir.to_path_buf());
    options.reuse_existing = !rebuild;
    println!(
        "building endgame tables up to {pieces} pieces in {} ({} entries, {} threads)",
        dir.display(),
        total_entries(pieces),
        options.threads
    );
    let started = Instant::now();
    let mut positions = 0u64;
    let mut clamped = 0u64;
    let mut longest = 0u16;
    let mut report = |pair: &PairReport| {
        positions += pair.positions;
        clamped += pair.clamped;
        longest = longest.max(pair.longest_win);
        let names = pair
            .materials
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
        if pair.reused {
            println!("{names}: already built, loaded");
        } else {
            println!(
                "{names}: {} positions, {} wins, {} draws, {} losses, longest win {} plies, {:.1} s",
                pair.positions,
                pair.wins,
                pair.draws,
                pair.losses,
                pair.longest_win,
                pair.elapsed.as_secs_f64()
            );
        }
    };
    let tables = match Tablebase::build(&options, &mut report) {
        Ok(tables) => tables,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let size = tables.bytes();
    println!(
        "done in {seconds:.1} s: {} slices, {positions} positions built, {size} bytes ({:.1} MiB) in {}",
        tables.materials().count(),
        size as f64 / (1024.0 * 1024.0),
        dir.display()
    );
    if longest > 0 {
        println!("longest win built: {longest} plies");
    }
    if clamped > 0 {
        println!(
            "note: {clamped} distances were longer than a table byte holds and were clamped \
             (the results are exact, those distances are lower bounds)"
        );
    }
    ExitCode::SUCCESS
}

fn probe(fens: &[String], dir: &Path) -> ExitCode {
    let (tables, problems) = Tablebase::load(dir);
    for problem in &problems {
        eprintln!("warning: {problem}");
    }
    let mut status = ExitCode::SUCCESS;
    for fen in fens {
        match Position::from_fen(fen) {
            Ok(position) => match tables.probe(&position) {
                Some(verdict) => println!("{fen}: {}", verdict.describe(position.turn())),
                None => println!("{fen}: not in the tables"),
            },
            Err(error) => {
                eprintln!("error: {fen}: {error}");
                status = ExitCode::from(crate::EXIT_USAGE);
            }
        }
    }
    status
}
