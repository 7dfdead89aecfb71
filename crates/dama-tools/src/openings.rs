//! `damabot openings build`: the list of three-ply openings (White, Black, White from the start
//! position) that the engine judges playable for both sides, for tournaments that draw an
//! opening for each round.
//!
//! Every sequence of three legal moves from the start is played; the engine searches each
//! resulting position (Black to move) with a fixed node budget, starting from an empty
//! transposition table, so the list depends only on the program and the parameters. An
//! opening is kept when its score lies within the margin for both sides (`|score| <= margin`
//! centi-men). Sequences that reach a position already reached by an earlier sequence (in the
//! order of the rules' move generator) are dropped: each line of the list is a different
//! position.
//!
//! The file format, one opening a line (read by `dama_core::tournament::openings`):
//!
//! ```text
//! # comment lines start with '#'; the header names the command and parameters
//! 21-17 11-14 22-18 B:W17,18,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,14 3
//! ```
//!
//! the three moves (PDN notation), the PDN FEN of the position after them, and the engine's
//! score in centi-men from White's side, separated by single spaces.
//!
//! With the defaults (2,000,000 nodes, 30 centi-men) the build judges 216 positions in one to
//! two minutes on two shared cores (31.5 s of CPU) and keeps 169 of them
//! (`assets/openings/three-move.txt`); the scores of the others jump from 26 to 31 centi-men
//! and beyond, so the margin sits in a gap.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use dama_engine::{Engine, Limits};
use dama_rules::{Game, Move, Position};

/// Nodes the engine searches in each position unless `--nodes` says otherwise.
pub const DEFAULT_NODES: u64 = 2_000_000;
/// The margin in centi-men unless `--margin` says otherwise: an opening is kept when the
/// engine's score lies within this of equality (a man is 100).
pub const DEFAULT_MARGIN: i32 = 30;

/// `damabot openings ...`.
#[derive(Debug, Subcommand)]
pub enum OpeningsCommand {
    /// Enumerate the three-ply openings, judge each with the engine and write those within the
    /// margin for both sides.
    Build(BuildArgs),
}

/// `damabot openings build --out FILE [--nodes N] [--margin CENTI_MEN]`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Where to write the list.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Nodes searched in each position.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Keep openings whose score is at most this many centi-men from equality.
    #[arg(long, value_name = "CENTI_MEN", default_value_t = DEFAULT_MARGIN)]
    pub margin: i32,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash_mb: usize,
}

/// One opening and the engine's view of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedOpening {
    /// The three moves in PDN notation, White's first.
    pub moves: [String; 3],
    /// The position after them (Black to move).
    pub position: Position,
    /// The engine's score in centi-men from White's side.
    pub score: i32,
}

impl JudgedOpening {
    /// The line of the list: the moves, the FEN and the score.
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.moves[0],
            self.moves[1],
            self.moves[2],
            self.position.to_fen(),
            self.score
        )
    }
}

/// Every sequence of three legal moves from the start that reaches a position no earlier
/// sequence reached, in the move generator's order: the moves' texts and the position.
#[must_use]
pub fn three_ply_openings() -> Vec<([String; 3], Position)> {
    let start = Position::initial();
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    for first in &start.legal_moves() {
        let after_first = play(start, first);
        for second in &after_first.legal_moves() {
            let after_second = play(after_first, second);
            for third in &after_second.legal_moves() {
                let position = play(after_second, third);
                if seen.insert(position.to_fen()) {
                    openings.push((
                        [
                            start.move_text(first),
                            after_first.move_text(second),
                            after_second.move_text(third),
                        ],
                        position,
                    ));
                }
            }
        }
    }
    openings
}

fn play(mut position: Position, m: &Move) -> Position {
    position.play_unchecked(m);
    position
}

/// The engine's score of `position` in centi-men from White's side, searched with `nodes`
/// nodes from an empty table.
#[must_use]
pub fn judge(engine: &mut Engine, position: Position, nodes: u64) -> i32 {
    engine.new_game();
    let result = engine.search(&Game::new(position), &Limits::nodes(nodes));
    match position.turn() {
        dama_rules::Color::White => result.score,
        dama_rules::Color::Black => -result.score,
    }
}

/// `damabot openings ...`.
#[must_use]
pub fn openings_command(command: &OpeningsCommand) -> ExitCode {
    match command {
        OpeningsCommand::Build(args) => build(args),
    }
}

fn build(args: &BuildArgs) -> ExitCode {
    if args.margin < 0 || args.nodes == 0 {
        eprintln!("error: --margin must be at least 0 and --nodes at least 1");
        return ExitCode::from(crate::EXIT_USAGE);
    }
    let started = Instant::now();
    let candidates = three_ply_openings();
    let mut engine = Engine::new(args.hash_mb);
    let mut kept = Vec::new();
    for (i, (moves, position)) in candidates.iter().enumerate() {
        let score = judge(&mut engine, *position, args.nodes);
        let opening = JudgedOpening {
            moves: moves.clone(),
            position: *position,
            score,
        };
        let verdict = if score.abs() <= args.margin {
            "kept"
        } else {
            "dropped"
        };
        eprintln!(
            "{}/{}: {} {} {} {score:+} {verdict}",
            i + 1,
            candidates.len(),
            moves[0],
            moves[1],
            moves[2]
        );
        if score.abs() <= args.margin {
            kept.push(opening);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Three-ply openings (White, Black, White) of Italian draughts that the engine judges playable for both sides."
    );
    let _ = writeln!(
        text,
        "# Made by: damabot openings build --out {} --nodes {} --margin {}",
        args.out.display(),
        args.nodes,
        args.margin
    );
    let _ = writeln!(
        text,
        "# {} different positions after three plies, {} within {} centi-men of equality after {} nodes each.",
        candidates.len(),
        kept.len(),
        args.margin,
        args.nodes
    );
    let _ = writeln!(
        text,
        "# Each line: the three moves, the PDN FEN after them, the score in centi-men from White's side."
    );
    for opening in &kept {
        let _ = writeln!(text, "{}", opening.line());
    }
    if let Err(error) = std::fs::write(&args.out, text) {
        eprintln!("error: cannot write {}: {error}", args.out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{} of {} openings kept (|score| <= {} centi-men, {} nodes each) in {seconds:.1} s; written to {}",
        kept.len(),
        candidates.len(),
        args.margin,
        args.nodes,
        args.out.display()
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_three_legal_plies_from_the_start() {
        let openings = three_ply_openings();
        assert!(!openings.is_empty());
        let mut fens = HashSet::new();
        for (moves, position) in &openings {
            let mut game = Game::default();
            for m in moves {
                game.play_text(m).unwrap();
            }
            assert_eq!(game.position(), position);
            assert!(
                fens.insert(position.to_fen()),
                "{moves:?} repeats a position"
            );
        }
        // Seven first moves for White, and no more distinct positions than move sequences.
        assert!(openings.len() <= dama_rules::perft(&Position::initial(), 3) as usize);
        let firsts: HashSet<_> = openings.iter().map(|(m, _)| m[0].clone()).collect();
        assert_eq!(firsts.len(), 7);
    }

    #[test]
    fn scores_are_from_whites_side() {
        // White a man up, Black to move: White is better whoever moves.
        let position =
            Position::from_fen("B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11")
                .unwrap();
        let mut engine = Engine::new(1);
        assert!(judge(&mut engine, position, 20_000) > 50);
        let line = JudgedOpening {
            moves: ["22-18".into(), "10-14".into(), "18x11".into()],
            position,
            score: 7,
        }
        .line();
        assert!(line.starts_with("22-18 10-14 18x11 B:W"));
        assert!(line.ends_with(" 7"));
    }
}
