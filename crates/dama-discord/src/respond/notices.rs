//! What a reply brings once it is out: the thread of a game that starts, notices posted in
//! order, direct messages (and their fallback in the channel), edits of the messages notices
//! are about.

use std::time::Instant;

use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

use super::lanes::{Job, Parts, post_jobs};
use super::{
    Data, Error, archive_thread, message_ref, place, remember, reopening, start_game_thread,
};
use crate::outgoing::{DiscordMessage, Outgoing, direct_fallback, ping_after_update};
use crate::ratelimits::rate_limited;
use dama_core::store::MessageRef;
use dama_service::{Delivery, Notice, ReplyOutbox};
/// What a reply brings once it is out (at `posted`, when it is known): the thread of a game
/// that starts, with the game's first board in it (or that board in `channel` when no thread
/// can be opened); the notices, channel by channel (see `lanes::post_jobs`), those of the outbox
/// reported; the thread of a game that ended, archived. Failures are logged: the reply itself
/// is out. (Callers box it: it is the largest part of an answer.)
pub async fn after_reply(
    http: &serenity::Http,
    data: &Data,
    outgoing: &Outgoing,
    posted: Option<MessageRef>,
    channel: serenity::ChannelId,
    guild: u64,
) {
    let claimed = Instant::now();
    let reply = &outgoing.reply;
    if let Some(start) = &reply.thread {
        let from = posted.filter(|_| !reply.ephemeral);
        let opened = Box::pin(start_game_thread(http, data, start, from, channel, guild));
        match tokio::time::timeout(data.limits.deadline(), opened).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => {
                warn!(%error, game = %start.game, "could not post the first board of a game");
            }
            Err(_) => warn!(game = %start.game, "the first board of a game passed its deadline"),
        }
    }
    // Each notice of the outbox is one job with its messages; every other message is one.
    let spans: Vec<_> = reply.outbox.iter().map(ReplyOutbox::span).collect();
    let mut jobs = Vec::new();
    let mut of_job = Vec::new();
    let mut messages = outgoing.notices.clone().into_iter().enumerate().peekable();
    while let Some((index, message)) = messages.next() {
        let span = spans.iter().position(|span| span.contains(&index));
        let mut parts = vec![vec![message]];
        if let Some(at) = span {
            while let Some((_, next)) = messages.next_if(|(next, _)| spans[at].contains(next)) {
                parts.push(vec![next]);
            }
        }
        jobs.push(Job {
            parts,
            outbox: span.is_some(),
        });
        of_job.push(span);
    }
    let outcomes = post_jobs(http, data, jobs, claimed).await;
    for (at, part) in reply.outbox.iter().enumerate() {
        let stopped = of_job
            .iter()
            .zip(&outcomes)
            .find(|(span, _)| **span == Some(at))
            .and_then(|(_, outcome)| *outcome);
        let service = data.service.clone();
        let part = part.clone();
        let first = part.span().start;
        let report = move || {
            let failed = stopped.map(|stopped| first + stopped.part);
            service.reply_delivered_later(&part, failed, stopped.and_then(|s| s.retry))
        };
        match data.work.spawn(report).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => warn!(%error, "could not record a notice's delivery"),
            Err(error) => warn!(%error, "the job recording a notice's delivery failed"),
        }
    }
    if let Some(thread) = reply.archive {
        archive_thread(http, thread).await;
    }
}

/// Posts notices made right now (none of the outbox), channel by channel (see
/// `lanes::post_jobs`). Each failure is logged and the rest still go; a channel Discord limits
/// gets its notices once more when the limit ends.
pub async fn post_notices(http: &serenity::Http, data: &Data, notices: Vec<(Notice, Outgoing)>) {
    let jobs = notices
        .into_iter()
        .map(|message| Job {
            parts: vec![vec![message]],
            outbox: false,
        })
        .collect();
    post_jobs(http, data, jobs, Instant::now()).await;
}

/// Posts the sweep's deliveries, each a job of parts (a notice and its own notices), channel
/// by channel (see `lanes::post_jobs`), and reports those of the outbox: posted, or stopped at a
/// part with the time to try again when it is known. `claimed` is when they were claimed.
pub async fn post_deliveries(
    http: &serenity::Http,
    data: &Data,
    deliveries: Vec<(Delivery, Parts)>,
    claimed: Instant,
) {
    let (deliveries, jobs): (Vec<_>, Vec<_>) = deliveries
        .into_iter()
        .map(|(delivery, parts)| {
            let outbox = delivery.outbox_id().is_some();
            (delivery, Job { parts, outbox })
        })
        .unzip();
    let outcomes = post_jobs(http, data, jobs, claimed).await;
    for (delivery, stopped) in deliveries.into_iter().zip(outcomes) {
        if delivery.outbox_id().is_none() {
            continue;
        }
        let service = data.service.clone();
        let report = move || {
            let part = stopped.map(|stopped| stopped.part);
            service.delivered_later(&delivery, part, stopped.and_then(|s| s.retry))
        };
        match data.work.spawn(report).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => error!(%error, "could not record a notice's delivery"),
            Err(error) => error!(%error, "the job recording a notice's delivery failed"),
        }
    }
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
    let reply = direct_fallback(&outgoing.reply, user);
    let fallback = Outgoing {
        text: data.markup.render(&reply.text),
        reply,
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
    notice: dama_service::Notice,
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
                    &outgoing.text,
                    0,
                    place(notice.guild, 0),
                    Some(target),
                    outgoing.language,
                ) {
                    let send = || channel.send_message(http, ping.clone().into_create_message());
                    match reopening(http, channel, send).await {
                        Ok(_) => {}
                        // Limited: the notice is posted again later, its ping with it.
                        Err(error) if rate_limited(&error) => return Err(error.into()),
                        Err(error) => {
                            warn!(error = %Error::from(error), channel = target.channel, "could not ping the players about a notice");
                        }
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
