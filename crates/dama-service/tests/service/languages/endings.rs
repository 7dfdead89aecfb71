//! A claim on time, draws and the forty-move rule, in every language.

use super::*;

fn a_claim_on_time(w: &World) {
    let l = w.language;
    w.start();
    w.play(ALICE, "22-18");
    let early = w.act(ALICE, Action::Claim);
    assert!(
        early.ephemeral
            && early.text
                == pick(
                    l,
                    [
                        "bob ha ancora 24 ore per muovere; dopo potrai reclamare la vittoria.",
                        "bob still has 24 h to move; you can claim the win after that.",
                        "bob aún tiene 24 h para mover; después podrás reclamar la victoria.",
                    ]
                ),
        "{}",
        early.text
    );
    let mine = w.act(BOB, Action::Claim);
    assert_eq!(
        mine.text,
        pick(
            l,
            [
                "Tocca a te: gioca la tua mossa invece di reclamare.",
                "It is your turn: make your move instead of claiming.",
                "Te toca a ti: haz tu jugada en vez de reclamar.",
            ]
        )
    );
    w.clock.advance(Duration::from_secs(25 * 3600));
    let board = w.act(ALICE, Action::Board { flip: false });
    assert!(
        labels(&board).contains(
            &pick(
                l,
                ["Reclama la vittoria", "Claim win", "Reclamar la victoria"]
            )
            .to_owned()
        ),
        "{:?}",
        labels(&board)
    );
    let won = w.click(ALICE, &id_ending(&board, ":claim"), &[]);
    assert!(
        !won.ephemeral
            && won.text.to_string().starts_with(pick(
                l,
                [
                    "bob ha esaurito il tempo. **Vince alice** per tempo. Punteggi:",
                    "bob's time ran out. **alice wins** on time. Ratings:",
                    "A bob se le acabó el tiempo. **Gana alice** por tiempo. Puntuaciones:",
                ]
            )),
        "{}",
        won.text
    );
}

#[test]
fn a_claim_on_time_in_every_language() {
    in_every_language(a_claim_on_time);
}

fn draws(w: &World) {
    let l = w.language;
    w.start();
    let offer = w.act(ALICE, Action::OfferDraw);
    assert!(
        offer.text.to_string().starts_with(pick(
            l,
            [
                "alice propone la patta a @12.",
                "alice offers a draw to @12.",
                "alice ofrece tablas a @12.",
            ]
        )),
        "{}",
        offer.text
    );
    assert!(
        offer.text.contains(pick(
            l,
            [
                "@11 propone la patta.",
                "@11 offers a draw.",
                "@11 ofrece tablas."
            ]
        )),
        "{}",
        offer.text
    );
    let again = w.act(ALICE, Action::OfferDraw);
    assert_eq!(
        again.text,
        pick(
            l,
            [
                "Hai già proposto la patta; aspetta la risposta.",
                "You have already offered a draw; wait for the answer.",
                "Ya ofreciste tablas; espera la respuesta.",
            ]
        )
    );
    let declined = w.act(BOB, Action::AnswerDraw { accept: false });
    assert!(
        declined.text.to_string().starts_with(pick(
            l,
            [
                "bob rifiuta la patta. Si continua!",
                "bob declines the draw. Play on!",
                "bob rechaza las tablas. ¡Seguimos!",
            ]
        )),
        "{}",
        declined.text
    );
    let soon = w.act(ALICE, Action::OfferDraw);
    assert!(
        soon.ephemeral
            && soon.text.contains(pick(
                l,
                [
                    "potrai riproporla tra 10 semimosse",
                    "you can offer again after 10 more plies",
                    "podrás volver a ofrecerlas dentro de 10 medias jugadas",
                ]
            )),
        "{}",
        soon.text
    );
    let none = w.act(BOB, Action::AnswerDraw { accept: true });
    assert!(
        none.text.to_string().starts_with(pick(
            l,
            [
                "Non c'è nessuna proposta di patta a cui rispondere. Proponila tu con `/patta proponi`.",
                "There is no draw offer to answer. Offer one with `/draw offer`.",
                "No hay ninguna oferta de tablas que responder.",
            ]
        )),
        "{}",
        none.text
    );
    for ply in 0..10 {
        w.play_any(if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    let offer = w.act(ALICE, Action::OfferDraw);
    let accepted = w.click(BOB, &id_ending(&offer, ":draw+"), &[]);
    assert!(
        accepted.text.to_string().starts_with(pick(
            l,
            [
                "bob accetta la patta. **Patta** per accordo. Punteggi:",
                "bob accepts the draw. **Draw** by agreement. Ratings:",
                "bob acepta las tablas. **Tablas** por acuerdo. Puntuaciones:",
            ]
        )),
        "{}",
        accepted.text
    );
    assert!(
        caption(&accepted).ends_with(pick(l, ["patta (½-½)", "1/2-1/2", "tablas (½-½)"])),
        "{}",
        caption(&accepted)
    );

    // Repetition: two kings shuffle.
    w.game_from("W:WK29,30:BK4,1", Participant::User(BOB));
    let mut reply = None;
    for (user, m) in [
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
    ] {
        reply = Some(w.play(user, m));
    }
    let reply = reply.unwrap();
    assert!(
        reply.text.contains(pick(
            l,
            [
                "**Patta** per ripetizione della posizione.",
                "**Draw** by repetition.",
                "**Tablas** por repetición de la posición.",
            ]
        )),
        "{}",
        reply.text
    );
}

#[test]
fn draws_in_every_language() {
    in_every_language(draws);
}

#[test]
fn the_forty_move_rule_in_every_language() {
    for language in Language::ALL {
        // Repetition set out of reach.
        let w = world_with(
            language,
            ServiceSettings {
                repetition_count: 1000,
                ..settings()
            },
        );
        w.game_from("W:WK29,30:BK4,1", Participant::User(BOB));
        let mut reply = None;
        for i in 0..80 {
            let (user, m) = match i % 4 {
                0 => (ALICE, "29-25"),
                1 => (BOB, "4-8"),
                2 => (ALICE, "25-29"),
                _ => (BOB, "8-4"),
            };
            reply = Some(w.play(user, m));
        }
        let text = reply.unwrap().text;
        assert!(
            text.contains(pick(
                language,
                [
                    "**Patta** per la regola delle 40 mosse: 40 mosse per parte senza prese né mosse di pedina.",
                    "**Draw** by the 40-move rule: 40 moves each without a capture or a man move.",
                    "**Tablas** por la regla de las 40 jugadas: 40 jugadas de cada bando sin captura ni movimiento de peón.",
                ]
            )),
            "{text}"
        );
    }
}
