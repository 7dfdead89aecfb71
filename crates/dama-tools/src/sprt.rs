//! A sequential probability ratio test on game pairs, for `damabot match --sprt`.
//!
//! A match plays each opening twice with colours swapped, so its unit is the pair: the first
//! player scores 0, ½, 1, 1½ or 2 points on it, and the test counts how many pairs ended with
//! each score (the pentanomial model, as Fishtest does). Pairs are much less noisy than single
//! games when the openings are unbalanced, because the colour advantage cancels within a pair.
//!
//! After each pair the log-likelihood ratio of H1 (the first player is `elo1` stronger) against
//! H0 (`elo0` stronger) is the GSPRT approximation with logistic Elo:
//!
//! ```text
//! LLR ≈ N · (s1 − s0) · (2·μ − s0 − s1) / (2·σ²)
//! ```
//!
//! where `N` is the number of pairs, `μ` the mean and `σ²` the variance (over pairs, not
//! divided by `N`) of the pair scores scaled to 0..1 (0, ¼, ½, ¾, 1), and `s = 1 / (1 +
//! 10^(−elo/400))` the expected score at each bound. The test accepts H1 when the LLR reaches
//! `ln((1 − β) / α)` and H0 when it falls to `ln(β / (1 − α))`. A score with no pair yet counts
//! as 0.001 of a pair (as Fishtest regularises), so the variance of a short uniform run is not
//! zero. The approximation needs a sample: a run of identical pairs has only that
//! regularised variance, and one won pair would "prove" 10 Elo, so no decision is taken before
//! [`MIN_PAIRS`] pairs.
//!
//! References: Michel Van den Bergh, "A practical introduction to the GSPRT" (2016), the
//! approximation `LLR_logistic` in Fishtest's `server/fishtest/stats/LLRcalc.py`.
//!
//! ```
//! use dama_tools::sprt::{Decision, Sprt, SprtSpec};
//!
//! let spec: SprtSpec = "elo0=0,elo1=10".parse().unwrap();
//! let mut test = Sprt::new(spec);
//! assert_eq!(test.decision(), None);
//! for _ in 0..400 {
//!     test.record(4); // the first player wins both games
//! }
//! assert_eq!(test.decision(), Some(Decision::H1));
//! ```

use std::fmt;
use std::str::FromStr;

/// The hypotheses and error rates of a test: `elo0=0,elo1=10[,alpha=0.05,beta=0.05]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtSpec {
    /// H0: the first player is at most this many Elo stronger.
    pub elo0: f64,
    /// H1: the first player is at least this many Elo stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl SprtSpec {
    /// The lower bound, `ln(β / (1 − α))`: H0 is accepted at or below it.
    #[must_use]
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound, `ln((1 − β) / α)`: H1 is accepted at or above it.
    #[must_use]
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

impl FromStr for SprtSpec {
    type Err = String;

    /// # Errors
    /// A setting that is not `key=value` with a number, an unknown or repeated key, a missing
    /// `elo0` or `elo1`, `elo0 ≥ elo1`, Elo outside ±2000, or `alpha`/`beta` outside (0, ½).
    fn from_str(text: &str) -> Result<SprtSpec, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, None, None);
        for setting in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("SPRT setting `{setting}` needs key=value"))?;
            let number: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| format!("SPRT setting {key} needs a number, not `{value}`"))?;
            let slot = match key.trim() {
                "elo0" => &mut elo0,
                "elo1" => &mut elo1,
                "alpha" => &mut alpha,
                "beta" => &mut beta,
                other => {
                    return Err(format!(
                        "unknown SPRT setting `{other}`: use elo0, elo1, alpha, beta"
                    ));
                }
            };
            if slot.replace(number).is_some() {
                return Err(format!("SPRT setting {} given twice", key.trim()));
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("an SPRT needs elo0= and elo1= (for example elo0=0,elo1=10)".into());
        };
        if elo0 >= elo1 {
            return Err(format!(
                "SPRT elo0 must be below elo1, not {elo0} and {elo1}"
            ));
        }
        if elo0.abs() > 2000.0 || elo1.abs() > 2000.0 {
            return Err("SPRT Elo bounds must lie within ±2000".into());
        }
        let alpha = alpha.unwrap_or(0.05);
        let beta = beta.unwrap_or(0.05);
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(format!(
                    "SPRT {name} must lie strictly between 0 and 0.5, not {value}"
                ));
            }
        }
        Ok(SprtSpec {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl fmt::Display for SprtSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Pairs counted before the test may decide (a run of 10 identical pairs between equal players
/// is far less likely than α).
pub const MIN_PAIRS: u64 = 10;

/// Which hypothesis a finished test accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The first player is at most `elo0` stronger.
    H0,
    /// The first player is at least `elo1` stronger.
    H1,
}

/// The expected score of a player `elo` points stronger.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The GSPRT log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) for pentanomial counts:
/// `counts[k]` pairs on which the first player scored `k` half-points (0 to 4). Zero counts are
/// regularised to 0.001; no pair at all gives 0.
#[must_use]
pub fn llr(counts: &[u64; 5], elo0: f64, elo1: f64) -> f64 {
    if counts.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let weights = counts.map(|c| if c == 0 { 1e-3 } else { c as f64 });
    let n: f64 = weights.iter().sum();
    let score = |k: usize| k as f64 / 4.0;
    let mean = (0..5).map(|k| weights[k] * score(k)).sum::<f64>() / n;
    let variance = (0..5)
        .map(|k| weights[k] * (score(k) - mean).powi(2))
        .sum::<f64>()
        / n;
    let (s0, s1) = (expected_score(elo0), expected_score(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
}

/// A running test: the pentanomial counts so far and the decision, once one is reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Sprt {
    spec: SprtSpec,
    counts: [u64; 5],
    decided: Option<(Decision, f64, u64)>,
}

impl Sprt {
    /// A test with no pair yet.
    #[must_use]
    pub fn new(spec: SprtSpec) -> Sprt {
        Sprt {
            spec,
            counts: [0; 5],
            decided: None,
        }
    }

    /// The hypotheses and error rates.
    #[must_use]
    pub fn spec(&self) -> &SprtSpec {
        &self.spec
    }

    /// Counts a finished pair on which the first player scored `half_points` (0 to 4), and
    /// returns the decision if this pair reached one (never before [`MIN_PAIRS`] pairs). Pairs
    /// after the decision are counted but do not change it.
    ///
    /// # Panics
    /// If `half_points` is above 4.
    pub fn record(&mut self, half_points: u8) -> Option<Decision> {
        assert!(half_points <= 4, "a pair has at most 4 half-points");
        self.counts[usize::from(half_points)] += 1;
        if self.decided.is_some() || self.pairs() < MIN_PAIRS {
            return None;
        }
        let llr = self.llr();
        let decision = if llr >= self.spec.upper_bound() {
            Decision::H1
        } else if llr <= self.spec.lower_bound() {
            Decision::H0
        } else {
            return None;
        };
        self.decided = Some((decision, llr, self.pairs()));
        Some(decision)
    }

    /// The pentanomial counts: pairs on which the first player scored 0, ½, 1, 1½ and 2 points.
    #[must_use]
    pub fn counts(&self) -> [u64; 5] {
        self.counts
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The log-likelihood ratio of all pairs counted.
    #[must_use]
    pub fn llr(&self) -> f64 {
        llr(&self.counts, self.spec.elo0, self.spec.elo1)
    }

    /// The accepted hypothesis, once a pair reached a bound.
    #[must_use]
    pub fn decision(&self) -> Option<Decision> {
        self.decided.map(|(decision, _, _)| decision)
    }

    /// The verdict line: `SPRT: H1 accepted (LLR 2.97 ≥ 2.94) after 184 games`, with the LLR
    /// and the games at the moment of the decision, or `SPRT: undecided (LLR 1.20 in [-2.94,
    /// 2.94]) after 200 games`.
    #[must_use]
    pub fn verdict(&self) -> String {
        let (lower, upper) = (self.spec.lower_bound(), self.spec.upper_bound());
        match self.decided {
            Some((Decision::H1, llr, pairs)) => format!(
                "SPRT: H1 accepted (LLR {llr:.2} ≥ {upper:.2}) after {} games",
                2 * pairs
            ),
            Some((Decision::H0, llr, pairs)) => format!(
                "SPRT: H0 accepted (LLR {llr:.2} ≤ {lower:.2}) after {} games",
                2 * pairs
            ),
            None => format!(
                "SPRT: undecided (LLR {:.2} in [{lower:.2}, {upper:.2}]) after {} games",
                self.llr(),
                2 * self.pairs()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> SprtSpec {
        text.parse().unwrap()
    }

    #[test]
    fn specs_parse_with_defaults() {
        assert_eq!(
            spec("elo0=0,elo1=10"),
            SprtSpec {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05
            }
        );
        assert_eq!(
            spec("elo1=5, elo0=-1.5,beta=0.1,alpha=0.01"),
            SprtSpec {
                elo0: -1.5,
                elo1: 5.0,
                alpha: 0.01,
                beta: 0.1
            }
        );
        // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
        let s = spec("elo0=0,elo1=10");
        assert!((s.lower_bound() + 2.944_439).abs() < 1e-6);
        assert!((s.upper_bound() - 2.944_439).abs() < 1e-6);
        // ln(0.1 / 0.99) = -2.292535, ln(0.9 / 0.01) = 4.499810.
        let s = spec("elo0=0,elo1=5,alpha=0.01,beta=0.1");
        assert!((s.lower_bound() + 2.292_535).abs() < 1e-6);
        assert!((s.upper_bound() - 4.499_810).abs() < 1e-6);
        assert_eq!(
            spec(&spec("elo0=-3,elo1=2.5").to_string()),
            spec("elo0=-3,elo1=2.5")
        );
    }

    #[test]
    fn bad_specs_are_refused() {
        for (text, fragment) in [
            ("elo0=10,elo1=0", "below"),
            ("elo0=5,elo1=5", "below"),
            ("elo0=0", "elo1"),
            ("elo1=10", "elo0"),
            ("", "elo0"),
            ("elo0=0,elo1=ten", "number"),
            ("elo0=0,elo1=inf", "number"),
            ("elo0=0,elo1=10,gamma=1", "unknown"),
            ("elo0=0,elo1=10,elo1=20", "twice"),
            ("elo0=0,elo1", "key=value"),
            ("elo0=0,elo1=10,alpha=0", "alpha"),
            ("elo0=0,elo1=10,beta=0.5", "beta"),
            ("elo0=0,elo1=10,alpha=-0.1", "alpha"),
            ("elo0=0,elo1=5000", "2000"),
        ] {
            let error = text.parse::<SprtSpec>().unwrap_err();
            assert!(error.contains(fragment), "`{text}`: {error}");
        }
    }

    #[test]
    fn llr_of_known_counts() {
        // Counts [1, 1, 3, 3, 2] over 10 pairs, scores 0, ¼, ½, ¾, 1:
        //   μ  = (0·1 + ¼·1 + ½·3 + ¾·3 + 1·2) / 10 = 6 / 10 = 0.6
        //   σ² = (0²·1 + ¼²·1 + ½²·3 + ¾²·3 + 1²·2) / 10 − μ² = 4.5 / 10 − 0.36 = 0.09
        //   s0 = 1 / (1 + 10^0) = 0.5, s1 = 1 / (1 + 10^(−10/400)) = 1 / 1.944061 = 0.514387
        //   LLR = 10 · (0.514387 − 0.5) · (1.2 − 0.5 − 0.514387) / (2 · 0.09)
        //       = 10 · 0.014387 · 0.185613 / 0.18 = 0.148358
        let value = llr(&[1, 1, 3, 3, 2], 0.0, 10.0);
        assert!((value - 0.148_358).abs() < 1e-5, "{value}");
        // Counts [2, 2, 2, 2, 2]: μ = 0.5, σ² = (0 + 1/16 + 1/4 + 9/16 + 1) · 2 / 10 − 0.25 = 0.125.
        //   s0 = 1 / (1 + 10^(5/400)) = 0.485612, s1 = 0.514388, s1 − s0 = 0.028775,
        //   2μ − s0 − s1 = 0, so LLR = 0: an even score sits halfway between ±5 Elo.
        assert!(llr(&[2, 2, 2, 2, 2], -5.0, 5.0).abs() < 1e-12);
        // The same counts against 0..10: 2μ − s0 − s1 = 1 − 1.014387 = −0.014387,
        //   LLR = 10 · 0.014387 · (−0.014387) / 0.25 = −0.008280.
        let value = llr(&[2, 2, 2, 2, 2], 0.0, 10.0);
        assert!((value + 0.008_280).abs() < 1e-5, "{value}");
        assert!(llr(&[0; 5], 0.0, 10.0).abs() < f64::EPSILON);
    }

    #[test]
    fn a_lopsided_stream_accepts_h1() {
        let mut test = Sprt::new(spec("elo0=0,elo1=10"));
        // Per cycle of 10 pairs: 1 lost, 2 at ½, 3 at 1, 2 at 1½ and 2 won: μ = 22 / 40 = 0.55,
        // about +35 Elo.
        let cycle = [0, 1, 1, 2, 2, 2, 3, 3, 4, 4];
        let mut games = 0;
        while test.decision().is_none() {
            test.record(cycle[games / 2 % cycle.len()]);
            games += 2;
            assert!(games < 20_000, "no decision after {games} games");
        }
        assert_eq!(test.decision(), Some(Decision::H1));
        assert!(test.llr() >= test.spec().upper_bound());
        assert!(
            test.verdict().starts_with("SPRT: H1 accepted (LLR 2.9"),
            "{}",
            test.verdict()
        );
        assert!(
            test.verdict()
                .ends_with(&format!("≥ 2.94) after {games} games"))
        );
        // Later pairs are counted, the decision stays.
        for _ in 0..200 {
            test.record(0);
        }
        assert_eq!(test.decision(), Some(Decision::H1));
        assert!(test.verdict().ends_with(&format!("after {games} games")));
    }

    #[test]
    fn an_even_stream_accepts_h0() {
        let mut test = Sprt::new(spec("elo0=0,elo1=10"));
        let cycle = [0, 1, 1, 2, 2, 2, 2, 3, 3, 4];
        let mut pairs = 0;
        while test.decision().is_none() {
            test.record(cycle[pairs % cycle.len()]);
            pairs += 1;
            assert!(pairs < 100_000, "no decision after {pairs} pairs");
        }
        assert_eq!(test.decision(), Some(Decision::H0));
        assert!(test.llr() <= test.spec().lower_bound());
        assert!(
            test.verdict().starts_with("SPRT: H0 accepted (LLR -2.9"),
            "{}",
            test.verdict()
        );
    }

    #[test]
    fn no_decision_before_ten_pairs() {
        let mut test = Sprt::new(spec("elo0=0,elo1=10"));
        // One won pair: weights [0.001; 4] and 1, N = 1.004, μ = 1.0015 / 1.004 = 0.997510,
        // σ² = 0.001 · (0.997510² + 0.747510² + 0.497510² + 0.247510²) / 1.004 + … = 0.001861,
        // LLR = 1.004 · 0.014387 · (1.995020 − 1.014387) / 0.003723 = 3.805: over the bound,
        // yet one pair proves nothing.
        assert!((llr(&[0, 0, 0, 0, 1], 0.0, 10.0) - 3.805).abs() < 0.001);
        for _ in 1..MIN_PAIRS {
            assert_eq!(test.record(4), None);
        }
        assert_eq!(test.record(4), Some(Decision::H1));
        assert!(
            test.verdict().ends_with("after 20 games"),
            "{}",
            test.verdict()
        );
    }

    #[test]
    fn a_few_games_are_undecided() {
        let mut test = Sprt::new(spec("elo0=0,elo1=10"));
        for half_points in [4, 3, 2, 4, 1] {
            assert_eq!(test.record(half_points), None);
        }
        assert_eq!(test.decision(), None);
        assert_eq!(test.counts(), [0, 1, 1, 1, 2]);
        assert_eq!(test.pairs(), 5);
        let verdict = test.verdict();
        assert!(
            verdict.starts_with("SPRT: undecided (LLR ")
                && verdict.ends_with("in [-2.94, 2.94]) after 10 games"),
            "{verdict}"
        );
    }
}
