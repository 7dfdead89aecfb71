//! The Activity's Discord side: "Open the board" on the boards and its type-12 callback, the
//! app's Entry Point command, and the OAuth2 code exchange and instance lookup of the page's
//! server against the stand-in.

use dama_core::config::Secret;
use dama_discord::activity::DiscordAuth;
use dama_service::activity::{ActivityAuth, AuthError};
use serde_json::Value;

use crate::discord::common::{Bot, answer, find_custom_id, label, start_game, text, threads_off};
use crate::support::discord_standin::{CLIENT_SECRET, Slash, Standin, message_id};

/// The Activity configured: the page served on `port` and the client secret in the file.
pub(crate) fn activity_config(port: u16) -> String {
    format!(
        "[web]\nenabled = true\nlisten = \"127.0.0.1:{port}\"\n\n[activity]\nenabled = true\nclient_secret = \"{CLIENT_SECRET}\"\n"
    )
}

/// A loopback port free a moment ago.
pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// `POST /api/token` on the page's server: the status and the answer's JSON.
pub(crate) async fn page_token(port: u16, code: &str) -> (u16, Value) {
    let url = format!("http://127.0.0.1:{port}/api/token");
    for _ in 0..100 {
        let sent = reqwest::Client::new()
            .post(&url)
            .header("content-type", "application/json")
            .body(serde_json::json!({ "code": code }).to_string())
            .send()
            .await;
        // The page is served once READY names the application: a moment after start-up.
        let Ok(response) = sent else {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            continue;
        };
        let status = response.status().as_u16();
        let body = response.text().await.unwrap_or_default();
        return (status, serde_json::from_str(&body).unwrap_or(Value::Null));
    }
    panic!("the page's server never answered on port {port}");
}

/// Starts the bot with its commands registered globally (where the Entry Point command lives)
/// and returns it with the global commands it registered (the answer to its bulk overwrite).
pub(crate) async fn start_global(
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
    let port = free_port();
    let (mut bot, registered) = start_global(&discord, &dir, &activity_config(port), "on").await;
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

    // The running bot's page opens a session only for a code Discord vouches for: never for
    // the SDK mock's code, which only `damabot local --web` takes.
    let (status, session) = page_token(port, &discord.mint_code(&alice)).await;
    assert_eq!(status, 200, "{session:#}");
    assert_eq!(session["you"]["id"], alice.id.to_string(), "{session:#}");
    assert!(
        session["session"].as_str().is_some_and(|s| s.len() >= 16),
        "{session:#}"
    );
    for refused in ["mock_code", "nonsense"] {
        let (status, answer) = page_token(port, refused).await;
        assert_eq!(status, 401, "{refused}: {answer:#}");
        assert!(answer.get("session").is_none(), "{answer:#}");
        discord.take_expected_error("invalid_grant");
    }
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
