//! Full-colour drawing for start-up: a canvas of float RGB, layers with alpha drawn by
//! supersampling a shading function, and text through ab_glyph.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

use super::theme::Rgb;

/// An opaque picture in float sRGB (0..=255 a channel).
#[derive(Debug, Clone)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[f32; 3]>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, colour: Rgb) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![colour.to_f32(); (width * height) as usize],
        }
    }

    pub fn fill_rect(&mut self, x: u32, y: u32, width: u32, height: u32, colour: Rgb) {
        let c = colour.to_f32();
        for row in y..(y + height).min(self.height) {
            for column in x..(x + width).min(self.width) {
                self.pixels[(row * self.width + column) as usize] = c;
            }
        }
    }

    /// Mixes `colour` into one pixel with opacity `alpha`; outside pixels are ignored.
    pub fn blend(&mut self, x: i64, y: i64, colour: [f32; 3], alpha: f32) {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return;
        }
        let alpha = alpha.clamp(0.0, 1.0);
        let pixel = &mut self.pixels[(y as u32 * self.width + x as u32) as usize];
        for (p, c) in pixel.iter_mut().zip(colour) {
            *p += (c - *p) * alpha;
        }
    }

    /// Draws a layer with its top-left corner at (`x`, `y`), scaled by `opacity`.
    pub fn draw_layer(&mut self, layer: &Layer, x: i64, y: i64, opacity: f32) {
        for row in 0..layer.height {
            for column in 0..layer.width {
                let [red, green, blue, alpha] = layer.pixels[(row * layer.width + column) as usize];
                if alpha <= 0.0 {
                    continue;
                }
                let straight = [red / alpha, green / alpha, blue / alpha];
                self.blend(
                    x + i64::from(column),
                    y + i64::from(row),
                    straight,
                    alpha * opacity,
                );
            }
        }
    }

    /// Every pixel rounded to 8-bit sRGB.
    pub fn to_rgb(&self) -> Vec<Rgb> {
        self.pixels.iter().map(|&p| Rgb::from_f32(p)).collect()
    }

    /// Draws `text` with its baseline starting at (`x`, `baseline`).
    pub fn draw_text(&mut self, text: &Text<'_>, x: f32, baseline: f32, colour: Rgb, alpha: f32) {
        let c = colour.to_f32();
        text.rasterize(x, baseline, |px, py, coverage| {
            self.blend(px, py, c, coverage * alpha);
        });
    }
}

/// A picture with alpha, premultiplied (r·a, g·a, b·a, a).
#[derive(Debug, Clone)]
pub struct Layer {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[f32; 4]>,
}

/// How many samples a pixel side gets when a layer is drawn (16 a pixel).
const SUPERSAMPLING: u32 = 4;

impl Layer {
    /// Draws a layer by sampling `shade(x, y)` (straight RGBA, alpha 0..=1) several times per
    /// pixel and averaging: smooth edges for any shape the function describes.
    pub fn shade(width: u32, height: u32, shade: impl Fn(f32, f32) -> [f32; 4]) -> Layer {
        let samples = SUPERSAMPLING;
        let weight = 1.0 / (samples * samples) as f32;
        let mut pixels = Vec::with_capacity((width * height) as usize);
        for row in 0..height {
            for column in 0..width {
                let mut sum = [0.0f32; 4];
                for sy in 0..samples {
                    for sx in 0..samples {
                        let x = column as f32 + (sx as f32 + 0.5) / samples as f32;
                        let y = row as f32 + (sy as f32 + 0.5) / samples as f32;
                        let [red, green, blue, alpha] = shade(x, y);
                        sum[0] += red * alpha;
                        sum[1] += green * alpha;
                        sum[2] += blue * alpha;
                        sum[3] += alpha;
                    }
                }
                pixels.push(sum.map(|v| v * weight));
            }
        }
        Layer {
            width,
            height,
            pixels,
        }
    }
}

/// Paints straight-alpha `top` over the straight-alpha `bottom` (the "over" operator).
pub fn over(bottom: [f32; 4], top: [f32; 4]) -> [f32; 4] {
    let a = top[3] + bottom[3] * (1.0 - top[3]);
    if a <= 0.0 {
        return [0.0; 4];
    }
    let channel = |i: usize| (top[i] * top[3] + bottom[i] * bottom[3] * (1.0 - top[3])) / a;
    [channel(0), channel(1), channel(2), a]
}

/// A line of text laid out in one font and size.
pub struct Text<'f> {
    font: &'f FontRef<'static>,
    scale: PxScale,
    /// Each glyph with its pen position and advance.
    glyphs: Vec<(ab_glyph::GlyphId, f32, f32)>,
    width: f32,
}

impl<'f> Text<'f> {
    /// Lays out `text` at `px` pixels; characters the font lacks are left out.
    pub fn new(font: &'f FontRef<'static>, px: f32, text: &str) -> Text<'f> {
        let mut laid = Text {
            font,
            scale: PxScale::from(px),
            glyphs: Vec::new(),
            width: 0.0,
        };
        for c in text.chars() {
            laid.push(c);
        }
        laid
    }

    fn push(&mut self, c: char) {
        let id = self.font.glyph_id(c);
        if id.0 == 0 {
            return;
        }
        let scaled = self.font.as_scaled(self.scale);
        let mut x = self.width;
        if let Some(&(previous, _, _)) = self.glyphs.last() {
            x += scaled.kern(previous, id);
        }
        let advance = scaled.h_advance(id);
        self.glyphs.push((id, x, advance));
        self.width = x + advance;
    }

    /// The advance width of the whole line.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// Shortens the line to at most `max_width`, ending it with an ellipsis if anything was
    /// cut.
    pub fn truncate(&mut self, max_width: f32) {
        if self.width <= max_width {
            return;
        }
        let ellipsis = Text::new(self.font, self.scale.x, "\u{2026}").width();
        while let Some(&(_, x, _)) = self.glyphs.last() {
            self.glyphs.pop();
            self.width = x;
            if x + ellipsis <= max_width {
                break;
            }
        }
        // No space just before the ellipsis.
        while self
            .glyphs
            .last()
            .is_some_and(|&(id, _, _)| id == self.font.glyph_id(' '))
        {
            if let Some((_, x, _)) = self.glyphs.pop() {
                self.width = x;
            }
        }
        self.push('\u{2026}');
    }

    /// The height of a digit above the baseline.
    pub fn cap_height(font: &'f FontRef<'static>, px: f32) -> f32 {
        -Text::new(font, px, "0").ink_bounds().1
    }

    /// The box the ink covers, relative to the pen at the baseline (y grows downwards):
    /// (left, top, right, bottom).
    pub fn ink_bounds(&self) -> (f32, f32, f32, f32) {
        let factor = self.font.as_scaled(self.scale).scale_factor();
        let mut bounds = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(id, x, _) in &self.glyphs {
            if let Some(outline) = self.font.outline(id) {
                let r = outline.bounds;
                bounds.0 = bounds.0.min(x + r.min.x * factor.horizontal);
                bounds.2 = bounds.2.max(x + r.max.x * factor.horizontal);
                // ab_glyph keeps the top of the outline in `min.y` (font units grow upwards).
                bounds.1 = bounds.1.min(-r.min.y * factor.vertical);
                bounds.3 = bounds.3.max(-r.max.y * factor.vertical);
            }
        }
        if bounds.0 > bounds.2 {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            bounds
        }
    }

    /// Calls `plot(x, y, coverage)` for every pixel the text touches, baseline at
    /// (`x`, `baseline`).
    pub fn rasterize(&self, x: f32, baseline: f32, mut plot: impl FnMut(i64, i64, f32)) {
        for &(id, offset, _) in &self.glyphs {
            let glyph = id.with_scale_and_position(self.scale, point(x + offset, baseline));
            if let Some(outlined) = self.font.outline_glyph(glyph) {
                let bounds = outlined.px_bounds();
                outlined.draw(|gx, gy, coverage| {
                    plot(
                        bounds.min.x as i64 + i64::from(gx),
                        bounds.min.y as i64 + i64::from(gy),
                        coverage,
                    );
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_is_the_top_colour_when_opaque_and_the_bottom_when_clear() {
        let close = |a: [f32; 4], b: [f32; 4]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4);
        let bottom = [10.0, 20.0, 30.0, 1.0];
        let top = [200.0, 100.0, 50.0, 1.0];
        assert!(close(over(bottom, top), top));
        assert!(close(over(bottom, [200.0, 100.0, 50.0, 0.0]), bottom));
        let half = over(bottom, [210.0, 20.0, 30.0, 0.5]);
        assert!((half[0] - 110.0).abs() < 1e-3 && (half[3] - 1.0).abs() < 1e-6);
    }

    #[test]
    fn supersampled_disc_has_soft_edges_and_a_full_centre() {
        let layer = Layer::shade(20, 20, |x, y| {
            let d = ((x - 10.0).powi(2) + (y - 10.0).powi(2)).sqrt();
            [255.0, 0.0, 0.0, if d <= 6.5 { 1.0 } else { 0.0 }]
        });
        let alpha = |x: u32, y: u32| layer.pixels[(y * 20 + x) as usize][3];
        assert!((alpha(10, 10) - 1.0).abs() < 1e-6);
        assert!(alpha(0, 0) < 1e-6);
        let edge = alpha(16, 10);
        assert!(edge > 0.2 && edge < 0.8, "{edge}");
    }
}
