//! The autocomplete of moves: the caller's legal moves that start like what is typed, or one
//! choice that says why there are none.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::{AUTOCOMPLETE_BUDGET, Data, Error};
use crate::call;
use crate::outgoing::{autocomplete, autocomplete_hint};
use crate::permissions::guild_only_text;
use dama_core::i18n::{Language, t};
use dama_service::Suggestions;

/// Which moves an autocomplete offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuggestionsOf {
    /// `/move`: the caller's legal moves in the game of the channel.
    Game,
    /// `/puzzle move`: the legal moves of the caller's open puzzle.
    Puzzle,
}

/// The `/move` autocomplete for what has been typed so far: the caller's legal moves that
/// start like it, or one choice that says why there are none (not your turn, no game here,
/// the moves could not be had in time).
pub async fn suggestions(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    typed: &str,
) -> serenity::CreateAutocompleteResponse {
    suggestions_of(ctx, typed, SuggestionsOf::Game).await
}

/// An autocomplete of moves ([`SuggestionsOf`]) for what has been typed so far, or one choice
/// that says why there are none.
pub async fn suggestions_of(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    typed: &str,
    of: SuggestionsOf,
) -> serenity::CreateAutocompleteResponse {
    let _answering = ctx.data().work.track();
    let interaction = ctx.interaction;
    let Some(actor) = call::command_actor(&ctx.serenity_context().cache, interaction) else {
        let language = Language::from_locale(&interaction.locale);
        return autocomplete_hint(&guild_only_text(language), language);
    };
    let language = actor.language;
    let service = ctx.data().service.clone();
    let typed = typed.to_owned();
    let job = ctx.data().work.spawn(move || match of {
        SuggestionsOf::Game => service.suggestions(&actor, &typed),
        SuggestionsOf::Puzzle => service.puzzle_suggestions(&actor, &typed),
    });
    let unavailable = t!(language, DiscordMovesUnavailable);
    match tokio::time::timeout(AUTOCOMPLETE_BUDGET, job).await {
        Ok(Ok(Ok(Suggestions::Moves(moves)))) => autocomplete(&moves),
        Ok(Ok(Ok(Suggestions::Hint(hint)))) => autocomplete_hint(&hint, language),
        Ok(Ok(Err(error))) => {
            warn!(%error, "move suggestions failed");
            autocomplete_hint(&unavailable, language)
        }
        Ok(Err(error)) => {
            warn!(%error, "the move suggestion job failed");
            autocomplete_hint(&unavailable, language)
        }
        Err(_) => {
            warn!("move suggestions took longer than {AUTOCOMPLETE_BUDGET:?}");
            autocomplete_hint(&unavailable, language)
        }
    }
}
