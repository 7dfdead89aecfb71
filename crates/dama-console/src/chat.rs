//! The console's chat: where the service's courier delivers what the bot posts, as lines of
//! text. A message in another place than the console's is shown with that place in front
//! (`[#general] …`), a direct message as `(DM to NAME) …`; a thread opens as a new place.

use std::sync::Arc;

use dama_core::i18n::t;
use dama_core::store::{ChannelId, GuildId, MessageRef, UserId};
use dama_service::delivery::{Chat, ChatError, ChatFuture, Drawn};

use super::prefixed;
use super::room::Room;

/// The console's [`Chat`]: every message written to the console's output.
pub(super) struct ConsoleChat {
    pub(super) room: Arc<Room>,
}

impl ConsoleChat {
    /// Shows `message` in `channel`: a new message there.
    fn show(&self, channel: ChannelId, message: &Drawn) -> MessageRef {
        let shown = self.room.show_in(channel, &message.reply, message.language);
        self.room.write(&shown);
        self.room.next_message(channel)
    }
}

impl Chat for ConsoleChat {
    fn post<'a>(
        &'a self,
        _guild: GuildId,
        channel: ChannelId,
        message: &'a Drawn,
    ) -> ChatFuture<'a, MessageRef> {
        Box::pin(async move { Ok(self.show(channel, message)) })
    }

    /// The console keeps no messages to change: the new one is shown where the old one was.
    fn edit<'a>(
        &'a self,
        _guild: GuildId,
        at: MessageRef,
        message: &'a Drawn,
    ) -> ChatFuture<'a, ()> {
        Box::pin(async move {
            self.show(at.channel, message);
            Ok(())
        })
    }

    fn send_direct<'a>(
        &'a self,
        _guild: GuildId,
        user: UserId,
        message: &'a Drawn,
    ) -> ChatFuture<'a, ()> {
        Box::pin(async move {
            let name = self.room.name_of(user);
            let language = self.room.language();
            if self.room.state().closed_dms.contains(&user) {
                self.room
                    .write(&t!(language, ConsoleDmFailed, name = name.clone()));
                return Err(ChatError::Closed);
            }
            let prefix = t!(language, ConsoleDm, name = name);
            let shown = self.room.show(&message.reply, message.language);
            self.room.write(&prefixed(&format!("{prefix} "), &shown));
            Ok(())
        })
    }

    /// A new place named after the thread; the console moves into it when it is the thread
    /// of the game the answer being shown starts.
    fn open_thread<'a>(
        &'a self,
        guild: GuildId,
        from: MessageRef,
        name: &'a str,
    ) -> ChatFuture<'a, ChannelId> {
        Box::pin(async move {
            let (thread, name) = self.room.new_thread(name, guild, from.channel);
            let language = self.room.language();
            self.room
                .write(&t!(language, ConsoleThreadOpened, name = name.clone()));
            let enter = {
                let mut state = self.room.state();
                let enter = state.entering == Some(from);
                if enter {
                    state.channel = thread;
                    state.guild = guild;
                }
                enter
            };
            if enter {
                self.room
                    .write(&t!(language, ConsoleThreadNow, name = name));
            }
            Ok(thread)
        })
    }

    /// Everyone sees every thread of the console.
    fn add_to_thread<'a>(
        &'a self,
        _thread: ChannelId,
        _players: &'a [UserId],
    ) -> ChatFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn wind_down(&self, thread: ChannelId) -> ChatFuture<'_, ()> {
        Box::pin(async move {
            let name = self.room.place_name(thread);
            let language = self.room.language();
            self.room
                .write(&t!(language, ConsoleThreadStaysOpen, name = name));
            Ok(())
        })
    }

    /// The console's old boards are lines already printed: nothing to take off.
    fn retire(&self, _board: MessageRef) -> ChatFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }

    /// One message after another, in the order they are written.
    fn concurrent(&self) -> bool {
        false
    }

    /// The console draws its boards in text (and saves them as images when told to).
    fn draws_pictures(&self) -> bool {
        false
    }
}
