//! What the bot needs in a channel to run games there, and what it says when it lacks it
//! (or when a command comes from outside a server).

use poise::serenity_prelude as serenity;

use super::Error;

/// The text for someone who uses a command outside a server.
pub const GUILD_ONLY_TEXT: &str = "Dama is played in server channels: use the commands there.";

/// The permissions the bot needs in a channel to run games there.
pub const NEEDED_PERMISSIONS: serenity::Permissions = serenity::Permissions::VIEW_CHANNEL
    .union(serenity::Permissions::SEND_MESSAGES)
    .union(serenity::Permissions::EMBED_LINKS)
    .union(serenity::Permissions::ATTACH_FILES)
    .union(serenity::Permissions::READ_MESSAGE_HISTORY);

/// The permissions of the invite link (README, and the help without a token): those needed in
/// a channel, and Send Messages in Threads for games in threads.
pub const INVITE_PERMISSIONS: serenity::Permissions =
    NEEDED_PERMISSIONS.union(serenity::Permissions::SEND_MESSAGES_IN_THREADS);

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

/// What the bot says when it lacks permissions in a channel.
#[must_use]
pub fn missing_permissions_text(missing: serenity::Permissions) -> String {
    let names: Vec<String> = missing
        .get_permission_names()
        .iter()
        .map(|n| format!("**{n}**"))
        .collect();
    format!(
        "I cannot run games in this channel: I am missing the permission{} {}. \
         Ask a server admin to grant {} to my role (or in this channel's settings), then try again.",
        if names.len() == 1 { "" } else { "s" },
        names.join(", "),
        if names.len() == 1 { "it" } else { "them" },
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

/// The permission check of an interaction: `Err` with the text to show when one is missing.
pub fn check_permissions(
    app_permissions: Option<serenity::Permissions>,
    channel: Option<&serenity::PartialChannel>,
) -> Result<(), Error> {
    let missing = missing_permissions(app_permissions, is_thread(channel));
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Error::Refused(missing_permissions_text(missing)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_named() {
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
        let text = missing_permissions_text(missing);
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
            missing_permissions_text(serenity::Permissions::READ_MESSAGE_HISTORY),
            "I cannot run games in this channel: I am missing the permission **Read Message History**. \
             Ask a server admin to grant it to my role (or in this channel's settings), then try again."
        );
    }

    #[test]
    fn the_invite_links_ask_for_every_permission_the_bot_uses() {
        let link = format!("permissions={}", INVITE_PERMISSIONS.bits());
        assert_eq!(INVITE_PERMISSIONS.bits(), 274_878_024_704);
        assert!(
            include_str!("../../README.md").contains(&link),
            "README: {link}"
        );
        assert!(crate::cli::NO_TOKEN_HELP.contains(&link), "help: {link}");
    }
}
