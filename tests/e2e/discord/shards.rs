//! Past one process: two bots share one database, each running one of two shards, and each
//! does the work of its own servers only: sweeps, reminders, forfeits and the engine's moves a
//! restart interrupted happen exactly once, in the process whose shard owns the server. And
//! the metrics and health endpoint of a running bot.
//!
//! The database is a SQLite file both processes open, or the PostgreSQL server named by
//! `DAMA_TEST_POSTGRES` (a `postgres://` URL) when it is set.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use dama_rules::Game;
use serde_json::Value;
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::discord::common::{Bot, answer, assert_board, custom_id, start_connected, text};
use crate::discord::engine::{WHITE, play_command};
use crate::support::discord_standin::{Options, Person, Slash, Standin, message_id};

/// The game clock 360 times faster, swept every second: an hour to move is half gone in 5 s
/// (a reminder) and forfeited after 20 s; a challenge lasts 1.7 s; the engine thinks 4 s (real
/// time), longer than the 1.5 s of a direct answer, so its reply is deferred; engine games are
/// never ended as idle here.
const FAST: &str = "[game]\nclock_speed = 360.0\nsweep_interval = \"1s\"\n\
    challenge_expiry = \"10m\"\nengine_idle = \"30d\"\n\n[engine]\nthink_time = \"4s\"\n";

/// The database both bots use: `DAMA_TEST_POSTGRES` when set, else a SQLite file in `dir`.
fn shared_database(dir: &TempDir) -> String {
    std::env::var("DAMA_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.trim().is_empty())
        .unwrap_or_else(|| dir.path().join("shared.db").display().to_string())
}

/// Starts the bot that runs `shard` of 2 and waits for its IDENTIFY with that shard and its
/// global command registration.
async fn start_shard(discord: &Standin, dir: &TempDir, database: &str, shard: u32) -> Bot {
    let config = format!("[discord]\nshards = \"{shard}\"\nshard_total = 2\n\n{FAST}");
    let name = format!("shard-{shard}-{}", discord.connections());
    let bot = Bot::start_as(discord, dir, &config, &name, database, true);
    let identify = discord.wait_ready().await;
    assert_eq!(
        identify["shard"],
        serde_json::json!([shard, 2]),
        "{identify}"
    );
    let put = discord
        .next_request("PUT", "/applications/*/commands")
        .await;
    assert_eq!(put.status, 200, "{put}");
    bot
}

/// The owner turns games in threads off in `channel`'s server.
async fn threads_off_in(discord: &Standin, channel: u64) {
    let owner = discord.owner();
    let off = discord
        .slash_in(
            channel,
            &owner,
            Slash::new("settings").integer("threads", 1),
        )
        .await;
    discord.callback(&off).await;
}

/// `white` challenges `black` at an hour a move in `channel`, `black` accepts, and each plays
/// one move: the game is then waiting for `white`.
async fn human_game(discord: &Standin, channel: u64, white: &Person, black: &Person) {
    let challenge = Slash::new("challenge")
        .user("member", black)
        .integer("colour", 0)
        .string("time", "1 h");
    let sent = discord.slash_in(channel, white, challenge).await;
    let message = answer(discord, &sent).await.message;
    let accept = custom_id(&message, "accept");
    let ok = discord.click(black, message_id(&message), &accept).await;
    let accepted = answer(discord, &ok).await;
    assert!(!accepted.ephemeral(), "{:#}", accepted.body());
    let mut game = Game::default();
    for who in [white, black] {
        let m = game.position().legal_moves()[0];
        let written = game.position().move_text(&m);
        game.play(&m).expect("a legal move");
        let mv = discord
            .slash_in(channel, who, Slash::new("move").string("move", &written))
            .await;
        let moved = answer(discord, &mv).await;
        assert!(!moved.ephemeral(), "{:#}", moved.body());
    }
}

/// `who` starts a game against the engine's top level in `channel` and moves: the engine's
/// reply is deferred (it thinks 4 s). Returns the board message's id.
async fn engine_game_thinking(discord: &Standin, channel: u64, who: &Person) -> u64 {
    let play = discord.slash_in(channel, who, play_command(8, WHITE)).await;
    let started = answer(discord, &play).await;
    assert!(!started.ephemeral(), "{:#}", started.body());
    let game = Game::default();
    let m = game.position().legal_moves()[0];
    let written = game.position().move_text(&m);
    let mv = discord
        .slash_in(channel, who, Slash::new("move").string("move", &written))
        .await;
    let callback = discord.callback(&mv).await;
    assert_eq!(callback.body()["type"], 5, "{:#}", callback.body());
    message_id(&started.message)
}

/// The texts of the messages the bot posted in `channel` by itself (not interaction answers).
fn channel_posts(discord: &Standin, channel: u64) -> Vec<String> {
    let path = format!("/channels/{channel}/messages");
    discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&path) && r.status == 200)
        .map(|r| text(&discord.message(message_id(r.response()))))
        .collect()
}

/// How many of `channel`'s posts say `words`.
fn posts_saying(discord: &Standin, channel: u64, words: &str) -> usize {
    channel_posts(discord, channel)
        .iter()
        .filter(|t| t.contains(words))
        .count()
}

/// Edits of message `board` (the engine's move, a forfeit, any sweep notice on it).
fn edits_of(discord: &Standin, board: u64) -> usize {
    let suffix = format!("/messages/{board}");
    discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "PATCH" && r.path.ends_with(&suffix))
        .count()
}

/// Waits until `done` holds, polling; panics with `what` after 40 s.
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(40);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every text posted more than once in `channel`.
fn repeated_posts(discord: &Standin, channel: u64) -> Vec<String> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for post in channel_posts(discord, channel) {
        *counts.entry(post).or_default() += 1;
    }
    counts
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(text, n)| format!("{n}x {text}"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_each_look_after_the_servers_of_their_shard() {
    let discord = Standin::start_with(Options {
        shards: 2,
        ..Options::default()
    })
    .await;
    let (guild_0, on_0) = discord.add_guild(0);
    let (guild_1, on_1) = discord.add_guild(1);
    assert_eq!(
        (discord.shard_of(guild_0), discord.shard_of(guild_1)),
        (0, 1)
    );
    let dir = tempfile::tempdir().expect("a temp dir");
    let database = shared_database(&dir);
    let _zero = start_shard(&discord, &dir, &database, 0).await;
    let mut one = start_shard(&discord, &dir, &database, 1).await;
    assert_eq!(discord.live_shards(), [0, 1]);
    for channel in [on_0, on_1] {
        threads_off_in(&discord, channel).await;
    }
    let engine_0 = discord.text_channel_in(guild_0, "engine", 0);
    let engine_1 = discord.text_channel_in(guild_1, "engine", 0);
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );

    // In each server a game whose time runs out, and one where the engine is thinking; then
    // the process of shard 1 dies in the middle of the engine's search, before the first
    // reminder of its server's game is due.
    human_game(&discord, on_0, &alice, &bob).await;
    human_game(&discord, on_1, &alice, &bob).await;
    let engine_board_0 = engine_game_thinking(&discord, engine_0, &carol).await;
    let engine_board_1 = engine_game_thinking(&discord, engine_1, &carol).await;
    let status = one.kill();
    assert!(!status.success(), "killed: {status}");

    // Shard 0's process forfeits its server's game and plays its engine's move; it leaves
    // shard 1's server alone, whose game ran out just as long ago.
    eventually("the forfeit in shard 0's server", || {
        posts_saying(&discord, on_0, "by forfeit") == 1
    })
    .await;
    eventually("the engine's move in shard 0's server", || {
        edits_of(&discord, engine_board_0) > 0
    })
    .await;
    // Shard 0's deferred answer is complete now: the one left is the move the killed process
    // never answered.
    discord.take_expected_error("never completed");
    // Two more sweeps of shard 0's process.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    for channel in [on_1, engine_1] {
        assert_eq!(
            channel_posts(&discord, channel),
            Vec::<String>::new(),
            "shard 0's process posted in shard 1's server"
        );
    }
    assert_eq!(
        edits_of(&discord, engine_board_1),
        0,
        "shard 0's process played shard 1's engine move"
    );

    // Shard 1's process comes back: it forfeits its game and resumes its engine's move, once.
    let _one = start_shard(&discord, &dir, &database, 1).await;
    eventually("the forfeit in shard 1's server", || {
        posts_saying(&discord, on_1, "by forfeit") == 1
    })
    .await;
    eventually("the engine's move resumed in shard 1's server", || {
        edits_of(&discord, engine_board_1) > 0
    })
    .await;
    let resumed = discord.message(engine_board_1);
    assert_board(&discord, &resumed);
    assert!(text(&resumed).contains("replied"), "{}", text(&resumed));
    // A few more sweeps of both.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for channel in [on_0, on_1] {
        assert_eq!(posts_saying(&discord, channel, "by forfeit"), 1);
    }
    for channel in [on_0, on_1, engine_0, engine_1] {
        assert_eq!(
            repeated_posts(&discord, channel),
            Vec::<String>::new(),
            "a notice went out twice in {channel}"
        );
    }
    assert_eq!(
        edits_of(&discord, engine_board_0),
        1,
        "one engine move, one edit"
    );
    assert_eq!(
        edits_of(&discord, engine_board_1),
        1,
        "one engine move, one edit"
    );
    discord.assert_no_errors();
}

/// `GET path` on the bot's metrics endpoint: the status and the body.
async fn get(port: u16, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("the metrics endpoint accepts");
    let request = format!("GET {path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("sending the request");
    let mut raw = String::new();
    stream
        .read_to_string(&mut raw)
        .await
        .expect("reading the answer");
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    (status, body.to_owned())
}

/// Polls `GET path` until its status is `status`; returns the body.
async fn wait_for_status(port: u16, path: &str, status: u16) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
            drop(stream);
            let (got, body) = get(port, path).await;
            if got == status {
                return body;
            }
            assert!(
                Instant::now() < deadline,
                "{path} still answers {got}, not {status}: {body}"
            );
        }
        assert!(Instant::now() < deadline, "{path} never answered");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The value of one sample line (`name{labels} value`) of a Prometheus page.
fn sample(page: &str, series: &str) -> Option<f64> {
    page.lines()
        .find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_and_health_tell_how_the_bot_is() {
    let discord = Standin::start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let config = format!("[metrics]\nenabled = true\nlisten = \"127.0.0.1:{port}\"\n");
    let _bot = start_connected(&discord, &dir, &config).await;
    let healthy = wait_for_status(port, "/health", 200).await;
    let health: Value = serde_json::from_str(&healthy).expect("JSON");
    assert_eq!(health["status"], "ok", "{health}");
    assert_eq!(health["gateway"], "connected", "{health}");
    assert_eq!(health["database"], "reachable", "{health}");
    assert_eq!(
        health["shards_connected"],
        serde_json::json!([0]),
        "{health}"
    );

    // A game and a move: answered commands and clicks, one move stored.
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    crate::discord::common::threads_off(&discord).await;
    crate::discord::common::start_game(&discord, &alice, &bob).await;
    let game = Game::default();
    let m = game.position().legal_moves()[0];
    let written = game.position().move_text(&m);
    let mv = discord
        .slash(&alice, Slash::new("move").string("move", &written))
        .await;
    answer(&discord, &mv).await;
    let (status, page) = get(port, "/metrics").await;
    assert_eq!(status, 200);
    let answered = |kind: &str| {
        sample(
            &page,
            &format!(
                "dama_interactions_answered_total{{shard=\"0\",kind=\"{kind}\",deferred=\"false\"}}"
            ),
        )
    };
    // /settings, /challenge and /move; carol's refused click and bob's accept.
    assert!(answered("command") >= Some(2.0), "{page}");
    assert!(answered("click") >= Some(1.0), "{page}");
    assert_eq!(
        sample(&page, "dama_moves_stored_total"),
        Some(1.0),
        "{page}"
    );
    let within_3s = sample(
        &page,
        "dama_interaction_answer_seconds_bucket{shard=\"0\",kind=\"command\",le=\"3\"}",
    );
    let all = sample(
        &page,
        "dama_interaction_answer_seconds_count{shard=\"0\",kind=\"command\"}",
    );
    assert!(within_3s.is_some() && within_3s == all, "{page}");
    assert_eq!(sample(&page, "dama_engine_queue"), Some(0.0), "{page}");
    assert_eq!(
        sample(&page, "dama_gateway_connected{shard=\"0\"}"),
        Some(1.0),
        "{page}"
    );

    // Discord ends the session and its gateway does not answer the new connection: unhealthy,
    // and says why.
    discord.hold_gateway(true);
    discord.time_out_sessions();
    let down = wait_for_status(port, "/health", 503).await;
    let health: Value = serde_json::from_str(&down).expect("JSON");
    assert_eq!(health["gateway"], "disconnected", "{health}");
    assert_eq!(health["database"], "reachable", "{health}");
    assert_eq!(health["shards_down"], serde_json::json!([0]), "{health}");
    discord.hold_gateway(false);
    discord.wait_ready().await;
    wait_for_status(port, "/health", 200).await;
    let (_, page) = get(port, "/metrics").await;
    assert_eq!(
        sample(&page, "dama_gateway_reconnects_total{shard=\"0\"}"),
        Some(1.0),
        "{page}"
    );
    assert_eq!(get(port, "/nothing").await.0, 404);
    discord.assert_no_errors();
}
