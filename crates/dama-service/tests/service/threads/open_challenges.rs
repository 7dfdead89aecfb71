//! Open challenges and `/accept from`.

use super::*;

#[test]
fn an_open_challenge_is_for_anyone_but_its_author() {
    let w = world();
    let open = challenge(&w, &actor(ALICE), None, None);
    assert!(!open.ephemeral);
    assert!(open.mentions.is_empty(), "it mentions nobody");
    assert!(
        open.text.to_string().starts_with(
            "@11 is looking for an opponent: a rated game of dama (@11 plays White, 24 h \
             per move), open to anyone. It expires [t:"
        ),
        "{}",
        open.text
    );
    let accept = id_ending(&open, ":accept");
    let refused = click(&w, &actor(ALICE), &accept);
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "This is your own challenge: wait for someone to accept it, or withdraw it with Cancel."
    );
    let refused = click(&w, &actor(BOB), &id_ending(&open, ":decline"));
    assert!(refused.ephemeral);
    assert!(
        refused.text.to_string().starts_with(
            "This challenge is open to anyone: there is nothing to decline, just leave it."
        ),
        "{}",
        refused.text
    );
    // Only one challenge of one's own per channel, open or not.
    let refused = challenge(&w, &actor(ALICE), Some(BOB), None);
    assert!(
        refused
            .text
            .contains("You already have an open challenge here."),
        "{}",
        refused.text
    );

    let started = click(&w, &actor(CAROL), &accept);
    assert!(!started.ephemeral, "{}", started.text);
    assert!(started.thread.is_some());
    let record = game(&w, 1);
    assert_eq!(
        (record.white, record.black),
        (Participant::User(ALICE), Participant::User(CAROL))
    );
    assert!(record.rated);
    let refused = click(&w, &actor(BOB), &accept);
    assert!(
        refused.text.contains("already accepted"),
        "{}",
        refused.text
    );
}

#[test]
fn open_challenges_read_right_in_italian_and_spanish() {
    for (language, message, declined, cancelled) in [
        (
            Language::It,
            "@11 cerca un avversario: una partita di dama valida per la classifica (@11 ha il \
             Bianco, 24 ore per mossa), aperta a tutti. Scade [t:",
            "Questa sfida è aperta a tutti: non c'è niente da rifiutare",
            "alice ha ritirato la sua sfida aperta.",
        ),
        (
            Language::Es,
            "@11 busca rival: una partida de damas puntuable (@11 juega con blancas, 24 h \
             por jugada), abierta a cualquiera. Caduca [t:",
            "Este reto está abierto a cualquiera: no hay nada que rechazar",
            "alice ha retirado su reto abierto.",
        ),
    ] {
        let w = world();
        let alice = speaking(actor(ALICE), language);
        let open = challenge(&w, &alice, None, None);
        assert!(open.text.to_string().starts_with(message), "{}", open.text);
        let refused = click(
            &w,
            &speaking(actor(BOB), language),
            &id_ending(&open, ":decline"),
        );
        assert!(
            refused.text.to_string().starts_with(declined),
            "{}",
            refused.text
        );
        let gone = click(&w, &alice, &id_ending(&open, ":cancel"));
        assert_eq!(gone.text, cancelled);
        assert!(gone.mentions.is_empty());
    }
}

#[test]
fn accept_from_picks_among_open_challenges() {
    let w = world();
    challenge(&w, &actor(ALICE), None, None);
    challenge(&w, &actor(BOB), None, None);
    let refused = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::Accept { from: None },
    );
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "Several challenges are open for you here (from alice, bob): name the member whose \
         challenge you accept in `/accept`."
    );
    let refused = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::Accept { from: Some(DAVE) },
    );
    assert!(
        refused.text.contains("has no challenge open for you"),
        "{}",
        refused.text
    );
    let started = act(
        &w,
        &actor(CAROL),
        Origin::Channel,
        Action::Accept { from: Some(BOB) },
    );
    assert!(!started.ephemeral, "{}", started.text);
    let record = game(&w, 1);
    assert_eq!(
        (record.white, record.black),
        (Participant::User(BOB), Participant::User(CAROL))
    );
    // One open challenge left: `/accept` takes it.
    let started = act(
        &w,
        &actor(DAVE),
        Origin::Channel,
        Action::Accept { from: None },
    );
    assert!(!started.ephemeral, "{}", started.text);
    assert_eq!(game(&w, 2).white, Participant::User(ALICE));
    // Its author cannot take their own.
    let w = world();
    challenge(&w, &actor(ALICE), None, None);
    let refused = act(
        &w,
        &actor(ALICE),
        Origin::Channel,
        Action::Accept { from: None },
    );
    assert!(
        refused.text.contains("Nobody has challenged you"),
        "{}",
        refused.text
    );
}
