//! The Activity's rules: the Entry Point command only with Activities on, only among the
//! global commands, and never left out of a bulk overwrite (code 50240).

use serenity::all::{CommandType, EntryPointHandlerType};

use super::*;
use crate::support::discord_standin::ENTRY_POINT_REMOVED;

/// The Discord error code of a refused request.
fn code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(answer)) => {
            Some(answer.error.code)
        }
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_point_command_is_kept_as_discord_keeps_it() {
    let discord = Standin::start().await;
    let http = discord.http();
    let ping = CreateCommand::new("ping").description("Answers pong");
    let entry = CreateCommand::new("launch")
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::DiscordLaunchActivity)
        .description("Opens the board");
    let refused = http
        .create_global_commands(&vec![ping.clone(), entry.clone()])
        .await
        .expect_err("no Entry Point without Activities");
    assert_eq!(code(&refused), Some(50035), "{refused}");

    discord.enable_activities(true);
    assert_eq!(discord.global_commands()[0]["type"], 4, "the portal's own");
    let removed = http
        .create_global_commands(&vec![ping.clone()])
        .await
        .expect_err("an overwrite without the Entry Point");
    assert_eq!(
        code(&removed),
        Some(ENTRY_POINT_REMOVED as isize),
        "{removed}"
    );
    let guild = GuildId::new(discord.guild_id());
    let in_guild = http
        .create_guild_commands(guild, &vec![entry.clone()])
        .await
        .expect_err("Entry Point commands are global");
    assert_eq!(code(&in_guild), Some(50035), "{in_guild}");
    let two = http
        .create_global_commands(&vec![entry.clone(), entry.clone().name("again")])
        .await
        .expect_err("one Entry Point command");
    assert_eq!(code(&two), Some(50035), "{two}");

    let kept = http
        .create_global_commands(&vec![ping, entry])
        .await
        .expect("an overwrite with its Entry Point");
    assert_eq!(kept[1].kind, CommandType::PrimaryEntryPoint);
    assert_eq!(
        kept[1].handler,
        Some(EntryPointHandlerType::DiscordLaunchActivity)
    );
    for _ in 0..4 {
        discord.take_expected_error("PUT");
    }
    discord.assert_no_errors();
}
