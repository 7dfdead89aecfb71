//! Where things go: the border, the squares, the caption strip.

use dama_rules::{Color, Square};

/// The geometry of one image size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Width of the image, and height of the board part.
    pub size: u32,
    /// Left and top border; the right and bottom border take what is left of `size`.
    pub border: u32,
    /// Side of one square.
    pub square: u32,
    /// Height of the caption strip above the board, when there is a caption.
    pub caption: u32,
    /// Whether files and ranks are drawn on the border.
    pub coordinates: bool,
}

/// The smallest board with coordinates: its border is 12 pixels and their font 7.5.
pub const MIN_COORDINATE_SIZE: u32 = 320;

impl Layout {
    /// The layout of a `size` pixel board; with coordinates the border is wide enough for them,
    /// unless the board is too small for them to be read (below 320 pixels), when they are
    /// left out.
    pub fn new(size: u32, coordinates: bool) -> Layout {
        let size_f = size as f32;
        let coordinates = coordinates && size >= MIN_COORDINATE_SIZE;
        let min_border = if coordinates {
            (size_f * 0.0375).round()
        } else {
            (size_f * 0.0125).round().max(2.0)
        } as u32;
        let square = (size - 2 * min_border) / 8;
        let border = (size - 8 * square) / 2;
        let caption = (size_f * 0.0625).round().max(14.0) as u32;
        Layout {
            size,
            border,
            square,
            caption,
            coordinates,
        }
    }

    /// The display column and row (0, 0 = top left) of a square seen with `bottom` at the
    /// bottom: White at the bottom shows square 1 top left, Black turns the board around.
    pub fn cell(square: Square, bottom: Color) -> (u32, u32) {
        let (column, row) = (u32::from(square.column()), u32::from(square.row()));
        match bottom {
            Color::White => (column, row),
            Color::Black => (7 - column, 7 - row),
        }
    }

    /// The top-left pixel of a display cell in the board part of the image.
    pub fn cell_origin(&self, column: u32, row: u32) -> (u32, u32) {
        (
            self.border + column * self.square,
            self.border + row * self.square,
        )
    }

    /// The top-left pixel of a square in the board part of the image.
    pub fn square_origin(&self, square: Square, bottom: Color) -> (u32, u32) {
        let (column, row) = Layout::cell(square, bottom);
        self.cell_origin(column, row)
    }

    /// The centre of a square in the board part of the image.
    pub fn square_centre(&self, square: Square, bottom: Color) -> (f32, f32) {
        let (x, y) = self.square_origin(square, bottom);
        let half = self.square as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }
}

/// A piece's radius as a fraction of the square.
pub const PIECE_RADIUS: f32 = 0.38;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_size_fills_the_image() {
        let layout = Layout::new(640, true);
        assert_eq!(layout.square, 74);
        assert_eq!(layout.border, 24);
        assert_eq!(2 * layout.border + 8 * layout.square, 640);
        assert_eq!(layout.caption, 40);
    }

    #[test]
    fn small_boards_leave_out_coordinates() {
        assert!(Layout::new(320, true).coordinates);
        assert!(!Layout::new(319, true).coordinates);
        assert!(!Layout::new(640, false).coordinates);
        let small = Layout::new(200, true);
        assert_eq!((small.border, small.square), (4, 24));
    }

    #[test]
    fn odd_sizes_leave_at_most_one_extra_pixel() {
        for size in 128..=1024 {
            for coordinates in [false, true] {
                let layout = Layout::new(size, coordinates);
                let used = 2 * layout.border + 8 * layout.square;
                assert!(used == size || used + 1 == size, "{size}: {layout:?}");
            }
        }
    }

    #[test]
    fn square_one_is_top_left_for_white_and_bottom_right_for_black() {
        let one = Square::new(1).unwrap();
        let thirty_two = Square::new(32).unwrap();
        assert_eq!(Layout::cell(one, Color::White), (0, 0));
        assert_eq!(Layout::cell(thirty_two, Color::White), (7, 7));
        assert_eq!(Layout::cell(one, Color::Black), (7, 7));
        assert_eq!(Layout::cell(thirty_two, Color::Black), (0, 0));
        // Every dark square: the bottom-right cell is dark for either player.
        for bottom in [Color::White, Color::Black] {
            let dark: Vec<(u32, u32)> = Square::ALL
                .iter()
                .map(|&s| Layout::cell(s, bottom))
                .collect();
            assert!(dark.contains(&(7, 7)));
            assert!(!dark.contains(&(0, 7)));
        }
    }
}
