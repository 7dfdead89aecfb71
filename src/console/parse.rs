//! Reading a command: its name, arguments and options in any language, to the action of the
//! service it asks for (the families with many options have their own files: [`super::tournament`],
//! [`super::settings`]).

use std::collections::HashMap;

use super::Console;
use crate::game::{Action, ColourChoice, Member, PuzzleAction};
use crate::i18n::t;

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

impl Console {
    /// Reads a command (without its `/`): `verb argument ... option:value ...`, with the
    /// command's and the options' names in any language.
    #[allow(clippy::too_many_lines)] // one arm per command, as the help lists them
    pub(super) fn parse(&mut self, command: &str) -> Parsed {
        let language = self.language;
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
        let mut args: Vec<&str> = Vec::new();
        let mut options: HashMap<&str, String> = HashMap::new();
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
                        options.insert(english, value.to_owned());
                    } else if key == "action" {
                        options.insert("action", value.to_owned());
                    } else {
                        args.push(word);
                    }
                }
                _ => args.push(word),
            }
        }
        let option = |key: &str| options.get(key).map(String::as_str);
        let colour = || {
            self.parse_colour(option("colour").or(args.get(1).copied()))
                .map_err(|colour| t!(language, ConsoleNotAColour, colour = colour))
        };
        let action = match verb {
            "challenge" => {
                // Without a member (`/challenge colour:white`, or `/challenge white`): an open
                // challenge.
                let first_is_colour = args.first().is_some_and(|a| self.words.colour(a).is_some());
                let opponent = if first_is_colour {
                    option("member")
                } else {
                    args.first()
                        .map(|a| a.trim_start_matches('@'))
                        .or(option("member"))
                }
                .map(str::to_owned);
                let colour = if first_is_colour {
                    self.parse_colour(option("colour").or(args.first().copied()))
                        .map_err(|colour| t!(language, ConsoleNotAColour, colour = colour))
                } else {
                    colour()
                };
                let colour = match colour {
                    Ok(colour) => colour,
                    Err(message) => return Parsed::Answer(message),
                };
                let time_per_move =
                    match option("time").map(humantime_serde::re::humantime::parse_duration) {
                        None => None,
                        Some(Ok(time)) => Some(time),
                        Some(Err(error)) => {
                            let error = error.to_string();
                            return Parsed::Answer(t!(language, ConsoleTimeUsage, error = error));
                        }
                    };
                let opponent = opponent.map(|opponent| Member {
                    user: self.user_id(&opponent),
                    is_bot: opponent.eq_ignore_ascii_case("dama"),
                    name: opponent,
                });
                Action::Challenge {
                    opponent,
                    colour,
                    time_per_move,
                }
            }
            "accept" => {
                let from = option("from")
                    .or(args.first().copied())
                    .map(|name| name.trim_start_matches('@').to_owned());
                Action::Accept {
                    from: from.map(|name| self.user_id(&name)),
                }
            }
            "decline" => Action::Decline,
            "cancel" => Action::Cancel,
            "play" => {
                let level = option("level").or(args.first().copied()).unwrap_or("1");
                let Ok(level) = level.parse::<u8>() else {
                    return Parsed::Answer(t!(language, ConsoleNotALevel, level = level));
                };
                match colour() {
                    Ok(colour) => Action::PlayEngine { level, colour },
                    Err(message) => return Parsed::Answer(message),
                }
            }
            "move" => {
                let text = if args.is_empty() {
                    option("move").unwrap_or_default().to_owned()
                } else {
                    args.join(" ")
                };
                if text.is_empty() {
                    return Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                        puzzle: false,
                    };
                }
                Action::Move { text }
            }
            "suggest" => {
                return Parsed::Suggest {
                    typed: args.join(" "),
                    asked_to_move: false,
                    puzzle: false,
                };
            }
            "board" => Action::Board {
                flip: args
                    .first()
                    .is_some_and(|a| self.words.option(a) == Some("flip"))
                    || option("flip").is_some_and(|v| {
                        matches!(
                            v.to_lowercase().as_str(),
                            "true" | "yes" | "sì" | "si" | "sí"
                        )
                    }),
            },
            "resign" => Action::Resign,
            "draw" => {
                let typed = args.first().copied().or(option("action"));
                match typed.map(|t| self.words.subcommand("draw", t)) {
                    None | Some(Some("draw offer")) => Action::OfferDraw,
                    Some(Some("draw accept")) => Action::AnswerDraw { accept: true },
                    Some(Some("draw decline")) => Action::AnswerDraw { accept: false },
                    Some(_) => {
                        return Parsed::Answer(t!(
                            language,
                            ConsoleDrawUsage,
                            draw = self
                                .typed("draw offer")
                                .split(' ')
                                .next()
                                .unwrap_or_default()
                                .to_owned(),
                            typed = typed.unwrap_or_default(),
                            offer = self.typed("draw offer"),
                            accept = self.typed("draw accept"),
                            decline = self.typed("draw decline"),
                        ));
                    }
                }
            }
            "claim" => Action::Claim,
            "abort" => Action::Abort,
            "leaderboard" => {
                let page = option("page")
                    .or(args.first().copied())
                    .and_then(|p| p.parse::<u32>().ok())
                    .unwrap_or(1);
                Action::Leaderboard {
                    page: page.saturating_sub(1),
                }
            }
            "stats" | "history" => {
                let member = args
                    .first()
                    .copied()
                    .or(option("member"))
                    .map(|a| a.trim_start_matches('@').to_owned())
                    .map(|n| Member {
                        user: self.user_id(&n),
                        name: n,
                        is_bot: false,
                    });
                if verb == "stats" {
                    Action::Stats { member }
                } else {
                    Action::History { member }
                }
            }
            "pdn" | "replay" | "analysis" => {
                let game = option("game")
                    .or(args.first().copied())
                    .map(|g| g.trim_start_matches('#').parse::<i64>());
                let game = match game {
                    None => None,
                    Some(Ok(id)) => Some(id),
                    Some(Err(_)) => {
                        return Parsed::Answer(t!(
                            language,
                            ConsoleGameNumber,
                            pdn = self.typed(verb)
                        ));
                    }
                };
                match verb {
                    "pdn" => Action::Pdn { game },
                    "analysis" => Action::Analysis { game },
                    _ => Action::Replay { game },
                }
            }
            "rules" => Action::Rules,
            "help" => Action::Help,
            "games" => Action::Games {
                all: args.iter().any(|a| self.words.option(a) == Some("all"))
                    || option("all").is_some_and(|v| self.words.switch(v) == Some(true)),
            },
            "takeback" => Action::Takeback,
            "hint" => Action::Hint,
            "puzzle" => {
                // `/puzzle`, `/puzzle daily` (or `daily:true`), `/puzzle move 22-18`,
                // `/puzzle 22-18`, `/puzzle move:22-18`; `/puzzle move` lists the moves.
                let mut rest: &[&str] = &args;
                let daily_word = rest
                    .first()
                    .is_some_and(|a| self.words.option(a) == Some("daily"));
                if daily_word {
                    rest = &rest[1..];
                }
                let daily = daily_word
                    || option("daily").is_some_and(|v| self.words.switch(v) == Some(true));
                let move_word = rest
                    .first()
                    .is_some_and(|a| self.words.option(a) == Some("move"));
                if move_word {
                    rest = &rest[1..];
                }
                let text = option("move").map_or_else(|| rest.join(" "), str::to_owned);
                if text.is_empty() && (move_word || option("move").is_some()) {
                    return Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                        puzzle: true,
                    };
                }
                Action::Puzzle(if !text.is_empty() {
                    PuzzleAction::Answer { text }
                } else if daily {
                    PuzzleAction::Daily
                } else {
                    PuzzleAction::Next
                })
            }
            "puzzles" => Action::Puzzle(PuzzleAction::Ranking),
            "tournament" => match self.parse_tournament(&args, &options) {
                Ok(action) => Action::Tournament(action),
                Err(answer) => return Parsed::Answer(answer),
            },
            "settings" => match self.parse_settings(&args, &options) {
                Some(change) => Action::Settings(change),
                None => {
                    return Parsed::Answer(t!(
                        language,
                        ConsoleSettingsUsage,
                        settings = self.typed("settings")
                    ));
                }
            },
            "click" => {
                let Some(id) = args.first() else {
                    return Parsed::Answer(t!(language, ConsoleClickUsage));
                };
                let values: Vec<String> = args
                    .get(1..)
                    .unwrap_or_default()
                    .iter()
                    .map(|v| (*v).to_owned())
                    .collect();
                return Parsed::Click {
                    id: (*id).to_owned(),
                    values,
                };
            }
            _ => {
                return Parsed::Answer(t!(
                    language,
                    ConsoleUnknownCommand,
                    name = typed_verb,
                    help = self.typed("help")
                ));
            }
        };
        Parsed::Act(action)
    }

    /// A colour typed in any language (random when none is); the text itself when it is no
    /// colour.
    pub(super) fn parse_colour(&self, text: Option<&str>) -> Result<ColourChoice, String> {
        let Some(text) = text else {
            return Ok(ColourChoice::Random);
        };
        self.words.colour(text).ok_or_else(|| text.to_owned())
    }
}
