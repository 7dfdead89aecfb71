//! The Activity's side of Discord: the OAuth2 code exchange (`POST /oauth2/token`,
//! form-encoded, the application's client id and secret), `GET /users/@me` with the bearer
//! token it gives, Activity instances (`GET /applications/{app}/activity-instances/{id}` with
//! the bot's token), and the rules of the Entry Point command and of callback type 12
//! (`LAUNCH_ACTIVITY`).
//!
//! The knobs: [`Standin::enable_activities`] turns Activities on for the application (as the
//! developer portal does, which also makes its default Entry Point command);
//! [`Standin::mint_code`] is the code the SDK's `authorize()` would give a person;
//! [`Standin::start_activity`] starts an instance in a channel with some people in it. The
//! SDK's mock code (`mock_code`), a code used twice and an unknown code are refused as Discord
//! refuses them: `400 {"error": "invalid_grant"}`.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::Standin;
use super::model::sf;
use super::model::{self, Person};
use super::state::{Refusal, State};

/// The client secret the stand-in's application has.
pub const CLIENT_SECRET: &str = "standin-client-secret";

/// Discord's refusal of a bulk overwrite that leaves out the Entry Point command.
pub const ENTRY_POINT_REMOVED: u32 = 50240;

/// What the stand-in knows of the Activity.
#[derive(Debug, Default)]
pub struct Activities {
    /// The application has Activities on.
    pub enabled: bool,
    /// Codes not yet exchanged, to their person.
    codes: HashMap<String, u64>,
    /// Access tokens, to their person.
    tokens: HashMap<String, u64>,
    instances: HashMap<String, Instance>,
    minted: u64,
}

#[derive(Debug, Clone)]
struct Instance {
    guild: Option<u64>,
    channel: u64,
    users: Vec<u64>,
}

/// An answer of the Activity's routes: status and JSON body.
pub type Answered = Result<(u16, Value), Refusal>;

/// The Activity's routes, or `None` for any other request. `form` is a form-encoded body read
/// as an object of strings.
pub fn route(
    state: &mut State,
    bot_token: &str,
    method: &str,
    segments: &[&str],
    authorization: Option<&str>,
    form: &Value,
) -> Option<Answered> {
    let bearer = authorization.and_then(|a| a.strip_prefix("Bearer "));
    let app = state.world.application_id.to_string();
    Some(match (method, segments) {
        ("POST", ["oauth2", "token"]) => Ok(exchange(state, form)),
        ("GET", ["users", "@me"]) if bearer.is_some() => bearer_user(state, bearer.unwrap_or("")),
        ("GET", ["applications", a, "activity-instances", id]) if *a == app => {
            if authorization != Some(format!("Bot {bot_token}").as_str()) {
                return Some(Err(Refusal::new(401, 0, "401: Unauthorized")));
            }
            instance(state, id)
        }
        _ => return None,
    })
}

fn exchange(state: &mut State, form: &Value) -> (u16, Value) {
    let field = |name: &str| form[name].as_str().unwrap_or("");
    let refused = |error: &str, description: &str| {
        (
            if error == "invalid_client" { 401 } else { 400 },
            json!({ "error": error, "error_description": description }),
        )
    };
    if field("client_id") != state.world.application_id.to_string()
        || field("client_secret") != CLIENT_SECRET
    {
        return refused("invalid_client", "Invalid client");
    }
    if field("grant_type") != "authorization_code" {
        return refused("unsupported_grant_type", "Unsupported grant type");
    }
    let Some(user) = state.activity.codes.remove(field("code")) else {
        return refused("invalid_grant", "Invalid \"code\" in request.");
    };
    state.activity.minted += 1;
    let (minted, unique) = (state.activity.minted, state.ids.next());
    let token = format!("standin-access-{minted}-{unique}");
    state.activity.tokens.insert(token.clone(), user);
    (
        200,
        json!({
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": 604_800,
            "refresh_token": format!("standin-refresh-{}", state.activity.minted),
            "scope": "identify",
        }),
    )
}

fn bearer_user(state: &State, token: &str) -> Answered {
    let person = state
        .activity
        .tokens
        .get(token)
        .and_then(|user| state.world.member(*user))
        .ok_or_else(|| Refusal::new(401, 0, "401: Unauthorized"))?;
    let mut user = model::current_user(person);
    user["locale"] = json!(person.locale);
    user["global_name"] = json!(person.name.to_uppercase());
    Ok((200, user))
}

fn instance(state: &State, id: &str) -> Answered {
    let found = state
        .activity
        .instances
        .get(id)
        .ok_or_else(|| Refusal::new(404, 10_062, "Unknown Activity Instance"))?;
    let mut location = json!({
        "id": format!("gc-{}", found.channel),
        "kind": "gc",
        "channel_id": sf(found.channel),
    });
    if let Some(guild) = found.guild {
        location["guild_id"] = sf(guild);
    } else {
        location["kind"] = json!("pc");
        location["id"] = json!(format!("pc-{}", found.channel));
    }
    Ok((
        200,
        json!({
            "application_id": sf(state.world.application_id),
            "instance_id": id,
            "launch_id": format!("{}", found.channel),
            "location": location,
            "users": found.users.iter().map(|u| sf(*u)).collect::<Vec<_>>(),
        }),
    ))
}

/// The portal's default Entry Point command.
fn default_entry_point(state: &mut State) -> Value {
    json!({
        "id": sf(state.ids.next()),
        "application_id": sf(state.world.application_id),
        "version": sf(state.ids.next()),
        "type": 4,
        "handler": 2,
        "name": "launch",
        "description": "",
        "options": [],
        "default_member_permissions": null,
        "dm_permission": true,
        "nsfw": false,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
        "name_localizations": null,
        "description_localizations": null,
    })
}

/// Discord's rules for the Entry Point command in a bulk overwrite of `guild`'s commands
/// (`None`: the global ones) replacing `previous` with `list`: only an application with
/// Activities has one, only among its global commands, at most one, and an overwrite may not
/// leave out the one it has.
pub fn check_entry_points(
    state: &State,
    guild: Option<u64>,
    previous: &[Value],
    list: &[Value],
) -> Result<(), Refusal> {
    let entry = |c: &&Value| c["type"] == 4;
    let sent = list.iter().filter(entry).count();
    if sent > 0 && (guild.is_some() || !state.activity.enabled) {
        return Err(Refusal::invalid_form(
            "an Entry Point command needs Activities on, among the global commands",
        ));
    }
    if sent > 1 {
        return Err(Refusal::invalid_form("more than one Entry Point command"));
    }
    if sent == 0 && guild.is_none() && previous.iter().any(|c| entry(&c)) {
        return Err(Refusal::new(
            400,
            ENTRY_POINT_REMOVED,
            "You cannot remove this app's Entry Point command in a bulk update operation. \
             Please include the Entry Point command in your update request or delete it \
             separately.",
        ));
    }
    Ok(())
}

/// Whether callback type 12 may answer an interaction of this type: a command (2) or a
/// component (3), on an application with Activities.
pub fn may_launch(state: &State, interaction_kind: u8) -> Result<(), Refusal> {
    if !state.activity.enabled {
        return Err(Refusal::invalid_form(
            "callback type 12 needs an application with Activities on",
        ));
    }
    if interaction_kind != 2 && interaction_kind != 3 {
        return Err(Refusal::invalid_form(&format!(
            "callback type 12 does not answer an interaction of type {interaction_kind}"
        )));
    }
    Ok(())
}

impl Standin {
    /// Turns Activities on for the application, as the developer portal does: it also makes
    /// the default Entry Point command (`launch`, launched by Discord) among the global
    /// commands, unless `entry_point` is false (one deleted since).
    pub fn enable_activities(&self, entry_point: bool) {
        let mut state = self.shared.lock();
        state.activity.enabled = true;
        if entry_point && !state.global_commands.iter().any(|c| c["type"] == 4) {
            let command = default_entry_point(&mut state);
            state.global_commands.push(command);
        }
    }

    /// An OAuth2 code for `person`, as the SDK's `authorize()` gives one: good for one
    /// exchange.
    #[must_use]
    pub fn mint_code(&self, person: &Person) -> String {
        let mut state = self.shared.lock();
        state.activity.minted += 1;
        let (minted, unique) = (state.activity.minted, state.ids.next());
        let code = format!("standin-code-{minted}-{unique}");
        state.activity.codes.insert(code.clone(), person.id);
        code
    }

    /// Starts an Activity instance in `channel` (a channel or thread of the stand-in) with
    /// `people` in it, and returns its id.
    #[must_use]
    pub fn start_activity(&self, channel: u64, people: &[&Person]) -> String {
        let mut state = self.shared.lock();
        let found = state
            .world
            .channel(channel)
            .unwrap_or_else(|| panic!("no channel {channel} to start an Activity in"));
        let guild = state.world.guild_of(found);
        let id = format!("i-{}-gc-{channel}", state.ids.next());
        let users = people.iter().map(|p| p.id).collect();
        state.activity.instances.insert(
            id.clone(),
            Instance {
                guild,
                channel,
                users,
            },
        );
        id
    }
}
