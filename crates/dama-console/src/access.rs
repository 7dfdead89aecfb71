//! The console's answers to what the service asks about members ([`Access`]): a single person
//! at the keyboard sees every channel, unless `@hide NAME #CHANNEL` hides one from a console
//! user; those `@mod` names moderate and manage every server.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use dama_core::store::ChannelId;
use dama_service::{Access, Actor, OpenAccess, ServerPowers};

/// The channels hidden from console users (`@hide`), by user and channel.
#[derive(Debug, Default)]
pub struct ConsoleAccess {
    hidden: Mutex<HashSet<(u64, ChannelId)>>,
}

impl ConsoleAccess {
    /// Hides `channel` from `user` from now on.
    pub fn hide(&self, user: u64, channel: ChannelId) {
        self.hidden
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((user, channel));
    }
}

impl Access for ConsoleAccess {
    fn can_view(&self, actor: &Actor, channel: ChannelId) -> bool {
        !self
            .hidden
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&(actor.user, channel))
    }

    fn server_powers(&self, actor: &Actor) -> ServerPowers {
        OpenAccess.server_powers(actor)
    }
}
