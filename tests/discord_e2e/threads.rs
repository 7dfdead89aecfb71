//! Games in threads of their own: an accepted challenge opens a thread from its message, the
//! board and the moves go there, several games run from one channel at once, the end archives
//! the thread with one line in the channel; where the bot may not open threads, one game per
//! channel as before, with a tip.

use dama_rules::Position;
use serde_json::Value;

use crate::common::{
    answer, assert_board, channel_of, custom_id, next_post, option_for, setup_with_threads,
    start_thread_game, text,
};
use crate::support::discord_standin::{Slash, message_id, perm};

/// Whether the bot asked Discord for a thread anywhere.
fn threads_opened(discord: &crate::support::discord_standin::Standin) -> usize {
    discord
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accepted_challenges_open_threads_and_their_games_are_played_there() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob, carol, dave) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
        discord.user("dave"),
    );
    let channel = discord.channel_id();

    let first = start_thread_game(&discord, channel, &alice, &bob).await;
    assert!(
        first.start["attachments"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "the board goes in the thread, not on the line in the channel: {:#}",
        first.start
    );
    assert!(
        discord
            .notified(message_id(&first.board))
            .contains(&alice.id),
        "White, to move, is pinged in the thread"
    );

    // A move in the thread, typed there.
    let typed = discord
        .slash_in(
            first.thread,
            &alice,
            Slash::new("move").string("move", "22-18"),
        )
        .await;
    let moved = answer(&discord, &typed).await;
    assert!(!moved.ephemeral(), "{:#}", moved.body());
    assert_eq!(
        moved.message["channel_id"],
        first.thread.to_string(),
        "the answer is in the thread"
    );
    assert_board(&discord, &moved.message);
    assert!(
        text(&moved.message).contains("22-18"),
        "{}",
        text(&moved.message)
    );

    // A second game from the same channel at once, in a thread of its own.
    let second = start_thread_game(&discord, channel, &carol, &dave).await;
    assert_ne!(second.thread, first.thread);
    let start = Position::initial();
    let opening = start.parse_move("22-18").expect("a legal first move");
    let value = option_for(&second.board, &start, &opening);
    let picked = discord
        .select(
            &carol,
            message_id(&second.board),
            &custom_id(&second.board, "move"),
            &[value.as_str()],
        )
        .await;
    let played = answer(&discord, &picked).await;
    assert!(!played.ephemeral(), "{:#}", played.body());
    assert_eq!(played.message["channel_id"], second.thread.to_string());

    // Each game answers in its own thread: bob replies in the first one.
    let reply = discord
        .slash_in(
            first.thread,
            &bob,
            Slash::new("move").string("move", "10-14"),
        )
        .await;
    let replied = answer(&discord, &reply).await;
    assert!(!replied.ephemeral(), "{:#}", replied.body());
    assert!(text(&replied.message).contains("10-14"));
    assert_eq!(threads_opened(&discord), 2);
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_a_game_archives_its_thread_and_tells_the_channel() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let channel = discord.channel_id();
    let game = start_thread_game(&discord, channel, &alice, &bob).await;

    let resign = discord
        .slash_in(game.thread, &bob, Slash::new("resign"))
        .await;
    let resigned = answer(&discord, &resign).await;
    assert!(!resigned.ephemeral(), "{:#}", resigned.body());
    assert_eq!(resigned.message["channel_id"], game.thread.to_string());

    let line = next_post(&discord, channel).await;
    let said = text(&line);
    assert!(
        said.contains("Alice") && said.contains("Bob"),
        "the result in the channel: {said}"
    );
    assert!(
        line["attachments"].as_array().is_none_or(Vec::is_empty),
        "one line, no board: {line:#}"
    );
    let path = format!("/channels/{}", game.thread);
    let archived = discord
        .next_request_where("the thread's archiving", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert_eq!(archived.status, 200, "{archived}");
    assert_eq!(archived.body()["archived"], true);
    assert_eq!(
        discord.channel(game.thread)["thread_metadata"]["archived"],
        true
    );
    let in_channel: Vec<Value> = discord
        .messages()
        .into_iter()
        .filter(|m| channel_of(m) == channel)
        .collect();
    assert_eq!(
        in_channel.len(),
        2,
        "the channel has the game's first line and its result, nothing else: {in_channel:#?}"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_a_channel_has_one_game_and_a_tip() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob, carol, dave) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
        discord.user("dave"),
    );
    let room = discord.text_channel("no-threads", perm::CREATE_PUBLIC_THREADS);

    let challenge = discord
        .slash_in(
            room,
            &alice,
            Slash::new("challenge")
                .user("member", &bob)
                .integer("colour", 0),
        )
        .await;
    let message = answer(&discord, &challenge).await.message;
    let accept = custom_id(&message, "accept");
    let ok = discord.click(&bob, message_id(&message), &accept).await;
    let accepted = answer(&discord, &ok).await;
    assert!(!accepted.ephemeral(), "{:#}", accepted.body());
    assert_eq!(accepted.kind(), 7, "the challenge becomes the board");
    assert_board(&discord, &accepted.message);
    let said = text(&accepted.message);
    assert!(
        said.contains("Create Public Threads"),
        "the tip names the permission: {said}"
    );

    let another = discord
        .slash_in(
            room,
            &carol,
            Slash::new("challenge")
                .user("member", &dave)
                .integer("colour", 0),
        )
        .await;
    let refused = answer(&discord, &another).await;
    assert!(
        refused.ephemeral(),
        "one game at a time in this channel: {:#}",
        refused.body()
    );
    assert_eq!(threads_opened(&discord), 0, "no thread was asked for");
    discord.assert_no_errors();
}
