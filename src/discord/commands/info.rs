//! Commands that look things up: the leaderboard, stats, history, a game's PDN or replay, the
//! rules and the help.

use poise::serenity_prelude as serenity;

use super::{answer, application};
use crate::discord::call;
use crate::discord::{Context, Error};
use crate::game::Action;

/// The server's leaderboard of rated games
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "classifica"),
    description_localized("it", "La classifica del server nelle partite valide")
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The page to show (1 if not given)"]
    #[name_localized("it", "pagina")]
    #[description_localized("it", "La pagina da mostrare (1 se non indicata)")]
    #[min = 1]
    #[max = 100_000]
    page: Option<u32>,
) -> Result<(), Error> {
    answer(ctx, call::leaderboard(page)).await
}

/// A player's rating, results and streak
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "statistiche"),
    description_localized("it", "Punteggio, risultati e serie di un giocatore")
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (yours if not given)"]
    #[name_localized("it", "membro")]
    #[description_localized("it", "Di chi (le tue se non indicato)")]
    member: Option<serenity::User>,
) -> Result<(), Error> {
    let app = application(ctx)?;
    let member = member.map(|user| call::member(&user, &app.interaction.data.resolved));
    answer(ctx, Action::Stats { member }).await
}

/// Recent games of a member, or of this channel
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "storico"),
    description_localized("it", "Le partite recenti di un membro o di questo canale")
)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose games (this channel's if not given)"]
    #[name_localized("it", "membro")]
    #[description_localized("it", "Di chi (quelle di questo canale se non indicato)")]
    member: Option<serenity::User>,
) -> Result<(), Error> {
    let app = application(ctx)?;
    let member = member.map(|user| call::member(&user, &app.interaction.data.resolved));
    answer(ctx, Action::History { member }).await
}

/// A game as a PDN file
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "pdn"),
    description_localized("it", "Una partita come file PDN")
)]
pub async fn pdn(
    ctx: Context<'_>,
    #[description = "The game number (this channel's game if not given)"]
    #[name_localized("it", "partita")]
    #[description_localized(
        "it",
        "Il numero della partita (quella di questo canale se non indicato)"
    )]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    answer(ctx, Action::Pdn { game }).await
}

/// A game as an animation
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "rivedi"),
    description_localized("it", "Una partita come animazione")
)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The game number (this channel's game if not given)"]
    #[name_localized("it", "partita")]
    #[description_localized(
        "it",
        "Il numero della partita (quella di questo canale se non indicato)"
    )]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    answer(ctx, Action::Replay { game }).await
}

/// The rules of dama italiana
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "regole"),
    description_localized("it", "Le regole della dama italiana")
)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Rules).await
}

/// Every command of Dama
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "aiuto"),
    description_localized("it", "Tutti i comandi di Dama")
)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Help).await
}
