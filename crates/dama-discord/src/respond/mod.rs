//! Answering interactions in time.
//!
//! Discord wants a first response within 3 seconds. A service call and its board image
//! usually take a few milliseconds, so the answer goes out directly, with its final visibility
//! (public, or private for a mistake). When the work is still running after
//! [`ACK_BUDGET`] (the engine is thinking, or is queued behind other searches), the
//! interaction is deferred and the answer edited in when it is ready. An interaction token
//! lives 15 minutes; news later than [`TOKEN_SAFE_LIFE`] goes out as a channel message.
//!
//! Every public message that shows a game's board or a challenge is reported back to the
//! service, so later replies can link to it and the sweep can edit it.
//!
//! - `timing`: the budgets ([`ACK_BUDGET`], [`TOKEN_SAFE_LIFE`]), an interaction's age, and
//!   the progress shown while a deferred answer is worked out ([`follow_progress`]).
//! - `command`: answering a slash command ([`answer_command`]).
//! - `click`: answering a click on a button or a pick in a menu ([`answer_click`]).
//! - `suggestions`: the autocomplete of moves ([`suggestions`], [`suggestions_of`]).
//! - `boards`: which message shows which board or challenge ([`remember`]), and the controls
//!   taken off a board a newer one replaced.
//! - `threads`: a game's thread, opened from the line that starts it with its players added,
//!   reopened when Discord archived it and the bot posts or edits there (`reopening`), left
//!   to archive itself a day after the game's end.
//! - `notices`: what a reply brings once it is out ([`after_reply`]): notices, direct messages
//!   and their fallback in the channel; the sweep's notices ([`post_deliveries`]).
//! - `lanes`: notices posted channel by channel, each post with a deadline, a channel Discord
//!   limits left for later without holding up the others.

mod boards;
mod click;
mod command;
mod lanes;
mod notices;
mod suggestions;
mod threads;
mod timing;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::outgoing::{DEFAULT_ATTACHMENT_LIMIT, DiscordMessage, Outgoing, Place};
use super::{Data, Error};
use dama_core::store::MessageRef;
use dama_service::{Actor, GameService, Lane, Reply, ServiceError};

use boards::{remember_at, shows_something};
use threads::{archive_thread, reopen_if_archived, reopening, start_game_thread};
use timing::{answered, budget_of, callback_left};

pub use boards::remember;
pub use click::answer_click;
pub use command::answer_command;
pub use notices::{
    after_reply, deliver_notice, failed_for_good, post_deliveries, post_notice, post_notices,
};
pub use suggestions::{SuggestionsOf, suggestions, suggestions_of};
pub use threads::{FINISHED_THREAD_AUTO_ARCHIVE, THREAD_AUTO_ARCHIVE, keep_live_game_thread_open};
pub use timing::{
    ACK_BUDGET, AUTOCOMPLETE_BUDGET, PROGRESS_INTERVAL, TOKEN_SAFE_LIFE, ack_budget, created_at_ms,
    follow_progress,
};

fn place(guild: u64, attachment_size_limit: u32) -> Place {
    let limit = if attachment_size_limit == 0 {
        DEFAULT_ATTACHMENT_LIMIT
    } else {
        u64::from(attachment_size_limit)
    };
    Place {
        guild,
        attachment_limit: limit,
    }
}

/// Runs a call of the service for `actor` and draws its board and replay, on the threads of
/// its `lane`. The reply's readers are the actor for a private reply, the server otherwise.
fn start(
    data: &Data,
    actor: Actor,
    lane: Lane,
    call: impl FnOnce(&GameService, &Actor) -> Result<Reply, ServiceError> + Send + 'static,
) -> tokio::task::JoinHandle<Result<Outgoing, ServiceError>> {
    let service = data.service.clone();
    let renderer = data.renderer.clone();
    let markup = data.markup.clone();
    data.work.spawn_in(lane, move || {
        let reply = call(&service, &actor)?;
        let language = if reply.ephemeral {
            actor.language
        } else {
            service.public_language(&actor)
        };
        Ok(Outgoing::render_with_notices(
            &renderer,
            reply,
            language,
            &|guild| service.server_language(guild),
            &markup,
        ))
    })
}

/// Where a posted message is.
fn message_ref(message: &serenity::Message) -> MessageRef {
    MessageRef {
        channel: message.channel_id.get(),
        message: message.id.get(),
    }
}

/// News an interaction can no longer carry: a channel message (public replies only). Returns
/// where it went.
async fn post_late(
    http: &serenity::Http,
    data: &Data,
    reply: &Reply,
    message: DiscordMessage,
    channel: serenity::ChannelId,
) -> Result<Option<MessageRef>, Error> {
    if reply.ephemeral {
        warn!(
            channel = channel.get(),
            "a private reply came after the interaction expired; dropped"
        );
        return Ok(None);
    }
    let posted = reopening(http, channel, || {
        channel.send_message(http, message.clone().into_create_message())
    })
    .await?;
    remember(http, data, reply, &posted).await;
    Ok(Some(message_ref(&posted)))
}

fn mark_responded(ctx: poise::ApplicationContext<'_, Data, Error>) {
    ctx.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
}
