//! A bot against the stand-in: connecting, registering, answering, resuming, restarting.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rest_answers_parse_as_serenity_models() {
    let discord = Standin::start().await;
    let http = discord.http();
    let guild = GuildId::new(discord.guild_id());
    let channel = ChannelId::new(discord.channel_id());

    assert_eq!(
        http.get_gateway().await.expect("GET /gateway").url,
        discord.gateway_url()
    );
    assert_eq!(
        http.get_bot_gateway()
            .await
            .expect("GET /gateway/bot")
            .shards,
        1
    );
    let application = http
        .get_current_application_info()
        .await
        .expect("GET application");
    assert_eq!(
        application.owner.expect("an owner").id.get(),
        discord.owner().id
    );
    assert!(http.get_current_user().await.expect("GET /users/@me").bot);

    let fetched = http.get_channel(channel).await.expect("GET channel");
    assert_eq!(fetched.guild().expect("a guild channel").name, "dama");
    let alice = discord.user("alice");
    let member = http
        .get_member(guild, UserId::new(alice.id))
        .await
        .expect("GET member");
    assert_eq!(member.user.name, "alice");
    let roles = http.get_guild_roles(guild).await.expect("GET roles");
    assert!(roles.iter().any(|r| r.name == "@everyone"));

    let command = CreateCommand::new("ping").description("Answers pong");
    let global = http
        .create_global_commands(&vec![command.clone()])
        .await
        .expect("PUT global");
    let local = http
        .create_guild_commands(guild, &vec![command])
        .await
        .expect("PUT guild");
    assert_eq!((global.len(), local.len()), (1, 1));
    assert_eq!(local[0].guild_id, Some(guild));
    assert_eq!(discord.global_commands()[0]["name"], "ping");
    // Like Discord, the answer carries the id of each command (bots mention commands by it),
    // and a command registered again keeps its id.
    assert_eq!(discord.guild_commands()[0]["id"], local[0].id.to_string());
    let again = http
        .create_guild_commands(
            guild,
            &vec![
                CreateCommand::new("ping")
                    .description("Answers pong")
                    .name_localized("it", "pong"),
            ],
        )
        .await
        .expect("PUT guild again");
    assert_eq!(again[0].id, local[0].id);
    assert_eq!(
        again[0]
            .name_localizations
            .as_ref()
            .and_then(|l| l.get("it")),
        Some(&"pong".to_owned())
    );

    let message = CreateMessage::new()
        .content("a board")
        .add_file(CreateAttachment::bytes(png(), "board.png"))
        .embed(CreateEmbed::new().image("attachment://board.png"));
    let sent = channel
        .send_message(&http, message)
        .await
        .expect("POST message");
    assert_eq!(sent.attachments[0].filename, "board.png");
    assert_eq!(
        (sent.attachments[0].width, sent.attachments[0].height),
        (Some(8), Some(6))
    );
    let image = sent.embeds[0]
        .image
        .as_ref()
        .expect("the embed keeps its image");
    assert_eq!(image.url, sent.attachments[0].url);
    let request = discord.next_request("POST", "/channels/*/messages").await;
    assert!(request.content_type.starts_with("multipart/form-data"));
    assert_eq!(request.body()["content"], "a board");
    assert_eq!(png_dimensions(&request.file("board.png").bytes), (8, 6));
    assert_eq!(
        discord.attachment(&discord.message(sent.id.get()), "board.png"),
        png()
    );

    let edited = channel
        .edit_message(
            &http,
            sent.id,
            EditMessage::new().content("an edited board"),
        )
        .await
        .expect("PATCH message");
    assert_eq!(edited.content, "an edited board");
    assert_eq!(
        edited.attachments.len(),
        1,
        "an edit without attachments keeps them"
    );
    assert!(edited.edited_timestamp.is_some());
    assert_eq!(
        channel
            .message(&http, sent.id)
            .await
            .expect("GET message")
            .content,
        edited.content
    );
    channel
        .delete_message(&http, sent.id)
        .await
        .expect("DELETE message");
    assert!(discord.errors().is_empty(), "{:?}", discord.errors());

    // What Discord refuses, the stand-in refuses, and the test can see it.
    assert!(channel.message(&http, sent.id).await.is_err());
    let errors = discord.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("Unknown Message"), "{errors:?}");
    let unknown = http.get_guild(GuildId::new(1)).await;
    assert!(unknown.is_err());
    assert_eq!(discord.errors().len(), 2);
    let stranger = HttpBuilder::new("not.the.token")
        .proxy(discord.rest_url())
        .ratelimiter_disabled(true)
        .build();
    assert!(
        stranger.get_current_user().await.is_err(),
        "a wrong token is refused"
    );
    assert!(discord.requests().last().is_some_and(|r| r.status == 401));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_identifies_and_registers_commands() {
    let discord = Standin::start().await;
    let mut bot = RunningBot::start(&discord).await;
    let identify = discord.wait_ready().await;
    assert_eq!(
        identify["token"]
            .as_str()
            .map(|t| t.trim_start_matches("Bot ")),
        Some(discord.token())
    );
    assert_eq!(identify["intents"], GatewayIntents::GUILDS.bits());
    assert_eq!(identify["shard"], json!([0, 1]));
    assert_eq!(bot.ok("register").await, "2");

    let put = discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    assert_eq!(
        put.path,
        format!(
            "/applications/{}/guilds/{}/commands",
            discord.application_id(),
            discord.guild_id()
        )
    );
    let names: Vec<&Value> = put
        .body()
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| &c["name"])
        .collect();
    assert_eq!(names, [&json!("show"), &json!("later")]);
    let registered = discord.guild_commands();
    assert_eq!(registered.len(), 2);
    assert!(
        registered
            .iter()
            .all(|c| c["id"].is_string() && c["version"].is_string())
    );
    assert_eq!(registered[0]["options"][1]["autocomplete"], true);
    assert!(
        discord.requests()[0].is("GET", "/gateway"),
        "the client asks for the gateway first"
    );

    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_command_gets_a_png_and_components_that_work() {
    let (discord, mut bot) = connected(Options::default()).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));

    let show = discord
        .slash(&alice, Slash::new("show").user("opponent", &bob))
        .await;
    let reply = discord.callback(&show).await;
    assert!(reply.content_type.starts_with("multipart/form-data"));
    assert_eq!(reply.body()["type"], 4);
    assert_eq!(reply.body()["data"]["content"], "alice vs bob");
    assert_eq!(png_dimensions(&reply.file("board.png").bytes), (8, 6));
    assert_eq!(reply.file("board.png").field, "files[0]");
    assert!(show.answered_in(&reply) < Duration::from_secs(3));
    bot.ok("show").await;

    let message = discord.original(&show).await;
    assert_eq!(message["content"], "alice vs bob");
    assert_eq!(
        message["interaction_metadata"]["user"]["id"],
        alice.id.to_string()
    );
    let attachment = &message["attachments"][0];
    assert_eq!(
        (attachment["width"].clone(), attachment["height"].clone()),
        (json!(8), json!(6))
    );
    assert_eq!(message["embeds"][0]["image"]["url"], attachment["url"]);
    let url = attachment["url"].as_str().expect("a url").to_owned();
    assert_eq!(bot.ok("show original").await, format!("board.png {url}"));
    discord
        .next_request("GET", "/webhooks/*/*/messages/@original")
        .await;

    let id = message_id(&message);
    let flip = discord.click(&bob, id, "flip").await;
    let update = discord.callback(&flip).await;
    assert_eq!(update.body()["type"], 7);
    assert_eq!(bot.ok("component").await, "flip by bob");
    let updated = discord.message(id);
    assert_eq!(updated["content"], "flip by bob");
    assert!(updated["edited_timestamp"].is_string());
    // serenity 0.12 sends `"attachments": []` with every UpdateMessage (serenity issue 3068),
    // and Discord then removes the files: a click that keeps the board must attach it again.
    assert_eq!(update.body()["data"]["attachments"], json!([]));
    assert_eq!(
        updated["attachments"],
        json!([]),
        "an update without files removes them"
    );
    assert_eq!(
        updated["embeds"], message["embeds"],
        "an update without embeds keeps them"
    );

    let pick = discord.select(&alice, id, "pick", &["21-17"]).await;
    discord.callback(&pick).await;
    assert_eq!(bot.ok("component").await, "alice picked 21-17");
    assert_eq!(
        discord.original(&pick).await["content"],
        "alice picked 21-17"
    );

    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_is_answered_with_choices() {
    let (discord, mut bot) = connected(Options::default()).await;
    let carol = discord.user("carol");
    let typing = discord
        .autocomplete(&carol, Slash::new("show").focused("colour", "b"))
        .await;
    let choices = discord.choices(&typing).await;
    assert_eq!(choices, [json!({ "name": "black", "value": "black" })]);
    assert_eq!(bot.ok("autocomplete").await, "b");
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_reply_is_edited_and_followed_up() {
    let (discord, mut bot) = connected(Options::default()).await;
    let dave = discord.user("dave");
    let later = discord.slash(&dave, Slash::new("later")).await;
    assert_eq!(discord.callback(&later).await.body()["type"], 5);
    bot.ok("defer").await;
    let thinking = discord.original(&later).await;
    let first = discord.message_history(message_id(&thinking)).remove(0);
    assert_eq!(
        first["flags"], 128,
        "a deferred reply shows the bot thinking"
    );

    let edit = discord
        .next_request("PATCH", "/webhooks/*/*/messages/@original")
        .await;
    assert_eq!(edit.body()["content"], "thought it over");
    assert_eq!(png_dimensions(&edit.file("board.png").bytes), (8, 6));
    assert_eq!(bot.ok("edit").await, "thought it over 1");
    let followup = discord.next_request("POST", "/webhooks/*/*").await;
    assert_eq!(followup.body()["flags"], 64);
    assert_eq!(bot.ok("followup").await, "only you");
    assert_eq!(bot.ok("fetch").await, "thought it over");

    let original = discord.message(message_id(&thinking));
    assert_eq!(original["flags"], 0, "the edit ended the thinking state");
    let ephemeral = discord
        .messages()
        .into_iter()
        .find(|m| m["content"] == "only you");
    assert_eq!(ephemeral.expect("the follow-up is stored")["flags"], 64);
    bot.stop().await;
    discord.assert_no_errors();
}

async fn resumes_after(end_connection: impl FnOnce(&Standin)) {
    let (discord, mut bot) = connected(Options::default()).await;
    let session = discord
        .frames()
        .iter()
        .find(|f| f.op == 2)
        .map(|f| f.connection);
    assert_eq!(session, Some(1));
    let erin = discord.user("erin");

    end_connection(&discord);
    // Sent while the bot is away: Discord keeps it and replays it on RESUME.
    let missed = discord.slash(&erin, Slash::new("show")).await;
    let resume = discord.wait_resumed().await;
    assert!(resume["session_id"].is_string());
    assert_eq!(resume["seq"], 2, "the bot had seen READY and GUILD_CREATE");
    assert_eq!(discord.callback(&missed).await.body()["type"], 4);
    bot.ok("show").await;

    let after = discord.slash(&erin, Slash::new("later")).await;
    assert_eq!(discord.callback(&after).await.body()["type"], 5);
    bot.ok("fetch").await;
    assert_eq!(discord.connections(), 2);
    assert_eq!(
        discord.frames().iter().filter(|f| f.op == 2).count(),
        1,
        "no new IDENTIFY"
    );
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_connection_is_resumed_and_missed_interactions_replayed() {
    resumes_after(Standin::drop_gateway).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cut_connection_is_resumed_and_missed_interactions_replayed() {
    resumes_after(Standin::cut_gateway).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_identifies_again_and_old_buttons_still_reach_it() {
    // The bot comes back within a second, as a bot whose `max_concurrency` allows.
    let (discord, mut bot) = connected(Options {
        max_concurrency: 16,
        ..Options::default()
    })
    .await;
    let ivan = discord.user("ivan");
    let show = discord.slash(&ivan, Slash::new("show")).await;
    discord.callback(&show).await;
    bot.ok("show").await;
    let board = message_id(&discord.original(&show).await);
    bot.stop().await;

    let mut bot = RunningBot::start(&discord).await;
    discord.wait_ready().await;
    assert_eq!(bot.ok("register").await, "2");
    let flip = discord.click(&ivan, board, "flip").await;
    assert_eq!(discord.callback(&flip).await.body()["type"], 7);
    assert_eq!(bot.ok("component").await, "flip by ivan");
    assert_eq!(discord.frames().iter().filter(|f| f.op == 2).count(), 2);
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poise_bot_registers_checks_permissions_and_answers() {
    let discord = Standin::start().await;
    let mut bot = RunningBot::launch(&discord, poise_bot).await;
    discord.wait_ready().await;
    // FrameworkOptions::initialize_owners asks for the application at start-up.
    discord
        .next_request("GET", "/oauth2/applications/@me")
        .await;
    let put = discord
        .next_request("PUT", "/applications/*/guilds/*/commands")
        .await;
    let greet = &put.body()[0];
    assert_eq!(greet["name"], "greet");
    assert_eq!(greet["description"], "Greets an opponent with a board");
    assert_eq!(greet["options"][0]["type"], 6);
    assert_eq!(greet["options"][0]["required"], true);
    assert_eq!(greet["options"][1]["autocomplete"], true);

    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let typing = Slash::new("greet")
        .user("opponent", &bob)
        .focused("colour", "bl");
    let choices = discord
        .choices(&discord.autocomplete(&alice, typing).await)
        .await;
    assert_eq!(choices, [json!({ "name": "black", "value": "black" })]);

    let command = Slash::new("greet")
        .user("opponent", &bob)
        .string("colour", "black");
    let sent = discord.slash(&alice, command).await;
    let reply = discord.callback(&sent).await;
    assert_eq!(reply.body()["type"], 4);
    assert_eq!(png_dimensions(&reply.file("board.png").bytes), (8, 6));
    assert_eq!(bot.ok("greet").await, "alice greets bob as black");

    let board = message_id(&discord.original(&sent).await);
    let accept = discord.click(&bob, board, "accept").await;
    assert_eq!(discord.callback(&accept).await.body()["type"], 7);
    assert_eq!(bot.ok("click").await, "accept by bob");
    assert_eq!(discord.message(board)["content"], "accept by bob");
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged() {
    let options = Options {
        heartbeat_interval: Duration::from_millis(100),
        ..Options::default()
    };
    let (discord, bot) = connected(options).await;
    for _ in 0..2 {
        discord.next_frame(1).await;
    }
    assert_eq!(
        discord.connections(),
        1,
        "acknowledged heartbeats keep the connection"
    );
    bot.stop().await;
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_and_repeated_answers_are_refused() {
    let options = Options {
        interaction_deadline: Duration::ZERO,
        ..Options::default()
    };
    let (discord, mut bot) = connected(options).await;
    let frank = discord.user("frank");
    discord.slash(&frank, Slash::new("show")).await;
    let refused = discord
        .next_request_where("the late callback", |r| r.path.ends_with("/callback"))
        .await;
    assert_eq!(refused.status, 404);
    assert_eq!(refused.response()["code"], 10062);
    assert!(
        bot.outcome("show").await.is_err(),
        "the bot sees the refusal"
    );
    assert!(discord.errors().iter().any(|e| e.contains("too late")));
    bot.stop().await;

    let (discord, bot) = connected(Options::default()).await;
    let show = discord
        .slash(&discord.user("frank"), Slash::new("show"))
        .await;
    discord.callback(&show).await;
    let again = discord
        .http()
        .create_interaction_response(
            InteractionId::new(show.id),
            &show.token,
            &CreateInteractionResponse::Acknowledge,
            Vec::new(),
        )
        .await;
    assert!(again.is_err());
    let refused = discord
        .next_request("POST", "/interactions/*/*/callback")
        .await;
    assert_eq!(refused.response()["code"], 40060);
    assert_eq!(discord.errors().len(), 1);
    bot.stop().await;
}
