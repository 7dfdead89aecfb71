//! Engine benchmarks: a fixed-depth search of middle-game positions (node counts are checked,
//! so a broken search cannot time well) and the start position to a fixed depth.
//!
//! `cargo bench --bench engine`; `damabot bench` prints nodes per second and the depth reached
//! in one second.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dama_engine::{Engine, Limits};
use dama_rules::Game;

fn middle_game(c: &mut Criterion) {
    let text = std::fs::read_to_string("tests/data/campionato-assoluto-2005.pdn")
        .expect("the bench runs from the repository root");
    let positions = damabot::cli::bench::middle_game_positions(&text, 20, 6);
    assert_eq!(positions.len(), 6);
    let mut engine = Engine::new(64);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("middle game, 6 positions, depth 12", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for position in &positions {
                engine.new_game();
                let result = engine.search(&Game::new(*position), &Limits::depth(12));
                assert!(result.best.is_some() && result.depth == 12);
                nodes += result.nodes;
            }
            black_box(nodes)
        });
    });
    group.bench_function("start position, depth 16", |b| {
        b.iter(|| {
            engine.new_game();
            let result = engine.search(&Game::default(), &Limits::depth(16));
            assert_eq!(result.depth, 16);
            black_box(result.nodes)
        });
    });
    group.finish();
}

criterion_group!(benches, middle_game);
criterion_main!(benches);
