//! Answering a slash command: directly within the budget, else deferred (its progress shown in
//! the "thinking…" message) and edited in, with a follow-up for the people it pings (edits
//! notify nobody), and as a channel message, in place of the "thinking…" one, once the
//! interaction's token has expired. The timing is every interaction's ([`in_time`]).

use std::time::Instant;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{info, warn};

use super::timing::{FirstAnswer, in_time};
use super::{
    Data, Error, TOKEN_SAFE_LIFE, answered, callback_left, mark_responded, message_ref, place,
    post_late, reopen_if_archived, shows_something,
};
use crate::call;
use crate::outgoing::{DiscordMessage, MAX_CONTENT, ping_after_update, truncate};
use crate::permissions::guild_only_text;
use crate::ratelimits::answering;
use dama_core::i18n::Language;
use dama_core::metrics::InteractionKind;
use dama_service::{Action, Origin, PuzzleAction};
/// Answers a slash command with the reply to its action. Once the reply is out, later failures
/// (reading the posted message back, remembering it) are logged: an apology never replaces a
/// board that was posted.
pub async fn answer_command(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    action: Action,
) -> Result<(), Error> {
    let _answering = ctx.data().work.track();
    let received = Instant::now();
    let interaction = ctx.interaction;
    let http = &ctx.serenity_context().http;
    let Some(actor) = call::command_actor(&ctx.serenity_context().cache, interaction) else {
        return Err(Error::Refused(guild_only_text(Language::from_locale(
            &interaction.locale,
        ))));
    };
    let place = place(actor.guild, interaction.attachment_size_limit);
    let data = ctx.data();
    data.access
        .note_member(interaction.guild_id, interaction.member.as_deref());
    // The answers that are private when they succeed: a deferred answer keeps the privacy
    // of its deferral.
    let predicted_private = matches!(
        action,
        Action::Help
            | Action::Hint
            | Action::Puzzle(
                PuzzleAction::Next | PuzzleAction::Daily | PuzzleAction::Answer { .. }
            )
    );
    let name = action.name();
    let user = actor.user;
    let shard = ctx.serenity_context().shard_id;
    // The "thinking…" message of a deferral, read back while its token works: when Discord
    // refuses the answer's edit because the token expired (Discord's clock ran past its 15
    // minutes before ours did), the answer goes to the channel and this message is removed
    // from there.
    let thinking = std::sync::OnceLock::new();
    let defer = || async {
        answering(callback_left(interaction.id.get()), || {
            let defer =
                serenity::CreateInteractionResponseMessage::new().ephemeral(predicted_private);
            interaction.create_response(http, serenity::CreateInteractionResponse::Defer(defer))
        })
        .await?;
        mark_responded(ctx);
        answered(shard, InteractionKind::Command, interaction.id.get(), true);
        if !predicted_private {
            if let Ok(message) = interaction.get_response(http).await {
                let _ = thinking.set((message.channel_id, message.id));
            }
        }
        Ok::<(), serenity::Error>(())
    };
    // A deferred answer shows its progress in its "thinking…" message.
    let show_progress = |line: String| async move {
        if received.elapsed() > TOKEN_SAFE_LIFE {
            return;
        }
        let edit = serenity::EditInteractionResponse::new()
            .content(truncate(&line, MAX_CONTENT))
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Err(error) = interaction.edit_response(http, edit).await {
            info!(command = name, error = %Error::from(error), "could not show the progress of a deferred answer");
        }
    };
    // The "thinking…" message goes while its token still works when the answer is later than
    // that: the answer then comes as a channel message.
    let token_ended = || async {
        if let Err(error) = interaction.delete_response(http).await {
            info!(command = name, error = %Error::from(error), "could not remove the \"thinking\" message of a late answer");
        }
    };
    let lane = action.lane();
    let start = |progress: watch::Sender<Option<String>>| {
        data.courier.start(actor, lane, move |service, actor| {
            service.act_with_progress(actor, Origin::Channel, action, &|line| {
                progress.send_replace(Some(line));
            })
        })
    };
    let first = in_time(
        interaction.id.get(),
        received,
        (name, user),
        start,
        defer,
        show_progress,
        token_ended,
    )
    .await?;
    let outgoing = match first {
        FirstAnswer::Expired => return Ok(()),
        FirstAnswer::Acknowledged(outgoing) => outgoing,
        FirstAnswer::Ready(outgoing) => {
            answering(callback_left(interaction.id.get()), || {
                let message = DiscordMessage::new(&outgoing, place, &data.markup);
                interaction.create_response(
                    http,
                    serenity::CreateInteractionResponse::Message(message.into_response()),
                )
            })
            .await?;
            mark_responded(ctx);
            answered(shard, InteractionKind::Command, interaction.id.get(), false);
            reopen_if_archived(http, interaction.channel.as_ref()).await;
            let mut posted = None;
            if shows_something(&outgoing.reply) || outgoing.reply.thread.is_some() {
                match interaction.get_response(http).await {
                    Ok(message) => posted = Some(message_ref(&message)),
                    Err(error) => warn!(
                        command = name,
                        error = %Error::from(error),
                        "the reply is out but could not be read back; later boards will not link to it"
                    ),
                }
            }
            data.courier
                .after(&outgoing, posted, place.guild, interaction.channel_id.get())
                .await;
            return Ok(());
        }
    };
    reopen_if_archived(http, interaction.channel.as_ref()).await;
    let message = DiscordMessage::new(&outgoing, place, &data.markup);
    let reply = &outgoing.reply;
    let channel = interaction.channel_id;
    if received.elapsed() > TOKEN_SAFE_LIFE {
        let posted = post_late(data, &outgoing, place.guild, channel).await?;
        data.courier
            .after(&outgoing, posted, place.guild, channel.get())
            .await;
        return Ok(());
    }
    if reply.ephemeral != predicted_private {
        // A deferred message cannot change its privacy (a public "thinking" message cannot
        // turn private, nor a private one public): remove it and answer in a follow-up.
        interaction.delete_response(http).await?;
        let followup = answering(TOKEN_SAFE_LIFE.saturating_sub(received.elapsed()), || {
            interaction.create_followup(http, message.clone().into_followup())
        })
        .await?;
        let posted = (!reply.ephemeral).then(|| message_ref(&followup));
        data.courier
            .after(&outgoing, posted, place.guild, channel.get())
            .await;
        return Ok(());
    }
    let token_left = || TOKEN_SAFE_LIFE.saturating_sub(received.elapsed());
    let edited = answering(token_left(), || {
        interaction.edit_response(http, message.clone().into_edit_response())
    });
    let posted = match edited.await {
        Ok(posted) => {
            // An edit notifies nobody: the people the answer mentions get a follow-up.
            let at = Some(message_ref(&posted));
            if let Some(ping) = ping_after_update(&outgoing, &data.markup, user, place, at) {
                let sent = answering(token_left(), || {
                    interaction.create_followup(http, ping.clone().into_followup())
                });
                if let Err(error) = sent.await {
                    warn!(command = name, error = %Error::from(error), "could not notify the players of a deferred answer");
                }
            }
            at
        }
        Err(error) if !reply.ephemeral => {
            warn!(command = name, error = %Error::from(error), "could not edit the deferred response; posting in the channel");
            let posted = post_late(data, &outgoing, place.guild, channel).await?;
            if let Some(&(channel, thinking)) = thinking.get() {
                if let Err(error) = channel.delete_message(http, thinking).await {
                    info!(command = name, error = %Error::from(error), "could not remove the \"thinking\" message of a late answer");
                }
            }
            posted
        }
        Err(error) => return Err(error.into()),
    };
    data.courier
        .after(&outgoing, posted, place.guild, channel.get())
        .await;
    Ok(())
}
