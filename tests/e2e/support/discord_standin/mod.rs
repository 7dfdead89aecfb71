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
//! earlier (its id says so, and its 3 s count from then). Rate limits (`ratelimits`):
//! [`Standin::set_slowmode`], [`Standin::rate_limit_next`], [`Standin::rate_limited`].
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
//! One guild (an ordinary server, `en-US`, until [`Standin::set_guild_locale`] makes it a
//! Community server with a locale of its own) with one text channel
//! ([`Standin::channel_id`]), its owner (every permission), the bot (its managed role: the
//! invite permissions, threads included) and the members `user(name)` creates (`@everyone`'s
//! permissions, locale `en-US`; [`Standin::user_with_locale`] for another). Interactions carry
//! the user's `locale` and the `guild_locale`.
//!
//! - Roles and overwrites: [`Standin::role`]`(name, permissions)` adds a role (GUILD_ROLE_CREATE),
//!   [`Standin::give_role`] gives it to a member (the bot, without the members intent, learns it
//!   from their interactions), [`Standin::set_overwrites`]`(channel, overwrites)` sets a text
//!   channel's [`Overwrite`]s (CHANNEL_UPDATE). A member's permissions in a channel are computed
//!   as Discord computes them (the owner has all; their own and their roles', all for an
//!   administrator; then `@everyone`'s overwrite, their roles', their own; a thread as its
//!   parent) and sent with their interactions there; nobody can use a channel they cannot see.
//! - [`Standin::text_channel`]`(name, bot_deny)` adds a text channel where the bot's role is
//!   denied those [`perm`] bits (CHANNEL_CREATE now, in GUILD_CREATE on later connections);
//!   [`Standin::thread`]`(parent, name)` a public thread (type 11, THREAD_CREATE) with its
//!   parent's permissions. `slash_in(channel, ..)` and `autocomplete_in(channel, ..)` happen
//!   there, clicks in the clicked message's channel; `channel` and `app_permissions` of the
//!   interaction follow. The bot may start a thread from a message (`POST
//!   /channels/{c}/messages/{m}/threads`: the thread takes the message's id; Create Public
//!   Threads), rename, archive and reopen its own threads (`PATCH /channels/{id}`; locking
//!   needs Manage Threads, which it lacks), add people to them (`PUT
//!   /channels/{thread}/thread-members/{user}`), and open DMs (`POST /users/@me/channels`, type
//!   1); [`Standin::close_dms`] closes a person's. [`Standin::channel`] is a channel as Discord
//!   describes it.
//! - Threads archive themselves after `auto_archive_duration` minutes without a message (on the
//!   stand-in's clock, so [`Standin::advance`] archives them); an archived thread refuses posts,
//!   edits and changes other than reopening (400, code 50083), and its commands and components
//!   to people who are not its members (a scenario that tries panics). Members are the creator,
//!   those added, and those a message there pinged ([`Standin::thread_members`]).
//! - A new message notifies the users its `content` mentions (`<@id>`, `<@!id>`) as its
//!   `allowed_mentions` allows (absent: all; `parse`, `users`, `replied_user` as documented), and
//!   in a DM its recipient. Embeds, ephemeral messages and edits notify nobody; the first
//!   follow-up after a deferral, which fills the "thinking" message, counts as a new message.
//!   [`Standin::notified`]`(message)`, [`Standin::notifications`] and
//!   [`Standin::notifications_for`]`(&person)` tell who was notified.
//! - The clock: [`Standin::advance`]`(by)` moves stand-in time (real time plus advances) ahead.
//!   Tokens live 15 minutes of it; the first callback's deadline (3 s: later, `404 {"code":
//!   10062}`) counts it too, from the interaction's creation
//!   ([`Standin::backdate_next_interaction`] replays one created earlier).
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
//! in `tests/discord_standin/schema.rs` prints it for the file in `DAMA_STANDIN_CHECK` and fails
//! on any violation or unmatched route.

mod actions;
mod activity;
mod dump;
mod gateway;
mod guild;
mod interaction;
mod limits;
mod model;
mod multipart;
mod ratelimits;
mod record;
mod requests;
mod rest;
mod schema;
mod sessions;
mod state;
mod threads;

use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

pub use activity::{CLIENT_SECRET, ENTRY_POINT_REMOVED};
pub use dump::{DumpReport, validate_dump};
pub use interaction::{Slash, components};
pub use limits::{
    COMMAND_CHARACTERS, check_attachment_references, check_command, check_components,
    check_message_body, command_characters, is_empty_message,
};
pub use model::{Overwrite, Person, perm};
pub use ratelimits::Limited;
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

    /// Makes the first guild a Community server whose managers chose `locale` (only a
    /// Community server chooses one): its interactions' `guild_locale` and its
    /// `preferred_locale`; dispatched as GUILD_UPDATE (with `COMMUNITY` among its features)
    /// when a session is up, and part of GUILD_CREATE on later connections. Until then the
    /// guild is an ordinary server, which Discord reports as `en-US` whatever its members
    /// speak.
    pub fn set_guild_locale(&self, locale: &str) {
        self.report_guild_locale(locale, true);
    }

    /// Makes the first guild report `locale` as its `guild_locale` and `preferred_locale`
    /// although it stays an ordinary server (no `COMMUNITY` among its features), which Discord
    /// never does: a scenario proves with it that the bot asks the server's features, not its
    /// locale. Dispatched like [`Self::set_guild_locale`].
    pub fn set_ordinary_guild_locale(&self, locale: &str) {
        self.report_guild_locale(locale, false);
    }

    fn report_guild_locale(&self, locale: &str, community: bool) {
        assert!(
            LOCALES.contains(&locale),
            "{locale:?} is not a Discord locale; they are {LOCALES:?}"
        );
        let mut state = self.shared.lock();
        state.world.community = community;
        state.world.locale_without_community = !community;
        locale.clone_into(&mut state.world.guild_locale);
        let guild = state.world.guild_id;
        let value = model::guild_update_for(&state.world, guild);
        check_dispatch("GUILD_UPDATE", &value);
        state.gateway.dispatch(Some(guild), "GUILD_UPDATE", value);
        drop(state);
        self.shared.notify();
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
}
