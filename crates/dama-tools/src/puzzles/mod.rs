//! Puzzles: positions where the side to move has one winning line (a shot, *colpo*), the
//! collection the bot ships, the miner that builds it (`damabot puzzles build`, see
//! [`mine`]) and the check that re-judges a collection with the engine of the build
//! (`damabot puzzles check`, see [`check`]).
//!
//! # The file format
//!
//! One puzzle a line, seven fields separated by tabs; lines starting with `#` and blank lines
//! are skipped:
//!
//! ```text
//! id  FEN  solution  themes  difficulty  gain  source
//! ```
//!
//! - `id`: 1 to 32 characters among `a-z`, `0-9` and `-`, unique in the file (the miner uses
//!   the low 32 bits of the position's hash in hexadecimal, so a puzzle keeps its id when the
//!   collection is built again);
//! - `FEN`: the position (PDN FEN, the side to move first), the solver being the side to move;
//! - `solution`: the line in long notation (`22-18`, `18x11x4` with every landing square),
//!   separated by spaces: the solver's move, the defender's reply, the solver's move, ... Every
//!   move must be legal in turn. The line ends with the solver's last move, or with the
//!   defender's reply to it when that reply is forced by the capture rule (a recapture the bot
//!   plays before the puzzle is over);
//! - `themes`: comma separated, among `multiple-capture` (the solver takes two or more pieces
//!   in one move), `sacrifice` (a solver's quiet move that the defender must capture),
//!   `quiet-move` (the first move is a quiet move that gives nothing), `promotion` (the solver
//!   makes a king) and `endgame` (ten pieces or fewer on the board);
//! - `difficulty`: an Elo-like rating from 800 to 2400 ([`MIN_DIFFICULTY`], [`MAX_DIFFICULTY`];
//!   [`mine`] documents how it is estimated);
//! - `gain`: what the line wins, counted at its end: `material:N` (the solver's piece count
//!   minus the defender's rose by `N`, at least 2, kings counting as pieces), `king` (the
//!   solver made a king and lost no material), `win` (the defender has no move left) or
//!   `table-win` (the endgame tables call the final position won for the solver);
//! - `source`: where the position comes from (`campionato-assoluto-2005 game 12 ply 31`,
//!   `selfplay 7 ply 40`), free text without tabs.
//!
//! ```
//! use dama_tools::puzzles::{Answer, parse_puzzles};
//!
//! // White gives a man to take three and make a king on 4.
//! let text = "# a shot\n\
//!     23cb947f\tW:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,14,15\t\
//!     22-19 14x23 27x20x11x4\tmultiple-capture,sacrifice,promotion\t1070\tmaterial:2\t\
//!     campionato-assoluto-2005 game 5 ply 8 with 4-8 instead of 6-11\n";
//! let puzzles = parse_puzzles(text).unwrap();
//! let puzzle = &puzzles[0];
//! assert_eq!(puzzle.solver_moves(), 2);
//! let first = puzzle.position.parse_move("22-19").unwrap();
//! let Answer::Correct { reply: Some(reply), solved: false } = puzzle.answer(0, &first) else {
//!     panic!("22-19 is the solution");
//! };
//! assert_eq!(reply.long(), "14x23");
//! let last = puzzle.position_at(1).unwrap().parse_move("27x4").unwrap();
//! assert_eq!(puzzle.answer(1, &last), Answer::Correct { reply: None, solved: true });
//! assert_eq!(puzzle.answer(0, &last), Answer::Wrong);
//! assert_eq!(puzzle.to_line(), text.lines().nth(1).unwrap());
//! ```

use std::fmt;
use std::str::FromStr;

use dama_engine::{Engine, Limits, Tablebase, Verdict};
use dama_rules::{Color, Game, Move, MoveText, Position};

pub mod check;
pub mod mine;

/// The lowest difficulty a puzzle may have.
pub const MIN_DIFFICULTY: u32 = 800;
/// The highest difficulty a puzzle may have.
pub const MAX_DIFFICULTY: u32 = 2400;
/// The least material gain a `material:N` puzzle may claim.
pub const MIN_MATERIAL_GAIN: u32 = 2;
/// How much worse, in centi-men for the solver, every other first move must score than the
/// solution's first move (or any later solver's move than the line's), by the same search.
pub const UNIQUE_MARGIN: i32 = 150;
/// The least score, in centi-men for the solver, of the solution's first move: the line wins.
pub const WINNING_SCORE: i32 = 150;

/// The collection the bot ships (`assets/puzzles/puzzles.txt`).
pub const SHIPPED: &str = include_str!("../../../../assets/puzzles/puzzles.txt");

/// The shipped collection, parsed.
///
/// # Panics
///
/// If the shipped file is damaged (the test suite parses it).
#[must_use]
pub fn shipped() -> Vec<Puzzle> {
    parse_puzzles(SHIPPED).expect("the shipped puzzle file parses")
}

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver takes two or more pieces in one move.
    MultipleCapture,
    /// A solver's quiet move that the defender must capture.
    Sacrifice,
    /// The first move is a quiet move that gives nothing away.
    QuietMove,
    /// The solver makes a king.
    Promotion,
    /// Ten pieces or fewer on the board.
    Endgame,
}

impl Theme {
    /// Every theme, in the order a line lists them.
    pub const ALL: [Theme; 5] = [
        Theme::MultipleCapture,
        Theme::Sacrifice,
        Theme::QuietMove,
        Theme::Promotion,
        Theme::Endgame,
    ];

    /// The theme's name in the file.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::MultipleCapture => "multiple-capture",
            Theme::Sacrifice => "sacrifice",
            Theme::QuietMove => "quiet-move",
            Theme::Promotion => "promotion",
            Theme::Endgame => "endgame",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;
    fn from_str(text: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| format!("unknown theme `{text}`"))
    }
}

/// What the solution line wins, counted at its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gain {
    /// The solver's piece count minus the defender's rose by this much (at least
    /// [`MIN_MATERIAL_GAIN`]).
    Material(u32),
    /// The solver made a king and the piece balance did not get worse.
    King,
    /// The defender has no legal move at the end: the game is won.
    Win,
    /// The endgame tables call the final position won for the solver.
    TableWin,
}

impl fmt::Display for Gain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gain::Material(n) => write!(f, "material:{n}"),
            Gain::King => f.write_str("king"),
            Gain::Win => f.write_str("win"),
            Gain::TableWin => f.write_str("table-win"),
        }
    }
}

impl FromStr for Gain {
    type Err = String;
    fn from_str(text: &str) -> Result<Gain, String> {
        match text {
            "king" => Ok(Gain::King),
            "win" => Ok(Gain::Win),
            "table-win" => Ok(Gain::TableWin),
            _ => {
                let n = text
                    .strip_prefix("material:")
                    .and_then(|n| n.parse::<u32>().ok())
                    .ok_or_else(|| format!("unknown gain `{text}`"))?;
                if n < MIN_MATERIAL_GAIN {
                    return Err(format!(
                        "a material gain must be at least {MIN_MATERIAL_GAIN}, not {n}"
                    ));
                }
                Ok(Gain::Material(n))
            }
        }
    }
}

/// One puzzle: the solver (the side to move) plays the even moves of `solution` (from 0), the
/// defender the odd ones; the last move may be the defender's reply to the solver's last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub position: Position,
    /// The solver's move, the defender's reply, ...
    pub solution: Vec<Move>,
    pub themes: Vec<Theme>,
    /// Elo-like, [`MIN_DIFFICULTY`] to [`MAX_DIFFICULTY`].
    pub difficulty: u32,
    pub gain: Gain,
    pub source: String,
}

/// The verdict on a solver's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move is the line's (or has the same effect). `reply` is the defender's answer to
    /// play next (`None` when the line is over); `solved` is true after the last solver's move.
    Correct { reply: Option<Move>, solved: bool },
    /// Not the line's move (or no move was expected at this step).
    Wrong,
}

/// The options puzzles are judged with: exact scores (a draw is worth 0 to either side, no
/// contempt), and no node taken at its evaluation by razoring or cut short by the deeper
/// reductions, which pay in games but blur the margin between a solution and the other moves.
#[must_use]
pub(crate) fn judging(options: dama_engine::Options) -> dama_engine::Options {
    dama_engine::Options {
        contempt: false,
        razoring: false,
        deep_reductions: false,
        ..options
    }
}

impl Puzzle {
    /// The solver: the side to move in the puzzle's position.
    #[must_use]
    pub const fn solver(&self) -> Color {
        self.position.turn()
    }

    /// How many moves the solver plays in the line.
    #[must_use]
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The position before the solver's move number `step` (from 0): the puzzle's position
    /// with the line's first `2 * step` moves played; `None` past the line's end.
    #[must_use]
    pub fn position_at(&self, step: usize) -> Option<Position> {
        if step >= self.solver_moves() {
            return None;
        }
        let mut position = self.position;
        for m in &self.solution[..2 * step] {
            position.play_unchecked(m);
        }
        Some(position)
    }

    /// Judges the solver's move number `step` (from 0): correct when it has the same effect as
    /// the line's move ([`Move::same_effect`]: the same piece to the same square taking the same
    /// pieces, whatever the path).
    #[must_use]
    pub fn answer(&self, step: usize, m: &Move) -> Answer {
        match self.solution.get(2 * step) {
            Some(expected) if expected.same_effect(m) => Answer::Correct {
                reply: self.solution.get(2 * step + 1).copied(),
                solved: 2 * step + 2 >= self.solution.len(),
            },
            _ => Answer::Wrong,
        }
    }

    /// The position at the end of the line.
    #[must_use]
    pub fn final_position(&self) -> Position {
        let mut position = self.position;
        for m in &self.solution {
            position.play_unchecked(m);
        }
        position
    }

    /// The puzzle as a line of the file (without the newline).
    #[must_use]
    pub fn to_line(&self) -> String {
        let solution: Vec<String> = self.solution.iter().map(Move::long).collect();
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.position.to_fen(),
            solution.join(" "),
            themes.join(","),
            self.difficulty,
            self.gain,
            self.source
        )
    }

    /// Whether the line ends in the gain it claims, counted on the board (a `table-win` needs
    /// `tables`). The error says what the line really reaches.
    pub fn check_gain(&self, tables: Option<&Tablebase>) -> Result<(), String> {
        let reached = line_gain(&self.position, &self.solution);
        let end = self.final_position();
        let holds = match self.gain {
            Gain::Material(n) => reached.material >= n as i32,
            Gain::King => reached.promoted && reached.material >= 0,
            Gain::Win => !end.has_legal_moves() && end.turn() != self.solver(),
            Gain::TableWin => match tables {
                Some(tables) => match tables.probe(&end) {
                    Some(Verdict::Win { .. }) => end.turn() == self.solver(),
                    Some(Verdict::Loss { .. }) => end.turn() != self.solver(),
                    _ => false,
                },
                None => return Err("a table win cannot be checked without the tables".into()),
            },
        };
        if holds {
            Ok(())
        } else {
            Err(format!(
                "the line claims {} but reaches material {:+}{}",
                self.gain,
                reached.material,
                if reached.promoted { " and a king" } else { "" }
            ))
        }
    }

    /// Checks by search that the first move is the engine's choice and unique: a search of
    /// `nodes` nodes (after clearing the engine) picks a move with the solution's effect, and
    /// every other first move, searched with `nodes` nodes from the position after it, scores
    /// at least [`UNIQUE_MARGIN`] below the solution's. Returns the solution's score and the
    /// best other score (`None` when no other move exists).
    pub fn check_unique(
        &self,
        engine: &mut Engine,
        nodes: u64,
    ) -> Result<(i32, Option<i32>), String> {
        let first = self.solution.first().ok_or("the solution is empty")?;
        let options = engine.options();
        engine.set_options(judging(options));
        let judged = self.judge_unique(engine, nodes, first);
        engine.set_options(options);
        judged
    }

    fn judge_unique(
        &self,
        engine: &mut Engine,
        nodes: u64,
        first: &Move,
    ) -> Result<(i32, Option<i32>), String> {
        engine.new_game();
        let game = Game::new(self.position);
        let root = engine.search(&game, &Limits::nodes(nodes));
        let best = root.best.ok_or("the position has no move")?;
        if !best.same_effect(first) {
            return Err(format!(
                "the engine plays {} (score {}), not {}",
                best.long(),
                root.score,
                first.long()
            ));
        }
        let scored = score_children(engine, &game, nodes);
        let own = scored
            .iter()
            .find(|(m, _)| m.same_effect(first))
            .map(|&(_, s)| s)
            .ok_or("the first move is not legal")?;
        let other = scored
            .iter()
            .filter(|(m, _)| !m.same_effect(first))
            .map(|&(_, s)| s)
            .max();
        if let Some(other) = other
            && other > own - UNIQUE_MARGIN
        {
            return Err(format!(
                "another first move scores {other}, within {UNIQUE_MARGIN} of the solution's {own}"
            ));
        }
        Ok((own, other))
    }
}

/// Every distinct legal move of the game's position (one per effect) with its score for the
/// mover: minus [`search_score`] of the position after it, or the game's end.
#[must_use]
pub fn score_children(engine: &mut Engine, game: &Game, nodes: u64) -> Vec<(Move, i32)> {
    let mut scored: Vec<(Move, i32)> = Vec::new();
    for m in &game.position().legal_moves() {
        if scored.iter().any(|(s, _)| s.same_effect(m)) {
            continue;
        }
        let mut next = game.clone();
        if next.play(m).is_err() {
            continue;
        }
        scored.push((*m, -search_score(engine, &next, nodes).0));
    }
    scored
}

/// The score of the game's position for the side to move and the depth that found it: a
/// search of `nodes` nodes from a cleared engine, after playing out the moves that are forced
/// (a single move by effect; the search itself would stop after one iteration there), whose
/// plies count in the depth. A finished game scores as the search scores it (a win by
/// distance, a loss, or 0 for a draw) at the full depth.
#[must_use]
pub fn search_score(engine: &mut Engine, game: &Game, nodes: u64) -> (i32, u32) {
    if let Some(outcome) = game.outcome() {
        let score = match outcome.winner {
            Some(winner) if winner == game.position().turn() => dama_engine::WIN,
            Some(_) => -dama_engine::WIN,
            None => 0,
        };
        return (score, dama_engine::MAX_DEPTH);
    }
    let moves = game.position().legal_moves();
    let Some(first) = moves.first() else {
        return (-dama_engine::WIN, dama_engine::MAX_DEPTH);
    };
    if moves.iter().all(|m| m.same_effect(first)) {
        let mut next = game.clone();
        if next.play(first).is_ok() {
            let (score, depth) = search_score(engine, &next, nodes);
            // A win or loss by distance is one ply further from here.
            let score = if dama_engine::is_win(score) || dama_engine::is_loss(score) {
                -score + score.signum()
            } else {
                -score
            };
            return (score, depth.saturating_add(1).min(dama_engine::MAX_DEPTH));
        }
    }
    engine.new_game();
    let result = engine.search(game, &Limits::nodes(nodes));
    (result.score, result.depth)
}

/// What a line reaches: the change of the solver's piece count minus the defender's, and
/// whether the solver made a king.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineGain {
    pub material: i32,
    pub promoted: bool,
}

/// The gain of playing `line` (legal moves) from `start`, for the side to move at `start`.
#[must_use]
pub fn line_gain(start: &Position, line: &[Move]) -> LineGain {
    let solver = start.turn();
    let mut gain = LineGain::default();
    let mut position = *start;
    for m in line {
        let mover_is_solver = position.turn() == solver;
        let taken = m.capture_count() as i32;
        gain.material += if mover_is_solver { taken } else { -taken };
        gain.promoted |= mover_is_solver && m.promotes();
        position.play_unchecked(m);
    }
    gain
}

/// A line of a puzzle file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFileError {
    /// From 1.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle file, line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for PuzzleFileError {}

/// Reads a puzzle file (see the [module docs](self) for the format): every line must parse,
/// every solution replay legally from its position, and ids must be unique. The first damaged line is the error, with its number.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut ids = std::collections::HashMap::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim_end_matches('\r');
        if trimmed.trim().is_empty() || trimmed.trim_start().starts_with('#') {
            continue;
        }
        let puzzle = parse_line(trimmed).map_err(|reason| PuzzleFileError { line, reason })?;
        if let Some(first) = ids.insert(puzzle.id.clone(), line) {
            return Err(PuzzleFileError {
                line,
                reason: format!("id `{}` is already used on line {first}", puzzle.id),
            });
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

fn parse_line(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, fen, solution, themes, difficulty, gain, source] = fields[..] else {
        return Err(format!(
            "expected 7 tab-separated fields, found {}",
            fields.len()
        ));
    };
    if id.is_empty()
        || id.len() > 32
        || !id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(format!(
            "bad id `{id}`: 1 to 32 characters among a-z, 0-9 and -"
        ));
    }
    let position = Position::from_fen(fen).map_err(|e| format!("bad FEN `{fen}`: {e}"))?;
    let mut moves = Vec::new();
    let mut current = position;
    for (ply, text) in solution.split_whitespace().enumerate() {
        let m = MoveText::parse(text)
            .and_then(|t| t.to_move(&current))
            .map_err(|e| format!("solution move {} `{text}`: {e}", ply + 1))?;
        current.play_unchecked(&m);
        moves.push(m);
    }
    if moves.is_empty() {
        return Err("the solution is empty".into());
    }
    let mut parsed_themes = Vec::new();
    for name in themes.split(',').filter(|t| !t.is_empty()) {
        let theme: Theme = name.parse()?;
        if parsed_themes.contains(&theme) {
            return Err(format!("theme `{name}` is listed twice"));
        }
        parsed_themes.push(theme);
    }
    let difficulty: u32 = difficulty
        .parse()
        .map_err(|_| format!("bad difficulty `{difficulty}`: a whole number"))?;
    if !(MIN_DIFFICULTY..=MAX_DIFFICULTY).contains(&difficulty) {
        return Err(format!(
            "difficulty {difficulty} is outside {MIN_DIFFICULTY}-{MAX_DIFFICULTY}"
        ));
    }
    let gain: Gain = gain.parse()?;
    Ok(Puzzle {
        id: id.to_owned(),
        position,
        solution: moves,
        themes: parsed_themes,
        difficulty,
        gain,
        source: source.to_owned(),
    })
}
