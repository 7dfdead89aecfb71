//! The port each front end with a chat implements ([`Chat`]), and a reply as it goes out: with
//! its pictures drawn ([`Drawn`]).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::{ChannelId, GuildId, MessageRef, UserId};
use dama_render::{Renderer, advantage_chart};

use crate::{Attachment, Notice, Reply};

/// A future a [`Chat`] returns.
pub type ChatFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, ChatError>> + Send + 'a>>;

/// A platform's chat, where the bot's messages go: Discord's channels, threads and direct
/// messages, or the console's. Its methods say what to do in the chat's terms; how the
/// platform does it (its markup, its limits, reopening an archived thread, the ping that
/// follows an edit) is its own business. The delivery ([`super::Courier`]) decides what goes
/// where, in which order, and what comes of a failure.
pub trait Chat: Send + Sync {
    /// Posts `message` in `channel` (or thread) of `guild`: where it is.
    fn post<'a>(
        &'a self,
        guild: GuildId,
        channel: ChannelId,
        message: &'a Drawn,
    ) -> ChatFuture<'a, MessageRef>;

    /// Replaces one of the bot's messages (a challenge's, a board's, a sign-up's) with
    /// `message`, telling the people it names where the platform's edits tell nobody.
    fn edit<'a>(&'a self, guild: GuildId, at: MessageRef, message: &'a Drawn)
    -> ChatFuture<'a, ()>;

    /// A direct message to `user` ([`ChatError::Closed`] when they take none).
    fn send_direct<'a>(
        &'a self,
        guild: GuildId,
        user: UserId,
        message: &'a Drawn,
    ) -> ChatFuture<'a, ()>;

    /// Opens a thread named `name` from the message `from` (the line that says a game
    /// starts): the thread.
    fn open_thread<'a>(
        &'a self,
        guild: GuildId,
        from: MessageRef,
        name: &'a str,
    ) -> ChatFuture<'a, ChannelId>;

    /// Adds `players` to their game's `thread`, so that it is in their list of threads.
    fn add_to_thread<'a>(&'a self, thread: ChannelId, players: &'a [UserId]) -> ChatFuture<'a, ()>;

    /// A game in `thread` has ended: the thread may wind down (Discord archives it a day
    /// later).
    fn wind_down(&self, thread: ChannelId) -> ChatFuture<'_, ()>;

    /// Takes the controls (buttons, menu) off a board a newer one replaced; its picture and
    /// words stay as a record of the game.
    fn retire(&self, board: MessageRef) -> ChatFuture<'_, ()>;

    /// How long `channel` takes no post, when the platform said so.
    fn held_for(&self, channel: ChannelId) -> Option<Duration> {
        let _ = channel;
        None
    }

    /// Keeps `channel` from posts for `wait` (a limit met on the way).
    fn hold(&self, channel: ChannelId, wait: Duration) {
        let _ = (channel, wait);
    }

    /// Whether posts in several channels may be under way at once (a network chat); the
    /// console shows them one after another.
    fn concurrent(&self) -> bool {
        true
    }

    /// Whether the chat shows the pictures of a message (the console draws its boards in
    /// text, unless told to keep the images).
    fn draws_pictures(&self) -> bool {
        true
    }
}

/// Why a message did not go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatError {
    /// The platform limits posts there for now (`Some`: for how long, when it said): nothing
    /// more goes to that channel until then.
    Limited(Option<Duration>),
    /// The person takes no direct messages.
    Closed,
    /// It can never go (an unknown channel, no access): dropped.
    Refused(String),
    /// It failed this time (a server error, the network): worth trying again.
    Failed(String),
}

impl fmt::Display for ChatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChatError::Limited(Some(wait)) => write!(f, "limited for {wait:?}"),
            ChatError::Limited(None) => f.write_str("limited"),
            ChatError::Closed => f.write_str("direct messages closed"),
            ChatError::Refused(why) => write!(f, "refused: {why}"),
            ChatError::Failed(why) => write!(f, "failed: {why}"),
        }
    }
}

impl std::error::Error for ChatError {}

/// A reply ready to go out: the service's answer with its board, replay, chart and table
/// drawn, the language of its readers, and its notices drawn for theirs.
#[derive(Debug, Clone)]
pub struct Drawn {
    pub reply: Reply,
    /// The board of `reply.board` as PNG.
    pub board_png: Option<Vec<u8>>,
    /// The game of `reply.replay` as an animated GIF.
    pub replay_gif: Option<Attachment>,
    /// The advantage chart of `reply.chart` as PNG, under the view's file name.
    pub chart_png: Option<Attachment>,
    /// The table of `reply.table` (a tournament's standings) as PNG, under the view's file
    /// name.
    pub table_png: Option<Attachment>,
    /// The language of the reply's readers, for what a front end adds to it (a link to the
    /// current board, a note about a file too big): the actor's for a private reply, the
    /// server's public language otherwise (the reply's own where it has one).
    pub language: Language,
    /// The reply's notices (and the notices they bring, in order), drawn for their readers:
    /// posted after the reply.
    pub notices: Vec<(Notice, Drawn)>,
}

impl Drawn {
    /// Draws the reply's board, replay, chart and table (`pictures`: else none) for readers
    /// of `language`; its notices each in its server's language (`server_language`), a
    /// notice's own notices right after it. Blocking (a board, a chart or a table takes
    /// milliseconds of CPU, a replay a few hundred): run it off the async runtime, next to
    /// the service's call.
    #[must_use]
    pub fn draw(
        renderer: &Renderer,
        mut reply: Reply,
        language: Language,
        server_language: &dyn Fn(GuildId) -> Language,
        pictures: bool,
    ) -> Drawn {
        let notices = std::mem::take(&mut reply.notices);
        let mut drawn = Drawn::one(renderer, reply, language, pictures);
        drawn.notices = draw_notices(renderer, notices, server_language, pictures);
        drawn
    }

    /// A reply with nothing to draw (an apology, a refusal, tests).
    #[must_use]
    pub fn text(reply: Reply, language: Language) -> Drawn {
        Drawn {
            language: reply.language.unwrap_or(language),
            reply,
            board_png: None,
            replay_gif: None,
            chart_png: None,
            table_png: None,
            notices: Vec::new(),
        }
    }

    fn one(renderer: &Renderer, reply: Reply, language: Language, pictures: bool) -> Drawn {
        if !pictures {
            return Drawn::text(reply, language);
        }
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
        Drawn {
            language: reply.language.unwrap_or(language),
            reply,
            board_png,
            replay_gif,
            chart_png,
            table_png,
            notices: Vec::new(),
        }
    }
}

/// Notices drawn for posting, each in its server's language, a notice's own notices right
/// after it.
#[must_use]
pub fn draw_notices(
    renderer: &Renderer,
    notices: Vec<Notice>,
    server_language: &dyn Fn(GuildId) -> Language,
    pictures: bool,
) -> Vec<(Notice, Drawn)> {
    fn push(
        renderer: &Renderer,
        mut notice: Notice,
        server_language: &dyn Fn(GuildId) -> Language,
        pictures: bool,
        out: &mut Vec<(Notice, Drawn)>,
    ) {
        let nested = std::mem::take(&mut notice.reply.notices);
        let drawn = Drawn::one(
            renderer,
            notice.reply.clone(),
            server_language(notice.guild),
            pictures,
        );
        out.push((notice, drawn));
        for inner in nested {
            push(renderer, inner, server_language, pictures, out);
        }
    }
    let mut out = Vec::new();
    for notice in notices {
        push(renderer, notice, server_language, pictures, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_render::BoardView;
    use dama_rules::Position;

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
    fn notices_are_drawn_in_their_server_s_language_each_followed_by_its_own() {
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
        let drawn = Drawn::draw(&renderer, reply, Language::Es, &server_language, true);
        assert_eq!(drawn.language, Language::Es);
        assert!(drawn.reply.notices.is_empty(), "moved to the drawn notices");
        let notices: Vec<(String, Language, Option<u64>, bool)> = drawn
            .notices
            .iter()
            .map(|(notice, drawn)| {
                (
                    drawn.reply.text.to_string(),
                    drawn.language,
                    notice.direct,
                    drawn.board_png.is_some(),
                )
            })
            .collect();
        assert_eq!(
            notices,
            [
                ("first".to_owned(), Language::En, Some(7), true),
                ("first's own".to_owned(), Language::It, None, false),
                ("second".to_owned(), Language::En, None, false),
            ]
        );
        assert!(
            drawn
                .notices
                .iter()
                .all(|(_, d)| d.reply.notices.is_empty())
        );
        let text_only = Drawn::draw(
            &renderer,
            Reply::public("no pictures"),
            Language::En,
            &server_language,
            false,
        );
        assert!(text_only.board_png.is_none());
    }
}
