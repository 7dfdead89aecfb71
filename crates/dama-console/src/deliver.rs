//! Acting for a console user, and showing what the service answers where it is posted: in the
//! channel, in a thread it opens, or as a direct message.

use dama_core::text::{Part, RichText};
use std::fmt::Write as _;
use std::sync::{Mutex, PoisonError};

use super::parse::Parsed;
use super::{Console, prefixed};
use dama_core::i18n::{Language, t};
use dama_service::{
    Actor, ComponentAction, Notice, Origin, Reply, ServiceError, Suggestions, ThreadStart,
};

impl Console {
    /// A command line of the console user `name` (`/challenge bob`): read, acted on, and what
    /// the service answers shown where it is posted.
    pub(super) fn command(&mut self, name: &str, command: &str) -> Result<String, ServiceError> {
        let user = self.user_id(name);
        let actor = Actor {
            user,
            name: name.to_owned(),
            guild: self.guild,
            channel: self.channel,
            can_moderate: self.moderators.contains(&user),
            can_manage_server: self.moderators.contains(&user),
            language: self.language,
            // The console's servers are ordinary ones, not Community servers: they have no
            // Discord language of their own.
            guild_language: None,
            // Discord opens no thread in a thread.
            can_open_threads: self.threads && !self.is_thread(self.channel),
        };
        let Some(command) = command.strip_prefix('/') else {
            return Ok(t!(
                self.language,
                ConsoleSlash,
                name = name,
                help = self.typed("help")
            ));
        };
        // What a long action tells of its progress comes before its answer.
        let progress = Mutex::new(String::new());
        let reply = match self.parse(command) {
            Parsed::Act(action) => {
                self.service
                    .act_with_progress(&actor, Origin::Channel, action, &|line| {
                        let mut progress = progress.lock().unwrap_or_else(PoisonError::into_inner);
                        let _ = writeln!(progress, "{line}");
                    })?
            }
            Parsed::Click { id, .. } if ComponentAction::opens_board(&id) => {
                return Ok(if let Some(address) = &self.page {
                    t!(
                        self.language,
                        ActivityConsoleOpen,
                        address = address.clone()
                    )
                } else {
                    t!(self.language, ActivityConsoleStart)
                });
            }
            Parsed::Click { id, values } => self.service.component(&actor, &id, &values)?,
            Parsed::Suggest {
                typed,
                asked_to_move,
                puzzle,
            } => {
                let language = self.language;
                let suggestions = if puzzle {
                    self.service.puzzle_suggestions(&actor, &typed)?
                } else {
                    self.service.suggestions(&actor, &typed)?
                };
                return Ok(match suggestions {
                    Suggestions::Moves(moves) if asked_to_move => {
                        t!(language, ConsoleWhichMove, moves = moves.join(", "))
                    }
                    Suggestions::Hint(hint) if asked_to_move => {
                        t!(language, ConsoleWhichMoveHint, hint = hint)
                    }
                    Suggestions::Moves(moves) => {
                        t!(language, ConsoleSuggestions, moves = moves.join(", "))
                    }
                    Suggestions::Hint(hint) => t!(language, ConsoleSuggestionsNone, hint = hint),
                });
            }
            Parsed::Answer(text) => return Ok(text),
        };
        let language = if reply.ephemeral {
            actor.language
        } else {
            self.service.public_language(&actor)
        };
        let mut out = progress
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        out.push_str(&self.deliver(reply, language, actor.guild, actor.channel));
        Ok(out)
    }

    /// A reply posted in `place`, and what it brings: the thread it opens (the console moves
    /// into it and shows its first board there), its notices, the thread it archives.
    pub(super) fn deliver(
        &mut self,
        reply: Reply,
        language: Language,
        guild: u64,
        place: u64,
    ) -> String {
        self.deliver_in(reply, language, guild, place, true)
    }

    /// [`Console::deliver`]; the console moves into the thread the reply opens only when
    /// `enter` (an answer to the person acting, not a notice of a tournament's round).
    pub(super) fn deliver_in(
        &mut self,
        reply: Reply,
        language: Language,
        guild: u64,
        place: u64,
        enter: bool,
    ) -> String {
        let mut out = self.show_in(place, &reply, language);
        if let Some(start) = &reply.thread {
            out.push_str(&self.open_thread(start, language, guild, place, enter));
        }
        for notice in reply.notices {
            let shown = self.notice(notice);
            out.push_str(&shown);
        }
        // The notices of the outbox among them are out.
        for part in &reply.outbox {
            if let Err(error) = self.service.reply_delivered(part, None) {
                let error = error.to_string();
                let _ = writeln!(
                    out,
                    "{}",
                    t!(self.language, ConsoleInternalError, error = error)
                );
            }
        }
        if let Some(thread) = reply.archive {
            let name = self.place_name(thread);
            let _ = writeln!(
                out,
                "{}",
                t!(self.language, ConsoleThreadStaysOpen, name = name)
            );
        }
        out
    }

    /// Opens the thread a reply asks for, moves the console into it (when `enter`) and shows
    /// the board the service gives for it.
    pub(super) fn open_thread(
        &mut self,
        start: &ThreadStart,
        language: Language,
        guild: u64,
        parent: u64,
        enter: bool,
    ) -> String {
        let (thread, name) = self.new_thread(start, guild, parent);
        let mut out = format!(
            "{}\n",
            t!(self.language, ConsoleThreadOpened, name = name.clone())
        );
        match self.service.thread_opened(start.game, thread) {
            Ok(board) => {
                if enter {
                    self.channel = thread;
                    self.guild = guild;
                    let _ = writeln!(out, "{}", t!(self.language, ConsoleThreadNow, name = name));
                }
                out.push_str(&self.deliver(board, language, guild, thread));
            }
            Err(error) => {
                let error = error.to_string();
                let _ = writeln!(
                    out,
                    "{}",
                    t!(self.language, ConsoleInternalError, error = error)
                );
            }
        }
        out
    }

    /// A message nobody asked for in the moment, or one an answer brings: in its place
    /// (prefixed with it when that is not the current one), or as a direct message. A direct
    /// message to someone whose DMs are closed is posted in the notice's channel with a
    /// mention of them instead, and the service is told.
    pub(super) fn notice(&mut self, notice: Notice) -> String {
        let language = self.service.server_language(notice.guild);
        let Some(user) = notice.direct else {
            return self.deliver_in(notice.reply, language, notice.guild, notice.channel, false);
        };
        let name = self.name_of(user);
        if self.closed_dms.contains(&user) {
            let mut reply = notice.reply;
            let mut text = RichText::from(Part::Person(user));
            text.push_str(" ");
            text.append(reply.text);
            reply.text = text;
            let channel = self.place_name(notice.channel);
            let mut out = format!(
                "{}\n",
                t!(
                    self.language,
                    ConsoleDmFailed,
                    name = name,
                    channel = channel
                )
            );
            out.push_str(&self.deliver(reply, language, notice.guild, notice.channel));
            self.service.direct_failed(user);
            return out;
        }
        let prefix = t!(self.language, ConsoleDm, name = name);
        let mut reply = notice.reply;
        let notices = std::mem::take(&mut reply.notices);
        let shown = self.show(&reply, language);
        let mut out = prefixed(&format!("{prefix} "), &shown);
        for notice in notices {
            let shown = self.notice(notice);
            out.push_str(&shown);
        }
        out
    }

    /// A reply as shown in `place`: prefixed with `[#place]` when that is not the current
    /// channel.
    pub(super) fn show_in(&mut self, place: u64, reply: &Reply, language: Language) -> String {
        let shown = self.show(reply, language);
        if place == self.channel {
            shown
        } else {
            prefixed(&format!("[#{}] ", self.place_name(place)), &shown)
        }
    }
}
