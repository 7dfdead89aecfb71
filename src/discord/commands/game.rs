//! Commands that start and play games.

use poise::serenity_prelude as serenity;

use super::{answer, application};
use crate::discord::call::{self, ColourOption, TimeOption};
use crate::discord::permissions::GUILD_ONLY_TEXT;
use crate::discord::respond;
use crate::discord::{Context, Error, outgoing};
use crate::game::Action;

/// Challenge a member to a rated game of dama
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "sfida"),
    description_localized("it", "Sfida un membro a una partita di dama valida per la classifica")
)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "The member to challenge"]
    #[name_localized("it", "avversario")]
    #[description_localized("it", "Il membro da sfidare")]
    member: serenity::User,
    #[description = "Your colour (White moves first); random if not given"]
    #[name_localized("it", "colore")]
    #[description_localized(
        "it",
        "Il tuo colore (il Bianco muove per primo); a caso se non indicato"
    )]
    colour: Option<ColourOption>,
    #[description = "Time per move (24 h if not given)"]
    #[name_localized("it", "tempo")]
    #[description_localized("it", "Tempo per mossa (24 ore se non indicato)")]
    time: Option<TimeOption>,
) -> Result<(), Error> {
    let app = application(ctx)?;
    let opponent = call::member(&member, &app.interaction.data.resolved);
    answer(ctx, call::challenge(opponent, colour, time)).await
}

/// Accept the challenge someone sent you in this channel
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "accetta"),
    description_localized("it", "Accetta la sfida che hai ricevuto in questo canale")
)]
pub async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Accept).await
}

/// Decline the challenge someone sent you in this channel
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "rifiuta"),
    description_localized("it", "Rifiuta la sfida che hai ricevuto in questo canale")
)]
pub async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Decline).await
}

/// Withdraw your open challenge in this channel
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "annulla"),
    description_localized("it", "Ritira la tua sfida aperta in questo canale")
)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Cancel).await
}

/// Play against me, from level 1 (beginner) to 8 (master)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "gioca"),
    description_localized(
        "it",
        "Gioca contro di me, dal livello 1 (principiante) all'8 (maestro)"
    )
)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "How strongly I play (level 1 if not given)"]
    #[name_localized("it", "livello")]
    #[description_localized("it", "Quanto forte gioco (livello 1 se non indicato)")]
    #[choices(1, 2, 3, 4, 5, 6, 7, 8)]
    level: Option<u8>,
    #[description = "Your colour (White moves first); random if not given"]
    #[name_localized("it", "colore")]
    #[description_localized(
        "it",
        "Il tuo colore (il Bianco muove per primo); a caso se non indicato"
    )]
    colour: Option<ColourOption>,
) -> Result<(), Error> {
    answer(ctx, call::play_engine(level, colour)).await
}

/// Play a move in this channel's game: 22-18, 22x13 or 22x13x6
#[poise::command(
    slash_command,
    guild_only,
    rename = "move",
    name_localized("it", "mossa"),
    description_localized(
        "it",
        "Gioca una mossa nella partita di questo canale: 22-18, 22x13 o 22x13x6"
    )
)]
pub async fn play_move(
    ctx: Context<'_>,
    #[description = "Your move; the list offers your legal moves"]
    #[rename = "move"]
    #[name_localized("it", "mossa")]
    #[description_localized("it", "La tua mossa; l'elenco propone le tue mosse legali")]
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

/// Show this channel's game board again
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "damiera"),
    description_localized("it", "Mostra di nuovo la damiera della partita di questo canale")
)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Show it from the other side"]
    #[name_localized("it", "capovolgi")]
    #[description_localized("it", "Mostrala dall'altro lato")]
    flip: Option<bool>,
) -> Result<(), Error> {
    answer(
        ctx,
        Action::Board {
            flip: flip.unwrap_or(false),
        },
    )
    .await
}

/// Resign this channel's game
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "abbandona"),
    description_localized("it", "Abbandona la partita di questo canale")
)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Resign).await
}

/// Offer, accept or decline a draw
#[poise::command(
    slash_command,
    guild_only,
    subcommands("draw_offer", "draw_accept", "draw_decline"),
    subcommand_required,
    name_localized("it", "patta"),
    description_localized("it", "Proponi, accetta o rifiuta la patta")
)]
#[allow(clippy::unused_async, reason = "poise commands are async")]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    // Discord never runs a command that has subcommands; only its subcommands are invoked.
    Err(Error::Refused(format!(
        "Choose what to do: `/{0} offer`, `/{0} accept` or `/{0} decline`.",
        ctx.command().name
    )))
}

/// Offer your opponent a draw
#[poise::command(
    slash_command,
    guild_only,
    rename = "offer",
    name_localized("it", "proponi"),
    description_localized("it", "Proponi la patta al tuo avversario")
)]
pub async fn draw_offer(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::OfferDraw).await
}

/// Accept the draw your opponent offered
#[poise::command(
    slash_command,
    guild_only,
    rename = "accept",
    name_localized("it", "accetta"),
    description_localized("it", "Accetta la patta proposta dal tuo avversario")
)]
pub async fn draw_accept(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::AnswerDraw { accept: true }).await
}

/// Decline the draw your opponent offered (or withdraw yours)
#[poise::command(
    slash_command,
    guild_only,
    rename = "decline",
    name_localized("it", "rifiuta"),
    description_localized("it", "Rifiuta la patta proposta (o ritira la tua)")
)]
pub async fn draw_decline(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::AnswerDraw { accept: false }).await
}

/// Claim the win when your opponent's time per move has run out
#[poise::command(
    slash_command,
    guild_only,
    name_localized("it", "reclama"),
    description_localized(
        "it",
        "Reclama la vittoria quando il tempo per mossa dell'avversario è scaduto"
    )
)]
pub async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Claim).await
}

/// Moderators: stop this channel's game without a result
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_MESSAGES",
    check = "moderator",
    name_localized("it", "interrompi"),
    description_localized("it", "Moderatori: ferma la partita di questo canale senza risultato")
)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Abort).await
}

/// The text for someone who may not abort games.
pub const NOT_A_MODERATOR: &str = "Only moderators (Manage Messages in this channel) can abort a game. \
                                   Players can `/resign` or offer a `/draw`.";

/// `/abort` is for members with Manage Messages in the channel (as Discord resolved them for
/// the interaction).
#[allow(clippy::unused_async, reason = "poise checks are async")]
async fn moderator(ctx: Context<'_>) -> Result<bool, Error> {
    let app = application(ctx)?;
    let Some(member) = app.interaction.member.as_deref() else {
        return Err(Error::Refused(GUILD_ONLY_TEXT.to_owned()));
    };
    if member
        .permissions
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_MESSAGES))
    {
        Ok(true)
    } else {
        Err(Error::Refused(NOT_A_MODERATOR.to_owned()))
    }
}
