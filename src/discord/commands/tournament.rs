//! `/tournament`: server tournaments, from the sign-up to the standings. One command with a
//! subcommand for each step; its words come from the files (`cmd-tournament-…`). Who may do
//! what (Manage Server to create, start and cancel; moderators to forfeit) is the service's
//! to decide: Discord's `default_member_permissions` applies only to whole commands, and
//! everyone may join, look at the standings or withdraw.

use poise::serenity_prelude as serenity;

use super::game::{autocomplete_time, read_time};
use super::{answer, application, language};
use crate::discord::call::{self, FormatOption, TimeOption, TournamentOptions};
use crate::discord::{Context, Error};
use crate::game::{Action, TournamentAction};
use crate::i18n::t;

#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "tournament_create",
        "tournament_join",
        "tournament_start",
        "tournament_standings",
        "tournament_pairings",
        "tournament_withdraw",
        "tournament_forfeit",
        "tournament_cancel",
        "tournament_pdn"
    ),
    subcommand_required
)]
#[allow(clippy::unused_async, reason = "poise commands are async")]
pub async fn tournament(ctx: Context<'_>) -> Result<(), Error> {
    // Discord never runs a command that has subcommands; only its subcommands are invoked.
    Err(Error::Refused(crate::discord::errors::subcommand_required(
        ctx,
        language(ctx),
    )))
}

/// Runs a `/tournament` subcommand.
async fn tournament_answer(ctx: Context<'_>, action: TournamentAction) -> Result<(), Error> {
    answer(ctx, Action::Tournament(action)).await
}

#[poise::command(slash_command, guild_only, rename = "create")]
#[allow(
    clippy::too_many_arguments,
    reason = "one argument per option of the command"
)]
pub async fn tournament_create(
    ctx: Context<'_>,
    #[min_length = 1]
    #[max_length = 80]
    name: String,
    format: Option<FormatOption>,
    #[min = 1]
    #[max = 15]
    rounds: Option<u32>,
    #[min = 1]
    #[max = 2]
    games: Option<u8>,
    #[autocomplete = "autocomplete_time"]
    #[max_length = 100]
    time: Option<String>,
    rated: Option<bool>,
    openings: Option<bool>,
    #[autocomplete = "autocomplete_time"]
    #[max_length = 100]
    signup: Option<String>,
) -> Result<(), Error> {
    let time = read_time(ctx, time)?;
    let signup = match signup {
        None => None,
        Some(typed) => match TimeOption::parse(&typed) {
            Some(signup) => Some(signup),
            None => {
                return Err(Error::Refused(t!(
                    language(ctx),
                    DiscordSignupUnreadable,
                    input = typed
                )));
            }
        },
    };
    let options = TournamentOptions {
        name,
        format,
        rounds,
        games,
        time,
        rated,
        openings,
        signup,
    };
    answer(ctx, call::tournament_create(&options)).await
}

#[poise::command(slash_command, guild_only, rename = "join")]
pub async fn tournament_join(ctx: Context<'_>) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Join).await
}

#[poise::command(slash_command, guild_only, rename = "start")]
pub async fn tournament_start(ctx: Context<'_>) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Start).await
}

#[poise::command(slash_command, guild_only, rename = "standings")]
pub async fn tournament_standings(ctx: Context<'_>) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Standings).await
}

#[poise::command(slash_command, guild_only, rename = "pairings")]
pub async fn tournament_pairings(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 1000]
    round: Option<u32>,
) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Pairings { round }).await
}

#[poise::command(slash_command, guild_only, rename = "withdraw")]
pub async fn tournament_withdraw(ctx: Context<'_>) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Withdraw).await
}

#[poise::command(slash_command, guild_only, rename = "forfeit")]
pub async fn tournament_forfeit(ctx: Context<'_>, member: serenity::User) -> Result<(), Error> {
    let app = application(ctx)?;
    let member = call::member(&member, &app.interaction.data.resolved);
    tournament_answer(ctx, TournamentAction::Forfeit { member }).await
}

#[poise::command(slash_command, guild_only, rename = "cancel")]
pub async fn tournament_cancel(ctx: Context<'_>) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Cancel).await
}

#[poise::command(slash_command, guild_only, rename = "pdn")]
pub async fn tournament_pdn(ctx: Context<'_>) -> Result<(), Error> {
    tournament_answer(ctx, TournamentAction::Pdn).await
}
