//! A game's thread on Discord: reopened when Discord archived it and the bot has something to
//! post or edit there, and at once while its game is still played. (Opening it, adding its
//! players and letting it wind down are [`crate::chat::DiscordChat`]'s.)

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::{Data, Error};
use crate::errors::thread_archived;

/// How long a game's thread stays open without a message before Discord archives it: a week,
/// the longest Discord allows. A game may wait longer for a move; the bot reopens the thread
/// before it posts or edits there (`reopening`), and when someone acts in it
/// (`reopen_if_archived`).
pub const THREAD_AUTO_ARCHIVE: serenity::AutoArchiveDuration =
    serenity::AutoArchiveDuration::OneWeek;

/// How long the thread of a finished game stays open without a message: a day, for a rematch,
/// a flipped board, `/analysis`, `/pdn` or `/replay` there; then Discord archives it.
pub const FINISHED_THREAD_AUTO_ARCHIVE: serenity::AutoArchiveDuration =
    serenity::AutoArchiveDuration::OneDay;

/// Runs `act` (a post or an edit in `channel`); when Discord refuses it because `channel` is a
/// thread it archived (code 50083), reopens the thread (the bot created it) and runs `act`
/// once more.
pub async fn reopening<T, F, Act>(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    mut act: F,
) -> Result<T, serenity::Error>
where
    F: FnMut() -> Act,
    Act: Future<Output = Result<T, serenity::Error>>,
{
    // Boxed: a post's future is large, and callers await this in long chains.
    match Box::pin(act()).await {
        Err(error) if thread_archived(&error) => {
            info!(
                thread = channel.get(),
                "the thread was archived; reopening it"
            );
            reopen(http, channel).await?;
            Box::pin(act()).await
        }
        other => other,
    }
}

async fn reopen(http: &serenity::Http, thread: serenity::ChannelId) -> Result<(), serenity::Error> {
    let edit = serenity::EditThread::new().archived(false);
    thread.edit_thread(http, edit).await.map(drop)
}

/// After an interaction in a thread Discord had archived (its members may still act there):
/// reopens the thread, so the board posted in answer keeps its buttons and menu usable.
pub(super) async fn reopen_if_archived(
    http: &serenity::Http,
    channel: Option<&serenity::PartialChannel>,
) {
    let Some(channel) = channel else {
        return;
    };
    let archived = channel
        .thread_metadata
        .as_ref()
        .is_some_and(|metadata| metadata.archived);
    if archived {
        if let Err(error) = reopen(http, channel.id).await {
            warn!(error = %Error::from(error), thread = channel.id.get(), "could not reopen an archived thread");
        }
    }
}

/// A thread Discord archived (THREAD_UPDATE, after its silence or by someone's hand): when the
/// bot opened it and a game is still played there, reopens it at once, so the live board
/// keeps its buttons and menu for everyone (clients grey out components in archived threads).
/// A finished game's thread, a locked one and other threads stay as they are.
pub async fn keep_live_game_thread_open(
    ctx: &serenity::Context,
    data: &Data,
    thread: &serenity::GuildChannel,
) {
    let archived = thread
        .thread_metadata
        .is_some_and(|metadata| metadata.archived && !metadata.locked);
    if !archived || thread.owner_id != Some(ctx.cache.current_user().id) {
        return;
    }
    let service = data.service.clone();
    let id = thread.id.get();
    match data
        .work
        .spawn(move || service.thread_has_live_game(id))
        .await
    {
        Ok(Ok(true)) => {
            info!(
                thread = id,
                "a live game's thread was archived; reopening it"
            );
            if let Err(error) = reopen(&ctx.http, thread.id).await {
                warn!(error = %Error::from(error), thread = id, "could not reopen a live game's thread");
            }
        }
        Ok(Ok(false)) => {}
        Ok(Err(error)) => {
            warn!(%error, thread = id, "could not tell whether an archived thread has a live game");
        }
        Err(error) => warn!(%error, thread = id, "the look-up of an archived thread failed"),
    }
}
