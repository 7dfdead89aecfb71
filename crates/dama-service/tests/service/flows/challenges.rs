//! Challenges declined, cancelled, expired and guarded; timeouts claimed and swept.

use super::*;

#[test]
fn challenges_declined_cancelled_expired_and_guarded() {
    let w = world();
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::Random,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    // Carol cannot accept Bob's challenge.
    let reply = w
        .service
        .component(&actor(CAROL), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Only bob"),
        "{}",
        reply.text
    );
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Decline)
        .unwrap();
    assert!(reply.text.contains("declined"), "{}", reply.text);
    let reply = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("declined"),
        "{}",
        reply.text
    );

    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::Black,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Cancel)
        .unwrap();
    assert!(reply.ephemeral, "only the challenger cancels");
    let reply = w
        .service
        .component(&actor(ALICE), &id_ending(&challenge, ":cancel"), &[])
        .unwrap();
    assert!(reply.text.contains("cancelled"), "{}", reply.text);

    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = w
        .service
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
    w.clock.advance(Duration::from_secs(11 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("expired"),
        "{}",
        notices[0].reply.text
    );
    let reply = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("expired"),
        "{}",
        reply.text
    );

    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(actor_member(ALICE)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    assert!(reply.ephemeral && reply.text.contains("yourself"));
    let bot = Member {
        user: 99,
        name: "Dama".into(),
        is_bot: true,
    };
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(bot.clone()),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    assert!(reply.ephemeral && reply.text.contains("/play"));

    start_game(&w);
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
    assert!(
        reply.ephemeral && reply.text.contains("start one in a thread"),
        "{}",
        reply.text
    );
}

fn actor_member(user: u64) -> Member {
    member(user)
}

#[test]
fn timeouts_claimed_and_swept() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Claim)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("still has"),
        "{}",
        reply.text
    );
    w.clock.advance(Duration::from_secs(25 * 3600));
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Claim)
        .unwrap();
    assert!(
        !reply.ephemeral && reply.text.contains("wins"),
        "{}",
        reply.text
    );
    assert_eq!(last_game(&w).end_reason, Some(EndReason::TimeoutClaim));

    start_game(&w);
    w.clock.advance(Duration::from_secs(47 * 3600));
    // Not yet twice the time: the board shows the Claim button and Bob is told he can claim.
    let notices = w.service.sweep().unwrap();
    assert!(
        notices.iter().all(|n| !n.reply.text.contains("forfeit")),
        "not yet twice the time: {:?}",
        notices.iter().map(|n| &n.reply.text).collect::<Vec<_>>()
    );
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("you can claim the win now")),
        "{notices:?}"
    );
    assert!(w.service.sweep().unwrap().is_empty(), "nothing twice");
    w.clock.advance(Duration::from_secs(2 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("forfeit"),
        "{}",
        notices[0].reply.text
    );
    let game = last_game(&w);
    assert_eq!(game.end_reason, Some(EndReason::TimeoutSweep));
    assert_eq!(
        game.result,
        Some(GameResult::BlackWins),
        "White never moved"
    );
}
