//! A Discord stand-in on loopback, for end-to-end tests of the real bot.
//!
//! [`Standin::start`] binds two ephemeral ports on 127.0.0.1: a REST API (HTTP/1.1, the paths
//! of `https://discord.com/api/v10`) and a gateway (WebSocket, JSON text frames). The bot is
//! pointed at it by configuration only: serenity's
//! `HttpBuilder::new(token).proxy(standin.rest_url()).ratelimiter_disabled(true)` for REST (the
//! proxy is ignored while the ratelimiter is on), and `GET /gateway` (or `/gateway/bot`, one
//! shard by default, [`Options::shards`]) answers with the stand-in's `ws://` URL. Everything
//! else is the production code path.
//!
//! The stand-in plays Discord, strictly: HELLO, IDENTIFY → READY + GUILD_CREATE (IDENTIFY's
//! `shard` must be absent or `[id, count]` with the recommended count: close 4011 for fewer
//! shards, 4010 for any other count), one session per shard and each guild's events only to
//! its shard (Discord's rule: `(guild_id >> 22) % count`; [`Standin::add_guild`] adds a guild
//! on a given shard), heartbeat ACKs, RESUME → replay + RESUMED; every dispatch is checked to
//! parse as serenity's `GatewayEvent` before it is sent.
//! REST requests are recorded (method, path, route template, JSON or `payload_json`, uploaded
//! files, the answer) and answered as Discord would, including its refusals:
//!
//! - every body is validated against the `requestBody` schema of its route in Discord's own
//!   OpenAPI description (`tests/data/discord-openapi.json`), and against the documented rules
//!   the description leaves out (command and option names, localisation locales,
//!   `allowed_mentions` sets): a violation is answered `400 {"code": 50035, "message": "Invalid
//!   Form Body", "errors": {...}}` and its [`Standin::errors`] entry names the route template and
//!   the JSON path (`POST /channels/{channel_id}/messages at /allowed_mentions/users: ...`);
//! - an interaction answered twice (400) or after [`Options::interaction_deadline`] (404); a
//!   webhook call with a token more than 15 minutes old (401, code 50027); message bodies over
//!   a bot's limits (400); unknown routes (404);
//! - posting where the bot lacks View Channel, Send Messages (Send Messages in Threads in a
//!   thread), Embed Links for embeds or Attach Files for files (403, code 50013); a DM to a user
//!   who closed theirs (403, code 50007). Interaction answers ignore channel permissions.
//!
//! [`Standin::assert_no_errors`] fails the test if any request was refused, the gateway saw a
//! protocol error, an interaction went unanswered, or a deferral (callback 5 or 6) was never
//! completed by an edit or deletion of `@original` or a follow-up; it first waits up to
//! [`Options::wait_timeout`] for deferrals the bot is still working on. A test that provokes a
//! refusal on purpose takes it with [`Standin::take_expected_error`]`(pattern)`, which returns
//! the error's text; or it reads [`Standin::requests`]. [`Standin::fail_next`]`(method,
//! pattern)` makes the next matching request fail with a 500, as Discord sometimes does;
//! [`Standin::backdate_next_interaction`]`(ago)` sends the next interaction as one created `ago`
//! earlier (its id says so, and its 3 s count from then).
//!
//! Users can only do what Discord's client lets them: a slash command must have been registered
//! by the bot and its options must match the registration; a click needs a button with that
//! `custom_id` on a message the bot posted. Mistakes in a scenario panic with what was wrong.
//!
//! # Writing a scenario
//!
//! ```ignore
//! let discord = Standin::start().await;
//! let bot = start_the_bot(discord.rest_url(), discord.token()).await; // the code under test
//! discord.wait_ready().await; // the next IDENTIFY, and its session live
//! let put = discord.next_request("PUT", "/applications/*/guilds/*/commands").await;
//!
//! let (alice, bob) = (discord.user("alice"), discord.user_with_locale("bob", "it"));
//! let challenge = discord.slash(&alice, Slash::new("challenge").user("opponent", &bob)).await;
//! let reply = discord.callback(&challenge).await; // POST .../callback, accepted with 204
//! assert_eq!(reply.body()["type"], 4); // JSON body, or multipart `payload_json`
//! let png = &reply.file("board.png").bytes; // multipart file part, decoded
//! let board = discord.original(&challenge).await; // the message as Discord stores it
//! assert_eq!(discord.notified(message_id(&board)), [bob.id]); // who got a ping
//!
//! let accept = discord.click(&bob, message_id(&board), "accept:1").await;
//! assert_eq!(discord.callback(&accept).await.body()["type"], 7);
//! let pick = discord.select(&bob, message_id(&board), "move", &["22-18"]).await;
//! let typing = Slash::new("move").focused("move", "2");
//! let choices = discord.choices(&discord.autocomplete(&bob, typing).await).await;
//!
//! discord.advance(Duration::from_secs(16 * 60)); // interaction tokens are dead now
//! discord.drop_gateway(); // or cut_gateway(): the bot must RESUME
//! discord.wait_resumed().await;
//! discord.assert_no_errors();
//! ```
//!
//! Every wait has a deadline ([`Options::wait_timeout`]) and panics with the request log when it
//! passes: no sleeps. `next_request` and `next_request_where` return each request at most once,
//! oldest first, so a scenario reads as the sequence of calls it expects; `requests()` is the
//! whole log. `message(id)` is a message as it is now, `message_history(id)` every version of it
//! (e.g. the "thinking" state of a deferred reply), `attachment(message, name)` a file's bytes.
//! `dispatch(event, data)` sends any other gateway event; `http()` is a serenity client for
//! calling the stand-in directly.
//!
//! # The world
//!
//! One guild (locale `en-US` until [`Standin::set_guild_locale`]) with one text channel
//! ([`Standin::channel_id`]), its owner (every permission), the bot (its managed role: the
//! invite permissions, threads included) and the members `user(name)` creates (`@everyone`'s
//! permissions, locale `en-US`; [`Standin::user_with_locale`] for another). Interactions carry
//! the user's `locale` and the `guild_locale`.
//!
//! - [`Standin::text_channel`]`(name, bot_deny)` adds a text channel where the bot's role is
//!   denied those [`perm`] bits (CHANNEL_CREATE now, in GUILD_CREATE on later connections);
//!   [`Standin::thread`]`(parent, name)` a public thread (type 11, THREAD_CREATE) with its
//!   parent's permissions. `slash_in(channel, ..)` and `autocomplete_in(channel, ..)` happen
//!   there, clicks in the clicked message's channel; `channel` and `app_permissions` of the
//!   interaction follow. The bot may start a thread from a message (`POST
//!   /channels/{c}/messages/{m}/threads`: the thread takes the message's id; Create Public
//!   Threads), rename and archive its own threads (`PATCH /channels/{id}`; locking needs Manage
//!   Threads, which it lacks), and open DMs (`POST /users/@me/channels`, type 1);
//!   [`Standin::close_dms`] closes a person's. [`Standin::channel`] is a channel as Discord
//!   describes it.
//! - A new message notifies the users its `content` mentions (`<@id>`, `<@!id>`) as its
//!   `allowed_mentions` allows (absent: all; `parse`, `users`, `replied_user` as documented), and
//!   in a DM its recipient. Embeds, ephemeral messages and edits notify nobody; the first
//!   follow-up after a deferral, which fills the "thinking" message, counts as a new message.
//!   [`Standin::notified`]`(message)`, [`Standin::notifications`] and
//!   [`Standin::notifications_for`]`(&person)` tell who was notified.
//! - The clock: [`Standin::advance`]`(by)` moves stand-in time (real time plus advances) ahead.
//!   Tokens live 15 minutes of it; the first callback's deadline counts it too.
//!
//! The gateway serves one connection at a time: a new one replaces the previous one, as a
//! restarted bot's does.
//!
//! # The request dump
//!
//! With `DAMA_STANDIN_DUMP=PATH` in the environment (or [`Options::dump`]) every request is
//! appended to PATH as one JSON line, `{"method", "path", "json"}`, one write a line, so the
//! tests of many processes can share one file. [`validate_dump`]`(path)` checks such a file as
//! the stand-in checks live traffic and returns a [`DumpReport`] (requests by route template,
//! callback types, violations, routes the description lacks); the ignored test `dump_validates`
//! in `tests/discord_standin.rs` prints it for the file in `DAMA_STANDIN_CHECK` and fails on any
//! violation or unmatched route.

mod dump;
mod gateway;
mod interaction;
mod model;
mod multipart;
mod record;
mod rest;
mod schema;
mod state;

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

pub use dump::{DumpReport, validate_dump};
pub use interaction::{Slash, components};
pub use model::{Person, perm};
pub use record::{
    ClientFrame, Notification, Recorded, SentInteraction, UploadedFile, Violation, path_matches,
};
pub use schema::{LOCALES, route_of};
pub use state::Options;

use state::{Outgoing, Shared, State};

/// The stand-in: its servers run until it is dropped.
pub struct Standin {
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for Standin {
    fn drop(&mut self) {
        for connection in &self.shared.lock().gateway.open {
            let _ = connection.tx.send(Outgoing::Cut);
        }
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// The id of a message (or any object) in JSON.
#[must_use]
pub fn message_id(message: &Value) -> u64 {
    model::id_of(&message["id"]).unwrap_or_else(|| panic!("no id in {message}"))
}

/// Panics unless serenity 0.12.5 parses this dispatch, so a malformed payload fails the test
/// where it is built instead of being dropped silently by the bot's gateway client.
fn check_dispatch(event: &str, data: &Value) {
    if let Some(e) = dispatch_error(event, data) {
        panic!("{e}");
    }
}

/// Why serenity 0.12.5 would reject this dispatch, if it would.
fn dispatch_error(event: &str, data: &Value) -> Option<String> {
    let frame = json!({ "op": 0, "t": event, "s": 1, "d": data });
    serde_json::from_value::<serenity::model::event::GatewayEvent>(frame)
        .err()
        .map(|e| format!("serenity would reject this {event} dispatch: {e}\n{data:#}"))
}

impl Standin {
    /// Starts a stand-in with the default [`Options`].
    pub async fn start() -> Self {
        Self::start_with(Options::default()).await
    }

    pub async fn start_with(options: Options) -> Self {
        let bind = || TcpListener::bind("127.0.0.1:0");
        let rest = bind()
            .await
            .expect("loopback must accept a listener on an ephemeral port");
        let gateway = bind()
            .await
            .expect("loopback must accept a listener on an ephemeral port");
        let address = |l: &TcpListener| l.local_addr().expect("a bound listener has an address");
        let rest_url = format!("http://{}", address(&rest));
        let gateway_url = format!("ws://{}", address(&gateway));
        let shared = Arc::new(Shared::new(State::new(), rest_url, gateway_url, options));
        {
            let state = shared.lock();
            check_dispatch(
                "READY",
                &model::ready(
                    &state.world,
                    "0",
                    &shared.gateway_url,
                    [0, 1],
                    &[state.world.guild_id],
                ),
            );
            check_dispatch("GUILD_CREATE", &model::guild_create(&state.world));
        }
        let tasks = vec![
            tokio::spawn(rest::serve(rest, Arc::clone(&shared))),
            tokio::spawn(gateway::serve(gateway, Arc::clone(&shared))),
        ];
        Self { shared, tasks }
    }

    /// The base for serenity's `HttpBuilder::proxy` (and the bot's `discord.api_base`).
    #[must_use]
    pub fn rest_url(&self) -> &str {
        &self.shared.rest_url
    }

    /// The gateway's `ws://` URL (what `GET /gateway` answers).
    #[must_use]
    pub fn gateway_url(&self) -> &str {
        &self.shared.gateway_url
    }

    /// The bot token the stand-in accepts (REST `Authorization: Bot …` and IDENTIFY).
    #[must_use]
    pub fn token(&self) -> &str {
        &self.shared.token
    }

    /// A serenity `Http` client pointed at the stand-in, as the bot builds its own, with the
    /// application id already set (the bot learns it from READY).
    #[must_use]
    pub fn http(&self) -> serenity::http::Http {
        let http = serenity::http::HttpBuilder::new(self.token())
            .proxy(self.rest_url())
            .ratelimiter_disabled(true)
            .build();
        http.set_application_id(serenity::model::id::ApplicationId::new(
            self.application_id(),
        ));
        http
    }

    #[must_use]
    pub fn application_id(&self) -> u64 {
        self.shared.lock().world.application_id
    }

    #[must_use]
    pub fn guild_id(&self) -> u64 {
        self.shared.lock().world.guild_id
    }

    /// The text channel where interactions happen.
    #[must_use]
    pub fn channel_id(&self) -> u64 {
        self.shared.lock().world.channel_id
    }

    /// The bot's own user.
    #[must_use]
    pub fn bot(&self) -> Person {
        self.shared.lock().world.bot.clone()
    }

    /// The guild owner, who is also the application's owner (has every permission).
    #[must_use]
    pub fn owner(&self) -> Person {
        self.shared.lock().world.owner.clone()
    }

    /// A guild member with `@everyone`'s permissions and the `en-US` client, created on first
    /// use of the name.
    #[must_use]
    pub fn user(&self, name: &str) -> Person {
        let existing = self
            .shared
            .lock()
            .world
            .members
            .iter()
            .find(|p| p.name == name)
            .cloned();
        existing.unwrap_or_else(|| self.user_with_locale(name, "en-US"))
    }

    /// A guild member whose Discord client speaks `locale` (one of [`LOCALES`]), the `locale`
    /// of their interactions; created on first use of the name.
    #[must_use]
    pub fn user_with_locale(&self, name: &str, locale: &str) -> Person {
        assert!(
            LOCALES.contains(&locale),
            "{locale:?} is not a Discord locale; they are {LOCALES:?}"
        );
        let mut state = self.shared.lock();
        if let Some(person) = state.world.members.iter().find(|p| p.name == name) {
            assert_eq!(
                person.locale, locale,
                "{name} already exists with another locale"
            );
            return person.clone();
        }
        let person = Person {
            id: state.ids.next(),
            name: name.to_owned(),
            bot: false,
            permissions: perm::EVERYONE,
            locale: locale.to_owned(),
        };
        state.world.members.push(person.clone());
        person
    }

    /// The guild's locale (`guild_locale` of interactions, `preferred_locale` of the guild);
    /// `en-US` until set.
    pub fn set_guild_locale(&self, locale: &str) {
        assert!(
            LOCALES.contains(&locale),
            "{locale:?} is not a Discord locale; they are {LOCALES:?}"
        );
        locale.clone_into(&mut self.shared.lock().world.guild_locale);
    }

    // ---- channels -----------------------------------------------------------------------

    /// Another guild the bot is in, whose events Discord sends to shard `shard` (of the
    /// [`Options::shards`] the stand-in recommends), with the same members and a text channel
    /// `dama` of its own; its GUILD_CREATE goes out with the next IDENTIFY of that shard.
    /// Returns the guild's id and its channel's.
    pub fn add_guild(&self, shard: u64) -> (u64, u64) {
        let total = self.shared.options.shards.max(1);
        assert!(shard < total, "shard {shard} of {total}");
        let mut state = self.shared.lock();
        let guild = state.ids.on_shard(shard, total);
        let channel = state.ids.next();
        state.world.more_guilds.push(guild);
        state.world.channels.push(model::Channel {
            guild: Some(guild),
            ..model::Channel::text(channel, "dama", 0)
        });
        drop(state);
        self.shared.notify();
        (guild, channel)
    }

    /// A new text channel where the bot's role is denied `bot_deny` (permission bits, see
    /// [`perm`]) by an overwrite; dispatched as CHANNEL_CREATE when a session is up, and part
    /// of GUILD_CREATE on later connections. Returns its id.
    pub fn text_channel(&self, name: &str, bot_deny: u64) -> u64 {
        let guild = self.guild_id();
        self.text_channel_in(guild, name, bot_deny)
    }

    /// [`Self::text_channel`] in another of the bot's guilds ([`Self::add_guild`]).
    pub fn text_channel_in(&self, guild: u64, name: &str, bot_deny: u64) -> u64 {
        let mut state = self.shared.lock();
        assert!(state.world.guilds().contains(&guild), "no guild {guild}");
        let id = state.ids.next();
        let channel = model::Channel {
            guild: (guild != state.world.guild_id).then_some(guild),
            ..model::Channel::text(id, name, bot_deny)
        };
        state.world.channels.push(channel.clone());
        let value = model::channel(&state.world, &channel);
        check_dispatch("CHANNEL_CREATE", &value);
        let guild = state.world.guild_of(&channel);
        state.gateway.dispatch(guild, "CHANNEL_CREATE", value);
        drop(state);
        self.shared.notify();
        id
    }

    /// A public thread (type 11) in the text channel `parent`, started by the guild owner; it
    /// has its parent's permissions (posting needs Send Messages in Threads). Dispatched as
    /// THREAD_CREATE. Returns its id.
    pub fn thread(&self, parent: u64, name: &str) -> u64 {
        let mut state = self.shared.lock();
        let kind = state.world.channel(parent).map(|c| c.kind);
        assert_eq!(kind, Some(0), "{parent} is not a text channel");
        let id = state.ids.next();
        let channel = model::Channel {
            kind: 11,
            parent: Some(parent),
            owner: state.world.owner.id,
            ..model::Channel::text(id, name, 0)
        };
        state.world.channels.push(channel.clone());
        let mut value = model::channel(&state.world, &channel);
        value["newly_created"] = json!(true);
        check_dispatch("THREAD_CREATE", &value);
        let guild = state.world.guild_of(&channel);
        state.gateway.dispatch(guild, "THREAD_CREATE", value);
        drop(state);
        self.shared.notify();
        id
    }

    /// A channel as Discord describes it (`GET /channels/{id}`), e.g. a thread's
    /// `thread_metadata` after the bot archived it.
    #[must_use]
    pub fn channel(&self, id: u64) -> Value {
        let state = self.shared.lock();
        let channel = state.world.channel(id);
        let channel = channel.unwrap_or_else(|| panic!("there is no channel {id}"));
        model::channel(&state.world, channel)
    }

    /// The DM channel the bot opened with this person (`POST /users/@me/channels`), if any.
    #[must_use]
    pub fn dm_channel(&self, person: &Person) -> Option<u64> {
        let state = self.shared.lock();
        let dm = state
            .world
            .channels
            .iter()
            .find(|c| c.recipient == Some(person.id));
        dm.map(|c| c.id)
    }

    /// The person no longer accepts DMs from the bot: posting in their DM channel answers
    /// `403 {"code": 50007}`.
    pub fn close_dms(&self, person: &Person) {
        self.shared.lock().world.dms_closed.push(person.id);
    }

    // ---- time ---------------------------------------------------------------------------

    /// Moves the stand-in's clock ahead: interaction tokens expire 15 minutes (stand-in time)
    /// after their interaction, and the first callback's deadline counts the advance too.
    pub fn advance(&self, by: Duration) {
        self.shared.lock().advanced += by;
        self.shared.notify();
    }

    // ---- notifications ------------------------------------------------------------------

    /// The users a message notified.
    #[must_use]
    pub fn notified(&self, message: u64) -> Vec<u64> {
        let state = self.shared.lock();
        let found = state.notifications.iter().filter(|n| n.message == message);
        found.map(|n| n.user).collect()
    }

    /// Every notification so far, in order.
    #[must_use]
    pub fn notifications(&self) -> Vec<Notification> {
        self.shared.lock().notifications.clone()
    }

    /// The notifications this person got, in order.
    #[must_use]
    pub fn notifications_for(&self, person: &Person) -> Vec<Notification> {
        let state = self.shared.lock();
        let found = state.notifications.iter().filter(|n| n.user == person.id);
        found.cloned().collect()
    }

    // ---- waiting ------------------------------------------------------------------------

    /// Waits until `check` finds what it looks for, re-checking whenever something happens;
    /// panics with the log after [`Options::wait_timeout`].
    async fn wait_for<T>(&self, what: &str, mut check: impl FnMut(&mut State) -> Option<T>) -> T {
        let mut changes = self.shared.subscribe();
        let timeout = self.shared.options.wait_timeout;
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(found) = check(&mut self.shared.lock()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                panic!("waited {timeout:?} for {what} in vain\n{}", self.log());
            }
        }
    }

    /// What happened so far, for failure messages.
    #[must_use]
    pub fn log(&self) -> String {
        let state = self.shared.lock();
        let mut text = String::from("requests:\n");
        for r in &state.requests {
            let _ = writeln!(text, "  #{} {r}", r.index);
            if r.status >= 400 {
                let _ = writeln!(
                    text,
                    "      answer: {}",
                    r.response.clone().unwrap_or_default()
                );
            }
        }
        text.push_str("gateway frames from the bot (connection:op):\n  ");
        let frames: Vec<String> = state
            .gateway
            .frames
            .iter()
            .map(|f| format!("{}:{}", f.connection, f.op))
            .collect();
        text.push_str(&frames.join(" "));
        text.push('\n');
        for problem in &state.problems {
            let _ = writeln!(text, "problem: {problem}");
        }
        text
    }

    // ---- gateway ------------------------------------------------------------------------

    /// Waits for the bot's next IDENTIFY (the first call: its first) and for the session it
    /// starts to be live (READY and GUILD_CREATE sent); returns IDENTIFY's `d`. A bot started
    /// again on the same stand-in identifies again: call it once per start.
    pub async fn wait_ready(&self) -> Value {
        let frame = self.next_frame(2).await;
        self.wait_live(frame.connection, "the session IDENTIFY asked for")
            .await;
        frame.d
    }

    /// Waits for the bot's next RESUME and for the session to be live again (missed dispatches
    /// replayed, RESUMED sent); returns RESUME's `d` (`session_id`, `seq`).
    pub async fn wait_resumed(&self) -> Value {
        let frame = self.next_frame(6).await;
        self.wait_live(frame.connection, "the session RESUME asked for")
            .await;
        frame.d
    }

    async fn wait_live(&self, connection: u64, what: &str) {
        self.wait_for(what, |state| {
            let current = state.gateway.connection(connection);
            current.is_some_and(|c| c.live).then_some(())
        })
        .await;
    }

    /// The shards with a live connection now, in order.
    #[must_use]
    pub fn live_shards(&self) -> Vec<u64> {
        let state = self.shared.lock();
        let mut shards: Vec<u64> = state
            .gateway
            .open
            .iter()
            .filter(|c| c.live)
            .filter_map(|c| c.shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// While `hold` is set, new gateway connections are accepted but get no HELLO (a gateway
    /// that does not answer); releasing it sends the held connections their HELLO.
    pub fn hold_gateway(&self, hold: bool) {
        self.shared.lock().gateway.hold = hold;
        self.shared.notify();
    }

    /// The shard of `guild`'s events (`(guild_id >> 22) % shard count`).
    #[must_use]
    pub fn shard_of(&self, guild: u64) -> u64 {
        (guild >> 22) % self.shared.options.shards.max(1)
    }

    /// The next gateway frame with this opcode the bot sent (each returned once).
    pub async fn next_frame(&self, op: u64) -> ClientFrame {
        self.wait_for(&format!("a gateway frame with op {op}"), |state| {
            let gateway = &mut state.gateway;
            let index = (0..gateway.frames.len())
                .find(|&i| !gateway.frames_taken[i] && gateway.frames[i].op == op)?;
            gateway.frames_taken[index] = true;
            Some(gateway.frames[index].clone())
        })
        .await
    }

    /// Every frame the bot sent on the gateway, in order.
    #[must_use]
    pub fn frames(&self) -> Vec<ClientFrame> {
        self.shared.lock().gateway.frames.clone()
    }

    /// How many WebSocket connections the bot has opened.
    #[must_use]
    pub fn connections(&self) -> u64 {
        self.shared.lock().gateway.connections
    }

    /// Sends a dispatch (after checking that serenity parses it), waiting for a session first;
    /// while the connection is down it is kept for RESUME to replay. Returns its sequence number.
    pub async fn dispatch(&self, event: &str, data: Value) -> u64 {
        check_dispatch(event, &data);
        let guild = data["guild_id"].as_str().and_then(|g| g.parse().ok());
        let shard = self.shard_of(guild.unwrap_or(0));
        self.wait_for("a gateway session", |state| {
            state.gateway.sessions.contains_key(&shard).then_some(())
        })
        .await;
        let seq = self.shared.lock().gateway.dispatch(guild, event, data);
        self.shared.notify();
        seq.expect("the session was there a moment ago and only IDENTIFY replaces it")
    }

    /// Closes every gateway connection with close code 4000 (resumable), as Discord does when
    /// it restarts a gateway node; dispatches until the bot resumes are replayed then.
    pub fn drop_gateway(&self) {
        self.end_connections(|| Outgoing::Close(4000, "Unknown error.".to_owned()));
    }

    /// Ends every session as Discord does when a session timed out (close code 4009, not
    /// resumable): the bot must connect and identify again.
    pub fn time_out_sessions(&self) {
        self.shared.lock().gateway.sessions.clear();
        self.end_connections(|| Outgoing::Close(4009, "Session timed out.".to_owned()));
    }

    /// Drops every gateway TCP connection without a close frame (a network failure).
    pub fn cut_gateway(&self) {
        self.end_connections(|| Outgoing::Cut);
    }

    fn end_connections(&self, how: impl Fn() -> Outgoing) {
        let mut state = self.shared.lock();
        let connections = std::mem::take(&mut state.gateway.open);
        assert!(!connections.is_empty(), "no gateway connection to end");
        for connection in connections {
            let _ = connection.tx.send(how());
        }
        drop(state);
        self.shared.notify();
    }

    // ---- interactions -------------------------------------------------------------------

    async fn send_interaction(
        &self,
        channel: u64,
        build: impl FnOnce(&mut State) -> Result<(u64, String, Value), String>,
    ) -> SentInteraction {
        let guild = self.shared.lock().world.guild_of_id(channel);
        let shard = self.shard_of(guild);
        self.wait_for(&format!("a gateway session of shard {shard}"), |state| {
            state.gateway.sessions.contains_key(&shard).then_some(())
        })
        .await;
        let (id, token, payload) = build(&mut self.shared.lock()).unwrap_or_else(|e| panic!("{e}"));
        check_dispatch("INTERACTION_CREATE", &payload);
        let mut state = self.shared.lock();
        let seq = state
            .gateway
            .dispatch(Some(guild), "INTERACTION_CREATE", payload.clone());
        let seq = seq.expect("sessions are only replaced, never removed");
        let sent_at = Instant::now();
        // Discord's 3 s count from the interaction's creation, which its id tells.
        let waited = Duration::from_millis(model::now_ms().saturating_sub(model::created_ms(id)));
        let created = state
            .now()
            .checked_sub(waited)
            .unwrap_or_else(|| state.now());
        if let Some(pending) = state.interactions.get_mut(&id) {
            pending.sent_at = created;
        }
        let kind = payload["type"].as_u64().unwrap_or(0) as u8;
        drop(state);
        self.shared.notify();
        SentInteraction {
            id,
            token,
            kind,
            seq,
            sent_at,
            payload,
        }
    }

    /// `who` runs a slash command in the first text channel.
    pub async fn slash(&self, who: &Person, command: Slash) -> SentInteraction {
        self.slash_in(self.channel_id(), who, command).await
    }

    /// `who` runs a slash command in `channel` (a text channel or a thread).
    pub async fn slash_in(&self, channel: u64, who: &Person, command: Slash) -> SentInteraction {
        self.send_interaction(channel, |state| {
            interaction::command(state, channel, who, &command, false)
        })
        .await
    }

    /// `who` types in an autocompleted option (marked with [`Slash::focused`]).
    pub async fn autocomplete(&self, who: &Person, command: Slash) -> SentInteraction {
        self.autocomplete_in(self.channel_id(), who, command).await
    }

    /// `who` types in an autocompleted option in `channel`.
    pub async fn autocomplete_in(
        &self,
        channel: u64,
        who: &Person,
        command: Slash,
    ) -> SentInteraction {
        self.send_interaction(channel, |state| {
            interaction::command(state, channel, who, &command, true)
        })
        .await
    }

    /// `who` clicks the button `custom_id` on a message the bot posted.
    pub async fn click(&self, who: &Person, message: u64, custom_id: &str) -> SentInteraction {
        let channel = self.channel_of_message(message);
        self.send_interaction(channel, |state| {
            interaction::component(state, who, message, custom_id, None)
        })
        .await
    }

    /// `who` picks `values` in the select menu `custom_id` on a message the bot posted.
    pub async fn select(
        &self,
        who: &Person,
        message: u64,
        custom_id: &str,
        values: &[&str],
    ) -> SentInteraction {
        let channel = self.channel_of_message(message);
        self.send_interaction(channel, |state| {
            interaction::component(state, who, message, custom_id, Some(values))
        })
        .await
    }

    /// The channel of a message the bot posted (the first channel when it is unknown: the
    /// interaction built for it then says what is wrong).
    fn channel_of_message(&self, message: u64) -> u64 {
        let state = self.shared.lock();
        state
            .messages
            .get(&message)
            .and_then(|m| m["channel_id"].as_str())
            .and_then(|c| c.parse().ok())
            .unwrap_or(state.world.channel_id)
    }

    /// Waits for the bot's callback to this interaction; panics unless it was accepted (204).
    pub async fn callback(&self, sent: &SentInteraction) -> Recorded {
        let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
        let request = self
            .next_request_where(&format!("POST {path}"), |r| {
                r.method == "POST" && r.path == path
            })
            .await;
        assert_eq!(
            request.status,
            204,
            "the callback was refused: {:?}\n{}",
            request.response,
            self.log()
        );
        request
    }

    /// Waits for the callback of an autocomplete interaction and returns its choices.
    pub async fn choices(&self, sent: &SentInteraction) -> Vec<Value> {
        let request = self.callback(sent).await;
        assert_eq!(
            request.body()["type"],
            8,
            "autocomplete answered with {}",
            request.body()
        );
        let state = self.shared.lock();
        let choices = state
            .interactions
            .get(&sent.id)
            .and_then(|p| p.choices.clone());
        choices
            .and_then(|c| c.as_array().cloned())
            .unwrap_or_default()
    }

    /// Waits until the interaction has been answered and returns the message `@original` refers
    /// to (the new reply, or for a component the message it was on), as it is now.
    pub async fn original(&self, sent: &SentInteraction) -> Value {
        let id = sent.id;
        self.wait_for("the interaction's original response", |state| {
            let pending = state.interactions.get(&id)?;
            state.messages.get(&pending.original?).cloned()
        })
        .await
    }

    /// A message the bot posted, as it is now.
    #[must_use]
    pub fn message(&self, id: u64) -> Value {
        let message = self.shared.lock().messages.get(&id).cloned();
        message.unwrap_or_else(|| panic!("there is no message {id}\n{}", self.log()))
    }

    /// Every version of a message, from its creation to now (kept after a deletion), to check
    /// states that a later edit replaced, such as the "thinking" state of a deferred reply.
    #[must_use]
    pub fn message_history(&self, id: u64) -> Vec<Value> {
        self.shared
            .lock()
            .history
            .get(&id)
            .cloned()
            .unwrap_or_default()
    }

    /// Every message the bot has posted and not deleted, oldest first.
    #[must_use]
    pub fn messages(&self) -> Vec<Value> {
        let state = self.shared.lock();
        let mut ids: Vec<u64> = state.messages.keys().copied().collect();
        ids.sort_unstable();
        ids.iter().map(|id| state.messages[id].clone()).collect()
    }

    /// The bytes of a message's attachment.
    #[must_use]
    pub fn attachment(&self, message: &Value, filename: &str) -> Vec<u8> {
        let attachments = message["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let attachment = attachments.iter().find(|a| a["filename"] == filename);
        let attachment =
            attachment.unwrap_or_else(|| panic!("no attachment {filename} in {message}"));
        let id = model::id_of(&attachment["id"]).unwrap_or_default();
        let bytes = self.shared.lock().files.get(&id).cloned();
        bytes.unwrap_or_else(|| panic!("the stand-in lost the bytes of attachment {id}"))
    }

    /// The commands registered in the guild, as Discord echoed them (with ids).
    #[must_use]
    pub fn guild_commands(&self) -> Vec<Value> {
        let state = self.shared.lock();
        state
            .guild_commands
            .get(&state.world.guild_id)
            .cloned()
            .unwrap_or_default()
    }

    /// The commands registered globally.
    #[must_use]
    pub fn global_commands(&self) -> Vec<Value> {
        self.shared.lock().global_commands.clone()
    }

    // ---- requests -----------------------------------------------------------------------

    /// The next request (not yet returned by a `next_request*` call) with this method and a
    /// path matching `pattern` (`*` matches one segment), waiting for it if needed.
    pub async fn next_request(&self, method: &str, pattern: &str) -> Recorded {
        self.next_request_where(&format!("{method} {pattern}"), |r| r.is(method, pattern))
            .await
    }

    /// The next request (not yet returned) for which `matches` holds; `what` names it in the
    /// failure message.
    pub async fn next_request_where(
        &self,
        what: &str,
        matches: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        self.wait_for(&format!("a request {what}"), |state| {
            let index = (0..state.requests.len())
                .find(|&i| !state.taken[i] && matches(&state.requests[i]))?;
            state.taken[index] = true;
            Some(state.requests[index].clone())
        })
        .await
    }

    /// Every request so far, in order.
    #[must_use]
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.lock().requests.clone()
    }

    /// Requests the stand-in refused (a body that breaks Discord's schema names the route
    /// template and the JSON path), gateway protocol errors, interactions left unanswered past
    /// the deadline, and deferrals never completed; less what [`Self::take_expected_error`]
    /// took.
    #[must_use]
    pub fn errors(&self) -> Vec<String> {
        let state = self.shared.lock();
        self.error_entries(&state)
            .into_iter()
            .map(|(_, text)| text)
            .collect()
    }

    fn error_entries(&self, state: &State) -> Vec<(ErrorSource, String)> {
        let mut errors = Vec::new();
        for r in state.requests.iter().filter(|r| r.status >= 400) {
            if !state.expected.contains(&r.index) {
                errors.push((ErrorSource::Request(r.index), refusal_text(r)));
            }
        }
        for (i, problem) in state.problems.iter().enumerate() {
            errors.push((ErrorSource::Problem(i), problem.clone()));
        }
        let deadline = self.shared.options.interaction_deadline;
        let mut unanswered: Vec<u64> = state
            .interactions
            .values()
            .filter(|p| p.callback.is_none() && state.age(p) > deadline)
            .filter(|p| !state.excused.contains(&p.id))
            .map(|p| p.id)
            .collect();
        unanswered.sort_unstable();
        for id in unanswered {
            let text = format!("interaction {id} was never answered");
            errors.push((ErrorSource::Interaction(id), text));
        }
        for pending in state.open_deferrals() {
            let kind = pending.callback.map_or(0, |(k, _)| k);
            let text = format!(
                "interaction {} was deferred (callback type {kind}) and never completed by an \
                 edit or deletion of @original or a follow-up",
                pending.id
            );
            errors.push((ErrorSource::Interaction(pending.id), text));
        }
        errors
    }

    /// Takes the first error (as [`Self::errors`] words it) that contains `pattern` as
    /// expected, so it no longer counts, and returns its text; for tests that provoke a
    /// refusal (or leave a deferral open) on purpose. Panics when there is no such error.
    pub fn take_expected_error(&self, pattern: &str) -> String {
        let mut state = self.shared.lock();
        let entries = self.error_entries(&state);
        let found = entries.into_iter().find(|(_, text)| text.contains(pattern));
        let Some((source, text)) = found else {
            let errors: Vec<String> = self
                .error_entries(&state)
                .into_iter()
                .map(|(_, t)| t)
                .collect();
            drop(state);
            panic!("no error contains {pattern:?}; the errors are {errors:?}");
        };
        match source {
            ErrorSource::Request(index) => state.expected.push(index),
            ErrorSource::Problem(index) => {
                state.problems.remove(index);
            }
            ErrorSource::Interaction(id) => state.excused.push(id),
        }
        text
    }

    /// The next interaction a scenario sends is created `ago` before it is sent, as one that
    /// waited in Discord's queue or is replayed after a gateway resume: its id says so, and
    /// Discord's 3 s for the first answer count from then.
    pub fn backdate_next_interaction(&self, ago: Duration) {
        self.shared.lock().backdate_next = Some(ago);
    }

    /// The next request with this method and a path matching `pattern` (`*` for one segment,
    /// without `/api/v10`) fails with `500 Internal Server Error`, as Discord's API sometimes
    /// does; the failure is expected, so it is not one of [`Self::errors`].
    pub fn fail_next(&self, method: &str, pattern: &str) {
        self.shared
            .lock()
            .injected_failures
            .push((method.to_owned(), pattern.to_owned()));
    }

    /// Panics if anything in [`Self::errors`] happened, after waiting (up to
    /// [`Options::wait_timeout`]) for deferred answers the bot is still working on.
    pub fn assert_no_errors(&self) {
        self.wait_for_deferrals();
        let errors = self.errors();
        assert!(
            errors.is_empty(),
            "the stand-in saw errors:\n  {}\n{}",
            errors.join("\n  "),
            self.log()
        );
    }

    /// Waits until no deferral is open, or the wait timeout passes (on a multi-threaded
    /// runtime, where the stand-in's servers go on serving meanwhile).
    fn wait_for_deferrals(&self) {
        let deadline = Instant::now() + self.shared.options.wait_timeout;
        let open = || !self.shared.lock().open_deferrals().is_empty();
        if !open() {
            return;
        }
        let wait = || {
            while open() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        };
        match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
            Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(wait),
            Ok(_) => {}
            Err(_) => wait(),
        }
    }
}

/// Where an entry of [`Standin::errors`] comes from, to take it as expected.
enum ErrorSource {
    Request(usize),
    Problem(usize),
    Interaction(u64),
}

/// How [`Standin::errors`] words a refused request.
fn refusal_text(r: &Recorded) -> String {
    if r.violations.is_empty() {
        return format!("{r}: {}", r.response.clone().unwrap_or_default());
    }
    let violations: Vec<String> = r.violations.iter().map(ToString::to_string).collect();
    format!("{r}: {}", violations.join("; "))
}
