//! The help and the rules in each language.

use super::*;

fn in_language(user: u64, language: Language) -> Actor {
    actor(user).language(language)
}

fn help_and_rules(w: &World, language: Language) -> (Reply, Reply) {
    let help = w
        .service
        .act(&in_language(ALICE, language), Origin::Channel, Action::Help)
        .unwrap();
    let rules = w
        .service
        .act(
            &in_language(ALICE, language),
            Origin::Channel,
            Action::Rules,
        )
        .unwrap();
    (help, rules)
}

#[test]
fn help_and_rules_in_english() {
    let w = world();
    let (help, rules) = help_and_rules(&w, Language::En);
    assert!(help.ephemeral, "the help is for the asker");
    assert!(
        help.text
            .to_string()
            .starts_with("**Dama: Italian draughts on Discord**")
    );
    assert!(help.text.contains("`/challenge` [member] [colour] [time]"));
    assert!(help.text.contains("`/takeback`: take back your last move"));
    assert!(help.text.contains("`/games`: your games in this server"));
    assert!(
        help.text
            .contains("`/settings`: how you hear about your games")
    );
    assert!(help.text.contains("from level 1 (beginner) to 8 (master)"));
    assert!(!rules.ephemeral, "the rules are for the channel");
    assert!(
        rules.text.contains("**Capturing is compulsory**"),
        "{}",
        rules.text
    );
    assert!(rules.text.contains("**a man can never capture a king**"));
    assert!(rules.text.contains("**bottom-right corner is dark**"));
    assert!(
        rules
            .text
            .contains("comes back for the 3rd time, or after 40 moves each"),
        "{}",
        rules.text
    );
}

#[test]
fn help_and_rules_in_italian() {
    let w = world();
    let (help, rules) = help_and_rules(&w, Language::It);
    assert!(help.ephemeral);
    assert!(
        help.text.contains("`/sfida` [avversario] [colore] [tempo]"),
        "{}",
        help.text
    );
    assert!(help.text.contains("`/mossa` mossa"));
    assert!(help.text.contains("`/ritira`: ritira la tua ultima mossa"));
    assert!(help.text.contains("`/partite`: le tue partite"));
    assert!(
        help.text
            .contains("`/impostazioni`: come vuoi essere avvisato")
    );
    assert!(
        help.text
            .contains("`/patta proponi`, `/patta accetta`, `/patta rifiuta`")
    );
    assert!(
        help.text
            .contains("livelli da 1 (principiante) a 8 (maestro)")
    );
    assert!(!help.text.contains("/challenge"), "{}", help.text);
    assert!(
        rules.text.contains("**La presa è obbligatoria**"),
        "{}",
        rules.text
    );
    assert!(rules.text.contains("presa multipla"));
    assert!(rules.text.contains("**non può mai prendere una dama**"));
    assert!(rules.text.contains("pedina") && rules.text.contains("damiera"));
    assert!(rules.text.contains("il Bianco") && rules.text.contains("del Nero"));
    assert!(rules.text.contains("la mossa finisce lì"));
    assert!(
        rules
            .text
            .contains("per la 3ª volta, oppure dopo 40 mosse per parte")
    );
    assert!(!rules.text.contains("capture"), "{}", rules.text);
}

#[test]
fn help_and_rules_in_spanish() {
    let w = world();
    let (help, rules) = help_and_rules(&w, Language::Es);
    assert!(help.text.contains("reta a un miembro"), "{}", help.text);
    assert!(
        help.text.contains("`/retar` [miembro] [color] [tiempo]"),
        "{}",
        help.text
    );
    assert!(
        rules.text.contains("**La captura es obligatoria**"),
        "{}",
        rules.text
    );
    assert!(rules.text.contains("**nunca puede capturar a una dama**"));
    assert!(rules.text.contains("peón") && rules.text.contains("tablas"));
    assert!(rules.text.contains("blancas") && rules.text.contains("negras"));
    assert!(rules.text.contains("la jugada termina ahí"));
    assert!(
        rules
            .text
            .contains("por 3.ª vez, o tras 40 jugadas de cada bando")
    );
}

#[test]
fn the_rules_follow_the_configured_repetitions() {
    let w = world_with(ServiceSettings {
        repetition_count: 2,
        ..settings()
    });
    let (_, rules) = help_and_rules(&w, Language::En);
    assert!(rules.text.contains("for the 2nd time"), "{}", rules.text);
    let (_, rules) = help_and_rules(&w, Language::It);
    assert!(rules.text.contains("per la 2ª volta"), "{}", rules.text);
}
