//! The rules and help texts, in the reader's language (see [`crate::i18n`]).

use dama_engine::Level;
use fluent_bundle::FluentArgs;

use crate::i18n::{self, Language, Text};

/// `/rules`: Italian draughts in a few friendly lines, with the points people get wrong, for a
/// game that draws when a position occurs `repetitions` times.
#[must_use]
pub fn rules_text(language: Language, repetitions: u32) -> String {
    let mut args = FluentArgs::new();
    args.set("repetitions", repetitions);
    args.set("quiet-moves", dama_rules::FORTY_MOVE_PLIES / 2);
    i18n::texts().format(language, Text::Rules, &args)
}

/// `/help`: every command in one place, named as Discord shows them in that language.
#[must_use]
pub fn help_text(language: Language) -> String {
    let mut args = FluentArgs::new();
    args.set("max-level", Level::ALL[Level::ALL.len() - 1].number());
    i18n::texts().format(language, Text::Help, &args)
}
