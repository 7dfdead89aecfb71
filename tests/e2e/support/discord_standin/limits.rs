//! Discord's limits on what the bot sends: a message body (content, embeds, components,
//! files) and a registered command, as the stand-in enforces them.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::model;
use super::record::UploadedFile;
/// Discord starts at most `max_concurrency` sessions of an application every 5 seconds, across
/// all its processes (`GET /gateway/bot`'s `session_start_limit`); the stand-in counts 4.5 s,
/// leaving the half second a client's own spacing of 5 seconds loses to the jitter of
/// connecting.
pub const IDENTIFY_WINDOW: Duration = Duration::from_millis(4500);

/// Whether one more IDENTIFY at `now` goes beyond `max_concurrency` in [`IDENTIFY_WINDOW`],
/// given the times of the earlier ones: an error naming how close they came.
pub fn check_identify_rate(
    earlier: &[Instant],
    now: Instant,
    max_concurrency: u64,
) -> Result<(), String> {
    let recent: Vec<Duration> = earlier
        .iter()
        .filter_map(|&at| now.checked_duration_since(at))
        .filter(|&ago| ago < IDENTIFY_WINDOW)
        .collect();
    if recent.len() as u64 >= max_concurrency {
        Err(format!(
            "gateway: IDENTIFY {:?} after another one: at most {max_concurrency} per 5 s \
             (max_concurrency), across all the application's processes",
            recent.iter().min().copied().unwrap_or_default(),
        ))
    } else {
        Ok(())
    }
}

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

fn check_len(what: &str, value: &Value, max: usize) -> Result<(), String> {
    let n = chars(value);
    if n > max {
        Err(format!("{what} has {n} characters, more than {max}"))
    } else {
        Ok(())
    }
}

/// Discord's limits on a message body (content, embeds, components, files).
pub fn check_message_body(body: &Value, files: &[UploadedFile]) -> Result<(), String> {
    if !body.is_object() {
        return Err("the message body is not an object".to_owned());
    }
    check_len("content", &body["content"], 2000)?;
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        if embeds.len() > 10 {
            return Err("more than 10 embeds".to_owned());
        }
        let mut total = 0;
        for embed in embeds {
            check_len("embed title", &embed["title"], 256)?;
            check_len("embed description", &embed["description"], 4096)?;
            check_len("embed footer", &embed["footer"]["text"], 2048)?;
            check_len("embed author", &embed["author"]["name"], 256)?;
            let fields = embed["fields"].as_array().map_or(&[][..], Vec::as_slice);
            if fields.len() > 25 {
                return Err("an embed with more than 25 fields".to_owned());
            }
            for field in fields {
                check_len("embed field name", &field["name"], 256)?;
                check_len("embed field value", &field["value"], 1024)?;
                total += chars(&field["name"]) + chars(&field["value"]);
            }
            total += chars(&embed["title"])
                + chars(&embed["description"])
                + chars(&embed["footer"]["text"])
                + chars(&embed["author"]["name"]);
        }
        if total > 6000 {
            return Err(format!(
                "embeds have {total} characters in all, more than 6000"
            ));
        }
    }
    if let Some(rows) = body.get("components").and_then(Value::as_array) {
        check_components(rows)?;
    }
    for file in files {
        if file.bytes.len() as u64 > model::ATTACHMENT_SIZE_LIMIT {
            return Err(format!("file {} is larger than 10 MiB", file.filename));
        }
    }
    Ok(())
}

fn check_custom_id(value: &Value, seen: &mut Vec<String>) -> Result<(), String> {
    let id = value.as_str().ok_or("a component without a custom_id")?;
    if id.is_empty() || id.chars().count() > 100 {
        return Err(format!("custom_id {id:?} is not 1-100 characters"));
    }
    if seen.iter().any(|s| s == id) {
        return Err(format!("custom_id {id:?} is used twice in one message"));
    }
    seen.push(id.to_owned());
    Ok(())
}

pub fn check_components(rows: &[Value]) -> Result<(), String> {
    if rows.len() > 5 {
        return Err("more than 5 action rows".to_owned());
    }
    let mut seen = Vec::new();
    for row in rows {
        if row["type"] != 1 {
            return Err("a top-level component that is not an action row".to_owned());
        }
        let items = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if items.is_empty() {
            return Err("an empty action row".to_owned());
        }
        let selects = items.iter().filter(|c| c["type"] != 2).count();
        if selects > 0 && items.len() > 1 {
            return Err("a select menu must be alone in its action row".to_owned());
        }
        if items.len() > 5 {
            return Err("more than 5 buttons in an action row".to_owned());
        }
        for item in items {
            match item["type"].as_u64() {
                Some(2) => {
                    check_len("button label", &item["label"], 80)?;
                    if item.get("label").is_none() && item.get("emoji").is_none() {
                        return Err("a button without label or emoji".to_owned());
                    }
                    if item["style"] == 5 {
                        if item.get("url").is_none() {
                            return Err("a link button without url".to_owned());
                        }
                    } else {
                        check_custom_id(&item["custom_id"], &mut seen)?;
                    }
                }
                Some(3) => {
                    check_custom_id(&item["custom_id"], &mut seen)?;
                    check_len("select placeholder", &item["placeholder"], 150)?;
                    let options = item["options"].as_array().map_or(&[][..], Vec::as_slice);
                    if options.is_empty() || options.len() > 25 {
                        return Err(format!("a select menu with {} options", options.len()));
                    }
                    let mut values: Vec<&str> = Vec::with_capacity(options.len());
                    for option in options {
                        check_len("select option label", &option["label"], 100)?;
                        check_len("select option value", &option["value"], 100)?;
                        check_len("select option description", &option["description"], 100)?;
                        let value = option["value"].as_str().unwrap_or("");
                        if values.contains(&value) {
                            return Err(format!(
                                "select menu {}: option value {value:?} is used twice",
                                item["custom_id"]
                            ));
                        }
                        values.push(value);
                    }
                    let max = item["max_values"].as_u64().unwrap_or(1);
                    if max as usize > options.len() {
                        return Err("max_values is more than the number of options".to_owned());
                    }
                }
                Some(5..=8) => check_custom_id(&item["custom_id"], &mut seen)?,
                other => return Err(format!("unexpected component type {other:?}")),
            }
        }
    }
    Ok(())
}

/// Discord's limits on a registered command.
pub fn check_command(command: &Value) -> Result<(), String> {
    let name = command["name"].as_str().ok_or("a command without a name")?;
    let valid = |n: &str| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c.is_lowercase() || c.is_numeric() || c == '-' || c == '_')
    };
    let kind = command["type"].as_u64().unwrap_or(1);
    if kind == 1 && !valid(name) {
        return Err(format!(
            "command name {name:?} is not 1-32 lowercase characters"
        ));
    }
    if kind == 1 {
        let description = chars(&command["description"]);
        if !(1..=100).contains(&description) {
            return Err(format!("/{name}: description must be 1-100 characters"));
        }
    }
    check_options(
        name,
        command["options"].as_array().map_or(&[][..], Vec::as_slice),
        valid,
    )?;
    let total = command_characters(command);
    if total > COMMAND_CHARACTERS {
        return Err(format!(
            "/{name}: {total} characters in its names, descriptions and choices, more than \
             {COMMAND_CHARACTERS}"
        ));
    }
    Ok(())
}

/// The most characters a command may have in all (Discord: 4,000).
pub const COMMAND_CHARACTERS: usize = 4000;

/// A field's characters as Discord counts them towards [`COMMAND_CHARACTERS`]: the longest of
/// its value and its localizations (`{field}_localizations`); a number's digits.
fn localized_chars(object: &Value, field: &str) -> usize {
    let own = match &object[field] {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().chars().count(),
    };
    let localized = object[format!("{field}_localizations")]
        .as_object()
        .into_iter()
        .flat_map(|map| map.values())
        .map(chars)
        .max()
        .unwrap_or(0);
    own.max(localized)
}

/// The characters of a command that count towards Discord's limit of 4,000: its name and
/// description, and every option's, subcommand's and choice's name, description and value,
/// each field as long as its longest localization.
#[must_use]
pub fn command_characters(command: &Value) -> usize {
    fn options(list: &Value) -> usize {
        list.as_array()
            .into_iter()
            .flatten()
            .map(|option| {
                let choices: usize = option["choices"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| localized_chars(c, "name") + localized_chars(c, "value"))
                    .sum();
                localized_chars(option, "name")
                    + localized_chars(option, "description")
                    + choices
                    + options(&option["options"])
            })
            .sum()
    }
    localized_chars(command, "name")
        + localized_chars(command, "description")
        + options(&command["options"])
}

/// Discord's refusal of a message with nothing to show (code 50006).
pub const EMPTY_MESSAGE: (u16, u32, &str) = (400, 50006, "Cannot send an empty message");

/// Whether a message (as it would be stored: `attachments` the files it keeps or gets) has
/// nothing to show: no content, embeds, attachments, components, stickers nor poll.
#[must_use]
pub fn is_empty_message(message: &Value) -> bool {
    let none = |key: &str| match &message[key] {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        Value::Array(list) => list.is_empty(),
        _ => false,
    };
    [
        "content",
        "embeds",
        "attachments",
        "components",
        "sticker_ids",
        "sticker_items",
        "poll",
    ]
    .into_iter()
    .all(none)
}

/// Every `attachment://NAME` in a body's embeds (image, thumbnail, author and footer icons)
/// must name one of the message's attachments after the request (files uploaded with it, or
/// kept ones on an edit). What Discord does with a dangling one is not documented; the
/// stand-in refuses it, so such a mistake shows.
pub fn check_attachment_references(body: &Value, attachments: &[Value]) -> Result<(), String> {
    let embeds = body["embeds"].as_array().map_or(&[][..], Vec::as_slice);
    for embed in embeds {
        let urls = [
            &embed["image"]["url"],
            &embed["thumbnail"]["url"],
            &embed["author"]["icon_url"],
            &embed["footer"]["icon_url"],
        ];
        for url in urls {
            let Some(name) = url.as_str().and_then(|u| u.strip_prefix("attachment://")) else {
                continue;
            };
            if !attachments.iter().any(|a| a["filename"] == name) {
                return Err(format!(
                    "an embed refers to attachment://{name}, but the message has no such file"
                ));
            }
        }
    }
    Ok(())
}

fn check_options(
    command: &str,
    options: &[Value],
    valid: impl Fn(&str) -> bool + Copy,
) -> Result<(), String> {
    if options.len() > 25 {
        return Err(format!("/{command}: more than 25 options"));
    }
    let mut optional_seen = false;
    for option in options {
        let name = option["name"].as_str().unwrap_or("");
        if !valid(name) {
            return Err(format!(
                "/{command}: option name {name:?} is not 1-32 lowercase characters"
            ));
        }
        if !(1..=100).contains(&chars(&option["description"])) {
            return Err(format!(
                "/{command} {name}: description must be 1-100 characters"
            ));
        }
        let required = option["required"].as_bool().unwrap_or(false);
        if required && optional_seen {
            return Err(format!(
                "/{command}: required option {name} after an optional one"
            ));
        }
        optional_seen |= !required;
        let choices = option["choices"].as_array().map_or(0, Vec::len);
        if choices > 25 {
            return Err(format!("/{command} {name}: more than 25 choices"));
        }
        if choices > 0 && option["autocomplete"] == true {
            return Err(format!(
                "/{command} {name}: choices and autocomplete together"
            ));
        }
        if let Some(sub) = option["options"].as_array() {
            check_options(command, sub, valid)?;
        }
    }
    Ok(())
}
