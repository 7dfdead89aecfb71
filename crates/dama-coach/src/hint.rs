//! The engine's best move for the side to move, with a short reason that is true of the
//! position: what `/hint` tells a player in a game against the engine.
//!
//! [`hint`] searches the position within the given limits and then decides the reason, the
//! first that holds in this order:
//!
//! 1. [`HintReason::OnlyMove`]: the position has one legal move (two paths of one capture that
//!    end alike are one move).
//! 2. [`HintReason::TableWin`]: the endgame tables hold the position and call it won for the
//!    side to move (the move is the tables' quickest win), or the search reaches a position
//!    they call won.
//! 3. [`HintReason::ForcedWin`]: the search proves a win by force (the other side runs out of
//!    moves or pieces) within its horizon.
//! 4. [`HintReason::Capture`]: a capture is compulsory and there are several; the FID precedence
//!    has already kept only the captures that take most, so the reason names how much the
//!    chosen one takes and the next best capture with what it gives away, by a search of the
//!    position after each capture.
//! 5. [`HintReason::Shot`]: the principal variation wins material within [`SHOT_PLIES`] plies
//!    (counted where the line is quiet, after the recaptures): how many pieces, whether it
//!    crowns a king, and the line itself.
//! 6. [`HintReason::AvoidsShot`]: the move keeps the material while another move loses some to
//!    a capture sequence within [`SHOT_PLIES`] plies, found by a search of
//!    [`REPLY_NODES`] nodes after each other move. The alternative named is the one that looks
//!    best at first sight (a one-ply search with the captures played out): the move a player
//!    is most likely to play instead.
//! 7. [`HintReason::Crowns`]: the move crowns a king.
//! 8. [`HintReason::Positional`]: none of the above; the evaluation says the rest (a lost
//!    position's best move is the one that resists longest).
//!
//! The engine's transposition table is cleared first, so a hint depends only on the game, the
//! limits and the tables: asked twice, it says the same.

use dama_engine::{
    Engine, Limits, SearchResult, TABLE_WIN, Tablebase, Verdict, is_decisive, is_win, plies_to_end,
};
use dama_rules::{Color, Game, Move, Position};

/// The nodes `/hint` searches the position with: a fixed budget, whatever the engine's level
/// (about a tenth of a second here), so that a hint is the engine's real best move and the
/// same hint every time it is asked.
pub const HINT_NODES: u64 = 200_000;

/// The plies a shot may take to win its material (the move, the reply, and so on).
pub const SHOT_PLIES: usize = 5;

/// The nodes of each extra search: after each other capture, and after each other move when
/// looking for the shot a move avoids.
pub const REPLY_NODES: u64 = 20_000;

/// The engine's advice for the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The move to play.
    pub best: Move,
    pub reason: HintReason,
    /// Centi-men, from the side to move's view (the search's score; see
    /// [`dama_engine::is_decisive`] for wins and table verdicts).
    pub evaluation: i32,
}

/// Why [`Hint::best`] is the move (see the module's documentation for how each is decided).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HintReason {
    /// The only legal move.
    OnlyMove,
    /// The endgame tables give a win in `moves` moves of the winner (this one included).
    TableWin { moves: u16 },
    /// The search finds a forced win in `moves` moves of the side to move (this one
    /// included).
    ForcedWin { moves: u32 },
    /// Of several compulsory captures, this one: it takes `taken` pieces (`kings` of them
    /// kings); `other` is the next best capture, worse by `margin` centi-men, and `loses`
    /// pieces are what `other` gives back within [`SHOT_PLIES`] plies (0 when it does not
    /// lose material outright).
    Capture {
        taken: usize,
        kings: usize,
        other: Move,
        margin: i32,
        loses: u32,
    },
    /// A shot: `line` (starting with the move) wins `pieces` pieces net; `crowns` when it
    /// crowns a king for the side to move too.
    Shot {
        pieces: u32,
        crowns: bool,
        line: Vec<Move>,
    },
    /// Another move, `alternative`, loses `pieces` pieces to the capture sequence `line` (the
    /// reply to it, and what follows); this move does not.
    AvoidsShot {
        alternative: Move,
        pieces: u32,
        line: Vec<Move>,
    },
    /// The move crowns a king.
    Crowns,
    /// No tactic: the best move by the evaluation.
    Positional,
}

/// The engine's best move for the side to move in `game` within `limits`, with its reason;
/// `None` when the game is over. `tables`, when given, decide positions they hold (the
/// engine may have its own tables too, see [`Engine::set_tablebase`]). The searches score
/// draws 0 (no contempt: the reasons compare exact scores); the engine's options are restored.
pub fn hint(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    tables: Option<&Tablebase>,
) -> Option<Hint> {
    let options = engine.options();
    engine.set_options(dama_engine::Options {
        contempt: false,
        ..options
    });
    let found = exact_hint(engine, game, limits, tables);
    engine.set_options(options);
    found
}

fn exact_hint(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    tables: Option<&Tablebase>,
) -> Option<Hint> {
    if game.outcome().is_some() {
        return None;
    }
    let position = *game.position();
    let moves = distinct_moves(&position);
    engine.new_game();
    if let Some(hint) = table_win(&position, tables) {
        // The only move is still the only move, even when it wins.
        if moves.len() == 1 {
            return Some(Hint {
                reason: HintReason::OnlyMove,
                ..hint
            });
        }
        return Some(hint);
    }
    let result = engine.search(game, limits);
    let best = result.best?;
    let evaluation = result.score;
    let reason = if moves.len() == 1 {
        HintReason::OnlyMove
    } else if is_win(evaluation) {
        let plies = plies_to_end(evaluation).unwrap_or(1);
        HintReason::ForcedWin {
            moves: plies.div_ceil(2),
        }
    } else if is_decisive(evaluation) && evaluation > 0 {
        // A table win met in the search: `TABLE_WIN` minus the plies to the end.
        let plies = u16::try_from(TABLE_WIN - evaluation).unwrap_or(u16::MAX);
        HintReason::TableWin {
            moves: plies.div_ceil(2).max(1),
        }
    } else if position.must_capture() {
        capture_reason(engine, game, &moves, &best, evaluation)
    } else if let Some(reason) = shot(&position, &result) {
        reason
    } else if let Some(reason) = avoided_shot(engine, game, &moves, &result) {
        reason
    } else if best.promotes() {
        HintReason::Crowns
    } else {
        HintReason::Positional
    };
    Some(Hint {
        best,
        reason,
        evaluation,
    })
}

/// The legal moves, one for each effect (two paths of a capture that end alike are one).
fn distinct_moves(position: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for m in &position.legal_moves() {
        if !moves.iter().any(|kept| kept.same_effect(m)) {
            moves.push(*m);
        }
    }
    moves
}

/// The tables' winning move, when they call the position won.
fn table_win(position: &Position, tables: Option<&Tablebase>) -> Option<Hint> {
    let (best, verdict) = tables?.best_move(position)?;
    let Verdict::Win { plies } = verdict else {
        return None;
    };
    Some(Hint {
        best,
        reason: HintReason::TableWin {
            moves: verdict.winner_moves().unwrap_or(1),
        },
        evaluation: TABLE_WIN - i32::from(plies),
    })
}

/// The pieces on the board of one side.
fn pieces(position: &Position, color: Color) -> u32 {
    position.pieces(color).count()
}

/// What a line does in its first plies for the side to move at its start: the pieces it wins
/// net (negative when it loses material) at its last quiet point (no capture pending, so the
/// recaptures are in) within [`SHOT_PLIES`] plies, the plies up to the first quiet point from
/// which that count holds, and whether the side to move crowns a king up to there. `None`
/// when the line has no quiet point that soon.
fn material_swing(position: &Position, line: &[Move]) -> Option<(i32, usize, bool)> {
    let mover = position.turn();
    let count = |p: &Position| {
        i32::try_from(pieces(p, mover)).unwrap_or(0) - i32::try_from(pieces(p, !mover)).unwrap_or(0)
    };
    let start = count(position);
    let mut here = *position;
    // Each quiet point: the count there and the plies to it.
    let mut quiet: Vec<(i32, usize)> = Vec::new();
    for (ply, m) in line.iter().take(SHOT_PLIES).enumerate() {
        here.play_unchecked(m);
        if !here.must_capture() {
            quiet.push((count(&here) - start, ply + 1));
        }
    }
    let &(net, _) = quiet.last()?;
    let held = quiet.iter().rev().take_while(|(n, _)| *n == net).last()?.1;
    let crowns = line[..held].iter().step_by(2).any(Move::promotes);
    Some((net, held, crowns))
}

/// A shot: the best line wins material within [`SHOT_PLIES`] plies.
fn shot(position: &Position, result: &SearchResult) -> Option<HintReason> {
    let (net, plies, crowns) = material_swing(position, &result.pv)?;
    let pieces = u32::try_from(net).ok().filter(|&n| n > 0)?;
    // A shot takes: the side to move captures on the way.
    if !result.pv[..plies].iter().step_by(2).any(Move::is_capture) {
        return None;
    }
    Some(HintReason::Shot {
        pieces,
        crowns,
        line: result.pv[..plies].to_vec(),
    })
}

/// Searches the position after `m` with [`REPLY_NODES`] nodes: the line after it and the
/// score from the view of the side that played `m`.
fn after(engine: &mut Engine, game: &Game, m: &Move) -> Option<(SearchResult, i32)> {
    let mut next = game.clone();
    next.play(m).ok()?;
    let result = engine.search(&next, &Limits::nodes(REPLY_NODES));
    let score = -result.score;
    Some((result, score))
}

/// Of several captures, why this one: the next best capture and what it gives away.
fn capture_reason(
    engine: &mut Engine,
    game: &Game,
    moves: &[Move],
    best: &Move,
    evaluation: i32,
) -> HintReason {
    let position = game.position();
    let mut other: Option<(Move, i32, u32)> = None;
    for m in moves.iter().filter(|m| !m.same_effect(best)) {
        let Some((result, score)) = after(engine, game, m) else {
            continue;
        };
        let mut replied = *position;
        replied.play_unchecked(m);
        // Pieces the reply line wins back against the capture.
        let loses = material_swing(&replied, &result.pv)
            .and_then(|(net, _, _)| u32::try_from(net).ok())
            .unwrap_or(0);
        if other.is_none_or(|(_, kept, _)| score > kept) {
            other = Some((*m, score, loses));
        }
    }
    let (other, score, loses) = other.unwrap_or((*best, evaluation, 0));
    HintReason::Capture {
        taken: best.capture_count(),
        kings: best.captured_kings().count() as usize,
        other,
        margin: (evaluation - score).max(0),
        loses,
    }
}

/// The shot another move would walk into, when the best move keeps the material.
fn avoided_shot(
    engine: &mut Engine,
    game: &Game,
    moves: &[Move],
    result: &SearchResult,
) -> Option<HintReason> {
    let position = game.position();
    let best = result.best?;
    // The best move must not lose material itself.
    if material_swing(position, &result.pv).is_some_and(|(net, _, _)| net < 0) {
        return None;
    }
    let mut found: Option<(Move, u32, Vec<Move>, i32)> = None;
    for m in moves.iter().filter(|m| !m.same_effect(&best)) {
        let Some((reply, _)) = after(engine, game, m) else {
            continue;
        };
        let mut replied = *position;
        replied.play_unchecked(m);
        let Some((net, plies, _)) = material_swing(&replied, &reply.pv) else {
            continue;
        };
        let Some(pieces) = u32::try_from(net).ok().filter(|&n| n > 0) else {
            continue;
        };
        // The line must be a capture sequence: the side that answers takes something.
        let line = reply.pv[..plies].to_vec();
        if !line.iter().step_by(2).any(Move::is_capture) {
            continue;
        }
        let mut first_sight = game.clone();
        if first_sight.play(m).is_err() {
            continue;
        }
        let looks = -engine.search(&first_sight, &Limits::depth(1)).score;
        if found.as_ref().is_none_or(|(_, _, _, kept)| looks > *kept) {
            found = Some((*m, pieces, line, looks));
        }
    }
    let (alternative, pieces, line, _) = found?;
    Some(HintReason::AvoidsShot {
        alternative,
        pieces,
        line,
    })
}
