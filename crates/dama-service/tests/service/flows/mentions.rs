//! Who each reply notifies: the mention table.

use super::*;

/// One action of the mention table: what it does (in a world of its own), who acted, and the
/// people its reply must notify.
struct Case {
    name: &'static str,
    run: fn(&World) -> (Option<u64>, Reply),
    notify: &'static [u64],
}

fn as_moderator(user: u64) -> Actor {
    actor(user).can_moderate(true).can_manage_server(true)
}

#[allow(clippy::too_many_lines)]
fn mention_cases() -> Vec<Case> {
    vec![
        Case {
            name: "challenge",
            run: |w| {
                let reply = w
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
                (Some(ALICE), reply)
            },
            notify: &[BOB],
        },
        Case {
            name: "accepted challenge, the challenged to move",
            run: |w| {
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
                    .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
                    .unwrap();
                (Some(BOB), reply)
            },
            notify: &[ALICE],
        },
        Case {
            name: "accepted challenge, the challenger to move",
            run: |w| (Some(BOB), start_game(w)),
            notify: &[ALICE],
        },
        Case {
            name: "declined challenge",
            run: |w| {
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
                (
                    Some(BOB),
                    w.service
                        .act(&actor(BOB), Origin::Channel, Action::Decline)
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "cancelled challenge",
            run: |w| {
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
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::Cancel)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "expired challenge",
            run: |w| {
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
                w.clock.advance(Duration::from_secs(3600));
                (None, w.service.sweep().unwrap().remove(0).reply)
            },
            notify: &[ALICE],
        },
        Case {
            name: "move",
            run: |w| {
                start_game(w);
                let reply = play(w, ALICE, "22-18");
                assert!(
                    reply
                        .text
                        .to_string()
                        .starts_with("alice played **22-18** — your move, due [t:"),
                    "{}",
                    reply.text
                );
                (Some(ALICE), reply)
            },
            notify: &[BOB],
        },
        Case {
            name: "move from the menu",
            run: |w| {
                let board = start_game(w);
                let reply = w
                    .service
                    .component(
                        &actor(ALICE),
                        &id_ending(&board, ":move"),
                        &["22-18".into()],
                    )
                    .unwrap();
                (Some(ALICE), reply)
            },
            notify: &[BOB],
        },
        Case {
            name: "move that ends the game",
            run: |w| {
                game_from(w, "W:W19:B14");
                (Some(ALICE), play(w, ALICE, "19x10"))
            },
            notify: &[BOB],
        },
        Case {
            name: "refused move",
            run: |w| {
                start_game(w);
                (
                    Some(BOB),
                    w.service
                        .act(
                            &actor(BOB),
                            Origin::Channel,
                            Action::Move {
                                text: "11-15".into(),
                            },
                        )
                        .unwrap(),
                )
            },
            notify: &[],
        },
        Case {
            name: "game against the engine",
            run: |w| {
                let reply = w
                    .service
                    .act(
                        &actor(ALICE),
                        Origin::Channel,
                        Action::PlayEngine {
                            level: 1,
                            colour: ColourChoice::Black,
                            clock: None,
                        },
                    )
                    .unwrap();
                (Some(ALICE), reply)
            },
            notify: &[],
        },
        Case {
            name: "move against the engine",
            run: |w| {
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
                (Some(ALICE), play(w, ALICE, "22-18"))
            },
            notify: &[],
        },
        Case {
            name: "board for a spectator",
            run: |w| {
                start_game(w);
                (
                    Some(CAROL),
                    w.service
                        .act(
                            &actor(CAROL),
                            Origin::Channel,
                            Action::Board { flip: false },
                        )
                        .unwrap(),
                )
            },
            notify: &[],
        },
        Case {
            name: "board for the player not to move",
            run: |w| {
                start_game(w);
                (
                    Some(BOB),
                    w.service
                        .act(&actor(BOB), Origin::Channel, Action::Board { flip: true })
                        .unwrap(),
                )
            },
            notify: &[],
        },
        Case {
            name: "resignation",
            run: |w| {
                start_game(w);
                (
                    Some(BOB),
                    w.service
                        .act(&actor(BOB), Origin::Channel, Action::Resign)
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "draw offer on one's own turn",
            run: |w| {
                start_game(w);
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "draw offer on the opponent's turn",
            run: |w| {
                start_game(w);
                play(w, ALICE, "22-18");
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "declined draw",
            run: |w| {
                start_game(w);
                play(w, ALICE, "22-18");
                w.service
                    .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                    .unwrap();
                (
                    Some(BOB),
                    w.service
                        .act(
                            &actor(BOB),
                            Origin::Channel,
                            Action::AnswerDraw { accept: false },
                        )
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "withdrawn draw offer",
            run: |w| {
                start_game(w);
                w.service
                    .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                    .unwrap();
                (
                    Some(ALICE),
                    w.service
                        .act(
                            &actor(ALICE),
                            Origin::Channel,
                            Action::AnswerDraw { accept: false },
                        )
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "accepted draw",
            run: |w| {
                start_game(w);
                w.service
                    .act(&actor(ALICE), Origin::Channel, Action::OfferDraw)
                    .unwrap();
                (
                    Some(BOB),
                    w.service
                        .act(
                            &actor(BOB),
                            Origin::Channel,
                            Action::AnswerDraw { accept: true },
                        )
                        .unwrap(),
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "claim",
            run: |w| {
                start_game(w);
                play(w, ALICE, "22-18");
                w.clock.advance(Duration::from_secs(25 * 3600));
                (
                    Some(ALICE),
                    w.service
                        .act(&actor(ALICE), Origin::Channel, Action::Claim)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "abort by a moderator",
            run: |w| {
                start_game(w);
                (
                    Some(CAROL),
                    w.service
                        .act(&as_moderator(CAROL), Origin::Channel, Action::Abort)
                        .unwrap(),
                )
            },
            notify: &[ALICE, BOB],
        },
        Case {
            name: "abort by a moderator who plays",
            run: |w| {
                start_game(w);
                (
                    Some(ALICE),
                    w.service
                        .act(&as_moderator(ALICE), Origin::Channel, Action::Abort)
                        .unwrap(),
                )
            },
            notify: &[BOB],
        },
        Case {
            name: "forfeit by the sweep",
            run: |w| {
                start_game(w);
                w.clock.advance(Duration::from_secs(49 * 3600));
                (None, w.service.sweep().unwrap().remove(0).reply)
            },
            notify: &[ALICE, BOB],
        },
        Case {
            name: "resumed engine move",
            run: |w| {
                let game = engine_game(w, 1, true);
                store_move_only(w, &game, "22-18");
                (
                    None,
                    w.service.resume_engine_games().unwrap().remove(0).reply,
                )
            },
            notify: &[ALICE],
        },
        Case {
            name: "rematch",
            run: |w| {
                start_game(w);
                let over = w
                    .service
                    .act(&actor(ALICE), Origin::Channel, Action::Resign)
                    .unwrap();
                let reply = w
                    .service
                    .component(&actor(BOB), &id_ending(&over, ":rematch"), &[])
                    .unwrap();
                (Some(BOB), reply)
            },
            notify: &[ALICE],
        },
        Case {
            name: "leaderboard",
            run: |w| {
                start_game(w);
                w.service
                    .act(&actor(BOB), Origin::Channel, Action::Resign)
                    .unwrap();
                (
                    Some(CAROL),
                    w.service
                        .act(
                            &actor(CAROL),
                            Origin::Channel,
                            Action::Leaderboard { page: 0 },
                        )
                        .unwrap(),
                )
            },
            notify: &[],
        },
    ]
}

#[test]
fn mentions_notify_exactly_the_people_concerned() {
    for case in mention_cases() {
        let w = world();
        let (acting, reply) = (case.run)(&w);
        let mut mentions = reply.mentions.clone();
        mentions.sort_unstable();
        let mut unique = mentions.clone();
        unique.dedup();
        assert_eq!(mentions, unique, "{}: a person named twice", case.name);
        if let Some(acting) = acting {
            assert!(
                !mentions.contains(&acting),
                "{}: the actor is pinged",
                case.name
            );
        }
        assert_eq!(mentions, case.notify, "{}: {}", case.name, reply.text);
    }
}
