//! `damabot hub` driven as other programs drive it: pydraughts' `HubEngine` through a whole
//! game, and raw malformed input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dama_rules::Game;
use dama_tools::hub::read_move;

const EXE: &str = env!("CARGO_BIN_EXE_damabot");

/// Plays a game against itself through pydraughts with every kind of `level` line, and
/// prints the moves in Hub notation.
const PYDRAUGHTS_GAME: &str = r#"
import sys
import draughts
from draughts.engine import HubEngine, Limit

engine = HubEngine([sys.argv[1], "hub", "--hash-mb", "8"])
assert "italian" in engine.variants, engine.variants
engine.configure({"variant": "italian"})
engine.init()
board = draughts.Board(variant="italian")
limits = [Limit(movetime=0.05), Limit(nodes=5000), Limit(depth=4), Limit(time=3, inc=0.1)]
played = []

def key(hub):
    # Captured squares may come in any order.
    parts = hub.replace("-", "x").split("x")
    return (parts[0], parts[1], tuple(sorted(parts[2:])))

for ply in range(160):
    if board.is_over():
        break
    legal = [key(m.hub_move) for m in board.legal_moves()]
    result = engine.play(board, limits[ply % len(limits)], ponder=False)
    assert key(result.move.hub_move) in legal, (result.move.hub_move, legal)
    assert "depth" in result.info and "nodes" in result.info, result.info
    played.append(result.move.hub_move)
    board.push(result.move)
engine.quit()
print(" ".join(played))
"#;

fn pydraughts_available() -> bool {
    Command::new("python3")
        .args(["-c", "import draughts.engine"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn pydraughts_plays_a_game_through_the_hub() {
    if !pydraughts_available() {
        // CI installs pydraughts (see .ci/run); there it must be present.
        assert!(
            std::env::var_os("CI").is_none(),
            "python3 with pydraughts 0.6.7 is required in CI"
        );
        eprintln!("skipped: python3 -m pip install pydraughts==0.6.7 to run this test");
        return;
    }
    let output = Command::new("python3")
        .args(["-c", PYDRAUGHTS_GAME, EXE])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "pydraughts failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let moves: Vec<&str> = stdout.split_whitespace().collect();
    assert!(moves.len() >= 20, "a short game: {stdout}");
    // Every move is legal by our own rules (pydraughts' Italian precedence is not the judge).
    let mut game = Game::default();
    for text in moves {
        let m = read_move(game.position(), text).unwrap_or_else(|e| panic!("{e}"));
        game.play(&m).unwrap();
    }
}

/// A running `damabot hub` with line access.
struct Hub {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Hub {
    fn start() -> Hub {
        let mut child = Command::new(EXE)
            .args(["hub", "--hash-mb", "4"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Hub {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    fn receive(&mut self) -> String {
        let mut line = String::new();
        assert!(
            self.output.read_line(&mut line).unwrap() > 0,
            "the hub died"
        );
        line.trim_end().to_owned()
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.receive();
            let found = line.starts_with(prefix);
            lines.push(line);
            if found {
                return lines;
            }
        }
    }
}

#[test]
fn malformed_input_gets_errors_and_the_engine_lives_on() {
    let mut hub = Hub::start();
    hub.send("hub");
    let intro = hub.until("wait");
    assert!(intro[0].starts_with("id name=damabot"));
    hub.send("init");
    assert_eq!(hub.receive(), "ready");
    for bad in [
        "launch-missiles",
        "pos pos=Wxyz",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 18-14\"",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18",
        "level depth=deep",
        "level speed=3",
        "set-param name=variant value=russian",
        "set-param name=hash value=0",
        "go",
        "\u{1b}[A\u{0}\u{ff}",
    ] {
        hub.send(bad);
        let line = hub.receive();
        assert!(line.starts_with("error message=\""), "{bad:?} -> {line}");
    }
    // Bytes that are not UTF-8.
    hub.input.write_all(b"\xff\xfe go\n").unwrap();
    hub.input.flush().unwrap();
    assert!(hub.receive().starts_with("error message=\""));
    hub.send("ping");
    assert_eq!(hub.receive(), "pong");
    // Still plays: the position after 22-18 10-14, depth 3.
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 10-14\"");
    hub.send("level depth=3");
    hub.send("go think");
    let lines = hub.until("done");
    let done = lines.last().unwrap();
    let mut game = Game::default();
    game.play_text("22-18").unwrap();
    game.play_text("10-14").unwrap();
    read_move(game.position(), done.strip_prefix("done move=").unwrap()).unwrap();
    for line in &lines[..lines.len() - 1] {
        assert!(line.starts_with("info "), "{line}");
        // Every token is key=value (pv is quoted).
        assert!(line.contains("pv=\""));
    }
    hub.send("quit");
    assert!(hub.child.wait().unwrap().success());
}

#[test]
fn stop_ends_an_unlimited_search() {
    let mut hub = Hub::start();
    hub.send("init");
    assert_eq!(hub.receive(), "ready");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    hub.send("level infinite");
    hub.send("go think");
    std::thread::sleep(Duration::from_millis(200));
    // While it searches it still answers, and refuses to change the position.
    hub.send("ping");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18\"");
    let sent = Instant::now();
    hub.send("stop");
    let lines = hub.until("done move=");
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "{:?}",
        sent.elapsed()
    );
    assert!(lines.iter().any(|l| l == "pong"));
    assert!(lines.iter().any(|l| l.starts_with("error message=")));
    let done = lines.last().unwrap();
    read_move(
        Game::default().position(),
        done.strip_prefix("done move=").unwrap(),
    )
    .unwrap();
    drop(hub.input);
    assert!(hub.child.wait().unwrap().success());
}
