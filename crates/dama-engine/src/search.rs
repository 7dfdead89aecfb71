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
//!   stop) a search on one thread is a pure function of the game, the limits and the table's
//!   contents. A time limit is hard; inside it a soft target ([`soft_share`]) follows how
//!   settled the search is;
//! - threads ([`Engine::set_threads`]): Lazy SMP, helpers on the same root sharing the table;
//! - contempt ([`CONTEMPT`]): a side that judged itself clearly better scores draws below 0;
//! - extensions (off by default, measured): only moves, and singular table moves.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// What a draw inside the search cost the side to move: [`CONTEMPT`] when it judged
    /// itself clearly better, else 0. `score` never carries it: a line that ends in a draw
    /// scores 0 at the root.
    pub contempt: i32,
}

/// Nodes between two looks at the clock and the stop flag. At the engine's speed this is far
/// below a millisecond (the unit test `clock_is_checked_often_enough` holds it to that).
pub const CLOCK_INTERVAL: u64 = 2048;

/// The time that ends a search, and the stop flag.
///
/// A time limit is hard: the search never runs past it (by more than one look at the clock).
/// Inside it the search aims at a soft target, a share of the limit that depends on how
/// settled the search is ([`soft_share`]): it starts no iteration after the target and
/// stops an iteration at it, except while the best root move is failing low.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    started: Instant,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

/// The share of the time limit (thousandths) a search aims at by default.
pub const SOFT_SHARE: u32 = 900;
/// The share when the best move has not changed for [`STABLE_ITERATIONS`] iterations and the
/// score moved by at most [`STEADY_SCORE`].
pub const STABLE_SHARE: u32 = 750;
/// The share right after the best move changed (this iteration or the one before).
pub const UNSETTLED_SHARE: u32 = 1000;
/// Completed iterations with the same best move that make a search settled.
pub const STABLE_ITERATIONS: u32 = 8;
/// The most the score may move between the last two iterations of a settled search.
pub const STEADY_SCORE: i32 = 10;
/// A score this much below the previous iteration's lets the search use all its time.
pub const SCORE_DROP: i32 = 30;

/// The share of its time (thousandths) a search aims at after an iteration, from the
/// iterations completed since the best move last changed (`0`: it changed in this one) and the
/// score's change from the previous iteration (negative: it dropped).
#[must_use]
pub fn soft_share(stable_iterations: u32, score_change: i32) -> u32 {
    if score_change <= -SCORE_DROP {
        1000
    } else if stable_iterations <= 1 {
        UNSETTLED_SHARE
    } else if stable_iterations >= STABLE_ITERATIONS && score_change.abs() <= STEADY_SCORE {
        STABLE_SHARE
    } else {
        SOFT_SHARE
    }
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

    /// The soft target for the stability after an iteration (see [`soft_share`]); `None`
    /// without a time limit.
    pub(crate) fn soft_deadline(
        &self,
        stable_iterations: u32,
        score_change: i32,
    ) -> Option<Instant> {
        let deadline = self.deadline?;
        let total = deadline.saturating_duration_since(self.started);
        let share = soft_share(stable_iterations, score_change);
        Some(self.started + total * share / 1000)
    }

    /// Whether the search should stop at `now`, given its soft target and whether the best
    /// root move is failing low (which may go on to the hard limit).
    pub(crate) fn should_stop(
        &self,
        now: Instant,
        soft: Option<Instant>,
        failing_low: bool,
    ) -> bool {
        self.expired(now) || (!failing_low && soft.is_some_and(|soft| now >= soft))
    }
}

/// Search switches, for experiments and matches between settings; the default is the
/// engine as it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent on/off switches
pub struct Options {
    /// Search one ply deeper after a position with a single legal move.
    pub only_move_extension: bool,
    /// Late move reductions.
    pub reductions: bool,
    /// Evaluate with the linear terms alone ([`crate::eval::evaluate_linear`]) instead of the
    /// pattern evaluation: the comparison point for matches.
    pub linear_eval: bool,
    /// Draws inside the search score [`CONTEMPT`] against a root side that scored at least
    /// [`CONTEMPT_MARGIN`] at depth [`CONTEMPT_DEPTH`]. Off for exact evaluation (analysis).
    pub contempt: bool,
    /// Singular extensions: a table move that is better by [`SINGULAR_MARGIN`] than every other
    /// move is searched one ply deeper.
    pub singular: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            only_move_extension: false,
            reductions: true,
            linear_eval: false,
            contempt: true,
            singular: false,
        }
    }
}

/// How much a draw inside the search costs the side that judged itself clearly better
/// (centi-men): with [`Options::contempt`], a repetition or a 40-move draw scores `-CONTEMPT`
/// for the root's side to move (and `+CONTEMPT` for the other side). A side that is worse or
/// level scores draws 0, as without contempt.
pub const CONTEMPT: i32 = 30;
/// The score (centi-men, for the root's side to move) at depth [`CONTEMPT_DEPTH`] from which
/// the search plays with contempt.
pub const CONTEMPT_MARGIN: i32 = 60;
/// The iteration whose score decides the contempt of a search.
pub const CONTEMPT_DEPTH: u32 = 6;
/// How far below the table move's score every other move must fail for a singular extension.
pub const SINGULAR_MARGIN: i32 = 40;

/// Killer moves: two quiet moves per ply that recently caused a cut-off.
type Killers = [[u16; 2]; MAX_PLY + 1];

/// The move-ordering memory and the buffers of one search thread.
struct Worker {
    history: Box<[[i32; 32]; 32]>,
    killers: Box<Killers>,
    stacks: Box<Stacks>,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            history: Box::new([[0; 32]; 32]),
            killers: Box::new([[0; 2]; MAX_PLY + 1]),
            stacks: Stacks::new(),
        }
    }

    fn clear(&mut self) {
        self.history.iter_mut().for_each(|row| row.fill(0));
        self.killers.fill([0; 2]);
    }
}

/// What the threads of one search share besides the table.
struct Shared {
    /// Set when the main thread has finished: the helpers stop.
    stop: AtomicBool,
    /// Nodes the helpers have visited, published at their clock ticks.
    helper_nodes: AtomicU64,
    /// Nodes the main thread has visited, published at its clock ticks.
    main_nodes: AtomicU64,
    /// The search's node limit: a helper stops when the threads' nodes reach it.
    node_limit: u64,
}

/// An engine: its transposition table and its move-ordering memory.
///
/// With [`Engine::set_threads`] above 1 a search runs helper threads on the same root (Lazy
/// SMP): they share the transposition table, each has its own history, killers and buffers,
/// every other helper searches one ply deeper, and the main thread's result is the search's.
pub struct Engine {
    table: Table,
    main: Worker,
    helpers: Vec<Worker>,
    tablebase: Option<Arc<Tablebase>>,
    options: Options,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field(
                "tablebase",
                &self.tablebase.as_ref().map(|t| t.max_pieces()),
            )
            .field("threads", &self.threads())
            .finish_non_exhaustive()
    }
}

/// Completed iterations with the same best move, and the last score.
#[derive(Clone, Copy, Debug, Default)]
struct Stability {
    best: Option<Move>,
    stable: u32,
    score: i32,
}

impl Stability {
    /// Counts a completed iteration; the score's change from the previous one.
    fn update(&mut self, best: Option<Move>, score: i32, first: bool) -> i32 {
        let change = if first { 0 } else { score - self.score };
        if best == self.best && !first {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        self.best = best;
        self.score = score;
        change
    }
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB, searching on one thread.
    #[must_use]
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            table: Table::new(hash_mb),
            main: Worker::new(),
            helpers: Vec::new(),
            tablebase: None,
            options: Options::default(),
        }
    }

    /// Forgets everything learned (table, history, killers): searches after this one behave
    /// as in a fresh engine.
    pub fn new_game(&mut self) {
        self.table.clear();
        self.main.clear();
        self.helpers.iter_mut().for_each(Worker::clear);
    }

    /// Searches on `threads` threads (at least 1; the default is 1). With more than one the
    /// search is no longer reproducible, and a node limit counts the nodes of all threads
    /// (the helpers' counts are added at their clock ticks, every [`CLOCK_INTERVAL`] nodes).
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize_with(threads.max(1) - 1, Worker::new);
    }

    /// The threads a search runs on.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
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
            contempt: 0,
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
        let quiet = game.quiet_plies();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let shared = Shared {
            stop: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
            main_nodes: AtomicU64::new(0),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
        };
        let threads = self.helpers.len();
        let Engine {
            table,
            main,
            helpers,
            tablebase,
            options,
        } = self;
        let tablebase = tablebase.as_deref();
        let tablebase_pieces = tablebase.map_or(0, |t| u32::from(t.max_pieces()));
        let common = Common {
            table,
            tablebase,
            tablebase_pieces,
            path: &path,
            options: *options,
            shared: (threads > 0).then_some(&shared),
        };
        let mut search = Search::new(
            common,
            main,
            clock.clone(),
            limits.nodes.unwrap_or(u64::MAX),
        );
        let helper_searches: Vec<Search<'_>> = helpers
            .iter_mut()
            .map(|worker| {
                let mut helper =
                    Search::new(common, worker, Clock::new(&Limits::default()), u64::MAX);
                helper.helper = true;
                helper.limits_active = true;
                helper
            })
            .collect();
        std::thread::scope(|scope| {
            for (index, mut helper) in helper_searches.into_iter().enumerate() {
                scope.spawn(move || helper.help(&root, index + 1, quiet));
            }
            search.iterate(&root, &root_moves, max_depth, quiet, &mut result, info);
            shared.stop.store(true, Ordering::Relaxed);
        });
        if result.best.is_none() {
            result.best = Some(root_moves[0]);
        }
        result.nodes = search.nodes + shared.helper_nodes.load(Ordering::Relaxed);
        result.elapsed = clock.started.elapsed();
        result
    }
}

/// What every thread of a search starts from.
#[derive(Clone, Copy)]
struct Common<'e> {
    table: &'e Table,
    tablebase: Option<&'e Tablebase>,
    tablebase_pieces: u32,
    path: &'e [u64],
    options: Options,
    shared: Option<&'e Shared>,
}

/// One search in progress (one thread's part of it).
#[allow(clippy::struct_excessive_bools)] // independent states of one search
struct Search<'e> {
    table: &'e Table,
    history: &'e mut [[i32; 32]; 32],
    killers: &'e mut Killers,
    stacks: &'e mut Stacks,
    tablebase: Option<&'e Tablebase>,
    /// Positions with more pieces are not in the tables.
    tablebase_pieces: u32,
    nodes: u64,
    /// The node limit for this thread's own count: the search's limit less the helpers' nodes.
    node_limit: u64,
    /// The search's node limit.
    limit: u64,
    clock: Clock,
    next_check: u64,
    aborted: bool,
    /// Off during the first iteration.
    limits_active: bool,
    /// Hashes of the positions since the last irreversible move, the current one last.
    path: Vec<u64>,
    options: Options,
    /// The root move that raised alpha last in this iteration, with its score.
    root_best: Option<(u8, i32)>,
    /// The soft time target (see [`Clock`]).
    soft: Option<Instant>,
    /// Whether the best root move fails low in this iteration: the soft target waits.
    failing_low: bool,
    /// What a draw costs the root's side to move (see [`CONTEMPT`]).
    contempt: i32,
    /// Shared with the other threads, when there are others.
    shared: Option<&'e Shared>,
    /// A helper thread: its result is not used, it stops when the main thread has finished.
    helper: bool,
    /// Nodes of a helper already added to [`Shared::helper_nodes`].
    published: u64,
}

impl<'e> Search<'e> {
    fn new(common: Common<'e>, worker: &'e mut Worker, clock: Clock, node_limit: u64) -> Self {
        Search {
            table: common.table,
            history: &mut worker.history,
            killers: &mut worker.killers,
            stacks: &mut worker.stacks,
            tablebase: common.tablebase,
            tablebase_pieces: common.tablebase_pieces,
            nodes: 0,
            node_limit,
            limit: node_limit,
            clock,
            next_check: CLOCK_INTERVAL,
            aborted: false,
            limits_active: false,
            path: common.path.to_vec(),
            options: common.options,
            root_best: None,
            soft: None,
            failing_low: false,
            contempt: 0,
            shared: common.shared,
            helper: false,
            published: 0,
        }
    }

    /// The main thread's iterative deepening; `result` holds the last completed iteration
    /// (or a better root move of the unfinished one).
    fn iterate(
        &mut self,
        root: &Position,
        root_moves: &MoveList,
        max_depth: u32,
        quiet: u32,
        result: &mut SearchResult,
        info: &mut dyn FnMut(&SearchResult),
    ) {
        let mut score = 0;
        let mut stability = Stability::default();
        for depth in 1..=max_depth {
            // The first iteration always completes, so there is always a move to play.
            self.limits_active = depth > 1;
            self.root_best = None;
            self.failing_low = false;
            let iteration = self.aspiration(root, depth as i32, score, quiet);
            if self.aborted {
                // A move that beat the previous best in the unfinished iteration is better.
                if let Some((index, root_score)) = self.root_best {
                    let m = root_moves[index as usize];
                    if result.best != Some(m) {
                        result.best = Some(m);
                        result.score = self.reported(root_score);
                        result.pv = vec![m];
                    }
                }
                break;
            }
            score = iteration;
            result.score = self.reported(score);
            result.depth = depth;
            result.pv = self.principal_variation(root);
            result.best = result.pv.first().copied();
            result.nodes = self.nodes + self.helper_nodes();
            result.elapsed = self.clock.started.elapsed();
            info(result);
            if depth == CONTEMPT_DEPTH
                && self.options.contempt
                && score >= CONTEMPT_MARGIN
                && !is_decisive(score)
            {
                self.contempt = CONTEMPT;
                result.contempt = CONTEMPT;
            }
            let change = stability.update(result.best, score, depth == 1);
            self.soft = self.clock.soft_deadline(stability.stable, change);
            let now = Instant::now();
            if root_moves.len() == 1
                || self.nodes >= self.node_limit
                || self.clock.should_stop(now, self.soft, false)
                || plies_to_end(score).is_some_and(|plies| plies <= depth)
            {
                break;
            }
        }
    }

    /// A helper thread's iterative deepening on the same root until the main thread is done:
    /// odd helpers one ply ahead of the main thread's order.
    fn help(&mut self, root: &Position, index: usize, quiet: u32) {
        let mut score = 0;
        let first = 1 + (index % 2) as u32;
        for depth in first..=MAX_DEPTH {
            let iteration = self.aspiration(root, depth as i32, score, quiet);
            if self.aborted {
                break;
            }
            score = iteration;
            if depth == CONTEMPT_DEPTH
                && self.options.contempt
                && score >= CONTEMPT_MARGIN
                && !is_decisive(score)
            {
                self.contempt = CONTEMPT;
            }
        }
        if let Some(shared) = self.shared {
            shared
                .helper_nodes
                .fetch_add(self.nodes - self.published, Ordering::Relaxed);
        }
    }

    /// The score a result reports: a draw is 0 at the root whatever the contempt.
    fn reported(&self, score: i32) -> i32 {
        if self.contempt != 0 && score == self.draw_score(0) {
            0
        } else {
            score
        }
    }

    /// The score of a draw at `ply`, for the side to move there.
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        if ply % 2 == 0 {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Nodes the helper threads have published.
    fn helper_nodes(&self) -> u64 {
        self.shared
            .map_or(0, |shared| shared.helper_nodes.load(Ordering::Relaxed))
    }

    /// A look at the clock, the stop flag and the threads (every [`CLOCK_INTERVAL`] nodes).
    #[cold]
    fn check_clock(&mut self) {
        if let Some(shared) = self.shared {
            if self.helper {
                let helpers = shared
                    .helper_nodes
                    .fetch_add(self.nodes - self.published, Ordering::Relaxed)
                    + (self.nodes - self.published);
                self.published = self.nodes;
                let all = helpers.saturating_add(shared.main_nodes.load(Ordering::Relaxed));
                if shared.stop.load(Ordering::Relaxed) || all >= shared.node_limit {
                    self.aborted = true;
                    return;
                }
            } else {
                shared.main_nodes.store(self.nodes, Ordering::Relaxed);
                let helpers = shared.helper_nodes.load(Ordering::Relaxed);
                self.node_limit = self.limit.saturating_sub(helpers);
                if self.nodes >= self.node_limit {
                    self.aborted = true;
                    return;
                }
            }
        }
        if self
            .clock
            .should_stop(Instant::now(), self.soft, self.failing_low)
        {
            self.aborted = true;
        }
    }
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
    /// The move a singular-extension search leaves out at each ply ([`NO_MOVE`]: none).
    excluded: [u8; MAX_PLY + 1],
}

/// No move index.
const NO_MOVE: u8 = u8::MAX;
/// The least depth at which a node tries a singular extension.
const SINGULAR_MIN_DEPTH: i32 = 6;

impl Stacks {
    fn new() -> Box<Stacks> {
        Box::new(Stacks {
            pv: vec![[0; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            scores: vec![[0; dama_rules::MAX_MOVES]; MAX_PLY + 1],
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            excluded: [NO_MOVE; MAX_PLY + 1],
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
                // The best move failed low: the soft time target waits for its resolution.
                self.failing_low = true;
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
            self.check_clock();
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
                return self.draw_score(ply);
            }
            if quiet >= FORTY_MOVE_PLIES {
                // The 40-move rule draws, unless the side to move has already lost.
                return if position.has_legal_moves() {
                    self.draw_score(ply)
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
        let excluded = self.stacks.excluded[ply];
        // A search that leaves a move out is not this position's result: no cut-off, no store.
        let use_table = depth >= TABLE_MIN_DEPTH && excluded == NO_MOVE;
        let mut hash_move = None;
        let mut singular = None;
        if let Some(hit) = use_table.then(|| self.table.probe(hash)).flatten() {
            hash_move = hit.best;
            if self.options.singular
                && !root
                && depth >= SINGULAR_MIN_DEPTH
                && hit.depth >= depth - 3
                && hit.bound != Bound::Upper
                && !is_decisive(hit.score)
            {
                singular = hit
                    .best
                    .map(|best| (best, score_from_table(hit.score, ply)));
            }
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

        // Singular extension: when every move but the table's fails low against its score less
        // a margin in a reduced search, the table's move is searched one ply deeper.
        let mut extend_move = NO_MOVE;
        if let Some((best, score)) = singular {
            extend_move = self.singular(position, depth, ply, quiet, best, score);
            if self.aborted {
                return 0;
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
        let mut n = 0;

        for _ in 0..count {
            let index = self.next_move(ply, count);
            if excluded != NO_MOVE && index == usize::from(excluded) {
                continue;
            }
            let m = &self.stacks.lists[ply][index].clone();
            let mut child = *position;
            child.play_unchecked(m);
            let child_quiet = if m.is_irreversible() { 0 } else { quiet + 1 };
            let new_depth = depth - 1
                + extension
                + i32::from(extend_move != NO_MOVE && index == usize::from(extend_move));
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
            if root && n == 0 && score <= alpha {
                // The best move so far fails low: let the soft time target wait.
                self.failing_low = true;
            }
            n += 1;
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

    /// The table move `best` if every other move fails low against its `score` less
    /// [`SINGULAR_MARGIN`] in a search of half the depth, else [`NO_MOVE`].
    #[cold]
    #[inline(never)]
    fn singular(
        &mut self,
        position: &Position,
        depth: i32,
        ply: usize,
        quiet: u32,
        best: u8,
        score: i32,
    ) -> u8 {
        let target = score - SINGULAR_MARGIN;
        self.stacks.excluded[ply] = best;
        let others = self.node(position, (depth - 1) / 2, target - 1, target, ply, quiet);
        self.stacks.excluded[ply] = NO_MOVE;
        self.stacks.pv_len[ply] = 0;
        if others < target { best } else { NO_MOVE }
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
        assert!(!clock.expired(start));
        stop.store(true, Ordering::Relaxed);
        assert!(clock.expired(start));
        let unlimited = Clock::new(&Limits::depth(3));
        assert!(!unlimited.expired(start + Duration::from_secs(1_000_000)));
    }

    #[test]
    fn the_soft_target_follows_the_search() {
        // A settled search: the same best move for several iterations, a steady score.
        assert_eq!(soft_share(STABLE_ITERATIONS, 5), STABLE_SHARE);
        assert_eq!(
            soft_share(STABLE_ITERATIONS + 3, -STEADY_SCORE),
            STABLE_SHARE
        );
        // Settled but the score moves: the default share.
        assert_eq!(soft_share(STABLE_ITERATIONS, STEADY_SCORE + 1), SOFT_SHARE);
        assert_eq!(soft_share(2, 0), SOFT_SHARE);
        // The best move changed in this iteration or the previous one.
        assert_eq!(soft_share(0, 0), UNSETTLED_SHARE);
        assert_eq!(soft_share(1, 10), UNSETTLED_SHARE);
        // The score dropped: all the time, however settled the move.
        assert_eq!(soft_share(10, -SCORE_DROP), 1000);
        const { assert!(STABLE_SHARE < SOFT_SHARE && SOFT_SHARE < UNSETTLED_SHARE) };
        const { assert!(UNSETTLED_SHARE <= 1000) };
        // Under a score drop and an unsettled move alike, the target is the hard limit.
        assert_eq!(soft_share(0, -SCORE_DROP), 1000);
    }

    #[test]
    fn the_soft_target_stops_the_search_except_on_a_fail_low() {
        let clock = Clock::new(&Limits::time(Duration::from_millis(200)));
        let start = clock.started;
        let ms = |n| start + Duration::from_millis(n);
        let settled = clock.soft_deadline(STABLE_ITERATIONS, 0);
        assert_eq!(settled, Some(ms(150)));
        assert_eq!(clock.soft_deadline(3, 0), Some(ms(180)));
        assert_eq!(clock.soft_deadline(0, 0), Some(ms(200)));
        assert_eq!(clock.soft_deadline(5, -40), Some(ms(200)));
        assert!(!clock.should_stop(ms(149), settled, false));
        assert!(clock.should_stop(ms(150), settled, false));
        // A best move failing low goes on to the hard limit, and not past it.
        assert!(!clock.should_stop(ms(199), settled, true));
        assert!(clock.should_stop(ms(200), settled, true));
        assert!(clock.should_stop(ms(200), None, false));
        // Without a time limit there is no target.
        let unlimited = Clock::new(&Limits::nodes(1000));
        assert_eq!(unlimited.soft_deadline(0, 0), None);
        assert!(!unlimited.should_stop(start + Duration::from_secs(1000), None, false));
    }

    #[test]
    fn stability_counts_iterations_with_the_same_best_move() {
        let a = Game::default().position().legal_moves()[0];
        let b = Game::default().position().legal_moves()[1];
        let mut stability = Stability::default();
        assert_eq!(stability.update(Some(a), 10, true), 0);
        assert_eq!(stability.stable, 0);
        assert_eq!(stability.update(Some(a), 15, false), 5);
        assert_eq!(stability.update(Some(a), -30, false), -45);
        assert_eq!(stability.stable, 2);
        stability.update(Some(b), -30, false);
        assert_eq!(stability.stable, 0);
    }

    #[test]
    fn a_draw_costs_the_root_side_the_contempt_and_reports_as_zero() {
        let table = Table::new(1);
        let mut worker = Worker::new();
        let common = Common {
            table: &table,
            tablebase: None,
            tablebase_pieces: 0,
            path: &[],
            options: Options::default(),
            shared: None,
        };
        let mut search = Search::new(common, &mut worker, Clock::new(&Limits::depth(1)), 10);
        assert_eq!((search.draw_score(0), search.draw_score(3)), (0, 0));
        assert_eq!(search.reported(0), 0);
        search.contempt = CONTEMPT;
        // The root side to move at even plies, the other side at odd ones.
        assert_eq!(search.draw_score(0), -CONTEMPT);
        assert_eq!(search.draw_score(2), -CONTEMPT);
        assert_eq!(search.draw_score(1), CONTEMPT);
        // A line ending in a draw is a draw at the root; other scores are reported as found.
        assert_eq!(search.reported(-CONTEMPT), 0);
        assert_eq!(search.reported(-CONTEMPT + 1), -CONTEMPT + 1);
        assert_eq!(search.reported(80), 80);
        // A repetition in the search scores the draw for the side to move there.
        let mut game = Game::new(Position::from_fen("W:WK29,K30,K31:BK4").unwrap());
        for text in ["29-25", "4-8", "25-29", "8-4"] {
            game.play_text(text).unwrap();
        }
        search.path = game.hashes().to_vec();
        search.limits_active = false;
        let root = *game.position();
        assert_eq!(search.node(&root, 3, -WIN, WIN, 2, 4), -CONTEMPT);
        assert_eq!(search.node(&root, 3, -WIN, WIN, 1, 4), CONTEMPT);
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
