//! `damabot local --web` as a newcomer tries it: what is done on the page is posted in the
//! console, as the bot posts it in a Discord channel, while the console waits for a line.

use super::support::{game_at, page_at, send};
use crate::browser::server::LocalWeb;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_on_the_page_is_posted_in_the_console_with_its_notice() {
    let mut local = LocalWeb::start_watched();
    local.say("@threads off");
    local.say("alice: /challenge bob colour:white");
    local.say("bob: /accept");
    // The game's first board, White (Alice) to move.
    local.wait_for(0, "[menu g:1:0:move:");
    let before = local.printed().len();

    let (mut alice, _) = page_at(local.address, "alice", "en-US").await;
    send(&mut alice, json!({"type": "watch", "game": 1})).await;
    assert_eq!(game_at(&mut alice, 0).await["you"], "white");
    send(
        &mut alice,
        json!({"type": "move", "game": 1, "ply": 0, "move": "22-18"}),
    )
    .await;

    // The board after the move, naming Bob as the one to move, with his controls.
    let shown = local.wait_for(before, "[menu g:1:1:move:");
    assert!(shown.contains("22-18"), "{shown}");
    assert!(
        shown.lines().any(|line| line.contains("@bob")),
        "Bob is told it is his move: {shown}"
    );
    // Nothing typed in the console: Bob's move from the console follows on from the page's.
    let before = local.printed().len();
    local.say("bob: /move 10-14");
    let answered = local.wait_for(before, "[menu g:1:2:move:");
    assert!(answered.contains("10-14"), "{answered}");
    assert!(game_at(&mut alice, 2).await["legal"] != json!([]));
}
