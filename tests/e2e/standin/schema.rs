//! Discord's schema and documented rules, and the request dump.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_are_checked_against_discords_schema() {
    let discord = Standin::start().await;
    let messages = channel_messages(discord.channel_id());

    let (status, answer) = raw_request(
        &discord,
        "POST",
        &messages,
        &json!({ "content": "x".repeat(4001) }),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(answer["code"], 50035, "{answer}");
    assert_eq!(answer["message"], "Invalid Form Body");
    assert_eq!(
        answer["errors"]["content"]["_errors"][0]["code"], "BASE_TYPE_MAX_LENGTH",
        "{answer}"
    );
    let errors = discord.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("POST /channels/{channel_id}/messages at /content"),
        "the error names the route template and the JSON path: {errors:?}"
    );
    assert_eq!(discord.requests()[0].violations[0].path, "/content");
    assert!(
        discord.messages().is_empty(),
        "a refused body creates nothing"
    );
    // The description allows 4,000 characters (for boosted users); a bot has 2,000.
    let over = json!({ "content": "x".repeat(2001) });
    assert_eq!(raw_request(&discord, "POST", &messages, &over).await.0, 400);
    discord.take_expected_error("2001 characters, more than 2000");
    discord.take_expected_error("at /content");

    let long_title = json!({ "embeds": [{ "title": "t".repeat(257) }] });
    let (status, answer) = raw_request(&discord, "POST", &messages, &long_title).await;
    assert_eq!(status, 400);
    assert!(
        answer["errors"]["embeds"]["0"]["title"]["_errors"].is_array(),
        "{answer}"
    );
    let wrong_type = json!({ "content": 5 });
    assert_eq!(
        raw_request(&discord, "POST", &messages, &wrong_type)
            .await
            .0,
        400
    );
    assert!(
        discord
            .take_expected_error("at /embeds/0/title")
            .contains("POST /channels/")
    );
    assert!(discord.take_expected_error("at /content:").contains('5'));

    // Numbers may be spelled as strings where Discord reads them so, and attachment ids as
    // integers; a string that is not a number is still refused.
    let fine = json!({
        "content": "fine", "flags": "4096",
        "allowed_mentions": { "parse": [], "users": ["1"] },
    });
    let (status, answer) = raw_request(&discord, "POST", &messages, &fine).await;
    assert_eq!(status, 200, "{answer}");
    let permissions = |value: Value| json!([{ "name": "ping", "description": "Pong", "default_member_permissions": value }]);
    let guild_commands = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    for value in [json!("8"), json!(8)] {
        let (status, answer) =
            raw_request(&discord, "PUT", &guild_commands, &permissions(value)).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, _) = raw_request(
        &discord,
        "PUT",
        &guild_commands,
        &permissions(json!("eight")),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        discord
            .take_expected_error("PUT /applications/{application_id}/guilds/{guild_id}/commands at /0/default_member_permissions")
            .contains("400")
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn routes_are_the_descriptions_templates_the_most_literal_first() {
    use crate::support::discord_standin::route_of;
    assert_eq!(
        route_of("PATCH", "/webhooks/1/abc/messages/@original").as_deref(),
        Some("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original")
    );
    assert_eq!(
        route_of("PATCH", "/api/v10/webhooks/1/abc/messages/2").as_deref(),
        Some("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    );
    assert_eq!(
        route_of("POST", "/interactions/1/abc/callback").as_deref(),
        Some("POST /interactions/{interaction_id}/{interaction_token}/callback")
    );
    assert_eq!(
        route_of("GET", "/gateway/bot").as_deref(),
        Some("GET /gateway/bot")
    );
    assert_eq!(route_of("GET", "/no/such/route"), None);
    assert_eq!(route_of("DELETE", "/gateway"), None, "the method counts");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_is_checked_against_the_schema_of_its_type() {
    let discord = Standin::start().await;
    let _session = raw_session(&discord).await;
    let http = discord.http();
    let guild = GuildId::new(discord.guild_id());
    http.create_guild_commands(
        guild,
        &vec![CreateCommand::new("think").description("Thinks")],
    )
    .await
    .expect("PUT guild commands");
    let who = discord.user("ugo");
    let think = discord.slash(&who, Slash::new("think")).await;
    let path = format!("/interactions/{}/{}/callback", think.id, think.token);
    let too_long = json!({ "type": 4, "data": { "content": "x".repeat(2001) } });
    let (status, answer) = raw_request(&discord, "POST", &path, &too_long).await;
    assert_eq!(status, 400);
    assert!(
        answer["errors"]["data"]["content"]["_errors"].is_array(),
        "{answer}"
    );
    let text = discord.take_expected_error("at /data/content");
    assert!(
        text.contains("POST /interactions/{interaction_id}/{interaction_token}/callback"),
        "{text}"
    );
    let unknown_type = json!({ "type": 42 });
    assert_eq!(
        raw_request(&discord, "POST", &path, &unknown_type).await.0,
        400
    );
    discord.take_expected_error("/callback at");
    let fine = json!({ "type": 4, "data": { "content": "thought" } });
    assert_eq!(raw_request(&discord, "POST", &path, &fine).await.0, 204);
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_names_and_localisations_follow_discords_rules() {
    let discord = Standin::start().await;
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    let command = |name: &str, localized: Value, option: &str| {
        json!([{
            "name": name, "description": "Plays", "name_localizations": localized,
            "options": [{ "type": 3, "name": option, "description": "A move" }],
        }])
    };
    let cases = [
        (command("Play", json!(null), "move"), "at /0/name"),
        (command("play game", json!(null), "move"), "at /0/name"),
        (
            command("play", json!({ "xx": "gioca" }), "move"),
            "at /0/name_localizations/xx",
        ),
        (
            command("play", json!({ "it": "Gioca" }), "move"),
            "at /0/name_localizations/it",
        ),
        (command("play", json!(null), "Move"), "at /0/options/0/name"),
    ];
    for (body, place) in &cases {
        let (status, answer) = raw_request(&discord, "PUT", &path, body).await;
        assert_eq!(status, 400, "{body} must be refused");
        assert_eq!(answer["code"], 50035);
        discord.take_expected_error(place);
    }
    // Devanagari and Thai names carry vowel signs that are not letters; Discord allows them.
    let fine = json!([
        { "name": "gioca", "description": "Plays", "name_localizations": { "it": "gioca", "hi": "खेलें", "th": "เล่น", "es-419": "jugar" },
          "description_localizations": { "pt-BR": "Joga" },
          "options": [{ "type": 3, "name": "mossa", "description": "A move", "choices": [
              { "name": "first", "value": "1", "name_localizations": { "it": "Prima" } }] }] },
        { "name": "Show Board", "type": 3 },
    ]);
    let (status, answer) = raw_request(&discord, "PUT", &path, &fine).await;
    assert_eq!(status, 200, "{answer}");
    let bad_choice = json!([{ "name": "gioca", "description": "Plays", "options": [{
        "type": 3, "name": "mossa", "description": "A move",
        "choices": [{ "name": "first", "value": "1", "name_localizations": { "italian": "Prima" } }],
    }] }]);
    assert_eq!(
        raw_request(&discord, "PUT", &path, &bad_choice).await.0,
        400
    );
    discord.take_expected_error("at /0/options/0/choices/0/name_localizations/italian");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowed_mentions_are_sets_of_at_most_100() {
    let discord = Standin::start().await;
    let messages = channel_messages(discord.channel_id());
    let mentions = |allowed: Value| json!({ "content": "hi", "allowed_mentions": allowed });
    let many: Vec<String> = (1..=101).map(|n| n.to_string()).collect();
    let cases = [
        json!({ "users": ["1", "1"] }),
        json!({ "roles": ["2", "3", "2"] }),
        json!({ "parse": ["users"], "users": ["1"] }),
        json!({ "parse": ["roles"], "roles": ["1"] }),
        json!({ "users": many }),
    ];
    for allowed in cases {
        let (status, answer) =
            raw_request(&discord, "POST", &messages, &mentions(allowed.clone())).await;
        assert_eq!(
            (status, answer["code"].clone()),
            (400, json!(50035)),
            "{allowed}"
        );
        discord.take_expected_error("at /allowed_mentions/");
    }
    let fine = json!({ "parse": ["users"], "roles": ["1", "2"], "replied_user": false });
    assert_eq!(
        raw_request(&discord, "POST", &messages, &mentions(fine))
            .await
            .0,
        200
    );
    discord.assert_no_errors();
}

// ---- the request dump ---------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_is_dumped_and_the_dump_validates() {
    use crate::support::discord_standin::validate_dump;
    let directory = tempfile::tempdir().expect("a temp dir");
    let dump = directory.path().join("requests.jsonl");
    let options = Options {
        dump: Some(dump.clone()),
        ..Options::default()
    };
    let (discord, mut bot) = connected(options).await;
    let show = discord
        .slash(&discord.user("vera"), Slash::new("show"))
        .await;
    discord.callback(&show).await;
    bot.ok("show original").await;
    let later = discord
        .slash(&discord.user("vera"), Slash::new("later"))
        .await;
    discord.callback(&later).await;
    bot.ok("fetch").await;
    bot.stop().await;
    discord.assert_no_errors();

    let lines = std::fs::read_to_string(&dump).expect("the dump exists");
    assert_eq!(lines.lines().count(), discord.requests().len());
    let first: Value = serde_json::from_str(lines.lines().next().expect("a line")).expect("json");
    assert_eq!(
        first,
        json!({ "method": "GET", "path": "/api/v10/gateway", "json": null })
    );
    let report = validate_dump(&dump);
    assert!(report.is_clean(), "{report}");
    assert_eq!(report.requests, discord.requests().len());
    assert_eq!(
        report
            .routes
            .get("PUT /applications/{application_id}/guilds/{guild_id}/commands"),
        Some(&1)
    );
    assert_eq!(report.callback_types.get(&4), Some(&1));
    assert_eq!(report.callback_types.get(&5), Some(&1));

    // A line a bot with a bug would have sent, and a route Discord does not have.
    let bad = json!({ "method": "POST", "path": "/api/v10/channels/1/messages",
        "json": { "content": "hi", "allowed_mentions": { "users": ["7", "7"] } } });
    let unknown = json!({ "method": "GET", "path": "/api/v10/nowhere", "json": null });
    std::fs::write(&dump, format!("{lines}{bad}\n{unknown}\n")).expect("rewrite the dump");
    let report = validate_dump(&dump);
    assert_eq!(report.violations.len(), 1, "{report}");
    assert!(
        report.violations[0]
            .contains("POST /channels/{channel_id}/messages at /allowed_mentions/users")
    );
    assert_eq!(report.unmatched, ["GET /api/v10/nowhere"]);
    assert!(!report.is_clean());
}

/// `DAMA_STANDIN_CHECK=PATH cargo test --release --test discord_standin -- --ignored
/// dump_validates` judges a dump written with `DAMA_STANDIN_DUMP=PATH` (by any test run).
#[test]
#[ignore = "judges the dump named by DAMA_STANDIN_CHECK"]
fn dump_validates() {
    let path = std::env::var_os("DAMA_STANDIN_CHECK")
        .expect("DAMA_STANDIN_CHECK names the dump to validate");
    let report = crate::support::discord_standin::validate_dump(&path);
    println!("{report}");
    assert!(report.requests > 0, "the dump is empty");
    assert!(
        report.is_clean(),
        "the dump breaks Discord's rules:\n{report}"
    );
}
