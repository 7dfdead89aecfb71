//! What a match reports: the score with its Elo difference and margin, the sequential test's
//! verdict, the share of its think time each player used, on a clock the losses on time and
//! the time left, and the games as PDN.

use std::fmt::Write as _;
use std::time::Duration;

use dama_engine::Level;
use dama_rules::{Color, pdn};

use super::clock::clock_line;
use super::players::{PlayerSpec, parse_seat};
use super::{Finished, MatchArgs, Played};

/// The think time a player has per move, if it has one: level 8's, an `engine:time=` player's,
/// a Hub player's under `move-time=` (seconds).
fn think_budget(spec: &PlayerSpec, args: &MatchArgs) -> Option<Duration> {
    match spec {
        PlayerSpec::Level(level) => (*level == Level::MAX && args.clock.is_none())
            .then(|| Duration::from_millis(args.think_ms)),
        PlayerSpec::Engine { limits, .. } => limits.time_ms.map(Duration::from_millis),
        PlayerSpec::Hub(_) => args
            .hub_level()?
            .split_whitespace()
            .find_map(|word| word.strip_prefix("move-time="))
            .and_then(|seconds| seconds.parse::<f64>().ok())
            .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
            .map(Duration::from_secs_f64),
    }
}

/// The share of its think time a player used per move, over a match.
#[derive(Debug, Clone, Default)]
pub struct TimeUsed {
    /// Each move's time as a share of the budget.
    pub shares: Vec<f64>,
}

impl TimeUsed {
    /// The mean and the median share (`None` without moves).
    #[must_use]
    pub fn mean_and_median(&self) -> Option<(f64, f64)> {
        if self.shares.is_empty() {
            return None;
        }
        let mean = self.shares.iter().sum::<f64>() / self.shares.len() as f64;
        let mut sorted = self.shares.clone();
        sorted.sort_by(f64::total_cmp);
        let middle = sorted.len() / 2;
        let median = if sorted.len() % 2 == 0 {
            f64::midpoint(sorted[middle - 1], sorted[middle])
        } else {
            sorted[middle]
        };
        Some((mean, median))
    }
}

/// The Elo difference that a score fraction means.
#[must_use]
pub fn elo(score: f64) -> f64 {
    let p = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of a result and its 95% margin (from the per-game score variance).
#[must_use]
pub fn elo_with_margin(wins: usize, draws: usize, losses: usize) -> (f64, f64) {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let p = (wins as f64 + 0.5 * draws as f64) / n;
    let variance = (wins as f64 * (1.0 - p).powi(2)
        + draws as f64 * (0.5 - p).powi(2)
        + losses as f64 * p.powi(2))
        / n;
    let error = (variance / n).sqrt() * 1.96;
    let low = elo(p - error);
    let high = elo(p + error);
    (elo(p), (high - low) / 2.0)
}

/// `time used: first 87% of 200 ms a move (median 91%, 600 moves; 120 only moves at once),
/// second ...` for the players with a think time per move; `None` when neither has one. The
/// shares leave out the moves that were the only legal one.
fn time_used_line(args: &MatchArgs, results: &[Played]) -> Result<Option<String>, String> {
    let (first, _) = parse_seat(&args.first)?;
    let (second, _) = parse_seat(&args.second)?;
    let mut parts = Vec::new();
    for (name, spec, is_first) in [("first", &first, true), ("second", &second, false)] {
        let Some(budget) = think_budget(spec, args) else {
            continue;
        };
        let moves: Vec<(Duration, bool)> = results
            .iter()
            .flat_map(|game| game.think_of(is_first))
            .collect();
        let used = TimeUsed {
            shares: moves
                .iter()
                .filter(|(_, forced)| !forced)
                .map(|(t, _)| t.as_secs_f64() / budget.as_secs_f64())
                .collect(),
        };
        if let Some((mean, median)) = used.mean_and_median() {
            parts.push(format!(
                "{name} {:.0}% of {} ms a move (median {:.0}%, {} moves; {} only moves at once)",
                100.0 * mean,
                budget.as_millis(),
                100.0 * median,
                used.shares.len(),
                moves.len() - used.shares.len()
            ));
        }
    }
    Ok((!parts.is_empty()).then(|| format!("time used: {}", parts.join(", "))))
}

/// Prints the score (and the test's verdict) and writes the PDN if asked.
pub(super) fn report(args: &MatchArgs, finished: &Finished) -> Result<(), String> {
    let results = &finished.games;
    let wins = results.iter().filter(|g| g.first_points == 2).count();
    let losses = results.iter().filter(|g| g.first_points == 0).count();
    let draws = results.len() - wins - losses;
    let score = wins as f64 + 0.5 * draws as f64;
    let (difference, margin) = elo_with_margin(wins, draws, losses);
    println!(
        "{} vs {}: {} games, +{wins} ={draws} -{losses}, score {score}/{} ({:.1}%), Elo {difference:+.0} ± {margin:.0} (95%), {:.0} s",
        args.first,
        args.second,
        results.len(),
        results.len(),
        100.0 * score / results.len().max(1) as f64,
        finished.elapsed.as_secs_f64()
    );
    if let Some(sprt) = &finished.sprt {
        println!("{} ({})", sprt.verdict(), sprt.spec());
    }
    if let Some(line) = time_used_line(args, results)? {
        println!("{line}");
    }
    if let Some(line) = args.clock.and_then(|spec| clock_line(spec, results)) {
        println!("{line}");
    }
    if let Some(path) = &args.pdn {
        let mut text = String::new();
        for (i, game) in results.iter().enumerate() {
            let (white, black) = if game.first_color == Color::White {
                (&args.first, &args.second)
            } else {
                (&args.second, &args.first)
            };
            let round = (i + 1).to_string();
            let time_control = args.clock.map(|spec| spec.to_string());
            let mut tags = vec![
                ("Event", "damabot match"),
                ("Round", round.as_str()),
                ("White", white.as_str()),
                ("Black", black.as_str()),
                ("Termination", game.reason.as_str()),
            ];
            if let Some(time_control) = &time_control {
                tags.push(("TimeControl", time_control.as_str()));
            }
            let _ = writeln!(
                text,
                "{}",
                pdn::write_game(&tags, &game.start, &game.moves, game.result)
            );
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::play_game;
    use super::super::players::Player;
    use super::*;
    use dama_rules::Position;
    use std::path::PathBuf;

    #[test]
    fn elo_from_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.8).abs() < 0.1);
        assert!(elo(0.25) < 0.0);
        let (d, margin) = elo_with_margin(60, 20, 20);
        assert!((d - elo(0.7)).abs() < 1e-9);
        assert!(margin > 30.0 && margin < 100.0, "{margin}");
        assert_eq!(elo_with_margin(0, 0, 0), (0.0, 0.0));
    }

    #[test]
    fn the_time_a_timed_player_uses_is_reported() {
        let args = MatchArgs {
            first: "engine:time=30,hash=1".into(),
            second: "engine:depth=2,hash=1".into(),
            games: 2,
            openings: PathBuf::new(),
            skip: 0,
            pdn: None,
            jobs: 1,
            max_plies: 12,
            think_ms: 10,
            hash_mb: 1,
            hub_level: Some("move-time=0.5".into()),
            seed: 5,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
            clock: None,
            overhead_ms: 30,
        };
        let mut a = Player::start(&args.first.parse().unwrap(), &args, None).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        let opening = Position::initial().with_turn(Color::Black);
        let played = play_game(&mut a, &mut b, opening, Color::White, 12, 5, None).unwrap();
        assert_eq!(played.think.len(), played.moves.len());
        // Black moves first here, and the first player has White: it made the even moves.
        let first: Vec<(Duration, bool)> = played.think_of(true).collect();
        assert_eq!(first.len(), played.moves.len() / 2);
        assert_eq!(first[0].0, played.think[1]);
        assert!(
            first
                .iter()
                .all(|(t, _)| *t < Duration::from_millis(30 + 150)),
            "{first:?}"
        );
        // The opening's first moves are free choices.
        assert!(!first[0].1);
        let line = time_used_line(&args, &[played]).unwrap().unwrap();
        assert!(line.starts_with("time used: first "), "{line}");
        assert!(
            line.contains("of 30 ms a move") && !line.contains("second"),
            "{line}"
        );
        assert_eq!(
            think_budget(&PlayerSpec::Hub("x".into()), &args),
            Some(Duration::from_millis(500))
        );
        assert_eq!(
            think_budget(&PlayerSpec::Level(Level::new(7).unwrap()), &args),
            None
        );
        let used = TimeUsed {
            shares: vec![0.5, 0.9, 1.0, 0.2],
        };
        let (mean, median) = used.mean_and_median().unwrap();
        assert!((mean - 0.65).abs() < 1e-9 && (median - 0.7).abs() < 1e-9);
    }
}
