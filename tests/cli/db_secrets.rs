//! The database password never shows: `damabot db check`, `db copy`, `local` and the bot's
//! start, run for real on a PostgreSQL setting with a password that nothing answers (a closed
//! port on loopback), print what went wrong without any piece of the password; and with a
//! server (`DAMA_TEST_POSTGRES`), the bot's start line shows the setting without it.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Passwords holding a URL's delimiters, raw and percent-encoded, as they stand in a URL.
const URL_PASSWORDS: [&str; 6] = [
    "S3cr/et+pw",
    "Qu?ery#Frag",
    "Per%25cent%2Fslash%3Fq%23h%40at",
    "sl/ash?q#h%25",
    "At@Sign/x",
    "Two@At@Signs",
];

/// The URL of a database on a closed port of loopback, with `password`.
fn unreachable_url(password: &str) -> String {
    format!("postgres://dama:{password}@127.0.0.1:1/dama")
}

/// A configuration file that names nothing (the tests' own settings on the command line).
fn empty_config(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("config.toml");
    std::fs::write(&path, "").unwrap();
    path
}

fn damabot(config: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_damabot"));
    command
        .arg("--config")
        .arg(config)
        .env_remove("DAMA_DATABASE")
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "debug")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    command
}

/// Each piece of `password` a reader could use: as written, percent-decoded, and its words
/// between delimiters (three characters or more).
fn pieces(password: &str) -> Vec<String> {
    let decoded = percent_decode(password);
    let mut pieces = vec![password.to_owned(), decoded.clone()];
    for text in [password, decoded.as_str()] {
        pieces.extend(
            text.split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|word| word.len() >= 3)
                .map(str::to_owned),
        );
    }
    pieces
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(byte) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

/// Both streams of `output`, checked for every piece of `password`; returns them.
fn assert_hidden(output: &Output, password: &str, what: &str) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    for piece in pieces(password) {
        assert!(
            !text.contains(&piece),
            "{what}: {piece:?} of {password:?} shows in:\n{text}"
        );
    }
    text
}

#[test]
fn db_check_never_shows_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let config = empty_config(dir.path());
    for password in URL_PASSWORDS {
        let output = damabot(&config)
            .args(["db", "check", "--db", &unreachable_url(password)])
            .output()
            .unwrap();
        assert!(!output.status.success());
        let text = assert_hidden(&output, password, "db check");
        // The real failure is reported: the server is unreachable, or the URL is refused
        // before anything is tried.
        assert!(
            text.contains("cannot reach the PostgreSQL server at 127.0.0.1:1")
                || text.contains("more than one `@`"),
            "{text}"
        );
    }
}

#[test]
fn db_copy_never_shows_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let config = empty_config(dir.path());
    let sqlite = dir.path().join("games.db");
    drop(dama_store::SqliteStore::open(&sqlite).unwrap());
    let sqlite = sqlite.to_str().unwrap();
    for password in URL_PASSWORDS {
        let url = unreachable_url(password);
        for (from, to) in [(url.as_str(), sqlite), (sqlite, url.as_str())] {
            let output = damabot(&config)
                .args(["db", "copy", from, to])
                .output()
                .unwrap();
            assert!(!output.status.success());
            let text = assert_hidden(&output, password, "db copy");
            assert!(text.contains("error: the "), "{text}");
        }
        // The same setting on both sides is refused, and named without its password.
        let output = damabot(&config)
            .args(["db", "copy", &url, &url])
            .output()
            .unwrap();
        let text = assert_hidden(&output, password, "db copy to itself");
        assert!(text.contains("is both the source and the target"), "{text}");
    }
}

#[test]
fn connection_strings_never_show_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let config = empty_config(dir.path());
    for (password, written) in [
        ("x y/?#@% z", r"'x y/?#@% z'"),
        ("it's secret", r"'it\'s secret'"),
        ("Plain/Word?", "Plain/Word?"),
    ] {
        let setting = format!("host=127.0.0.1 port=1 user=dama password={written} dbname=dama");
        let output = damabot(&config)
            .args(["db", "check", "--db", &setting])
            .output()
            .unwrap();
        assert!(!output.status.success());
        let text = assert_hidden(&output, password, "db check, connection string");
        assert!(
            text.contains("cannot reach the PostgreSQL server"),
            "{text}"
        );
    }
    // A setting the client cannot read: its complaint is shown without the password.
    let output = damabot(&config)
        .args(["db", "check", "--db", "host=127.0.0.1 password=my Secret=1"])
        .output()
        .unwrap();
    let text = assert_hidden(&output, "Secret", "db check, bad connection string");
    assert!(text.contains("not a PostgreSQL URL"), "{text}");
}

#[test]
fn the_bot_and_the_console_never_show_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let config = empty_config(dir.path());
    for password in URL_PASSWORDS {
        let output = damabot(&config)
            .env("DISCORD_TOKEN", "a-token-for-the-test")
            .env("DAMA_DATABASE", unreachable_url(password))
            .arg("run")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let text = assert_hidden(&output, password, "run");
        assert!(
            text.contains("error: database postgres://dama:***@"),
            "{text}"
        );
        let output = damabot(&config)
            .args(["local", "--db", &unreachable_url(password)])
            .output()
            .unwrap();
        assert!(!output.status.success());
        assert_hidden(&output, password, "local");
    }
}

/// With a PostgreSQL server (`DAMA_TEST_POSTGRES`, which trusts its users whatever their
/// password): the bot opens the database and logs its start line, then fails to reach
/// Discord (a closed port); neither line shows the password.
#[test]
fn the_start_line_never_shows_the_password() {
    let Ok(server) = std::env::var("DAMA_TEST_POSTGRES") else {
        eprintln!("DAMA_TEST_POSTGRES is not set: the start line is not checked");
        return;
    };
    let Some(rest) = server.strip_prefix("postgres://dama@") else {
        eprintln!("DAMA_TEST_POSTGRES names another user: the start line is not checked");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        "[discord]\napi_base = \"http://127.0.0.1:1\"\n[log]\nfilter = \"info\"\n",
    )
    .unwrap();
    let password = "S3cr/et?#pw%25";
    let log = dir.path().join("log.txt");
    let mut child = damabot(&config)
        .env_remove("RUST_LOG")
        .env("DISCORD_TOKEN", "a-token-for-the-test")
        .env(
            "DAMA_DATABASE",
            format!("postgres://dama:{password}@{rest}"),
        )
        .arg("run")
        .stdout(std::fs::File::create(dir.path().join("out.txt")).unwrap())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    // Until the bot gives up on Discord, or has logged its start for a second.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut started: Option<Instant> = None;
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        if started.is_none() && std::fs::read_to_string(&log).unwrap().contains("starting") {
            started = Some(Instant::now());
        }
        if started.is_some_and(|at| at.elapsed() > Duration::from_secs(1)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let output = Output {
        status: child.wait().unwrap(),
        stdout: std::fs::read(dir.path().join("out.txt")).unwrap(),
        stderr: std::fs::read(&log).unwrap(),
    };
    let text = assert_hidden(&output, password, "the start line");
    assert!(text.contains("starting"), "{text}");
    assert!(text.contains("postgres://dama:***@"), "{text}");
}
