//! One thread's search: iterative deepening with aspiration windows, principal-variation
//! alpha-beta with the transposition table, late move reductions, reverse futility pruning and
//! singular extensions, the quiescence search, move ordering (table move, killers, history) and
//! the per-ply buffers.

use std::sync::atomic::Ordering;
use std::time::Instant;

use dama_rules::{Bitboard, FORTY_MOVE_PLIES, Move, MoveList, Position};

use super::clock::{Clock, Stability};
use super::{
    CLOCK_INTERVAL, CONTEMPT, CONTEMPT_DEPTH, CONTEMPT_MARGIN, Common, FUTILITY_DEPTH,
    FUTILITY_MARGIN, Killers, Limits, MAX_DEPTH, MAX_PLY, Options, RAZOR_DEPTH, RAZOR_MARGIN,
    SINGULAR_MARGIN, SearchResult, Shared, WIN, Worker, is_decisive, plies_to_end, table_score,
};
use crate::eval::{evaluate, evaluate_linear};
use crate::tables::Tablebase;
use crate::tt::{Bound, Table};

mod ordering;

use ordering::killer_key;

/// One search in progress (one thread's part of it).
#[allow(clippy::struct_excessive_bools)] // independent states of one search
pub(super) struct Search<'e> {
    table: &'e Table,
    history: &'e mut [[i32; 32]; 32],
    killers: &'e mut Killers,
    stacks: &'e mut Stacks,
    tablebase: Option<&'e Tablebase>,
    /// Positions with more pieces are not in the tables.
    tablebase_pieces: u32,
    pub(super) nodes: u64,
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
    pub(super) fn new(
        common: Common<'e>,
        worker: &'e mut Worker,
        clock: Clock,
        node_limit: u64,
    ) -> Self {
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

    /// A helper thread's search: no limits of its own, it stops with the main thread.
    pub(super) fn helper(common: Common<'e>, worker: &'e mut Worker) -> Self {
        let mut helper = Search::new(common, worker, Clock::new(&Limits::default()), u64::MAX);
        helper.helper = true;
        helper.limits_active = true;
        helper
    }

    /// The main thread's iterative deepening; `result` holds the last completed iteration
    /// (or a better root move of the unfinished one).
    pub(super) fn iterate(
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
    pub(super) fn help(&mut self, root: &Position, index: usize, quiet: u32) {
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
pub(super) struct Stacks {
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
    pub(super) fn new() -> Box<Stacks> {
        Box::new(Stacks {
            pv: vec![[0; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            scores: vec![[0; dama_rules::MAX_MOVES]; MAX_PLY + 1],
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            excluded: [NO_MOVE; MAX_PLY + 1],
        })
    }
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
        let capturers = position.capturers();
        let capture = capturers.any();
        if !root {
            if quiet >= 4 && self.repeats(quiet) {
                return self.draw_score(ply);
            }
            if quiet >= FORTY_MOVE_PLIES {
                // The 40-move rule draws, unless the side to move has already lost.
                return if capture || position.has_simple_moves() {
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
                return self.quiescence(position, capturers, alpha, beta, ply);
            }
        }
        if depth <= 0 && !capture {
            return self.quiescence(position, capturers, alpha, beta, ply);
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

        // Reverse futility: a quiet position far enough above beta near the leaves is taken at
        // its evaluation, before its moves are generated; razoring takes one far enough below
        // alpha. Both read one evaluation, made only when one of them may cut.
        let prunable = !pv_node && !root && !capture && excluded == NO_MOVE;
        let mut static_eval = None;
        if self.options.futility && prunable && depth <= FUTILITY_DEPTH && !is_decisive(beta) {
            let eval = *static_eval.get_or_insert_with(|| self.evaluate(position));
            // A side without a move has lost: it is never taken at its evaluation.
            if eval - FUTILITY_MARGIN * depth >= beta && position.has_simple_moves() {
                return eval;
            }
        }
        if self.options.razoring && prunable && depth <= RAZOR_DEPTH && !is_decisive(alpha) {
            let eval = *static_eval.get_or_insert_with(|| self.evaluate(position));
            if eval + RAZOR_MARGIN * depth <= alpha && position.has_simple_moves() {
                return eval;
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

        position.legal_moves_with(capturers, &mut self.stacks.lists[ply]);
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
                let reduction = if !(self.options.reductions
                    && quiet_move
                    && depth >= 3
                    && n >= 3
                    && !killer)
                {
                    0
                } else if self.options.deep_reductions {
                    1 + i32::from(n >= 5 && depth >= 5) + i32::from(n >= 10 && depth >= 8)
                } else {
                    1 + i32::from(n >= 8 && depth >= 6)
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

    /// Plays out forced captures; a quiet position gets the evaluation. `capturers` are the
    /// position's ([`Position::capturers`]).
    fn quiescence(
        &mut self,
        position: &Position,
        capturers: Bitboard,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.stacks.pv_len[ply] = 0;
        if let Some(score) = self.exact(position, ply) {
            return score;
        }
        if capturers.is_empty() {
            if !position.has_simple_moves() {
                return -WIN + ply as i32;
            }
            return self.evaluate(position);
        }
        if ply >= MAX_PLY {
            return self.evaluate(position);
        }
        position.legal_moves_with(capturers, &mut self.stacks.lists[ply]);
        let mut best = -WIN;
        for index in 0..self.stacks.lists[ply].len() {
            let m = &self.stacks.lists[ply][index].clone();
            let mut child = *position;
            child.play_unchecked(m);
            let score = -self.quiescence(&child, child.capturers(), -beta, -alpha, ply + 1);
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
    use super::super::{Limits, TABLE_WIN, is_loss, is_win};
    use super::*;
    use dama_rules::Game;

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

    /// The score and the nodes of a null-window search of `position` at depth 2 against
    /// `beta`, on a fresh table, with reverse futility pruning or without.
    fn null_window(position: &Position, beta: i32, futility: bool) -> (i32, u64) {
        null_window_with(
            position,
            beta,
            Options {
                futility,
                ..Options::default()
            },
        )
    }

    fn null_window_with(position: &Position, beta: i32, options: Options) -> (i32, u64) {
        let table = Table::new(1);
        let mut worker = Worker::new();
        let common = Common {
            table: &table,
            tablebase: None,
            tablebase_pieces: 0,
            path: &[],
            options,
            shared: None,
        };
        let mut search = Search::new(common, &mut worker, Clock::new(&Limits::depth(2)), 0);
        search.path = vec![position.hash()];
        let score = search.node(position, 2, beta - 1, beta, 1, 0);
        (score, search.nodes)
    }

    #[test]
    fn reverse_futility_takes_a_quiet_node_far_above_beta_at_its_evaluation() {
        // White is three men up and has no capture: at depth 2 a null window far below its
        // evaluation is cut at once with the pruning, searched without it.
        let position = Position::from_fen("W:W21,22,23,24,25:B1,2").unwrap();
        let eval = crate::eval::evaluate(&position);
        let beta = eval - 2 * FUTILITY_MARGIN;
        let (score, nodes) = null_window(&position, beta, true);
        assert_eq!((score, nodes), (eval, 1));
        let (score, nodes) = null_window(&position, beta, false);
        assert!(score >= beta && nodes > 1, "{score} {nodes}");
        // Short of the margin the node is searched.
        let (_, nodes) = null_window(&position, beta + 1, true);
        assert!(nodes > 1, "{nodes}");
        // A side to move that must capture is never cut.
        let capture = Position::from_fen("W:W21,22,23,24,25,30:B1,2,18").unwrap();
        assert!(capture.must_capture());
        let beta = crate::eval::evaluate(&capture) - 3 * FUTILITY_MARGIN;
        let (_, nodes) = null_window(&capture, beta, true);
        assert!(nodes > 1, "{nodes}");
    }

    #[test]
    fn razoring_takes_a_quiet_node_far_below_alpha_at_its_evaluation() {
        // White is three men down and has no capture: a null window far above its evaluation.
        let position = Position::from_fen("W:W21,22:B1,2,3,4,5").unwrap();
        let eval = crate::eval::evaluate(&position);
        let alpha = eval + 2 * RAZOR_MARGIN;
        let razoring = |razoring| Options {
            razoring,
            ..Options::default()
        };
        assert_eq!(
            null_window_with(&position, alpha + 1, razoring(true)),
            (eval, 1)
        );
        let (score, nodes) = null_window_with(&position, alpha + 1, razoring(false));
        assert!(score <= alpha && nodes > 1, "{score} {nodes}");
        // Short of the margin the node is searched.
        let (_, nodes) = null_window_with(&position, alpha, razoring(true));
        assert!(nodes > 1, "{nodes}");
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
