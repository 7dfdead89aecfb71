//! Fitting the evaluation weights to game results (Texel's method).
//!
//! 1. [`self_play`]: the engine plays itself from a set of openings (node-limited searches,
//!    the first plies chosen at random among near-best moves so no two games are alike) and
//!    every quiet position is kept with the game's result.
//! 2. [`fit`]: logistic regression. The evaluation is linear in its features
//!    ([`dama_engine::eval::features`]), so the predicted result
//!    `1 / (1 + exp(-eval / scale))` is fitted to the actual results by gradient descent
//!    (Adam) on the mean squared error. The scale is fitted first, with the starting weights;
//!    at the end the tables by square are centred (their mean moves into the material
//!    weights) and everything is rescaled so that a man in the opening is worth 100
//!    (centi-men).
//! 3. [`weights_source`] writes the result as `weights.rs`.
//!
//! `damabot tune` ([`crate::tune`]) runs the three steps (see docs/engine.md#tuning).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};

use dama_rules::{Color, Game, Position};

use dama_engine::eval::{PHASE_MAX, features};
use dama_engine::features::{
    F_KING_EG, F_KING_MG, F_KING_SQUARE, F_MAN_EG, F_MAN_MG, F_MAN_SQUARE_EG, F_MAN_SQUARE_MG,
    FEATURES, feature_name,
};
use dama_engine::{Engine, Limits, Options, Rng, score_moves};

/// A quiet position and the result of its game for the side to move (1, 0.5 or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    pub result: f64,
}

/// How the self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// The first plies are chosen at random among moves within `margin` of the best.
    pub random_plies: usize,
    pub margin: i32,
    /// Games still running after this many plies count as draws.
    pub max_plies: usize,
    pub seed: u64,
    /// Threads.
    pub jobs: usize,
    /// Transposition table per thread, in MiB.
    pub hash_mb: usize,
    /// Play with the linear evaluation instead of the pattern evaluation.
    pub linear_eval: bool,
}

impl Default for SelfPlay {
    fn default() -> Self {
        SelfPlay {
            games: 3000,
            nodes: 4000,
            random_plies: 8,
            margin: 30,
            max_plies: 300,
            seed: 1,
            jobs: 2,
            hash_mb: 16,
            linear_eval: false,
        }
    }
}

/// Plays one self-play game and returns its quiet positions with results.
fn play_one(engine: &mut Engine, start: Position, settings: &SelfPlay, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(start);
    let mut kept: Vec<(Position, Color)> = Vec::new();
    engine.new_game();
    while game.outcome().is_none() && game.ply() < settings.max_plies {
        let position = *game.position();
        if !position.must_capture() {
            kept.push((position, position.turn()));
        }
        let m = if game.ply() < settings.random_plies {
            let scored = score_moves(engine, &game, 2);
            let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
            let near: Vec<_> = scored
                .iter()
                .filter(|&&(_, s)| s >= best - settings.margin)
                .collect();
            near.get(rng.below(near.len().max(1) as u64) as usize)
                .map(|&&(m, _)| m)
        } else {
            engine.search(&game, &Limits::nodes(settings.nodes)).best
        };
        let Some(m) = m else { break };
        if game.play(&m).is_err() {
            break;
        }
    }
    let winner = game.outcome().and_then(|o| o.winner);
    kept.into_iter()
        .map(|(position, turn)| Sample {
            position,
            result: match winner {
                None => 0.5,
                Some(w) if w == turn => 1.0,
                Some(_) => 0.0,
            },
        })
        .collect()
}

/// Self-play games from `openings` (game `i` starts from opening `i % len`); `progress` is
/// called with the number of finished games.
pub fn self_play(
    openings: &[Position],
    settings: &SelfPlay,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Sample> {
    if openings.is_empty() {
        return Vec::new();
    }
    let done = AtomicUsize::new(0);
    let games = crate::jobs::map_in_order(
        settings.games,
        settings.jobs,
        || {
            let mut engine = Engine::new(settings.hash_mb);
            engine.set_options(Options {
                linear_eval: settings.linear_eval,
                ..engine.options()
            });
            engine
        },
        |engine, i| {
            let seed = settings.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
            let samples = play_one(engine, openings[i % openings.len()], settings, seed);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            samples
        },
    );
    games.into_iter().flatten().collect()
}

/// Samples as text: one `FEN result` a line, the result from White's side (1, 0.5 or 0).
#[must_use]
pub fn write_samples(samples: &[Sample]) -> String {
    let mut text = String::new();
    for sample in samples {
        let white = if sample.position.turn() == Color::White {
            sample.result
        } else {
            1.0 - sample.result
        };
        let _ = writeln!(text, "{} {white}", sample.position.to_fen());
    }
    text
}

/// Reads [`write_samples`]' format.
pub fn read_samples(text: &str) -> Result<Vec<Sample>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let (fen, result) = line
                .trim()
                .rsplit_once(' ')
                .ok_or_else(|| format!("line {}: expected `FEN result`", i + 1))?;
            let position = Position::from_fen(fen).map_err(|e| format!("line {}: {e}", i + 1))?;
            let white: f64 = result
                .parse()
                .ok()
                .filter(|r| [0.0, 0.5, 1.0].contains(r))
                .ok_or_else(|| format!("line {}: result must be 1, 0.5 or 0", i + 1))?;
            let result = if position.turn() == Color::White {
                white
            } else {
                1.0 - white
            };
            Ok(Sample { position, result })
        })
        .collect()
}

/// A sample's features, sparse (index, value / `PHASE_MAX`).
struct Row {
    features: Vec<(u16, f32)>,
    result: f32,
}

fn rows(samples: &[Sample]) -> Vec<Row> {
    samples
        .iter()
        .map(|sample| {
            let x = features(&sample.position);
            Row {
                features: x
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0)
                    .map(|(i, &v)| (i as u16, v as f32 / PHASE_MAX as f32))
                    .collect(),
                result: sample.result as f32,
            }
        })
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(rows: &[Row], weights: &[f64], scale: f64) -> f64 {
    let total: f64 = rows
        .iter()
        .map(|row| {
            let eval: f64 = row
                .features
                .iter()
                .map(|&(i, v)| weights[i as usize] * f64::from(v))
                .sum();
            (sigmoid(eval / scale) - f64::from(row.result)).powi(2)
        })
        .sum();
    total / rows.len().max(1) as f64
}

/// The bounds of a fitted scale (centi-men per unit of the logistic's argument).
pub const MIN_SCALE: f64 = 10.0;
pub const MAX_SCALE: f64 = 1000.0;

/// The scale (between [`MIN_SCALE`] and [`MAX_SCALE`]) that minimises `loss`, by a coarse
/// then a finer and finer search from 100; with the loss there.
pub fn best_scale(loss: impl Fn(f64) -> f64) -> (f64, f64) {
    let mut scale = 100.0;
    let mut best = loss(scale);
    for step in [50.0, 10.0, 2.0, 0.5] {
        loop {
            let mut improved = false;
            for candidate in [scale - step, scale + step] {
                if (MIN_SCALE..=MAX_SCALE).contains(&candidate) {
                    let l = loss(candidate);
                    if l < best {
                        best = l;
                        scale = candidate;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    (scale, best)
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    pub weights: [i32; FEATURES],
    /// Centi-men per unit of the logistic's argument.
    pub scale: f64,
    pub loss_before: f64,
    pub loss_after: f64,
    pub samples: usize,
}

/// Fits the weights to the samples, starting from `start`, with `epochs` full passes.
#[must_use]
pub fn fit(samples: &[Sample], start: &[i32; FEATURES], epochs: usize) -> Fit {
    let rows = rows(samples);
    let mut current: Vec<f64> = start.iter().map(|&v| f64::from(v)).collect();
    let (mut scale, loss_before) = best_scale(|scale| loss(&rows, &current, scale));

    // Adam on the mean squared error.
    let (beta1, beta2, rate, epsilon) = (0.9, 0.999, 1.0, 1e-8);
    let mut moment = vec![0.0; FEATURES];
    let mut velocity = vec![0.0; FEATURES];
    let count = rows.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut gradient = vec![0.0; FEATURES];
        for row in &rows {
            let eval: f64 = row
                .features
                .iter()
                .map(|&(i, x)| current[i as usize] * f64::from(x))
                .sum();
            let predicted = sigmoid(eval / scale);
            let slope =
                2.0 * (predicted - f64::from(row.result)) * predicted * (1.0 - predicted) / scale;
            for &(i, x) in &row.features {
                gradient[i as usize] += slope * f64::from(x);
            }
        }
        for i in 0..FEATURES {
            let g = gradient[i] / count;
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * g;
            velocity[i] = beta2 * velocity[i] + (1.0 - beta2) * g * g;
            let m_hat = moment[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = velocity[i] / (1.0 - beta2.powi(epoch as i32));
            current[i] -= rate * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    // A table by square and the piece's material weight say the same thing (their sum is
    // the piece count); tables are kept at mean zero so the material weights mean material.
    for (table, len, material) in [
        (F_MAN_SQUARE_MG, 28, F_MAN_MG),
        (F_MAN_SQUARE_EG, 28, F_MAN_EG),
        (F_KING_SQUARE, 32, usize::MAX),
    ] {
        let mean = current[table..table + len].iter().sum::<f64>() / len as f64;
        current[table..table + len]
            .iter_mut()
            .for_each(|w| *w -= mean);
        if material == usize::MAX {
            // Kings: one table for both phases.
            current[F_KING_MG] += mean;
            current[F_KING_EG] += mean;
        } else {
            current[material] += mean;
        }
    }
    // The unit: an opening man is worth 100 (the loss does not change when the weights and
    // the scale are multiplied by the same factor).
    let unit = 100.0 / current[F_MAN_MG].max(1.0);
    for w in &mut current {
        *w *= unit;
    }
    scale *= unit;
    let mut weights = [0i32; FEATURES];
    for (out, value) in weights.iter_mut().zip(&current) {
        *out = value.round() as i32;
    }
    let fitted: Vec<f64> = weights.iter().map(|&v| f64::from(v)).collect();
    Fit {
        weights,
        scale,
        loss_before,
        loss_after: loss(&rows, &fitted, scale),
        samples: rows.len(),
    }
}

/// `weights.rs` for fitted weights; `provenance` lines go into its header.
#[must_use]
pub fn weights_source(weights: &[i32; FEATURES], provenance: &[String]) -> String {
    let mut text = String::from(
        "//! Evaluation weights in centi-men (see [`crate::eval`] for the terms).\n//!\n\
         //! Written by `damabot tune` (see docs/engine.md#tuning); do not edit by hand.\n",
    );
    for line in provenance {
        let _ = writeln!(text, "//! {line}");
    }
    text.push_str(
        "\nuse crate::features::FEATURES;\n\n\
         /// The weight of every feature, indexed by the `F_*` constants of [`crate::features`].\n\
         pub const WEIGHTS: [i32; FEATURES] = [\n",
    );
    for (i, w) in weights.iter().enumerate() {
        let _ = writeln!(text, "    {w}, // {}", feature_name(i));
    }
    text.push_str("];\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::eval::evaluate_with;
    use dama_engine::weights::WEIGHTS;

    #[test]
    fn samples_round_trip_as_text() {
        let samples = vec![
            Sample {
                position: Position::initial(),
                result: 1.0,
            },
            Sample {
                position: Position::from_fen("B:W21,22:B1,K5").unwrap(),
                result: 0.0,
            },
        ];
        assert_eq!(read_samples(&write_samples(&samples)).unwrap(), samples);
        assert!(read_samples("W:W21:B1 2").is_err());
        assert!(read_samples("nonsense 1").is_err());
    }

    #[test]
    fn self_play_keeps_quiet_positions_with_results() {
        let settings = SelfPlay {
            games: 2,
            nodes: 300,
            random_plies: 2,
            max_plies: 40,
            jobs: 1,
            hash_mb: 1,
            ..SelfPlay::default()
        };
        let samples = self_play(&[Position::initial()], &settings, &|_| {});
        assert!(samples.len() > 20);
        for sample in &samples {
            assert!(!sample.position.must_capture());
            assert!([0.0, 0.5, 1.0].contains(&sample.result));
        }
    }

    #[test]
    fn fitting_learns_that_kings_win() {
        // Positions where the side with an extra king won, and level ones that were drawn:
        // starting with kings worth nothing, the fit must give them value.
        let mut start = WEIGHTS;
        start[F_KING_MG] = 0;
        start[F_KING_EG] = 0;
        let mut samples = Vec::new();
        for fen in [
            "W:W21,22,K5:B1,2",
            "W:W25,26,K8:B3,4",
            "B:W21,22:B1,2,K30",
            "B:W24,27:B9,10,K29",
        ] {
            samples.push(Sample {
                position: Position::from_fen(fen).unwrap(),
                result: 1.0,
            });
        }
        for fen in ["W:W21,22:B1,2", "B:W25,26:B3,4"] {
            samples.push(Sample {
                position: Position::from_fen(fen).unwrap(),
                result: 0.5,
            });
        }
        let fit = fit(&samples, &start, 300);
        assert!(fit.loss_after < fit.loss_before);
        assert!(fit.weights[F_KING_MG] + fit.weights[F_KING_EG] > 0);
        assert_eq!(fit.weights[F_MAN_MG], 100);
        let kingside = Position::from_fen("W:W21,22,K5:B1,2").unwrap();
        assert!(evaluate_with(&kingside, &fit.weights) > evaluate_with(&kingside, &start));
    }

    #[test]
    fn source_lists_every_weight() {
        let source = weights_source(&WEIGHTS, &["test".into()]);
        assert_eq!(source.matches(", // ").count(), FEATURES);
        assert!(source.contains("//! test"));
    }

    #[test]
    fn source_of_the_compiled_weights_is_the_committed_file() {
        // Below its header, the file `tune fit` writes is the engine's weights file (up to
        // the spacing that `cargo fmt` changes).
        let body = |text: &str| -> String {
            text.lines()
                .filter(|line| !line.starts_with("//!"))
                .flat_map(str::split_whitespace)
                .collect()
        };
        let committed = include_str!("../../dama-engine/src/weights.rs");
        assert_eq!(body(&weights_source(&WEIGHTS, &[])), body(committed));
    }
}
