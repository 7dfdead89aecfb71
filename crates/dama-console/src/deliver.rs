//! Acting for a console user, and delivering what the service answers through the courier:
//! the answer shown where it is asked, then what it brings (the game's thread, the notices,
//! direct messages), as the bot posts them on Discord.

use std::sync::Arc;

use super::Console;
use super::parse::Parsed;
use dama_core::i18n::t;
use dama_service::delivery::Drawn;
use dama_service::{Actor, ComponentAction, Origin, Reply, ServiceError, Suggestions};

impl Console {
    /// A command line of the console user `name` (`/challenge bob`): read, acted on, and what
    /// the service answers shown where it is posted.
    pub(super) fn command(&mut self, name: &str, command: &str) -> Result<(), ServiceError> {
        let user = self.user_id(name);
        let (guild, channel) = self.place();
        let language = self.language();
        let moderator = self.moderators.contains(&user);
        // The console's servers are ordinary ones, not Community servers: they have no
        // Discord language of their own. Discord opens no thread in a thread.
        let actor = Actor::new(user, name, guild, channel)
            .can_moderate(moderator)
            .can_manage_server(moderator)
            .language(language)
            .can_open_threads(self.threads && !self.is_thread(channel));
        let Some(command) = command.strip_prefix('/') else {
            self.room.write(&t!(
                language,
                ConsoleSlash,
                name = name,
                help = self.typed("help")
            ));
            return Ok(());
        };
        let reply = match self.parse(command) {
            Parsed::Act(action) => {
                // What a long action tells of its progress comes before its answer.
                let room = Arc::clone(&self.room);
                self.service
                    .act_with_progress(&actor, Origin::Channel, action, &|line| room.write(&line))?
            }
            Parsed::Click { id, .. } if ComponentAction::opens_board(&id) => {
                self.room.write(&if let Some(address) = &self.page {
                    t!(language, ActivityConsoleOpen, address = address.clone())
                } else {
                    t!(language, ActivityConsoleStart)
                });
                return Ok(());
            }
            Parsed::Click { id, values } => self.service.component(&actor, &id, &values)?,
            Parsed::Suggest {
                typed,
                asked_to_move,
                puzzle,
            } => {
                let suggestions = if puzzle {
                    self.service.puzzle_suggestions(&actor, &typed)?
                } else {
                    self.service.suggestions(&actor, &typed)?
                };
                self.room.write(&match suggestions {
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
                return Ok(());
            }
            Parsed::Answer(text) => {
                self.room.write(&text);
                return Ok(());
            }
        };
        self.deliver(&actor, reply, true);
        Ok(())
    }

    /// The answer to `actor`, shown where they asked (only to them when it is private), then
    /// delivered by the courier with what it brings: the game's thread with its first board
    /// (the console moves into it when `enter`: an answer to the person acting, not the end
    /// of a game `@advance` plays out), the notices channel by channel with their direct
    /// messages, the outbox's notices reported, the thread of a game that ended.
    pub(super) fn deliver(&mut self, actor: &Actor, reply: Reply, enter: bool) {
        let drawn: Drawn = self.courier.draw(actor, reply);
        let shown = self
            .room
            .show_in(actor.channel, &drawn.reply, drawn.language);
        self.room.write(&shown);
        let at = self.room.next_message(actor.channel);
        let public = !drawn.reply.ephemeral;
        if enter {
            self.room.state().entering = Some(at);
        }
        self.runtime.block_on(self.courier.after(
            &drawn,
            public.then_some(at),
            actor.guild,
            actor.channel,
        ));
        self.room.state().entering = None;
    }
}
