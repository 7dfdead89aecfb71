//! Properties over positions reached by random play: every generated move plays to a valid
//! position with a correct hash; FEN and notation round-trip; readers never panic.

use dama_rules::{MoveText, Position, Setup, fen, pdn};
use proptest::prelude::*;

/// Plays the moves chosen by `choices` (indices modulo the number of legal moves) from the
/// start, and returns every position passed through.
fn random_line(choices: &[u16]) -> Vec<Position> {
    let mut position = Position::initial();
    let mut line = vec![position];
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(&moves[usize::from(choice) % moves.len()]);
        line.push(position);
    }
    line
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_moves_play_to_valid_positions(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        for position in random_line(&choices) {
            for m in &position.legal_moves() {
                let next = position.play(m).expect("a generated move is legal");
                let rebuilt = Position::from_setup(next.setup()).expect("the result is a legal position");
                prop_assert_eq!(rebuilt.hash(), next.hash(), "hash drifted after {}", m);
                prop_assert_eq!(next.turn(), !position.turn());
                let lost = position.pieces(!position.turn()).count() - next.pieces(!position.turn()).count();
                prop_assert_eq!(lost as usize, m.capture_count());
            }
            prop_assert_eq!(position.count_legal_moves(), position.legal_moves().len());
        }
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        for position in random_line(&choices) {
            let text = position.to_fen();
            prop_assert_eq!(Position::from_fen(&text).unwrap(), position);
        }
    }

    #[test]
    fn notation_round_trips(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        for position in random_line(&choices) {
            for m in &position.legal_moves() {
                let long = position.parse_move(&m.long()).unwrap();
                prop_assert_eq!(long, *m);
                let short = position.parse_move(&position.move_text(m)).unwrap();
                prop_assert!(short.same_effect(m), "{} read back as {}", position.move_text(m), short);
            }
        }
    }

    #[test]
    fn move_reader_never_panics(text in ".{0,40}") {
        let position = Position::initial();
        let _ = MoveText::parse(&text).map(|t| t.to_move(&position));
    }

    #[test]
    fn fen_reader_never_panics(text in ".{0,80}") {
        let _ = fen::read(&text);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[WBK:,0-9 .\\-]{0,60}") {
        if let Ok(setup) = fen::read_setup(&text) {
            let _ = Position::from_setup(setup);
        }
    }

    #[test]
    fn pdn_reader_never_panics(text in "(\\[[A-Za-z]{1,8} \"[^\"]{0,10}\"\\]|[0-9]{1,2}\\.|[0-9]{1,2}[-x][0-9]{1,2}|\\{[^}]{0,8}\\}|\\(|\\)|1-0|\\*| |\n){0,40}") {
        for game in pdn::read_games(&text) {
            let _ = game.replay();
        }
    }

    #[test]
    fn arbitrary_setups_validate_without_panic(white in any::<u32>(), black in any::<u32>(), kings in any::<u32>()) {
        let mut setup = Setup::INITIAL;
        setup.pieces.white = dama_rules::Bitboard(white);
        setup.pieces.black = dama_rules::Bitboard(black);
        setup.kings = dama_rules::Bitboard(kings);
        if let Ok(position) = Position::from_setup(setup) {
            let _ = position.legal_moves();
        }
    }
}
