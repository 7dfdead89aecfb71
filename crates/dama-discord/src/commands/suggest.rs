//! What Discord's autocomplete offers as an option is typed: times in the reader's words, the
//! caller's legal moves, the moves of their open puzzle. Which option suggests what is the
//! command table's ([`dama_core::commands::Parameter::autocomplete`]).

use poise::serenity_prelude as serenity;

use super::language;
use crate::respond::{self, SuggestionsOf};
use crate::{Data, Error, outgoing};
use dama_core::commands::{Kind, Parameter, Suggest};

type Callback = for<'a> fn(
    poise::ApplicationContext<'a, Data, Error>,
    &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse>;

/// The autocomplete of an option of the table, when it has one.
#[must_use]
pub fn callback(option: &Parameter) -> Option<Callback> {
    match option.kind {
        Kind::Time => Some(|ctx, partial| Box::pin(times(ctx, partial))),
        Kind::Pace => Some(|ctx, partial| Box::pin(paces(ctx, partial))),
        Kind::Clock => Some(|ctx, partial| Box::pin(clocks(ctx, partial))),
        Kind::Expiry => Some(|ctx, partial| Box::pin(expiries(ctx, partial))),
        Kind::Text {
            suggest: Some(Suggest::Move),
            ..
        } => Some(|ctx, partial| Box::pin(respond::suggestions(ctx, partial))),
        Kind::Text {
            suggest: Some(Suggest::PuzzleMove),
            ..
        } => Some(|ctx, partial| {
            Box::pin(respond::suggestions_of(ctx, partial, SuggestionsOf::Puzzle))
        }),
        _ => None,
    }
}

/// A time's autocomplete: the usual times and the one typed, in the reader's words.
#[allow(
    clippy::unused_async,
    reason = "poise autocomplete callbacks are futures"
)]
async fn times(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    outgoing::autocomplete(&dama_core::commands::time_suggestions(
        language(ctx.into()),
        partial,
    ))
}

/// `/challenge`'s time autocomplete: times and live clocks, in the reader's words.
#[allow(
    clippy::unused_async,
    reason = "poise autocomplete callbacks are futures"
)]
async fn paces(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    outgoing::autocomplete(&dama_core::commands::pace_suggestions(
        language(ctx.into()),
        partial,
    ))
}

/// `/play`'s clock autocomplete: live time controls.
#[allow(
    clippy::unused_async,
    reason = "poise autocomplete callbacks are futures"
)]
async fn clocks(
    _ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    outgoing::autocomplete(&dama_core::commands::clock_suggestions(partial))
}

/// `/settings` expiry autocomplete: "automatic", then the usual times, in the reader's words.
#[allow(
    clippy::unused_async,
    reason = "poise autocomplete callbacks are futures"
)]
async fn expiries(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    outgoing::autocomplete(&dama_core::commands::expiry_suggestions(
        language(ctx.into()),
        partial,
    ))
}
