//! `Position::legal_moves_into` lists the same moves as `legal_moves`, whatever the list held.

use dama_rules::{MoveList, Position};

#[test]
fn legal_moves_into_matches_legal_moves() {
    let mut state = 0x1234_5678_u64;
    let mut list = MoveList::new();
    let mut checked = 0;
    for _game in 0..50 {
        let mut position = Position::initial();
        for _ply in 0..200 {
            // The list still holds the previous position's moves: they must go.
            position.legal_moves_into(&mut list);
            let expected = position.legal_moves();
            assert_eq!(list.as_slice(), expected.as_slice(), "{position:?}");
            checked += 1;
            if expected.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = expected[((state >> 33) as usize) % expected.len()];
            position.play_unchecked(&m);
        }
    }
    assert!(checked > 1000);
}
