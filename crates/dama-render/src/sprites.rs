//! Everything drawn ahead, at start-up: one picture of each empty board (per orientation, with
//! border, coordinates, square numbers), one tile for every dark square in every state, the
//! turn marks of the caption strip, and the palette they all share.

use ab_glyph::FontRef;
use dama_rules::{Color, Piece, Role, Square};
use image::{GrayImage, Luma, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

use super::layout::Layout;
use super::palette::{INK_LEVELS, Palette, PaletteBuilder};
use super::pieces::{self, PieceLook, Shapes};
use super::text::Style;
use super::theme::{Rgb, Theme};

/// How strongly a captured piece still shows where it stood.
const GHOST_OPACITY: f32 = 0.42;
/// Square numbers are left out below this square size (they would be a smudge).
const MIN_NUMBERED_SQUARE: u32 = 30;

/// What lies under a piece: a plain dark square or one of the last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    Plain,
    Highlight,
}

impl Ground {
    const ALL: [Ground; 2] = [Ground::Plain, Ground::Highlight];

    fn index(self) -> usize {
        match self {
            Ground::Plain => 0,
            Ground::Highlight => 1,
        }
    }

    fn colour(self, theme: &Theme) -> Rgb {
        match self {
            Ground::Plain => theme.dark_square,
            Ground::Highlight => theme.highlighted_square(),
        }
    }
}

/// One pixel of a square number: where in the square, and how much ink (0..=`INK_LEVELS`).
#[derive(Debug, Clone, Copy)]
pub struct InkPixel {
    pub x: u16,
    pub y: u16,
    pub level: u8,
}

/// What stands on a dark square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    Empty,
    Piece {
        piece: Piece,
        ring: bool,
    },
    /// A piece captured by the last move.
    Ghost(Piece),
}

const PIECES: [Piece; 4] = [
    Piece {
        color: Color::White,
        role: Role::Man,
    },
    Piece {
        color: Color::White,
        role: Role::King,
    },
    Piece {
        color: Color::Black,
        role: Role::Man,
    },
    Piece {
        color: Color::Black,
        role: Role::King,
    },
];

fn piece_index(piece: Piece) -> usize {
    let color = match piece.color {
        Color::White => 0,
        Color::Black => 1,
    };
    let role = match piece.role {
        Role::Man => 0,
        Role::King => 1,
    };
    color * 2 + role
}

impl Content {
    /// How many contents a square can have.
    const COUNT: usize = 1 + 2 * PIECES.len() + PIECES.len();

    fn index(self) -> usize {
        match self {
            Content::Empty => 0,
            Content::Piece { piece, ring } => 1 + 2 * piece_index(piece) + usize::from(ring),
            Content::Ghost(piece) => 1 + 2 * PIECES.len() + piece_index(piece),
        }
    }

    fn all() -> Vec<Content> {
        let mut all = vec![Content::Empty; Content::COUNT];
        for piece in PIECES {
            for ring in [false, true] {
                let content = Content::Piece { piece, ring };
                all[content.index()] = content;
            }
            all[Content::Ghost(piece).index()] = Content::Ghost(piece);
        }
        all
    }
}

/// The drawing options besides colours and layout.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub square_numbers: bool,
}

/// The pre-drawn pictures as palette indices.
#[derive(Debug)]
pub struct Sprites {
    pub palette: Palette,
    /// Every tile, `square * square` indices each, in [`Sprites::tile_index`] order.
    tiles: Vec<u8>,
    tile_len: usize,
    /// The empty board with White and with Black at the bottom, `size * size` each.
    pub backgrounds: [Vec<u8>; 2],
    /// A man of each colour on the caption strip, `caption * caption` each.
    pub turn_marks: [Vec<u8>; 2],
    pub caption_background: u8,
    /// The last move's path over each palette colour, by opacity.
    pub path_ink: Vec<[u8; INK_LEVELS + 1]>,
    /// Caption text over each palette colour, by opacity.
    pub caption_ink: Vec<[u8; INK_LEVELS + 1]>,
    /// The ink of each square's number (empty without numbers), to lay again over the path.
    pub numbers: Vec<Vec<InkPixel>>,
    /// The numbers' ink over each palette colour, by ground (the last level is the ink at
    /// the opacity numbers are drawn with).
    pub number_inks: [Vec<[u8; INK_LEVELS + 1]>; 2],
}

impl Sprites {
    /// Where the tile of a square in a state starts in the tile store.
    fn tile_index(square: Square, ground: Ground, content: Content) -> usize {
        (square.index() * 2 + ground.index()) * Content::COUNT + content.index()
    }

    pub fn number_ink(&self, ground: Ground) -> &[[u8; INK_LEVELS + 1]] {
        &self.number_inks[ground.index()]
    }

    /// The tile of a square in a state: `square * square` indices, row by row.
    pub fn tile(&self, square: Square, ground: Ground, content: Content) -> &[u8] {
        let start = Sprites::tile_index(square, ground, content) * self.tile_len;
        &self.tiles[start..start + self.tile_len]
    }

    pub fn background(&self, bottom: Color) -> &[u8] {
        match bottom {
            Color::White => &self.backgrounds[0],
            Color::Black => &self.backgrounds[1],
        }
    }

    pub fn turn_mark(&self, color: Color) -> &[u8] {
        match color {
            Color::White => &self.turn_marks[0],
            Color::Black => &self.turn_marks[1],
        }
    }

    pub fn build(
        layout: &Layout,
        theme: &Theme,
        options: Options,
        font: &FontRef<'static>,
    ) -> Sprites {
        let q = layout.square;
        let numbered = options.square_numbers && q >= MIN_NUMBERED_SQUARE;
        let numbers: Vec<Vec<NumberPixel>> = Square::ALL
            .iter()
            .map(|&square| number_pixels(square, q, numbered, font))
            .collect();
        let rgb_tiles = TileSet::draw(q, theme, &numbers);
        let rgb_backgrounds = [Color::White, Color::Black]
            .map(|bottom| draw_background(layout, theme, bottom, &rgb_tiles, font));
        let c = layout.caption;
        let mark_shapes = Shapes::new(c, Role::Man);
        let rgb_marks = [Color::White, Color::Black].map(|color| {
            let piece = Piece {
                color,
                role: Role::Man,
            };
            let layer = mark_shapes.draw(PieceLook { piece, ring: false }, theme);
            layer
                .pixels()
                .map(|&p| pieces::over(theme.border, p, 1.0))
                .collect()
        });

        let palette = choose_palette(theme, |builder| {
            rgb_tiles.count_colours(builder);
            for picture in rgb_backgrounds.iter().chain(rgb_marks.iter()) {
                builder.add(picture);
            }
        });
        let tile_len = (q * q) as usize;
        let tiles = rgb_tiles.indices(&palette);
        let number_inks = Ground::ALL.map(|ground| {
            let (ink, opacity) = Theme::number_ink(ground.colour(theme));
            palette.blend_table(ink, opacity)
        });
        let numbers = numbers
            .iter()
            .map(|pixels| {
                pixels
                    .iter()
                    .map(|p| InkPixel {
                        x: p.x as u16,
                        y: p.y as u16,
                        level: (p.coverage * INK_LEVELS as f32).round() as u8,
                    })
                    .filter(|p| p.level > 0)
                    .collect()
            })
            .collect();
        Sprites {
            tiles,
            tile_len,
            backgrounds: rgb_backgrounds.map(|pixels| palette.indices(&pixels)),
            turn_marks: rgb_marks.map(|pixels| palette.indices(&pixels)),
            caption_background: palette.index(theme.border),
            path_ink: palette.blend_table(theme.last_move, 1.0),
            caption_ink: palette.blend_table(theme.border_ink(), 1.0),
            numbers,
            number_inks,
            palette,
        }
    }
}

/// One pixel of a square number as the font draws it.
#[derive(Debug, Clone, Copy)]
struct NumberPixel {
    x: u32,
    y: u32,
    coverage: f32,
}

/// The number of `square` in the top-left corner of a `q` pixel square (nothing when
/// `numbered` is off).
fn number_pixels(
    square: Square,
    q: u32,
    numbered: bool,
    font: &FontRef<'static>,
) -> Vec<NumberPixel> {
    if !numbered {
        return Vec::new();
    }
    let style = Style::new(font, q as f32 * 0.2);
    let pad = (q as f32 * 0.06).max(1.0);
    let baseline = (pad + style.cap_height()).round();
    let mut coverage = GrayImage::new(q, q);
    style.draw(
        &mut coverage,
        Luma([255]),
        pad.round() as i32,
        baseline as i32,
        &square.number().to_string(),
    );
    coverage
        .enumerate_pixels()
        .filter(|(_, _, p)| p.0[0] > 0)
        .map(|(x, y, p)| NumberPixel {
            x,
            y,
            coverage: f32::from(p.0[0]) / 255.0,
        })
        .collect()
}

/// Every tile: each ground with each content drawn once, and per square the pixels its number
/// changes in each of them.
struct TileSet {
    /// By ground and content.
    bases: Vec<Vec<Rgb>>,
    /// In [`Sprites::tile_index`] order: where the number lies in the tile and its colour
    /// there.
    numbered: Vec<Vec<(usize, Rgb)>>,
}

impl TileSet {
    fn base(&self, ground: Ground, content: Content) -> &[Rgb] {
        &self.bases[ground.index() * Content::COUNT + content.index()]
    }

    /// One whole tile.
    fn tile(&self, square: Square, ground: Ground, content: Content) -> Vec<Rgb> {
        let mut tile = self.base(ground, content).to_vec();
        for &(at, colour) in &self.numbered[Sprites::tile_index(square, ground, content)] {
            tile[at] = colour;
        }
        tile
    }

    /// Counts the colours of every tile (each base once per square, then the numbers).
    fn count_colours(&self, builder: &mut PaletteBuilder) {
        for base in &self.bases {
            builder.add_times(base, Square::ALL.len() as u64);
        }
        for number in &self.numbered {
            let colours: Vec<Rgb> = number.iter().map(|&(_, colour)| colour).collect();
            builder.add(&colours);
        }
    }

    /// Every tile in palette indices, in [`Sprites::tile_index`] order.
    fn indices(&self, palette: &Palette) -> Vec<u8> {
        let bases: Vec<Vec<u8>> = self.bases.iter().map(|b| palette.indices(b)).collect();
        let tile_len = bases.first().map_or(0, Vec::len);
        let mut tiles = Vec::with_capacity(self.numbered.len() * tile_len);
        for square in Square::ALL {
            for ground in Ground::ALL {
                for content in Content::all() {
                    let start = tiles.len();
                    tiles.extend_from_slice(
                        &bases[ground.index() * Content::COUNT + content.index()],
                    );
                    let tile = Sprites::tile_index(square, ground, content);
                    for &(at, colour) in &self.numbered[tile] {
                        tiles[start + at] = palette.index(colour);
                    }
                }
            }
        }
        tiles
    }

    /// Draws each ground with each content, and the numbers over them.
    fn draw(q: u32, theme: &Theme, numbers: &[Vec<NumberPixel>]) -> TileSet {
        let shapes = [Role::Man, Role::King].map(|role| Shapes::new(q, role));
        let layers: Vec<[_; 2]> = PIECES
            .iter()
            .map(|&piece| {
                let shapes = &shapes[usize::from(piece.role == Role::King)];
                [false, true].map(|ring| shapes.draw(PieceLook { piece, ring }, theme))
            })
            .collect();
        let contents = Content::all();
        let bases: Vec<Vec<Rgb>> = Ground::ALL
            .iter()
            .flat_map(|&ground| contents.iter().map(move |&content| (ground, content)))
            .map(|(ground, content)| {
                let colour = ground.colour(theme);
                let (layer, opacity) = match content {
                    Content::Empty => return vec![colour; (q * q) as usize],
                    Content::Piece { piece, ring } => {
                        (&layers[piece_index(piece)][usize::from(ring)], 1.0)
                    }
                    Content::Ghost(piece) => (&layers[piece_index(piece)][0], GHOST_OPACITY),
                };
                layer
                    .pixels()
                    .map(|&p| pieces::over(colour, p, opacity))
                    .collect()
            })
            .collect();
        let mut numbered = Vec::with_capacity(32 * 2 * Content::COUNT);
        for square in Square::ALL {
            let number = &numbers[square.index()];
            for ground in Ground::ALL {
                let (ink, opacity) = Theme::number_ink(ground.colour(theme));
                for &content in &contents {
                    let base = &bases[ground.index() * Content::COUNT + content.index()];
                    let changed = number
                        .iter()
                        .map(|p| {
                            let at = (p.y * q + p.x) as usize;
                            (at, base[at].mix(ink, p.coverage * opacity))
                        })
                        .collect();
                    numbered.push(changed);
                }
            }
        }
        TileSet { bases, numbered }
    }
}

/// The empty board seen with `bottom` at the bottom: border, light squares, the empty dark
/// tiles (with their numbers) and the coordinates.
fn draw_background(
    layout: &Layout,
    theme: &Theme,
    bottom: Color,
    tiles: &TileSet,
    font: &FontRef<'static>,
) -> Vec<Rgb> {
    let q = layout.square;
    let mut canvas = RgbImage::from_pixel(layout.size, layout.size, image::Rgb(theme.border.0));
    for row in 0..8 {
        for column in 0..8 {
            let (x, y) = layout.cell_origin(column, row);
            let square = match bottom {
                Color::White => Square::from_column_row(column as u8, row as u8),
                Color::Black => Square::from_column_row(7 - column as u8, 7 - row as u8),
            };
            let Some(square) = square else {
                let cell = Rect::at(x as i32, y as i32).of_size(q, q);
                draw_filled_rect_mut(&mut canvas, cell, image::Rgb(theme.light_square.0));
                continue;
            };
            let tile = tiles.tile(square, Ground::Plain, Content::Empty);
            for (i, colour) in tile.iter().enumerate() {
                let (tx, ty) = (i as u32 % q, i as u32 / q);
                canvas.put_pixel(x + tx, y + ty, image::Rgb(colour.0));
            }
        }
    }
    if layout.coordinates {
        draw_coordinates(&mut canvas, layout, theme, bottom, font);
    }
    canvas.pixels().map(|p| Rgb(p.0)).collect()
}

/// The palette of the pictures `count_pictures` adds: the flat colours and the inks' blends
/// over them kept exact, the rest quantized.
fn choose_palette(theme: &Theme, count_pictures: impl FnOnce(&mut PaletteBuilder)) -> Palette {
    let mut builder = PaletteBuilder::default();
    let grounds = [
        theme.light_square,
        theme.dark_square,
        theme.highlighted_square(),
        theme.border,
    ];
    for colour in grounds {
        builder.anchor(colour);
    }
    builder.anchor(theme.last_move);
    builder.anchor(theme.border_ink());
    for ground in Ground::ALL {
        let (ink, opacity) = Theme::number_ink(ground.colour(theme));
        builder.anchor(theme.last_move.mix(ink, opacity));
        builder.anchor(theme.last_move.mix(ink, opacity / 2.0));
    }
    for level in [4, 8, 12] {
        let t = level as f32 / INK_LEVELS as f32;
        for ground in &grounds[..3] {
            builder.anchor(ground.mix(theme.last_move, t));
        }
        builder.anchor(theme.border.mix(theme.border_ink(), t));
    }
    count_pictures(&mut builder);
    builder.build()
}

/// Files a-h under the board and ranks 1-8 to its left, as the player at the bottom sees them.
fn draw_coordinates(
    canvas: &mut RgbImage,
    layout: &Layout,
    theme: &Theme,
    bottom: Color,
    font: &FontRef<'static>,
) {
    let px = layout.border as f32 * 0.62;
    let ink = theme.border_ink();
    let board_end = layout.border + 8 * layout.square;
    let bottom_band = (board_end as f32, layout.size as f32);
    let left_band = (0.0, layout.border as f32);
    let half = layout.square as f32 / 2.0;
    for i in 0..8u32 {
        let (file, rank) = match bottom {
            Color::White => (i, 8 - i),
            Color::Black => (7 - i, i + 1),
        };
        let centre = layout.border as f32 + i as f32 * layout.square as f32 + half;
        let letter = char::from(b'a' + file as u8).to_string();
        let band_centre = f32::midpoint(bottom_band.0, bottom_band.1);
        // Letters share the baseline of an `a`, centred as a whole.
        draw_centred(canvas, font, px, &letter, "a", (centre, band_centre), ink);
        let rank = rank.to_string();
        let left_centre = f32::midpoint(left_band.0, left_band.1);
        draw_centred(canvas, font, px, &rank, &rank, (left_centre, centre), ink);
    }
}

/// Draws `text` with its ink centred on `centre`: horizontally by its own ink, vertically by
/// the ink of `vertical` (so that a row of labels shares one baseline).
fn draw_centred(
    canvas: &mut RgbImage,
    font: &FontRef<'static>,
    px: f32,
    text: &str,
    vertical: &str,
    centre: (f32, f32),
    ink: Rgb,
) {
    let style = Style::new(font, px);
    let (left, _, right, _) = style.ink_bounds(text);
    let (_, top, _, bottom) = style.ink_bounds(vertical);
    let x = centre.0 - f32::midpoint(left, right);
    let baseline = centre.1 - f32::midpoint(top, bottom);
    style.draw(
        canvas,
        image::Rgb(ink.0),
        x.round() as i32,
        baseline.round() as i32,
        text,
    );
}
