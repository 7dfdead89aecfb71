//! Men and kings, drawn once per size with imageproc at four times the size and averaged down
//! (16 samples a pixel): a soft shadow, the side of the piece (twice as tall for a king, with
//! the seam of two stacked men), the top face with light from the upper left and a carved
//! ring, a crown on kings, and optionally a coloured ring for a piece that must capture.
//!
//! The shapes are imageproc's filled circles, rectangles and polygons, drawn as masks; flat
//! parts are filled through their mask, shaded parts (the side, the face, the crown) get
//! their colour from the position in the piece.

use dama_rules::{Color, Piece, Role};
use image::{GrayImage, ImageBuffer, Luma, Rgba, imageops};
use imageproc::distance_transform::Norm;
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::filter::gaussian_blur_f32;
use imageproc::morphology::erode_mut;
use imageproc::point::Point;
use imageproc::rect::Rect;

use super::crown;
use super::layout::PIECE_RADIUS;
use super::theme::{Rgb, Theme, mix};

/// How many samples a pixel side gets (16 a pixel).
const SUPERSAMPLING: u32 = 4;

const WHITE: [f32; 3] = [255.0, 255.0, 255.0];
const BLACK: [f32; 3] = [0.0, 0.0, 0.0];
const ON: Luma<u8> = Luma([255]);
/// Full opacity, and the channel of white, in the 16-bit pictures pieces are drawn in (fine
/// enough that averaging and compositing round only once, at the end).
const FULL: u16 = u16::MAX;

/// A picture with 16 bits a channel.
pub type Layer = ImageBuffer<Rgba<u16>, Vec<u16>>;
const OFF: Luma<u8> = Luma([0]);

/// Lightens (`amount` > 0, towards white) or darkens (< 0, towards black) a colour.
fn shade(c: [f32; 3], amount: f32) -> [f32; 3] {
    if amount >= 0.0 {
        mix(c, WHITE, amount.min(1.0))
    } else {
        mix(c, BLACK, (-amount).min(1.0))
    }
}

fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// How a piece is drawn.
#[derive(Debug, Clone, Copy)]
pub struct PieceLook {
    pub piece: Piece,
    /// Ring it in the must-capture colour.
    pub ring: bool,
}

/// Where the parts of a piece lie, in supersampled pixels.
#[derive(Debug, Clone, Copy)]
struct Geometry {
    /// Side of the supersampled picture.
    side: u32,
    radius: f32,
    cx: f32,
    cy: f32,
    top_y: f32,
    bottom_y: f32,
    /// The width of the outlines.
    line: f32,
}

impl Geometry {
    fn new(size: u32, role: Role) -> Geometry {
        let s = SUPERSAMPLING as f32;
        let q = size as f32;
        // The height of the piece's side as seen slightly from the front.
        let height = q * if role == Role::King { 0.13 } else { 0.07 };
        let cy = q / 2.0 + q * 0.01;
        Geometry {
            side: size * SUPERSAMPLING,
            radius: q * PIECE_RADIUS * s,
            cx: q / 2.0 * s,
            cy: cy * s,
            top_y: (cy - height / 2.0) * s,
            bottom_y: (cy + height / 2.0) * s,
            line: (q * 0.022).max(1.0) * s,
        }
    }

    /// A point in units of the top face's radius from the face's centre.
    fn face_point(&self, x: f32, y: f32) -> (f32, f32) {
        ((x - self.cx) / self.radius, (y - self.top_y) / self.radius)
    }

    /// A point in face units as a pixel of the supersampled picture.
    fn face_pixel(&self, (u, v): (f32, f32)) -> Point<i32> {
        Point::new(
            (self.cx + u * self.radius).round() as i32,
            (self.top_y + v * self.radius).round() as i32,
        )
    }

    fn blank(&self) -> GrayImage {
        GrayImage::new(self.side, self.side)
    }
}

fn disc<C: imageproc::drawing::Canvas>(
    canvas: &mut C,
    (x, y): (f32, f32),
    radius: f32,
    c: C::Pixel,
) {
    draw_filled_circle_mut(
        canvas,
        (x.round() as i32, y.round() as i32),
        radius.round() as i32,
        c,
    );
}

/// The piece seen from the front: two discs of `radius` (the top and the bottom of its side)
/// and the rectangle between them.
fn capsule<C: imageproc::drawing::Canvas>(canvas: &mut C, g: &Geometry, radius: f32, c: C::Pixel) {
    disc(canvas, (g.cx, g.top_y), radius, c);
    disc(canvas, (g.cx, g.bottom_y), radius, c);
    let r = radius.round() as i32;
    let top = g.top_y.round() as i32;
    let height = (g.bottom_y.round() as i32 - top).max(0) as u32 + 1;
    draw_filled_rect_mut(
        canvas,
        Rect::at(g.cx.round() as i32 - r, top).of_size(2 * r as u32 + 1, height),
        c,
    );
}

/// The masks of a crown: the whole of it, its inside (the outline left around it), and the
/// band at its foot.
#[derive(Debug)]
struct CrownShapes {
    whole: GrayImage,
    inside: GrayImage,
    band: GrayImage,
}

impl CrownShapes {
    fn new(g: &Geometry) -> CrownShapes {
        let polygon = |image: &mut GrayImage, points: &[(f32, f32)]| {
            let points: Vec<Point<i32>> = points.iter().map(|&p| g.face_pixel(p)).collect();
            draw_polygon_mut(image, &points, ON);
        };
        let mut whole = g.blank();
        polygon(&mut whole, &crown::OUTLINE);
        polygon(&mut whole, &crown::BAND);
        for &(u, v) in &crown::BALLS {
            let centre = g.face_pixel((u, v));
            disc(
                &mut whole,
                (centre.x as f32, centre.y as f32),
                crown::BALL_RADIUS * g.radius,
                ON,
            );
        }
        let mut inside = whole.clone();
        erode_mut(&mut inside, Norm::L2, g.line.round() as u8);
        let mut band = g.blank();
        polygon(&mut band, &crown::BAND);
        for (b, i) in band.iter_mut().zip(inside.iter()) {
            *b = (*b).min(*i);
        }
        CrownShapes {
            whole,
            inside,
            band,
        }
    }
}

/// The masks of one role at one size, shared by both colours.
#[derive(Debug)]
pub struct Shapes {
    geometry: Geometry,
    size: u32,
    /// The shadow's opacity (0..=255), already soft.
    shadow: GrayImage,
    /// The whole piece, the outline around it, the top face.
    body: GrayImage,
    outline: GrayImage,
    face: GrayImage,
    /// The seam between two stacked men (kings only).
    seam: Option<GrayImage>,
    crown: Option<CrownShapes>,
}

impl Shapes {
    /// The shapes of a piece of `role` on a `size` pixel square.
    pub fn new(size: u32, role: Role) -> Shapes {
        let g = Geometry::new(size, role);
        let q = size as f32 * SUPERSAMPLING as f32;
        let (r, line) = (g.radius, g.line);

        // A soft shadow below and to the right: a disc, blurred.
        let mut hard = g.blank();
        disc(
            &mut hard,
            (g.cx + q * 0.02, g.bottom_y + q * 0.025),
            r + q * 0.01,
            Luma([115]),
        );
        let shadow = gaussian_blur_f32(&hard, q * 0.022);

        let mut body = g.blank();
        capsule(&mut body, &g, r, ON);
        let mut outline = body.clone();
        capsule(&mut outline, &g, r - line, OFF);
        let mut face = g.blank();
        disc(&mut face, (g.cx, g.top_y), r, ON);

        let king = role == Role::King;
        let seam = king.then(|| {
            let mut seam = g.blank();
            disc(&mut seam, (g.cx, g.cy), r + line * 0.6, ON);
            disc(&mut seam, (g.cx, g.cy), r - line * 0.6, OFF);
            // Only the lower half shows below the face.
            let rows = g.cy.round() as u32 + 1;
            draw_filled_rect_mut(&mut seam, Rect::at(0, 0).of_size(g.side, rows), OFF);
            // And only on the piece's side, never past its edge.
            for (s, b) in seam.iter_mut().zip(body.iter()) {
                *s = (*s).min(*b);
            }
            seam
        });
        let crown = king.then(|| CrownShapes::new(&g));
        Shapes {
            geometry: g,
            size,
            shadow,
            body,
            outline,
            face,
            seam,
            crown,
        }
    }

    /// The piece as a layer the size of the square, its colours premultiplied by its alpha
    /// (transparent pixels are black, so averaging the supersampled picture premultiplies).
    pub fn draw(&self, look: PieceLook, theme: &Theme) -> Layer {
        let g = &self.geometry;
        let body = match look.piece.color {
            Color::White => theme.white_piece.to_f32(),
            Color::Black => theme.black_piece.to_f32(),
        };
        let dark_piece = look.piece.color == Color::Black;
        let outline = shade(body, if dark_piece { -0.6 } else { -0.62 });
        let side_base = shade(body, if dark_piece { -0.35 } else { -0.3 });
        let seam = shade(side_base, -0.45);
        let crown = theme.crown.to_f32();
        let crown_outline = shade(crown, -0.62);

        let mut picture = Layer::new(g.side, g.side);
        for (pixel, &Luma([alpha])) in picture.pixels_mut().zip(self.shadow.pixels()) {
            *pixel = Rgba([0, 0, 0, u16::from(alpha) * 257]);
        }
        if look.ring {
            let [red, green, blue] = theme.must_capture.0.map(|c| u16::from(c) * 257);
            capsule(
                &mut picture,
                g,
                g.radius + g.line * 2.6,
                Rgba([red, green, blue, FULL]),
            );
        }
        // The side: a cylinder lit from the left.
        paint(&mut picture, &self.body, |x, _| {
            let t = ((x - g.cx) / g.radius).clamp(-1.0, 1.0);
            let roundness = (1.0 - t * t).sqrt();
            shade(side_base, 0.22 * roundness - 0.1 - 0.12 * t)
        });
        if let Some(mask) = &self.seam {
            paint(&mut picture, mask, |_, _| seam);
        }
        paint(&mut picture, &self.face, |x, y| {
            face_colour(g.face_point(x, y), body, dark_piece)
        });
        if let Some(shapes) = &self.crown {
            let line = g.line / g.radius;
            paint(&mut picture, &shapes.whole, |_, _| crown_outline);
            // Gold, brighter at the top; the band a little darker, with a line above it.
            paint(&mut picture, &shapes.inside, |x, y| {
                let (_, v) = g.face_point(x, y);
                shade(crown, 0.25 - 0.4 * (v + 0.5).max(0.0))
            });
            paint(&mut picture, &shapes.band, |x, y| {
                let (_, v) = g.face_point(x, y);
                if v < crown::BAND[0].1 + line {
                    crown_outline
                } else {
                    shade(crown, -0.12 - 0.1 * (v - 0.3).max(0.0))
                }
            });
        }
        // A thin outline around the whole piece.
        paint(&mut picture, &self.outline, |_, _| outline);
        imageops::thumbnail(&picture, self.size, self.size)
    }
}

/// The top face at face coordinates (`u`, `v`): brighter towards the upper left, darker
/// towards the rim, with a bevel and a carved ring.
fn face_colour((u, v): (f32, f32), body: [f32; 3], dark_piece: bool) -> [f32; 3] {
    let light = 1.0 - length(u + 0.35, v + 0.4) / 1.6;
    let mut amount = if dark_piece {
        0.22 * light - 0.02
    } else {
        0.45 * light - 0.1
    };
    let radius = length(u, v);
    let inside = (1.0 - radius).max(0.0);
    if inside < 0.14 {
        // A bevel: the rim turns away from the light at the lower right.
        let bevel = 1.0 - inside / 0.14;
        amount += bevel * (-0.3 * (u + v) - 0.08) * 0.5;
    }
    // A carved ring: its wall lit on the side away from the light, shaded on the side
    // towards it.
    let ring_distance = radius - 0.68;
    let width = 0.055;
    if ring_distance.abs() < width {
        let facing = -(u + v) / (std::f32::consts::SQRT_2 * radius.max(1e-3));
        let across = ring_distance / width;
        let contrast = if dark_piece { 0.35 } else { 0.5 };
        amount += contrast * across * facing - 0.06;
    }
    shade(body, amount)
}

/// Sets every pixel of `mask` to an opaque `colour(x, y)`, taken at the pixel's centre.
fn paint(picture: &mut Layer, mask: &GrayImage, colour: impl Fn(f32, f32) -> [f32; 3]) {
    for ((x, y, pixel), &Luma([m])) in picture.enumerate_pixels_mut().zip(mask.pixels()) {
        if m == 0 {
            continue;
        }
        let [red, green, blue] = colour(x as f32 + 0.5, y as f32 + 0.5)
            .map(|c| (c.clamp(0.0, 255.0) * 257.0 + 0.5) as u16);
        *pixel = Rgba([red, green, blue, FULL]);
    }
}

/// A pixel of `layer` (premultiplied) over an opaque `ground`, at `opacity`.
pub fn over(ground: Rgb, layer: Rgba<u16>, opacity: f32) -> Rgb {
    let Rgba([red, green, blue, alpha]) = layer;
    let alpha = f32::from(alpha) / f32::from(FULL) * opacity;
    let colour = [red, green, blue].map(|c| f32::from(c) / 257.0 * opacity);
    let g = ground.to_f32();
    Rgb::from_f32([0, 1, 2].map(|i| colour[i] + g[i] * (1.0 - alpha)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::config::RenderConfig;

    fn theme() -> Theme {
        Theme::from_config(&RenderConfig::default()).unwrap()
    }

    #[test]
    fn a_man_is_opaque_in_the_middle_soft_at_the_edge_and_clear_in_the_corner() {
        let look = PieceLook {
            piece: Piece {
                color: Color::White,
                role: Role::Man,
            },
            ring: false,
        };
        let layer = Shapes::new(74, Role::Man).draw(look, &theme());
        let alpha = |x: u32, y: u32| layer.get_pixel(x, y).0[3] / 257;
        assert_eq!(alpha(37, 37), 255);
        assert_eq!(alpha(1, 1), 0);
        // Along the upper left of the rim (no shadow there) many pixels are partly covered:
        // smooth edges.
        let partial = (0..37)
            .flat_map(|y| (0..37).map(move |x| (x, y)))
            .filter(|&(x, y)| (25..230).contains(&alpha(x, y)))
            .count();
        assert!(partial > 20, "{partial}");
        // The shadow lies below and to the right, not above and to the left.
        assert!(alpha(37 + 20, 37 + 26) > alpha(37 - 20, 37 - 26));
    }

    #[test]
    fn a_king_has_a_crown_and_a_capturer_a_ring() {
        let theme = theme();
        let black = |role, ring| PieceLook {
            piece: Piece {
                color: Color::Black,
                role,
            },
            ring,
        };
        let king = Shapes::new(74, Role::King).draw(black(Role::King, false), &theme);
        let man = Shapes::new(74, Role::Man).draw(black(Role::Man, true), &theme);
        // Gold in the middle of the king's face (the crown sits above the side's centre).
        let [red, green, blue, _] = king.get_pixel(37, 33).0.map(|c| c / 257);
        assert!(
            red > 150 && green > 100 && blue < 120,
            "{red} {green} {blue}"
        );
        // The ring just outside the man's edge is the must-capture colour.
        let ring = man.get_pixel(37, 37 - 28 - 2 - 2).0.map(|c| c / 257);
        let expected = theme.must_capture.0.map(u16::from);
        assert_eq!(&ring[..3], &expected, "{ring:?}");
    }

    #[test]
    fn over_is_the_ground_when_clear_and_the_layer_when_opaque() {
        let ground = Rgb([10, 20, 30]);
        let layer = Rgba([200 * 257, 100 * 257, 50 * 257, FULL]);
        assert_eq!(over(ground, Rgba([0, 0, 0, 0]), 1.0), ground);
        assert_eq!(over(ground, layer, 1.0), Rgb([200, 100, 50]));
        assert_eq!(over(ground, layer, 0.5), Rgb([105, 60, 40]));
    }
}
