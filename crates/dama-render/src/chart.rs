//! The advantage chart of a game: the evaluation after each ply as a PNG, White's advantage up
//! and Black's down, the worst moves marked.
//!
//! plotters (its bitmap backend, drawing into a buffer) draws the plot: the areas, the grid,
//! the curve and the marks. The texts (title, axis captions, move numbers) are drawn afterwards
//! with the board renderer's own text drawing and embedded font, so nothing looks up a system
//! font. The image is [`WIDTH`] by [`HEIGHT`] pixels on an opaque wooden ground that reads on
//! Discord's dark and light themes alike; White's side is filled in the colour of the white
//! pieces, Black's in the colour of the board's frame, as on the board.
//!
//! ```
//! use dama_render::chart::{ChartLabels, ChartMark, MarkKind, advantage_chart};
//!
//! let evaluations = [0.1, 0.2, -0.1, 1.4, 1.2, -2.5];
//! let marks = [ChartMark { ply: 6, kind: MarkKind::Blunder }];
//! let labels = ChartLabels {
//!     title: "Anna – Bruno".into(),
//!     moves: "move".into(),
//!     white_ahead: "White ahead".into(),
//!     black_ahead: "Black ahead".into(),
//! };
//! let png = advantage_chart(&evaluations, &marks, &labels);
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

use std::sync::LazyLock;

use ab_glyph::FontRef;
use image::{Rgb, RgbImage};
use plotters::prelude::*;

use super::FONT;
use super::text::Style;

/// The width of every chart in pixels.
pub const WIDTH: u32 = 800;
/// The height of every chart in pixels.
pub const HEIGHT: u32 = 400;
/// Evaluations are drawn clipped to this many pawns either way: beyond it a game is decided,
/// and a won ending scored +40 would flatten everything else into the zero line.
pub const CLIP: f32 = 5.0;
/// Texts longer than this many characters are cut before they are measured.
pub const MAX_LABEL_CHARS: usize = 100;

/// How bad a marked move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// `??`: a red dot.
    Blunder,
    /// `?`: an orange dot.
    Mistake,
    /// `?!`: a yellow dot.
    Inaccuracy,
}

/// A move worth marking on the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChartMark {
    /// The ply counted from 1 (White's first move is ply 1): the dot sits on the evaluation
    /// after it, `evaluations[ply - 1]`. A mark outside the game is not drawn.
    pub ply: usize,
    pub kind: MarkKind,
}

/// The texts of a chart, in the reader's language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChartLabels {
    /// Above the plot, usually the players; cut to the width with an ellipsis.
    pub title: String,
    /// The caption of the horizontal axis, whose numbers are move numbers.
    pub moves: String,
    /// The caption of the upper half.
    pub white_ahead: String,
    /// The caption of the lower half.
    pub black_ahead: String,
}

/// The ground of the whole image and of the plot: light wood, opaque.
const GROUND: RGBColor = RGBColor(0xc8, 0xb5, 0x94);
/// White's advantage: the white pieces' colour.
const WHITE_FILL: RGBColor = RGBColor(0xf4, 0xef, 0xe4);
/// Black's advantage: the board frame's dark brown.
const BLACK_FILL: RGBColor = RGBColor(0x3b, 0x2a, 0x1e);
/// The curve on the border of the two areas.
const CURVE: RGBColor = RGBColor(0x8a, 0x6f, 0x4e);
/// Grid lines, faint on the ground and on both areas.
const GRID: RGBColor = RGBColor(0xa8, 0x94, 0x72);
/// The zero line.
const ZERO: RGBColor = RGBColor(0x6b, 0x55, 0x3c);
/// Texts and the rings of the dots.
const INK: [u8; 3] = [0x21, 0x18, 0x10];
const INK_COLOUR: RGBColor = RGBColor(INK[0], INK[1], INK[2]);

fn mark_colour(kind: MarkKind) -> RGBColor {
    match kind {
        MarkKind::Blunder => RGBColor(0xd6, 0x28, 0x28),
        MarkKind::Mistake => RGBColor(0xf0, 0x7c, 0x00),
        MarkKind::Inaccuracy => RGBColor(0xf5, 0xc5, 0x1b),
    }
}

/// The room around the plot, in pixels: title above, move numbers and caption below, pawn
/// numbers on the left.
const TOP: u32 = 46;
const BOTTOM: u32 = 58;
const LEFT: u32 = 50;
const RIGHT: u32 = 18;
/// The plot's vertical range: a little beyond the clip, so that clipped stretches stay
/// visible apart from the frame.
const Y_RANGE: f32 = CLIP * 1.08;

static CHART_FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(FONT).expect("the embedded font is checked by the renderer's tests")
});

/// The advantage chart of a game as a PNG of [`WIDTH`] by [`HEIGHT`] pixels.
///
/// `evaluations` holds the evaluation after each ply, from White's point of view, in pawns
/// (positive when White is ahead); each is drawn clipped to ±[`CLIP`], and a value that is
/// not a number as 0. The curve starts from the initial position at level, before ply 1. The
/// horizontal axis is numbered in moves (move `m` is plies `2m - 1` and `2m`). `marks` are
/// drawn as coloured dots on the curve. An empty game draws an empty plot.
#[must_use]
pub fn advantage_chart(evaluations: &[f32], marks: &[ChartMark], labels: &ChartLabels) -> Vec<u8> {
    let mut buffer = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
    let plot = draw_plot(&mut buffer, evaluations, marks);
    let mut image = RgbImage::from_raw(WIDTH, HEIGHT, buffer)
        .expect("the buffer holds WIDTH * HEIGHT RGB pixels");
    draw_texts(&mut image, &plot, labels);
    super::encode::rgb_png(&image)
}

/// Where the plot landed: its pixel rectangle and the plies it spans.
struct PlotFrame {
    left: i32,
    top: i32,
    right: i32,
    bottom: i32,
    plies: usize,
}

impl PlotFrame {
    fn x(&self, ply: f32) -> i32 {
        let span = (self.right - self.left) as f32;
        self.left + (ply / self.plies as f32 * span).round() as i32
    }

    fn y(&self, pawns: f32) -> i32 {
        let span = (self.bottom - self.top) as f32;
        self.top + ((Y_RANGE - pawns) / (2.0 * Y_RANGE) * span).round() as i32
    }
}

/// The evaluation drawn for ply `ply` (1-based; ply 0 is the level start).
fn clipped(evaluations: &[f32], ply: usize) -> f32 {
    let Some(&value) = ply.checked_sub(1).and_then(|i| evaluations.get(i)) else {
        return 0.0;
    };
    if value.is_nan() {
        0.0
    } else {
        value.clamp(-CLIP, CLIP)
    }
}

/// The curve's points with a point on the zero line wherever it changes sides, so that each
/// area can be filled by itself up to exactly where the curve crosses.
fn curve(evaluations: &[f32]) -> Vec<(f32, f32)> {
    let mut points = Vec::with_capacity(evaluations.len() * 2 + 1);
    let mut previous = (0.0, 0.0);
    points.push(previous);
    for ply in 1..=evaluations.len() {
        let point = (ply as f32, clipped(evaluations, ply));
        if previous.1 * point.1 < 0.0 {
            let t = previous.1 / (previous.1 - point.1);
            points.push((previous.0 + t, 0.0));
        }
        points.push(point);
        previous = point;
    }
    points
}

/// Every how many moves the horizontal axis has a number: at most about a dozen numbers.
fn move_step(moves: usize) -> usize {
    [1, 2, 5, 10, 20, 25, 50, 100]
        .into_iter()
        .find(|&step| moves.div_ceil(step) <= 12)
        .unwrap_or(moves.div_ceil(12).max(1))
}

/// Draws the ground, the areas, the grid, the curve and the marks into an RGB buffer.
fn draw_plot(buffer: &mut [u8], evaluations: &[f32], marks: &[ChartMark]) -> PlotFrame {
    // A game of one ply still spans some width; an empty one spans two plies of nothing.
    let plies = evaluations.len().max(2);
    let root = BitMapBackend::with_buffer(buffer, (WIDTH, HEIGHT)).into_drawing_area();
    // Drawing into a buffer of the right size cannot fail; the results are only the
    // backend's size check.
    root.fill(&GROUND).expect("the buffer has the chart's size");
    let area = root.margin(TOP, BOTTOM, LEFT, RIGHT);
    let (x_pixels, y_pixels) = area.get_pixel_range();
    let frame = PlotFrame {
        left: x_pixels.start,
        top: y_pixels.start,
        right: x_pixels.end - 1,
        bottom: y_pixels.end - 1,
        plies,
    };
    let mut chart = ChartBuilder::on(&area)
        .build_cartesian_2d(0f32..plies as f32, -Y_RANGE..Y_RANGE)
        .expect("the plot's ranges are not empty");

    let points = curve(evaluations);
    let above: Vec<_> = points.iter().map(|&(x, y)| (x, y.max(0.0))).collect();
    let below: Vec<_> = points.iter().map(|&(x, y)| (x, y.min(0.0))).collect();
    chart
        .draw_series(AreaSeries::new(above, 0.0, WHITE_FILL.filled()))
        .expect("drawing into the buffer");
    chart
        .draw_series(AreaSeries::new(below, 0.0, BLACK_FILL.filled()))
        .expect("drawing into the buffer");

    // The grid over the areas, thin: whole pawns across, move numbers up.
    let grid = GRID.stroke_width(1);
    for pawns in (-(CLIP as i32)..=CLIP as i32).filter(|&p| p != 0) {
        let y = pawns as f32;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, y), (plies as f32, y)],
                grid,
            )))
            .expect("drawing into the buffer");
    }
    let step = move_step(plies.div_ceil(2));
    for number in (step..=plies.div_ceil(2)).step_by(step) {
        let x = (2 * number - 1) as f32;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, -Y_RANGE), (x, Y_RANGE)],
                grid,
            )))
            .expect("drawing into the buffer");
    }
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(0.0, 0.0), (plies as f32, 0.0)],
            ZERO.stroke_width(2),
        )))
        .expect("drawing into the buffer");
    if !evaluations.is_empty() {
        chart
            .draw_series(LineSeries::new(points, CURVE.stroke_width(2)))
            .expect("drawing into the buffer");
    }

    // The marks, the worst last so that they stay on top.
    let mut marks: Vec<_> = marks
        .iter()
        .filter(|m| (1..=evaluations.len()).contains(&m.ply))
        .collect();
    marks.sort_by_key(|m| std::cmp::Reverse(m.kind as u8));
    for mark in marks {
        let at = (mark.ply as f32, clipped(evaluations, mark.ply));
        chart
            .draw_series([
                Circle::new(at, 7, INK_COLOUR.filled()),
                Circle::new(at, 5, mark_colour(mark.kind).filled()),
            ])
            .expect("drawing into the buffer");
    }

    // The frame last, over the ends of the areas.
    area.draw(&Rectangle::new(
        [(0, 0), (frame.right - frame.left, frame.bottom - frame.top)],
        ZERO.stroke_width(1),
    ))
    .expect("drawing into the buffer");
    root.present().expect("the buffer has the chart's size");
    frame
}

/// `text` without controls, at most [`MAX_LABEL_CHARS`] characters (each with its accents),
/// cut to `width` pixels.
fn fitted(style: &Style<'_>, text: &str, width: u32) -> String {
    let mut letters = 0;
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take_while(|&c| {
            letters += usize::from(!super::text::joins(c));
            letters <= MAX_LABEL_CHARS
        })
        .collect();
    style.fit(clean.trim(), width)
}

/// The title, the captions and the numbers of both axes.
fn draw_texts(image: &mut RgbImage, frame: &PlotFrame, labels: &ChartLabels) {
    let font = &*CHART_FONT;
    let ink = Rgb(INK);

    let title = Style::new(font, 24.0);
    let text = fitted(&title, &labels.title, WIDTH - frame.left as u32 - RIGHT);
    title.draw(image, ink, frame.left, 32, &text);

    // Pawn numbers on the left: zero and every other whole pawn.
    let numbers = Style::new(font, 17.0);
    let half_cap = (numbers.cap_height() / 2.0).round() as i32;
    let most = CLIP as i32 / 2 * 2;
    for pawns in (-most..=most).step_by(2) {
        let text = match pawns {
            0 => "0".to_owned(),
            p if p > 0 => format!("+{p}"),
            p => format!("\u{2212}{}", -p),
        };
        let width = numbers.width(&text) as i32;
        let y = frame.y(pawns as f32);
        numbers.draw(image, ink, frame.left - 8 - width, y + half_cap, &text);
    }

    // Move numbers under the plot, centred on White's ply of the move.
    let moves = frame.plies.div_ceil(2);
    let step = move_step(moves);
    let number_baseline = frame.bottom + 8 + numbers.cap_height().round() as i32;
    let numbered = std::iter::once(1).chain((step..=moves).step_by(step).filter(|&n| n > 1));
    for number in numbered {
        let text = number.to_string();
        let (left, _, right, _) = numbers.ink_bounds(&text);
        let x = frame.x((2 * number - 1) as f32) - f32::midpoint(left, right).round() as i32;
        numbers.draw(image, ink, x, number_baseline, &text);
    }

    // The axis caption centred under the numbers.
    let caption = Style::new(font, 17.0);
    let room = (frame.right - frame.left) as u32;
    let text = fitted(&caption, &labels.moves, room);
    let width = caption.width(&text) as i32;
    let x = (frame.left + frame.right - width) / 2;
    caption.draw(image, ink, x, HEIGHT as i32 - 11, &text);

    // Which half is whose, in the top and bottom left corners of the plot, each on a plate of
    // the ground so that it reads over either area.
    let half = Style::new(font, 16.0);
    let cap = half.cap_height().round() as i32;
    let room = (frame.right - frame.left) as u32 / 2;
    for (text, baseline) in [
        (&labels.white_ahead, frame.top + 6 + cap),
        (&labels.black_ahead, frame.bottom - 8),
    ] {
        let text = fitted(&half, text, room);
        if text.is_empty() {
            continue;
        }
        let x = frame.left + 8;
        let width = half.width(&text) as i32;
        let plate = imageproc::rect::Rect::at(x - 4, baseline - cap - 4)
            .of_size((width + 8) as u32, (cap + 9) as u32);
        imageproc::drawing::draw_filled_rect_mut(image, plate, Rgb([GROUND.0, GROUND.1, GROUND.2]));
        half.draw(image, ink, x, baseline, &text);
    }
}

#[cfg(test)]
mod tests;
