//! From the service to Discord: a reply as the delivery drew it ([`Drawn`]) as serenity
//! builders.
//!
//! Everything here is pure: [`DiscordMessage::new`] decides the content, embed, files,
//! components and allowed mentions once, and the `into_*` methods turn that into the builder
//! each way of sending needs (an interaction response, an edit of it, a follow-up, a channel
//! message or an edit of one). Discord's limits are applied here, so a reply can never be
//! refused for its size.
//!
//! - `message`: [`DiscordMessage`], the one message of a reply and its builders.
//! - `components`: buttons and menus within Discord's limits, and autocomplete answers.
//! - `clicks`: how the answer to a click is shown ([`click_answer`]), and the ping that
//!   follows a board updated in place.
//!
//! Here: Discord's limits, where a reply goes ([`Place`]), thread names and the ping that says
//! what happened.

mod clicks;
mod components;
#[cfg(test)]
mod fixtures;
mod message;

use dama_core::i18n::{Language, t};

pub use crate::markup::{Markup, message_link};
use dama_core::store::GameId;
pub use dama_service::delivery::Drawn;

pub use clicks::{ClickAnswer, click_answer, ping_after_update};
pub use components::{action_rows, autocomplete, autocomplete_hint};
pub use message::DiscordMessage;

/// The file name of a board image, and how the embed refers to it.
pub const BOARD_FILE: &str = "board.png";
const BOARD_URL: &str = "attachment://board.png";

/// Discord's limits (see the developer documentation on messages and components).
pub const MAX_CONTENT: usize = 2000;
pub const MAX_EMBED_DESCRIPTION: usize = 4096;
pub const MAX_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_SELECT_OPTIONS: usize = 25;
pub const MAX_CHOICES: usize = 25;
pub const MAX_BUTTON_LABEL: usize = 80;
pub const MAX_OPTION_TEXT: usize = 100;
pub const MAX_CUSTOM_ID: usize = 100;
/// Files on one message.
pub const MAX_FILES: usize = 10;
/// The attachment size every server allows.
pub const DEFAULT_ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;

/// The colour of the embeds: the dark squares of the board.
const EMBED_COLOUR: u32 = 0x006d_8a4e;

/// The content of a message that pings `mentions` about a reply whose text is `text`: the
/// mentions its first line (what happened) lacks, then that line, with the game's number when
/// the line lacks it; the line alone when it names them all already. A push notification shows
/// the content only, so it reads on its own: "@bob — alice played **22-18**. · game #12".
/// Empty without mentions.
#[must_use]
pub fn ping_content(
    language: Language,
    mentions: &[u64],
    text: &str,
    game: Option<GameId>,
) -> String {
    if mentions.is_empty() {
        return String::new();
    }
    let what = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or_default()
        .to_owned();
    let missing: Vec<String> = mentions
        .iter()
        .map(|id| format!("<@{id}>"))
        .filter(|mention| !what.contains(mention.as_str()))
        .collect();
    if missing.is_empty() {
        return truncate(&what, MAX_CONTENT);
    }
    let mentions = missing.join(" ");
    let content = if let Some(game) = game.filter(|game| !what.contains(&format!("#{}", game.0))) {
        t!(
            language,
            DiscordPingGame,
            mentions = mentions,
            what = what,
            game = game.0
        )
    } else {
        t!(language, DiscordPing, mentions = mentions, what = what)
    };
    truncate(&content, MAX_CONTENT)
}

/// Discord's limit on a thread's name.
pub const MAX_THREAD_NAME: usize = 100;

/// A thread's name as Discord takes it: 1 to 100 characters (the service keeps its names
/// short; this only guards the limit).
#[must_use]
pub fn thread_name(name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        "Dama".to_owned()
    } else {
        truncate(name, MAX_THREAD_NAME)
    }
}

/// Where a reply goes: the guild (for links to messages) and the largest file it may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild: u64,
    pub attachment_limit: u64,
}

/// At most `max` characters, with an ellipsis when cut.
#[must_use]
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::fixtures::{PLACE, board_reply, button, to_json};
    use super::*;
    use dama_core::store::GameId;
    use dama_service::Reply;
    use dama_service::delivery::direct_fallback;

    #[test]
    fn thread_names_fit_discord() {
        assert_eq!(
            thread_name("Dama #12 · Alice – Bob"),
            "Dama #12 · Alice – Bob"
        );
        let long = format!("Dama #12 · {} – Bob", "é".repeat(200));
        let cut = thread_name(&long);
        assert_eq!(cut.chars().count(), MAX_THREAD_NAME);
        assert!(
            cut.starts_with("Dama #12 · éé") && cut.ends_with('…'),
            "{cut}"
        );
        assert_eq!(thread_name("  "), "Dama", "never empty");
    }

    #[test]
    fn a_direct_message_that_failed_mentions_its_person_in_the_channel() {
        let mut reply = Reply::public("Your move in game #4 against alice.");
        reply.components = vec![vec![button("g:4:2:bump", "Bump")]];
        reply.game = Some(GameId(4));
        let fallback = direct_fallback(&reply, 43);
        let message = DiscordMessage::new(
            &Drawn::text(fallback, Language::En),
            PLACE,
            &Markup::default(),
        );
        let json = to_json(&message.into_create_message());
        assert_eq!(json["content"], "<@43> Your move in game #4 against alice.");
        assert_eq!(
            json["allowed_mentions"]["users"],
            json!(["43"]),
            "only that person"
        );
        let mut board = board_reply();
        board.reply.mentions = vec![];
        board.reply = direct_fallback(&board.reply, 44);
        assert_eq!(
            DiscordMessage::new(&board, PLACE, &Markup::default()).content,
            "<@44> — alice played **22-18**.",
            "a board's mention line carries it"
        );
    }

    #[test]
    fn a_ping_says_what_happened_in_the_reader_s_language() {
        dama_core::i18n::set_strict(true);
        let text = "alice ha giocato **22-18**.\n**Partita #12** · mossa 2";
        assert_eq!(
            ping_content(Language::It, &[43], text, Some(GameId(12))),
            "<@43> — alice ha giocato **22-18**. · partita #12"
        );
        assert_eq!(
            ping_content(Language::Es, &[43, 44], text, None),
            "<@43> <@44> — alice ha giocato **22-18**."
        );
        assert_eq!(
            ping_content(
                Language::En,
                &[43],
                "**Game #12** · move 2",
                Some(GameId(12))
            ),
            "<@43> — **Game #12** · move 2",
            "the number once"
        );
        assert_eq!(ping_content(Language::En, &[], text, None), "", "no ping");
        assert_eq!(
            ping_content(Language::En, &[43], "alice offers a draw to <@43>.", None),
            "alice offers a draw to <@43>.",
            "named already"
        );
    }
}
