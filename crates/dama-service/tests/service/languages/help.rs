//! The help, the rules and a flipped board, each in its reader's language.

use super::*;

/// The help is for the asker (their language); the rules are for the channel (the server's).
#[test]
fn the_help_is_private_and_the_rules_public() {
    for language in Language::ALL {
        let w = world(language);
        for server in Language::ALL {
            let actor = w.actor(ALICE).guild_language(Some(server));
            let help = checked(
                w.service
                    .act(&actor, Origin::Channel, Action::Help)
                    .unwrap(),
            );
            assert!(help.ephemeral);
            assert!(
                help.text.to_string().starts_with(pick(
                    language,
                    [
                        "**Dama: la dama italiana su Discord**",
                        "**Dama: Italian draughts on Discord**",
                        "**Dama: damas italianas en Discord**",
                    ]
                )),
                "{language:?} in a {server:?} server: {}",
                help.text
            );
            let rules = checked(
                w.service
                    .act(&actor, Origin::Channel, Action::Rules)
                    .unwrap(),
            );
            assert!(!rules.ephemeral);
            assert!(
                rules.text.contains(pick(
                    server,
                    [
                        "**La presa è obbligatoria**",
                        "**Capturing is compulsory**",
                        "**La captura es obligatoria**",
                    ]
                )),
                "{language:?} in a {server:?} server: {}",
                rules.text
            );
        }
    }
}

/// A board turned round by its Flip button is for the clicker, in the clicker's language,
/// whatever the server speaks.
#[test]
fn a_flipped_board_speaks_the_clickers_language() {
    let w = world(Language::Es);
    w.start();
    let board = w.act(ALICE, Action::Board { flip: false });
    let italian = w.actor(BOB).language(Language::It);
    let flipped = checked(
        w.service
            .component(&italian, &id_ending(&board, ":flipw"), &[])
            .unwrap(),
    );
    assert!(flipped.ephemeral);
    assert!(flipped.text.contains("tocca al Bianco"), "{}", flipped.text);
    assert!(
        caption(&flipped).ends_with("tocca al Bianco"),
        "{}",
        caption(&flipped)
    );
}
