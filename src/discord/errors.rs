//! The one error handler: a user mistake gets a friendly private answer; a failure is logged
//! with its context and the user gets a short apology. Nobody sees "This interaction failed".

use std::sync::atomic::Ordering;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

use super::outgoing::{DiscordMessage, Outgoing, Place};
use super::permissions::{GUILD_ONLY_TEXT, missing_permissions_text};
use super::{Data, Error};
use crate::game::Reply;

/// What the user sees when something failed on the bot's side.
pub const APOLOGY: &str = "Sorry, something went wrong on my side and I could not do that. \
                           Please try again in a moment.";

/// The private answer to a user mistake the framework caught, or `None` for failures that are
/// the bot's own.
#[must_use]
pub fn mistake_text(error: &poise::FrameworkError<'_, Data, Error>) -> Option<String> {
    use poise::FrameworkError as E;
    Some(match error {
        E::ArgumentParse { input, error, .. } => match input {
            Some(input) => {
                format!("I could not read `{input}`: {error}. Check the option and try again.")
            }
            None => {
                format!("I could not read one of the options: {error}. Check them and try again.")
            }
        },
        E::CommandCheckFailed {
            error: Some(Error::Refused(text)),
            ..
        }
        | E::Command {
            error: Error::Refused(text),
            ..
        } => text.clone(),
        E::CommandCheckFailed { .. } => "You cannot use this command here.".to_owned(),
        E::CooldownHit {
            remaining_cooldown, ..
        } => {
            format!(
                "Not so fast: try again in {} s.",
                remaining_cooldown.as_secs().max(1)
            )
        }
        E::MissingUserPermissions {
            missing_permissions: Some(missing),
            ..
        } => {
            format!("You need the permission {missing} in this channel for this command.")
        }
        E::MissingUserPermissions {
            missing_permissions: None,
            ..
        } => "You lack a permission this command needs.".to_owned(),
        E::MissingBotPermissions {
            missing_permissions,
            ..
        } => missing_permissions_text(*missing_permissions),
        E::GuildOnly { .. } => GUILD_ONLY_TEXT.to_owned(),
        E::SubcommandRequired { ctx } => format!(
            "Choose what to do: {}.",
            ctx.command()
                .subcommands
                .iter()
                .map(|c| format!("`/{} {}`", ctx.command().name, c.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => return None,
    })
}

/// The framework's `on_error`.
#[must_use]
pub fn on_error(error: poise::FrameworkError<'_, Data, Error>) -> poise::BoxFuture<'_, ()> {
    Box::pin(handle(error))
}

async fn handle(error: poise::FrameworkError<'_, Data, Error>) {
    let ctx = error.ctx();
    if let Some(text) = mistake_text(&error) {
        if let Some(ctx) = ctx {
            tell(ctx, &text).await;
        }
        return;
    }
    match &error {
        poise::FrameworkError::Setup { error, .. } => error!(%error, "start-up failed"),
        poise::FrameworkError::EventHandler { error, event, .. } => {
            error!(%error, event = event.snake_case_name(), "event handling failed");
        }
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            warn!(command = %ctx.command().qualified_name, description, "the registered command differs from this version");
        }
        poise::FrameworkError::CommandPanic { payload, .. } => {
            error!(
                payload = payload.as_deref().unwrap_or("(no message)"),
                "a command panicked"
            );
        }
        other => {
            if let Some(ctx) = ctx {
                let guild = ctx.guild_id().map(serenity::GuildId::get);
                error!(
                    command = %ctx.command().qualified_name,
                    user = ctx.author().id.get(),
                    guild,
                    channel = ctx.channel_id().get(),
                    error = %describe(other),
                    "command failed"
                );
            } else {
                error!(error = %describe(other), "framework error");
            }
        }
    }
    if let Some(ctx) = ctx {
        let already = matches!(
            error,
            poise::FrameworkError::CommandStructureMismatch { .. }
        );
        let text = if already {
            "This command changed with an update of the bot; Discord will show the new version in a \
             minute. Please try again then."
        } else {
            APOLOGY
        };
        tell(ctx, text).await;
    }
}

fn describe(error: &poise::FrameworkError<'_, Data, Error>) -> String {
    match error {
        poise::FrameworkError::Command { error, .. } => error.to_string(),
        other => other.to_string(),
    }
}

/// Answers privately: the first response if none was sent yet, else an edit of the deferred
/// response (which has the visibility it was deferred with).
async fn tell(ctx: poise::Context<'_, Data, Error>, text: &str) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    let http = &app.serenity_context().http;
    let interaction = app.interaction;
    if app.interaction_type == poise::CommandInteractionType::Autocomplete {
        // Autocomplete takes only choices: the explanation becomes the one choice offered.
        let response = serenity::CreateInteractionResponse::Autocomplete(
            super::outgoing::autocomplete_hint(text),
        );
        if let Err(error) = interaction.create_response(http, response).await {
            warn!(error = %Error::from(error), "could not answer an autocomplete after an error");
        }
        return;
    }
    let message = DiscordMessage::new(
        &Outgoing::text(Reply::private(text)),
        Place {
            guild: 0,
            attachment_limit: 0,
        },
    );
    let result = if app.has_sent_initial_response.load(Ordering::SeqCst) {
        interaction
            .edit_response(http, message.into_edit_response())
            .await
            .map(drop)
    } else {
        let response = serenity::CreateInteractionResponse::Message(message.into_response());
        let sent = interaction.create_response(http, response).await;
        if sent.is_ok() {
            app.has_sent_initial_response.store(true, Ordering::SeqCst);
        }
        sent
    };
    if let Err(error) = result {
        warn!(error = %Error::from(error), "could not answer the user after an error");
    }
}
