//! Games in threads of their own: an accepted challenge opens a thread from its message, the
//! board and the moves go there (its players added as members), several games run from one
//! channel at once, the end leaves the thread open a day (a spectator's Rematch works there)
//! with one line in the channel, a thread Discord archived after a week of silence reopens at
//! once while its game goes on (or for the next move) and stays archived once it is over; where the bot may not open threads, one game per channel as before, with a
//! tip.

use std::time::Duration;

use dama_rules::Position;
use serde_json::Value;

use crate::discord::common::{
    QUICK_CLOCK, answer, assert_board, channel_of, custom_id, find_custom_id, next_post,
    option_for, original_path, setup_with_threads, start_thread_game, text,
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
async fn the_end_of_a_game_leaves_its_thread_open_for_a_day_and_tells_the_channel() {
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
    let wound_down = discord
        .next_request_where("the thread's shorter life", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert_eq!(wound_down.status, 200, "{wound_down}");
    assert_eq!(
        wound_down.body()["auto_archive_duration"],
        1440,
        "archived after a day of silence: {wound_down}"
    );
    let metadata = &discord.channel(game.thread)["thread_metadata"];
    assert_eq!(
        metadata["archived"], false,
        "open for a rematch: {metadata}"
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

/// Whether the thread is archived, as Discord describes it.
fn archived(discord: &crate::support::discord_standin::Standin, thread: u64) -> bool {
    discord.channel(thread)["thread_metadata"]["archived"] == true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_presses_rematch_on_a_finished_game_in_its_thread() {
    // The quick clock lets alice challenge again at once.
    let (discord, _dir, _bot) = setup_with_threads(QUICK_CLOCK).await;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let members = discord.thread_members(game.thread);
    assert!(
        members.contains(&alice.id) && members.contains(&bob.id),
        "both players are in the thread: {members:?}"
    );
    for player in [&alice, &bob] {
        let path = format!("/channels/{}/thread-members/{}", game.thread, player.id);
        let added = discord
            .next_request_where("a player added to the thread", |r| {
                r.method == "PUT" && r.path == path
            })
            .await;
        assert_eq!(added.status, 204, "{added}");
    }
    assert!(!members.contains(&carol.id), "carol only watches");

    let resign = discord
        .slash_in(game.thread, &bob, Slash::new("resign"))
        .await;
    let over = answer(&discord, &resign).await.message;
    let path = format!("/channels/{}", game.thread);
    discord
        .next_request_where("the thread's shorter life", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert!(!archived(&discord, game.thread), "the thread stays open");

    // Carol, who is not a member, presses the final board's Rematch: Discord lets her (the
    // thread is open) and the bot answers her, privately (she did not play).
    let rematch = custom_id(&over, "rematch");
    let pressed = discord.click(&carol, message_id(&over), &rematch).await;
    let told = answer(&discord, &pressed).await;
    assert!(told.ephemeral(), "{:#}", told.body());
    assert!(
        text(&told.message).contains("players"),
        "{}",
        text(&told.message)
    );
    // Alice's Rematch there: a new challenge to bob, in the thread.
    let again = discord.click(&alice, message_id(&over), &rematch).await;
    let challenge = answer(&discord, &again).await;
    assert!(!challenge.ephemeral(), "{:#}", challenge.body());
    assert_eq!(channel_of(&challenge.message), game.thread);
    assert!(
        find_custom_id(&challenge.message, "accept").is_some(),
        "{:#}",
        challenge.message
    );

    // The bot reads its answer back while the token works; a day of silence later, Discord
    // archives the thread.
    let original = original_path(&discord, &again);
    discord
        .next_request_where("the challenge read back", |r| {
            r.method == "GET" && r.path == original
        })
        .await;
    discord.advance(Duration::from_secs(24 * 3600 + 60));
    assert!(archived(&discord, game.thread));
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_archived_after_a_week_of_silence_reopens_for_the_next_move() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let typed = discord
        .slash_in(
            game.thread,
            &alice,
            Slash::new("move").string("move", "22-18"),
        )
        .await;
    let moved = answer(&discord, &typed).await;
    assert!(!moved.ephemeral(), "{:#}", moved.body());
    // The bot reads its answer back (to remember the board) while the token works, and takes
    // the controls off the first board.
    let original = original_path(&discord, &typed);
    discord
        .next_request_where("the answer read back", |r| {
            r.method == "GET" && r.path == original
        })
        .await;
    let first = format!(
        "/channels/{}/messages/{}",
        game.thread,
        message_id(&game.board)
    );
    discord
        .next_request_where("the first board's controls removed", |r| {
            r.method == "PATCH" && r.path == first
        })
        .await;

    // Bob takes his time: after a week without a message, Discord archives the thread. The
    // bot's reopening at once fails this time (Discord has a bad moment).
    let path = format!("/channels/{}", game.thread);
    discord.fail_next("PATCH", &path);
    discord.advance(Duration::from_secs(7 * 24 * 3600 + 60));
    let failed = discord
        .next_request_where("the thread's reopening at once", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert_eq!(failed.status, 500, "{failed}");
    assert!(archived(&discord, game.thread));

    // Bob, a member, moves there: the bot reopens the thread, and the new board is live.
    let reply = discord
        .slash_in(
            game.thread,
            &bob,
            Slash::new("move").string("move", "10-14"),
        )
        .await;
    let replied = answer(&discord, &reply).await;
    assert!(!replied.ephemeral(), "{:#}", replied.body());
    assert!(text(&replied.message).contains("10-14"));
    let reopened = discord
        .next_request_where("the thread reopened", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert_eq!(reopened.status, 200, "{reopened}");
    assert_eq!(reopened.body()["archived"], false);
    assert!(!archived(&discord, game.thread));
    // The board the move replaced loses its controls (an edit in the reopened thread).
    let old = message_id(&moved.message);
    let old_path = format!("/channels/{}/messages/{old}", game.thread);
    let retired = discord
        .next_request_where("the old board's controls removed", |r| {
            r.method == "PATCH" && r.path == old_path
        })
        .await;
    assert_eq!(retired.status, 200, "{retired}");
    assert!(
        find_custom_id(&replied.message, "move").is_some(),
        "the live board keeps its menu: {:#}",
        replied.message
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_games_thread_reopens_as_soon_as_discord_archives_it() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let path = format!("/channels/{}", game.thread);
    let reopened = |discord: &crate::support::discord_standin::Standin| {
        discord
            .requests()
            .iter()
            .filter(|r| r.method == "PATCH" && r.path == path)
            .filter(|r| r.body()["archived"] == false)
            .count()
    };

    // A week without a move: Discord archives the thread, and the bot reopens it at once,
    // before anyone moves, so its board stays usable for everyone.
    discord.advance(Duration::from_secs(7 * 24 * 3600 + 60));
    let reopening = discord
        .next_request_where("the thread reopened", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert_eq!(reopening.status, 200, "{reopening}");
    assert_eq!(reopening.body()["archived"], false);
    assert!(!archived(&discord, game.thread));
    assert_eq!(reopened(&discord), 1);

    // A moderator archives it by hand while the game goes on: reopened again.
    discord.archive_thread(game.thread);
    let again = discord
        .next_request_where("the thread reopened again", |r| {
            r.method == "PATCH" && r.path == path
        })
        .await;
    assert_eq!(again.status, 200, "{again}");
    assert!(!archived(&discord, game.thread));

    // The game ends: a day later Discord archives the thread, and it stays archived.
    let resign = discord
        .slash_in(game.thread, &bob, Slash::new("resign"))
        .await;
    answer(&discord, &resign).await;
    discord
        .next_request_where("the thread's shorter life", |r| {
            r.method == "PATCH" && r.path == path && r.body()["auto_archive_duration"] == 1440
        })
        .await;
    discord.advance(Duration::from_secs(24 * 3600 + 60));
    assert!(archived(&discord, game.thread));
    // The bot has seen the archiving once another event behind it was answered.
    let help = discord.slash(&alice, Slash::new("help")).await;
    answer(&discord, &help).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(archived(&discord, game.thread), "a finished game's thread");
    assert_eq!(reopened(&discord), 2, "not reopened after the game's end");
    discord.assert_no_errors();
}
