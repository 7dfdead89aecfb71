//! The words the console reads, in every language: commands, subcommands, options and choices
//! by their names in the command table ([`dama_core::commands`]) and the files, and the console's
//! own short words for values (`on`, `off`, `auto`, `dm`, `white`, ...).

use dama_core::store::ColourChoice;
use std::collections::{HashMap, HashSet};

use fluent_bundle::FluentArgs;

use dama_engine::Level;

use dama_core::commands;

use dama_core::i18n::{self, Language, Text};
use dama_core::store::NotifyMode;

/// The names typed in any language, each to what it means.
pub(super) struct Vocabulary {
    /// A command's name, lowercase, to its English name (`sfida` to `challenge`).
    commands: HashMap<String, &'static str>,
    /// A command's English name and a subcommand's typed name to the English path
    /// (`draw`, `proponi` to `draw offer`).
    subcommands: HashMap<(&'static str, String), String>,
    /// An option's name to its English name (`colore` to `colour`).
    options: HashMap<String, &'static str>,
    /// An option's English name and a choice's name (lowercase, spaces as dashes) to the
    /// choice's index (`format`, `girone-all'italiana` to 1).
    choices: HashMap<(&'static str, String), usize>,
    colours: HashMap<String, ColourChoice>,
    /// `on` and `off` (`threads:`, `all:`).
    switches: HashMap<String, bool>,
    /// `dm`, `ping`, `off` (`notify:`).
    notify_modes: HashMap<String, NotifyMode>,
    /// The word for "as it fits" (`language:auto`, `expiry:auto`).
    automatic: HashSet<String>,
}

/// A choice's name as typed: lowercase, spaces as dashes (`Round robin` is `round-robin`).
fn typed_choice(name: &str) -> String {
    name.to_lowercase().replace(' ', "-")
}

impl Vocabulary {
    pub(super) fn new() -> Vocabulary {
        let texts = i18n::texts();
        let plain = |language, text| texts.format(language, text, &FluentArgs::new());
        let mut words = Vocabulary {
            commands: HashMap::new(),
            subcommands: HashMap::new(),
            options: HashMap::new(),
            choices: HashMap::new(),
            colours: HashMap::from([
                ("w".to_owned(), ColourChoice::White),
                ("b".to_owned(), ColourChoice::Black),
            ]),
            switches: HashMap::new(),
            notify_modes: HashMap::new(),
            automatic: HashSet::new(),
        };
        for language in Language::ALL {
            for (path, command) in commands::all() {
                let typed = texts.command_name(language, &path).to_lowercase();
                let typed = typed.trim_start_matches('/');
                let top = path.split(' ').next().and_then(commands::find);
                let top = top.map_or(command.name, |c| c.name);
                match typed.rsplit_once(' ') {
                    None => {
                        words.commands.insert(typed.to_owned(), top);
                    }
                    Some((_, sub)) => {
                        words
                            .subcommands
                            .insert((top, sub.to_owned()), path.clone());
                    }
                }
                for option in command.options {
                    if let Some(name) = texts.command_attribute(language, &path, option.name) {
                        words.options.insert(name.to_lowercase(), option.name);
                    }
                    let Some(choices) = option.choices() else {
                        continue;
                    };
                    for index in 0..choices.names.len() {
                        let label = choices.label(texts, &path, option.name, index, language);
                        if let Some(label) = label {
                            words
                                .choices
                                .insert((option.name, typed_choice(&label)), index);
                        }
                    }
                }
            }
            for (on, text) in [(true, Text::ConsoleValueOn), (false, Text::ConsoleValueOff)] {
                words
                    .switches
                    .insert(plain(language, text).to_lowercase(), on);
            }
            for (mode, text) in [
                (NotifyMode::Dm, Text::ConsoleNotifyDm),
                (NotifyMode::Ping, Text::ConsoleNotifyPing),
                (NotifyMode::Off, Text::ConsoleNotifyOff),
            ] {
                words
                    .notify_modes
                    .insert(plain(language, text).to_lowercase(), mode);
            }
            words
                .automatic
                .insert(plain(language, Text::ConsoleValueAuto).to_lowercase());
            for (colour, text) in [
                (ColourChoice::White, Text::ConsoleColourWhite),
                (ColourChoice::Black, Text::ConsoleColourBlack),
                (ColourChoice::Random, Text::ConsoleColourRandom),
            ] {
                words
                    .colours
                    .insert(plain(language, text).to_lowercase(), colour);
            }
        }
        words
    }

    /// The English name of a command typed in any language (`sfida` is `challenge`).
    pub(super) fn command(&self, typed: &str) -> Option<&'static str> {
        self.commands.get(&typed.to_lowercase()).copied()
    }

    /// The English path of a subcommand of `top` typed in any language.
    pub(super) fn subcommand(&self, top: &str, typed: &str) -> Option<&str> {
        let top = commands::TABLE.iter().find(|c| c.name == top)?.name;
        self.subcommands
            .get(&(top, typed.to_lowercase()))
            .map(String::as_str)
    }

    /// The English name of an option typed in any language.
    pub(super) fn option(&self, typed: &str) -> Option<&'static str> {
        self.options.get(&typed.to_lowercase()).copied()
    }

    /// The index of a choice of the option `option` (by its English name), typed by its name
    /// in any language (`girone-all'italiana`).
    pub(super) fn choice(&self, option: &'static str, typed: &str) -> Option<usize> {
        self.choices.get(&(option, typed_choice(typed))).copied()
    }

    /// `on` or `off` in any language (`true`, `false`, `yes`, `sì`, `no` too).
    pub(super) fn switch(&self, typed: &str) -> Option<bool> {
        let typed = typed.to_lowercase();
        match typed.as_str() {
            "true" | "yes" | "sì" | "si" | "sí" => Some(true),
            "false" | "no" => Some(false),
            _ => self.switches.get(&typed).copied(),
        }
    }

    /// A colour in any language: the console's words (`white`, `nero`, `b`), or the names of
    /// the colour's choices (`a-caso`).
    pub(super) fn colour(&self, typed: &str) -> Option<ColourChoice> {
        if let Some(&colour) = self.colours.get(&typed.to_lowercase()) {
            return Some(colour);
        }
        commands::COLOURS
            .get(self.choice("colour", typed)?)
            .copied()
    }

    /// Whether `typed` is the word for "as it fits" in any language.
    pub(super) fn is_automatic(&self, typed: &str) -> bool {
        self.automatic.contains(&typed.to_lowercase())
    }

    /// The index of a choice of the option `option` (by its English name) typed in any
    /// language: by the choice's name ([`Vocabulary::choice`]), or by the console's short
    /// words: a colour's (`w`, `nero`), a level's number, a language's code or `auto`, a
    /// notification's `dm`, `ping`, `off`, threads' `on` and `off`, a format's `rr`.
    pub(super) fn choice_index(&self, option: &'static str, typed: &str) -> Option<usize> {
        if let Some(index) = self.choice(option, typed) {
            return Some(index);
        }
        let lower = typed.to_lowercase();
        let position = |found: bool, index: Option<usize>| index.filter(|_| found);
        match option {
            "colour" => {
                let colour = self.colour(typed)?;
                commands::COLOURS.iter().position(|&c| c == colour)
            }
            "level" => {
                let number: u8 = lower.parse().ok()?;
                Level::ALL.iter().position(|level| level.number() == number)
            }
            "language" => {
                let language = if self.is_automatic(typed) {
                    None
                } else {
                    Some(Language::from_code(&lower)?)
                };
                commands::LANGUAGES.iter().position(|&l| l == language)
            }
            "notify" => {
                let mode = self.notify_modes.get(&lower)?;
                commands::NOTIFY_MODES.iter().position(|m| m == mode)
            }
            "threads" => {
                let on = self.switch(typed)?;
                commands::THREADS.iter().position(|&t| t == on)
            }
            "format" => position(lower == "rr", Some(1)),
            _ => None,
        }
    }
}
