//! Tournaments on Discord: the sign-up message and its Join button, the start that pairs
//! round 1 with each game in a thread of its own (both players mentioned there), the standings
//! as an image, the end of round 1 pairing round 2 in new threads, and a member without Manage
//! Server refused the creation.

use serde_json::Value;

use crate::discord::common::{
    answer, assert_board, channel_of, custom_id, decode_png, next_post, setup_with_threads, text,
};
use crate::support::discord_standin::{Person, Slash, Standin, message_id};

/// `/tournament create name:NAME rounds:2` by `who`.
async fn create(discord: &Standin, who: &Person, name: &str) -> crate::discord::common::Answer {
    let sent = discord
        .slash(
            who,
            Slash::new("tournament")
                .subcommand("create")
                .string("name", name)
                .integer("rounds", 2),
        )
        .await;
    answer(discord, &sent).await
}

/// The thread the bot opened from `line` (a round's game line in the channel), and the first
/// message it posted there.
async fn thread_of(discord: &Standin, line: &Value) -> (u64, Value) {
    let path = format!(
        "/channels/{}/messages/{}/threads",
        channel_of(line),
        message_id(line)
    );
    let opened = discord
        .next_request_where("a round game's thread", |r| {
            r.method == "POST" && r.path == path
        })
        .await;
    assert_eq!(opened.status, 200, "{opened}");
    let name = opened.body()["name"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(name.starts_with("Dama #"), "thread name {name:?}");
    let thread = message_id(opened.response());
    assert_eq!(
        discord.channel(thread)["parent_id"],
        channel_of(line).to_string()
    );
    let board = next_post(discord, thread).await;
    (thread, board)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_up_by_button_each_round_opens_a_thread_for_each_game() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let owner = discord.owner();
    let players = [
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    ];
    let channel = discord.channel_id();

    let created = create(&discord, &owner, "Coppa di primavera").await;
    assert!(!created.ephemeral(), "{:#}", created.body());
    let signup = created.message;
    assert!(text(&signup).contains("Coppa di primavera"), "{signup:#}");
    let join = custom_id(&signup, "join");
    assert!(join.starts_with("t:"), "{join}");
    let leave = custom_id(&signup, "leave");
    assert_eq!(
        leave.trim_end_matches("leave"),
        join.trim_end_matches("join"),
        "both buttons name the tournament"
    );

    for (count, person) in players.iter().enumerate() {
        let click = discord.click(person, message_id(&signup), &join).await;
        let joined = answer(&discord, &click).await;
        assert_eq!(
            joined.kind(),
            7,
            "a click updates the sign-up message: {:#}",
            joined.body()
        );
        let listed = text(&joined.message);
        assert!(
            listed.contains(&format!("({})", count + 1)),
            "{} entrants listed: {listed}",
            count + 1
        );
    }
    // Joining twice is refused, privately.
    let again = discord.click(&players[0], message_id(&signup), &join).await;
    let refused = answer(&discord, &again).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    // The organiser joins by the command: four players, two games.
    let by_command = discord
        .slash(&owner, Slash::new("tournament").subcommand("join"))
        .await;
    let joined = answer(&discord, &by_command).await;
    assert!(joined.ephemeral(), "{:#}", joined.body());
    let edit_path = format!("/channels/{channel}/messages/{}", message_id(&signup));
    let edited = discord
        .next_request_where("the sign-up message's edit", |r| {
            r.method == "PATCH" && r.path == edit_path
        })
        .await;
    assert_eq!(edited.status, 200, "{edited}");
    assert!(text(&discord.message(message_id(&signup))).contains("(4)"));

    let start = discord
        .slash(&owner, Slash::new("tournament").subcommand("start"))
        .await;
    let started = answer(&discord, &start).await;
    assert!(started.ephemeral(), "{:#}", started.body());

    // The announcement with the pairings, then one line per game, each opening its thread.
    let announcement = next_post(&discord, channel).await;
    assert!(
        text(&announcement).contains("Coppa di primavera"),
        "{announcement:#}"
    );
    let mut seated = Vec::new();
    let mut games = Vec::new();
    for _ in 0..2 {
        let line = next_post(&discord, channel).await;
        let (thread, board) = thread_of(&discord, &line).await;
        assert_board(&discord, &board);
        let said = text(&board);
        let notified = discord.notified(message_id(&board));
        let in_game: Vec<&Person> = players
            .iter()
            .chain(std::iter::once(&owner))
            .filter(|p| said.contains(&p.mention()))
            .collect();
        assert_eq!(in_game.len(), 2, "both players named in #{thread}: {said}");
        games.push((thread, in_game[0].clone()));
        for person in in_game {
            assert!(
                notified.contains(&person.id),
                "{} is pinged in their thread: {notified:?}",
                person.name
            );
            seated.push(person.id);
        }
    }
    seated.sort_unstable();
    let mut everyone: Vec<u64> = players.iter().map(|p| p.id).chain([owner.id]).collect();
    everyone.sort_unstable();
    assert_eq!(seated, everyone, "everyone plays round 1");
    let threads = discord
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .count();
    assert_eq!(threads, 2);

    // The standings as an image, under their text.
    let ask = discord
        .slash(
            &players[1],
            Slash::new("tournament").subcommand("standings"),
        )
        .await;
    let standings = answer(&discord, &ask).await;
    assert!(!standings.ephemeral(), "{:#}", standings.body());
    let attachments = standings.message["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let filename = attachments
        .iter()
        .filter_map(|a| a["filename"].as_str())
        .find(|name| name.ends_with("-standings.png"))
        .unwrap_or_else(|| panic!("no standings image: {:#}", standings.message))
        .to_owned();
    let embeds = standings.message["embeds"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        embeds.iter().any(|e| e["image"]["url"]
            .as_str()
            .is_some_and(|url| url.ends_with(&filename))),
        "the image is shown in an embed: {:#}",
        standings.message
    );
    assert!(text(&standings.message).contains("Coppa di primavera"));
    let png = decode_png(&discord.attachment(&standings.message, &filename));
    assert!(
        png.width() >= 500 && png.height() > 150,
        "{}x{}",
        png.width(),
        png.height()
    );

    // Round 1 ends when its last game does: round 2 is paired and its games open their threads.
    for (thread, player) in &games {
        let resign = discord
            .slash_in(*thread, player, Slash::new("resign"))
            .await;
        let resigned = answer(&discord, &resign).await;
        assert!(!resigned.ephemeral(), "{:#}", resigned.body());
    }
    let mut round_two = Vec::new();
    for _ in 0..2 {
        let opened = discord
            .next_request_where("a round 2 game's thread", |r| {
                r.method == "POST" && r.path.ends_with("/threads")
            })
            .await;
        assert_eq!(opened.status, 200, "{opened}");
        let thread = message_id(opened.response());
        let board = next_post(&discord, thread).await;
        assert_board(&discord, &board);
        let said = text(&board);
        let named = players
            .iter()
            .chain(std::iter::once(&owner))
            .filter(|p| said.contains(&p.mention()))
            .count();
        assert_eq!(named, 2, "both players named in #{thread}: {said}");
        round_two.push(thread);
    }
    assert!(
        round_two
            .iter()
            .all(|t| games.iter().all(|(old, _)| old != t))
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_without_manage_server_may_not_create_one() {
    let (discord, _dir, _bot) = setup_with_threads("").await;
    let alice = discord.user("alice");
    let refused = create(&discord, &alice, "Coppa di Alice").await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        refused.content().contains("manage the server"),
        "the refusal names the permission: {}",
        refused.content()
    );
    let posted = discord
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages"))
        .count();
    assert_eq!(posted, 0, "no sign-up message");
    discord.assert_no_errors();
}
