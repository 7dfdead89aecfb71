//! Rules tools: `perft`, `moves` and `pdn check`.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use dama_rules::{Position, pdn, perft};

/// `damabot perft --depth N [--fen FEN]`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Count to this depth; one line `depth nodes seconds` for each depth from 1.
    #[arg(long, short)]
    pub depth: u32,
    /// The position (PDN 3.0 FEN); the start position by default.
    #[arg(long)]
    pub fen: Option<String>,
    /// Instead, split the count at `--depth` by first move: one line `move nodes`.
    #[arg(long)]
    pub divide: bool,
}

/// `damabot perft`: the counts by depth, or by first move with `--divide`.
#[must_use]
pub fn perft_command(args: &PerftArgs) -> ExitCode {
    let position = match args
        .fen
        .as_deref()
        .map_or(Ok(Position::initial()), Position::from_fen)
    {
        Ok(position) => position,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(crate::EXIT_USAGE);
        }
    };
    let mut out = std::io::stdout().lock();
    if args.divide {
        let split = dama_rules::divide(&position, args.depth);
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        for (m, nodes) in split {
            let _ = writeln!(out, "{} {nodes}", m.long());
        }
        let _ = writeln!(out, "total {total}");
        return ExitCode::SUCCESS;
    }
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = perft(&position, depth);
        let seconds = started.elapsed().as_secs_f64();
        if writeln!(out, "{depth} {nodes} {seconds:.3}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// `damabot moves`: one FEN a line in, every legal move in long notation out.
#[must_use]
pub fn moves_command() -> ExitCode {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lines() {
        let Ok(line) = line else { break };
        let reply = match Position::from_fen(&line) {
            Ok(position) => position
                .legal_moves()
                .iter()
                .map(dama_rules::Move::long)
                .collect::<Vec<_>>()
                .join(" "),
            Err(error) => format!("error: {error}"),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// `damabot pdn check FILE...`.
#[derive(Debug, Subcommand)]
pub enum PdnCommand {
    /// Replay every game of each file and report what does not replay legally.
    Check {
        /// PDN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// `damabot pdn ...`.
#[must_use]
pub fn pdn_command(command: &PdnCommand) -> ExitCode {
    match command {
        PdnCommand::Check { files } => pdn_check(files),
    }
}

fn pdn_check(files: &[PathBuf]) -> ExitCode {
    let (mut games, mut plies, mut errors) = (0usize, 0usize, 0usize);
    for file in files {
        let text = match std::fs::read(file) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                println!("error {}: {error}", file.display());
                errors += 1;
                continue;
            }
        };
        for game in &pdn::read_games(&text) {
            let number = games + 1;
            games += 1;
            let replay = game.replay();
            plies += replay.moves.len();
            match &replay.error {
                Some((ply, reason)) => {
                    errors += 1;
                    println!("error game {number} ply {ply}: {reason}");
                }
                None if !replay.warnings.is_empty() => {
                    for (ply, reason) in &replay.warnings {
                        println!("warning game {number} ply {ply}: {reason}");
                    }
                }
                None => println!("ok {}", replay.moves.len()),
            }
        }
    }
    println!("{games} games, {plies} plies, {errors} errors");
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
