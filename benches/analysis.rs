//! The post-game analysis of a 100-ply game at the default node budget (what `/analysis`
//! searches per position), without endgame tables: `cargo bench --bench analysis`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use dama_coach::analysis::{AnalysisOptions, analyse};
use dama_rules::{Move, Position, pdn};

/// The first 100 plies of the first championship game that has that many.
fn hundred_plies() -> (Position, Vec<Move>) {
    let text = include_str!("../tests/data/campionato-assoluto-2005.pdn");
    pdn::read_games(text)
        .iter()
        .map(pdn::PdnGame::replay)
        .find(|replay| replay.error.is_none() && replay.moves.len() >= 100)
        .map(|replay| (replay.start, replay.moves[..100].to_vec()))
        .expect("the championship file has a game of 100 plies")
}

fn analysis(c: &mut Criterion) {
    let (start, moves) = hundred_plies();
    let options = AnalysisOptions::default();
    let mut group = c.benchmark_group("analysis");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(40));
    group.bench_function("game_100_plies_default_nodes", |b| {
        b.iter(|| {
            analyse(
                black_box(&start),
                black_box(&moves),
                &options,
                None,
                &mut |_, _| {},
            )
        });
    });
    group.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
