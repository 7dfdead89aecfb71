//! Text that says what its parts are: the bot's words, with the people, moments, commands,
//! channels and names they speak of kept as data, so that each front end shows them its own
//! way (Discord: mentions, live timestamps and clickable commands; the console: names and
//! local times; the page: its own elements). Nothing here is any platform's syntax.
//!
//! The bot's words come from its files ([`crate::i18n`]) with two marks of style: `**strong**`
//! and `` `code` `` (a move, something to type). [`RichText::from`] reads them into spans;
//! the parts are given by the code ([`Part`], and [`crate::i18n::tr`] for a message with
//! parts among its variables).

use std::fmt;

use crate::store::{ChannelId, GameId, GuildId, MessageRef, Millis, UserId};

/// What a piece of text is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Part {
    /// The bot's own words, as written in its files.
    Words(String),
    /// A name someone chose (a display name, a tournament's name): shown as written, never
    /// read as a mark of style or a mention.
    Name(String),
    /// A person: Discord mentions them, the other front ends name them.
    Person(UserId),
    /// A moment, shown to each reader relative to their own now ("in 23 hours").
    Moment(Millis),
    /// A command, by its English path (`draw offer`), and as it is typed in the language of
    /// the text around it (`/patta proponi`; filled in when a message is formatted, see
    /// [`Part::command`]): Discord shows a clickable command, the other front ends the name
    /// typed.
    Command { path: String, typed: String },
    /// A channel or a thread.
    Channel(ChannelId),
    /// Where a game is seen: a link to its board's message when there is one (Discord), else
    /// its channel or thread.
    Game(GameLink),
}

/// Where a game is seen (see [`Part::Game`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameLink {
    pub game: GameId,
    pub guild: GuildId,
    /// Its channel, or its thread.
    pub place: ChannelId,
    /// The message that shows its board, when one is known.
    pub board: Option<MessageRef>,
}

impl Part {
    /// A command by its English path (`draw offer`), for a message with parts
    /// ([`crate::i18n::tr`]), which names it as typed in its language.
    #[must_use]
    pub fn command(path: &str) -> Part {
        Part::Command {
            path: path.to_owned(),
            typed: String::new(),
        }
    }
}

/// A part and its style.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Span {
    pub part: Part,
    /// Stressed (Discord: bold).
    pub strong: bool,
    /// Something to type or a move (Discord: inline code).
    pub code: bool,
}

/// Text with its parts (see the module's documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct RichText {
    spans: Vec<Span>,
}

impl RichText {
    /// No text.
    #[must_use]
    pub fn new() -> RichText {
        RichText::default()
    }

    /// Words as they are, without reading marks of style in them.
    #[must_use]
    pub fn words(words: impl Into<String>) -> RichText {
        let mut text = RichText::new();
        text.push(Part::Words(words.into()));
        text
    }

    /// The spans, in order.
    #[must_use]
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Whether there is nothing to show.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.spans.iter().all(|span| match &span.part {
            Part::Words(words) | Part::Name(words) => words.is_empty(),
            _ => false,
        })
    }

    /// Adds a part, without style.
    pub fn push(&mut self, part: Part) {
        self.push_span(Span {
            part,
            strong: false,
            code: false,
        });
    }

    /// Adds a span, joining words to the words before them in the same style.
    pub fn push_span(&mut self, span: Span) {
        if let (Some(last), Part::Words(more)) = (self.spans.last_mut(), &span.part) {
            if let Part::Words(words) = &mut last.part {
                if last.strong == span.strong && last.code == span.code {
                    words.push_str(more);
                    return;
                }
            }
        }
        self.spans.push(span);
    }

    /// Adds the bot's words, reading their marks of style.
    pub fn push_str(&mut self, words: &str) {
        self.append(RichText::from(words));
    }

    /// Adds another text.
    pub fn append(&mut self, other: RichText) {
        for span in other.spans {
            self.push_span(span);
        }
    }

    /// Adds a line break, then `other`.
    pub fn push_line(&mut self, other: impl Into<RichText>) {
        self.push(Part::Words("\n".to_owned()));
        self.append(other.into());
    }

    /// Texts one after the other, `separator` between them (the bot's words).
    #[must_use]
    pub fn join(texts: impl IntoIterator<Item = impl Into<RichText>>, separator: &str) -> RichText {
        let mut out = RichText::new();
        for (index, text) in texts.into_iter().enumerate() {
            if index > 0 {
                out.push_str(separator);
            }
            out.append(text.into());
        }
        out
    }

    /// This text, a line break, then `other`.
    #[must_use]
    pub fn then_line(mut self, other: impl Into<RichText>) -> RichText {
        let other = other.into();
        if self.is_empty() {
            return other;
        }
        self.push(Part::Words("\n".to_owned()));
        self.append(other);
        self
    }

    /// The same text, all stressed.
    #[must_use]
    pub fn strong(mut self) -> RichText {
        for span in &mut self.spans {
            span.strong = true;
        }
        self
    }

    /// The same text, each person as their name (for a reader who sees names, not mentions).
    #[must_use]
    pub fn with_names(mut self, name: impl Fn(UserId) -> String) -> RichText {
        for span in &mut self.spans {
            if let Part::Person(user) = span.part {
                span.part = Part::Name(name(user));
            }
        }
        self
    }

    /// The people it speaks of, each once, in order.
    #[must_use]
    pub fn people(&self) -> Vec<UserId> {
        let mut people = Vec::new();
        for span in &self.spans {
            if let Part::Person(user) = span.part {
                if !people.contains(&user) {
                    people.push(user);
                }
            }
        }
        people
    }

    /// The words alone, without marks of style, for a picture's caption or a file (a person as
    /// `@id`, as in the neutral form).
    #[must_use]
    pub fn plain(&self) -> String {
        self.render(false, |part| match part {
            Part::Words(words) | Part::Name(words) => words.clone(),
            Part::Person(user) => format!("@{user}"),
            Part::Moment(at) => format!("[t:{}]", at.div_euclid(1000)),
            Part::Command { path, typed } => command_words(path, typed),
            Part::Channel(channel) => format!("#{channel}"),
            Part::Game(link) => format!("#{}", link.game),
        })
    }

    /// The most characters a front end may write for this text (Discord's mentions, timestamps
    /// and links are the longest), to keep a message within a platform's limit.
    #[must_use]
    pub fn room(&self) -> usize {
        self.spans
            .iter()
            .map(|span| {
                let marks = if span.strong { 4 } else { 0 } + if span.code { 2 } else { 0 };
                marks
                    + match &span.part {
                        Part::Words(words) => words.chars().count(),
                        // Every character escaped, at worst.
                        Part::Name(name) => 2 * name.chars().count(),
                        Part::Person(_) | Part::Channel(_) => 22,
                        Part::Moment(_) => 20,
                        Part::Command { path, typed } => path.len().max(typed.len()) + 24,
                        Part::Game(_) => 90,
                    }
            })
            .sum()
    }

    /// Whether the neutral form ([`fmt::Display`]) contains `needle` (for tests and logs).
    #[must_use]
    pub fn contains(&self, needle: &str) -> bool {
        self.to_string().contains(needle)
    }

    /// Each part rendered by `part` (its style left to the caller): the text as one front end
    /// writes it, with `**` and backticks around strong and code spans when `marks`.
    pub fn render(&self, marks: bool, mut part: impl FnMut(&Part) -> String) -> String {
        let mut out = String::new();
        let (mut strong, mut code) = (false, false);
        for span in &self.spans {
            if marks {
                if code && !span.code {
                    out.push('`');
                }
                if strong != span.strong {
                    out.push_str("**");
                }
                if !code && span.code {
                    out.push('`');
                }
            }
            strong = span.strong;
            code = span.code;
            out.push_str(&part(&span.part));
        }
        if marks {
            if code {
                out.push('`');
            }
            if strong {
                out.push_str("**");
            }
        }
        out
    }
}

/// The neutral form, for tests and logs: marks of style as written in the files, a person as
/// `@id`, a moment as `[t:seconds]`, a command as typed in code style (`` `/sfida` ``), a
/// channel as `#id`, a game as `[game #id]`.
impl fmt::Display for RichText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(true, |part| match part {
            Part::Words(words) | Part::Name(words) => words.clone(),
            Part::Person(user) => format!("@{user}"),
            Part::Moment(at) => format!("[t:{}]", at.div_euclid(1000)),
            Part::Command { path, typed } => format!("`{}`", command_words(path, typed)),
            Part::Channel(channel) => format!("#{channel}"),
            Part::Game(link) => format!("[game #{}]", link.game),
        }))
    }
}

/// A command as typed, or by its path when no message named it.
fn command_words(path: &str, typed: &str) -> String {
    if typed.is_empty() {
        format!("/{path}")
    } else {
        typed.to_owned()
    }
}

/// Compares the neutral form ([`fmt::Display`]) with words (for tests).
impl PartialEq<str> for RichText {
    fn eq(&self, other: &str) -> bool {
        let neutral = self.to_string();
        neutral == other
    }
}

impl PartialEq<&str> for RichText {
    fn eq(&self, other: &&str) -> bool {
        let neutral = self.to_string();
        neutral == *other
    }
}

impl PartialEq<String> for RichText {
    fn eq(&self, other: &String) -> bool {
        let neutral = self.to_string();
        neutral == *other
    }
}

/// The bot's words, `**strong**` and `` `code` `` read as style.
impl From<&str> for RichText {
    fn from(words: &str) -> RichText {
        let mut text = RichText::new();
        let mut style = Style::default();
        style.read(words, &mut text);
        text
    }
}

impl From<String> for RichText {
    fn from(words: String) -> RichText {
        RichText::from(words.as_str())
    }
}

impl From<&String> for RichText {
    fn from(words: &String) -> RichText {
        RichText::from(words.as_str())
    }
}

impl From<&RichText> for RichText {
    fn from(text: &RichText) -> RichText {
        text.clone()
    }
}

impl From<Part> for RichText {
    fn from(part: Part) -> RichText {
        let mut text = RichText::new();
        text.push(part);
        text
    }
}

/// The style of the words being read, carried across the parts of a message.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Style {
    strong: bool,
    code: bool,
}

impl Style {
    /// Reads the bot's words into `text`, in this style, its marks changing it.
    pub(crate) fn read(&mut self, words: &str, text: &mut RichText) {
        let mut rest = words;
        while !rest.is_empty() {
            let next = if self.code {
                rest.find('`').map(|at| (at, 1))
            } else {
                match (rest.find("**"), rest.find('`')) {
                    (Some(bold), Some(tick)) if tick < bold => Some((tick, 1)),
                    (Some(bold), _) => Some((bold, 2)),
                    (None, Some(tick)) => Some((tick, 1)),
                    (None, None) => None,
                }
            };
            let (before, mark) = match next {
                Some((at, length)) => (&rest[..at], Some(&rest[at..at + length])),
                None => (rest, None),
            };
            if !before.is_empty() {
                self.add(Part::Words(before.to_owned()), text);
            }
            match mark {
                Some("`") => self.code = !self.code,
                Some(_) => self.strong = !self.strong,
                None => break,
            }
            rest = &rest[before.len() + mark.map_or(0, str::len)..];
        }
    }

    /// Adds `part` in this style.
    pub(crate) fn add(self, part: Part, text: &mut RichText) {
        text.push_span(Span {
            part,
            strong: self.strong,
            code: self.code,
        });
    }

    /// Adds the spans of `inner`, in this style as well as their own, its commands named by
    /// `typed` where nothing named them yet.
    pub(crate) fn add_all(
        self,
        inner: &RichText,
        text: &mut RichText,
        typed: &dyn Fn(&str) -> String,
    ) {
        for span in &inner.spans {
            let part = match &span.part {
                Part::Command { path, typed: name } if name.is_empty() => Part::Command {
                    path: path.clone(),
                    typed: typed(path),
                },
                part => part.clone(),
            };
            text.push_span(Span {
                part,
                strong: span.strong || self.strong,
                code: span.code || self.code,
            });
        }
    }
}

/// As JSON (the Activity's page reads it): a list of spans, each an object with one key for
/// its part (`words`, `name`, `person` (an id as a string), `moment` (Unix milliseconds),
/// `command`, `channel` (an id as a string), `game` (its number)) and `strong`, `code` when
/// they are set.
impl serde::Serialize for RichText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut list = serializer.serialize_seq(Some(self.spans.len()))?;
        for span in &self.spans {
            list.serialize_element(&SpanJson(span))?;
        }
        list.end()
    }
}

/// One span as JSON (see [`RichText`]'s `Serialize`).
struct SpanJson<'a>(&'a Span);

impl serde::Serialize for SpanJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let span = self.0;
        let mut map = serializer.serialize_map(None)?;
        match &span.part {
            Part::Words(words) => map.serialize_entry("words", words)?,
            Part::Name(name) => map.serialize_entry("name", name)?,
            Part::Person(user) => map.serialize_entry("person", &user.to_string())?,
            Part::Moment(at) => map.serialize_entry("moment", at)?,
            Part::Command { path, typed } => {
                map.serialize_entry("command", path)?;
                map.serialize_entry("typed", typed)?;
            }
            Part::Channel(channel) => {
                map.serialize_entry("channel", &channel.to_string())?;
            }
            Part::Game(link) => map.serialize_entry("game", &link.game.0)?,
        }
        if span.strong {
            map.serialize_entry("strong", &true)?;
        }
        if span.code {
            map.serialize_entry("code", &true)?;
        }
        map.end()
    }
}

/// Reads what [`RichText`]'s `Serialize` writes.
impl<'de> serde::Deserialize<'de> for RichText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct SpanJson {
            words: Option<String>,
            name: Option<String>,
            person: Option<String>,
            moment: Option<Millis>,
            command: Option<String>,
            typed: Option<String>,
            channel: Option<String>,
            game: Option<i64>,
            #[serde(default)]
            strong: bool,
            #[serde(default)]
            code: bool,
        }
        let id = |text: &str| {
            text.parse::<u64>()
                .map_err(|_| serde::de::Error::custom(format!("`{text}` is no id")))
        };
        let mut text = RichText::new();
        for span in Vec::<SpanJson>::deserialize(deserializer)? {
            let part = match span {
                SpanJson {
                    words: Some(words), ..
                } => Part::Words(words),
                SpanJson {
                    name: Some(name), ..
                } => Part::Name(name),
                SpanJson {
                    person: Some(user), ..
                } => Part::Person(id(&user)?),
                SpanJson {
                    moment: Some(at), ..
                } => Part::Moment(at),
                SpanJson {
                    command: Some(path),
                    typed,
                    ..
                } => Part::Command {
                    path,
                    typed: typed.unwrap_or_default(),
                },
                SpanJson {
                    channel: Some(channel),
                    ..
                } => Part::Channel(id(&channel)?),
                SpanJson {
                    game: Some(game), ..
                } => Part::Game(GameLink {
                    game: GameId(game),
                    guild: 0,
                    place: 0,
                    board: None,
                }),
                _ => return Err(serde::de::Error::custom("a span without a part")),
            };
            text.push_span(Span {
                part,
                strong: span.strong,
                code: span.code,
            });
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_reads_back_as_it_was_written() {
        let mut text = RichText::from("**Game #1**: ");
        text.push(Part::Person(12));
        text.push_str(" · `22-18` · ");
        text.push(Part::command("draw offer"));
        text.push(Part::Moment(5));
        text.push(Part::Channel(7));
        text.push(Part::Name("*a*".to_owned()));
        let json = serde_json::to_string(&text).unwrap();
        assert!(
            json.starts_with(r#"[{"words":"Game #1","strong":true},"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<RichText>(&json).unwrap(), text);
        assert!(serde_json::from_str::<RichText>(r#"[{"strong":true}]"#).is_err());
    }

    #[test]
    fn marks_of_style_read_into_spans_and_back() {
        let text = RichText::from("alice played **22-18**: type `/board`.");
        assert_eq!(text.spans().len(), 5);
        assert!(text.spans()[1].strong);
        assert!(text.spans()[3].code);
        assert_eq!(text.to_string(), "alice played **22-18**: type `/board`.");
        // Inside code, stars are words.
        let code = RichText::from("`**` stays");
        assert_eq!(code.spans()[0].part, Part::Words("**".to_owned()));
        assert_eq!(code.to_string(), "`**` stays");
    }

    #[test]
    fn parts_keep_their_meaning_and_the_words_join() {
        let mut text = RichText::from("**Your move**, ");
        text.push(Part::Person(12));
        text.push_str(": due ");
        text.push(Part::Moment(1_796_000_600_000));
        text.push(Part::Words(".".to_owned()));
        assert_eq!(text.to_string(), "**Your move**, @12: due [t:1796000600].");
        assert_eq!(text.people(), [12]);
        let name = RichText::from(Part::Name("**not bold**".to_owned()));
        assert_eq!(name.spans().len(), 1);
        assert!(!name.spans()[0].strong);
        assert_eq!(
            RichText::from("a").then_line("b").to_string(),
            "a\nb",
            "lines join"
        );
        assert_eq!(RichText::from("a").then_line("b").spans().len(), 1);
        assert!(RichText::new().is_empty() && RichText::from("").is_empty());
        // A picture's title: the words without marks of style.
        let mut title = RichText::from("**");
        title.push(Part::Name("Spring_cup".to_owned()));
        title.push_str("** · round 1");
        assert_eq!(title.plain(), "Spring_cup · round 1");
    }
}
