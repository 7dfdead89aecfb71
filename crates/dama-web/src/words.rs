//! The words of the page, in the page's language: the `activity-*` messages of the bot's
//! files it shows, and the bot's own words the page reuses (its buttons), by their ids. The
//! page carries no language of its own, and knows the ids from here (its `WordKey` type is
//! [generated](crate::generated)); a test checks that it uses every one. What the server says
//! itself (a refusal, a bad frame) comes translated in the frame's text.

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;

use dama_core::i18n::{Language, Text, texts};

/// The messages the page shows, every one of them; none takes a variable.
pub const WORDS: &[Text] = &[
    Text::ActivityYourMove,
    Text::ActivityTheirMove,
    Text::ActivitySpectators,
    Text::ActivityAccept,
    Text::ActivityDecline,
    Text::ActivityConfirmResign,
    Text::ActivityAnalysis,
    Text::ActivityLobby,
    Text::ActivityNoGames,
    Text::ActivityOpenChallenges,
    Text::ActivityWatch,
    Text::ActivityChallenge,
    Text::ActivityOpenChallenge,
    Text::ActivityPlayEngine,
    Text::ActivityLevel,
    Text::ActivityWhite,
    Text::ActivityBlack,
    Text::ActivityRandomColour,
    Text::ActivityChoosePath,
    Text::ActivityReconnecting,
    Text::ActivityClock,
    Text::ActivityTimePerMove,
    Text::ActivityMoves,
    Text::ActivityDrawOffered,
    Text::ActivityTakebackAsked,
    Text::ActivityBack,
    Text::ActivityPresent,
    Text::ActivityNobodyPresent,
    Text::ActivityChallengesForYou,
    Text::ActivityCancel,
    Text::GameButtonOfferDraw,
    Text::GameButtonAcceptDraw,
    Text::GameButtonDeclineDraw,
    Text::GameButtonResign,
    Text::GameButtonResignConfirm,
    Text::GameButtonFlip,
    Text::GameButtonRematch,
    Text::GameBoardCapture,
    Text::TakebackButton,
    Text::TakebackButtonAccept,
    Text::TakebackButtonDecline,
];

/// The page's words in `language`, by message id.
#[must_use]
pub fn words(language: Language) -> BTreeMap<&'static str, String> {
    WORDS
        .iter()
        .map(|&text| {
            (
                text.id(),
                texts().format(language, text, &FluentArgs::new()),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_takes_no_variable_and_is_translated() {
        dama_core::i18n::load().unwrap();
        for text in WORDS {
            assert!(text.variables().is_empty(), "{text:?}");
        }
        let italian = words(Language::It);
        assert_eq!(italian["activity-your-move"], "Tocca a te");
        assert_eq!(italian.len(), WORDS.len());
    }

    /// The page's own sources (`web/src`, without what is generated from here), by file name.
    fn page_sources() -> Vec<(String, String)> {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src");
        let mut sources = Vec::new();
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "ts") {
                let text = std::fs::read_to_string(&path).unwrap();
                sources.push((path.display().to_string(), text));
            }
        }
        assert!(
            sources.len() > 5,
            "{}: the page's sources",
            folder.display()
        );
        sources
    }

    /// Every word sent is one the page shows (the page's type check sees to the other way: it
    /// asks only for the ids of [`WORDS`]).
    #[test]
    fn the_page_uses_every_word_it_is_sent() {
        let sources = page_sources();
        for text in WORDS {
            let quoted = format!("'{}'", text.id());
            assert!(
                sources.iter().any(|(_, source)| source.contains(&quoted)),
                "{}: sent in `hello`, used nowhere in web/src",
                text.id()
            );
        }
    }
}
