//! Text with parts as Discord writes it: people as mentions (`<@id>`), moments as timestamps
//! each reader sees in their own time zone (`<t:1796000600:R>`), commands as clickable
//! mentions in the reader's language (`</draw offer:123>`, once the commands are registered),
//! channels as links (`<#id>`), games as links to their board's message, names as written
//! (Markdown escaped, mentions defused), the bot's own words as they are, and their style as
//! Markdown (`**strong**`, `` `code` ``).

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use dama_core::store::MessageRef;
use dama_core::text::{GameLink, Part, RichText};

/// How Discord writes the bot's texts: the ids Discord gave the registered commands, by their
/// English name (`draw` for `draw offer`), for command mentions. Cheap to clone (clones share
/// the ids).
#[derive(Debug, Clone, Default)]
pub struct Markup {
    commands: Arc<RwLock<HashMap<String, u64>>>,
}

impl Markup {
    /// Keeps the ids of the registered commands (from Discord's answer to the registration).
    pub fn set_command_ids(&self, ids: impl IntoIterator<Item = (String, u64)>) {
        let mut commands = self
            .commands
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        commands.clear();
        commands.extend(ids);
    }

    fn command_id(&self, path: &str) -> Option<u64> {
        let top = path.split(' ').next().unwrap_or(path);
        self.commands
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(top)
            .copied()
    }

    /// The text as a message's content.
    #[must_use]
    pub fn render(&self, text: &RichText) -> String {
        text.render(true, |part| self.part(part))
    }

    /// One part as Discord writes it.
    #[must_use]
    pub fn part(&self, part: &Part) -> String {
        match part {
            Part::Words(words) => words.clone(),
            Part::Name(name) => escape_markdown(name),
            Part::Person(user) => format!("<@{user}>"),
            Part::Moment(at) => format!("<t:{}:R>", at.div_euclid(1000)),
            Part::Command { path, typed } => match self.command_id(path) {
                Some(id) => format!("</{path}:{id}>"),
                None if typed.is_empty() => format!("`/{path}`"),
                None => format!("`{typed}`"),
            },
            Part::Channel(channel) => format!("<#{channel}>"),
            Part::Game(GameLink {
                guild,
                board: Some(board),
                ..
            }) => message_link(*guild, *board),
            Part::Game(link) => format!("<#{}>", link.place),
        }
    }
}

/// A link to a message.
#[must_use]
pub fn message_link(guild: u64, message: MessageRef) -> String {
    format!(
        "https://discord.com/channels/{guild}/{}/{}",
        message.channel, message.message
    )
}

/// A display name as message text: Markdown characters escaped and mentions defused, so a
/// name shows as written and pings nobody. Not for PDN tags or image captions.
#[must_use]
pub fn escape_markdown(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        match c {
            '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '\\' | '<' => {
                out.push('\\');
                out.push(c);
            }
            // `@everyone`, `@here` and `<@id>` no longer mention anyone.
            '@' => out.push_str("@\u{200B}"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_as_markdown() {
        assert_eq!(escape_markdown("alice"), "alice");
        assert_eq!(escape_markdown("**bold**"), "\\*\\*bold\\*\\*");
        assert_eq!(
            escape_markdown("_a_ ~b~ `c` |d| >e #f [g](h) \\"),
            "\\_a\\_ \\~b\\~ \\`c\\` \\|d\\| \\>e \\#f \\[g\\]\\(h\\) \\\\"
        );
        assert_eq!(escape_markdown("@everyone"), "@\u{200B}everyone");
        assert_eq!(escape_markdown("<@123>"), "\\<@\u{200B}123\\>");
    }

    #[test]
    fn parts_are_written_as_discord_shows_them() {
        let markup = Markup::default();
        let mut text = RichText::from("**Your move**, ");
        text.push(Part::Person(12));
        text.push_str(": due ");
        text.push(Part::Moment(1_796_000_600_999));
        text.push_str(". ");
        text.push(Part::command("draw offer"));
        text.push_str(" ");
        text.push(Part::Name("*bob*".to_owned()));
        assert_eq!(
            markup.render(&text),
            "**Your move**, <@12>: due <t:1796000600:R>. `/draw offer` \\*bob\\*"
        );
        markup.set_command_ids([("draw".to_owned(), 55)]);
        assert!(markup.render(&text).contains("</draw offer:55>"));
        let board = Part::Game(GameLink {
            game: dama_core::store::GameId(3),
            guild: 1,
            place: 9,
            board: Some(MessageRef {
                channel: 9,
                message: 7,
            }),
        });
        assert_eq!(markup.part(&board), "https://discord.com/channels/1/9/7");
    }
}
