//! The words every flow shares, in the reader's language (see [`dama_core::i18n`]): the rules and
//! help texts, the engine's name, and commands as parts of a text.

use dama_engine::Level;

use super::GameService;
use dama_core::i18n::{Language, t, tr};
use dama_core::text::{Part, RichText};

/// A command (`draw offer`, by its English name), for its readers to reach as their front end
/// shows commands (see [`Part::Command`]).
pub(crate) fn command(path: &str) -> Part {
    debug_assert!(dama_core::commands::is_runnable(path), "{path}");
    Part::command(path)
}

impl GameService {
    /// `/help`: every command in one place.
    #[must_use]
    pub fn help_text(&self, language: Language) -> RichText {
        let c = command;
        tr!(
            language,
            Help,
            max_level = Level::ALL[Level::ALL.len() - 1].number(),
            cmd_challenge = c("challenge"),
            cmd_accept = c("accept"),
            cmd_decline = c("decline"),
            cmd_cancel = c("cancel"),
            cmd_play = c("play"),
            cmd_move = c("move"),
            cmd_board = c("board"),
            cmd_draw_offer = c("draw offer"),
            cmd_draw_accept = c("draw accept"),
            cmd_draw_decline = c("draw decline"),
            cmd_resign = c("resign"),
            cmd_claim = c("claim"),
            cmd_abort = c("abort"),
            cmd_leaderboard = c("leaderboard"),
            cmd_stats = c("stats"),
            cmd_history = c("history"),
            cmd_pdn = c("pdn"),
            cmd_replay = c("replay"),
            cmd_rules = c("rules"),
            cmd_settings = c("settings"),
            cmd_games = c("games"),
            cmd_takeback = c("takeback"),
            cmd_hint = c("hint"),
            cmd_analysis = c("analysis"),
            cmd_tournament_create = c("tournament create"),
            cmd_tournament_join = c("tournament join"),
            cmd_tournament_start = c("tournament start"),
            cmd_tournament_standings = c("tournament standings"),
            cmd_tournament_pairings = c("tournament pairings"),
            cmd_tournament_withdraw = c("tournament withdraw"),
            cmd_tournament_forfeit = c("tournament forfeit"),
            cmd_tournament_cancel = c("tournament cancel"),
            cmd_tournament_pdn = c("tournament pdn"),
            cmd_puzzle = c("puzzle"),
            cmd_puzzles = c("puzzles"),
        )
    }
}

/// `/rules`: Italian draughts in a few friendly lines, with the points people get wrong, for a
/// game that draws when a position occurs `repetitions` times.
#[must_use]
pub fn rules_text(language: Language, repetitions: u32) -> String {
    t!(
        language,
        Rules,
        repetitions = repetitions,
        quiet_moves = dama_rules::FORTY_MOVE_PLIES / 2,
    )
}

/// The engine's name at a level: `Dama (level 3, casual)`, `Dama (livello 3, dilettante)`.
#[must_use]
pub fn engine_name(language: Language, level: u8) -> String {
    t!(language, EngineName, level = level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_is_named_with_its_level_in_every_language() {
        dama_core::i18n::set_strict(true);
        assert_eq!(engine_name(Language::En, 3), "Dama (level 3, casual)");
        assert_eq!(engine_name(Language::It, 8), "Dama (livello 8, maestro)");
        assert_eq!(engine_name(Language::Es, 1), "Dama (nivel 1, principiante)");
    }
}
