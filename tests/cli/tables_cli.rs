//! `damabot tables build` and `damabot tables probe`, run as a player of the bot would.

use std::process::Command;

fn damabot(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(args)
        .output()
        .expect("the damabot binary runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn build_writes_the_tables_and_probe_reads_them() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().to_str().expect("a UTF-8 temporary path");

    let (ok, out, err) = damabot(&["tables", "build", "--pieces", "3", "--dir", path]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("1m1k-0m1k + 0m1k-1m1k:") || out.contains("0m1k-1m1k + 1m1k-0m1k:"));
    assert!(out.contains("done in "), "{out}");
    assert!(out.contains("16 slices"), "{out}");
    assert!(dir.path().join("1m1k-0m1k.dtw").is_file());

    let (ok, out, err) = damabot(&[
        "tables",
        "probe",
        "--dir",
        path,
        "W:WK18:B5",
        "B:WK1:B25",
        "W:W21,22,23:B1,2",
    ]);
    assert!(ok, "{out}{err}");
    assert_eq!(
        out,
        "W:WK18:B5: won for White in 3 moves\n\
         B:WK1:B25: drawn with best play\n\
         W:W21,22,23:B1,2: not in the tables\n"
    );
    assert!(err.is_empty(), "{err}");

    // A second build finds every slice sound and builds nothing.
    let (ok, out, err) = damabot(&["tables", "build", "--pieces", "3", "--dir", path]);
    assert!(ok, "{out}{err}");
    assert_eq!(out.matches("already built").count(), 9, "{out}");

    std::fs::remove_file(dir.path().join("1m1k-0m1k.dtw")).expect("the file was written");
    let (ok, out, err) = damabot(&["tables", "probe", "--dir", path, "W:WK6,22:BK29"]);
    assert!(ok, "{out}{err}");
    assert_eq!(out, "W:WK6,22:BK29: not in the tables\n");
    assert_eq!(err, "warning: 1m1k-0m1k.dtw: missing\n");
}

#[test]
fn probe_rejects_a_bad_fen() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().to_str().expect("a UTF-8 temporary path");
    let (ok, _, err) = damabot(&["tables", "probe", "--dir", path, "W:W33:B1"]);
    assert!(!ok);
    assert!(err.contains("error: W:W33:B1:"), "{err}");
    assert!(err.contains("no endgame tables in"), "{err}");
}
