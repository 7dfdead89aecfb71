//! The search: iterative deepening over principal-variation alpha-beta.
//!
//! - aspiration windows around the last iteration's score;
//! - a transposition table ([`crate::tt`]) keyed by [`Position::hash`];
//! - move ordering: the table's move, two killers per ply, a history of quiet moves;
//! - late move reductions for quiet moves, an extension when there is only one legal move;
//! - a quiescence search that plays out forced captures before the evaluation is trusted;
//! - repetitions (of the game's positions or within the search) and the 40-move rule score as
//!   draws; wins and losses score `WIN` minus the plies to the end, so shorter wins score
//!   higher;
//! - endgame tables ([`Tablebase`], see [`Engine::set_tablebase`]): a root position in the
//!   tables plays the tables' move, and every position in the tables met in the search scores
//!   by its exact value (`TABLE_WIN` minus the plies to the end for a win);
//! - limits: depth, nodes, time and a stop flag. With a depth or node limit (and no time or
//!   stop) a search is a pure function of the game, the limits and the table's contents.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dama_rules::{FORTY_MOVE_PLIES, Game, Move, MoveList, Position};

use crate::eval::{evaluate, evaluate_linear};
use crate::tables::{Tablebase, Verdict};
use crate::tt::{Bound, Table};

/// The score of a won position at the root; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// The score of a position an endgame table calls won; lower than any win by distance. A table
/// win in `n` plies at ply `p` of the search scores `TABLE_WIN - p - n`, so quicker wins score
/// higher (and slower losses); every such score lies within [`TABLE_RANGE`] of `TABLE_WIN`.
pub const TABLE_WIN: i32 = 20_000;
/// How far below `TABLE_WIN` a table win may score: the deepest ply plus the longest distance a
/// table stores, with room to spare. Evaluations stay far below `TABLE_WIN - TABLE_RANGE`.
pub const TABLE_RANGE: i32 = 1024;
/// The deepest the search goes (iterations and extensions alike).
pub const MAX_PLY: usize = 128;
/// The highest iteration depth a search may ask for.
pub const MAX_DEPTH: u32 = 100;

/// Whether a score is a win found by the search (the side to move wins).
#[must_use]
pub fn is_win(score: i32) -> bool {
    score >= WIN - MAX_PLY as i32
}

/// Whether a score is a loss found by the search (the side to move loses).
#[must_use]
pub fn is_loss(score: i32) -> bool {
    score <= -WIN + MAX_PLY as i32
}

/// Whether a score decides the game: a win or loss by distance, or an endgame-table verdict.
#[must_use]
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= TABLE_WIN - TABLE_RANGE
}

/// The score of an exact table value met at `ply`: a win or loss by its distance; a game that
/// is over (the side to move cannot move) or that the next move ends scores as the search
/// would score it.
fn table_score(verdict: Verdict, ply: usize) -> i32 {
    match verdict {
        Verdict::Loss { plies: 0 } => -WIN + ply as i32,
        Verdict::Win { plies: 1 } => WIN - ply as i32 - 1,
        Verdict::Win { plies } => TABLE_WIN - ply as i32 - i32::from(plies),
        Verdict::Loss { plies } => -TABLE_WIN + ply as i32 + i32::from(plies),
        Verdict::Draw => 0,
    }
}

/// The plies to the end of the game for a win or loss by distance (`None` for other scores).
/// A win in 3 plies is the side to move's move, a reply, and the winning move.
#[must_use]
pub fn plies_to_end(score: i32) -> Option<u32> {
    (is_win(score) || is_loss(score)).then(|| (WIN - score.abs()) as u32)
}

/// When a search must stop. The default has no limit at all: give at least one.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Iterations to complete (plies, before extensions and reductions).
    pub depth: Option<u32>,
    /// Nodes to visit at most.
    pub nodes: Option<u64>,
    /// Time to think at most.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search as soon as possible.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// A depth limit only.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A node limit only.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A time limit only.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<Move>,
    /// Centi-men from the side to move; see [`is_win`], [`is_loss`], [`plies_to_end`].
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    /// Nodes visited (positions searched, quiescence included).
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    pub elapsed: Duration,
}

/// Nodes between two looks at the clock and the stop flag. At the engine's speed this is far
/// below a millisecond (the unit test `clock_is_checked_often_enough` holds it to that).
pub const CLOCK_INTERVAL: u64 = 2048;

/// The time that ends a search, and the stop flag.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    started: Instant,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

impl Clock {
    pub(crate) fn new(limits: &Limits) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: limits.time.map(|t| started + t),
            stop: limits.stop.clone(),
        }
    }

    /// Whether the search must stop now.
    pub(crate) fn expired(&self, now: Instant) -> bool {
        self.deadline.is_some_and(|d| now >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Whether another iteration is worth starting: not if more than half the time is gone
    /// (the next iteration would take longer than all the previous ones).
    fn another_iteration(&self, now: Instant) -> bool {
        match self.deadline {
            Some(deadline) => {
                let total = deadline.saturating_duration_since(self.started);
                now.saturating_duration_since(self.started) < total / 2
            }
            None => true,
        }
    }
}

/// Search switches, for experiments and matches between settings; the default is the
/// engine as it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Search one ply deeper after a position with a single legal move.
    pub only_move_extension: bool,
    /// Late move reductions.
    pub reductions: bool,
    /// Evaluate with the linear terms alone ([`crate::eval::evaluate_linear`]) instead of the
    /// pattern evaluation: the comparison point for matches.
    pub linear_eval: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            only_move_extension: false,
            reductions: true,
            linear_eval: false,
        }
    }
}

/// Killer moves: two quiet moves per ply that recently caused a cut-off.
type Killers = [[u16; 2]; MAX_PLY + 1];

/// An engine: its transposition table and its move-ordering memory.
pub struct Engine {
    table: Table,
    history: Box<[[i32; 32]; 32]>,
    killers: Box<Killers>,
    tablebase: Option<Arc<Tablebase>>,
    stacks: Box<Stacks>,
    options: Options,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field(
                "tablebase",
                &self.tablebase.as_ref().map(|t| t.max_pieces()),
            )
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB.
    #[must_use]
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            table: Table::new(hash_mb),
            history: Box::new([[0; 32]; 32]),
            killers: Box::new([[0; 2]; MAX_PLY + 1]),
            tablebase: None,
            stacks: Stacks::new(),
            options: Options::default(),
        }
    }

    /// Forgets everything learned (table, history, killers): searches after this one behave
    /// as in a fresh engine.
    pub fn new_game(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|row| row.fill(0));
        self.killers.fill([0; 2]);
    }

    /// Changes the search switches.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// Plays with loaded endgame tables (or without, for `None`). A root position whose every
    /// move leads into the tables plays [`Tablebase::best_move`] at once (a won position is won
    /// by the shortest way, a lost one resists longest); positions the tables hold inside the
    /// search score by their exact value.
    pub fn set_tablebase(&mut self, tables: Option<Arc<Tablebase>>) {
        self.tablebase = tables.filter(|t| t.max_pieces() > 0);
    }

    /// The loaded endgame tables, if any.
    #[must_use]
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tablebase.as_ref()
    }

    /// Thousandths of the transposition table in use (a sample).
    #[must_use]
    pub fn hash_full(&self) -> u32 {
        self.table.permille_full()
    }

    /// Searches the game's current position within the limits.
    pub fn search(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        self.search_with_info(game, limits, &mut |_| {})
    }

    /// [`Engine::search`], calling `info` after every completed iteration.
    pub fn search_with_info(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let clock = Clock::new(limits);
        let root = *game.position();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        };
        let root_moves = root.legal_moves();
        if game.outcome().is_some() || root_moves.is_empty() {
            if root_moves.is_empty() {
                result.score = -WIN;
            }
            result.elapsed = clock.started.elapsed();
            return result;
        }
        if let Some((m, verdict)) = self
            .tablebase
            .as_ref()
            .and_then(|tables| tables.best_move(&root))
        {
            result.best = Some(m);
            result.score = table_score(verdict, 0);
            result.depth = 1;
            result.nodes = 1;
            result.pv = vec![m];
            result.elapsed = clock.started.elapsed();
            info(&result);
            return result;
        }
        // Positions since the last capture or man move, for repetitions.
        let window = game.quiet_plies() as usize + 1;
        let hashes = game.hashes();
        let path = hashes[hashes.len().saturating_sub(window)..].to_vec();

        let mut search = Search {
            table: &mut self.table,
            history: &mut self.history,
            killers: &mut self.killers,
            tablebase: self.tablebase.as_deref(),
            tablebase_pieces: self
                .tablebase
                .as_ref()
                .map_or(0, |t| u32::from(t.max_pieces())),
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            clock: clock.clone(),
            next_check: CLOCK_INTERVAL,
            aborted: false,
            limits_active: false,
            path,
            stacks: &mut self.stacks,
            options: self.options,
            root_best: None,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let quiet = game.quiet_plies();
        let mut score = 0;
        for depth in 1..=max_depth {
            // The first iteration always completes, so there is always a move to play.
            search.limits_active = depth > 1;
            search.root_best = None;
            let iteration = search.aspiration(&root, depth as i32, score, quiet);
            if search.aborted {
                // A move that beat the previous best in the unfinished iteration is better.
                if let Some((index, root_score)) = search.root_best {
                    let m = root_moves[index as usize];
                    if result.best != Some(m) {
                        result.best = Some(m);
                        result.score = root_score;
                        result.pv = vec![m];
                    }
                }
                break;
            }
            score = iteration;
            result.score = score;
            result.depth = depth;
            result.pv = search.principal_variation(&root);
            result.best = result.pv.first().copied();
            result.nodes = search.nodes;
            result.elapsed = clock.started.elapsed();
            info(&result);
            if root_moves.len() == 1
                || search.nodes >= search.node_limit
                || !clock.another_iteration(Instant::now())
                || plies_to_end(score).is_some_and(|plies| plies <= depth)
            {
                break;
            }
        }
        if result.best.is_none() {
            result.best = Some(root_moves[0]);
        }
        result.nodes = search.nodes;
        result.elapsed = clock.started.elapsed();
        result
    }
}

/// One search in progress.
struct Search<'e> {
    table: &'e mut Table,
    history: &'e mut [[i32; 32]; 32],
    killers: &'e mut Killers,
    tablebase: Option<&'e Tablebase>,
    /// Positions with more pieces are not in the tables.
    tablebase_pieces: u32,
    nodes: u64,
    node_limit: u64,
    clock: Clock,
    next_check: u64,
    aborted: bool,
    /// Off during the first iteration.
    limits_active: bool,
    /// Hashes of the positions since the last irreversible move, the current one last.
    path: Vec<u64>,
    stacks: &'e mut Stacks,
    options: Options,
    /// The root move that raised alpha last in this iteration, with its score.
    root_best: Option<(u8, i32)>,
}

/// Per-ply buffers of a search, kept by the engine between searches.
struct Stacks {
    /// Triangular principal variations, as indices into each position's legal moves.
    pv: Vec<[u8; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Move-ordering scores.
    scores: Vec<[i32; dama_rules::MAX_MOVES]>,
    /// The legal moves of the position at each ply.
    lists: Vec<MoveList>,
}

impl Stacks {
    fn new() -> Box<Stacks> {
        Box::new(Stacks {
            pv: vec![[0; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            scores: vec![[0; dama_rules::MAX_MOVES]; MAX_PLY + 1],
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
        })
    }
}

const KILLER_VALID: u16 = 1 << 15;

fn killer_key(m: &Move) -> u16 {
    KILLER_VALID | (m.from().index() as u16) << 5 | m.to().index() as u16
}

/// Nodes this close to the leaves neither read nor write the table: the memory access costs
/// more than it saves there.
const TABLE_MIN_DEPTH: i32 = 2;

/// Scores between these bounds are not wins or losses; the aspiration window starts here.
const ASPIRATION: i32 = 25;

impl Search<'_> {
    fn aspiration(&mut self, root: &Position, depth: i32, previous: i32, quiet: u32) -> i32 {
        if depth < 5 || is_decisive(previous) {
            return self.node(root, depth, -WIN, WIN, 0, quiet);
        }
        let mut width = ASPIRATION;
        let mut alpha = previous - width;
        let mut beta = previous + width;
        loop {
            let score = self.node(root, depth, alpha, beta, 0, quiet);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - width).max(-WIN);
            } else if score >= beta {
                beta = (score + width).min(WIN);
            } else {
                return score;
            }
            width *= 3;
            if width > 600 {
                alpha = -WIN;
                beta = WIN;
            }
        }
    }

    /// Counts a node and looks at the limits; `true` means stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.limits_active {
            return false;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes >= self.next_check {
            self.next_check = self.nodes + CLOCK_INTERVAL;
            if self.clock.expired(Instant::now()) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether the current position (last on the path) repeats an earlier one with the same
    /// side to move since the last irreversible move.
    fn repeats(&self, quiet: u32) -> bool {
        let len = self.path.len();
        let current = self.path[len - 1];
        let back = (quiet as usize).min(len - 1);
        (4..=back)
            .step_by(2)
            .any(|distance| self.path[len - 1 - distance] == current)
    }

    fn node(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        quiet: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.stacks.pv_len[ply] = 0;
        let root = ply == 0;
        let capture = position.must_capture();
        if !root {
            if quiet >= 4 && self.repeats(quiet) {
                return 0;
            }
            if quiet >= FORTY_MOVE_PLIES {
                // The 40-move rule draws, unless the side to move has already lost.
                return if position.has_legal_moves() {
                    0
                } else {
                    -WIN + ply as i32
                };
            }
            // Mate-distance pruning: nothing here can beat a shorter win already found.
            alpha = alpha.max(-WIN + ply as i32);
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            if let Some(score) = self.exact(position, ply) {
                return score;
            }
            if ply >= MAX_PLY {
                return self.quiescence(position, alpha, beta, ply);
            }
        }
        if depth <= 0 && !capture {
            return self.quiescence(position, alpha, beta, ply);
        }

        let pv_node = beta - alpha > 1;
        let hash = position.hash();
        let use_table = depth >= TABLE_MIN_DEPTH;
        let mut hash_move = None;
        if let Some(hit) = use_table.then(|| self.table.probe(hash)).flatten() {
            hash_move = hit.best;
            if !pv_node && hit.depth >= depth {
                let score = score_from_table(hit.score, ply);
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }

        position.legal_moves_into(&mut self.stacks.lists[ply]);
        let count = self.stacks.lists[ply].len();
        if count == 0 {
            return -WIN + ply as i32;
        }
        self.score_moves(hash_move, ply);
        let killers = self.killers[ply];
        // An only move costs nothing to look past.
        let extension = i32::from(count == 1 && self.options.only_move_extension);
        let original_alpha = alpha;
        let mut best_score = -WIN;
        let mut best_index = 0u8;

        for n in 0..count {
            let index = self.next_move(ply, count);
            let m = &self.stacks.lists[ply][index].clone();
            let mut child = *position;
            child.play_unchecked(m);
            let child_quiet = if m.is_irreversible() { 0 } else { quiet + 1 };
            let new_depth = depth - 1 + extension;
            self.path.push(child.hash());
            let score = if n == 0 {
                -self.node(&child, new_depth, -beta, -alpha, ply + 1, child_quiet)
            } else {
                let quiet_move = !capture && !m.promotes();
                let key = killer_key(m);
                let killer = key == killers[0] || key == killers[1];
                let reduction =
                    if self.options.reductions && quiet_move && depth >= 3 && n >= 3 && !killer {
                        1 + i32::from(n >= 8 && depth >= 6)
                    } else {
                        0
                    };
                let mut score = -self.node(
                    &child,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_quiet,
                );
                if score > alpha && reduction > 0 {
                    score = -self.node(&child, new_depth, -alpha - 1, -alpha, ply + 1, child_quiet);
                }
                if score > alpha && score < beta {
                    score = -self.node(&child, new_depth, -beta, -alpha, ply + 1, child_quiet);
                }
                score
            };
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_index = index as u8;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, index as u8);
                    if root {
                        self.root_best = Some((index as u8, score));
                    }
                    if score >= beta {
                        if !capture {
                            self.reward(m, depth, ply);
                        }
                        break;
                    }
                }
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            self.table.store(
                hash,
                score_to_table(best_score, ply),
                depth,
                Some(best_index),
                bound,
            );
        }
        best_score
    }

    /// The score of a position the endgame tables hold.
    #[inline]
    fn exact(&self, position: &Position, ply: usize) -> Option<i32> {
        let tables = self.tablebase?;
        if position.occupied().count() > self.tablebase_pieces {
            return None;
        }
        tables
            .probe(position)
            .map(|verdict| table_score(verdict, ply))
    }

    /// The static evaluation the options ask for.
    #[inline]
    fn evaluate(&self, position: &Position) -> i32 {
        if self.options.linear_eval {
            evaluate_linear(position)
        } else {
            evaluate(position)
        }
    }

    /// Plays out forced captures; a quiet position gets the evaluation.
    fn quiescence(&mut self, position: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        self.stacks.pv_len[ply] = 0;
        if let Some(score) = self.exact(position, ply) {
            return score;
        }
        if !position.must_capture() {
            if !position.has_legal_moves() {
                return -WIN + ply as i32;
            }
            return self.evaluate(position);
        }
        if ply >= MAX_PLY {
            return self.evaluate(position);
        }
        position.legal_moves_into(&mut self.stacks.lists[ply]);
        let mut best = -WIN;
        for index in 0..self.stacks.lists[ply].len() {
            let m = &self.stacks.lists[ply][index].clone();
            let mut child = *position;
            child.play_unchecked(m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, index as u8);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn update_pv(&mut self, ply: usize, index: u8) {
        let child_len = if ply < MAX_PLY {
            self.stacks.pv_len[ply + 1]
        } else {
            0
        };
        self.stacks.pv[ply][0] = index;
        if child_len > 0 {
            let (head, tail) = self.stacks.pv.split_at_mut(ply + 1);
            head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        }
        self.stacks.pv_len[ply] = child_len + 1;
    }

    fn principal_variation(&self, root: &Position) -> Vec<Move> {
        let mut position = *root;
        let mut line = Vec::with_capacity(self.stacks.pv_len[0]);
        for &index in &self.stacks.pv[0][..self.stacks.pv_len[0]] {
            let moves = position.legal_moves();
            let Some(m) = moves.get(index as usize) else {
                break;
            };
            line.push(*m);
            position.play_unchecked(m);
        }
        line
    }

    fn reward(&mut self, m: &Move, depth: i32, ply: usize) {
        let key = killer_key(m);
        let killers = &mut self.killers[ply];
        if killers[0] != key {
            killers[1] = killers[0];
            killers[0] = key;
        }
        let entry = &mut self.history[m.from().index()][m.to().index()];
        *entry += depth * depth;
        if *entry > 1 << 20 {
            for row in self.history.iter_mut() {
                for value in row.iter_mut() {
                    *value /= 2;
                }
            }
        }
    }

    /// Scores the moves for ordering into this ply's buffer.
    fn score_moves(&mut self, hash_move: Option<u8>, ply: usize) {
        let killers = self.killers[ply];
        let moves = &self.stacks.lists[ply];
        let scores = &mut self.stacks.scores[ply];
        for (i, m) in moves.iter().enumerate() {
            let key = killer_key(m);
            let mut score = self.history[m.from().index()][m.to().index()];
            if key == killers[0] {
                score = 1 << 26;
            } else if key == killers[1] {
                score = 1 << 25;
            }
            if m.promotes() {
                score += 1 << 24;
            }
            scores[i] = score;
        }
        if let Some(best) = hash_move {
            if (best as usize) < moves.len() {
                scores[best as usize] = 1 << 30;
            }
        }
    }

    /// The index of the next move to try at this ply: the best-scored one not tried yet.
    #[inline]
    fn next_move(&mut self, ply: usize, len: usize) -> usize {
        let scores = &mut self.stacks.scores[ply][..len];
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, &score) in scores.iter().enumerate() {
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        scores[best] = i32::MIN;
        best
    }
}

/// Wins are stored relative to the node, so they read right at another ply.
fn score_to_table(score: i32, ply: usize) -> i32 {
    if is_decisive(score) {
        if score > 0 {
            score + ply as i32
        } else {
            score - ply as i32
        }
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: usize) -> i32 {
    if is_decisive(score) {
        if score > 0 {
            score - ply as i32
        } else {
            score + ply as i32
        }
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_is_checked_often_enough() {
        // The clock is read every CLOCK_INTERVAL nodes. Even at a slow 1 microsecond per node
        // that is a few milliseconds, far inside the 50 ms allowed past a time limit.
        let slowest_node = Duration::from_micros(1);
        assert!(slowest_node * CLOCK_INTERVAL as u32 <= Duration::from_millis(5));
    }

    #[test]
    fn clock_expires_at_the_deadline_and_on_stop() {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            time: Some(Duration::from_millis(100)),
            stop: Some(stop.clone()),
            ..Limits::default()
        };
        let clock = Clock::new(&limits);
        let start = clock.started;
        assert!(!clock.expired(start + Duration::from_millis(99)));
        assert!(clock.expired(start + Duration::from_millis(100)));
        assert!(clock.another_iteration(start + Duration::from_millis(49)));
        assert!(!clock.another_iteration(start + Duration::from_millis(50)));
        assert!(!clock.expired(start));
        stop.store(true, Ordering::Relaxed);
        assert!(clock.expired(start));
        let unlimited = Clock::new(&Limits::depth(3));
        assert!(!unlimited.expired(start + Duration::from_secs(1_000_000)));
    }

    #[test]
    fn scores_by_distance() {
        assert!(is_win(WIN - 5));
        assert!(is_loss(-WIN + 2));
        assert_eq!(plies_to_end(WIN - 5), Some(5));
        assert_eq!(plies_to_end(-WIN + 2), Some(2));
        assert_eq!(plies_to_end(150), None);
        assert!(is_decisive(TABLE_WIN - 10) && !is_win(TABLE_WIN - 10));
        assert_eq!(score_from_table(score_to_table(WIN - 7, 3), 3), WIN - 7);
        assert_eq!(score_from_table(score_to_table(-WIN + 9, 4), 6), -WIN + 11);
    }
}
