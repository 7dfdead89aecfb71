//! The buttons of a running game: Resign with its confirmation, draw offers, Flip.

use dama_rules::Game;

use crate::discord::common::{
    QUICK_CLOCK, answer, assert_board, custom_id, decode_png, find_custom_id, followup, label,
    play_first_moves, setup, setup_with, start_game, text,
};
use crate::support::discord_standin::message_id;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_by_button_asks_for_a_private_confirmation() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    let resign = discord
        .click(&alice, message_id(&board), &custom_id(&board, ":resign"))
        .await;
    let asked = answer(&discord, &resign).await;
    assert_eq!(asked.kind(), 4, "{:#}", asked.body());
    assert!(
        asked.ephemeral(),
        "the confirmation is private: {:#}",
        asked.body()
    );
    let confirm = custom_id(&asked.message, ":resign!");
    assert_eq!(label(&asked.message, &confirm), "Yes, resign");
    // nothing has happened yet: the board still offers the game's buttons
    assert!(find_custom_id(&discord.message(message_id(&board)), ":resign").is_some());

    let yes = discord
        .click(&alice, message_id(&asked.message), &confirm)
        .await;
    let ended = answer(&discord, &yes).await;
    assert_eq!(ended.kind(), 4, "a new message: {:#}", ended.body());
    assert!(
        !ended.ephemeral(),
        "the end of the game is public: {:#}",
        ended.body()
    );
    assert_ne!(message_id(&ended.message), message_id(&asked.message));
    assert_board(&discord, &ended.message);
    let shown = text(&ended.message);
    assert!(shown.contains("resigns"), "{shown}");
    assert!(
        shown.contains(&format!("**{} wins**", bob.mention())),
        "bob is named the winner: {shown}"
    );
    let rematch = custom_id(&ended.message, ":rematch");
    assert_eq!(label(&ended.message, &rematch), "Rematch");
    assert!(
        find_custom_id(&ended.message, ":move").is_none(),
        "a finished game has no move menu: {:#}",
        ended.message
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_are_offered_declined_and_accepted_by_buttons() {
    let (discord, _dir, _bot) = setup_with(QUICK_CLOCK).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    assert!(find_custom_id(&board, ":draw+").is_none(), "{board:#}");

    let offer = discord
        .click(&alice, message_id(&board), &custom_id(&board, ":draw"))
        .await;
    let offered = answer(&discord, &offer).await;
    assert_eq!(offered.kind(), 7, "in place: {:#}", offered.body());
    let shown = text(&offered.message);
    assert!(shown.contains("offers a draw"), "{shown}");
    let ping = followup(&discord, &offer).await;
    let content = ping["content"].as_str().unwrap_or_default();
    assert!(content.contains(&bob.mention()), "bob is told: {content}");
    let decline = custom_id(&offered.message, ":draw-");
    assert_eq!(label(&offered.message, &decline), "Decline draw");
    let accept = custom_id(&offered.message, ":draw+");
    assert_eq!(label(&offered.message, &accept), "Accept draw");

    let no = discord
        .click(&bob, message_id(&offered.message), &decline)
        .await;
    let declined = answer(&discord, &no).await;
    assert_eq!(declined.kind(), 7, "in place: {:#}", declined.body());
    assert!(!declined.ephemeral());
    let shown = text(&declined.message);
    assert!(shown.contains("Play on"), "{shown}");
    assert!(
        find_custom_id(&declined.message, ":draw+").is_none(),
        "the offer is gone: {:#}",
        declined.message
    );

    // too soon to offer again
    let again = discord
        .click(
            &alice,
            message_id(&declined.message),
            &custom_id(&declined.message, ":draw"),
        )
        .await;
    let refused = answer(&discord, &again).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        refused.content().contains("offer again"),
        "{:#}",
        refused.body()
    );

    let mut game = Game::default();
    let plies = usize::try_from(dama_service::DRAW_REOFFER_PLIES).expect("a small number");
    let board = play_first_moves(&discord, &alice, &bob, &mut game, plies).await;
    let offer = discord
        .click(&alice, message_id(&board), &custom_id(&board, ":draw"))
        .await;
    let offered = answer(&discord, &offer).await;
    assert_eq!(offered.kind(), 7, "{:#}", offered.body());
    let yes = discord
        .click(
            &bob,
            message_id(&offered.message),
            &custom_id(&offered.message, ":draw+"),
        )
        .await;
    let drawn = answer(&discord, &yes).await;
    assert_eq!(drawn.kind(), 7, "in place: {:#}", drawn.body());
    assert!(!drawn.ephemeral());
    let shown = text(&drawn.message);
    assert!(shown.contains("**Draw** by agreement"), "{shown}");
    let lower = shown.to_lowercase();
    assert!(
        lower.contains("ratings: alice") && lower.contains(", bob"),
        "both ratings: {shown}"
    );
    assert!(find_custom_id(&drawn.message, ":rematch").is_some());
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flip_shows_the_board_from_the_other_side_privately() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let mut game = Game::default();
    start_game(&discord, &alice, &bob).await;
    // a move, so the last move is drawn too
    let board = play_first_moves(&discord, &alice, &bob, &mut game, 1).await;
    let flip = discord
        .click(&bob, message_id(&board), &custom_id(&board, ":flipb"))
        .await;
    let flipped = answer(&discord, &flip).await;
    assert_eq!(flipped.kind(), 4, "{:#}", flipped.body());
    assert!(flipped.ephemeral(), "private: {:#}", flipped.body());
    let png = &flipped.callback.file("board.png").bytes;
    let original = discord.attachment(&board, "board.png");
    let (turned, shown) = (decode_png(png), decode_png(&original));
    assert_eq!(turned.dimensions(), shown.dimensions());
    assert_ne!(
        turned.as_raw(),
        shown.as_raw(),
        "the flipped board looks like the board"
    );
    // the board itself is unchanged
    assert_eq!(
        discord.attachment(&discord.message(message_id(&board)), "board.png"),
        original
    );
    discord.assert_no_errors();
}
