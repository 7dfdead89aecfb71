//! Fitting the pattern evaluation ([`dama_engine::patterns`]) to game results.
//!
//! The model is the engine's evaluation with the pattern weights: the linear terms
//! ([`dama_engine::eval::features`]) plus one opening and one endgame weight per configuration
//! of each region, tapered by the phase. It is linear in all its weights, so, as for the linear
//! evaluation ([`crate::texel`]), the predicted result `1 / (1 + exp(-eval / scale))` is fitted
//! to the games' results by full-batch Adam on the mean squared error, here with an L2 penalty
//! on the region weights: a configuration seen in a handful of positions stays near zero
//! instead of learning those positions by heart.
//!
//! The scale is fitted first with the linear weights alone and then kept, so the result stays
//! in centi-men. The last part of the samples (`validation`, whole games at the end of the
//! data) is held out and its error reported before and after, the measure of whether the
//! patterns learned something that carries over to positions they were not fitted to.

use dama_engine::eval::{PHASE_MAX, features, phase};
use dama_engine::features::FEATURES;
use dama_engine::patterns::{CONFIGS, PatternWeights, REGIONS, WEIGHT_UNIT, region_indices};

use crate::texel::{Sample, best_scale};

/// How the fit runs.
#[derive(Clone, Debug)]
pub struct PatternFitSettings {
    /// Full passes of gradient descent.
    pub epochs: usize,
    /// The L2 penalty on region weights (per weight, in the units of the summed gradient).
    pub l2: f64,
    /// Adam's step, in centi-men.
    pub rate: f64,
    /// The share of samples (the last ones) held out to measure the fit.
    pub validation: f64,
    /// Threads.
    pub jobs: usize,
    /// The logistic's scale in centi-men; `None` fits it to the starting weights (between
    /// [`crate::texel::MIN_SCALE`] and [`crate::texel::MAX_SCALE`]).
    pub scale: Option<f64>,
}

impl Default for PatternFitSettings {
    fn default() -> Self {
        PatternFitSettings {
            epochs: 300,
            l2: 0.005,
            rate: 0.5,
            validation: 0.05,
            jobs: 2,
            scale: None,
        }
    }
}

/// What a fit gives.
#[derive(Clone, Debug)]
pub struct PatternFit {
    pub weights: PatternWeights,
    /// Centi-men per unit of the logistic's argument.
    pub scale: f64,
    /// Mean squared errors on the fitted and the held-out samples, with the starting weights
    /// (the linear evaluation alone) and with the fitted ones (as rounded for the engine).
    pub train_before: f64,
    pub train_after: f64,
    pub validation_before: f64,
    pub validation_after: f64,
    pub train_samples: usize,
    pub validation_samples: usize,
}

/// The samples as the model sees them.
struct Rows {
    /// `linear[starts[j]..starts[j + 1]]`: sample j's non-zero linear features (index, value).
    starts: Vec<u32>,
    linear: Vec<(u16, f32)>,
    regions: Vec<[u16; REGIONS]>,
    /// The phase as a share of the opening (1 at the start, 0 with no pieces).
    phase: Vec<f32>,
    result: Vec<f32>,
}

impl Rows {
    fn new(samples: &[Sample]) -> Rows {
        let mut rows = Rows {
            starts: Vec::with_capacity(samples.len() + 1),
            linear: Vec::new(),
            regions: Vec::with_capacity(samples.len()),
            phase: Vec::with_capacity(samples.len()),
            result: Vec::with_capacity(samples.len()),
        };
        rows.starts.push(0);
        for sample in samples {
            let x = features(&sample.position);
            rows.linear.extend(
                x.iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0)
                    .map(|(i, &v)| (i as u16, v as f32 / PHASE_MAX as f32)),
            );
            rows.starts.push(rows.linear.len() as u32);
            rows.regions.push(region_indices(&sample.position));
            rows.phase
                .push(phase(&sample.position) as f32 / PHASE_MAX as f32);
            rows.result.push(sample.result as f32);
        }
        rows
    }

    fn len(&self) -> usize {
        self.result.len()
    }
}

/// Where the region weights start in the parameter vector.
const TABLES: usize = FEATURES;
/// Parameters: the linear weights, then `REGIONS * CONFIGS` (opening, endgame) pairs.
const PARAMETERS: usize = FEATURES + REGIONS * CONFIGS * 2;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The model's evaluation of sample `j`, in centi-men.
#[inline]
fn eval(rows: &Rows, j: usize, weights: &[f64]) -> f64 {
    let mut e = 0.0;
    for &(i, x) in &rows.linear[rows.starts[j] as usize..rows.starts[j + 1] as usize] {
        e += weights[i as usize] * f64::from(x);
    }
    let ph = f64::from(rows.phase[j]);
    for (region, &config) in rows.regions[j].iter().enumerate() {
        let at = TABLES + (region * CONFIGS + config as usize) * 2;
        e += weights[at] * ph + weights[at + 1] * (1.0 - ph);
    }
    e
}

/// The mean squared error over samples `range`.
fn loss(rows: &Rows, range: std::ops::Range<usize>, weights: &[f64], scale: f64) -> f64 {
    let count = range.len().max(1) as f64;
    range
        .map(|j| (sigmoid(eval(rows, j, weights) / scale) - f64::from(rows.result[j])).powi(2))
        .sum::<f64>()
        / count
}

/// The gradient of the summed squared error over samples `range`.
fn gradient(rows: &Rows, range: std::ops::Range<usize>, weights: &[f64], scale: f64) -> Vec<f64> {
    let mut g = vec![0.0; PARAMETERS];
    for j in range {
        let predicted = sigmoid(eval(rows, j, weights) / scale);
        let slope =
            2.0 * (predicted - f64::from(rows.result[j])) * predicted * (1.0 - predicted) / scale;
        for &(i, x) in &rows.linear[rows.starts[j] as usize..rows.starts[j + 1] as usize] {
            g[i as usize] += slope * f64::from(x);
        }
        let ph = f64::from(rows.phase[j]);
        for (region, &config) in rows.regions[j].iter().enumerate() {
            let at = TABLES + (region * CONFIGS + config as usize) * 2;
            g[at] += slope * ph;
            g[at + 1] += slope * (1.0 - ph);
        }
    }
    g
}

/// The gradient over `0..train` on `jobs` threads.
fn parallel_gradient(
    rows: &Rows,
    train: usize,
    weights: &[f64],
    scale: f64,
    jobs: usize,
) -> Vec<f64> {
    let jobs = jobs.max(1);
    let chunk = train.div_ceil(jobs);
    let parts: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|t| {
                let range = (t * chunk).min(train)..((t + 1) * chunk).min(train);
                scope.spawn(move || gradient(rows, range, weights, scale))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut total = vec![0.0; PARAMETERS];
    for part in parts {
        for (t, p) in total.iter_mut().zip(part) {
            *t += p;
        }
    }
    total
}

/// The fitted parameters as the engine stores them (tables rounded to quarter centi-men).
fn to_weights(parameters: &[f64]) -> PatternWeights {
    let mut linear = [0i32; FEATURES];
    for (out, &w) in linear.iter_mut().zip(&parameters[..FEATURES]) {
        *out = w.round() as i32;
    }
    let tables = parameters[TABLES..]
        .iter()
        .map(|&w| {
            (w * f64::from(WEIGHT_UNIT))
                .round()
                .clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
        })
        .collect();
    PatternWeights {
        linear,
        tables,
        provenance: String::new(),
    }
}

/// The stored weights back as parameters (what the engine will compute with).
fn from_weights(weights: &PatternWeights) -> Vec<f64> {
    let mut parameters: Vec<f64> = weights.linear.iter().map(|&w| f64::from(w)).collect();
    parameters.extend(
        weights
            .tables
            .iter()
            .map(|&w| f64::from(w) / f64::from(WEIGHT_UNIT)),
    );
    parameters
}

/// Fits the pattern weights to the samples, starting from the linear weights `start` and
/// empty regions; `progress` gets the epoch and the training error every few epochs.
#[must_use]
pub fn fit_patterns(
    samples: &[Sample],
    start: &[i32; FEATURES],
    settings: &PatternFitSettings,
    progress: &dyn Fn(usize, f64),
) -> PatternFit {
    let rows = Rows::new(samples);
    let held_out = ((rows.len() as f64) * settings.validation.clamp(0.0, 0.5)) as usize;
    let train = rows.len() - held_out;
    let mut parameters = from_weights(&PatternWeights::zero(*start));

    // The scale that best fits the starting weights, unless it is given.
    let (scale, best) = match settings.scale {
        Some(scale) => (scale, loss(&rows, 0..train, &parameters, scale)),
        None => best_scale(|scale| loss(&rows, 0..train, &parameters, scale)),
    };
    let train_before = best;
    let validation_before = loss(&rows, train..rows.len(), &parameters, scale);

    let (beta1, beta2, epsilon): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut moment = vec![0.0; PARAMETERS];
    let mut velocity = vec![0.0; PARAMETERS];
    let count = train.max(1) as f64;
    for epoch in 1..=settings.epochs {
        let mut g = parallel_gradient(&rows, train, &parameters, scale, settings.jobs);
        for (i, gi) in g.iter_mut().enumerate() {
            *gi /= count;
            if i >= TABLES {
                *gi += settings.l2 * parameters[i] / count;
            }
        }
        let correction1 = 1.0 - beta1.powi(epoch as i32);
        let correction2 = 1.0 - beta2.powi(epoch as i32);
        for i in 0..PARAMETERS {
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * g[i];
            velocity[i] = beta2 * velocity[i] + (1.0 - beta2) * g[i] * g[i];
            let step = settings.rate * (moment[i] / correction1)
                / ((velocity[i] / correction2).sqrt() + epsilon);
            parameters[i] -= step;
        }
        if epoch % 25 == 0 || epoch == settings.epochs {
            progress(epoch, loss(&rows, 0..train, &parameters, scale));
        }
    }
    let weights = to_weights(&parameters);
    let stored = from_weights(&weights);
    PatternFit {
        scale,
        train_before,
        train_after: loss(&rows, 0..train, &stored, scale),
        validation_before,
        validation_after: loss(&rows, train..rows.len(), &stored, scale),
        train_samples: train,
        validation_samples: held_out,
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::eval::evaluate_patterns;
    use dama_engine::weights::WEIGHTS;
    use dama_rules::Position;

    fn sample(fen: &str, result: f64) -> Sample {
        Sample {
            position: Position::from_fen(fen).unwrap(),
            result,
        }
    }

    #[test]
    fn the_model_is_the_engines_evaluation() {
        // With any weights, the fit's evaluation of a sample is the engine's (up to rounding).
        let mut weights = PatternWeights::zero(WEIGHTS);
        for (i, w) in weights.tables.iter_mut().enumerate() {
            *w = ((i * 7919) % 41) as i16 - 20;
        }
        let samples: Vec<Sample> = [
            "W:W21,22,23,K30:B1,2,10,K15",
            "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "B:W9,10,14:B25,K30",
        ]
        .iter()
        .map(|f| sample(f, 0.5))
        .collect();
        let rows = Rows::new(&samples);
        let parameters = from_weights(&weights);
        for (j, s) in samples.iter().enumerate() {
            let model = eval(&rows, j, &parameters);
            let engine = f64::from(evaluate_patterns(&s.position, &weights));
            assert!((model - engine).abs() <= 2.0, "{model} against {engine}");
        }
    }

    #[test]
    fn fitting_learns_a_winning_structure() {
        // The same material, but with White's men on 21 and 22 side by side White won every
        // game, while with them apart the games were drawn: the fit must learn the difference.
        let mut samples = Vec::new();
        for _ in 0..20 {
            samples.push(sample("W:W21,22:B1,2", 1.0));
            samples.push(sample("W:W21,32:B1,2", 0.5));
        }
        let settings = PatternFitSettings {
            epochs: 150,
            l2: 0.0,
            rate: 1.0,
            validation: 0.0,
            jobs: 2,
            scale: Some(71.0),
        };
        let fit = fit_patterns(&samples, &WEIGHTS, &settings, &|_, _| {});
        assert!(fit.train_after < fit.train_before);
        let together = Position::from_fen("W:W21,22:B1,2").unwrap();
        let apart = Position::from_fen("W:W21,32:B1,2").unwrap();
        let gain = |p: &Position| {
            evaluate_patterns(p, &fit.weights)
                - evaluate_patterns(p, &PatternWeights::zero(WEIGHTS))
        };
        assert!(
            gain(&together) > gain(&apart) + 20,
            "{} {}",
            gain(&together),
            gain(&apart)
        );
    }

    #[test]
    fn a_held_out_part_is_measured_apart() {
        let samples: Vec<Sample> = (0..40)
            .map(|i| sample("W:W21,22:B1,2", if i % 2 == 0 { 1.0 } else { 0.0 }))
            .collect();
        let settings = PatternFitSettings {
            epochs: 2,
            validation: 0.25,
            ..PatternFitSettings::default()
        };
        let fit = fit_patterns(&samples, &WEIGHTS, &settings, &|_, _| {});
        assert_eq!(fit.validation_samples, 10);
        assert_eq!(fit.train_samples, 30);
    }
}
