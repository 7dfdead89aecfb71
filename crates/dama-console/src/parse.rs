//! Reading a command: its name, arguments and options in any language, to the action of the
//! service it asks for. The commands, their options and the options' kinds and limits are the
//! command table's ([`dama_core::commands`]), and so is the action each asks for
//! ([`action`](dama_service::commands::action), the one Discord's commands run); what the console adds is its
//! shorthand: arguments without an option's name, read as the options they stand for
//! (`/challenge bob white`, `/play 3`, `/draw accept`, `/tournament create Autumn Cup`,
//! `/settings language it`), and short words for values (`on`, `off`, `auto`, `w`, `b`).

use std::collections::HashMap;

use super::Console;
use dama_core::commands::{self, Kind, Value, Values};
use dama_core::i18n::t;
use dama_core::store::Member;
use dama_service::Action;

/// What a console command asks for.
#[derive(Debug, PartialEq)]
pub(super) enum Parsed {
    /// An action of the service, in the console's channel.
    Act(Action),
    /// A click on a component, by its id.
    Click { id: String, values: Vec<String> },
    /// The moves the autocomplete would offer (`/suggest`, or `/move` without a move; those of
    /// the open puzzle for `/puzzle move` without a move).
    Suggest {
        typed: String,
        asked_to_move: bool,
        puzzle: bool,
    },
    /// The console's own answer (a command it cannot read).
    Answer(String),
}

/// The options typed by name (by their English names), and the arguments typed without one.
struct Typed<'a> {
    options: HashMap<&'static str, String>,
    args: Vec<&'a str>,
}

impl Typed<'_> {
    /// Reads an argument as the option `name` unless that option is typed by its name.
    fn stands_for(&mut self, name: &'static str, argument: Option<String>) {
        if let Some(argument) = argument {
            self.options.entry(name).or_insert(argument);
        }
    }

    fn option(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }
}

impl Console {
    /// Reads a command (without its `/`): `verb argument ... option:value ...`, with the
    /// command's and the options' names in any language.
    pub(super) fn parse(&mut self, command: &str) -> Parsed {
        let language = self.language();
        let mut words = command.split_whitespace();
        let typed_verb = words.next().unwrap_or_default().to_lowercase();
        let verb: &str = match typed_verb.as_str() {
            "m" => "move",
            "top" => "leaderboard",
            "suggest" => "suggest",
            "click" => "click",
            // `/hint` by its English name in every language.
            "hint" => "hint",
            other => self.words.command(other).unwrap_or_default(),
        };
        let mut typed = Typed {
            options: HashMap::new(),
            args: Vec::new(),
        };
        for word in words {
            match word.split_once(':') {
                // `22x13` never has a colon, but an option name is a word; the ids that
                // `/click` takes (`g:1:4:move`) are arguments.
                Some((key, value))
                    if verb != "click"
                        && key.chars().count() > 1
                        && key
                            .chars()
                            .all(|c| c.is_alphabetic() || c == '-' || c == '_') =>
                {
                    let key = key.to_lowercase();
                    if let Some(english) = self.words.option(&key) {
                        typed.options.insert(english, value.to_owned());
                    } else if key == "action" {
                        typed.options.insert("action", value.to_owned());
                    } else {
                        typed.args.push(word);
                    }
                }
                _ => typed.args.push(word),
            }
        }
        match verb {
            "suggest" => {
                return Parsed::Suggest {
                    typed: typed.args.join(" "),
                    asked_to_move: false,
                    puzzle: false,
                };
            }
            "click" => {
                let Some(id) = typed.args.first() else {
                    return Parsed::Answer(t!(language, ConsoleClickUsage));
                };
                let values = typed.args[1..].iter().map(|v| (*v).to_owned()).collect();
                return Parsed::Click {
                    id: (*id).to_owned(),
                    values,
                };
            }
            "" => {
                return Parsed::Answer(t!(
                    language,
                    ConsoleUnknownCommand,
                    name = typed_verb,
                    help = self.typed("help")
                ));
            }
            _ => {}
        }
        let path = match self.path(verb, &mut typed) {
            Ok(path) => path,
            Err(answer) => return Parsed::Answer(answer),
        };
        if let Some(suggest) = self.shorthand(&path, &mut typed) {
            return suggest;
        }
        let values = match self.values(&path, &typed) {
            Ok(values) => values,
            Err(answer) => return Parsed::Answer(answer),
        };
        match dama_service::commands::action(&path, &values) {
            Some(action) => Parsed::Act(action),
            // Only the member of `/tournament forfeit` is required and never filled in.
            None => Parsed::Answer(t!(
                language,
                ConsoleTournamentMember,
                forfeit = self.typed("tournament forfeit")
            )),
        }
    }

    /// The English path of the command run: a group's subcommand is its first argument
    /// (`/draw` alone offers a draw, `/draw action:accept` is read too).
    fn path(&self, verb: &str, typed: &mut Typed<'_>) -> Result<String, String> {
        let language = self.language();
        match verb {
            "draw" => {
                let step = match typed.args.first() {
                    Some(&first) => Some(first.to_owned()),
                    None => typed.option("action").map(str::to_owned),
                };
                if !typed.args.is_empty() {
                    typed.args.remove(0);
                }
                match step.as_deref().map(|s| self.words.subcommand("draw", s)) {
                    None => Ok("draw offer".to_owned()),
                    Some(Some(path)) => Ok(path.to_owned()),
                    Some(None) => Err(t!(
                        language,
                        ConsoleDrawUsage,
                        draw = self
                            .typed("draw offer")
                            .split(' ')
                            .next()
                            .unwrap_or_default()
                            .to_owned(),
                        typed = step.unwrap_or_default(),
                        offer = self.typed("draw offer"),
                        accept = self.typed("draw accept"),
                        decline = self.typed("draw decline"),
                    )),
                }
            }
            "tournament" => {
                let step = typed
                    .args
                    .first()
                    .and_then(|first| self.words.subcommand("tournament", first))
                    .map(str::to_owned);
                if let Some(step) = step {
                    typed.args.remove(0);
                    return Ok(step);
                }
                let steps: Vec<String> = commands::runnable()
                    .iter()
                    .filter(|(path, _)| path.starts_with("tournament "))
                    .map(|(path, _)| format!("`{}`", self.typed(path)))
                    .collect();
                Err(t!(
                    language,
                    ConsoleTournamentUsage,
                    steps = steps.join(", ")
                ))
            }
            _ => Ok(verb.to_owned()),
        }
    }

    /// Reads the arguments typed without an option's name as the options they stand for; the
    /// moves to suggest when `/move` (or `/puzzle move`) comes without one.
    fn shorthand(&self, path: &str, typed: &mut Typed<'_>) -> Option<Parsed> {
        let args = typed.args.clone();
        let first = args.first().map(|a| (*a).to_owned());
        let second = args.get(1).map(|a| (*a).to_owned());
        let is_option = |word: &str, name: &str| self.words.option(word) == Some(name);
        match path {
            // `/challenge white`: an open challenge; `/challenge bob black`.
            "challenge"
                if first
                    .as_deref()
                    .is_some_and(|a| self.words.colour(a).is_some()) =>
            {
                typed.stands_for("colour", first);
            }
            "challenge" => {
                typed.stands_for("member", first);
                typed.stands_for("colour", second);
            }
            "accept" | "stats" | "history" => {
                let name = if path == "accept" { "from" } else { "member" };
                typed.stands_for(name, first);
            }
            "play" => {
                typed.stands_for("level", first);
                typed.stands_for("colour", second);
            }
            "move" => {
                if !args.is_empty() {
                    typed.options.insert("move", args.join(" "));
                }
                if typed.option("move").is_none_or(str::is_empty) {
                    return Some(Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                        puzzle: false,
                    });
                }
            }
            "board" if first.as_deref().is_some_and(|a| is_option(a, "flip")) => {
                typed.stands_for("flip", Some("true".to_owned()));
            }
            "games" if args.iter().any(|a| is_option(a, "all")) => {
                typed.stands_for("all", Some("true".to_owned()));
            }
            "leaderboard" => typed.stands_for("page", first),
            "pdn" | "replay" | "analysis" => typed.stands_for("game", first),
            "tournament pairings" => typed.stands_for("round", first),
            "tournament forfeit" => typed.stands_for("member", first),
            "tournament create" => typed.stands_for("name", Some(args.join(" "))),
            // `/puzzle`, `/puzzle daily`, `/puzzle move 22-18`, `/puzzle 22-18`; `/puzzle move`
            // lists the moves.
            "puzzle" => {
                let mut rest: &[&str] = &args;
                if rest.first().is_some_and(|a| is_option(a, "daily")) {
                    rest = &rest[1..];
                    typed.stands_for("daily", Some("true".to_owned()));
                }
                let move_word = rest.first().is_some_and(|a| is_option(a, "move"));
                if move_word {
                    rest = &rest[1..];
                }
                if !rest.is_empty() {
                    typed.stands_for("move", Some(rest.join(" ")));
                }
                let asked = move_word || typed.option("move").is_some();
                if asked && typed.option("move").is_none_or(str::is_empty) {
                    return Some(Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                        puzzle: true,
                    });
                }
            }
            // `/settings language it`, and `/settings language` alone: the server's Discord
            // language again.
            "settings" => {
                let mut words = args.iter();
                while let Some(word) = words.next() {
                    if !is_option(word, "language") {
                        return Some(Parsed::Answer(self.unreadable(path, "", word)));
                    }
                    let value = words.next().map_or("auto", |v| *v);
                    typed.stands_for("language", Some(value.to_owned()));
                }
            }
            _ => {}
        }
        None
    }

    /// The options of the command at `path`, read by their kinds and limits in the table; the
    /// console's answer when one cannot be read.
    fn values(&mut self, path: &str, typed: &Typed<'_>) -> Result<Values, String> {
        let mut values = Values::new();
        let Some(declared) = commands::find(path) else {
            return Ok(values);
        };
        for (&name, text) in &typed.options {
            let Some(option) = declared.options.iter().find(|o| o.name == name) else {
                // `/settings` reads every option it is given, or says what it takes.
                if path == "settings" {
                    return Err(self.unreadable(path, name, text));
                }
                continue;
            };
            let value = match commands::read_time(self.language(), option, text) {
                // Times are read as every front end reads them, with the same answers.
                Some(read) => read?,
                None => match self.value(path, option, text) {
                    Some(value) => value,
                    None => return Err(self.unreadable(path, name, text)),
                },
            };
            values.set(option.name, value);
        }
        Ok(values)
    }

    /// One option typed that is no time, read by its kind (and checked against its limits, as
    /// Discord does).
    fn value(&mut self, path: &str, option: &commands::Parameter, text: &str) -> Option<Value> {
        Some(match &option.kind {
            Kind::Text { min, max, .. } => {
                let length = text.chars().count();
                if length < usize::from(*min) || length > usize::from(*max) {
                    return None;
                }
                Value::Text(text.to_owned())
            }
            // Read by `commands::read_time`.
            Kind::Time | Kind::Pace | Kind::Clock | Kind::Expiry => return None,
            Kind::Integer { min, max } => {
                let number: i64 = text.trim_start_matches('#').parse().ok()?;
                let in_range = u64::try_from(number)
                    .is_ok_and(|n| n >= *min && max.is_none_or(|max| n <= max));
                if !in_range {
                    return None;
                }
                Value::Integer(number)
            }
            Kind::Switch => Value::Switch(self.words.switch(text)?),
            Kind::Member => {
                let name = text.trim_start_matches('@').to_owned();
                if name.is_empty() {
                    return None;
                }
                Value::Member(Member {
                    user: self.user_id(&name),
                    is_bot: path == "challenge" && name.eq_ignore_ascii_case("dama"),
                    name,
                })
            }
            Kind::Channel => {
                let name = text.trim_start_matches('#');
                if name.is_empty() {
                    return None;
                }
                Value::Channel(self.place_id(false, name))
            }
            Kind::Choice(_) => Value::Choice(self.words.choice_index(option.name, text)?),
        })
    }

    /// What the console says of an option it cannot read: the usage of the command where it
    /// has one, else which value it could not read.
    fn unreadable(&self, path: &str, option: &str, text: &str) -> String {
        let language = self.language();
        match (path, option) {
            ("settings", _) => t!(
                language,
                ConsoleSettingsUsage,
                settings = self.typed("settings")
            ),
            ("tournament create", _) => t!(
                language,
                ConsoleTournamentCreateUsage,
                create = self.typed("tournament create")
            ),
            ("tournament pairings", _) => t!(
                language,
                ConsoleTournamentRound,
                pairings = self.typed("tournament pairings")
            ),
            (_, "colour") => t!(language, ConsoleNotAColour, colour = text.to_owned()),
            (_, "level") => t!(language, ConsoleNotALevel, level = text.to_owned()),
            (_, "game") => t!(language, ConsoleGameNumber, pdn = self.typed(path)),
            _ => t!(language, OptionUnreadable, input = text.to_owned()),
        }
    }
}
