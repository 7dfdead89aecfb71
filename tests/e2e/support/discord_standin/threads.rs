//! Threads as Discord keeps them: their members, their activity and their archiving.
//!
//! - Members: the thread's creator, whoever `PUT /channels/{thread}/thread-members/{user}`
//!   adds, and whoever a message's content mentions with a ping there. `GET` of one member or
//!   of the list, `DELETE` to remove one. [`Standin::thread_members`] lists them.
//! - Activity: a thread's creation, every message in it, and its reopening. A thread archives
//!   itself after `auto_archive_duration` minutes without activity, on the stand-in's clock
//!   (checked as requests, interactions and [`Standin::advance`] happen), with THREAD_UPDATE.
//! - Archived threads: posting or editing a message there, changing the thread's settings
//!   without reopening it, or adding a member answers `400 {"code": 50083, "message": "Thread
//!   is archived"}`; reopening (`PATCH /channels/{thread}` with `archived: false`) needs the bot
//!   to be a member (its own threads: it is). People who are not members cannot use commands or
//!   components there (their client greys them out): a scenario that tries panics.
//!   [`Standin::archive_thread`] archives a thread as Discord or a moderator would.

use serde_json::{Value, json};

use super::Standin;
use super::model::{self, Channel, Person, sf};
use super::state::{Refusal, State};

/// How Discord refuses a post or an edit in an archived thread.
pub fn archived() -> Refusal {
    Refusal::new(400, 50083, "Thread is archived")
}

impl State {
    /// A message, the thread's creation or its reopening: the thread's silence starts again.
    pub fn touch_thread(&mut self, channel: u64) {
        if self.world.channel(channel).is_some_and(Channel::is_thread) {
            let now = self.now();
            self.thread_activity.insert(channel, now);
        }
    }

    /// Archives the threads silent for their `auto_archive_duration` (stand-in time), each with
    /// THREAD_UPDATE.
    pub fn auto_archive(&mut self) {
        let now = self.now();
        let mut due = Vec::new();
        for channel in self.world.channels.iter().filter(|c| c.is_thread()) {
            if channel.archived {
                continue;
            }
            let since = *self.thread_activity.entry(channel.id).or_insert(now);
            let silence = std::time::Duration::from_secs(channel.auto_archive_duration * 60);
            if now.saturating_duration_since(since) >= silence {
                due.push(channel.id);
            }
        }
        for id in due {
            self.set_archived(id, true);
        }
    }

    /// Archives or reopens a thread, with THREAD_UPDATE.
    pub fn set_archived(&mut self, thread: u64, archived: bool) {
        let Some(channel) = self.world.channel_mut(thread) else {
            return;
        };
        channel.archived = archived;
        let channel = channel.clone();
        if !archived {
            self.touch_thread(thread);
        }
        let value = model::channel(&self.world, &channel);
        self.dispatch_checked("THREAD_UPDATE", value);
    }

    /// Whether `user` is a member of `thread` (its creator always is).
    pub fn is_thread_member(&self, thread: u64, user: u64) -> bool {
        self.world.channel(thread).is_some_and(|c| c.owner == user)
            || self
                .thread_members
                .get(&thread)
                .is_some_and(|members| members.contains(&user))
    }

    /// Makes `user` a member of `thread` (a mention there, or the API); nothing for other
    /// channels.
    pub fn join_thread(&mut self, thread: u64, user: u64) {
        if !self.world.channel(thread).is_some_and(Channel::is_thread) {
            return;
        }
        let members = self.thread_members.entry(thread).or_default();
        if !members.contains(&user) {
            members.push(user);
        }
    }

    /// Refuses a post or an edit in `channel` while it is an archived thread.
    pub fn refuse_if_archived(&mut self, channel: u64) -> Result<(), Refusal> {
        self.auto_archive();
        match self.world.channel(channel) {
            Some(c) if c.is_thread() && c.archived => Err(archived()),
            _ => Ok(()),
        }
    }

    /// Whether `who` can use commands and components in `channel`: not in an archived thread
    /// they are not a member of.
    pub fn may_act_in(&mut self, channel: u64, who: &Person) -> Result<(), String> {
        self.auto_archive();
        let archived = self
            .world
            .channel(channel)
            .is_some_and(|c| c.is_thread() && c.archived);
        if archived && !self.is_thread_member(channel, who.id) {
            return Err(format!(
                "thread {channel} is archived and {} is not a member: their client greys out \
                 its commands and components",
                who.name
            ));
        }
        Ok(())
    }

    /// `/channels/{thread}/thread-members[/{user}]`: `PUT` and `DELETE` a member, `GET` one or
    /// the list.
    pub fn thread_members_route(
        &mut self,
        method: &str,
        thread: &Channel,
        rest: &[&str],
    ) -> Result<(u16, Option<Value>), Refusal> {
        if !thread.is_thread() {
            return Err(Refusal::new(
                400,
                50024,
                "Cannot execute action on this channel type",
            ));
        }
        let member = |user: u64| {
            json!({
                "id": sf(thread.id),
                "user_id": sf(user),
                "join_timestamp": thread.created,
                "flags": 0,
            })
        };
        match (method, rest) {
            ("GET", []) => {
                let mut users = vec![thread.owner];
                users.extend(self.thread_members.get(&thread.id).into_iter().flatten());
                let list = users.into_iter().map(member).collect();
                Ok((200, Some(Value::Array(list))))
            }
            (_, [user]) => {
                let user = user
                    .parse::<u64>()
                    .ok()
                    .filter(|u| *u == self.world.bot.id || self.world.member(*u).is_some())
                    .ok_or_else(|| Refusal::new(404, 10013, "Unknown User"))?;
                match method {
                    "PUT" => {
                        self.refuse_if_archived(thread.id)?;
                        self.join_thread(thread.id, user);
                        Ok((204, None))
                    }
                    "DELETE" => {
                        if let Some(members) = self.thread_members.get_mut(&thread.id) {
                            members.retain(|m| *m != user);
                        }
                        Ok((204, None))
                    }
                    "GET" if self.is_thread_member(thread.id, user) => {
                        Ok((200, Some(member(user))))
                    }
                    "GET" => Err(Refusal::new(404, 10007, "Unknown Member")),
                    _ => Ok((405, Some(model::error(0, "405: Method Not Allowed")))),
                }
            }
            _ => Err(Refusal::new(404, 0, "404: Not Found")),
        }
    }
}

impl Standin {
    /// The members of a thread: its creator first, then in the order they joined.
    #[must_use]
    pub fn thread_members(&self, thread: u64) -> Vec<u64> {
        let state = self.shared.lock();
        let mut members: Vec<u64> = state
            .world
            .channel(thread)
            .map(|c| c.owner)
            .into_iter()
            .collect();
        members.extend(state.thread_members.get(&thread).into_iter().flatten());
        members
    }

    /// Archives a thread as Discord does after its silence (or a moderator would), with
    /// THREAD_UPDATE.
    pub fn archive_thread(&self, thread: u64) {
        self.shared.lock().set_archived(thread, true);
        self.shared.notify();
    }
}
