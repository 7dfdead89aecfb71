//! The words every flow shares, in the reader's language (see [`dama_core::i18n`]): the rules and
//! help texts, durations, the engine's name, and commands as the reader's Discord shows them.

use std::collections::HashMap;
use std::sync::RwLock;

use dama_engine::Level;

use super::GameService;
use dama_core::i18n::{self, Language, t};

/// The ids Discord gave the registered commands, by their English name (`draw` for `draw
/// offer`): a command mention (`</draw offer:123>`) needs the id, and Discord shows it in the
/// reader's language.
#[derive(Debug, Default)]
pub(crate) struct CommandIds(RwLock<HashMap<String, u64>>);

impl CommandIds {
    fn get(&self, name: &str) -> Option<u64> {
        self.0
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(name)
            .copied()
    }
}

impl GameService {
    /// Keeps the ids of the registered commands (from Discord's answer to the registration),
    /// so that messages mention commands as Discord shows them.
    pub fn set_command_ids(&self, ids: impl IntoIterator<Item = (String, u64)>) {
        let mut map = self
            .command_ids
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.clear();
        map.extend(ids);
    }

    /// A command (`draw offer`, by its English name) as the reader sees it: a clickable
    /// mention (`</draw offer:123>`) once the commands are registered, else its name in the
    /// reader's language in code style (`` `/patta proponi` ``).
    #[must_use]
    pub fn command(&self, language: Language, command: &str) -> String {
        debug_assert!(dama_core::commands::is_runnable(command), "{command}");
        let top = command.split(' ').next().unwrap_or(command);
        if let Some(id) = self.command_ids.get(top) {
            return format!("</{command}:{id}>");
        }
        let name = i18n::texts().command_name(language, command);
        t!(language, CommandTyped, name = name)
    }

    /// `/help`: every command in one place, named as the reader's Discord shows them.
    #[must_use]
    pub fn help_text(&self, language: Language) -> String {
        let c = |name: &str| self.command(language, name);
        t!(
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
        i18n::set_strict(true);
        assert_eq!(engine_name(Language::En, 3), "Dama (level 3, casual)");
        assert_eq!(engine_name(Language::It, 8), "Dama (livello 8, maestro)");
        assert_eq!(engine_name(Language::Es, 1), "Dama (nivel 1, principiante)");
    }
}
