//! Men and kings, drawn once per size: a shadow, the side of the piece (twice as tall for a
//! king, with the seam of two stacked men), the top face with light from the upper left and a
//! carved ring, a crown on kings, and optionally a coloured ring for a piece that must capture.

use dama_rules::{Color, Piece, Role};

use super::canvas::{Layer, over};
use super::layout::PIECE_RADIUS;
use super::theme::{Theme, mix};

const WHITE: [f32; 3] = [255.0, 255.0, 255.0];
const BLACK: [f32; 3] = [0.0, 0.0, 0.0];

/// Lightens (`amount` > 0, towards white) or darkens (< 0, towards black) a colour.
fn shade(c: [f32; 3], amount: f32) -> [f32; 3] {
    if amount >= 0.0 {
        mix(c, WHITE, amount.min(1.0))
    } else {
        mix(c, BLACK, (-amount).min(1.0))
    }
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Distance from (`px`, `py`) to the segment from (`ax`, `ay`) to (`bx`, `by`).
pub fn segment_distance(px: f32, py: f32, ax: f32, ay: f32, bx: f32, by: f32) -> f32 {
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    length(px - ax - t * dx, py - ay - t * dy)
}

/// Signed distance to a closed polygon (negative inside).
pub fn polygon_distance(px: f32, py: f32, points: &[(f32, f32)]) -> f32 {
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

/// The crown's outline in units of the top face radius, y downwards, centred on the face.
const CROWN: [(f32, f32); 9] = [
    (-0.56, 0.34),
    (-0.66, -0.30),
    (-0.30, -0.02),
    (-0.13, -0.42),
    (0.0, -0.52),
    (0.13, -0.42),
    (0.30, -0.02),
    (0.66, -0.30),
    (0.56, 0.34),
];
/// The three balls on the crown's points.
const CROWN_BALLS: [(f32, f32); 3] = [(-0.66, -0.34), (0.0, -0.58), (0.66, -0.34)];
const CROWN_BALL_RADIUS: f32 = 0.1;
/// The band at the crown's foot.
const CROWN_BAND: [(f32, f32); 4] = [(-0.58, 0.28), (0.58, 0.28), (0.58, 0.50), (-0.58, 0.50)];

/// How a piece is drawn.
#[derive(Debug, Clone, Copy)]
pub struct PieceLook {
    pub piece: Piece,
    /// Ring it in the must-capture colour.
    pub ring: bool,
}

/// The piece on a `size` pixel square, as a layer the size of the square.
// Shading formulas read best with their usual one-letter names (x, y, u, v, q, r, t, c).
#[allow(clippy::many_single_char_names)]
pub fn piece_layer(size: u32, look: PieceLook, theme: &Theme) -> Layer {
    let q = size as f32;
    let r = q * PIECE_RADIUS;
    let king = look.piece.role == Role::King;
    // The height of the piece's side as seen slightly from the front.
    let height = q * if king { 0.13 } else { 0.07 };
    let cx = q / 2.0;
    let cy = q / 2.0 + q * 0.01;
    let top_y = cy - height / 2.0;
    let bottom_y = cy + height / 2.0;
    let line = (q * 0.022).max(1.0);

    let body = match look.piece.color {
        Color::White => theme.white_piece.to_f32(),
        Color::Black => theme.black_piece.to_f32(),
    };
    let dark_piece = look.piece.color == Color::Black;
    let outline = if dark_piece {
        shade(body, -0.6)
    } else {
        shade(body, -0.62)
    };
    let side_base = if dark_piece {
        shade(body, -0.35)
    } else {
        shade(body, -0.3)
    };
    let seam = shade(side_base, -0.45);
    let crown = theme.crown.to_f32();
    let crown_outline = shade(crown, -0.62);
    let ring = theme.must_capture.to_f32();

    Layer::shade(size, size, |x, y| {
        let mut colour = [0.0f32; 4];
        let side_distance = segment_distance(x, y, cx, top_y, cx, bottom_y) - r;

        if look.ring && side_distance > 0.0 && side_distance <= line * 2.6 {
            colour = over(colour, [ring[0], ring[1], ring[2], 1.0]);
        }

        // A soft shadow below and to the right.
        let shadow_distance = length(x - cx - q * 0.02, y - bottom_y - q * 0.025) - r;
        let shadow = 0.45 * (1.0 - smoothstep(-q * 0.03, q * 0.05, shadow_distance));
        if shadow > 0.0 && !(look.ring && side_distance <= line * 2.6) {
            colour = over(colour, [0.0, 0.0, 0.0, shadow]);
        }

        if side_distance > 0.0 {
            return colour;
        }
        // The side: a cylinder lit from the left.
        let t = ((x - cx) / r).clamp(-1.0, 1.0);
        let roundness = (1.0 - t * t).sqrt();
        let mut c = shade(side_base, 0.22 * roundness - 0.1 - 0.12 * t);
        if king {
            // The seam between the two stacked men.
            let seam_distance = (length(x - cx, y - cy) - r).abs();
            if seam_distance < line * 0.6 && y > cy {
                c = seam;
            }
        }
        let top_distance = length(x - cx, y - top_y) - r;
        if top_distance <= 0.0 {
            // The top face: brighter towards the upper left, darker towards the rim.
            let (u, v) = ((x - cx) / r, (y - top_y) / r);
            let light = 1.0 - length(u + 0.35, v + 0.4) / 1.6;
            let mut amount = if dark_piece {
                0.22 * light - 0.02
            } else {
                0.45 * light - 0.1
            };
            let inside = -top_distance;
            if inside < r * 0.14 {
                // A bevel: the rim turns away from the light at the lower right.
                let bevel = 1.0 - inside / (r * 0.14);
                amount += bevel * (-0.3 * (u + v) - 0.08) * 0.5;
            }
            c = shade(body, amount);
            // A carved ring: its wall lit on the side away from the light, shaded on the
            // side towards it.
            let ring_radius = length(u, v);
            let ring_distance = ring_radius - 0.68;
            let width = 0.055;
            if ring_distance.abs() < width {
                let facing = -(u + v) / (std::f32::consts::SQRT_2 * ring_radius.max(1e-3));
                let across = ring_distance / width;
                let contrast = if dark_piece { 0.35 } else { 0.5 };
                amount += contrast * across * facing - 0.06;
                c = shade(body, amount);
            }
            if king {
                c = crown_colour(u, v, c, crown, crown_outline, line / r);
            }
        }
        // A thin outline around the whole piece.
        if side_distance > -line {
            c = outline;
        }
        over(colour, [c[0], c[1], c[2], 1.0])
    })
}

/// The crown over the top face colour `c`, at face coordinates (`u`, `v`).
fn crown_colour(
    u: f32,
    v: f32,
    c: [f32; 3],
    crown: [f32; 3],
    outline: [f32; 3],
    line: f32,
) -> [f32; 3] {
    let body = polygon_distance(u, v, &CROWN).min(polygon_distance(u, v, &CROWN_BAND));
    let balls = CROWN_BALLS
        .iter()
        .map(|&(bu, bv)| length(u - bu, v - bv) - CROWN_BALL_RADIUS)
        .fold(f32::MAX, f32::min);
    let distance = body.min(balls);
    if distance > 0.0 {
        return c;
    }
    if distance > -line {
        return outline;
    }
    // Gold, brighter at the top; the band a little darker, with a line above it.
    let mut shaded = shade(crown, 0.25 - 0.4 * (v + 0.5).max(0.0));
    let band = polygon_distance(u, v, &CROWN_BAND);
    if band <= 0.0 {
        shaded = shade(crown, -0.12 - 0.1 * (v - 0.3).max(0.0));
        if v < 0.28 + line {
            shaded = outline;
        }
    }
    shaded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygon_distance_is_negative_inside() {
        let square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
        assert!((polygon_distance(1.0, 1.0, &square) + 1.0).abs() < 1e-6);
        assert!((polygon_distance(3.0, 1.0, &square) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn segment_distance_measures_to_the_nearest_point() {
        assert!((segment_distance(1.0, 1.0, 0.0, 0.0, 2.0, 0.0) - 1.0).abs() < 1e-6);
        assert!((segment_distance(3.0, 0.0, 0.0, 0.0, 2.0, 0.0) - 1.0).abs() < 1e-6);
        assert!((segment_distance(0.0, 5.0, 1.0, 1.0, 1.0, 1.0) - 17f32.sqrt()).abs() < 1e-5);
    }
}
