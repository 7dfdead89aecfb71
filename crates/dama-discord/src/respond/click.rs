//! Answering a click on a button or a pick in a select menu: the clicked message updated in
//! place, a new message, or a private one, in time (the timing is every interaction's:
//! [`in_time`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::timing::{FirstAnswer, in_time};
use super::{
    Data, Error, TOKEN_SAFE_LIFE, answered, callback_left, message_ref, place, post_late,
    reopen_if_archived, reopening, shows_something,
};
use crate::call::{self, Click};
use crate::errors::apology;
use crate::outgoing::{ClickAnswer, DiscordMessage, Drawn, click_answer, ping_after_update};
use crate::permissions::{check_permissions, guild_only_text};
use crate::ratelimits::answering;
use dama_core::i18n::Language;
use dama_core::metrics::InteractionKind;
use dama_core::store::MessageRef;
use dama_service::{ComponentAction, Reply, component_lane};
/// Answers a click on a button or a pick in a select menu. Errors are answered here (the
/// event handler has no interaction to answer with), and returned for the log.
pub async fn answer_click(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let _answering = data.work.track();
    let mut progress = Progress::default();
    let result = click(ctx, data, interaction, &mut progress).await;
    if let Err(error) = &result {
        if progress.delivered {
            // The answer is out (a board updated, a message posted): an apology now would
            // only confuse; the log has it.
            return result;
        }
        let responded = progress.responded;
        let language = Language::from_locale(&interaction.locale);
        let text = match error {
            Error::Refused(text) => text.clone(),
            _ => apology(language),
        };
        let message = DiscordMessage::new(
            &Drawn::text(Reply::private(text), language),
            place(0, 0),
            &data.markup,
        );
        let answered = if responded {
            interaction
                .create_followup(&ctx.http, message.into_followup())
                .await
                .map(drop)
        } else {
            interaction
                .create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Message(message.into_response()),
                )
                .await
        };
        if let Err(answer_error) = answered {
            warn!(answer_error = %Error::from(answer_error), "could not tell the user about an error");
        }
        if let Error::Refused(_) = error {
            return Ok(());
        }
    }
    result
}

/// How far the answer to a click got, for the error handler.
#[derive(Debug, Default)]
struct Progress {
    /// Discord has a first response (possibly only a deferral).
    responded: bool,
    /// The real answer is out: nothing may replace it with an apology.
    delivered: bool,
}

async fn click(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    progress: &mut Progress,
) -> Result<(), Error> {
    let received = Instant::now();
    let http = &ctx.http;
    if data.launch_activity && ComponentAction::opens_board(&interaction.data.custom_id) {
        // Discord opens the Activity in the clicker's channel; nothing else to answer.
        interaction
            .create_response(http, serenity::CreateInteractionResponse::LaunchActivity)
            .await?;
        answered(
            ctx.shard_id,
            InteractionKind::Click,
            interaction.id.get(),
            true,
        );
        progress.responded = true;
        progress.delivered = true;
        return Ok(());
    }
    let Some(actor) = call::click_actor(&ctx.cache, interaction) else {
        return Err(Error::Refused(guild_only_text(Language::from_locale(
            &interaction.locale,
        ))));
    };
    check_permissions(
        interaction.app_permissions,
        interaction.channel.as_ref(),
        actor.language,
    )?;
    data.access
        .note_member(interaction.guild_id, interaction.member.as_ref());
    let place = place(actor.guild, interaction.attachment_size_limit);
    let custom_id = interaction.data.custom_id.clone();
    let clicked_private = interaction
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let clicked = MessageRef {
        channel: interaction.channel_id.get(),
        message: interaction.message.id.get(),
    };
    let user = actor.user;
    let click = Click::from_data(&interaction.data);
    // A deferred update shows a loading state on the component and no new message.
    let acknowledged = AtomicBool::new(false);
    let acknowledge = || async {
        answering(callback_left(interaction.id.get()), || {
            interaction.create_response(http, serenity::CreateInteractionResponse::Acknowledge)
        })
        .await?;
        acknowledged.store(true, Ordering::Relaxed);
        answered(
            ctx.shard_id,
            InteractionKind::Click,
            interaction.id.get(),
            true,
        );
        Ok::<(), serenity::Error>(())
    };
    // A deferred update has no message of its own: the first progress line (a move queued
    // for the engine) goes to the clicker privately, once.
    let mut told = false;
    let tell = |line: String| {
        let first = !told;
        told = true;
        async move {
            if !first || received.elapsed() > TOKEN_SAFE_LIFE {
                return;
            }
            let note = serenity::CreateInteractionResponseFollowup::new()
                .content(line)
                .ephemeral(true)
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            if let Err(error) = interaction.create_followup(http, note).await {
                info!(error = %Error::from(error), "could not tell a click's progress");
            }
        }
    };
    let threads = component_lane(&click.custom_id);
    let start = |lines: tokio::sync::watch::Sender<Option<String>>| {
        data.courier.start(actor, threads, move |service, actor| {
            service.component_with_progress(actor, &click.custom_id, &click.values, &|line| {
                lines.send_replace(Some(line));
            })
        })
    };
    let first = in_time(
        interaction.id.get(),
        received,
        (&custom_id, user),
        start,
        acknowledge,
        tell,
        || async {},
    )
    .await;
    progress.responded |= acknowledged.load(Ordering::Relaxed);
    let (outgoing, deferred) = match first? {
        FirstAnswer::Expired => return Ok(()),
        FirstAnswer::Ready(outgoing) => (outgoing, false),
        FirstAnswer::Acknowledged(outgoing) => (outgoing, true),
    };
    let reply = &outgoing.reply;
    let answer = click_answer(&custom_id, reply, clicked_private);
    let mut message = DiscordMessage::new(&outgoing, place, &data.markup);
    if answer == ClickAnswer::Update {
        // An edit keeps the message's privacy: a private puzzle board stays private.
        message.ephemeral = false;
    }
    let late = received.elapsed() > TOKEN_SAFE_LIFE;

    let posted = match (answer, deferred) {
        (ClickAnswer::Update, false) => {
            answering(callback_left(interaction.id.get()), || {
                let response = serenity::CreateInteractionResponse::UpdateMessage(
                    message.clone().into_response(),
                );
                interaction.create_response(http, response)
            })
            .await?;
            progress.delivered = true;
            answered(
                ctx.shard_id,
                InteractionKind::Click,
                interaction.id.get(),
                false,
            );
            Some(clicked)
        }
        (ClickAnswer::Update, true) if late && clicked_private => {
            // Only the interaction's token reaches a private message, and it has expired.
            warn!(
                custom_id,
                "a private board's update came after its token expired; dropped"
            );
            None
        }
        (ClickAnswer::Update, true) if late => {
            let channel = interaction.channel_id;
            reopening(http, channel, || {
                let edit = message.clone().into_edit_message();
                channel.edit_message(http, interaction.message.id, edit)
            })
            .await?;
            progress.delivered = true;
            Some(clicked)
        }
        (ClickAnswer::Update, true) => {
            answering(TOKEN_SAFE_LIFE.saturating_sub(received.elapsed()), || {
                interaction.edit_response(http, message.clone().into_edit_response())
            })
            .await?;
            progress.delivered = true;
            Some(clicked)
        }
        (ClickAnswer::NewMessage, false) => {
            answering(callback_left(interaction.id.get()), || {
                let response =
                    serenity::CreateInteractionResponse::Message(message.clone().into_response());
                interaction.create_response(http, response)
            })
            .await?;
            progress.delivered = true;
            answered(
                ctx.shard_id,
                InteractionKind::Click,
                interaction.id.get(),
                false,
            );
            if shows_something(reply) || reply.thread.is_some() {
                let posted = interaction.get_response(http).await?;
                Some(message_ref(&posted))
            } else {
                None
            }
        }
        (ClickAnswer::NewMessage, true) if late => {
            let posted = post_late(data, &outgoing, place.guild, interaction.channel_id).await?;
            progress.delivered = true;
            posted
        }
        (ClickAnswer::NewMessage | ClickAnswer::Private, true) => {
            let posted = answering(TOKEN_SAFE_LIFE.saturating_sub(received.elapsed()), || {
                interaction.create_followup(http, message.clone().into_followup())
            })
            .await?;
            progress.delivered = true;
            (!reply.ephemeral).then(|| message_ref(&posted))
        }
        (ClickAnswer::Private, false) => {
            answering(callback_left(interaction.id.get()), || {
                let response =
                    serenity::CreateInteractionResponse::Message(message.clone().into_response());
                interaction.create_response(http, response)
            })
            .await?;
            progress.delivered = true;
            answered(
                ctx.shard_id,
                InteractionKind::Click,
                interaction.id.get(),
                false,
            );
            None
        }
    };
    reopen_if_archived(http, interaction.channel.as_ref()).await;
    if answer == ClickAnswer::Update {
        if let Some(ping) = ping_after_update(&outgoing, &data.markup, user, place, Some(clicked)) {
            let sent = if late {
                let channel = interaction.channel_id;
                reopening(http, channel, || {
                    channel.send_message(http, ping.clone().into_create_message())
                })
                .await
                .map(drop)
            } else {
                answering(TOKEN_SAFE_LIFE.saturating_sub(received.elapsed()), || {
                    interaction.create_followup(http, ping.clone().into_followup())
                })
                .await
                .map(drop)
            };
            if let Err(error) = sent {
                warn!(error = %Error::from(error), "could not notify the players after an update");
            }
        }
    }
    data.courier
        .after(&outgoing, posted, place.guild, interaction.channel_id.get())
        .await;
    Ok(())
}
