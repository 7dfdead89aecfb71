//! Rate limits: slowmode on the bot's channel posts (unless it has Manage Messages), interaction
//! answers exempt, a route's 429 on demand, with Discord's headers and body.

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::*;
use crate::support::discord_standin::{Overwrite, perm};

/// Posts `content` in `channel` over a plain HTTP/1.1 connection: (status line and headers,
/// body), so the test sees the headers serenity's error drops.
async fn raw_post(discord: &Standin, channel: u64, content: &str) -> (String, Value) {
    let address = discord.rest_url().trim_start_matches("http://").to_owned();
    let body = json!({ "content": content }).to_string();
    let request = format!(
        "POST /api/v10/channels/{channel}/messages HTTP/1.1\r\nHost: {address}\r\n\
         Authorization: Bot {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        discord.token(),
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(&address)
        .await
        .expect("the stand-in's REST port");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("the request is sent");
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .await
        .expect("the answer is read");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let json = serde_json::from_str(body.trim()).unwrap_or(Value::Null);
    (head.to_lowercase(), json)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slowmode_limits_the_bots_channel_posts_but_not_its_answers() {
    let (discord, _session) = with_think(Options::default()).await;
    let slow = discord.text_channel("slow", 0);
    discord.set_slowmode(slow, 30);
    assert_eq!(discord.channel(slow)["rate_limit_per_user"], 30);

    let (head, _) = raw_post(&discord, slow, "first").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let (head, body) = raw_post(&discord, slow, "second").await;
    assert!(head.starts_with("http/1.1 429"), "{head}");
    assert!(head.contains("retry-after: "), "{head}");
    assert!(head.contains("x-ratelimit-scope: user"), "{head}");
    assert_eq!(body["code"], 20016, "{body}");
    assert_eq!(body["global"], false);
    assert_eq!(body["message"], "You are being rate limited.");
    let wait = body["retry_after"].as_f64().expect("seconds");
    assert!(wait > 29.0 && wait <= 30.0, "{wait}");
    let limited = discord.rate_limited();
    assert_eq!(limited.len(), 1);
    assert_eq!(limited[0].scope, "user");
    assert!(discord.errors().is_empty(), "a 429 is no error of the test");

    // The window follows the stand-in's clock.
    discord.advance(Duration::from_secs(31));
    let (head, _) = raw_post(&discord, slow, "third").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");

    // Interaction answers are exempt.
    let who = discord.user("yuri");
    let think = discord.slash_in(slow, &who, Slash::new("think")).await;
    let answer = CreateInteractionResponseMessage::new().content("answered in slowmode");
    discord
        .http()
        .create_interaction_response(
            InteractionId::new(think.id),
            &think.token,
            &CreateInteractionResponse::Message(answer),
            Vec::new(),
        )
        .await
        .expect("an answer is no channel post");

    // With Manage Messages the bot is not limited.
    let bot = discord.bot();
    let managed = discord.text_channel("managed", 0);
    discord.set_overwrites(
        managed,
        vec![Overwrite {
            id: bot.id,
            kind: 1,
            allow: perm::MANAGE_MESSAGES,
            deny: 0,
        }],
    );
    discord.set_slowmode(managed, 30);
    for content in ["one", "two"] {
        let (head, _) = raw_post(&discord, managed, content).await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
    }
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_route_limit_answers_429_as_often_as_asked() {
    let (discord, _session) = with_think(Options::default()).await;
    let channel = discord.channel_id();
    discord.rate_limit_next("POST", "/channels/*/messages", 2, 1.5, "global");
    for _ in 0..2 {
        let (head, body) = raw_post(&discord, channel, "limited").await;
        assert!(head.starts_with("http/1.1 429"), "{head}");
        assert!(head.contains("x-ratelimit-scope: global"), "{head}");
        assert!(head.contains("x-ratelimit-global: true"), "{head}");
        assert!(head.contains("retry-after: 1.5"), "{head}");
        assert_eq!(body["global"], true, "{body}");
        assert_eq!(body.get("x_scope"), None, "{body}");
    }
    let (head, _) = raw_post(&discord, channel, "through").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let limited = discord.rate_limited();
    assert_eq!(limited.len(), 2);
    assert!(
        limited
            .iter()
            .all(|l| l.scope == "global" && l.method == "POST")
    );
    discord.assert_no_errors();
}
