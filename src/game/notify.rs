//! Notifications: each person's choice, direct messages and the reminders of the sweep.

use super::action::Flow;
use super::{Actor, GameService, Reply};
use crate::store::{NotifyMode, UserId};

impl GameService {
    /// A direct message to `user` could not be delivered (closed DMs): the next ones go to
    /// their game's thread as mentions for a while, and none is retried.
    pub fn direct_failed(&self, user: UserId) {
        todo!("notify: {user}")
    }

    /// `/settings notify`: how the actor hears about their games.
    pub(crate) fn set_notify(&self, actor: &Actor, mode: NotifyMode) -> Flow<Reply> {
        todo!("notify: {actor:?} {mode:?}")
    }
}
