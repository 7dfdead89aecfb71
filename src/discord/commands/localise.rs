//! The words of the commands, from the files, as poise's `fluent_localization` example fills
//! them in: each command or subcommand has a message `cmd-<English path with dashes>` whose value
//! is its name, with attributes `.description`, `.<option>` (an option's name) and
//! `.<option>-description`, keyed by the options' English names. English gives the registered
//! defaults; every other language gives the localisations of its Discord locales ([`LOCALES`]).
//! Choices are named as the command table says ([`crate::commands::Labels`]): by messages of
//! their own (colours, levels, languages, the notifications and threads of `/settings`), or by
//! attributes of their command's message, `.<option>-<choice>` with the choice's English name
//! from the code (`cmd-tournament-create.format-round-robin`).

use std::borrow::Cow;

use crate::commands::{self, Labels, choice_attribute, message_id};
use crate::discord::{Data, Error};
use crate::i18n::{Language, Texts};

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
    let declared = commands::find(path);
    for parameter in &mut command.parameters {
        let key = parameter.name.to_string();
        let choices_of = declared
            .and_then(|c| c.option(&key))
            .and_then(commands::Parameter::choices);
        let described = format!("{key}-description");
        parameter.name_localizations = Cow::Owned(per_locale(|l| attributes.get(l, path, &key)));
        parameter.description_localizations =
            Cow::Owned(per_locale(|l| attributes.get(l, path, &described)));
        parameter.name = Cow::Owned(attributes.get(Language::En, path, &key));
        parameter.description = Some(Cow::Owned(attributes.get(Language::En, path, &described)));
        let mut choices = parameter.choices.to_vec();
        for (index, choice) in choices.iter_mut().enumerate() {
            let Some(declared) = choices_of else {
                continue;
            };
            if let Some(english) = declared.message_label(texts, index, Language::En) {
                choice.name = Cow::Owned(english);
                choice.localizations = Cow::Owned(per_locale(|l| {
                    declared.message_label(texts, index, l).unwrap_or_default()
                }));
            } else if matches!(declared.labels, Labels::Attributes) {
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
