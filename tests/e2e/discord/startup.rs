//! Start-up (command registration) and the gateway connection.

use serde_json::Value;

use crate::discord::common::{answer, command_id, setup, text};
use crate::support::discord_standin::Slash;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_registers_every_command() {
    let (discord, _dir, _bot) = setup().await;
    let commands = discord.guild_commands();
    let named = |name: &str| {
        commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} not registered: {commands:#?}"))
            .clone()
    };
    for name in [
        "challenge",
        "accept",
        "decline",
        "cancel",
        "play",
        "move",
        "board",
        "resign",
        "draw",
        "claim",
        "abort",
        "leaderboard",
        "stats",
        "history",
        "pdn",
        "replay",
        "rules",
        "help",
        "settings",
    ] {
        named(name);
    }
    let option = |command: &Value, name: &str| {
        command["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no option {name} in {command:#}"))
            .clone()
    };
    let mv = option(&named("move"), "move");
    assert_eq!(mv["type"], 3);
    assert_eq!(mv["autocomplete"], true);
    let level = option(&named("play"), "level");
    assert_eq!(level["choices"].as_array().map(Vec::len), Some(8));
    assert_eq!(option(&named("challenge"), "member")["type"], 6);
    assert!(discord.global_commands().is_empty());
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_resumes_after_the_gateway_drops() {
    let (discord, _dir, _bot) = setup().await;
    let alice = discord.user("alice");
    discord.drop_gateway();
    discord.wait_resumed().await;
    let ix = discord.slash(&alice, Slash::new("rules")).await;
    let message = answer(&discord, &ix).await.message;
    assert!(!text(&message).is_empty(), "{message:#}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_help_follows_the_reader_s_discord_language_and_the_rules_the_server_s() {
    let (discord, _dir, _bot) = setup().await;
    let alice = discord.user("alice");
    let bruno = discord.user_with_locale("bruno", "it");
    let carmen = discord.user_with_locale("carmen", "es-419");

    // The rules are a public message: in the server's language (an ordinary server has none
    // of its own: they follow whoever asks).
    let rules = discord.slash(&alice, Slash::new("rules")).await;
    let english = text(&answer(&discord, &rules).await.message);
    assert!(english.contains("Capturing is compulsory"), "{english}");
    discord.set_guild_locale("it");
    let rules = discord.slash(&alice, Slash::new("rules")).await;
    let italian = text(&answer(&discord, &rules).await.message);
    assert!(italian.contains("La presa è obbligatoria"), "{italian}");
    discord.set_guild_locale("en-US");
    let help = discord.slash(&bruno, Slash::new("help")).await;
    let answered = answer(&discord, &help).await;
    assert!(answered.ephemeral());
    let move_id = command_id(&discord, "move");
    assert!(
        text(&answered.message).contains(&format!("</move:{move_id}> mossa")),
        "{:#}",
        answered.body()
    );

    let help = discord.slash(&carmen, Slash::new("help")).await;
    let spanish = text(&answer(&discord, &help).await.message);
    assert!(spanish.contains("reta a un miembro"), "{spanish}");

    let rules = discord.slash(&alice, Slash::new("rules")).await;
    let english = text(&answer(&discord, &rules).await.message);
    assert!(english.contains("Capturing is compulsory"), "{english}");
    discord.assert_no_errors();
}
