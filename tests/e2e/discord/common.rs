//! The bot process and what every scenario needs to drive it: starting it with a per-test
//! configuration, stopping it by signal, waiting for its answers and reading its messages.

use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use dama_rules::{Game, Move, Position};
use serde_json::Value;
use tempfile::TempDir;

use crate::support::discord_standin::{
    Person, Recorded, SentInteraction, Slash, Standin, components, message_id,
};

/// The board width configured for the bot.
pub const SIZE: u32 = 320;

/// How long a stopped bot may take to exit: the bot's own grace for running work (30 s) and
/// some room.
pub const EXIT_WAIT: Duration = Duration::from_secs(40);

/// Discord's deadline for the first answer to an interaction.
pub const CALLBACK_DEADLINE: Duration = Duration::from_secs(3);

/// How long an interaction token lasts: edits and follow-ups must come within it.
pub const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);

/// The configuration every bot of these tests starts from; a test's own TOML is merged over
/// it, key by key.
fn base_config(discord: &Standin, dir: &TempDir) -> toml::Table {
    let text = format!(
        "[discord]\napi_base = \"{}\"\ndev_guild_id = {}\n\n[engine]\nthink_time = \"200ms\"\n\
         hash_mb = 4\nmax_concurrent_searches = 2\ntables_dir = \"{}\"\n\n[render]\nsize = {SIZE}\n\n\
         [game]\nsweep_interval = \"1h\"\n",
        discord.rest_url(),
        discord.guild_id(),
        dir.path().join("no-tables").display(),
    );
    text.parse().expect("the base configuration is TOML")
}

/// `extra` merged into `base`: tables merge recursively, anything else replaces.
fn merge(base: &mut toml::Table, extra: toml::Table) {
    for (key, value) in extra {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(inner)), toml::Value::Table(more)) => merge(inner, more),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// A running `damabot run`; killed when dropped.
pub struct Bot {
    child: Child,
    stderr: PathBuf,
    exit: Option<ExitStatus>,
}

impl Bot {
    /// Starts the bot against `discord`, its database and log in `dir`, with `extra_toml` merged over the base configuration, e.g.
    /// `"[engine]\nthink_time = \"4s\""`.
    pub fn start_with(discord: &Standin, dir: &TempDir, extra_toml: &str) -> Self {
        let log = format!("bot-{}", discord.connections());
        let database = dir.path().join("dama.db").display().to_string();
        Self::start_as(discord, dir, extra_toml, &log, &database, false)
    }

    /// [`Self::start_with`] for one of several bots at once: its configuration and log named
    /// `name` in `dir`, on `database` (a SQLite path or a PostgreSQL URL), its commands
    /// registered globally when `global_commands` (else in the stand-in's first guild).
    pub fn start_as(
        discord: &Standin,
        dir: &TempDir,
        extra_toml: &str,
        name: &str,
        database: &str,
        global_commands: bool,
    ) -> Self {
        let mut config = base_config(discord, dir);
        if global_commands {
            if let Some(toml::Value::Table(section)) = config.get_mut("discord") {
                section.remove("dev_guild_id");
            }
        }
        let extra: toml::Table = extra_toml
            .parse()
            .unwrap_or_else(|e| panic!("the test's configuration is not TOML: {e}\n{extra_toml}"));
        merge(&mut config, extra);
        let path = dir.path().join(format!("{name}.toml"));
        let text = toml::to_string(&config).expect("a TOML table serialises");
        std::fs::write(&path, text).expect("writing the config in a temp dir");
        let stderr = dir.path().join(format!("{name}.log"));
        let log = std::fs::File::create(&stderr).expect("creating the log in a temp dir");
        let child = Command::new(env!("CARGO_BIN_EXE_damabot"))
            .arg("--config")
            .arg(&path)
            .arg("run")
            .env("DISCORD_TOKEN", discord.token())
            .env("DAMA_DATABASE", database)
            .env("RUST_LOG", "info,serenity=warn")
            // A message used with the wrong variables stops the bot instead of being logged.
            .env("DAMA_STRICT_TEXTS", "1")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("starting the damabot binary");
        Self {
            child,
            stderr,
            exit: None,
        }
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends a signal by name (`TERM`, `KILL`, `INT`) to the process.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg("-s")
            .arg(name)
            .arg(self.pid().to_string())
            .status()
            .expect("running kill");
        assert!(status.success(), "kill -s {name} {} failed", self.pid());
    }

    /// Stops the bot with SIGTERM and returns its exit status; panics if it has not exited
    /// within [`EXIT_WAIT`].
    pub fn terminate(&mut self) -> ExitStatus {
        self.signal("TERM");
        self.wait(EXIT_WAIT)
            .unwrap_or_else(|| panic!("the bot did not exit within {EXIT_WAIT:?} of SIGTERM"))
    }

    /// Kills the bot with SIGKILL (no chance to finish anything) and returns its exit status.
    pub fn kill(&mut self) -> ExitStatus {
        self.signal("KILL");
        self.wait(EXIT_WAIT)
            .unwrap_or_else(|| panic!("the bot did not exit within {EXIT_WAIT:?} of SIGKILL"))
    }

    /// Waits up to `within` for the process to exit. Blocks the calling thread: on a
    /// multi-threaded runtime the stand-in's tasks move to the other workers meanwhile.
    pub fn wait(&mut self, within: Duration) -> Option<ExitStatus> {
        if let Some(status) = self.exit {
            return Some(status);
        }
        let mut poll = || {
            let deadline = Instant::now() + within;
            loop {
                match self.child.try_wait() {
                    Ok(Some(status)) => return Some(status),
                    Ok(None) if Instant::now() < deadline => {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    Ok(None) => return None,
                    Err(e) => panic!("waiting for the bot: {e}"),
                }
            }
        };
        let status = match tokio::runtime::Handle::try_current() {
            Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
                tokio::task::block_in_place(poll)
            }
            _ => poll(),
        };
        self.exit = status;
        status
    }

    /// What the bot logged so far.
    #[must_use]
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("---- bot stderr ----\n{}", self.log());
        }
        if self.exit.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Starts the bot and waits until it has connected (IDENTIFY, session live) and registered its
/// commands. Also for a restart on the same stand-in and directory.
pub async fn start_connected(discord: &Standin, dir: &TempDir, extra_toml: &str) -> Bot {
    let bot = Bot::start_with(discord, dir, extra_toml);
    discord.wait_ready().await;
    discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    bot
}

/// A game clock 6,000 times faster: the 30 s cooldowns against spam (a challenge, a draw
/// offer) pass in 5 ms, so a scenario can offer again or rematch at once; a challenge lasts 6 s
/// and a day-long move 14 s, longer than such a scenario takes.
pub const QUICK_CLOCK: &str = "[game]\nclock_speed = 6000.0\nchallenge_expiry = \"10h\"\n";

/// A stand-in with the bot started and connected.
pub async fn setup() -> (Standin, TempDir, Bot) {
    setup_with("").await
}

/// [`setup`] with `extra_toml` merged into the bot's configuration. The scenarios that start
/// from it play their games in the channel, as a server that turned games in threads off
/// (`threads.rs` and `notify.rs` keep them on, see [`setup_with_threads`]).
pub async fn setup_with(extra_toml: &str) -> (Standin, TempDir, Bot) {
    let (discord, dir, bot) = setup_with_threads(extra_toml).await;
    threads_off(&discord).await;
    (discord, dir, bot)
}

/// A stand-in with the bot started and connected, games in threads as a new server has them
/// (on).
pub async fn setup_with_threads(extra_toml: &str) -> (Standin, TempDir, Bot) {
    let discord = Standin::start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let bot = start_connected(&discord, &dir, extra_toml).await;
    (discord, dir, bot)
}

/// The server's owner turns games in threads off (`/settings threads:off`): games are played
/// in the channel they start in, one at a time. The answer (the change, said in the channel)
/// is left unread.
pub async fn threads_off(discord: &Standin) {
    let owner = discord.owner();
    let off = discord
        .slash(&owner, Slash::new("settings").integer("threads", 1))
        .await;
    discord.callback(&off).await;
}

/// The first board of a game that opened a thread: the thread's id and the board message.
#[derive(Debug, Clone)]
pub struct ThreadGame {
    pub thread: u64,
    /// The line in the channel that the thread opened from (the challenge message, updated).
    pub start: Value,
    pub board: Value,
}

/// `white` challenges `black` in `channel` (asking for White) and `black` accepts by the
/// button: the challenge becomes the line that starts the game, a thread opens from it
/// (checked: the request, its name and archive duration) and the game's first board is posted
/// in the thread.
pub async fn start_thread_game(
    discord: &Standin,
    channel: u64,
    white: &Person,
    black: &Person,
) -> ThreadGame {
    let challenge = discord
        .slash_in(
            channel,
            white,
            Slash::new("challenge")
                .user("member", black)
                .integer("colour", 0),
        )
        .await;
    let message = answer(discord, &challenge).await.message;
    let accept = custom_id(&message, "accept");
    let ok = discord.click(black, message_id(&message), &accept).await;
    let accepted = answer(discord, &ok).await;
    assert!(!accepted.ephemeral(), "{:#}", accepted.body());
    assert_eq!(
        accepted.kind(),
        7,
        "the challenge becomes the game's first line: {:#}",
        accepted.body()
    );
    let from = message_id(&message);
    let path = format!("/channels/{channel}/messages/{from}/threads");
    let opened = discord
        .next_request_where("the game's thread", |r| {
            r.method == "POST" && r.path == path
        })
        .await;
    assert_eq!(opened.status, 200, "{opened}");
    let name = opened.body()["name"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        name.starts_with("Dama #") && (1..=100).contains(&name.chars().count()),
        "thread name {name:?}"
    );
    assert_eq!(
        opened.body()["auto_archive_duration"],
        10080,
        "a correspondence game's thread stays open for a week of silence"
    );
    let thread = message_id(opened.response());
    assert_eq!(discord.channel(thread)["parent_id"], channel.to_string());
    let board = next_post(discord, thread).await;
    assert_board(discord, &board);
    ThreadGame {
        thread,
        start: discord.message(from),
        board,
    }
}

/// The channel a message is in.
#[must_use]
pub fn channel_of(message: &Value) -> u64 {
    message["channel_id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("no channel_id in {message:#}"))
}

/// The next message the bot posts by itself in `channel` (a thread, a DM channel), as
/// Discord stores it; panics if it was refused.
pub async fn next_post(discord: &Standin, channel: u64) -> Value {
    let path = format!("/channels/{channel}/messages");
    let posted = discord
        .next_request_where(&format!("a message in {channel}"), |r| {
            r.method == "POST" && r.path == path
        })
        .await;
    assert_eq!(posted.status, 200, "{posted}");
    discord.message(message_id(posted.response()))
}

/// The id Discord gave the registered command `name` (English), as command mentions carry it.
#[must_use]
pub fn command_id(discord: &Standin, name: &str) -> u64 {
    let commands = discord.guild_commands();
    let command = commands
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("/{name} is not registered: {commands:#?}"));
    command["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("/{name} has no id: {command:#}"))
}

/// How the bot answered an interaction.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The message the answer ends as: the new reply, or for a click on a board the board
    /// (after a deferred answer, as the edit left it).
    pub message: Value,
    /// `POST /interactions/{id}/{token}/callback`.
    pub callback: Recorded,
    /// The `PATCH .../messages/@original` that completed a deferred answer (types 5 and 6).
    pub edit: Option<Recorded>,
}

impl Answer {
    /// The callback's body.
    #[must_use]
    pub fn body(&self) -> &Value {
        self.callback.body()
    }

    /// The callback type: 4 a new message, 5 deferred, 6 deferred update, 7 update.
    #[must_use]
    pub fn kind(&self) -> u64 {
        self.body()["type"].as_u64().unwrap_or_default()
    }

    /// Whether the callback asked for a private answer.
    #[must_use]
    pub fn ephemeral(&self) -> bool {
        is_ephemeral(self.body())
    }

    /// The text the callback itself carried (a private answer's words).
    #[must_use]
    pub fn content(&self) -> &str {
        self.body()["data"]["content"].as_str().unwrap_or_default()
    }
}

/// Waits for the bot's answer to `ix`: the callback and, after a deferred answer, the edit of
/// `@original`.
pub async fn answer(discord: &Standin, ix: &SentInteraction) -> Answer {
    let callback = discord.callback(ix).await;
    let kind = callback.body()["type"].as_u64().unwrap_or_default();
    let edit = if kind == 5 || kind == 6 {
        Some(edit_of_original(discord, ix).await)
    } else {
        None
    };
    let message = discord.original(ix).await;
    Answer {
        message,
        callback,
        edit,
    }
}

/// The bot's next `PATCH` of the `@original` message of `ix`.
pub async fn edit_of_original(discord: &Standin, ix: &SentInteraction) -> Recorded {
    let path = original_path(discord, ix);
    discord
        .next_request_where("the edit of a deferred answer", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await
}

/// The webhook path of the `@original` message of `ix`.
#[must_use]
pub fn original_path(discord: &Standin, ix: &SentInteraction) -> String {
    format!(
        "/webhooks/{}/{}/messages/@original",
        discord.application_id(),
        ix.token
    )
}

/// The bot's next follow-up message to `ix` (`POST /webhooks/{app}/{token}`), as the stand-in
/// stored it.
pub async fn followup(discord: &Standin, ix: &SentInteraction) -> Value {
    let request = discord
        .next_request("POST", &format!("/webhooks/*/{}", ix.token))
        .await;
    assert_eq!(request.status, 200, "the follow-up was refused: {request}");
    request.response().clone()
}

/// The text of a message: its content and its embeds' titles, descriptions and fields.
#[must_use]
pub fn text(message: &Value) -> String {
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

/// Whether a callback body (or a follow-up's) asks for a private message.
#[must_use]
pub fn is_ephemeral(body: &Value) -> bool {
    let flags = body["data"]["flags"]
        .as_u64()
        .or_else(|| body["flags"].as_u64());
    flags.unwrap_or_default() & 64 != 0
}

/// The custom id of the component of `message` whose id ends with `suffix`.
#[must_use]
pub fn custom_id(message: &Value, suffix: &str) -> String {
    find_custom_id(message, suffix)
        .unwrap_or_else(|| panic!("no component ending in {suffix} on {message:#}"))
}

/// The custom id of the component of `message` whose id ends with `suffix`, if there is one.
#[must_use]
pub fn find_custom_id(message: &Value, suffix: &str) -> Option<String> {
    components(message)
        .iter()
        .filter_map(|c| c["custom_id"].as_str())
        .find(|id| id.ends_with(suffix))
        .map(str::to_owned)
}

/// The label of the component `custom_id` of `message`.
#[must_use]
pub fn label(message: &Value, custom_id: &str) -> String {
    components(message)
        .iter()
        .find(|c| c["custom_id"] == custom_id)
        .and_then(|c| c["label"].as_str())
        .unwrap_or_default()
        .to_owned()
}

/// Decodes a PNG; panics unless it is one.
#[must_use]
pub fn decode_png(bytes: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the board must decode as png")
        .to_rgba8()
}

/// Checks that `message` carries a board image of the configured size.
pub fn assert_board(discord: &Standin, message: &Value) {
    let image = decode_png(&discord.attachment(message, "board.png"));
    let (width, height) = image.dimensions();
    assert_eq!(width, SIZE, "board width");
    assert!(
        (SIZE..=SIZE + SIZE / 8).contains(&height),
        "board height {height} for width {width}"
    );
}

/// `white` challenges `black` (asking for White) and `black` accepts by the button: the
/// board message.
pub async fn start_game_between(discord: &Standin, white: &Person, black: &Person) -> Value {
    start_game_with(discord, white, black, |challenge| challenge).await
}

/// [`start_game_between`] with more options on the challenge (`options` adds them to
/// `/challenge member colour:White`).
pub async fn start_game_with(
    discord: &Standin,
    white: &Person,
    black: &Person,
    options: impl FnOnce(Slash) -> Slash,
) -> Value {
    let command = Slash::new("challenge")
        .user("member", black)
        .integer("colour", 0);
    let challenge = discord.slash(white, options(command)).await;
    let message = answer(discord, &challenge).await.message;
    let accept = custom_id(&message, "accept");
    let ok = discord.click(black, message_id(&message), &accept).await;
    let accepted = answer(discord, &ok).await;
    assert!(!accepted.ephemeral(), "{:#}", accepted.body());
    assert_board(discord, &accepted.message);
    accepted.message
}

/// alice challenges bob, carol's Accept is refused, bob accepts: the board message.
pub async fn start_game(discord: &Standin, alice: &Person, bob: &Person) -> Value {
    let carol = discord.user("carol");
    let challenge = discord
        .slash(
            alice,
            Slash::new("challenge")
                .user("member", bob)
                .integer("colour", 0),
        )
        .await;
    let message = answer(discord, &challenge).await.message;
    let accept = custom_id(&message, "accept");
    let wrong = discord.click(&carol, message_id(&message), &accept).await;
    let refused = answer(discord, &wrong).await;
    assert!(
        refused.ephemeral(),
        "carol's accept answered publicly: {:#}",
        refused.body()
    );
    let ok = discord.click(bob, message_id(&message), &accept).await;
    let accepted = answer(discord, &ok).await;
    assert!(!accepted.ephemeral(), "{:#}", accepted.body());
    assert_board(discord, &accepted.message);
    accepted.message
}

/// Plays `plies` moves of the game between `white` and `black` by `/move`, each side's first
/// legal move; returns the last board. `game` follows along.
pub async fn play_first_moves(
    discord: &Standin,
    white: &Person,
    black: &Person,
    game: &mut Game,
    plies: usize,
) -> Value {
    let mut board = Value::Null;
    for _ in 0..plies {
        let mover = if game.ply() % 2 == 0 { white } else { black };
        let m = game.position().legal_moves()[0];
        let written = game.position().move_text(&m);
        let ix = discord
            .slash(mover, Slash::new("move").string("move", &written))
            .await;
        let reply = answer(discord, &ix).await;
        assert!(
            !reply.ephemeral(),
            "/move {written} refused: {:#}",
            reply.body()
        );
        board = reply.message;
        game.play(&m).expect("a legal move");
    }
    board
}

/// The value of the select menu option of `message` that is `m` in `position`.
#[must_use]
pub fn option_for(message: &Value, position: &Position, m: &Move) -> String {
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

/// The name of the file attached to `message` with this extension (any case).
#[must_use]
pub fn file_with_extension(message: &Value, extension: &str) -> String {
    message["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["filename"].as_str())
        .find(|n| {
            std::path::Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(extension))
        })
        .unwrap_or_else(|| panic!("no .{extension} file in {message:#}"))
        .to_owned()
}

/// The game of this channel as the bot's `/pdn` tells it, replayed with the rules crate.
pub async fn game_from_pdn(discord: &Standin, who: &Person) -> Game {
    let ix = discord.slash(who, Slash::new("pdn")).await;
    let message = answer(discord, &ix).await.message;
    let bytes = discord.attachment(&message, &file_with_extension(&message, "pdn"));
    let pdn = String::from_utf8(bytes).expect("pdn is text");
    let games = dama_rules::pdn::read_games(&pdn);
    let mut game = Game::default();
    for text in &games.first().expect("one game in the pdn").moves {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("the pdn move {text} does not replay: {e:?}\n{pdn}"));
    }
    game
}
