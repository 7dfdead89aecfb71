//! Notifications by direct message: someone with `/settings notify:dm` hears of their turn
//! through their DM channel (opened once with `POST /users/@me/channels`, then reused); when
//! their DMs are closed the bot mentions them in the game's thread instead, and does not try
//! the DM again. Pings: a deferred answer (an edit, which notifies nobody) is followed by a
//! message that pings, and says what happened; an interaction that arrives too late to be
//! answered is not acted on.

use std::time::Duration;

use dama_rules::Game;

use crate::discord::common::{
    answer, channel_of, followup, setup_with_threads, start_thread_game, text,
};
use crate::support::discord_standin::{Person, Recorded, Slash, Standin, message_id};

/// `/settings notify:dm` (the first choice), answered privately.
async fn notify_by_dm(discord: &Standin, who: &Person) {
    let ix = discord
        .slash(who, Slash::new("settings").integer("notify", 0))
        .await;
    let answered = answer(discord, &ix).await;
    assert!(answered.ephemeral(), "{:#}", answered.body());
}

/// The first legal move of `game`, typed by `who` in `thread` with `/move`: a public answer.
/// Returns the move as written.
async fn move_in(discord: &Standin, thread: u64, who: &Person, game: &mut Game) -> String {
    let m = game.position().legal_moves()[0];
    let written = game.position().move_text(&m);
    let ix = discord
        .slash_in(thread, who, Slash::new("move").string("move", &written))
        .await;
    let moved = answer(discord, &ix).await;
    assert!(!moved.ephemeral(), "/move {written}: {:#}", moved.body());
    game.play(&m).expect("a legal move");
    written
}

/// The bot's requests that open a DM channel.
fn dm_openings(discord: &Standin) -> Vec<Recorded> {
    discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == "/users/@me/channels")
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_turn_comes_by_direct_message_through_one_dm_channel() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    notify_by_dm(&discord, &bob).await;
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;

    let mut moves = Game::default();
    let first = move_in(&discord, game.thread, &alice, &mut moves).await;
    let opened = discord.next_request("POST", "/users/@me/channels").await;
    assert_eq!(opened.status, 200, "{opened}");
    assert_eq!(opened.body()["recipient_id"], bob.id.to_string());
    let dm = discord.dm_channel(&bob).expect("a DM channel with bob");
    assert_eq!(message_id(opened.response()), dm);
    let path = format!("/channels/{dm}/messages");
    let sent = discord
        .next_request_where("the DM", |r| r.method == "POST" && r.path == path)
        .await;
    assert_eq!(sent.status, 200, "{sent}");
    let message = discord.message(message_id(sent.response()));
    assert!(text(&message).contains(&first), "{}", text(&message));
    assert!(
        discord.notified(message_id(&message)).contains(&bob.id),
        "the DM notifies bob"
    );
    // The first board brings both players into the thread; after it, bob's turns are DMs.
    let pinged_in_thread: Vec<String> = discord
        .notifications_for(&bob)
        .iter()
        .filter(|n| n.message != message_id(&game.board))
        .map(|n| discord.message(n.message))
        .filter(|m| channel_of(m) == game.thread)
        .map(|m| text(&m))
        .collect();
    assert!(
        pinged_in_thread.is_empty(),
        "with DMs, the thread names bob without a ping: {pinged_in_thread:?}"
    );

    // The next DM is one request: the channel is remembered.
    move_in(&discord, game.thread, &bob, &mut moves).await;
    move_in(&discord, game.thread, &alice, &mut moves).await;
    let again = discord
        .next_request_where("the second DM", |r| r.method == "POST" && r.path == path)
        .await;
    assert_eq!(again.status, 200, "{again}");
    assert_eq!(
        dm_openings(&discord).len(),
        1,
        "the DM channel is opened once"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_direct_messages_fall_back_to_a_ping_in_the_thread() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    notify_by_dm(&discord, &bob).await;
    discord.close_dms(&bob);
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;

    let mut moves = Game::default();
    move_in(&discord, game.thread, &alice, &mut moves).await;
    let thread_path = format!("/channels/{}/messages", game.thread);
    let fallback = discord
        .next_request_where("the fallback ping", |r| {
            r.method == "POST" && r.path == thread_path
        })
        .await;
    assert_eq!(fallback.status, 200, "{fallback}");
    let refused = discord.take_expected_error("50007");
    assert!(refused.contains("/channels/"), "{refused}");
    let ping = discord.message(message_id(fallback.response()));
    assert!(
        text(&ping).starts_with(&bob.mention()),
        "the mention in front: {}",
        text(&ping)
    );
    assert_eq!(discord.notified(message_id(&ping)), [bob.id]);

    // Bob's next turn: a ping in the thread, no DM tried again.
    move_in(&discord, game.thread, &bob, &mut moves).await;
    move_in(&discord, game.thread, &alice, &mut moves).await;
    let dm = discord.dm_channel(&bob).expect("the DM channel was opened");
    let dm_path = format!("/channels/{dm}/messages");
    let attempts = discord
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == dm_path)
        .count();
    assert_eq!(attempts, 1, "a failed DM is never retried");
    let pinged = discord
        .notifications_for(&bob)
        .iter()
        .filter(|n| channel_of(&discord.message(n.message)) == game.thread)
        .count();
    assert!(pinged >= 2, "bob is pinged in the thread for each turn");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_discord_fails_to_take_does_not_close_them() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    notify_by_dm(&discord, &bob).await;
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let mut moves = Game::default();
    move_in(&discord, game.thread, &alice, &mut moves).await;
    let (dm, _) = dm_posts(&discord, &bob, 1).await;

    // Discord fails the next DM with a 500: bob is pinged in the thread this time...
    discord.fail_next("POST", &format!("/channels/{dm}/messages"));
    move_in(&discord, game.thread, &bob, &mut moves).await;
    move_in(&discord, game.thread, &alice, &mut moves).await;
    dm_posts(&discord, &bob, 2).await;
    // ...and his next turn goes by DM again: only 50007 closes them.
    move_in(&discord, game.thread, &bob, &mut moves).await;
    move_in(&discord, game.thread, &alice, &mut moves).await;
    let (_, statuses) = dm_posts(&discord, &bob, 3).await;
    assert_eq!(statuses, [200, 500, 200]);
    let pinged_in_thread = discord
        .notifications_for(&bob)
        .iter()
        .any(|n| channel_of(&discord.message(n.message)) == game.thread);
    assert!(
        pinged_in_thread,
        "the failed DM's turn is a ping in the thread"
    );
    discord.assert_no_errors();
}

/// The answers to the bot's direct messages to `to` once there are at least `count` of them,
/// and their channel.
async fn dm_posts(discord: &Standin, to: &Person, count: usize) -> (u64, Vec<u16>) {
    for _ in 0..200 {
        if let Some(dm) = discord.dm_channel(to) {
            let path = format!("/channels/{dm}/messages");
            let statuses: Vec<u16> = discord
                .requests()
                .iter()
                .filter(|r| r.method == "POST" && r.path == path)
                .map(|r| r.status)
                .collect();
            if statuses.len() >= count {
                return (dm, statuses);
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} direct messages to {}", to.name);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_move_notifies_the_opponent_with_what_happened() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let before = discord.notifications_for(&bob).len();

    // Created 2 s ago (queued at Discord): too old to answer directly, so it is deferred.
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
    assert!(text(&moved.message).contains("22-18"));
    assert!(
        discord.notified(message_id(&moved.message)).is_empty(),
        "an edit notifies nobody"
    );
    let ping = followup(&discord, &typed).await;
    assert_eq!(discord.notified(message_id(&ping)), [bob.id]);
    let content = ping["content"].as_str().unwrap_or_default();
    assert!(
        content.starts_with(&bob.mention()) && content.contains("22-18"),
        "the ping says what happened: {content}"
    );
    let news = &discord.notifications_for(&bob)[before..];
    assert_eq!(news.len(), 1, "{news:?}");
    assert_ne!(
        news[0].content.trim(),
        bob.mention(),
        "never a bare mention"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_replayed_too_late_is_not_acted_on() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let posted = discord.messages().len();

    // A move replayed 5 s after alice made it (a gateway resume): Discord no longer takes an
    // answer, so the bot must not play it.
    discord.backdate_next_interaction(Duration::from_secs(5));
    let late = discord
        .slash_in(
            game.thread,
            &alice,
            Slash::new("move").string("move", "22-18"),
        )
        .await;
    let path = format!("/interactions/{}/{}/callback", late.id, late.token);
    let refused = discord
        .next_request_where("the late acknowledgment", |r| {
            r.method == "POST" && r.path == path
        })
        .await;
    assert_eq!(refused.status, 404, "{refused}");
    discord.take_expected_error("10062");
    discord.take_expected_error("too late");
    discord.take_expected_error("never answered");

    // Nothing was played: the same move, made again in time, is alice's to make.
    let again = discord
        .slash_in(
            game.thread,
            &alice,
            Slash::new("move").string("move", "22-18"),
        )
        .await;
    let moved = answer(&discord, &again).await;
    assert!(!moved.ephemeral(), "{:#}", moved.body());
    assert!(text(&moved.message).contains("22-18"));
    let attempts = discord
        .requests()
        .iter()
        .filter(|r| r.path.contains(&late.token) || r.path.contains(&late.id.to_string()))
        .count();
    assert_eq!(attempts, 1, "one acknowledgment tried, nothing else");
    assert_eq!(
        discord.messages().len(),
        posted + 1,
        "only the answer in time was posted"
    );
    discord.assert_no_errors();
}
