//! Channels, permissions, threads and direct messages.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_permissions_decide_what_the_bot_may_post() {
    use crate::support::discord_standin::perm;
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let muted = discord.text_channel("muted", perm::SEND_MESSAGES);
    let no_embeds = discord.text_channel("plain", perm::EMBED_LINKS);
    let no_files = discord.text_channel("no-files", perm::ATTACH_FILES);
    let hidden = discord.text_channel("hidden", perm::VIEW_CHANNEL);

    let text = CreateMessage::new().content("hello");
    let embed = CreateMessage::new().embed(CreateEmbed::new().description("a board"));
    let file = CreateMessage::new().add_file(CreateAttachment::bytes(png(), "board.png"));
    let attempts = [
        (muted, text.clone(), false),
        (hidden, text.clone(), false),
        (no_embeds, text.clone(), true),
        (no_embeds, embed.clone(), false),
        (no_files, embed.clone(), true),
        (no_files, file.clone(), false),
        (discord.channel_id(), file, true),
    ];
    for (channel, message, allowed) in attempts {
        let result = ChannelId::new(channel).send_message(&http, message).await;
        assert_eq!(result.is_ok(), allowed, "{channel}: {result:?}");
        if !allowed {
            let refused = discord.requests().pop().expect("the request");
            assert_eq!(
                (refused.status, refused.response()["code"].clone()),
                (403, json!(50013))
            );
            assert_eq!(refused.response()["message"], "Missing Permissions");
            discord.take_expected_error("Missing Permissions");
        }
    }
    // An edit of its own message needs View Channel, and Attach Files for new files.
    let sent = ChannelId::new(no_files)
        .send_message(&http, CreateMessage::new().content("a board"))
        .await
        .expect("text is allowed");
    let add_file = EditMessage::new().new_attachment(CreateAttachment::bytes(png(), "board.png"));
    assert!(
        ChannelId::new(no_files)
            .edit_message(&http, sent.id, add_file)
            .await
            .is_err()
    );
    discord.take_expected_error("Missing Permissions");
    let reword = EditMessage::new().content("reworded");
    ChannelId::new(no_files)
        .edit_message(&http, sent.id, reword)
        .await
        .expect("an edit of text");

    // Interaction answers are not subject to channel permissions; the interaction tells the
    // bot what it may do there.
    let who = discord.user("yuri");
    let think = discord.slash_in(muted, &who, Slash::new("think")).await;
    assert_eq!(think.payload["channel_id"], muted.to_string());
    assert_eq!(think.payload["channel"]["type"], 0);
    let app = think.payload["app_permissions"]
        .as_str()
        .expect("a string")
        .parse::<u64>()
        .expect("bits");
    assert_eq!(app & perm::SEND_MESSAGES, 0);
    assert_ne!(app & perm::VIEW_CHANNEL, 0);
    let answer = CreateInteractionResponseMessage::new()
        .content("answered anyway")
        .button(CreateButton::new("again").label("Again"));
    http.create_interaction_response(
        InteractionId::new(think.id),
        &think.token,
        &CreateInteractionResponse::Message(answer),
        Vec::new(),
    )
    .await
    .expect("a callback in a muted channel");
    let reply = discord.original(&think).await;
    assert_eq!(reply["channel_id"], muted.to_string());
    let click = discord.click(&who, message_id(&reply), "again").await;
    assert_eq!(
        click.payload["channel_id"],
        muted.to_string(),
        "a click comes from the message's channel"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_inherit_their_parents_permissions() {
    use crate::support::discord_standin::perm;
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let thread = discord.thread(discord.channel_id(), "game 1");
    let closed = discord.text_channel("closed", perm::SEND_MESSAGES_IN_THREADS);
    let closed_thread = discord.thread(closed, "game 2");
    let muted = discord.text_channel("muted", perm::SEND_MESSAGES);
    let muted_thread = discord.thread(muted, "game 3");

    let text = || CreateMessage::new().content("your move");
    ChannelId::new(thread)
        .send_message(&http, text())
        .await
        .expect("a thread of the main channel");
    ChannelId::new(muted_thread)
        .send_message(&http, text())
        .await
        .expect("threads need Send Messages in Threads, not Send Messages");
    assert!(
        ChannelId::new(closed_thread)
            .send_message(&http, text())
            .await
            .is_err()
    );
    discord.take_expected_error("Missing Permissions");

    let who = discord.user("zeno");
    let think = discord
        .slash_in(closed_thread, &who, Slash::new("think"))
        .await;
    let channel = &think.payload["channel"];
    assert_eq!(channel["type"], 11);
    assert_eq!(channel["parent_id"], closed.to_string());
    let app: u64 = think.payload["app_permissions"]
        .as_str()
        .expect("a string")
        .parse()
        .expect("bits");
    assert_eq!(app & perm::SEND_MESSAGES_IN_THREADS, 0);
    let typing = discord
        .autocomplete_in(thread, &who, Slash::new("think").focused("about", "op"))
        .await;
    assert_eq!(
        typing.payload["channel"]["parent_id"],
        discord.channel_id().to_string()
    );
    let choices = CreateAutocompleteResponse::new().add_string_choice("openings", "openings");
    http.create_interaction_response(
        InteractionId::new(typing.id),
        &typing.token,
        &CreateInteractionResponse::Autocomplete(choices),
        Vec::new(),
    )
    .await
    .expect("autocomplete in a thread");
    let answer =
        CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("ok"));
    http.create_interaction_response(
        InteractionId::new(think.id),
        &think.token,
        &answer,
        Vec::new(),
    )
    .await
    .expect("answered");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_starts_archives_and_locks_threads_as_permitted() {
    use crate::support::discord_standin::perm;
    use serenity::all::{AutoArchiveDuration, CreateThread, EditThread};
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let main = ChannelId::new(discord.channel_id());
    let board = main
        .send_message(&http, CreateMessage::new().content("a board"))
        .await
        .expect("posted");
    let create =
        CreateThread::new("alice vs bob").auto_archive_duration(AutoArchiveDuration::OneDay);
    let thread = main
        .create_thread_from_message(&http, board.id, create)
        .await
        .expect("a thread");
    assert_eq!(
        thread.id.get(),
        board.id.get(),
        "a thread from a message takes its id"
    );
    assert_eq!(thread.parent_id, Some(main));
    assert_eq!(discord.channel(thread.id.get())["type"], 11);
    thread
        .id
        .send_message(&http, CreateMessage::new().content("move 1"))
        .await
        .expect("a message in it");

    let path = format!(
        "/channels/{}/messages/{}/threads",
        discord.channel_id(),
        board.id
    );
    let second = main
        .send_message(&http, CreateMessage::new().content("b"))
        .await
        .expect("posted");
    let path2 = format!(
        "/channels/{}/messages/{}/threads",
        discord.channel_id(),
        second.id
    );
    for bad in [
        json!({ "name": "", "auto_archive_duration": 60 }),
        json!({ "name": "x", "auto_archive_duration": 30 }),
    ] {
        assert_eq!(
            raw_request(&discord, "POST", &path2, &bad).await.0,
            400,
            "{bad}"
        );
        discord.take_expected_error("/threads");
    }
    assert_eq!(
        raw_request(&discord, "POST", &path, &json!({ "name": "again" }))
            .await
            .0,
        400
    );
    discord.take_expected_error("already been created");
    let no_threads =
        ChannelId::new(discord.text_channel("no-threads", perm::CREATE_PUBLIC_THREADS));
    let there = no_threads
        .send_message(&http, CreateMessage::new().content("c"))
        .await
        .expect("posted");
    let refused = no_threads
        .create_thread_from_message(&http, there.id, CreateThread::new("nope"))
        .await;
    assert!(refused.is_err());
    discord.take_expected_error("Missing Permissions");

    let archived = thread
        .id
        .edit_thread(&http, EditThread::new().name("alice won").archived(true))
        .await
        .expect("archive");
    assert_eq!(archived.name, "alice won");
    assert_eq!(
        discord.channel(thread.id.get())["thread_metadata"]["archived"],
        true
    );
    let refused = thread
        .id
        .send_message(&http, CreateMessage::new().content("a rematch?"))
        .await;
    assert!(refused.is_err(), "a post in an archived thread");
    discord.take_expected_error("50083");
    thread
        .id
        .edit_thread(&http, EditThread::new().archived(false))
        .await
        .expect("the bot reopens its own thread");
    thread
        .id
        .send_message(&http, CreateMessage::new().content("a rematch?"))
        .await
        .expect("a message in the reopened thread");
    assert_eq!(
        discord.channel(thread.id.get())["thread_metadata"]["archived"],
        false
    );
    let lock = thread
        .id
        .edit_thread(&http, EditThread::new().locked(true))
        .await;
    assert!(lock.is_err(), "locking needs Manage Threads");
    discord.take_expected_error("Missing Permissions");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_have_members_and_archive_themselves_after_their_silence() {
    use futures_util::FutureExt as _;
    use serenity::all::{AutoArchiveDuration, CreateThread, EditThread};
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let main = ChannelId::new(discord.channel_id());
    let start = main
        .send_message(&http, CreateMessage::new().content("a game"))
        .await
        .expect("posted");
    let create =
        CreateThread::new("alice vs bob").auto_archive_duration(AutoArchiveDuration::OneHour);
    let thread = main
        .create_thread_from_message(&http, start.id, create)
        .await
        .expect("a thread")
        .id;
    let archived = || discord.channel(thread.get())["thread_metadata"]["archived"] == true;

    // Members: the creator, those added, those a message there pings.
    thread
        .add_thread_member(&http, UserId::new(alice.id))
        .await
        .expect("added");
    assert_eq!(
        discord.thread_members(thread.get()),
        [discord.bot().id, alice.id]
    );
    let listed = thread.get_thread_members(&http).await.expect("the list");
    assert_eq!(listed.len(), 2);
    let button = CreateButton::new("look").label("Look");
    let board = thread
        .send_message(
            &http,
            CreateMessage::new()
                .content(format!("{} your move", bob.mention()))
                .components(vec![CreateActionRow::Buttons(vec![button])]),
        )
        .await
        .expect("posted");
    assert!(
        discord.thread_members(thread.get()).contains(&bob.id),
        "a ping makes a member"
    );

    // An hour without a message archives it (on the stand-in's clock).
    discord.advance(Duration::from_secs(59 * 60));
    assert!(!archived());
    discord.advance(Duration::from_secs(2 * 60));
    assert!(archived(), "archived after its auto_archive_duration");

    // Archived: posts, edits, changes and new members are refused with 50083...
    let post = thread
        .send_message(&http, CreateMessage::new().content("hello?"))
        .await;
    assert!(post.is_err());
    assert!(
        discord
            .take_expected_error("50083")
            .contains("Thread is archived")
    );
    let edit = thread
        .edit_message(&http, board.id, EditMessage::new().content("edited"))
        .await;
    assert!(edit.is_err());
    discord.take_expected_error("50083");
    let rename = thread
        .edit_thread(&http, EditThread::new().name("renamed"))
        .await;
    assert!(rename.is_err());
    discord.take_expected_error("50083");
    let join = thread.add_thread_member(&http, UserId::new(carol.id)).await;
    assert!(join.is_err());
    discord.take_expected_error("50083");
    // ...and someone who is not a member cannot use its components.
    let click = std::panic::AssertUnwindSafe(discord.click(&carol, board.id.get(), "look"))
        .catch_unwind()
        .await;
    assert!(click.is_err(), "carol's client greys the button out");

    // Reopened, it takes messages again, and its silence counts from then.
    thread
        .edit_thread(&http, EditThread::new().archived(false))
        .await
        .expect("reopened");
    thread
        .send_message(&http, CreateMessage::new().content("your move"))
        .await
        .expect("posted");
    assert!(!archived());
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_reach_those_who_accept_them() {
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let dm = UserId::new(alice.id)
        .create_dm_channel(&http)
        .await
        .expect("a DM channel");
    assert_eq!(discord.channel(dm.id.get())["type"], 1);
    assert_eq!(discord.dm_channel(&alice), Some(dm.id.get()));
    let again = UserId::new(alice.id)
        .create_dm_channel(&http)
        .await
        .expect("the same channel");
    assert_eq!(again.id, dm.id);
    let sent = dm
        .id
        .send_message(&http, CreateMessage::new().content("your move"))
        .await
        .expect("a DM");
    assert_eq!(
        discord.notified(sent.id.get()),
        [alice.id],
        "a DM notifies its recipient"
    );
    assert_eq!(discord.notifications_for(&alice)[0].channel, dm.id.get());

    discord.close_dms(&bob);
    let closed = UserId::new(bob.id)
        .create_dm_channel(&http)
        .await
        .expect("the channel opens");
    assert!(
        closed
            .id
            .send_message(&http, CreateMessage::new().content("hi"))
            .await
            .is_err()
    );
    let refused = discord.requests().pop().expect("the message");
    assert_eq!(
        (refused.status, refused.response()["code"].clone()),
        (403, json!(50007))
    );
    assert_eq!(
        refused.response()["message"],
        "Cannot send messages to this user"
    );
    discord.take_expected_error("50007");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_channels_and_threads_reach_the_gateway() {
    // The scenario identifies twice within a second, as a bot whose `max_concurrency` allows.
    let discord = Standin::start_with(Options {
        max_concurrency: 16,
        ..Options::default()
    })
    .await;
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    discord.wait_ready().await;
    let lobby = discord.text_channel("lobby", 0);
    let thread = discord.thread(lobby, "game");
    let mut events = Vec::new();
    while events.len() < 4 {
        let frame = next_json(&mut ws).await;
        if frame["op"] == 0 {
            events.push(frame);
        }
    }
    assert_eq!(events[2]["t"], "CHANNEL_CREATE");
    assert_eq!(events[2]["d"]["id"], lobby.to_string());
    assert_eq!(events[3]["t"], "THREAD_CREATE");
    assert_eq!(events[3]["d"]["parent_id"], lobby.to_string());
    ws.close(None).await.expect("close");

    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    discord.wait_ready().await;
    let guild = loop {
        let frame = next_json(&mut ws).await;
        if frame["t"] == "GUILD_CREATE" {
            break frame;
        }
    };
    let channels: Vec<&Value> = guild["d"]["channels"]
        .as_array()
        .expect("channels")
        .iter()
        .map(|c| &c["name"])
        .collect();
    assert_eq!(channels, [&json!("dama"), &json!("lobby")]);
    assert_eq!(guild["d"]["threads"][0]["id"], thread.to_string());
    discord.assert_no_errors();
}
