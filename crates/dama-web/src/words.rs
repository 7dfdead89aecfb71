//! The words of the page, in the page's language: every `activity-*` message of the bot's
//! files, and the bot's own words the page reuses (its buttons), by their ids. The page
//! carries no language of its own.

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;

use dama_core::i18n::{Language, Text, texts};

/// The messages the page shows; none takes a variable.
pub const WORDS: &[Text] = &[
    Text::ActivityYourMove,
    Text::ActivityTheirMove,
    Text::ActivityWaiting,
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
    Text::ActivityTimeLeft,
    Text::ActivityTimePerMove,
    Text::ActivityMoves,
    Text::ActivityDrawOffered,
    Text::ActivityTakebackAsked,
    Text::ActivityBack,
    Text::ActivityTooManyMessages,
    Text::ActivityBadMessage,
    Text::ActivityNoSuchGame,
    Text::ActivitySignInFailed,
    Text::ActivityNotInInstance,
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
}
