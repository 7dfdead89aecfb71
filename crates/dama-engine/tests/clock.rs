//! Playing on a game clock: the search keeps to the plan and its limit, forced and table moves
//! are instant, and every level fits a short clock.

use std::sync::Arc;
use std::time::{Duration, Instant};

use dama_engine::tables::BuildOptions;
use dama_engine::{
    CLOCK_STABLE_SHARE, Engine, GameClock, Level, TOOL_OVERHEAD, Tablebase, choose_move_on_clock,
};
use dama_rules::{Game, Position};

/// What a loaded machine may add past a time limit (the same slack as the search's tests).
const SLACK: Duration = Duration::from_millis(150);

fn game(fen: &str) -> Game {
    Game::new(Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}")))
}

#[test]
fn a_search_on_a_clock_stays_between_its_settled_share_and_its_limit() {
    let clock = GameClock::new(Duration::from_secs(10), Duration::from_millis(100))
        .with_overhead(TOOL_OVERHEAD);
    let game = Game::default();
    let think = clock.think_time(game.position());
    let mut engine = Engine::new(16);
    let started = Instant::now();
    let result = engine.search(&game, &clock.limits(game.position()));
    let elapsed = started.elapsed();
    assert!(result.best.is_some());
    assert!(elapsed < think.limit + SLACK, "{elapsed:?} for {think:?}");
    // Nothing ends a search from the start before its soft target but the target itself.
    assert!(
        elapsed >= think.target * CLOCK_STABLE_SHARE / 1000,
        "{elapsed:?} for {think:?}"
    );
}

#[test]
fn a_forced_move_is_played_at_once_whatever_the_clock() {
    // White has one legal move: the capture.
    let game = game("W:W22,31:B18,4");
    assert_eq!(game.position().legal_moves().len(), 1);
    let clock = GameClock::new(Duration::from_secs(600), Duration::from_secs(5));
    let mut engine = Engine::new(16);
    let started = Instant::now();
    let m = choose_move_on_clock(&mut engine, &game, Level::MAX, &clock, 1);
    assert!(m.is_some());
    assert!(started.elapsed() < Duration::from_millis(50) + SLACK);
}

#[test]
fn a_table_move_is_played_at_once_whatever_the_clock() {
    let tables = Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {})
        .expect("an in-memory build writes nothing");
    let mut engine = Engine::new(16);
    engine.set_tablebase(Some(Arc::new(tables)));
    // A king against a man, with moves to choose from: the tables answer.
    let game = game("W:WK29:B2");
    let clock = GameClock::new(Duration::from_secs(600), Duration::from_secs(5));
    let started = Instant::now();
    let result = engine.search(&game, &clock.limits(game.position()));
    assert!(result.best.is_some());
    assert_eq!(result.nodes, 1, "the tables' move, not a search");
    assert!(started.elapsed() < Duration::from_millis(50) + SLACK);
}

#[test]
fn the_levels_below_the_top_keep_their_own_pace_on_a_one_minute_clock() {
    // A level 2 game on a one-minute clock must not think seconds a move: below the top
    // level, a move costs what the level costs, far under the top level's plan.
    let game = game("W:W17,20,23,24,25,27,29,30,31:B2,3,4,6,7,11,14,15,18");
    let clock = GameClock::new(Duration::from_secs(60), Duration::ZERO);
    let plan = clock.think_time(game.position());
    let mut engine = Engine::new(16);
    for level in &Level::ALL[..7] {
        let started = Instant::now();
        let m = choose_move_on_clock(&mut engine, &game, *level, &clock, 7);
        let elapsed = started.elapsed();
        assert!(m.is_some());
        assert!(elapsed < plan.target / 2, "level {level}: {elapsed:?}");
    }
}

#[test]
fn every_level_answers_in_time_on_an_almost_empty_clock() {
    let game = game("W:W17,20,23,24,25,27,29,30,31:B2,3,4,6,7,11,14,15,18");
    let clock =
        GameClock::new(Duration::from_millis(400), Duration::ZERO).with_overhead(TOOL_OVERHEAD);
    let limit = clock.think_time(game.position()).limit;
    assert!(limit < Duration::from_millis(130), "{limit:?}");
    let mut engine = Engine::new(16);
    for level in Level::ALL {
        let started = Instant::now();
        let m = choose_move_on_clock(&mut engine, &game, level, &clock, 3);
        let elapsed = started.elapsed();
        assert!(m.is_some());
        assert!(elapsed < limit + SLACK, "level {level}: {elapsed:?}");
    }
}
