//! Board images: one 640 px PNG with a multi-capture as last move, a 100-ply game as GIF, and
//! start-up (building the renderer).
//!
//! `cargo bench --bench render`; the image sizes are printed before the timings.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dama_core::config::RenderConfig;
use dama_render::{BoardView, ChartLabels, ChartMark, MarkKind, Renderer, advantage_chart};
use dama_rules::{Color, Move, Position, pdn};

/// A black man takes three and is crowned: 5x14x23x30.
fn capture_view() -> BoardView {
    let before = Position::from_fen("B:W10,16,19,21,27,32:B12,24,26,3,4,5,7").unwrap();
    let m = before.parse_move("5x30").unwrap();
    let mut view = BoardView::new(before.play(&m).unwrap());
    view.last_move = Some(m);
    view.bottom = Color::White;
    view
}

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

/// A caption for every board of a replay, as a game's replay has them: players, move number,
/// whose turn.
fn captions(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut turn = start.turn();
    (0..=moves.len())
        .map(|ply| {
            let caption = format!(
                "Niccol\u{f2} (1523) \u{2013} Bruno (1490) \u{b7} mossa {} \u{b7} tocca al {}",
                ply / 2 + 1,
                if turn == Color::White {
                    "Bianco"
                } else {
                    "Nero"
                }
            );
            turn = !turn;
            caption
        })
        .collect()
}

fn render(c: &mut Criterion) {
    let renderer = Renderer::new(&RenderConfig::default()).unwrap();
    let view = capture_view();
    let (start, moves) = hundred_plies();
    let png = renderer.png(&view);
    let gif = renderer.replay_gif(&start, &moves, Color::White, &[]);
    let captions = captions(&start, &moves);
    let captioned = renderer.replay_gif(&start, &moves, Color::White, &captions);
    assert!(png.starts_with(b"\x89PNG"));
    assert!(gif.starts_with(b"GIF89a"));
    eprintln!(
        "sizes: png 640 with last move {} bytes; gif of {} plies {} bytes, {} with captions",
        png.len(),
        moves.len(),
        gif.len(),
        captioned.len()
    );

    c.bench_function("png_640_last_move", |b| {
        b.iter(|| renderer.png(black_box(&view)));
    });
    let mut group = c.benchmark_group("gif");
    group.sample_size(20);
    group.bench_function("gif_100_plies", |b| {
        b.iter(|| renderer.replay_gif(black_box(&start), black_box(&moves), Color::White, &[]));
    });
    group.bench_function("gif_100_plies_captions", |b| {
        b.iter(|| {
            renderer.replay_gif(
                black_box(&start),
                black_box(&moves),
                Color::White,
                black_box(&captions),
            )
        });
    });
    group.finish();
    // The advantage chart of a 100-ply game with a few marks.
    let evaluations: Vec<f32> = (0..100)
        .map(|ply| 3.0 * (ply as f32 / 9.0).sin() + ply as f32 / 30.0)
        .collect();
    let marks: Vec<ChartMark> = (5..100)
        .step_by(17)
        .map(|ply| ChartMark {
            ply,
            kind: MarkKind::Mistake,
        })
        .collect();
    let labels = ChartLabels {
        title: "Niccol\u{f2} (1523) \u{2013} Bruno (1490)".into(),
        moves: "mossa".into(),
        white_ahead: "Bianco in vantaggio".into(),
        black_ahead: "Nero in vantaggio".into(),
    };
    let chart = advantage_chart(&evaluations, &marks, &labels);
    eprintln!("sizes: chart of 100 plies {} bytes", chart.len());
    c.bench_function("chart_100_plies", |b| {
        b.iter(|| advantage_chart(black_box(&evaluations), black_box(&marks), &labels));
    });
    // Start-up: every tile, background and mark drawn, the palette chosen. At the default
    // size and at the smallest.
    let mut group = c.benchmark_group("startup");
    group.sample_size(20);
    group.bench_function("renderer_new_640", |b| {
        b.iter(|| Renderer::new(black_box(&RenderConfig::default())).unwrap());
    });
    let smallest = RenderConfig {
        size: dama_render::MIN_SIZE,
        ..RenderConfig::default()
    };
    group.bench_function("renderer_new_128", |b| {
        b.iter(|| Renderer::new(black_box(&smallest)).unwrap());
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50);
    targets = render
}
criterion_main!(benches);
