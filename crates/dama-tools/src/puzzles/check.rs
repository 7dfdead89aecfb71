//! `damabot puzzles check`: a puzzle file judged again by this build's engine.
//!
//! A collection is mined by one engine; when the engine changes (a new evaluation), some of
//! its puzzles may no longer pass: another first move now scores within [`UNIQUE_MARGIN`] of
//! the solution's, or the engine prefers another move. The check repeats, for every puzzle,
//! what the miner required of it: the line is legal and ends in the gain it claims
//! ([`Puzzle::check_gain`]), and the first move is the engine's choice and unique by the
//! margin ([`Puzzle::check_unique`]) at the test suite's budget ([`CHECK_NODES`]) and at the
//! miner's (`--nodes`). It lists the puzzles that fail with the reason; with `--out` it writes
//! those that pass, keeping their ids (players' attempts refer to them), under the original
//! header and a line saying how the file was checked.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use dama_engine::Engine;

use super::mine::{CHECK_NODES, DEFAULT_NODES, write_puzzles};
use super::{Puzzle, UNIQUE_MARGIN, parse_puzzles};

/// `damabot puzzles check [--file FILE] [--nodes N] [--out FILE] [-j N]`.
#[derive(Clone, Debug, Args)]
pub struct CheckArgs {
    /// The puzzle file to check.
    #[arg(
        long,
        value_name = "FILE",
        default_value = "assets/puzzles/puzzles.txt"
    )]
    pub file: PathBuf,
    /// Nodes of the deeper check (the miner's budget); the suite's budget is always checked.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Write the puzzles that pass here (it may be the checked file itself).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Puzzles checked at the same time.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
}

/// Why a puzzle fails, or `None` when it passes at both budgets.
#[must_use]
pub fn judge(puzzle: &Puzzle, engine: &mut Engine, nodes: u64) -> Option<String> {
    if let Err(e) = puzzle.check_gain(None) {
        return Some(e);
    }
    for budget in [CHECK_NODES, nodes] {
        if let Err(e) = puzzle.check_unique(engine, budget) {
            return Some(format!("{e} ({budget} nodes)"));
        }
    }
    None
}

/// The puzzles that pass and, in the file's order, the failures with their reasons.
#[must_use]
pub fn check_puzzles(
    puzzles: &[Puzzle],
    nodes: u64,
    jobs: usize,
) -> (Vec<Puzzle>, Vec<(String, String)>) {
    let verdicts = crate::jobs::map_in_order(
        puzzles.len(),
        jobs,
        || Engine::new(16),
        |engine, i| judge(&puzzles[i], engine, nodes),
    );
    let mut kept = Vec::new();
    let mut failed = Vec::new();
    for (i, verdict) in verdicts.into_iter().enumerate() {
        match verdict {
            None => kept.push(puzzles[i].clone()),
            Some(reason) => failed.push((puzzles[i].id.clone(), reason)),
        }
    }
    (kept, failed)
}

/// `damabot puzzles check`.
#[must_use]
pub fn check_command(args: &CheckArgs) -> ExitCode {
    if args.nodes == 0 {
        eprintln!("error: --nodes must be at least 1");
        return ExitCode::from(crate::EXIT_USAGE);
    }
    let text = match std::fs::read_to_string(&args.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file.display());
            return ExitCode::from(crate::EXIT_USAGE);
        }
    };
    let puzzles = match parse_puzzles(&text) {
        Ok(puzzles) => puzzles,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(crate::EXIT_USAGE);
        }
    };
    let started = Instant::now();
    let (kept, failed) = check_puzzles(&puzzles, args.nodes, args.jobs);
    for (id, reason) in &failed {
        println!("{id}: {reason}");
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} of {} puzzles pass (every other first move at least {UNIQUE_MARGIN} centi-men \
         less at {CHECK_NODES} and {} nodes), in {seconds:.0} s",
        kept.len(),
        puzzles.len(),
        args.nodes
    );
    if let Some(out) = &args.out {
        let mut header = String::new();
        for line in text.lines().filter(|line| line.starts_with('#')) {
            header.push_str(line);
            header.push('\n');
        }
        let _ = writeln!(
            header,
            "# Checked by: damabot puzzles check --file {} --nodes {} --out {}: {} of {} kept.",
            args.file.display(),
            args.nodes,
            out.display(),
            kept.len(),
            puzzles.len()
        );
        if let Err(e) = std::fs::write(out, write_puzzles(&header, &kept)) {
            eprintln!("error: cannot write {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
        println!("written to {}", out.display());
        return ExitCode::SUCCESS;
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sound_puzzle_passes_and_a_broken_one_is_named() {
        let text = "0b6478e8\tW:W17,22,23,24,25,26,27,29,30,31,32:B2,3,4,5,6,7,8,9,11,14,15\t\
                    22-19 15x22 26x19x10x1\tmultiple-capture,sacrifice,promotion\t1150\t\
                    material:2\ttest\n\
                    aaaa0001\tW:W17,22,23,24,25,26,27,29,30,31,32:B2,3,4,5,6,7,8,9,11,14,15\t\
                    22-18\tquiet-move\t1150\tmaterial:2\ttest\n";
        let puzzles = parse_puzzles(text).unwrap();
        let (kept, failed) = check_puzzles(&puzzles, 50_000, 2);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].id, "0b6478e8");
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0].0, "aaaa0001");
    }
}
