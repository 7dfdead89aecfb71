//! Engine benchmarks: six middle-game positions (`middle-game.fen`) searched to depth 12, and
//! the start position searched to depth 16, each from a cleared table.
//!
//! A search with a depth limit from a cleared table is reproducible, so every timed run must
//! visit exactly the nodes of an untimed first run and reach the depth asked: a benchmark run
//! that did other work than the one measured fails instead of reporting a time.
//!
//! `cargo bench -p dama-engine --bench engine`; `damabot bench` prints nodes per second and
//! the depth reached in one second.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dama_engine::{Engine, Limits};
use dama_rules::{Game, Position};

/// The benchmark's middle-game positions (one FEN a line, `#` comments).
fn middle_game_positions() -> Vec<Position> {
    include_str!("middle-game.fen")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| Position::from_fen(line.trim()).expect("the benchmark's FENs are legal"))
        .collect()
}

/// Searches every game to `depth` from a cleared table; the total nodes.
fn search_all(engine: &mut Engine, games: &[Game], depth: u32) -> u64 {
    let mut nodes = 0;
    for game in games {
        engine.new_game();
        let result = engine.search(game, &Limits::depth(depth));
        assert!(result.best.is_some() && result.depth == depth, "{result:?}");
        nodes += result.nodes;
    }
    nodes
}

fn searches(c: &mut Criterion) {
    let middle: Vec<Game> = middle_game_positions().into_iter().map(Game::new).collect();
    assert_eq!(middle.len(), 6);
    let start = [Game::default()];
    let mut engine = Engine::new(64);
    let middle_nodes = search_all(&mut engine, &middle, 12);
    let start_nodes = search_all(&mut engine, &start, 16);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("middle game, 6 positions, depth 12", |b| {
        b.iter(|| {
            let nodes = search_all(&mut engine, &middle, 12);
            assert_eq!(
                nodes, middle_nodes,
                "the same searches visit the same nodes"
            );
            black_box(nodes)
        });
    });
    group.bench_function("start position, depth 16", |b| {
        b.iter(|| {
            let nodes = search_all(&mut engine, &start, 16);
            assert_eq!(nodes, start_nodes, "the same search visits the same nodes");
            black_box(nodes)
        });
    });
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
