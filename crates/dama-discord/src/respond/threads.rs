//! A game's thread: opened from the line that says the game starts, with its players added
//! and the first board in it (or that board in the channel when no thread can be opened);
//! reopened when Discord archived it and the bot has something to post or edit there, and at
//! once while its game is still played; left to archive itself a day after the game's end.

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::{Data, Error, place, post_notices, remember};
use crate::errors::thread_archived;
use crate::outgoing::{DiscordMessage, Outgoing, thread_name};
use dama_core::store::MessageRef;
use dama_service::ServiceError;

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

/// Opens the thread of a starting game from the message `from` (the line that says it
/// starts), tells the service, and posts the game's first board there. When the thread cannot
/// be opened (no permission, a channel without threads, no message to start it from) the
/// service hears so and the board goes in `channel`.
pub(super) async fn start_game_thread(
    http: &serenity::Http,
    data: &Data,
    start: &dama_service::ThreadStart,
    from: Option<MessageRef>,
    channel: serenity::ChannelId,
    guild: u64,
) -> Result<(), Error> {
    let opened = match from {
        Some(from) => {
            let builder = serenity::CreateThread::new(thread_name(&start.name))
                .auto_archive_duration(THREAD_AUTO_ARCHIVE);
            match serenity::ChannelId::new(from.channel)
                .create_thread_from_message(http, serenity::MessageId::new(from.message), builder)
                .await
            {
                Ok(thread) => Some(thread.id),
                Err(error) => {
                    info!(error = %Error::from(error), game = %start.game, "could not open a thread for a game; it is played in its channel");
                    None
                }
            }
        }
        None => None,
    };
    let service = data.service.clone();
    let renderer = data.renderer.clone();
    let markup = data.markup.clone();
    let game = start.game;
    let job = data.work.spawn(move || {
        let reply = match opened {
            Some(thread) => service.thread_opened(game, thread.get())?,
            None => service.thread_failed(game)?,
        };
        let language = service.server_language(guild);
        Ok::<_, ServiceError>(Outgoing::render_with_notices(
            &renderer,
            reply,
            language,
            &|g| service.server_language(g),
            &markup,
        ))
    });
    let outgoing = job.await??;
    if let Some(thread) = opened {
        add_members(http, thread, &outgoing.reply.mentions).await;
    }
    let target = opened.unwrap_or(channel);
    let message = DiscordMessage::new(&outgoing, place(guild, 0));
    let posted = target
        .send_message(http, message.into_create_message())
        .await?;
    remember(http, data, &outgoing.reply, &posted).await;
    post_notices(http, data, outgoing.notices.clone()).await;
    Ok(())
}

/// Adds the players to their game's thread, so it is in their thread list and they can open
/// it again once Discord archived it. A failure is logged: the first board's mentions add them
/// too.
async fn add_members(http: &serenity::Http, thread: serenity::ChannelId, players: &[u64]) {
    let mut added = Vec::with_capacity(players.len());
    for &player in players {
        if added.contains(&player) {
            continue;
        }
        added.push(player);
        if let Err(error) = thread
            .add_thread_member(http, serenity::UserId::new(player))
            .await
        {
            info!(error = %Error::from(error), thread = thread.get(), player, "could not add a player to their game's thread");
        }
    }
}

/// Lets the thread of a game that ended archive itself after a day without a message
/// ([`FINISHED_THREAD_AUTO_ARCHIVE`]) rather than at once: its final board's Rematch and Flip,
/// and the commands about the game, keep working there meanwhile, for spectators too. A
/// failure is logged only (the thread was deleted, or someone locked it).
pub(super) async fn archive_thread(http: &serenity::Http, thread: u64) {
    let edit = serenity::EditThread::new().auto_archive_duration(FINISHED_THREAD_AUTO_ARCHIVE);
    let channel = serenity::ChannelId::new(thread);
    let result = reopening(http, channel, || channel.edit_thread(http, edit.clone())).await;
    if let Err(error) = result {
        info!(error = %Error::from(error), thread, "could not shorten the life of a finished game's thread");
    }
}

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
