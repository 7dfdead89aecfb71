//! A live game played from the Activity against the real binary, launched in a voice channel:
//! pages whose people Discord vouched for (the OAuth2 code, the activity instance), a challenge
//! on a clock to someone present, and the flag falling on the server's clock, seen on the pages
//! and in the voice channel's chat.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::discord::activity::{activity_config, free_port, page_token, start_global};
use crate::discord::common::{next_post, text};
use crate::support::discord_standin::{Person, Standin};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A page of `person` in `instance`, after its `hello`: the socket.
async fn open_page(
    discord: &Standin,
    port: u16,
    person: &Person,
    channel: u64,
    instance: &str,
) -> Socket {
    let (status, session) = page_token(port, &discord.mint_code(person)).await;
    assert_eq!(status, 200, "{session:#}");
    let url = format!(
        "ws://127.0.0.1:{port}/ws?session={}&instance={instance}&channel={}&locale={}",
        session["session"].as_str().unwrap(),
        channel,
        person.locale,
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the page's WebSocket opens");
    next(&mut socket, "a hello", |frame| frame["type"] == "hello").await;
    socket
}

/// The next frame for which `wanted` holds (others skipped).
async fn next(socket: &mut Socket, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let mut skipped = Vec::new();
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {what} in time, only {skipped:#?}"))
            .expect("the socket is open")
            .expect("a frame");
        if let Message::Text(text) = message {
            let frame: Value = serde_json::from_str(&text).expect("JSON");
            if wanted(&frame) {
                return frame;
            }
            if frame["type"] != "game" {
                skipped.push(frame);
            }
        }
    }
}

async fn send(socket: &mut Socket, frame: Value) {
    socket
        .send(Message::Text(frame.to_string()))
        .await
        .expect("the frame is sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_from_the_activity_in_a_voice_channel_ends_when_a_flag_falls() {
    let discord = Standin::start().await;
    discord.enable_activities(true);
    let dir = tempfile::tempdir().expect("a temp dir");
    let port = free_port();
    // The game clock a hundred times faster: a 10+5 game's ten minutes last 6 s.
    let config = format!(
        "{}\n[game]\nclock_speed = 100.0\nchallenge_expiry = \"10h\"\n",
        activity_config(port)
    );
    let (_bot, _) = start_global(&discord, &dir, &config, "live").await;
    let (alice, bob) = (discord.user_with_locale("alice", "it"), discord.user("bob"));
    // Alice and Bob talk in a voice channel and start the Activity there.
    let voice = discord.voice_channel("Lounge");
    let instance = discord.start_activity(voice, &[&alice, &bob]);
    let mut alice_page = open_page(&discord, port, &alice, voice, &instance).await;
    let mut bob_page = open_page(&discord, port, &bob, voice, &instance).await;

    // Bob is present on Alice's lobby: she challenges him on a 10+5 clock, with White.
    let bob_id = bob.id.to_string();
    next(&mut alice_page, "Bob present", |frame| {
        frame["type"] == "lobby"
            && frame["present"]
                .as_array()
                .is_some_and(|people| people.iter().any(|p| p["id"] == bob_id.as_str()))
    })
    .await;
    send(
        &mut alice_page,
        json!({"type": "challenge", "opponent": bob_id, "colour": "white", "time": "10+5"}),
    )
    .await;
    let lobby = next(&mut bob_page, "the challenge to Bob", |frame| {
        frame["type"] == "lobby" && frame["challenges"] != json!([])
    })
    .await;
    let challenge = &lobby["challenges"][0];
    assert_eq!(challenge["time"], "10+5", "{lobby:#}");
    assert_eq!(challenge["to"]["id"], bob_id.as_str(), "{lobby:#}");
    send(
        &mut bob_page,
        json!({"type": "accept", "challenge": challenge["id"]}),
    )
    .await;

    // Bob's page opens the game; Alice's sees it in the lobby and opens it, as the page does
    // with a new game of its person's. On the clock.
    let is_game = |frame: &Value| frame["type"] == "game";
    next(&mut bob_page, "Bob's game", is_game).await;
    let lobby = next(&mut alice_page, "Alice's game in her lobby", |frame| {
        frame["type"] == "lobby" && frame["games"] != json!([])
    })
    .await;
    send(
        &mut alice_page,
        json!({"type": "watch", "game": lobby["games"][0]["id"]}),
    )
    .await;
    let game = next(&mut alice_page, "Alice's game", is_game).await["game"].clone();
    assert_eq!(game["clock"]["base_ms"], 600_000, "{game:#}");
    assert_eq!(game["clock"]["increment_ms"], 5_000, "{game:#}");
    assert_eq!(game["clock"]["running"], "white", "{game:#}");
    let id = game["id"].clone();

    // Alice moves; Bob does not, and his flag falls on the server's clock.
    send(
        &mut alice_page,
        json!({"type": "move", "game": id, "ply": 0, "move": "22-18"}),
    )
    .await;
    let ended = |frame: &Value| frame["type"] == "game" && frame["game"]["status"] == "finished";
    let seen = next(&mut bob_page, "the game's end on Bob's page", ended).await;
    let result =
        serde_json::from_value::<dama_core::text::RichText>(seen["game"]["result"]["text"].clone())
            .unwrap()
            .to_string();
    assert!(result.contains("on time"), "{seen:#}");
    assert_eq!(seen["game"]["ply"], 1, "{seen:#}");
    assert_eq!(seen["game"]["result"]["winner"], "white", "{seen:#}");
    let seen = next(&mut alice_page, "the game's end on Alice's page", ended).await;
    let italian =
        serde_json::from_value::<dama_core::text::RichText>(seen["game"]["result"]["text"].clone())
            .unwrap()
            .to_string();
    assert!(italian.contains("per tempo"), "{seen:#}");

    // The voice channel's chat hears of it too (where the game's board was posted).
    let mut posts = Vec::new();
    loop {
        let said = text(&next_post(&discord, voice).await);
        // The game speaks Alice's Italian: she started it, in a server that chose nothing.
        if said.contains("per tempo la partita #") {
            assert!(said.contains(&alice.mention()), "{said}");
            break;
        }
        posts.push(said);
        assert!(posts.len() < 5, "no flag among {posts:#?}");
    }
    discord.assert_no_errors();
}

/// The posts in `channel` until one for which `wanted` holds (at most `most` before it): that
/// one's message.
async fn post_where(
    discord: &Standin,
    channel: u64,
    most: usize,
    wanted: impl Fn(&str) -> bool,
) -> Value {
    let mut seen = Vec::new();
    loop {
        let post = next_post(discord, channel).await;
        if wanted(&text(&post)) {
            return post;
        }
        seen.push(text(&post));
        assert!(seen.len() < most, "not among {seen:#?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_done_on_the_page_is_posted_and_notified_in_the_channel_as_on_discord() {
    let discord = Standin::start().await;
    discord.enable_activities(true);
    let dir = tempfile::tempdir().expect("a temp dir");
    let port = free_port();
    let (_bot, _) = start_global(&discord, &dir, &activity_config(port), "page-posts").await;
    crate::discord::common::threads_off(&discord).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let channel = discord.channel_id();
    let instance = discord.start_activity(channel, &[&alice, &bob]);
    let mut alice_page = open_page(&discord, port, &alice, channel, &instance).await;
    let mut bob_page = open_page(&discord, port, &bob, channel, &instance).await;

    // Alice challenges Bob from her page: the challenge is posted in the channel, pinging him.
    let bob_id = bob.id.to_string();
    send(
        &mut alice_page,
        json!({"type": "challenge", "opponent": bob_id, "colour": "white"}),
    )
    .await;
    let challenge = post_where(&discord, channel, 3, |said| said.contains(&bob.mention())).await;
    assert_eq!(discord.notified(message_id_of(&challenge)), [bob.id]);
    let lobby = next(&mut bob_page, "the challenge to Bob", |frame| {
        frame["type"] == "lobby" && frame["challenges"] != json!([])
    })
    .await;
    send(
        &mut bob_page,
        json!({"type": "accept", "challenge": lobby["challenges"][0]["id"]}),
    )
    .await;
    // The game's first board in the channel, where a challenge accepted on Discord puts it.
    let first = post_where(&discord, channel, 3, |said| {
        said.contains("22-18") || said.contains(&alice.mention())
    })
    .await;
    assert!(
        !first["embeds"].as_array().unwrap().is_empty(),
        "a board: {first:#}"
    );
    let game =
        next(&mut bob_page, "Bob's game", |frame| frame["type"] == "game").await["game"].clone();

    // Alice moves on her page: the board follows in the channel and Bob is pinged, as a move
    // on Discord does.
    send(
        &mut alice_page,
        json!({"type": "move", "game": game["id"], "ply": 0, "move": "22-18"}),
    )
    .await;
    let moved = post_where(&discord, channel, 3, |said| said.contains("22-18")).await;
    assert!(text(&moved).contains(&bob.mention()), "{}", text(&moved));
    assert_eq!(discord.notified(message_id_of(&moved)), [bob.id]);
    assert!(
        !moved["embeds"].as_array().unwrap().is_empty(),
        "the board: {moved:#}"
    );

    // Bob resigns on his page: the result is posted, naming Alice the winner.
    send(&mut bob_page, json!({"type": "resign", "game": game["id"]})).await;
    let ended = post_where(&discord, channel, 4, |said| said.contains("resign")).await;
    assert!(text(&ended).contains(&alice.mention()), "{}", text(&ended));
    discord.assert_no_errors();
}

/// A posted message's id.
fn message_id_of(message: &Value) -> u64 {
    message["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .expect("a message id")
}
