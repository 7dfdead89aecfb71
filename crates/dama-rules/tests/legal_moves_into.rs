//! `Position::legal_moves_into` and `legal_moves_with` list the same moves as `legal_moves`,
//! whatever the list held; `has_simple_moves` agrees with them.

use dama_rules::{MoveList, Position};

#[test]
fn legal_moves_into_matches_legal_moves() {
    let mut state = 0x1234_5678_u64;
    let mut list = MoveList::new();
    let mut other = MoveList::new();
    let mut checked = 0;
    for _game in 0..50 {
        let mut position = Position::initial();
        for _ply in 0..200 {
            // The list still holds the previous position's moves: they must go.
            position.legal_moves_into(&mut list);
            let expected = position.legal_moves();
            assert_eq!(list.as_slice(), expected.as_slice(), "{position:?}");
            // The same with the capturers given, into a list holding other moves.
            let capturers = position.capturers();
            position.legal_moves_with(capturers, &mut other);
            assert_eq!(other.as_slice(), expected.as_slice(), "{position:?}");
            other = list.clone();
            other.truncate(other.len() / 2);
            // Without a capture to make, simple moves are the legal moves.
            if capturers.is_empty() {
                assert_eq!(
                    position.has_simple_moves(),
                    !expected.is_empty(),
                    "{position:?}"
                );
            }
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

#[test]
fn simple_moves_are_looked_for_whether_or_not_a_capture_is_due() {
    // White must take 18 with 22, and its man on 29 could step too.
    let both = Position::from_fen("W:W22,29:B18,1").unwrap();
    assert!(both.must_capture() && both.has_simple_moves());
    // The man on 29 must take 26; its only step, to 25, is taken.
    let capture_only = Position::from_fen("W:W29:B25,26,1").unwrap();
    assert!(capture_only.must_capture() && !capture_only.has_simple_moves());
    // With 22 taken too it can neither step nor capture: no legal move.
    let blocked = Position::from_fen("W:W29:B22,25,26,1").unwrap();
    assert!(!blocked.must_capture() && !blocked.has_simple_moves());
    assert!(!blocked.has_legal_moves());
}
