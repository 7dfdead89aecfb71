//! A validated position and its legal moves under the FID rules.

use std::fmt;

use crate::bitboard::{Direction, JUMPS, NEIGHBOURS};
use crate::setup::PositionError;
use crate::zobrist::{BLACK_TO_MOVE, piece_key};
use crate::{Bitboard, ByColor, Color, MAX_MOVES, Move, MoveList, Piece, Role, Setup, Square};

/// A legal position: at most 12 pieces a side, no man on its promotion row, side to move.
/// Built only through [`Position::from_setup`] (or FEN), so nothing re-checks it later.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pieces: ByColor<Bitboard>,
    kings: Bitboard,
    turn: Color,
    hash: u64,
}

/// A move that is not legal in the position it was played in; the position comes back.
#[derive(Debug, Clone)]
pub struct PlayError {
    pub position: Position,
    pub attempted: Move,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.attempted)
    }
}

impl std::error::Error for PlayError {}

impl Default for Position {
    fn default() -> Self {
        Position::initial()
    }
}

impl Position {
    /// The start position, White to move.
    #[must_use]
    pub fn initial() -> Position {
        Position::from_setup(Setup::INITIAL).expect("the start position is legal")
    }

    /// Validates a setup; the error lists every problem.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let problems = setup.problems();
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let mut position = Position {
            pieces: setup.pieces,
            kings: setup.kings,
            turn: setup.turn,
            hash: 0,
        };
        position.hash = position.compute_hash();
        Ok(position)
    }

    /// The unvalidated form of this position.
    #[must_use]
    pub const fn setup(&self) -> Setup {
        Setup {
            pieces: self.pieces,
            kings: self.kings,
            turn: self.turn,
        }
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// All pieces of one colour.
    #[must_use]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.pieces.white,
            Color::Black => self.pieces.black,
        }
    }

    /// Kings of both colours.
    #[must_use]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// Every occupied square.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.pieces.white.0 | self.pieces.black.0)
    }

    /// The pieces of one colour and role.
    #[must_use]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        let pieces = self.pieces(piece.color);
        match piece.role {
            Role::Man => pieces & !self.kings,
            Role::King => pieces & self.kings,
        }
    }

    /// The piece on a square.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.setup().piece_at(square)
    }

    /// The 64-bit Zobrist hash, kept up to date by every move.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in Color::ALL {
            for square in self.pieces(color) {
                let role = if self.kings.contains(square) {
                    Role::King
                } else {
                    Role::Man
                };
                hash ^= piece_key(color, role, square);
            }
        }
        hash
    }

    /// Every legal move. Captures are compulsory and follow the FID precedence; each capture
    /// path is listed, also two paths that take the same pieces to the same square.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Position::legal_moves`] into a list the caller owns (cleared first), which saves
    /// moving the list in hot loops such as search and perft.
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        self.legal_moves_with(self.capturers(), moves);
    }

    /// [`Position::legal_moves_into`] with the pieces that can capture already known: they
    /// must be this position's [`Position::capturers`]. The search has them from its look at
    /// whether the side to move must capture, and saves finding them again.
    pub fn legal_moves_with(&self, capturers: Bitboard, moves: &mut MoveList) {
        debug_assert_eq!(capturers, self.capturers());
        moves.clear();
        if capturers.any() {
            self.search_captures(capturers, Some(moves));
        } else {
            self.generate_simple(moves);
        }
    }

    /// How many legal moves there are (what perft counts at its last ply), without building
    /// them.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let capturers = self.capturers();
        if capturers.any() {
            self.search_captures(capturers, None)
        } else {
            self.count_simple()
        }
    }

    /// Whether the side to move has any legal move (if not, it has lost).
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.capturers().any() || self.has_simple_moves()
    }

    /// Whether the side to move has a simple (non-capturing) move: when it has no capture to
    /// make (see [`Position::must_capture`]), whether it has any legal move.
    #[must_use]
    pub fn has_simple_moves(&self) -> bool {
        self.simple_targets().iter().any(|(_, t)| t.any())
    }

    /// Whether the side to move must capture.
    #[must_use]
    pub fn must_capture(&self) -> bool {
        self.capturers().any()
    }

    /// The pieces of the side to move that can make at least one capture.
    #[must_use]
    pub fn capturers(&self) -> Bitboard {
        let us = self.pieces(self.turn);
        let them = self.pieces(!self.turn);
        let empty = !self.occupied();
        let our_men = us & !self.kings;
        let our_kings = us & self.kings;
        let their_men = them & !self.kings;
        let (forward, backward) = forward_directions(self.turn);
        let mut capturers = Bitboard::EMPTY;
        // A square that can jump in direction d: its neighbour in d holds a capturable piece
        // and the square beyond is empty. Walk back from the empty landing squares.
        for d in forward {
            let back = opposite(d);
            let beyond = empty.step(back);
            capturers |= (beyond & their_men).step(back) & our_men;
            capturers |= (beyond & them).step(back) & our_kings;
        }
        for d in backward {
            let back = opposite(d);
            capturers |= (empty.step(back) & them).step(back) & our_kings;
        }
        capturers
    }

    /// Plays a legal move; an illegal one hands the position back in the error.
    pub fn play(self, m: &Move) -> Result<Position, PlayError> {
        if self.legal_moves().iter().any(|legal| legal == m) {
            let mut next = self;
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(PlayError {
                position: self,
                attempted: *m,
            })
        }
    }

    /// Plays a move known to be legal here (from [`Position::legal_moves`]), for search and
    /// perft. Playing anything else leaves an unspecified (but memory-safe) position.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        let from = m.from;
        let to = m.to();
        let from_bit = Bitboard::from_square(from);
        let to_bit = Bitboard::from_square(to);

        let mut hash = self.hash ^ BLACK_TO_MOVE ^ piece_key(us, m.role, from);
        let new_role = if m.promotes { Role::King } else { m.role };
        hash ^= piece_key(us, new_role, to);

        let ours = self.pieces.get_mut(us);
        *ours = (*ours & !from_bit) | to_bit;
        if m.role == Role::King {
            self.kings = (self.kings & !from_bit) | to_bit;
        } else if m.promotes {
            self.kings |= to_bit;
        }

        if m.len > 0 {
            for square in m.captured {
                let role = if m.captured_kings.contains(square) {
                    Role::King
                } else {
                    Role::Man
                };
                hash ^= piece_key(them, role, square);
            }
            let theirs = self.pieces.get_mut(them);
            *theirs &= !m.captured;
            self.kings &= !m.captured;
        }

        self.turn = them;
        self.hash = hash;
    }

    /// The position with the other side to move and the same pieces (for null-move style
    /// analysis and tests).
    #[must_use]
    pub fn with_turn(mut self, turn: Color) -> Position {
        if turn != self.turn {
            self.turn = turn;
            self.hash ^= BLACK_TO_MOVE;
        }
        self
    }

    /// For each direction, the squares simple moves reach from the pieces that move that way.
    fn simple_targets(&self) -> [(Direction, Bitboard); 4] {
        let us = self.pieces(self.turn);
        let empty = !self.occupied();
        let kings = us & self.kings;
        let (forward, backward) = forward_directions(self.turn);
        [
            (forward[0], us.step(forward[0]) & empty),
            (forward[1], us.step(forward[1]) & empty),
            (backward[0], kings.step(backward[0]) & empty),
            (backward[1], kings.step(backward[1]) & empty),
        ]
    }

    fn count_simple(&self) -> usize {
        self.simple_targets()
            .iter()
            .map(|(_, t)| t.count() as usize)
            .sum()
    }

    fn generate_simple(&self, moves: &mut MoveList) {
        moves.clear();
        let promotion_row = promotion_row(self.turn);
        for (direction, targets) in self.simple_targets() {
            let back = opposite(direction) as usize;
            for to in targets {
                let from = NEIGHBOURS[to.index()][back].expect("a target has a source square");
                let role = if self.kings.contains(from) {
                    Role::King
                } else {
                    Role::Man
                };
                let promotes = role == Role::Man && promotion_row.contains(to);
                moves.push(Move::simple(from, to, role, promotes));
            }
        }
    }

    /// Runs the capture search from every capturer; fills `moves` if given and returns how
    /// many capture paths the precedence allows.
    fn search_captures(&self, capturers: Bitboard, moves: Option<&mut MoveList>) -> usize {
        let us = self.turn;
        let them = self.pieces(!us);
        let mut search = CaptureSearch {
            them,
            their_kings: them & self.kings,
            promotion_row: promotion_row(us),
            forward_range: if us == Color::White { 0..2 } else { 2..4 },
            occupied: Bitboard::EMPTY,
            best: 0,
            count: 0,
            current: Move::simple(Square::ALL[0], Square::ALL[0], Role::Man, false),
            moves,
        };
        for from in capturers {
            let role = if self.kings.contains(from) {
                Role::King
            } else {
                Role::Man
            };
            search.occupied = self.occupied().without(from);
            search.current = Move::simple(from, from, role, false);
            search.current.len = 0;
            search.extend(from, role == Role::King);
        }
        search.count
    }
}

/// Depth-first search over one piece's capture paths, keeping only the paths that the FID
/// precedence allows (compared through a single key, see [`CaptureSearch::key`]).
struct CaptureSearch<'a> {
    them: Bitboard,
    their_kings: Bitboard,
    promotion_row: Bitboard,
    /// The direction indices in which men of the side to move capture.
    forward_range: std::ops::Range<usize>,
    /// Every occupied square except the moving piece's origin; captured pieces stay on the
    /// board (and block) until the move ends.
    occupied: Bitboard,
    best: u32,
    /// Paths found with the best key so far.
    count: usize,
    current: Move,
    moves: Option<&'a mut MoveList>,
}

impl CaptureSearch<'_> {
    fn extend(&mut self, at: Square, is_king: bool) {
        let mut continued = false;
        // Men jump forward only and never over kings; nothing is jumped twice.
        let (capturable, directions) = if is_king {
            (self.them & !self.current.captured, 0..4)
        } else {
            (
                self.them & !self.their_kings & !self.current.captured,
                self.forward_range.clone(),
            )
        };
        for direction in directions {
            let Some((over, landing)) = JUMPS[at.index()][direction] else {
                continue;
            };
            if !capturable.contains(over) || self.occupied.contains(landing) {
                continue;
            }
            continued = true;
            let n = self.current.len as usize;
            self.current.landings[n] = landing;
            self.current.jumped[n] = over;
            self.current.len += 1;
            self.current.captured = self.current.captured.with(over);
            let over_king = self.their_kings.contains(over);
            if over_king {
                self.current.captured_kings = self.current.captured_kings.with(over);
            }
            if !is_king && self.promotion_row.contains(landing) {
                // Promotion ends the move, even in the middle of a capture.
                self.current.promotes = true;
                self.finish();
                self.current.promotes = false;
            } else {
                self.extend(landing, is_king);
            }
            self.current.len -= 1;
            self.current.captured = self.current.captured.without(over);
            if over_king {
                self.current.captured_kings = self.current.captured_kings.without(over);
            }
        }
        if !continued && self.current.len > 0 {
            self.finish();
        }
    }

    /// The precedence of a finished capture as one number, larger is better: pieces taken
    /// (Art. 6.6), then a king capturing (6.7), then kings taken (6.8), then how early the
    /// kings are met (6.9): bit `15 - i` is set when the `i`-th piece jumped is a king, so for
    /// equal king counts the larger mask meets its kings earlier, place by place.
    fn key(&self) -> u32 {
        let m = &self.current;
        let mut order = 0u32;
        if m.captured_kings.any() {
            for (i, square) in m.captures().iter().enumerate() {
                if m.captured_kings.contains(*square) {
                    order |= 1 << (15 - i);
                }
            }
        }
        (u32::from(m.len) << 24)
            | (u32::from(m.role == Role::King) << 20)
            | (m.captured_kings.count() << 16)
            | order
    }

    fn finish(&mut self) {
        let key = self.key();
        if key > self.best {
            self.best = key;
            self.count = 0;
            if let Some(moves) = self.moves.as_deref_mut() {
                moves.clear();
            }
        }
        if key == self.best {
            self.count += 1;
            if let Some(moves) = self.moves.as_deref_mut() {
                // MAX_MOVES is far above any position's count of best capture paths (a
                // search for extreme positions found fewer than 20); never panic on it.
                let pushed = moves.try_push(self.current);
                debug_assert!(pushed.is_ok(), "more than {MAX_MOVES} capture paths");
            }
        }
    }
}

/// The directions in which a colour's men move: (forward, backward).
const fn forward_directions(color: Color) -> ([Direction; 2], [Direction; 2]) {
    match color {
        Color::White => (
            [Direction::UpLeft, Direction::UpRight],
            [Direction::DownLeft, Direction::DownRight],
        ),
        Color::Black => (
            [Direction::DownLeft, Direction::DownRight],
            [Direction::UpLeft, Direction::UpRight],
        ),
    }
}

const fn opposite(direction: Direction) -> Direction {
    match direction {
        Direction::UpLeft => Direction::DownRight,
        Direction::UpRight => Direction::DownLeft,
        Direction::DownLeft => Direction::UpRight,
        Direction::DownRight => Direction::UpLeft,
    }
}

const fn promotion_row(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::TOP_ROW,
        Color::Black => Bitboard::BOTTOM_ROW,
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::fen::write(&self.setup()))
    }
}

impl fmt::Display for Position {
    /// A text board seen from White: `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            for column in 0..8 {
                let cell = match Square::from_column_row(column, row) {
                    Some(square) => self.piece_at(square).map_or('.', Piece::char),
                    None => ' ',
                };
                write!(f, "{cell}")?;
                if column < 7 {
                    f.write_str(" ")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "{} to move", self.turn)
    }
}
