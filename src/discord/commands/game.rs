//! Commands that start and play games. Their names and descriptions, and those of their
//! options, come from the files (`cmd-…`, see [`super::localise`]).

use poise::serenity_prelude as serenity;

use super::{answer, application, language};
use crate::discord::call::{self, ColourOption, TimeOption};
use crate::discord::permissions::guild_only_text;
use crate::discord::respond;
use crate::discord::{Context, Error, outgoing};
use crate::game::Action;
use crate::i18n::t;

#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    member: Option<serenity::User>,
    colour: Option<ColourOption>,
    #[autocomplete = "autocomplete_time"]
    #[max_length = 100]
    time: Option<String>,
) -> Result<(), Error> {
    let app = application(ctx)?;
    let opponent = member.map(|member| call::member(&member, &app.interaction.data.resolved));
    let time = read_time(ctx, time)?;
    answer(ctx, call::challenge(opponent, colour, time)).await
}

/// A time option as typed, read; a refusal that quotes it when it is not a time.
pub(super) fn read_time(
    ctx: Context<'_>,
    typed: Option<String>,
) -> Result<Option<TimeOption>, Error> {
    match typed {
        None => Ok(None),
        Some(typed) => match TimeOption::parse(&typed) {
            Some(time) => Ok(Some(time)),
            None => Err(Error::Refused(t!(
                language(ctx),
                DiscordTimeUnreadable,
                input = typed
            ))),
        },
    }
}

/// `/challenge` time autocomplete: the usual times and the one typed, in the reader's words.
#[allow(
    clippy::unused_async,
    reason = "poise autocomplete callbacks are async"
)]
pub(super) async fn autocomplete_time(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    outgoing::autocomplete(&call::time_suggestions(language(ctx), partial))
}

#[poise::command(slash_command, guild_only)]
pub async fn accept(ctx: Context<'_>, from: Option<serenity::User>) -> Result<(), Error> {
    let from = from.map(|user| user.id.get());
    answer(ctx, Action::Accept { from }).await
}

#[poise::command(slash_command, guild_only)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Takeback).await
}

/// The engine's best move, privately, in a game against it.
#[poise::command(slash_command, guild_only)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Hint).await
}

#[poise::command(slash_command, guild_only)]
pub async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Decline).await
}

#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Cancel).await
}

#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Context<'_>,
    #[choices(1, 2, 3, 4, 5, 6, 7, 8)] level: Option<u8>,
    colour: Option<ColourOption>,
) -> Result<(), Error> {
    answer(ctx, call::play_engine(level, colour)).await
}

#[poise::command(slash_command, guild_only, rename = "move")]
pub async fn play_move(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "autocomplete_move"]
    #[min_length = 1]
    #[max_length = 100]
    text: String,
) -> Result<(), Error> {
    answer(ctx, Action::Move { text }).await
}

/// `/move` autocomplete: the caller's legal moves that start like what is typed.
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    match ctx {
        poise::Context::Application(app) => respond::suggestions(app, partial).await,
        poise::Context::Prefix(_) => outgoing::autocomplete(&[]),
    }
}

#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>, flip: Option<bool>) -> Result<(), Error> {
    answer(
        ctx,
        Action::Board {
            flip: flip.unwrap_or(false),
        },
    )
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Resign).await
}

#[poise::command(
    slash_command,
    guild_only,
    subcommands("draw_offer", "draw_accept", "draw_decline"),
    subcommand_required
)]
#[allow(clippy::unused_async, reason = "poise commands are async")]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    // Discord never runs a command that has subcommands; only its subcommands are invoked.
    Err(Error::Refused(crate::discord::errors::subcommand_required(
        ctx,
        language(ctx),
    )))
}

#[poise::command(slash_command, guild_only, rename = "offer")]
pub async fn draw_offer(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::OfferDraw).await
}

#[poise::command(slash_command, guild_only, rename = "accept")]
pub async fn draw_accept(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::AnswerDraw { accept: true }).await
}

#[poise::command(slash_command, guild_only, rename = "decline")]
pub async fn draw_decline(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::AnswerDraw { accept: false }).await
}

#[poise::command(slash_command, guild_only)]
pub async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Claim).await
}

#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES",
    check = "moderator"
)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Abort).await
}

/// The text for someone who may not abort games, in their language.
#[must_use]
pub fn not_a_moderator(ctx: Context<'_>) -> String {
    let language = language(ctx);
    let service = &ctx.data().service;
    t!(
        language,
        DiscordNotAModerator,
        cmd_resign = service.command(language, "resign"),
        cmd_draw_offer = service.command(language, "draw offer"),
    )
}

/// `/abort` is for members with Manage Messages in the channel (as Discord resolved them for
/// the interaction).
#[allow(clippy::unused_async, reason = "poise checks are async")]
async fn moderator(ctx: Context<'_>) -> Result<bool, Error> {
    let app = application(ctx)?;
    let Some(member) = app.interaction.member.as_deref() else {
        return Err(Error::Refused(guild_only_text(language(ctx))));
    };
    if member
        .permissions
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_MESSAGES))
    {
        Ok(true)
    } else {
        Err(Error::Refused(not_a_moderator(ctx)))
    }
}
