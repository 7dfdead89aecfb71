//! Golden images, orientation, GIF frames and request-time robustness.
//!
//! Golden images live in `tests/data/golden/`; after a deliberate change of the drawing,
//! regenerate them with `DAMA_BLESS=1 cargo test --release -p damabot --lib golden` and look at
//! every changed file before committing it.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use image::{AnimationDecoder, RgbImage};

use super::*;

/// The default renderer, built once for all tests.
fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::new(&RenderConfig::default()).unwrap())
}

fn small_renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| {
        let config = RenderConfig {
            size: 200,
            ..RenderConfig::default()
        };
        Renderer::new(&config).unwrap()
    })
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// The position after `text` is played in `before`, with the move as last move.
fn after(before: &str, text: &str, bottom: Color) -> BoardView {
    let before = position(before);
    let m = before.parse_move(text).unwrap();
    let mut view = BoardView::new(before.play(&m).unwrap());
    view.last_move = Some(m);
    view.bottom = bottom;
    view
}

/// A black man takes three and is crowned on White's back row: 5x14x23x30.
fn capture_view() -> BoardView {
    after(
        "B:W10,16,19,21,27,32:B12,24,26,3,4,5,7",
        "5x30",
        Color::White,
    )
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgb8()
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/golden")
        .join(format!("{name}.png"))
}

/// Compares a rendered PNG with its golden image by decoded pixels: a pixel matches when every
/// channel is within 6 levels, and at most 0.2% of the pixels may not match. With
/// `DAMA_BLESS=1` the golden image is written instead.
fn check_golden(name: &str, png: &[u8]) {
    let path = golden_path(name);
    if std::env::var_os("DAMA_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with DAMA_BLESS=1 cargo test --release -p damabot --lib golden",
            path.display()
        )
    });
    let (actual_image, expected_image) = (decode(png), decode(&expected));
    let keep = || {
        let kept = std::env::temp_dir().join(format!("dama-golden-{name}.png"));
        std::fs::write(&kept, png).unwrap();
        kept
    };
    assert_eq!(
        actual_image.dimensions(),
        expected_image.dimensions(),
        "{name}: size differs; the new image is in {}",
        keep().display()
    );
    let different = actual_image
        .pixels()
        .zip(expected_image.pixels())
        .filter(|(a, e)| a.0.iter().zip(e.0).any(|(&a, e)| a.abs_diff(e) > 6))
        .count();
    let allowed = actual_image.pixels().len() / 500;
    assert!(
        different <= allowed,
        "{name}: {different} pixels differ from {} (at most {allowed} may); the new image is in {}",
        path.display(),
        keep().display()
    );
}

#[test]
fn golden_start() {
    check_golden(
        "start",
        &renderer().png(&BoardView::new(Position::initial())),
    );
}

#[test]
fn golden_kings_of_both_colours() {
    let view = BoardView::new(position("W:WK1,K13,9,22,K30:B14,23,K32,3,K21,26,25,K15,K5"));
    check_golden("kings", &renderer().png(&view));
}

#[test]
fn golden_multi_capture_with_promotion() {
    check_golden("multi-capture", &renderer().png(&capture_view()));
}

#[test]
fn golden_flipped_view() {
    let mut view = capture_view();
    view.bottom = Color::Black;
    check_golden("flipped", &renderer().png(&view));
}

#[test]
fn golden_promotion_by_a_simple_move() {
    let view = after("W:W5,22,27:B12,20,K31", "5-1", Color::White);
    assert!(view.last_move.unwrap().promotes());
    check_golden("promotion", &renderer().png(&view));
}

#[test]
fn golden_king_capture_with_caption_and_capturers() {
    // A white king takes three (the path turns twice); Black must now capture.
    let mut view = after(
        "W:WK1,32:BK8,K29,5,K25,K21,K6,13,7",
        "1x10x3x12",
        Color::Black,
    );
    view.highlight_capturers = true;
    view.caption = Some("Bianco: Alice (1520) \u{b7} Nero: Bob (1498) \u{b7} Nero muove".into());
    check_golden("king-capture-caption", &renderer().png(&view));
}

#[test]
fn golden_small_board() {
    check_golden("small-200", &small_renderer().png(&capture_view()));
}

/// The mean luminance (0..=1) of the middle half of a display cell.
fn cell_luminance(image: &RgbImage, renderer: &Renderer, column: u32, row: u32) -> f32 {
    let layout = renderer.layout;
    let (x0, y0) = layout.cell_origin(column, row);
    let q = layout.square;
    let mut sum = 0.0;
    let mut count = 0.0;
    for y in y0 + q / 4..y0 + 3 * q / 4 {
        for x in x0 + q / 4..x0 + 3 * q / 4 {
            sum += theme::Rgb(image.get_pixel(x, y).0).luminance();
            count += 1.0;
        }
    }
    sum / count
}

#[test]
fn square_1_and_square_32_land_where_the_orientation_says() {
    let renderer = renderer();
    let theme = Theme::from_config(&RenderConfig::default()).unwrap();
    // A black man on 1, a white man on 32 (each on its own back row).
    let mut view = BoardView::new(position("W:W32:B1"));
    for (bottom, one, thirty_two) in [
        (Color::White, (0, 0), (7, 7)),
        (Color::Black, (7, 7), (0, 0)),
    ] {
        view.bottom = bottom;
        let image = decode(&renderer.png(&view));
        let black = cell_luminance(&image, renderer, one.0, one.1);
        let white = cell_luminance(&image, renderer, thirty_two.0, thirty_two.1);
        let empty = cell_luminance(&image, renderer, 2, 2);
        assert!(
            black < 0.25,
            "{bottom:?}: square 1 at {one:?} is not the black man ({black})"
        );
        assert!(
            white > 0.75,
            "{bottom:?}: square 32 at {thirty_two:?} is not the white man ({white})"
        );
        assert!(black < empty && empty < white, "{black} {empty} {white}");
        // For the player at the bottom the bottom-right square is dark, the bottom-left light:
        // look at the empty top-right corner of the bottom-right cell and at the middle of
        // the bottom-left one.
        let q = renderer.layout.square;
        let (x, y) = renderer.layout.cell_origin(7, 7);
        assert_eq!(
            image.get_pixel(x + q - 2, y + 2).0,
            theme.dark_square.0,
            "{bottom:?}"
        );
        let (x, y) = renderer.layout.cell_origin(0, 7);
        assert_eq!(
            image.get_pixel(x + q / 2, y + q / 2).0,
            theme.light_square.0,
            "{bottom:?}"
        );
    }
}

#[test]
fn the_bottom_right_square_is_dark_and_numbered_as_the_rules_say() {
    for bottom in [Color::White, Color::Black] {
        for square in Square::ALL {
            let (column, row) = Layout::cell(square, bottom);
            assert_eq!((column + row) % 2, 0, "{square:?} must be on a dark cell");
        }
        let bottom_right = Square::ALL
            .into_iter()
            .find(|&s| Layout::cell(s, bottom) == (7, 7))
            .unwrap();
        let expected = if bottom == Color::White { 32 } else { 1 };
        assert_eq!(bottom_right.number(), expected);
    }
}

#[test]
fn a_replay_has_the_start_and_one_frame_per_ply_and_ends_on_the_last_board() {
    let renderer = small_renderer();
    let text = include_str!("../../tests/data/campionato-assoluto-2005.pdn");
    let replay = dama_rules::pdn::read_games(text)[0].replay();
    assert!(replay.error.is_none());
    let moves = &replay.moves;
    let gif = renderer.replay_gif(&replay.start, moves, Color::White);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    let frames = decoder.into_frames().collect_frames().unwrap();
    assert_eq!(frames.len(), moves.len() + 1);
    let delays: Vec<u32> = frames
        .iter()
        .map(|f| f.delay().numer_denom_ms().0 / f.delay().numer_denom_ms().1.max(1))
        .collect();
    assert!(
        delays[moves.len()] > delays[1],
        "the last frame is held longer: {delays:?}"
    );

    // The composed frames are the boards themselves: compare the first, a middle and the last.
    let mut position = replay.start;
    let mut views = vec![BoardView {
        bottom: Color::White,
        ..BoardView::new(position)
    }];
    for m in moves {
        position = position.play(m).unwrap();
        views.push(BoardView {
            position,
            last_move: Some(*m),
            bottom: Color::White,
            highlight_capturers: false,
            caption: None,
        });
    }
    for i in [0, moves.len() / 2, moves.len()] {
        let expected = decode(&renderer.png(&views[i]));
        let frame = frames[i].buffer();
        assert_eq!(frame.dimensions(), expected.dimensions());
        for (a, e) in frame.pixels().zip(expected.pixels()) {
            assert_eq!(&a.0[..3], &e.0[..], "frame {i}");
        }
    }
}

#[test]
fn a_replay_stops_at_an_illegal_move() {
    let renderer = small_renderer();
    let start = Position::initial();
    let first = start.parse_move("22-18").unwrap();
    let gif = renderer.replay_gif(&start, &[first, first], Color::Black);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    assert_eq!(decoder.into_frames().count(), 2);
    let empty = renderer.replay_gif(&start, &[], Color::White);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&empty)).unwrap();
    assert_eq!(decoder.into_frames().count(), 1);
}

#[test]
fn every_move_of_many_positions_draws_in_both_orientations() {
    // Kings, long captures, loops back to the start square: the path and the ghosts must
    // stay inside the image whatever the move.
    let renderer = small_renderer();
    let text = include_str!("../../tests/data/positions.jsonl");
    let mut drawn = 0;
    for line in text.lines().take(400) {
        let fen = line
            .split("\"fen\": \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap();
        let before = position(fen);
        for m in &before.legal_moves() {
            let after = before.play(m).unwrap();
            for bottom in [Color::White, Color::Black] {
                let view = BoardView {
                    position: after,
                    last_move: Some(*m),
                    bottom,
                    highlight_capturers: true,
                    caption: Some("x".into()),
                };
                let image = renderer.draw(&view);
                assert_eq!(
                    image.pixels.len(),
                    (200 * (200 + renderer.layout.caption)) as usize
                );
                drawn += 1;
            }
        }
    }
    assert!(drawn > 1000, "{drawn}");
}

#[test]
fn a_long_or_strange_caption_is_cut_to_fit() {
    let renderer = renderer();
    let mut view = BoardView::new(Position::initial());
    view.caption = Some(format!("tab\there\nnewline \u{1f600} {}", "W".repeat(5000)));
    let image = decode(&renderer.png(&view));
    let strip = renderer.layout.caption;
    assert_eq!(image.dimensions(), (640, 640 + strip));
    // Text stops before the turn mark: the column just left of the mark is background.
    let theme = Theme::from_config(&RenderConfig::default()).unwrap();
    let mark_x = 640 - strip - renderer.layout.border + strip / 8;
    for y in 0..strip {
        assert_eq!(image.get_pixel(mark_x - 2, y).0, theme.border.0, "row {y}");
    }
    // Something was written on the left.
    let inked = (0..strip)
        .flat_map(|y| (0..200).map(move |x| (x, y)))
        .filter(|&(x, y)| image.get_pixel(x, y).0 != theme.border.0)
        .count();
    assert!(inked > 100, "{inked}");
}

#[test]
fn a_caption_adds_a_strip_above_the_board() {
    let renderer = renderer();
    let plain = decode(&renderer.png(&BoardView::new(Position::initial())));
    let mut view = BoardView::new(Position::initial());
    view.caption = Some("White to move".into());
    let captioned = decode(&renderer.png(&view));
    let strip = renderer.layout.caption;
    for y in (0..640).step_by(7) {
        for x in (0..640).step_by(5) {
            assert_eq!(plain.get_pixel(x, y), captioned.get_pixel(x, y + strip));
        }
    }
}

#[test]
fn the_default_view_is_from_the_side_to_move() {
    let black_to_move = position("B:W21,22:B1,2");
    let view = BoardView::new(black_to_move);
    assert_eq!(view.bottom, Color::Black);
    assert!(view.last_move.is_none() && view.caption.is_none() && !view.highlight_capturers);
}

#[test]
fn the_renderer_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Renderer>();
}

#[test]
fn bad_settings_are_errors_at_start_up() {
    let config = RenderConfig {
        highlight: "#12345".into(),
        ..RenderConfig::default()
    };
    let error = Renderer::new(&config).unwrap_err().to_string();
    assert_eq!(
        error,
        "render.highlight: `#12345` is not a colour (expected #rrggbb)"
    );
    let config = RenderConfig {
        size: 64,
        ..RenderConfig::default()
    };
    assert!(
        Renderer::new(&config)
            .unwrap_err()
            .to_string()
            .contains("render.size")
    );
}

#[test]
fn sizes_and_options_all_draw() {
    for (size, numbers, coordinates) in [(128, true, true), (333, false, true), (640, true, false)]
    {
        let config = RenderConfig {
            size,
            square_numbers: numbers,
            coordinates,
            ..RenderConfig::default()
        };
        let renderer = Renderer::new(&config).unwrap();
        let image = decode(&renderer.png(&capture_view()));
        assert_eq!(image.dimensions(), (size, size));
    }
}

#[test]
fn the_default_board_is_small() {
    let png = renderer().png(&capture_view());
    assert!(png.len() < 60_000, "{} bytes", png.len());
}

/// Compares PNG encoder settings on a 640 px board with a last move (size and median time).
/// `cargo test --release -p damabot --lib render::tests::png_settings -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, not a check; run it by name"]
fn png_settings() {
    use png::{DeflateCompression as D, Filter as F};
    let started = Instant::now();
    let renderer = Renderer::new(&RenderConfig::default()).unwrap();
    eprintln!("renderer: {:?}", started.elapsed());
    let view = capture_view();
    let median = |f: &mut dyn FnMut()| median_ms(60, f);
    let draw = median(&mut || {
        std::hint::black_box(renderer.draw(&view));
    });
    eprintln!("draw only: {draw:.3} ms");
    let image = renderer.draw(&view);
    for compression in [
        D::FdeflateUltraFast,
        D::Level(1),
        D::Level(2),
        D::Level(3),
        D::Level(6),
    ] {
        for filter in [F::NoFilter, F::Sub, F::Up, F::Paeth, F::Adaptive] {
            let settings = encode::PngSettings {
                compression,
                filter,
            };
            let encode = || {
                encode::png_with(
                    image.width,
                    image.height,
                    &image.pixels,
                    &renderer.sprites.palette,
                    settings,
                )
            };
            let bytes = encode().len();
            let time = median(&mut || {
                std::hint::black_box(encode());
            });
            eprintln!("{compression:?} {filter:?}: {bytes} bytes, encode {time:.3} ms");
        }
    }
}

/// The first 100 plies of the first championship game that has that many.
fn hundred_plies() -> (Position, Vec<Move>) {
    let text = include_str!("../../tests/data/campionato-assoluto-2005.pdn");
    dama_rules::pdn::read_games(text)
        .iter()
        .map(dama_rules::pdn::PdnGame::replay)
        .find(|r| r.error.is_none() && r.moves.len() >= 100)
        .map(|r| (r.start, r.moves[..100].to_vec()))
        .unwrap()
}

/// Median time and size of a 640 px PNG and of a 100-ply replay GIF, and how large the
/// changed rectangles of the replay are.
/// `cargo test --release -p damabot --lib render::tests::gif_timing -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, not a check; run it by name"]
fn gif_timing() {
    let renderer = renderer();
    let view = capture_view();
    let png = renderer.png(&view);
    let time = median_ms(200, &mut || {
        std::hint::black_box(renderer.png(&view));
    });
    eprintln!("png 640, last move: {time:.3} ms, {} bytes", png.len());

    let (start, moves) = hundred_plies();
    let gif = renderer.replay_gif(&start, &moves, Color::White);
    let time = median_ms(15, &mut || {
        std::hint::black_box(renderer.replay_gif(&start, &moves, Color::White));
    });
    eprintln!("gif 640, 100 plies: {time:.1} ms, {} bytes", gif.len());
    let mut frames = Vec::new();
    let mut view = BoardView::new(start);
    view.bottom = Color::White;
    frames.push(renderer.draw(&view).pixels);
    let mut position = start;
    for m in &moves {
        position = position.play(m).unwrap();
        view.position = position;
        view.last_move = Some(*m);
        frames.push(renderer.draw(&view).pixels);
    }
    let area: usize = frames
        .windows(2)
        .map(|pair| {
            let frame = encode::changed_frame(640, &pair[0], &pair[1], 0);
            usize::from(frame.width) * usize::from(frame.height)
        })
        .sum();
    eprintln!("changed rectangles: {area} pixels in all");
}

/// The median time of `runs` calls of `f`, in milliseconds, for the measurements run by name.
pub(super) fn median_ms(runs: usize, f: &mut dyn FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
