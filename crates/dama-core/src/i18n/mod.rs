//! The bot's words in Italian, English and Spanish, from Project Fluent files.
//!
//! Each language has one file, `assets/locales/{it,en,es}/dama.ftl`, embedded in the binary
//! and parsed once ([`load`], called at start-up, fails naming the file and line of a broken
//! message). The reader's [`Language`] comes from their Discord locale
//! ([`Language::from_locale`]). The code names messages only through [`Text`]; the tests
//! check that every [`Text`] exists in every file with the same variables, and that the files
//! hold nothing else.

use std::fmt;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use fluent_bundle::{FluentResource, FluentValue};

use crate::text::{Part, RichText, Style};
use fluent_bundle::concurrent::FluentBundle;
use unic_langid::LanguageIdentifier;

mod telltales;
mod text;

pub use telltales::{ENGLISH_WORDS, english_words};
pub use text::Text;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    It,
    #[default]
    En,
    Es,
}

impl Language {
    /// Every language, in the order of [`Texts`]' bundles.
    pub const ALL: [Language; 3] = [Language::It, Language::En, Language::Es];

    /// The language of a Discord locale: `it` is Italian, `es-ES` and `es-419` Spanish,
    /// anything else English.
    #[must_use]
    pub fn from_locale(locale: &str) -> Language {
        let primary = locale
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "it" => Language::It,
            "es" => Language::Es,
            _ => Language::En,
        }
    }

    /// The language's code: `it`, `en`, `es` (the folder of its file).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Language::It => "it",
            Language::En => "en",
            Language::Es => "es",
        }
    }

    /// The language of a code as [`Language::code`] writes it.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    fn index(self) -> usize {
        match self {
            Language::It => 0,
            Language::En => 1,
            Language::Es => 2,
        }
    }
}

/// The files as they are embedded: language, file name, source.
pub const SOURCES: [(Language, &str, &str); 3] = [
    (
        Language::It,
        "assets/locales/it/dama.ftl",
        include_str!("../../../../assets/locales/it/dama.ftl"),
    ),
    (
        Language::En,
        "assets/locales/en/dama.ftl",
        include_str!("../../../../assets/locales/en/dama.ftl"),
    ),
    (
        Language::Es,
        "assets/locales/es/dama.ftl",
        include_str!("../../../../assets/locales/es/dama.ftl"),
    ),
];

/// A file that does not load: which, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    /// From 1.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.reason)
    }
}

impl std::error::Error for LoadError {}

/// The parsed bundles, one per language.
pub struct Texts {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts")
            .field("languages", &self.bundles.len())
            .finish()
    }
}

impl Texts {
    /// Parses one source per language, in the order of [`Language::ALL`].
    pub fn parse(sources: &[(Language, &str, &str)]) -> Result<Texts, LoadError> {
        let mut bundles = Vec::with_capacity(Language::ALL.len());
        for language in Language::ALL {
            let Some(&(_, file, source)) = sources.iter().find(|(l, _, _)| *l == language) else {
                return Err(LoadError {
                    file: format!("assets/locales/{}/dama.ftl", language.code()),
                    line: 1,
                    reason: "missing".to_owned(),
                });
            };
            let resource = FluentResource::try_new(source.to_owned()).map_err(|(_, errors)| {
                let first = &errors[0];
                LoadError {
                    file: file.to_owned(),
                    line: line_of(source, first.pos.start),
                    reason: first.to_string(),
                }
            })?;
            let langid: LanguageIdentifier = language.code().parse().map_err(|_| LoadError {
                file: file.to_owned(),
                line: 1,
                reason: format!("bad language code {}", language.code()),
            })?;
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // Discord shows the Unicode isolation marks around placeables as junk.
            bundle.set_use_isolating(false);
            bundle.add_builtins().map_err(|error| LoadError {
                file: file.to_owned(),
                line: 1,
                reason: error.to_string(),
            })?;
            bundle.add_resource(resource).map_err(|errors| LoadError {
                file: file.to_owned(),
                line: 1,
                reason: errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            })?;
            let ids = Text::ALL
                .iter()
                .map(|text| text.id().to_owned())
                .chain(command_ids());
            for id in ids {
                if bundle.get_message(&id).and_then(|m| m.value()).is_none() {
                    return Err(LoadError {
                        file: file.to_owned(),
                        line: 1,
                        reason: format!("no message `{id}`"),
                    });
                }
            }
            bundles.push(bundle);
        }
        Ok(Texts { bundles })
    }

    /// The text of a message in a language, with its variables.
    ///
    /// Arguments that differ from [`Text::variables`] are a mistake in the code: logged, and a
    /// panic in strict mode ([`set_strict`], which the tests turn on).
    #[must_use]
    pub fn format(&self, language: Language, text: Text, args: &FluentArgs<'_>) -> String {
        let given: Vec<&str> = args.iter().map(|(name, _)| name).collect();
        let expected = text.variables();
        if given.len() != expected.len() || !expected.iter().all(|v| given.contains(v)) {
            mistake(&format!(
                "message `{}` takes {expected:?}, was given {given:?}",
                text.id()
            ));
        }
        self.pattern(language, text.id(), None, args)
    }

    /// A message in a language, its variables plain values or text with parts (see
    /// [`tr`]): the words formatted as [`Texts::format`] does, with each part in its place, in
    /// the style of the words around it (`**{ $player }**`: the person, stressed), and its
    /// commands named as typed in that language.
    #[must_use]
    pub fn rich(&self, language: Language, text: Text, args: &RichArgs) -> RichText {
        let mut fluent = FluentArgs::new();
        for (index, (name, arg)) in args.0.iter().enumerate() {
            match arg {
                Arg::Plain(value) => fluent.set(*name, value.clone()),
                Arg::Rich(_) => fluent.set(*name, format!("{PART_OPEN}{index}{PART_CLOSE}")),
            }
        }
        let formatted = self.format(language, text, &fluent);
        let mut out = RichText::new();
        let mut style = Style::default();
        let mut rest = formatted.as_str();
        while let Some(open) = rest.find(PART_OPEN) {
            style.read(&rest[..open], &mut out);
            let after = &rest[open + PART_OPEN.len_utf8()..];
            let Some(close) = after.find(PART_CLOSE) else {
                break;
            };
            let part =
                after[..close]
                    .parse::<usize>()
                    .ok()
                    .and_then(|index| match args.0.get(index) {
                        Some((_, Arg::Rich(part))) => Some(part),
                        _ => None,
                    });
            if let Some(part) = part {
                style.add_all(part, &mut out, &|path| self.command_name(language, path));
            }
            rest = &after[close + PART_CLOSE.len_utf8()..];
        }
        style.read(rest, &mut out);
        out
    }

    /// The name of a command or subcommand (`draw offer`) as typed in a language:
    /// `/patta proponi`.
    #[must_use]
    pub fn command_name(&self, language: Language, command: &str) -> String {
        let mut typed = String::from("/");
        let mut id = String::from("cmd");
        for (i, segment) in command.split(' ').enumerate() {
            id.push('-');
            id.push_str(segment);
            if i > 0 {
                typed.push(' ');
            }
            typed.push_str(&self.pattern(language, &id, None, &FluentArgs::new()));
        }
        typed
    }

    /// An attribute of a command's message (`cmd-challenge.description`), where the file has
    /// it.
    #[must_use]
    pub fn command_attribute(
        &self,
        language: Language,
        command: &str,
        attribute: &str,
    ) -> Option<String> {
        let id = format!("cmd-{}", command.replace(' ', "-"));
        let bundle = &self.bundles[language.index()];
        bundle.get_message(&id)?.get_attribute(attribute)?;
        Some(self.pattern(language, &id, Some(attribute), &FluentArgs::new()))
    }

    fn pattern(
        &self,
        language: Language,
        id: &str,
        attribute: Option<&str>,
        args: &FluentArgs<'_>,
    ) -> String {
        let bundle = &self.bundles[language.index()];
        let message = bundle.get_message(id);
        let pattern = match attribute {
            None => message.and_then(|m| m.value()),
            Some(name) => message
                .and_then(|m| m.get_attribute(name))
                .map(|a| a.value()),
        };
        let Some(pattern) = pattern else {
            // `parse` checked that every message exists.
            mistake(&format!("no message `{id}` in {}", language.code()));
            return id.to_owned();
        };
        let mut errors = Vec::new();
        let value = bundle.format_pattern(pattern, Some(args), &mut errors);
        for error in &errors {
            mistake(&format!("message `{id}` in {}: {error}", language.code()));
        }
        value.into_owned()
    }
}

/// The ids of the messages that name commands and subcommands: `cmd-draw` and
/// `cmd-draw-offer` (from the command table).
fn command_ids() -> impl Iterator<Item = String> {
    crate::commands::all()
        .into_iter()
        .map(|(path, _)| crate::commands::message_id(&path))
}

static STRICT: AtomicBool = AtomicBool::new(false);

/// Makes a mistake in the use of a message (a wrong variable, a missing message) panic instead
/// of only being logged. The tests turn it on; so does `DAMA_STRICT_TEXTS=1` at start-up.
pub fn set_strict(strict: bool) {
    STRICT.store(strict, Ordering::Relaxed);
}

fn mistake(what: &str) {
    assert!(!STRICT.load(Ordering::Relaxed), "{what}");
    tracing::error!("texts: {what}");
}

/// Where a part stands in a formatted message, until it is put in its place: characters of
/// Unicode's private use area, which no message and no argument contains.
const PART_OPEN: char = '\u{E000}';
const PART_CLOSE: char = '\u{E001}';

/// A variable of a message with parts ([`tr`]).
#[derive(Debug, Clone)]
pub enum Arg {
    /// A string or a number, as a variable of [`t`].
    Plain(FluentValue<'static>),
    /// Text with parts (a person, a moment, a command...).
    Rich(RichText),
}

/// The variables of a message with parts, by name.
#[derive(Debug, Clone, Default)]
pub struct RichArgs(Vec<(&'static str, Arg)>);

impl RichArgs {
    #[must_use]
    pub fn new() -> RichArgs {
        RichArgs::default()
    }

    /// Sets a variable (a string, a number, a [`Part`] or a [`RichText`]).
    pub fn set(&mut self, name: &'static str, value: impl Into<Arg>) {
        self.0.push((name, value.into()));
    }
}

impl From<Part> for Arg {
    fn from(part: Part) -> Arg {
        Arg::Rich(RichText::from(part))
    }
}

impl From<RichText> for Arg {
    fn from(text: RichText) -> Arg {
        Arg::Rich(text)
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Arg {
        Arg::Plain(FluentValue::from(value))
    }
}

impl From<&str> for Arg {
    fn from(value: &str) -> Arg {
        Arg::Plain(FluentValue::from(value.to_owned()))
    }
}

macro_rules! number_args {
    ($($number:ty),*) => {
        $(impl From<$number> for Arg {
            fn from(value: $number) -> Arg {
                Arg::Plain(FluentValue::from(value))
            }
        })*
    };
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f32, f64);

/// A message with parts among its variables, as [`RichText`]:
/// `tr!(language, MovePlayed, mover = Part::Person(id), ...)`. Each `name = value` sets the
/// variable `$name` to a string, a number, a [`Part`] or a [`RichText`].
#[macro_export]
#[doc(hidden)]
macro_rules! __tr {
    ($language:expr, $text:ident $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::i18n::RichArgs::new();
        $( args.set(stringify!($name), $value); )*
        $crate::i18n::texts().rich($language, $crate::i18n::Text::$text, &args)
    }};
}
pub use crate::__tr as tr;

/// A message of [`texts`] in a language: `t!(language, MovePlayed, mover = name, ...)`. Each
/// `name = value` sets the variable `$name` (a string or a number).
#[macro_export]
#[doc(hidden)]
macro_rules! __t {
    ($language:expr, $text:ident $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::i18n::FluentArgs::new();
        $( args.set(stringify!($name), $value); )*
        $crate::i18n::texts().format($language, $crate::i18n::Text::$text, &args)
    }};
}
pub use crate::__t as t;
#[doc(hidden)]
pub use fluent_bundle::FluentArgs;

/// A length of time in words: `5 min`, `1 h 30 min`, `24 h`, `3 days` (in Italian `5 minuti`,
/// `1 ora e 30 min`, `24 ore`, `3 giorni`). Rounded up to the minute; from 10 hours on the
/// minutes are left out, from 2 days on the hours are the only rest.
#[must_use]
pub fn human_duration(language: Language, ms: i64) -> String {
    let minutes = (ms.max(0) + 59_999) / 60_000;
    if minutes < 60 {
        t!(language, DurationMinutes, minutes = minutes)
    } else if minutes < 48 * 60 {
        let hours = minutes / 60;
        let rest = if hours >= 10 { 0 } else { minutes % 60 };
        t!(language, DurationHours, hours = hours, minutes = rest)
    } else {
        let days = minutes / (24 * 60);
        let hours = (minutes % (24 * 60)) / 60;
        t!(language, DurationDays, days = days, hours = hours)
    }
}

/// The line (from 1) of a byte offset.
fn line_of(source: &str, offset: usize) -> usize {
    source
        .get(..offset.min(source.len()))
        .unwrap_or(source)
        .matches('\n')
        .count()
        + 1
}

static TEXTS: OnceLock<Texts> = OnceLock::new();

/// Parses the embedded files once; start-up calls it so that a broken file stops the bot
/// before it answers anybody.
pub fn load() -> Result<&'static Texts, LoadError> {
    if let Some(texts) = TEXTS.get() {
        return Ok(texts);
    }
    if std::env::var_os("DAMA_STRICT_TEXTS").is_some_and(|v| v == "1") {
        set_strict(true);
    }
    let texts = Texts::parse(&SOURCES)?;
    Ok(TEXTS.get_or_init(|| texts))
}

/// The embedded texts (parsed on first use where start-up did not [`load`] them).
///
/// # Panics
/// When an embedded file is broken, which the unit tests rule out.
#[must_use]
pub fn texts() -> &'static Texts {
    match load() {
        Ok(texts) => texts,
        Err(error) => panic!("the embedded texts do not load: {error}"),
    }
}

#[cfg(test)]
mod tests;
