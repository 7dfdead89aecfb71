//! The console, as `damabot local`: a script played, engine games resumed at start.

use dama_core::store::{NewGame, Participant, Store};
use dama_rules::Position;
use dama_store::SqliteStore;

#[test]
fn the_console_plays_a_script() {
    let dir = tempfile::tempdir().unwrap();
    let script = "\
# two players and a moderator
alice: /challenge bob colour:white time:1h
bob: /accept
alice: /move 22-18
bob: /move 11-14
alice: /move 21-17
alice: /move 18x11
bob: /click g:1:3:move 7x14
bob: /click g:1:3:move 6x15
@advance 90m
bob: /claim
@channel other
carol: /play level:1 colour:white
carol: /move 22-18
alice: /leaderboard
alice: /pdn
alice: /dance
nonsense line
";
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["local", "--seed", "1", "--db"])
        .arg(dir.path().join("local.db"))
        .arg("--images")
        .arg(dir.path().join("images"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .env_remove("RUST_LOG")
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("@bob, @alice challenges you"), "{out}");
    assert!(
        out.contains("Game #1 starts: alice (White) – bob (Black)"),
        "{out}"
    );
    assert!(out.contains("(thread #dama-1-alice-bob opened)"), "{out}");
    assert!(
        out.contains("not your turn") || out.contains("capture is compulsory"),
        "{out}"
    );
    assert!(out.contains("alice played **18x11**"), "{out}");
    assert!(out.contains("bob played **7x14**"), "{out}");
    assert!(out.contains("out of date"), "{out}");
    assert!(out.contains("wins** on time"), "{out}");
    assert!(out.contains("replied"), "{out}");
    assert!(out.contains("Leaderboard"), "{out}");
    assert!(out.contains("[GameType \"22,W,8,8,N2,1\"]"), "{out}");
    assert!(out.contains("Unknown command `/dance`"), "{out}");
    assert!(out.contains("Write lines like"), "{out}");
    let images = std::fs::read_dir(dir.path().join("images"))
        .unwrap()
        .count();
    assert!(images >= 6, "{images} board images saved");
    // The console's log shows warnings and errors only, without colour codes.
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(!log.contains(" INFO "), "{log}");
    assert!(!log.contains('\u{1b}'), "{log}");
}

#[test]
fn the_console_resumes_engine_games_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("local.db");
    {
        let store = SqliteStore::open(&path).unwrap();
        store.ensure_player(1, 1_000, "alice", 0).unwrap();
        let game = store
            .create_game(&NewGame {
                guild: 1,
                channel: 101,
                white: Participant::Engine(1),
                black: Participant::User(1_000),
                time_per_move_ms: 3_600_000,
                clock: None,
                rated: false,
                start_fen: Position::initial().to_fen(),
                created_at: 0,
                in_thread: false,
                language: None,
            })
            .unwrap();
        assert_eq!(game.ply, 0);
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["local", "--seed", "1", "--db"])
        .arg(&path)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("Dama (level 1, beginner) replied"), "{out}");
    assert!(out.contains("@alice (black) to move"), "{out}");
    let store = SqliteStore::open(&path).unwrap();
    assert_eq!(store.active_game_in_channel(101).unwrap().unwrap().ply, 1);
}
