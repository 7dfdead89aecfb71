//! Post-game analysis: shots marked, clean engine play unmarked, table wins thrown away marked
//! by the tables, the annotated PDN read back, and `damabot analyse` on a real game.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use dama_coach::analysis::{AnalysisOptions, Mark, analyse};
use dama_engine::tables::BuildOptions;
use dama_engine::{Engine, Limits, Tablebase, Verdict};
use dama_rules::{Game, Move, Position, pdn};

fn options(nodes: u64) -> AnalysisOptions {
    AnalysisOptions {
        nodes,
        ..AnalysisOptions::default()
    }
}

fn moves(start: &Position, texts: &[&str]) -> Vec<Move> {
    let mut position = *start;
    texts
        .iter()
        .map(|text| {
            let m = position.parse_move(text).unwrap();
            position.play_unchecked(&m);
            m
        })
        .collect()
}

/// White men c4 (18), f3 (23), b1 (29), d1 (30); Black men on its back rank and c6 (10). After
/// 18-14 Black must take 10x19x28, two men, and the man on g2 crowns next: a mistake at least
/// (men weigh less in the endgame, and White was a man down already). Every other White move
/// keeps the material.
#[test]
fn a_move_into_a_double_capture_is_marked() {
    let start = Position::from_fen("W:W18,23,29,30:B1,2,3,4,10").unwrap();
    let played = moves(&start, &["18-14"]);
    let analysis = analyse(&start, &played, &options(20_000), None, &mut |_, _| {});
    let ply = &analysis.plies[0];
    assert!(
        matches!(ply.mark, Some(Mark::Mistake | Mark::Blunder)),
        "{ply:?}"
    );
    assert!(ply.loss >= dama_coach::analysis::MISTAKE_LOSS, "{ply:?}");
    let better = ply.better.expect("a better move");
    assert!(!better.same_effect(&played[0]));
    assert_eq!(analysis.worst_ply, Some(1));
    assert!(analysis.accuracy.white < 50.0, "{:?}", analysis.accuracy);
    let comment = analysis.comment(ply).unwrap();
    let better_text = start.move_text(&better);
    assert!(
        comment.starts_with(&format!(
            "{}; better {better_text}; -",
            ply.mark.unwrap().name()
        )),
        "{comment}"
    );
}

/// The same position, the shot avoided: no mark.
#[test]
fn a_quiet_move_that_keeps_the_material_is_not_marked() {
    let start = Position::from_fen("W:W18,23,29,30:B1,2,3,4,10").unwrap();
    let played = moves(&start, &["30-26"]);
    let analysis = analyse(&start, &played, &options(20_000), None, &mut |_, _| {});
    assert_ne!(analysis.plies[0].mark, Some(Mark::Blunder), "{analysis:?}");
    assert_ne!(analysis.plies[0].mark, Some(Mark::Mistake), "{analysis:?}");
}

/// Progress comes once per position, the last call saying all are done; the series has one
/// evaluation per position.
#[test]
fn progress_is_reported_once_per_position() {
    let start = Position::initial();
    let played = moves(&start, &["22-18", "11-15", "23-19", "15x22"]);
    let mut calls = Vec::new();
    let analysis = analyse(
        &start,
        &played,
        &options(5_000),
        None,
        &mut |done, total| {
            calls.push((done, total));
        },
    );
    let expected: Vec<(usize, usize)> = (1..=5).map(|done| (done, 5)).collect();
    assert_eq!(calls, expected);
    assert_eq!(analysis.evaluations().len(), played.len() + 1);
    assert_eq!(analysis.plies.len(), played.len());
    assert_eq!(analysis.plies[3].ply, 4);
}

/// An engine playing both sides at a budget well above the analysis's makes no blunder.
#[test]
fn engine_play_has_no_blunder() {
    let mut engine = Engine::new(16);
    let mut game = Game::default();
    for _ in 0..40 {
        let Some(m) = engine.search(&game, &Limits::nodes(200_000)).best else {
            break;
        };
        if game.play(&m).unwrap().is_some() {
            break;
        }
    }
    let analysis = analyse(
        game.start(),
        game.moves(),
        &options(100_000),
        None,
        &mut |_, _| {},
    );
    let blunders: Vec<_> = analysis
        .plies
        .iter()
        .filter(|p| p.mark == Some(Mark::Blunder))
        .collect();
    assert!(blunders.is_empty(), "{blunders:?}");
    assert!(analysis.accuracy.white > 70.0 && analysis.accuracy.black > 70.0);
}

/// A 4-piece ending the tables call won, and a move that draws it: marked `??` by the tables,
/// whatever the engine thinks, with the verdicts in the comment.
#[test]
fn a_table_win_spoiled_into_a_draw_is_a_blunder() {
    let tables = Tablebase::build(&BuildOptions::in_memory(4), &mut |_| {}).unwrap();
    let (start, spoiler) = spoiled_win(&tables).expect("a 4-piece win with a drawing move");
    let before = tables.probe(&start).unwrap();
    let analysis = analyse(
        &start,
        &[spoiler],
        &options(2_000),
        Some(&tables),
        &mut |_, _| {},
    );
    let ply = &analysis.plies[0];
    assert_eq!(ply.mark, Some(Mark::Blunder), "{ply:?}");
    let judgement = ply.table.expect("judged by the tables");
    assert_eq!(judgement.before, before);
    assert_eq!(judgement.after, Verdict::Draw);
    let moves = before.winner_moves().unwrap();
    let comment = analysis.comment(ply).unwrap();
    assert!(
        comment.starts_with(&format!("won in {moves} → drawn; better ")),
        "{comment}"
    );
    // The tables' own move keeps the win and is not marked.
    let (best, _) = tables.best_move(&start).unwrap();
    let kept = analyse(
        &start,
        &[best],
        &options(2_000),
        Some(&tables),
        &mut |_, _| {},
    );
    assert_eq!(kept.plies[0].mark, None, "{:?}", kept.plies[0]);
    assert_eq!(kept.plies[0].loss, 0);
}

/// The first position (White: two kings; Black: a king and a man) that White wins and one of
/// whose moves draws.
fn spoiled_win(tables: &Tablebase) -> Option<(Position, Move)> {
    for a in 1..=32 {
        for b in a + 1..=32 {
            for c in 1..=32 {
                for d in 5..=28 {
                    if [a, b].contains(&c) || [a, b, c].contains(&d) {
                        continue;
                    }
                    let fen = format!("W:WK{a},K{b}:BK{c},{d}");
                    let Ok(position) = Position::from_fen(&fen) else {
                        continue;
                    };
                    if !matches!(tables.probe(&position), Some(Verdict::Win { .. })) {
                        continue;
                    }
                    for m in &position.legal_moves() {
                        let after = position.play(m).unwrap();
                        if tables.probe(&after) == Some(Verdict::Draw) {
                            return Some((position, *m));
                        }
                    }
                }
            }
        }
    }
    None
}

fn pdn_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/campionato-assoluto-2005.pdn")
}

/// The annotated game replays move for move through the PDN reader, marks and comments
/// skipped.
#[test]
fn the_annotated_pdn_reads_back() {
    let text = std::fs::read_to_string(pdn_file()).unwrap();
    let game = &pdn::read_games(&text)[0];
    let replay = game.replay();
    assert!(replay.error.is_none());
    let analysis = analyse(
        &replay.start,
        &replay.moves,
        &options(2_000),
        None,
        &mut |_, _| {},
    );
    let annotated = analysis.annotated_pdn(&[("White", "A"), ("Black", "B")], "1-0");
    let marked = analysis.plies.iter().filter(|p| p.mark.is_some()).count();
    assert!(marked > 0, "{annotated}");
    assert_eq!(annotated.matches('{').count(), marked + 1, "{annotated}");
    let read = pdn::read_games(&annotated);
    assert_eq!(read.len(), 1);
    let again = read[0].replay();
    assert_eq!(again.error, None, "{annotated}");
    assert_eq!(again.moves, replay.moves);
    assert_eq!(read[0].tag("White"), Some("A"));
    assert_eq!(read[0].result.as_deref(), Some("1-0"));
}

struct Run {
    dir: tempfile::TempDir,
}

impl Run {
    fn new() -> Run {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("config.toml"), "").unwrap();
        Run { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn damabot(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_damabot"))
            .current_dir(self.dir.path())
            .arg("--config")
            .arg(self.path("config.toml"))
            .args(args)
            .output()
            .unwrap()
    }
}

#[test]
fn the_command_prints_marks_accuracy_and_the_worst_moment() {
    let run = Run::new();
    let out = run.path("annotated.pdn");
    let chart = run.path("chart.png");
    let file = pdn_file();
    let output = run.damabot(&[
        "analyse",
        file.to_str().unwrap(),
        "--game",
        "1",
        "--nodes",
        "2000",
        "--pdn",
        out.to_str().unwrap(),
        "--chart",
        chart.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{:?}", output.stderr);
    assert!(stdout.contains("1. 21-17"), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.contains("?!") || l.contains("? ")),
        "{stdout}"
    );
    assert!(stdout.contains("accuracy: White "), "{stdout}");
    assert!(stdout.contains("worst moment: ply "), "{stdout}");
    // Not a terminal: no progress line.
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);

    let check = run.damabot(&["pdn", "check", out.to_str().unwrap()]);
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{report}");
    assert!(report.contains("1 games, 75 plies, 0 errors"), "{report}");

    // The advantage chart is a PNG of the chart's size.
    let image = image::open(&chart).expect("the chart decodes").to_rgb8();
    assert_eq!(image.dimensions(), (800, 400));
}

#[test]
fn the_command_refuses_bad_input_with_status_2() {
    let run = Run::new();
    let file = pdn_file();
    let missing = run.damabot(&["analyse", "no-such-file.pdn"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read no-such-file.pdn"));

    let no_game = run.damabot(&["analyse", file.to_str().unwrap(), "--game", "9999"]);
    assert_eq!(no_game.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_game.stderr).contains("no game 9999"));

    let illegal = run.path("illegal.pdn");
    std::fs::write(&illegal, "[White \"A\"]\n1. 22-18 11-15 2. 18-10 *\n").unwrap();
    let output = run.damabot(&["analyse", illegal.to_str().unwrap(), "--nodes", "1000"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game 1, ply 3"), "{stderr}");
}

/// What is stored reads back as the same analysis, marks and table verdicts included; a damaged
/// text, or one for other moves, is refused with its line.
#[test]
fn an_encoded_analysis_reads_back() {
    let start = Position::from_fen("W:W18,23,29,30:B1,2,3,4,10").unwrap();
    let played = moves(&start, &["18-14", "10x19x28", "29-25"]);
    let mut analysis = analyse(&start, &played, &options(5_000), None, &mut |_, _| {});
    analysis.plies[2].table = Some(dama_coach::analysis::TableJudgement {
        before: Verdict::Win { plies: 17 },
        after: Verdict::Draw,
    });
    let text = analysis.encode();
    let back = dama_coach::analysis::Analysis::decode(&start, &played, &text).unwrap();
    assert_eq!(back, analysis);

    let error = dama_coach::analysis::Analysis::decode(&start, &played[..2], &text).unwrap_err();
    assert_eq!(error.line, 4, "{error}");
    let damaged = text.replacen("??", "!!", 1).replacen(" ? ", " !! ", 1);
    let error = dama_coach::analysis::Analysis::decode(&start, &played, &damaged).unwrap_err();
    assert!(error.reason.contains("mark"), "{error}");
    assert!(dama_coach::analysis::Analysis::decode(&start, &played, "junk").is_err());
}
