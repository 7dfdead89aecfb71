//! What Discord refuses in a message or a command beyond its schema: empty messages (50006),
//! `attachment://` references to no file, duplicate select values and commands of more than
//! 4,000 characters (50035).

use super::*;
use crate::support::discord_standin::{
    COMMAND_CHARACTERS, check_attachment_references, check_command, check_components,
    command_characters, is_empty_message,
};

#[test]
fn a_message_needs_something_to_show() {
    assert!(is_empty_message(&json!({})));
    assert!(is_empty_message(&json!({
        "content": "", "embeds": [], "attachments": [], "components": [], "sticker_ids": [],
        "poll": null,
    })));
    let shown = [
        json!({ "content": "hi" }),
        json!({ "embeds": [{ "title": "Game #1" }] }),
        json!({ "attachments": [{ "id": "1", "filename": "board.png" }] }),
        json!({ "components": [{ "type": 1, "components": [] }] }),
        json!({ "sticker_ids": ["1"] }),
        json!({ "poll": { "question": { "text": "Draw?" } } }),
    ];
    for message in shown {
        assert!(!is_empty_message(&message), "{message}");
    }
}

#[test]
fn attachment_references_name_the_messages_files() {
    let board = [json!({ "id": "1", "filename": "board.png" })];
    let embed = |key: &str, field: &str, name: &str| {
        let mut embed = json!({ "title": "Game #1" });
        embed[key] = json!({ field: format!("attachment://{name}"), "name": "a", "text": "b" });
        json!({ "embeds": [embed] })
    };
    let places = [
        ("image", "url"),
        ("thumbnail", "url"),
        ("author", "icon_url"),
        ("footer", "icon_url"),
    ];
    for (key, field) in places {
        assert_eq!(
            check_attachment_references(&embed(key, field, "board.png"), &board),
            Ok(())
        );
        let dangling = check_attachment_references(&embed(key, field, "flipped.png"), &board);
        assert!(
            dangling.is_err_and(|e| e.contains("attachment://flipped.png")),
            "{key}"
        );
        assert!(check_attachment_references(&embed(key, field, "board.png"), &[]).is_err());
    }
    let linked = json!({ "embeds": [{ "image": { "url": "https://example.com/a.png" } }] });
    assert_eq!(check_attachment_references(&linked, &[]), Ok(()));
}

fn select(values: &[&str]) -> Vec<Value> {
    let options: Vec<Value> = values
        .iter()
        .map(|v| json!({ "label": format!("move {v}"), "value": v }))
        .collect();
    vec![json!({ "type": 1, "components": [
        { "type": 3, "custom_id": "move", "options": options },
    ]})]
}

#[test]
fn a_select_menus_values_are_unique() {
    assert_eq!(check_components(&select(&["22-18", "21-17"])), Ok(()));
    let twice = check_components(&select(&["22-18", "21-17", "22-18"]));
    assert!(
        twice.is_err_and(|e| e.contains("\"22-18\" is used twice")),
        "duplicate values"
    );
}

/// A command with `options` options of `choices` choices each, every name and description
/// `width` characters long.
fn wide_command(options: usize, choices: usize, width: usize) -> Value {
    let word = |c: char| c.to_string().repeat(width);
    let options: Vec<Value> = (0..options)
        .map(|i| {
            let choices: Vec<Value> = (0..choices)
                .map(|j| json!({ "name": word('c'), "value": format!("{i}-{j}") }))
                .collect();
            json!({ "type": 3, "name": format!("o{i}"), "description": word('d'),
                    "choices": choices })
        })
        .collect();
    json!({ "name": "play", "description": word('p'), "options": options })
}

#[test]
fn a_command_has_at_most_4000_characters_its_localizations_counted() {
    let plain = json!({
        "name": "play", "description": "Plays",
        "options": [{ "type": 3, "name": "move", "description": "A move",
                      "choices": [{ "name": "first", "value": "1" }, { "name": "n", "value": 22 }] }],
    });
    assert_eq!(command_characters(&plain), 4 + 5 + 4 + 6 + 5 + 1 + 1 + 2);
    let mut localized = plain.clone();
    localized["description_localizations"] = json!({ "it": "Gioca una partita", "es-ES": "Juega" });
    localized["options"][0]["choices"][0]["name_localizations"] = json!({ "it": "primissima" });
    assert_eq!(
        command_characters(&localized),
        command_characters(&plain) - 5 + 17 - 5 + 10,
        "each field counts as its longest localization"
    );

    // 10 options of 10 choices: 4 + 90 + 10 × (2 + 90 + 10 × (90 + 3)) = 10,314; 3 of them
    // 3,160.
    let wide = wide_command(10, 10, 90);
    assert!(command_characters(&wide) > COMMAND_CHARACTERS);
    assert!(
        check_command(&wide).is_err_and(|e| e.contains("more than 4000")),
        "too wide"
    );
    let fits = wide_command(3, 10, 90);
    assert!(command_characters(&fits) <= COMMAND_CHARACTERS);
    assert_eq!(check_command(&fits), Ok(()));
}

#[test]
fn the_bots_own_commands_fit_in_4000_characters() {
    let commands = dama_discord::commands::application_commands();
    let mut largest = (String::new(), 0);
    for command in &commands {
        let value = serde_json::to_value(command).expect("a command serialises");
        let total = command_characters(&value);
        assert_eq!(check_command(&value), Ok(()), "{value:#}");
        if total > largest.1 {
            largest = (value["name"].as_str().unwrap_or("").to_owned(), total);
        }
    }
    println!(
        "the largest command is /{} with {} characters (of {COMMAND_CHARACTERS})",
        largest.0, largest.1
    );
    assert!(largest.1 > 0 && largest.1 <= COMMAND_CHARACTERS);
}

/// Asserts a request was refused with `code`, and takes its error as expected.
async fn refused(discord: &Standin, method: &str, path: &str, body: &Value, code: u32) {
    let (status, answer) = raw_request(discord, method, path, body).await;
    assert_eq!(
        (status, answer["code"].clone()),
        (400, json!(code)),
        "{body}"
    );
    discord.take_expected_error(&code.to_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_message_is_refused_wherever_it_is_sent() {
    let (discord, _session) = with_think(Options::default()).await;
    let messages = channel_messages(discord.channel_id());
    refused(
        &discord,
        "POST",
        &messages,
        &json!({ "content": "" }),
        50006,
    )
    .await;
    refused(&discord, "POST", &messages, &json!({ "embeds": [] }), 50006).await;
    let button = json!([{ "type": 1, "components": [
        { "type": 2, "style": 1, "label": "Rematch", "custom_id": "rematch" }] }]);
    let (status, posted) = raw_request(
        &discord,
        "POST",
        &messages,
        &json!({ "components": button }),
    )
    .await;
    assert_eq!(
        status, 200,
        "components alone are something to show: {posted}"
    );
    let (status, posted) = raw_request(
        &discord,
        "POST",
        &messages,
        &json!({ "content": "Game #1" }),
    )
    .await;
    assert_eq!(status, 200, "{posted}");
    let message = format!("{messages}/{}", message_id(&posted));
    refused(
        &discord,
        "PATCH",
        &message,
        &json!({ "content": "" }),
        50006,
    )
    .await;
    let embed = json!({ "content": "", "embeds": [{ "title": "Game #1" }] });
    assert_eq!(
        raw_request(&discord, "PATCH", &message, &embed).await.0,
        200
    );

    // Interaction callbacks of type 4 and 7, and follow-ups.
    let who = discord.user("ugo");
    let think = discord.slash(&who, Slash::new("think")).await;
    let callback = format!("/interactions/{}/{}/callback", think.id, think.token);
    let empty = json!({ "type": 4, "data": { "content": "" } });
    refused(&discord, "POST", &callback, &empty, 50006).await;
    let fine = json!({ "type": 4, "data": { "content": "thought", "components": button } });
    assert_eq!(raw_request(&discord, "POST", &callback, &fine).await.0, 204);
    let app = discord.application_id();
    let followups = format!("/webhooks/{app}/{}", think.token);
    refused(
        &discord,
        "POST",
        &followups,
        &json!({ "content": "" }),
        50006,
    )
    .await;
    let original = format!("{followups}/messages/@original");
    let emptied = json!({ "content": "", "components": [] });
    refused(&discord, "PATCH", &original, &emptied, 50006).await;

    let board = discord.original(&think).await;
    let click = discord.click(&who, message_id(&board), "rematch").await;
    let callback = format!("/interactions/{}/{}/callback", click.id, click.token);
    let update = json!({ "type": 7, "data": { "content": "", "components": [] } });
    refused(&discord, "POST", &callback, &update, 50006).await;
    let update = json!({ "type": 7, "data": { "components": [] } });
    assert_eq!(
        raw_request(&discord, "POST", &callback, &update).await.0,
        204
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_embed_refers_only_to_files_the_message_has() {
    let discord = Standin::start().await;
    let channel = ChannelId::new(discord.channel_id());
    let http = discord.http();
    let dangling = CreateMessage::new()
        .embed(CreateEmbed::new().image("attachment://board.png"))
        .add_file(CreateAttachment::bytes(png(), "flipped.png"));
    assert!(channel.send_message(&http, dangling).await.is_err());
    discord.take_expected_error("attachment://board.png");
    let board = CreateMessage::new()
        .embed(CreateEmbed::new().image("attachment://board.png"))
        .add_file(CreateAttachment::bytes(png(), "board.png"));
    let posted = channel
        .send_message(&http, board)
        .await
        .expect("the file is there");
    let kept = posted.attachments[0].id.get().to_string();
    let path = format!("{}/{}", channel_messages(channel.get()), posted.id);
    let embed = json!([{ "title": "Game #1", "image": { "url": "attachment://board.png" } }]);
    let keeping = json!({ "embeds": embed, "attachments": [{ "id": kept }] });
    assert_eq!(raw_request(&discord, "PATCH", &path, &keeping).await.0, 200);
    let dropping = json!({ "embeds": embed, "attachments": [] });
    refused(&discord, "PATCH", &path, &dropping, 50035).await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn duplicate_select_values_and_wide_commands_are_refused() {
    let discord = Standin::start().await;
    let messages = channel_messages(discord.channel_id());
    let twice = json!({ "content": "Your move", "components": select(&["22-18", "22-18"]) });
    refused(&discord, "POST", &messages, &twice, 50035).await;
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    refused(
        &discord,
        "PUT",
        &path,
        &json!([wide_command(10, 10, 90)]),
        50035,
    )
    .await;
    let (status, answer) =
        raw_request(&discord, "PUT", &path, &json!([wide_command(3, 10, 90)])).await;
    assert_eq!(status, 200, "{answer}");
    discord.assert_no_errors();
}
