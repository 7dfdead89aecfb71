//! Games against the engine across restarts: interrupted moves resumed, the sweep, one search
//! at a time.

use super::*;

#[test]
fn resuming_plays_the_engine_move_a_restart_interrupted() {
    let w = world();
    let game = engine_game(&w, 2, true);
    store_move_only(&w, &game, "22-18");
    // Until the engine moves, Alice can neither move nor win on time.
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "21-17".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Dama is thinking"),
        "{}",
        reply.text
    );
    w.clock.advance(Duration::from_secs(2 * 3600));
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Claim)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Dama is thinking"),
        "{}",
        reply.text
    );
    assert!(
        w.service
            .act(
                &actor(ALICE),
                Origin::Channel,
                Action::Board { flip: false }
            )
            .unwrap()
            .mentions
            .is_empty(),
        "a board pings nobody"
    );

    let notices = w.service.resume_engine_games().unwrap();
    assert_eq!(notices.len(), 1);
    let notice = &notices[0];
    assert_eq!(notice.edit, Some(BOARD_500), "the board is edited in place");
    assert_eq!((notice.guild, notice.channel), (GUILD, CHANNEL));
    assert_eq!(notice.reply.mentions, [ALICE], "Alice is to move");
    assert!(
        notice.reply.text.contains("replied"),
        "{}",
        notice.reply.text
    );
    let board = notice.reply.board.as_ref().expect("a board");
    assert_eq!(active(&w).ply, 2);
    assert_eq!(board.position.to_fen(), active(&w).current_fen);
    assert!(w.service.resume_engine_games().unwrap().is_empty(), "once");
    play_any(&w, ALICE);
    assert_eq!(active(&w).ply, 4, "and the game goes on");
}

#[test]
fn the_sweep_resumes_engine_moves_and_never_forfeits_the_engine() {
    let w = world();
    // The engine has White and never opened.
    engine_game(&w, 1, false);
    w.clock.advance(Duration::from_secs(3 * 24 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].reply.text.contains("replied"),
        "{}",
        notices[0].reply.text
    );
    assert_eq!(notices[0].reply.mentions, [ALICE]);
    let game = active(&w);
    assert_eq!(game.ply, 1, "the engine opened instead of losing on time");
    assert_eq!(game.status, GameStatus::Active);
    // Alice now has her time per move from the engine's move.
    w.clock.advance(Duration::from_secs(3 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.contains("forfeit"));
    assert_eq!(last_game(&w).result, Some(GameResult::WhiteWins));
}

#[test]
fn a_game_being_searched_is_not_searched_again() {
    let think = Duration::from_secs(3);
    let w = world_with(ServiceSettings {
        think_time: think,
        ..settings()
    });
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 8,
                colour: ColourChoice::White,
                clock: None,
            },
        )
        .unwrap();
    std::thread::scope(|scope| {
        let player = scope.spawn(|| {
            w.service
                .act(
                    &actor(ALICE),
                    Origin::Channel,
                    Action::Move {
                        text: "22-18".into(),
                    },
                )
                .unwrap()
        });
        // Wait for Alice's move to be stored: the engine is then searching its reply.
        let waited = std::time::Instant::now();
        while active(&w).ply == 0 {
            assert!(
                waited.elapsed() < Duration::from_secs(20),
                "the move was stored"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        let resumed = std::time::Instant::now();
        let notices = w.service.resume_engine_games().unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert!(w.service.sweep().unwrap().is_empty());
        assert!(
            resumed.elapsed() < think / 2,
            "resuming left the game alone ({:?})",
            resumed.elapsed()
        );
        let reply = w
            .service
            .act(&actor(ALICE), Origin::Channel, Action::Claim)
            .unwrap();
        assert!(reply.text.contains("Dama is thinking"), "{}", reply.text);
        let reply = player.join().unwrap();
        assert!(reply.text.contains("replied"), "{}", reply.text);
    });
    assert_eq!(active(&w).ply, 2);
}
