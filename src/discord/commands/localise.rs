//! The words of the commands, from the files, as poise's `fluent_localization` example fills
//! them in: each command or subcommand has a message `cmd-<English path with dashes>` whose value
//! is its name, with attributes `.description`, `.<option>` (an option's name) and
//! `.<option>-description`, keyed by the options' English names. English gives the registered
//! defaults; every other language gives the localisations of its Discord locales ([`LOCALES`]).
//! Choices are named by their own messages: colours (`discord-choice-white`, ...), levels
//! (`discord-choice-level`, with `level-name`), languages (`discord-choice-language`), the
//! notifications and threads of `/settings` (`discord-choice-notify`, `discord-choice-threads`)
//! and the times of `/challenge` (the shared durations, offered by its autocomplete). Other
//! choices are named by attributes of their command's message, `.<option>-<choice>` with the
//! choice's English name from the code (`cmd-tournament-create.format-round-robin`).

use std::borrow::Cow;

use dama_engine::Level;
use poise::ChoiceParameter as _;

use crate::discord::call::{ColourOption, LanguageOption, NotifyOption, SwitchOption};
use crate::discord::{Data, Error};
use crate::i18n::{Language, Text, Texts};

type Command = poise::Command<Data, Error>;

/// The Discord locales of each language besides English (the registered default): Italian is
/// `it`, Spanish both `es-ES` and `es-419`.
pub const LOCALES: [(Language, &[&str]); 2] = [
    (Language::It, &["it"]),
    (Language::Es, &["es-ES", "es-419"]),
];

/// Fills in every command's names, descriptions and choices, in English and in every locale of
/// [`LOCALES`]. Returns what the files lack (`it: cmd-challenge.member`), which the tests rule
/// out; a missing text is replaced by its key.
pub fn localise(commands: &mut [Command], texts: &Texts) -> Vec<String> {
    let mut missing = Vec::new();
    for command in commands {
        let path = command.name.to_string();
        localise_command(command, &path, texts, &mut missing);
    }
    missing
}

/// Every attribute of a `cmd-…` message the registration reads: (message id, attribute).
#[must_use]
pub fn command_attributes() -> Vec<(String, String)> {
    fn walk(command: &Command, path: &str, out: &mut Vec<(String, String)>) {
        let id = message_id(path);
        out.push((id.clone(), "description".to_owned()));
        for parameter in &command.parameters {
            out.push((id.clone(), parameter.name.to_string()));
            out.push((id.clone(), format!("{}-description", parameter.name)));
            if !named_by_messages(&parameter.name) {
                for choice in parameter.choices.iter() {
                    out.push((id.clone(), choice_attribute(&parameter.name, &choice.name)));
                }
            }
        }
        for sub in &command.subcommands {
            walk(sub, &format!("{path} {}", sub.name), out);
        }
    }
    let mut out = Vec::new();
    for command in super::unlocalised() {
        walk(&command, &command.name, &mut out);
    }
    out
}

/// `cmd-draw-offer` for `draw offer`.
fn message_id(path: &str) -> String {
    format!("cmd-{}", path.replace(' ', "-"))
}

/// The name of a command's last segment in a language (`proponi` for `draw offer` in Italian).
fn segment_name(texts: &Texts, language: Language, path: &str) -> String {
    let typed = texts.command_name(language, path);
    typed
        .rsplit(' ')
        .next()
        .unwrap_or(&typed)
        .trim_start_matches('/')
        .to_owned()
}

/// Reads attributes of `cmd-…` messages, noting the missing ones.
struct Attributes<'a> {
    texts: &'a Texts,
    missing: &'a mut Vec<String>,
}

impl Attributes<'_> {
    fn get(&mut self, language: Language, path: &str, attribute: &str) -> String {
        self.texts
            .command_attribute(language, path, attribute)
            .unwrap_or_else(|| {
                self.missing.push(format!(
                    "{}: {}.{attribute}",
                    language.code(),
                    message_id(path)
                ));
                attribute.to_owned()
            })
    }
}

/// One value per Discord locale of [`LOCALES`].
fn per_locale(
    mut text: impl FnMut(Language) -> String,
) -> Vec<(Cow<'static, str>, Cow<'static, str>)> {
    let mut out = Vec::new();
    for (language, locales) in LOCALES {
        let value = text(language);
        for locale in locales {
            out.push((Cow::Borrowed(*locale), Cow::Owned(value.clone())));
        }
    }
    out
}

fn localise_command(command: &mut Command, path: &str, texts: &Texts, missing: &mut Vec<String>) {
    let mut attributes = Attributes { texts, missing };
    command.name_localizations = Cow::Owned(per_locale(|l| segment_name(texts, l, path)));
    command.description_localizations =
        Cow::Owned(per_locale(|l| attributes.get(l, path, "description")));
    command.name = Cow::Owned(segment_name(texts, Language::En, path));
    command.description = Some(Cow::Owned(attributes.get(
        Language::En,
        path,
        "description",
    )));
    for parameter in &mut command.parameters {
        let key = parameter.name.to_string();
        let described = format!("{key}-description");
        parameter.name_localizations = Cow::Owned(per_locale(|l| attributes.get(l, path, &key)));
        parameter.description_localizations =
            Cow::Owned(per_locale(|l| attributes.get(l, path, &described)));
        parameter.name = Cow::Owned(attributes.get(Language::En, path, &key));
        parameter.description = Some(Cow::Owned(attributes.get(Language::En, path, &described)));
        let mut choices = parameter.choices.to_vec();
        for (index, choice) in choices.iter_mut().enumerate() {
            if let Some(english) = choice_name(texts, &key, index, Language::En) {
                choice.name = Cow::Owned(english);
                choice.localizations = Cow::Owned(per_locale(|l| {
                    choice_name(texts, &key, index, l).unwrap_or_default()
                }));
            } else if !named_by_messages(&key) {
                let attribute = choice_attribute(&key, &choice.name);
                choice.localizations =
                    Cow::Owned(per_locale(|l| attributes.get(l, path, &attribute)));
                choice.name = Cow::Owned(attributes.get(Language::En, path, &attribute));
            }
        }
        parameter.choices = Cow::Owned(choices);
    }
    for sub in &mut command.subcommands {
        let sub_path = format!("{path} {}", sub.name);
        localise_command(sub, &sub_path, texts, missing);
    }
}

/// Whether the choices of the option `key` are named by messages of their own
/// ([`choice_name`]) rather than by attributes of their command's message.
fn named_by_messages(key: &str) -> bool {
    matches!(key, "colour" | "level" | "language" | "notify" | "threads")
}

/// The attribute that names a choice of an option: `format-round-robin`.
fn choice_attribute(key: &str, choice: &str) -> String {
    format!("{key}-{}", choice.to_lowercase().replace(' ', "-"))
}

/// The name of the `index`th choice of the option `key`, where the files name it.
fn choice_name(texts: &Texts, key: &str, index: usize, language: Language) -> Option<String> {
    let mut args = fluent_bundle::FluentArgs::new();
    let text = match key {
        "colour" => match ColourOption::from_index(index)? {
            ColourOption::White => Text::DiscordChoiceWhite,
            ColourOption::Black => Text::DiscordChoiceBlack,
            ColourOption::Random => Text::DiscordChoiceRandom,
        },
        "level" => {
            args.set("level", Level::ALL.get(index)?.number());
            Text::DiscordChoiceLevel
        }
        "language" => {
            args.set("language", LanguageOption::from_index(index)?.key());
            Text::DiscordChoiceLanguage
        }
        "notify" => {
            args.set("mode", NotifyOption::from_index(index)?.key());
            Text::DiscordChoiceNotify
        }
        "threads" => {
            args.set("threads", SwitchOption::from_index(index)?.key());
            Text::DiscordChoiceThreads
        }
        _ => return None,
    };
    Some(texts.format(language, text, &args))
}
