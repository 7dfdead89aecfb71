//! Discord's own OpenAPI description (`tests/data/discord-openapi.json`, MIT, see the LICENSE
//! beside it) as the judge of every REST request body, plus the documented rules it leaves out.
//!
//! Paths are templates without `/api/v10`; when two templates match a path, the one with more
//! literal text wins (`.../messages/@original` over `.../messages/{message_id}`). A route's
//! validator is compiled on first use and kept for the rest of the test process.
//!
//! The description types snowflakes and permission sets as integers while Discord takes them as
//! strings too, and types attachment ids as strings while Discord takes integers: the schema is
//! loosened for exactly that when it is loaded (an integer without `format: int32` also accepts
//! a string of digits; an attachment's `id` also accepts a non-negative integer).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use jsonschema::error::ValidationErrorKind;
use jsonschema::{ValidationError, Validator};
use serde_json::{Map, Value, json};

use super::model;

const SPEC: &str = include_str!("../../../data/discord-openapi.json");

/// The locales Discord accepts as keys of `name_localizations` and `description_localizations`.
pub const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// What is wrong with one request body, at one place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The route as the description names it, e.g. `POST /channels/{channel_id}/messages`.
    pub route: String,
    /// A JSON pointer into the body (`/allowed_mentions/users`; empty for the whole body).
    pub path: String,
    /// Discord's error code for it, e.g. `BASE_TYPE_MAX_LENGTH`.
    pub code: String,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "(the body)"
        } else {
            &self.path
        };
        write!(f, "{} at {path}: {}", self.route, self.message)
    }
}

/// One path template of the description.
struct Template {
    path: String,
    /// `None` for a `{parameter}` segment.
    segments: Vec<Option<String>>,
    literal: usize,
    /// Upper-case method → the `application/json` request body schema, if it takes one.
    methods: HashMap<String, Option<Value>>,
    required: HashMap<String, bool>,
}

struct Spec {
    components: Value,
    templates: Vec<Template>,
    validators: Mutex<HashMap<String, Arc<Validator>>>,
}

fn spec() -> &'static Spec {
    static SPEC_CELL: OnceLock<Spec> = OnceLock::new();
    SPEC_CELL.get_or_init(load)
}

fn load() -> Spec {
    let mut document: Value =
        serde_json::from_str(SPEC).expect("tests/data/discord-openapi.json is valid JSON");
    loosen(&mut document);
    let attachment_id =
        &mut document["components"]["schemas"]["MessageAttachmentRequest"]["properties"]["id"];
    let snowflake = attachment_id.take();
    *attachment_id = json!({ "anyOf": [snowflake, { "type": "integer", "minimum": 0 }] });

    let paths = document["paths"].as_object().cloned().unwrap_or_default();
    let mut templates = Vec::with_capacity(paths.len());
    for (path, item) in paths {
        let segments: Vec<Option<String>> = path
            .trim_matches('/')
            .split('/')
            .map(|s| (!s.starts_with('{')).then(|| s.to_owned()))
            .collect();
        let literal = segments.iter().flatten().map(String::len).sum();
        let mut methods = HashMap::new();
        let mut required = HashMap::new();
        for (method, operation) in item.as_object().into_iter().flatten() {
            if !matches!(method.as_str(), "get" | "put" | "post" | "patch" | "delete") {
                continue;
            }
            let body = &operation["requestBody"];
            let schema = body["content"]["application/json"]["schema"].clone();
            let upper = method.to_ascii_uppercase();
            required.insert(upper.clone(), body["required"] == true);
            methods.insert(upper, (!schema.is_null()).then_some(schema));
        }
        templates.push(Template {
            path,
            segments,
            literal,
            methods,
            required,
        });
    }
    let components = document["components"].take();
    Spec {
        components,
        templates,
        validators: Mutex::new(HashMap::new()),
    }
}

/// Lets integers (other than `int32` ones) be spelled as strings of digits, as Discord reads
/// snowflakes and permission sets.
fn loosen(value: &mut Value) {
    match value {
        Value::Object(map) => {
            let integer = match map.get("type") {
                Some(Value::String(t)) => t == "integer",
                Some(Value::Array(list)) => list.iter().any(|t| t == "integer"),
                _ => false,
            };
            if integer && map.get("format").and_then(Value::as_str) != Some("int32") {
                let mut types = match map.remove("type") {
                    Some(Value::Array(list)) => list,
                    Some(single) => vec![single],
                    None => Vec::new(),
                };
                types.push(json!("string"));
                map.insert("type".to_owned(), Value::Array(types));
                map.insert("pattern".to_owned(), json!("^-?[0-9]+$"));
            }
            for child in map.values_mut() {
                loosen(child);
            }
        }
        Value::Array(list) => list.iter_mut().for_each(loosen),
        _ => {}
    }
}

/// The template of the description this request goes to: `("POST",
/// "/channels/{channel_id}/messages")` for `POST /channels/1/messages`. `None` when the
/// description has no such route.
#[must_use]
pub fn route_of(method: &str, path: &str) -> Option<String> {
    template_of(method, path).map(|t| format!("{} {}", method.to_ascii_uppercase(), t.path))
}

fn template_of(method: &str, path: &str) -> Option<&'static Template> {
    let method = method.to_ascii_uppercase();
    let path = path.split('?').next().unwrap_or("");
    let path = path.strip_prefix("/api/v10").unwrap_or(path);
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    spec()
        .templates
        .iter()
        .filter(|t| t.methods.contains_key(&method))
        .filter(|t| {
            t.segments.len() == segments.len()
                && t.segments.iter().zip(&segments).all(|(t, s)| match t {
                    Some(literal) => literal == s,
                    None => !s.is_empty(),
                })
        })
        .max_by_key(|t| t.literal)
}

fn validator(route: &str, schema: &Value) -> Arc<Validator> {
    let spec = spec();
    let mut cache = spec
        .validators
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = cache.get(route) {
        return Arc::clone(found);
    }
    let mut root = schema.clone();
    if !root.is_object() {
        root = json!({ "allOf": [root] });
    }
    root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    root["components"] = spec.components.clone();
    let built = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .build(&root)
        .unwrap_or_else(|e| panic!("the description's schema for {route} does not compile: {e}"));
    let built = Arc::new(built);
    cache.insert(route.to_owned(), Arc::clone(&built));
    built
}

/// Checks a request body against its route: the description's schema, then the documented
/// rules it leaves out. Returns the route template (`None` for a route the description does not
/// have) and the violations (empty when the body passes).
#[must_use]
pub fn check(method: &str, path: &str, body: Option<&Value>) -> (Option<String>, Vec<Violation>) {
    let Some(template) = template_of(method, path) else {
        return documented_elsewhere(method, path, body);
    };
    let method = method.to_ascii_uppercase();
    let route = format!("{method} {}", template.path);
    let mut found: Vec<(String, String, String)> = Vec::new();
    let schema = template.methods.get(&method).and_then(Option::as_ref);
    match (body, schema) {
        (Some(body), Some(schema)) => {
            let validator = validator(&route, schema);
            for error in validator.iter_errors(body) {
                explain(&error, &mut found);
            }
            documented_rules(&route, body, &mut found);
        }
        (None, Some(_)) if template.required.get(&method) == Some(&true) => found.push((
            String::new(),
            "BASE_TYPE_REQUIRED".to_owned(),
            "this route needs a JSON body".to_owned(),
        )),
        _ => {}
    }
    let mut violations: Vec<Violation> = Vec::new();
    for (path, code, message) in found {
        if violations.iter().any(|v| v.path == path) {
            continue;
        }
        violations.push(Violation {
            route: route.clone(),
            path,
            code,
            message,
        });
    }
    (Some(route), violations)
}

/// The routes Discord documents outside its description: the OAuth2 token exchange
/// (form-encoded, read as an object of strings), with the fields an authorization code grant
/// needs.
fn documented_elsewhere(
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (Option<String>, Vec<Violation>) {
    let path = path.split('?').next().unwrap_or("");
    let path = path.strip_prefix("/api/v10").unwrap_or(path);
    if !method.eq_ignore_ascii_case("POST") || path.trim_end_matches('/') != "/oauth2/token" {
        return (None, Vec::new());
    }
    let route = "POST /oauth2/token".to_owned();
    let violations = ["grant_type", "code", "client_id", "client_secret"]
        .into_iter()
        .filter(|field| body.is_none_or(|b| b[field].as_str().is_none_or(str::is_empty)))
        .map(|field| Violation {
            route: route.clone(),
            path: format!("/{field}"),
            code: "BASE_TYPE_REQUIRED".to_owned(),
            message: format!("the token exchange needs {field}"),
        })
        .collect();
    (Some(route), violations)
}

fn depth(path: &str) -> usize {
    path.matches('/').count()
}

/// Turns a validation error into (path, code, message) entries; for `anyOf`/`oneOf` it looks
/// into the branch the body was meant for (the one whose `type` matches and which is not the
/// `null` alternative), so the path names the field that is wrong.
fn explain(error: &ValidationError<'_>, out: &mut Vec<(String, String, String)>) {
    let here = error.instance_path().as_str().to_owned();
    let context = match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            Some(context)
        }
        _ => None,
    };
    if let Some(context) = context {
        let discriminator = format!("{here}/type");
        let meant: Vec<&Vec<ValidationError<'static>>> = context
            .iter()
            .filter(|branch| {
                !branch.iter().any(|e| {
                    let at = e.instance_path().as_str();
                    (at == here && matches!(e.kind(), ValidationErrorKind::Type { .. }))
                        || (at == discriminator
                            && matches!(
                                e.kind(),
                                ValidationErrorKind::Enum { .. }
                                    | ValidationErrorKind::Constant { .. }
                            ))
                })
            })
            .collect();
        let shallowest = |branch: &Vec<ValidationError<'static>>| {
            branch
                .iter()
                .map(|e| depth(e.instance_path().as_str()))
                .min()
                .unwrap_or(0)
        };
        let best = meant
            .iter()
            .filter(|branch| !branch.is_empty())
            .max_by_key(|branch| shallowest(branch));
        if let Some(branch) = best {
            if meant.len() == 1 || shallowest(branch) > depth(&here) {
                for inner in *branch {
                    explain(inner, out);
                }
                return;
            }
        }
    }
    let (path, code) = match error.kind() {
        ValidationErrorKind::Required { property } => (
            format!("{here}/{}", property.as_str().unwrap_or_default()),
            "BASE_TYPE_REQUIRED",
        ),
        ValidationErrorKind::MaxLength { .. } | ValidationErrorKind::MaxItems { .. } => {
            (here, "BASE_TYPE_MAX_LENGTH")
        }
        ValidationErrorKind::MinLength { .. } | ValidationErrorKind::MinItems { .. } => {
            (here, "BASE_TYPE_MIN_LENGTH")
        }
        ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. } => {
            (here, "BASE_TYPE_CHOICES")
        }
        ValidationErrorKind::UniqueItems => (here, "SET_TYPE_ALREADY_CONTAINS_VALUE"),
        ValidationErrorKind::Type { .. } => (here, "BASE_TYPE_INVALID_TYPE"),
        ValidationErrorKind::Maximum { .. } | ValidationErrorKind::Minimum { .. } => {
            (here, "NUMBER_TYPE_OUT_OF_RANGE")
        }
        ValidationErrorKind::Pattern { .. } => (here, "STRING_TYPE_REGEX"),
        _ => (here, "BASE_TYPE_INVALID"),
    };
    out.push((path, code.to_owned(), error.to_string()));
}

/// The rules Discord documents and the description does not encode.
fn documented_rules(route: &str, body: &Value, out: &mut Vec<(String, String, String)>) {
    if route.starts_with("PUT ") && route.ends_with("/commands") {
        for (i, command) in body.as_array().into_iter().flatten().enumerate() {
            command_rules(&format!("/{i}"), command, out);
        }
    } else if (route.starts_with("POST ") && route.ends_with("/commands"))
        || (route.starts_with("PATCH ") && route.ends_with("/commands/{command_id}"))
    {
        command_rules("", body, out);
    }
    mention_rules("/allowed_mentions", &body["allowed_mentions"], out);
    mention_rules(
        "/data/allowed_mentions",
        &body["data"]["allowed_mentions"],
        out,
    );
}

fn name_pattern() -> &'static regex::Regex {
    static PATTERN: OnceLock<regex::Regex> = OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
            .expect("the documented name pattern compiles")
    })
}

/// Whether a chat-input command, subcommand or option name is valid: Discord's pattern, and
/// lowercase wherever the letter has a lowercase form.
#[must_use]
pub fn valid_name(name: &str) -> bool {
    name_pattern().is_match(name) && name.to_lowercase() == name
}

fn locale_rules(path: &str, value: &Value, names: bool, out: &mut Vec<(String, String, String)>) {
    let Some(map) = value.as_object() else {
        return;
    };
    for (locale, text) in map {
        let at = format!("{path}/{locale}");
        if !LOCALES.contains(&locale.as_str()) {
            out.push((
                at,
                "LOCALE_INVALID".to_owned(),
                format!("{locale:?} is not a Discord locale"),
            ));
        } else if names && !text.as_str().is_some_and(valid_name) {
            out.push((
                at,
                "APPLICATION_COMMAND_INVALID_NAME".to_owned(),
                format!("{text} is not a valid lowercase command or option name"),
            ));
        }
    }
}

fn command_rules(path: &str, command: &Value, out: &mut Vec<(String, String, String)>) {
    let chat_input = command["type"].as_u64().unwrap_or(1) == 1;
    if chat_input {
        let name = command["name"].as_str().unwrap_or("");
        if !valid_name(name) {
            out.push((
                format!("{path}/name"),
                "APPLICATION_COMMAND_INVALID_NAME".to_owned(),
                format!("{name:?} is not a valid lowercase command name"),
            ));
        }
    }
    locale_rules(
        &format!("{path}/name_localizations"),
        &command["name_localizations"],
        chat_input,
        out,
    );
    locale_rules(
        &format!("{path}/description_localizations"),
        &command["description_localizations"],
        false,
        out,
    );
    option_rules(path, command, chat_input, out);
}

/// The names and localisations of a command's (or subcommand's) options, recursively.
fn option_rules(
    path: &str,
    parent: &Value,
    chat_input: bool,
    out: &mut Vec<(String, String, String)>,
) {
    for (i, option) in parent["options"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let at = format!("{path}/options/{i}");
        let name = option["name"].as_str().unwrap_or("");
        if chat_input && !valid_name(name) {
            out.push((
                format!("{at}/name"),
                "APPLICATION_COMMAND_INVALID_NAME".to_owned(),
                format!("{name:?} is not a valid lowercase option name"),
            ));
        }
        locale_rules(
            &format!("{at}/name_localizations"),
            &option["name_localizations"],
            chat_input,
            out,
        );
        locale_rules(
            &format!("{at}/description_localizations"),
            &option["description_localizations"],
            false,
            out,
        );
        for (k, choice) in option["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            locale_rules(
                &format!("{at}/choices/{k}/name_localizations"),
                &choice["name_localizations"],
                false,
                out,
            );
        }
        option_rules(&at, option, chat_input, out);
    }
}

fn mention_rules(path: &str, mentions: &Value, out: &mut Vec<(String, String, String)>) {
    if !mentions.is_object() {
        return;
    }
    let parse: Vec<&str> = mentions["parse"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for (key, kind) in [("users", "users"), ("roles", "roles")] {
        let Some(list) = mentions[key].as_array() else {
            continue;
        };
        let at = format!("{path}/{key}");
        if list.len() > 100 {
            out.push((
                at.clone(),
                "BASE_TYPE_MAX_LENGTH".to_owned(),
                format!("{} {key}, more than 100", list.len()),
            ));
        }
        let mut seen = Vec::new();
        for entry in list {
            let id = model::id_of(entry);
            if id.is_some() && seen.contains(&id) {
                out.push((
                    at.clone(),
                    "SET_TYPE_ALREADY_CONTAINS_VALUE".to_owned(),
                    format!("{entry} is in the set twice"),
                ));
                break;
            }
            seen.push(id);
        }
        if !list.is_empty() && parse.contains(&kind) {
            out.push((
                at,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE".to_owned(),
                format!("parse {kind:?} and a {key} list are mutually exclusive"),
            ));
        }
    }
}

/// Discord's answer to an invalid body: `{"code": 50035, "message": "Invalid Form Body",
/// "errors": {...}}`, the errors nested by path with `_errors` lists at the leaves.
#[must_use]
pub fn invalid_form_body(violations: &[Violation]) -> Value {
    let mut errors = Value::Object(Map::new());
    for v in violations {
        let mut node = &mut errors;
        for segment in v.path.split('/').filter(|s| !s.is_empty()) {
            let segment = segment.replace("~1", "/").replace("~0", "~");
            node = node
                .as_object_mut()
                .map(|m| m.entry(segment).or_insert_with(model::object))
                .expect("every node of the error tree is an object");
        }
        let leaf = node
            .as_object_mut()
            .expect("every node of the error tree is an object")
            .entry("_errors")
            .or_insert_with(|| json!([]));
        if let Some(list) = leaf.as_array_mut() {
            list.push(json!({ "code": v.code, "message": v.message }));
        }
    }
    json!({ "code": 50035, "message": "Invalid Form Body", "errors": errors })
}
