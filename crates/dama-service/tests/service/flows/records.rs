//! Ratings and the leaderboard, PDN export, and the moves the autocomplete offers.

use super::*;

#[test]
fn ratings_and_leaderboard_after_several_games() {
    let w = world();
    for _ in 0..3 {
        start_game(&w);
        w.service
            .act(&actor(BOB), Origin::Channel, Action::Resign)
            .unwrap();
    }
    let board = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Leaderboard { page: 0 },
        )
        .unwrap();
    let alice_at = board.text.to_string().find("alice").expect("alice listed");
    let bob_at = board.text.to_string().find("bob").expect("bob listed");
    assert!(alice_at < bob_at, "{}", board.text);
    let alice = w.service.store().player(GUILD, ALICE).unwrap().unwrap();
    let bob = w.service.store().player(GUILD, BOB).unwrap().unwrap();
    assert!(alice.rating.rating > 1500.0 && bob.rating.rating < 1500.0);
    assert_eq!((alice.wins, bob.losses), (3, 3));
    let stats = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Stats {
                member: Some(member(ALICE)),
            },
        )
        .unwrap();
    assert!(
        stats.text.contains("3 won") && stats.text.contains("3 won in a row"),
        "{}",
        stats.text
    );
    let history = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::History {
                member: Some(member(ALICE)),
            },
        )
        .unwrap();
    assert_eq!(
        history.text.to_string().matches("resign").count(),
        3,
        "{}",
        history.text
    );
}

#[test]
fn pdn_export_passes_pdn_check() {
    let w = world();
    start_game(&w);
    for ply in 0..5 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.service
        .act(&actor(BOB), Origin::Channel, Action::Resign)
        .unwrap();
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Pdn { game: None })
        .unwrap();
    let file = reply.attachment.expect("a PDN file");
    assert_eq!(file.filename, "dama-game-1.pdn");
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(
        text.contains("[White \"alice\"]") && text.contains("[Result \"1-0\"]"),
        "{text}"
    );
    // Every ply replays by the rules, as `damabot pdn check` reads the file.
    let games = pdn::read_games(&text);
    assert_eq!(games.len(), 1, "{text}");
    let replayed = games[0].replay();
    assert_eq!((replayed.error, replayed.moves.len()), (None, 5), "{text}");
    assert!(replayed.warnings.is_empty(), "{text}");
    let animation = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Replay { game: None },
        )
        .unwrap();
    // The service says what to animate; the adapters draw it.
    let game = animation.replay.expect("a replay");
    assert_eq!(game.filename, "dama-game-1.gif");
    assert_eq!(game.moves.len(), 5);
    let renderer = Renderer::new(&RenderConfig {
        size: 320,
        ..RenderConfig::default()
    })
    .unwrap();
    let gif = renderer.replay_gif(&game.start, &game.moves, game.bottom, &game.captions);
    assert!(gif.starts_with(b"GIF8"));
}

#[test]
fn suggestions_offer_only_legal_moves_of_the_player_to_move() {
    fn hint_in(w: &World, user: u64, typed: &str) -> String {
        match w.service.suggestions(&actor(user), typed).unwrap() {
            Suggestions::Hint(hint) => hint,
            Suggestions::Moves(moves) => panic!("moves {moves:?} for {typed:?}"),
        }
    }
    let w = world();
    let hint = |user: u64, typed: &str| hint_in(&w, user, typed);
    assert!(hint(ALICE, "").contains("No game in this channel"));
    start_game(&w);
    let mut list = moves(&w, ALICE, "2");
    list.sort();
    assert_eq!(
        list,
        [
            "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"
        ]
    );
    assert_eq!(hint(BOB, ""), "Not your turn: alice is to move");
    assert_eq!(hint(CAROL, ""), "You are not playing in this game.");
    let none = hint(ALICE, "27x");
    assert!(
        none.starts_with("No legal move starts with 27x: ") && none.contains("22-18"),
        "{none}"
    );
    // A long typed text and a long list are cut to a choice name's length.
    let long = hint(ALICE, &"9".repeat(300));
    assert!(long.chars().count() <= HINT_MAX_CHARS, "{long}");
    assert!(long.contains("9999…:"), "{long}");
    let w = world();
    game_from(&w, "W:WK1,K3,K5,K7,K10,K12,K14,K16:B28");
    let many = hint_in(&w, ALICE, "9");
    assert!(many.chars().count() <= HINT_MAX_CHARS, "{many}");
    assert!(many.ends_with(", …"), "{many}");
}
