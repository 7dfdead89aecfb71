//! From the service to Discord: a [`Reply`] (with its board and replay drawn) as serenity
//! builders.
//!
//! Besides [`Outgoing::render`], which draws, everything here is pure: [`DiscordMessage::new`] decides the content, embed, files,
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
//! Here: [`Outgoing`] (a reply drawn), its notices, Discord's limits, where a reply goes
//! ([`Place`]), thread names and the channel fallback of a direct message.

mod clicks;
mod components;
#[cfg(test)]
mod fixtures;
mod message;

use dama_core::i18n::{Language, t};
use dama_core::text::{Part, RichText};

pub use crate::markup::{Markup, message_link};
use dama_core::store::GameId;
use dama_render::{Renderer, advantage_chart};
use dama_service::{Attachment, Notice, Reply};

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

/// A reply ready to send: the service's answer with its board and replay drawn.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub reply: Reply,
    /// The reply's text as Discord writes it (see [`Markup`]).
    pub text: String,
    /// The board of `reply.board` as PNG.
    pub board_png: Option<Vec<u8>>,
    /// The game of `reply.replay` as an animated GIF.
    pub replay_gif: Option<Attachment>,
    /// The advantage chart of `reply.chart` as PNG, under the view's file name.
    pub chart_png: Option<Attachment>,
    /// The table of `reply.table` (a tournament's standings) as PNG, under the view's file
    /// name.
    pub table_png: Option<Attachment>,
    /// The language of the reply's readers, for what the adapter adds to it (a link to the
    /// current board, a note about a file too big): the actor's for a private reply, the
    /// server's public language otherwise. English until [`Outgoing::in_language`].
    pub language: Language,
    /// The reply's notices (and the notices they bring, in order), drawn for their readers:
    /// posted after the reply.
    pub notices: Vec<(Notice, Outgoing)>,
}

impl Outgoing {
    /// Draws the reply's board, replay, chart and table. Blocking (a board, a chart or a table
    /// takes milliseconds of CPU, a replay a few hundred): call it off the async runtime, next
    /// to the service call.
    #[must_use]
    pub fn render(renderer: &Renderer, reply: Reply, markup: &Markup) -> Outgoing {
        let board_png = reply.board.as_ref().map(|view| renderer.png(view));
        let replay_gif = reply.replay.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: renderer.replay_gif(&view.start, &view.moves, view.bottom, &view.captions),
        });
        let chart_png = reply.chart.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: advantage_chart(&view.evaluations, &view.marks, &view.labels),
        });
        let table_png = reply.table.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: renderer.table_png(view),
        });
        Outgoing {
            text: markup.render(&reply.text),
            reply,
            board_png,
            replay_gif,
            chart_png,
            table_png,
            language: Language::En,
            notices: Vec::new(),
        }
    }

    /// Draws a reply and its notices: the reply for readers of `language`, each notice in its
    /// server's language (`server_language`). The notices leave `reply.notices` for
    /// [`Outgoing::notices`]; a notice's own notices follow it there.
    #[must_use]
    pub fn render_with_notices(
        renderer: &Renderer,
        mut reply: Reply,
        language: Language,
        server_language: &dyn Fn(u64) -> Language,
        markup: &Markup,
    ) -> Outgoing {
        let notices = std::mem::take(&mut reply.notices);
        let mut outgoing = Outgoing::render(renderer, reply, markup).in_language(language);
        outgoing.notices = render_notices(renderer, notices, server_language, markup);
        outgoing
    }

    /// The same reply for readers of `language` (the reply's own language where it has one).
    #[must_use]
    pub fn in_language(mut self, language: Language) -> Outgoing {
        self.language = self.reply.language.unwrap_or(language);
        self
    }

    /// A reply without a board (error messages, tests).
    #[must_use]
    pub fn text(reply: Reply, markup: &Markup) -> Outgoing {
        Outgoing {
            text: markup.render(&reply.text),
            reply,
            board_png: None,
            replay_gif: None,
            chart_png: None,
            table_png: None,
            language: Language::En,
            notices: Vec::new(),
        }
    }
}

/// Notices drawn for posting, each in its server's language, a notice's own notices right
/// after it.
#[must_use]
pub fn render_notices(
    renderer: &Renderer,
    notices: Vec<Notice>,
    server_language: &dyn Fn(u64) -> Language,
    markup: &Markup,
) -> Vec<(Notice, Outgoing)> {
    fn push(
        renderer: &Renderer,
        mut notice: Notice,
        server_language: &dyn Fn(u64) -> Language,
        markup: &Markup,
        out: &mut Vec<(Notice, Outgoing)>,
    ) {
        let nested = std::mem::take(&mut notice.reply.notices);
        let outgoing = Outgoing::render(renderer, notice.reply.clone(), markup)
            .in_language(server_language(notice.guild));
        out.push((notice, outgoing));
        for inner in nested {
            push(renderer, inner, server_language, markup, out);
        }
    }
    let mut out = Vec::new();
    for notice in notices {
        push(renderer, notice, server_language, markup, &mut out);
    }
    out
}

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

/// A direct message that could not be delivered, as a message in the channel it falls back
/// to: the person's mention in front (unless a board's mention line carries it), and them the
/// only one it may notify. No components: its buttons, if any, stay on the board.
#[must_use]
pub fn direct_fallback(reply: &Reply, user: u64) -> Reply {
    let named = reply
        .text
        .spans()
        .first()
        .is_some_and(|span| span.part == Part::Person(user));
    let text = if reply.board.is_some() || named {
        reply.text.clone()
    } else {
        let mut text = RichText::from(Part::Person(user));
        text.push_str(" ");
        text.append(reply.text.clone());
        text
    };
    Reply {
        text,
        mentions: vec![user],
        components: Vec::new(),
        ephemeral: false,
        game: None,
        challenge: None,
        thread: None,
        notices: Vec::new(),
        archive: None,
        ..reply.clone()
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
    use dama_rules::Position;
    use serde_json::json;

    use super::fixtures::{PLACE, board_reply, button, to_json};
    use super::*;
    use dama_core::store::GameId;
    use dama_render::BoardView;

    fn notice(guild: u64, channel: u64, text: &str, direct: Option<u64>) -> Notice {
        Notice {
            guild,
            channel,
            reply: Reply::public(text),
            edit: None,
            direct,
        }
    }

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
        assert_eq!(fallback.text, "@43 Your move in game #4 against alice.");
        assert_eq!(fallback.mentions, [43]);
        assert!(!fallback.ephemeral);
        assert!(fallback.components.is_empty());
        assert_eq!(
            fallback.game, None,
            "the fallback does not replace the board"
        );
        let message =
            DiscordMessage::new(&Outgoing::text(fallback.clone(), &Markup::default()), PLACE);
        let json = to_json(&message.into_create_message());
        assert_eq!(json["content"], "<@43> Your move in game #4 against alice.");
        assert_eq!(
            json["allowed_mentions"]["users"],
            json!(["43"]),
            "only that person"
        );
        assert_eq!(
            direct_fallback(&fallback, 43).text,
            fallback.text,
            "one mention in front"
        );
        let mut board = board_reply().reply;
        board.mentions = vec![];
        let on_board = direct_fallback(&board, 44);
        assert_eq!(
            on_board.text, board.text,
            "a board's mention line carries it"
        );
        let outgoing = Outgoing {
            reply: on_board,
            ..board_reply()
        };
        assert_eq!(
            DiscordMessage::new(&outgoing, PLACE).content,
            "<@44> — alice played **22-18**."
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

    #[test]
    fn notices_are_drawn_in_their_server_s_language_each_followed_by_its_own() {
        dama_core::i18n::set_strict(true);
        let renderer = Renderer::new(&dama_core::config::RenderConfig::default()).unwrap();
        let mut first = notice(1, 10, "first", Some(7));
        first.reply.notices = vec![notice(2, 20, "first's own", None)];
        first.reply.board = Some(BoardView::new(Position::initial()));
        let mut reply = Reply::public("the reply");
        reply.notices = vec![first, notice(1, 11, "second", None)];
        let server_language = |guild| {
            if guild == 2 {
                Language::It
            } else {
                Language::En
            }
        };
        let outgoing = Outgoing::render_with_notices(
            &renderer,
            reply,
            Language::Es,
            &server_language,
            &Markup::default(),
        );
        assert_eq!(outgoing.language, Language::Es);
        assert!(
            outgoing.reply.notices.is_empty(),
            "moved to the drawn notices"
        );
        let drawn: Vec<(&str, Language, Option<u64>, bool)> = outgoing
            .notices
            .iter()
            .map(|(notice, drawn)| {
                (
                    drawn.text.as_str(),
                    drawn.language,
                    notice.direct,
                    drawn.board_png.is_some(),
                )
            })
            .collect();
        assert_eq!(
            drawn,
            [
                ("first", Language::En, Some(7), true),
                ("first's own", Language::It, None, false),
                ("second", Language::En, None, false),
            ]
        );
        assert!(
            outgoing
                .notices
                .iter()
                .all(|(_, o)| o.reply.notices.is_empty())
        );
    }
}
