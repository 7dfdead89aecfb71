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
    /// was cut; characters the font lacks are left out. A cut never parts a letter from the
    /// accents that follow it (`e` and a combining grave stay together).
    pub fn fit(&self, text: &str, max_width: u32) -> String {
        let kept: Vec<char> = text
            .chars()
            .filter(|&c| self.font.glyph_id(c).0 != 0)
            .collect();
        let whole: String = kept.iter().collect();
        if self.width(&whole) <= max_width {
            return whole;
        }
        // Where a cut may fall: before a letter, never before a mark that belongs to the
        // letter on its left.
        let cuts: Vec<usize> = (0..kept.len()).filter(|&i| !joins(kept[i])).collect();
        let cut = |n: usize| {
            let mut s: String = kept[..n].iter().collect();
            // No space just before the ellipsis.
            s.truncate(s.trim_end().len());
            s.push('\u{2026}');
            s
        };
        // The longest prefix that fits with its ellipsis: widths grow with the prefix.
        let (mut fits, mut too_long) = (0, cuts.len());
        while too_long - fits > 1 {
            let middle = usize::midpoint(fits, too_long);
            if self.width(&cut(cuts[middle])) <= max_width {
                fits = middle;
            } else {
                too_long = middle;
            }
        }
        cut(cuts.get(fits).copied().unwrap_or(0))
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

/// Whether `c` belongs to the character before it: a combining mark (accents typed apart from
/// their letter), a variation selector or a zero-width joiner.
pub fn joins(c: char) -> bool {
    matches!(
        c,
        '\u{300}'..='\u{36f}'
            | '\u{1ab0}'..='\u{1aff}'
            | '\u{1dc0}'..='\u{1dff}'
            | '\u{200d}'
            | '\u{20d0}'..='\u{20ff}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{fe20}'..='\u{fe2f}'
    )
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

    /// The letters and signs of Italian and Spanish captions.
    const ACCENTED: &str = "\u{e8}\u{e0}\u{f2}\u{f9}\u{ec}\u{e9}\u{f1}\u{ed}\u{f3}\u{fa}\u{bf}\u{a1}\u{b7}\u{2013}\
        \u{c8}\u{c0}\u{d2}\u{d9}\u{cc}\u{c9}\u{d1}\u{cd}\u{d3}\u{da}\u{fc}\u{2026}";

    #[test]
    fn italian_and_spanish_letters_are_in_the_font() {
        let font = font();
        let style = Style::new(&font, 20.0);
        for c in ACCENTED.chars() {
            assert_ne!(font.glyph_id(c).0, 0, "{c} has no glyph");
            let text = c.to_string();
            assert_eq!(style.fit(&text, 500), text);
            // Each draws ink of its own, not a box or nothing.
            let mut image = GrayImage::new(40, 40);
            style.draw(&mut image, Luma([255]), 10, 28, &text);
            assert!(image.pixels().any(|p| p.0[0] > 128), "{c} draws nothing");
        }
        // An accent changes the letter's picture.
        let picture = |text: &str| {
            let mut image = GrayImage::new(40, 40);
            style.draw(&mut image, Luma([255]), 10, 28, text);
            image
        };
        for (plain, accented) in [
            ("e", "\u{e8}"),
            ("o", "\u{f2}"),
            ("n", "\u{f1}"),
            ("I", "\u{cd}"),
        ] {
            assert_ne!(picture(plain), picture(accented), "{accented}");
        }
    }

    #[test]
    fn a_cut_never_splits_a_character() {
        let font = font();
        let style = Style::new(&font, 20.0);
        // Composed letters, and letters typed with a separate accent (e + combining grave).
        let composed =
            "Niccol\u{f2} (1523) \u{2013} Bruno (1490) \u{b7} \u{bf}tablas? \u{a1}s\u{ed}!";
        let decomposed = "Niccolo\u{300} Pe\u{303}na e\u{301}e\u{300}e\u{301}e\u{300}e\u{301}";
        for text in [composed, decomposed, ACCENTED] {
            let full = style.width(text);
            for max_width in (0..=full + 10).step_by(3) {
                let cut = style.fit(text, max_width);
                if cut == text {
                    assert!(full <= max_width);
                    continue;
                }
                let kept = cut
                    .strip_suffix('\u{2026}')
                    .expect("a cut ends with an ellipsis");
                // What is kept is the start of the text, cut before a letter, never between a
                // letter and its accent.
                assert!(text.starts_with(kept), "{cut:?} of {text:?}");
                let next = text[kept.len()..].trim_start().chars().next();
                assert!(!next.is_some_and(joins), "{cut:?} of {text:?}");
                assert!(style.width(&cut) <= max_width || kept.is_empty(), "{cut:?}");
            }
        }
    }
}
