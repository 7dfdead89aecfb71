//! The Activity's Discord side: "Open the board" on the boards and its type-12 callback, the
//! app's Entry Point command, and the OAuth2 code exchange and instance lookup of the page's
//! server against the stand-in.

use damabot::config::Secret;
use damabot::discord::activity::DiscordAuth;
use damabot::web::session::{ActivityAuth, AuthError};
use serde_json::Value;

use crate::common::{Bot, answer, find_custom_id, label, start_game, text, threads_off};
use crate::support::discord_standin::{CLIENT_SECRET, Slash, Standin, message_id};

/// The Activity configured: the page served and the client secret in the file.
fn activity_config() -> String {
    format!(
        "[web]\nenabled = true\n\n[activity]\nenabled = true\nclient_secret = \"{CLIENT_SECRET}\"\n"
    )
}

/// Starts the bot with its commands registered globally (where the Entry Point command lives)
/// and returns it with the global commands it registered (the answer to its bulk overwrite).
async fn start_global(
    discord: &Standin,
    dir: &tempfile::TempDir,
    extra: &str,
    name: &str,
) -> (Bot, Vec<Value>) {
    let database = dir.path().join("dama.db").display().to_string();
    let bot = Bot::start_as(discord, dir, extra, name, &database, true);
    discord.wait_ready().await;
    let put = discord
        .next_request("PUT", "/applications/*/commands")
        .await;
    assert_eq!(put.status, 200, "{put}");
    let registered = put.response().as_array().cloned().unwrap_or_default();
    (bot, registered)
}

fn entry_points(commands: &[Value]) -> Vec<&Value> {
    commands.iter().filter(|c| c["type"] == 4).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_activity_launches_from_every_board_and_its_entry_point() {
    let discord = Standin::start().await;
    discord.enable_activities(true);
    let dir = tempfile::tempdir().expect("a temp dir");
    let (mut bot, registered) = start_global(&discord, &dir, &activity_config(), "on").await;
    let entry = entry_points(&registered);
    assert_eq!(entry.len(), 1, "one Entry Point command: {registered:#?}");
    assert_eq!(
        entry[0]["handler"], 2,
        "launched by Discord: {:#}",
        entry[0]
    );
    assert_eq!(entry[0]["name"], "launch");
    assert_eq!(entry[0]["name_localizations"]["it"], "apri");
    threads_off(&discord).await;

    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    let open =
        find_custom_id(&board, ":open").unwrap_or_else(|| panic!("no Open the board on {board:#}"));
    assert_eq!(label(&board, &open), "Open the board");
    let click = discord.click(&bob, message_id(&board), &open).await;
    let launched = discord.callback(&click).await;
    assert_eq!(launched.status, 204, "{launched}");
    assert_eq!(
        launched.body()["type"],
        12,
        "LAUNCH_ACTIVITY: {:#}",
        launched.body()
    );
    assert!(
        !bot.log().contains(CLIENT_SECRET),
        "the client secret is never logged"
    );

    // Turned off: the Entry Point command Discord has is kept (a bulk overwrite without it is
    // refused), boards have no button, and an old one says why it does nothing.
    assert!(bot.terminate().success());
    let (_bot, registered) = start_global(&discord, &dir, "", "off").await;
    assert_eq!(entry_points(&registered).len(), 1, "kept: {registered:#?}");
    let old = discord.click(&alice, message_id(&board), &open).await;
    let refused = answer(&discord, &old).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        text(&refused.message).contains("cannot be opened"),
        "{:#}",
        refused.message
    );
    let shown = discord.slash(&alice, Slash::new("board")).await;
    let again = answer(&discord, &shown).await;
    assert!(
        find_custom_id(&again.message, ":move").is_some(),
        "{:#}",
        again.message
    );
    assert!(
        find_custom_id(&again.message, ":open").is_none(),
        "{:#}",
        again.message
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_activity_there_is_no_button_and_no_entry_point() {
    let discord = Standin::start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    // [activity] on without its client secret: not configured.
    let (_bot, registered) = start_global(
        &discord,
        &dir,
        "[web]\nenabled = true\n[activity]\nenabled = true\n",
        "off",
    )
    .await;
    assert!(entry_points(&registered).is_empty(), "{registered:#?}");
    threads_off(&discord).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    assert!(find_custom_id(&board, ":open").is_none(), "{board:#}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_and_instances_are_vouched_for_by_discord() {
    let discord = Standin::start().await;
    discord.enable_activities(true);
    let auth = DiscordAuth::new(
        Some(discord.rest_url()),
        discord.application_id(),
        Secret::new(CLIENT_SECRET),
        Secret::new(discord.token()),
    )
    .expect("a client");
    let (alice, bob) = (discord.user_with_locale("alice", "it"), discord.user("bob"));

    let code = discord.mint_code(&alice);
    let user = auth.exchange(&code).await.expect("a minted code");
    assert_eq!(user.user, alice.id);
    assert_eq!(user.name, "ALICE", "the global name first");
    assert_eq!(user.locale.as_deref(), Some("it"));
    assert!(!format!("{user:?}").contains(&user.access_token));
    for refused in [code.as_str(), "mock_code", "nonsense"] {
        assert!(
            matches!(auth.exchange(refused).await, Err(AuthError::Refused)),
            "{refused} is refused"
        );
    }
    let wrong = DiscordAuth::new(
        Some(discord.rest_url()),
        discord.application_id(),
        Secret::new("not-the-secret"),
        Secret::new(discord.token()),
    )
    .expect("a client");
    let error = wrong.exchange(&discord.mint_code(&bob)).await.unwrap_err();
    assert!(!error.to_string().contains("not-the-secret"), "{error}");

    let channel = discord.channel_id();
    let with_alice = discord.start_activity(channel, &[&alice]);
    let found = auth
        .instance(&with_alice)
        .await
        .expect("a running instance");
    assert_eq!(found.channel, channel);
    assert_eq!(found.guild, Some(discord.guild_id()));
    assert_eq!(found.users, [alice.id]);
    let without = discord.start_activity(channel, &[&bob]);
    let found = auth.instance(&without).await.expect("a running instance");
    assert!(!found.users.contains(&alice.id), "{found:?}");
    for unknown in ["i-404-gc-1-1", "../../users/@me", ""] {
        assert!(
            matches!(
                auth.instance(unknown).await,
                Err(AuthError::UnknownInstance)
            ),
            "{unknown}"
        );
    }
    let refused: Vec<String> = discord
        .requests()
        .iter()
        .filter(|r| r.status >= 400)
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(
        refused.len(),
        5,
        "the three refused codes, the wrong secret, the unknown instance: {refused:?}"
    );
    assert!(
        discord.requests().iter().all(|r| r.violations.is_empty()),
        "every request as Discord documents it"
    );
}
