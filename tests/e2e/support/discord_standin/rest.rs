//! The REST API (HTTP/1.1, the paths of `https://discord.com/api/v10`): records every request
//! and answers the routes a poise bot uses; anything else gets a 404 with a JSON error.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Instant;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::net::TcpListener;

use super::model::{self, Channel, perm};
use super::multipart::{Body, parse_body};
use super::ratelimits;
use super::record::{self, Recorded, UploadedFile};
use super::schema::{self, Violation};
use super::state::{EPHEMERAL, LOADING, Refusal, Shared, State, TOKEN_LIFETIME};
use super::{activity, dump};

const API_PREFIX: &str = "/api/v10";

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((tcp, _)) = listener.accept().await {
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let shared = Arc::clone(&shared);
                async move { Ok::<_, Infallible>(handle(&shared, request).await) }
            });
            // A connection error only ends that connection; the request log shows the rest.
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(tcp), service)
                .await;
        });
    }
}

/// What a route answers.
enum Answer {
    Json(u16, Value),
    Empty(u16),
}

impl From<Refusal> for Answer {
    fn from(refusal: Refusal) -> Self {
        Answer::Json(refusal.status, refusal.body)
    }
}

async fn handle(shared: &Shared, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let method = request.method().as_str().to_owned();
    let full_path = request.uri().path().to_owned();
    let query = request.uri().query().unwrap_or("").to_owned();
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let content_type = header("content-type").unwrap_or_default();
    let authorization = header("authorization");
    let bytes = match request.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => Bytes::new(),
    };
    let path = full_path
        .strip_prefix(API_PREFIX)
        .unwrap_or(&full_path)
        .to_owned();

    let parsed = parse_body(&content_type, &bytes);
    if let Some(dump) = &shared.options.dump {
        let json = parsed.as_ref().ok().and_then(|b| b.json.as_ref());
        dump::append(dump, &method, &full_path, json);
    }
    let (template, violations) = match &parsed {
        Ok(body) if full_path.starts_with(API_PREFIX) => {
            schema::check(&method, &path, body.json.as_ref())
        }
        _ => (None, Vec::new()),
    };
    let mut state = shared.lock();
    let injected = state
        .injected_failures
        .iter()
        .position(|(m, pattern)| *m == method && record::path_matches(&path, pattern));
    if let Some(at) = injected {
        state.injected_failures.remove(at);
        let index = state.requests.len();
        state.expected.push(index);
    }
    let (answer, body) = match parsed {
        Ok(body) if injected.is_some() => (
            Answer::Json(500, model::error(0, "500: Internal Server Error")),
            body,
        ),
        Ok(body) if !violations.is_empty() => (
            Answer::Json(400, schema::invalid_form_body(&violations)),
            body,
        ),
        Ok(body) => {
            let answer = if full_path.starts_with(API_PREFIX) {
                route(
                    &mut state,
                    shared,
                    &method,
                    &path,
                    authorization.as_deref(),
                    &body,
                )
            } else {
                Answer::Json(404, model::error(0, "404: Not Found"))
            };
            (answer, body)
        }
        Err(e) => (Refusal::invalid_form(&e).into(), Body::default()),
    };
    let (status, response) = match answer {
        Answer::Json(status, value) => (status, Some(value)),
        Answer::Empty(status) => (status, None),
    };
    let index = state.requests.len();
    state.requests.push(Recorded {
        index,
        method,
        path,
        query,
        content_type,
        authorization,
        json: body.json,
        files: body.files,
        status,
        response: response.clone(),
        at: Instant::now(),
        route: template,
        violations,
    });
    state.taken.push(false);
    state.note_if_limited(index);
    drop(state);
    shared.notify();

    let mut response = response;
    let mut builder =
        ratelimits::headers(Response::builder().status(status), status, &mut response);
    let bytes = match response {
        Some(value) => {
            builder = builder.header("content-type", "application/json");
            Bytes::from(value.to_string())
        }
        None => Bytes::new(),
    };
    builder
        .body(Full::new(bytes))
        .unwrap_or_else(|_| Response::new(Full::new(Bytes::new())))
}

fn not_found() -> Answer {
    Answer::Json(404, model::error(0, "404: Not Found"))
}

fn ok(value: Value) -> Answer {
    Answer::Json(200, value)
}

fn route(
    state: &mut State,
    shared: &Shared,
    method: &str,
    path: &str,
    authorization: Option<&str>,
    body: &Body,
) -> Answer {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let form = body.json.as_ref().unwrap_or(&Value::Null);
    if let Some(answered) =
        activity::route(state, &shared.token, method, &segments, authorization, form)
    {
        return answered.map_or_else(Answer::from, |(status, value)| Answer::Json(status, value));
    }
    // Interaction callbacks and webhook calls are authorised by their token, not the bot's;
    // `GET /gateway` needs no authorisation at all.
    let open = matches!(
        segments.as_slice(),
        ["interactions" | "webhooks", ..] | ["gateway"]
    );
    if !open && authorization != Some(format!("Bot {}", shared.token).as_str()) {
        return Answer::Json(401, model::error(0, "401: Unauthorized"));
    }
    let json = body.json.as_ref().unwrap_or(&Value::Null);
    let files = body.files.as_slice();
    let app = state.world.application_id.to_string();
    state.auto_archive();
    if let Err(limited) = state.route_limited(method, path) {
        return limited.into();
    }
    let result = match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => Ok(ok(json!({ "url": shared.gateway_url }))),
        ("GET", ["gateway", "bot"]) => Ok(ok(json!({
            "url": shared.gateway_url,
            "shards": shared.options.shards,
            "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 14_400_000,
                "max_concurrency": shared.options.max_concurrency,
            },
        }))),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            Ok(ok(model::application(&state.world)))
        }
        ("GET", ["users", "@me"]) => Ok(ok(model::current_user(&state.world.bot))),
        ("PUT", ["applications", a, "commands"]) if *a == app => {
            state.register_commands(None, json).map(ok)
        }
        ("GET", ["applications", a, "commands"]) if *a == app => {
            Ok(ok(Value::Array(state.global_commands.clone())))
        }
        ("PUT", ["applications", a, "guilds", g, "commands"]) if *a == app => {
            match known_guild(state, g) {
                Ok(g) => state.register_commands(Some(g), json).map(ok),
                Err(refusal) => Err(refusal),
            }
        }
        ("GET", ["applications", a, "guilds", g, "commands"]) if *a == app => known_guild(state, g)
            .map(|g| {
                ok(Value::Array(
                    state.guild_commands.get(&g).cloned().unwrap_or_default(),
                ))
            }),
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(state, shared, id, token, json, files)
        }
        (_, ["webhooks", a, token, rest @ ..]) if *a == app => {
            webhook(state, shared, method, token, rest, json, files)
        }
        (_, ["webhooks", ..]) => Err(Refusal::new(404, 10015, "Unknown Webhook")),
        ("POST", ["channels", c, "messages"]) => known_channel(state, c).and_then(|channel| {
            may_post(state, &channel, json, files)?;
            state.refuse_if_archived(channel.id)?;
            state.slowmode(&channel)?;
            let kind = if json.get("message_reference").is_some() {
                19
            } else {
                0
            };
            let id =
                state.create_message(&shared.rest_url, channel.id, kind, json, files, 0, None)?;
            Ok(ok(state.messages[&id].clone()))
        }),
        (_, ["channels", c, "thread-members", rest @ ..]) => known_channel(state, c)
            .and_then(|channel| state.thread_members_route(method, &channel, rest))
            .map(|(status, value)| match value {
                Some(value) => Answer::Json(status, value),
                None => Answer::Empty(status),
            }),
        ("POST", ["channels", c, "messages", m, "threads"]) => known_channel(state, c)
            .and_then(|channel| thread_from_message(state, &channel, m, json)),
        (_, ["channels", c, "messages", m]) => known_channel(state, c)
            .and_then(|channel| channel_message(state, shared, method, &channel, m, json, files)),
        ("GET", ["channels", c]) => {
            known_channel(state, c).map(|channel| ok(model::channel(&state.world, &channel)))
        }
        ("PATCH", ["channels", c]) => {
            known_channel(state, c).and_then(|channel| modify_channel(state, &channel, json))
        }
        ("POST", ["users", "@me", "channels"]) => open_dm(state, json),
        ("GET", ["guilds", g, "channels"]) => known_guild(state, g).map(|_| {
            let world = &state.world;
            let channels = world.channels.iter().filter(|c| matches!(c.kind, 0 | 2));
            ok(channels.map(|c| model::channel(world, c)).collect())
        }),
        ("GET", ["guilds", g, "roles"]) => {
            known_guild(state, g).map(|_| ok(Value::Array(model::roles(&state.world))))
        }
        ("GET", ["guilds", g, "members", u]) => known_guild(state, g).and_then(|_| {
            let person = u.parse().ok().and_then(|u| state.world.member(u));
            let person = person.ok_or_else(|| Refusal::new(404, 10007, "Unknown Member"))?;
            Ok(ok(model::member(&state.world, person, true, false)))
        }),
        _ => Ok(not_found()),
    };
    result.unwrap_or_else(Answer::from)
}

fn known_guild(state: &State, guild: &str) -> Result<u64, Refusal> {
    match guild.parse() {
        Ok(id) if state.world.guilds().contains(&id) => Ok(id),
        _ => Err(Refusal::new(404, 10004, "Unknown Guild")),
    }
}

fn known_channel(state: &State, channel: &str) -> Result<Channel, Refusal> {
    let id = channel.parse::<u64>().ok();
    let found = id.and_then(|id| state.world.channel(id)).cloned();
    found.ok_or_else(|| Refusal::new(404, 10003, "Unknown Channel"))
}

/// Whether the bot may post this message here: View Channel, Send Messages (Send Messages in
/// Threads in a thread), Embed Links for embeds, Attach Files for files; a DM needs the user
/// to accept DMs, a locked thread Manage Threads.
fn may_post(
    state: &State,
    channel: &Channel,
    json: &Value,
    files: &[UploadedFile],
) -> Result<(), Refusal> {
    if let Some(recipient) = channel.recipient {
        if state.world.dms_closed.contains(&recipient) {
            return Err(Refusal::new(
                403,
                50007,
                "Cannot send messages to this user",
            ));
        }
        return Ok(());
    }
    let has = state.world.bot_permissions(channel);
    let send = if channel.is_thread() {
        perm::SEND_MESSAGES_IN_THREADS
    } else {
        perm::SEND_MESSAGES
    };
    let mut needed = perm::VIEW_CHANNEL | send;
    if json["embeds"].as_array().is_some_and(|e| !e.is_empty()) {
        needed |= perm::EMBED_LINKS;
    }
    if !files.is_empty() {
        needed |= perm::ATTACH_FILES;
    }
    if channel.locked {
        needed |= perm::MANAGE_THREADS;
    }
    if has & needed == needed {
        Ok(())
    } else {
        Err(Refusal::missing_permissions())
    }
}

/// `POST /channels/{c}/messages/{m}/threads`: a public thread started from a message (the
/// thread takes the message's id, as on Discord).
fn thread_from_message(
    state: &mut State,
    channel: &Channel,
    message: &str,
    json: &Value,
) -> Result<Answer, Refusal> {
    let id = message
        .parse::<u64>()
        .map_err(|_| Refusal::unknown_message())?;
    let starter = state
        .messages
        .get(&id)
        .ok_or_else(Refusal::unknown_message)?;
    if model::id_of(&starter["channel_id"]) != Some(channel.id) {
        return Err(Refusal::unknown_message());
    }
    if channel.kind != 0 {
        return Err(Refusal::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    if state.world.channel(id).is_some() {
        return Err(Refusal::new(
            400,
            160_004,
            "A thread has already been created for this message",
        ));
    }
    let has = state.world.bot_permissions(channel);
    let needed = perm::VIEW_CHANNEL | perm::CREATE_PUBLIC_THREADS;
    if has & needed != needed {
        return Err(Refusal::missing_permissions());
    }
    let name = json["name"].as_str().unwrap_or("");
    if !(1..=100).contains(&name.chars().count()) {
        return Err(Refusal::invalid_form("name must be 1-100 characters"));
    }
    let duration = json["auto_archive_duration"].as_u64().unwrap_or(1440);
    if ![60, 1440, 4320, 10080].contains(&duration) {
        return Err(Refusal::invalid_form(
            "auto_archive_duration must be 60, 1440, 4320 or 10080",
        ));
    }
    let thread = Channel {
        kind: 11,
        parent: Some(channel.id),
        guild: channel.guild,
        owner: state.world.bot.id,
        auto_archive_duration: duration,
        ..Channel::text(id, name, 0)
    };
    state.world.channels.push(thread.clone());
    state.touch_thread(thread.id);
    if let Some(starter) = state.messages.get_mut(&id) {
        // HAS_THREAD
        let flags = starter["flags"].as_u64().unwrap_or(0) | (1 << 5);
        starter["flags"] = json!(flags);
    }
    let value = model::channel(&state.world, &thread);
    let mut event = value.clone();
    event["newly_created"] = json!(true);
    state.dispatch_checked("THREAD_CREATE", event);
    Ok(ok(value))
}

/// `PATCH /channels/{id}`: the bot renames, archives or locks a thread. Its own threads it may
/// rename and archive; locking, or changing another's thread or a text channel, needs Manage
/// Threads (Manage Channels for a text channel).
fn modify_channel(state: &mut State, channel: &Channel, json: &Value) -> Result<Answer, Refusal> {
    let has = state.world.bot_permissions(channel);
    if !channel.is_thread() {
        return Err(if has & perm::MANAGE_CHANNELS == 0 {
            Refusal::missing_permissions()
        } else {
            Refusal::new(400, 50024, "Cannot execute action on this channel type")
        });
    }
    let own = channel.owner == state.world.bot.id;
    let locking = json["locked"] == true && !channel.locked;
    let unlocking = json["locked"] == false && channel.locked;
    if (!own || locking || unlocking || channel.locked) && has & perm::MANAGE_THREADS == 0 {
        return Err(Refusal::missing_permissions());
    }
    if channel.archived && json["archived"] != false {
        // Only reopening touches an archived thread.
        return Err(super::threads::archived());
    }
    if let Some(name) = json.get("name") {
        let n = name.as_str().map_or(0, |n| n.chars().count());
        if !(1..=100).contains(&n) {
            return Err(Refusal::invalid_form("name must be 1-100 characters"));
        }
    }
    let updated = {
        let thread = state
            .world
            .channel_mut(channel.id)
            .ok_or_else(|| Refusal::new(404, 10003, "Unknown Channel"))?;
        if let Some(name) = json["name"].as_str() {
            name.clone_into(&mut thread.name);
        }
        if let Some(archived) = json["archived"].as_bool() {
            thread.archived = archived;
        }
        if let Some(locked) = json["locked"].as_bool() {
            thread.locked = locked;
        }
        if let Some(duration) = json["auto_archive_duration"].as_u64() {
            thread.auto_archive_duration = duration;
        }
        thread.clone()
    };
    if !updated.archived {
        state.touch_thread(updated.id);
    }
    let value = model::channel(&state.world, &updated);
    state.dispatch_checked("THREAD_UPDATE", value.clone());
    Ok(ok(value))
}

/// `POST /users/@me/channels`: the DM channel with `recipient_id` (the same one every time).
fn open_dm(state: &mut State, json: &Value) -> Result<Answer, Refusal> {
    let recipient = model::id_of(&json["recipient_id"])
        .filter(|id| *id != state.world.bot.id)
        .and_then(|id| state.world.member(id).map(|p| p.id))
        .ok_or_else(|| Refusal::new(400, 10013, "Unknown User"))?;
    let existing = state
        .world
        .channels
        .iter()
        .find(|c| c.recipient == Some(recipient))
        .cloned();
    let channel = existing.unwrap_or_else(|| {
        let dm = Channel {
            kind: 1,
            recipient: Some(recipient),
            ..Channel::text(state.ids.next(), "", 0)
        };
        state.world.channels.push(dm.clone());
        dm
    });
    Ok(ok(model::channel(&state.world, &channel)))
}

fn channel_message(
    state: &mut State,
    shared: &Shared,
    method: &str,
    channel: &Channel,
    message: &str,
    json: &Value,
    files: &[UploadedFile],
) -> Result<Answer, Refusal> {
    let id = message
        .parse::<u64>()
        .map_err(|_| Refusal::unknown_message())?;
    if method != "GET" && state.messages.contains_key(&id) {
        state.refuse_if_archived(channel.id)?;
    }
    let existing = state
        .messages
        .get(&id)
        .filter(|m| model::id_of(&m["channel_id"]) == Some(channel.id))
        .ok_or_else(Refusal::unknown_message)?;
    let has = state.world.bot_permissions(channel);
    let mut needed = perm::VIEW_CHANNEL;
    if method == "PATCH" && !files.is_empty() {
        needed |= perm::ATTACH_FILES;
    }
    if has & needed != needed {
        return Err(Refusal::missing_permissions());
    }
    if existing["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
        // Ephemeral messages exist only for their interaction's webhook.
        return Err(Refusal::unknown_message());
    }
    match method {
        "GET" => Ok(ok(existing.clone())),
        "PATCH" => state
            .edit_message(&shared.rest_url, id, json, files)
            .map(ok),
        "DELETE" => {
            state.messages.remove(&id);
            // A deferral's "thinking" message deleted from the channel no longer waits.
            let answered = state.interactions.values().find(|p| p.original == Some(id));
            if let Some(interaction) = answered.map(|p| p.id) {
                state.complete(interaction);
            }
            Ok(Answer::Empty(204))
        }
        _ => Ok(Answer::Json(
            405,
            model::error(0, "405: Method Not Allowed"),
        )),
    }
}

/// `POST /interactions/{id}/{token}/callback`: the first (and only) answer to an interaction.
fn callback(
    state: &mut State,
    shared: &Shared,
    id: &str,
    token: &str,
    json: &Value,
    files: &[UploadedFile],
) -> Result<Answer, Refusal> {
    let unknown = || Refusal::new(404, 10062, "Unknown interaction");
    let id = id.parse::<u64>().map_err(|_| unknown())?;
    let pending = state.interactions.get(&id).ok_or_else(unknown)?;
    if pending.token != token {
        return Err(unknown());
    }
    let late = state.age(pending);
    if late > shared.options.interaction_deadline {
        let text = format!("interaction {id} was answered after {late:?}, too late");
        state.problem(text);
        return Err(unknown());
    }
    if pending.callback.is_some() {
        return Err(Refusal::new(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    let (kind, source, channel) = (pending.kind, pending.source_message, pending.channel);
    let callback_type = json["type"].as_u64().unwrap_or(0) as u8;
    let data = json.get("data").cloned().unwrap_or_else(model::object);
    let flags = data["flags"].as_u64().unwrap_or(0);
    let wrong = |what: &str| {
        Err(Refusal::invalid_form(&format!(
            "callback type {callback_type} {what}"
        )))
    };
    let mut original = None;
    let mut choices = None;
    match callback_type {
        4 | 5 if kind == 2 || kind == 3 => {
            let (body, extra) = if callback_type == 4 {
                (data.clone(), 0)
            } else {
                (json!({ "content": "" }), LOADING | (flags & EPHEMERAL))
            };
            let message_type = if kind == 2 { 20 } else { 0 };
            let message = state.create_message(
                &shared.rest_url,
                channel,
                message_type,
                &body,
                files,
                extra,
                Some(id),
            )?;
            original = Some(message);
        }
        6 | 7 if kind == 3 => {
            let source = source.ok_or_else(Refusal::unknown_message)?;
            if callback_type == 7 {
                state.edit_message(&shared.rest_url, source, &data, files)?;
            }
            original = Some(source);
        }
        12 => activity::may_launch(state, kind)?,
        8 if kind == 4 => {
            let list = data["choices"].as_array().cloned().unwrap_or_default();
            if list.len() > 25 {
                return wrong("has more than 25 choices");
            }
            for choice in &list {
                let name = choice["name"].as_str().map_or(0, |n| n.chars().count());
                if !(1..=100).contains(&name) {
                    return wrong("has a choice name that is not 1-100 characters");
                }
            }
            choices = Some(Value::Array(list));
        }
        4..=9 => return wrong(&format!("does not answer an interaction of type {kind}")),
        _ => return wrong("is unknown"),
    }
    if let Some(pending) = state.interactions.get_mut(&id) {
        pending.callback = Some((callback_type, Instant::now()));
        pending.original = original;
        pending.choices = choices;
    }
    Ok(Answer::Empty(204))
}

/// `/webhooks/{app}/{token}...`: the original response and follow-ups of an interaction.
fn webhook(
    state: &mut State,
    shared: &Shared,
    method: &str,
    token: &str,
    rest: &[&str],
    json: &Value,
    files: &[UploadedFile],
) -> Result<Answer, Refusal> {
    let pending = state.interactions.values().find(|p| p.token == token);
    let pending = pending.ok_or_else(|| Refusal::new(404, 10015, "Unknown Webhook"))?;
    if state.age(pending) > TOKEN_LIFETIME {
        return Err(Refusal::new(401, 50027, "Invalid Webhook Token"));
    }
    if pending.callback.is_none() {
        return Err(Refusal::new(404, 10015, "Unknown Webhook"));
    }
    let interaction = pending.id;
    let channel = pending.channel;
    let original = pending.original;
    let followups = pending.followups.clone();
    match (method, rest) {
        ("POST", []) => {
            // The first follow-up after a deferred reply fills in the "thinking" message.
            let loading = original.filter(|o| {
                state
                    .messages
                    .get(o)
                    .is_some_and(|m| m["flags"].as_u64().unwrap_or(0) & LOADING != 0)
            });
            if let Some(message) = loading {
                let edited = state.edit_message(&shared.rest_url, message, json, files)?;
                // For who was notified, the follow-up is a new message.
                if edited["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0 {
                    state.notify_mentions(&edited, json);
                }
                state.complete(interaction);
                return Ok(ok(edited));
            }
            let flags = json["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
            let message = state.create_message(
                &shared.rest_url,
                channel,
                0,
                json,
                files,
                flags,
                Some(interaction),
            )?;
            if let Some(pending) = state.interactions.get_mut(&interaction) {
                pending.followups.push(message);
            }
            state.complete(interaction);
            Ok(ok(state.messages[&message].clone()))
        }
        (_, ["messages", which]) => {
            let id = if *which == "@original" {
                original.ok_or_else(Refusal::unknown_message)?
            } else {
                let id = which
                    .parse::<u64>()
                    .map_err(|_| Refusal::unknown_message())?;
                if Some(id) != original && !followups.contains(&id) {
                    return Err(Refusal::unknown_message());
                }
                id
            };
            match method {
                "GET" => state
                    .messages
                    .get(&id)
                    .cloned()
                    .map(ok)
                    .ok_or_else(Refusal::unknown_message),
                "PATCH" => {
                    let edited = state.edit_message(&shared.rest_url, id, json, files)?;
                    if Some(id) == original {
                        state.complete(interaction);
                    }
                    Ok(ok(edited))
                }
                "DELETE" => {
                    state
                        .messages
                        .remove(&id)
                        .ok_or_else(Refusal::unknown_message)?;
                    if Some(id) == original {
                        state.complete(interaction);
                    }
                    Ok(Answer::Empty(204))
                }
                _ => Ok(Answer::Json(
                    405,
                    model::error(0, "405: Method Not Allowed"),
                )),
            }
        }
        _ => Ok(not_found()),
    }
}
