//! `damabot puzzles build`: mining puzzles from games.
//!
//! The games are those of the PDN files (`--from`, the championship file by default) and `N`
//! engine self-play games (`--selfplay N`). Every position of every game is judged on its own
//! (without the game's history), in the order of the games and their plies:
//!
//! 1. **Candidates.** The side to move (the solver) must not be obliged to capture (the first
//!    move is a quiet move: a sacrifice or a quiet move before a capture sequence) and must have
//!    at least two moves with different effects. A screening search (`--screen-nodes`) must
//!    score the position at least [`WINNING_SCORE`] for the solver, and its
//!    principal variation must gain two pieces or make a king.
//! 2. **Uniqueness of the first move.** Every first move is searched from the position after it
//!    with `--nodes` nodes; the best must score at least [`WINNING_SCORE`]
//!    and every other at least [`UNIQUE_MARGIN`] centi-men less. Each of
//!    these searches must complete an iteration at least as deep as the solution line (after the
//!    first move), so the alternatives are refuted to a depth that covers the line.
//! 3. **The line.** After each solver's move, the line ends if the defender has no move
//!    (`win`), or if the defender is not obliged to capture and the line so far has gained at
//!    least two pieces (`material:N`), made a king without losing material (`king`), or reached
//!    a position the endgame tables (`--tables`) call lost for the defender (`table-win`).
//!    Otherwise the defender replies: its only move, or the move a `--nodes` search prefers
//!    (several replies may be as good; the engine's is the line's). Then the solver plays its
//!    only move, or the best of its moves if that is unique by the same margin; if it is not,
//!    or the line grows past [`MAX_LINE`] moves, the position is dropped. A line must start with
//!    a sacrifice or contain a solver's capture after the first move.
//! 4. **The check the tests repeat.** The puzzle is kept if
//!    [`Puzzle::check_unique`](super::Puzzle::check_unique) passes with [`CHECK_NODES`] too
//!    (the engine, cleared, picks the first move and every alternative is worse by the margin).
//!
//! Positions already kept are not kept again (the same position from another game or another
//! ply). Every search starts from a cleared engine and is limited by nodes only, so the result
//! depends only on the arguments, not on the machine, its speed or the number of jobs.
//!
//! **Difficulty** is
//! `800 + 150 * (depth - 1) + 40 * min(tempting, 10) + 150 * (solver moves - 1) + 50 * min(material - 2, 4)`,
//! clamped to 800-2400, where `depth` is the first iteration from
//! which the engine's search of the position (`--nodes`) prefers the solution's first move to the
//! end, `solver moves` counts the solver's moves in the line, `material` is the pieces the line
//! wins (0 for a king or a win without material), and `tempting` counts the other first moves
//! that look at least as good at a glance: for a sacrifice, every move that gives nothing away
//! (the defender has no capture after it); for a quiet first move, every move that a 1-ply
//! search after it (captures played out) scores at least as high.
//!
//! The shipped collection (`assets/puzzles/puzzles.txt`: 755 puzzles when mined, 45 of them
//! from the championship file and its side lines, 715 after [`super::check`] with the pattern
//! evaluation) was built by
//! `damabot puzzles build --side-lines --selfplay 500 --seed 1 -j 2` with the default budgets
//! in 18 minutes (1,090 s) on two shared cores at the lowest priority; the championship
//! games alone (with `--side-lines`) take under a minute. Without `--side-lines` the
//! championship games give almost nothing: masters rarely leave a shot on the board.
//!
//! **Self-play.** Game `i` is played by the engine against itself from the start, seeded by
//! `--seed` and `i`: its first 8 plies are chosen at random among the moves within 30 centi-men
//! of the best (2-ply scores), and later each move is, one time in four, chosen at random
//! among the moves within 60 centi-men of the best at 2 plies, and otherwise by a 3,000-node
//! search, so the games hold the mistakes that allow shots. Games end at 200 plies.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::{Args, Subcommand};
use dama_engine::{Engine, Limits, Rng, Tablebase, Verdict, score_moves};
use dama_rules::{Game, Move, Position, pdn};

use super::{
    Gain, MAX_DIFFICULTY, MIN_DIFFICULTY, MIN_MATERIAL_GAIN, Puzzle, Theme, UNIQUE_MARGIN,
    WINNING_SCORE, line_gain,
};

/// The PDN file mined unless `--from` says otherwise.
pub const DEFAULT_FROM: &str = "tests/data/campionato-assoluto-2005.pdn";
/// Nodes of each judging search unless `--nodes` says otherwise.
pub const DEFAULT_NODES: u64 = 200_000;
/// Nodes of the screening search of every position unless `--screen-nodes` says otherwise.
pub const DEFAULT_SCREEN_NODES: u64 = 10_000;
/// Nodes of the check every kept puzzle passes, the one the test suite repeats.
pub const CHECK_NODES: u64 = 30_000;
/// The longest solution line, in moves (both sides).
pub const MAX_LINE: usize = 15;
/// Self-play games end after this many plies.
pub const SELFPLAY_PLIES: usize = 200;

/// `damabot puzzles ...`.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Mine puzzles from the positions of PDN games and self-play games, and write them.
    Build(BuildArgs),
    /// Judge a puzzle file again with this build's engine; with `--out`, write the puzzles
    /// that still pass.
    Check(super::check::CheckArgs),
}

/// `damabot puzzles build [--from PDN...] [--selfplay N] [--nodes N] [--limit N] --out FILE`.
#[derive(Clone, Debug, Args)]
pub struct BuildArgs {
    /// Where to write the puzzles.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// PDN files whose games are mined (`--from` alone: none).
    #[arg(long, value_name = "PDN", num_args = 0.., default_values_t = [DEFAULT_FROM.to_owned()])]
    pub from: Vec<String>,
    /// Also mine this many engine self-play games.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub selfplay: usize,
    /// The seed of the self-play games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Nodes of each judging search (the first moves, the replies, the solver's later moves).
    #[arg(long, default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Nodes of the screening search of every position.
    #[arg(long, default_value_t = DEFAULT_SCREEN_NODES)]
    pub screen_nodes: u64,
    /// Also mine the positions one move off the games: every other legal move in place of the
    /// one played (the shots a mistake would have allowed).
    #[arg(long)]
    pub side_lines: bool,
    /// Keep at most this many puzzles (the first ones, in the order of the games).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Endgame tables for the searches and for `table-win` lines.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Games mined at the same time.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Transposition table of each judging engine, in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash_mb: usize,
}

/// `damabot puzzles ...`.
#[must_use]
pub fn puzzles_command(command: &PuzzlesCommand) -> ExitCode {
    match command {
        PuzzlesCommand::Build(args) => build_command(args),
        PuzzlesCommand::Check(args) => super::check::check_command(args),
    }
}

/// A game to mine: where it comes from, its start and its moves.
#[derive(Clone, Debug)]
pub struct SourceGame {
    /// `campionato-assoluto-2005 game 12` or `selfplay 7`.
    pub label: String,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// The games of a PDN file, labelled with the file's stem and their number (from 1); a game
/// with an illegal move keeps the moves before it. The warnings name the games cut short.
pub fn pdn_games(path: &Path) -> Result<(Vec<SourceGame>, Vec<String>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let stem = path
        .file_stem()
        .map_or_else(|| "pdn".to_owned(), |s| s.to_string_lossy().into_owned());
    let mut warnings = Vec::new();
    let games = pdn::read_games(&String::from_utf8_lossy(&bytes))
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let replay = game.replay();
            if let Some((ply, message)) = &replay.error {
                warnings.push(format!(
                    "{}: game {}, ply {ply}: {message}",
                    path.display(),
                    i + 1
                ));
            }
            SourceGame {
                label: format!("{stem} game {}", i + 1),
                start: replay.start,
                moves: replay.moves,
            }
        })
        .collect();
    Ok((games, warnings))
}

/// Self-play game `index` (see the [module docs](self)); the same seed and index give the same
/// game.
#[must_use]
pub fn self_play_game(engine: &mut Engine, seed: u64, index: usize) -> SourceGame {
    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
    let mut game = Game::default();
    engine.new_game();
    while game.outcome().is_none() && game.ply() < SELFPLAY_PLIES {
        let random = game.ply() < 8 || rng.below(4) == 0;
        let m = if random {
            let margin = if game.ply() < 8 { 30 } else { 60 };
            let scored = score_moves(engine, &game, 2);
            let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
            let near: Vec<Move> = scored
                .iter()
                .filter(|&&(_, s)| s >= best - margin)
                .map(|&(m, _)| m)
                .collect();
            near.get(rng.below(near.len().max(1) as u64) as usize)
                .copied()
        } else {
            engine.search(&game, &Limits::nodes(3_000)).best
        };
        let Some(m) = m else { break };
        if game.play(&m).is_err() {
            break;
        }
    }
    SourceGame {
        label: format!("selfplay {index}"),
        start: *game.start(),
        moves: game.moves().to_vec(),
    }
}

/// The budgets of the mining searches.
#[derive(Clone, Debug)]
pub struct MineSettings {
    pub nodes: u64,
    pub screen_nodes: u64,
    pub tables: Option<Arc<Tablebase>>,
}

/// The engines one miner uses: a small one for screening every position and a larger one for
/// judging the candidates.
#[derive(Debug)]
pub struct Miner {
    screen: Engine,
    judge: Engine,
    settings: MineSettings,
}

impl Miner {
    #[must_use]
    pub fn new(settings: MineSettings, hash_mb: usize) -> Miner {
        let mut screen = Engine::new(1);
        let mut judge = Engine::new(hash_mb);
        screen.set_tablebase(settings.tables.clone());
        judge.set_tablebase(settings.tables.clone());
        for engine in [&mut screen, &mut judge] {
            engine.set_options(super::judging(engine.options()));
        }
        Miner {
            screen,
            judge,
            settings,
        }
    }

    /// The puzzles of a game's positions, in the order of its plies (ids left empty); with
    /// `side_lines`, after each position also those of the positions one move off the game
    /// (every other legal move in place of the one played), in the move generator's order.
    pub fn mine_game(&mut self, game: &SourceGame, side_lines: bool) -> Vec<Puzzle> {
        let mut found = Vec::new();
        let mut position = game.start;
        for ply in 0..=game.moves.len() {
            if let Some(mut puzzle) = self.mine_position(&position) {
                puzzle.source = format!("{} ply {ply}", game.label);
                found.push(puzzle);
            }
            let played = game.moves.get(ply);
            if side_lines {
                for m in distinct_moves(&position) {
                    if played.is_some_and(|p| p.same_effect(&m)) {
                        continue;
                    }
                    let mut off = position;
                    off.play_unchecked(&m);
                    if let Some(mut puzzle) = self.mine_position(&off) {
                        let instead = played.map_or_else(String::new, |p| {
                            format!(" instead of {}", position.move_text(p))
                        });
                        puzzle.source = format!(
                            "{} ply {} with {}{instead}",
                            game.label,
                            ply + 1,
                            position.move_text(&m)
                        );
                        found.push(puzzle);
                    }
                }
            }
            if let Some(m) = played {
                position.play_unchecked(m);
            }
        }
        found
    }

    /// The puzzle of a position, if it is one (see the [module docs](self)); its id and source
    /// are left empty.
    pub fn mine_position(&mut self, position: &Position) -> Option<Puzzle> {
        if position.must_capture() || distinct_moves(position).len() < 2 {
            return None;
        }
        let game = Game::new(*position);
        // 1. Screening.
        self.screen.new_game();
        let screen = self
            .screen
            .search(&game, &Limits::nodes(self.settings.screen_nodes));
        if screen.score < WINNING_SCORE {
            return None;
        }
        let pv_gain = line_gain(position, &screen.pv);
        if pv_gain.material < MIN_MATERIAL_GAIN as i32 && !pv_gain.promoted {
            return None;
        }
        // 2. Every first move.
        let nodes = self.settings.nodes;
        let scored = scored_children(&mut self.judge, &game, nodes);
        let (first, best) = unique_best(&scored)?;
        if best.score < WINNING_SCORE {
            return None;
        }
        // 3. The line.
        let (solution, gain) = self.solution_line(position, first)?;
        let deep_enough = scored
            .iter()
            .all(|s| s.depth as usize + 1 >= solution.len() || dama_engine::is_decisive(s.score));
        if !deep_enough {
            return None;
        }
        let themes = themes(position, &solution);
        if !themes.contains(&Theme::Sacrifice)
            && !solution.iter().skip(2).step_by(2).any(Move::is_capture)
        {
            return None;
        }
        let difficulty = self.difficulty(position, &first, &scored, &solution);
        let puzzle = Puzzle {
            id: String::new(),
            position: *position,
            solution,
            themes,
            difficulty,
            gain,
            source: String::new(),
        };
        // 4. The check the tests repeat.
        puzzle.check_gain(self.settings.tables.as_deref()).ok()?;
        puzzle.check_unique(&mut self.judge, CHECK_NODES).ok()?;
        Some(puzzle)
    }

    /// The line from `start` after the solver's `first` move, and what it gains.
    fn solution_line(&mut self, start: &Position, first: Move) -> Option<(Vec<Move>, Gain)> {
        let nodes = self.settings.nodes;
        let mut line = vec![first];
        let mut position = *start;
        position.play_unchecked(&first);
        loop {
            // The defender to move.
            if !position.has_legal_moves() {
                return Some((line, Gain::Win));
            }
            if let Some(gain) = self.settled_gain(start, &line, &position) {
                return Some((line, gain));
            }
            if line.len() + 1 > MAX_LINE {
                return None;
            }
            let replies = distinct_moves(&position);
            let reply = if replies.len() == 1 {
                replies[0]
            } else {
                self.judge.new_game();
                self.judge
                    .search(&Game::new(position), &Limits::nodes(nodes))
                    .best?
            };
            line.push(reply);
            position.play_unchecked(&reply);
            // The solver to move.
            if let Some(gain) = self.settled_gain(start, &line, &position) {
                return Some((line, gain));
            }
            if line.len() + 1 > MAX_LINE {
                return None;
            }
            let own = distinct_moves(&position);
            let next = match own.len() {
                0 => return None,
                1 => own[0],
                _ => {
                    let scored = scored_children(&mut self.judge, &Game::new(position), nodes);
                    let (m, _) = unique_best(&scored)?;
                    m
                }
            };
            line.push(next);
            position.play_unchecked(&next);
        }
    }

    /// The gain of `line` from `start`, if it is decisive at `position` (where the line ends):
    /// the side to move is not obliged to capture (nothing is about to be taken back) and the
    /// line won two pieces or a king, or the tables call the position won for the solver.
    fn settled_gain(&self, start: &Position, line: &[Move], position: &Position) -> Option<Gain> {
        if position.must_capture() {
            return None;
        }
        let solver_to_move = position.turn() == start.turn();
        let verdict = self
            .settings
            .tables
            .as_ref()
            .and_then(|t| t.probe(position));
        let table_win = match verdict {
            Some(Verdict::Win { .. }) => solver_to_move,
            Some(Verdict::Loss { .. }) => !solver_to_move,
            _ => false,
        };
        let gain = line_gain(start, line);
        if table_win {
            Some(Gain::TableWin)
        } else if gain.material >= MIN_MATERIAL_GAIN as i32 {
            Some(Gain::Material(gain.material as u32))
        } else if gain.promoted && gain.material >= 0 {
            Some(Gain::King)
        } else {
            None
        }
    }

    /// See the [module docs](self).
    fn difficulty(
        &mut self,
        position: &Position,
        first: &Move,
        scored: &[Scored],
        solution: &[Move],
    ) -> u32 {
        let line_len = solution.len();
        let game = Game::new(*position);
        self.judge.new_game();
        let mut bests: Vec<(u32, Move)> = Vec::new();
        self.judge
            .search_with_info(&game, &Limits::nodes(self.settings.nodes), &mut |result| {
                if let Some(best) = result.best {
                    bests.push((result.depth, best));
                }
            });
        let depth = bests
            .iter()
            .rev()
            .take_while(|(_, m)| m.same_effect(first))
            .last()
            .map_or(1, |&(d, _)| d);
        let sacrifice = {
            let mut after = *position;
            after.play_unchecked(first);
            after.must_capture()
        };
        let tempting = if sacrifice {
            // Every move that keeps the material looks better than giving a piece away.
            scored
                .iter()
                .filter(|s| !s.m.same_effect(first))
                .filter(|s| {
                    let mut after = *position;
                    after.play_unchecked(&s.m);
                    !after.must_capture()
                })
                .count() as u32
        } else {
            self.judge.new_game();
            let shallow = score_moves(&mut self.judge, &game, 1);
            let own = shallow
                .iter()
                .find(|(m, _)| m.same_effect(first))
                .map_or(0, |&(_, s)| s);
            shallow
                .iter()
                .filter(|(m, score)| !m.same_effect(first) && *score >= own)
                .count() as u32
        };
        let solver_moves = line_len.div_ceil(2) as u32;
        difficulty_rating(
            depth,
            tempting,
            solver_moves,
            line_gain(position, solution).material,
        )
    }
}

/// The difficulty formula of the [module docs](self).
#[must_use]
pub fn difficulty_rating(depth: u32, tempting: u32, solver_moves: u32, material: i32) -> u32 {
    let raw = 800
        + 150 * depth.saturating_sub(1)
        + 40 * tempting.min(10)
        + 150 * solver_moves.saturating_sub(1)
        + 50 * (material.max(0) as u32)
            .saturating_sub(MIN_MATERIAL_GAIN)
            .min(4);
    raw.clamp(MIN_DIFFICULTY, MAX_DIFFICULTY)
}

/// The themes of a line from `start` (see [`Theme`]), in [`Theme::ALL`]'s order.
#[must_use]
pub fn themes(start: &Position, line: &[Move]) -> Vec<Theme> {
    let mut position = *start;
    let mut multiple = false;
    let mut sacrifice = false;
    let mut promotion = false;
    let mut first_is_sacrifice = false;
    for (i, m) in line.iter().enumerate() {
        position.play_unchecked(m);
        if i % 2 == 0 {
            multiple |= m.capture_count() >= 2;
            promotion |= m.promotes();
            if !m.is_capture() && position.must_capture() {
                sacrifice = true;
                first_is_sacrifice |= i == 0;
            }
        }
    }
    let mut themes = Vec::new();
    if multiple {
        themes.push(Theme::MultipleCapture);
    }
    if sacrifice {
        themes.push(Theme::Sacrifice);
    }
    if !first_is_sacrifice {
        themes.push(Theme::QuietMove);
    }
    if promotion {
        themes.push(Theme::Promotion);
    }
    if start.occupied().count() <= 10 {
        themes.push(Theme::Endgame);
    }
    themes
}

/// A first move with its score for the mover and the depth of the search that scored it.
#[derive(Clone, Copy, Debug)]
struct Scored {
    m: Move,
    score: i32,
    depth: u32,
}

/// The legal moves of a position, one per effect.
fn distinct_moves(position: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for m in &position.legal_moves() {
        if !moves.iter().any(|d| d.same_effect(m)) {
            moves.push(*m);
        }
    }
    moves
}

/// Every distinct move scored by [`search_score`](super::search_score) after it.
fn scored_children(engine: &mut Engine, game: &Game, nodes: u64) -> Vec<Scored> {
    distinct_moves(game.position())
        .into_iter()
        .filter_map(|m| {
            let mut next = game.clone();
            next.play(&m).ok()?;
            let (score, depth) = super::search_score(engine, &next, nodes);
            Some(Scored {
                m,
                score: -score,
                depth,
            })
        })
        .collect()
}

/// The best move if every other scores at least [`UNIQUE_MARGIN`] less.
fn unique_best(scored: &[Scored]) -> Option<(Move, Scored)> {
    let best = scored.iter().max_by_key(|s| s.score)?;
    let unique = scored
        .iter()
        .filter(|s| !s.m.same_effect(&best.m))
        .all(|s| s.score <= best.score - UNIQUE_MARGIN);
    unique.then_some((best.m, *best))
}

/// The id of a puzzle's position: the low 32 bits of its hash in hexadecimal, longer if that
/// is taken.
fn puzzle_id(position: &Position, taken: &HashSet<String>) -> String {
    let hash = position.hash();
    for digits in [8, 12, 16] {
        let id = format!("{hash:016x}")[16 - digits..].to_owned();
        if !taken.contains(&id) {
            return id;
        }
    }
    let mut n = 1;
    loop {
        let id = format!("{hash:016x}-{n}");
        if !taken.contains(&id) {
            return id;
        }
        n += 1;
    }
}

/// What a build found.
#[derive(Clone, Debug)]
pub struct Built {
    pub puzzles: Vec<Puzzle>,
    /// Games mined and positions judged.
    pub games: usize,
    pub positions: usize,
}

/// What [`build_puzzles`] mines and how.
#[derive(Clone, Debug)]
pub struct BuildPlan {
    /// The PDN games, mined first.
    pub games: Vec<SourceGame>,
    /// Self-play games mined after them.
    pub selfplay: usize,
    pub seed: u64,
    pub settings: MineSettings,
    /// Threads.
    pub jobs: usize,
    /// Transposition table of each judging engine, in MiB.
    pub hash_mb: usize,
    /// Keep at most this many puzzles.
    pub limit: Option<usize>,
    /// Also mine the positions one move off the games.
    pub side_lines: bool,
}

/// Mines the plan's games (the PDN games, then the self-play games) with its threads; the
/// puzzles come in the order of the games, one per position, with their ids, at most `limit`.
/// `progress` is called with each finished game's index, puzzle count and label.
pub fn build_puzzles(plan: &BuildPlan, progress: &(dyn Fn(usize, usize, &str) + Sync)) -> Built {
    let BuildPlan {
        games,
        selfplay,
        seed,
        settings,
        jobs,
        hash_mb,
        limit,
        side_lines,
    } = plan;
    let (selfplay, seed, jobs, hash_mb, limit, side_lines) =
        (*selfplay, *seed, *jobs, *hash_mb, *limit, *side_lines);
    let total = games.len() + selfplay;
    let positions = AtomicUsize::new(0);
    let found = crate::jobs::map_in_order(
        total,
        jobs,
        || (Miner::new(settings.clone(), hash_mb), Engine::new(4)),
        |(miner, player), i| {
            let game = match games.get(i) {
                Some(game) => game.clone(),
                None => self_play_game(player, seed, i - games.len()),
            };
            positions.fetch_add(game.moves.len() + 1, Ordering::Relaxed);
            let puzzles = miner.mine_game(&game, side_lines);
            progress(i, puzzles.len(), &game.label);
            puzzles
        },
    );
    let mut positions_kept = HashSet::new();
    let mut ids = HashSet::new();
    let mut puzzles = Vec::new();
    for mut puzzle in found.into_iter().flatten() {
        if limit.is_some_and(|l| puzzles.len() >= l) {
            break;
        }
        if !positions_kept.insert(puzzle.position.to_fen()) {
            continue;
        }
        puzzle.id = puzzle_id(&puzzle.position, &ids);
        ids.insert(puzzle.id.clone());
        puzzles.push(puzzle);
    }
    Built {
        puzzles,
        games: total,
        positions: positions.into_inner(),
    }
}

/// The file's header: the format and how the file was made.
fn header(args: &BuildArgs, built: &Built, seconds: f64) -> String {
    let mut text = String::new();
    let mut command = format!("damabot puzzles build --from {}", args.from.join(" "));
    if args.side_lines {
        command.push_str(" --side-lines");
    }
    if args.selfplay > 0 {
        let _ = write!(
            command,
            " --selfplay {} --seed {}",
            args.selfplay, args.seed
        );
    }
    let _ = write!(
        command,
        " --nodes {} --screen-nodes {}",
        args.nodes, args.screen_nodes
    );
    if let Some(limit) = args.limit {
        let _ = write!(command, " --limit {limit}");
    }
    if let Some(tables) = &args.tables {
        let _ = write!(command, " --tables {}", tables.display());
    }
    let _ = write!(command, " --out {}", args.out.display());
    let lines = [
        "Puzzles of Italian draughts: the side to move plays and wins.".to_owned(),
        format!("Made by: {command}"),
        format!(
            "{} puzzles from {} positions of {} games, in {seconds:.0} s ({} jobs).",
            built.puzzles.len(),
            built.positions,
            built.games,
            args.jobs.max(1)
        ),
        "One puzzle a line, tab separated: id, FEN, solution (long notation, the solver's moves and the".to_owned(),
        "defender's replies, ending with the solver's last or a forced recapture), themes (comma separated: multiple-capture,".to_owned(),
        "sacrifice, quiet-move, promotion, endgame), difficulty (800-2400), gain (material:N, king, win,".to_owned(),
        "table-win), source (the game and the ply, i.e. the position after that many plies).".to_owned(),
        format!(
            "Every other first move scores at least {UNIQUE_MARGIN} centi-men less (searches of {} nodes);",
            args.nodes
        ),
        "see crates/dama-tools/src/puzzles/ for the format and the miner.".to_owned(),
    ];
    for line in lines {
        let _ = writeln!(text, "# {line}");
    }
    text
}

/// The whole file: the header and one line a puzzle.
#[must_use]
pub fn write_puzzles(header: &str, puzzles: &[Puzzle]) -> String {
    let mut text = header.to_owned();
    for puzzle in puzzles {
        let _ = writeln!(text, "{}", puzzle.to_line());
    }
    text
}

fn build_command(args: &BuildArgs) -> ExitCode {
    if args.nodes == 0 || args.screen_nodes == 0 {
        eprintln!("error: --nodes and --screen-nodes must be at least 1");
        return ExitCode::from(crate::EXIT_USAGE);
    }
    let started = Instant::now();
    let mut games = Vec::new();
    for path in &args.from {
        match pdn_games(Path::new(path)) {
            Ok((found, warnings)) => {
                for warning in warnings {
                    eprintln!("warning: {warning} (the game is mined up to there)");
                }
                games.extend(found);
            }
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(crate::EXIT_USAGE);
            }
        }
    }
    let tables = match &args.tables {
        Some(dir) => {
            let (tables, problems) = Tablebase::load(dir);
            for problem in problems {
                eprintln!("warning: tables: {problem}");
            }
            Some(Arc::new(tables))
        }
        None => None,
    };
    let settings = MineSettings {
        nodes: args.nodes,
        screen_nodes: args.screen_nodes,
        tables,
    };
    let total = games.len() + args.selfplay;
    let plan = BuildPlan {
        games,
        selfplay: args.selfplay,
        seed: args.seed,
        settings,
        jobs: args.jobs,
        hash_mb: args.hash_mb,
        limit: args.limit,
        side_lines: args.side_lines,
    };
    let built = build_puzzles(&plan, &|i, count, label| {
        eprintln!(
            "{}/{total} {label}: {count} puzzles ({:.0} s)",
            i + 1,
            started.elapsed().as_secs_f64()
        );
    });
    let seconds = started.elapsed().as_secs_f64();
    let text = write_puzzles(&header(args, &built, seconds), &built.puzzles);
    if let Err(error) = std::fs::write(&args.out, text) {
        eprintln!("error: cannot write {}: {error}", args.out.display());
        return ExitCode::FAILURE;
    }
    println!(
        "{} puzzles from {} positions of {} games in {seconds:.1} s; written to {}",
        built.puzzles.len(),
        built.positions,
        built.games,
        args.out.display()
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_grows_with_depth_temptations_and_length_within_its_range() {
        assert_eq!(difficulty_rating(1, 0, 1, 2), MIN_DIFFICULTY);
        assert_eq!(difficulty_rating(0, 0, 0, 0), MIN_DIFFICULTY);
        assert_eq!(difficulty_rating(3, 2, 2, 3), 800 + 300 + 80 + 150 + 50);
        assert!(difficulty_rating(4, 0, 1, 2) > difficulty_rating(3, 0, 1, 2));
        assert!(difficulty_rating(1, 3, 1, 2) > difficulty_rating(1, 2, 1, 2));
        assert_eq!(difficulty_rating(20, 20, 8, 12), MAX_DIFFICULTY);
    }

    #[test]
    fn a_shot_is_mined_with_its_line_and_themes() {
        let position =
            Position::from_fen("W:W17,22,23,24,25,26,27,29,30,31,32:B2,3,4,5,6,7,8,9,11,14,15")
                .unwrap();
        let mut miner = Miner::new(
            MineSettings {
                nodes: 50_000,
                screen_nodes: DEFAULT_SCREEN_NODES,
                tables: None,
            },
            4,
        );
        let puzzle = miner.mine_position(&position).expect("a shot");
        let line: Vec<String> = puzzle.solution.iter().map(Move::long).collect();
        assert_eq!(line, ["22-19", "15x22", "26x19x10x1"]);
        assert_eq!(puzzle.gain, Gain::Material(2));
        assert_eq!(
            puzzle.themes,
            [Theme::MultipleCapture, Theme::Sacrifice, Theme::Promotion]
        );
        // The start position holds no shot.
        assert!(miner.mine_position(&Position::initial()).is_none());
    }
}
