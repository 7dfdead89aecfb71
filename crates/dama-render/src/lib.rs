//! Board images: a position (with its last move, the side at the bottom, an optional caption)
//! to PNG bytes, and a whole game to an animated GIF.
//!
//! In the manner of lichess's lila-gif, everything that can be drawn ahead is drawn once by
//! [`Renderer::new`], with `image` and `imageproc`: the empty board in both orientations
//! (border, coordinates, square numbers), every dark square with every piece on both grounds,
//! the turn marks, and one palette of at most 255 colours they all share. A request copies tiles, draws the last
//! move's path and the caption in palette indices, and encodes; it cannot fail.
//!
//! ```
//! use dama_core::config::RenderConfig;
//! use dama_render::{BoardView, Renderer};
//! use dama_rules::Position;
//!
//! let renderer = Renderer::new(&RenderConfig::default()).unwrap();
//! let start = Position::initial();
//! let m = start.parse_move("22-18").unwrap();
//! let mut view = BoardView::new(start.play(&m).unwrap());
//! view.last_move = Some(m);
//! let png = renderer.png(&view);
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

pub mod chart;
pub mod crown;
mod encode;
mod layout;
mod palette;
mod path;
mod pieces;
mod replay_cache;
pub use replay_cache::{REPLAY_CACHE_BYTES, REPLAY_CACHE_ENTRIES};
mod sprites;
pub mod table;
mod text;
mod theme;

pub use self::chart::{ChartLabels, ChartMark, MarkKind, advantage_chart};
pub use self::table::TableView;
pub use self::theme::{Rgb, Theme};

use ab_glyph::FontRef;
use dama_rules::{Bitboard, Color, Move, Piece, Position, Role, Square};

use dama_core::config::RenderConfig;

use self::layout::Layout;
use self::palette::InkCanvas;
use self::path::{PathStyle, Stop};
use self::sprites::{Content, Ground, Options, Sprites};
use self::text::Style;

/// The font of every label and caption (DejaVu Sans Bold; licence in `assets/fonts/`).
static FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The smallest and largest image sizes a configuration may ask for.
pub const MIN_SIZE: u32 = 128;
pub const MAX_SIZE: u32 = 2048;
/// Captions longer than this many characters are cut before they are measured.
pub const MAX_CAPTION_CHARS: usize = 100;

/// What one board image shows.
#[derive(Debug, Clone)]
pub struct BoardView {
    pub position: Position,
    /// The move that led to `position`, played by the side not to move: its path through
    /// every landing square, its squares highlighted, and the pieces it captured faint where
    /// they stood.
    pub last_move: Option<Move>,
    /// The side seen at the bottom. With Black at the bottom the board is turned by 180
    /// degrees (square 1 at the bottom right).
    pub bottom: Color,
    /// Ring the pieces that must capture ([`Position::capturers`]).
    pub highlight_capturers: bool,
    /// A strip above the board (players, whose turn), with a mark of the side to move. Cut to
    /// [`MAX_CAPTION_CHARS`] characters and to the width, with an ellipsis; a cut keeps each
    /// letter with its accents.
    pub caption: Option<String>,
}

impl BoardView {
    /// The position seen from the side to move, with nothing else.
    #[must_use]
    pub fn new(position: Position) -> BoardView {
        BoardView {
            position,
            last_move: None,
            bottom: position.turn(),
            highlight_capturers: false,
            caption: None,
        }
    }
}

/// A configuration the renderer cannot draw with; reported at start-up.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("render.{key}: `{value}` is not a colour (expected #rrggbb)")]
    Colour { key: &'static str, value: String },
    #[error("render.size: {size} is out of range ({MIN_SIZE} to {MAX_SIZE} pixels)")]
    Size { size: u32 },
    #[error("the embedded font cannot be read: {0}")]
    Font(#[from] ab_glyph::InvalidFont),
}

/// Draws boards. Built once at start-up and shared (it is `Send + Sync` and read-only).
pub struct Renderer {
    layout: Layout,
    sprites: Sprites,
    path_style: PathStyle,
    font: FontRef<'static>,
    /// The replays drawn lately (see [`REPLAY_CACHE_ENTRIES`]).
    replays: replay_cache::ReplayCache,
    theme: Theme,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer")
            .field("layout", &self.layout)
            .field("colours", &self.sprites.palette.len())
            .finish_non_exhaustive()
    }
}

/// An image as palette indices.
struct Indexed {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Renderer {
    /// Reads the theme and draws every tile, label and background.
    pub fn new(config: &RenderConfig) -> Result<Renderer, RenderError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&config.size) {
            return Err(RenderError::Size { size: config.size });
        }
        let theme = Theme::from_config(config)?;
        let font = FontRef::try_from_slice(FONT)?;
        let layout = Layout::new(config.size, config.coordinates);
        let options = Options {
            square_numbers: config.square_numbers,
        };
        let sprites = Sprites::build(&layout, &theme, options, &font);
        Ok(Renderer {
            layout,
            sprites,
            path_style: PathStyle::new(layout.square),
            font,
            replays: replay_cache::ReplayCache::new(REPLAY_CACHE_ENTRIES, REPLAY_CACHE_BYTES),
            theme,
        })
    }

    /// The colours every image is drawn with (the Activity's page draws its board with them
    /// too).
    #[must_use]
    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    /// The width of every image (and the height of one without a caption).
    #[must_use]
    pub fn size(&self) -> u32 {
        self.layout.size
    }

    /// The board as a PNG (palette colour, 8 bits a pixel).
    #[must_use]
    pub fn png(&self, view: &BoardView) -> Vec<u8> {
        let image = self.draw(view);
        encode::png(
            image.width,
            image.height,
            &image.pixels,
            &self.sprites.palette,
        )
    }

    /// A whole game as an animated GIF that loops: the start position, then the board after
    /// each ply with its move shown, the first and last boards held longer. Moves that are not
    /// legal in turn end the replay there.
    ///
    /// `captions` are the caption strips of the boards (the start, then one after each move),
    /// drawn as [`BoardView::caption`] is, with the mark of the side to move; a board past
    /// the end of the list has an empty strip, and no captions at all means no strip. A ply
    /// whose caption changed is two GIF frames, the board's change and then, 20 ms later, the
    /// strip's; the boards show as long as without captions.
    ///
    /// The same replay asked for again (the same game at the same length, seen from the same
    /// side, in the same language) is not drawn again: the last
    /// [`REPLAY_CACHE_ENTRIES`] are kept.
    #[must_use]
    pub fn replay_gif(
        &self,
        start: &Position,
        moves: &[Move],
        bottom: Color,
        captions: &[String],
    ) -> Vec<u8> {
        let key = replay_cache::ReplayKey::new(start, moves, bottom, captions);
        self.replays
            .get_or_draw(key, || self.draw_replay(start, moves, bottom, captions))
    }

    fn draw_replay(
        &self,
        start: &Position,
        moves: &[Move],
        bottom: Color,
        captions: &[String],
    ) -> Vec<u8> {
        let caption = |ply: usize| {
            (!captions.is_empty()).then(|| captions.get(ply).cloned().unwrap_or_default())
        };
        let mut view = BoardView::new(*start);
        view.bottom = bottom;
        view.caption = caption(0);
        let first = self.draw(&view).pixels;
        let mut position = *start;
        let plies = moves.iter().enumerate().map_while(|(ply, m)| {
            position = position.play(m).ok()?;
            view.position = position;
            view.last_move = Some(*m);
            view.caption = caption(ply + 1);
            Some(self.draw(&view).pixels)
        });
        let strip = if captions.is_empty() {
            0
        } else {
            self.layout.caption
        };
        encode::gif(
            self.layout.size,
            strip,
            std::iter::once(first).chain(plies),
            &self.sprites.palette,
        )
    }

    /// The board in palette indices.
    fn draw(&self, view: &BoardView) -> Indexed {
        let size = self.layout.size as usize;
        let caption_height = if view.caption.is_some() {
            self.layout.caption as usize
        } else {
            0
        };
        let height = size + caption_height;
        let mut pixels = Vec::with_capacity(size * height);
        pixels.resize(caption_height * size, self.sprites.caption_background);
        pixels.extend_from_slice(self.sprites.background(view.bottom));

        let position = &view.position;
        let mut highlighted = Bitboard::EMPTY;
        let mut captured = Bitboard::EMPTY;
        let mut captured_kings = Bitboard::EMPTY;
        if let Some(m) = &view.last_move {
            highlighted = highlighted.with(m.from());
            for &landing in m.landings() {
                highlighted = highlighted.with(landing);
            }
            captured = m.captured();
            captured_kings = m.captured_kings();
        }
        let capturers = if view.highlight_capturers {
            position.capturers()
        } else {
            Bitboard::EMPTY
        };
        let q = self.layout.square as usize;
        for square in Square::ALL {
            let ground = if highlighted.contains(square) {
                Ground::Highlight
            } else {
                Ground::Plain
            };
            let content = match position.piece_at(square) {
                Some(piece) => Content::Piece {
                    piece,
                    ring: capturers.contains(square),
                },
                None if captured.contains(square) => Content::Ghost(Piece {
                    color: position.turn(),
                    role: if captured_kings.contains(square) {
                        Role::King
                    } else {
                        Role::Man
                    },
                }),
                None => Content::Empty,
            };
            if ground == Ground::Plain && content == Content::Empty {
                continue;
            }
            let tile = self.sprites.tile(square, ground, content);
            let (x, y) = self.layout.square_origin(square, view.bottom);
            let (x, y) = (x as usize, y as usize + caption_height);
            for (row, tile_row) in tile.chunks_exact(q).enumerate() {
                let start = (y + row) * size + x;
                pixels[start..start + q].copy_from_slice(tile_row);
            }
        }

        if let Some(m) = &view.last_move {
            let stop = |square: Square| {
                let (x, y) = self.layout.square_centre(square, view.bottom);
                Stop {
                    centre: (x, y + caption_height as f32),
                    occupied: position.piece_at(square).is_some(),
                }
            };
            let mut stops = Vec::with_capacity(m.landings().len() + 1);
            stops.push(stop(m.from()));
            stops.extend(m.landings().iter().map(|&s| stop(s)));
            let coverage = path::draw_path(
                &mut pixels,
                size,
                &stops,
                &self.path_style,
                &self.sprites.path_ink,
            );
            // The square numbers stay readable on top of the path.
            if let Some(coverage) = coverage {
                for square in Square::ALL {
                    let ink = self.sprites.number_ink(if highlighted.contains(square) {
                        Ground::Highlight
                    } else {
                        Ground::Plain
                    });
                    let (x, y) = self.layout.square_origin(square, view.bottom);
                    let (x, y) = (x as usize, y as usize + caption_height);
                    for p in &self.sprites.numbers[square.index()] {
                        let (px, py) = (x + usize::from(p.x), y + usize::from(p.y));
                        if coverage.level(px, py) > 0 {
                            let pixel = &mut pixels[py * size + px];
                            *pixel = ink[usize::from(*pixel)][usize::from(p.level)];
                        }
                    }
                }
            }
        }

        if let Some(caption) = &view.caption {
            self.draw_caption(&mut pixels, caption, position.turn());
        }
        Indexed {
            width: size as u32,
            height: height as u32,
            pixels,
        }
    }

    /// The left edge of the turn mark in the caption strip.
    fn turn_mark_x(&self) -> usize {
        let (size, strip) = (self.layout.size as usize, self.layout.caption as usize);
        size - strip - (self.layout.border as usize).saturating_sub(strip / 8)
    }

    fn caption_style(&self) -> Style<'_> {
        Style::new(&self.font, self.layout.caption as f32 * 0.5)
    }

    /// The text of a caption as the strip shows it: controls as spaces, at most
    /// [`MAX_CAPTION_CHARS`] characters (each with the accents typed after it), cut to the
    /// room left of the turn mark.
    fn caption_text(&self, caption: &str) -> String {
        let mut letters = 0;
        let clean: String = caption
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .take_while(|&c| {
                letters += usize::from(!text::joins(c));
                letters <= MAX_CAPTION_CHARS
            })
            .collect();
        let left = self.layout.border.max(4);
        let strip = self.layout.caption;
        let room = (self.turn_mark_x() as f32 - left as f32 - strip as f32 * 0.25) as u32;
        self.caption_style().fit(clean.trim(), room)
    }

    /// The caption strip: the text on the left, a man of the side to move on the right.
    fn draw_caption(&self, pixels: &mut [u8], caption: &str, turn: Color) {
        let size = self.layout.size as usize;
        let strip = self.layout.caption as usize;
        let mark = self.sprites.turn_mark(turn);
        let mark_x = self.turn_mark_x();
        for (row, mark_row) in mark.chunks_exact(strip).enumerate() {
            let start = row * size + mark_x;
            pixels[start..start + strip].copy_from_slice(mark_row);
        }

        let style = self.caption_style();
        let text = self.caption_text(caption);
        let left = self.layout.border.max(4);
        let baseline = f32::midpoint(strip as f32, style.cap_height()).round() as i32;
        let mut canvas =
            InkCanvas::new(&mut pixels[..strip * size], size, &self.sprites.caption_ink);
        style.draw(
            &mut canvas,
            image::Luma([255]),
            left as i32,
            baseline,
            &text,
        );
    }
}

#[cfg(test)]
mod tests;
