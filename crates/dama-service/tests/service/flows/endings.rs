//! Draws, aborts, rematches, and board actions typed in the channel.

use super::*;

#[test]
fn draws_by_agreement_repetition_and_forty_moves() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(reply.text.contains("offers a draw"), "{}", reply.text);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(reply.ephemeral, "one open offer at a time");
    let reply = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::AnswerDraw { accept: false },
        )
        .unwrap();
    assert!(reply.text.contains("declines"), "{}", reply.text);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("offer again"),
        "{}",
        reply.text
    );
    for ply in 0..10 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    let accept = id_ending(&reply, ":draw+");
    let reply = w.service.component(&actor(BOB), &accept, &[]).unwrap();
    assert!(reply.text.contains("Draw"), "{}", reply.text);
    assert_eq!(last_game(&w).end_reason, Some(EndReason::Agreement));

    // Repetition: two kings shuffle.
    game_from(&w, "W:WK29,30:BK4,1");
    for (user, m) in [
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
    ] {
        play(&w, user, m);
    }
    let reply = play(&w, BOB, "8-4");
    assert!(reply.text.contains("repetition"), "{}", reply.text);
    assert_eq!(last_game(&w).end_reason, Some(EndReason::Repetition));

    // The 40-move rule, with repetition set out of reach.
    let w = world_with(ServiceSettings {
        repetition_count: 1000,
        ..settings()
    });
    game_from(&w, "W:WK29,30:BK4,1");
    for i in 0..80 {
        let (user, m) = match i % 4 {
            0 => (ALICE, "29-25"),
            1 => (BOB, "4-8"),
            2 => (ALICE, "25-29"),
            _ => (BOB, "8-4"),
        };
        let reply = play(&w, user, m);
        if i == 79 {
            assert!(reply.text.contains("40-move"), "{}", reply.text);
        }
    }
    assert_eq!(last_game(&w).end_reason, Some(EndReason::FortyMove));
}

#[test]
fn moderators_abort_unrated() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(&actor(CAROL), Origin::Channel, Action::Abort)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("moderators"),
        "{}",
        reply.text
    );
    let moderator = actor(CAROL).can_moderate(true).can_manage_server(true);
    let reply = w
        .service
        .act(&moderator, Origin::Channel, Action::Abort)
        .unwrap();
    assert!(reply.text.contains("aborted"), "{}", reply.text);
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Aborted);
    let alice = w.service.store().player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(alice.games(), 0);
}

#[test]
fn rematch_swaps_colours() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    let rematch = id_ending(&reply, ":rematch");
    let reply = w.service.component(&actor(CAROL), &rematch, &[]).unwrap();
    assert!(reply.ephemeral, "only players ask for a rematch");
    let challenge = w.service.component(&actor(BOB), &rematch, &[]).unwrap();
    assert!(challenge.text.contains("challenges"), "{}", challenge.text);
    w.service
        .component(&actor(ALICE), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    let game = active(&w);
    assert_eq!(
        game.white,
        Participant::User(BOB),
        "Bob had Black, so he asks for White"
    );
    assert_eq!(game.black, Participant::User(ALICE));

    // Against the engine, the rematch starts at once with colours swapped.
    let w = world();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::White,
                clock: None,
            },
        )
        .unwrap();
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    w.service
        .component(&actor(ALICE), &id_ending(&reply, ":rematch"), &[])
        .unwrap();
    let game = active(&w);
    assert_eq!(game.white, Participant::Engine(1));
    assert_eq!(game.ply, 1, "the engine opened");
}

#[test]
fn board_actions_typed_in_the_channel_act_on_its_game() {
    let w = world();
    start_game(&w);
    // Flip without a board: the channel's game, seen from the side asked for, for one person.
    let flipped = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::FlipBoard {
                bottom: dama_rules::Color::Black,
            },
        )
        .unwrap();
    assert!(flipped.ephemeral && flipped.components.is_empty());
    let view = flipped.board.expect("a board");
    assert_eq!(view.bottom, dama_rules::Color::Black);
    // Asking to resign from the channel confirms on the current board.
    let confirm = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::AskResign)
        .unwrap();
    assert_eq!(ids(&confirm), ["g:1:0:resign!"]);
    w.service
        .component(&actor(ALICE), "g:1:0:resign!", &[])
        .unwrap();
    // A rematch from the channel is of its latest game.
    let rematch = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Rematch)
        .unwrap();
    assert!(rematch.text.contains("challenges"), "{}", rematch.text);
}
