//! End to end: the real `damabot run` binary, as a child process, against the Discord stand-in
//! (tests/support/discord_standin) on loopback. Each test starts its own stand-in, database and
//! bot process, and asserts on what the bot sent.

mod support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use dama_rules::{Game, Move, Position};
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

/// A small deterministic generator for the offline search of a line.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((self.0 >> 33) % n as u64).unwrap_or_default()
    }
}

/// A short line from the start with a capture of two pieces or more and a promotion, found by
/// seeded random playouts with the rules crate.
fn line_with_multicapture_and_promotion() -> Vec<Move> {
    let mut best: Option<Vec<Move>> = None;
    for seed in 0..400 {
        let mut rng = Lcg(seed);
        let mut game = Game::default();
        let mut line = Vec::new();
        let (mut multi, mut promoted) = (false, false);
        while line.len() < 70 && !(multi && promoted) && game.outcome().is_none() {
            let moves = game.position().legal_moves();
            let m = moves[rng.below(moves.len())];
            multi |= m.captures().len() >= 2;
            promoted |= m.promotes();
            game.play(&m).expect("a legal move");
            line.push(m);
        }
        if multi && promoted && best.as_ref().is_none_or(|b| line.len() < b.len()) {
            best = Some(line);
        }
    }
    best.expect("some playout has a multi-capture and a promotion")
}

/// The moves of a line from the start, as the rules crate writes them.
fn game_text(line: &[Move]) -> String {
    let mut position = *Game::default().position();
    let mut out = Vec::new();
    for m in line {
        out.push(position.move_text(m));
        position.play_unchecked(m);
    }
    out.join(" ")
}

/// The value of the select menu option of `message` that is `m` in `position`.
fn option_for(message: &Value, position: &Position, m: &Move) -> String {
    let wanted = position.move_text(m);
    components(message)
        .iter()
        .filter(|c| c["type"] == 3)
        .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
        .filter_map(|o| o["value"].as_str().map(str::to_owned))
        .find(|v| {
            position
                .parse_move(v)
                .is_ok_and(|parsed| position.move_text(&parsed) == wanted)
        })
        .unwrap_or_else(|| panic!("no option for {wanted} in {message:#}"))
}

/// The moves autocomplete offers, as the rules crate writes them, against the legal moves.
async fn assert_autocomplete(discord: &Standin, who: &Person, position: &Position) {
    let typing = Slash::new("move").focused("move", "");
    let choices = discord
        .choices(&discord.autocomplete(who, typing).await)
        .await;
    let mut offered: Vec<String> = choices
        .iter()
        .map(|c| {
            let value = c["value"].as_str().unwrap_or_default();
            let m = position
                .parse_move(value)
                .unwrap_or_else(|e| panic!("autocomplete offered {value}, not a move: {e}"));
            position.move_text(&m)
        })
        .collect();
    let mut legal: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| position.move_text(m))
        .collect();
    offered.sort();
    legal.sort();
    assert_eq!(offered, legal, "autocomplete against the legal moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_by_command_and_menu_with_refusals() {
    let line = line_with_multicapture_and_promotion();
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let first = start_game(&discord, &alice, &bob).await;
    let mut board = first.clone();
    let mut game = Game::default();
    let mut checked_capture_autocomplete = false;
    for (ply, m) in line.iter().enumerate() {
        let (mover, waiting) = if ply % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let position = *game.position();
        let text = position.move_text(m);
        if ply == 0 || (m.is_capture() && !checked_capture_autocomplete) {
            checked_capture_autocomplete |= m.is_capture();
            assert_autocomplete(&discord, mover, &position).await;
        }
        if ply == 1 {
            // out of turn: bob moved, alice tries again
            let early = discord
                .slash(waiting, Slash::new("move").string("move", &text))
                .await;
            let (_, body) = answer(&discord, &early).await;
            assert!(
                is_ephemeral(&body),
                "a move out of turn answered publicly: {body:#}"
            );
        }
        if ply == 2 {
            // the first board is out of date
            let menu = custom_id(&first, ":move");
            let value = option_for(&first, Game::default().position(), &line[0]);
            let stale = discord
                .select(mover, message_id(&first), &menu, &[&value])
                .await;
            let (_, body) = answer(&discord, &stale).await;
            assert!(is_ephemeral(&body), "{body:#}");
            assert!(
                body["data"]["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("out of date")),
                "{body:#}"
            );
        }
        if ply % 3 == 1 {
            let menu = custom_id(&board, ":move");
            let value = option_for(&board, &position, m);
            let pick = discord
                .select(mover, message_id(&board), &menu, &[&value])
                .await;
            let (updated, body) = answer(&discord, &pick).await;
            assert!(!is_ephemeral(&body), "{text} by the menu refused: {body:#}");
            assert_eq!(message_id(&updated), message_id(&board));
            // the board changed in place: a follow-up tells the other player
            let ping = discord
                .next_request("POST", &format!("/webhooks/*/{}", pick.token))
                .await;
            let content = ping.body()["content"].as_str().unwrap_or_default();
            assert!(content.contains(&waiting.mention()), "{content}");
            board = updated;
        } else {
            let cmd = discord
                .slash(mover, Slash::new("move").string("move", &text))
                .await;
            let (reply, body) = answer(&discord, &cmd).await;
            assert!(!is_ephemeral(&body), "/move {text} refused: {body:#}");
            board = reply;
        }
        assert_board(&discord, &board);
        game.play(m).expect("a legal move");
    }
    assert!(line.iter().any(|m| m.captures().len() >= 2));
    assert!(line.iter().any(Move::promotes));
    eprintln!("played through the bot: {}", game_text(&line));
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_then_leaderboard_shows_new_ratings() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let opening = Game::default().position().legal_moves()[0];
    let opening_text = Game::default().position().move_text(&opening);
    let mv = discord
        .slash(&alice, Slash::new("move").string("move", &opening_text))
        .await;
    let (_, body) = answer(&discord, &mv).await;
    assert!(!is_ephemeral(&body), "{body:#}");
    let resign = discord.slash(&bob, Slash::new("resign")).await;
    let (_, body) = answer(&discord, &resign).await;
    assert!(!is_ephemeral(&body), "{body:#}");
    let board = discord.slash(&alice, Slash::new("leaderboard")).await;
    let (message, _) = answer(&discord, &board).await;
    let shown = text(&message);
    let lower = shown.to_lowercase();
    for who in [&alice, &bob] {
        assert!(
            lower.contains(&who.name) || shown.contains(&who.mention()),
            "{} missing from the leaderboard: {shown}",
            who.name
        );
    }
    assert!(!shown.contains("1500"), "ratings unchanged: {shown}");
    discord.assert_no_errors();
}

/// The game of this channel as the bot's `/pdn` tells it, replayed with the rules crate.
async fn game_from_pdn(discord: &Standin, who: &Person) -> Game {
    let ix = discord.slash(who, Slash::new("pdn")).await;
    let (message, _) = answer(discord, &ix).await;
    let name = message["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["filename"].as_str())
        .find(|n| {
            std::path::Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
        })
        .unwrap_or_else(|| panic!("no pdn file in {message:#}"))
        .to_owned();
    let bytes = discord.attachment(&message, &name);
    let pdn = String::from_utf8(bytes).expect("pdn is text");
    let games = dama_rules::pdn::read_games(&pdn);
    let mut game = Game::default();
    for text in &games.first().expect("one game in the pdn").moves {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("the pdn move {text} does not replay: {e:?}\n{pdn}"));
    }
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_engine_is_played_to_the_end() {
    let (discord, _dir, _bot) = setup().await;
    let alice = discord.user("alice");
    let play = discord
        .slash(
            &alice,
            Slash::new("play").integer("level", 1).integer("colour", 0),
        )
        .await;
    let (board, body) = answer(&discord, &play).await;
    assert!(!is_ephemeral(&body), "{body:#}");
    assert_board(&discord, &board);
    let mut engine = dama_engine::Engine::new(8);
    let level = dama_engine::Level::new(8).expect("level 8 exists");
    let mut game = Game::default();
    let mut plies = 0;
    while game.outcome().is_none() {
        assert!(plies < 300, "the game did not finish in 300 plies");
        if game.ply() % 2 == 1 {
            // the engine has not answered yet
            tokio::time::sleep(Duration::from_millis(100)).await;
            game = game_from_pdn(&discord, &alice).await;
            plies += 1;
            continue;
        }
        let m = dama_engine::choose_move(&mut engine, &game, level, Duration::from_millis(30), 7)
            .expect("a move while the game runs");
        let text = game.position().move_text(&m);
        let ix = discord
            .slash(&alice, Slash::new("move").string("move", &text))
            .await;
        let (_, body) = answer(&discord, &ix).await;
        assert!(!is_ephemeral(&body), "/move {text} refused: {body:#}");
        game = game_from_pdn(&discord, &alice).await;
        plies += 1;
    }
    assert!(game.ply() >= 10, "a game of {} plies", game.ply());
    eprintln!(
        "the engine game ended after {} plies: {:?}",
        game.ply(),
        game.outcome()
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_survive_a_restart() {
    let (discord, dir, mut bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    let first = game.position().legal_moves()[0];
    let text = game.position().move_text(&first);
    let ix = discord
        .slash(&alice, Slash::new("move").string("move", &text))
        .await;
    let (board, _) = answer(&discord, &ix).await;
    game.play(&first).expect("a legal move");
    bot.stop();
    let _bot = Bot::start(&discord, &dir);
    discord.wait_ready().await;
    assert_eq!(discord.connections(), 2, "the restarted bot's connection");
    discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    let reply = game.position().legal_moves()[0];
    let value = option_for(&board, game.position(), &reply);
    let menu = custom_id(&board, ":move");
    let pick = discord
        .select(&bob, message_id(&board), &menu, &[&value])
        .await;
    let (updated, body) = answer(&discord, &pick).await;
    assert!(
        !is_ephemeral(&body),
        "the old board's menu refused after a restart: {body:#}"
    );
    assert_eq!(message_id(&updated), message_id(&board));
    assert_board(&discord, &updated);
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_resumes_after_the_gateway_drops() {
    let (discord, _dir, _bot) = setup().await;
    let alice = discord.user("alice");
    discord.drop_gateway();
    discord.wait_resumed().await;
    let ix = discord.slash(&alice, Slash::new("rules")).await;
    let (message, _) = answer(&discord, &ix).await;
    assert!(!text(&message).is_empty(), "{message:#}");
    discord.assert_no_errors();
}
