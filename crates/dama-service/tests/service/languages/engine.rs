//! The engine plays and answers, in every language.

use super::*;

fn the_engine_plays_and_answers(w: &World) {
    let l = w.language;
    w.game_from(&Position::initial().to_fen(), Participant::Engine(1));
    let reply = w.play(ALICE, "22-18");
    assert!(
        reply.text.contains(pick(
            l,
            [
                "Dama (livello 1, principiante) ha risposto **",
                "Dama (level 1, beginner) replied **",
                "Dama (nivel 1, principiante) respondió **",
            ]
        )),
        "{}",
        reply.text
    );
    let offer = w.act(ALICE, Action::OfferDraw);
    assert!(
        offer.text.contains(pick(
            l,
            [
                "Dama (livello 1, principiante) rifiuta la patta",
                "Dama (level 1, beginner) declines the draw",
                "Dama (nivel 1, principiante) rechaza las tablas",
            ]
        )) || offer
            .text
            .contains(pick(l, ["per accordo", "by agreement", "por acuerdo"])),
        "{}",
        offer.text
    );
}

#[test]
fn the_engine_plays_and_answers_in_every_language() {
    in_every_language(the_engine_plays_and_answers);
}
