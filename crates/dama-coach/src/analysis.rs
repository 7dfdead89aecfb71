//! Post-game analysis: the engine reviews every move of a game, marks the mistakes by how much
//! they lost, names the better move, and gives each player an accuracy figure.
//!
//! Pure logic over [`dama_rules`] and [`dama_engine`]: no I/O, no threads, no rendering. Every
//! position of the game is searched at a fixed node budget ([`AnalysisOptions::nodes`]), so an
//! analysis is reproducible. Positions the endgame tables hold are judged by the tables exactly.
//!
//! ```
//! use dama_rules::Position;
//! use dama_coach::analysis::{AnalysisOptions, analyse};
//!
//! let start = Position::initial();
//! let moves = vec![start.parse_move("22-18").unwrap()];
//! let options = AnalysisOptions { nodes: 2_000, ..AnalysisOptions::default() };
//! let analysis = analyse(&start, &moves, &options, None, &mut |_, _| {});
//! assert_eq!(analysis.plies.len(), 1);
//! assert_eq!(analysis.evaluations().len(), 2);
//! ```

use std::fmt;
use std::fmt::Write as _;

use dama_engine::{Engine, Limits, Tablebase, Verdict, is_decisive};
use dama_rules::{ByColor, Color, Game, Move, MoveText, Position, pdn};

/// Nodes searched per position by default: about 25 ms a position on one core of the
/// reference machine, so a 100-ply game takes about 2.5 s.
pub const DEFAULT_NODES: u64 = 300_000;

/// Transposition table size of the analysing engine by default, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// Evaluations are clipped to this many centi-men either way (ten men): a won position (a win
/// the search found, or a table win) is worth exactly this, and a move that keeps a position
/// won beyond it loses nothing.
pub const EVALUATION_CLIP: i32 = 1_000;

/// A move that loses at least this much (centi-men, from the mover's view) is an inaccuracy
/// (`?!`): about a third of a man.
pub const INACCURACY_LOSS: i32 = 35;

/// A move that loses at least this much is a mistake (`?`): most of a man, as when a move
/// walks into a shot that wins one man back for two.
pub const MISTAKE_LOSS: i32 = 90;

/// A move that loses at least this much is a blunder (`??`): two men or more, as when a move
/// walks into a multiple capture, or throws away a won game.
pub const BLUNDER_LOSS: i32 = 200;

/// The average loss per move at which a player's accuracy is 50%: accuracy is
/// `100 × 2^(−average loss / ACCURACY_HALF_LOSS)`, each move's loss first capped at
/// [`BLUNDER_LOSS`] so one lost game does not hide the rest of the play.
pub const ACCURACY_HALF_LOSS: f64 = 60.0;

/// How the analysis searches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Nodes searched per position (default [`DEFAULT_NODES`]).
    pub nodes: u64,
    /// Transposition table of the engine, in MiB (default [`DEFAULT_HASH_MB`]).
    pub hash_mb: usize,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            nodes: DEFAULT_NODES,
            hash_mb: DEFAULT_HASH_MB,
        }
    }
}

/// The mark of a move that lost evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?!`: lost at least [`INACCURACY_LOSS`].
    Inaccuracy,
    /// `?`: lost at least [`MISTAKE_LOSS`].
    Mistake,
    /// `??`: lost at least [`BLUNDER_LOSS`], or turned a table win into a draw or a loss (or a
    /// table draw into a loss).
    Blunder,
}

impl Mark {
    /// The mark for a loss in evaluation, if it deserves one.
    #[must_use]
    pub const fn for_loss(loss: i32) -> Option<Mark> {
        if loss >= BLUNDER_LOSS {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY_LOSS {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The PDN symbol: `??`, `?` or `?!`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The word for it: "inaccuracy", "mistake", "blunder".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// The endgame tables' judgement of a move: the exact value before and after it, both from
/// the view of the side that played it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableJudgement {
    pub before: Verdict,
    pub after: Verdict,
}

impl TableJudgement {
    /// Whether the move made the result worse: a win into a draw or a loss, a draw into a loss.
    #[must_use]
    pub fn spoils(&self) -> bool {
        outcome_rank(self.after) < outcome_rank(self.before)
    }

    /// "won in 9 → drawn", "drawn → lost in 4", "won in 5 → won in 4": moves are the winner's
    /// own moves to the end of the game (its last move included).
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "{} → {}",
            verdict_words(self.before),
            verdict_words(self.after)
        )
    }
}

/// 2 for a win, 1 for a draw, 0 for a loss.
const fn outcome_rank(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Win { .. } => 2,
        Verdict::Draw => 1,
        Verdict::Loss { .. } => 0,
    }
}

fn verdict_words(verdict: Verdict) -> String {
    let moves = verdict.winner_moves().unwrap_or(0);
    match verdict {
        Verdict::Win { .. } => format!("won in {moves}"),
        Verdict::Loss { .. } => format!("lost in {moves}"),
        Verdict::Draw => "drawn".to_owned(),
    }
}

/// One move of the game, judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The ply's number, counting from 1 (the first move of the game is ply 1).
    pub ply: usize,
    /// The side that played the move.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The evaluation before the move, from White's view, in centi-men, clipped to
    /// [`EVALUATION_CLIP`].
    pub evaluation_before: i32,
    /// The evaluation after the move, the same way (the series an advantage chart plots).
    pub evaluation_after: i32,
    /// The engine's (or the tables') choice in the position before the move.
    pub best: Option<Move>,
    /// How much the move lost, from the mover's view (0 when it lost nothing).
    pub loss: i32,
    /// The mark the loss earns, or the tables' verdict: `None` for a sound move.
    pub mark: Option<Mark>,
    /// The better move, when the move is marked and the engine's choice was another.
    pub better: Option<Move>,
    /// The tables' judgement, when they hold the positions before and after the move.
    pub table: Option<TableJudgement>,
}

/// A whole game, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The game's first position.
    pub start: Position,
    /// The evaluation of the first position, from White's view (clipped).
    pub start_evaluation: i32,
    /// One entry per move, in order.
    pub plies: Vec<PlyAnalysis>,
    /// Each player's accuracy, 0 to 100 (see [`ACCURACY_HALF_LOSS`]); 100 for a player who
    /// made no move.
    pub accuracy: ByColor<f64>,
    /// The ply (counting from 1) of the move that lost most, if any move lost anything.
    pub worst_ply: Option<usize>,
    /// The node budget each position was searched with.
    pub nodes: u64,
}

impl Analysis {
    /// The evaluation before the first move and after each move, from White's view: the series
    /// of an advantage chart (`moves + 1` values).
    #[must_use]
    pub fn evaluations(&self) -> Vec<i32> {
        std::iter::once(self.start_evaluation)
            .chain(self.plies.iter().map(|p| p.evaluation_after))
            .collect()
    }

    /// The moves of the game.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.played).collect()
    }

    /// The move that lost most, if any lost anything.
    #[must_use]
    pub fn worst(&self) -> Option<&PlyAnalysis> {
        self.worst_ply.map(|ply| &self.plies[ply - 1])
    }

    /// The comment of a marked move, in English: the tables' verdict if they judged it, the
    /// better move, and the evaluation after the move ("won in 9 → drawn; better 14-19;
    /// -0.20"). `None` for an unmarked move.
    #[must_use]
    pub fn comment(&self, ply: &PlyAnalysis) -> Option<String> {
        let mark = ply.mark?;
        let mut parts = Vec::new();
        if let Some(table) = ply.table {
            parts.push(table.describe());
        } else {
            parts.push(mark.name().to_owned());
        }
        if let Some(better) = ply.better {
            let before = self.position_before(ply.ply);
            parts.push(format!("better {}", before.move_text(&better)));
        }
        parts.push(format_evaluation(ply.evaluation_after));
        Some(parts.join("; "))
    }

    /// The position in which ply `ply` (counting from 1) was played.
    #[must_use]
    pub fn position_before(&self, ply: usize) -> Position {
        let mut position = self.start;
        for p in &self.plies[..ply - 1] {
            position.play_unchecked(&p.played);
        }
        position
    }

    /// The annotated game as PDN: the given tags, the moves with their marks (`22-18?`), and
    /// after each marked move a `{comment}` (see [`Analysis::comment`]); a last comment gives
    /// both accuracies. Reads back with [`pdn::read_games`].
    #[must_use]
    pub fn annotated_pdn(&self, tags: &[(&str, &str)], result: &str) -> String {
        let summary = format!(
            "accuracy: White {:.0}%, Black {:.0}% ({} nodes a position)",
            self.accuracy.white, self.accuracy.black, self.nodes
        );
        self.annotated_pdn_with(tags, result, &|ply| self.comment(ply), &summary)
    }

    /// [`Analysis::annotated_pdn`] with other words: `comment` gives the comment of each move
    /// (`None`: none), `summary` the last comment.
    #[must_use]
    pub fn annotated_pdn_with(
        &self,
        tags: &[(&str, &str)],
        result: &str,
        comment: &dyn Fn(&PlyAnalysis) -> Option<String>,
        summary: &str,
    ) -> String {
        let moves = self.moves();
        let marks: Vec<&str> = self
            .plies
            .iter()
            .map(|p| p.mark.map_or("", Mark::symbol))
            .collect();
        let mut comments: Vec<(usize, String)> = self
            .plies
            .iter()
            .filter_map(|p| Some((p.ply, comment(p)?)))
            .collect();
        comments.push((moves.len(), summary.to_owned()));
        pdn::write_annotated_game(tags, &self.start, &moves, &marks, &comments, result)
    }
}

/// The first word of an encoded analysis, and the version of the format.
const ENCODING_HEADER: &str = "dama-analysis 1";

/// An encoded analysis that does not read back (a damaged row, or one for other moves).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("stored analysis, line {line}: {reason}")]
pub struct DecodeError {
    /// The line, counting from 1.
    pub line: usize,
    pub reason: String,
}

impl Analysis {
    /// The analysis as text, for storing: a header (`dama-analysis 1 nodes=N start=E`), then
    /// one line a move: the evaluations before and after it, the best move in long notation
    /// (`-` for none), the loss, the mark (`??`, `?`, `?!` or `-`) and the tables' judgement
    /// (`W17>D`: won in 17 plies before, drawn after; `-` for none). The moves themselves are
    /// the game's: [`Analysis::decode`] takes them again.
    #[must_use]
    pub fn encode(&self) -> String {
        let mut text = format!(
            "{ENCODING_HEADER} nodes={} start={}\n",
            self.nodes, self.start_evaluation
        );
        for ply in &self.plies {
            let best = ply
                .best
                .map_or_else(|| "-".to_owned(), |m| MoveText::long(&m).to_string());
            let mark = ply.mark.map_or("-", Mark::symbol);
            let table = ply.table.map_or_else(
                || "-".to_owned(),
                |t| format!("{}>{}", verdict_code(t.before), verdict_code(t.after)),
            );
            let _ = writeln!(
                text,
                "{} {} {best} {} {mark} {table}",
                ply.evaluation_before, ply.evaluation_after, ply.loss
            );
        }
        text
    }

    /// Reads [`Analysis::encode`]'s text back for the game of `moves` from `start`.
    pub fn decode(start: &Position, moves: &[Move], text: &str) -> Result<Analysis, DecodeError> {
        let mut lines = text.lines();
        let fail = |line: usize, reason: &str| DecodeError {
            line,
            reason: reason.to_owned(),
        };
        let header = lines.next().ok_or_else(|| fail(1, "empty"))?;
        let rest = header
            .strip_prefix(ENCODING_HEADER)
            .ok_or_else(|| fail(1, "not an analysis of this version"))?;
        let mut nodes = None;
        let mut start_evaluation = None;
        for field in rest.split_whitespace() {
            match field.split_once('=') {
                Some(("nodes", value)) => nodes = value.parse::<u64>().ok(),
                Some(("start", value)) => start_evaluation = value.parse::<i32>().ok(),
                _ => return Err(fail(1, &format!("unknown field `{field}`"))),
            }
        }
        let nodes = nodes.ok_or_else(|| fail(1, "no node budget"))?;
        let start_evaluation = start_evaluation.ok_or_else(|| fail(1, "no start evaluation"))?;
        let mut position = *start;
        let mut plies = Vec::with_capacity(moves.len());
        for (i, played) in moves.iter().enumerate() {
            let number = i + 2;
            let line = lines
                .next()
                .ok_or_else(|| fail(number, "fewer lines than moves"))?;
            let fields: Vec<&str> = line.split(' ').collect();
            let [before, after, best, loss, mark, table] = fields[..] else {
                return Err(fail(number, "not six fields"));
            };
            let int = |field: &str| {
                field
                    .parse::<i32>()
                    .map_err(|_| fail(number, &format!("`{field}` is not a number")))
            };
            let best = match best {
                "-" => None,
                text => Some(
                    position
                        .parse_move(text)
                        .map_err(|e| fail(number, &format!("best move `{text}`: {e}")))?,
                ),
            };
            let mark = match mark {
                "-" => None,
                "?!" => Some(Mark::Inaccuracy),
                "?" => Some(Mark::Mistake),
                "??" => Some(Mark::Blunder),
                other => return Err(fail(number, &format!("unknown mark `{other}`"))),
            };
            let table = match table {
                "-" => None,
                text => {
                    let judgement = text.split_once('>').and_then(|(b, a)| {
                        Some(TableJudgement {
                            before: verdict_from_code(b)?,
                            after: verdict_from_code(a)?,
                        })
                    });
                    Some(judgement.ok_or_else(|| fail(number, &format!("table `{text}`")))?)
                }
            };
            let better = best.filter(|b| mark.is_some() && !b.same_effect(played));
            let side = position.turn();
            position = position
                .play(played)
                .map_err(|_| fail(number, "the game's move does not replay"))?;
            plies.push(PlyAnalysis {
                ply: i + 1,
                mover: side,
                played: *played,
                evaluation_before: int(before)?,
                evaluation_after: int(after)?,
                best,
                loss: int(loss)?,
                mark,
                better,
                table,
            });
        }
        if lines.next().is_some_and(|l| !l.is_empty()) {
            return Err(fail(moves.len() + 2, "more lines than moves"));
        }
        Ok(Analysis::from_plies(*start, start_evaluation, plies, nodes))
    }

    /// An analysis of these judged moves: the accuracies and the worst moment follow from them.
    fn from_plies(
        start: Position,
        start_evaluation: i32,
        plies: Vec<PlyAnalysis>,
        nodes: u64,
    ) -> Analysis {
        let accuracy = ByColor::new(
            accuracy(&plies, Color::White),
            accuracy(&plies, Color::Black),
        );
        let worst_ply = plies
            .iter()
            .filter(|p| p.loss > 0)
            .min_by_key(|p| (std::cmp::Reverse(p.loss), p.ply))
            .map(|p| p.ply);
        Analysis {
            start,
            start_evaluation,
            plies,
            accuracy,
            worst_ply,
            nodes,
        }
    }
}

/// `W17`, `L8`, `D`.
fn verdict_code(verdict: Verdict) -> String {
    match verdict {
        Verdict::Win { plies } => format!("W{plies}"),
        Verdict::Loss { plies } => format!("L{plies}"),
        Verdict::Draw => "D".to_owned(),
    }
}

fn verdict_from_code(code: &str) -> Option<Verdict> {
    if code == "D" {
        return Some(Verdict::Draw);
    }
    let plies = code.get(1..)?.parse().ok()?;
    match code.as_bytes().first()? {
        b'W' => Some(Verdict::Win { plies }),
        b'L' => Some(Verdict::Loss { plies }),
        _ => None,
    }
}

/// An evaluation in men with two decimals and its sign: `+1.25`, `-0.40`, `0.00`.
#[must_use]
pub fn format_evaluation(centi_men: i32) -> String {
    let sign = match centi_men.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let abs = centi_men.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// Analyses the game of `moves` from `start` (the moves must be legal; a game read from PDN
/// is replayed first). Each position is searched at `options.nodes`; positions `tables` hold
/// are judged by them. `progress(done, total)` is called after each of the `moves.len() + 1`
/// positions.
#[must_use]
pub fn analyse(
    start: &Position,
    moves: &[Move],
    options: &AnalysisOptions,
    tables: Option<&Tablebase>,
    progress: &mut dyn FnMut(usize, usize),
) -> Analysis {
    analyse_in_turns(
        start,
        moves,
        options,
        tables,
        &mut |search| search(),
        progress,
    )
}

/// [`analyse`], each position's search run through `turn`: `turn` must call the search it is
/// given exactly once, and may wait before it (the bot waits for its turn on the engine pool,
/// so that an analysis takes one engine at a time and running games' moves go in between).
#[must_use]
pub fn analyse_in_turns(
    start: &Position,
    moves: &[Move],
    options: &AnalysisOptions,
    tables: Option<&Tablebase>,
    turn: &mut dyn FnMut(&mut dyn FnMut()),
    progress: &mut dyn FnMut(usize, usize),
) -> Analysis {
    let total = moves.len() + 1;
    let mut engine = Engine::new(options.hash_mb.max(1));
    // The evaluations are read as the position's worth: a draw is 0 to either side.
    engine.set_options(dama_engine::Options {
        contempt: false,
        ..engine.options()
    });
    let mut game = Game::new(*start);
    let limits = Limits::nodes(options.nodes.max(1));
    // (evaluation from White's view, best move, exact value for the side to move)
    let mut judge = |game: &Game| -> (i32, Option<Move>, Option<Verdict>) {
        let position = game.position();
        let white = |score: i32| position.turn().fold(score, -score);
        let exact = tables
            .filter(|_| game.outcome().is_none())
            .and_then(|t| Some((t.probe(position)?, t)));
        if let Some((verdict, tables)) = exact {
            let score = match verdict {
                Verdict::Win { .. } => EVALUATION_CLIP,
                Verdict::Draw => 0,
                Verdict::Loss { .. } => -EVALUATION_CLIP,
            };
            let best = tables.best_move(position).map(|(m, _)| m);
            return (white(score), best, Some(verdict));
        }
        let mut found = None;
        turn(&mut || found = Some(engine.search(game, &limits)));
        let result = found.expect("the turn runs the search");
        let score = if is_decisive(result.score) {
            result.score.signum() * EVALUATION_CLIP
        } else {
            result.score.clamp(-EVALUATION_CLIP, EVALUATION_CLIP)
        };
        (white(score), result.best, None)
    };

    let mut before = judge(&game);
    progress(1, total);
    let start_evaluation = before.0;
    let mut plies = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let side = game.position().turn();
        // An illegal move ends the analysis where it stands.
        if game.play(m).is_err() {
            break;
        }
        let after = judge(&game);
        progress(i + 2, total);
        let (eval_before, best, verdict_before) = before;
        let eval_after = after.0;
        let for_mover = |white: i32| side.fold(white, -white);
        let played_best = best.is_some_and(|b| b.same_effect(m));
        let mut loss = if played_best {
            0
        } else {
            (for_mover(eval_before) - for_mover(eval_after)).max(0)
        };
        let table = verdict_before
            .zip(after.2)
            .map(|(before, after)| TableJudgement {
                before,
                after: after.one_ply_back_view(),
            });
        let mark = match table {
            Some(judgement) if judgement.spoils() => {
                loss = loss.max(BLUNDER_LOSS);
                Some(Mark::Blunder)
            }
            Some(_) => {
                // Exact: a move that keeps the result loses nothing.
                loss = 0;
                None
            }
            None => Mark::for_loss(loss),
        };
        let better = best.filter(|b| mark.is_some() && !b.same_effect(m));
        plies.push(PlyAnalysis {
            ply: i + 1,
            mover: side,
            played: *m,
            evaluation_before: eval_before,
            evaluation_after: eval_after,
            best,
            loss,
            mark,
            better,
            table,
        });
        before = after;
    }

    Analysis::from_plies(*start, start_evaluation, plies, options.nodes)
}

/// `100 × 2^(−average capped loss / ACCURACY_HALF_LOSS)` over `color`'s moves.
fn accuracy(plies: &[PlyAnalysis], color: Color) -> f64 {
    let losses: Vec<f64> = plies
        .iter()
        .filter(|p| p.mover == color)
        .map(|p| f64::from(p.loss.min(BLUNDER_LOSS)))
        .collect();
    if losses.is_empty() {
        return 100.0;
    }
    let average = losses.iter().sum::<f64>() / losses.len() as f64;
    100.0 * (-average / ACCURACY_HALF_LOSS).exp2()
}

/// A verdict seen from the other side.
trait OtherSide {
    /// The same value from the view of the side that just moved (a win for the side to move
    /// is a loss for the other, at the same distance).
    fn one_ply_back_view(self) -> Verdict;
}

impl OtherSide for Verdict {
    fn one_ply_back_view(self) -> Verdict {
        match self {
            Verdict::Win { plies } => Verdict::Loss { plies },
            Verdict::Loss { plies } => Verdict::Win { plies },
            Verdict::Draw => Verdict::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::for_loss(INACCURACY_LOSS - 1), None);
        assert_eq!(Mark::for_loss(INACCURACY_LOSS), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(MISTAKE_LOSS), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(BLUNDER_LOSS + 500), Some(Mark::Blunder));
    }

    #[test]
    fn evaluations_read_in_men() {
        assert_eq!(format_evaluation(125), "+1.25");
        assert_eq!(format_evaluation(-40), "-0.40");
        assert_eq!(format_evaluation(0), "0.00");
    }

    #[test]
    fn table_judgements_say_what_changed() {
        let spoiled = TableJudgement {
            before: Verdict::Win { plies: 17 },
            after: Verdict::Draw,
        };
        assert!(spoiled.spoils());
        assert_eq!(spoiled.describe(), "won in 9 → drawn");
        let kept = TableJudgement {
            before: Verdict::Win { plies: 17 },
            after: Verdict::Win { plies: 15 },
        };
        assert!(!kept.spoils());
        let lost = TableJudgement {
            before: Verdict::Draw,
            after: Verdict::Loss { plies: 8 },
        };
        assert!(lost.spoils());
        assert_eq!(lost.describe(), "drawn → lost in 4");
    }

    #[test]
    fn accuracy_halves_at_the_documented_loss() {
        let start = Position::initial();
        let m = start.legal_moves()[0];
        let ply = |mover, loss| PlyAnalysis {
            ply: 1,
            mover,
            played: m,
            evaluation_before: 0,
            evaluation_after: 0,
            best: None,
            loss,
            mark: None,
            better: None,
            table: None,
        };
        let plies = [
            ply(Color::White, 0),
            ply(Color::White, 120),
            ply(Color::Black, 0),
        ];
        assert!((accuracy(&plies, Color::White) - 50.0).abs() < 1e-9);
        assert!((accuracy(&plies, Color::Black) - 100.0).abs() < 1e-9);
    }
}
