//! The rules against the reference data in `tests/data` (copied from the project's oracle):
//! exact legal move sets, perft counts and real games.

use std::collections::BTreeSet;
use std::path::PathBuf;

use dama_rules::{Position, pdn, perft};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn legal_set(position: &Position) -> BTreeSet<String> {
    position
        .legal_moves()
        .iter()
        .map(dama_rules::Move::long)
        .collect()
}

/// The values of `"key": [...]` or `"key": "..."` in one line of JSON (the oracle's flat form).
fn json_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = line[start..].trim_start();
    let end = if rest.starts_with('[') {
        rest.find(']')? + 1
    } else {
        rest[1..].find('"')? + 2
    };
    Some(&rest[..end])
}

fn json_strings(list: &str) -> BTreeSet<String> {
    list.trim_matches(['[', ']'])
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn positions_jsonl_move_sets_and_perft() {
    let text = data("positions.jsonl");
    let mut checked = 0;
    let mut perfts = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let fen = json_field(line, "fen").unwrap().trim_matches('"');
        let position =
            Position::from_fen(fen).unwrap_or_else(|e| panic!("line {}: {fen}: {e}", n + 1));
        let expected = json_strings(json_field(line, "moves").unwrap());
        assert_eq!(legal_set(&position), expected, "line {}: {fen}", n + 1);
        if let Some(list) = json_field(line, "perft") {
            let counts: Vec<u64> = list
                .trim_matches(['[', ']'])
                .split(',')
                .map(|s| s.trim().parse().unwrap())
                .collect();
            for (depth, &count) in counts.iter().enumerate() {
                assert_eq!(
                    perft(&position, depth as u32 + 1),
                    count,
                    "line {}: {fen} depth {}",
                    n + 1,
                    depth + 1
                );
            }
            perfts += 1;
        }
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions read");
    assert!(perfts > 100, "only {perfts} perft records read");
}

#[test]
fn rulebook_positions() {
    let text = data("rulebook.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let position = Position::from_fen(parts[0]).unwrap();
        let expected: BTreeSet<String> = if parts[1] == "-" {
            BTreeSet::new()
        } else {
            parts[1].split_whitespace().map(str::to_owned).collect()
        };
        assert_eq!(
            legal_set(&position),
            expected,
            "{} ({})",
            parts[0],
            parts[2]
        );
        checked += 1;
    }
    assert_eq!(checked, 18);
}

/// One record of perft.txt: id, FEN, and (depth, nodes) pairs.
type PerftRecord = (String, String, Vec<(u32, u64)>);

fn perft_records() -> Vec<PerftRecord> {
    let mut records: Vec<PerftRecord> = Vec::new();
    for line in data("perft.txt").lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("id") => {
                records.push((words.next().unwrap().to_owned(), String::new(), Vec::new()));
            }
            Some("fen") => records.last_mut().unwrap().1 = words.collect::<Vec<_>>().join(" "),
            Some("perft") => {
                let depth = words.next().unwrap().parse().unwrap();
                let nodes = words.next().unwrap().parse().unwrap();
                records.last_mut().unwrap().2.push((depth, nodes));
            }
            _ => {}
        }
    }
    records
}

fn check_perft(max_nodes: u64) {
    let records = perft_records();
    assert_eq!(records.len(), 4);
    for (id, fen, counts) in records {
        let position = Position::from_fen(&fen).unwrap();
        for (depth, nodes) in counts.into_iter().filter(|&(_, n)| n <= max_nodes) {
            assert_eq!(perft(&position, depth), nodes, "{id} depth {depth}");
        }
    }
}

/// Start position to depth 9 and the others to similar sizes (at most ~4 million leaves).
#[test]
fn perft_reference_counts() {
    check_perft(4_000_000);
}

/// Every count up to 2 billion leaves: `cargo test --release -p dama-rules -- --ignored`.
#[test]
#[ignore = "deep perft, minutes in release mode"]
fn perft_reference_counts_deep() {
    check_perft(2_500_000_000);
}

#[test]
fn championship_2005_replays() {
    let games = pdn::read_games(&data("campionato-assoluto-2005.pdn"));
    assert_eq!(games.len(), 53);
    let mut warnings = 0;
    for (i, game) in games.iter().enumerate() {
        let replay = game.replay();
        assert!(replay.error.is_none(), "game {}: {:?}", i + 1, replay.error);
        assert_eq!(replay.moves.len(), game.moves.len(), "game {}", i + 1);
        warnings += replay.warnings.len();
    }
    assert!(warnings <= 2, "{warnings} warnings");
}

#[test]
fn openings_are_legal_positions() {
    let text = data("openings-11man.txt");
    let positions: Vec<Position> = text
        .lines()
        .map(|l| Position::from_fen(l).unwrap())
        .collect();
    assert_eq!(positions.len(), 2400);
    assert!(
        positions
            .iter()
            .all(|p| p.pieces(dama_rules::Color::White).count() == 11)
    );
}
