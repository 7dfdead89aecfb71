//! Text through ab_glyph and imageproc's `draw_text_mut`: sizes nudged so that the baseline
//! falls on a pixel edge (crisp digits), ink boxes for centring labels, and captions cut to a
//! width.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use imageproc::drawing::{Canvas, draw_text_mut, text_size};

/// One line of text in one font and size, placed by its baseline.
#[derive(Clone, Copy)]
pub struct Style<'f> {
    font: &'f FontRef<'static>,
    scale: PxScale,
    /// The height of the line above the baseline, a whole number of pixels.
    ascent: f32,
}

impl<'f> Style<'f> {
    /// About `px` pixels tall, nudged (by less than half a pixel of ascent) so that the ascent
    /// is a whole number of pixels: `draw_text_mut` places glyphs from the top of the line,
    /// and a whole ascent puts the baseline on a pixel edge, where horizontal strokes stay
    /// sharp.
    pub fn new(font: &'f FontRef<'static>, px: f32) -> Style<'f> {
        let ascent = font.as_scaled(PxScale::from(px)).ascent();
        let whole = ascent.round().max(1.0);
        let scale = PxScale::from(px * whole / ascent);
        Style {
            font,
            scale,
            ascent: font.as_scaled(scale).ascent().round(),
        }
    }

    /// The box the ink of `text` covers, relative to the pen at the baseline (y grows
    /// downwards): (left, top, right, bottom).
    pub fn ink_bounds(&self, text: &str) -> (f32, f32, f32, f32) {
        let scaled = self.font.as_scaled(self.scale);
        let factor = scaled.scale_factor();
        let mut bounds = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let mut pen = 0.0;
        for c in text.chars() {
            let id = self.font.glyph_id(c);
            if let Some(outline) = self.font.outline(id) {
                let r = outline.bounds;
                bounds.0 = bounds.0.min(pen + r.min.x * factor.horizontal);
                bounds.2 = bounds.2.max(pen + r.max.x * factor.horizontal);
                // ab_glyph keeps the top of the outline in `min.y` (font units grow upwards).
                bounds.1 = bounds.1.min(-r.min.y * factor.vertical);
                bounds.3 = bounds.3.max(-r.max.y * factor.vertical);
            }
            pen += scaled.h_advance(id);
        }
        if bounds.0 > bounds.2 {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            bounds
        }
    }

    /// The height of a digit above the baseline.
    pub fn cap_height(&self) -> f32 {
        -self.ink_bounds("0").1
    }

    /// The advance width of `text` as `draw_text_mut` lays it out.
    pub fn width(&self, text: &str) -> u32 {
        text_size(self.scale, self.font, text).0
    }

    /// `text` shortened to at most `max_width` pixels, ending with an ellipsis if anything
    /// was cut; characters the font lacks are left out.
    pub fn fit(&self, text: &str, max_width: u32) -> String {
        let kept: Vec<char> = text
            .chars()
            .filter(|&c| self.font.glyph_id(c).0 != 0)
            .collect();
        let whole: String = kept.iter().collect();
        if self.width(&whole) <= max_width {
            return whole;
        }
        let cut = |n: usize| {
            let mut s: String = kept[..n].iter().collect();
            // No space just before the ellipsis.
            s.truncate(s.trim_end().len());
            s.push('\u{2026}');
            s
        };
        // The longest prefix that fits with its ellipsis: widths grow with the prefix.
        let (mut fits, mut too_long) = (0, kept.len());
        while too_long - fits > 1 {
            let middle = usize::midpoint(fits, too_long);
            if self.width(&cut(middle)) <= max_width {
                fits = middle;
            } else {
                too_long = middle;
            }
        }
        cut(fits)
    }

    /// Draws `text` in `colour` with its pen starting at (`x`, `baseline`).
    pub fn draw<C>(&self, canvas: &mut C, colour: C::Pixel, x: i32, baseline: i32, text: &str)
    where
        C: Canvas,
        <C::Pixel as image::Pixel>::Subpixel: Into<f32> + imageproc::definitions::Clamp<f32>,
    {
        let top = baseline - self.ascent as i32;
        draw_text_mut(canvas, colour, x, top, self.scale, self.font, text);
    }
}

#[cfg(test)]
mod tests {
    use image::{GrayImage, Luma};

    use super::*;

    fn font() -> FontRef<'static> {
        FontRef::try_from_slice(super::super::FONT).unwrap()
    }

    #[test]
    fn the_baseline_is_where_it_is_asked_for() {
        let font = font();
        for px in [7.5, 14.8, 25.0, 40.0] {
            let style = Style::new(&font, px);
            let mut image = GrayImage::new(80, 80);
            style.draw(&mut image, Luma([255]), 10, 50, "0");
            // The digit's foot sits on the row just above the baseline, nothing below it.
            let inked = |y: u32| (0..80).any(|x| image.get_pixel(x, y).0[0] > 0);
            assert!(inked(49), "{px}: no ink just above the baseline");
            assert!(!inked(51), "{px}: ink below the baseline");
            let cap = style.cap_height();
            assert!((cap / px - 0.73).abs() < 0.1, "{px}: cap height {cap}");
        }
    }

    #[test]
    fn a_long_text_is_cut_with_an_ellipsis() {
        let font = font();
        let style = Style::new(&font, 20.0);
        assert_eq!(style.fit("short", 500), "short");
        let cut = style.fit("many words here and more", 100);
        assert!(
            cut.ends_with('\u{2026}') && !cut.contains(" \u{2026}"),
            "{cut}"
        );
        assert!(style.width(&cut) <= 100);
        // Not cut more than needed: another word's worth would not have fitted.
        assert!(style.width(&cut) + style.width("more") > 100, "{cut}");
        // DejaVu has no CJK.
        assert_eq!(style.fit("\u{4e2d}ab", 500), "ab");
    }
}
