//! The world around the bot as a test shapes it: guilds, channels, threads and DMs, the
//! stand-in's clock, and who was notified.

use std::time::Duration;

use serde_json::{Value, json};

use super::model::{self, Person};
use super::record::Notification;
use super::{Standin, check_dispatch};

impl Standin {
    /// Another guild the bot is in, whose events Discord sends to shard `shard` (of the
    /// [`Options::shards`] the stand-in recommends), with the same members and a text channel
    /// `dama` of its own; its GUILD_CREATE goes out with the next IDENTIFY of that shard.
    /// Returns the guild's id and its channel's.
    pub fn add_guild(&self, shard: u64) -> (u64, u64) {
        let total = self.shared.options.shards.max(1);
        assert!(shard < total, "shard {shard} of {total}");
        let mut state = self.shared.lock();
        let guild = state.ids.on_shard(shard, total);
        let channel = state.ids.next();
        state.world.more_guilds.push(guild);
        state.world.channels.push(model::Channel {
            guild: Some(guild),
            ..model::Channel::text(channel, "dama", 0)
        });
        drop(state);
        self.shared.notify();
        (guild, channel)
    }

    /// A new text channel where the bot's role is denied `bot_deny` (permission bits, see
    /// [`perm`]) by an overwrite; dispatched as CHANNEL_CREATE when a session is up, and part
    /// of GUILD_CREATE on later connections. Returns its id.
    pub fn text_channel(&self, name: &str, bot_deny: u64) -> u64 {
        let guild = self.guild_id();
        self.text_channel_in(guild, name, bot_deny)
    }

    /// [`Self::text_channel`] in another of the bot's guilds ([`Self::add_guild`]).
    pub fn text_channel_in(&self, guild: u64, name: &str, bot_deny: u64) -> u64 {
        self.guild_channel(guild, 0, name, bot_deny)
    }

    /// A new voice channel of the first guild (type 2: people talk there, and its chat takes
    /// messages like a text channel's), dispatched as [`Self::text_channel`] is. Returns its id.
    pub fn voice_channel(&self, name: &str) -> u64 {
        let guild = self.guild_id();
        self.guild_channel(guild, 2, name, 0)
    }

    fn guild_channel(&self, guild: u64, kind: u8, name: &str, bot_deny: u64) -> u64 {
        let mut state = self.shared.lock();
        assert!(state.world.guilds().contains(&guild), "no guild {guild}");
        let id = state.ids.next();
        let channel = model::Channel {
            kind,
            guild: (guild != state.world.guild_id).then_some(guild),
            ..model::Channel::text(id, name, bot_deny)
        };
        state.world.channels.push(channel.clone());
        let value = model::channel(&state.world, &channel);
        check_dispatch("CHANNEL_CREATE", &value);
        let guild = state.world.guild_of(&channel);
        state.gateway.dispatch(guild, "CHANNEL_CREATE", value);
        drop(state);
        self.shared.notify();
        id
    }

    /// A role of the first guild with these permissions; dispatched as GUILD_ROLE_CREATE when
    /// a session is up, and part of GUILD_CREATE on later connections. Returns its id.
    pub fn role(&self, name: &str, permissions: u64) -> u64 {
        let mut state = self.shared.lock();
        let id = state.ids.next();
        let role = model::Role {
            id,
            name: name.to_owned(),
            permissions,
        };
        state.world.roles.push(role.clone());
        let position = u16::try_from(state.world.roles.len() + 1).unwrap_or(u16::MAX);
        let guild = state.world.guild_id;
        let value =
            json!({ "guild_id": model::sf(guild), "role": model::role_value(&role, position) });
        check_dispatch("GUILD_ROLE_CREATE", &value);
        state
            .gateway
            .dispatch(Some(guild), "GUILD_ROLE_CREATE", value);
        drop(state);
        self.shared.notify();
        id
    }

    /// Gives `person` a role ([`Self::role`]). A bot without the members intent is not told:
    /// it learns the roles from the member's next interaction.
    pub fn give_role(&self, person: &Person, role: u64) {
        let mut state = self.shared.lock();
        assert!(
            state.world.roles.iter().any(|r| r.id == role),
            "no role {role}"
        );
        state.world.member_roles.push((person.id, role));
    }

    /// Replaces the overwrites of a text channel (besides the bot role's denial); dispatched
    /// as CHANNEL_UPDATE.
    pub fn set_overwrites(&self, channel: u64, overwrites: Vec<model::Overwrite>) {
        let mut state = self.shared.lock();
        let found = state
            .world
            .channel_mut(channel)
            .unwrap_or_else(|| panic!("there is no channel {channel}"));
        assert_eq!(found.kind, 0, "{channel} is not a text channel");
        found.overwrites = overwrites;
        let found = found.clone();
        let value = model::channel(&state.world, &found);
        check_dispatch("CHANNEL_UPDATE", &value);
        let guild = state.world.guild_of(&found);
        state.gateway.dispatch(guild, "CHANNEL_UPDATE", value);
        drop(state);
        self.shared.notify();
    }

    /// A public thread (type 11) in the text channel `parent`, started by the guild owner; it
    /// has its parent's permissions (posting needs Send Messages in Threads). Dispatched as
    /// THREAD_CREATE. Returns its id.
    pub fn thread(&self, parent: u64, name: &str) -> u64 {
        let mut state = self.shared.lock();
        let kind = state.world.channel(parent).map(|c| c.kind);
        assert_eq!(kind, Some(0), "{parent} is not a text channel");
        let id = state.ids.next();
        let channel = model::Channel {
            kind: 11,
            parent: Some(parent),
            owner: state.world.owner.id,
            ..model::Channel::text(id, name, 0)
        };
        state.world.channels.push(channel.clone());
        let mut value = model::channel(&state.world, &channel);
        value["newly_created"] = json!(true);
        check_dispatch("THREAD_CREATE", &value);
        let guild = state.world.guild_of(&channel);
        state.gateway.dispatch(guild, "THREAD_CREATE", value);
        drop(state);
        self.shared.notify();
        id
    }

    /// A channel as Discord describes it (`GET /channels/{id}`), e.g. a thread's
    /// `thread_metadata` after the bot archived it.
    #[must_use]
    pub fn channel(&self, id: u64) -> Value {
        let state = self.shared.lock();
        let channel = state.world.channel(id);
        let channel = channel.unwrap_or_else(|| panic!("there is no channel {id}"));
        model::channel(&state.world, channel)
    }

    /// The DM channel the bot opened with this person (`POST /users/@me/channels`), if any.
    #[must_use]
    pub fn dm_channel(&self, person: &Person) -> Option<u64> {
        let state = self.shared.lock();
        let dm = state
            .world
            .channels
            .iter()
            .find(|c| c.recipient == Some(person.id));
        dm.map(|c| c.id)
    }

    /// The person no longer accepts DMs from the bot: posting in their DM channel answers
    /// `403 {"code": 50007}`.
    pub fn close_dms(&self, person: &Person) {
        self.shared.lock().world.dms_closed.push(person.id);
    }

    // ---- time ---------------------------------------------------------------------------

    /// Moves the stand-in's clock ahead: interaction tokens expire 15 minutes (stand-in time)
    /// after their interaction, and the first callback's deadline counts the advance too.
    pub fn advance(&self, by: Duration) {
        let mut state = self.shared.lock();
        state.advanced += by;
        state.auto_archive();
        drop(state);
        self.shared.notify();
    }

    // ---- notifications ------------------------------------------------------------------

    /// The users a message notified.
    #[must_use]
    pub fn notified(&self, message: u64) -> Vec<u64> {
        let state = self.shared.lock();
        let found = state.notifications.iter().filter(|n| n.message == message);
        found.map(|n| n.user).collect()
    }

    /// Every notification so far, in order.
    #[must_use]
    pub fn notifications(&self) -> Vec<Notification> {
        self.shared.lock().notifications.clone()
    }

    /// The notifications this person got, in order.
    #[must_use]
    pub fn notifications_for(&self, person: &Person) -> Vec<Notification> {
        let state = self.shared.lock();
        let found = state.notifications.iter().filter(|n| n.user == person.id);
        found.cloned().collect()
    }
}
