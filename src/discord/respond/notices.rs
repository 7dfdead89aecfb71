//! What a reply brings once it is out: the thread of a game that starts, notices posted in
//! order, direct messages (and their fallback in the channel), edits of the messages notices
//! are about.

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::{
    Data, Error, archive_thread, message_ref, place, remember, reopening, start_game_thread,
};
use crate::discord::outgoing::{DiscordMessage, Outgoing, direct_fallback, ping_after_update};
use crate::game::Notice;
use crate::store::MessageRef;
/// What a reply brings once it is out (at `posted`, when it is known): the thread of a game
/// that starts, with the game's first board in it (or that board in `channel` when no thread
/// can be opened); the notices; the thread of a game that ended, archived. Failures are
/// logged: the reply itself is out. (Callers box it: it is the largest part of an answer.)
pub async fn after_reply(
    http: &serenity::Http,
    data: &Data,
    outgoing: &Outgoing,
    posted: Option<MessageRef>,
    channel: serenity::ChannelId,
    guild: u64,
) {
    let reply = &outgoing.reply;
    if let Some(start) = &reply.thread {
        let from = posted.filter(|_| !reply.ephemeral);
        if let Err(error) =
            Box::pin(start_game_thread(http, data, start, from, channel, guild)).await
        {
            warn!(%error, game = %start.game, "could not post the first board of a game");
        }
    }
    if reply.outbox.is_empty() {
        post_notices(http, data, outgoing.notices.clone()).await;
    } else {
        // Notices of the outbox among them: a failure worth trying again stops the posting,
        // and the rest is left to the sweep.
        let stopped = post_in_order(http, data, outgoing.notices.clone(), true).await;
        for part in reply.outbox.clone() {
            let service = data.service.clone();
            match data
                .work
                .spawn(move || service.reply_delivered(&part, stopped))
                .await
            {
                Ok(Ok(())) => {}
                Ok(Err(error)) => warn!(%error, "could not record a notice's delivery"),
                Err(error) => warn!(%error, "the job recording a notice's delivery failed"),
            }
        }
    }
    if let Some(thread) = reply.archive {
        archive_thread(http, thread).await;
    }
}
/// Posts notices in order (direct messages, lines in a game's channel, boards), then archives
/// the threads their replies close. Each failure is logged and the rest still go.
pub async fn post_notices(http: &serenity::Http, data: &Data, notices: Vec<(Notice, Outgoing)>) {
    post_in_order(http, data, notices, false).await;
}

/// Posts one part of a delivery of the sweep (a notice and its own notices) in order, as
/// [`post_notices`] does, but a failure worth trying again (a Discord 5xx or rate limit, a
/// network error) stops it: the index of that notice is returned, and the part is left for a
/// later attempt (see [`crate::game::GameService::delivered`]). A notice that can never be
/// posted there ([`failed_for_good`]) is dropped and logged, and the rest goes on.
pub async fn post_delivery(
    http: &serenity::Http,
    data: &Data,
    notices: Vec<(Notice, Outgoing)>,
) -> Option<usize> {
    post_in_order(http, data, notices, true).await
}

async fn post_in_order(
    http: &serenity::Http,
    data: &Data,
    notices: Vec<(Notice, Outgoing)>,
    stop_to_retry: bool,
) -> Option<usize> {
    let mut archive = Vec::new();
    let mut stopped = None;
    for (index, (notice, outgoing)) in notices.into_iter().enumerate() {
        let thread = outgoing.reply.archive;
        let channel = notice.channel;
        // Boxed: a notice's delivery (reopening a thread, a direct message's fallback) is a
        // large future, and every caller would carry it.
        match Box::pin(deliver_notice(http, data, notice, outgoing)).await {
            Ok(()) => {}
            Err(error) if !stop_to_retry => warn!(%error, channel, "could not post a notice"),
            Err(error) if failed_for_good(&error) => {
                warn!(%error, channel, "a notice can never be posted there; dropped");
            }
            Err(error) => {
                warn!(%error, channel, "could not post a notice; it is tried again later");
                stopped = Some(index);
                break;
            }
        }
        archive.extend(thread);
    }
    for thread in archive {
        archive_thread(http, thread).await;
    }
    stopped
}

/// Whether a failed post can never succeed: Discord refused it for good, with a 4xx other
/// than a rate limit or a timeout (an unknown channel, 10003; missing access, 50001; missing
/// permissions, 50013). A 5xx, a rate limit or a network error is worth trying again.
#[must_use]
pub fn failed_for_good(error: &Error) -> bool {
    let Error::Discord(error) = error else {
        return false;
    };
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = &**error else {
        return false;
    };
    let status = response.status_code.as_u16();
    (400..500).contains(&status) && status != 408 && status != 429
}

/// Whether Discord refused a direct message because its person does not take them (code
/// 50007, "Cannot send messages to this user"): only then are their direct messages counted as
/// closed.
fn dms_closed(error: &Error) -> bool {
    let Error::Discord(error) = error else {
        return false;
    };
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = &**error else {
        return false;
    };
    response.error.code == 50007
}

/// Posts one notice: a direct message to its person, or a message in its channel (see
/// [`post_notice`]).
pub async fn deliver_notice(
    http: &serenity::Http,
    data: &Data,
    notice: Notice,
    outgoing: Outgoing,
) -> Result<(), Error> {
    let Some(user) = notice.direct else {
        return post_notice(http, data, notice, outgoing).await;
    };
    let Err(error) = send_direct(http, data, user, &outgoing, notice.guild).await else {
        return Ok(());
    };
    if dms_closed(&error) {
        info!(%error, user, "their direct messages are closed; mentioning them in the channel instead");
        let service = data.service.clone();
        if let Err(error) = data.work.spawn(move || service.direct_failed(user)).await {
            warn!(%error, user, "the job noting a failed direct message failed");
        }
    } else {
        // Discord failing for a moment says nothing of the person: the next ones go by DM.
        warn!(%error, user, "a direct message failed; mentioning them in the channel this time");
    }
    let fallback = Outgoing {
        reply: direct_fallback(&outgoing.reply, user),
        ..outgoing
    };
    let notice = Notice {
        direct: None,
        edit: None,
        reply: fallback.reply.clone(),
        ..notice
    };
    post_notice(http, data, notice, fallback).await
}

/// A direct message to `user`: their DM channel (opened with `POST /users/@me/channels` the
/// first time, then remembered), then the message, without components (a click in a DM has
/// no server to act in). Tried once; the caller falls back.
async fn send_direct(
    http: &serenity::Http,
    data: &Data,
    user: u64,
    outgoing: &Outgoing,
    guild: u64,
) -> Result<(), Error> {
    let known = data.dm_channel(user);
    let channel = if let Some(channel) = known {
        serenity::ChannelId::new(channel)
    } else {
        let opened = serenity::UserId::new(user).create_dm_channel(http).await?;
        data.set_dm_channel(user, Some(opened.id.get()));
        opened.id
    };
    let mut message = DiscordMessage::new(outgoing, place(guild, 0));
    message.components.clear();
    if let Err(error) = channel
        .send_message(http, message.into_create_message())
        .await
    {
        if known.is_some() {
            data.set_dm_channel(user, None);
        }
        return Err(error.into());
    }
    Ok(())
}
/// Posts a notice of the sweep (an expired challenge, a forfeited game) or of a reply (a
/// tournament's round): an edit of the message it is about where there is one, else a new
/// message in its channel. A new message that starts a game (`reply.thread`) gets the game's
/// thread opened from it, with the first board there, as a reply that starts a game does.
pub async fn post_notice(
    http: &serenity::Http,
    data: &Data,
    notice: crate::game::Notice,
    outgoing: Outgoing,
) -> Result<(), Error> {
    let message = DiscordMessage::new(&outgoing, place(notice.guild, 0));
    if let Some(target) = notice.edit {
        let channel = serenity::ChannelId::new(target.channel);
        let edit = || {
            let edit = message.clone().into_edit_message();
            channel.edit_message(http, serenity::MessageId::new(target.message), edit)
        };
        match reopening(http, channel, edit).await {
            Ok(edited) => {
                remember(http, data, &outgoing.reply, &edited).await;
                // An edit notifies nobody: the people the notice is for get a short ping.
                if let Some(ping) = ping_after_update(
                    &outgoing.reply,
                    0,
                    place(notice.guild, 0),
                    Some(target),
                    outgoing.language,
                ) {
                    let send = || channel.send_message(http, ping.clone().into_create_message());
                    if let Err(error) = reopening(http, channel, send).await {
                        warn!(error = %Error::from(error), channel = target.channel, "could not ping the players about a notice");
                    }
                }
                return Ok(());
            }
            Err(error) => {
                warn!(error = %Error::from(error), message = target.message, "could not edit a message for a notice; posting anew");
            }
        }
    }
    let channel = serenity::ChannelId::new(notice.channel);
    let send = || channel.send_message(http, message.clone().into_create_message());
    let posted = reopening(http, channel, send).await?;
    remember(http, data, &outgoing.reply, &posted).await;
    // A game that starts with this line (a tournament round's): its thread opens from it.
    if let Some(start) = &outgoing.reply.thread {
        let from = Some(message_ref(&posted));
        let opened = Box::pin(start_game_thread(
            http,
            data,
            start,
            from,
            channel,
            notice.guild,
        ));
        if let Err(error) = opened.await {
            warn!(%error, game = %start.game, "could not post the first board of a game");
        }
    }
    Ok(())
}
