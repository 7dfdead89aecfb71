//! What each command asks of the service, from its options as either front end read them: the
//! defaults of the options not given, and what each choice means.

use dama_engine::Level;

use dama_core::commands::{
    COLOURS, DEFAULT_LEVEL, DEFAULT_SWISS_ROUNDS, LANGUAGES, NOTIFY_MODES, THREADS, Values,
};
use dama_core::store::{ColourChoice, TournamentFormat};

use crate::{Action, PuzzleAction, SettingsChange, TournamentAction, TournamentSpec};

/// The action of the command `path` (its English path, `draw offer`) with these options;
/// `None` when it is no command one runs or an option it requires is missing. Options of
/// other commands are ignored.
#[must_use]
pub fn action(path: &str, values: &Values) -> Option<Action> {
    let member = |name| values.member(name).cloned();
    let game = || values.integer("game");
    Some(match path {
        // Without a member: an open challenge.
        "challenge" => Action::Challenge {
            opponent: member("member"),
            colour: colour(values),
            time_per_move: values.time("time"),
            clock: values.clock("time"),
        },
        "accept" => Action::Accept {
            from: values.member("from").map(|m| m.user),
        },
        "decline" => Action::Decline,
        "cancel" => Action::Cancel,
        "play" => Action::PlayEngine {
            level: values
                .choice("level")
                .and_then(|index| Level::ALL.get(index))
                .map_or(DEFAULT_LEVEL, |level| level.number()),
            colour: colour(values),
            clock: values.clock("clock"),
        },
        "move" => Action::Move {
            text: values.text("move")?.to_owned(),
        },
        "board" => Action::Board {
            flip: values.switch("flip").unwrap_or(false),
        },
        "resign" => Action::Resign,
        "draw offer" => Action::OfferDraw,
        "draw accept" => Action::AnswerDraw { accept: true },
        "draw decline" => Action::AnswerDraw { accept: false },
        "claim" => Action::Claim,
        "abort" => Action::Abort,
        "takeback" => Action::Takeback,
        "hint" => Action::Hint,
        // Pages are counted from 1 by people and from 0 by the service.
        "leaderboard" => Action::Leaderboard {
            page: values
                .integer("page")
                .map_or(0, |page| u32::try_from(page.max(1) - 1).unwrap_or(u32::MAX)),
        },
        "stats" => Action::Stats {
            member: member("member"),
        },
        "history" => Action::History {
            member: member("member"),
        },
        "pdn" => Action::Pdn { game: game() },
        "replay" => Action::Replay { game: game() },
        "analysis" => Action::Analysis { game: game() },
        "rules" => Action::Rules,
        "help" => Action::Help,
        // Every game of the server is for moderators: the service refuses it to others.
        "games" => Action::Games {
            all: values.switch("all").unwrap_or(false),
        },
        "tournament create" => Action::Tournament(tournament_create(values)?),
        "tournament join" => Action::Tournament(TournamentAction::Join),
        "tournament start" => Action::Tournament(TournamentAction::Start),
        "tournament standings" => Action::Tournament(TournamentAction::Standings),
        "tournament pairings" => Action::Tournament(TournamentAction::Pairings {
            round: values
                .integer("round")
                .map(|round| u32::try_from(round).unwrap_or(0)),
        }),
        "tournament withdraw" => Action::Tournament(TournamentAction::Withdraw),
        "tournament forfeit" => Action::Tournament(TournamentAction::Forfeit {
            member: member("member")?,
        }),
        "tournament cancel" => Action::Tournament(TournamentAction::Cancel),
        "tournament pdn" => Action::Tournament(TournamentAction::Pdn),
        "settings" => Action::Settings(settings(values)),
        "puzzle" => Action::Puzzle(puzzle(values)),
        "puzzles" => Action::Puzzle(PuzzleAction::Ranking),
        _ => return None,
    })
}

/// The colour chosen, random when none is.
fn colour(values: &Values) -> ColourChoice {
    values
        .choice("colour")
        .and_then(|index| COLOURS.get(index).copied())
        .unwrap_or(ColourChoice::Random)
}

/// `/puzzle [daily] [move]`: a typed move answers the open puzzle (whatever `daily` says: the
/// puzzle open is the one answered); `daily:True` opens the server's puzzle of the day; no
/// option, a new puzzle near one's puzzle rating.
fn puzzle(values: &Values) -> PuzzleAction {
    let answer = values.text("move").map(str::trim).filter(|t| !t.is_empty());
    match (answer, values.switch("daily")) {
        (Some(text), _) => PuzzleAction::Answer {
            text: text.to_owned(),
        },
        (None, Some(true)) => PuzzleAction::Daily,
        (None, _) => PuzzleAction::Next,
    }
}

/// `/settings [language] [notify] [time] [expiry] [threads] [add-channel] [remove-channel]
/// [daily-puzzle] [daily-puzzle-hour] [daily-puzzle-off]`: what to change; no option shows the
/// settings. The language's `automatic` follows the server's Discord language again;
/// `daily-puzzle-off:True` stops the daily posts, and wins over a channel given with it
/// (`False` changes nothing).
fn settings(values: &Values) -> SettingsChange {
    let choice = |name, count: usize| values.choice(name).filter(|&i| i < count);
    SettingsChange {
        notify: choice("notify", NOTIFY_MODES.len()).map(|i| NOTIFY_MODES[i]),
        language: choice("language", LANGUAGES.len()).map(|i| LANGUAGES[i]),
        time_per_move: values.time("time"),
        challenge_expiry: values.expiry("expiry"),
        threads: choice("threads", THREADS.len()).map(|i| THREADS[i]),
        add_game_channel: values.channel("add-channel"),
        remove_game_channel: values.channel("remove-channel"),
        daily_puzzle: if values.switch("daily-puzzle-off") == Some(true) {
            Some(None)
        } else {
            values.channel("daily-puzzle").map(Some)
        },
        daily_puzzle_hour: values
            .integer("daily-puzzle-hour")
            .and_then(|hour| u8::try_from(hour).ok()),
    }
}

/// `/tournament create`: Swiss of [`DEFAULT_SWISS_ROUNDS`] rounds, one game a pairing, rated,
/// from the start position and open until `/tournament start`, unless the options say
/// otherwise. `None` without a name.
fn tournament_create(values: &Values) -> Option<TournamentAction> {
    let format = if values.choice("format") == Some(1) {
        TournamentFormat::RoundRobin
    } else {
        TournamentFormat::Swiss {
            rounds: values
                .integer("rounds")
                .map_or(DEFAULT_SWISS_ROUNDS, |r| u32::try_from(r).unwrap_or(0)),
        }
    };
    Some(TournamentAction::Create(TournamentSpec {
        name: values.text("name")?.trim().to_owned(),
        format,
        games_per_pairing: values
            .integer("games")
            .map_or(1, |games| u8::try_from(games.clamp(1, 2)).unwrap_or(1)),
        time_per_move: values.time("time"),
        rated: values.switch("rated").unwrap_or(true),
        drawn_openings: values.switch("openings").unwrap_or(false),
        signup: values.time("signup"),
    }))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use dama_core::commands::{Value, runnable};
    use dama_core::i18n::Language;
    use dama_core::store::{Member, NotifyMode};

    fn settings_of(values: &Values) -> SettingsChange {
        match action("settings", values) {
            Some(Action::Settings(change)) => change,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_command_one_runs_has_an_action() {
        for (path, command) in runnable() {
            let mut values = Values::new();
            for option in command.options.iter().filter(|o| o.required) {
                let value = match option.name {
                    "member" => Value::Member(Member {
                        user: 5,
                        name: "bob".into(),
                        is_bot: false,
                    }),
                    _ => Value::Text("22-18".into()),
                };
                values.set(option.name, value);
            }
            assert!(action(&path, &values).is_some(), "{path}");
        }
        assert_eq!(action("draw", &Values::new()), None, "a group is not run");
        assert_eq!(action("move", &Values::new()), None, "a move is required");
    }

    #[test]
    fn settings_options_map_to_one_change() {
        assert_eq!(
            settings_of(&Values::new()),
            SettingsChange::default(),
            "no option: show the settings"
        );
        assert_eq!(
            settings_of(&Values::new().with("language", Value::Choice(2))),
            SettingsChange {
                language: Some(Some(Language::Es)),
                ..SettingsChange::default()
            }
        );
        assert_eq!(
            settings_of(
                &Values::new()
                    .with("language", Value::Choice(3))
                    .with("notify", Value::Choice(0))
            ),
            SettingsChange {
                language: Some(None),
                notify: Some(NotifyMode::Dm),
                ..SettingsChange::default()
            }
        );
        let all = settings_of(
            &Values::new()
                .with("notify", Value::Choice(2))
                .with("time", Value::Time(Duration::from_secs(2 * 24 * 3600)))
                .with("expiry", Value::Expiry(None))
                .with("threads", Value::Choice(1))
                .with("add-channel", Value::Channel(31))
                .with("remove-channel", Value::Channel(32)),
        );
        assert_eq!(
            all,
            SettingsChange {
                notify: Some(NotifyMode::Off),
                language: None,
                time_per_move: Some(Duration::from_secs(2 * 24 * 3600)),
                challenge_expiry: Some(None),
                threads: Some(false),
                add_game_channel: Some(31),
                remove_game_channel: Some(32),
                ..SettingsChange::default()
            }
        );
        assert_eq!(
            NOTIFY_MODES,
            [NotifyMode::Dm, NotifyMode::Ping, NotifyMode::Off]
        );
        assert_eq!(
            settings_of(&Values::new().with("notify", Value::Choice(3))).notify,
            None,
            "no fourth mode"
        );
        assert_eq!(THREADS, [true, false]);
        assert_eq!(
            LANGUAGES,
            [
                Some(Language::It),
                Some(Language::En),
                Some(Language::Es),
                None
            ]
        );
    }

    #[test]
    fn the_daily_puzzle_settings_set_a_channel_an_hour_or_stop_the_posts() {
        let change = |values| {
            let change = settings_of(&values);
            (change.daily_puzzle, change.daily_puzzle_hour)
        };
        let channel = Value::Channel(40);
        assert_eq!(
            change(
                Values::new()
                    .with("daily-puzzle", channel.clone())
                    .with("daily-puzzle-hour", Value::Integer(7))
            ),
            (Some(Some(40)), Some(7))
        );
        assert_eq!(
            change(Values::new().with("daily-puzzle-off", Value::Switch(true))),
            (Some(None), None)
        );
        assert_eq!(
            change(
                Values::new()
                    .with("daily-puzzle", channel)
                    .with("daily-puzzle-off", Value::Switch(true))
            ),
            (Some(None), None),
            "off wins over a channel given with it"
        );
        assert_eq!(
            change(Values::new().with("daily-puzzle-off", Value::Switch(false))),
            (None, None),
            "False changes nothing"
        );
    }

    #[test]
    fn puzzle_options_pick_the_puzzle_action() {
        let act = |daily: Option<bool>, text: Option<&str>| {
            let mut values = Values::new();
            if let Some(daily) = daily {
                values.set("daily", Value::Switch(daily));
            }
            if let Some(text) = text {
                values.set("move", Value::Text(text.into()));
            }
            action("puzzle", &values).unwrap()
        };
        assert_eq!(act(None, None), Action::Puzzle(PuzzleAction::Next));
        assert_eq!(act(Some(false), None), Action::Puzzle(PuzzleAction::Next));
        assert_eq!(act(Some(true), None), Action::Puzzle(PuzzleAction::Daily));
        let answer = Action::Puzzle(PuzzleAction::Answer {
            text: "22-18".into(),
        });
        assert_eq!(act(None, Some(" 22-18 ")), answer);
        assert_eq!(act(Some(true), Some("22-18")), answer, "a move answers");
        assert_eq!(
            act(Some(true), Some("  ")),
            Action::Puzzle(PuzzleAction::Daily),
            "a blank move is no answer"
        );
    }

    #[test]
    fn optional_arguments_get_their_defaults() {
        let none = Values::new();
        assert_eq!(
            action("play", &none),
            Some(Action::PlayEngine {
                level: 1,
                colour: ColourChoice::Random,
                clock: None,
            })
        );
        assert_eq!(
            action(
                "play",
                &Values::new()
                    .with("level", Value::Choice(7))
                    .with("colour", Value::Choice(1))
            ),
            Some(Action::PlayEngine {
                level: 8,
                colour: ColourChoice::Black,
                clock: None,
            })
        );
        let page = |page| {
            let values = Values::new().with("page", Value::Integer(page));
            action("leaderboard", &values)
        };
        assert_eq!(
            action("leaderboard", &none),
            Some(Action::Leaderboard { page: 0 })
        );
        assert_eq!(page(3), Some(Action::Leaderboard { page: 2 }));
        assert_eq!(page(0), Some(Action::Leaderboard { page: 0 }));
        let bob = Member {
            user: 5,
            name: "bob".into(),
            is_bot: false,
        };
        assert_eq!(
            action("challenge", &Values::new().with("colour", Value::Choice(0))),
            Some(Action::Challenge {
                opponent: None,
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            }),
            "an open challenge"
        );
        assert_eq!(
            action(
                "challenge",
                &Values::new()
                    .with("member", Value::Member(bob.clone()))
                    .with("time", Value::Time(Duration::from_secs(3600)))
            ),
            Some(Action::Challenge {
                opponent: Some(bob),
                colour: ColourChoice::Random,
                time_per_move: Some(Duration::from_secs(3600)),
                clock: None,
            })
        );
    }

    #[test]
    fn tournament_create_fills_in_the_defaults_and_reads_the_options() {
        let spec = |values: &Values| match action("tournament create", values) {
            Some(Action::Tournament(TournamentAction::Create(spec))) => spec,
            other => panic!("{other:?}"),
        };
        let bare = Values::new().with("name", Value::Text("  Coppa d'autunno ".into()));
        assert_eq!(
            spec(&bare),
            TournamentSpec {
                name: "Coppa d'autunno".into(),
                format: TournamentFormat::Swiss {
                    rounds: DEFAULT_SWISS_ROUNDS
                },
                games_per_pairing: 1,
                time_per_move: None,
                rated: true,
                drawn_openings: false,
                signup: None,
            }
        );
        let full = bare
            .clone()
            .with("format", Value::Choice(1))
            .with("rounds", Value::Integer(3))
            .with("games", Value::Integer(2))
            .with("time", Value::Time(Duration::from_secs(7200)))
            .with("rated", Value::Switch(false))
            .with("openings", Value::Switch(true))
            .with("signup", Value::Time(Duration::from_secs(1800)));
        let full = spec(&full);
        assert_eq!(
            full.format,
            TournamentFormat::RoundRobin,
            "rounds are for Swiss"
        );
        assert_eq!(full.games_per_pairing, 2);
        assert_eq!(full.time_per_move, Some(Duration::from_secs(7200)));
        assert!(!full.rated && full.drawn_openings);
        assert_eq!(full.signup, Some(Duration::from_secs(1800)));
        let swiss = bare
            .with("format", Value::Choice(0))
            .with("rounds", Value::Integer(7));
        assert_eq!(spec(&swiss).format, TournamentFormat::Swiss { rounds: 7 });
        assert_eq!(
            action("tournament create", &Values::new()),
            None,
            "a name is required"
        );
    }
}
