//! Games against the engine: a quick level played to the end, and the slow path of the top
//! level, whose answers are deferred and edited in.

use std::time::Duration;

use dama_rules::Game;

use crate::discord::common::{
    CALLBACK_DEADLINE, TOKEN_LIFE, answer, assert_board, custom_id, game_from_pdn, option_for,
    setup, setup_with, text,
};
use crate::support::discord_standin::{Slash, message_id};

/// The index of a level among `/play`'s choices (poise registers inline choices by index).
#[must_use]
pub fn level_choice(level: i64) -> i64 {
    level - 1
}

/// The index of a colour among the colour choices: White, Black, Random.
pub const WHITE: i64 = 0;
pub const BLACK: i64 = 1;

/// The top level thinks for `think_time` but may stop once half of it is gone; 4 s keeps
/// every search of level 8 above the bot's 1.5 s budget for a direct answer.
pub const SLOW_ENGINE: &str = "[engine]\nthink_time = \"4s\"\n";

/// `/play` against the engine at `level` (1-8), with `colour` ([`WHITE`] or [`BLACK`]).
#[must_use]
pub fn play_command(level: i64, colour: i64) -> Slash {
    Slash::new("play")
        .integer("level", level_choice(level))
        .integer("colour", colour)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_engine_is_played_to_the_end() {
    let (discord, _dir, _bot) = setup().await;
    let alice = discord.user("alice");
    let play = discord.slash(&alice, play_command(1, WHITE)).await;
    let started = answer(&discord, &play).await;
    assert!(!started.ephemeral(), "{:#}", started.body());
    assert_board(&discord, &started.message);
    let shown = text(&started.message);
    assert!(
        shown.contains("level 1,"),
        "the board must name level 1: {shown}"
    );
    let mut engine = dama_engine::Engine::new(8);
    let level = dama_engine::Level::new(8).expect("level 8 exists");
    let mut game = Game::default();
    let mut plies = 0;
    while game.outcome().is_none() {
        assert!(plies < 300, "the game did not finish in 300 plies");
        if game.ply() % 2 == 1 {
            // the engine has not answered yet
            tokio::time::sleep(Duration::from_millis(100)).await;
            game = game_from_pdn(&discord, &alice).await;
            plies += 1;
            continue;
        }
        let m = dama_engine::choose_move(&mut engine, &game, level, Duration::from_millis(30), 7)
            .expect("a move while the game runs");
        let written = game.position().move_text(&m);
        let ix = discord
            .slash(&alice, Slash::new("move").string("move", &written))
            .await;
        let reply = answer(&discord, &ix).await;
        assert!(
            !reply.ephemeral(),
            "/move {written} refused: {:#}",
            reply.body()
        );
        game = game_from_pdn(&discord, &alice).await;
        plies += 1;
    }
    assert!(game.ply() >= 10, "a game of {} plies", game.ply());
    eprintln!(
        "the engine game ended after {} plies: {:?}",
        game.ply(),
        game.outcome()
    );
    discord.assert_no_errors();
}

/// Level 8 with the engine moving first: the command is deferred (type 5) and the board
/// edited in; a pick in the menu is a deferred update (type 6) and the board edited in place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_top_level_answers_late_by_deferring() {
    let (discord, _dir, _bot) = setup_with(SLOW_ENGINE).await;
    let alice = discord.user("alice");
    let play = discord.slash(&alice, play_command(8, BLACK)).await;
    let started = answer(&discord, &play).await;
    assert_eq!(started.kind(), 5, "deferred: {:#}", started.body());
    assert!(!started.ephemeral(), "{:#}", started.body());
    assert!(play.answered_in(&started.callback) < CALLBACK_DEADLINE);
    let edit = started.edit.as_ref().expect("a deferred answer is edited");
    assert_eq!(edit.status, 200, "{edit}");
    assert!(play.answered_in(edit) < TOKEN_LIFE);
    let board = started.message;
    assert_board(&discord, &board);
    let shown = text(&board);
    assert!(shown.contains("level 8,"), "{shown}");
    assert!(shown.contains("replied"), "the engine moved first: {shown}");
    assert!(
        shown.contains(&alice.mention()),
        "alice is to move: {shown}"
    );

    let game = game_from_pdn(&discord, &alice).await;
    assert_eq!(game.ply(), 1, "the engine's first move");
    // a move after which the engine has a choice (an only move would be answered at once)
    let m = game
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut next = game.clone();
            next.play(m).expect("a legal move");
            next.position().legal_moves().len() > 1
        })
        .expect("a move that leaves the engine a choice");
    let menu = custom_id(&board, ":move");
    let value = option_for(&board, game.position(), &m);
    let pick = discord
        .select(&alice, message_id(&board), &menu, &[&value])
        .await;
    let picked = answer(&discord, &pick).await;
    assert_eq!(picked.kind(), 6, "a deferred update: {:#}", picked.body());
    assert!(pick.answered_in(&picked.callback) < CALLBACK_DEADLINE);
    let edit = picked.edit.as_ref().expect("a deferred update is edited");
    assert_eq!(edit.status, 200, "{edit}");
    assert!(pick.answered_in(edit) < TOKEN_LIFE);
    assert_eq!(
        message_id(&picked.message),
        message_id(&board),
        "the board is edited in place"
    );
    assert_board(&discord, &picked.message);
    assert_ne!(
        discord.attachment(&picked.message, "board.png"),
        discord.attachment(&board, "board.png"),
        "the edit carries the new board"
    );
    let shown = text(&picked.message);
    assert!(shown.contains("replied"), "{shown}");
    let after = game_from_pdn(&discord, &alice).await;
    assert_eq!(after.ply(), 3, "alice's move and the engine's reply");
    discord.assert_no_errors();
}
