//! Matches on a game clock (`--clock 3+2`): the clock's spec, both players' clocks in a game,
//! and what the report says about them (losses on time, the time left at the end).

use std::time::Duration;

use dama_engine::GameClock;

use super::Played;
use super::report::TimeUsed;

/// A time control: a base time and an increment added after every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockSpec {
    pub base: Duration,
    pub increment: Duration,
}

impl std::str::FromStr for ClockSpec {
    type Err = String;

    /// `BASE+INC`: the base in minutes (`3`, `0.5`), minutes and seconds (`0:10`) or seconds
    /// (`30s`); the increment in seconds (`2`, `0.1`). `3+2` is three minutes and two seconds
    /// a move.
    fn from_str(text: &str) -> Result<ClockSpec, String> {
        let bad =
            || format!("`{text}` is not a clock: give BASE+INC, such as 3+2, 0:30+0.3 or 30s+0.3");
        let (base, increment) = text.trim().split_once('+').ok_or_else(bad)?;
        let seconds = |value: &str| {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .and_then(|v| Duration::try_from_secs_f64(v).ok())
                .ok_or_else(bad)
        };
        // A base too long for a duration (`1e18+0`) is no clock either.
        let base = if let Some(secs) = base.strip_suffix('s') {
            seconds(secs)?
        } else if let Some((minutes, secs)) = base.split_once(':') {
            seconds(minutes)?
                .checked_mul(60)
                .and_then(|minutes| minutes.checked_add(seconds(secs).ok()?))
                .ok_or_else(bad)?
        } else {
            seconds(base)?.checked_mul(60).ok_or_else(bad)?
        };
        let increment = seconds(increment)?;
        if base.is_zero() {
            return Err(format!("`{text}`: the base time must be above zero"));
        }
        Ok(ClockSpec { base, increment })
    }
}

impl std::fmt::Display for ClockSpec {
    /// The PDN `TimeControl` form: base seconds `+` increment seconds (`180+2`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// Both players' clocks in one game.
#[derive(Debug, Clone)]
pub struct Clocks {
    spec: ClockSpec,
    overhead: Duration,
    /// Time left: the first player's, the second's.
    left: [Duration; 2],
}

impl Clocks {
    /// Clocks at the start of a game; `overhead` is what the engine players keep back a move.
    #[must_use]
    pub fn new(spec: ClockSpec, overhead: Duration) -> Clocks {
        Clocks {
            spec,
            overhead,
            left: [spec.base; 2],
        }
    }

    /// The clock as the first (`true`) or second player sees it before its move.
    #[must_use]
    pub fn view(&self, first: bool) -> GameClock {
        let (own, other) = if first { (0, 1) } else { (1, 0) };
        GameClock::new(self.left[own], self.spec.increment)
            .with_opponent(self.left[other])
            .with_overhead(self.overhead)
    }

    /// Charges a move that took `elapsed` to the first (`true`) or second player: `false` when
    /// it took longer than its time left (it lost on time, its clock shows zero); else the
    /// increment is added.
    pub fn charge(&mut self, first: bool, elapsed: Duration) -> bool {
        let left = &mut self.left[usize::from(!first)];
        if let Some(rest) = left.checked_sub(elapsed) {
            *left = rest + self.spec.increment;
            true
        } else {
            *left = Duration::ZERO;
            false
        }
    }

    /// Time left: the first player's, the second's.
    #[must_use]
    pub fn left(&self) -> [Duration; 2] {
        self.left
    }
}

/// `clock 180+2: lost on time: first 0, second 1; time left at the end: first median 95.1 s,
/// least 40.2 s; second ...`; `None` for games without a clock.
#[must_use]
pub fn clock_line(spec: ClockSpec, games: &[Played]) -> Option<String> {
    let mut parts = Vec::new();
    let mut lost = Vec::new();
    for (name, seat) in [("first", 0), ("second", 1)] {
        let left: Vec<f64> = games
            .iter()
            .filter_map(|game| game.clock_left)
            .map(|left| left[seat].as_secs_f64())
            .collect();
        let least = left.iter().copied().reduce(f64::min)?;
        let (_, median) = TimeUsed { shares: left }.mean_and_median()?;
        parts.push(format!("{name} median {median:.1} s, least {least:.1} s"));
        let losses = games.iter().filter(|game| game.lost_on_time[seat]).count();
        lost.push(format!("{name} {losses}"));
    }
    Some(format!(
        "clock {spec}: lost on time: {}; time left at the end: {}",
        lost.join(", "),
        parts.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::super::players::Player;
    use super::super::{MatchArgs, play_game, run_match};
    use super::*;
    use dama_rules::{Color, Position};
    use std::path::PathBuf;

    fn args(first: &str, second: &str, clock: &str, games: usize) -> MatchArgs {
        MatchArgs {
            first: first.into(),
            second: second.into(),
            games,
            openings: PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/data/openings-11man.txt"
            )),
            skip: 0,
            pdn: None,
            jobs: 1,
            max_plies: 60,
            think_ms: 10,
            hash_mb: 1,
            hub_level: None,
            seed: 3,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
            clock: Some(clock.parse().unwrap()),
            overhead_ms: 30,
        }
    }

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn clocks_parse() {
        let parse = |text: &str| text.parse::<ClockSpec>();
        assert_eq!(
            parse("3+2"),
            Ok(ClockSpec {
                base: secs(180.0),
                increment: secs(2.0)
            })
        );
        assert_eq!(parse("0:10+0.1").unwrap().base, secs(10.0));
        assert_eq!(parse("0:10+0.1").unwrap().increment, secs(0.1));
        assert_eq!(parse("30s+0.3").unwrap().base, secs(30.0));
        assert_eq!(parse("1:30+0").unwrap().base, secs(90.0));
        assert_eq!(parse("0.5+1").unwrap().base, secs(30.0));
        for bad in [
            "3", "3+", "+2", "a+b", "0+1", "-1+2", "3+-1", "1:xx+1", "1e18+0", "1e18:0+0",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse("3+2").unwrap().to_string(), "180+2");
        assert_eq!(parse("0:30+0.3").unwrap().to_string(), "30+0.3");
    }

    #[test]
    fn clocks_run_down_add_the_increment_and_fall() {
        let spec: ClockSpec = "0:10+0.5".parse().unwrap();
        let mut clocks = Clocks::new(spec, Duration::from_millis(20));
        assert!(clocks.charge(true, secs(2.0)));
        assert_eq!(clocks.left(), [secs(8.5), secs(10.0)]);
        let view = clocks.view(false);
        assert_eq!(view.remaining, secs(10.0));
        assert_eq!(view.opponent, Some(secs(8.5)));
        assert_eq!(view.increment, secs(0.5));
        assert_eq!(view.overhead, Duration::from_millis(20));
        assert!(clocks.charge(false, secs(10.0)));
        assert_eq!(clocks.left()[1], secs(0.5));
        assert!(!clocks.charge(false, secs(0.6)));
        assert_eq!(clocks.left(), [secs(8.5), Duration::ZERO]);
    }

    #[test]
    fn a_match_on_a_clock_keeps_time_and_reports_it() {
        let finished =
            run_match(&args("level:8", "engine:time=clock,hash=1", "0:02+0.05", 2)).unwrap();
        assert_eq!(finished.games.len(), 2);
        for game in &finished.games {
            assert_eq!(game.lost_on_time, [false, false], "{}", game.reason);
            let [first, second] = game.clock_left.unwrap();
            assert!(first > Duration::ZERO && second > Duration::ZERO);
            // The clock was charged: what is left is the base, plus the increments, less the
            // time thought.
            let spent: Duration = game.think_of(true).map(|(t, _)| t).sum();
            let moves = game.think_of(true).count() as u32;
            let expected = Duration::from_secs(2) + Duration::from_millis(50) * moves;
            assert_eq!(first + spent, expected);
        }
        let line = clock_line("0:02+0.05".parse().unwrap(), &finished.games).unwrap();
        assert!(
            line.starts_with(
                "clock 2+0.05: lost on time: first 0, second 0; time left at the end: first median "
            ),
            "{line}"
        );
        assert!(line.contains("; second median "), "{line}");
        assert!(clock_line("0:02+0.05".parse().unwrap(), &[]).is_none());
    }

    #[test]
    fn a_player_out_of_time_loses_on_time() {
        let args = args("engine:depth=3,hash=1", "engine:depth=1,hash=1", "1+0", 2);
        let mut a = Player::start(&args.first.parse().unwrap(), &args, None).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        let spec = ClockSpec {
            base: Duration::from_nanos(1),
            increment: Duration::ZERO,
        };
        let clocks = Clocks::new(spec, Duration::ZERO);
        // White moves first and has the first player: it cannot move in a nanosecond.
        let played = play_game(
            &mut a,
            &mut b,
            Position::initial(),
            Color::White,
            60,
            1,
            Some(clocks),
        )
        .unwrap();
        assert_eq!(played.lost_on_time, [true, false]);
        assert_eq!((played.first_points, played.result), (0, "0-1"));
        assert!(
            played.reason.starts_with("White lost on time"),
            "{}",
            played.reason
        );
        assert!(played.moves.is_empty() && played.think.is_empty());
        assert_eq!(
            played.clock_left,
            Some([Duration::ZERO, Duration::from_nanos(1)])
        );
        let line = clock_line(spec, &[played]).unwrap();
        assert!(line.contains("lost on time: first 1, second 0"), "{line}");
    }

    #[test]
    fn hub_players_play_on_the_clock_unless_given_a_level() {
        let mut args = args("level:1", "level:2", "0:30+0.3", 2);
        assert_eq!(args.hub_level(), None);
        // An engine that cannot play on a clock gets its fixed level, its time on the clock.
        args.hub_level = Some("move-time=0.4".into());
        assert_eq!(args.hub_level(), Some("move-time=0.4"));
        args.clock = None;
        assert_eq!(args.hub_level(), Some("move-time=0.4"));
        args.hub_level = None;
        assert_eq!(args.hub_level(), Some("move-time=0.1"));
    }

    #[test]
    fn a_clock_engine_needs_a_clock() {
        let mut args = args("engine:time=clock", "level:1", "1+0", 2);
        args.clock = None;
        let error = run_match(&args).err().unwrap();
        assert!(error.contains("--clock"), "{error}");
    }
}
