//! End to end: the real `damabot run` binary, as a child process, against the Discord stand-in
//! (tests/support/discord_standin) on loopback. Each test starts its own stand-in, database and
//! bot process, and asserts on what the bot sent.

mod support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use tempfile::TempDir;

use support::discord_standin::{Person, SentInteraction, Slash, Standin, components, message_id};

/// The board width configured for the bot.
const SIZE: u32 = 320;

/// A running `damabot run`; killed when dropped.
struct Bot {
    child: Child,
    stderr: PathBuf,
}

impl Bot {
    fn start(discord: &Standin, dir: &TempDir) -> Self {
        let config = dir.path().join("config.toml");
        let text = format!(
            "[discord]\napi_base = \"{}\"\ndev_guild_id = {}\n\n[engine]\nthink_time = \"200ms\"\n\
             hash_mb = 4\nmax_concurrent_searches = 2\ntables_dir = \"{}\"\n\n[render]\nsize = {SIZE}\n\n\
             [game]\nsweep_interval = \"1h\"\n",
            discord.rest_url(),
            discord.guild_id(),
            dir.path().join("no-tables").display(),
        );
        std::fs::write(&config, text).expect("writing the config in a temp dir");
        let stderr = dir
            .path()
            .join(format!("bot-{}.log", discord.connections()));
        let log = std::fs::File::create(&stderr).expect("creating the log in a temp dir");
        let child = Command::new(env!("CARGO_BIN_EXE_damabot"))
            .arg("--config")
            .arg(&config)
            .arg("run")
            .env("DISCORD_TOKEN", discord.token())
            .env("DAMA_DATABASE", dir.path().join("dama.db"))
            .env("RUST_LOG", "info,serenity=warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("starting the damabot binary");
        Self { child, stderr }
    }

    /// Stops the bot with SIGTERM and waits for it to exit.
    fn stop(&mut self) {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("---- bot stderr ----\n{}", self.log());
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A stand-in with the bot started and connected.
async fn setup() -> (Standin, TempDir, Bot) {
    let discord = Standin::start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let bot = Bot::start(&discord, &dir);
    discord.wait_ready().await;
    discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    (discord, dir, bot)
}

/// Waits for the bot's answer to `ix` and returns the message it ends as (after a deferred
/// answer, the edit), with the callback's body.
async fn answer(discord: &Standin, ix: &SentInteraction) -> (Value, Value) {
    let callback = discord.callback(ix).await;
    let body = callback.body().clone();
    let kind = body["type"].as_u64().unwrap_or_default();
    if kind == 5 || kind == 6 {
        let path = format!(
            "/webhooks/{}/{}/messages/@original",
            discord.application_id(),
            ix.token
        );
        discord
            .next_request_where("the edit of a deferred answer", |r| {
                r.method == "PATCH" && r.path == path
            })
            .await;
    }
    (discord.original(ix).await, body)
}

/// The text of a message: its content and its embeds' titles and descriptions.
fn text(message: &Value) -> String {
    let mut out = message["content"].as_str().unwrap_or_default().to_owned();
    for embed in message["embeds"].as_array().into_iter().flatten() {
        for key in ["title", "description"] {
            out.push('\n');
            out.push_str(embed[key].as_str().unwrap_or_default());
        }
        for field in embed["fields"].as_array().into_iter().flatten() {
            out.push('\n');
            out.push_str(field["name"].as_str().unwrap_or_default());
            out.push('\n');
            out.push_str(field["value"].as_str().unwrap_or_default());
        }
    }
    out
}

fn is_ephemeral(body: &Value) -> bool {
    body["data"]["flags"].as_u64().unwrap_or_default() & 64 != 0
}

/// The custom id of the component of `message` whose id ends with `suffix`.
fn custom_id(message: &Value, suffix: &str) -> String {
    components(message)
        .iter()
        .filter_map(|c| c["custom_id"].as_str())
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no component ending in {suffix} on {message:#}"))
        .to_owned()
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the board must decode as png");
    (image.width(), image.height())
}

fn assert_board(discord: &Standin, message: &Value) {
    let (width, height) = png_size(&discord.attachment(message, "board.png"));
    assert_eq!(width, SIZE, "board width");
    assert!(
        (SIZE..=SIZE + SIZE / 8).contains(&height),
        "board height {height} for width {width}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_registers_every_command() {
    let (discord, _dir, _bot) = setup().await;
    let commands = discord.guild_commands();
    let named = |name: &str| {
        commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} not registered: {commands:#?}"))
            .clone()
    };
    for name in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "play",
        "move",
        "board",
        "resign",
        "draw",
        "claim",
        "abort",
        "leaderboard",
        "stats",
        "history",
        "pdn",
        "replay",
        "rules",
        "help",
    ] {
        named(name);
    }
    let option = |command: &Value, name: &str| {
        command["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no option {name} in {command:#}"))
            .clone()
    };
    let mv = option(&named("move"), "move");
    assert_eq!(mv["type"], 3);
    assert_eq!(mv["autocomplete"], true);
    let level = option(&named("play"), "level");
    assert_eq!(level["choices"].as_array().map(Vec::len), Some(8));
    assert_eq!(option(&named("challenge"), "member")["type"], 6);
    assert!(discord.global_commands().is_empty());
    discord.assert_no_errors();
}

/// alice challenges bob, carol's Accept is refused, bob accepts: the board message.
async fn start_game(discord: &Standin, alice: &Person, bob: &Person) -> Value {
    let carol = discord.user("carol");
    let challenge = discord
        .slash(
            alice,
            Slash::new("challenge")
                .user("member", bob)
                .integer("colour", 0),
        )
        .await;
    let (message, _) = answer(discord, &challenge).await;
    let accept = custom_id(&message, "accept");
    let wrong = discord.click(&carol, message_id(&message), &accept).await;
    let (_, body) = answer(discord, &wrong).await;
    assert!(
        is_ephemeral(&body),
        "carol's accept answered publicly: {body:#}"
    );
    let ok = discord.click(bob, message_id(&message), &accept).await;
    let (board, body) = answer(discord, &ok).await;
    assert!(!is_ephemeral(&body), "{body:#}");
    assert_board(discord, &board);
    board
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accept_and_board() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    assert!(
        text(&board).contains("alice") || text(&board).contains(&alice.mention()),
        "{board:#}"
    );
    discord.assert_no_errors();
}
