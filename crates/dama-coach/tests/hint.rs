//! `/hint`'s reasons: one position for each, written up here, with the move and the reason the
//! engine gives for it.

use std::sync::Arc;

use dama_coach::hint::{HINT_NODES, Hint, HintReason, SHOT_PLIES, hint};
use dama_engine::tables::BuildOptions;
use dama_engine::{Engine, Limits, Tablebase};
use dama_rules::{Game, Move, Position};

fn game(fen: &str) -> Game {
    Game::new(Position::from_fen(fen).unwrap())
}

fn hint_for(fen: &str, tables: Option<&Tablebase>) -> Hint {
    let game = game(fen);
    let mut engine = Engine::new(4);
    let hint = hint(&mut engine, &game, &Limits::nodes(HINT_NODES), tables).unwrap();
    assert!(
        game.position().legal_moves().contains(&hint.best),
        "{fen}: {} is not legal",
        hint.best
    );
    hint
}

/// Plays a line from a position, checking each move is legal there; the position after it.
fn replay(fen: &str, line: &[Move]) -> Position {
    let mut position = Position::from_fen(fen).unwrap();
    for m in line {
        assert!(
            position.legal_moves().contains(m),
            "{m} is not legal in {}",
            position.to_fen()
        );
        position.play_unchecked(m);
    }
    position
}

fn pieces(position: &Position) -> (u32, u32) {
    (
        position.pieces(dama_rules::Color::White).count(),
        position.pieces(dama_rules::Color::Black).count(),
    )
}

#[test]
fn a_game_over_has_no_hint() {
    // Black has no piece left.
    let mut game = game("W:W22:B18");
    game.play_text("22x13").unwrap();
    assert!(game.outcome().is_some());
    assert_eq!(
        hint(&mut Engine::new(1), &game, &Limits::nodes(1000), None),
        None
    );
}

#[test]
fn the_only_legal_move() {
    // The man on 24, at the edge, has one square to go to.
    let hint = hint_for("W:W24:B1", None);
    assert_eq!(hint.best.long(), "24-20");
    assert_eq!(hint.reason, HintReason::OnlyMove);
}

#[test]
fn a_win_the_search_proves() {
    // Two men against one: the black man on 1 runs out of moves.
    let hint = hint_for("W:W21,22:B1", None);
    let HintReason::ForcedWin { moves } = hint.reason else {
        panic!("{hint:?}");
    };
    assert!((1..=6).contains(&moves), "{hint:?}");
    assert!(dama_engine::is_win(hint.evaluation), "{hint:?}");
}

#[test]
fn a_win_the_tables_give() {
    let tables = Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {}).unwrap();
    // Two kings against a man.
    let fen = "W:WK14,K23:B4";
    let hint = hint_for(fen, Some(&tables));
    let HintReason::TableWin { moves } = hint.reason else {
        panic!("{hint:?}");
    };
    let (best, verdict) = tables.best_move(&Position::from_fen(fen).unwrap()).unwrap();
    assert_eq!(hint.best, best);
    assert_eq!(Some(moves), verdict.winner_moves());
    assert!(moves > 1, "{hint:?}");
    // Without the tables it is something else.
    assert!(!matches!(
        hint_for(fen, None).reason,
        HintReason::TableWin { .. }
    ));
}

#[test]
fn a_win_the_tables_give_further_on() {
    let tables = Arc::new(Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {}).unwrap());
    // Two kings against two men: four pieces, past the tables, until a man falls.
    let fen = "W:WK14,K23:B4,8";
    let mut engine = Engine::new(4);
    engine.set_tablebase(Some(tables.clone()));
    let found = hint(
        &mut engine,
        &game(fen),
        &Limits::nodes(HINT_NODES),
        Some(&tables),
    )
    .unwrap();
    assert_eq!(tables.probe(&Position::from_fen(fen).unwrap()), None);
    let HintReason::TableWin { moves } = found.reason else {
        panic!("{found:?}");
    };
    assert!(dama_engine::is_decisive(found.evaluation), "{found:?}");
    assert!(!dama_engine::is_win(found.evaluation), "{found:?}");
    let plies = dama_engine::TABLE_WIN - found.evaluation;
    assert_eq!(i32::from(moves), (plies + 1) / 2, "{found:?}");
}

#[test]
fn of_two_captures_the_one_that_keeps_the_material() {
    // 15x8 and 31x22 each take one man; after 31x22 Black takes back.
    let fen = "W:W17,24,15,31:B23,20,27,12";
    let hint = hint_for(fen, None);
    assert_eq!(hint.best.long(), "15x8");
    let HintReason::Capture {
        taken,
        kings,
        other,
        margin,
        loses,
    } = hint.reason
    else {
        panic!("{hint:?}");
    };
    assert_eq!((taken, kings), (1, 0));
    assert_eq!(other.long(), "31x22");
    assert!(margin > 50, "{margin}");
    assert!(loses >= 1, "{loses}");
}

#[test]
fn a_shot_gives_a_man_to_take_two() {
    // 30-27 offers a man; 23x30 must take it, and 32x23x16 takes two back.
    let fen = "W:W8,22,32,30:B28,23,24,20";
    let hint = hint_for(fen, None);
    assert_eq!(hint.best.long(), "30-27");
    let HintReason::Shot {
        pieces: won,
        crowns,
        line,
    } = hint.reason
    else {
        panic!("{hint:?}");
    };
    assert_eq!(won, 1);
    assert!(!crowns);
    assert!(line.len() <= SHOT_PLIES, "{line:?}");
    assert_eq!(line[0], hint.best);
    assert!(line.iter().step_by(2).any(Move::is_capture), "{line:?}");
    // The line replays, and White is a piece up at its end.
    let before = pieces(&Position::from_fen(fen).unwrap());
    let after = pieces(&replay(fen, &line));
    assert_eq!(
        (before.1 - after.1) - (before.0 - after.0),
        1,
        "{before:?} {after:?}"
    );
}

#[test]
fn a_move_that_avoids_a_shot() {
    // 13-10 would let 6x13x22 take two men; 18-14 keeps them.
    let fen = "W:W13,8,16,18:B6,19,26";
    let hint = hint_for(fen, None);
    assert_eq!(hint.best.long(), "18-14");
    let HintReason::AvoidsShot {
        alternative,
        pieces: lost,
        line,
    } = hint.reason
    else {
        panic!("{hint:?}");
    };
    assert_eq!(alternative.long(), "13-10");
    assert_eq!(lost, 2);
    assert_eq!(line.iter().map(Move::long).collect::<Vec<_>>(), ["6x13x22"]);
    replay(fen, &[&[alternative], &line[..]].concat());
}

#[test]
fn a_move_that_crowns() {
    let fen = "W:W29,6,30,9:B10,18,3,12";
    let hint = hint_for(fen, None);
    assert_eq!(hint.best.long(), "6-2");
    assert!(hint.best.promotes());
    assert_eq!(hint.reason, HintReason::Crowns);
}

#[test]
fn the_opening_is_positional() {
    let hint = hint_for(&Position::initial().to_fen(), None);
    assert_eq!(hint.reason, HintReason::Positional);
    assert!(hint.evaluation.abs() < 100, "{hint:?}");
    // The engine's own choice at the same budget.
    let result = Engine::new(4).search(&Game::default(), &Limits::nodes(HINT_NODES));
    assert_eq!(Some(hint.best), result.best);
    assert_eq!(hint.evaluation, result.score);
}

#[test]
fn asked_twice_the_hint_is_the_same() {
    let fen = "W:W13,8,16,18:B6,19,26";
    let game = game(fen);
    let mut engine = Engine::new(4);
    let first = hint(&mut engine, &game, &Limits::nodes(HINT_NODES), None);
    // The engine has searched other positions meanwhile.
    engine.search(&Game::default(), &Limits::nodes(50_000));
    let second = hint(&mut engine, &game, &Limits::nodes(HINT_NODES), None);
    assert_eq!(first, second);
}
