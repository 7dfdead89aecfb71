//! The slash commands, built from the command table ([`dama_core::commands`]): what Discord
//! registers ([`registration`], with the words of the files) and what poise dispatches
//! ([`commands()`]: one handler for every command, which reads the options into
//! [`Values`](dama_core::commands::Values) by the table and runs the table's
//! [`action`](dama_service::commands::action)). No command is declared anywhere else.
//!
//! Every command is guild-only. The words Discord shows for them (names, descriptions,
//! options and choices) come from the files ([`registration`]): English as the registered
//! defaults, Italian for Discord's `it`, Spanish for both `es-ES` and `es-419`.

mod read;
mod register;
mod suggest;

use dama_core::text::Part;
use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use super::permissions::{self, guild_only_text};
use super::respond;
use super::{Context, Data, Error};
use dama_core::commands;
use dama_core::i18n::{self, Language, t, tr};

pub use register::{LOCALES, entry_point, kept_entry_point, registration};

type Command = poise::Command<Data, Error>;

/// The commands of the bot as poise dispatches them, in the order of the help text: the
/// table's names (the English names the files give them, which a test checks), their
/// options and autocompletes.
#[must_use]
pub fn commands() -> Vec<Command> {
    commands::TABLE
        .iter()
        .map(|declared| dispatched(declared, declared.name.to_owned()))
        .collect()
}

/// The commands as Discord registers them, with their words from the files (a missing word is
/// logged; the tests rule them out).
#[must_use]
pub fn application_commands() -> Vec<serenity::CreateCommand> {
    let (builders, missing) = registration(i18n::texts());
    for missing in missing {
        tracing::error!("texts: no {missing}");
    }
    builders
}

/// A command of the table, or a subcommand at `path`, as poise dispatches it.
fn dispatched(declared: &'static commands::Command, path: String) -> Command {
    let subcommands: Vec<Command> = declared
        .subcommands
        .iter()
        .map(|sub| dispatched(sub, format!("{path} {}", sub.name)))
        .collect();
    let parameters = declared
        .options
        .iter()
        .map(|option| poise::CommandParameter {
            name: Cow::Borrowed(option.name),
            name_localizations: Cow::Borrowed(&[]),
            description: None,
            description_localizations: Cow::Borrowed(&[]),
            required: option.required,
            channel_types: None,
            choices: Cow::Borrowed(&[]),
            type_setter: None,
            autocomplete_callback: suggest::callback(option),
            __non_exhaustive: (),
        })
        .collect();
    let group = !subcommands.is_empty();
    Command {
        name: Cow::Borrowed(declared.name),
        qualified_name: Cow::Owned(path.clone()),
        identifying_name: Cow::Owned(path),
        source_code_name: Cow::Borrowed(declared.name),
        slash_action: Some(if group { run_group } else { run }),
        subcommands,
        subcommand_required: group,
        guild_only: true,
        default_member_permissions: if declared.moderators {
            serenity::Permissions::MANAGE_MESSAGES
        } else {
            serenity::Permissions::empty()
        },
        checks: if declared.moderators {
            vec![|ctx| Box::pin(moderator(ctx))]
        } else {
            Vec::new()
        },
        parameters,
        ..Command::default()
    }
}

/// Runs a command: its options read by the table, then the table's action, answered.
fn run(
    ctx: poise::ApplicationContext<'_, Data, Error>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Data, Error>>> {
    Box::pin(async move {
        let path = ctx.command().identifying_name.to_string();
        let answered = async {
            let values = read::values(ctx.into(), &path, ctx.args, &ctx.interaction.data.resolved)?;
            let Some(action) = dama_service::commands::action(&path, &values) else {
                return Err(Error::Refused(t!(
                    language(ctx.into()),
                    DiscordOptionsUnreadable
                )));
            };
            Box::pin(respond::answer_command(ctx, action)).await
        };
        answered
            .await
            .map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
    })
}

/// A command with subcommands: Discord never runs one, only its subcommands are invoked.
fn run_group(
    ctx: poise::ApplicationContext<'_, Data, Error>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Data, Error>>> {
    Box::pin(async move {
        let refusal = super::errors::subcommand_required(ctx.into(), language(ctx.into()));
        Err(poise::FrameworkError::new_command(
            ctx.into(),
            Error::Refused(refusal),
        ))
    })
}

/// The language of whoever used the command (their Discord's).
fn language(ctx: Context<'_>) -> Language {
    super::errors::reader_language(ctx)
}

/// The application context of a command (every command here is a slash command).
fn application(ctx: Context<'_>) -> Result<poise::ApplicationContext<'_, Data, Error>, Error> {
    match ctx {
        poise::Context::Application(app) => Ok(app),
        poise::Context::Prefix(_) => Err(Error::Refused(t!(language(ctx), DiscordSlashOnly))),
    }
}

/// The text for someone who may not abort games, in their language.
#[must_use]
pub fn not_a_moderator(ctx: Context<'_>) -> String {
    let language = language(ctx);
    ctx.data().markup.render(&tr!(
        language,
        DiscordNotAModerator,
        cmd_resign = Part::command("resign"),
        cmd_draw_offer = Part::command("draw offer"),
    ))
}

/// A command for moderators (`/abort`) is for members with Manage Messages in the channel (as
/// Discord resolved them for the interaction).
#[allow(clippy::unused_async, reason = "poise checks are futures")]
async fn moderator(ctx: Context<'_>) -> Result<bool, Error> {
    let app = application(ctx)?;
    let Some(member) = app.interaction.member.as_deref() else {
        return Err(Error::Refused(guild_only_text(language(ctx))));
    };
    if member
        .permissions
        .is_some_and(|p| p.contains(serenity::Permissions::MANAGE_MESSAGES))
    {
        Ok(true)
    } else {
        Err(Error::Refused(not_a_moderator(ctx)))
    }
}

/// The check every command passes first: in a server, with the permissions the bot needs in
/// the channel (the rules, the help and the settings need none).
#[must_use]
pub fn channel_check(ctx: Context<'_>) -> poise::BoxFuture<'_, Result<bool, Error>> {
    Box::pin(async move {
        let app = application(ctx)?;
        let language = language(ctx);
        if app.interaction.guild_id.is_none() {
            return Err(Error::Refused(guild_only_text(language)));
        }
        if matches!(app.command().name.as_ref(), "rules" | "help" | "settings") {
            return Ok(true);
        }
        permissions::check_permissions(
            app.interaction.app_permissions,
            app.interaction.channel.as_ref(),
            language,
        )?;
        Ok(true)
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::OnceLock;

    use dama_engine::Level;
    use serde_json::{Value, json};

    use super::*;

    fn registered() -> Vec<Value> {
        i18n::set_strict(true);
        let builders = application_commands();
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

    /// Discord's locales, from its OpenAPI description.
    fn discord_locales() -> &'static BTreeSet<String> {
        static LOCALES_CELL: OnceLock<BTreeSet<String>> = OnceLock::new();
        LOCALES_CELL.get_or_init(|| {
            let spec: Value =
                serde_json::from_str(include_str!("../../../../tests/data/discord-openapi.json"))
                    .expect("the OpenAPI description is JSON");
            spec["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]
                .as_array()
                .expect("the locales are listed")
                .iter()
                .map(|l| l["const"].as_str().unwrap().to_owned())
                .collect()
        })
    }

    /// Discord's rule for the names of chat commands, subcommands and options.
    fn valid_name(name: &str) -> bool {
        static PATTERN: OnceLock<regex::Regex> = OnceLock::new();
        let pattern = PATTERN.get_or_init(|| {
            regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").unwrap()
        });
        pattern.is_match(name) && name.to_lowercase() == name
    }

    fn valid_description(text: &str) -> bool {
        (1..=100).contains(&text.chars().count()) && !text.contains("{$") && !text.contains('{')
    }

    /// The localisations of one field: every locale of [`LOCALES`], nothing else.
    fn assert_localised(item: &Value, field: &str, path: &str, names: bool) {
        let map = item[field]
            .as_object()
            .unwrap_or_else(|| panic!("{path}: no {field}"));
        let keys: BTreeSet<&str> = map.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            BTreeSet::from(["it", "es-ES", "es-419"]),
            "{path}: {field}"
        );
        for (locale, text) in map {
            assert!(discord_locales().contains(locale), "{path}: {locale}");
            let text = text.as_str().unwrap();
            if names {
                assert!(valid_name(text), "{path}: {field}.{locale} {text:?}");
            } else {
                assert!(valid_description(text), "{path}: {field}.{locale} {text:?}");
            }
        }
        assert_eq!(
            map["es-ES"], map["es-419"],
            "{path}: both Spanish locales read the same"
        );
    }

    /// A command, subcommand or option: valid names and descriptions in every language.
    fn assert_described(item: &Value, path: &str) {
        let name = item["name"].as_str().unwrap();
        assert!(valid_name(name), "{path}: name {name:?}");
        let description = item["description"].as_str().unwrap_or_default();
        assert!(
            valid_description(description),
            "{path}: description {description:?}"
        );
        assert_localised(item, "name_localizations", path, true);
        assert_localised(item, "description_localizations", path, false);
        for choice in item["choices"].as_array().into_iter().flatten() {
            let name = choice["name"].as_str().unwrap();
            assert!(valid_description(name), "{path}: choice {name:?}");
            assert_localised(choice, "name_localizations", path, false);
        }
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
                "takeback",
                "hint",
                "leaderboard",
                "stats",
                "history",
                "pdn",
                "replay",
                "analysis",
                "rules",
                "help",
                "games",
                "tournament",
                "settings",
                "puzzle",
                "puzzles"
            ]
        );
        let mut paths = Vec::new();
        for command in &all {
            let name = command["name"].as_str().unwrap();
            assert_described(command, name);
            assert_eq!(command["contexts"], json!([0]), "{name} is guild-only");
            for option in command["options"].as_array().into_iter().flatten() {
                let path = format!("{name} {}", option["name"].as_str().unwrap());
                assert_described(option, &path);
                if option["type"] == 1 {
                    paths.push(path.clone());
                } else if option["type"] != 2 {
                    continue;
                }
                for sub in option["options"].as_array().into_iter().flatten() {
                    assert_described(sub, &format!("{path} {}", sub["name"]));
                }
            }
            if command["options"]
                .as_array()
                .is_none_or(|o| o.iter().all(|o| o["type"] != 1))
            {
                paths.push(name.to_owned());
            }
        }
        let paths: BTreeSet<&str> = paths.iter().map(String::as_str).collect();
        let runnable = dama_core::commands::runnable();
        let listed: BTreeSet<&str> = runnable.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths, listed,
            "the command table lists every command and subcommand"
        );
    }

    /// Discord's type of an option of the table's kind.
    fn option_type(kind: &dama_core::commands::Kind) -> u64 {
        use dama_core::commands::Kind;
        match kind {
            Kind::Text { .. } | Kind::Time | Kind::Pace | Kind::Clock | Kind::Expiry => 3,
            Kind::Integer { .. } | Kind::Choice(_) => 4,
            Kind::Switch => 5,
            Kind::Member => 6,
            Kind::Channel => 7,
        }
    }

    /// A dispatched command (`code`), as registered (`json`), is the table's `declared`: poise
    /// finds commands, subcommands and options by the names Discord sends, the registered
    /// English ones.
    fn same_as_table(code: &Command, json: &Value, declared: &commands::Command, path: &str) {
        assert_eq!(code.name, declared.name, "{path}");
        assert_eq!(json["name"], declared.name, "{path}");
        assert_eq!(code.identifying_name, path, "{path}");
        let subcommands: Vec<&str> = code.subcommands.iter().map(|c| c.name.as_ref()).collect();
        let table: Vec<&str> = declared.subcommands.iter().map(|c| c.name).collect();
        assert_eq!(subcommands, table, "{path}: subcommands");
        let options = json["options"].as_array().cloned().unwrap_or_default();
        for ((sub, json), declared) in code
            .subcommands
            .iter()
            .zip(&options)
            .zip(declared.subcommands)
        {
            same_as_table(sub, json, declared, &format!("{path} {}", declared.name));
        }
        if !code.subcommands.is_empty() {
            return;
        }
        let names: Vec<&str> = code.parameters.iter().map(|p| p.name.as_ref()).collect();
        let registered: Vec<&str> = options
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        let table: Vec<&str> = declared.options.iter().map(|o| o.name).collect();
        assert_eq!(names, table, "{path}: options");
        assert_eq!(registered, table, "{path}: registered options");
        for ((parameter, json), option) in
            code.parameters.iter().zip(&options).zip(declared.options)
        {
            let at = format!("{path} {}", option.name);
            assert_eq!(
                json["required"].as_bool().unwrap_or(false),
                option.required,
                "{at}: required"
            );
            assert_eq!(
                json["type"].as_u64(),
                Some(option_type(&option.kind)),
                "{at}: type"
            );
            assert_eq!(
                json["autocomplete"].as_bool().unwrap_or(false),
                parameter.autocomplete_callback.is_some(),
                "{at}: autocomplete"
            );
            let choices = json["choices"].as_array().map_or(0, Vec::len);
            let table = option.choices().map_or(0, |c| c.names.len());
            assert_eq!(choices, table, "{at}: choices");
        }
    }

    #[test]
    fn the_dispatched_commands_are_the_registered_table() {
        let code = commands();
        let json = registered();
        let names: Vec<&str> = code.iter().map(|c| c.name.as_ref()).collect();
        let table: Vec<&str> = commands::TABLE.iter().map(|c| c.name).collect();
        assert_eq!(names, table, "the commands, in order");
        for ((code, json), declared) in code.iter().zip(&json).zip(commands::TABLE) {
            same_as_table(code, json, declared, declared.name);
        }
        assert!(
            registration(i18n::texts()).1.is_empty(),
            "the files name everything"
        );
    }

    #[test]
    fn a_missing_text_is_noticed() {
        let source = i18n::SOURCES[0]
            .2
            .replace(
                "    .member-description = Il membro da sfidare (se non indicato, una sfida aperta a tutti)\n",
                "",
            );
        assert_ne!(
            source,
            i18n::SOURCES[0].2,
            "the Italian file describes the member"
        );
        let mut sources = i18n::SOURCES;
        sources[0].2 = &source;
        let texts = i18n::Texts::parse(&sources).unwrap();
        assert_eq!(
            registration(&texts).1,
            ["it: cmd-challenge.member-description"]
        );
    }

    fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
        command["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no option {name}"))
    }

    /// The choices' names: English, Italian, Spanish.
    fn choice_names(option: &Value) -> Vec<[String; 3]> {
        option["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let l = |locale: &str| {
                    c["name_localizations"][locale]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned()
                };
                [c["name"].as_str().unwrap().to_owned(), l("it"), l("es-ES")]
            })
            .collect()
    }

    fn names(item: &Value) -> [&str; 3] {
        [
            item["name"].as_str().unwrap(),
            item["name_localizations"]["it"].as_str().unwrap(),
            item["name_localizations"]["es-419"].as_str().unwrap(),
        ]
    }

    #[test]
    fn options_have_the_expected_types_names_and_choices() {
        let all = registered();
        // Option types: 1 subcommand, 3 string, 4 integer, 5 boolean, 6 user.
        let challenge = command(&all, "challenge");
        assert_eq!(names(challenge), ["challenge", "sfida", "retar"]);
        assert_eq!(
            challenge["description_localizations"]["it"],
            "Sfida un membro, o chiunque qui, a una partita di dama valida per la classifica"
        );
        assert_eq!(option(challenge, "member")["type"], 6);
        assert_eq!(
            option(challenge, "member")["required"],
            false,
            "without a member: an open challenge"
        );
        assert_eq!(
            names(option(challenge, "member")),
            ["member", "avversario", "miembro"]
        );
        assert_eq!(option(challenge, "colour")["type"], 4);
        assert_eq!(
            choice_names(option(challenge, "colour")),
            [
                ["White", "Bianco", "Blancas"],
                ["Black", "Nero", "Negras"],
                ["Random", "A caso", "Al azar"]
            ]
        );
        let time = option(challenge, "time");
        assert_eq!(time["type"], 3);
        assert_eq!(time["autocomplete"], true);
        assert_eq!(names(time), ["time", "tempo", "tiempo"]);

        let play = command(&all, "play");
        let level = option(play, "level");
        assert_eq!(level["type"], 4);
        assert_eq!(level["required"], false);
        let levels = choice_names(level);
        assert_eq!(levels.len(), 8);
        assert_eq!(
            levels[0],
            ["1 · beginner", "1 · principiante", "1 · principiante"]
        );
        assert_eq!(levels[7], ["8 · master", "8 · maestro", "8 · maestro"]);
        for (choice, level) in levels.iter().zip(Level::ALL) {
            assert_eq!(choice[0], format!("{} · {}", level.number(), level.name()));
            assert_eq!(
                choice[1],
                format!("{} · {}", level.number(), level.name_it())
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
        assert_eq!(names(moves), ["move", "mossa", "jugada"]);

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
        let analysis = command(&all, "analysis");
        assert_eq!(names(analysis), ["analysis", "analisi", "analisis"]);
        let game = option(analysis, "game");
        assert_eq!(game["type"], 4, "a game number");
        assert_eq!(
            game["required"], false,
            "this channel's last game if not given"
        );
        assert_eq!(game["min_value"].as_f64(), Some(1.0));
        assert_eq!(names(game), ["game", "partita", "partida"]);
        let hint = command(&all, "hint");
        assert_eq!(names(hint), ["hint", "suggerimento", "pista"]);
        assert!(hint["options"].as_array().is_none_or(Vec::is_empty));

        let draw = command(&all, "draw");
        let subcommands: Vec<[&str; 3]> = draw["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                assert_eq!(s["type"], 1);
                names(s)
            })
            .collect();
        assert_eq!(
            subcommands,
            [
                ["offer", "proponi", "ofrecer"],
                ["accept", "accetta", "aceptar"],
                ["decline", "rifiuta", "rechazar"]
            ]
        );
    }

    #[test]
    fn accept_names_whose_challenge_and_games_lists_all_for_moderators() {
        let all = registered();
        let from = option(command(&all, "accept"), "from");
        assert_eq!(from["type"], 6, "a member");
        assert_eq!(from["required"], false);
        assert_eq!(names(from), ["from", "da", "de"]);
        let games = command(&all, "games");
        assert_eq!(names(games), ["games", "partite", "partidas"]);
        let every = option(games, "all");
        assert_eq!(every["type"], 5);
        assert_eq!(names(every), ["all", "tutte", "todas"]);
        assert!(
            games["default_member_permissions"].is_null(),
            "the service refuses `all` to members who are not moderators"
        );
        assert_eq!(
            names(command(&all, "takeback")),
            ["takeback", "ritira", "deshacer"]
        );
    }

    #[test]
    fn settings_is_one_command_with_an_option_per_setting() {
        let all = registered();
        let settings = command(&all, "settings");
        assert_eq!(names(settings), ["settings", "impostazioni", "ajustes"]);
        assert!(
            settings["default_member_permissions"].is_null(),
            "notifications are everyone's: the service refuses the server's options to others"
        );
        assert_eq!(settings["contexts"], json!([0]));
        let options: Vec<[&str; 3]> = settings["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                assert_eq!(o["required"], false, "{o}");
                names(o)
            })
            .collect();
        assert_eq!(
            options,
            [
                ["language", "lingua", "idioma"],
                ["notify", "notifiche", "avisos"],
                ["time", "tempo", "tiempo"],
                ["expiry", "scadenza", "caducidad"],
                ["threads", "thread", "hilos"],
                ["add-channel", "aggiungi-canale", "añadir-canal"],
                ["remove-channel", "togli-canale", "quitar-canal"],
                ["daily-puzzle", "problema-del-giorno", "problema-diario"],
                ["daily-puzzle-hour", "ora-problema", "hora-problema"],
                ["daily-puzzle-off", "togli-problema", "quitar-problema"],
            ]
        );
        let language = option(settings, "language");
        assert_eq!(language["type"], 4);
        assert_eq!(
            choice_names(language),
            [
                ["Italiano", "Italiano", "Italiano"],
                ["English", "English", "English"],
                ["Español", "Español", "Español"],
                [
                    "Discord's (automatic)",
                    "Quella di Discord (automatica)",
                    "El de Discord (automático)"
                ]
            ]
        );
        let notify = option(settings, "notify");
        assert_eq!(notify["type"], 4);
        assert_eq!(
            choice_names(notify),
            [
                ["Direct messages", "Messaggi diretti", "Mensajes directos"],
                [
                    "A ping in the game's thread",
                    "Una menzione nel thread della partita",
                    "Una mención en el hilo de la partida"
                ],
                [
                    "Neither (my name only)",
                    "Niente (solo il mio nome)",
                    "Nada (solo mi nombre)"
                ]
            ]
        );
        let threads = option(settings, "threads");
        assert_eq!(
            choice_names(threads),
            [
                [
                    "On: a thread for each game",
                    "Sì: un thread per ogni partita",
                    "Sí: un hilo para cada partida"
                ],
                [
                    "Off: games in their channel",
                    "No: le partite nel loro canale",
                    "No: las partidas en su canal"
                ]
            ]
        );
        for name in ["time", "expiry"] {
            let typed = option(settings, name);
            assert_eq!(typed["type"], 3, "{name}");
            assert_eq!(typed["autocomplete"], true, "{name}");
        }
        let hour = option(settings, "daily-puzzle-hour");
        assert_eq!(hour["type"], 4, "an integer");
        assert_eq!(
            (hour["min_value"].as_f64(), hour["max_value"].as_f64()),
            (Some(0.0), Some(23.0))
        );
        assert_eq!(option(settings, "daily-puzzle-off")["type"], 5, "a switch");
        for name in ["add-channel", "remove-channel", "daily-puzzle"] {
            let channel = option(settings, name);
            assert_eq!(channel["type"], 7, "{name}: a channel");
            assert_eq!(
                channel["channel_types"],
                json!([0]),
                "{name}: text channels only"
            );
        }
    }

    #[test]
    fn puzzle_takes_daily_and_a_move_and_puzzles_takes_nothing() {
        let all = registered();
        let puzzle = command(&all, "puzzle");
        assert_eq!(names(puzzle), ["puzzle", "problema", "problema"]);
        assert!(puzzle["default_member_permissions"].is_null());
        let daily = option(puzzle, "daily");
        assert_eq!(daily["type"], 5);
        assert_eq!(daily["required"], false);
        let answer = option(puzzle, "move");
        assert_eq!(answer["type"], 3);
        assert_eq!(answer["required"], false, "no move: a new puzzle");
        assert_eq!(answer["autocomplete"], true);
        assert_eq!(names(answer), ["move", "mossa", "jugada"]);
        let puzzles = command(&all, "puzzles");
        assert_eq!(names(puzzles), ["puzzles", "problemi", "problemas"]);
        assert!(puzzles["options"].as_array().is_none_or(Vec::is_empty));
    }

    #[test]
    fn tournament_has_a_subcommand_for_each_step_in_every_language() {
        let all = registered();
        let tournament = command(&all, "tournament");
        assert_eq!(names(tournament), ["tournament", "torneo", "torneo"]);
        assert!(
            tournament["default_member_permissions"].is_null(),
            "everyone joins and looks; the service refuses the managers' steps to others"
        );
        let subcommands: Vec<[&str; 3]> = tournament["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                assert_eq!(s["type"], 1, "{s}");
                names(s)
            })
            .collect();
        assert_eq!(
            subcommands,
            [
                ["create", "crea", "crear"],
                ["join", "iscriviti", "inscribirse"],
                ["start", "avvia", "iniciar"],
                ["standings", "classifica", "clasificación"],
                ["pairings", "abbinamenti", "emparejamientos"],
                ["withdraw", "ritirati", "retirarse"],
                ["forfeit", "forfait", "forfait"],
                ["cancel", "annulla", "cancelar"],
                ["pdn", "pdn", "pdn"],
            ]
        );
        let sub = |name: &str| {
            tournament["options"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["name"] == name)
                .unwrap()
        };
        let create = sub("create");
        let options: Vec<[&str; 3]> = create["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(names)
            .collect();
        assert_eq!(
            options,
            [
                ["name", "nome", "nombre"],
                ["format", "formula", "formato"],
                ["rounds", "turni", "rondas"],
                ["games", "partite", "partidas"],
                ["time", "tempo", "tiempo"],
                ["rated", "valido", "puntuable"],
                ["openings", "aperture", "aperturas"],
                ["signup", "iscrizioni", "inscripción"],
            ]
        );
        let name = option(create, "name");
        assert_eq!(
            (name["type"].as_u64(), name["required"].as_bool()),
            (Some(3), Some(true))
        );
        assert_eq!(name["max_length"], 80);
        assert_eq!(
            choice_names(option(create, "format")),
            [
                ["Swiss", "Svizzero", "Suizo"],
                ["Round robin", "Girone all'italiana", "Todos contra todos"]
            ]
        );
        assert_eq!(option(create, "format")["choices"][1]["value"], 1);
        let games = option(create, "games");
        assert_eq!(games["type"], 4);
        assert_eq!(
            (games["min_value"].as_f64(), games["max_value"].as_f64()),
            (Some(1.0), Some(2.0))
        );
        for typed in ["time", "signup"] {
            assert_eq!(option(create, typed)["type"], 3, "{typed}");
            assert_eq!(option(create, typed)["autocomplete"], true, "{typed}");
        }
        for switch in ["rated", "openings"] {
            assert_eq!(option(create, switch)["type"], 5, "{switch}");
        }
        let round = option(sub("pairings"), "round");
        assert_eq!(
            (round["type"].as_u64(), round["required"].as_bool()),
            (Some(4), Some(false))
        );
        assert_eq!(names(round), ["round", "turno", "ronda"]);
        let member = option(sub("forfeit"), "member");
        assert_eq!(
            (member["type"].as_u64(), member["required"].as_bool()),
            (Some(6), Some(true))
        );
        for name in ["join", "start", "standings", "withdraw", "cancel", "pdn"] {
            assert!(
                sub(name)["options"].as_array().is_none_or(Vec::is_empty),
                "{name}"
            );
        }
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
