//! Notifications: each person's choice, direct messages and the reminders of the sweep.

use super::action::Flow;
use super::{Actor, GameService, Notice, Reply, ServiceError};
use crate::store::{Game, Millis, NotifyMode, UserId};

impl GameService {
    /// A direct message to `user` could not be delivered (closed DMs): the next ones go to
    /// their game's thread as mentions for a while, and none is retried.
    pub fn direct_failed(&self, user: UserId) {
        todo!("notify: {user}")
    }

    /// The reminders due at `now` (half and ninety per cent of the time per move gone, the time
    /// out), each once per ply.
    pub(crate) fn reminders(&self, now: Millis) -> Result<Vec<Notice>, ServiceError> {
        // scaffold: built with the notifications.
        let _ = now;
        Ok(Vec::new())
    }

    /// What the end of `game` brings besides the reply that shows it: for a game in a thread,
    /// the result line in the channel it was started in and the thread to archive; the result
    /// by direct message to its players who chose that (but `actor`, who ended it).
    #[allow(dead_code)]
    pub(crate) fn announce_end(&self, reply: &mut Reply, game: &Game, actor: Option<UserId>) {
        // scaffold: built with the notifications.
        let _ = (reply, game, actor);
    }

    /// `/settings notify`: how the actor hears about their games.
    pub(crate) fn set_notify(&self, actor: &Actor, mode: NotifyMode) -> Flow<Reply> {
        todo!("notify: {actor:?} {mode:?}")
    }
}
