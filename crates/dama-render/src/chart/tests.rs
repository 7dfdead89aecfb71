//! The advantage chart: sizes, where each colour lands, the marks, a golden image.
//!
//! `cargo test --release -p dama-render chart` also writes the sample chart to
//! `target/chart-sample.png` to look at.

use std::path::PathBuf;
use std::time::Instant;

use image::RgbImage;

use super::super::tests::{check_golden, decode};
use super::*;

fn labels() -> ChartLabels {
    ChartLabels {
        title: "Niccol\u{f2} (1523) \u{2013} Bruno (1490)".into(),
        moves: "mossa".into(),
        white_ahead: "Bianco in vantaggio".into(),
        black_ahead: "Nero in vantaggio".into(),
    }
}

/// A game of 60 plies: level for a while, White ahead, a blunder that hands Black the game
/// (beyond the clip), and Black winning.
fn sample() -> (Vec<f32>, Vec<ChartMark>) {
    let mut evaluations = Vec::new();
    for ply in 0..60 {
        let value = match ply {
            0..14 => 0.1 * ((ply % 3) as f32 - 1.0),
            14..30 => 0.2 * (ply - 13) as f32,
            30..34 => 3.4,
            34..42 => -1.2 - 0.3 * (ply - 34) as f32,
            _ => -9.0,
        };
        evaluations.push(value);
    }
    let marks = vec![
        ChartMark {
            ply: 14,
            kind: MarkKind::Inaccuracy,
        },
        ChartMark {
            ply: 35,
            kind: MarkKind::Blunder,
        },
        ChartMark {
            ply: 42,
            kind: MarkKind::Mistake,
        },
    ];
    (evaluations, marks)
}

fn rgb(colour: RGBColor) -> [u8; 3] {
    [colour.0, colour.1, colour.2]
}

/// The frame the chart of `plies` plies is drawn in, as `draw_plot` lays it out.
fn frame(plies: usize) -> PlotFrame {
    let mut buffer = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
    draw_plot(&mut buffer, &vec![0.0; plies], &[])
}

fn pixel(image: &RgbImage, x: i32, y: i32) -> [u8; 3] {
    image.get_pixel(x as u32, y as u32).0
}

#[test]
fn an_empty_game_and_a_game_of_one_ply_draw() {
    for evaluations in [
        &[][..],
        &[0.4][..],
        &[-30.0][..],
        &[f32::NAN, f32::INFINITY][..],
    ] {
        let marks = [ChartMark {
            ply: 1,
            kind: MarkKind::Blunder,
        }];
        let image = decode(&advantage_chart(evaluations, &marks, &labels()));
        assert_eq!(image.dimensions(), (WIDTH, HEIGHT), "{evaluations:?}");
    }
    // An empty game with empty texts is the ground, the frame and the grid: no area at all.
    let image = decode(&advantage_chart(&[], &[], &ChartLabels::default()));
    assert!(
        !image
            .pixels()
            .any(|p| p.0 == rgb(WHITE_FILL) || p.0 == rgb(BLACK_FILL))
    );
}

#[test]
fn whites_advantage_is_light_above_the_zero_line_and_blacks_dark_below() {
    let (evaluations, marks) = sample();
    let image = decode(&advantage_chart(&evaluations, &marks, &labels()));
    assert_eq!(image.dimensions(), (WIDTH, HEIGHT));
    let frame = frame(evaluations.len());
    let zero = frame.y(0.0);
    // Ply 26, White ahead by 2.6: light from above the zero line up to near the curve, the
    // ground above the curve, and nothing dark below the zero line.
    let x = frame.x(26.0) + 3;
    assert_eq!(pixel(&image, x, zero - 5), rgb(WHITE_FILL));
    assert_eq!(pixel(&image, x, frame.y(2.2)), rgb(WHITE_FILL));
    assert_eq!(pixel(&image, x, frame.y(3.5)), rgb(GROUND));
    assert_eq!(pixel(&image, x, zero + 20), rgb(GROUND));
    // Ply 38, Black ahead by 2.4: dark below the zero line down to the curve, nothing light.
    let x = frame.x(38.0);
    assert_eq!(pixel(&image, x, zero + 5), rgb(BLACK_FILL));
    assert_eq!(pixel(&image, x, frame.y(-2.0)), rgb(BLACK_FILL));
    assert_eq!(pixel(&image, x, frame.y(-3.0)), rgb(GROUND));
    assert_eq!(pixel(&image, x, zero - 20), rgb(GROUND));
    // Past the blunder Black is winning by 9, drawn at the clip: dark down to -5, not further.
    let x = frame.x(55.5);
    assert_eq!(pixel(&image, x, frame.y(-CLIP + 0.15)), rgb(BLACK_FILL));
    assert_eq!(pixel(&image, x, frame.y(-CLIP - 0.2)), rgb(GROUND));
}

#[test]
fn the_marks_are_dots_of_their_colour_on_the_curve() {
    let (evaluations, marks) = sample();
    let image = decode(&advantage_chart(&evaluations, &marks, &labels()));
    let frame = frame(evaluations.len());
    for mark in &marks {
        let (x, y) = (
            frame.x(mark.ply as f32),
            frame.y(clipped(&evaluations, mark.ply)),
        );
        let colour = rgb(mark_colour(mark.kind));
        let dot = (-2..=2)
            .flat_map(|dx| (-2..=2).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| pixel(&image, x + dx, y + dy) == colour)
            .count();
        assert!(dot >= 20, "{mark:?}: {dot} pixels of its colour");
        assert_eq!(pixel(&image, x + 6, y), INK, "{mark:?}: no ring");
    }
    // Without marks none of their colours is drawn anywhere.
    let plain = decode(&advantage_chart(&evaluations, &[], &labels()));
    for kind in [MarkKind::Blunder, MarkKind::Mistake, MarkKind::Inaccuracy] {
        assert!(
            !plain.pixels().any(|p| p.0 == rgb(mark_colour(kind))),
            "{kind:?}"
        );
    }
    // A mark past the end of the game is left out.
    let outside = [ChartMark {
        ply: evaluations.len() + 1,
        kind: MarkKind::Blunder,
    }];
    assert_eq!(
        decode(&advantage_chart(&evaluations, &outside, &labels())),
        plain
    );
}

#[test]
fn the_curve_changes_sides_where_it_crosses_zero() {
    // From +2 to -2 the curve crosses zero half way between the plies.
    let points = curve(&[2.0, -2.0]);
    assert_eq!(
        points,
        vec![(0.0, 0.0), (1.0, 2.0), (1.5, 0.0), (2.0, -2.0)]
    );
    // Touching zero is no crossing; clipped values and NaN are drawn as documented.
    assert_eq!(
        curve(&[0.0, 7.0, f32::NAN]),
        vec![(0.0, 0.0), (1.0, 0.0), (2.0, CLIP), (3.0, 0.0)]
    );
}

#[test]
fn move_numbers_stay_about_a_dozen() {
    assert_eq!(move_step(1), 1);
    assert_eq!(move_step(12), 1);
    assert_eq!(move_step(13), 2);
    assert_eq!(move_step(50), 5);
    assert_eq!(move_step(150), 20);
    for moves in 1..2000_usize {
        assert!(moves.div_ceil(move_step(moves)) <= 12, "{moves}");
    }
}

#[test]
fn texts_are_drawn_and_cut() {
    let (evaluations, marks) = sample();
    let with = decode(&advantage_chart(&evaluations, &marks, &labels()));
    let without = decode(&advantage_chart(
        &evaluations,
        &marks,
        &ChartLabels::default(),
    ));
    // The title strip holds ink only with a title.
    let inked = |image: &RgbImage| {
        (0..WIDTH)
            .flat_map(|x| (0..TOP - 6).map(move |y| (x, y)))
            .filter(|&(x, y)| image.get_pixel(x, y).0 == INK)
            .count()
    };
    assert!(inked(&with) > 100);
    assert_eq!(inked(&without), 0);
    // A title far too long is cut, never drawn past the right edge's margin.
    let mut long = labels();
    long.title = "Bruno ".repeat(200);
    let image = decode(&advantage_chart(&evaluations, &marks, &long));
    for x in WIDTH - 10..WIDTH {
        for y in 0..TOP {
            assert_eq!(image.get_pixel(x, y).0, rgb(GROUND), "({x}, {y})");
        }
    }
}

#[test]
fn golden_chart() {
    let (evaluations, marks) = sample();
    let png = advantage_chart(&evaluations, &marks, &labels());
    // To look at: the chart alone, and as it sits in Discord's dark and light themes.
    let target = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("target");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("chart-sample.png"), &png).unwrap();
    for (theme, ground) in [("dark", [0x31, 0x33, 0x38]), ("light", [0xff, 0xff, 0xff])] {
        let mut page = RgbImage::from_pixel(WIDTH + 80, HEIGHT + 80, image::Rgb(ground));
        image::imageops::overlay(&mut page, &decode(&png), 40, 40);
        page.save(target.join(format!("chart-sample-{theme}.png")))
            .unwrap();
    }
    check_golden("chart", &png);
}

/// The size and drawing time of a 100-ply chart (about 44 KB and 3 ms here; figures in
/// docs/board-images.md), printed; run with
/// `cargo test --release -p dama-render chart::tests::chart_timing -- --ignored
/// --nocapture`. The criterion figure is `cargo bench --bench render -- chart`.
#[test]
#[ignore = "a measurement; run it by name"]
fn chart_timing() {
    let evaluations: Vec<f32> = (0..100)
        .map(|ply| 3.0 * (ply as f32 / 9.0).sin() + (ply as f32 / 30.0))
        .collect();
    let marks: Vec<_> = (5..100)
        .step_by(17)
        .map(|ply| ChartMark {
            ply,
            kind: MarkKind::Mistake,
        })
        .collect();
    let labels = labels();
    let _ = advantage_chart(&evaluations, &marks, &labels);
    let runs = 20;
    let start = Instant::now();
    let mut size = 0;
    for _ in 0..runs {
        size = advantage_chart(&evaluations, &marks, &labels).len();
    }
    let each = start.elapsed() / runs;
    println!("chart of 100 plies: {size} bytes, {each:?} each");
    assert!(size < 100_000, "{size} bytes");
}
