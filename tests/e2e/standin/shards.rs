//! Locales and sharding.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_carry_the_users_and_the_guilds_locale() {
    let (discord, _session) = with_think(Options::default()).await;
    let plain = discord
        .slash(&discord.user("amy"), Slash::new("think"))
        .await;
    assert_eq!(
        (
            plain.payload["locale"].clone(),
            plain.payload["guild_locale"].clone()
        ),
        (json!("en-US"), json!("en-US"))
    );
    discord.set_guild_locale("it");
    let luca = discord.user_with_locale("luca", "it");
    let sofia = discord.user_with_locale("sofia", "es-419");
    let italian = discord.slash(&luca, Slash::new("think")).await;
    assert_eq!(
        (
            italian.payload["locale"].clone(),
            italian.payload["guild_locale"].clone()
        ),
        (json!("it"), json!("it"))
    );
    let spanish = discord
        .autocomplete(&sofia, Slash::new("think").focused("about", "a"))
        .await;
    assert_eq!(spanish.payload["locale"], "es-419");
    assert_eq!(discord.user("luca").locale, "it");
    for sent in [&plain, &italian, &spanish] {
        let answer = if sent.kind == 4 {
            CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new())
        } else {
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new().content("ok"),
            )
        };
        discord
            .http()
            .create_interaction_response(
                InteractionId::new(sent.id),
                &sent.token,
                &answer,
                Vec::new(),
            )
            .await
            .expect("answered");
    }
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[should_panic(expected = "is not a Discord locale")]
async fn a_locale_discord_does_not_have_cannot_be_used() {
    let discord = Standin::start().await;
    let _ = discord.user_with_locale("pierre", "fr-FR");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identify_must_use_the_recommended_shard_count() {
    let discord = Standin::start().await;
    let answer = discord
        .http()
        .get_bot_gateway()
        .await
        .expect("GET /gateway/bot");
    assert_eq!(answer.shards, 1);
    assert_eq!(answer.session_start_limit.max_concurrency, 1);
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 2],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    let closed = tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("an answer in time");
    match closed {
        Some(Ok(WsMessage::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4010),
        other => panic!("expected close 4010, got {other:?}"),
    }
    discord.take_expected_error("2 shards where /gateway/bot recommends 1");
    discord.assert_no_errors();
}

/// Connects to the gateway and identifies as `shard`; returns the socket after READY, and
/// READY's `d`.
async fn identify_as(
    discord: &Standin,
    shard: Value,
) -> (
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    Value,
) {
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": shard,
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    let ready = next_json(&mut ws).await;
    assert_eq!(ready["t"], "READY", "{ready}");
    (ws, ready["d"].clone())
}

/// The ids of the guilds a READY lists.
fn ready_guilds(ready: &Value) -> Vec<u64> {
    let mut ids: Vec<u64> = ready["guilds"]
        .as_array()
        .expect("READY lists guilds")
        .iter()
        .map(|g| {
            g["id"]
                .as_str()
                .expect("an id")
                .parse()
                .expect("a snowflake")
        })
        .collect();
    ids.sort_unstable();
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_guild_reaches_only_the_shard_that_owns_it() {
    // Three sessions within a second, as a bot whose `max_concurrency` allows.
    let discord = Standin::start_with(Options {
        shards: 2,
        max_concurrency: 16,
        ..Options::default()
    })
    .await;
    let answer = discord
        .http()
        .get_bot_gateway()
        .await
        .expect("GET /gateway/bot");
    assert_eq!(answer.shards, 2);
    let (on_0, channel_0) = discord.add_guild(0);
    let (on_1, channel_1) = discord.add_guild(1);
    assert_eq!(((on_0 >> 22) % 2, (on_1 >> 22) % 2), (0, 1));
    let first = discord.guild_id();
    let mut of_shard = [vec![on_0], vec![on_1]];
    of_shard[discord.shard_of(first) as usize].push(first);
    for list in &mut of_shard {
        list.sort_unstable();
    }

    let (mut zero, ready_0) = identify_as(&discord, json!([0, 2])).await;
    let (mut one, ready_1) = identify_as(&discord, json!([1, 2])).await;
    assert_eq!(ready_0["shard"], json!([0, 2]));
    assert_eq!(ready_1["shard"], json!([1, 2]));
    assert_eq!(ready_guilds(&ready_0), of_shard[0]);
    assert_eq!(ready_guilds(&ready_1), of_shard[1]);
    // Each shard gets a GUILD_CREATE for each of its guilds, in no particular order.
    for (ws, guilds) in [(&mut zero, &of_shard[0]), (&mut one, &of_shard[1])] {
        let mut created = Vec::new();
        for _ in guilds {
            let create = next_json(ws).await;
            assert_eq!(create["t"], "GUILD_CREATE");
            let id = create["d"]["id"].as_str().expect("a guild id");
            created.push(id.parse::<u64>().expect("a snowflake"));
        }
        created.sort_unstable();
        assert_eq!(&created, guilds);
    }
    assert_eq!(discord.live_shards(), [0, 1]);

    // A thread in the guild of shard 1 is news for shard 1 only: shard 0's next frame is the
    // answer to its heartbeat.
    let thread = discord.thread(channel_1, "partita");
    let created = next_json(&mut one).await;
    assert_eq!(created["t"], "THREAD_CREATE");
    assert_eq!(created["d"]["id"], thread.to_string());
    assert_eq!(created["d"]["guild_id"], on_1.to_string());
    zero.send(WsMessage::Text(json!({ "op": 1, "d": null }).to_string()))
        .await
        .expect("heartbeat");
    assert_eq!(next_json(&mut zero).await["op"], 11);
    let thread = discord.thread(channel_0, "altra");
    let created = next_json(&mut zero).await;
    assert_eq!(created["d"]["id"], thread.to_string());
    one.send(WsMessage::Text(json!({ "op": 1, "d": null }).to_string()))
        .await
        .expect("heartbeat");
    assert_eq!(next_json(&mut one).await["op"], 11);

    // Fewer shards than Discord recommends: "Sharding required".
    let url = format!("{}/?v=10", discord.gateway_url());
    let (mut ws, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the gateway accepts");
    assert_eq!(next_json(&mut ws).await["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": discord.token(), "intents": 1, "properties": {}, "shard": [0, 1],
    }});
    ws.send(WsMessage::Text(identify.to_string()))
        .await
        .expect("send identify");
    match tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("an answer in time")
    {
        Some(Ok(WsMessage::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4011),
        other => panic!("expected close 4011, got {other:?}"),
    }
    discord.take_expected_error("1 shards where /gateway/bot recommends 2");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identifies_beyond_max_concurrency_in_five_seconds_are_reported() {
    let discord = Standin::start_with(Options {
        shards: 2,
        ..Options::default()
    })
    .await;
    let limits = discord
        .http()
        .get_bot_gateway()
        .await
        .expect("GET /gateway/bot");
    assert_eq!(limits.session_start_limit.max_concurrency, 1);
    let _zero = identify_as(&discord, json!([0, 2])).await;
    assert!(discord.errors().is_empty(), "{:?}", discord.errors());
    // Another session at once: Discord refuses it; the stand-in reports it.
    let _one = identify_as(&discord, json!([1, 2])).await;
    let errors = discord.errors();
    assert!(
        errors.iter().any(|e| e.contains("max_concurrency")),
        "{errors:?}"
    );
}
