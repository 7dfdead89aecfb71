//! Searches on more than one thread (Lazy SMP): the same wins as on one, limits kept, and one
//! thread as reproducible as before.

use std::sync::Arc;
use std::time::{Duration, Instant};

use dama_engine::tables::{BuildOptions, Tablebase};
use dama_engine::{CLOCK_INTERVAL, Engine, Limits, TABLE_RANGE, TABLE_WIN, is_win, plies_to_end};
use dama_rules::{Game, Position};

fn engine(threads: usize) -> Engine {
    let mut engine = Engine::new(16);
    engine.set_threads(threads);
    engine
}

#[test]
fn two_threads_find_the_win_by_distance_one_thread_finds() {
    for fen in ["W:WK22,K23:BK1", "W:WK14,K19:BK29", "B:WK1:BK27,K28"] {
        let game = Game::new(Position::from_fen(fen).unwrap());
        let one = engine(1).search(&game, &Limits::depth(24));
        let two = engine(2).search(&game, &Limits::depth(24));
        assert!(
            is_win(one.score) && is_win(two.score),
            "{fen}: {one:?} {two:?}"
        );
        let (a, b) = (
            plies_to_end(one.score).unwrap(),
            plies_to_end(two.score).unwrap(),
        );
        assert!(b % 2 == 1 && b <= 24, "{fen}: {b}");
        // The helpers may find a quicker win through the shared table, never a slower one.
        assert!(b <= a, "{fen}: one thread {a} plies, two {b}");
        // Played out on two threads, the win is converted.
        let winner = game.position().turn();
        let mut played = game.clone();
        let mut two_threads = engine(2);
        while played.outcome().is_none() && played.ply() < 200 {
            let m = two_threads
                .search(&played, &Limits::depth(12))
                .best
                .unwrap();
            played.play(&m).unwrap();
        }
        assert_eq!(
            played.outcome().and_then(|o| o.winner),
            Some(winner),
            "{fen}"
        );
    }
}

#[test]
fn two_threads_see_the_table_win() {
    let game = Game::new(Position::from_fen("W:WK17,K30,K31:BK1,14").unwrap());
    let four = Arc::new(Tablebase::build(&BuildOptions::in_memory(4), &mut |_| {}).unwrap());
    let mut engine = engine(2);
    engine.set_tablebase(Some(four));
    let score = engine.search(&game, &Limits::depth(8)).score;
    assert!(
        score > TABLE_WIN - TABLE_RANGE && score < TABLE_WIN,
        "{score}"
    );
}

#[test]
fn a_node_limit_counts_every_thread() {
    let game = Game::default();
    let mut engine = engine(2);
    let result = engine.search(&game, &Limits::nodes(400_000));
    assert!(result.best.is_some());
    // The helpers publish their count at their clock ticks.
    assert!(
        result.nodes <= 400_000 + 4 * CLOCK_INTERVAL,
        "{}",
        result.nodes
    );
    let one = self::engine(1).search(&game, &Limits::nodes(400_000));
    assert!(result.depth <= one.depth + 1, "{result:?} {one:?}");
}

#[test]
fn two_threads_keep_the_time_limit() {
    let mut engine = engine(2);
    let started = Instant::now();
    let result = engine.search(&Game::default(), &Limits::time(Duration::from_millis(100)));
    let elapsed = started.elapsed();
    assert!(result.best.is_some());
    assert!(elapsed < Duration::from_millis(100 + 150), "{elapsed:?}");
}

#[test]
fn back_on_one_thread_the_search_is_reproducible() {
    let game = Game::new(
        Position::from_fen("W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,12").unwrap(),
    );
    let mut fresh = engine(1);
    let mut used = engine(2);
    assert_eq!(used.threads(), 2);
    used.search(&game, &Limits::depth(10));
    used.set_threads(1);
    used.new_game();
    for limits in [Limits::depth(10), Limits::nodes(60_000)] {
        fresh.new_game();
        used.new_game();
        let (x, y) = (fresh.search(&game, &limits), used.search(&game, &limits));
        assert_eq!(
            (x.best, x.score, x.depth, x.nodes, &x.pv),
            (y.best, y.score, y.depth, y.nodes, &y.pv)
        );
    }
}
