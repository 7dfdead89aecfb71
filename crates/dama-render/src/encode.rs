//! PNG and GIF encoding of palette images.
//!
//! PNG: 8-bit palette colour, the Paeth filter and fdeflate's fast mode. The filter turns the
//! flat areas (runs of one index, rows repeated down a square) into zeros, which fdeflate codes
//! well: 640 px boards come out about 34 KB in a fifth of a millisecond, against 155 KB
//! without a filter, and 29 KB at zlib level 2 for seven times the time (the `png_settings`
//! measurement in `render::tests`).
//! GIF: one global palette; every frame after the first holds only the rectangle that changed,
//! with unchanged pixels transparent, so a whole game stays small and quick to compress. A
//! caption strip that changes with the board is a rectangle of its own (see
//! [`changed_frames`]).

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

/// How long the board's change of a ply shows before the caption strip follows, in
/// hundredths of a second: the shortest delay browsers and Discord's apps play as written
/// (shorter ones are played as 100 ms).
pub const CAPTION_LAG: u16 = 2;

/// Encodes frames `width` pixels wide, `width + strip` tall (a caption strip of `strip` rows
/// above the board, 0 for none), as a looping GIF. Frames are taken one at a time (one ahead,
/// to know which is last), so a long game never holds all its frames at once.
pub fn gif(
    width: u32,
    strip: u32,
    frames: impl IntoIterator<Item = Vec<u8>>,
    palette: &Palette,
) -> Vec<u8> {
    // The size is at most MAX_SIZE and the strip a sixteenth of it (both fit u16); the palette
    // has at most 256 colours.
    let (columns, rows) = (width as u16, (width + strip) as u16);
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, columns, rows, &palette.rgb_bytes(MAX_COLOURS + 1))
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
            let written = match &previous {
                None => vec![full_frame(columns, rows, &pixels, delay)],
                Some(previous) => {
                    changed_frames(width as usize, strip as usize, previous, &pixels, delay)
                }
            };
            for frame in &written {
                encoder
                    .write_frame(frame)
                    .expect("a frame within the canvas writes to memory");
            }
            previous = Some(pixels);
        }
    }
    out
}

fn full_frame(width: u16, height: u16, pixels: &[u8], delay: u16) -> gif::Frame<'_> {
    gif::Frame {
        width,
        height,
        delay,
        dispose: gif::DisposalMethod::Keep,
        buffer: Cow::Borrowed(pixels),
        ..gif::Frame::default()
    }
}

/// The frames that turn `previous` into `pixels` (rows of `width` pixels, the first `strip` of
/// them the caption strip): the smallest rectangle holding every pixel that changed, with the
/// pixels that did not change transparent. When both the board and the strip changed, they are
/// two rectangles, the board's shown for [`CAPTION_LAG`] and the strip's for the rest of
/// `delay`: a caption that changes on every ply does not stretch every frame from the top of
/// the image down to the move. An identical frame is one transparent pixel.
pub fn changed_frames(
    width: usize,
    strip: usize,
    previous: &[u8],
    pixels: &[u8],
    delay: u16,
) -> Vec<gif::Frame<'static>> {
    let height = pixels.len() / width;
    let board = changed_rect(width, previous, pixels, strip..height);
    let caption = changed_rect(width, previous, pixels, 0..strip);
    match (board, caption) {
        (Some(board), Some(caption)) => vec![
            rect_frame(width, previous, pixels, board, CAPTION_LAG),
            rect_frame(
                width,
                previous,
                pixels,
                caption,
                delay.saturating_sub(CAPTION_LAG),
            ),
        ],
        (Some(only), None) | (None, Some(only)) => {
            vec![rect_frame(width, previous, pixels, only, delay)]
        }
        (None, None) => {
            let pixel = Rect {
                left: 0,
                top: 0,
                right: 1,
                bottom: 1,
            };
            vec![rect_frame(width, previous, pixels, pixel, delay)]
        }
    }
}

/// A rectangle of pixels, right and bottom exclusive.
#[derive(Debug, Clone, Copy)]
struct Rect {
    left: usize,
    top: usize,
    right: usize,
    bottom: usize,
}

/// The smallest rectangle within `rows` holding every pixel that differs, if any does.
fn changed_rect(
    width: usize,
    previous: &[u8],
    pixels: &[u8],
    rows: std::ops::Range<usize>,
) -> Option<Rect> {
    let (mut left, mut top, mut right, mut bottom) = (width, rows.end, 0, 0);
    let span = rows.start * width..rows.end * width;
    for (y, (old_row, new_row)) in previous[span.clone()]
        .chunks_exact(width)
        .zip(pixels[span].chunks_exact(width))
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
            top = top.min(rows.start + y);
            bottom = rows.start + y + 1;
        }
    }
    (left < right).then_some(Rect {
        left,
        top,
        right,
        bottom,
    })
}

/// The pixels of `rect`, those that did not change transparent.
fn rect_frame(
    width: usize,
    previous: &[u8],
    pixels: &[u8],
    rect: Rect,
    delay: u16,
) -> gif::Frame<'static> {
    let mut buffer = Vec::with_capacity((rect.right - rect.left) * (rect.bottom - rect.top));
    for y in rect.top..rect.bottom {
        let row = y * width;
        for x in rect.left..rect.right {
            let new = pixels[row + x];
            buffer.push(if previous[row + x] == new {
                TRANSPARENT
            } else {
                new
            });
        }
    }
    // Every coordinate is within the canvas, whose sides fit u16.
    gif::Frame {
        left: rect.left as u16,
        top: rect.top as u16,
        width: (rect.right - rect.left) as u16,
        height: (rect.bottom - rect.top) as u16,
        delay,
        dispose: gif::DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}

/// An RGB image (a chart, a table) as PNG: the Paeth filter and a quick deflate, so flat areas,
/// grid lines and text compress to a few tens of kilobytes.
#[must_use]
pub fn rgb_png(image: &image::RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
    encoder.set_filter(png::Filter::Paeth);
    // Writing to memory cannot fail, and the image has exactly the header's size.
    let mut writer = encoder
        .write_header()
        .expect("a PNG header for an image's own size is valid");
    writer
        .write_image_data(image.as_raw())
        .expect("the image has width * height RGB pixels");
    writer
        .finish()
        .expect("writing a PNG to memory cannot fail");
    out
}
