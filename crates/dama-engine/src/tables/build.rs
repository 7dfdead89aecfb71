//! Building the tables by retrograde analysis.
//!
//! Slices are built in an order where every move leads to something already known:
//!
//! - by piece count (a capture lowers it), then by the number of men (a promotion lowers it);
//! - a slice and its colour twin (the same pieces with the other side to move) are built
//!   together, one placement of the men at a time, the most advanced placements first: a man
//!   move advances a man, so it leads to a placement built earlier;
//! - within one placement of the men only king steps remain. That small game is solved by
//!   retrograde analysis: the moves that leave it (captures, man moves, promotions) are
//!   looked up in what is already built, then the wins and losses spread back one ply at a
//!   time through the king steps that reach each position ("unmoves": a king steps back, and
//!   the position before must have had no capture, since capturing is compulsory). What is
//!   never reached is a draw.
//!
//! Every move and every capture comes from `dama_rules::Position::legal_moves`, so the tables
//! follow the FID rules exactly (men never capture kings, the capture precedence, promotion
//! ending a capture).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dama_rules::{Bitboard, ByColor, Color, Direction, Position, Role, Setup};

use super::Tablebase;
use super::file;
use super::index::{Board, MAX_PIECES, Material, deposit, subsets};
use super::verdict::Verdict;

/// What to build and where.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Build every slice with up to this many pieces (2 to [`MAX_PIECES`]; 5 is the usual choice).
    pub max_pieces: u8,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Write each slice to this directory as soon as it is built.
    pub dir: Option<PathBuf>,
    /// Load slices already in `dir` (checked as by [`Tablebase::load`]) instead of building them.
    pub reuse_existing: bool,
}

impl BuildOptions {
    /// Builds in memory only, with one thread per core.
    #[must_use]
    pub fn in_memory(max_pieces: u8) -> BuildOptions {
        BuildOptions {
            max_pieces,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            dir: None,
            reuse_existing: false,
        }
    }
}

/// A finished pair of slices (a material and its colour twin), for progress reports.
#[derive(Debug, Clone)]
pub struct PairReport {
    /// The slices: one material, or two that are each other's colour twin.
    pub materials: Vec<Material>,
    /// Positions in them (unused index entries not counted); 0 for slices loaded, not built.
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The longest win, in plies.
    pub longest_win: u16,
    /// Entries whose distance did not fit in a byte and was clamped.
    pub clamped: u64,
    /// Bytes written to the directory (0 when building in memory).
    pub bytes_written: u64,
    /// Whether the slices were loaded from the directory rather than built.
    pub reused: bool,
    pub elapsed: Duration,
}

/// A failed build: a table file or its directory that could not be written.
#[derive(Debug)]
pub struct BuildError {
    pub path: PathBuf,
    pub error: std::io::Error,
}

impl BuildError {
    pub(crate) fn writing(dir: &Path, material: Material, error: std::io::Error) -> BuildError {
        BuildError {
            path: dir.join(material.file_name()),
            error,
        }
    }
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for BuildError {}

/// Builds every slice with up to `options.max_pieces` pieces; `progress` hears about each pair
/// of slices as it is finished.
pub fn build(
    options: &BuildOptions,
    progress: &mut dyn FnMut(&PairReport),
) -> Result<Tablebase, BuildError> {
    let max_pieces = options.max_pieces.clamp(2, MAX_PIECES);
    let mut tables = Tablebase::empty();
    if let Some(dir) = &options.dir {
        std::fs::create_dir_all(dir).map_err(|error| BuildError {
            path: dir.clone(),
            error,
        })?;
    }
    for pieces in 2..=max_pieces {
        let mut pairs: Vec<Material> = Material::all_with(pieces)
            .into_iter()
            .filter(|material| *material <= material.swapped())
            .collect();
        pairs.sort_by_key(|material| (material.men(), *material));
        for material in pairs {
            let started = Instant::now();
            let mut report = match reuse(options, &mut tables, material) {
                Some(report) => report,
                None => build_pair(&mut tables, material, options.threads.max(1)),
            };
            if let (Some(dir), false) = (&options.dir, report.reused) {
                for &material in &report.materials {
                    let payload = tables.slices[material.code()]
                        .as_deref()
                        .expect("a built slice is in memory");
                    report.bytes_written += file::write_slice(dir, material, payload)
                        .map_err(|error| BuildError::writing(dir, material, error))?;
                }
            }
            report.elapsed = started.elapsed();
            tables.max_pieces = tables.max_pieces.max(pieces);
            progress(&report);
        }
    }
    Ok(tables)
}

/// The materials of the pair that `white` (White to move) starts.
fn pair_of(white: Material) -> Vec<Material> {
    if white == white.swapped() {
        vec![white]
    } else {
        vec![white, white.swapped()]
    }
}

/// Loads a pair from the directory if every slice of it is there and sound.
fn reuse(options: &BuildOptions, tables: &mut Tablebase, white: Material) -> Option<PairReport> {
    let dir = options.dir.as_deref().filter(|_| options.reuse_existing)?;
    let materials = pair_of(white);
    let mut payloads = Vec::new();
    for &material in &materials {
        payloads.push(file::read_slice(dir, material).ok()?);
    }
    let report = PairReport {
        materials: materials.clone(),
        positions: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        longest_win: 0,
        clamped: 0,
        bytes_written: 0,
        reused: true,
        elapsed: Duration::ZERO,
    };
    for (material, payload) in materials.into_iter().zip(payloads) {
        tables.slices[material.code()] = Some(payload.into_boxed_slice());
    }
    Some(report)
}

/// Builds the slice `white` (seen as White to move) and its colour twin.
fn build_pair(tables: &mut Tablebase, white: Material, threads: usize) -> PairReport {
    let black = white.swapped();
    let materials = pair_of(white);
    for &material in &materials {
        tables.slices[material.code()] = Some(vec![0u8; material.entries() as usize].into());
    }
    let mut totals = Stats::default();
    let block_len = white.kings_per_men() as usize;
    for level in men_levels(white) {
        let next = AtomicUsize::new(0);
        let shared: &Tablebase = tables;
        // Placements are shared among the threads; a lone placement shares its own work.
        let (workers, inner) = if level.len() == 1 {
            (1, threads)
        } else {
            (threads.min(level.len()), 1)
        };
        let results: Vec<WorkerOutput> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..workers)
                .map(|_| {
                    scope.spawn(|| {
                        let mut solver = Solver::default();
                        let mut output = WorkerOutput::default();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&(white_men, black_men)) = level.get(i) else {
                                break;
                            };
                            let placement = Placement::new(white, white_men, black_men);
                            solver.solve(shared, &placement, inner, &mut output);
                        }
                        output
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().expect("a table worker does not panic"))
                .collect()
        });
        for output in results {
            totals.add(&output.stats);
            for (n, &(white_block, black_block)) in output.blocks.iter().enumerate() {
                let values = &output.values[2 * n * block_len..2 * (n + 1) * block_len];
                let (white_values, black_values) = values.split_at(block_len);
                let start = white_block as usize * block_len;
                tables.slices[white.code()]
                    .as_deref_mut()
                    .expect("allocated above")[start..start + block_len]
                    .copy_from_slice(white_values);
                let start = black_block as usize * block_len;
                tables.slices[black.code()]
                    .as_deref_mut()
                    .expect("allocated above")[start..start + block_len]
                    .copy_from_slice(black_values);
            }
        }
    }
    PairReport {
        materials,
        positions: totals.wins + totals.draws + totals.losses,
        wins: totals.wins,
        draws: totals.draws,
        losses: totals.losses,
        longest_win: totals.longest_win,
        clamped: totals.clamped,
        bytes_written: 0,
        reused: false,
        elapsed: Duration::ZERO,
    }
}

/// Every placement of the men of `white` (as White's men, Black's men), grouped by how far the
/// men have advanced, the most advanced group first. For a material that is its own twin, only
/// one of each mirrored pair of placements is listed (solving it fills both).
fn men_levels(white: Material) -> Vec<Vec<(u32, u32)>> {
    let symmetric = white == white.swapped();
    let black = white.swapped();
    let mut levels: Vec<Vec<(u32, u32)>> = Vec::new();
    for white_men in subsets(28, u32::from(white.own_men)) {
        let white_men = white_men << 4;
        for black_men in subsets(28, u32::from(white.their_men)) {
            if white_men & black_men != 0 {
                continue;
            }
            if symmetric
                && white.men_block(white_men, black_men)
                    > black.men_block(black_men.reverse_bits(), white_men.reverse_bits())
            {
                continue;
            }
            let advance = Bitboard(white_men)
                .map(|s| 7 - u32::from(s.row()))
                .sum::<u32>()
                + Bitboard(black_men).map(|s| u32::from(s.row())).sum::<u32>();
            let level = advance as usize;
            if levels.len() <= level {
                levels.resize_with(level + 1, Vec::new);
            }
            levels[level].push((white_men, black_men));
        }
    }
    levels.reverse();
    levels.retain(|level| !level.is_empty());
    levels
}

#[derive(Debug, Default, Clone, Copy)]
struct Stats {
    wins: u64,
    draws: u64,
    losses: u64,
    longest_win: u16,
    clamped: u64,
}

impl Stats {
    fn add(&mut self, other: &Stats) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.longest_win = self.longest_win.max(other.longest_win);
        self.clamped += other.clamped;
    }

    fn count(&mut self, verdict: Verdict, clamped: bool) {
        match verdict {
            Verdict::Win { plies } => {
                self.wins += 1;
                self.longest_win = self.longest_win.max(plies);
            }
            Verdict::Draw => self.draws += 1,
            Verdict::Loss { .. } => self.losses += 1,
        }
        self.clamped += u64::from(clamped);
    }
}

/// What one worker solved during one level: for each placement, its block numbers in the
/// White-to-move and Black-to-move slices, and `2 * block` values (White to move, then Black).
#[derive(Default)]
struct WorkerOutput {
    blocks: Vec<(u64, u64)>,
    values: Vec<u8>,
    stats: Stats,
}

/// One placement of the men: the small game of king steps around them.
struct Placement {
    white: Material,
    black: Material,
    white_men: u32,
    black_men: u32,
    /// Positions with White to move (the rest, as many, have Black to move).
    half: usize,
}

impl Placement {
    fn new(white: Material, white_men: u32, black_men: u32) -> Placement {
        Placement {
            white,
            black: white.swapped(),
            white_men,
            black_men,
            half: white.kings_per_men() as usize,
        }
    }

    /// The position with these kings and side to move.
    fn position(&self, white_kings: u32, black_kings: u32, turn: Color) -> Position {
        let setup = Setup {
            pieces: ByColor::new(
                Bitboard(self.white_men | white_kings),
                Bitboard(self.black_men | black_kings),
            ),
            kings: Bitboard(white_kings | black_kings),
            turn,
        };
        Position::from_setup(setup).expect("men are placed off their promotion rows")
    }

    /// Where a position of this placement sits among its working positions: first those with
    /// White to move in the order of the White-to-move slice, then those with Black to move in
    /// the order of the Black-to-move slice.
    fn slot(&self, white_kings: u32, black_kings: u32, turn: Color) -> usize {
        match turn {
            Color::White => {
                let board = Board {
                    own_men: self.white_men,
                    own_kings: white_kings,
                    their_men: self.black_men,
                    their_kings: black_kings,
                };
                self.white.kings_offset(&board) as usize
            }
            Color::Black => {
                let board = Board {
                    own_men: self.black_men.reverse_bits(),
                    own_kings: black_kings.reverse_bits(),
                    their_men: self.white_men.reverse_bits(),
                    their_kings: white_kings.reverse_bits(),
                };
                self.half + self.black.kings_offset(&board) as usize
            }
        }
    }
}

/// Generates every move of `position`: the best value among the moves that leave its placement
/// (captures, man moves, promotions), looked up in the tables, and how many king steps it has.
fn examine(tables: &Tablebase, position: &Position) -> (Option<Verdict>, u8) {
    let mut steps = 0u8;
    let mut best: Option<Verdict> = None;
    for m in &position.legal_moves() {
        if !m.is_capture() && m.role() == Role::King {
            steps += 1;
            continue;
        }
        let mut next = *position;
        next.play_unchecked(m);
        let verdict = tables
            .lookup(&Board::from_position(&next))
            .expect("slices are built after every slice their moves lead to")
            .one_ply_back();
        if best.is_none_or(|best| verdict.compare(best).is_gt()) {
            best = Some(verdict);
        }
    }
    (best, steps)
}

/// Placements with at least this many positions have their moves generated by all threads.
const PARALLEL_PLACEMENT: usize = 1 << 16;

/// Reusable work space for solving placements.
#[derive(Default)]
struct Solver {
    /// White and Black kings of each working position.
    kings: Vec<(u32, u32)>,
    /// The best value among the moves that leave the placement, from the mover's view.
    exits: Vec<Option<Verdict>>,
    /// King steps (moves within the placement) not yet known to lose.
    open: Vec<u8>,
    result: Vec<Option<Verdict>>,
    /// `buckets[n]`: positions that may be decided at distance `n` (wins when `n` is odd,
    /// losses when it is even).
    buckets: Vec<Vec<u32>>,
}

impl Solver {
    fn solve(
        &mut self,
        tables: &Tablebase,
        placement: &Placement,
        threads: usize,
        output: &mut WorkerOutput,
    ) {
        self.list_positions(placement);
        self.look_outside(tables, placement, threads);
        self.spread(placement);

        let white_block = placement
            .white
            .men_block(placement.white_men, placement.black_men);
        let black_block = placement.black.men_block(
            placement.black_men.reverse_bits(),
            placement.white_men.reverse_bits(),
        );
        output.blocks.push((white_block, black_block));
        // A self-mirrored placement of a symmetric material fills one block twice.
        let counted = if placement.white == placement.black && white_block == black_block {
            placement.half
        } else {
            self.result.len()
        };
        for (slot, result) in self.result.iter().enumerate() {
            let verdict = result.unwrap_or(Verdict::Draw);
            let (byte, clamped) = verdict.to_byte();
            output.values.push(byte);
            if slot < counted {
                output.stats.count(verdict, clamped);
            }
        }
    }

    /// Fills `kings` in slot order.
    fn list_positions(&mut self, placement: &Placement) {
        let (white, black) = (placement.white, placement.black);
        let men = placement.white_men | placement.black_men;
        let free = 32 - men.count_ones();
        self.kings.clear();
        let (own, their) = (u32::from(white.own_kings), u32::from(white.their_kings));
        for own_set in subsets(free, own) {
            let white_kings = deposit(own_set, !men);
            for their_set in subsets(free - own, their) {
                let black_kings = deposit(their_set, !men & !white_kings);
                self.kings.push((white_kings, black_kings));
            }
        }
        let rotated_men = men.reverse_bits();
        let (own, their) = (u32::from(black.own_kings), u32::from(black.their_kings));
        for own_set in subsets(free, own) {
            let black_kings = deposit(own_set, !rotated_men);
            for their_set in subsets(free - own, their) {
                let white_kings = deposit(their_set, !rotated_men & !black_kings);
                self.kings
                    .push((white_kings.reverse_bits(), black_kings.reverse_bits()));
            }
        }
        debug_assert_eq!(self.kings.len(), 2 * placement.half);
    }

    /// Generates every move; looks up those that leave the placement, counts the king steps.
    /// A large placement (a kings-only material has a single one) is shared among `threads`.
    fn look_outside(&mut self, tables: &Tablebase, placement: &Placement, threads: usize) {
        let count = self.kings.len();
        self.exits.clear();
        self.exits.resize(count, None);
        self.open.clear();
        self.open.resize(count, 0);
        self.result.clear();
        self.result.resize(count, None);
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        let part = if threads > 1 && count >= PARALLEL_PLACEMENT {
            count.div_ceil(threads)
        } else {
            count
        };
        std::thread::scope(|scope| {
            let parts = self
                .kings
                .chunks(part)
                .zip(self.exits.chunks_mut(part))
                .zip(self.open.chunks_mut(part))
                .enumerate();
            for (n, ((kings, exits), open)) in parts {
                let mut work = move || {
                    for (i, &(white_kings, black_kings)) in kings.iter().enumerate() {
                        let turn = if n * part + i < placement.half {
                            Color::White
                        } else {
                            Color::Black
                        };
                        let position = placement.position(white_kings, black_kings, turn);
                        (exits[i], open[i]) = examine(tables, &position);
                    }
                };
                if part == count {
                    work();
                } else {
                    scope.spawn(work);
                }
            }
        });
        for slot in 0..count {
            let best = self.exits[slot];
            if self.open[slot] == 0 {
                match best.unwrap_or(Verdict::Loss { plies: 0 }) {
                    Verdict::Win { plies } | Verdict::Loss { plies } => self.schedule(slot, plies),
                    Verdict::Draw => self.result[slot] = Some(Verdict::Draw),
                }
            } else if let Some(Verdict::Win { plies }) = best {
                self.schedule(slot, plies);
            }
        }
    }

    fn schedule(&mut self, slot: usize, plies: u16) {
        let plies = usize::from(plies);
        if self.buckets.len() <= plies {
            self.buckets.resize_with(plies + 1, Vec::new);
        }
        self.buckets[plies].push(slot as u32);
    }

    /// Spreads wins and losses back through the king steps, nearest to the end first.
    fn spread(&mut self, placement: &Placement) {
        let mut plies = 0;
        let mut predecessors = Vec::with_capacity(32);
        while plies < self.buckets.len() {
            let bucket = std::mem::take(&mut self.buckets[plies]);
            let distance = plies as u16;
            let verdict = if plies % 2 == 1 {
                Verdict::Win { plies: distance }
            } else {
                Verdict::Loss { plies: distance }
            };
            for &slot in &bucket {
                let slot = slot as usize;
                if self.result[slot].is_some() {
                    continue;
                }
                self.result[slot] = Some(verdict);
                predecessors.clear();
                self.unmoves(placement, slot, &mut predecessors);
                for &before in &predecessors {
                    if self.result[before].is_some() {
                        continue;
                    }
                    if let Verdict::Loss { .. } = verdict {
                        // A step into a lost position wins.
                        self.schedule(before, distance + 1);
                        continue;
                    }
                    // A step into a won position: lost once every step is.
                    self.open[before] -= 1;
                    if self.open[before] == 0 {
                        match self.exits[before] {
                            None => self.schedule(before, distance + 1),
                            Some(Verdict::Loss { plies }) => {
                                self.schedule(before, plies.max(distance + 1));
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
            let mut bucket = bucket;
            bucket.clear();
            self.buckets[plies] = bucket;
            plies += 1;
        }
    }

    /// The positions of this placement from which a king step leads to `slot`.
    fn unmoves(&self, placement: &Placement, slot: usize, out: &mut Vec<usize>) {
        let (white_kings, black_kings) = self.kings[slot];
        let mover = if slot < placement.half {
            Color::Black
        } else {
            Color::White
        };
        let occupied = placement.white_men | placement.black_men | white_kings | black_kings;
        let movers = mover.fold(white_kings, black_kings);
        for to in Bitboard(movers) {
            let to_bit = Bitboard::from_square(to).0;
            for direction in Direction::ALL {
                let from_bit = Bitboard(to_bit).step(direction).0;
                if from_bit == 0 || from_bit & occupied != 0 {
                    continue;
                }
                let stepped_back = (movers & !to_bit) | from_bit;
                let (white_before, black_before) = match mover {
                    Color::White => (stepped_back, black_kings),
                    Color::Black => (white_kings, stepped_back),
                };
                // A simple move is legal only where no capture is.
                if placement
                    .position(white_before, black_before, mover)
                    .must_capture()
                {
                    continue;
                }
                out.push(placement.slot(white_before, black_before, mover));
            }
        }
    }
}

/// How many positions (both sides to move) the tables with up to `max_pieces` pieces hold,
/// counting the unused entries of the index.
#[must_use]
pub fn total_entries(max_pieces: u8) -> u64 {
    (2..=max_pieces.min(MAX_PIECES))
        .flat_map(Material::all_with)
        .map(Material::entries)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn men_levels_cover_every_placement_once() {
        let white = Material {
            own_men: 1,
            own_kings: 0,
            their_men: 1,
            their_kings: 1,
        };
        let levels = men_levels(white);
        let count: usize = levels.iter().map(Vec::len).sum();
        assert_eq!(count, 28 * 28 - 24);
        // The first level has both men one step from promotion: the most advanced.
        assert!(
            levels[0]
                .iter()
                .all(|&(w, b)| w & 0xF0 != 0 && b & 0x0F00_0000 != 0)
        );
    }
}
