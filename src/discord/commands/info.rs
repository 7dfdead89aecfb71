//! Commands that look things up: the leaderboard, stats, history, a game's PDN, replay or
//! analysis, the rules and the help. Their names and descriptions come from the files (`cmd-…`).

use poise::serenity_prelude as serenity;

use super::{answer, application};
use crate::discord::call;
use crate::discord::{Context, Error};
use crate::game::Action;

#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 100_000]
    page: Option<u32>,
) -> Result<(), Error> {
    answer(ctx, call::leaderboard(page)).await
}

#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, member: Option<serenity::User>) -> Result<(), Error> {
    let app = application(ctx)?;
    let member = member.map(|user| call::member(&user, &app.interaction.data.resolved));
    answer(ctx, Action::Stats { member }).await
}

#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>, member: Option<serenity::User>) -> Result<(), Error> {
    let app = application(ctx)?;
    let member = member.map(|user| call::member(&user, &app.interaction.data.resolved));
    answer(ctx, Action::History { member }).await
}

#[poise::command(slash_command, guild_only)]
pub async fn pdn(ctx: Context<'_>, #[min = 1] game: Option<i64>) -> Result<(), Error> {
    answer(ctx, Action::Pdn { game }).await
}

#[poise::command(slash_command, guild_only)]
pub async fn replay(ctx: Context<'_>, #[min = 1] game: Option<i64>) -> Result<(), Error> {
    answer(ctx, Action::Replay { game }).await
}

/// The engine's review of a finished game: its progress is shown while it runs.
#[poise::command(slash_command, guild_only)]
pub async fn analysis(ctx: Context<'_>, #[min = 1] game: Option<i64>) -> Result<(), Error> {
    answer(ctx, Action::Analysis { game }).await
}

#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Rules).await
}

#[poise::command(slash_command, guild_only)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Help).await
}

#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>, all: Option<bool>) -> Result<(), Error> {
    // Every game of the server is for moderators: the service refuses it to others.
    answer(
        ctx,
        Action::Games {
            all: all.unwrap_or(false),
        },
    )
    .await
}
