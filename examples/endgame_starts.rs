//! Endgame start positions for `damabot match`: plays each opening of a file down to a quiet
//! position with at most N pieces (the engine at a small depth against itself, with a seeded
//! random choice among its near-best moves so the games differ), and prints those whose sides
//! have equal material, one FEN a line.
//!
//! ```sh
//! cargo run --release --example endgame_starts -- tests/data/openings-11man.txt 8 100 \
//!     > tests/data/endgames-8.txt
//! ```
//! Arguments: the openings file, the most pieces, and how many positions to print.

use std::collections::HashSet;

use dama_engine::{Engine, Level, Rng, choose_move};
use dama_rules::{Color, Game, Position};

fn material(position: &Position, color: Color) -> u32 {
    let pieces = position.pieces(color);
    pieces.count() + (pieces & position.kings()).count()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .map_or("tests/data/openings-11man.txt", String::as_str);
    let most: u32 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(8);
    let wanted: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(100);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let openings: Vec<Position> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| Position::from_fen(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect();
    let level = Level::new(5).expect("level 5 exists");
    let mut engine = Engine::new(16);
    let mut seen = HashSet::new();
    let mut rng = Rng::new(2024);
    println!("# Endgame starts: {most} pieces or fewer, equal material, quiet, from {path}.");
    let mut printed = 0;
    'openings: for opening in &openings {
        let mut game = Game::new(*opening);
        engine.new_game();
        while game.outcome().is_none() {
            let position = *game.position();
            if position.occupied().count() <= most && !position.must_capture() {
                let balanced =
                    material(&position, Color::White) == material(&position, Color::Black);
                if balanced && position.occupied().count() > 5 && seen.insert(position.hash()) {
                    println!("{}", position.to_fen());
                    printed += 1;
                    if printed == wanted {
                        break 'openings;
                    }
                }
                continue 'openings;
            }
            let choice_seed = rng.next_u64();
            let Some(m) = choose_move(
                &mut engine,
                &game,
                level,
                std::time::Duration::ZERO,
                choice_seed,
            ) else {
                continue 'openings;
            };
            if game.play(&m).is_err() {
                continue 'openings;
            }
        }
    }
    eprintln!("{printed} positions");
}
