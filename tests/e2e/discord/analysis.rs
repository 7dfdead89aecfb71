//! The engine as a coach: `/analysis` of a finished game (deferred, its progress edited into
//! the "thinking" message, then the answer with the advantage chart, the board of the worst
//! moment and the annotated PDN) and its refusals; `/hint` in a game against the engine, and
//! refused in a game between people.

use dama_rules::Game;
use serde_json::Value;

use crate::discord::common::{
    CALLBACK_DEADLINE, answer, assert_board, decode_png, file_with_extension, original_path,
    play_first_moves, setup, setup_with, start_game, text,
};
use crate::discord::engine::{WHITE, play_command};
use crate::support::discord_standin::{Recorded, SentInteraction, Slash, Standin, message_id};

/// Nodes searched a position: enough for an analysis of a few dozen positions to last some
/// seconds here, so that it is deferred and its progress shown.
const SLOW_ANALYSIS: &str = "[engine]\nanalysis_nodes = 3000000\n";

/// The size of every advantage chart.
const CHART_SIZE: (u32, u32) = (800, 400);

/// The edits of the deferred answer to `ix`, in order, up to the one that carries files (the
/// answer).
async fn edits_until_the_answer(discord: &Standin, ix: &SentInteraction) -> Vec<Recorded> {
    let path = original_path(discord, ix);
    let mut edits = Vec::new();
    loop {
        let edit = discord
            .next_request_where("an edit of the deferred analysis", |r| {
                r.method == "PATCH" && r.path == path
            })
            .await;
        assert_eq!(edit.status, 200, "{edit}");
        let done = !edit.files.is_empty();
        edits.push(edit);
        if done {
            return edits;
        }
        assert!(edits.len() < 100, "the analysis never ended: {edits:#?}");
    }
}

fn content(request: &Recorded) -> String {
    request.body()["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_shows_its_progress_then_the_chart_the_board_and_the_pdn() {
    let (discord, _dir, _bot) = setup_with(SLOW_ANALYSIS).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    play_first_moves(&discord, &alice, &bob, &mut game, 16).await;

    // While the game runs, an analysis would be a hint.
    let early = discord
        .slash(&bob, Slash::new("analysis").integer("game", 1))
        .await;
    let refused = answer(&discord, &early).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        text(&refused.message).contains("still being played"),
        "{:#}",
        refused.message
    );
    let resign = discord.slash(&bob, Slash::new("resign")).await;
    assert!(!answer(&discord, &resign).await.ephemeral());

    let ix = discord.slash(&bob, Slash::new("analysis")).await;
    let callback = discord.callback(&ix).await;
    assert_eq!(
        callback.body()["type"],
        5,
        "a long analysis is deferred: {:#}",
        callback.body()
    );
    assert!(ix.answered_in(&callback) < CALLBACK_DEADLINE);
    assert!(
        !crate::discord::common::is_ephemeral(callback.body()),
        "the analysis is for everyone"
    );
    let edits = edits_until_the_answer(&discord, &ix).await;
    let (answer_edit, progress) = edits.split_last().expect("at least the answer");
    assert!(
        !progress.is_empty(),
        "no progress was shown before the answer: {answer_edit}"
    );
    for edit in progress {
        let line = content(edit);
        assert!(
            line.contains("Analysing game #") && line.ends_with('%'),
            "{line:?}"
        );
        assert!(edit.files.is_empty(), "{edit}");
    }
    eprintln!(
        "the analysis showed {:?} in {:?}",
        progress.iter().map(content).collect::<Vec<_>>(),
        answer_edit.at - callback.at
    );
    for pair in progress.windows(2) {
        assert_ne!(content(&pair[0]), content(&pair[1]), "a line shown twice");
        assert!(
            pair[1].at - pair[0].at >= std::time::Duration::from_secs(1),
            "progress edits come at most once a second: {:?}",
            progress.iter().map(content).collect::<Vec<_>>()
        );
    }

    let message = discord.original(&ix).await;
    let shown = text(&message);
    assert!(shown.contains("Analysis of game #1"), "{shown}");
    assert!(
        !shown.contains("Analysing game #"),
        "the answer replaced the progress: {shown}"
    );
    let names: Vec<&str> = message["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["filename"].as_str())
        .collect();
    assert!(names.contains(&"board.png"), "{names:?}");
    let chart_name = file_with_extension_where(&message, |n| n.ends_with("-chart.png"));
    let chart = decode_png(&discord.attachment(&message, &chart_name));
    assert_eq!(chart.dimensions(), CHART_SIZE, "the chart's size");
    let board = decode_png(&discord.attachment(&message, "board.png"));
    assert_eq!(board.width(), crate::discord::common::SIZE);
    let embeds = message["embeds"].as_array().unwrap();
    let images: Vec<&str> = embeds
        .iter()
        .filter_map(|e| e["image"]["url"].as_str())
        .collect();
    assert_eq!(
        images.len(),
        2,
        "the board and the chart are shown: {embeds:#?}"
    );
    let pdn_name = file_with_extension(&message, "pdn");
    let pdn = String::from_utf8(discord.attachment(&message, &pdn_name)).expect("pdn is text");
    let games = dama_rules::pdn::read_games(&pdn);
    let moves = &games.first().expect("one game in the annotated pdn").moves;
    assert_eq!(moves.len(), game.ply(), "{pdn}");
    let mut replayed = Game::default();
    for m in moves {
        replayed
            .play_text(m)
            .unwrap_or_else(|e| panic!("the annotated move {m} does not replay: {e:?}\n{pdn}"));
    }
    assert_eq!(replayed.position(), game.position());
    // Every state of the message: thinking, the progress lines, the answer.
    let history = discord.message_history(message_id(&message));
    assert!(
        history.len() >= progress.len() + 2,
        "{} versions for {} progress edits",
        history.len(),
        progress.len()
    );
    assert!(
        text(history.last().unwrap()).contains("Analysis of game #1"),
        "no progress line came after the answer"
    );

    // Asked again, the stored analysis is served at once.
    let again = discord.slash(&alice, Slash::new("analysis")).await;
    let served = answer(&discord, &again).await;
    assert_eq!(
        served.kind(),
        4,
        "stored: not deferred: {:#}",
        served.body()
    );
    let chart_again = file_with_extension_where(&served.message, |n| n.ends_with("-chart.png"));
    assert_eq!(
        discord.attachment(&served.message, &chart_again),
        discord.attachment(&message, &chart_name)
    );
    // A game that does not exist.
    let missing = discord
        .slash(&alice, Slash::new("analysis").integer("game", 99))
        .await;
    let refused = answer(&discord, &missing).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        text(&refused.message).contains("There is no game #99"),
        "{:#}",
        refused.message
    );
    discord.assert_no_errors();
}

/// The name of a file attached to `message` for which `wanted` holds.
fn file_with_extension_where(message: &Value, wanted: impl Fn(&str) -> bool) -> String {
    message["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["filename"].as_str())
        .find(|n| wanted(n))
        .unwrap_or_else(|| panic!("no such file in {message:#}"))
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_private_against_the_engine_and_refused_between_people() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let between = discord.slash(&alice, Slash::new("hint")).await;
    let refused = answer(&discord, &between).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        text(&refused.message).contains("Hints are for games against the engine"),
        "{:#}",
        refused.message
    );
    assert!(
        refused.message["attachments"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "no board for a refusal: {:#}",
        refused.message
    );
    let resign = discord.slash(&bob, Slash::new("resign")).await;
    assert!(!answer(&discord, &resign).await.ephemeral());

    let play = discord.slash(&alice, play_command(1, WHITE)).await;
    assert!(!answer(&discord, &play).await.ephemeral());
    let ix = discord.slash(&alice, Slash::new("hint")).await;
    let hint = answer(&discord, &ix).await;
    assert!(
        hint.ephemeral(),
        "a hint is for the asker: {:#}",
        hint.body()
    );
    let shown = text(&hint.message);
    assert!(shown.contains("Hint: play **"), "{shown}");
    assert_board(&discord, &hint.message);
    // The hinted move is legal and can be played.
    let hinted = shown
        .split("Hint: play **")
        .nth(1)
        .and_then(|rest| rest.split("**").next())
        .expect("the hinted move in bold")
        .to_owned();
    let played = discord
        .slash(&alice, Slash::new("move").string("move", &hinted))
        .await;
    let moved = answer(&discord, &played).await;
    assert!(
        !moved.ephemeral(),
        "the hint {hinted} was not a legal move: {:#}",
        moved.body()
    );
    let pdn = discord.slash(&alice, Slash::new("pdn")).await;
    let file = answer(&discord, &pdn).await.message;
    let pdn = String::from_utf8(discord.attachment(&file, &file_with_extension(&file, "pdn")))
        .expect("pdn is text");
    assert!(
        pdn.contains(&format!("asked for a hint: {hinted}")),
        "the game's PDN records the hint: {pdn}"
    );
    discord.assert_no_errors();
}
