//! The puzzle collection: the shipped file (it parses, every line replays, claims its gain and
//! its themes, and its first moves are the engine's and unique), the file format's errors, the
//! answers, and `damabot puzzles build` on a small PDN file.

use std::collections::HashSet;
use std::process::Command;

use dama_engine::Engine;
use dama_rules::Position;
use dama_tools::puzzles::mine::{CHECK_NODES, DEFAULT_NODES, themes};
use dama_tools::puzzles::{
    Answer, Gain, MAX_DIFFICULTY, MIN_DIFFICULTY, Puzzle, SHIPPED, parse_puzzles, shipped,
};

/// A shot the miner finds in `the_command_mines_a_small_pdn_file`.
const MINED_SHOT: &str = "0b6478e8\tW:W17,22,23,24,25,26,27,29,30,31,32:B2,3,4,5,6,7,8,9,11,14,15\t\
    22-19 15x22 26x19x10x1\tmultiple-capture,sacrifice,promotion\t1150\tmaterial:2\t\
    campionato-assoluto-2005 game 6 ply 8 with 1-5 instead of 6-10";

/// A puzzle written by hand: White gives a man (22-19, taken by 14x23) and takes three,
/// making a king (27x20x11x4).
const SHOT: &str = "23cb947f\tW:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,14,15\t\
    22-19 14x23 27x20x11x4\tmultiple-capture,sacrifice,promotion\t1070\tmaterial:2\t\
    campionato-assoluto-2005 game 5 ply 8 with 4-8 instead of 6-11";

#[test]
fn the_shipped_file_parses_and_holds_at_least_500_puzzles() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 500, "only {} puzzles", puzzles.len());
    let positions: HashSet<String> = puzzles.iter().map(|p| p.position.to_fen()).collect();
    assert_eq!(positions.len(), puzzles.len(), "a position appears twice");
    // The header documents the command that built the file.
    assert!(
        SHIPPED
            .lines()
            .any(|l| l.starts_with("# Made by: damabot puzzles build"))
    );
    for puzzle in &puzzles {
        assert!((MIN_DIFFICULTY..=MAX_DIFFICULTY).contains(&puzzle.difficulty));
        assert!(!puzzle.source.is_empty(), "{}: no source", puzzle.id);
        // Writing a puzzle back gives its line.
        assert_eq!(parse_puzzles(&puzzle.to_line()).unwrap()[0], *puzzle);
    }
}

#[test]
fn every_shipped_solution_is_legal_and_ends_in_the_gain_it_claims() {
    for puzzle in shipped() {
        let mut position = puzzle.position;
        for (i, m) in puzzle.solution.iter().enumerate() {
            position = position
                .play(m)
                .unwrap_or_else(|_| panic!("{}: move {} is illegal", puzzle.id, i + 1));
        }
        assert_ne!(
            puzzle.gain,
            Gain::TableWin,
            "{}: needs the tables",
            puzzle.id
        );
        puzzle
            .check_gain(None)
            .unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
        // The line ends where nothing is about to be taken back.
        assert!(
            !position.must_capture() || !position.has_legal_moves(),
            "{}: the line ends in the middle of an exchange",
            puzzle.id
        );
        assert_eq!(
            themes(&puzzle.position, &puzzle.solution),
            puzzle.themes,
            "{}: themes",
            puzzle.id
        );
        // The first move is a quiet move: a sacrifice or a quiet move before the captures.
        assert!(!puzzle.solution[0].is_capture(), "{}", puzzle.id);
    }
}

fn check_first_moves(puzzles: &[Puzzle], nodes: u64) {
    let mut engine = Engine::new(16);
    let mut failures = Vec::new();
    for puzzle in puzzles {
        if let Err(error) = puzzle.check_unique(&mut engine, nodes) {
            failures.push(format!("{}: {error}", puzzle.id));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_sample_of_first_moves_is_the_engines_choice_and_unique_by_the_margin() {
    let puzzles = shipped();
    let stride = (puzzles.len() / 50).max(1);
    let sample: Vec<Puzzle> = puzzles.into_iter().step_by(stride).take(50).collect();
    assert_eq!(sample.len(), 50);
    check_first_moves(&sample, CHECK_NODES);
}

#[test]
#[ignore = "searches every shipped puzzle twice: about two minutes"]
fn every_first_move_is_the_engines_choice_and_unique_by_the_margin() {
    // The suite's budget, then the miner's (deeper).
    let puzzles = shipped();
    check_first_moves(&puzzles, CHECK_NODES);
    check_first_moves(&puzzles, DEFAULT_NODES);
}

#[test]
fn a_puzzle_that_is_not_unique_is_caught() {
    // The shot with the defender's piece on 14 moved to 13: 22-19 gives a man for nothing.
    let puzzle = Puzzle {
        position: Position::from_fen(
            "W:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,13,15",
        )
        .unwrap(),
        solution: Vec::new(),
        ..parse_puzzles(SHOT).unwrap().remove(0)
    };
    let mut with_move = puzzle.clone();
    with_move.solution = vec![puzzle.position.parse_move("22-19").unwrap()];
    assert!(
        with_move
            .check_unique(&mut Engine::new(4), CHECK_NODES)
            .is_err()
    );
    assert!(with_move.check_gain(None).is_err());
}

#[test]
fn answers_follow_the_line() {
    let puzzle = parse_puzzles(SHOT).unwrap().remove(0);
    assert_eq!(puzzle.solver(), dama_rules::Color::White);
    assert_eq!(puzzle.solver_moves(), 2);
    let first = puzzle.position.parse_move("22-19").unwrap();
    let wrong = puzzle.position.parse_move("22-18").unwrap();
    assert_eq!(puzzle.answer(0, &wrong), Answer::Wrong);
    let Answer::Correct {
        reply: Some(reply),
        solved: false,
    } = puzzle.answer(0, &first)
    else {
        panic!("22-19 is the first move");
    };
    assert_eq!(reply.long(), "14x23");
    let before_last = puzzle.position_at(1).unwrap();
    let last = before_last.parse_move("27x4").unwrap();
    assert_eq!(
        puzzle.answer(1, &last),
        Answer::Correct {
            reply: None,
            solved: true
        }
    );
    // The right move at the wrong step, and a step past the line.
    assert_eq!(puzzle.answer(1, &first), Answer::Wrong);
    assert_eq!(puzzle.answer(2, &last), Answer::Wrong);
    assert_eq!(puzzle.position_at(2), None);
}

#[test]
fn shipped_lines_answer_their_own_moves() {
    for puzzle in shipped().iter().take(100) {
        for step in 0..puzzle.solver_moves() {
            let position = puzzle.position_at(step).unwrap();
            let m = puzzle.solution[2 * step];
            // Every legal move with the same effect is accepted, every other refused.
            for other in &position.legal_moves() {
                let answer = puzzle.answer(step, other);
                assert_eq!(
                    answer != Answer::Wrong,
                    other.same_effect(&m),
                    "{} step {step}: {}",
                    puzzle.id,
                    other.long()
                );
            }
            let last = 2 * step + 1 >= puzzle.solution.len() - 1;
            assert!(matches!(
                puzzle.answer(step, &m),
                Answer::Correct { solved, .. } if solved == last
            ));
        }
    }
}

fn error_line(text: &str) -> (usize, String) {
    let error = parse_puzzles(text).unwrap_err();
    (error.line, error.reason)
}

#[test]
fn damaged_lines_are_refused_with_their_line_number() {
    let good = format!("# header\n\n{SHOT}\n");
    assert_eq!(parse_puzzles(&good).unwrap().len(), 1);
    let damaged = |from: &str, to: &str| format!("{good}{}\n", SHOT.replacen(from, to, 1));

    let (line, reason) = error_line(&damaged("W:W17,21", "W:W17,99"));
    assert_eq!(line, 4);
    assert!(reason.contains("FEN"), "{reason}");

    let (line, reason) = error_line(&damaged("27x20x11x4", "27x20x11x5"));
    assert_eq!(line, 4);
    assert!(reason.contains("solution move 3"), "{reason}");

    let (line, reason) = error_line(&format!("{good}{SHOT}\n"));
    assert_eq!(line, 4);
    assert!(reason.contains("already used on line 3"), "{reason}");

    for bad in ["99", "2401", "hard", "-5"] {
        let (line, reason) = error_line(&damaged("\t1070\t", &format!("\t{bad}\t")));
        assert_eq!(line, 4, "{bad}");
        assert!(reason.contains("difficulty"), "{reason}");
    }

    let (line, reason) = error_line(&damaged("material:2", "material:1"));
    assert_eq!(line, 4);
    assert!(reason.contains("at least 2"), "{reason}");

    let (line, reason) = error_line(&damaged("sacrifice", "brilliancy"));
    assert_eq!(line, 4);
    assert!(reason.contains("theme"), "{reason}");

    let (line, reason) = error_line(&damaged("\tcampionato", " campionato"));
    assert_eq!(line, 4);
    assert!(reason.contains("7 tab-separated fields"), "{reason}");

    let (line, reason) = error_line(&damaged("23cb947f", "Big Id"));
    assert_eq!(line, 4);
    assert!(reason.contains("id"), "{reason}");

    let (line, _) = error_line(&damaged("22-19 14x23 27x20x11x4", ""));
    assert_eq!(line, 4);
}

#[test]
fn the_command_mines_a_small_pdn_file() {
    let dir = std::env::temp_dir().join(format!("dama-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("tiny.pdn");
    // Black's 1-5 (instead of 6-10) leaves the shot 22-19 15x22 26x19x10x1.
    std::fs::write(
        &pdn,
        "[Event \"tiny\"]\n[Result \"*\"]\n\n\
         1. 21-17 12-15 2. 23-19 11-14 3. 19x12 8x15 *\n\n\
         [Event \"shot\"]\n[FEN \"W:W17,22,23,24,25,26,27,29,30,31,32:B2,3,4,5,6,7,8,9,11,14,15\"]\n\
         [Result \"*\"]\n\n1. 22-19 15x22 *\n",
    )
    .unwrap();
    let out = dir.join("puzzles.txt");
    let status = Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["puzzles", "build", "--nodes", "100000", "--from"])
        .arg(&pdn)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# "), "{text}");
    let puzzles = parse_puzzles(&text).unwrap();
    let shot = puzzles
        .iter()
        .find(|p| p.source == "tiny game 2 ply 0")
        .unwrap_or_else(|| panic!("the shot is missing:\n{text}"));
    let expected = parse_puzzles(MINED_SHOT).unwrap().remove(0);
    assert_eq!(shot.position, expected.position);
    assert_eq!(shot.solution, expected.solution);
    assert_eq!(shot.gain, Gain::Material(2));
    assert_eq!(shot.id, "0b6478e8");
    // The same arguments give the same puzzles.
    let again = dir.join("again.txt");
    let status = Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["puzzles", "build", "--nodes", "100000", "--from"])
        .arg(&pdn)
        .arg("--out")
        .arg(&again)
        .output()
        .unwrap();
    assert!(status.status.success());
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(body(&text), body(&std::fs::read_to_string(&again).unwrap()));
    std::fs::remove_dir_all(&dir).ok();
}
