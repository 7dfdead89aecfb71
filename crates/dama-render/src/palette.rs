//! One fixed palette for every image: built at start-up from every colour the pre-drawn
//! pictures use (median cut, then a few rounds of k-means), with the flat theme colours kept
//! exact. Requests then work in palette indices only, and PNG and GIF share it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::theme::Rgb;

/// A quick hash for colours (start-up hashes every pre-drawn pixel).
#[derive(Debug, Default)]
pub struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type ColourMap<V> = HashMap<Rgb, V, BuildHasherDefault<ColourHasher>>;

/// Index 255 is never a colour: GIF frames use it for "unchanged".
pub const TRANSPARENT: u8 = 255;
/// How many real colours the palette holds at most.
pub const MAX_COLOURS: usize = 255;
/// Opacity steps of an ink's blend table (0 = background, `INK_LEVELS` = ink).
pub const INK_LEVELS: usize = 16;

/// An image in palette indices that imageproc can draw on: what is drawn is coverage (a
/// grey level, 255 = full), laid over each pixel through an ink's blend table.
pub struct InkCanvas<'a> {
    pixels: &'a mut [u8],
    width: usize,
    ink: &'a [[u8; INK_LEVELS + 1]],
}

impl<'a> InkCanvas<'a> {
    /// `pixels` is an image `width` pixels wide; `ink` is a blend table of the palette.
    pub fn new(pixels: &'a mut [u8], width: usize, ink: &'a [[u8; INK_LEVELS + 1]]) -> Self {
        InkCanvas { pixels, width, ink }
    }
}

impl imageproc::drawing::Canvas for InkCanvas<'_> {
    type Pixel = image::Luma<u8>;

    fn dimensions(&self) -> (u32, u32) {
        (
            self.width as u32,
            (self.pixels.len() / self.width.max(1)) as u32,
        )
    }

    /// Every pixel reads as bare ground, so that what is drawn arrives as its own coverage.
    fn get_pixel(&self, _x: u32, _y: u32) -> Self::Pixel {
        image::Luma([0])
    }

    fn draw_pixel(&mut self, x: u32, y: u32, coverage: Self::Pixel) {
        let level = (usize::from(coverage.0[0]) * INK_LEVELS + 127) / 255;
        if level > 0 {
            let pixel = &mut self.pixels[y as usize * self.width + x as usize];
            *pixel = self.ink[usize::from(*pixel)][level];
        }
    }
}

/// The palette and the exact index of every colour the pre-drawn pictures use.
#[derive(Debug, Clone)]
pub struct Palette {
    colours: Vec<Rgb>,
    /// The same colours as floats, for nearest-colour searches.
    floats: Vec<[f32; 3]>,
    exact: ColourMap<u8>,
}

/// Collects colours (weighted by how often they appear) and the colours that must be exact.
#[derive(Debug, Default)]
pub struct PaletteBuilder {
    counts: ColourMap<u64>,
    anchors: Vec<Rgb>,
}

impl PaletteBuilder {
    pub fn add(&mut self, pixels: &[Rgb]) {
        self.add_times(pixels, 1);
    }

    /// Counts `pixels` as if they appeared `times` times (a picture repeated on many squares).
    pub fn add_times(&mut self, pixels: &[Rgb], times: u64) {
        // Runs of one colour are common: count each run with one look-up.
        for run in pixels.chunk_by(|a, b| a == b) {
            *self.counts.entry(run[0]).or_default() += run.len() as u64 * times;
        }
    }

    /// A colour that must be in the palette exactly (flat fills and inks).
    pub fn anchor(&mut self, colour: Rgb) {
        if !self.anchors.contains(&colour) {
            self.anchors.push(colour);
        }
    }

    pub fn build(self) -> Palette {
        let mut anchors = self.anchors;
        anchors.truncate(MAX_COLOURS / 2);
        let free = MAX_COLOURS - anchors.len();
        let others: Vec<(Rgb, u64)> = self
            .counts
            .iter()
            .filter(|(c, _)| !anchors.contains(c))
            .map(|(&c, &n)| (c, n))
            .collect();
        let mut colours = anchors.clone();
        if others.len() <= free {
            colours.extend(others.iter().map(|&(c, _)| c));
        } else {
            colours.extend(quantize(&others, &anchors, free));
        }
        let mut palette = Palette {
            floats: colours.iter().map(|c| c.to_f32()).collect(),
            colours,
            exact: ColourMap::default(),
        };
        let exact = self
            .counts
            .keys()
            .chain(anchors.iter())
            .map(|&c| (c, palette.nearest(c.to_f32())))
            .collect();
        palette.exact = exact;
        palette
    }
}

/// Perceptual weights of the channels in a squared distance.
const WEIGHTS: [f32; 3] = [2.0, 4.0, 3.0];

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    let (r, g, b) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    WEIGHTS[0] * r * r + WEIGHTS[1] * g * g + WEIGHTS[2] * b * b
}

/// A weighted colour: the mean of the exact colours it stands for.
#[derive(Debug, Clone, Copy)]
struct Sample {
    colour: [f32; 3],
    weight: f32,
}

/// Chooses `count` colours for `colours` (each with how often it appears), given the fixed
/// `anchors`.
fn quantize(colours: &[(Rgb, u64)], anchors: &[Rgb], count: usize) -> Vec<Rgb> {
    // Close colours are merged into bins of 4 levels a channel first; square roots of the
    // counts keep rare edge colours from being swamped by large fills.
    let mut bins: HashMap<[u8; 3], ([f64; 3], f64)> = HashMap::new();
    for &(c, n) in colours {
        let weight = (n as f64).sqrt();
        let bin = bins.entry(c.0.map(|v| v >> 2)).or_default();
        for (sum, v) in bin.0.iter_mut().zip(c.0) {
            *sum += f64::from(v) * weight;
        }
        bin.1 += weight;
    }
    let mut samples: Vec<Sample> = bins
        .into_values()
        .map(|(sum, weight)| Sample {
            colour: sum.map(|s| (s / weight) as f32),
            weight: weight as f32,
        })
        .collect();
    // Deterministic order, whatever the hash map did.
    samples.sort_by(|a, b| {
        a.colour
            .partial_cmp(&b.colour)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    if samples.len() <= count {
        return samples.iter().map(|s| Rgb::from_f32(s.colour)).collect();
    }
    let mut centres = median_cut(&mut samples, count);
    let fixed: Vec<[f32; 3]> = anchors.iter().map(|a| a.to_f32()).collect();
    for _ in 0..6 {
        let mut sums = vec![([0.0f32; 3], 0.0f32); centres.len()];
        for sample in &samples {
            let (best, best_distance) = nearest_of(&centres, sample.colour);
            let anchor_closer = fixed
                .iter()
                .any(|&a| distance(a, sample.colour) < best_distance);
            if anchor_closer {
                continue;
            }
            let (sum, weight) = &mut sums[best];
            for (s, v) in sum.iter_mut().zip(sample.colour) {
                *s += v * sample.weight;
            }
            *weight += sample.weight;
        }
        for (centre, (sum, weight)) in centres.iter_mut().zip(sums) {
            if weight > 0.0 {
                *centre = sum.map(|s| s / weight);
            }
        }
    }
    let mut result: Vec<Rgb> = centres.into_iter().map(Rgb::from_f32).collect();
    result.sort_by_key(|c| c.0);
    result.dedup();
    result
}

fn nearest_of(centres: &[[f32; 3]], colour: [f32; 3]) -> (usize, f32) {
    let mut best = (0, f32::MAX);
    for (i, &centre) in centres.iter().enumerate() {
        let d = distance(centre, colour);
        if d < best.1 {
            best = (i, d);
        }
    }
    best
}

/// Splits the samples into `count` boxes, each time cutting the box with the largest weighted
/// spread at the weighted median of its widest channel; returns each box's mean.
fn median_cut(samples: &mut [Sample], count: usize) -> Vec<[f32; 3]> {
    // Boxes as ranges of `samples`, which is reordered in place.
    let mut boxes: Vec<(usize, usize)> = vec![(0, samples.len())];
    while boxes.len() < count {
        let mut best: Option<(usize, usize, f32)> = None;
        for (i, &(start, end)) in boxes.iter().enumerate() {
            if end - start < 2 {
                continue;
            }
            let (axis, spread) = widest_axis(&samples[start..end]);
            if best.is_none_or(|(_, _, s)| spread > s) {
                best = Some((i, axis, spread));
            }
        }
        let Some((i, axis, _)) = best else { break };
        let (start, end) = boxes[i];
        let part = &mut samples[start..end];
        part.sort_by(|a, b| {
            a.colour[axis]
                .partial_cmp(&b.colour[axis])
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        let total: f32 = part.iter().map(|s| s.weight).sum();
        let mut running = 0.0;
        let mut cut = 1;
        for (j, sample) in part.iter().enumerate() {
            running += sample.weight;
            if running >= total / 2.0 {
                cut = (j + 1).clamp(1, part.len() - 1);
                break;
            }
        }
        boxes[i] = (start, start + cut);
        boxes.push((start + cut, end));
    }
    boxes
        .iter()
        .map(|&(start, end)| {
            let part = &samples[start..end];
            let total: f32 = part.iter().map(|s| s.weight).sum();
            let mut mean = [0.0f32; 3];
            for sample in part {
                for (m, v) in mean.iter_mut().zip(sample.colour) {
                    *m += v * sample.weight / total;
                }
            }
            mean
        })
        .collect()
}

/// The channel with the largest weighted variance, and that variance times the box weight.
fn widest_axis(samples: &[Sample]) -> (usize, f32) {
    let total: f32 = samples.iter().map(|s| s.weight).sum();
    let mut best = (0, 0.0);
    for (axis, channel_weight) in WEIGHTS.iter().enumerate() {
        let mean = samples
            .iter()
            .map(|s| s.colour[axis] * s.weight)
            .sum::<f32>()
            / total;
        let spread = samples
            .iter()
            .map(|s| s.weight * (s.colour[axis] - mean).powi(2))
            .sum::<f32>()
            * channel_weight;
        if spread > best.1 {
            best = (axis, spread);
        }
    }
    best
}

impl Palette {
    /// The index of a colour: exact for every colour the palette was built from, the nearest
    /// otherwise.
    pub fn index(&self, colour: Rgb) -> u8 {
        match self.exact.get(&colour) {
            Some(&index) => index,
            None => self.nearest(colour.to_f32()),
        }
    }

    /// The indices of a row of colours (see [`Palette::index`]).
    pub fn indices(&self, pixels: &[Rgb]) -> Vec<u8> {
        let mut out = Vec::with_capacity(pixels.len());
        for run in pixels.chunk_by(|a, b| a == b) {
            let index = self.index(run[0]);
            out.extend(std::iter::repeat_n(index, run.len()));
        }
        out
    }

    /// The nearest palette colour.
    pub fn nearest(&self, colour: [f32; 3]) -> u8 {
        nearest_of(&self.floats, colour).0 as u8
    }

    pub fn colour(&self, index: u8) -> Rgb {
        self.colours
            .get(usize::from(index))
            .copied()
            .unwrap_or(Rgb([0, 0, 0]))
    }

    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// `r g b` bytes of every colour, padded to `entries` colours with black.
    pub fn rgb_bytes(&self, entries: usize) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.colours.iter().flat_map(|c| c.0).collect();
        bytes.resize(entries.max(self.colours.len()) * 3, 0);
        bytes
    }

    /// For every palette index, the index of `ink` laid over it at each opacity step (the
    /// last step is `opacity`).
    pub fn blend_table(&self, ink: Rgb, opacity: f32) -> Vec<[u8; INK_LEVELS + 1]> {
        let ink = ink.to_f32();
        (0..=255u8)
            .map(|index| {
                let base = self.colour(index).to_f32();
                let mut row = [index; INK_LEVELS + 1];
                for (level, entry) in row.iter_mut().enumerate().skip(1) {
                    let t = opacity * level as f32 / INK_LEVELS as f32;
                    *entry = self.nearest(super::theme::mix(base, ink, t));
                }
                row
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_colours_are_kept_exactly() {
        let mut builder = PaletteBuilder::default();
        builder.anchor(Rgb([1, 2, 3]));
        builder.add(&[Rgb([10, 20, 30]), Rgb([200, 100, 0]), Rgb([10, 20, 30])]);
        let palette = builder.build();
        assert_eq!(palette.len(), 3);
        for c in [Rgb([1, 2, 3]), Rgb([10, 20, 30]), Rgb([200, 100, 0])] {
            assert_eq!(palette.colour(palette.index(c)), c);
        }
    }

    #[test]
    fn many_colours_fit_in_the_palette_and_anchors_stay_exact() {
        let mut builder = PaletteBuilder::default();
        let anchor = Rgb([109, 138, 78]);
        builder.anchor(anchor);
        let mut pixels = Vec::new();
        for r in 0..64u8 {
            for g in 0..64u8 {
                pixels.push(Rgb([r * 4, g * 4, 128]));
            }
        }
        builder.add(&pixels);
        let palette = builder.build();
        assert!(palette.len() <= MAX_COLOURS);
        assert_eq!(palette.colour(palette.index(anchor)), anchor);
        // Every colour maps to a close one: 4096 colours in 254 cells of a 256x256 square.
        let worst = pixels
            .iter()
            .map(|&c| distance(c.to_f32(), palette.colour(palette.index(c)).to_f32()))
            .fold(0.0f32, f32::max);
        assert!(worst < 9.0 * 30.0 * 30.0, "{worst}");
    }

    #[test]
    fn blend_table_runs_from_background_to_ink() {
        let mut builder = PaletteBuilder::default();
        let (background, ink) = (Rgb([0, 0, 0]), Rgb([255, 255, 255]));
        builder.anchor(background);
        builder.anchor(ink);
        builder.anchor(Rgb([128, 128, 128]));
        let palette = builder.build();
        let table = palette.blend_table(ink, 1.0);
        let row = table[usize::from(palette.index(background))];
        assert_eq!(palette.colour(row[0]), background);
        assert_eq!(palette.colour(row[INK_LEVELS]), ink);
        assert_eq!(palette.colour(row[INK_LEVELS / 2]), Rgb([128, 128, 128]));
    }
}
