//! A game the tests play by clicks, found with the rules: random moves from a fixed seed until
//! a side has two capture paths from one square to the same square, then on to the game's end.

use dama_rules::{Game, Move, Position};

/// One move as the page shows it: the squares the piece stands on, start to end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub path: Vec<u8>,
    /// Another legal move goes from the same square to the same square (a path to choose).
    pub ambiguous: bool,
}

fn path(m: &Move) -> Vec<u8> {
    std::iter::once(m.from())
        .chain(m.landings().iter().copied())
        .map(dama_rules::Square::number)
        .collect()
}

/// A short random game with a capture to choose among paths; its moves, and the ply of the
/// ambiguous one.
pub fn game_with_a_path_choice(longest: usize) -> (Vec<Step>, usize) {
    let mut seed = 0x5eed_u64;
    loop {
        seed = seed.wrapping_add(1);
        if let Some(found) = playout(seed, longest) {
            return found;
        }
    }
}

fn playout(seed: u64, longest: usize) -> Option<(Vec<Step>, usize)> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut random = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % n as u64).unwrap()
    };
    let mut game = Game::new(Position::initial());
    let mut steps = Vec::new();
    let mut choice = None;
    while steps.len() < longest {
        let moves: Vec<Move> = game.position().legal_moves().iter().copied().collect();
        let ambiguous = |m: &Move| {
            moves
                .iter()
                .filter(|o| o.from() == m.from() && o.to() == m.to())
                .count()
                > 1
        };
        // Take the path choice the first time one comes; otherwise any move.
        let pick = match moves.iter().position(ambiguous) {
            Some(index) if choice.is_none() => {
                choice = Some(steps.len());
                // The second of the paths, so a default would not pass unnoticed.
                let first = &moves[index];
                moves
                    .iter()
                    .rposition(|o| o.from() == first.from() && o.to() == first.to())
                    .unwrap()
            }
            _ => random(moves.len()),
        };
        let m = moves[pick];
        steps.push(Step {
            path: path(&m),
            ambiguous: ambiguous(&m),
        });
        if game.play(&m).ok()?.is_some() {
            return choice.map(|ply| (steps, ply));
        }
    }
    None
}
