//! From an interaction to the service's terms: who acts and where, a member named in an
//! option, what was clicked, and whether games may go in threads there.

use poise::serenity_prelude as serenity;

use dama_core::i18n::Language;
use dama_core::store::Member;
use dama_service::Actor;

/// A click on a button or a pick in a select menu: the component's id and, for a menu, the
/// values picked. The service reads the id ([`GameService::component`](dama_service::GameService::component)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Click {
    pub custom_id: String,
    pub values: Vec<String>,
}

impl Click {
    /// The click of a component interaction.
    #[must_use]
    pub fn from_data(data: &serenity::ComponentInteractionData) -> Click {
        let values = match &data.kind {
            serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
            _ => Vec::new(),
        };
        Click {
            custom_id: data.custom_id.clone(),
            values,
        }
    }
}

/// What the bot needs in a channel to open a public thread from a message there and play in
/// it: see the channel, post in it, create public threads and post in threads.
pub const THREAD_PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::CREATE_PUBLIC_THREADS)
    .union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

/// Whether the bot may open public threads in an interaction's channel and play in them: the
/// interaction's `app_permissions` hold [`THREAD_PERMISSIONS`] and the channel is a text
/// channel (type 0; not a thread, a voice channel's chat, an announcement channel or a forum).
/// Unknown permissions or an unknown channel say no: the game then stays in the channel.
#[must_use]
pub fn can_open_threads(
    app_permissions: Option<serenity::Permissions>,
    channel: Option<&serenity::PartialChannel>,
) -> bool {
    let text_channel = channel.is_some_and(|c| c.kind == serenity::ChannelType::Text);
    text_channel && app_permissions.is_some_and(|p| p.contains(THREAD_PERMISSIONS))
}

/// Where an interaction happens, as far as the actor is concerned.
#[derive(Debug, Clone, Copy)]
pub struct ChannelContext<'a> {
    pub guild: Option<serenity::GuildId>,
    pub channel: serenity::ChannelId,
    /// The channel as the interaction describes it (its type).
    pub channel_data: Option<&'a serenity::PartialChannel>,
    /// What the bot may do there (the interaction's `app_permissions`).
    pub app_permissions: Option<serenity::Permissions>,
}

impl ChannelContext<'_> {
    /// Where a slash command (or its autocomplete) was used.
    #[must_use]
    pub fn of_command(interaction: &serenity::CommandInteraction) -> ChannelContext<'_> {
        ChannelContext {
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            channel_data: interaction.channel.as_ref(),
            app_permissions: interaction.app_permissions,
        }
    }

    /// Where a component was clicked.
    #[must_use]
    pub fn of_click(interaction: &serenity::ComponentInteraction) -> ChannelContext<'_> {
        ChannelContext {
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            channel_data: interaction.channel.as_ref(),
            app_permissions: interaction.app_permissions,
        }
    }
}

/// A server's feature that says it is a Community server, whose `preferred_locale` its
/// managers chose.
pub const COMMUNITY: &str = "COMMUNITY";

/// Whether a server is a Community server, as the gateway described it (GUILD_CREATE, and
/// GUILD_UPDATE through [`note_guild_update`]; kept in the cache with the `GUILDS` intent):
/// `None` for a server the cache does not hold (outside a server, or before its GUILD_CREATE),
/// and when the interaction's `guild_locale` is not the locale the cache holds: the
/// interaction then came after a GUILD_UPDATE the cache has not taken yet (serenity hands
/// events and interactions to separate tasks), so the cache's features are not to be trusted.
#[must_use]
pub fn is_community(
    cache: &serenity::Cache,
    guild: Option<serenity::GuildId>,
    guild_locale: Option<&str>,
) -> Option<bool> {
    let guild = cache.guild(guild?)?;
    if guild_locale.is_some_and(|locale| locale != guild.preferred_locale) {
        return None;
    }
    Some(guild.features.iter().any(|f| f == COMMUNITY))
}

/// Applies a GUILD_UPDATE to the cache. serenity 0.12.5 hands the event to the handlers
/// without applying it to its cache, so a server that becomes a Community server (or stops
/// being one) while the bot runs would keep the features of its GUILD_CREATE until the next
/// connection.
pub fn note_guild_update(cache: &serenity::Cache, guild: &serenity::PartialGuild) {
    // The event is `#[non_exhaustive]` and transparent over the guild: built through serde.
    let event = serenity::json::to_string(guild)
        .and_then(serenity::json::from_str::<serenity::GuildUpdateEvent>);
    match event {
        Ok(mut event) => {
            cache.update(&mut event);
        }
        Err(error) => {
            tracing::warn!(%error, guild = guild.id.get(), "a guild update the cache cannot take");
        }
    }
}

/// What Discord reports as the locale of every server that is not a Community server.
pub const ORDINARY_SERVER_LOCALE: &str = "en-US";

/// The server's own language of an interaction: its `guild_locale` in a Community server, else
/// none. Discord reports `en-US` for every other server whatever its members speak, so there
/// the locale says nothing. `community` is what the cache knows ([`is_community`]); for a
/// server it does not hold (its GUILD_CREATE not received yet, or the cache lost it) a locale
/// other than `en-US` is taken as chosen, since only a Community server can choose one.
#[must_use]
pub fn server_locale(community: Option<bool>, guild_locale: Option<&str>) -> Option<&str> {
    guild_locale.filter(|locale| match community {
        Some(community) => community,
        None => *locale != ORDINARY_SERVER_LOCALE,
    })
}

/// Who acts: the invoking user in a guild channel. `None` outside a guild (in DMs).
///
/// The member's `permissions` are those Discord resolved for the interaction's channel;
/// Manage Messages there makes a moderator. The `locale` is the user's Discord language (the
/// interaction's `locale`), which the actor's replies follow; the `guild_locale` is the server's,
/// for its public messages, where it chose one (see [`server_locale`]). The bot's own permissions and the channel's type say whether games
/// may go in threads ([`can_open_threads`]).
#[must_use]
pub fn actor(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    place: ChannelContext<'_>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Option<Actor> {
    let guild = place.guild?;
    let channel = place.channel;
    let name = member.map_or_else(|| user.display_name(), serenity::Member::display_name);
    let can_moderate = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_MESSAGES));
    let can_manage_server = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_GUILD));
    Some(
        Actor::new(user.id.get(), name, guild.get(), channel.get())
            .can_moderate(can_moderate)
            .can_manage_server(can_manage_server)
            .language(Language::from_locale(locale))
            .guild_language(guild_locale.map(Language::from_locale))
            .can_open_threads(can_open_threads(place.app_permissions, place.channel_data)),
    )
}

/// Who uses a slash command or its autocomplete ([`actor`]), the server's language as far as
/// the cache knows the server ([`is_community`], [`server_locale`]). `None` outside a guild.
#[must_use]
pub fn command_actor(
    cache: &serenity::Cache,
    interaction: &serenity::CommandInteraction,
) -> Option<Actor> {
    actor_with_cache(
        cache,
        &interaction.user,
        interaction.member.as_deref(),
        ChannelContext::of_command(interaction),
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    )
}

/// Who clicks a component, as [`command_actor`] for a slash command.
#[must_use]
pub fn click_actor(
    cache: &serenity::Cache,
    interaction: &serenity::ComponentInteraction,
) -> Option<Actor> {
    actor_with_cache(
        cache,
        &interaction.user,
        interaction.member.as_ref(),
        ChannelContext::of_click(interaction),
        &interaction.locale,
        interaction.guild_locale.as_deref(),
    )
}

/// [`actor`], with the server's own language only where the cache says it chose one.
fn actor_with_cache(
    cache: &serenity::Cache,
    user: &serenity::User,
    member: Option<&serenity::Member>,
    place: ChannelContext<'_>,
    locale: &str,
    guild_locale: Option<&str>,
) -> Option<Actor> {
    let community = is_community(cache, place.guild, guild_locale);
    actor(
        user,
        member,
        place,
        locale,
        server_locale(community, guild_locale),
    )
}

/// A member named in an option, with the server nickname when Discord resolved one.
#[must_use]
pub fn member(user: &serenity::User, resolved: &serenity::CommandDataResolved) -> Member {
    let nick = resolved.members.get(&user.id).and_then(|m| m.nick.clone());
    Member {
        user: user.id.get(),
        name: nick.unwrap_or_else(|| user.display_name().to_owned()),
        is_bot: user.bot,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A component interaction as Discord sends it (trimmed to the fields that matter).
    fn component_interaction(data: &serde_json::Value) -> serenity::ComponentInteraction {
        let json = serde_json::json!({
            "id": "1100", "application_id": "900", "type": 3, "token": "tok", "version": 1,
            "guild_id": "10", "channel_id": "20", "locale": "it", "entitlements": [],
            "attachment_size_limit": 10_485_760, "app_permissions": "117760",
            "member": {
                "user": {"id": "42", "username": "alice", "global_name": "Alice", "discriminator": "0"},
                "nick": "Ali", "roles": [], "joined_at": "2024-01-01T00:00:00Z",
                "deaf": false, "mute": false, "flags": 0, "permissions": "8192"
            },
            "message": {
                "id": "555", "channel_id": "20", "content": "", "timestamp": "2024-01-01T00:00:00Z",
                "author": {"id": "900", "username": "dama", "discriminator": "0", "bot": true},
                "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [], "pinned": false, "type": 0
            },
            "data": data,
        });
        serde_json::from_value(json).expect("a well-formed component interaction")
    }

    #[test]
    fn select_menu_pick_becomes_a_component_call_with_its_value() {
        let interaction = component_interaction(&serde_json::json!({
            "custom_id": "g:7:12:move", "component_type": 3, "values": ["22x13x6"]
        }));
        assert_eq!(
            Click::from_data(&interaction.data),
            Click {
                custom_id: "g:7:12:move".into(),
                values: vec!["22x13x6".into()]
            }
        );
        let actor = actor(
            &interaction.user,
            interaction.member.as_ref(),
            ChannelContext::of_click(&interaction),
            &interaction.locale,
            interaction.guild_locale.as_deref(),
        )
        .unwrap();
        assert_eq!(
            actor,
            Actor::new(42, "Ali", 10, 20)
                .can_moderate(true)
                .language(Language::It)
                .can_open_threads(false)
        );
    }

    #[test]
    fn button_click_has_no_values() {
        let interaction = component_interaction(&serde_json::json!({
            "custom_id": "c:3:accept", "component_type": 2
        }));
        assert_eq!(
            Click::from_data(&interaction.data),
            Click {
                custom_id: "c:3:accept".into(),
                values: vec![]
            }
        );
    }

    /// Channel 1 of guild `guild`, nothing known of its type or the bot's permissions.
    fn in_guild(guild: Option<u64>) -> ChannelContext<'static> {
        ChannelContext {
            guild: guild.map(serenity::GuildId::new),
            channel: serenity::ChannelId::new(1),
            channel_data: None,
            app_permissions: None,
        }
    }

    fn channel_of_type(kind: u8) -> serenity::PartialChannel {
        serde_json::from_value(serde_json::json!({
            "id": "20", "name": "games", "type": kind, "permissions": "0"
        }))
        .expect("a well-formed partial channel")
    }

    #[test]
    fn threads_need_their_permissions_in_a_text_channel() {
        use poise::serenity_prelude::Permissions as P;
        let text = channel_of_type(0);
        let invite = P::VIEW_CHANNEL
            | P::SEND_MESSAGES
            | P::EMBED_LINKS
            | P::ATTACH_FILES
            | P::READ_MESSAGE_HISTORY
            | P::CREATE_PUBLIC_THREADS
            | P::SEND_MESSAGES_IN_THREADS;
        assert!(can_open_threads(Some(invite), Some(&text)));
        for lacking in [
            P::CREATE_PUBLIC_THREADS,
            P::SEND_MESSAGES_IN_THREADS,
            P::VIEW_CHANNEL,
            P::SEND_MESSAGES,
        ] {
            assert!(
                !can_open_threads(Some(invite - lacking), Some(&text)),
                "without {lacking:?}"
            );
        }
        // 11: a public thread, 2: a voice channel's chat, 15: a forum, 5: announcements.
        for kind in [11, 12, 2, 15, 5] {
            assert!(
                !can_open_threads(Some(invite), Some(&channel_of_type(kind))),
                "channel type {kind}"
            );
        }
        assert!(!can_open_threads(None, Some(&text)), "unknown permissions");
        assert!(!can_open_threads(Some(invite), None), "an unknown channel");
    }

    #[test]
    fn a_click_in_a_text_channel_with_the_thread_permissions_may_open_threads() {
        let mut interaction = component_interaction(&serde_json::json!({
            "custom_id": "c:3:accept", "component_type": 2
        }));
        interaction.channel = Some(channel_of_type(0));
        interaction.app_permissions = Some(THREAD_PERMISSIONS);
        let opens = |interaction: &serenity::ComponentInteraction| {
            actor(
                &interaction.user,
                interaction.member.as_ref(),
                ChannelContext::of_click(interaction),
                &interaction.locale,
                None,
            )
            .unwrap()
            .can_open_threads
        };
        assert!(opens(&interaction));
        interaction.channel = Some(channel_of_type(11));
        assert!(!opens(&interaction), "in a thread");
    }

    #[test]
    fn only_a_community_server_has_a_language_of_its_own() {
        let cache = serenity::Cache::new();
        let guild = Some(serenity::GuildId::new(10));
        assert_eq!(
            is_community(&cache, guild, None),
            None,
            "a server not in the cache"
        );
        assert_eq!(is_community(&cache, None, None), None, "outside a server");
        assert_eq!(server_locale(Some(false), Some("en-US")), None);
        assert_eq!(server_locale(Some(false), Some("it")), None, "not chosen");
        assert_eq!(server_locale(Some(true), Some("en-US")), Some("en-US"));
        assert_eq!(server_locale(Some(true), Some("it")), Some("it"));
        assert_eq!(server_locale(Some(true), None), None);
        assert_eq!(server_locale(None, Some("en-US")), None, "not in the cache");
        assert_eq!(
            server_locale(None, Some("it")),
            Some("it"),
            "not in the cache"
        );
    }

    fn guild_create(features: &[&str]) -> serenity::GuildCreateEvent {
        serde_json::from_value(serde_json::json!({
            "id": "10", "name": "Circolo", "icon": null, "splash": null,
            "discovery_splash": null, "owner_id": "1", "afk_channel_id": null,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "roles": [], "emojis": [], "features": features,
            "mfa_level": 0, "application_id": null, "system_channel_id": null,
            "system_channel_flags": 0, "rules_channel_id": null, "vanity_url_code": null,
            "description": null, "banner": null, "premium_tier": 0,
            "preferred_locale": "it", "public_updates_channel_id": null, "nsfw_level": 0,
            "premium_progress_bar_enabled": false, "joined_at": "2024-01-01T00:00:00Z",
            "large": false, "member_count": 1, "members": [], "channels": [], "threads": [],
            "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "stickers": []
        }))
        .unwrap()
    }

    #[test]
    fn the_cache_follows_a_server_that_becomes_a_community_server() {
        let cache = serenity::Cache::new();
        let guild = Some(serenity::GuildId::new(10));
        cache.update(&mut guild_create(&[]));
        assert_eq!(is_community(&cache, guild, None), Some(false));
        let mut update = serde_json::to_value(&guild_create(&["COMMUNITY"]).guild).unwrap();
        for key in [
            "joined_at",
            "large",
            "member_count",
            "members",
            "channels",
            "threads",
        ] {
            update.as_object_mut().unwrap().remove(key);
        }
        let partial: serenity::PartialGuild = serde_json::from_value(update).unwrap();
        note_guild_update(&cache, &partial);
        assert_eq!(is_community(&cache, guild, None), Some(true));
        assert_eq!(is_community(&cache, guild, Some("it")), Some(true));
        // An interaction reporting another locale came after an update the cache lacks.
        assert_eq!(is_community(&cache, guild, Some("en-US")), None);
    }

    #[test]
    fn actor_needs_a_guild_and_manage_messages_to_moderate() {
        let user: serenity::User = serde_json::from_value(serde_json::json!({
            "id": "5", "username": "bob", "global_name": null, "discriminator": "0"
        }))
        .unwrap();
        assert_eq!(actor(&user, None, in_guild(None), "en-US", None), None);
        let plain = actor(&user, None, in_guild(Some(2)), "es-419", Some("es-ES")).unwrap();
        assert_eq!(plain.name, "bob");
        assert_eq!(plain.language, Language::Es);
        assert!(!plain.can_moderate);
        let mut member: serenity::Member = serde_json::from_value(serde_json::json!({
            "user": {"id": "5", "username": "bob", "discriminator": "0"}, "roles": [],
            "joined_at": "2024-01-01T00:00:00Z", "deaf": false, "mute": false, "flags": 0,
            "permissions": "3072"
        }))
        .unwrap();
        let viewer = actor(
            &user,
            Some(&member),
            in_guild(Some(2)),
            "en-GB",
            Some("es-ES"),
        )
        .unwrap();
        assert!(
            !viewer.can_moderate,
            "View Channel and Send Messages do not moderate"
        );
        member.permissions = Some(serenity::Permissions::MANAGE_MESSAGES);
        let moderator = actor(
            &user,
            Some(&member),
            in_guild(Some(2)),
            "en-GB",
            Some("es-ES"),
        )
        .unwrap();
        assert!(moderator.can_moderate);
    }

    #[test]
    fn named_member_uses_the_resolved_nickname() {
        let resolved: serenity::CommandDataResolved = serde_json::from_value(serde_json::json!({
            "users": {"7": {"id": "7", "username": "carol", "global_name": "Carol", "discriminator": "0"}},
            "members": {"7": {"nick": "Caro", "roles": [], "joined_at": "2024-01-01T00:00:00Z",
                              "deaf": false, "mute": false, "flags": 0}}
        }))
        .unwrap();
        let carol = &resolved.users[&serenity::UserId::new(7)];
        assert_eq!(
            member(carol, &resolved),
            Member {
                user: 7,
                name: "Caro".into(),
                is_bot: false
            }
        );
        let no_members = serenity::CommandDataResolved::default();
        assert_eq!(member(carol, &no_members).name, "Carol");
        let mut bot = carol.clone();
        bot.bot = true;
        assert!(member(&bot, &no_members).is_bot);
    }
}
