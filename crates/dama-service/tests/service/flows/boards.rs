//! Clicks in their own channel, names escaped in text, and which board message is live.

use super::*;
use dama_core::text::{Part, RichText};

#[test]
fn clicks_act_only_in_their_own_channel() {
    let w = world();
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
    let in_other = |user: u64| actor(user).channel(CHANNEL + 1);
    let in_other_guild = |user: u64| actor(user).guild(GUILD + 1);
    let accept = id_ending(&challenge, ":accept");
    for who in [in_other(BOB), in_other_guild(BOB)] {
        let reply = w.service.component(&who, &accept, &[]).unwrap();
        assert!(
            reply.ephemeral && reply.text.contains("another channel"),
            "{}",
            reply.text
        );
    }
    let board = w.service.component(&actor(BOB), &accept, &[]).unwrap();
    assert!(!board.ephemeral, "{}", board.text);
    for suffix in [":move", ":draw", ":resign", ":flipw"] {
        let id = id_ending(&board, suffix);
        let reply = w
            .service
            .component(&in_other(ALICE), &id, &["22-18".into()])
            .unwrap();
        assert!(
            reply.ephemeral && reply.text.contains("another channel"),
            "{suffix}: {}",
            reply.text
        );
    }
    assert_eq!(active(&w).ply, 0);
    let over = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    let reply = w
        .service
        .component(&in_other(BOB), &id_ending(&over, ":rematch"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("another channel"),
        "{}",
        reply.text
    );
    assert!(
        w.service
            .store()
            .pending_challenges_in_channel(CHANNEL + 1, w.service.now())
            .unwrap()
            .is_empty()
            && w.service
                .store()
                .pending_challenges_in_channel(CHANNEL, w.service.now())
                .unwrap()
                .is_empty()
    );
}

#[test]
fn display_names_are_escaped_in_text_but_not_in_pdn_or_captions() {
    let w = world();
    let mallory = actor(ALICE).name("*mal*_@everyone_");
    let challenge = w
        .service
        .act(
            &mallory,
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    let board = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    let caption = board.board.as_ref().unwrap().caption.clone().unwrap();
    assert!(caption.contains("*mal*_@everyone_"), "{caption}");
    let reply = w
        .service
        .act(
            &mallory,
            Origin::Channel,
            Action::Move {
                text: "22-18".into(),
            },
        )
        .unwrap();
    // The name is a name, as written: no front end reads marks of style or mentions in it.
    let named = |text: &RichText| {
        text.spans()
            .iter()
            .any(|span| span.part == Part::Name("*mal*_@everyone_".to_owned()))
    };
    assert_eq!(
        reply.text.spans()[0].part,
        Part::Name("*mal*_@everyone_".to_owned()),
        "{}",
        reply.text
    );
    assert!(
        reply
            .text
            .to_string()
            .starts_with("*mal*_@everyone_ played **22-18** — your move"),
        "{}",
        reply.text
    );
    let refused = w
        .service
        .act(
            &mallory,
            Origin::Channel,
            Action::Move {
                text: "11-15".into(),
            },
        )
        .unwrap();
    assert!(!refused.text.contains("*mal*"), "{}", refused.text);
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Resign)
        .unwrap();
    assert!(named(&reply.text), "{}", reply.text);
    let board = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Leaderboard { page: 0 },
        )
        .unwrap();
    assert!(named(&board.text), "{}", board.text);
    let stats = w
        .service
        .act(&mallory, Origin::Channel, Action::Stats { member: None })
        .unwrap();
    assert!(named(&stats.text), "{}", stats.text);
    let pdn = String::from_utf8(
        w.service
            .act(&actor(BOB), Origin::Channel, Action::Pdn { game: None })
            .unwrap()
            .attachment
            .unwrap()
            .bytes,
    )
    .unwrap();
    assert!(pdn.contains("[White \"*mal*_@everyone_\"]"), "{pdn}");
}

#[test]
fn a_new_board_message_returns_the_one_it_replaces() {
    let w = world();
    start_game(&w);
    let game = active(&w).id;
    let first = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let second = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(w.service.set_board_message(game, first).unwrap(), None);
    assert_eq!(
        w.service.set_board_message(game, first).unwrap(),
        None,
        "the same one"
    );
    assert_eq!(
        w.service.set_board_message(game, second).unwrap(),
        Some(first)
    );
    assert_eq!(w.service.board_message(game).unwrap(), Some(second));
}

/// Two answers in flight at once (an accept and the first move): the board of the later one
/// stays live even when the earlier one is remembered last, and that earlier one is retired.
#[test]
fn a_late_older_board_is_the_one_retired() {
    let w = world();
    start_game(&w);
    let game = active(&w).id;
    let older = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let newer = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(w.service.set_board_message(game, newer).unwrap(), None);
    assert_eq!(
        w.service.set_board_message(game, older).unwrap(),
        Some(older)
    );
    assert_eq!(w.service.board_message(game).unwrap(), Some(newer));
    assert_eq!(
        w.service.set_board_message(game, newer).unwrap(),
        None,
        "the live board again"
    );
}
