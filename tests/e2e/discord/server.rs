//! What a server lives with: time running out (claims, the sweep's forfeits and expiries, with
//! a fast game clock), who gets pinged, channels without a permission, games in threads, and
//! answers that come after the interaction's token has expired.

use std::time::Duration;

use dama_rules::Game;

use crate::discord::common::{
    QUICK_CLOCK, answer, assert_board, custom_id, play_first_moves, setup, setup_with, start_game,
    start_game_with, text,
};
use crate::discord::engine::{BLACK, SLOW_ENGINE, play_command};
use crate::support::discord_standin::{Person, Slash, Standin, message_id, perm};

/// The game clock 300 times faster, swept every second: a 5-minute move runs out in 1 s of
/// real time, a game is forfeited after 2 s without a move, a challenge expires after 2 s.
const FAST_TIME: &str =
    "[game]\nclock_speed = 300.0\nsweep_interval = \"1s\"\nchallenge_expiry = \"10m\"\n";

/// The `time` of `/challenge` for 5 minutes a move, as typed.
const FIVE_MINUTES: &str = "5 min";

/// `white` challenges `black` (asking for White) at 5 minutes a move, and `black` accepts: the
/// board message.
async fn quick_game(discord: &Standin, white: &Person, black: &Person) -> serde_json::Value {
    start_game_with(discord, white, black, |challenge| {
        challenge.string("time", FIVE_MINUTES)
    })
    .await
}

/// The next message the bot posts in the channel by itself (a notice of the sweep), as
/// Discord stores it.
async fn next_channel_post(discord: &Standin, channel: u64) -> serde_json::Value {
    let posted = discord
        .next_request("POST", &format!("/channels/{channel}/messages"))
        .await;
    assert_eq!(posted.status, 200, "{posted}");
    discord.message(message_id(posted.response()))
}

/// The next post in `channel` that says `words`, past the reminders and the word that a win
/// can be claimed that come before it.
async fn next_channel_post_saying(
    discord: &Standin,
    channel: u64,
    words: &str,
) -> serde_json::Value {
    let mut seen = Vec::new();
    for _ in 0..12 {
        let post = next_channel_post(discord, channel).await;
        if text(&post).contains(words) {
            return post;
        }
        seen.push(text(&post));
    }
    panic!("no post says {words:?}: {seen:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_runs_out_claims_forfeits_and_expiries() {
    let (discord, _dir, _bot) = setup_with(FAST_TIME).await;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let channel = discord.channel_id();

    // A claim: too early is refused, after the 5 minutes it wins.
    quick_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    play_first_moves(&discord, &alice, &bob, &mut game, 1).await;
    let early = discord.slash(&alice, Slash::new("claim")).await;
    let refused = answer(&discord, &early).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        refused.content().contains("still has"),
        "{:#}",
        refused.body()
    );
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let claim = discord.slash(&alice, Slash::new("claim")).await;
    let won = answer(&discord, &claim).await;
    assert!(!won.ephemeral(), "{:#}", won.body());
    let shown = text(&won.message);
    assert!(shown.contains("time ran out"), "{shown}");
    assert_eq!(
        discord.notified(message_id(&won.message)),
        [bob.id],
        "the loser hears of it, not the claimant"
    );

    // A forfeit: nobody moves for twice the time per move; the sweep ends the game.
    quick_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    play_first_moves(&discord, &alice, &bob, &mut game, 1).await;
    let notice = next_channel_post_saying(&discord, channel, "by forfeit").await;
    assert_board(&discord, &notice);
    let mut notified = discord.notified(message_id(&notice));
    notified.sort_unstable();
    let mut players = vec![alice.id, bob.id];
    players.sort_unstable();
    assert_eq!(notified, players, "both players hear of a forfeit");

    // An expiry: the challenge message says so, and the challenger is pinged.
    let challenge = discord
        .slash(&alice, Slash::new("challenge").user("member", &carol))
        .await;
    let offered = answer(&discord, &challenge).await.message;
    let offered_id = message_id(&offered);
    discord
        .next_request_where("the expired challenge edited", |r| {
            r.method == "PATCH" && r.path.ends_with(&format!("/messages/{offered_id}"))
        })
        .await;
    let expired = discord.message(offered_id);
    assert!(text(&expired).contains("expired"), "{expired:#}");
    assert!(
        crate::support::discord_standin::components(&expired).is_empty(),
        "no Accept on an expired challenge: {expired:#}"
    );
    let ping = next_channel_post(&discord, channel).await;
    assert_eq!(discord.notified(message_id(&ping)), [alice.id], "{ping:#}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_reach_the_people_concerned_and_tokens_stay_out_of_the_log() {
    let (discord, _dir, bot) = setup_with(QUICK_CLOCK).await;
    let (alice, bob, carol) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    );
    let challenge = discord
        .slash(
            &alice,
            Slash::new("challenge")
                .user("member", &bob)
                .integer("colour", 0),
        )
        .await;
    let offered = answer(&discord, &challenge).await.message;
    assert_eq!(
        discord.notified(message_id(&offered)),
        [bob.id],
        "the challenged"
    );
    let accept = discord
        .click(&bob, message_id(&offered), &custom_id(&offered, "accept"))
        .await;
    let accepted = answer(&discord, &accept).await;
    assert_eq!(accepted.kind(), 7, "the challenge becomes the board");
    let followup = crate::discord::common::followup(&discord, &accept).await;
    assert_eq!(
        discord.notified(message_id(&followup)),
        [alice.id],
        "the challenger (and player to move) hears the challenge was accepted, not bob"
    );

    let spectator = discord.slash(&carol, Slash::new("board")).await;
    let shown = answer(&discord, &spectator).await;
    assert!(!shown.ephemeral(), "{:#}", shown.body());
    assert!(
        discord.notified(message_id(&shown.message)).is_empty(),
        "a spectator's /board pings nobody"
    );

    let mut game = Game::default();
    let board = play_first_moves(&discord, &alice, &bob, &mut game, 1).await;
    assert_eq!(
        discord.notified(message_id(&board)),
        [bob.id],
        "the player to move"
    );

    let resign = discord.slash(&bob, Slash::new("resign")).await;
    let ended = answer(&discord, &resign).await;
    assert_eq!(
        discord.notified(message_id(&ended.message)),
        [alice.id],
        "the winner hears of the resignation"
    );

    let again = discord
        .slash(&alice, Slash::new("challenge").user("member", &bob))
        .await;
    answer(&discord, &again).await;
    let decline = discord.slash(&bob, Slash::new("decline")).await;
    let declined = answer(&discord, &decline).await;
    assert!(!declined.ephemeral(), "{:#}", declined.body());
    assert_eq!(
        discord.notified(message_id(&declined.message)),
        [alice.id],
        "the challenger hears of the decline"
    );
    discord.assert_no_errors();

    // Interaction tokens let anyone answer in the bot's name: none is in the log.
    let log = bot.log();
    let tokens: Vec<String> = discord
        .requests()
        .iter()
        .filter_map(|r| {
            let segments: Vec<&str> = r.path.split('/').collect();
            let at = segments
                .iter()
                .position(|s| *s == "interactions" || *s == "webhooks")?;
            segments.get(at + 2).map(|t| (*t).to_owned())
        })
        .filter(|t| t.len() > 20)
        .collect();
    assert!(tokens.len() >= 10, "tokens seen: {tokens:?}");
    for token in &tokens {
        assert!(!log.contains(token.as_str()), "a token in the log:\n{log}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_without_a_permission_is_explained() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let channel = discord.text_channel("no-files", perm::ATTACH_FILES);
    let challenge = discord
        .slash_in(
            channel,
            &alice,
            Slash::new("challenge").user("member", &bob),
        )
        .await;
    let refused = answer(&discord, &challenge).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        refused.content().contains("**Attach Files**"),
        "{:#}",
        refused.body()
    );
    // The rules need no permission.
    let rules = discord.slash_in(channel, &alice, Slash::new("rules")).await;
    let answered = answer(&discord, &rules).await;
    assert!(!text(&answered.message).is_empty());
    // Typing a move there gets the explanation as the one choice.
    let typing = Slash::new("move").focused("move", "");
    let choices = discord
        .choices(&discord.autocomplete_in(channel, &alice, typing).await)
        .await;
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert!(
        choices[0]["name"]
            .as_str()
            .is_some_and(|n| n.contains("missing")),
        "{choices:?}"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_in_a_thread_and_its_channel_run_side_by_side() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (carol, dave) = (discord.user("carol"), discord.user("dave"));
    let parent = discord.channel_id();
    let thread = discord.thread(parent, "dama");

    start_game(&discord, &carol, &dave).await;
    let challenge = discord
        .slash_in(
            thread,
            &alice,
            Slash::new("challenge")
                .user("member", &bob)
                .integer("colour", 0),
        )
        .await;
    let offered = answer(&discord, &challenge).await.message;
    assert_eq!(
        offered["channel_id"].as_str(),
        Some(thread.to_string().as_str())
    );
    let accept = discord
        .click(&bob, message_id(&offered), &custom_id(&offered, "accept"))
        .await;
    let board = answer(&discord, &accept).await.message;
    assert_board(&discord, &board);
    let game = Game::default();
    let m = game.position().legal_moves()[0];
    let written = game.position().move_text(&m);
    let mv = discord
        .slash_in(thread, &alice, Slash::new("move").string("move", &written))
        .await;
    let moved = answer(&discord, &mv).await;
    assert!(!moved.ephemeral(), "{:#}", moved.body());
    assert_eq!(
        moved.message["channel_id"].as_str(),
        Some(thread.to_string().as_str())
    );
    assert!(
        text(&moved.message).contains("Game #2"),
        "{}",
        text(&moved.message)
    );
    // The channel's own game is untouched.
    let there = discord.slash(&carol, Slash::new("board")).await;
    let shown = text(&answer(&discord, &there).await.message);
    assert!(shown.contains("Game #1"), "{shown}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_after_the_token_expired_goes_to_the_channel() {
    let (discord, _dir, _bot) = setup_with(SLOW_ENGINE).await;
    let alice = discord.user("alice");
    let play = discord.slash(&alice, play_command(8, BLACK)).await;
    let callback = discord.callback(&play).await;
    assert_eq!(callback.body()["type"], 5, "{:#}", callback.body());
    let thinking = message_id(&discord.original(&play).await);
    // The bot reads the "thinking…" message back while its token works.
    discord
        .next_request("GET", "/webhooks/*/*/messages/@original")
        .await;
    // A quarter of an hour passes while the engine thinks (the stand-in's clock): the edit
    // of the "thinking…" message is refused (401, 50027).
    discord.advance(Duration::from_secs(16 * 60));
    let posted = next_channel_post(&discord, discord.channel_id()).await;
    assert_board(&discord, &posted);
    assert!(text(&posted).contains("Game #1"), "{}", text(&posted));
    let removed = discord
        .next_request("DELETE", &format!("/channels/*/messages/{thinking}"))
        .await;
    assert_eq!(removed.status, 204, "{removed}");
    assert!(
        !discord.messages().iter().any(|m| message_id(m) == thinking),
        "the answer replaces the \"thinking…\" message"
    );
    discord.take_expected_error("Invalid Webhook Token");
    discord.assert_no_errors();
}

/// Discord fails (500) when the bot reads back a challenge it has just posted: the failure is
/// logged, and the posted challenge is never replaced by an apology.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failure_after_the_answer_never_replaces_it_with_an_apology() {
    let (discord, _dir, bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    discord.fail_next("GET", "/webhooks/*/*/messages/@original");
    let challenge = discord
        .slash(&alice, Slash::new("challenge").user("member", &bob))
        .await;
    let posted = answer(&discord, &challenge).await;
    assert_eq!(posted.kind(), 4, "{:#}", posted.body());
    let read_back = discord
        .next_request("GET", "/webhooks/*/*/messages/@original")
        .await;
    assert_eq!(read_back.status, 500, "{read_back}");
    let logged = "could not be read back";
    let original = crate::discord::common::original_path(&discord, &challenge);
    let edited = || {
        discord
            .requests()
            .iter()
            .any(|r| r.method == "PATCH" && r.path == original)
    };
    for _ in 0..200 {
        if bot.log().contains(logged) || edited() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        !edited(),
        "the posted challenge was edited:\n{}",
        discord.log()
    );
    assert!(bot.log().contains(logged), "{}", bot.log());
    let shown = text(&discord.original(&challenge).await);
    assert!(shown.contains("challenge"), "{shown}");
    assert!(!shown.contains("Sorry"), "{shown}");
    discord.assert_no_errors();
}

/// An interaction that waited 2 s before the bot saw it (in Discord's queue, or replayed after
/// a gateway resume) has 1 s of its 3 left: the bot defers at once instead of giving the
/// engine its usual 1.5 s, and edits the answer in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_that_waited_is_deferred_at_once() {
    let (discord, _dir, _bot) = setup_with(SLOW_ENGINE).await;
    let alice = discord.user("alice");
    discord.backdate_next_interaction(Duration::from_secs(2));
    let play = discord.slash(&alice, play_command(8, BLACK)).await;
    let callback = discord.callback(&play).await;
    assert_eq!(callback.body()["type"], 5, "{:#}", callback.body());
    let edit = crate::discord::common::edit_of_original(&discord, &play).await;
    assert_eq!(edit.status, 200, "{edit}");
    assert_board(&discord, &discord.original(&play).await);
    discord.assert_no_errors();
}
