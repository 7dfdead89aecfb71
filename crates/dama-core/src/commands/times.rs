//! Times as people type them, in any of the bot's languages, read once for every front end:
//! the time per move of `/challenge`, the live clocks of `/challenge` and `/play` (`5+3`), the
//! expiry of `/settings`, and what their autocomplete suggests.

use std::time::Duration;

use super::{Kind, Parameter, Value};
use crate::i18n::{Language, human_duration, t};
use crate::store::TimeControl;

/// The expiry of `/settings`: a time, or the word for "fits the time per move" in any of the
/// bot's languages (`automatic`, `automatica`, `automática`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpiryOption {
    /// Fits the time control of each challenge.
    Automatic,
    After(TimeOption),
}

impl ExpiryOption {
    /// Reads an expiry; `None` when it is neither a time nor the automatic word.
    #[must_use]
    pub fn parse(text: &str) -> Option<ExpiryOption> {
        let typed = text.trim().to_lowercase();
        let automatic = Language::ALL
            .iter()
            .any(|&language| t!(language, OptionExpiryAutomatic).to_lowercase() == typed);
        if automatic || typed == "auto" {
            return Some(ExpiryOption::Automatic);
        }
        TimeOption::parse(&typed).map(ExpiryOption::After)
    }

    /// For `/settings expiry:`:
    /// `None` fits the time per move.
    #[must_use]
    pub fn duration(self) -> Option<Duration> {
        match self {
            ExpiryOption::Automatic => None,
            ExpiryOption::After(time) => Some(time.duration()),
        }
    }
}

/// What the expiry option of `/settings` suggests: the automatic word in the reader's language
/// first (when it starts like what is typed, or nothing is typed), then the times of
/// [`time_suggestions`].
#[must_use]
pub fn expiry_suggestions(language: Language, typed: &str) -> Vec<String> {
    let automatic = t!(language, OptionExpiryAutomatic);
    let lower = typed.trim().to_lowercase();
    let mut out = Vec::new();
    if automatic.to_lowercase().starts_with(&lower) {
        out.push(automatic);
    }
    out.extend(time_suggestions(language, typed));
    out
}

/// The time per move of `/challenge`, as typed in any of the bot's languages: `5 min`, `2 ore`,
/// `3 días`, `24h`, `1 ora e 30 min`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeOption(Duration);

/// The times `/challenge` suggests, in minutes.
pub const TIME_PRESETS: [u64; 4] = [5, 60, 24 * 60, 3 * 24 * 60];

impl TimeOption {
    /// Reads a time: numbers each followed by a unit (minutes, hours or days, in Italian,
    /// English or Spanish, written out or short: `m`, `min`, `h`, `ore`, `d`, `g`, `días`),
    /// joined by spaces, commas or `e` / `and` / `y`. `None` when it is not such a time.
    #[must_use]
    pub fn parse(text: &str) -> Option<TimeOption> {
        let lower = text.trim().to_lowercase();
        let mut tokens: Vec<String> = Vec::new();
        for c in lower.chars() {
            let kind = |s: &str| s.chars().next().map(|f| f.is_ascii_digit());
            let digit = c.is_ascii_digit();
            if c.is_whitespace() || c == ',' {
                tokens.push(String::new());
            } else if c.is_alphabetic() || digit || c == '\'' {
                match tokens.last_mut() {
                    Some(last) if !last.is_empty() && kind(last) == Some(digit) => last.push(c),
                    _ => tokens.push(c.to_string()),
                }
            } else {
                return None;
            }
        }
        tokens.retain(|t| !t.is_empty() && !matches!(t.as_str(), "e" | "and" | "y"));
        if tokens.is_empty() || tokens.len() % 2 != 0 {
            return None;
        }
        let mut minutes: u64 = 0;
        for pair in tokens.chunks(2) {
            let number: u64 = pair[0].parse().ok()?;
            let unit = unit_minutes(&pair[1])?;
            minutes = minutes.checked_add(number.checked_mul(unit)?)?;
        }
        let seconds = minutes.checked_mul(60)?;
        (minutes > 0).then(|| TimeOption(Duration::from_secs(seconds)))
    }

    #[must_use]
    pub fn duration(self) -> Duration {
        self.0
    }
}

/// The minutes of a unit of time.
fn unit_minutes(unit: &str) -> Option<u64> {
    Some(match unit {
        "m" | "min" | "mins" | "minute" | "minutes" | "minuto" | "minuti" | "minutos" | "'" => 1,
        "h" | "hr" | "hrs" | "hour" | "hours" | "ora" | "ore" | "hora" | "horas" => 60,
        "d" | "g" | "day" | "days" | "giorno" | "giorni" | "día" | "días" | "dia" | "dias" => {
            24 * 60
        }
        _ => return None,
    })
}

/// What the time option of `/challenge` suggests for what is typed: the time typed (when it
/// reads as one) in the reader's words, then the usual times that start like it (all of them
/// when none does). Each suggestion is its own value, and reads back with [`TimeOption::parse`].
#[must_use]
pub fn time_suggestions(language: Language, typed: &str) -> Vec<String> {
    let say = |minutes: u64| {
        human_duration(
            language,
            i64::try_from(minutes.saturating_mul(60_000)).unwrap_or(i64::MAX),
        )
    };
    let presets: Vec<String> = TIME_PRESETS.iter().map(|&m| say(m)).collect();
    let typed = typed.trim();
    let mut out = Vec::new();
    if let Some(time) = TimeOption::parse(typed) {
        out.push(say(time.duration().as_secs() / 60));
    }
    let lower = typed.to_lowercase();
    let matching: Vec<&String> = presets
        .iter()
        .filter(|p| p.to_lowercase().starts_with(&lower))
        .collect();
    let rest = if matching.is_empty() {
        presets.iter().collect()
    } else {
        matching
    };
    for preset in rest {
        if !out.contains(preset) {
            out.push(preset.clone());
        }
    }
    out
}
/// Reads a live time control as `damabot match --clock` does
/// ([`dama_tools::matches::ClockSpec`]): a base in minutes and an increment in seconds joined
/// by `+` (`5+3`, `1+1`, `15+10`, `2.5+0`), or a base in minutes and seconds (`0:30+0.3`) or
/// in seconds (`30s+0.3`). Spaces are allowed, and a comma for the decimal point. `None` when
/// the text is no time control, or one of more than a day.
#[must_use]
pub fn parse_time_control(text: &str) -> Option<TimeControl> {
    let typed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if c == ',' {
                '.'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    let spec: dama_tools::matches::ClockSpec = typed.parse().ok()?;
    let day = Duration::from_secs(24 * 3600);
    if spec.base > day || spec.increment > day {
        return None;
    }
    // To the nearest millisecond: `0.3` s may read as 299.999… ms.
    let rounded = |time: Duration| millis(time + Duration::from_micros(500));
    Some(TimeControl {
        base_ms: rounded(spec.base),
        increment_ms: rounded(spec.increment),
    })
}

/// Milliseconds of a duration (saturating).
fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Reads what was typed for an option of a time kind ([`Kind::Time`], [`Kind::Pace`],
/// [`Kind::Clock`], [`Kind::Expiry`]): the one reading of typed times, whatever the front end.
/// `Err` is the answer, in `language`, to a text that is no such time; `None` is an option of
/// another kind.
#[must_use]
pub fn read_time(
    language: Language,
    option: &Parameter,
    text: &str,
) -> Option<Result<Value, String>> {
    let input = text.to_owned();
    Some(match option.kind {
        Kind::Time => match TimeOption::parse(text) {
            Some(time) => Ok(Value::Time(time.duration())),
            None if option.name == "signup" => {
                Err(t!(language, OptionSignupUnreadable, input = input))
            }
            None => Err(t!(language, OptionTimeUnreadable, input = input)),
        },
        Kind::Pace => match (parse_time_control(text), TimeOption::parse(text)) {
            (Some(control), _) => Ok(Value::Clock(control)),
            (None, Some(time)) => Ok(Value::Time(time.duration())),
            (None, None) => Err(t!(language, OptionPaceUnreadable, input = input)),
        },
        Kind::Clock => match parse_time_control(text) {
            Some(control) => Ok(Value::Clock(control)),
            None => Err(t!(language, OptionClockUnreadable, input = input)),
        },
        Kind::Expiry => match ExpiryOption::parse(text) {
            Some(expiry) => Ok(Value::Expiry(expiry.duration())),
            None => Err(t!(
                language,
                OptionExpiryUnreadable,
                input = input,
                automatic = t!(language, OptionExpiryAutomatic),
            )),
        },
        _ => return None,
    })
}

/// The live time controls `/challenge` suggests.
pub const LIVE_PRESETS: [&str; 5] = ["1+1", "3+2", "5+3", "10+5", "15+10"];

/// What the time option of `/challenge` suggests: a live time control typed (`5+3`) as the
/// bot writes it, then the live presets that start like what is typed; else the times of
/// [`time_suggestions`], then the live presets (those that start like what is typed, when
/// some do). Each reads back as a time or a time control.
#[must_use]
pub fn pace_suggestions(language: Language, typed: &str) -> Vec<String> {
    let typed = typed.trim();
    let starting: Vec<String> = LIVE_PRESETS
        .iter()
        .filter(|preset| preset.starts_with(typed))
        .map(|preset| (*preset).to_owned())
        .collect();
    let mut out = match parse_time_control(typed) {
        Some(control) => vec![control.to_string()],
        None => time_suggestions(language, typed),
    };
    let live = if starting.is_empty() && !typed.contains('+') {
        LIVE_PRESETS
            .iter()
            .map(|preset| (*preset).to_owned())
            .collect()
    } else {
        starting
    };
    for preset in live {
        if !out.contains(&preset) {
            out.push(preset);
        }
    }
    out
}

/// What the clock option of `/play` suggests: the time control typed, as the bot writes it,
/// then the live presets that start like what is typed (all of them when none does).
#[must_use]
pub fn clock_suggestions(typed: &str) -> Vec<String> {
    let typed = typed.trim();
    let mut out: Vec<String> = parse_time_control(typed)
        .map(|control| control.to_string())
        .into_iter()
        .collect();
    let starting: Vec<&str> = LIVE_PRESETS
        .iter()
        .copied()
        .filter(|preset| preset.starts_with(typed))
        .collect();
    let presets = if starting.is_empty() && out.is_empty() {
        LIVE_PRESETS.to_vec()
    } else {
        starting
    };
    for preset in presets {
        if !out.iter().any(|known| known == preset) {
            out.push(preset.to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_play_clock_suggests_live_clocks() {
        assert_eq!(clock_suggestions(""), LIVE_PRESETS);
        assert_eq!(clock_suggestions("1"), ["1+1", "10+5", "15+10"]);
        assert_eq!(clock_suggestions("2.5+0"), ["150s+0"]);
        assert_eq!(clock_suggestions("5 + 3"), ["5+3"]);
        assert_eq!(clock_suggestions("ciao"), LIVE_PRESETS);
    }

    #[test]
    fn the_challenge_time_suggests_live_clocks_too() {
        crate::i18n::set_strict(true);
        assert_eq!(pace_suggestions(Language::En, "5+3"), ["5+3"]);
        assert_eq!(pace_suggestions(Language::En, "1"), {
            let mut want = time_suggestions(Language::En, "1");
            want.extend(["1+1".to_owned(), "10+5".to_owned(), "15+10".to_owned()]);
            want
        });
        let all = pace_suggestions(Language::It, "");
        assert!(
            all.contains(&"24 ore".to_owned()) && all.ends_with(&LIVE_PRESETS.map(String::from))
        );
        for suggestion in all {
            assert!(
                TimeOption::parse(&suggestion).is_some()
                    || parse_time_control(&suggestion).is_some(),
                "{suggestion}"
            );
        }
    }
    #[test]
    fn expiries_are_times_or_automatic_in_every_language() {
        crate::i18n::set_strict(true);
        for word in ["automatic", "Automatica", "automática", "auto"] {
            assert_eq!(
                ExpiryOption::parse(word),
                Some(ExpiryOption::Automatic),
                "{word}"
            );
        }
        assert_eq!(
            ExpiryOption::parse("3 ore").and_then(ExpiryOption::duration),
            Some(Duration::from_secs(3 * 3600))
        );
        for junk in ["", "never", "3", "sometimes"] {
            assert_eq!(ExpiryOption::parse(junk), None, "{junk:?}");
        }
        assert_eq!(
            expiry_suggestions(Language::It, ""),
            ["automatica", "5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        assert_eq!(expiry_suggestions(Language::Es, "aut"), {
            let mut want = vec!["automática".to_owned()];
            want.extend(time_suggestions(Language::Es, "aut"));
            want
        });
        assert_eq!(expiry_suggestions(Language::En, "2 h")[0], "2 h");
        let unreadable = |language| {
            t!(
                language,
                OptionExpiryUnreadable,
                input = "presto",
                automatic = t!(language, OptionExpiryAutomatic),
            )
        };
        assert!(
            unreadable(Language::It).contains("scadenza delle sfide `presto`")
                && unreadable(Language::It).ends_with("`automatica`."),
            "{}",
            unreadable(Language::It)
        );
        assert!(
            unreadable(Language::Es).contains("caducidad de los retos `presto`")
                && unreadable(Language::Es).ends_with("`automática`."),
            "{}",
            unreadable(Language::Es)
        );
        for language in Language::ALL {
            assert!(!unreadable(language).contains("{$"));
            for suggestion in expiry_suggestions(language, "") {
                assert!(
                    ExpiryOption::parse(&suggestion).is_some(),
                    "{language:?}: {suggestion} does not read back"
                );
            }
        }
    }

    fn minutes(text: &str) -> Option<u64> {
        TimeOption::parse(text).map(|t| t.duration().as_secs() / 60)
    }

    #[test]
    fn times_are_read_in_every_language() {
        let day = 24 * 60;
        for (text, want) in [
            ("3 giorni", 3 * day),
            ("2 ore", 120),
            ("3 días", 3 * day),
            ("3 dias", 3 * day),
            ("24h", day),
            ("24 h", day),
            ("5 min", 5),
            ("5m", 5),
            ("1 ora e 30 min", 90),
            ("1 h 30 min", 90),
            ("2 días y 5 h", 2 * day + 5 * 60),
            ("2 days, 5 h", 2 * day + 5 * 60),
            ("1 Giorno", day),
            ("1 hora", 60),
            ("10 minuti", 10),
            ("3d", 3 * day),
        ] {
            assert_eq!(minutes(text), Some(want), "{text}");
        }
        for junk in [
            "", "24", "soon", "h 24", "3 weeks", "0 min", "-5 min", "5 min 3", "1.5 h",
        ] {
            assert_eq!(minutes(junk), None, "{junk:?}");
        }
    }

    #[test]
    fn time_suggestions_are_in_the_reader_s_words_and_read_back() {
        crate::i18n::set_strict(true);
        assert_eq!(
            time_suggestions(Language::En, ""),
            ["5 min", "1 h", "24 h", "3 days"]
        );
        assert_eq!(
            time_suggestions(Language::It, ""),
            ["5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        assert_eq!(time_suggestions(Language::Es, "3")[0], "3 días");
        assert_eq!(
            time_suggestions(Language::It, "2 ore"),
            ["2 ore", "5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        assert_eq!(
            time_suggestions(Language::It, "1 h 30"),
            ["5 minuti", "1 ora", "24 ore", "3 giorni"]
        );
        for language in Language::ALL {
            for minutes_typed in [5, 60, 90, 24 * 60, 2 * 24 * 60 + 5 * 60, 3 * 24 * 60] {
                for suggestion in time_suggestions(language, &format!("{minutes_typed} min")) {
                    assert!(
                        TimeOption::parse(&suggestion).is_some(),
                        "{language:?}: {suggestion} does not read back"
                    );
                }
                let spoken = time_suggestions(language, &format!("{minutes_typed} min"))[0].clone();
                assert_eq!(
                    minutes(&spoken),
                    Some(minutes_typed),
                    "{language:?}: {spoken}"
                );
            }
        }
    }

    fn control(base_ms: i64, increment_ms: i64) -> Option<TimeControl> {
        let control = TimeControl {
            base_ms,
            increment_ms,
        };
        (control.base_ms > 0).then_some(control)
    }

    #[test]
    fn time_controls_are_read_in_minutes_plus_seconds() {
        assert_eq!(parse_time_control("5+3"), control(300_000, 3_000));
        assert_eq!(parse_time_control(" 3 + 2 "), control(180_000, 2_000));
        assert_eq!(parse_time_control("15+10"), control(900_000, 10_000));
        assert_eq!(parse_time_control("1+1"), control(60_000, 1_000));
        assert_eq!(parse_time_control("2,5+0"), control(150_000, 0));
        assert_eq!(parse_time_control("30s+0.3"), control(30_000, 300));
        assert_eq!(parse_time_control("90S + 1"), control(90_000, 1_000));
        assert_eq!(parse_time_control("0:30+0.3"), control(30_000, 300));
    }

    #[test]
    fn other_times_are_no_time_controls() {
        for text in [
            "5",
            "5 min",
            "+3",
            "5+",
            "0+3",
            "-5+3",
            "5+-1",
            "a+b",
            "5+3+1",
            "2000+0",
            // Too long for a duration: no clock, not a panic.
            "1e18+0",
            "1e18:0+0",
            "1e17:1e18+0",
            "1e18+1e18",
        ] {
            assert_eq!(parse_time_control(text), None, "{text}");
        }
    }
}
