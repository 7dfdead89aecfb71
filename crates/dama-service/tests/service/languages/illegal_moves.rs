//! An illegal move and its reason, in every language.

use super::*;

fn an_illegal_move_explains_itself(w: &World) {
    let l = w.language;
    w.start();
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "22-17".into(),
        },
    );
    assert!(reply.ephemeral);
    assert!(
        reply.text.to_string().starts_with(pick(
            l,
            [
                "22-17 non è una mossa regolare qui. Mosse regolari: ",
                "22-17 is not a legal move here. Legal moves: ",
                "22-17 no es una jugada legal aquí. Jugadas legales: ",
            ]
        )) && reply.text.contains("22-18"),
        "{}",
        reply.text
    );
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "banana".into(),
        },
    );
    assert!(
        reply.text.to_string().starts_with(pick(
            l,
            [
                "`banana` non è una casa",
                "`banana` is not a square",
                "`banana` no es una casilla",
            ]
        )),
        "{}",
        reply.text
    );
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "12-16".into(),
        },
    );
    assert!(
        reply.text.to_string().starts_with(pick(
            l,
            [
                "Il pezzo sulla casa 12 non è del Bianco.",
                "The piece on 12 is not white's.",
                "La pieza de la casilla 12 no es de las blancas.",
            ]
        )),
        "{}",
        reply.text
    );
    let reply = w.act(
        BOB,
        Action::Move {
            text: "11-15".into(),
        },
    );
    assert!(
        reply.text.to_string().starts_with(pick(
            l,
            [
                "Non tocca a te: tocca al Bianco",
                "It is not your turn",
                "No es tu turno: juegan las blancas"
            ]
        )),
        "{}",
        reply.text
    );
    w.play(ALICE, "22-18");
    let board = w.play(BOB, "11-14");
    assert!(
        board.text.contains(pick(
            l,
            [
                "La presa è obbligatoria.",
                "A capture is compulsory.",
                "La captura es obligatoria."
            ]
        )),
        "{}",
        board.text
    );
    let reply = w.act(
        ALICE,
        Action::Move {
            text: "21-17".into(),
        },
    );
    assert!(reply.ephemeral);
    assert!(
        reply.text.to_string().starts_with(pick(
            l,
            [
                "21-17 non è consentita: la presa è obbligatoria (18x11)",
                "21-17 is not allowed: a capture is compulsory (18x11)",
                "21-17 no está permitida: la captura es obligatoria (18x11)",
            ]
        )),
        "{}",
        reply.text
    );
    let stranger = w.act(
        CAROL,
        Action::Move {
            text: "18x11".into(),
        },
    );
    assert_eq!(
        stranger.text,
        pick(
            l,
            [
                "Non stai giocando questa partita.",
                "You are not playing in this game.",
                "No juegas en esta partida.",
            ]
        )
    );
    assert_eq!(
        w.hint(BOB, ""),
        pick(
            l,
            [
                "Non tocca a te: deve muovere alice",
                "Not your turn: alice is to move",
                "No es tu turno: mueve alice",
            ]
        )
    );
    assert!(
        w.hint(ALICE, "27").starts_with(pick(
            l,
            [
                "Nessuna mossa regolare comincia con 27: 18x11",
                "No legal move starts with 27: 18x11",
                "Ninguna jugada legal empieza por 27: 18x11",
            ]
        )),
        "{}",
        w.hint(ALICE, "27")
    );
}

#[test]
fn an_illegal_move_explains_itself_in_every_language() {
    in_every_language(an_illegal_move_explains_itself);
}
