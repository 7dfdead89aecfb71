//! The openings a tournament draws from: three plies from the start (White, Black, White)
//! that the engine judges playable for both sides.
//!
//! The list is `assets/openings/three-move.txt`, made by `damabot openings build` (see
//! `dama_tools::openings` for how it judges) and embedded here. Its format, one opening a
//! line; lines starting with `#` are comments:
//!
//! ```text
//! 21-17 11-14 22-18 B:W17,18,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,14 3
//! ```
//!
//! the three moves in PDN notation, the PDN FEN of the position after them (Black to move),
//! and the engine's score in centi-men from White's side, separated by spaces. Every line
//! reaches a different position.
//!
//! The checked-in list holds 169 openings: of the 216 different positions three plies from
//! the start, those the engine scores within 30 centi-men of equality at 2,000,000 nodes
//! (one to two minutes on two shared cores). The federation's restriction draws from 174
//! openings, 125 of them for single games: this list is close to the first in size (five
//! fewer) but is the engine's judgement, not the federation's list, and has no separate set
//! for single games.

use std::fmt;

use dama_rules::{Game, Move, Position};

/// The checked-in list's text.
pub const THREE_MOVE_LIST: &str = include_str!("../../../../assets/openings/three-move.txt");

/// One opening of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The three moves, White's first.
    pub moves: [Move; 3],
    /// The moves as written in the list (PDN notation).
    pub texts: [String; 3],
    /// The position after them: the start position of the tournament's games.
    pub position: Position,
    /// The engine's score when the list was made, centi-men from White's side.
    pub score: i32,
}

/// A line of an openings list that is not an opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsError {
    /// The line's number, from 1.
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for OpeningsError {}

/// Reads an openings list: every move must be legal from the start and the FEN must be the
/// position the moves reach.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, OpeningsError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| {
            parse_line(line).map_err(|problem| OpeningsError {
                line: i + 1,
                problem,
            })
        })
        .collect()
}

fn parse_line(line: &str) -> Result<Opening, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [first, second, third, fen, score] = fields[..] else {
        return Err(format!(
            "expected three moves, a FEN and a score, found {} fields",
            fields.len()
        ));
    };
    let mut game = Game::default();
    let mut moves = Vec::with_capacity(3);
    for text in [first, second, third] {
        moves.push(game.play_text(text).map_err(|e| format!("{text}: {e}"))?);
    }
    let position = Position::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
    if position != *game.position() {
        return Err(format!(
            "the moves reach {}, not {fen}",
            game.position().to_fen()
        ));
    }
    let score = score
        .parse()
        .map_err(|_| format!("{score}: not a score in centi-men"))?;
    Ok(Opening {
        moves: [moves[0], moves[1], moves[2]],
        texts: [first.to_owned(), second.to_owned(), third.to_owned()],
        position,
        score,
    })
}

/// The opening of round `round` (from 0) of a tournament whose draw is fixed by `seed`: the
/// rounds walk through a shuffle of the list chosen by the seed, so no opening comes twice
/// before every one has come once, and a tournament that keeps its seed draws the same
/// openings after a restart. `None` for an empty list.
#[must_use]
pub fn opening_for_round(openings: &[Opening], seed: u64, round: usize) -> Option<&Opening> {
    if openings.is_empty() {
        return None;
    }
    let cycle = round / openings.len();
    let mut order: Vec<usize> = (0..openings.len()).collect();
    let mut state = seed ^ (cycle as u64).wrapping_mul(0xa076_1d64_78bd_642f);
    // Fisher-Yates with splitmix64.
    for i in (1..order.len()).rev() {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        order.swap(i, (z % (i as u64 + 1)) as usize);
    }
    Some(&openings[order[round % openings.len()]])
}

/// The checked-in list, read.
#[must_use]
pub fn three_move_openings() -> Vec<Opening> {
    parse_openings(THREE_MOVE_LIST).expect("the checked-in openings list is tested")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_draw_every_opening_once_before_any_twice() {
        let openings = three_move_openings();
        let n = openings.len();
        let drawn: Vec<&Opening> = (0..n)
            .map(|round| opening_for_round(&openings, 7, round).unwrap())
            .collect();
        let distinct: std::collections::HashSet<String> =
            drawn.iter().map(|o| o.position.to_fen()).collect();
        assert_eq!(distinct.len(), n);
        assert_eq!(opening_for_round(&openings, 7, 3), Some(drawn[3]));
        let other_seed: Vec<_> = (0..n)
            .map(|round| opening_for_round(&openings, 8, round).unwrap())
            .collect();
        assert_ne!(drawn, other_seed);
        assert!(opening_for_round(&[], 7, 0).is_none());
    }

    #[test]
    fn refuses_lines_that_do_not_add_up() {
        let fen = "B:W17,18,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,14";
        assert_eq!(
            parse_openings(&format!("# c\n\n21-17 11-14 22-18 {fen} 3\n"))
                .unwrap()
                .len(),
            1
        );
        let wrong_fen = parse_openings(&format!("21-17 11-14 22-19 {fen} 3")).unwrap_err();
        assert_eq!(wrong_fen.line, 1);
        assert!(wrong_fen.problem.contains("the moves reach"), "{wrong_fen}");
        let illegal = parse_openings(&format!("#\n21-17 11-14 17-13 {fen} 3")).unwrap_err();
        assert_eq!(illegal.line, 2);
        assert!(parse_openings(&format!("21-17 11-14 22-18 {fen}")).is_err());
        assert!(parse_openings(&format!("21-17 11-14 22-18 {fen} x")).is_err());
    }
}
