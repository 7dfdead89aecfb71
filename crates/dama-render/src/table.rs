//! A table as an image: a tournament's standings (rank, name, points, tie-breaks, games),
//! readable on a phone in Discord's dark and light themes.
//!
//! The image is opaque, on the light wood of the advantage chart, so it reads the same on
//! either theme: the title in dark ink above, the header row in cream on the board frame's
//! brown, then the rows on alternating cream and light wood. Numbers are right-aligned, the
//! rest left-aligned; a cell too wide for its column is cut with an ellipsis. The columns take
//! the width their contents need, the text columns (the names) sharing what is left of at most
//! [`MAX_WIDTH`] pixels; the height follows the number of rows.
//!
//! ```
//! use dama_core::config::RenderConfig;
//! use dama_render::{Renderer, TableView};
//!
//! let renderer = Renderer::new(&RenderConfig::default()).unwrap();
//! let view = TableView {
//!     filename: "standings.png".into(),
//!     title: "Coppa di primavera".into(),
//!     header: vec!["#".into(), "Nome".into(), "Punti".into()],
//!     rows: vec![vec!["1".into(), "Anna".into(), "2".into()]],
//!     numeric: vec![true, false, true],
//! };
//! let png = renderer.table_png(&view);
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

use super::Renderer;
use super::text::{Style, joins};

/// What a table image shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableView {
    /// The name to attach it under (`dama-tournament-3-standings.png`).
    pub filename: String,
    /// The line above the table ("Spring cup · after round 3 of 5").
    pub title: String,
    /// The column headings.
    pub header: Vec<String>,
    /// The rows, each with one cell a heading.
    pub rows: Vec<Vec<String>>,
    /// Which columns are numbers (right-aligned); the rest are left-aligned.
    pub numeric: Vec<bool>,
}

/// The narrowest image, so that a table of few columns is not a sliver.
pub const MIN_WIDTH: u32 = 520;
/// The widest image: wider ones shrink too much on a phone.
pub const MAX_WIDTH: u32 = 760;
/// Rows beyond this many are not drawn (a tournament has at most a few dozen players).
pub const MAX_ROWS: usize = 200;
/// Columns beyond this many are not drawn.
pub const MAX_COLUMNS: usize = 10;
/// Cells and titles longer than this many characters are cut before they are measured.
pub const MAX_CELL_CHARS: usize = 100;

/// The room around the table, in pixels.
const MARGIN: u32 = 16;
/// The height of the title strip above the header.
const TITLE_HEIGHT: u32 = 48;
/// The height of the header row and of every row.
const HEADER_HEIGHT: u32 = 36;
const ROW_HEIGHT: u32 = 34;
/// The room on either side of a cell's text.
const PADDING: u32 = 10;
/// The narrowest a text column gets, however little room there is.
const MIN_TEXT_COLUMN: u32 = 90;

/// The ground around the table: light wood, as the chart's.
const GROUND: Rgb<u8> = Rgb([0xc8, 0xb5, 0x94]);
/// The header row: the board frame's dark brown.
const HEADER: Rgb<u8> = Rgb([0x3b, 0x2a, 0x1e]);
/// The header's text: the white pieces' cream.
const HEADER_INK: Rgb<u8> = Rgb([0xf4, 0xef, 0xe4]);
/// Odd and even rows.
const ROW_LIGHT: Rgb<u8> = Rgb([0xf4, 0xef, 0xe4]);
const ROW_DARK: Rgb<u8> = Rgb([0xe2, 0xd6, 0xc0]);
/// The rows' text and the title.
const INK: Rgb<u8> = Rgb([0x21, 0x18, 0x10]);
/// The line under the header and around the table.
const RULE: Rgb<u8> = Rgb([0x6b, 0x55, 0x3c]);

/// A table laid out: the column widths and the image's size.
struct Layout {
    columns: Vec<u32>,
    numeric: Vec<bool>,
    width: u32,
    height: u32,
}

impl Renderer {
    /// The table as a PNG: [`MIN_WIDTH`] to [`MAX_WIDTH`] pixels wide (wider only when its
    /// numbers alone need it), as tall as its rows (at most [`MAX_ROWS`] of them, and
    /// [`MAX_COLUMNS`] columns). A row with fewer cells than the header leaves the rest empty;
    /// cells beyond the header are not drawn.
    #[must_use]
    pub fn table_png(&self, view: &TableView) -> Vec<u8> {
        let title = Style::new(&self.font, 24.0);
        let heading = Style::new(&self.font, 17.0);
        let body = Style::new(&self.font, 19.0);
        let header: Vec<String> = view
            .header
            .iter()
            .take(MAX_COLUMNS)
            .map(|cell| clean(cell))
            .collect();
        let rows: Vec<Vec<String>> = view
            .rows
            .iter()
            .take(MAX_ROWS)
            .map(|row| {
                (0..header.len())
                    .map(|c| row.get(c).map(|cell| clean(cell)).unwrap_or_default())
                    .collect()
            })
            .collect();
        let numeric: Vec<bool> = (0..header.len())
            .map(|c| view.numeric.get(c).copied().unwrap_or(false))
            .collect();
        let layout = Layout::new(&header, &rows, numeric, &heading, &body);

        let mut image = RgbImage::from_pixel(layout.width, layout.height, GROUND);
        let table_width = layout.width - 2 * MARGIN;
        let text = title.fit(&clean(&view.title), table_width);
        let title_baseline = (MARGIN + TITLE_HEIGHT - 16) as i32;
        title.draw(&mut image, INK, MARGIN as i32, title_baseline, &text);

        let top = MARGIN + TITLE_HEIGHT;
        fill(&mut image, MARGIN, top, table_width, HEADER_HEIGHT, HEADER);
        layout.draw_row(
            &mut image,
            &heading,
            HEADER_INK,
            top,
            HEADER_HEIGHT,
            &header,
        );
        let mut y = top + HEADER_HEIGHT;
        fill(&mut image, MARGIN, y, table_width, 2, RULE);
        y += 2;
        for (index, row) in rows.iter().enumerate() {
            let ground = if index % 2 == 0 { ROW_LIGHT } else { ROW_DARK };
            fill(&mut image, MARGIN, y, table_width, ROW_HEIGHT, ground);
            layout.draw_row(&mut image, &body, INK, y, ROW_HEIGHT, row);
            y += ROW_HEIGHT;
        }
        // A thin frame around the header and rows.
        let bottom = y;
        fill(&mut image, MARGIN - 1, top, 1, bottom - top, RULE);
        fill(&mut image, MARGIN + table_width, top, 1, bottom - top, RULE);
        fill(&mut image, MARGIN - 1, bottom, table_width + 2, 1, RULE);
        super::encode::rgb_png(&image)
    }
}

impl Layout {
    fn new(
        header: &[String],
        rows: &[Vec<String>],
        numeric: Vec<bool>,
        heading: &Style<'_>,
        body: &Style<'_>,
    ) -> Layout {
        // Each column's natural width: its widest cell or heading, with padding.
        let natural: Vec<u32> = (0..header.len())
            .map(|c| {
                let cells = rows.iter().map(|row| body.width(&row[c]));
                cells.fold(heading.width(&header[c]), u32::max) + 2 * PADDING
            })
            .collect();
        let numbers: u32 = (0..header.len())
            .filter(|&c| numeric[c])
            .map(|c| natural[c])
            .sum();
        let texts: Vec<usize> = (0..header.len()).filter(|&c| !numeric[c]).collect();
        let text_natural: u32 = texts.iter().map(|&c| natural[c]).sum();
        let least = numbers + MIN_TEXT_COLUMN * texts.len() as u32 + 2 * MARGIN;
        let width = (numbers + text_natural + 2 * MARGIN)
            .clamp(MIN_WIDTH, MAX_WIDTH)
            .max(least);
        let room = width - 2 * MARGIN;
        let mut columns = natural.clone();
        if texts.is_empty() {
            // Only numbers: the spare room goes to the last column.
            if let Some(last) = columns.last_mut() {
                *last += room - numbers;
            }
        } else {
            // The text columns share what the numbers leave, in proportion to their needs.
            let share = room - numbers;
            let mut given = 0;
            for (i, &c) in texts.iter().enumerate() {
                columns[c] = if i + 1 == texts.len() {
                    share - given
                } else {
                    (u64::from(share) * u64::from(natural[c]) / u64::from(text_natural.max(1)))
                        as u32
                };
                given += columns[c];
            }
        }
        let height =
            MARGIN + TITLE_HEIGHT + HEADER_HEIGHT + 2 + ROW_HEIGHT * rows.len() as u32 + 1 + MARGIN;
        Layout {
            columns,
            numeric,
            width,
            height,
        }
    }

    /// Draws one row's cells in a band `height` pixels tall from `top`, centred vertically.
    fn draw_row(
        &self,
        image: &mut RgbImage,
        style: &Style<'_>,
        ink: Rgb<u8>,
        top: u32,
        height: u32,
        cells: &[String],
    ) {
        let cap = style.cap_height().round() as u32;
        let baseline = (top + u32::midpoint(height, cap)) as i32;
        let mut x = MARGIN;
        for (c, cell) in cells.iter().enumerate() {
            let width = self.columns[c];
            let text = style.fit(cell, width.saturating_sub(2 * PADDING));
            let left = if self.numeric[c] {
                x + width - PADDING - style.width(&text).min(width - PADDING)
            } else {
                x + PADDING
            };
            style.draw(image, ink, left as i32, baseline, &text);
            x += width;
        }
    }
}

/// `text` without controls and at most [`MAX_CELL_CHARS`] characters (each with its accents).
fn clean(text: &str) -> String {
    let mut letters = 0;
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take_while(|&c| {
            letters += usize::from(!joins(c));
            letters <= MAX_CELL_CHARS
        })
        .collect();
    clean.trim().to_owned()
}

fn fill(image: &mut RgbImage, x: u32, y: u32, width: u32, height: u32, colour: Rgb<u8>) {
    if width > 0 && height > 0 {
        draw_filled_rect_mut(
            image,
            Rect::at(x as i32, y as i32).of_size(width, height),
            colour,
        );
    }
}

#[cfg(test)]
mod tests;
