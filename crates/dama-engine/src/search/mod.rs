//! The search: iterative deepening over principal-variation alpha-beta.
//!
//! - aspiration windows around the last iteration's score;
//! - a transposition table ([`crate::tt`]) keyed by [`Position::hash`];
//! - move ordering: the table's move, two killers per ply, a history of quiet moves;
//! - late move reductions for quiet moves, reverse futility pruning of quiet nodes near the
//!   leaves whose evaluation is well above beta, an extension when there is only one legal move;
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
//!   settled the search is; on a game clock the soft target is the clock's planned time
//!   ([`Limits::target`], [`clock_share`]);
//! - threads ([`Engine::set_threads`]): Lazy SMP, helpers on the same root sharing the table;
//! - contempt ([`CONTEMPT`]): a side that judged itself clearly better scores draws below 0;
//! - extensions (off by default, measured): only moves, and singular table moves.

mod clock;
mod tree;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use dama_rules::{Game, Move};

use crate::tables::{Tablebase, Verdict};
use crate::tt::Table;

use clock::Clock;
pub use clock::{
    CLOCK_DROP_SHARE, CLOCK_INTERVAL, CLOCK_SHARE, CLOCK_STABLE_SHARE, CLOCK_UNSETTLED_SHARE,
    SCORE_DROP, SOFT_SHARE, STABLE_ITERATIONS, STABLE_SHARE, STEADY_SCORE, UNSETTLED_SHARE,
    clock_share, soft_share,
};
use tree::{Search, Stacks};

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
    /// The time a search on a game clock aims at (see [`crate::GameClock::limits`]): with it
    /// the soft target is this time scaled by [`clock_share`], never past `time`; without it,
    /// a share of `time` ([`soft_share`]).
    pub target: Option<Duration>,
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
    /// Reverse futility pruning: a quiet node of a null-window search at most
    /// [`FUTILITY_DEPTH`] plies from the leaves whose evaluation beats beta by
    /// [`FUTILITY_MARGIN`] a ply returns the evaluation without searching.
    pub futility: bool,
    /// Deeper late move reductions: two plies from the fifth move at depth 5, three from the
    /// tenth at depth 8 (else two plies only from the eighth move at depth 6).
    pub deep_reductions: bool,
    /// Razoring: a quiet node of a null-window search at most [`RAZOR_DEPTH`] plies from the
    /// leaves whose evaluation falls short of alpha by [`RAZOR_MARGIN`] a ply returns the
    /// evaluation without searching.
    pub razoring: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            only_move_extension: false,
            reductions: true,
            linear_eval: false,
            contempt: true,
            singular: false,
            futility: true,
            deep_reductions: true,
            razoring: true,
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

/// The deepest node (plies from the leaves) that reverse futility pruning may cut.
pub const FUTILITY_DEPTH: i32 = 3;
/// How far the evaluation must beat beta, per ply of depth, for reverse futility pruning
/// (centi-men).
pub const FUTILITY_MARGIN: i32 = 50;

/// The deepest node (plies from the leaves) that razoring may cut.
pub const RAZOR_DEPTH: i32 = 2;
/// How far the evaluation must fall short of alpha, per ply of depth, for razoring
/// (centi-men).
pub const RAZOR_MARGIN: i32 = 80;

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
            .map(|worker| Search::helper(common, worker))
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
