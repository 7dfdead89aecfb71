//! The slash commands, grouped by file, and the one function that assembles them.
//!
//! Every command and option has an English description and an Italian name and description.
//! Every command is guild-only. The names are the ones the help text
//! ([`crate::game::help_text`]) uses: the Italian help uses the Italian names, the English and
//! Spanish help the English ones.

mod game;
mod info;

use std::borrow::Cow;

use dama_engine::Level;

use super::permissions::{self, GUILD_ONLY_TEXT};
use super::respond;
use super::{Context, Data, Error};
use crate::game::Action;

pub use game::NOT_A_MODERATOR;

/// The commands of the bot, in the order of the help text.
#[must_use]
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        game::challenge(),
        game::accept(),
        game::decline(),
        game::cancel(),
        game::play(),
        game::play_move(),
        game::board(),
        game::resign(),
        game::draw(),
        game::claim(),
        game::abort(),
        info::leaderboard(),
        info::stats(),
        info::history(),
        info::pdn(),
        info::replay(),
        info::rules(),
        info::help(),
    ];
    name_levels(&mut commands);
    commands
}

/// Gives the level choices of `/play` their names: `1 · beginner` ... `8 · master`, from the
/// engine, with its Italian names beside them.
fn name_levels(commands: &mut [poise::Command<Data, Error>]) {
    let Some(play) = commands.iter_mut().find(|c| c.name == "play") else {
        return;
    };
    let Some(level) = play.parameters.iter_mut().find(|p| p.name == "level") else {
        return;
    };
    let mut choices = level.choices.to_vec();
    for (choice, level) in choices.iter_mut().zip(Level::ALL) {
        let number = level.number();
        choice.name = Cow::Owned(format!("{number} · {}", level.name()));
        choice.localizations = Cow::Owned(vec![(
            Cow::Borrowed("it"),
            Cow::Owned(format!("{number} · {}", level.name_it())),
        )]);
    }
    level.choices = Cow::Owned(choices);
}

/// The application context of a command (every command here is a slash command).
fn application(ctx: Context<'_>) -> Result<poise::ApplicationContext<'_, Data, Error>, Error> {
    match ctx {
        poise::Context::Application(app) => Ok(app),
        poise::Context::Prefix(_) => Err(Error::Refused(
            "Use the slash commands: type `/` to see them.".to_owned(),
        )),
    }
}

/// Runs a command's action and answers with its reply.
async fn answer(ctx: Context<'_>, action: Action) -> Result<(), Error> {
    respond::answer_command(application(ctx)?, action).await
}

/// The check every command passes first: in a server, with the permissions the bot needs in
/// the channel (the rules and the help need none).
#[must_use]
pub fn channel_check(ctx: Context<'_>) -> poise::BoxFuture<'_, Result<bool, Error>> {
    Box::pin(async move {
        let app = application(ctx)?;
        if app.interaction.guild_id.is_none() {
            return Err(Error::Refused(GUILD_ONLY_TEXT.to_owned()));
        }
        if matches!(app.command().name.as_ref(), "rules" | "help") {
            return Ok(true);
        }
        permissions::check_permissions(
            app.interaction.app_permissions,
            app.interaction.channel.as_ref(),
        )?;
        Ok(true)
    })
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn registered() -> Vec<Value> {
        let commands = commands();
        let builders = poise::builtins::create_application_commands(&commands);
        builders
            .iter()
            .map(|b| serde_json::to_value(b).unwrap())
            .collect()
    }

    fn command<'a>(all: &'a [Value], name: &str) -> &'a Value {
        all.iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("no command {name}"))
    }

    /// Every described thing has an English description and Italian name and description
    /// within Discord's limits.
    fn assert_described(item: &Value, path: &str) {
        let description = item["description"].as_str().unwrap_or_default();
        assert!(
            !description.is_empty() && description.chars().count() <= 100,
            "{path}: description {description:?}"
        );
        let name_it = item["name_localizations"]["it"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: no Italian name"));
        assert!(
            name_it.chars().count() <= 32
                && name_it
                    .chars()
                    .all(|c| c.is_lowercase() || c.is_numeric() || c == '-' || c == '_'),
            "{path}: Italian name {name_it:?}"
        );
        let description_it = item["description_localizations"]["it"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: no Italian description"));
        assert!(
            !description_it.is_empty() && description_it.chars().count() <= 100,
            "{path}: {description_it:?}"
        );
    }

    #[test]
    fn every_command_is_registered_described_and_localised() {
        let all = registered();
        let names: Vec<&str> = all.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
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
                "help"
            ]
        );
        for command in &all {
            let name = command["name"].as_str().unwrap();
            assert_described(command, name);
            assert_eq!(command["contexts"], json!([0]), "{name} is guild-only");
            for option in command["options"].as_array().into_iter().flatten() {
                let path = format!("{name} {}", option["name"]);
                assert_described(option, &path);
                for sub in option["options"].as_array().into_iter().flatten() {
                    assert_described(sub, &format!("{path} {}", sub["name"]));
                }
            }
        }
    }

    fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
        command["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no option {name}"))
    }

    fn choice_names(option: &Value) -> Vec<(String, String)> {
        option["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_owned(),
                    c["name_localizations"]["it"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn options_have_the_expected_types_and_choices() {
        let all = registered();
        // Option types: 1 subcommand, 3 string, 4 integer, 5 boolean, 6 user.
        let challenge = command(&all, "challenge");
        assert_eq!(option(challenge, "member")["type"], 6);
        assert_eq!(option(challenge, "member")["required"], true);
        assert_eq!(option(challenge, "colour")["type"], 4);
        assert_eq!(
            choice_names(option(challenge, "colour")),
            [
                ("White".into(), "Bianco".into()),
                ("Black".into(), "Nero".into()),
                ("Random".into(), "A caso".into())
            ]
        );
        let times: Vec<String> = choice_names(option(challenge, "time"))
            .into_iter()
            .map(|(en, _)| en)
            .collect();
        assert_eq!(times, ["5 min", "1 h", "24 h", "3 days"]);

        let play = command(&all, "play");
        let level = option(play, "level");
        assert_eq!(level["type"], 4);
        assert_eq!(level["required"], false);
        let levels = choice_names(level);
        assert_eq!(levels.len(), 8);
        assert_eq!(
            levels[0],
            ("1 · beginner".to_owned(), "1 · principiante".to_owned())
        );
        assert_eq!(
            levels[7],
            ("8 · master".to_owned(), "8 · maestro".to_owned())
        );
        for ((english, italian), level) in levels.iter().zip(Level::ALL) {
            assert_eq!(english, &format!("{} · {}", level.number(), level.name()));
            assert_eq!(
                italian,
                &format!("{} · {}", level.number(), level.name_it())
            );
        }
        assert_eq!(
            level["choices"][7]["value"], 7,
            "the value is the index of the choice"
        );

        let moves = option(command(&all, "move"), "move");
        assert_eq!(moves["type"], 3);
        assert_eq!(moves["autocomplete"], true);
        assert_eq!(moves["required"], true);

        assert_eq!(option(command(&all, "board"), "flip")["type"], 5);
        assert_eq!(
            option(command(&all, "leaderboard"), "page")["min_value"].as_f64(),
            Some(1.0)
        );
        assert_eq!(option(command(&all, "stats"), "member")["type"], 6);
        assert_eq!(
            option(command(&all, "history"), "member")["required"],
            false
        );
        assert_eq!(option(command(&all, "pdn"), "game")["type"], 4);
        assert_eq!(
            option(command(&all, "replay"), "game")["min_value"].as_f64(),
            Some(1.0)
        );

        let draw = command(&all, "draw");
        let subcommands: Vec<(&str, &str)> = draw["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                assert_eq!(s["type"], 1);
                (
                    s["name"].as_str().unwrap(),
                    s["name_localizations"]["it"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            subcommands,
            [
                ("offer", "proponi"),
                ("accept", "accetta"),
                ("decline", "rifiuta")
            ]
        );
    }

    #[test]
    fn abort_is_for_members_who_manage_messages() {
        let all = registered();
        let abort = command(&all, "abort");
        assert_eq!(abort["default_member_permissions"], "8192");
        for name in ["challenge", "move", "help"] {
            assert!(
                command(&all, name)["default_member_permissions"].is_null(),
                "{name} is for everyone"
            );
        }
        let commands = commands();
        let abort = commands.iter().find(|c| c.name == "abort").unwrap();
        assert_eq!(
            abort.checks.len(),
            1,
            "a check backs the default permission up"
        );
    }
}
