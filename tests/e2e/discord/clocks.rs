//! Live games on a clock through Discord: `/challenge time:15+10`, both clocks on the board, and
//! the flag falling while nobody moves.

use dama_rules::Game;

use crate::discord::common::{answer, custom_id, next_post, play_first_moves, setup_with, text};
use crate::support::discord_standin::{Slash, message_id};

/// The game clock 100 times faster: a 15+10 game's fifteen minutes last 9 s.
const LIVE_TIME: &str = "[game]\nclock_speed = 100.0\nchallenge_expiry = \"10h\"\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_ends_when_a_flag_falls() {
    let (discord, _dir, _bot) = setup_with(LIVE_TIME).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let challenge = discord
        .slash(
            &alice,
            Slash::new("challenge")
                .user("member", &bob)
                .integer("colour", 0)
                .string("time", "15+10"),
        )
        .await;
    let message = answer(&discord, &challenge).await.message;
    assert!(
        text(&message).contains("live game") && text(&message).contains("clock 15+10"),
        "{message:#}"
    );
    let accept = custom_id(&message, "accept");
    let ok = discord.click(&bob, message_id(&message), &accept).await;
    let accepted = answer(&discord, &ok).await;
    let board = text(&accepted.message);
    // The clock runs a hundred times faster: White's may have lost a second already.
    assert!(
        board.contains("⏱ 15+10 · White 1") && board.contains(" ◀ · Black 15:00"),
        "{board}"
    );
    assert!(board.contains("flag falls <t:"), "{board}");
    let mut game = Game::default();
    let moved = text(&play_first_moves(&discord, &alice, &bob, &mut game, 1).await);
    // White gained ten seconds, and Black's clock runs.
    let clocks = moved
        .lines()
        .find(|line| line.starts_with("⏱ 15+10 · White 15:"))
        .unwrap_or_else(|| panic!("{moved}"));
    assert!(
        clocks.ends_with(" ◀") && !clocks.contains("15:00 ◀ · Black"),
        "{clocks}"
    );
    // Bob never moves: within his fifteen minutes (9 s here) and the next flag sweep (every
    // second), the game is his loss on time, posted in the channel.
    let channel = discord.channel_id();
    let mut posts = Vec::new();
    let flagged = loop {
        let post = text(&next_post(&discord, channel).await);
        if post.contains("time ran out") {
            break post;
        }
        posts.push(post);
        assert!(posts.len() < 5, "no flag among {posts:#?}");
    };
    assert!(
        flagged.contains("Bob's time ran out.")
            && flagged.contains(&format!("**{} wins** game #1 on time.", alice.mention())),
        "{flagged}"
    );
    let late = discord
        .slash(&bob, Slash::new("move").string("move", "10-14"))
        .await;
    let refused = answer(&discord, &late).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    discord.assert_no_errors();
}
