//! The commands, declared once: every command and subcommand, in the order of the help, with
//! its options (name, kind, required or not) and their choices, by their English names.
//!
//! Both front ends read this table, and nothing else declares a command. Discord's registration
//! and the commands poise dispatches are built from it (`discord::commands`), with Discord's
//! limits (lengths, ranges, channel kinds, autocomplete); the console (`damabot local`) reads
//! commands, subcommands, options and choices by their names in every language from it, and
//! checks the same limits. Each front end reads the options typed into [`Values`], and one
//! function, `dama_service::commands::action`, turns a command and its values into the service's action. The names in each language come from the files: a message
//! `cmd-<English path with dashes>` per command or subcommand, whose value is its name, with an
//! attribute per option (`.colour`) and per option's description (`.colour-description`), read
//! with [`Texts::command_name`] and [`Texts::command_attribute`].

mod choices;
mod times;
mod values;

use dama_engine::Level;
use fluent_bundle::FluentArgs;

use crate::i18n::{Language, Text, Texts};

pub use choices::{COLOURS, DEFAULT_LEVEL, DEFAULT_SWISS_ROUNDS, LANGUAGES, NOTIFY_MODES, THREADS};
pub use times::{
    ExpiryOption, LIVE_PRESETS, TIME_PRESETS, TimeOption, clock_suggestions, expiry_suggestions,
    pace_suggestions, parse_time_control, read_time, time_suggestions,
};
pub use values::{Value, Values};

/// A command, or a subcommand of one.
#[derive(Debug)]
pub struct Command {
    /// The English name (`draw`, or `offer` for `/draw offer`).
    pub name: &'static str,
    pub options: &'static [Parameter],
    pub subcommands: &'static [Command],
    /// For moderators: registered with Manage Messages as the default permission, and checked
    /// again when run.
    pub moderators: bool,
}

/// An option of a command.
#[derive(Debug)]
pub struct Parameter {
    /// The English name (`colour`).
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
}

/// What an option takes.
#[derive(Debug)]
pub enum Kind {
    /// Text of `min..=max` characters, with the suggestions Discord's autocomplete offers.
    Text {
        min: u16,
        max: u16,
        suggest: Option<Suggest>,
    },
    /// A time (`5 min`, `2 ore`, `3 días`), typed as text.
    Time,
    /// A time per move as [`Kind::Time`], or a live game's time control (`5+3`: minutes and
    /// seconds added per move), typed as text.
    Pace,
    /// A live game's time control only (`5+3`), typed as text.
    Clock,
    /// A time, or the word for "fits the time per move" (`automatic`), typed as text.
    Expiry,
    /// A whole number in `min..=max` (no upper bound when `max` is `None`).
    Integer { min: u64, max: Option<u64> },
    /// On or off.
    Switch,
    /// A member of the server.
    Member,
    /// A text channel.
    Channel,
    /// One of a list (registered as a number: the index of the choice).
    Choice(Choices),
}

/// What the autocomplete of a text option offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suggest {
    /// The caller's legal moves in their game.
    Move,
    /// The legal moves of the caller's open puzzle.
    PuzzleMove,
}

/// The longest time or expiry typed.
pub const TIME_LENGTH: u16 = 100;

/// The choices of an option: their names in the code, in order, and how the files name them.
#[derive(Debug)]
pub struct Choices {
    pub names: &'static [&'static str],
    pub labels: Labels,
}

/// How the files name the choices of an option.
#[derive(Debug)]
pub enum Labels {
    /// An attribute of the command's message per choice, `.<option>-<choice>` with the choice's
    /// name from the code ([`choice_attribute`]: `cmd-tournament-create.format-round-robin`).
    Attributes,
    /// A message per choice, in order.
    Messages(&'static [Text]),
    /// One message, its variable set to each choice's key, in order.
    Keyed {
        text: Text,
        variable: &'static str,
        keys: &'static [&'static str],
    },
    /// `discord-choice-level`, its `$level` set to each level's number.
    Levels,
}

const fn option(name: &'static str, kind: Kind) -> Parameter {
    Parameter {
        name,
        kind,
        required: false,
    }
}

const fn required(name: &'static str, kind: Kind) -> Parameter {
    Parameter {
        name,
        kind,
        required: true,
    }
}

const fn command(name: &'static str, options: &'static [Parameter]) -> Command {
    Command {
        name,
        options,
        subcommands: &[],
        moderators: false,
    }
}

const fn group(name: &'static str, subcommands: &'static [Command]) -> Command {
    Command {
        name,
        options: &[],
        subcommands,
        moderators: false,
    }
}

const fn text(min: u16, max: u16, suggest: Option<Suggest>) -> Kind {
    Kind::Text { min, max, suggest }
}

const fn integer(min: u64, max: u64) -> Kind {
    Kind::Integer {
        min,
        max: Some(max),
    }
}

/// A game's number.
const GAME_NUMBER: Kind = Kind::Integer { min: 1, max: None };

const COLOUR: Parameter = option(
    "colour",
    Kind::Choice(Choices {
        names: &["White", "Black", "Random"],
        labels: Labels::Messages(&[
            Text::DiscordChoiceWhite,
            Text::DiscordChoiceBlack,
            Text::DiscordChoiceRandom,
        ]),
    }),
);

/// The level of `/play`: its choices' names in the code are the levels' numbers.
const LEVEL: Parameter = option(
    "level",
    Kind::Choice(Choices {
        names: &["1", "2", "3", "4", "5", "6", "7", "8"],
        labels: Labels::Levels,
    }),
);

const TIME: Parameter = option("time", Kind::Time);
const PACE: Parameter = option("time", Kind::Pace);
const MEMBER: Parameter = option("member", Kind::Member);
const GAME: Parameter = option("game", GAME_NUMBER);
const MOVE: Kind = text(1, 100, Some(Suggest::Move));

/// Every command, in the order of the help and of the registration.
pub const TABLE: &[Command] = &[
    command("challenge", &[option("member", Kind::Member), COLOUR, PACE]),
    command("accept", &[option("from", Kind::Member)]),
    command("decline", &[]),
    command("cancel", &[]),
    command("play", &[LEVEL, COLOUR, option("clock", Kind::Clock)]),
    command("move", &[required("move", MOVE)]),
    command("board", &[option("flip", Kind::Switch)]),
    command("resign", &[]),
    group(
        "draw",
        &[
            command("offer", &[]),
            command("accept", &[]),
            command("decline", &[]),
        ],
    ),
    command("claim", &[]),
    Command {
        moderators: true,
        ..command("abort", &[])
    },
    command("takeback", &[]),
    command("hint", &[]),
    command("leaderboard", &[option("page", integer(1, 100_000))]),
    command("stats", &[MEMBER]),
    command("history", &[MEMBER]),
    command("pdn", &[GAME]),
    command("replay", &[GAME]),
    command("analysis", &[GAME]),
    command("rules", &[]),
    command("help", &[]),
    command("games", &[option("all", Kind::Switch)]),
    group(
        "tournament",
        &[
            command(
                "create",
                &[
                    required("name", text(1, 80, None)),
                    option(
                        "format",
                        Kind::Choice(Choices {
                            names: &["swiss", "round-robin"],
                            labels: Labels::Attributes,
                        }),
                    ),
                    option("rounds", integer(1, 15)),
                    option("games", integer(1, 2)),
                    TIME,
                    option("rated", Kind::Switch),
                    option("openings", Kind::Switch),
                    option("signup", Kind::Time),
                ],
            ),
            command("join", &[]),
            command("start", &[]),
            command("standings", &[]),
            command("pairings", &[option("round", integer(1, 1000))]),
            command("withdraw", &[]),
            command("forfeit", &[required("member", Kind::Member)]),
            command("cancel", &[]),
            command("pdn", &[]),
        ],
    ),
    command(
        "settings",
        &[
            option(
                "language",
                Kind::Choice(Choices {
                    names: &["Italian", "English", "Spanish", "Automatic"],
                    labels: Labels::Keyed {
                        text: Text::DiscordChoiceLanguage,
                        variable: "language",
                        keys: &["it", "en", "es", "auto"],
                    },
                }),
            ),
            option(
                "notify",
                Kind::Choice(Choices {
                    names: &["Dm", "Ping", "Off"],
                    labels: Labels::Keyed {
                        text: Text::DiscordChoiceNotify,
                        variable: "mode",
                        keys: &["dm", "ping", "off"],
                    },
                }),
            ),
            TIME,
            option("expiry", Kind::Expiry),
            option(
                "threads",
                Kind::Choice(Choices {
                    names: &["On", "Off"],
                    labels: Labels::Keyed {
                        text: Text::DiscordChoiceThreads,
                        variable: "threads",
                        keys: &["on", "off"],
                    },
                }),
            ),
            option("add-channel", Kind::Channel),
            option("remove-channel", Kind::Channel),
            option("daily-puzzle", Kind::Channel),
            option("daily-puzzle-hour", integer(0, 23)),
            option("daily-puzzle-off", Kind::Switch),
        ],
    ),
    command(
        "puzzle",
        &[
            option("daily", Kind::Switch),
            option("move", text(1, 100, Some(Suggest::PuzzleMove))),
        ],
    ),
    command("puzzles", &[]),
];

/// Every command and subcommand with its English path (`draw`, `draw offer`), each before its
/// subcommands, in the order of [`TABLE`].
#[must_use]
pub fn all() -> Vec<(String, &'static Command)> {
    fn walk(command: &'static Command, path: &str, out: &mut Vec<(String, &'static Command)>) {
        out.push((path.to_owned(), command));
        for sub in command.subcommands {
            walk(sub, &format!("{path} {}", sub.name), out);
        }
    }
    let mut out = Vec::new();
    for command in TABLE {
        walk(command, command.name, &mut out);
    }
    out
}

/// The commands one runs, by their English paths (`challenge`, `draw offer`: every command
/// without subcommands, and every subcommand), in the order of [`TABLE`].
#[must_use]
pub fn runnable() -> Vec<(String, &'static Command)> {
    all()
        .into_iter()
        .filter(|(_, command)| command.subcommands.is_empty())
        .collect()
}

/// Whether `path` (`draw offer`) is a command one runs.
#[must_use]
pub fn is_runnable(path: &str) -> bool {
    runnable().iter().any(|(p, _)| p == path)
}

/// The id of the message that names a command or subcommand: `cmd-draw-offer` for
/// `draw offer`.
#[must_use]
pub fn message_id(path: &str) -> String {
    format!("cmd-{}", path.replace(' ', "-"))
}

/// The attribute that names a choice of an option, where [`Labels::Attributes`] name them:
/// `format-round-robin`.
#[must_use]
pub fn choice_attribute(option: &str, choice: &str) -> String {
    format!("{option}-{}", choice.to_lowercase().replace(' ', "-"))
}

/// Every attribute of a `cmd-…` message that the table asks the files for: (message id,
/// attribute), a command's description, its options' names and descriptions, and the names of
/// choices named by attributes.
#[must_use]
pub fn attributes() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (path, command) in all() {
        let id = message_id(&path);
        out.push((id.clone(), "description".to_owned()));
        for parameter in command.options {
            out.push((id.clone(), parameter.name.to_owned()));
            out.push((id.clone(), format!("{}-description", parameter.name)));
            if let Kind::Choice(Choices {
                names,
                labels: Labels::Attributes,
            }) = &parameter.kind
            {
                for choice in *names {
                    out.push((id.clone(), choice_attribute(parameter.name, choice)));
                }
            }
        }
    }
    out
}

impl Parameter {
    /// Whether Discord's autocomplete suggests values as they are typed (moves and times).
    #[must_use]
    pub fn autocomplete(&self) -> bool {
        matches!(
            self.kind,
            Kind::Time
                | Kind::Pace
                | Kind::Clock
                | Kind::Expiry
                | Kind::Text {
                    suggest: Some(_),
                    ..
                }
        )
    }

    /// The choices, for an option of [`Kind::Choice`].
    #[must_use]
    pub fn choices(&self) -> Option<&Choices> {
        match &self.kind {
            Kind::Choice(choices) => Some(choices),
            _ => None,
        }
    }
}

impl Choices {
    /// The name of the `index`th choice in a language, where messages of their own name the
    /// choices (not for [`Labels::Attributes`], which [`Choices::label`] reads).
    #[must_use]
    pub fn message_label(&self, texts: &Texts, index: usize, language: Language) -> Option<String> {
        let mut args = FluentArgs::new();
        let text = match &self.labels {
            Labels::Attributes => return None,
            Labels::Messages(texts) => *texts.get(index)?,
            Labels::Keyed {
                text,
                variable,
                keys,
            } => {
                args.set(*variable, *keys.get(index)?);
                *text
            }
            Labels::Levels => {
                args.set("level", Level::ALL.get(index)?.number());
                Text::DiscordChoiceLevel
            }
        };
        Some(texts.format(language, text, &args))
    }

    /// The name of the `index`th choice of the option `option` of the command `path` in a
    /// language, where the files have it.
    #[must_use]
    pub fn label(
        &self,
        texts: &Texts,
        path: &str,
        option: &str,
        index: usize,
        language: Language,
    ) -> Option<String> {
        match self.labels {
            Labels::Attributes => {
                let choice = self.names.get(index)?;
                texts.command_attribute(language, path, &choice_attribute(option, choice))
            }
            _ => self.message_label(texts, index, language),
        }
    }
}

/// The name of a command's last segment in a language (`proponi` for `draw offer` in Italian).
#[must_use]
pub fn segment_name(texts: &Texts, language: Language, path: &str) -> String {
    let typed = texts.command_name(language, path);
    typed
        .rsplit(' ')
        .next()
        .unwrap_or(&typed)
        .trim_start_matches('/')
        .to_owned()
}

/// The command or subcommand of an English path (`draw offer`).
#[must_use]
pub fn find(path: &str) -> Option<&'static Command> {
    let mut segments = path.split(' ');
    let top = segments.next()?;
    let mut command = TABLE.iter().find(|c| c.name == top)?;
    for segment in segments {
        command = command.subcommands.iter().find(|c| c.name == segment)?;
    }
    Some(command)
}

impl Command {
    /// The option of an English name.
    #[must_use]
    pub fn option(&'static self, name: &str) -> Option<&'static Parameter> {
        self.options.iter().find(|o| o.name == name)
    }
}
