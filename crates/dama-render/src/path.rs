//! The last move's path, drawn per request straight into palette indices: a dot where the
//! piece started, a line through every landing square (a smaller dot on each one passed), and
//! an arrowhead that stops at the edge of the piece where it ended.

use super::palette::INK_LEVELS;

/// Distance from (`px`, `py`) to the segment from (`ax`, `ay`) to (`bx`, `by`).
fn segment_distance(px: f32, py: f32, ax: f32, ay: f32, bx: f32, by: f32) -> f32 {
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((px - ax - t * dx).powi(2) + (py - ay - t * dy).powi(2)).sqrt()
}

/// Signed distance to a closed polygon (negative inside).
fn polygon_distance(px: f32, py: f32, points: &[(f32, f32)]) -> f32 {
    let mut distance = f32::MAX;
    let mut inside = false;
    let mut j = points.len() - 1;
    for i in 0..points.len() {
        let (ax, ay) = points[j];
        let (bx, by) = points[i];
        distance = distance.min(segment_distance(px, py, ax, ay, bx, by));
        if (by > py) != (ay > py) && px < (ax - bx) * (py - by) / (ay - by) + bx {
            inside = !inside;
        }
        j = i;
    }
    if inside { -distance } else { distance }
}

/// A point in image pixels.
pub type Point = (f32, f32);

/// One square the path passes through: its centre, and whether a piece stands there now (the
/// path stops short of it).
#[derive(Debug, Clone, Copy)]
pub struct Stop {
    pub centre: Point,
    pub occupied: bool,
}

#[derive(Debug, Clone, Copy)]
enum Shape {
    Line { a: Point, b: Point, half_width: f32 },
    Disc { centre: Point, radius: f32 },
    Triangle([Point; 3]),
}

impl Shape {
    /// Signed distance from a point (negative inside).
    fn distance(&self, x: f32, y: f32) -> f32 {
        match *self {
            Shape::Line { a, b, half_width } => {
                segment_distance(x, y, a.0, a.1, b.0, b.1) - half_width
            }
            Shape::Disc { centre, radius } => {
                ((x - centre.0).powi(2) + (y - centre.1).powi(2)).sqrt() - radius
            }
            Shape::Triangle(points) => polygon_distance(x, y, &points),
        }
    }

    /// The pixels of row `y` (at its centre) the shape may touch, as a range of x, or `None`
    /// for the whole width of its box; a cheap bound that spares most distance tests along a
    /// diagonal line.
    fn row_span(&self, y: f32) -> Option<(f32, f32)> {
        match *self {
            Shape::Line { a, b, half_width } => {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let length = (dx * dx + dy * dy).sqrt();
                if length < 1.0 || dy.abs() < 0.2 * length {
                    return None;
                }
                // Within `reach` of the infinite line through a and b.
                let reach = (half_width + 1.0) * length / dy.abs();
                let x = a.0 + (y - a.1) * dx / dy;
                Some((x - reach, x + reach))
            }
            Shape::Disc { centre, radius } => {
                let reach = radius + 1.0;
                let dy = y - centre.1;
                let half = (reach * reach - dy * dy).max(0.0).sqrt();
                Some((centre.0 - half, centre.0 + half))
            }
            Shape::Triangle(_) => None,
        }
    }

    /// The bounding box, one pixel wider for the soft edge: (left, top, right, bottom).
    fn bounds(&self) -> (f32, f32, f32, f32) {
        let (left, top, right, bottom) = match *self {
            Shape::Line { a, b, half_width } => (
                a.0.min(b.0) - half_width,
                a.1.min(b.1) - half_width,
                a.0.max(b.0) + half_width,
                a.1.max(b.1) + half_width,
            ),
            Shape::Disc { centre, radius } => (
                centre.0 - radius,
                centre.1 - radius,
                centre.0 + radius,
                centre.1 + radius,
            ),
            Shape::Triangle(p) => (
                p[0].0.min(p[1].0).min(p[2].0),
                p[0].1.min(p[1].1).min(p[2].1),
                p[0].0.max(p[1].0).max(p[2].0),
                p[0].1.max(p[1].1).max(p[2].1),
            ),
        };
        (left - 1.0, top - 1.0, right + 1.0, bottom + 1.0)
    }
}

/// The sizes of the path's parts for a square of `square` pixels.
#[derive(Debug, Clone, Copy)]
pub struct PathStyle {
    half_width: f32,
    start_radius: f32,
    landing_radius: f32,
    head_length: f32,
    head_half_width: f32,
    /// How far from an occupied square's centre the path stops.
    stop_short: f32,
}

impl PathStyle {
    pub fn new(square: u32) -> PathStyle {
        let q = square as f32;
        PathStyle {
            half_width: (q * 0.058).max(1.0),
            start_radius: (q * 0.12).max(2.0),
            landing_radius: (q * 0.09).max(1.5),
            head_length: q * 0.3,
            head_half_width: q * 0.17,
            stop_short: q * 0.49,
        }
    }
}

fn shapes(stops: &[Stop], style: &PathStyle) -> Vec<Shape> {
    let mut shapes = Vec::with_capacity(2 * stops.len() + 2);
    for (i, stop) in stops.iter().enumerate() {
        if stop.occupied {
            continue;
        }
        let radius = if i == 0 {
            style.start_radius
        } else {
            style.landing_radius
        };
        shapes.push(Shape::Disc {
            centre: stop.centre,
            radius,
        });
    }
    let last = stops.len().saturating_sub(2);
    for (i, pair) in stops.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let (dx, dy) = (to.centre.0 - from.centre.0, to.centre.1 - from.centre.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length < 1.0 {
            continue;
        }
        let (ux, uy) = (dx / length, dy / length);
        let start_cut = if from.occupied { style.stop_short } else { 0.0 };
        let end_cut = if to.occupied { style.stop_short } else { 0.0 };
        let head = if i == last { style.head_length } else { 0.0 };
        let a = (
            from.centre.0 + ux * start_cut,
            from.centre.1 + uy * start_cut,
        );
        let tip = (to.centre.0 - ux * end_cut, to.centre.1 - uy * end_cut);
        let shaft_end_cut = end_cut + head * 0.8;
        if length - start_cut - shaft_end_cut > 0.0 {
            let b = (
                to.centre.0 - ux * shaft_end_cut,
                to.centre.1 - uy * shaft_end_cut,
            );
            shapes.push(Shape::Line {
                a,
                b,
                half_width: style.half_width,
            });
        }
        if head > 0.0 && length - start_cut - end_cut > head {
            let base = (tip.0 - ux * head, tip.1 - uy * head);
            let (nx, ny) = (-uy * style.head_half_width, ux * style.head_half_width);
            shapes.push(Shape::Triangle([
                tip,
                (base.0 + nx, base.1 + ny),
                (base.0 - nx, base.1 - ny),
            ]));
        }
    }
    shapes
}

/// Where the path lies: how much ink (0..=`INK_LEVELS`) each pixel of a rectangle got.
#[derive(Debug, Clone)]
pub struct Coverage {
    left: usize,
    top: usize,
    width: usize,
    levels: Vec<u8>,
}

impl Coverage {
    /// The path's ink at an image pixel (0 off the path).
    pub fn level(&self, x: usize, y: usize) -> u8 {
        if x < self.left || y < self.top || x >= self.left + self.width {
            return 0;
        }
        self.levels
            .get((y - self.top) * self.width + x - self.left)
            .copied()
            .unwrap_or(0)
    }
}

/// Draws the path through `stops` (the start square, then every landing) into `pixels`, an
/// image `width` pixels wide, laying the ink over each pixel through its blend table; returns
/// where it drew.
pub fn draw_path(
    pixels: &mut [u8],
    width: usize,
    stops: &[Stop],
    style: &PathStyle,
    ink: &[[u8; INK_LEVELS + 1]],
) -> Option<Coverage> {
    let shapes = shapes(stops, style);
    if shapes.is_empty() || width == 0 {
        return None;
    }
    let height = pixels.len() / width;
    let clamp_x = |v: f32| (v.floor().max(0.0) as usize).min(width);
    let clamp_y = |v: f32| (v.floor().max(0.0) as usize).min(height);
    // The union of the shapes' boxes holds a coverage buffer, so that overlapping shapes
    // blend once.
    let (mut left, mut top, mut right, mut bottom) = (width, height, 0, 0);
    let boxes: Vec<(usize, usize, usize, usize)> = shapes
        .iter()
        .map(|shape| {
            let (l, t, r, b) = shape.bounds();
            let b = (clamp_x(l), clamp_y(t), clamp_x(r + 1.0), clamp_y(b + 1.0));
            left = left.min(b.0);
            top = top.min(b.1);
            right = right.max(b.2);
            bottom = bottom.max(b.3);
            b
        })
        .collect();
    if left >= right || top >= bottom {
        return None;
    }
    let cover_width = right - left;
    let mut coverage = vec![0u8; cover_width * (bottom - top)];
    for (shape, &(l, t, r, b)) in shapes.iter().zip(&boxes) {
        for y in t..b {
            let row = (y - top) * cover_width;
            let (from, to) = match shape.row_span(y as f32 + 0.5) {
                Some((start, end)) => (
                    (start.floor().max(0.0) as usize).clamp(l, r),
                    ((end.ceil() + 1.0).max(0.0) as usize).clamp(l, r),
                ),
                None => (l, r),
            };
            for x in from..to {
                let d = shape.distance(x as f32 + 0.5, y as f32 + 0.5);
                let alpha = (0.5 - d).clamp(0.0, 1.0);
                let level = (alpha * INK_LEVELS as f32).round() as u8;
                let cell = &mut coverage[row + x - left];
                *cell = (*cell).max(level);
            }
        }
    }
    for y in top..bottom {
        let cover_row = &coverage[(y - top) * cover_width..(y - top + 1) * cover_width];
        let image_row = &mut pixels[y * width + left..y * width + right];
        for (pixel, &level) in image_row.iter_mut().zip(cover_row) {
            if level > 0 {
                *pixel = ink[usize::from(*pixel)][usize::from(level)];
            }
        }
    }
    Some(Coverage {
        left,
        top,
        width: cover_width,
        levels: coverage,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity_ink() -> Vec<[u8; INK_LEVELS + 1]> {
        // Index 0 is the background; any coverage turns a pixel into 1 + its level.
        (0..=255u8)
            .map(|i| {
                let mut row = [i; INK_LEVELS + 1];
                for (level, entry) in row.iter_mut().enumerate().skip(1) {
                    *entry = level as u8;
                }
                row
            })
            .collect()
    }

    #[test]
    fn a_path_covers_its_line_and_stops_short_of_the_piece() {
        let width = 200;
        let mut pixels = vec![0u8; width * 200];
        let stops = [
            Stop {
                centre: (20.0, 180.0),
                occupied: false,
            },
            Stop {
                centre: (180.0, 20.0),
                occupied: true,
            },
        ];
        let style = PathStyle::new(40);
        let coverage = draw_path(&mut pixels, width, &stops, &style, &identity_ink()).unwrap();
        assert_eq!(coverage.level(100, 100), INK_LEVELS as u8);
        assert_eq!(coverage.level(180, 20), 0);
        let at = |x: usize, y: usize| pixels[y * width + x];
        assert_eq!(at(20, 180), INK_LEVELS as u8, "start dot");
        assert_eq!(at(100, 100), INK_LEVELS as u8, "middle of the line");
        assert_eq!(at(180, 20), 0, "the piece stays clear");
        assert_eq!(at(20, 20), 0, "far from the line");
        assert_eq!(at(199, 199), 0);
    }

    #[test]
    fn a_path_off_the_image_is_clipped() {
        let width = 50;
        let mut pixels = vec![0u8; width * 50];
        let stops = [
            Stop {
                centre: (-100.0, -100.0),
                occupied: false,
            },
            Stop {
                centre: (25.0, 25.0),
                occupied: false,
            },
        ];
        draw_path(
            &mut pixels,
            width,
            &stops,
            &PathStyle::new(20),
            &identity_ink(),
        );
        assert_eq!(pixels[25 * width + 25], INK_LEVELS as u8);
    }
}

/// What drawing the path per request with imageproc would cost: its shapes filled at four
/// times the size (the supersampling the start-up pictures get) and averaged down, against
/// the distance-based drawing above.
/// `cargo test --release -p dama-render path::cost::cost -- --ignored --nocapture`
#[cfg(test)]
mod cost {
    use image::{GrayImage, Luma, imageops};
    use imageproc::drawing::{draw_filled_circle_mut, draw_polygon_mut};
    use imageproc::point::Point as Corner;

    use super::*;

    /// The coverage of the shapes over the box they lie in.
    fn supersampled(shapes: &[Shape]) -> GrayImage {
        const S: f32 = 4.0;
        let (mut left, mut top, mut right, mut bottom) = (f32::MAX, f32::MAX, 0.0f32, 0.0f32);
        for shape in shapes {
            let (l, t, r, b) = shape.bounds();
            (left, top, right, bottom) = (left.min(l), top.min(t), right.max(r), bottom.max(b));
        }
        let (width, height) = ((right - left) as u32 + 1, (bottom - top) as u32 + 1);
        let mut big = GrayImage::new(width * 4, height * 4);
        let at = |(x, y): Point| Corner::new(((x - left) * S) as i32, ((y - top) * S) as i32);
        for shape in shapes {
            match *shape {
                Shape::Line { a, b, half_width } => {
                    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                    let length = (dx * dx + dy * dy).sqrt();
                    let (nx, ny) = (-dy / length * half_width, dx / length * half_width);
                    let quad = [
                        at((a.0 + nx, a.1 + ny)),
                        at((b.0 + nx, b.1 + ny)),
                        at((b.0 - nx, b.1 - ny)),
                        at((a.0 - nx, a.1 - ny)),
                    ];
                    draw_polygon_mut(&mut big, &quad, Luma([255]));
                }
                Shape::Disc { centre, radius } => {
                    let c = at(centre);
                    draw_filled_circle_mut(&mut big, (c.x, c.y), (radius * S) as i32, Luma([255]));
                }
                Shape::Triangle(points) => {
                    let points: Vec<Corner<i32>> = points.iter().map(|&p| at(p)).collect();
                    draw_polygon_mut(&mut big, &points, Luma([255]));
                }
            }
        }
        imageops::thumbnail(&big, width, height)
    }

    #[test]
    #[ignore = "a measurement, not a check; run it by name"]
    fn cost() {
        // A three-piece capture across a 640 px board (74 px squares): 5x14x23x30.
        let centre =
            |column: f32, row: f32| (24.0 + 74.0 * column + 37.0, 24.0 + 74.0 * row + 37.0);
        let stops = [(1.0, 1.0), (3.0, 3.0), (5.0, 5.0), (3.0, 7.0)].map(|(c, r)| Stop {
            centre: centre(c, r),
            occupied: false,
        });
        let style = PathStyle::new(74);
        let ink: Vec<[u8; INK_LEVELS + 1]> = (0..=255u8).map(|i| [i; INK_LEVELS + 1]).collect();
        let median = |f: &mut dyn FnMut()| crate::tests::median_ms(40, f);
        let mut pixels = vec![0u8; 640 * 640];
        let distances = median(&mut || {
            std::hint::black_box(draw_path(&mut pixels, 640, &stops, &style, &ink));
        });
        let shapes = shapes(&stops, &style);
        let imageproc = median(&mut || {
            std::hint::black_box(supersampled(&shapes));
        });
        eprintln!(
            "path per request: distances {distances:.3} ms, imageproc at 4x {imageproc:.3} ms"
        );
    }
}
