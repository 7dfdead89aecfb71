//! What the bot needs in a channel to run games there, and what it says when it lacks it
//! (or when a command comes from outside a server).

use poise::serenity_prelude as serenity;

use super::Error;
use crate::i18n::{Language, t};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_named() {
        crate::i18n::set_strict(true);
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
        crate::i18n::set_strict(true);
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
        assert!(INVITE_PERMISSIONS.contains(crate::discord::call::THREAD_PERMISSIONS));
        assert!(
            include_str!("../../README.md").contains(&link),
            "README: {link}"
        );
        assert!(crate::cli::NO_TOKEN_HELP.contains(&link), "help: {link}");
    }
}
