//! Who may see what, and who may act for the whole server: what the service asks the front end
//! about a member ([`Access`]), and the rules it applies with the answers.
//!
//! A game is shown (`/pdn`, `/replay`, `/analysis`, `/history`, `/games all`) only to those who
//! can see the channel it was started in, or who played it: a game of a staff-only channel does
//! not leak elsewhere. Actions on the whole server (`/games all`, `/tournament forfeit`) take
//! the permission the member holds server-wide, from their roles, not the one a channel's
//! overwrites give them where they typed.

use std::sync::{Arc, PoisonError};

use super::{Actor, GameService};
use dama_core::store::{ChannelId, Game};

/// What a member may do across the whole server (Discord: from their roles, before any
/// channel's overwrites; the server's owner and administrators may do everything).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServerPowers {
    /// Moderates the whole server (Discord: Manage Messages).
    pub moderate: bool,
    /// Manages the server (Discord: Manage Server).
    pub manage: bool,
}

/// What the front end tells the service about a member of a server. Discord reads it from the
/// server's roles and channels (its cache, or Discord when they are not cached); the console
/// has a single user, who sees everything.
pub trait Access: Send + Sync {
    /// Whether `actor` can see `channel` of their server (Discord: View Channel there; a
    /// thread as its parent channel). A channel that no longer exists is seen by nobody.
    fn can_view(&self, actor: &Actor, channel: ChannelId) -> bool;

    /// What `actor` may do across their whole server.
    fn server_powers(&self, actor: &Actor) -> ServerPowers;

    /// What the bot itself lacks to post a board (text, an embed, an image) in `channel` of
    /// `actor`'s server, named in `actor`'s language; `None` when it can post there, or when
    /// the front end cannot tell (then a later post's failure is what says so). By default
    /// (the console, which posts anywhere) `None`.
    fn bot_cannot_post(&self, actor: &Actor, channel: ChannelId) -> Option<String> {
        let _ = (actor, channel);
        None
    }
}

/// Every channel seen by everyone, and the actor's permissions taken as server-wide: the
/// console's single user, and a service whose front end says nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct OpenAccess;

impl Access for OpenAccess {
    fn can_view(&self, _actor: &Actor, _channel: ChannelId) -> bool {
        true
    }

    fn server_powers(&self, actor: &Actor) -> ServerPowers {
        ServerPowers {
            moderate: actor.can_moderate,
            manage: actor.can_manage_server,
        }
    }
}

impl GameService {
    /// The same service, asking `access` who may see which channel and who may act for a
    /// whole server ([`OpenAccess`] otherwise).
    #[must_use]
    pub fn with_access(self, access: Arc<dyn Access>) -> GameService {
        self.set_access(access);
        self
    }

    /// Asks `access` from now on (a front end that connects after the service is shared).
    pub fn set_access(&self, access: Arc<dyn Access>) {
        *self.access.write().unwrap_or_else(PoisonError::into_inner) = access;
    }

    /// What the service asks now.
    pub(crate) fn access(&self) -> Arc<dyn Access> {
        self.access
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether `actor` may see `game`: they played it, or they can see the channel it was
    /// started in (a game in a thread: the thread's channel).
    pub(crate) fn may_see(&self, actor: &Actor, game: &Game) -> bool {
        game.colour_of(actor.user).is_some()
            || actor.channel == game.channel
            || game.thread.is_some_and(|thread| thread == actor.channel)
            || self.access().can_view(actor, game.channel)
    }

    /// Whether `actor` can see `channel` of their server.
    pub(crate) fn can_view(&self, actor: &Actor, channel: ChannelId) -> bool {
        actor.channel == channel || self.access().can_view(actor, channel)
    }

    /// What `actor` may do across their whole server.
    pub(crate) fn server_powers(&self, actor: &Actor) -> ServerPowers {
        self.access().server_powers(actor)
    }
}
