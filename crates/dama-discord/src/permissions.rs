//! What the bot needs in a channel to run games there, and what it says when it lacks it
//! (or when a command comes from outside a server); and what a member may see and do
//! ([`DiscordAccess`], the service's [`Access`]), computed the way Discord computes it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::Error;
use dama_core::i18n::{Language, t};
use dama_core::store::ChannelId;
use dama_service::{Access, Actor, ServerPowers};

/// The text for someone who uses a command outside a server.
#[must_use]
pub fn guild_only_text(language: Language) -> String {
    t!(language, DiscordGuildOnly)
}

/// The permissions the bot needs in a channel to run games there.
pub const NEEDED_PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::EMBED_LINKS)
    .union(serenity::Permissions::ATTACH_FILES)
    .union(serenity::Permissions::READ_MESSAGE_HISTORY);

/// The permissions of the invite link (README, and the help without a token): those needed in
/// a channel, and Create Public Threads and Send Messages in Threads for games in threads of
/// their own.
pub const INVITE_PERMISSIONS: serenity::Permissions = NEEDED_PERMISSIONS
    .union(serenity::Permissions::CREATE_PUBLIC_THREADS)
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// The permissions the bot lacks in a channel, from the interaction's `app_permissions`
/// (nothing when Discord did not say). In a thread, Send Messages in Threads stands in for
/// Send Messages.
#[must_use]
pub fn missing_permissions(
    app_permissions: Option<serenity::Permissions>,
    in_thread: bool,
) -> serenity::Permissions {
    let Some(have) = app_permissions else {
        return serenity::Permissions::empty();
    };
    let mut needed = NEEDED_PERMISSIONS;
    if in_thread {
        needed.remove(serenity::Permissions::SEND_MESSAGES);
        needed.insert(serenity::Permissions::SEND_MESSAGES_IN_THREADS);
    }
    needed - have
}

/// A permission's name as Discord shows it in a language (`**Attach Files**` is "Allegare
/// file" in Italian). Only the permissions the bot asks for have names in the files; any other
/// keeps serenity's English name.
#[must_use]
pub fn permission_name(language: Language, permission: serenity::Permissions) -> String {
    use serenity::Permissions as P;
    let key = [
        (P::VIEW_CHANNEL, "view-channel"),
        (P::SEND_MESSAGES, "send-messages"),
        (P::SEND_MESSAGES_IN_THREADS, "send-messages-in-threads"),
        (P::CREATE_PUBLIC_THREADS, "create-public-threads"),
        (P::EMBED_LINKS, "embed-links"),
        (P::ATTACH_FILES, "attach-files"),
        (P::READ_MESSAGE_HISTORY, "read-message-history"),
        (P::MANAGE_MESSAGES, "manage-messages"),
        (P::MANAGE_GUILD, "manage-server"),
    ]
    .into_iter()
    .find_map(|(flag, key)| (flag == permission).then_some(key));
    match key {
        Some(key) => t!(language, DiscordPermission, permission = key),
        None => permission.get_permission_names().join(", "),
    }
}

/// The names of a set of permissions, in bold, with commas.
#[must_use]
pub fn permission_names(language: Language, permissions: serenity::Permissions) -> String {
    permissions
        .iter()
        .map(|p| format!("**{}**", permission_name(language, p)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the bot says when it lacks permissions in a channel.
#[must_use]
pub fn missing_permissions_text(language: Language, missing: serenity::Permissions) -> String {
    t!(
        language,
        DiscordMissingBotPermissions,
        count = missing.iter().count(),
        permissions = permission_names(language, missing),
    )
}

fn is_thread(channel: Option<&serenity::PartialChannel>) -> bool {
    channel.is_some_and(|c| {
        matches!(
            c.kind,
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    })
}

/// The permission check of an interaction: `Err` with the text to show (in the reader's
/// `language`) when one is missing.
pub fn check_permissions(
    app_permissions: Option<serenity::Permissions>,
    channel: Option<&serenity::PartialChannel>,
    language: Language,
) -> Result<(), Error> {
    let missing = missing_permissions(app_permissions, is_thread(channel));
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Error::Refused(missing_permissions_text(language, missing)))
    }
}

/// A member's permissions across their server, from their roles (Discord's "base
/// permissions"): `@everyone`'s (the role whose id is the server's) and each of their roles';
/// everything for the server's owner and for an administrator. `roles` gives the server's roles
/// and their permissions (`None` for a role the server does not have, which grants nothing);
/// `member_roles` the member's.
#[must_use]
pub fn server_permissions(
    guild: serenity::GuildId,
    owner: serenity::UserId,
    user: serenity::UserId,
    member_roles: &[serenity::RoleId],
    roles: impl Fn(serenity::RoleId) -> Option<serenity::Permissions>,
) -> serenity::Permissions {
    if user == owner {
        return serenity::Permissions::all();
    }
    let everyone = roles(serenity::RoleId::new(guild.get())).unwrap_or_default();
    let base = member_roles
        .iter()
        .filter_map(|&role| roles(role))
        .fold(everyone, |base, role| base | role);
    if base.contains(serenity::Permissions::ADMINISTRATOR) {
        serenity::Permissions::all()
    } else {
        base
    }
}

/// A member's permissions in a channel, from their server permissions
/// ([`server_permissions`]) and the channel's overwrites, in Discord's order: `@everyone`'s
/// overwrite, then those of the member's roles together (denials, then grants), then the
/// member's own. An administrator (or the owner) keeps every permission.
#[must_use]
pub fn channel_permissions(
    guild: serenity::GuildId,
    user: serenity::UserId,
    member_roles: &[serenity::RoleId],
    server: serenity::Permissions,
    overwrites: &[serenity::PermissionOverwrite],
) -> serenity::Permissions {
    use serenity::PermissionOverwriteType as Kind;
    if server.contains(serenity::Permissions::ADMINISTRATOR) {
        return serenity::Permissions::all();
    }
    let everyone = serenity::RoleId::new(guild.get());
    let mut permissions = server;
    for overwrite in overwrites {
        if overwrite.kind == Kind::Role(everyone) {
            permissions = (permissions - overwrite.deny) | overwrite.allow;
        }
    }
    let (mut allow, mut deny) = (
        serenity::Permissions::empty(),
        serenity::Permissions::empty(),
    );
    for overwrite in overwrites {
        if let Kind::Role(role) = overwrite.kind {
            if role != everyone && member_roles.contains(&role) {
                allow |= overwrite.allow;
                deny |= overwrite.deny;
            }
        }
    }
    permissions = (permissions - deny) | allow;
    for overwrite in overwrites {
        if overwrite.kind == Kind::Member(user) {
            permissions = (permissions - overwrite.deny) | overwrite.allow;
        }
    }
    permissions
}

/// How long asking Discord about a server, a channel or a member may take before the answer
/// is "no".
const ASK_DISCORD_TIMEOUT: Duration = Duration::from_secs(5);

/// The members whose roles are kept at hand; past this, the oldest knowledge is dropped.
const MEMBERS_KEPT: usize = 4096;

/// What a server's members may see and do, as the service asks it ([`Access`]): from the
/// serenity cache (the server's roles and channels, which the `GUILDS` intent keeps), the roles
/// of the members seen in interactions ([`DiscordAccess::note_member`]), and Discord itself
/// for what is not cached. What cannot be learnt is refused.
#[derive(Default)]
pub struct DiscordAccess {
    link: OnceLock<Link>,
    /// The roles of members, by server and user, as their latest interaction gave them.
    members: Mutex<HashMap<(u64, u64), Vec<serenity::RoleId>>>,
}

/// The client's cache and REST client, and the runtime to ask Discord from the blocking pool.
struct Link {
    cache: Arc<serenity::Cache>,
    http: Arc<serenity::Http>,
    runtime: tokio::runtime::Handle,
}

/// A server as permissions need it: its owner and its roles' permissions.
struct ServerRoles {
    owner: serenity::UserId,
    roles: HashMap<serenity::RoleId, serenity::Permissions>,
}

impl DiscordAccess {
    /// Connects to the client once it runs (called on the runtime).
    pub fn link(&self, cache: Arc<serenity::Cache>, http: Arc<serenity::Http>) {
        let _ = self.link.set(Link {
            cache,
            http,
            runtime: tokio::runtime::Handle::current(),
        });
    }

    /// The REST client, once the client runs.
    #[must_use]
    pub fn http(&self) -> Option<Arc<serenity::Http>> {
        self.link.get().map(|link| link.http.clone())
    }

    /// A channel's or thread's slowmode (`rate_limit_per_user`) as the cache knows it.
    #[must_use]
    pub fn slowmode(&self, guild: u64, channel: u64) -> Option<std::time::Duration> {
        let link = self.link.get()?;
        let guild = link.cache.guild(serenity::GuildId::new(guild.max(1)))?;
        let id = serenity::ChannelId::new(channel.max(1));
        let found = guild
            .channels
            .get(&id)
            .or_else(|| guild.threads.iter().find(|thread| thread.id == id))?;
        found
            .rate_limit_per_user
            .map(|seconds| std::time::Duration::from_secs(u64::from(seconds)))
    }

    /// Remembers a member's roles, as an interaction gives them.
    pub fn note_member(&self, guild: Option<serenity::GuildId>, member: Option<&serenity::Member>) {
        let (Some(guild), Some(member)) = (guild, member) else {
            return;
        };
        let mut members = self.members.lock().unwrap_or_else(PoisonError::into_inner);
        if members.len() >= MEMBERS_KEPT {
            members.clear();
        }
        members.insert((guild.get(), member.user.id.get()), member.roles.clone());
    }

    /// Runs a request to Discord from the blocking pool; `None` when it fails or is slow.
    fn ask<T>(
        link: &Link,
        what: &str,
        request: impl std::future::Future<Output = serenity::Result<T>>,
    ) -> Option<T> {
        match link
            .runtime
            .block_on(tokio::time::timeout(ASK_DISCORD_TIMEOUT, request))
        {
            Ok(Ok(answer)) => Some(answer),
            Ok(Err(error)) => {
                warn!(error = %Error::from(error), "could not read {what} from Discord");
                None
            }
            Err(_) => {
                warn!("reading {what} from Discord took too long");
                None
            }
        }
    }

    /// A member's roles: from their latest interaction, the cache, or Discord.
    fn roles_of(
        &self,
        guild: serenity::GuildId,
        user: serenity::UserId,
    ) -> Option<Vec<serenity::RoleId>> {
        let noted = self
            .members
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(guild.get(), user.get()))
            .cloned();
        if noted.is_some() {
            return noted;
        }
        let link = self.link.get()?;
        let cached = link
            .cache
            .guild(guild)
            .and_then(|g| g.members.get(&user).map(|m| m.roles.clone()));
        if cached.is_some() {
            return cached;
        }
        Self::ask(link, "a member", link.http.get_member(guild, user)).map(|m| m.roles)
    }

    /// A server's owner and roles: from the cache, or Discord.
    fn server_roles(&self, guild: serenity::GuildId) -> Option<ServerRoles> {
        let link = self.link.get()?;
        if let Some(cached) = link.cache.guild(guild) {
            return Some(ServerRoles {
                owner: cached.owner_id,
                roles: role_permissions(cached.roles.values()),
            });
        }
        let partial = Self::ask(link, "a server", link.http.get_guild(guild))?;
        Some(ServerRoles {
            owner: partial.owner_id,
            roles: role_permissions(partial.roles.values()),
        })
    }

    /// A channel's overwrites (a thread's: its parent's), from the cache or Discord; `None`
    /// when the channel is not the server's or cannot be read.
    fn overwrites(
        &self,
        guild: serenity::GuildId,
        channel: serenity::ChannelId,
    ) -> Option<Vec<serenity::PermissionOverwrite>> {
        let link = self.link.get()?;
        let mut channel = channel;
        // A thread, then its parent: two steps at most.
        for _ in 0..2 {
            let found = link
                .cache
                .guild(guild)
                .and_then(|g| {
                    g.channels
                        .get(&channel)
                        .or_else(|| g.threads.iter().find(|t| t.id == channel))
                        .cloned()
                })
                .or_else(|| {
                    Self::ask(link, "a channel", link.http.get_channel(channel))
                        .and_then(serenity::Channel::guild)
                })?;
            if found.guild_id != guild {
                return None;
            }
            match (found.thread_metadata.is_some(), found.parent_id) {
                (true, Some(parent)) => channel = parent,
                _ => return Some(found.permission_overwrites),
            }
        }
        None
    }

    /// A member's permissions across their server, and their roles; `None` when unknown.
    fn member_server_permissions(
        &self,
        actor: &Actor,
    ) -> Option<(serenity::Permissions, Vec<serenity::RoleId>)> {
        self.server_permissions_of(
            serenity::GuildId::new(actor.guild),
            serenity::UserId::new(actor.user),
        )
    }

    /// Someone's permissions across a server, and their roles; `None` when unknown.
    fn server_permissions_of(
        &self,
        guild: serenity::GuildId,
        user: serenity::UserId,
    ) -> Option<(serenity::Permissions, Vec<serenity::RoleId>)> {
        let roles = self.roles_of(guild, user)?;
        let server = self.server_roles(guild)?;
        let permissions = server_permissions(guild, server.owner, user, &roles, |role| {
            server.roles.get(&role).copied()
        });
        Some((permissions, roles))
    }
}

fn role_permissions<'a>(
    roles: impl Iterator<Item = &'a serenity::Role>,
) -> HashMap<serenity::RoleId, serenity::Permissions> {
    roles.map(|role| (role.id, role.permissions)).collect()
}

impl Access for DiscordAccess {
    fn can_view(&self, actor: &Actor, channel: ChannelId) -> bool {
        if actor.guild == 0 || actor.user == 0 || channel == 0 {
            return false;
        }
        let guild = serenity::GuildId::new(actor.guild);
        let Some((server, roles)) = self.member_server_permissions(actor) else {
            return false;
        };
        let Some(overwrites) = self.overwrites(guild, serenity::ChannelId::new(channel)) else {
            return false;
        };
        let user = serenity::UserId::new(actor.user);
        channel_permissions(guild, user, &roles, server, &overwrites)
            .contains(serenity::Permissions::VIEW_CHANNEL)
    }

    fn bot_cannot_post(&self, actor: &Actor, channel: ChannelId) -> Option<String> {
        if actor.guild == 0 || channel == 0 {
            return None;
        }
        let link = self.link.get()?;
        let guild = serenity::GuildId::new(actor.guild);
        let bot = link.cache.current_user().id;
        let (server, roles) = self.server_permissions_of(guild, bot)?;
        let channel = serenity::ChannelId::new(channel);
        let overwrites = self.overwrites(guild, channel)?;
        let have = channel_permissions(guild, bot, &roles, server, &overwrites);
        let in_thread = link
            .cache
            .guild(guild)
            .is_some_and(|g| g.threads.iter().any(|t| t.id == channel));
        let missing = missing_permissions(Some(have), in_thread);
        (!missing.is_empty()).then(|| permission_names(actor.language, missing))
    }

    fn server_powers(&self, actor: &Actor) -> ServerPowers {
        if actor.guild == 0 || actor.user == 0 {
            return ServerPowers::default();
        }
        let Some((server, _)) = self.member_server_permissions(actor) else {
            return ServerPowers::default();
        };
        ServerPowers {
            moderate: server.contains(serenity::Permissions::MANAGE_MESSAGES),
            manage: server.contains(serenity::Permissions::MANAGE_GUILD),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_named() {
        dama_core::i18n::set_strict(true);
        let all = NEEDED_PERMISSIONS;
        assert!(missing_permissions(Some(all), false).is_empty());
        assert!(
            missing_permissions(None, false).is_empty(),
            "unknown permissions do not block"
        );
        let without_files =
            all - serenity::Permissions::ATTACH_FILES - serenity::Permissions::EMBED_LINKS;
        let missing = missing_permissions(Some(without_files), false);
        assert_eq!(
            missing,
            serenity::Permissions::ATTACH_FILES | serenity::Permissions::EMBED_LINKS
        );
        let text = missing_permissions_text(Language::En, missing);
        assert!(
            text.contains("**Embed Links**") && text.contains("**Attach Files**"),
            "{text}"
        );
        assert!(text.contains("permissions"), "{text}");
        // In a thread, Send Messages in Threads is what counts.
        let thread = all - serenity::Permissions::SEND_MESSAGES;
        assert_eq!(
            missing_permissions(Some(thread), true),
            serenity::Permissions::SEND_MESSAGES_IN_THREADS
        );
        let in_thread = thread | serenity::Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing_permissions(Some(in_thread), true).is_empty());
        assert_eq!(
            missing_permissions_text(Language::En, serenity::Permissions::READ_MESSAGE_HISTORY),
            "I cannot run games in this channel: I am missing the permission **Read Message History**. \
             Ask a server admin to grant it to my role (or in this channel's settings), then try again."
        );
    }

    #[test]
    fn missing_permissions_are_named_as_discord_shows_them_in_italian_and_spanish() {
        dama_core::i18n::set_strict(true);
        let two = serenity::Permissions::ATTACH_FILES | serenity::Permissions::EMBED_LINKS;
        let italian = missing_permissions_text(Language::It, two);
        assert!(
            italian.contains("mancano i permessi")
                && italian.contains("**Allegare file**")
                && italian.contains("**Incorporare link**")
                && italian.contains("concederli"),
            "{italian}"
        );
        let one = missing_permissions_text(Language::Es, serenity::Permissions::ATTACH_FILES);
        assert!(
            one.contains("me falta el permiso **Adjuntar archivos**") && one.contains("se lo dé"),
            "{one}"
        );
        for language in Language::ALL {
            for permission in (NEEDED_PERMISSIONS
                | INVITE_PERMISSIONS
                | serenity::Permissions::MANAGE_MESSAGES
                | serenity::Permissions::MANAGE_GUILD)
                .iter()
            {
                let name = permission_name(language, permission);
                assert!(
                    !name.is_empty() && !name.contains('{'),
                    "{language:?}: {name}"
                );
            }
            assert!(!guild_only_text(language).contains("{$"));
        }
        assert_eq!(
            permission_name(Language::It, serenity::Permissions::MANAGE_GUILD),
            "Gestire il server"
        );
        assert_eq!(
            permission_name(Language::Es, serenity::Permissions::MANAGE_GUILD),
            "Gestionar servidor"
        );
        assert_eq!(
            permission_name(Language::En, serenity::Permissions::ATTACH_FILES),
            serenity::Permissions::ATTACH_FILES.get_permission_names()[0]
        );
    }

    #[test]
    fn the_invite_links_ask_for_every_permission_the_bot_uses() {
        let link = format!("permissions={}", INVITE_PERMISSIONS.bits());
        assert_eq!(INVITE_PERMISSIONS.bits(), 309_237_763_072);
        assert!(INVITE_PERMISSIONS.contains(crate::call::THREAD_PERMISSIONS));
        assert!(
            include_str!("../../../README.md").contains(&link),
            "README: {link}"
        );
        assert!(crate::NO_TOKEN_HELP.contains(&link), "help: {link}");
    }
}

#[cfg(test)]
mod member_tests {
    use self::serenity::{
        GuildId, PermissionOverwrite, PermissionOverwriteType as Kind, Permissions as P, RoleId,
        UserId,
    };
    use super::*;

    const GUILD: GuildId = GuildId::new(1);
    const OWNER: UserId = UserId::new(2);
    const MEMBER: UserId = UserId::new(3);
    const STAFF: RoleId = RoleId::new(10);
    const MODS: RoleId = RoleId::new(11);
    const ADMINS: RoleId = RoleId::new(12);

    fn roles(role: RoleId) -> Option<P> {
        match role.get() {
            1 => Some(P::VIEW_CHANNEL | P::SEND_MESSAGES),
            10 => Some(P::empty()),
            11 => Some(P::MANAGE_MESSAGES),
            12 => Some(P::ADMINISTRATOR),
            _ => None,
        }
    }

    fn overwrite(kind: Kind, allow: P, deny: P) -> PermissionOverwrite {
        PermissionOverwrite { allow, deny, kind }
    }

    #[test]
    fn server_permissions_come_from_everyone_and_the_members_roles() {
        let base =
            |member_roles: &[RoleId]| server_permissions(GUILD, OWNER, MEMBER, member_roles, roles);
        assert_eq!(base(&[]), P::VIEW_CHANNEL | P::SEND_MESSAGES);
        assert!(base(&[MODS]).contains(P::MANAGE_MESSAGES));
        assert!(!base(&[STAFF]).contains(P::MANAGE_MESSAGES));
        assert_eq!(base(&[ADMINS]), P::all());
        assert_eq!(
            base(&[RoleId::new(99)]),
            base(&[]),
            "an unknown role grants nothing"
        );
        assert_eq!(
            server_permissions(GUILD, OWNER, OWNER, &[], roles),
            P::all()
        );
    }

    #[test]
    fn channel_overwrites_apply_in_discords_order() {
        let everyone = RoleId::new(GUILD.get());
        let hidden = [
            overwrite(Kind::Role(everyone), P::empty(), P::VIEW_CHANNEL),
            overwrite(Kind::Role(STAFF), P::VIEW_CHANNEL, P::empty()),
        ];
        let in_channel = |member_roles: &[RoleId], overwrites: &[PermissionOverwrite]| {
            let base = server_permissions(GUILD, OWNER, MEMBER, member_roles, roles);
            channel_permissions(GUILD, MEMBER, member_roles, base, overwrites)
                .contains(P::VIEW_CHANNEL)
        };
        assert!(!in_channel(&[], &hidden), "hidden from @everyone");
        assert!(
            in_channel(&[STAFF], &hidden),
            "a role's grant beats @everyone's denial"
        );
        assert!(
            in_channel(&[ADMINS], &hidden),
            "administrators see everything"
        );
        // A role's grant beats another role's denial; the member's own denial beats both.
        let mixed = [
            overwrite(Kind::Role(MODS), P::empty(), P::VIEW_CHANNEL),
            overwrite(Kind::Role(STAFF), P::VIEW_CHANNEL, P::empty()),
        ];
        assert!(in_channel(&[STAFF, MODS], &mixed));
        let mut denied = mixed.to_vec();
        denied.push(overwrite(Kind::Member(MEMBER), P::empty(), P::VIEW_CHANNEL));
        assert!(!in_channel(&[STAFF, MODS], &denied));
        // Another member's overwrite does not count.
        let other = [overwrite(
            Kind::Member(UserId::new(4)),
            P::empty(),
            P::VIEW_CHANNEL,
        )];
        assert!(in_channel(&[], &other));
        // Manage Messages from a channel's overwrite is the channel's, not the server's.
        let granted = [overwrite(
            Kind::Member(MEMBER),
            P::MANAGE_MESSAGES,
            P::empty(),
        )];
        let base = server_permissions(GUILD, OWNER, MEMBER, &[], roles);
        assert!(!base.contains(P::MANAGE_MESSAGES));
        assert!(
            channel_permissions(GUILD, MEMBER, &[], base, &granted).contains(P::MANAGE_MESSAGES)
        );
    }
}
