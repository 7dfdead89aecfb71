//! Cooldowns against spam, and draw offers to the engine.

use super::*;

#[test]
fn cooldowns_refuse_spam_with_the_seconds_left() {
    let w = world();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    w.service
        .act(&actor(ALICE), Origin::Channel, Action::Cancel)
        .unwrap();
    w.clock.advance(Duration::from_secs(12));
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(CAROL)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    assert!(reply.ephemeral, "{}", reply.text);
    assert_eq!(
        reply.text,
        "Not so fast: you can use `/challenge` again in 18 s."
    );
    // Another person is not held up, and the wait ends.
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    w.service
        .act(&actor(CAROL), Origin::Channel, Action::Cancel)
        .unwrap();
    w.clock.advance(Duration::from_secs(18));
    start_game(&w);

    // The board: per person and channel.
    assert!(
        !w.service
            .act(
                &actor(CAROL),
                Origin::Channel,
                Action::Board { flip: false }
            )
            .unwrap()
            .ephemeral
    );
    w.clock.advance(Duration::from_millis(1_500));
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Board { flip: false },
        )
        .unwrap();
    assert_eq!(
        reply.text,
        "Not so fast: you can use `/board` again in 9 s."
    );
    assert!(reply.ephemeral && reply.board.is_none());
    assert!(
        !w.service
            .act(&actor(BOB), Origin::Channel, Action::Board { flip: false })
            .unwrap()
            .ephemeral
    );
    let elsewhere = actor(CAROL).channel(CHANNEL + 1);
    assert!(
        !w.service
            .act(&elsewhere, Origin::Channel, Action::Board { flip: false })
            .unwrap()
            .text
            .contains("Not so fast"),
        "another channel has its own cooldown"
    );
    w.clock.advance(BOARD_COOLDOWN);
    assert!(
        !w.service
            .act(
                &actor(CAROL),
                Origin::Channel,
                Action::Board { flip: false }
            )
            .unwrap()
            .ephemeral
    );

    // Draw offers: ten plies later is still too soon within 30 s of the last offer.
    w.service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::AnswerDraw { accept: false },
        )
        .unwrap();
    for ply in 0..10 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert_eq!(
        reply.text,
        "Not so fast: you can offer a draw again in 30 s."
    );
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    assert!(
        !w.service
            .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
            .unwrap()
            .ephemeral
    );
}

#[test]
fn draw_offers_to_the_engine_count_like_offers_to_people() {
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
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(reply.text.contains("declines the draw"), "{}", reply.text);
    assert_eq!(active(&w).draw_offer, None, "the offer is closed");
    w.clock.advance(DRAW_OFFER_COOLDOWN);
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("offer again after 10 more plies"),
        "{}",
        reply.text
    );
}
