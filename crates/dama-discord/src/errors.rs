//! The one error handler: a user mistake gets a friendly private answer; a failure is logged
//! with its context and the user gets a short apology. Nobody sees "This interaction failed".

use dama_core::text::{Part, RichText};
use std::sync::atomic::Ordering;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

use super::outgoing::{DiscordMessage, Drawn, Place};
use super::permissions::{guild_only_text, missing_permissions_text, permission_name};
use super::{Data, Error};
use dama_core::i18n::{Language, t, tr};
use dama_service::Reply;

/// What the user sees when something failed on the bot's side.
#[must_use]
pub fn apology(language: Language) -> String {
    t!(language, DiscordApology)
}

/// The language of whoever used a command: their Discord's (`locale`), English for prefix
/// commands.
#[must_use]
pub fn reader_language(ctx: poise::Context<'_, Data, Error>) -> Language {
    ctx.locale().map_or(Language::En, Language::from_locale)
}

/// The private answer, in `language`, to a user mistake the framework caught, or `None` for
/// failures that are the bot's own.
#[must_use]
pub fn mistake_text(
    error: &poise::FrameworkError<'_, Data, Error>,
    language: Language,
) -> Option<String> {
    use poise::FrameworkError as E;
    Some(match error {
        E::ArgumentParse {
            input: Some(input), ..
        } => t!(language, OptionUnreadable, input = input.clone()),
        E::ArgumentParse { input: None, .. } => t!(language, DiscordOptionsUnreadable),
        E::CommandCheckFailed {
            error: Some(Error::Refused(text)),
            ..
        }
        | E::Command {
            error: Error::Refused(text),
            ..
        } => text.clone(),
        E::CommandCheckFailed { .. } => t!(language, DiscordCheckFailed),
        E::CooldownHit {
            remaining_cooldown, ..
        } => t!(
            language,
            DiscordCooldown,
            seconds = remaining_cooldown.as_secs().max(1)
        ),
        E::MissingUserPermissions {
            missing_permissions: Some(missing),
            ..
        } => t!(
            language,
            DiscordMissingUserPermission,
            permission = missing
                .iter()
                .map(|p| permission_name(language, p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        E::MissingUserPermissions {
            missing_permissions: None,
            ..
        } => t!(language, DiscordMissingUserPermissions),
        E::MissingBotPermissions {
            missing_permissions,
            ..
        } => missing_permissions_text(language, *missing_permissions),
        E::GuildOnly { .. } => guild_only_text(language),
        E::SubcommandRequired { ctx } => subcommand_required(*ctx, language),
        _ => return None,
    })
}

/// "Choose what to do: </draw offer:1>, </draw accept:1>, </draw decline:1>."
#[must_use]
pub fn subcommand_required(ctx: poise::Context<'_, Data, Error>, language: Language) -> String {
    let command = ctx.command();
    let choices = command.subcommands.iter().map(|sub| {
        let path = format!("{} {}", command.name, sub.name);
        Part::command(&path)
    });
    ctx.data().markup.render(&tr!(
        language,
        DiscordSubcommandRequired,
        choices = RichText::join(choices, ", ")
    ))
}

/// Counts a failure in the metrics (a database error).
pub fn count(error: &Error) {
    if let Error::Service(dama_service::ServiceError::Store(_)) = error {
        dama_core::metrics::database_error();
    }
}

/// The framework's `on_error`.
#[must_use]
pub fn on_error(error: poise::FrameworkError<'_, Data, Error>) -> poise::BoxFuture<'_, ()> {
    Box::pin(handle(error))
}

async fn handle(error: poise::FrameworkError<'_, Data, Error>) {
    let ctx = error.ctx();
    let language = ctx.map_or(Language::En, reader_language);
    if let Some(text) = mistake_text(&error, language) {
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
            if let poise::FrameworkError::Command { error, .. } = other {
                count(error);
            }
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
            t!(language, DiscordOutdatedCommand)
        } else {
            apology(language)
        };
        tell(ctx, &text).await;
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
            super::outgoing::autocomplete_hint(text, reader_language(ctx)),
        );
        if let Err(error) = interaction.create_response(http, response).await {
            warn!(error = %Error::from(error), "could not answer an autocomplete after an error");
        }
        return;
    }
    let message = DiscordMessage::new(
        &Drawn::text(Reply::private(text), reader_language(ctx)),
        Place {
            guild: 0,
            attachment_limit: 0,
        },
        &ctx.data().markup,
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

/// Discord's JSON error code of a refused request (50083, 10062, ...), if Discord refused it.
#[must_use]
pub fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}

/// Whether Discord refused a post or an edit because its thread is archived (code 50083,
/// "Thread is archived").
#[must_use]
pub fn thread_archived(error: &serenity::Error) -> bool {
    discord_code(error) == Some(50083)
}

/// Whether Discord no longer knows an interaction (code 10062, "Unknown interaction"): its
/// first answer came too late, and nothing can answer it any more.
#[must_use]
pub fn interaction_expired(error: &serenity::Error) -> bool {
    discord_code(error) == Some(10062)
}
