//! Search behaviour: legal moves only, reproducible results, limits, and the rules of the
//! game (repetition, the 40-move rule) inside the search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dama_engine::tables::{BuildOptions, Tablebase};
use dama_engine::{Engine, Level, Limits, TABLE_RANGE, TABLE_WIN, WIN, choose_move, is_decisive};
use dama_rules::{Game, Position};
use proptest::prelude::*;

/// A game reached by `plies` random moves from the start (fewer if it ends first).
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = dama_engine::Rng::new(seed);
    let mut game = Game::default();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let m = moves[rng.below(moves.len() as u64) as usize];
        game.play(&m).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn never_an_illegal_move(seed in any::<u64>(), plies in 0usize..120, nodes in 1u64..3000) {
        let game = random_game(seed, plies);
        let mut engine = Engine::new(1);
        let result = engine.search(&game, &Limits::nodes(nodes));
        let legal = game.position().legal_moves();
        match result.best {
            Some(m) => {
                prop_assert!(game.outcome().is_none());
                prop_assert!(legal.contains(&m));
                // The principal variation is a legal line from here.
                let mut position = *game.position();
                for m in &result.pv {
                    position = position.play(m).map_err(|e| TestCaseError::fail(e.to_string()))?;
                }
            }
            None => prop_assert!(game.outcome().is_some()),
        }
        for level in [1, 3, 5] {
            let level = Level::new(level).unwrap();
            let m = choose_move(&mut engine, &game, level, Duration::from_millis(10), seed);
            prop_assert_eq!(m.is_some(), game.outcome().is_none());
            if let Some(m) = m {
                prop_assert!(legal.contains(&m));
            }
        }
    }
}

#[test]
fn depth_and_node_limits_are_reproducible() {
    let game = random_game(7, 30);
    let mut a = Engine::new(8);
    let mut b = Engine::new(8);
    // Something else searched first: a new game forgets it.
    b.search(&random_game(8, 20), &Limits::depth(7));
    b.new_game();
    for limits in [Limits::depth(9), Limits::nodes(50_000)] {
        a.new_game();
        b.new_game();
        let x = a.search(&game, &limits);
        let y = b.search(&game, &limits);
        assert_eq!(
            (x.best, x.score, x.depth, x.nodes, &x.pv),
            (y.best, y.score, y.depth, y.nodes, &y.pv)
        );
    }
    let result = a.search(&game, &Limits::nodes(50_000));
    assert!(result.nodes <= 50_000 + 1_000, "{}", result.nodes);
}

#[test]
fn levels_repeat_with_the_seed() {
    let game = random_game(3, 16);
    let mut engine = Engine::new(4);
    for level in Level::ALL.into_iter().take(7) {
        let first = choose_move(&mut engine, &game, level, Duration::ZERO, 99);
        let second = choose_move(&mut engine, &game, level, Duration::ZERO, 99);
        assert_eq!(first, second, "{level}");
    }
}

#[test]
fn time_limit_is_kept() {
    // A generous bound on a shared machine; the clock logic itself is unit-tested in the
    // crate (it is read every CLOCK_INTERVAL nodes).
    let mut engine = Engine::new(16);
    let started = Instant::now();
    let result = engine.search(&Game::default(), &Limits::time(Duration::from_millis(100)));
    let elapsed = started.elapsed();
    assert!(result.best.is_some());
    assert!(elapsed < Duration::from_millis(100 + 150), "{elapsed:?}");
}

#[test]
fn stop_flag_ends_the_search() {
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        stop: Some(stop.clone()),
        ..Limits::default()
    };
    let flag = stop.clone();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let mut engine = Engine::new(16);
    let result = engine.search(&Game::default(), &Limits { ..limits });
    let stopped = Instant::now();
    let set = setter.join().unwrap();
    assert!(result.best.is_some());
    assert!(stopped.duration_since(set) < Duration::from_millis(150));
}

#[test]
fn forty_move_rule_is_seen_coming() {
    // Three kings against one: won, unless the 40-move rule is about to draw it.
    let start = Position::from_fen("W:WK29,K30,K31:BK4").unwrap();
    let mut engine = Engine::new(4);
    let fresh_black = Game::new(start.with_turn(dama_rules::Color::Black));
    let fresh = engine.search(&fresh_black, &Limits::depth(8));
    assert!(fresh.score < -50, "Black to move is lost: {fresh:?}");

    // 79 quiet plies later (kings shuffling), Black to move: any move is the 80th, a draw.
    let white = ["29-25", "25-29"];
    let black = ["4-8", "8-4"];
    let mut game = Game::with_repetitions(start, 1000);
    let mut i = 0;
    while game.quiet_plies() < 78 {
        game.play_text(white[i % 2]).unwrap();
        game.play_text(black[i % 2]).unwrap();
        i += 1;
    }
    game.play_text(white[i % 2]).unwrap();
    assert_eq!(game.quiet_plies(), 79);
    engine.new_game();
    let result = engine.search(&game, &Limits::depth(6));
    assert_eq!(result.score, 0, "{result:?}");
}

#[test]
fn the_losing_side_repeats_for_a_draw() {
    // Three white kings against one: Black is lost, but its king can go back to a square
    // where the position occurs for the third time.
    let start = Position::from_fen("W:WK29,K30,K31:BK4").unwrap();
    let mut game = Game::new(start);
    for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29"] {
        game.play_text(text).unwrap();
    }
    let mut engine = Engine::new(4);
    let result = engine.search(&game, &Limits::depth(6));
    assert_eq!(result.best.unwrap().hub(), "8-4", "{result:?}");
    assert_eq!(result.score, 0);
}

#[test]
fn table_probes_are_used_in_the_search() {
    // Three kings against a king and a man, White to move: not in the four-piece tables, so
    // the root is searched; the tables decide the positions after the man is taken.
    let game = Game::new(Position::from_fen("W:WK17,K30,K31:BK1,14").unwrap());
    let four = Arc::new(Tablebase::build(&BuildOptions::in_memory(4), &mut |_| {}).unwrap());
    assert!(four.best_move(game.position()).is_none());
    let mut engine = Engine::new(4);
    engine.set_tablebase(Some(four));
    let score = engine.search(&game, &Limits::depth(6)).score;
    assert!(
        score > TABLE_WIN - TABLE_RANGE && score < TABLE_WIN,
        "{score}"
    );
    assert!(is_decisive(score) && score < WIN - 200);
    // With tables of fewer pieces the same search sees only its evaluation.
    let three = Arc::new(Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {}).unwrap());
    engine.set_tablebase(Some(three));
    engine.new_game();
    assert!(engine.search(&game, &Limits::depth(6)).score > 50);
}

#[test]
fn an_engine_moves_between_threads() {
    fn assert_send<T: Send + 'static>(_: &T) {}
    let engine = Engine::new(1);
    assert_send(&engine);
    let handle = std::thread::spawn(move || {
        let mut engine = engine;
        engine.search(&Game::default(), &Limits::depth(4)).best
    });
    assert!(handle.join().unwrap().is_some());
}
