//! `/puzzle` (Italian and Spanish `/problema`) and `/puzzles` (`/problemi`, `/problemas`): shots
//! to solve, privately, and the puzzle ratings. Their names and descriptions come from the files
//! (`cmd-puzzle`, `cmd-puzzles`).

use poise::serenity_prelude as serenity;

use super::answer;
use crate::discord::call;
use crate::discord::respond::{self, SuggestionsOf};
use crate::discord::{Context, Error, outgoing};
use crate::game::{Action, PuzzleAction};

/// A puzzle near one's rating, the server's puzzle of the day, or an answer.
#[poise::command(slash_command, guild_only)]
pub async fn puzzle(
    ctx: Context<'_>,
    daily: Option<bool>,
    #[rename = "move"]
    #[autocomplete = "autocomplete_answer"]
    #[min_length = 1]
    #[max_length = 100]
    text: Option<String>,
) -> Result<(), Error> {
    answer(ctx, call::puzzle(daily, text)).await
}

/// `/puzzle move` autocomplete: the legal moves of the caller's open puzzle that start like
/// what is typed, or why there are none.
async fn autocomplete_answer(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    match ctx {
        poise::Context::Application(app) => {
            respond::suggestions_of(app, partial, SuggestionsOf::Puzzle).await
        }
        poise::Context::Prefix(_) => outgoing::autocomplete(&[]),
    }
}

/// One's puzzle rating and streak, and the server's best solvers.
#[poise::command(slash_command, guild_only)]
pub async fn puzzles(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Action::Puzzle(PuzzleAction::Ranking)).await
}
