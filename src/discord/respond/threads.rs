//! A game's thread: opened from the line that says the game starts, with the first board in
//! it (or that board in the channel when no thread can be opened), and archived at the end.

use poise::serenity_prelude as serenity;
use tracing::info;

use super::{Data, Error, place, post_notices, remember};
use crate::discord::outgoing::{DiscordMessage, Outgoing, thread_name};
use crate::game::ServiceError;
use crate::store::MessageRef;

/// How long a game's thread stays open without a message before Discord archives it, in
/// minutes: a week, the longest Discord allows, since a game may wait days for a move (a
/// message in an archived thread opens it again, and the bot archives the thread itself when
/// the game ends).
pub const THREAD_AUTO_ARCHIVE: serenity::AutoArchiveDuration =
    serenity::AutoArchiveDuration::OneWeek;

/// Opens the thread of a starting game from the message `from` (the line that says it
/// starts), tells the service, and posts the game's first board there. When the thread cannot
/// be opened (no permission, a channel without threads, no message to start it from) the
/// service hears so and the board goes in `channel`.
pub(super) async fn start_game_thread(
    http: &serenity::Http,
    data: &Data,
    start: &crate::game::ThreadStart,
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
        ))
    });
    let outgoing = job.await??;
    let target = opened.unwrap_or(channel);
    let message = DiscordMessage::new(&outgoing, place(guild, 0));
    let posted = target
        .send_message(http, message.into_create_message())
        .await?;
    remember(http, data, &outgoing.reply, &posted).await;
    post_notices(http, data, outgoing.notices.clone()).await;
    Ok(())
}

/// Archives the thread of a game that ended. A failure is logged only (the thread was deleted,
/// or someone archived or locked it already).
pub(super) async fn archive_thread(http: &serenity::Http, thread: u64) {
    let edit = serenity::EditThread::new().archived(true);
    if let Err(error) = serenity::ChannelId::new(thread)
        .edit_thread(http, edit)
        .await
    {
        info!(error = %Error::from(error), thread, "could not archive the thread of a finished game");
    }
}
