//! Golden images, orientation, GIF frames and request-time robustness.
//!
//! Golden images live in `tests/data/golden/`; after a deliberate change of the drawing,
//! regenerate them with `DAMA_BLESS=1 cargo test --release -p dama-render golden` and look at
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

pub(super) fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgb8()
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/data/golden")
        .join(format!("{name}.png"))
}

/// Compares a rendered PNG with its golden image by decoded pixels: a pixel matches when every
/// channel is within 6 levels, and at most 0.2% of the pixels may not match. With
/// `DAMA_BLESS=1` the golden image is written instead.
pub(super) fn check_golden(name: &str, png: &[u8]) {
    let path = golden_path(name);
    if std::env::var_os("DAMA_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with DAMA_BLESS=1 cargo test --release -p dama-render golden",
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

/// A board caption as the Italian texts have it.
const ITALIAN_CAPTION: &str =
    "Niccol\u{f2} (1523) \u{2013} Bruno (1490) \u{b7} mossa 12 \u{b7} tocca al Nero";
/// A Spanish one, with capitals that carry accents (they reach the top of the strip) and the
/// opening question and exclamation marks (below the baseline).
const SPANISH_CAPTION: &str =
    "\u{cd}\u{f1}igo (1502) \u{2013} Ram\u{f3}n (1476) \u{b7} \u{bf}tablas? \u{a1}juegas t\u{fa}!";

/// A white king takes three; Black is to move, as the captions say.
fn king_capture_view(bottom: Color) -> BoardView {
    after("W:WK1,32:BK8,K29,5,K25,K21,K6,13,7", "1x10x3x12", bottom)
}

#[test]
fn golden_italian_caption() {
    let mut view = king_capture_view(Color::White);
    view.caption = Some(ITALIAN_CAPTION.into());
    assert_eq!(renderer().caption_text(ITALIAN_CAPTION), ITALIAN_CAPTION);
    check_golden("caption-it", &renderer().png(&view));
}

#[test]
fn golden_spanish_caption_seen_by_black() {
    let mut view = after("W:W5,22,27:B12,20,K31", "22-18", Color::Black);
    view.caption = Some(SPANISH_CAPTION.into());
    assert_eq!(renderer().caption_text(SPANISH_CAPTION), SPANISH_CAPTION);
    check_golden("caption-es-black", &renderer().png(&view));
}

#[test]
fn golden_italian_caption_cut_on_a_small_board() {
    let mut view = king_capture_view(Color::White);
    view.caption = Some(ITALIAN_CAPTION.into());
    let cut = small_renderer().caption_text(ITALIAN_CAPTION);
    assert!(
        cut.starts_with("Niccol\u{f2} (1523)") && cut.ends_with('\u{2026}'),
        "{cut}"
    );
    check_golden("caption-it-small-200", &small_renderer().png(&view));
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
    let text = include_str!("../../../tests/data/campionato-assoluto-2005.pdn");
    let replay = dama_rules::pdn::read_games(text)[0].replay();
    assert!(replay.error.is_none());
    let moves = &replay.moves;
    let gif = renderer.replay_gif(&replay.start, moves, Color::White, &[]);
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
    let gif = renderer.replay_gif(&start, &[first, first], Color::Black, &[]);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    assert_eq!(decoder.into_frames().count(), 2);
    let empty = renderer.replay_gif(&start, &[], Color::White, &[]);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&empty)).unwrap();
    assert_eq!(decoder.into_frames().count(), 1);
}

/// The frames of a GIF as the `gif` crate reads them: (left, top, width, height, delay).
fn gif_frames(gif: &[u8]) -> Vec<(u16, u16, u16, u16, u16)> {
    let mut decoder = gif::DecodeOptions::new().read_info(gif).unwrap();
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames.push((
            frame.left,
            frame.top,
            frame.width,
            frame.height,
            frame.delay,
        ));
    }
    frames
}

#[test]
fn a_replay_with_captions_shows_every_boards_strip_in_frames_of_their_own() {
    let renderer = small_renderer();
    let (start, moves) = hundred_plies();
    let moves = &moves[..30];
    let captions = italian_captions(&start, moves);
    let gif = renderer.replay_gif(&start, moves, Color::White, &captions);
    let strip = renderer.layout.caption;

    // After the full first frame, every rectangle is either in the strip or in the board,
    // never both: the strip's text changes on every ply.
    let frames = gif_frames(&gif);
    assert_eq!(frames[0], (0, 0, 200, (200 + strip) as u16, 150));
    for &(_, top, _, height, _) in &frames[1..] {
        let (top, bottom) = (u32::from(top), u32::from(top) + u32::from(height));
        assert!(bottom <= strip || top >= strip, "{frames:?}");
    }
    // Each ply: the board's change, then 20 ms later the strip's, for as long as a frame
    // shows without captions.
    assert_eq!(frames.len(), 1 + 2 * moves.len());
    let plain = gif_frames(&renderer.replay_gif(&start, moves, Color::White, &[]));
    for (ply, pair) in frames[1..].chunks(2).enumerate() {
        assert_eq!(pair[0].4, encode::CAPTION_LAG, "ply {ply}");
        assert!(u32::from(pair[0].1) >= strip && u32::from(pair[1].1) < strip);
        assert_eq!(pair[0].4 + pair[1].4, plain[ply + 1].4, "ply {ply}");
    }

    // Once a ply's frames are shown, the picture is the board's PNG with its caption.
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    let composed = decoder.into_frames().collect_frames().unwrap();
    let boards: Vec<_> = std::iter::once(&composed[0])
        .chain(composed[1..].iter().skip(1).step_by(2))
        .collect();
    assert_eq!(boards.len(), moves.len() + 1);
    let mut view = BoardView::new(start);
    view.bottom = Color::White;
    for (ply, frame) in boards.into_iter().enumerate() {
        if ply > 0 {
            view.position = view.position.play(&moves[ply - 1]).unwrap();
            view.last_move = Some(moves[ply - 1]);
        }
        view.caption = Some(captions[ply].clone());
        let expected = decode(&renderer.png(&view));
        assert_eq!(frame.buffer().dimensions(), expected.dimensions());
        for (a, e) in frame.buffer().pixels().zip(expected.pixels()) {
            assert_eq!(&a.0[..3], &e.0[..], "ply {ply}");
        }
    }
}

#[test]
fn a_caption_that_stays_the_same_changes_only_the_turn_mark() {
    let renderer = small_renderer();
    let (start, moves) = hundred_plies();
    let moves = &moves[..6];
    let title = vec!["Campionato assoluto 2005".to_owned(); moves.len() + 1];
    let frames = gif_frames(&renderer.replay_gif(&start, moves, Color::White, &title));
    assert_eq!(frames.len(), 1 + 2 * moves.len());
    let strip = renderer.layout.caption as u16;
    for &(left, top, width, height, _) in frames[1..].iter().skip(1).step_by(2) {
        // The mark is a man of the side to move at the right end of the strip.
        assert!(top + height <= strip && width <= strip && left > 200 - 2 * strip);
    }
}

#[test]
fn captions_missing_at_the_end_leave_the_strip_empty() {
    let renderer = small_renderer();
    let (start, moves) = hundred_plies();
    let moves = &moves[..4];
    let short = ["one".to_owned()];
    let gif = renderer.replay_gif(&start, moves, Color::White, &short);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    let composed = decoder.into_frames().collect_frames().unwrap();
    let last = composed.last().unwrap().buffer();
    let mut view = BoardView::new(start);
    view.bottom = Color::White;
    for m in moves {
        view.position = view.position.play(m).unwrap();
        view.last_move = Some(*m);
    }
    view.caption = Some(String::new());
    let expected = decode(&renderer.png(&view));
    assert_eq!(last.dimensions(), expected.dimensions());
    assert!(
        last.pixels()
            .zip(expected.pixels())
            .all(|(a, e)| a.0[..3] == e.0[..])
    );
    // More captions than boards: the extra ones are not drawn.
    let long = vec!["x".to_owned(); 50];
    assert_eq!(
        renderer.replay_gif(&start, moves, Color::White, &long),
        renderer.replay_gif(&start, moves, Color::White, &long[..=moves.len()])
    );
}

#[test]
fn every_move_of_many_positions_draws_in_both_orientations() {
    // Kings, long captures, loops back to the start square: the path and the ghosts must
    // stay inside the image whatever the move.
    let renderer = small_renderer();
    let text = include_str!("../../../tests/data/positions.jsonl");
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
/// `cargo test --release -p dama-render tests::png_settings -- --ignored --nocapture`
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
    let text = include_str!("../../../tests/data/campionato-assoluto-2005.pdn");
    dama_rules::pdn::read_games(text)
        .iter()
        .map(dama_rules::pdn::PdnGame::replay)
        .find(|r| r.error.is_none() && r.moves.len() >= 100)
        .map(|r| (r.start, r.moves[..100].to_vec()))
        .unwrap()
}

/// Median time and size of a 640 px PNG and of a 100-ply replay GIF, and how large the
/// changed rectangles of the replay are.
/// `cargo test --release -p dama-render tests::gif_timing -- --ignored --nocapture`
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
    let mut captioned = view.clone();
    captioned.caption = Some(ITALIAN_CAPTION.into());
    let png = renderer.png(&captioned);
    let time = median_ms(200, &mut || {
        std::hint::black_box(renderer.png(&captioned));
    });
    eprintln!(
        "png 640, last move, caption: {time:.3} ms, {} bytes",
        png.len()
    );
    for (what, view) in [("", &view), (", caption", &captioned)] {
        let time = median_ms(200, &mut || {
            std::hint::black_box(renderer.draw(view));
        });
        eprintln!("  draw only{what}: {time:.3} ms");
    }

    let (start, moves) = hundred_plies();
    let with_captions = italian_captions(&start, &moves);
    for (what, captions) in [("", &[][..]), (" with captions", &with_captions[..])] {
        let strip = if captions.is_empty() {
            0
        } else {
            renderer.layout.caption as usize
        };
        let gif = renderer.replay_gif(&start, &moves, Color::White, captions);
        let time = median_ms(15, &mut || {
            std::hint::black_box(renderer.replay_gif(&start, &moves, Color::White, captions));
        });
        eprintln!(
            "gif 640, 100 plies{what}: {time:.1} ms, {} bytes",
            gif.len()
        );
        let boards = replay_boards(renderer, &start, &moves, captions);
        let time = median_ms(15, &mut || {
            let frames = boards.iter().cloned();
            std::hint::black_box(encode::gif(
                640,
                strip as u32,
                frames,
                &renderer.sprites.palette,
            ));
        });
        eprintln!("  encode only: {time:.1} ms");
        let area = |strip: usize| -> usize {
            boards
                .windows(2)
                .flat_map(|pair| encode::changed_frames(640, strip, &pair[0], &pair[1], 0))
                .map(|frame| usize::from(frame.width) * usize::from(frame.height))
                .sum()
        };
        eprintln!("  changed rectangles: {} pixels in all", area(strip));
        if !captions.is_empty() {
            eprintln!("  as one rectangle a ply: {} pixels in all", area(0));
        }
    }
}

/// The boards of a replay in palette indices, as `replay_gif` draws them.
fn replay_boards(
    renderer: &Renderer,
    start: &Position,
    moves: &[Move],
    captions: &[String],
) -> Vec<Vec<u8>> {
    let mut view = BoardView::new(*start);
    view.bottom = Color::White;
    view.caption = captions.first().cloned();
    let mut boards = vec![renderer.draw(&view).pixels];
    for (ply, m) in moves.iter().enumerate() {
        view.position = view.position.play(m).unwrap();
        view.last_move = Some(*m);
        view.caption = captions.get(ply + 1).cloned();
        boards.push(renderer.draw(&view).pixels);
    }
    boards
}

/// Italian captions for every board of a replay: players, move number, whose turn.
fn italian_captions(start: &Position, moves: &[Move]) -> Vec<String> {
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
#[test]
fn accents_typed_apart_draw_like_accented_letters() {
    // A name typed as o + combining grave is drawn as the letter \u{f2}: the same ink, in
    // the same columns, as much more than the letters without accents.
    let theme = Theme::from_config(&RenderConfig::default()).unwrap();
    let ink = |caption: &str| {
        let mut view = BoardView::new(Position::initial());
        view.caption = Some(caption.into());
        let image = decode(&renderer().png(&view));
        // Columns up to the turn mark, ink as the distance from the strip's colour.
        (0..560)
            .map(|x| {
                (0..renderer().layout.caption)
                    .map(|y| {
                        let p = image.get_pixel(x, y).0;
                        p.iter()
                            .zip(theme.border.0)
                            .map(|(&a, b)| u32::from(a.abs_diff(b)))
                            .sum::<u32>()
                    })
                    .sum::<u32>()
            })
            .collect::<Vec<u32>>()
    };
    let composed = ink("Niccol\u{f2} Pe\u{f1}a Ra\u{fa}l");
    let decomposed = ink("Niccolo\u{300} Pen\u{303}a Rau\u{301}l");
    let without = ink("Niccolo Pena Raul");
    let total = |ink: &[u32]| ink.iter().sum::<u32>();
    let accents = total(&composed) - total(&without);
    assert!(accents > 5000, "{accents}");
    assert!(total(&composed).abs_diff(total(&decomposed)) < accents / 10);
    // Each accent over its letter, give or take a pixel or two: compared by 8 columns.
    let buckets = |ink: &[u32]| ink.chunks(8).map(|c| c.iter().sum()).collect::<Vec<u32>>();
    let moved: u32 = buckets(&composed)
        .iter()
        .zip(buckets(&decomposed))
        .map(|(a, b)| a.abs_diff(b))
        .sum();
    assert!(moved < accents / 2, "{moved} {accents}");
}
