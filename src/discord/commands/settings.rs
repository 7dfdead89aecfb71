//! `/settings`: the server's settings, for those who manage the server (Discord's Manage Server
//! by default; the service checks it again).

use super::answer;
use crate::discord::call::{self, LanguageOption};
use crate::discord::{Context, Error};

#[poise::command(
    slash_command,
    guild_only,
    subcommands("settings_language"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD"
)]
#[allow(clippy::unused_async, reason = "poise commands are async")]
pub async fn settings(ctx: Context<'_>) -> Result<(), Error> {
    // Discord never runs a command that has subcommands; only its subcommands are invoked.
    Err(Error::Refused(crate::discord::errors::subcommand_required(
        ctx,
        super::language(ctx),
    )))
}

#[poise::command(
    slash_command,
    guild_only,
    rename = "language",
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn settings_language(
    ctx: Context<'_>,
    language: Option<LanguageOption>,
) -> Result<(), Error> {
    answer(ctx, call::set_language(language)).await
}
