//! Answering interactions in time.
//!
//! Discord wants a first response within 3 seconds. A service call and its board image
//! usually take a few milliseconds, so the answer goes out directly, with its final visibility
//! (public, or private for a mistake). When the work is still running after
//! [`ACK_BUDGET`] (the engine is thinking, or is queued behind other searches), the
//! interaction is deferred and the answer edited in when it is ready. An interaction token
//! lives 15 minutes; news later than [`TOKEN_SAFE_LIFE`] goes out as a channel message.
//!
//! What an answer brings once it is out (the message that shows a board remembered, a game's
//! thread, the notices, the outbox's report) is the delivery's, shared with every front end:
//! [`Courier::after`](dama_service::delivery::Courier::after), through Discord as its chat
//! ([`crate::chat`]).
//!
//! - `timing`: the budgets ([`ACK_BUDGET`], [`TOKEN_SAFE_LIFE`]), an interaction's age, the
//!   progress shown while a deferred answer is worked out ([`follow_progress`]), and the one
//!   timing of commands and clicks alike: acknowledged first when too old, else answered
//!   within the budget or acknowledged and completed later.
//! - `command`: answering a slash command ([`answer_command`]).
//! - `click`: answering a click on a button or a pick in a menu ([`answer_click`]).
//! - `suggestions`: the autocomplete of moves ([`suggestions`], [`suggestions_of`]).
//! - `threads`: a game's thread reopened when Discord archived it and the bot posts or edits
//!   there ([`reopening`]), and at once while its game is still played.

mod click;
mod command;
mod suggestions;
mod threads;
mod timing;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::outgoing::{DEFAULT_ATTACHMENT_LIMIT, Place};
use super::{Data, Error};
use dama_core::store::MessageRef;
use dama_service::delivery::{Chat, Drawn};

use threads::reopen_if_archived;
use timing::{answered, callback_left};

pub use click::answer_click;
pub use command::answer_command;
pub use dama_service::delivery::shows_something;
pub use suggestions::{SuggestionsOf, suggestions, suggestions_of};
pub use threads::{
    FINISHED_THREAD_AUTO_ARCHIVE, THREAD_AUTO_ARCHIVE, keep_live_game_thread_open, reopening,
};
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
    data: &Data,
    drawn: &Drawn,
    guild: u64,
    channel: serenity::ChannelId,
) -> Result<Option<MessageRef>, Error> {
    if drawn.reply.ephemeral {
        warn!(
            channel = channel.get(),
            "a private reply came after the interaction expired; dropped"
        );
        return Ok(None);
    }
    let posted = data.chat.post(guild, channel.get(), drawn).await?;
    Ok(Some(posted))
}

fn mark_responded(ctx: poise::ApplicationContext<'_, Data, Error>) {
    ctx.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
}
