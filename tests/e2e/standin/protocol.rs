//! The protocol by hand: a raw gateway session, what cannot be run or clicked, channel options.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_followup_after_a_defer_fills_the_thinking_message() {
    let discord = Standin::start().await;
    let _session = raw_session(&discord).await;
    let http = discord.http();
    let command = CreateCommand::new("think").description("Thinks");
    let guild = GuildId::new(discord.guild_id());
    http.create_guild_commands(guild, &vec![command])
        .await
        .expect("PUT guild commands");
    let think = discord
        .slash(&discord.user("hana"), Slash::new("think"))
        .await;

    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    http.create_interaction_response(
        InteractionId::new(think.id),
        &think.token,
        &defer,
        Vec::new(),
    )
    .await
    .expect("the defer is accepted");
    let thinking = discord.original(&think).await;
    assert_eq!(thinking["flags"], 64 | 128);

    let followup = CreateInteractionResponseFollowup::new().content("done");
    let first = http
        .create_followup_message(&think.token, &followup, Vec::new())
        .await;
    let first = first.expect("the first follow-up is accepted");
    assert_eq!(
        first.id.get(),
        message_id(&thinking),
        "it replaces the thinking message"
    );
    assert_eq!(
        first.flags.map(|f| f.bits()),
        Some(64),
        "keeping the defer's ephemeral flag"
    );
    let second = http
        .create_followup_message(&think.token, &followup, Vec::new())
        .await;
    assert_ne!(second.expect("a second follow-up is accepted").id, first.id);
    assert_eq!(discord.message_history(first.id.get()).len(), 2);

    http.delete_original_interaction_response(&think.token)
        .await
        .expect("DELETE @original");
    assert_eq!(
        discord.messages().len(),
        1,
        "only the second follow-up is left"
    );
    discord.assert_no_errors();
}

/// A raw WebSocket client, to check the protocol details serenity does not show.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_speaks_the_protocol() {
    let discord = Standin::start().await;
    // As serenity's `Url` normalises it: Discord's URL has no path, the request needs "/".
    let url = format!("{}/?v=10&encoding=json", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the gateway accepts");
    let hello = next_json(&mut ws).await;
    assert_eq!(hello["op"], 10);
    assert_eq!(hello["d"]["heartbeat_interval"], 41_250);

    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    let heartbeat = json!({ "op": 1, "d": null });
    ws.send(WsMessage::Text(heartbeat.to_string()))
        .await
        .expect("send heartbeat");
    let mut frames = Vec::new();
    for _ in 0..3 {
        frames.push(next_json(&mut ws).await);
    }
    let dispatches: Vec<(Value, Value)> = frames
        .iter()
        .filter(|f| f["op"] == 0)
        .map(|f| (f["t"].clone(), f["s"].clone()))
        .collect();
    assert_eq!(
        dispatches,
        [
            (json!("READY"), json!(1)),
            (json!("GUILD_CREATE"), json!(2))
        ]
    );
    assert!(
        frames.iter().any(|f| f["op"] == 11),
        "the heartbeat is acknowledged"
    );
    let ready = frames.iter().find(|f| f["t"] == "READY").expect("READY");
    assert_eq!(ready["d"]["resume_gateway_url"], discord.gateway_url());
    assert_eq!(
        ready["d"]["application"]["id"],
        discord.application_id().to_string()
    );
    ws.close(None).await.expect("close");

    // A RESUME of a session that does not exist is refused with INVALID SESSION (not resumable).
    let connected = tokio_tungstenite::connect_async(format!("{}/", discord.gateway_url())).await;
    let (mut ws, _) = connected.unwrap_or_else(|e| panic!("{e}\n{}", discord.log()));
    let resume = json!({ "op": 6, "d": {
        "token": discord.token(), "session_id": "nope", "seq": 2,
    }});
    ws.send(WsMessage::Text(resume.to_string()))
        .await
        .expect("send resume");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    assert_eq!(next_json(&mut ws).await, json!({ "op": 9, "d": false }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "the bot has not registered /nope")]
async fn a_command_the_bot_did_not_register_cannot_be_run() {
    let (discord, _bot) = connected(Options::default()).await;
    discord
        .slash(&discord.user("gina"), Slash::new("nope"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "has no component \"accept\"")]
async fn a_button_that_is_not_there_cannot_be_clicked() {
    let (discord, mut bot) = connected(Options::default()).await;
    let gina = discord.user("gina");
    let show = discord.slash(&gina, Slash::new("show")).await;
    discord.callback(&show).await;
    bot.ok("show").await;
    let message = discord.original(&show).await;
    discord.click(&gina, message_id(&message), "accept").await;
}

/// Registers `/post where:<text channel>` over the bot's commands; returns a text channel and a
/// thread of it.
async fn register_channel_command(discord: &Standin) -> (u64, u64) {
    let path = format!(
        "/applications/{}/guilds/{}/commands",
        discord.application_id(),
        discord.guild_id()
    );
    let body = json!([{
        "name": "post", "description": "Posts somewhere",
        "options": [{ "type": 7, "name": "where", "description": "A text channel",
                      "channel_types": [0], "required": true }],
    }]);
    let (status, answer) = raw_request(discord, "PUT", &path, &body).await;
    assert_eq!(status, 200, "{answer}");
    let news = discord.text_channel("news", 0);
    (news, discord.thread(news, "chatter"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_option_carries_the_channel_resolved() {
    let (discord, _bot) = connected(Options::default()).await;
    let (news, _) = register_channel_command(&discord).await;
    let sent = discord
        .slash(
            &discord.user("gina"),
            Slash::new("post").channel("where", news),
        )
        .await;
    let data = &sent.payload["data"];
    assert_eq!(data["options"][0]["type"], 7);
    assert_eq!(data["options"][0]["value"], news.to_string());
    let resolved = &data["resolved"]["channels"][news.to_string()];
    assert_eq!(resolved["name"], "news", "{data:#}");
    assert_eq!(resolved["type"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "takes channels of types")]
async fn a_channel_option_takes_only_the_types_it_was_registered_with() {
    let (discord, _bot) = connected(Options::default()).await;
    let (_, thread) = register_channel_command(&discord).await;
    discord
        .slash(
            &discord.user("gina"),
            Slash::new("post").channel("where", thread),
        )
        .await;
}
