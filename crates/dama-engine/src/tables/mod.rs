//! Endgame tables: the exact value of every position with few pieces.
//!
//! For every Italian position with up to five pieces (six if built), either side to
//! move, the tables hold whether the side to move wins, draws or loses with perfect play, and
//! in how many plies: the winner wins by the shortest way, the loser resists by the longest.
//! A side with no piece or no legal move has lost. Draws by repetition and by the 40-move rule
//! are not part of the tables (as in every draughts endgame database): a position they call won
//! may take longer than the 40-move rule allows.
//!
//! ```no_run
//! use std::path::Path;
//! use dama_engine::{Tablebase, Verdict};
//! use dama_rules::{Move, Position};
//!
//! let (tables, problems) = Tablebase::load(Path::new("tables"));
//! for problem in &problems {
//!     eprintln!("endgame tables: {problem}");
//! }
//! let position = Position::from_fen("W:WK29:B2").unwrap();
//! if let Some(verdict) = tables.probe(&position) {
//!     println!("{}", verdict.describe(position.turn())); // "won for White in 4 moves"
//! }
//! ```
//!
//! The tables are built by [`build`] (the `damabot tables build` command) into one file per
//! material slice; see [`file`](mod@file) for the format and [`index`] for the index function.

mod build;
pub mod file;
pub mod index;
mod verdict;

use std::path::Path;

use dama_rules::{Move, Position};

pub use build::{BuildError, BuildOptions, PairReport, build, total_entries};
pub use index::{MAX_PIECES, Material};
pub use verdict::{LONGEST_STORED_LOSS, LONGEST_STORED_WIN, Verdict};

use index::Board;

/// Loaded endgame tables: any set of material slices, probed without allocation.
pub struct Tablebase {
    /// One entry per [`Material::code`].
    slices: Vec<Option<Box<[u8]>>>,
    max_pieces: u8,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("max_pieces", &self.max_pieces)
            .field("slices", &self.materials().count())
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Default for Tablebase {
    fn default() -> Self {
        Tablebase::empty()
    }
}

impl Tablebase {
    /// No tables: every probe says `None`.
    #[must_use]
    pub fn empty() -> Tablebase {
        Tablebase {
            slices: vec![None; 8 * 8 * 8 * 8],
            max_pieces: 0,
        }
    }

    /// Loads every table file in `dir`. Each problem (a missing slice, a damaged or outdated
    /// file, an unreadable directory) becomes one message; every sound slice is loaded anyway,
    /// and positions of a missing slice probe as `None`. A slice is missing when a file of
    /// another slice with as many pieces or more is present.
    #[must_use]
    pub fn load(dir: &Path) -> (Tablebase, Vec<String>) {
        let mut tables = Tablebase::empty();
        let mut problems = Vec::new();
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(error) => {
                problems.push(format!(
                    "cannot read the endgame table directory {}: {error}",
                    dir.display()
                ));
                return (tables, problems);
            }
        };
        let mut present = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if let Some(stem) = name.strip_suffix(".dtw") {
                match stem.parse::<Material>() {
                    Ok(material) => present.push(material),
                    Err(()) => problems.push(format!("{name}: not a table name, ignored")),
                }
            } else if name.ends_with(".dtw.partial") {
                problems.push(format!("{name}: left by an interrupted build, ignored"));
            }
        }
        let Some(largest) = present.iter().map(|m| m.pieces()).max() else {
            problems.push(format!("no endgame tables in {}", dir.display()));
            return (tables, problems);
        };
        for pieces in 2..=largest {
            for material in Material::all_with(pieces) {
                if !present.contains(&material) {
                    problems.push(format!("{}: missing", material.file_name()));
                    continue;
                }
                match file::read_slice(dir, material) {
                    Ok(payload) => {
                        tables.slices[material.code()] = Some(payload.into_boxed_slice());
                        tables.max_pieces = tables.max_pieces.max(pieces);
                    }
                    Err(error) => problems.push(format!("{}: {error}", material.file_name())),
                }
            }
        }
        problems.sort();
        (tables, problems)
    }

    /// Builds the tables (see [`build`]).
    pub fn build(
        options: &BuildOptions,
        progress: &mut dyn FnMut(&PairReport),
    ) -> Result<Tablebase, BuildError> {
        build(options, progress)
    }

    /// The exact value of `position`, from the side to move's view; `None` when it has more
    /// pieces than any loaded slice, when its slice is not loaded, or when the side not to move
    /// has no piece (not a position of a game). A side to move without pieces has lost
    /// (`Loss { plies: 0 }`). Costs one index computation and one memory read.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<Verdict> {
        if position.occupied().count() > u32::from(self.max_pieces) {
            return None;
        }
        self.lookup(&Board::from_position(position))
    }

    fn lookup(&self, board: &Board) -> Option<Verdict> {
        if board.own_men | board.own_kings == 0 {
            return Some(Verdict::Loss { plies: 0 });
        }
        if board.their_men | board.their_kings == 0 {
            return None;
        }
        let material = board.material();
        if material.pieces() > MAX_PIECES {
            return None;
        }
        let slice = self.slices[material.code()].as_deref()?;
        Some(Verdict::from_byte(slice[material.index(board) as usize]))
    }

    /// The move that keeps the table value of `position` (the quickest win, the longest
    /// resistance, or a move that holds the draw), with that value, which is the verdict of
    /// `position` itself. Playing it from both sides ends a won game in exactly the promised
    /// number of plies. `None` when the position has no legal move or a move leads outside the
    /// loaded tables.
    #[must_use]
    pub fn best_move(&self, position: &Position) -> Option<(Move, Verdict)> {
        let mut best: Option<(Move, Verdict)> = None;
        for m in &position.legal_moves() {
            let mut after = *position;
            after.play_unchecked(m);
            let value = self.probe(&after)?.one_ply_back();
            if best.is_none_or(|(_, kept)| value.compare(kept).is_gt()) {
                best = Some((*m, value));
            }
        }
        best
    }

    /// The most pieces of any loaded slice (0 when none is loaded). A position with more pieces
    /// always probes as `None`; one with fewer may too, if its slice is missing.
    #[must_use]
    pub const fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    /// The materials of the loaded slices.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        (2..=MAX_PIECES)
            .flat_map(Material::all_with)
            .filter(|material| self.slices[material.code()].is_some())
    }

    /// Whether the slice of `material` is loaded.
    #[must_use]
    pub fn has(&self, material: Material) -> bool {
        material.pieces() <= MAX_PIECES && self.slices[material.code()].is_some()
    }

    /// Memory held by the loaded slices, in bytes.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.slices
            .iter()
            .flatten()
            .map(|slice| slice.len() as u64)
            .sum()
    }

    /// Writes every loaded slice to `dir` (created if needed); returns the bytes written.
    pub fn write(&self, dir: &Path) -> Result<u64, BuildError> {
        std::fs::create_dir_all(dir).map_err(|error| BuildError {
            path: dir.to_path_buf(),
            error,
        })?;
        let mut written = 0;
        for material in self.materials() {
            let payload = self.slices[material.code()]
                .as_deref()
                .expect("materials() lists loaded slices");
            written += file::write_slice(dir, material, payload)
                .map_err(|error| BuildError::writing(dir, material, error))?;
        }
        Ok(written)
    }
}
