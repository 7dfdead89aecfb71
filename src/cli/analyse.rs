//! `damabot analyse`: the engine's review of a game from a PDN file.

use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use dama_engine::Tablebase;
use dama_rules::Color;

use dama_coach::analysis::{
    Analysis, AnalysisOptions, DEFAULT_NODES, Mark, PlyAnalysis, analyse, format_evaluation,
};
use dama_render::{ChartLabels, ChartMark, MarkKind, advantage_chart};

/// `damabot analyse FILE.pdn [--game N] [--nodes N] [--pdn OUT.pdn] [--chart OUT.png]
/// [--tables DIR]`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The PDN file holding the game.
    #[arg(value_name = "FILE.pdn")]
    pub file: PathBuf,
    /// Which game of the file, counting from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub game: usize,
    /// Nodes searched per position.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Write the annotated game (marks, comments with the better move and the evaluation) to
    /// this PDN file.
    #[arg(long, value_name = "OUT.pdn")]
    pub pdn: Option<PathBuf>,
    /// Draw the advantage chart (the evaluation after each ply, the mistakes marked) to this
    /// PNG file.
    #[arg(long, value_name = "OUT.png")]
    pub chart: Option<PathBuf>,
    /// Judge endgames by the tables in this directory (default: `engine.tables_dir` of the
    /// configuration, when it exists).
    #[arg(long, value_name = "DIR", conflicts_with = "no_tables")]
    pub tables: Option<PathBuf>,
    /// Judge every position by the engine alone.
    #[arg(long)]
    pub no_tables: bool,
}

enum Failure {
    /// Bad arguments or input file (exit status 2).
    Input(String),
    /// The annotated game could not be written (exit status 1).
    Write(String),
}

/// Runs `damabot analyse`; `default_tables` is the configuration's table directory.
pub fn analyse_command(args: &AnalyseArgs, default_tables: &Path) -> ExitCode {
    match run(args, default_tables) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(super::EXIT_CONFIG)
        }
        Err(Failure::Write(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &AnalyseArgs, default_tables: &Path) -> Result<(), Failure> {
    let path = &args.file;
    let number = args.game;
    let (game, replay) = super::read_pdn_game(path, number).map_err(Failure::Input)?;
    if args.nodes == 0 {
        return Err(Failure::Input("--nodes: must be at least 1".to_owned()));
    }
    let tables = load_tables(args, default_tables)?;

    let options = AnalysisOptions {
        nodes: args.nodes,
        ..AnalysisOptions::default()
    };
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let analysis = analyse(
        &replay.start,
        &replay.moves,
        &options,
        tables.as_ref(),
        &mut |done, total| {
            if terminal {
                let percent = done * 100 / total.max(1);
                eprint!("\ranalysing… {percent:3}% ({done}/{total} positions)");
                let _ = std::io::stderr().flush();
            }
        },
    );
    if terminal {
        eprintln!();
    }
    let elapsed = started.elapsed();

    let white = game.tag("White").unwrap_or("?");
    let black = game.tag("Black").unwrap_or("?");
    println!(
        "game {number}: {white} (White) - {black} (Black), {} plies, {} nodes a position, {:.1} s",
        analysis.plies.len(),
        analysis.nodes,
        elapsed.as_secs_f64()
    );
    println!("start {:>24}", format_evaluation(analysis.start_evaluation));
    for ply in &analysis.plies {
        println!("{}", ply_line(&analysis, ply));
    }
    println!(
        "accuracy: White {:.0}%, Black {:.0}%",
        analysis.accuracy.white, analysis.accuracy.black
    );
    match analysis.worst() {
        Some(worst) => println!(
            "worst moment: ply {}, {} (lost {})",
            worst.ply,
            move_words(&analysis, worst),
            format_evaluation(worst.loss).trim_start_matches('+')
        ),
        None => println!("worst moment: none, no move lost anything"),
    }

    if let Some(out) = &args.pdn {
        let result = game.result.as_deref().unwrap_or("*");
        let tags: Vec<(&str, &str)> = game
            .tags
            .iter()
            .filter(|(name, _)| {
                !["GameType", "FEN", "SetUp", "Result"]
                    .iter()
                    .any(|t| name.eq_ignore_ascii_case(t))
            })
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        let text = analysis.annotated_pdn(&tags, result);
        std::fs::write(out, text)
            .map_err(|e| Failure::Write(format!("cannot write {}: {e}", out.display())))?;
    }
    if let Some(out) = &args.chart {
        let png = chart(&analysis, &format!("{white} – {black}"));
        std::fs::write(out, png)
            .map_err(|e| Failure::Write(format!("cannot write {}: {e}", out.display())))?;
    }
    Ok(())
}

/// The advantage chart of an analysis: the evaluation after each ply in men (White's point of
/// view), each marked move a dot.
fn chart(analysis: &Analysis, title: &str) -> Vec<u8> {
    #[allow(
        clippy::cast_precision_loss,
        reason = "evaluations are clipped to ±1000"
    )]
    let evaluations: Vec<f32> = analysis
        .evaluations()
        .iter()
        .skip(1)
        .map(|&centi_men| centi_men as f32 / 100.0)
        .collect();
    let marks: Vec<ChartMark> = analysis
        .plies
        .iter()
        .filter_map(|ply| {
            let kind = match ply.mark? {
                Mark::Blunder => MarkKind::Blunder,
                Mark::Mistake => MarkKind::Mistake,
                Mark::Inaccuracy => MarkKind::Inaccuracy,
            };
            Some(ChartMark { ply: ply.ply, kind })
        })
        .collect();
    let labels = ChartLabels {
        title: title.to_owned(),
        moves: "move".to_owned(),
        white_ahead: "White better".to_owned(),
        black_ahead: "Black better".to_owned(),
    };
    advantage_chart(&evaluations, &marks, &labels)
}

/// The tables asked for: `--tables DIR` (its problems are warnings), the configuration's
/// directory when it exists, or none.
fn load_tables(args: &AnalyseArgs, default_tables: &Path) -> Result<Option<Tablebase>, Failure> {
    if args.no_tables {
        return Ok(None);
    }
    let dir = match &args.tables {
        Some(dir) if !dir.is_dir() => {
            return Err(Failure::Input(format!(
                "--tables: {} is not a directory",
                dir.display()
            )));
        }
        Some(dir) => dir.as_path(),
        None if default_tables.is_dir() => default_tables,
        None => return Ok(None),
    };
    let (tables, problems) = Tablebase::load(dir);
    for problem in &problems {
        eprintln!("warning: tables: {problem}");
    }
    Ok((tables.max_pieces() > 0).then_some(tables))
}

/// `12. 21-17?` or `12... 10-14`.
fn move_words(analysis: &Analysis, ply: &PlyAnalysis) -> String {
    let position = analysis.position_before(ply.ply);
    let number = number_of(analysis, ply);
    let dots = if ply.mover == Color::White {
        "."
    } else {
        "..."
    };
    let mark = ply.mark.map_or("", |m| m.symbol());
    format!("{number}{dots} {}{mark}", position.move_text(&ply.played))
}

/// The move number of a ply, counting from the start's side to move.
fn number_of(analysis: &Analysis, ply: &PlyAnalysis) -> usize {
    // Plies since White's first move of the numbering (a Black start counts a White ply
    // before it).
    let plies = ply.ply - 1 + usize::from(analysis.start.turn() == Color::Black);
    plies / 2 + 1
}

fn ply_line(analysis: &Analysis, ply: &PlyAnalysis) -> String {
    let words = move_words(analysis, ply);
    let evaluation = format_evaluation(ply.evaluation_after);
    match analysis.comment(ply) {
        Some(comment) => format!("{words:<22} {evaluation:>7}  {comment}"),
        None => format!("{words:<22} {evaluation:>7}"),
    }
}
