//! `damabot render`: images written, and clear errors with exit status 2 for bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use image::AnimationDecoder;

struct Run {
    dir: tempfile::TempDir,
}

impl Run {
    fn new() -> Run {
        let dir = tempfile::tempdir().unwrap();
        // An empty configuration: the built-in theme whatever config.toml lies around.
        std::fs::write(dir.path().join("config.toml"), "").unwrap();
        Run { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn render(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_damabot"))
            .arg("--config")
            .arg(self.path("config.toml"))
            .arg("render")
            .args(args)
            .output()
            .unwrap()
    }
}

fn pdn_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/campionato-assoluto-2005.pdn")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_position_with_its_last_move_becomes_a_png() {
    let run = Run::new();
    let out = run.path("board.png");
    let output = run.render(&[
        "--fen",
        "B:W10,16,19,21,27,32:B12,24,26,3,4,5,7",
        "--last",
        "5x14x23x30",
        "--black",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let image = image::open(&out).unwrap();
    assert_eq!((image.width(), image.height()), (640, 640));
}

#[test]
fn the_start_position_at_another_size() {
    let run = Run::new();
    let out = run.path("start.png");
    let output = run.render(&[
        "--size",
        "320",
        "--last",
        "22-18",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(image::open(&out).unwrap().width(), 320);
}

#[test]
fn a_game_becomes_a_gif_with_a_frame_per_ply() {
    let run = Run::new();
    let out = run.path("game.gif");
    let pdn = pdn_file();
    let output = run.render(&[
        "--pdn",
        pdn.to_str().unwrap(),
        "--game",
        "2",
        "--size",
        "200",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&pdn).unwrap();
    let plies = dama_rules::pdn::read_games(&text)[1].replay().moves.len();
    let file = std::io::BufReader::new(std::fs::File::open(&out).unwrap());
    let decoder = image::codecs::gif::GifDecoder::new(file).unwrap();
    assert_eq!(decoder.into_frames().count(), plies + 1);
}

#[test]
fn a_game_with_a_caption_has_the_strip_on_every_frame() {
    let run = Run::new();
    let out = run.path("game.gif");
    let pdn = pdn_file();
    let output = run.render(&[
        "--pdn",
        pdn.to_str().unwrap(),
        "--size",
        "200",
        "--caption",
        "Campionato assoluto 2005 \u{b7} partita 1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let file = std::io::BufReader::new(std::fs::File::open(&out).unwrap());
    let decoder = image::codecs::gif::GifDecoder::new(file).unwrap();
    let frames = decoder.into_frames().collect_frames().unwrap();
    // 200 px board, 14 px strip.
    assert_eq!(frames[0].buffer().dimensions(), (200, 214));
    // The text stays; the turn mark changes with the side to move, a frame of its own.
    let text = std::fs::read_to_string(&pdn).unwrap();
    let plies = dama_rules::pdn::read_games(&text)[0].replay().moves.len();
    assert_eq!(frames.len(), 1 + 2 * plies);
}

#[test]
fn bad_input_is_a_clear_error_with_status_2() {
    let run = Run::new();
    let out = run.path("never.png");
    let out = out.to_str().unwrap();
    let missing = run.path("missing.pdn");
    let pdn = pdn_file();
    let cases: [(&[&str], &str); 6] = [
        (&["--fen", "W:W99:B1"], "error: --fen: "),
        (&["--fen", "W:W21:B1", "--last", "21-13"], "error: --last: "),
        (&["--last", "banana"], "error: --last: "),
        (&["--pdn", missing.to_str().unwrap()], "error: cannot read "),
        (
            &["--pdn", pdn.to_str().unwrap(), "--game", "99"],
            "no game 99 (the file holds 53)",
        ),
        (&["--size", "50"], "error: render.size: 50 is out of range"),
    ];
    for (args, expected) in cases {
        let mut all = args.to_vec();
        all.extend(["-o", out]);
        let output = run.render(&all);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(expected),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("panicked"), "{args:?}");
    }
    assert!(!run.path("never.png").exists());
}

#[test]
fn a_bad_colour_in_the_configuration_names_its_key() {
    let run = Run::new();
    std::fs::write(run.path("config.toml"), "[render]\ncrown = \"gold\"\n").unwrap();
    let out = run.path("never.png");
    let output = run.render(&["-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("render.crown: `gold` is not a colour"),
        "{}",
        stderr(&output)
    );
}
