//! Perft speed. Each measurement asserts its node count, so a broken generator cannot look
//! fast. The headline figure (perft 11 and 12 from the start) is `damabot perft --depth 12`
//! in release mode; this bench tracks shallower depths on several positions.

use criterion::{Criterion, criterion_group, criterion_main};
use dama_rules::{Position, perft};

fn bench_perft(c: &mut Criterion) {
    let cases = [
        ("start 9", "W:W21-32:B1-12", 9, 3_860_875),
        (
            "gilbert-1 9",
            "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
            9,
            43_686,
        ),
        (
            "gilbert-2 7",
            "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
            7,
            389_809,
        ),
        (
            "gilbert-3 6",
            "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
            6,
            368_908,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in cases {
        let position = Position::from_fen(fen).expect("a valid FEN");
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(&position, depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
