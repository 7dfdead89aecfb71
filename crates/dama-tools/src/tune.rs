//! `damabot tune`: generate self-play positions, then fit the evaluation weights to their
//! results and write `crates/dama-engine/src/weights.rs` (see [`crate::texel`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Subcommand;
use dama_engine::weights::WEIGHTS;

use crate::matches::read_openings;
use crate::pattern_fit::{self, PatternFitSettings};
use crate::texel::{self, SelfPlay};

/// `damabot tune generate ...` and `damabot tune fit ...`.
#[derive(Debug, Subcommand)]
pub enum TuneCommand {
    /// Play the engine against itself from the openings and write every quiet position with
    /// its game's result (`FEN result` lines, result from White's side).
    Generate {
        /// Games to play.
        #[arg(long, default_value_t = 3000)]
        games: usize,
        /// Nodes per move.
        #[arg(long, default_value_t = 4000)]
        nodes: u64,
        /// Plies at the start chosen at random among near-best moves.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Threads.
        #[arg(long, short = 'j', default_value_t = 2)]
        jobs: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "tests/data/openings-11man.txt")]
        openings: PathBuf,
        /// Where the positions go.
        #[arg(long, default_value = "tune-data.txt")]
        out: PathBuf,
        /// Play with the linear evaluation (the comparison point) instead of the patterns.
        #[arg(long)]
        linear: bool,
    },
    /// Fit the weights to generated positions and write them as Rust source.
    Fit {
        #[arg(long, default_value = "tune-data.txt")]
        data: PathBuf,
        /// Full passes of gradient descent.
        #[arg(long, default_value_t = 3000)]
        epochs: usize,
        /// The weights file to write.
        #[arg(long, default_value = "crates/dama-engine/src/weights.rs")]
        out: PathBuf,
    },
    /// Fit the pattern evaluation (the linear terms and the regions' tables) to generated
    /// positions and write its weights file.
    FitPatterns {
        /// Files of generated positions (`tune generate`'s output); give it several times.
        #[arg(long, required = true)]
        data: Vec<PathBuf>,
        /// Full passes of gradient descent.
        #[arg(long, default_value_t = 300)]
        epochs: usize,
        /// The L2 penalty on the regions' weights.
        #[arg(long, default_value_t = 0.005)]
        l2: f64,
        /// Adam's step in centi-men.
        #[arg(long, default_value_t = 0.5)]
        rate: f64,
        /// The share of the positions (the last ones) held out to measure the fit.
        #[arg(long, default_value_t = 0.05)]
        validation: f64,
        /// Threads.
        #[arg(long, short = 'j', default_value_t = 2)]
        jobs: usize,
        /// The weights file to write.
        #[arg(long, default_value = "crates/dama-engine/data/patterns.bin")]
        out: PathBuf,
    },
}

/// `damabot tune generate` and `damabot tune fit`.
#[must_use]
pub fn tune_command(command: &TuneCommand) -> ExitCode {
    let outcome = match command {
        TuneCommand::Generate {
            games,
            nodes,
            random_plies,
            jobs,
            seed,
            openings,
            out,
            linear,
        } => generate(
            &SelfPlay {
                games: *games,
                nodes: *nodes,
                random_plies: *random_plies,
                jobs: *jobs,
                seed: *seed,
                linear_eval: *linear,
                ..SelfPlay::default()
            },
            openings,
            out,
        ),
        TuneCommand::Fit { data, epochs, out } => fit(data, *epochs, out),
        TuneCommand::FitPatterns {
            data,
            epochs,
            l2,
            rate,
            validation,
            jobs,
            out,
        } => fit_patterns(
            data,
            &PatternFitSettings {
                epochs: *epochs,
                l2: *l2,
                rate: *rate,
                validation: *validation,
                jobs: *jobs,
                scale: None,
            },
            out,
        ),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn generate(settings: &SelfPlay, openings: &PathBuf, out: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(openings)
        .map_err(|e| format!("cannot read {}: {e}", openings.display()))?;
    let openings = read_openings(&text)?;
    let started = Instant::now();
    let step = (settings.games / 20).max(1);
    let samples = texel::self_play(&openings, settings, &|done| {
        if done % step == 0 {
            eprintln!("{done}/{} games", settings.games);
        }
    });
    std::fs::write(out, texel::write_samples(&samples))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} games, {} positions in {:.0} s -> {}",
        settings.games,
        samples.len(),
        started.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

fn fit(data: &PathBuf, epochs: usize, out: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(data)
        .map_err(|e| format!("cannot read {}: {e}", data.display()))?;
    let samples = texel::read_samples(&text).map_err(|e| format!("{}: {e}", data.display()))?;
    let started = Instant::now();
    let fit = texel::fit(&samples, &WEIGHTS, epochs);
    let provenance = vec![
        format!(
            "Fitted to {} positions of self-play games, {epochs} epochs; scale {:.0},",
            fit.samples, fit.scale
        ),
        format!(
            "mean squared error {:.5} before, {:.5} after.",
            fit.loss_before, fit.loss_after
        ),
    ];
    std::fs::write(out, texel::weights_source(&fit.weights, &provenance))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} positions, scale {:.0}, error {:.5} -> {:.5} in {:.0} s -> {} (run cargo fmt, then rebuild)",
        fit.samples,
        fit.scale,
        fit.loss_before,
        fit.loss_after,
        started.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

fn fit_patterns(
    data: &[PathBuf],
    settings: &PatternFitSettings,
    out: &PathBuf,
) -> Result<(), String> {
    let mut samples = Vec::new();
    for path in data {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        samples.extend(texel::read_samples(&text).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let started = Instant::now();
    eprintln!("{} positions read; fitting", samples.len());
    let fit = pattern_fit::fit_patterns(&samples, &WEIGHTS, settings, &|epoch, error| {
        eprintln!(
            "epoch {epoch}/{}: error {error:.5} ({:.0} s)",
            settings.epochs,
            started.elapsed().as_secs_f64()
        );
    });
    let mut weights = fit.weights;
    weights.provenance = format!(
        "Fitted to {} positions of self-play games ({} more held out), {} epochs, L2 {}, \
         scale {:.1}; mean squared error {:.5} -> {:.5}, held out {:.5} -> {:.5}.",
        fit.train_samples,
        fit.validation_samples,
        settings.epochs,
        settings.l2,
        fit.scale,
        fit.train_before,
        fit.train_after,
        fit.validation_before,
        fit.validation_after
    );
    std::fs::write(out, weights.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} in {:.0} s -> {} (rebuild to play with it)",
        weights.provenance,
        started.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}
