//! A full game to its end, in every language.

use super::*;

fn a_full_game_to_its_end(w: &World) {
    let l = w.language;
    w.start();
    let board = w.act(ALICE, Action::Board { flip: false });
    assert!(
        board.text.contains(pick(
            l,
            [
                "tocca al Bianco: @11",
                "@11 (white) to move",
                "juegan las blancas: @11"
            ]
        )),
        "{}",
        board.text
    );
    assert!(
        board.text.contains(pick(
            l,
            [
                "24 ore per mossa, scade [t:",
                "24 h per move, due [t:",
                "24 h por jugada, vence [t:"
            ]
        )),
        "{}",
        board.text
    );
    let buttons = labels(&board);
    for label in pick(
        l,
        [
            "Scegli la tua mossa|Proponi patta|Abbandona|Gira la damiera",
            "Choose your move|Offer draw|Resign|Flip board",
            "Elige tu jugada|Ofrecer tablas|Abandonar|Girar el tablero",
        ],
    )
    .split('|')
    {
        assert!(buttons.iter().any(|b| b == label), "{label}: {buttons:?}");
    }
    assert_eq!(
        caption(&board),
        pick(
            l,
            [
                "alice (1500) – bob (1500) · mossa 1 · tocca al Bianco",
                "alice (1500) vs bob (1500) · move 1 · White to move",
                "alice (1500) – bob (1500) · jugada 1 · juegan las blancas",
            ]
        )
    );
    // The first game of the 2005 championship, then Black resigns.
    let games = pdn::read_games(include_str!(
        "../../../../../tests/data/campionato-assoluto-2005.pdn"
    ));
    let moves = games[0].replay().moves;
    let mut position = Position::initial();
    let mut reply = board;
    for (i, m) in moves.iter().enumerate() {
        let user = if i % 2 == 0 { ALICE } else { BOB };
        let text = position.move_text(m);
        reply = w.play(user, &text);
        position.play_unchecked(m);
        let played = pick(l, ["ha giocato", "played", "jugó"]);
        // Each move tells the next player it is their turn, with the live clock.
        let then = pick(
            l,
            [
                " — tocca a te, scade [t:",
                " — your move, due [t:",
                ": te toca, vence [t:",
            ],
        );
        assert!(
            reply.text.to_string().starts_with(&format!(
                "{} {played} **{text}**{then}",
                if user == ALICE { "alice" } else { "bob" }
            )),
            "{}",
            reply.text
        );
    }
    let black_to_move = pick(l, ["tocca al Nero", "Black to move", "juegan las negras"]);
    if moves.len() % 2 == 1 {
        assert!(
            caption(&reply).ends_with(black_to_move),
            "{}",
            caption(&reply)
        );
        assert!(
            reply.text.contains(pick(
                l,
                [
                    "tocca al Nero: @12",
                    "@12 (black) to move",
                    "juegan las negras: @12"
                ]
            )),
            "{}",
            reply.text
        );
    }
    let resigned = w.act(BOB, Action::Resign);
    assert!(!resigned.ephemeral);
    assert!(
        resigned.text.to_string().starts_with(pick(
            l,
            [
                "bob abbandona. **Vince @11** (il Bianco). Punteggi: alice 1500 → ",
                "bob resigns. **@11 wins** (White). Ratings: alice 1500 → ",
                "bob abandona. **Gana @11** (blancas). Puntuaciones: alice 1500 → ",
            ]
        )),
        "{}",
        resigned.text
    );
    assert!(
        resigned
            .text
            .contains(pick(l, ["è finita.", "is over.", "ha terminado."])),
        "{}",
        resigned.text
    );
    assert!(
        caption(&resigned).ends_with(pick(
            l,
            ["vince il Bianco (1-0)", "1-0", "ganan las blancas (1-0)"]
        )),
        "{}",
        caption(&resigned)
    );
    // Over, the caption leaves the ratings to the message and keeps its room for the result.
    assert!(
        caption(&resigned).starts_with(pick(
            l,
            ["alice – bob · ", "alice vs bob · ", "alice – bob · "]
        )),
        "{}",
        caption(&resigned)
    );
    assert_eq!(
        labels(&resigned),
        [pick(l, ["Rivincita", "Rematch", "Revancha"])]
    );

    // A game the rules end: White takes Black's last piece.
    w.game_from("W:W22:B18", Participant::User(BOB));
    let over = w.play(ALICE, "22x13");
    assert!(
        over.text.contains(pick(
            l,
            [
                "**Vince @11** (il Bianco): il Nero è rimasto senza pezzi.",
                "**@11 wins** (White): Black has no pieces left.",
                "**Gana @11** (blancas): las negras se quedaron sin piezas.",
            ]
        )),
        "{}",
        over.text
    );
    // A board of a game that is over, from its button: refused in the clicker's language.
    let refused = w.click(ALICE, &over_board_button(&over), &[]);
    assert!(
        refused.ephemeral
            && refused.text.contains(pick(
                l,
                ["è finita (1-0)", "is over (1-0)", "ha terminado (1-0)"]
            )),
        "{}",
        refused.text
    );
}

/// A resign button of a finished game's board (the game id, as a board of it showed it).
fn over_board_button(over: &Reply) -> String {
    let rematch = id_ending(over, ":rematch");
    rematch.replace(":rematch", ":resign")
}

#[test]
fn a_full_game_to_its_end_in_every_language() {
    in_every_language(a_full_game_to_its_end);
}
