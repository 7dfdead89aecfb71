//! The commands as Discord registers them, built from the command table ([`dama_core::commands`])
//! and the files: each command or subcommand has a message `cmd-<English path with dashes>`
//! whose value is its name, with attributes `.description`, `.<option>` (an option's name) and
//! `.<option>-description`, keyed by the options' English names. English gives the registered
//! defaults; every other language gives the localisations of its Discord locales ([`LOCALES`]).
//! Choices are named as the command table says ([`dama_core::commands::Labels`]): by messages of
//! their own (colours, levels, languages, the notifications and threads of `/settings`), or by
//! attributes of their command's message, `.<option>-<choice>` with the choice's English name
//! (`cmd-tournament-create.format-round-robin`). Choices are registered as integers, the index
//! of the choice.

use poise::serenity_prelude as serenity;
use serenity::{CommandOptionType, CreateCommand, CreateCommandOption};

use dama_core::commands::{
    self, Kind, Labels, TIME_LENGTH, choice_attribute, message_id, segment_name,
};
use dama_core::i18n::{Language, Text, Texts};

/// The Discord locales of each language besides English (the registered default): Italian is
/// `it`, Spanish both `es-ES` and `es-419`.
pub const LOCALES: [(Language, &[&str]); 2] = [
    (Language::It, &["it"]),
    (Language::Es, &["es-ES", "es-419"]),
];

/// Every command of the table as Discord registers it, in English with the localisations of
/// [`LOCALES`]. Also returns what the files lack (`it: cmd-challenge.member`), which the tests
/// rule out; a missing text is replaced by its key.
#[must_use]
pub fn registration(texts: &Texts) -> (Vec<CreateCommand>, Vec<String>) {
    let mut words = Words {
        texts,
        missing: Vec::new(),
    };
    let builders = commands::TABLE
        .iter()
        .map(|declared| {
            let path = declared.name;
            let mut builder = CreateCommand::new(segment_name(texts, Language::En, path))
                .description(words.get(Language::En, path, "description"))
                .contexts(vec![serenity::InteractionContext::Guild]);
            for (locale, name) in per_locale(|l| segment_name(texts, l, path)) {
                builder = builder.name_localized(locale, name);
            }
            for (locale, text) in per_locale(|l| words.get(l, path, "description")) {
                builder = builder.description_localized(locale, text);
            }
            if declared.moderators {
                builder =
                    builder.default_member_permissions(serenity::Permissions::MANAGE_MESSAGES);
            }
            for option in options(declared, path, &mut words) {
                builder = builder.add_option(option);
            }
            builder
        })
        .collect();
    (builders, words.missing)
}

/// The app's Entry Point command (type 4, `PRIMARY_ENTRY_POINT`): Discord itself launches the
/// Activity when it is used (handler 2), named and described from the files. Discord keeps
/// one per app, among its global commands only.
pub fn entry_point(texts: &Texts) -> CreateCommand {
    let word = |language, text| texts.format(language, text, &fluent_bundle::FluentArgs::new());
    let mut builder = CreateCommand::new(word(Language::En, Text::ActivityLaunchName))
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .handler(serenity::EntryPointHandlerType::DiscordLaunchActivity)
        .description(word(Language::En, Text::ActivityLaunchDescription))
        .contexts(vec![serenity::InteractionContext::Guild]);
    for (locale, name) in per_locale(|l| word(l, Text::ActivityLaunchName)) {
        builder = builder.name_localized(locale, name);
    }
    for (locale, text) in per_locale(|l| word(l, Text::ActivityLaunchDescription)) {
        builder = builder.description_localized(locale, text);
    }
    builder
}

/// An Entry Point command as Discord has it (one the developer portal made, say), to keep it
/// as it is in a bulk overwrite of the global commands, which Discord refuses (code 50240)
/// without it.
pub fn kept_entry_point(command: &serenity::Command) -> CreateCommand {
    let mut builder = CreateCommand::new(command.name.clone())
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .handler(
            command
                .handler
                .unwrap_or(serenity::EntryPointHandlerType::DiscordLaunchActivity),
        )
        .description(command.description.clone());
    for (locale, name) in command.name_localizations.iter().flatten() {
        builder = builder.name_localized(locale.clone(), name.clone());
    }
    for (locale, text) in command.description_localizations.iter().flatten() {
        builder = builder.description_localized(locale.clone(), text.clone());
    }
    builder
}

/// The options of a command: its subcommands, or its own options.
fn options(
    declared: &commands::Command,
    path: &str,
    words: &mut Words<'_>,
) -> Vec<CreateCommandOption> {
    if !declared.subcommands.is_empty() {
        return declared
            .subcommands
            .iter()
            .map(|sub| {
                let sub_path = format!("{path} {}", sub.name);
                let kind = if sub.subcommands.is_empty() {
                    CommandOptionType::SubCommand
                } else {
                    CommandOptionType::SubCommandGroup
                };
                let texts = words.texts;
                let mut builder = words.described(
                    kind,
                    &sub_path,
                    segment_name(texts, Language::En, &sub_path),
                    "description",
                    |l| segment_name(texts, l, &sub_path),
                );
                for option in options(sub, &sub_path, words) {
                    builder = builder.add_sub_option(option);
                }
                builder
            })
            .collect();
    }
    declared
        .options
        .iter()
        .map(|option| parameter(option, path, words))
        .collect()
}

/// One option of a command, with its kind, limits and choices.
fn parameter(
    option: &commands::Parameter,
    path: &str,
    words: &mut Words<'_>,
) -> CreateCommandOption {
    let key = option.name;
    let kind = match option.kind {
        Kind::Text { .. } | Kind::Time | Kind::Pace | Kind::Clock | Kind::Expiry => {
            CommandOptionType::String
        }
        Kind::Integer { .. } | Kind::Choice(_) => CommandOptionType::Integer,
        Kind::Switch => CommandOptionType::Boolean,
        Kind::Member => CommandOptionType::User,
        Kind::Channel => CommandOptionType::Channel,
    };
    let english = words.get(Language::En, path, key);
    let described = format!("{key}-description");
    let names = per_locale(|l| words.get(l, path, key));
    let mut builder = words
        .described(kind, path, english, &described, |_| String::new())
        .required(option.required)
        .set_autocomplete(option.autocomplete());
    for (locale, name) in names {
        builder = builder.name_localized(locale, name);
    }
    builder = match option.kind {
        Kind::Text { min, max, .. } => builder.min_length(min).max_length(max),
        Kind::Time | Kind::Pace | Kind::Clock | Kind::Expiry => builder.max_length(TIME_LENGTH),
        Kind::Integer { min, max } => {
            let builder = builder.min_int_value(min);
            match max {
                Some(max) => builder.max_int_value(max),
                None => builder,
            }
        }
        Kind::Channel => builder.channel_types(vec![serenity::ChannelType::Text]),
        Kind::Choice(ref choices) => {
            for index in 0..choices.names.len() {
                let mut label = |language| {
                    choices
                        .message_label(words.texts, index, language)
                        .or_else(|| {
                            let attribute = choice_attribute(key, choices.names[index]);
                            matches!(choices.labels, Labels::Attributes)
                                .then(|| words.get(language, path, &attribute))
                        })
                };
                let english = label(Language::En).unwrap_or_default();
                let localised = per_locale(|l| label(l).unwrap_or_default());
                builder = builder.add_int_choice_localized(english, index as i32, localised);
            }
            builder
        }
        Kind::Switch | Kind::Member => builder,
    };
    builder
}

/// Reads attributes of `cmd-…` messages, noting the missing ones.
struct Words<'a> {
    texts: &'a Texts,
    missing: Vec<String>,
}

impl Words<'_> {
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

    /// A subcommand or an option named `english`, described by the attribute `described` of
    /// the command `path` in every language, and named in the other languages by `name` (when
    /// it gives a name).
    fn described(
        &mut self,
        kind: CommandOptionType,
        path: &str,
        english: String,
        described: &str,
        name: impl Fn(Language) -> String,
    ) -> CreateCommandOption {
        let description = self.get(Language::En, path, described);
        let mut builder = CreateCommandOption::new(kind, english, description);
        for (locale, text) in per_locale(name) {
            if !text.is_empty() {
                builder = builder.name_localized(locale, text);
            }
        }
        for (locale, text) in per_locale(|l| self.get(l, path, described)) {
            builder = builder.description_localized(locale, text);
        }
        builder
    }
}

/// One value per Discord locale of [`LOCALES`].
fn per_locale(mut text: impl FnMut(Language) -> String) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (language, locales) in LOCALES {
        let value = text(language);
        for locale in locales {
            out.push((*locale, value.clone()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::i18n;

    #[test]
    fn the_entry_point_is_launched_by_discord_and_named_in_every_language() {
        let texts = i18n::load().unwrap();
        let json = serde_json::to_value(entry_point(texts)).unwrap();
        assert_eq!(json["type"], 4);
        assert_eq!(json["handler"], 2);
        assert_eq!(json["name"], "launch");
        assert_eq!(json["name_localizations"]["it"], "apri");
        assert_eq!(json["name_localizations"]["es-419"], "abrir");
        let description = json["description"].as_str().unwrap();
        assert!(
            (1..=100).contains(&description.chars().count()),
            "{description}"
        );
        for text in json["description_localizations"]
            .as_object()
            .unwrap()
            .values()
        {
            assert!(text.as_str().unwrap().chars().count() <= 100, "{text}");
        }
    }
}
