//! PNG and GIF encoding of palette images.
//!
//! PNG: 8-bit palette colour, the Paeth filter and fdeflate's fast mode. The filter turns the
//! flat areas (runs of one index, rows repeated down a square) into zeros, which fdeflate codes
//! well: 640 px boards come out about 34 KB in a fifth of a millisecond, against 155 KB
//! without a filter, and 29 KB at zlib level 2 for seven times the time (the `png_settings`
//! measurement in `render::tests`).
//! GIF: one global palette; every frame after the first holds only the rectangle that changed,
//! with unchanged pixels transparent, so a whole game stays small and quick to compress.

use std::borrow::Cow;

use super::palette::{MAX_COLOURS, Palette, TRANSPARENT};

/// How long a GIF frame shows, in hundredths of a second.
pub const FRAME_DELAY: u16 = 80;
/// How long the start position and the final position show.
pub const FIRST_FRAME_DELAY: u16 = 150;
pub const LAST_FRAME_DELAY: u16 = 400;

/// The PNG encoder settings.
#[derive(Debug, Clone, Copy)]
pub struct PngSettings {
    pub compression: png::DeflateCompression,
    pub filter: png::Filter,
}

/// The settings the renderer uses.
pub const PNG_SETTINGS: PngSettings = PngSettings {
    compression: png::DeflateCompression::FdeflateUltraFast,
    filter: png::Filter::Paeth,
};

/// Encodes palette indices as a PNG with the renderer's settings.
pub fn png(width: u32, height: u32, pixels: &[u8], palette: &Palette) -> Vec<u8> {
    png_with(width, height, pixels, palette, PNG_SETTINGS)
}

/// Encodes palette indices as a PNG.
pub fn png_with(
    width: u32,
    height: u32,
    pixels: &[u8],
    palette: &Palette,
    settings: PngSettings,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixels.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb_bytes(palette.len()));
    encoder.set_deflate_compression(settings.compression);
    encoder.set_filter(settings.filter);
    // Writing to memory cannot fail, the header is valid (size checked at start-up, palette
    // of 1 to 255 colours) and the data has exactly width * height indices.
    let mut writer = encoder
        .write_header()
        .expect("a PNG header for a checked size is valid");
    writer
        .write_image_data(pixels)
        .expect("the image has width * height palette indices");
    writer
        .finish()
        .expect("writing a PNG to memory cannot fail");
    out
}

/// Encodes square frames of `size` pixels as a looping GIF. Frames are taken one at a time
/// (one ahead, to know which is last), so a long game never holds all its frames at once.
pub fn gif(size: u32, frames: impl IntoIterator<Item = Vec<u8>>, palette: &Palette) -> Vec<u8> {
    let dimension = size as u16;
    let mut out = Vec::new();
    {
        // The size is at most MAX_SIZE (fits u16) and the palette at most 256 colours.
        let mut encoder = gif::Encoder::new(
            &mut out,
            dimension,
            dimension,
            &palette.rgb_bytes(MAX_COLOURS + 1),
        )
        .expect("a GIF header with a 256-colour palette is valid");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("writing a GIF to memory cannot fail");
        let mut frames = frames.into_iter().peekable();
        let mut previous: Option<Vec<u8>> = None;
        while let Some(pixels) = frames.next() {
            let delay = if frames.peek().is_none() {
                LAST_FRAME_DELAY
            } else if previous.is_none() {
                FIRST_FRAME_DELAY
            } else {
                FRAME_DELAY
            };
            let frame = match &previous {
                None => full_frame(dimension, &pixels, delay),
                Some(previous) => changed_frame(size as usize, previous, &pixels, delay),
            };
            encoder
                .write_frame(&frame)
                .expect("a frame within the canvas writes to memory");
            previous = Some(pixels);
        }
    }
    out
}

fn full_frame(side: u16, pixels: &[u8], delay: u16) -> gif::Frame<'_> {
    gif::Frame {
        width: side,
        height: side,
        delay,
        dispose: gif::DisposalMethod::Keep,
        buffer: Cow::Borrowed(pixels),
        ..gif::Frame::default()
    }
}

/// The smallest rectangle holding every pixel that differs from the previous frame, with the
/// pixels that did not change transparent. An identical frame is one transparent pixel.
pub fn changed_frame(
    size: usize,
    previous: &[u8],
    pixels: &[u8],
    delay: u16,
) -> gif::Frame<'static> {
    let (mut left, mut top, mut right, mut bottom) = (size, size, 0, 0);
    for (y, (old_row, new_row)) in previous
        .chunks_exact(size)
        .zip(pixels.chunks_exact(size))
        .enumerate()
    {
        if old_row == new_row {
            continue;
        }
        let first = old_row.iter().zip(new_row).position(|(a, b)| a != b);
        let last = old_row.iter().zip(new_row).rposition(|(a, b)| a != b);
        if let (Some(first), Some(last)) = (first, last) {
            left = left.min(first);
            right = right.max(last + 1);
            top = top.min(y);
            bottom = y + 1;
        }
    }
    if left >= right {
        (left, top, right, bottom) = (0, 0, 1, 1);
    }
    let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let row = y * size;
        for x in left..right {
            let new = pixels[row + x];
            buffer.push(if previous[row + x] == new {
                TRANSPARENT
            } else {
                new
            });
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: (right - left) as u16,
        height: (bottom - top) as u16,
        delay,
        dispose: gif::DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}
