//! Interactions as a user would make them: slash commands, autocomplete, button clicks and
//! select menu choices, checked against what the bot registered and what its messages show.

use serde_json::{Map, Value, json};

use super::model::{self, Person, sf};
use super::state::{Pending, State};

/// A slash command as typed by a user: `Slash::new("move").string("move", "22-18")`.
#[derive(Clone, Debug)]
pub struct Slash {
    name: String,
    /// Subcommand group and/or subcommand, outermost first.
    path: Vec<String>,
    options: Vec<Value>,
    users: Vec<Person>,
    /// Channel options: (option name, channel id).
    channels: Vec<(String, u64)>,
}

impl Slash {
    #[must_use]
    pub fn new(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            path: Vec::new(),
            options: Vec::new(),
            users: Vec::new(),
            channels: Vec::new(),
        }
    }

    /// Enters a subcommand (or a subcommand group, then call it again for the subcommand);
    /// the options given afterwards belong to it.
    #[must_use]
    pub fn subcommand(mut self, name: &str) -> Self {
        self.path.push(name.to_owned());
        self
    }

    #[must_use]
    pub fn string(self, name: &str, value: &str) -> Self {
        self.option(name, 3, json!(value))
    }

    #[must_use]
    pub fn integer(self, name: &str, value: i64) -> Self {
        self.option(name, 4, json!(value))
    }

    #[must_use]
    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.option(name, 5, json!(value))
    }

    /// A user option; the user and their member object go into `resolved`, as Discord sends.
    #[must_use]
    pub fn user(mut self, name: &str, person: &Person) -> Self {
        self.users.push(person.clone());
        self.option(name, 6, sf(person.id))
    }

    /// A channel option; the channel goes into `resolved`, as Discord sends. Refused unless its
    /// type is one the option was registered with (`channel_types`), as Discord's client offers
    /// only those.
    #[must_use]
    pub fn channel(mut self, name: &str, channel: u64) -> Self {
        self.channels.push((name.to_owned(), channel));
        self.option(name, 7, sf(channel))
    }

    #[must_use]
    pub fn number(self, name: &str, value: f64) -> Self {
        self.option(name, 10, json!(value))
    }

    /// The option the user is typing in (for autocomplete): its partial text. The type is taken
    /// from the registered command.
    #[must_use]
    pub fn focused(mut self, name: &str, typed: &str) -> Self {
        self.options
            .push(json!({ "name": name, "type": 3, "value": typed, "focused": true }));
        self
    }

    fn option(mut self, name: &str, kind: u8, value: Value) -> Self {
        let mut option = json!({ "name": name, "type": kind });
        option["value"] = value;
        self.options.push(option);
        self
    }

    /// The `data.options` tree, the leaf options inside the subcommand path.
    fn tree(&self, schema: &Value) -> Result<Vec<Value>, String> {
        let mut options = self.options.clone();
        let mut levels = Vec::new();
        let mut level = schema;
        for name in &self.path {
            let found = schema_options(level)
                .iter()
                .find(|o| o["name"] == name.as_str());
            let found = found.ok_or_else(|| {
                format!(
                    "/{} has no subcommand {name}; it has {}",
                    self.name,
                    names(level)
                )
            })?;
            levels.push((name.clone(), found["type"].clone()));
            level = found;
        }
        for (name, kind) in levels.into_iter().rev() {
            options = vec![json!({ "name": name, "type": kind, "options": options })];
        }
        Ok(options)
    }
}

/// The options declared at the end of a subcommand path.
fn leaf_options<'a>(schema: &'a Value, path: &[String]) -> &'a [Value] {
    let mut level = schema;
    for name in path {
        match schema_options(level)
            .iter()
            .find(|o| o["name"] == name.as_str())
        {
            Some(found) => level = found,
            None => return &[],
        }
    }
    schema_options(level)
}

fn schema_options(schema: &Value) -> &[Value] {
    schema["options"].as_array().map_or(&[][..], Vec::as_slice)
}

fn names(schema: &Value) -> String {
    let names: Vec<&str> = schema_options(schema)
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    format!("{names:?}")
}

/// Checks options against the registered schema as Discord's client would allow them, and
/// gives focused options their registered type.
fn check_options(
    command: &str,
    schema: &Value,
    options: &mut [Value],
    autocomplete: bool,
) -> Result<(), String> {
    let available = schema_options(schema);
    let has_subcommands = available
        .iter()
        .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)));
    if has_subcommands && options.len() != 1 {
        return Err(format!(
            "/{command} needs exactly one of its subcommands {}",
            names(schema)
        ));
    }
    for option in options.iter_mut() {
        let name = option["name"].as_str().unwrap_or("").to_owned();
        let declared = available
            .iter()
            .find(|o| o["name"] == name.as_str())
            .ok_or_else(|| format!("/{command} has no option {name}; it has {}", names(schema)))?;
        let declared_type = declared["type"].as_u64().unwrap_or(0);
        if option["focused"] == true {
            if !autocomplete {
                return Err(format!(
                    "/{command} {name}: focused options are for autocomplete"
                ));
            }
            if declared["autocomplete"] != true {
                return Err(format!(
                    "/{command} {name} was not registered with autocomplete"
                ));
            }
            option["type"] = json!(declared_type);
            continue;
        }
        if option["type"].as_u64() != Some(declared_type) {
            return Err(format!(
                "/{command} {name} is registered with type {declared_type}, not {}",
                option["type"]
            ));
        }
        if matches!(declared_type, 1 | 2) {
            let sub = option["options"]
                .as_array_mut()
                .map_or(&mut [][..], Vec::as_mut_slice);
            check_options(command, declared, sub, autocomplete)?;
            continue;
        }
        check_value(command, declared, &option["value"])?;
    }
    if !autocomplete {
        for declared in available {
            let given = options.iter().any(|o| o["name"] == declared["name"]);
            if declared["required"] == true && !given {
                return Err(format!("/{command} {} is required", declared["name"]));
            }
        }
    }
    Ok(())
}

fn check_value(command: &str, declared: &Value, value: &Value) -> Result<(), String> {
    let name = &declared["name"];
    if let Some(choices) = declared["choices"].as_array().filter(|c| !c.is_empty()) {
        if !choices.iter().any(|c| &c["value"] == value) {
            return Err(format!(
                "/{command} {name}: {value} is not one of the choices"
            ));
        }
    }
    if let Some(number) = value.as_f64() {
        if declared["min_value"]
            .as_f64()
            .is_some_and(|min| number < min)
            || declared["max_value"]
                .as_f64()
                .is_some_and(|max| number > max)
        {
            return Err(format!("/{command} {name}: {value} is out of range"));
        }
    }
    if let Some(text) = value.as_str() {
        let n = text.chars().count() as u64;
        if declared["min_length"].as_u64().is_some_and(|min| n < min)
            || declared["max_length"].as_u64().is_some_and(|max| n > max)
        {
            return Err(format!("/{command} {name}: {value} has the wrong length"));
        }
    }
    Ok(())
}

/// The fields every guild interaction carries.
fn base(
    state: &State,
    channel: u64,
    id: u64,
    token: &str,
    kind: u8,
    who: &Person,
) -> Result<Map<String, Value>, String> {
    let world = &state.world;
    let channel = world
        .channel(channel)
        .ok_or_else(|| format!("there is no channel {channel}"))?;
    if channel.kind == 1 {
        return Err("interactions in DMs are not played by the stand-in".to_owned());
    }
    let guild = world.guild_of(channel).unwrap_or(world.guild_id);
    // Discord shows nobody a channel they cannot see: nothing can be used there.
    let permissions = world.permissions_in(who, channel);
    if permissions & model::perm::VIEW_CHANNEL == 0 {
        return Err(format!("{} cannot see channel {}", who.name, channel.id));
    }
    let mut member = model::member(world, who, true, true);
    member["permissions"] = Value::String(permissions.to_string());
    let value = json!({
        "id": sf(id),
        "application_id": sf(world.application_id),
        "type": kind,
        "token": token,
        "version": 1,
        "guild_id": sf(guild),
        "guild": { "id": sf(guild), "locale": world.locale_of(guild), "features": world.features_of(guild) },
        "channel_id": sf(channel.id),
        "channel": model::interaction_channel(world, channel, who),
        "member": member,
        "app_permissions": world.bot_permissions(channel).to_string(),
        "locale": who.locale,
        "guild_locale": world.locale_of(guild),
        "entitlements": [],
        "authorizing_integration_owners": { "0": sf(guild) },
        "context": 0,
        "attachment_size_limit": model::ATTACHMENT_SIZE_LIMIT,
    });
    match value {
        Value::Object(map) => Ok(map),
        _ => Ok(Map::new()),
    }
}

fn token_for(id: u64) -> String {
    format!("aW50ZXJhY3Rpb246{id}OnN0YW5kaW4tdG9rZW4")
}

/// Builds a slash command (type 2) or autocomplete (type 4) interaction and remembers it.
pub fn command(
    state: &mut State,
    channel: u64,
    who: &Person,
    slash: &Slash,
    autocomplete: bool,
) -> Result<(u64, String, Value), String> {
    state.may_act_in(channel, who)?;
    let guild = state.world.guild_of_id(channel);
    let schema = state
        .command(guild, &slash.name)
        .cloned()
        .ok_or_else(|| format!("the bot has not registered /{}", slash.name))?;
    let mut options = slash.tree(&schema)?;
    check_options(&slash.name, &schema, &mut options, autocomplete)?;
    if autocomplete && options_focused(&options) != 1 {
        return Err(format!(
            "autocomplete for /{} needs exactly one focused option",
            slash.name
        ));
    }
    let mut data = json!({
        "id": schema["id"],
        "name": slash.name,
        "type": 1,
        "options": options,
    });
    if let Some(guild) = schema.get("guild_id") {
        data["guild_id"] = guild.clone();
    }
    if !slash.users.is_empty() {
        let users: Map<String, Value> = slash
            .users
            .iter()
            .map(|p| (p.id.to_string(), model::user(p)))
            .collect();
        let members: Map<String, Value> = slash
            .users
            .iter()
            .filter(|p| state.world.member(p.id).is_some())
            .map(|p| {
                (
                    p.id.to_string(),
                    model::member(&state.world, p, false, true),
                )
            })
            .collect();
        data["resolved"] = json!({ "users": users, "members": members });
    }
    if !slash.channels.is_empty() {
        let declared = leaf_options(&schema, &slash.path);
        let mut channels = Map::new();
        for (name, id) in &slash.channels {
            let channel = state
                .world
                .channel(*id)
                .ok_or_else(|| format!("there is no channel {id}"))?;
            let option = declared
                .iter()
                .find(|o| o["name"] == name.as_str())
                .ok_or_else(|| format!("/{} has no option {name}", slash.name))?;
            if let Some(types) = option["channel_types"].as_array() {
                if !types
                    .iter()
                    .any(|t| t.as_u64() == Some(u64::from(channel.kind)))
                {
                    return Err(format!(
                        "/{} {name} takes channels of types {types:?}, not {}",
                        slash.name, channel.kind
                    ));
                }
            }
            channels.insert(
                id.to_string(),
                model::interaction_channel(&state.world, channel, who),
            );
        }
        data["resolved"]["channels"] = Value::Object(channels);
    }
    let id = state.interaction_id();
    let token = token_for(id);
    let kind = if autocomplete { 4 } else { 2 };
    let mut payload = base(state, channel, id, &token, kind, who)?;
    payload.insert("data".to_owned(), data);
    remember(state, channel, id, &token, kind, who, None);
    Ok((id, token, Value::Object(payload)))
}

fn options_focused(options: &[Value]) -> usize {
    options
        .iter()
        .map(|o| {
            let nested = o["options"]
                .as_array()
                .map_or(0, |sub| options_focused(sub));
            nested + usize::from(o["focused"] == true)
        })
        .sum()
}

/// Builds a component interaction (type 3) on a message the bot posted: a button click when
/// `values` is `None`, a select menu choice otherwise.
pub fn component(
    state: &mut State,
    who: &Person,
    message_id: u64,
    custom_id: &str,
    values: Option<&[&str]>,
) -> Result<(u64, String, Value), String> {
    let message = state
        .messages
        .get(&message_id)
        .cloned()
        .ok_or_else(|| format!("the bot never posted message {message_id}"))?;
    let at = model::id_of(&message["channel_id"]).unwrap_or(state.world.channel_id);
    state.may_act_in(at, who)?;
    if message["flags"].as_u64().unwrap_or(0) & super::state::EPHEMERAL != 0
        && !interaction_user_is(&message, who)
    {
        return Err(format!(
            "{} cannot see ephemeral message {message_id}",
            who.name
        ));
    }
    let found = components(&message)
        .into_iter()
        .find(|c| c["custom_id"] == custom_id);
    let Some(found) = found else {
        let ids: Vec<Value> = components(&message)
            .iter()
            .map(|c| c["custom_id"].clone())
            .collect();
        return Err(format!(
            "message {message_id} has no component {custom_id:?} (it has {ids:?})"
        ));
    };
    if found["disabled"] == true {
        return Err(format!("component {custom_id:?} is disabled"));
    }
    let data = match (found["type"].as_u64(), values) {
        (Some(2), None) => json!({ "custom_id": custom_id, "component_type": 2 }),
        (Some(3), Some(values)) => {
            let options = found["options"].as_array().map_or(&[][..], Vec::as_slice);
            for value in values {
                if !options.iter().any(|o| o["value"] == *value) {
                    return Err(format!("select {custom_id:?} has no option {value:?}"));
                }
            }
            let min = found["min_values"].as_u64().unwrap_or(1) as usize;
            let max = found["max_values"].as_u64().unwrap_or(1) as usize;
            if !(min..=max).contains(&values.len()) {
                return Err(format!("select {custom_id:?} takes {min}-{max} values"));
            }
            json!({ "custom_id": custom_id, "component_type": 3, "values": values })
        }
        (Some(2), Some(_)) => return Err(format!("{custom_id:?} is a button, not a select menu")),
        (_, None) => return Err(format!("{custom_id:?} is not a button")),
        (kind, Some(_)) => return Err(format!("{custom_id:?} is a component of type {kind:?}")),
    };
    let id = state.interaction_id();
    let token = token_for(id);
    let channel = model::id_of(&message["channel_id"]).unwrap_or(state.world.channel_id);
    let mut payload = base(state, channel, id, &token, 3, who)?;
    payload.insert("data".to_owned(), data);
    let mut shown = message;
    shown["guild_id"] = sf(state.world.guild_of_id(channel));
    payload.insert("message".to_owned(), shown);
    remember(state, channel, id, &token, 3, who, Some(message_id));
    Ok((id, token, Value::Object(payload)))
}

/// Whether `who` made the interaction a message answers (only they see it when ephemeral).
fn interaction_user_is(message: &Value, who: &Person) -> bool {
    model::id_of(&message["interaction_metadata"]["user"]["id"]) == Some(who.id)
}

/// Every button and select menu of a message, in order.
#[must_use]
pub fn components(message: &Value) -> Vec<Value> {
    let rows = message["components"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    rows.iter()
        .flat_map(|row| row["components"].as_array().map_or(&[][..], Vec::as_slice))
        .cloned()
        .collect()
}

fn remember(
    state: &mut State,
    channel: u64,
    id: u64,
    token: &str,
    kind: u8,
    who: &Person,
    source: Option<u64>,
) {
    let sent_at = state.now();
    state.interactions.insert(
        id,
        Pending {
            id,
            token: token.to_owned(),
            kind,
            user: who.clone(),
            channel,
            sent_at,
            completed: false,
            source_message: source,
            callback: None,
            original: None,
            followups: Vec::new(),
            choices: None,
        },
    );
}
