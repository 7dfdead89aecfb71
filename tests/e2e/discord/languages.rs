//! The bot's languages: a member whose Discord speaks Italian gets Italian answers with the
//! commands mentioned by their registered ids (Discord shows them in Italian), and a server
//! whose Discord language is Spanish gets its public board in Spanish. In an ordinary server
//! (not a Community server: Discord reports it as `en-US`) two Italian players play a whole
//! game without one English word; in a Community server its chosen language wins.
//!
//! Texts are compared with what the files say (`dama_core::i18n`), so the words can change in
//! the files without breaking these tests.

use dama_core::i18n::{self, Language, Text};
use fluent_bundle::FluentArgs;
use serde_json::Value;

use crate::discord::common::{
    answer, command_id, custom_id, setup, setup_with_threads, start_thread_game, text,
};
use crate::support::discord_standin::{Slash, components, message_id, perm};

/// A message of the files, formatted with `args` (`name`, value as a string).
fn said(language: Language, message: Text, args: &[(&str, &str)]) -> String {
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        fluent.set(*name, (*value).to_owned());
    }
    i18n::texts().format(language, message, &fluent)
}

fn assert_clean(text: &str) {
    assert!(
        !text.contains("{$") && !text.contains("discord-") && !text.contains("cmd-"),
        "a raw message in {text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_italian_member_gets_italian_answers_and_command_mentions() {
    i18n::set_strict(true);
    let (discord, _dir, _bot) = setup().await;
    let bruno = discord.user_with_locale("bruno", "it");
    let carla = discord.user_with_locale("carla", "it");
    let (move_id, resign_id, draw_id) = (
        command_id(&discord, "move"),
        command_id(&discord, "resign"),
        command_id(&discord, "draw"),
    );

    // The help: Italian, every command a mention with its registered id.
    let help = discord.slash(&bruno, Slash::new("help")).await;
    let answered = answer(&discord, &help).await;
    assert!(answered.ephemeral());
    let help = text(&answered.message);
    assert!(help.contains("**Giocare**"), "{help}");
    assert!(help.contains(&format!("</move:{move_id}> mossa")), "{help}");
    assert!(help.contains(&format!("</draw offer:{draw_id}>")), "{help}");
    assert!(
        !help.contains("`/"),
        "no typed command once registered: {help}"
    );
    assert_clean(&help);

    // A time per move in Italian words is suggested and read; a wrong one is explained (a
    // challenge's time may also be a clock).
    let typing = Slash::new("challenge")
        .user("member", &carla)
        .focused("time", "2 ore");
    let choices = discord
        .choices(&discord.autocomplete(&bruno, typing).await)
        .await;
    assert_eq!(choices[0]["name"], "2 ore", "{choices:?}");
    assert!(
        choices.iter().any(|c| c["name"] == "3 giorni"),
        "{choices:?}"
    );
    let wrong = discord
        .slash(
            &bruno,
            Slash::new("challenge")
                .user("member", &carla)
                .string("time", "domani"),
        )
        .await;
    let refused = answer(&discord, &wrong).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert_eq!(
        refused.content(),
        said(
            Language::It,
            Text::OptionPaceUnreadable,
            &[("input", "domani")]
        )
    );
    assert!(
        refused.content().contains("3 giorni"),
        "{}",
        refused.content()
    );

    // Only moderators abort, with the players' commands mentioned.
    let abort = discord.slash(&bruno, Slash::new("abort")).await;
    let refused = answer(&discord, &abort).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    let content = refused.content();
    assert!(content.starts_with("Solo i moderatori"), "{content}");
    assert!(
        content.contains(&format!("</resign:{resign_id}>"))
            && content.contains(&format!("</draw offer:{draw_id}>")),
        "{content}"
    );

    // A channel where the bot cannot attach files: Discord's Italian name of the permission.
    let channel = discord.text_channel("senza-file", perm::ATTACH_FILES);
    let challenge = discord
        .slash_in(
            channel,
            &bruno,
            Slash::new("challenge").user("member", &carla),
        )
        .await;
    let refused = answer(&discord, &challenge).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        refused
            .content()
            .contains("manca il permesso **Allegare file**"),
        "{}",
        refused.content()
    );
    let typing = Slash::new("move").focused("move", "");
    let choices = discord
        .choices(&discord.autocomplete_in(channel, &bruno, typing).await)
        .await;
    assert!(
        choices[0]["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("Non posso gestire partite")),
        "{choices:?}"
    );
    discord.assert_no_errors();
}

/// The texts of the files without variables, in English and in Spanish, where they differ.
fn plain_texts() -> Vec<(String, String)> {
    Text::ALL
        .iter()
        .filter(|t| t.variables().is_empty())
        .map(|&t| (said(Language::En, t, &[]), said(Language::Es, t, &[])))
        .filter(|(en, es)| en != es)
        .collect()
}

/// The button labels and the select placeholder of a board.
fn control_words(board: &Value) -> Vec<String> {
    components(board)
        .iter()
        .filter_map(|c| c["label"].as_str().or(c["placeholder"].as_str()))
        .map(str::to_owned)
        .collect()
}

/// alice challenges bob (alice White) in `channel`, bob accepts: the board message.
async fn board_in(
    discord: &crate::support::discord_standin::Standin,
    channel: u64,
    alice: &crate::support::discord_standin::Person,
    bob: &crate::support::discord_standin::Person,
) -> Value {
    let challenge = discord
        .slash_in(
            channel,
            alice,
            Slash::new("challenge")
                .user("member", bob)
                .integer("colour", 0),
        )
        .await;
    let message = answer(discord, &challenge).await.message;
    let accept = custom_id(&message, "accept");
    let accepted = answer(
        discord,
        &discord.click(bob, message_id(&message), &accept).await,
    )
    .await;
    assert!(!accepted.ephemeral(), "{:#}", accepted.body());
    accepted.message
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_server_gets_its_public_board_in_spanish() {
    i18n::set_strict(true);
    let (discord, _dir, _bot) = setup().await;
    // Members whose own Discord speaks English: the public board follows the server. Two
    // pairs, so that no challenge waits for the challenger's cooldown.
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (carol, dave) = (discord.user("carol"), discord.user("dave"));
    let english_channel = discord.text_channel("english", 0);
    let english = board_in(&discord, english_channel, &alice, &bob).await;

    discord.set_guild_locale("es-ES");
    let spanish = board_in(&discord, discord.channel_id(), &carol, &dave).await;
    let words = control_words(&spanish);
    assert!(
        words.iter().any(|w| w.contains(' ') || w.len() > 3),
        "{spanish:#}"
    );
    let texts = plain_texts();
    for word in &words {
        assert!(
            !texts.iter().any(|(en, _)| en == word),
            "{word:?} is English on a Spanish board"
        );
    }
    assert!(
        words.iter().any(|w| texts.iter().any(|(_, es)| es == w)),
        "no button or menu of the Spanish board reads as the Spanish file: {words:?}"
    );
    let placeholder = components(&spanish)
        .iter()
        .find_map(|c| c["placeholder"].as_str().map(str::to_owned))
        .expect("the board has its move menu");
    assert!(
        !texts.iter().any(|(en, _)| *en == placeholder),
        "the menu's placeholder is English: {placeholder}"
    );
    assert_ne!(
        control_words(&english),
        words,
        "the English and the Spanish boards have the same controls"
    );
    let digitless = |message: &Value| -> String {
        text(message)
            .chars()
            .filter(|c| !c.is_ascii_digit())
            .collect()
    };
    assert_ne!(
        digitless(&english),
        digitless(&spanish),
        "the Spanish board reads as the English one"
    );
    let board_text = text(&spanish);
    assert!(
        board_text.contains("ha aceptado") && board_text.contains("Empiezan las blancas"),
        "{board_text}"
    );
    assert!(board_text.contains("**Partida #"), "{board_text}");
    assert_clean(&board_text);
    for word in &words {
        assert_clean(word);
    }
    discord.assert_no_errors();
}

/// The game clock 300 times faster, swept every second: with an hour a move, a move lasts 12 s
/// and its first reminder comes after 6 s.
const FAST_TIME: &str = "[game]\nclock_speed = 300.0\nsweep_interval = \"1s\"\n";

/// The words people read in what the bot sent: contents, embeds, thread names, button labels,
/// menu placeholders and options (not ids nor links).
fn read_texts(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    (
                        "content" | "title" | "description" | "name" | "value" | "text" | "label"
                        | "placeholder",
                        Value::String(text),
                    ) => out.push(text.clone()),
                    ("custom_id" | "url" | "allowed_mentions", _) => {}
                    _ => read_texts(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| read_texts(item, out)),
        _ => {}
    }
}

/// Every text the bot sent from request `from` on (command registration aside), with the
/// request it came in.
fn texts_sent(discord: &crate::support::discord_standin::Standin, from: usize) -> Vec<String> {
    let mut out = Vec::new();
    for request in discord.requests().iter().skip(from) {
        if request.method == "GET" || request.path.ends_with("/commands") {
            continue;
        }
        let mut texts = Vec::new();
        if let Some(body) = &request.json {
            read_texts(body, &mut texts);
        }
        out.extend(
            texts
                .into_iter()
                .map(|t| format!("{} {}: {t}", request.method, request.path)),
        );
    }
    out
}

/// The first option of a board's move menu.
fn first_menu_option(board: &Value) -> String {
    components(board)
        .iter()
        .find_map(|c| c["options"][0]["value"].as_str().map(str::to_owned))
        .unwrap_or_else(|| panic!("no move menu: {board:#}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn italians_in_an_ordinary_server_read_no_english_word_in_a_whole_game() {
    i18n::set_strict(true);
    let (discord, _dir, _bot) = setup_with_threads(FAST_TIME).await;
    // The owner (English) sets an hour a move; what follows is the Italians' alone.
    let owner = discord.owner();
    let hour = discord
        .slash(&owner, Slash::new("settings").string("time", "1h"))
        .await;
    answer(&discord, &hour).await;
    let from = discord.requests().len();
    let bruno = discord.user_with_locale("bruno", "it");
    let carla = discord.user_with_locale("carla", "it");
    // Carla hears of her turn by direct message.
    let dm = discord
        .slash(&carla, Slash::new("settings").integer("notify", 0))
        .await;
    answer(&discord, &dm).await;

    let game = start_thread_game(&discord, discord.channel_id(), &bruno, &carla).await;
    let thread = game.thread;
    assert!(
        text(&game.board).contains("**Partita #"),
        "{:#}",
        game.board
    );

    // A move by command, one from the menu, one more by command.
    let typed = discord
        .slash_in(thread, &bruno, Slash::new("move").string("move", "22-18"))
        .await;
    let board = answer(&discord, &typed).await.message;
    let picked = discord
        .select(
            &carla,
            message_id(&board),
            &custom_id(&board, "move"),
            &[&first_menu_option(&board)],
        )
        .await;
    let board = answer(&discord, &picked).await.message;
    let typed = discord
        .slash_in(
            thread,
            &bruno,
            Slash::new("move").string("move", &first_menu_option(&board)),
        )
        .await;
    let board = answer(&discord, &typed).await.message;

    // A draw offered by button, declined by button.
    let offered = discord
        .click(&bruno, message_id(&board), &custom_id(&board, "draw"))
        .await;
    let board = answer(&discord, &offered).await.message;
    let declined = discord
        .click(&carla, message_id(&board), &custom_id(&board, "draw-"))
        .await;
    answer(&discord, &declined).await;

    // Half of Carla's hour gone: the sweep's reminder, by direct message, in Italian.
    let reminder = discord
        .next_request_where("Carla's reminder", |r| {
            r.method == "POST"
                && r.path.starts_with("/channels/")
                && r.json.as_ref().is_some_and(|body| {
                    body["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("Tempo per muovere"))
                })
        })
        .await;
    assert_eq!(reminder.status, 200, "{reminder}");

    // The end: Carla resigns.
    let resigned = discord.slash_in(thread, &carla, Slash::new("resign")).await;
    let ended = answer(&discord, &resigned).await;
    assert!(!ended.ephemeral(), "{:#}", ended.body());
    let in_channel = format!("/channels/{}/messages", discord.channel_id());
    discord
        .next_request_where("the result line in the channel", |r| {
            r.method == "POST" && r.path == in_channel
        })
        .await;

    let texts = texts_sent(&discord, from);
    assert!(texts.len() > 20, "{texts:#?}");
    let english: Vec<(String, Vec<&str>)> = texts
        .iter()
        .map(|t| {
            let said = t.split_once(": ").map_or(t.as_str(), |(_, said)| said);
            (t.clone(), i18n::english_words(said))
        })
        .filter(|(_, words)| !words.is_empty())
        .collect();
    assert!(english.is_empty(), "English words: {english:#?}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_community_server_its_chosen_language_wins_over_the_players() {
    i18n::set_strict(true);
    let (discord, _dir, _bot) = setup_with_threads("").await;
    discord.set_guild_locale("it");
    let dario = discord.user_with_locale("dario", "es-ES");
    let elena = discord.user_with_locale("elena", "es-ES");
    let game = start_thread_game(&discord, discord.channel_id(), &dario, &elena).await;
    let board = text(&game.board);
    assert!(board.contains("**Partita #"), "{board}");
    assert!(!board.contains("Partida"), "{board}");
    let words = control_words(&game.board);
    assert!(
        words.contains(&said(Language::It, Text::GameButtonResign, &[])),
        "{words:?}"
    );
    // What only the player sees stays in their own language.
    let help = discord.slash(&dario, Slash::new("help")).await;
    let answered = answer(&discord, &help).await;
    assert!(answered.ephemeral());
    assert!(
        text(&answered.message).contains("**Jugar**"),
        "{:#}",
        answered.body()
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ordinary_server_that_reports_another_locale_did_not_choose_it() {
    i18n::set_strict(true);
    let (discord, _dir, _bot) = setup_with_threads("").await;
    // Discord never reports a locale of its own for a server that is not a Community server;
    // the bot goes by the server's features (from the gateway), not by the locale.
    discord.set_ordinary_guild_locale("it");
    // Until its cache has taken the GUILD_UPDATE, the bot rightly trusts a locale it has not
    // seen (a server that has just become a Community server): give the event its moment.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let game = start_thread_game(&discord, discord.channel_id(), &alice, &bob).await;
    let board = text(&game.board);
    assert!(board.contains("**Game #"), "{board}");
    assert!(!board.contains("Partita"), "{board}");
    let words = control_words(&game.board);
    assert!(
        words.contains(&said(Language::En, Text::GameButtonResign, &[])),
        "{words:?}"
    );
    discord.assert_no_errors();
}
