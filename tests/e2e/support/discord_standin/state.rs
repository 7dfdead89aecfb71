//! The stand-in's memory: the world, the gateway session, every request, the messages the bot
//! created and the interactions awaiting an answer. One mutex guards it all; nothing awaits while
//! holding it.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

use super::limits::{
    EMPTY_MESSAGE, check_attachment_references, check_command, check_message_body, is_empty_message,
};
use super::model::{self, Person, Snowflakes, World, sf};
use super::record::{ClientFrame, Notification, Recorded, UploadedFile};

/// Settings of one stand-in.
#[derive(Clone, Debug)]
pub struct Options {
    /// Sent in HELLO; the bot heartbeats this often.
    pub heartbeat_interval: Duration,
    /// How long the bot has to answer an interaction (Discord: 3 s); later callbacks get
    /// `404 Unknown interaction`, as from Discord.
    pub interaction_deadline: Duration,
    /// How long the `wait`/`next` helpers wait before failing the test (and how long
    /// `assert_no_errors` waits for deferred answers to be completed).
    pub wait_timeout: Duration,
    /// Where every request is appended as one JSON line (`method`, `path`, `json`); from the
    /// `DAMA_STANDIN_DUMP` environment variable by default.
    pub dump: Option<PathBuf>,
    /// The shard count `GET /gateway/bot` recommends, and the one IDENTIFY must use.
    pub shards: u64,
    /// How many sessions may start (IDENTIFY) every 5 seconds, across all the bot's
    /// connections (`GET /gateway/bot`'s `max_concurrency`: 1, or 16 and more for large bots);
    /// one more is a problem.
    pub max_concurrency: u64,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            heartbeat_interval: Duration::from_millis(41_250),
            interaction_deadline: Duration::from_secs(3),
            wait_timeout: Duration::from_secs(10),
            dump: std::env::var_os("DAMA_STANDIN_DUMP").map(PathBuf::from),
            shards: 1,
            max_concurrency: 1,
        }
    }
}

/// What the state shares with the servers' tasks.
pub struct Shared {
    state: Mutex<State>,
    changed: watch::Sender<u64>,
    pub rest_url: String,
    pub gateway_url: String,
    pub token: String,
    pub options: Options,
}

impl Shared {
    pub fn new(state: State, rest_url: String, gateway_url: String, options: Options) -> Self {
        let token = format!(
            "{}.GdAmA1.c3RhbmQtaW4tdG9rZW4tZm9yLXRlc3Rz",
            state.world.application_id
        );
        Self {
            state: Mutex::new(state),
            changed: watch::channel(0).0,
            rest_url,
            gateway_url,
            token,
            options,
        }
    }

    /// The state; a test that panicked while holding it does not poison the others' view.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wakes every waiter: something was recorded.
    pub fn notify(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }
}

/// A message for the WebSocket connection's task to send.
#[derive(Debug)]
pub enum Outgoing {
    Text(String),
    /// A close frame with this code and reason.
    Close(u16, String),
    /// Drop the TCP connection without a close frame.
    Cut,
}

/// An open WebSocket connection.
#[derive(Debug)]
pub struct Connection {
    pub id: u64,
    pub tx: mpsc::UnboundedSender<Outgoing>,
    /// Identified or resumed: dispatches go out on it.
    pub live: bool,
    /// The shard it identified or resumed as.
    pub shard: Option<u64>,
}

/// A gateway session (from IDENTIFY until the stand-in forgets it).
#[derive(Debug)]
pub struct Session {
    pub id: String,
    pub seq: u64,
    /// Every dispatch of the session, for RESUME to replay.
    pub history: Vec<(u64, String)>,
}

#[derive(Debug, Default)]
pub struct GatewayState {
    /// The session of each shard, by shard id.
    pub sessions: HashMap<u64, Session>,
    /// The open connections, oldest first; at most one per shard once identified.
    pub open: Vec<Connection>,
    pub connections: u64,
    pub frames: Vec<ClientFrame>,
    /// Frames already returned by `next_frame`.
    pub frames_taken: Vec<bool>,
    /// The shard count the sessions identified with (Discord's `[id, count]`).
    pub shard_count: u64,
    /// New connections wait for HELLO while this is set (`Standin::hold_gateway`).
    pub hold: bool,
}

impl GatewayState {
    /// The shard that receives `guild`'s events: `(guild_id >> 22) % shard_count`; DMs and
    /// events of no guild (`None`) go to shard 0, as on Discord.
    pub fn shard_of(&self, guild: Option<u64>) -> u64 {
        guild.map_or(0, |g| (g >> 22) % self.shard_count.max(1))
    }

    /// Numbers a dispatch of `guild`'s shard, keeps it for replay and sends it if the shard's
    /// connection is live; `None` when the shard has no session.
    pub fn dispatch(&mut self, guild: Option<u64>, event: &str, data: Value) -> Option<u64> {
        self.dispatch_to_shard(self.shard_of(guild), event, data)
    }

    /// Numbers a dispatch of `shard`'s session (READY, RESUMED) and sends it like
    /// [`Self::dispatch`].
    pub fn dispatch_to_shard(&mut self, shard: u64, event: &str, data: Value) -> Option<u64> {
        let session = self.sessions.get_mut(&shard)?;
        session.seq += 1;
        let seq = session.seq;
        let mut frame = json!({ "op": 0, "t": event, "s": seq });
        frame["d"] = data;
        let frame = frame.to_string();
        session.history.push((seq, frame.clone()));
        if let Some(connection) = self.live_connection(shard) {
            // A closed channel means the connection is going away; RESUME will replay the frame.
            let _ = connection.tx.send(Outgoing::Text(frame));
        }
        Some(seq)
    }

    /// The live connection of a shard.
    pub fn live_connection(&self, shard: u64) -> Option<&Connection> {
        self.open.iter().find(|c| c.live && c.shard == Some(shard))
    }

    /// The open connection with this id.
    pub fn connection(&self, id: u64) -> Option<&Connection> {
        self.open.iter().find(|c| c.id == id)
    }

    pub fn connection_mut(&mut self, id: u64) -> Option<&mut Connection> {
        self.open.iter_mut().find(|c| c.id == id)
    }

    /// Sends a non-dispatch frame (HELLO, heartbeat ACK, INVALID SESSION) on a connection.
    pub fn send_to(&self, connection: u64, frame: &Value) {
        if let Some(c) = self.connection(connection) {
            let _ = c.tx.send(Outgoing::Text(frame.to_string()));
        }
    }

    /// Connection `keep` is now `shard`'s: another connection of that shard (a client that
    /// reconnected) is dropped.
    pub fn claim_shard(&mut self, keep: u64, shard: u64) {
        self.open.retain(|c| {
            let other = c.id != keep && c.shard == Some(shard);
            if other {
                let _ = c.tx.send(Outgoing::Cut);
            }
            !other
        });
        if let Some(c) = self.connection_mut(keep) {
            c.shard = Some(shard);
        }
    }
}

/// How long an interaction's token works after the interaction was sent.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// An interaction dispatched to the bot and what became of it.
#[derive(Debug)]
pub struct Pending {
    pub id: u64,
    pub token: String,
    pub kind: u8,
    pub user: Person,
    /// The channel it happened in.
    pub channel: u64,
    /// When it was sent, in stand-in time ([`State::now`]).
    pub sent_at: Instant,
    /// A deferral (callback 5 or 6) was followed by an edit or deletion of `@original` or by
    /// a follow-up.
    pub completed: bool,
    /// For a component: the message it was on.
    pub source_message: Option<u64>,
    /// The callback type and when it came.
    pub callback: Option<(u8, Instant)>,
    /// The message `@original` refers to.
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// The choices of an autocomplete answer.
    pub choices: Option<Value>,
}

impl Pending {
    /// The `interaction_metadata` of messages answering it.
    pub fn metadata(&self, guild_id: u64) -> Value {
        let mut value = json!({
            "id": sf(self.id),
            "type": if self.kind == 4 { 2 } else { self.kind },
            "user": model::user(&self.user),
            "authorizing_integration_owners": { "0": sf(guild_id) },
        });
        if let Some(source) = self.source_message {
            model::merge(&mut value, json!({ "interacted_message_id": sf(source) }));
        }
        if let Some(original) = self.original {
            model::merge(
                &mut value,
                json!({ "original_response_message_id": sf(original) }),
            );
        }
        value
    }
}

/// A refusal, as Discord words it: status, JSON error code and message.
#[derive(Debug)]
pub struct Refusal {
    pub status: u16,
    pub body: Value,
}

impl Refusal {
    pub fn new(status: u16, code: u32, message: &str) -> Self {
        Self {
            status,
            body: model::error(code, message),
        }
    }

    /// Discord's 50035 answer, the detail as an error of the whole body.
    pub fn invalid_form(detail: &str) -> Self {
        Self {
            status: 400,
            body: json!({
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": { "_errors": [{ "code": "BASE_TYPE_INVALID", "message": detail }] },
            }),
        }
    }

    pub fn missing_permissions() -> Self {
        Self::new(403, 50013, "Missing Permissions")
    }

    /// A message with nothing to show (code 50006).
    pub fn empty_message() -> Self {
        let (status, code, text) = EMPTY_MESSAGE;
        Self::new(status, code, text)
    }

    pub fn unknown_message() -> Self {
        Self::new(404, 10008, "Unknown Message")
    }
}

/// Message flags Discord sets or the bot may send.
pub const EPHEMERAL: u64 = 1 << 6;
pub const LOADING: u64 = 1 << 7;

pub struct State {
    pub ids: Snowflakes,
    pub world: World,
    pub gateway: GatewayState,
    pub requests: Vec<Recorded>,
    /// Requests already returned by a `next_request` call.
    pub taken: Vec<bool>,
    pub global_commands: Vec<Value>,
    pub guild_commands: HashMap<u64, Vec<Value>>,
    pub messages: HashMap<u64, Value>,
    /// Every version of every message, oldest first (deleted messages keep theirs).
    pub history: HashMap<u64, Vec<Value>>,
    /// Attachment bytes by attachment id.
    pub files: HashMap<u64, Vec<u8>>,
    pub interactions: HashMap<u64, Pending>,
    /// Protocol errors and other things that should make a test fail.
    pub problems: Vec<String>,
    /// How far tests moved the stand-in's clock ahead of real time.
    pub advanced: Duration,
    /// Who was notified of which message, in order.
    pub notifications: Vec<Notification>,
    /// Refused requests a test took as expected (by index): not errors.
    pub expected: Vec<usize>,
    /// Interactions whose missing answer or open deferral a test took as expected.
    pub excused: Vec<u64>,
    /// Requests to fail with a 500, as Discord does when it has a bad moment: (method, path
    /// pattern), each used once.
    pub injected_failures: Vec<(String, String)>,
    /// The next interaction is created this long before it is sent.
    pub backdate_next: Option<Duration>,
    /// The members of each thread besides its creator, in the order they joined.
    pub thread_members: HashMap<u64, Vec<u64>>,
    /// When each thread last had a message (or was created or reopened), stand-in time.
    pub thread_activity: HashMap<u64, Instant>,
    /// The Activity: codes, tokens, instances (`super::activity`).
    pub activity: super::activity::Activities,
    pub limits: super::ratelimits::RateLimits,
}

impl State {
    pub fn new() -> Self {
        let mut ids = Snowflakes::new();
        let world = World::new(&mut ids);
        Self {
            ids,
            world,
            gateway: GatewayState::default(),
            requests: Vec::new(),
            taken: Vec::new(),
            global_commands: Vec::new(),
            guild_commands: HashMap::new(),
            messages: HashMap::new(),
            history: HashMap::new(),
            files: HashMap::new(),
            interactions: HashMap::new(),
            problems: Vec::new(),
            advanced: Duration::ZERO,
            notifications: Vec::new(),
            expected: Vec::new(),
            excused: Vec::new(),
            injected_failures: Vec::new(),
            backdate_next: None,
            thread_members: HashMap::new(),
            thread_activity: HashMap::new(),
            activity: super::activity::Activities::default(),
            limits: super::ratelimits::RateLimits::default(),
        }
    }

    /// The stand-in's clock: real time plus every `advance`.
    pub fn now(&self) -> Instant {
        Instant::now() + self.advanced
    }

    /// The id of a new interaction: now, or as long ago as [`Self::backdate_next`] says.
    pub fn interaction_id(&mut self) -> u64 {
        match self.backdate_next.take() {
            Some(ago) => self.ids.past(ago),
            None => self.ids.next(),
        }
    }

    /// How long ago (stand-in time) an interaction was sent.
    pub fn age(&self, pending: &Pending) -> Duration {
        self.now().saturating_duration_since(pending.sent_at)
    }

    /// The registered command with this name in `guild`: the guild's first, then the global
    /// ones.
    pub fn command(&self, guild: u64, name: &str) -> Option<&Value> {
        let guild = self.guild_commands.get(&guild).into_iter().flatten();
        guild
            .chain(&self.global_commands)
            .find(|c| c["name"] == name)
    }

    /// Stores a list of commands the bot registered (PUT replaces the whole list) and returns
    /// them as Discord echoes them, with ids (kept for names registered before).
    pub fn register_commands(
        &mut self,
        guild: Option<u64>,
        body: &Value,
    ) -> Result<Value, Refusal> {
        let Some(list) = body.as_array() else {
            return Err(Refusal::invalid_form("expected an array of commands"));
        };
        if list.len() > 100 {
            return Err(Refusal::invalid_form("more than 100 commands"));
        }
        let previous = match guild {
            Some(g) => self.guild_commands.get(&g).cloned().unwrap_or_default(),
            None => self.global_commands.clone(),
        };
        super::activity::check_entry_points(self, guild, &previous, list)?;
        let mut echoed = Vec::with_capacity(list.len());
        for command in list {
            check_command(command).map_err(|e| Refusal::invalid_form(&e))?;
            let name = &command["name"];
            let id = previous
                .iter()
                .find(|c| &c["name"] == name)
                .and_then(|c| model::id_of(&c["id"]))
                .unwrap_or_else(|| self.ids.next());
            let mut stored = json!({
                "id": sf(id),
                "application_id": sf(self.world.application_id),
                "version": sf(self.ids.next()),
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": null,
                "dm_permission": true,
                "nsfw": false,
                "integration_types": [0],
                "contexts": null,
                "name_localizations": null,
                "description_localizations": null,
            });
            if let Some(g) = guild {
                model::merge(&mut stored, json!({ "guild_id": sf(g) }));
            }
            model::merge(&mut stored, command.clone());
            // What the bot sent must not override what Discord assigns.
            stored["id"] = sf(id);
            stored["application_id"] = sf(self.world.application_id);
            echoed.push(stored);
        }
        match guild {
            Some(g) => {
                self.guild_commands.insert(g, echoed.clone());
            }
            None => self.global_commands.clone_from(&echoed),
        }
        Ok(Value::Array(echoed))
    }

    /// Creates a message from what the bot sent in `channel` and returns its id; records who
    /// it notified.
    #[allow(clippy::too_many_arguments)]
    pub fn create_message(
        &mut self,
        rest_url: &str,
        channel: u64,
        kind: u8,
        body: &Value,
        files: &[UploadedFile],
        extra_flags: u64,
        interaction: Option<u64>,
    ) -> Result<u64, Refusal> {
        check_message_body(body, files).map_err(|e| Refusal::invalid_form(&e))?;
        let attachments = self.resolve_attachments(rest_url, channel, &[], body, files)?;
        check_attachment_references(body, &attachments).map_err(|e| Refusal::invalid_form(&e))?;
        // A deferral's "thinking" message is the only one created empty.
        if extra_flags & LOADING == 0 {
            let mut shape = body.clone();
            shape["attachments"] = Value::Array(attachments.clone());
            if is_empty_message(&shape) {
                return Err(Refusal::empty_message());
            }
        }
        let id = self.ids.next();
        let metadata = interaction
            .and_then(|i| self.interactions.get(&i))
            .map(|p| p.metadata(self.world.guild_of_id(p.channel)));
        let mut message = model::message(
            &self.world,
            channel,
            id,
            kind,
            body,
            attachments,
            metadata.as_ref(),
        );
        let flags = message["flags"].as_u64().unwrap_or(0) | extra_flags;
        message["flags"] = json!(flags);
        rewrite_embed_attachments(&mut message);
        if flags & (EPHEMERAL | LOADING) == 0 {
            self.notify_mentions(&message, body);
        }
        self.touch_thread(channel);
        self.history.insert(id, vec![message.clone()]);
        self.messages.insert(id, message);
        Ok(id)
    }

    /// Applies an edit (PATCH semantics: only the fields sent change) and returns the message.
    pub fn edit_message(
        &mut self,
        rest_url: &str,
        id: u64,
        body: &Value,
        files: &[UploadedFile],
    ) -> Result<Value, Refusal> {
        check_message_body(body, files).map_err(|e| Refusal::invalid_form(&e))?;
        let existing = self
            .messages
            .get(&id)
            .ok_or_else(Refusal::unknown_message)?;
        let old_attachments = existing["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let channel = model::id_of(&existing["channel_id"]).unwrap_or(self.world.channel_id);
        let attachments =
            self.resolve_attachments(rest_url, channel, &old_attachments, body, files)?;
        check_attachment_references(body, &attachments).map_err(|e| Refusal::invalid_form(&e))?;
        let mut shape = self
            .messages
            .get(&id)
            .cloned()
            .ok_or_else(Refusal::unknown_message)?;
        for key in ["content", "embeds", "components"] {
            if let Some(value) = body.get(key) {
                shape[key] = value.clone();
            }
        }
        shape["attachments"] = Value::Array(attachments.clone());
        if is_empty_message(&shape) {
            return Err(Refusal::empty_message());
        }
        let message = self
            .messages
            .get_mut(&id)
            .ok_or_else(Refusal::unknown_message)?;
        if let Some(content) = body.get("content") {
            message["content"] = json!(content.as_str().unwrap_or(""));
        }
        for key in ["embeds", "components"] {
            if let Some(value) = body.get(key) {
                message[key] = if value.is_array() {
                    value.clone()
                } else {
                    json!([])
                };
            }
        }
        // Only SUPPRESS_EMBEDS may change on an edit; an edit ends the "thinking" state.
        let flags = message["flags"].as_u64().unwrap_or(0) & !LOADING;
        message["flags"] = json!(flags);
        message["attachments"] = Value::Array(attachments);
        message["edited_timestamp"] = json!(model::now());
        rewrite_embed_attachments(message);
        let message = message.clone();
        self.history.entry(id).or_default().push(message.clone());
        Ok(message)
    }

    /// The attachments after a create or edit: kept ones (listed by id, or all when the body
    /// has no `attachments`) and new ones from the uploaded files.
    fn resolve_attachments(
        &mut self,
        rest_url: &str,
        channel: u64,
        existing: &[Value],
        body: &Value,
        files: &[UploadedFile],
    ) -> Result<Vec<Value>, Refusal> {
        let mut result = Vec::new();
        let mut used = vec![false; files.len()];
        match body.get("attachments").and_then(Value::as_array) {
            Some(list) => {
                for entry in list {
                    if entry.get("filename").is_some() {
                        let index = model::id_of(&entry["id"]).ok_or_else(|| {
                            Refusal::invalid_form("new attachment without a numeric id")
                        })?;
                        let field = format!("files[{index}]");
                        let position =
                            files.iter().position(|f| f.field == field).ok_or_else(|| {
                                Refusal::invalid_form(&format!("attachment {index} has no file"))
                            })?;
                        used[position] = true;
                        let description = entry.get("description").cloned();
                        result.push(self.new_attachment(
                            rest_url,
                            channel,
                            &files[position],
                            description,
                        ));
                    } else {
                        let id = model::id_of(&entry["id"]);
                        let kept = existing.iter().find(|a| model::id_of(&a["id"]) == id);
                        let kept = kept.ok_or_else(|| {
                            Refusal::invalid_form(&format!("unknown attachment {}", entry["id"]))
                        })?;
                        result.push(kept.clone());
                    }
                }
            }
            None => result.extend(existing.iter().cloned()),
        }
        for (file, used) in files.iter().zip(used) {
            if !used {
                result.push(self.new_attachment(rest_url, channel, file, None));
            }
        }
        if result.len() > 10 {
            return Err(Refusal::invalid_form("more than 10 attachments"));
        }
        Ok(result)
    }

    fn new_attachment(
        &mut self,
        rest_url: &str,
        channel: u64,
        file: &UploadedFile,
        description: Option<Value>,
    ) -> Value {
        let id = self.ids.next();
        let url = format!("{rest_url}/attachments/{channel}/{id}/{}", file.filename);
        let content_type = file
            .content_type
            .clone()
            .unwrap_or_else(|| super::multipart::content_type_of(&file.filename).to_owned());
        let mut value = json!({
            "id": sf(id),
            "filename": file.filename,
            "size": file.bytes.len(),
            "url": url,
            "proxy_url": url,
            "content_type": content_type,
            "description": description.unwrap_or(Value::Null),
        });
        if let Some((width, height)) = super::multipart::png_size(&file.bytes) {
            model::merge(&mut value, json!({ "width": width, "height": height }));
        }
        self.files.insert(id, file.bytes.clone());
        value
    }

    /// Records whom a new message notifies: the users its `content` mentions (`<@id>`,
    /// `<@!id>`) that its `allowed_mentions` allows (absent: all of them), the author of the
    /// message it replies to when `replied_user` allows, and in a DM its recipient. Embeds
    /// notify nobody.
    pub fn notify_mentions(&mut self, message: &Value, body: &Value) {
        let id = model::id_of(&message["id"]).unwrap_or_default();
        let channel = model::id_of(&message["channel_id"]).unwrap_or_default();
        let content = message["content"].as_str().unwrap_or("").to_owned();
        let allowed = body.get("allowed_mentions").filter(|a| a.is_object());
        let mut users: Vec<u64> = Vec::new();
        let mentioned = mentioned_users(&content);
        match allowed {
            None => users.extend(&mentioned),
            Some(allowed) => {
                let parse = allowed["parse"].as_array().map_or(&[][..], Vec::as_slice);
                if parse.iter().any(|p| p == "users") {
                    users.extend(&mentioned);
                } else {
                    let listed: Vec<u64> = allowed["users"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(model::id_of)
                        .collect();
                    users.extend(mentioned.iter().filter(|u| listed.contains(u)));
                }
            }
        }
        // A reply pings its author unless `allowed_mentions.replied_user` is false (or
        // `allowed_mentions` is given without it).
        let replied = model::id_of(&body["message_reference"]["message_id"])
            .and_then(|m| self.messages.get(&m))
            .and_then(|m| model::id_of(&m["author"]["id"]));
        let ping_reply = allowed.is_none_or(|a| a["replied_user"] == true);
        if let Some(author) = replied.filter(|_| ping_reply) {
            users.push(author);
        }
        if let Some(recipient) = self.world.channel(channel).and_then(|c| c.recipient) {
            users.push(recipient);
        }
        let mut seen = Vec::new();
        for user in users {
            if user == self.world.bot.id || seen.contains(&user) {
                continue;
            }
            if self.world.member(user).is_none() {
                continue;
            }
            seen.push(user);
            // A ping in a thread makes its person a member.
            self.join_thread(channel, user);
            self.notifications.push(Notification {
                user,
                message: id,
                channel,
                content: content.clone(),
            });
        }
    }

    /// Marks an interaction's deferral as completed (its `@original` was edited or deleted, or
    /// a follow-up came).
    pub fn complete(&mut self, interaction: u64) {
        if let Some(pending) = self.interactions.get_mut(&interaction) {
            pending.completed = true;
        }
    }

    /// Interactions whose deferral (callback 5 or 6) is still waiting for its answer.
    pub fn open_deferrals(&self) -> Vec<&Pending> {
        let mut open: Vec<&Pending> = self
            .interactions
            .values()
            .filter(|p| matches!(p.callback, Some((5 | 6, _))) && !p.completed)
            .filter(|p| !self.excused.contains(&p.id))
            .collect();
        open.sort_by_key(|p| p.id);
        open
    }

    /// Sends a dispatch the REST API caused (THREAD_CREATE, THREAD_UPDATE), recording a problem
    /// instead when serenity would not parse it.
    pub fn dispatch_checked(&mut self, event: &str, data: Value) {
        if let Some(e) = super::dispatch_error(event, &data) {
            self.problem(e);
        } else {
            let guild = data["guild_id"].as_str().and_then(|g| g.parse().ok());
            self.gateway.dispatch(guild, event, data);
        }
    }

    /// Records a problem that should fail the test (`assert_no_errors` reports it).
    pub fn problem(&mut self, text: String) {
        self.problems.push(text);
    }
}

/// The users a message's content mentions, in order, each once.
fn mentioned_users(content: &str) -> Vec<u64> {
    let mut found = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits = rest.strip_prefix('!').unwrap_or(rest);
        let end = digits.find('>').unwrap_or(0);
        if end > 0 && digits[..end].bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(id) = digits[..end].parse::<u64>() {
                if !found.contains(&id) {
                    found.push(id);
                }
            }
        }
    }
    found
}

/// Replaces `attachment://name` in embed images and thumbnails with the attachment's URL, as
/// Discord does.
fn rewrite_embed_attachments(message: &mut Value) {
    let attachments = message["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let Some(embeds) = message.get_mut("embeds").and_then(Value::as_array_mut) else {
        return;
    };
    for embed in embeds {
        if embed.get("type").is_none() {
            embed["type"] = json!("rich");
        }
        for key in ["image", "thumbnail"] {
            let Some(media) = embed.get_mut(key) else {
                continue;
            };
            let Some(name) = media["url"]
                .as_str()
                .and_then(|u| u.strip_prefix("attachment://"))
            else {
                continue;
            };
            if let Some(attachment) = attachments.iter().find(|a| a["filename"] == name) {
                media["url"] = attachment["url"].clone();
                media["proxy_url"] = attachment["proxy_url"].clone();
                if let (Some(w), Some(h)) = (attachment.get("width"), attachment.get("height")) {
                    media["width"] = w.clone();
                    media["height"] = h.clone();
                }
            }
        }
    }
}
