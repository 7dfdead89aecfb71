//! From Discord to the service: who acts, and which service call an interaction asks for.
//!
//! Poise parses the options of a slash command into typed arguments; the functions here turn
//! those arguments (and the interaction's member data) into an [`Actor`](crate::game::Actor)
//! and an [`Action`] (or a [`Click`]), without any network, so they are tested directly.
//!
//! - `interaction`: who acts and where ([`actor`], [`ChannelContext`]), a member named in an
//!   option, a [`Click`], and whether games may go in threads.
//! - `options`: the choices of the commands' options (colour, language, notify, threads,
//!   format).
//! - `time`: times typed in any of the bot's languages ([`TimeOption`], [`ExpiryOption`]) and
//!   what their autocomplete suggests.
//!
//! Here: the [`Action`] each command's options ask for.

mod interaction;
mod options;
mod time;

use poise::serenity_prelude as serenity;

use crate::game::{
    Action, ColourChoice, Member, PuzzleAction, SettingsChange, TournamentAction, TournamentSpec,
};
use crate::store::TournamentFormat;

pub use interaction::{ChannelContext, Click, THREAD_PERMISSIONS, actor, can_open_threads, member};
pub use options::{ColourOption, FormatOption, LanguageOption, NotifyOption, SwitchOption};
pub use time::{ExpiryOption, TIME_PRESETS, TimeOption, expiry_suggestions, time_suggestions};

/// The level of `/play` when none is given.
pub const DEFAULT_LEVEL: u8 = 1;

/// `/leaderboard [page]`, with pages counted from 1 by people and from 0 by the service.
#[must_use]
pub fn leaderboard(page: Option<u32>) -> Action {
    Action::Leaderboard {
        page: page.unwrap_or(1).saturating_sub(1),
    }
}

/// `/play [level] [colour]`.
#[must_use]
pub fn play_engine(level: Option<u8>, colour: Option<ColourOption>) -> Action {
    Action::PlayEngine {
        level: level.unwrap_or(DEFAULT_LEVEL),
        colour: colour.map_or(ColourChoice::Random, ColourChoice::from),
    }
}

/// `/challenge [member] [colour] [time]`: without a member, an open challenge.
#[must_use]
pub fn challenge(
    opponent: Option<Member>,
    colour: Option<ColourOption>,
    time: Option<TimeOption>,
) -> Action {
    Action::Challenge {
        opponent,
        colour: colour.map_or(ColourChoice::Random, ColourChoice::from),
        time_per_move: time.map(TimeOption::duration),
    }
}

/// `/puzzle [daily] [move]`: a typed move answers the open puzzle (whatever `daily` says: the
/// puzzle open is the one answered); `daily:True` opens the server's puzzle of the day; no
/// option, a new puzzle near one's puzzle rating.
#[must_use]
pub fn puzzle(daily: Option<bool>, text: Option<String>) -> Action {
    let answer = text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    Action::Puzzle(match (answer, daily) {
        (Some(text), _) => PuzzleAction::Answer { text },
        (None, Some(true)) => PuzzleAction::Daily,
        (None, _) => PuzzleAction::Next,
    })
}
/// The options of `/settings`, read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingsOptions {
    pub language: Option<LanguageOption>,
    pub notify: Option<NotifyOption>,
    pub time: Option<TimeOption>,
    pub expiry: Option<ExpiryOption>,
    pub threads: Option<SwitchOption>,
    pub add_channel: Option<serenity::ChannelId>,
    pub remove_channel: Option<serenity::ChannelId>,
    /// The channel of the daily puzzle's posts.
    pub daily_puzzle: Option<serenity::ChannelId>,
    /// The hour (0-23, UTC) at which the puzzle of the day changes and is posted.
    pub daily_puzzle_hour: Option<u8>,
    /// `True` stops the daily posts (`False` changes nothing).
    pub daily_puzzle_off: Option<bool>,
}

/// `/settings [language] [notify] [time] [expiry] [threads] [add-channel] [remove-channel]
/// [daily-puzzle] [daily-puzzle-hour] [daily-puzzle-off]`: what to change; no option shows the
/// settings. The language's `automatic` follows the server's Discord language again;
/// `daily-puzzle-off:True` stops the daily posts, and wins over a channel given with it.
#[must_use]
pub fn settings(options: SettingsOptions) -> Action {
    Action::Settings(SettingsChange {
        notify: options.notify.map(NotifyOption::mode),
        language: options.language.map(LanguageOption::language),
        time_per_move: options.time.map(TimeOption::duration),
        challenge_expiry: options.expiry.map(ExpiryOption::duration),
        threads: options.threads.map(SwitchOption::is_on),
        add_game_channel: options.add_channel.map(serenity::ChannelId::get),
        remove_game_channel: options.remove_channel.map(serenity::ChannelId::get),
        daily_puzzle: if options.daily_puzzle_off == Some(true) {
            Some(None)
        } else {
            options.daily_puzzle.map(|c| Some(c.get()))
        },
        daily_puzzle_hour: options.daily_puzzle_hour,
    })
}

/// The Swiss rounds of `/tournament create` when none are given.
pub const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The options of `/tournament create`, as poise read them (times already read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentOptions {
    pub name: String,
    pub format: Option<FormatOption>,
    /// Swiss rounds; a round robin has as many as it needs.
    pub rounds: Option<u32>,
    /// Games each pairing plays, 1 or 2.
    pub games: Option<u8>,
    pub time: Option<TimeOption>,
    pub rated: Option<bool>,
    pub openings: Option<bool>,
    pub signup: Option<TimeOption>,
}

/// `/tournament create`: Swiss of [`DEFAULT_SWISS_ROUNDS`] rounds, one game a pairing, rated,
/// from the start position and open until `/tournament start`, unless the options say
/// otherwise.
#[must_use]
pub fn tournament_create(options: &TournamentOptions) -> Action {
    let format = match options.format.unwrap_or(FormatOption::Swiss) {
        FormatOption::Swiss => TournamentFormat::Swiss {
            rounds: options.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
        },
        FormatOption::RoundRobin => TournamentFormat::RoundRobin,
    };
    Action::Tournament(TournamentAction::Create(TournamentSpec {
        name: options.name.trim().to_owned(),
        format,
        games_per_pairing: options.games.unwrap_or(1).clamp(1, 2),
        time_per_move: options.time.map(TimeOption::duration),
        rated: options.rated.unwrap_or(true),
        drawn_openings: options.openings.unwrap_or(false),
        signup: options.signup.map(TimeOption::duration),
    }))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use poise::ChoiceParameter as _;

    use super::*;
    use crate::i18n::Language;
    use crate::store::NotifyMode;

    #[test]
    fn settings_options_map_to_one_change() {
        assert_eq!(
            settings(SettingsOptions::default()),
            Action::Settings(SettingsChange::default()),
            "no option: show the settings"
        );
        assert_eq!(
            settings(SettingsOptions {
                language: Some(LanguageOption::Spanish),
                ..SettingsOptions::default()
            }),
            Action::Settings(SettingsChange {
                language: Some(Some(Language::Es)),
                ..SettingsChange::default()
            })
        );
        assert_eq!(
            settings(SettingsOptions {
                language: Some(LanguageOption::Automatic),
                notify: Some(NotifyOption::from_index(0).unwrap()),
                ..SettingsOptions::default()
            }),
            Action::Settings(SettingsChange {
                language: Some(None),
                notify: Some(NotifyMode::Dm),
                ..SettingsChange::default()
            })
        );
        let all = settings(SettingsOptions {
            language: None,
            notify: Some(NotifyOption::Off),
            time: TimeOption::parse("2 giorni"),
            expiry: ExpiryOption::parse("automática"),
            threads: Some(SwitchOption::from_index(1).unwrap()),
            add_channel: Some(serenity::ChannelId::new(31)),
            remove_channel: Some(serenity::ChannelId::new(32)),
            ..SettingsOptions::default()
        });
        assert_eq!(
            all,
            Action::Settings(SettingsChange {
                notify: Some(NotifyMode::Off),
                language: None,
                time_per_move: Some(Duration::from_secs(2 * 24 * 3600)),
                challenge_expiry: Some(None),
                threads: Some(false),
                add_game_channel: Some(31),
                remove_game_channel: Some(32),
                ..SettingsChange::default()
            })
        );
        let modes: Vec<NotifyMode> = (0..3)
            .map(|i| NotifyOption::from_index(i).unwrap().mode())
            .collect();
        assert_eq!(modes, [NotifyMode::Dm, NotifyMode::Ping, NotifyMode::Off]);
        assert_eq!(NotifyOption::from_index(3), None);
        assert!(SwitchOption::from_index(0).unwrap().is_on());
        assert_eq!(SwitchOption::from_index(2), None);
    }

    #[test]
    fn the_daily_puzzle_settings_set_a_channel_an_hour_or_stop_the_posts() {
        let change = |options| match settings(options) {
            Action::Settings(change) => (change.daily_puzzle, change.daily_puzzle_hour),
            other => panic!("{other:?}"),
        };
        let channel = Some(serenity::ChannelId::new(40));
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle: channel,
                daily_puzzle_hour: Some(7),
                ..SettingsOptions::default()
            }),
            (Some(Some(40)), Some(7))
        );
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle_off: Some(true),
                ..SettingsOptions::default()
            }),
            (Some(None), None)
        );
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle: channel,
                daily_puzzle_off: Some(true),
                ..SettingsOptions::default()
            }),
            (Some(None), None),
            "off wins over a channel given with it"
        );
        assert_eq!(
            change(SettingsOptions {
                daily_puzzle_off: Some(false),
                ..SettingsOptions::default()
            }),
            (None, None),
            "False changes nothing"
        );
    }

    #[test]
    fn puzzle_options_pick_the_puzzle_action() {
        let action = |daily, text: Option<&str>| puzzle(daily, text.map(str::to_owned));
        assert_eq!(action(None, None), Action::Puzzle(PuzzleAction::Next));
        assert_eq!(
            action(Some(false), None),
            Action::Puzzle(PuzzleAction::Next)
        );
        assert_eq!(
            action(Some(true), None),
            Action::Puzzle(PuzzleAction::Daily)
        );
        let answer = Action::Puzzle(PuzzleAction::Answer {
            text: "22-18".into(),
        });
        assert_eq!(action(None, Some(" 22-18 ")), answer);
        assert_eq!(action(Some(true), Some("22-18")), answer, "a move answers");
        assert_eq!(
            action(Some(true), Some("  ")),
            Action::Puzzle(PuzzleAction::Daily),
            "a blank move is no answer"
        );
    }

    #[test]
    fn optional_arguments_get_their_defaults() {
        assert_eq!(
            play_engine(None, None),
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::Random
            }
        );
        assert_eq!(
            play_engine(Some(8), Some(ColourOption::Black)),
            Action::PlayEngine {
                level: 8,
                colour: ColourChoice::Black
            }
        );
        assert_eq!(leaderboard(None), Action::Leaderboard { page: 0 });
        assert_eq!(leaderboard(Some(3)), Action::Leaderboard { page: 2 });
        assert_eq!(leaderboard(Some(0)), Action::Leaderboard { page: 0 });
        let bob = Member {
            user: 5,
            name: "bob".into(),
            is_bot: false,
        };
        assert_eq!(
            challenge(None, Some(ColourOption::White), None),
            Action::Challenge {
                opponent: None,
                colour: ColourChoice::White,
                time_per_move: None,
            },
            "an open challenge"
        );
        assert_eq!(
            challenge(Some(bob.clone()), None, TimeOption::parse("1 h")),
            Action::Challenge {
                opponent: Some(bob),
                colour: ColourChoice::Random,
                time_per_move: Some(Duration::from_secs(3600)),
            }
        );
    }

    #[test]
    fn tournament_create_fills_in_the_defaults_and_reads_the_options() {
        let bare = TournamentOptions {
            name: "  Coppa d'autunno ".into(),
            format: None,
            rounds: None,
            games: None,
            time: None,
            rated: None,
            openings: None,
            signup: None,
        };
        assert_eq!(
            tournament_create(&bare),
            Action::Tournament(TournamentAction::Create(TournamentSpec {
                name: "Coppa d'autunno".into(),
                format: TournamentFormat::Swiss {
                    rounds: DEFAULT_SWISS_ROUNDS
                },
                games_per_pairing: 1,
                time_per_move: None,
                rated: true,
                drawn_openings: false,
                signup: None,
            }))
        );
        let full = TournamentOptions {
            format: Some(FormatOption::RoundRobin),
            rounds: Some(3),
            games: Some(2),
            time: TimeOption::parse("2 ore"),
            rated: Some(false),
            openings: Some(true),
            signup: TimeOption::parse("30 min"),
            ..bare.clone()
        };
        let Action::Tournament(TournamentAction::Create(spec)) = tournament_create(&full) else {
            panic!("a tournament to create");
        };
        assert_eq!(
            spec.format,
            TournamentFormat::RoundRobin,
            "rounds are for Swiss"
        );
        assert_eq!(spec.games_per_pairing, 2);
        assert_eq!(spec.time_per_move, Some(Duration::from_secs(7200)));
        assert!(!spec.rated && spec.drawn_openings);
        assert_eq!(spec.signup, Some(Duration::from_secs(1800)));
        let swiss = TournamentOptions {
            format: Some(FormatOption::Swiss),
            rounds: Some(7),
            ..bare
        };
        let Action::Tournament(TournamentAction::Create(spec)) = tournament_create(&swiss) else {
            panic!("a tournament to create");
        };
        assert_eq!(spec.format, TournamentFormat::Swiss { rounds: 7 });
        assert_eq!(
            FormatOption::list()
                .iter()
                .map(|c| &*c.name)
                .collect::<Vec<_>>(),
            ["swiss", "round-robin"]
        );
    }
}
