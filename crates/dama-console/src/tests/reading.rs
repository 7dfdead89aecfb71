//! Commands read in every language, to the actions they ask for.

use dama_core::commands;
use serde_json::{Value, json};

use super::*;

fn parsed(c: &mut Console, command: &str) -> Parsed {
    c.parse(command)
}

fn settings(change: SettingsChange) -> Parsed {
    Parsed::Act(Action::Settings(change))
}

#[test]
fn the_new_commands_are_read_in_every_language() {
    let (mut c, _service) = console();
    let bob = c.user_id("bob");
    for (open, accept, games, all, takeback) in [
        (
            "challenge",
            "accept from:bob",
            "games",
            "games all",
            "takeback",
        ),
        (
            "sfida",
            "accetta da:bob",
            "partite",
            "partite tutte",
            "ritira",
        ),
        (
            "retar",
            "aceptar de:@bob",
            "partidas",
            "partidas todas",
            "deshacer",
        ),
    ] {
        assert_eq!(
            parsed(&mut c, open),
            Parsed::Act(Action::Challenge {
                opponent: None,
                colour: ColourChoice::Random,
                time_per_move: None,
                clock: None
            }),
            "{open}"
        );
        assert_eq!(
            parsed(&mut c, accept),
            Parsed::Act(Action::Accept { from: Some(bob) }),
            "{accept}"
        );
        assert_eq!(
            parsed(&mut c, games),
            Parsed::Act(Action::Games { all: false })
        );
        assert_eq!(
            parsed(&mut c, all),
            Parsed::Act(Action::Games { all: true })
        );
        assert_eq!(parsed(&mut c, takeback), Parsed::Act(Action::Takeback));
    }
    // An open challenge with a colour; `/accept` alone.
    assert_eq!(
        parsed(&mut c, "sfida nero tempo:2h"),
        Parsed::Act(Action::Challenge {
            opponent: None,
            colour: ColourChoice::Black,
            time_per_move: Some(Duration::from_secs(7200)),
            clock: None
        })
    );
    assert_eq!(
        parsed(&mut c, "aceptar"),
        Parsed::Act(Action::Accept { from: None })
    );
    // `/settings` alone shows them; each option, in each language.
    assert_eq!(
        parsed(&mut c, "impostazioni"),
        settings(SettingsChange::default())
    );
    let dm = SettingsChange {
        notify: Some(NotifyMode::Dm),
        ..SettingsChange::default()
    };
    for typed in [
        "settings notify:dm",
        "impostazioni notifiche:dm",
        "ajustes avisos:md",
    ] {
        assert_eq!(parsed(&mut c, typed), settings(dm.clone()), "{typed}");
    }
    assert_eq!(
        parsed(&mut c, "ajustes avisos:nada"),
        settings(SettingsChange {
            notify: Some(NotifyMode::Off),
            ..SettingsChange::default()
        })
    );
    let sala = c.place_id(false, "sala");
    let bar = c.place_id(false, "bar");
    let server = SettingsChange {
        time_per_move: Some(Duration::from_secs(2 * 3600)),
        challenge_expiry: Some(Some(Duration::from_secs(86_400))),
        threads: Some(false),
        add_game_channel: Some(sala),
        remove_game_channel: Some(bar),
        ..SettingsChange::default()
    };
    for typed in [
        "settings time:2h expiry:1day threads:off add-channel:#sala remove-channel:#bar",
        "impostazioni tempo:2h scadenza:1day thread:no aggiungi-canale:#sala togli-canale:bar",
        "ajustes tiempo:2h caducidad:1day hilos:no añadir-canal:#sala quitar-canal:#bar",
    ] {
        assert_eq!(parsed(&mut c, typed), settings(server.clone()), "{typed}");
    }
    assert_eq!(
        parsed(&mut c, "ajustes hilos:sí caducidad:auto idioma:auto"),
        settings(SettingsChange {
            threads: Some(true),
            challenge_expiry: Some(None),
            language: Some(None),
            ..SettingsChange::default()
        })
    );
    assert_eq!(
        parsed(&mut c, "impostazioni lingua:es"),
        settings(SettingsChange {
            language: Some(Some(Language::Es)),
            ..SettingsChange::default()
        })
    );
    // What cannot be read gets the usage, in the console's language.
    c.room.state().language = Language::It;
    let Parsed::Answer(usage) = parsed(&mut c, "impostazioni notifiche:forte") else {
        panic!("read");
    };
    assert!(
        usage.starts_with("`/impostazioni` accetta `lingua:"),
        "{usage}"
    );
    c.room.state().language = Language::Es;
    let Parsed::Answer(usage) = parsed(&mut c, "ajustes hilos:quizás") else {
        panic!("read");
    };
    assert!(usage.contains("`avisos:md|mención|nada`"), "{usage}");
}

#[test]
fn hint_is_read() {
    let (mut c, _service) = console();
    assert_eq!(parsed(&mut c, "hint"), Parsed::Act(Action::Hint));
    assert_eq!(parsed(&mut c, "Hint"), Parsed::Act(Action::Hint));
}

/// The commands as the table names them in every language (as Discord registers them: its
/// registration reads the same names), in the shape of Discord's registration.
fn registered() -> Vec<Value> {
    let texts = dama_core::i18n::texts();
    let named = |name: &dyn Fn(Language) -> String| {
        json!({
            "name": name(Language::En),
            "name_localizations": { "it": name(Language::It), "es-ES": name(Language::Es) },
        })
    };
    let option = |path: &str, declared: &commands::Parameter| {
        let mut item = named(&|l| {
            texts
                .command_attribute(l, path, declared.name)
                .unwrap_or_default()
        });
        item["type"] = json!(3);
        if let commands::Kind::Choice(choices) = &declared.kind {
            let choices: Vec<Value> = (0..choices.names.len())
                .map(|index| {
                    let mut choice = named(&|l| {
                        choices
                            .label(texts, path, declared.name, index, l)
                            .unwrap_or_default()
                    });
                    choice["value"] = json!(index);
                    choice
                })
                .collect();
            item["choices"] = json!(choices);
        }
        item
    };
    commands::TABLE
        .iter()
        .map(|declared| {
            let path = declared.name;
            let mut command = named(&|l| commands::segment_name(texts, l, path));
            let options: Vec<Value> = if declared.subcommands.is_empty() {
                declared.options.iter().map(|o| option(path, o)).collect()
            } else {
                declared
                    .subcommands
                    .iter()
                    .map(|sub| {
                        let sub_path = format!("{path} {}", sub.name);
                        let mut item = named(&|l| commands::segment_name(texts, l, &sub_path));
                        item["type"] = json!(1);
                        item["options"] = json!(
                            sub.options
                                .iter()
                                .map(|o| option(&sub_path, o))
                                .collect::<Vec<_>>()
                        );
                        item
                    })
                    .collect()
            };
            command["options"] = json!(options);
            command
        })
        .collect()
}

/// The name of a registered command, option or choice in a language.
fn registered_name(item: &Value, language: Language) -> String {
    let name = match language {
        Language::En => &item["name"],
        Language::It => &item["name_localizations"]["it"],
        Language::Es => &item["name_localizations"]["es-ES"],
    };
    name.as_str()
        .unwrap_or_else(|| panic!("{item}: no name in {language:?}"))
        .to_owned()
}

/// A choice's name as the console takes it: one word, spaces as dashes.
fn one_word(name: &str) -> String {
    name.replace(' ', "-")
}

/// What `/command option:CHOICE` asks for, for the `index`th choice of an option the console
/// reads choices of; `None` for the other options.
fn chosen(path: &str, option: &str, index: usize) -> Option<Parsed> {
    let colours = [
        ColourChoice::White,
        ColourChoice::Black,
        ColourChoice::Random,
    ];
    let languages = [
        Some(Language::It),
        Some(Language::En),
        Some(Language::Es),
        None,
    ];
    let modes = [NotifyMode::Dm, NotifyMode::Ping, NotifyMode::Off];
    let action = match (path, option) {
        ("challenge", "colour") => Action::Challenge {
            opponent: None,
            colour: colours[index],
            time_per_move: None,
            clock: None,
        },
        ("play", "colour") => Action::PlayEngine {
            level: 1,
            colour: colours[index],
            clock: None,
        },
        ("play", "level") => Action::PlayEngine {
            level: u8::try_from(index + 1).unwrap(),
            colour: ColourChoice::Random,
            clock: None,
        },
        ("settings", "language") => Action::Settings(SettingsChange {
            language: Some(languages[index]),
            ..SettingsChange::default()
        }),
        ("settings", "notify") => Action::Settings(SettingsChange {
            notify: Some(modes[index]),
            ..SettingsChange::default()
        }),
        ("settings", "threads") => Action::Settings(SettingsChange {
            threads: Some(index == 0),
            ..SettingsChange::default()
        }),
        ("tournament create", "format") => {
            Action::Tournament(TournamentAction::Create(TournamentSpec {
                name: "Cup".to_owned(),
                format: if index == 1 {
                    TournamentFormat::RoundRobin
                } else {
                    TournamentFormat::Swiss {
                        rounds: dama_core::commands::DEFAULT_SWISS_ROUNDS,
                    }
                },
                games_per_pairing: 1,
                time_per_move: None,
                rated: true,
                drawn_openings: false,
                signup: None,
            }))
        }
        _ => return None,
    };
    Some(Parsed::Act(action))
}

/// Counts what [`every_registered_command_option_and_choice_is_read_in_every_language`] read.
#[derive(Default)]
struct Read {
    commands: usize,
    options: usize,
    choices: usize,
}

/// The options of a registered command (or subcommand) at `path`, typed as `typed`, read by
/// their names in `language`, and their choices by theirs.
fn read_options(c: &mut Console, command: &Value, path: &str, typed: &str, read: &mut Read) {
    let language = c.language();
    for option in command["options"].as_array().into_iter().flatten() {
        let english = option["name"].as_str().unwrap();
        let name = registered_name(option, language);
        assert_eq!(
            c.words.option(&name),
            Some(english),
            "{language:?} /{path} {name}:"
        );
        read.options += 1;
        for choice in option["choices"].as_array().into_iter().flatten() {
            let index = usize::try_from(choice["value"].as_u64().unwrap()).unwrap();
            let Some(expected) = chosen(path, english, index) else {
                panic!("/{path} {english}: the console reads no choice of it");
            };
            // Levels are typed by their numbers, the names of the other choices as one word.
            let value = if english == "level" {
                (index + 1).to_string()
            } else {
                one_word(&registered_name(choice, language))
            };
            let line = if path == "tournament create" {
                format!("{typed} Cup {name}:{value}")
            } else {
                format!("{typed} {name}:{value}")
            };
            assert_eq!(parsed(c, &line), expected, "{language:?} {line}");
            read.choices += 1;
        }
    }
}

#[test]
fn every_registered_command_option_and_choice_is_read_in_every_language() {
    let (mut c, _) = console();
    let mut read = Read::default();
    let registered = registered();
    for language in Language::ALL {
        c.room.state().language = language;
        for command in &registered {
            let english = command["name"].as_str().unwrap();
            let typed = registered_name(command, language);
            assert_eq!(
                c.words.command(&typed),
                Some(english),
                "{language:?} /{typed}"
            );
            let unknown = t!(
                language,
                ConsoleUnknownCommand,
                name = typed.to_lowercase(),
                help = c.typed("help")
            );
            assert_ne!(parsed(&mut c, &typed), Parsed::Answer(unknown), "/{typed}");
            read.commands += 1;
            let subcommands = command["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|option| option["type"] == 1);
            let mut any = false;
            for sub in subcommands {
                any = true;
                let sub_english = sub["name"].as_str().unwrap();
                let path = format!("{english} {sub_english}");
                let sub_typed = registered_name(sub, language);
                assert_eq!(
                    c.words.subcommand(english, &sub_typed),
                    Some(path.as_str()),
                    "{language:?} /{typed} {sub_typed}"
                );
                let line = format!("{typed} {sub_typed}");
                assert_eq!(c.typed(&path), format!("/{line}"), "{path}");
                read_options(&mut c, sub, &path, &line, &mut read);
                read.commands += 1;
            }
            if !any {
                read_options(&mut c, command, english, &typed, &mut read);
            }
        }
    }
    // 26 commands and 12 subcommands, 38 options, 25 choices (8 of them levels), in 3
    // languages.
    assert_eq!(
        (read.commands, read.options, read.choices),
        (3 * 38, 3 * 38, 3 * 25)
    );
}

#[test]
fn puzzle_commands_are_read_in_every_language() {
    let (mut c, _) = console();
    let puzzle = |action| Parsed::Act(Action::Puzzle(action));
    let answer = |text: &str| {
        puzzle(PuzzleAction::Answer {
            text: text.to_owned(),
        })
    };
    for typed in ["puzzle", "problema", "Problema"] {
        assert_eq!(parsed(&mut c, typed), puzzle(PuzzleAction::Next), "{typed}");
    }
    for typed in [
        "puzzle daily",
        "puzzle daily:true",
        "problema giorno",
        "problema giorno:sì",
        "problema diario",
    ] {
        assert_eq!(
            parsed(&mut c, typed),
            puzzle(PuzzleAction::Daily),
            "{typed}"
        );
    }
    assert_eq!(
        parsed(&mut c, "puzzle daily:off"),
        puzzle(PuzzleAction::Next)
    );
    for typed in [
        "puzzle 22-18",
        "puzzle move 22-18",
        "puzzle move:22-18",
        "problema mossa 22-18",
        "problema jugada:22-18",
    ] {
        assert_eq!(parsed(&mut c, typed), answer("22-18"), "{typed}");
    }
    assert_eq!(
        parsed(&mut c, "puzzle move"),
        Parsed::Suggest {
            typed: String::new(),
            asked_to_move: true,
            puzzle: true,
        }
    );
    for typed in ["puzzles", "problemi", "problemas"] {
        assert_eq!(
            parsed(&mut c, typed),
            puzzle(PuzzleAction::Ranking),
            "{typed}"
        );
    }
    let general = c.place_id(false, "general");
    let change = |daily_puzzle, daily_puzzle_hour| {
        settings(SettingsChange {
            daily_puzzle,
            daily_puzzle_hour,
            ..SettingsChange::default()
        })
    };
    assert_eq!(
        parsed(&mut c, "settings daily-puzzle:#general daily-puzzle-hour:7"),
        change(Some(Some(general)), Some(7))
    );
    assert_eq!(
        parsed(
            &mut c,
            "impostazioni problema-del-giorno:#general ora-problema:23"
        ),
        change(Some(Some(general)), Some(23))
    );
    for typed in [
        "settings daily-puzzle-off:on",
        "impostazioni togli-problema:sì",
        "ajustes quitar-problema:sí problema-diario:#general",
    ] {
        assert_eq!(parsed(&mut c, typed), change(Some(None), None), "{typed}");
    }
    assert_eq!(
        parsed(&mut c, "settings daily-puzzle-off:off"),
        change(None, None)
    );
    for junk in [
        "settings daily-puzzle-hour:24",
        "settings daily-puzzle-hour:seven",
        "settings daily-puzzle:#",
    ] {
        assert!(matches!(parsed(&mut c, junk), Parsed::Answer(_)), "{junk}");
    }
}

#[test]
fn tournament_steps_are_read_in_every_language() {
    let (mut c, _) = console();
    let create = |name: &str, format, games, rated, openings, signup| {
        Parsed::Act(Action::Tournament(TournamentAction::Create(
            TournamentSpec {
                name: name.to_owned(),
                format,
                games_per_pairing: games,
                time_per_move: Some(Duration::from_secs(7200)),
                rated,
                drawn_openings: openings,
                signup,
            },
        )))
    };
    assert_eq!(
        parsed(
            &mut c,
            "tournament create Spring cup format:round-robin games:2 time:2h rated:off"
        ),
        create(
            "Spring cup",
            TournamentFormat::RoundRobin,
            2,
            false,
            false,
            None
        )
    );
    assert_eq!(
        parsed(
            &mut c,
            "torneo crea Coppa formula:svizzero turni:4 tempo:2h aperture:sì iscrizioni:30m"
        ),
        create(
            "Coppa",
            TournamentFormat::Swiss { rounds: 4 },
            1,
            true,
            true,
            Some(Duration::from_secs(1800))
        )
    );
    assert_eq!(
        parsed(
            &mut c,
            "torneo crear Copa formato:todos-contra-todos tiempo:2h"
        ),
        create("Copa", TournamentFormat::RoundRobin, 1, true, false, None)
    );
    let step = |action| Parsed::Act(Action::Tournament(action));
    assert_eq!(
        parsed(&mut c, "torneo iscriviti"),
        step(TournamentAction::Join)
    );
    assert_eq!(
        parsed(&mut c, "torneo iniciar"),
        step(TournamentAction::Start)
    );
    assert_eq!(
        parsed(&mut c, "torneo clasificación"),
        step(TournamentAction::Standings)
    );
    assert_eq!(
        parsed(&mut c, "torneo abbinamenti 2"),
        step(TournamentAction::Pairings { round: Some(2) })
    );
    assert_eq!(
        parsed(&mut c, "tournament pairings"),
        step(TournamentAction::Pairings { round: None })
    );
    assert_eq!(
        parsed(&mut c, "torneo ritirati"),
        step(TournamentAction::Withdraw)
    );
    let bob = c.user_id("bob");
    assert_eq!(
        parsed(&mut c, "torneo forfait @bob"),
        step(TournamentAction::Forfeit {
            member: Member {
                user: bob,
                name: "bob".into(),
                is_bot: false
            }
        })
    );
    assert_eq!(
        parsed(&mut c, "torneo annulla"),
        step(TournamentAction::Cancel)
    );
    assert_eq!(parsed(&mut c, "torneo pdn"), step(TournamentAction::Pdn));
    let Parsed::Answer(usage) = parsed(&mut c, "tournament dance") else {
        panic!("a step it does not know");
    };
    assert!(usage.contains("`/tournament create`") && usage.contains("`/tournament pdn`"));
    let Parsed::Answer(usage) = parsed(&mut c, "tournament create Cup format:blitz") else {
        panic!("a format it does not know");
    };
    assert!(
        usage.starts_with("`/tournament create NAME` takes"),
        "{usage}"
    );
    assert!(matches!(
        parsed(&mut c, "tournament pairings two"),
        Parsed::Answer(_)
    ));
    assert!(matches!(
        parsed(&mut c, "tournament forfeit"),
        Parsed::Answer(_)
    ));
}
