//! How games end and what stays of them: resignation and ratings, a moderator's abort, the
//! rematch, the leaderboard's pages and the replay.

use std::collections::BTreeSet;

use dama_rules::Game;

use crate::discord::common::{
    QUICK_CLOCK, SIZE, answer, custom_id, file_with_extension, find_custom_id, play_first_moves,
    setup, setup_with, start_game, start_game_between, text,
};
use crate::support::discord_standin::{Person, Slash, Standin, message_id};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_then_leaderboard_shows_new_ratings() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    play_first_moves(&discord, &alice, &bob, &mut game, 1).await;
    let resign = discord.slash(&bob, Slash::new("resign")).await;
    let resigned = answer(&discord, &resign).await;
    assert!(!resigned.ephemeral(), "{:#}", resigned.body());
    let board = discord.slash(&alice, Slash::new("leaderboard")).await;
    let message = answer(&discord, &board).await.message;
    let shown = text(&message);
    let lower = shown.to_lowercase();
    for who in [&alice, &bob] {
        assert!(
            lower.contains(&who.name) || shown.contains(&who.mention()),
            "{} missing from the leaderboard: {shown}",
            who.name
        );
    }
    assert!(!shown.contains("1500"), "ratings unchanged: {shown}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_moderator_aborts_and_the_game_has_no_result() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    play_first_moves(&discord, &alice, &bob, &mut game, 2).await;

    let attempt = discord.slash(&bob, Slash::new("abort")).await;
    let refused = answer(&discord, &attempt).await;
    assert!(
        refused.ephemeral(),
        "a member without Manage Messages is refused privately: {:#}",
        refused.body()
    );
    let still = answer(&discord, &discord.slash(&bob, Slash::new("board")).await).await;
    assert!(
        !still.ephemeral() && find_custom_id(&still.message, ":move").is_some(),
        "the game goes on after a refused abort: {:#}",
        still.body()
    );

    let owner = discord.owner();
    let abort = discord.slash(&owner, Slash::new("abort")).await;
    let aborted = answer(&discord, &abort).await;
    assert!(!aborted.ephemeral(), "{:#}", aborted.body());
    let shown = text(&aborted.message);
    assert!(shown.contains("aborted"), "{shown}");
    assert!(
        !shown.contains("wins") && !shown.contains("**Draw**") && !shown.contains("Ratings"),
        "an aborted game has no result: {shown}"
    );
    assert!(
        find_custom_id(&aborted.message, ":move").is_none(),
        "{:#}",
        aborted.message
    );

    let gone = answer(&discord, &discord.slash(&alice, Slash::new("board")).await).await;
    assert!(
        gone.ephemeral(),
        "no game left in the channel: {:#}",
        gone.body()
    );
    let table = answer(
        &discord,
        &discord.slash(&alice, Slash::new("leaderboard")).await,
    )
    .await;
    let listed = text(&table.message);
    assert!(
        listed.contains("Nobody is on the leaderboard"),
        "the aborted game counts for nobody: {listed}"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_posts_a_challenge_the_opponent_accepts() {
    let (discord, _dir, _bot) = setup_with(QUICK_CLOCK).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let resign = discord.slash(&bob, Slash::new("resign")).await;
    let ended = answer(&discord, &resign).await.message;
    let rematch = custom_id(&ended, ":rematch");

    let ask = discord.click(&alice, message_id(&ended), &rematch).await;
    let challenge = answer(&discord, &ask).await;
    assert_eq!(challenge.kind(), 4, "a new message: {:#}", challenge.body());
    assert!(!challenge.ephemeral(), "{:#}", challenge.body());
    assert_ne!(message_id(&challenge.message), message_id(&ended));
    let shown = text(&challenge.message);
    assert!(shown.contains(&bob.mention()), "bob is challenged: {shown}");
    let accept = custom_id(&challenge.message, ":accept");

    let yes = discord
        .click(&bob, message_id(&challenge.message), &accept)
        .await;
    let board = answer(&discord, &yes).await;
    assert!(!board.ephemeral(), "{:#}", board.body());
    let shown = text(&board.message);
    assert!(shown.contains("**Game #2**"), "a new game: {shown}");
    assert!(
        shown.contains(&format!("{} plays White", bob.mention()))
            && shown.contains(&format!("{} plays Black", alice.mention())),
        "colours swapped: {shown}"
    );
    assert!(find_custom_id(&board.message, ":move").is_some());
    discord.assert_no_errors();
}

/// The names in bold on a leaderboard page, in lower case (user names are).
fn names_on(page: &str) -> BTreeSet<String> {
    page.lines()
        .filter(|l| l.starts_with('`'))
        .filter_map(|l| l.split("**").nth(1))
        .map(str::to_lowercase)
        .collect()
}

/// `white` and `black` play a rated game that `black` resigns at once.
async fn quick_resign(discord: &Standin, white: &Person, black: &Person) {
    start_game_between(discord, white, black).await;
    let resign = discord.slash(black, Slash::new("resign")).await;
    let resigned = answer(discord, &resign).await;
    assert!(!resigned.ephemeral(), "{:#}", resigned.body());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboard_pages_change_in_place() {
    let (discord, _dir, _bot) = setup().await;
    let page_size = dama_service::LEADERBOARD_PAGE as usize;
    // one page and a pair more, every player in one game
    let players: Vec<Person> = (0..page_size + 2)
        .map(|i| discord.user(&format!("player{i:02}")))
        .collect();
    for pair in players.chunks(2) {
        quick_resign(&discord, &pair[0], &pair[1]).await;
    }
    let ix = discord.slash(&players[0], Slash::new("leaderboard")).await;
    let first = answer(&discord, &ix).await;
    assert!(!first.ephemeral(), "{:#}", first.body());
    let page_one = text(&first.message);
    assert!(page_one.contains("page 1 of 2"), "{page_one}");
    let next = custom_id(&first.message, "l:1");

    let click = discord
        .click(&players[1], message_id(&first.message), &next)
        .await;
    let second = answer(&discord, &click).await;
    assert_eq!(second.kind(), 7, "in place: {:#}", second.body());
    assert_eq!(message_id(&second.message), message_id(&first.message));
    let page_two = text(&second.message);
    assert!(page_two.contains("page 2 of 2"), "{page_two}");
    let (one, two) = (names_on(&page_one), names_on(&page_two));
    assert_eq!(one.len(), page_size, "a full first page: {page_one}");
    assert!(!two.is_empty(), "{page_two}");
    assert!(
        one.is_disjoint(&two),
        "page 2 repeats names of page 1: {page_one}\n{page_two}"
    );
    let everyone: BTreeSet<String> = players.iter().map(|p| p.name.clone()).collect();
    let listed: BTreeSet<String> = one.union(&two).cloned().collect();
    assert_eq!(listed, everyone, "every player on one page or the other");

    let back = custom_id(&second.message, "l:0");
    let click = discord
        .click(&players[2], message_id(&second.message), &back)
        .await;
    let again = answer(&discord, &click).await;
    assert_eq!(again.kind(), 7, "{:#}", again.body());
    assert_eq!(names_on(&text(&again.message)), one);
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_is_an_animated_gif_with_a_frame_per_ply() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    start_game(&discord, &alice, &bob).await;
    let mut game = Game::default();
    let plies = 6;
    play_first_moves(&discord, &alice, &bob, &mut game, plies).await;
    let ix = discord.slash(&bob, Slash::new("replay")).await;
    let replay = answer(&discord, &ix).await;
    assert!(!replay.ephemeral(), "{:#}", replay.body());
    let message = replay.message;
    let bytes = discord.attachment(&message, &file_with_extension(&message, "gif"));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(bytes.as_slice())
        .expect("the replay decodes as gif");
    assert_eq!(u32::from(decoder.width()), SIZE, "replay width");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("every frame decodes") {
        delays.push(frame.delay);
    }
    // A ply whose caption changes shows its board for 2 hundredths first, then its caption.
    let boards = delays.iter().filter(|&&d| d != 2).count();
    assert_eq!(
        boards,
        plies + 1,
        "the start and one frame per ply: delays {delays:?}"
    );
    assert!(
        delays.iter().all(|&d| d > 0),
        "an animation has frame delays: {delays:?}"
    );
    discord.assert_no_errors();
}
