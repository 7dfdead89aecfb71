//! Aborts, cooldowns and strangers, in every language.

use super::*;

fn aborts_cooldowns_and_strangers(w: &World) {
    let l = w.language;
    let none = w.act(ALICE, Action::Board { flip: false });
    assert!(
        none.text.to_string().starts_with(pick(
            l,
            [
                "In questo canale non c'è nessuna partita. Iniziane una con `/sfida`",
                "There is no game in this channel. Start one with `/challenge`",
                "No hay ninguna partida en este canal. Empieza una con `/retar`",
            ]
        )),
        "{}",
        none.text
    );
    assert_eq!(
        w.hint(ALICE, ""),
        pick(
            l,
            [
                "Nessuna partita in questo canale: iniziane una con /sfida o /gioca.",
                "No game in this channel: start one with /challenge or /play.",
                "No hay partida en este canal: empieza una con /retar o /jugar.",
            ]
        )
    );
    w.start();
    let resign = w.act(ALICE, Action::AskResign);
    assert!(resign.ephemeral);
    assert_eq!(
        (resign.text.to_string().as_str(), labels(&resign)),
        (
            pick(
                l,
                [
                    "Vuoi davvero abbandonare questa partita?",
                    "Do you really want to resign this game?",
                    "¿De verdad quieres abandonar esta partida?",
                ]
            ),
            vec![pick(l, ["Sì, abbandono", "Yes, resign", "Sí, abandono"]).to_owned()]
        )
    );
    w.clock.advance(BOARD_COOLDOWN);
    w.act(CAROL, Action::Board { flip: false });
    let spam = w.act(CAROL, Action::Board { flip: false });
    assert_eq!(
        spam.text,
        pick(
            l,
            [
                "Non così in fretta: potrai usare `/damiera` di nuovo tra 10 s.",
                "Not so fast: you can use `/board` again in 10 s.",
                "No tan rápido: podrás usar `/tablero` otra vez dentro de 10 s.",
            ]
        )
    );
    let refused = w.act(CAROL, Action::Abort);
    assert!(
        refused.ephemeral
            && refused.text.to_string().starts_with(pick(
                l,
                [
                    "Solo i moderatori",
                    "Only moderators",
                    "Solo los moderadores"
                ]
            )),
        "{}",
        refused.text
    );
    let moderator = w.actor(CAROL).can_moderate(true);
    let aborted = checked(
        w.service
            .act(&moderator, Origin::Channel, Action::Abort)
            .unwrap(),
    );
    assert!(
        aborted.text.to_string().starts_with(pick(
            l,
            [
                "carol ha interrotto la partita #1. Non conta per nessuno.",
                "carol aborted game #1. It does not count for anyone.",
                "carol anuló la partida #1. No cuenta para nadie.",
            ]
        )),
        "{}",
        aborted.text
    );
    assert!(
        caption(&aborted).ends_with(pick(l, ["interrotta", "aborted", "anulada"])),
        "{}",
        caption(&aborted)
    );
    let unknown = w.click(ALICE, "z:1", &[]);
    assert_eq!(
        unknown.text,
        pick(
            l,
            [
                "Questo pulsante non lo riconosco più.",
                "This button is not one I know any more.",
                "Ya no reconozco este botón.",
            ]
        )
    );
}

#[test]
fn aborts_cooldowns_and_strangers_in_every_language() {
    in_every_language(aborts_cooldowns_and_strangers);
}
