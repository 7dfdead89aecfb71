//! Stopping and restarting the bot: boards keep working, and a stop lets running work finish.

use dama_rules::Game;

use crate::discord::common::{
    CALLBACK_DEADLINE, answer, assert_board, custom_id, game_from_pdn, option_for, original_path,
    play_first_moves, setup, setup_with, start_connected, start_game, text,
};
use crate::discord::engine::{SLOW_ENGINE, WHITE, play_command};
use crate::support::discord_standin::{Slash, message_id};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_survive_a_restart() {
    let (discord, dir, mut bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    let first = game.position().legal_moves()[0];
    let written = game.position().move_text(&first);
    let ix = discord
        .slash(&alice, Slash::new("move").string("move", &written))
        .await;
    let board = answer(&discord, &ix).await.message;
    game.play(&first).expect("a legal move");
    let status = bot.terminate();
    assert!(status.success(), "the bot stopped with {status}");
    let _bot = start_connected(&discord, &dir, "").await;
    assert_eq!(discord.connections(), 2, "the restarted bot's connection");
    let reply = game.position().legal_moves()[0];
    let value = option_for(&board, game.position(), &reply);
    let menu = custom_id(&board, ":move");
    let pick = discord
        .select(&bob, message_id(&board), &menu, &[&value])
        .await;
    let picked = answer(&discord, &pick).await;
    assert!(
        !picked.ephemeral(),
        "the old board's menu refused after a restart: {:#}",
        picked.body()
    );
    assert_eq!(message_id(&picked.message), message_id(&board));
    assert_board(&discord, &picked.message);
    discord.assert_no_errors();
}

/// SIGTERM while the engine thinks: the deferred `/move` is still answered (its edit goes
/// out) before the bot exits, and it exits cleanly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_the_engine_thinks_completes_the_answer() {
    let (discord, _dir, mut bot) = setup_with(SLOW_ENGINE).await;
    let alice = discord.user("alice");
    let play = discord.slash(&alice, play_command(8, WHITE)).await;
    let started = answer(&discord, &play).await;
    assert!(!started.ephemeral(), "{:#}", started.body());
    let game = Game::default();
    let m = game.position().legal_moves()[0];
    let written = game.position().move_text(&m);
    let mv = discord
        .slash(&alice, Slash::new("move").string("move", &written))
        .await;
    let callback = discord.callback(&mv).await;
    assert_eq!(
        callback.body()["type"],
        5,
        "the engine's reply is deferred: {:#}",
        callback.body()
    );
    assert!(mv.answered_in(&callback) < CALLBACK_DEADLINE);

    let status = bot.terminate();
    let path = original_path(&discord, &mv);
    let edits: Vec<_> = discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "PATCH" && r.path == path)
        .collect();
    assert_eq!(
        edits.len(),
        1,
        "the deferred answer must be edited in before the bot exits (exit {status})\n{}",
        discord.log()
    );
    assert_eq!(edits[0].status, 200, "{}", edits[0]);
    let board = discord.original(&mv).await;
    assert_board(&discord, &board);
    let shown = text(&board);
    assert!(shown.contains("replied"), "the engine's move: {shown}");
    assert!(status.success(), "the bot stopped with {status}");
    discord.assert_no_errors();
}

/// SIGKILL gives the bot no chance to finish anything: a move it acknowledged is still there
/// after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_acknowledged_move_survives_sigkill() {
    let (discord, dir, mut bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    play_first_moves(&discord, &alice, &bob, &mut game, 1).await;
    let status = bot.kill();
    assert!(
        !status.success(),
        "a killed bot does not exit cleanly: {status}"
    );
    let _bot = start_connected(&discord, &dir, "").await;
    let stored = game_from_pdn(&discord, &bob).await;
    assert_eq!(
        stored.moves(),
        game.moves(),
        "the acknowledged move is kept"
    );
    discord.assert_no_errors();
}

/// SIGKILL while the engine thinks: the player's move is stored, the engine's is not. The
/// restarted bot plays the engine's move at once, edits the board in place and pings the
/// player, who can move on (no "not your turn", no claim against a silent engine).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_while_the_engine_thinks_then_the_restart_plays_its_move() {
    let (discord, dir, mut bot) = setup_with(SLOW_ENGINE).await;
    let alice = discord.user("alice");
    let play = discord.slash(&alice, play_command(8, WHITE)).await;
    let started = answer(&discord, &play).await;
    let board_id = message_id(&started.message);
    let mut game = Game::default();
    let m = game.position().legal_moves()[0];
    let written = game.position().move_text(&m);
    game.play(&m).expect("a legal move");
    let mv = discord
        .slash(&alice, Slash::new("move").string("move", &written))
        .await;
    let callback = discord.callback(&mv).await;
    assert_eq!(callback.body()["type"], 5, "{:#}", callback.body());
    let status = bot.kill();
    assert!(!status.success(), "killed: {status}");
    // The killed process never completes its deferral; Discord says the app did not respond.
    discord.take_expected_error("never completed");

    let _bot = start_connected(&discord, &dir, SLOW_ENGINE).await;
    let edit = discord
        .next_request_where("the board edited with the engine's move", |r| {
            r.method == "PATCH" && r.path.ends_with(&format!("/messages/{board_id}"))
        })
        .await;
    assert_eq!(edit.status, 200, "{edit}");
    let board = discord.message(board_id);
    assert_board(&discord, &board);
    let shown = text(&board);
    assert!(shown.contains("replied"), "the engine's move: {shown}");
    let ping = discord
        .next_request(
            "POST",
            &format!("/channels/{}/messages", discord.channel_id()),
        )
        .await;
    let ping_id = message_id(ping.response());
    assert_eq!(discord.notified(ping_id), [alice.id], "{ping}");

    // The game goes on from the engine's move.
    let stored = game_from_pdn(&discord, &alice).await;
    assert_eq!(stored.ply(), 2, "the player's move and the engine's");
    assert_eq!(stored.moves()[0], m);
    let next = stored.position().legal_moves()[0];
    let written = stored.position().move_text(&next);
    let again = discord
        .slash(&alice, Slash::new("move").string("move", &written))
        .await;
    let moved = answer(&discord, &again).await;
    assert!(!moved.ephemeral(), "{:#}", moved.body());
    discord.assert_no_errors();
}
