//! Discord objects as JSON, as Discord sends them, with every field serenity 0.12.5 requires
//! (serenity deserialises strictly: a missing field fails the whole event or response).

use serde_json::{Map, Value, json};

/// Milliseconds from the Unix epoch to Discord's epoch (2015-01-01), the base of snowflakes.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The most a file may weigh without boosts (10 MiB); sent as `attachment_size_limit`.
pub const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// Permission bits, numbered as Discord numbers them.
pub mod perm {
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const CHANGE_NICKNAME: u64 = 1 << 26;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// What `@everyone` may do in a new guild, roughly.
    pub const EVERYONE: u64 = CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS
        | SEND_MESSAGES_IN_THREADS;
    /// What the bot's own managed role grants (the invite link's permissions, games in threads
    /// included).
    pub const BOT_ROLE: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// Every permission Discord defines today (what the guild owner has).
    pub const ALL: u64 = (1 << 51) - 1;
}

/// A Discord user as the tests know it: the bot, the guild owner, or a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub id: u64,
    /// The username (unique, lowercase).
    pub name: String,
    pub bot: bool,
    /// The member's permissions across the guild besides their roles' (`@everyone`'s for a
    /// member); a channel's overwrites apply on top, and the result is sent with every
    /// interaction there ([`World::permissions_in`]).
    pub permissions: u64,
    /// The language of their Discord client (`locale` of their interactions).
    pub locale: String,
}

impl Person {
    /// `<@id>`, the way messages mention the user.
    #[must_use]
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// Unix milliseconds now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// When a snowflake was made, in Unix milliseconds.
pub fn created_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// Makes snowflakes: Discord ids that grow with time, unique within one stand-in.
#[derive(Debug)]
pub struct Snowflakes {
    last: u64,
    backdated: u64,
}

impl Snowflakes {
    pub fn new() -> Self {
        Self {
            last: 0,
            backdated: 0,
        }
    }

    /// A snowflake of `ago` before now (an interaction that waited before the bot saw it),
    /// unique like the others: the low bits count these apart.
    pub fn past(&mut self, ago: std::time::Duration) -> u64 {
        let millis = std::time::SystemTime::now()
            .checked_sub(ago)
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_millis() as u64);
        self.backdated += 1;
        (millis.saturating_sub(DISCORD_EPOCH_MS) << 22) | (self.backdated & 0x3f_ffff)
    }

    /// A new snowflake whose guild would be on `shard` of `total` (Discord's rule:
    /// `(id >> 22) % total`), unique like the others.
    pub fn on_shard(&mut self, shard: u64, total: u64) -> u64 {
        let id = self.next();
        let millis = id >> 22;
        let ahead = (shard + total - millis % total) % total;
        self.last = (millis + ahead) << 22;
        self.last
    }

    pub fn next(&mut self) -> u64 {
        let millis = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let candidate = millis.saturating_sub(DISCORD_EPOCH_MS) << 22;
        self.last = candidate.max(self.last + 1);
        self.last
    }
}

/// A permission overwrite of a channel: for a role (`kind` 0; `@everyone`'s id is the guild's)
/// or a member (`kind` 1), the bits it allows and denies there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overwrite {
    pub id: u64,
    pub kind: u8,
    pub allow: u64,
    pub deny: u64,
}

/// A role a test adds to the guild (besides `@everyone` and the bot's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
}

/// A channel of the world: a text or voice channel of the guild (type 0 or 2), a public
/// thread (type 11) or a DM with one user (type 1).
#[derive(Clone, Debug)]
pub struct Channel {
    pub id: u64,
    pub kind: u8,
    pub name: String,
    /// A thread's text channel.
    pub parent: Option<u64>,
    /// Permission bits the bot's role is denied here by an overwrite (threads use their
    /// parent's).
    pub bot_deny: u64,
    /// The channel's other overwrites (threads use their parent's).
    pub overwrites: Vec<Overwrite>,
    /// Who made it (threads).
    pub owner: u64,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    /// Slowmode, seconds between two posts of a member (see `ratelimits`).
    pub rate_limit_per_user: u64,
    /// A DM's other user.
    pub recipient: Option<u64>,
    pub created: String,
    /// The guild of a text channel when it is not the world's first ([`World::guild_of`]).
    pub guild: Option<u64>,
}

impl Channel {
    pub fn text(id: u64, name: &str, bot_deny: u64) -> Self {
        Self {
            id,
            kind: 0,
            name: name.to_owned(),
            parent: None,
            bot_deny,
            overwrites: Vec::new(),
            owner: 0,
            archived: false,
            locked: false,
            auto_archive_duration: 1440,
            rate_limit_per_user: 0,
            recipient: None,
            created: now(),
            guild: None,
        }
    }

    pub fn is_thread(&self) -> bool {
        self.kind == 11
    }
}

/// The guild and the people the stand-in pretends exist.
#[derive(Clone, Debug)]
pub struct World {
    pub application_id: u64,
    pub bot: Person,
    pub owner: Person,
    pub guild_id: u64,
    pub guild_name: String,
    /// The first text channel, where interactions happen unless a test says otherwise.
    pub channel_id: u64,
    /// Every channel: text channels, threads and DMs, the first text channel first.
    pub channels: Vec<Channel>,
    /// Users whose DMs are closed to the bot.
    pub dms_closed: Vec<u64>,
    /// The first guild is a Community server (`COMMUNITY` among its features), whose managers
    /// chose [`Self::guild_locale`]; the other guilds never are.
    pub community: bool,
    /// The locale the first guild's managers chose; Discord reports it only for a Community
    /// server ([`Self::locale_of`]).
    pub guild_locale: String,
    /// The first guild reports [`Self::guild_locale`] although it is not a Community server
    /// (Discord never does): for scenarios that prove the bot decides by the features.
    pub locale_without_community: bool,
    pub bot_role_id: u64,
    /// Every human member, the owner first.
    pub members: Vec<Person>,
    pub joined_at: String,
    /// More guilds the bot is in, with the same members, each with a text channel of its own
    /// (`Standin::add_guild`).
    pub more_guilds: Vec<u64>,
    /// The roles tests added, in every guild.
    pub roles: Vec<Role>,
    /// Which member has which of those roles: (member, role).
    pub member_roles: Vec<(u64, u64)>,
}

impl World {
    pub fn new(ids: &mut Snowflakes) -> Self {
        let application_id = ids.next();
        let bot = Person {
            id: application_id,
            name: "Dama".to_owned(),
            bot: true,
            permissions: perm::EVERYONE | perm::BOT_ROLE,
            locale: "en-US".to_owned(),
        };
        let owner = Person {
            id: ids.next(),
            name: "owner".to_owned(),
            bot: false,
            permissions: perm::ALL,
            locale: "en-US".to_owned(),
        };
        let guild_id = ids.next();
        let channel_id = ids.next();
        Self {
            application_id,
            bot,
            owner: owner.clone(),
            guild_id,
            guild_name: "Circolo Damistico".to_owned(),
            channel_id,
            channels: vec![Channel::text(channel_id, "dama", 0)],
            dms_closed: Vec::new(),
            community: false,
            guild_locale: "en-US".to_owned(),
            locale_without_community: false,
            bot_role_id: ids.next(),
            members: vec![owner],
            joined_at: now(),
            more_guilds: Vec::new(),
            roles: Vec::new(),
            member_roles: Vec::new(),
        }
    }

    /// The locale Discord reports for a guild (`guild_locale` of its interactions, its
    /// `preferred_locale`): the one its managers chose in a Community server, `en-US` in every
    /// other server, whatever its members speak.
    pub fn locale_of(&self, guild: u64) -> &str {
        if self.is_community(guild) || (self.locale_without_community && guild == self.guild_id) {
            &self.guild_locale
        } else {
            "en-US"
        }
    }

    /// Whether a guild is a Community server.
    pub fn is_community(&self, guild: u64) -> bool {
        self.community && guild == self.guild_id
    }

    /// A guild's `features`: `COMMUNITY` for a Community server.
    pub fn features_of(&self, guild: u64) -> Value {
        if self.is_community(guild) {
            json!(["COMMUNITY"])
        } else {
            json!([])
        }
    }

    /// Every guild of the world, the first one first.
    pub fn guilds(&self) -> Vec<u64> {
        std::iter::once(self.guild_id)
            .chain(self.more_guilds.iter().copied())
            .collect()
    }

    /// The guild a channel belongs to (a thread: its parent's); `None` for a DM.
    pub fn guild_of(&self, channel: &Channel) -> Option<u64> {
        if channel.kind == 1 {
            return None;
        }
        let parent = channel.parent.and_then(|p| self.channel(p));
        Some(parent.unwrap_or(channel).guild.unwrap_or(self.guild_id))
    }

    /// The guild of the channel with this id (the first guild when it is unknown).
    pub fn guild_of_id(&self, channel: u64) -> u64 {
        self.channel(channel)
            .and_then(|c| self.guild_of(c))
            .unwrap_or(self.guild_id)
    }

    pub fn member(&self, id: u64) -> Option<&Person> {
        std::iter::once(&self.bot)
            .chain(&self.members)
            .find(|p| p.id == id)
    }

    pub fn channel(&self, id: u64) -> Option<&Channel> {
        self.channels.iter().find(|c| c.id == id)
    }

    pub fn channel_mut(&mut self, id: u64) -> Option<&mut Channel> {
        self.channels.iter_mut().find(|c| c.id == id)
    }

    /// What the bot may do in a channel: its guild permissions and the channel's overwrites
    /// (a thread's from its parent). In a DM it can do what a DM allows.
    pub fn bot_permissions(&self, channel: &Channel) -> u64 {
        self.permissions_in(&self.bot, channel)
    }

    /// What a person may do in a channel, as Discord computes it: everything for the guild's
    /// owner; else their permissions (`Person::permissions`) and their roles', everything for
    /// an administrator, then the channel's overwrites (a thread's parent's): `@everyone`'s,
    /// their roles' together (denials, then grants), their own. In a DM, what a DM allows.
    pub fn permissions_in(&self, person: &Person, channel: &Channel) -> u64 {
        if channel.kind == 1 {
            return perm::VIEW_CHANNEL
                | perm::SEND_MESSAGES
                | perm::EMBED_LINKS
                | perm::ATTACH_FILES
                | perm::READ_MESSAGE_HISTORY;
        }
        if person.id == self.owner.id {
            return perm::ALL;
        }
        let roles = self.roles_of(person);
        let mut permissions = roles
            .iter()
            .filter_map(|&role| self.role_permissions(role))
            .fold(person.permissions, |all, p| all | p);
        if permissions & perm::ADMINISTRATOR != 0 {
            return perm::ALL;
        }
        let place = channel
            .parent
            .and_then(|p| self.channel(p))
            .unwrap_or(channel);
        let overwrites = self.overwrites_of(place);
        let everyone = self.guild_of(place).unwrap_or(self.guild_id);
        for o in overwrites
            .iter()
            .filter(|o| o.kind == 0 && o.id == everyone)
        {
            permissions = (permissions & !o.deny) | o.allow;
        }
        let (allow, deny) = overwrites
            .iter()
            .filter(|o| o.kind == 0 && o.id != everyone && roles.contains(&o.id))
            .fold((0, 0), |(allow, deny), o| (allow | o.allow, deny | o.deny));
        permissions = (permissions & !deny) | allow;
        for o in overwrites
            .iter()
            .filter(|o| o.kind == 1 && o.id == person.id)
        {
            permissions = (permissions & !o.deny) | o.allow;
        }
        permissions
    }

    /// Every overwrite of a channel: the bot role's denial, then the others.
    pub fn overwrites_of(&self, channel: &Channel) -> Vec<Overwrite> {
        let bot = (channel.bot_deny != 0).then_some(Overwrite {
            id: self.bot_role_id,
            kind: 0,
            allow: 0,
            deny: channel.bot_deny,
        });
        bot.into_iter()
            .chain(channel.overwrites.iter().cloned())
            .collect()
    }

    /// A role's permissions: the bot's, `@everyone`'s (a guild's id) or one a test added.
    fn role_permissions(&self, role: u64) -> Option<u64> {
        if role == self.bot_role_id {
            return Some(perm::BOT_ROLE);
        }
        if self.guilds().contains(&role) {
            return Some(perm::EVERYONE);
        }
        self.roles
            .iter()
            .find(|r| r.id == role)
            .map(|r| r.permissions)
    }

    /// The roles a member has, besides `@everyone`.
    pub fn roles_of(&self, person: &Person) -> Vec<u64> {
        if person.id == self.bot.id {
            vec![self.bot_role_id]
        } else {
            self.member_roles
                .iter()
                .filter(|(member, _)| *member == person.id)
                .map(|(_, role)| *role)
                .collect()
        }
    }
}

/// The current time as Discord writes it (RFC 3339 with milliseconds).
pub fn now() -> String {
    serenity::model::Timestamp::now().to_string()
}

/// A snowflake as Discord sends it: a JSON string.
pub fn sf(id: u64) -> Value {
    Value::String(id.to_string())
}

/// Reads a snowflake sent as a string or a number.
pub fn id_of(value: &Value) -> Option<u64> {
    match value {
        Value::String(text) => text.parse().ok(),
        Value::Number(number) => number.as_u64(),
        _ => None,
    }
}

pub fn user(person: &Person) -> Value {
    json!({
        "id": sf(person.id),
        "username": person.name,
        "discriminator": if person.bot { "4201" } else { "0" },
        "global_name": if person.bot { Value::Null } else { Value::String(capitalised(&person.name)) },
        "avatar": null,
        "avatar_decoration_data": null,
        "banner": null,
        "accent_color": null,
        "bot": person.bot,
        "system": false,
        "public_flags": 0,
        "primary_guild": null,
        "collectibles": null,
    })
}

/// The bot as `GET /users/@me` and READY describe it.
pub fn current_user(bot: &Person) -> Value {
    let mut value = user(bot);
    let extra = json!({ "verified": true, "mfa_enabled": false, "email": null, "flags": 0, "locale": "en-US", "premium_type": 0 });
    merge(&mut value, extra);
    value
}

/// A guild member; `with_user` adds the user object (gateway and REST do, `resolved` does not);
/// `permissions` is sent only inside interactions.
pub fn member(world: &World, person: &Person, with_user: bool, permissions: bool) -> Value {
    let roles: Vec<Value> = world.roles_of(person).into_iter().map(sf).collect();
    let mut value = json!({
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": roles,
        "joined_at": world.joined_at,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
    });
    if with_user {
        merge(&mut value, json!({ "user": user(person) }));
    }
    if permissions {
        merge(
            &mut value,
            json!({ "permissions": person.permissions.to_string() }),
        );
    }
    value
}

fn role(id: u64, name: &str, permissions: u64, position: u16, bot_id: Option<u64>) -> Value {
    let mut value = json!({
        "id": sf(id),
        "name": name,
        "description": null,
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": position,
        "permissions": permissions.to_string(),
        "managed": bot_id.is_some(),
        "mentionable": false,
        "flags": 0,
    });
    if let Some(bot_id) = bot_id {
        merge(&mut value, json!({ "tags": { "bot_id": sf(bot_id) } }));
    }
    value
}

pub fn roles(world: &World) -> Vec<Value> {
    roles_in(world, world.guild_id)
}

/// The roles of one of the world's guilds: `@everyone` (whose id is the guild's), the bot's
/// and those tests added.
pub fn roles_in(world: &World, guild: u64) -> Vec<Value> {
    let mut roles = vec![
        role(guild, "@everyone", perm::EVERYONE, 0, None),
        role(
            world.bot_role_id,
            &world.bot.name,
            perm::BOT_ROLE,
            1,
            Some(world.bot.id),
        ),
    ];
    for (position, added) in (2..).zip(&world.roles) {
        roles.push(role_value(added, position));
    }
    roles
}

/// A role tests added, as Discord describes it.
pub fn role_value(added: &Role, position: u16) -> Value {
    role(added.id, &added.name, added.permissions, position, None)
}

/// A channel, as `GET /channels/{id}`, GUILD_CREATE and the channel events describe it.
pub fn channel(world: &World, channel: &Channel) -> Value {
    match channel.kind {
        1 => {
            let recipient = channel.recipient.and_then(|r| world.member(r));
            let recipients: Vec<Value> = recipient.into_iter().map(user).collect();
            json!({
                "id": sf(channel.id),
                "type": 1,
                "last_message_id": null,
                "recipients": recipients,
                "flags": 0,
            })
        }
        11 => json!({
            "id": sf(channel.id),
            "type": 11,
            "guild_id": sf(world.guild_of(channel).unwrap_or(world.guild_id)),
            "parent_id": channel.parent.map(sf),
            "owner_id": sf(channel.owner),
            "name": channel.name,
            "last_message_id": null,
            "rate_limit_per_user": channel.rate_limit_per_user,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": channel.archived,
                "auto_archive_duration": channel.auto_archive_duration,
                "archive_timestamp": channel.created,
                "locked": channel.locked,
                "create_timestamp": channel.created,
            },
        }),
        _ => {
            let overwrites: Vec<Value> = world
                .overwrites_of(channel)
                .iter()
                .map(|o| {
                    json!({
                        "id": sf(o.id),
                        "type": o.kind,
                        "allow": o.allow.to_string(),
                        "deny": o.deny.to_string(),
                    })
                })
                .collect();
            let mut value = json!({
                "id": sf(channel.id),
                "type": channel.kind,
                "guild_id": sf(world.guild_of(channel).unwrap_or(world.guild_id)),
                "name": channel.name,
                "position": 0,
                "permission_overwrites": overwrites,
                "parent_id": null,
                "topic": "Dama italiana",
                "nsfw": false,
                "last_message_id": null,
                "rate_limit_per_user": channel.rate_limit_per_user,
                "flags": 0,
            });
            if channel.kind == 2 {
                merge(
                    &mut value,
                    json!({"bitrate": 64000, "user_limit": 0, "rtc_region": null}),
                );
            }
            value
        }
    }
}

/// The channel as interactions carry it (`PartialChannel` plus what Discord adds), with the
/// user's permissions in it.
pub fn interaction_channel(world: &World, channel: &Channel, person: &Person) -> Value {
    let mut value = self::channel(world, channel);
    merge(
        &mut value,
        json!({ "permissions": world.permissions_in(person, channel).to_string() }),
    );
    value
}

pub fn guild_create(world: &World) -> Value {
    guild_create_for(world, world.guild_id)
}

/// GUILD_CREATE of one of the world's guilds: the same members and roles, its own channels.
pub fn guild_create_for(world: &World, guild_id: u64) -> Value {
    guild_for(world, guild_id, true)
}

/// GUILD_UPDATE of one of the world's guilds: the guild without its members and channels.
pub fn guild_update_for(world: &World, guild_id: u64) -> Value {
    guild_for(world, guild_id, false)
}

/// One of the world's guilds, with what only GUILD_CREATE has when `full`.
fn guild_for(world: &World, guild_id: u64, full: bool) -> Value {
    let first_channel = world
        .channels
        .iter()
        .find(|c| c.kind == 0 && world.guild_of(c) == Some(guild_id))
        .map_or(world.channel_id, |c| c.id);
    let name = if guild_id == world.guild_id {
        world.guild_name.clone()
    } else {
        format!("{} {}", world.guild_name, guild_id % 1000)
    };
    let members: Vec<Value> = std::iter::once(&world.bot)
        .chain(&world.members)
        .map(|person| member(world, person, true, false))
        .collect();
    let mut guild = json!({
        "id": sf(guild_id),
        "name": name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": sf(world.owner.id),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 1,
        "default_message_notifications": 1,
        "explicit_content_filter": 2,
        "roles": roles_in(world, guild_id),
        "emojis": [],
        "features": world.features_of(guild_id),
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": sf(first_channel),
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": world.locale_of(guild_id),
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "nsfw": false,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "incidents_data": null,
    });
    let channels: Vec<Value> = world
        .channels
        .iter()
        .filter(|c| matches!(c.kind, 0 | 2) && world.guild_of(c) == Some(guild_id))
        .map(|c| channel(world, c))
        .collect();
    let threads: Vec<Value> = world
        .channels
        .iter()
        .filter(|c| c.is_thread() && !c.archived && world.guild_of(c) == Some(guild_id))
        .map(|c| channel(world, c))
        .collect();
    if !full {
        return guild;
    }
    // The fields only GUILD_CREATE has (one `json!` of everything is too deep for the macro).
    let extra = json!({
        "joined_at": world.joined_at,
        "large": false,
        "unavailable": false,
        "lazy": true,
        "member_count": members.len(),
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
    });
    merge(&mut guild, extra);
    guild
}

/// READY of a session of shard `shard` (`[id, count]`) with these guilds.
pub fn ready(
    world: &World,
    session_id: &str,
    gateway_url: &str,
    shard: [u64; 2],
    guilds: &[u64],
) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|g| json!({ "id": sf(*g), "unavailable": true }))
        .collect();
    json!({
        "v": 10,
        "user": current_user(&world.bot),
        "guilds": guilds,
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": gateway_url,
        "shard": shard,
        "application": { "id": sf(world.application_id), "flags": 0 },
        "private_channels": [],
        "presences": [],
        "relationships": [],
        "guild_join_requests": [],
        "user_settings": {},
        "geo_ordered_rtc_regions": ["milan"],
        "auth": {},
        "_trace": ["[\"standin-gateway\",{\"micros\":0}]"],
    })
}

/// `GET /oauth2/applications/@me` (poise asks for it at start-up, to learn the owners).
pub fn application(world: &World) -> Value {
    json!({
        "id": sf(world.application_id),
        "name": world.bot.name,
        "icon": null,
        "description": "Italian draughts",
        "summary": "",
        "type": null,
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0b5b6a4a0a3c5e7f9d1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071",
        "flags": 0,
        "owner": user(&world.owner),
        "team": null,
        "bot": user(&world.bot),
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "approximate_guild_count": 1,
    })
}

/// A message the bot sent, completed as Discord completes it; `body` is what the bot sent
/// (content, embeds, components, flags), `attachments` are already resolved.
pub fn message(
    world: &World,
    channel: u64,
    id: u64,
    kind: u8,
    body: &Value,
    attachments: Vec<Value>,
    interaction: Option<&Value>,
) -> Value {
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
    let mut value = json!({
        "id": sf(id),
        "type": kind,
        "channel_id": sf(channel),
        "author": user(&world.bot),
        "content": body.get("content").and_then(Value::as_str).unwrap_or(""),
        "timestamp": now(),
        "edited_timestamp": null,
        "tts": body.get("tts").and_then(Value::as_bool).unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "flags": flags,
    });
    for key in ["embeds", "components"] {
        if let Some(list @ Value::Array(_)) = body.get(key) {
            value[key] = list.clone();
        }
    }
    value["attachments"] = Value::Array(attachments);
    if let Some(metadata) = interaction {
        merge(
            &mut value,
            json!({
                "webhook_id": sf(world.application_id),
                "application_id": sf(world.application_id),
                "interaction_metadata": metadata,
            }),
        );
    }
    value
}

/// Copies every key of `extra` (an object) into `value` (an object).
pub fn merge(value: &mut Value, extra: Value) {
    if let (Value::Object(target), Value::Object(source)) = (value, extra) {
        target.extend(source);
    }
}

/// A Discord JSON error body.
pub fn error(code: u32, message: &str) -> Value {
    json!({ "message": message, "code": code })
}

/// An empty JSON object.
pub fn object() -> Value {
    Value::Object(Map::new())
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    let first = chars.next().map(char::to_uppercase);
    first.into_iter().flatten().chain(chars).collect()
}
