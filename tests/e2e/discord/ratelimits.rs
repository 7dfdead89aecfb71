//! Discord's rate limits: a channel in slowmode during a sweep with several notices (the other
//! channels' notices arrive at once, the slowmode channel's later, in order, once each, and
//! the bot does not hammer the channel), the same channel with Manage Messages (not limited),
//! and a route's 429 on a follow-up or on the first answer (waited out, the answer arrives).

use std::time::{Duration, Instant};

use crate::discord::common::{answer, setup_with, setup_with_threads, start_thread_game, text};
use crate::support::discord_standin::{
    Overwrite, Person, Recorded, Slash, Standin, message_id, perm,
};

/// The game clock 300 times faster, swept every second: a challenge expires after 2 s.
const FAST_TIME: &str =
    "[game]\nclock_speed = 300.0\nsweep_interval = \"1s\"\nchallenge_expiry = \"10m\"\n";

/// Slowmode of the limited channel, seconds.
const SLOWMODE: u64 = 3;

/// `from` challenges `to` in `channel`; the answer is public.
async fn challenge_in(discord: &Standin, channel: u64, from: &Person, to: &Person) {
    let ix = discord
        .slash_in(channel, from, Slash::new("challenge").user("member", to))
        .await;
    let answered = answer(discord, &ix).await;
    assert!(!answered.ephemeral(), "{:#}", answered.body());
}

/// The bot's posts in `channel` that Discord took, in order.
fn posts_in(discord: &Standin, channel: u64) -> Vec<Recorded> {
    let path = format!("/channels/{channel}/messages");
    discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == path && r.status == 200)
        .collect()
}

/// Waits until `channel` has `count` posts of the bot, for at most `within`.
async fn wait_for_posts(discord: &Standin, channel: u64, count: usize, within: Duration) {
    let start = Instant::now();
    while posts_in(discord, channel).len() < count {
        assert!(
            start.elapsed() < within,
            "{} of {count} posts in {channel} after {within:?}: {:#?}",
            posts_in(discord, channel).len(),
            discord.rate_limited()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Three challenges expire in a channel, one in another; returns (the challengers in the
/// first channel, in order, the other channel's challenger, when the last challenge was made).
async fn expiring_challenges(
    discord: &Standin,
    limited: u64,
    other: u64,
) -> (Vec<Person>, Person, Instant) {
    let names = [("alice", "bob"), ("carol", "dave"), ("erin", "frank")];
    let mut challengers = Vec::new();
    for (from, to) in names {
        let (from, to) = (discord.user(from), discord.user(to));
        challenge_in(discord, limited, &from, &to).await;
        challengers.push(from);
    }
    let (gina, hank) = (discord.user("gina"), discord.user("hank"));
    challenge_in(discord, other, &gina, &hank).await;
    (challengers, gina, Instant::now())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slowmode_channel_during_a_sweep_gets_its_notices_later_in_order_once_each() {
    let (discord, _dir, _bot) = setup_with(FAST_TIME).await;
    let limited = discord.channel_id();
    let other = discord.text_channel("other", 0);
    discord.set_slowmode(limited, SLOWMODE);
    let (challengers, gina, made) = expiring_challenges(&discord, limited, other).await;

    // The other channel's notice comes at once (expiry 2 s, a sweep a second).
    wait_for_posts(&discord, other, 1, Duration::from_secs(6)).await;
    let posted = &posts_in(&discord, other)[0];
    assert!(
        posted.body()["content"]
            .as_str()
            .unwrap_or_default()
            .contains(&gina.mention()),
        "{posted}"
    );
    assert!(made.elapsed() < Duration::from_secs(6));

    // The limited channel's come one a window, in order, once each.
    let window = Duration::from_secs(SLOWMODE);
    wait_for_posts(&discord, limited, 3, window * 3 + Duration::from_secs(8)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let posts = posts_in(&discord, limited);
    let pinged: Vec<String> = posts
        .iter()
        .map(|p| p.body()["content"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(posts.len(), 3, "exactly once each: {pinged:#?}");
    for (post, challenger) in pinged.iter().zip(&challengers) {
        assert!(
            post.contains(&challenger.mention()),
            "in order: {pinged:#?}"
        );
    }
    for pair in posts.windows(2) {
        let gap = pair[1].at.duration_since(pair[0].at);
        assert!(gap + Duration::from_millis(100) >= window, "{gap:?}");
    }
    let expired = posts
        .iter()
        .map(|p| discord.message(message_id(p.response())))
        .collect::<Vec<_>>();
    assert!(expired.iter().all(|m| !text(m).is_empty()));

    // Slowmode's 429s came, and never two within one of Discord's waits.
    let limits: Vec<_> = discord
        .rate_limited()
        .into_iter()
        .filter(|l| l.path == format!("/channels/{limited}/messages"))
        .collect();
    assert!(!limits.is_empty(), "the channel was limited");
    assert!(limits.iter().all(|l| l.scope == "user"));
    for pair in limits.windows(2) {
        let gap = pair[1].at.duration_since(pair[0].at);
        let wait = Duration::from_secs_f64(pair[0].retry_after);
        assert!(
            gap + Duration::from_millis(100) >= wait,
            "tried again {gap:?} after a 429 that said {wait:?}: {limits:#?}"
        );
    }
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slowmode_does_not_limit_a_bot_with_manage_messages() {
    let (discord, _dir, _bot) = setup_with(FAST_TIME).await;
    let limited = discord.channel_id();
    let other = discord.text_channel("other", 0);
    let bot = discord.bot();
    discord.set_overwrites(
        limited,
        vec![Overwrite {
            id: bot.id,
            kind: 1,
            allow: perm::MANAGE_MESSAGES,
            deny: 0,
        }],
    );
    discord.set_slowmode(limited, SLOWMODE);
    let (challengers, _, made) = expiring_challenges(&discord, limited, other).await;
    wait_for_posts(&discord, limited, 3, Duration::from_secs(7)).await;
    wait_for_posts(&discord, other, 1, Duration::from_secs(1)).await;
    assert!(made.elapsed() < Duration::from_secs(7));
    let posts = posts_in(&discord, limited);
    assert_eq!(posts.len(), 3);
    for (post, challenger) in posts.iter().zip(&challengers) {
        let content = post.body()["content"].as_str().unwrap_or_default();
        assert!(content.contains(&challenger.mention()), "{content}");
    }
    assert!(
        discord.rate_limited().is_empty(),
        "{:#?}",
        discord.rate_limited()
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_route_limit_on_a_follow_up_is_waited_out_and_the_answer_arrives() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;

    // Deferred (created 2 s ago), so the ping comes as a follow-up; Discord limits it once.
    discord.rate_limit_next("POST", "/webhooks/*/*", 1, 1.0, "shared");
    discord.backdate_next_interaction(Duration::from_secs(2));
    let typed = discord
        .slash_in(
            game.thread,
            &alice,
            Slash::new("move").string("move", "22-18"),
        )
        .await;
    let moved = answer(&discord, &typed).await;
    assert_eq!(moved.kind(), 5, "deferred: {:#}", moved.body());
    let followups = format!("/webhooks/*/{}", typed.token);
    let ping = discord
        .next_request_where("the follow-up that pings", |r| {
            r.method == "POST"
                && crate::support::discord_standin::path_matches(&r.path, &followups)
                && r.status == 200
        })
        .await;
    assert_eq!(discord.notified(message_id(ping.response())), [bob.id]);
    let limits = discord.rate_limited();
    assert_eq!(limits.len(), 1, "{limits:#?}");
    let gap = ping.at.duration_since(limits[0].at);
    assert!(gap >= Duration::from_secs(1), "waited out: {gap:?}");
    discord.assert_no_errors();
}

/// Discord limits the first answer to a move once: the bot tries again within the
/// interaction's 3 s, and the move it committed is answered.
#[tokio::test]
async fn a_route_limit_on_the_first_answer_is_waited_out_and_the_move_answered() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;

    discord.rate_limit_next("POST", "/interactions/*/*/callback", 1, 0.2, "shared");
    let typed = discord
        .slash_in(
            game.thread,
            &alice,
            Slash::new("move").string("move", "22-18"),
        )
        .await;
    let path = format!("/interactions/{}/{}/callback", typed.id, typed.token);
    let answered = discord
        .next_request_where("the first answer Discord takes", |r| {
            r.method == "POST" && r.path == path && r.status == 204
        })
        .await;
    let limits = discord.rate_limited();
    assert_eq!(limits.len(), 1, "{limits:#?}");
    assert_eq!(limits[0].path, path, "{limits:#?}");
    assert!(answered.at >= limits[0].at);
    let board = discord.original(&typed).await;
    assert!(text(&board).contains("22-18"), "{board:#}");
    discord.assert_no_errors();
}
