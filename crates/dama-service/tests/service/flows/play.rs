//! A game from the first move to the last: legal and illegal moves, turns, stale buttons.

use super::*;

#[test]
fn a_full_game_between_two_players() {
    let w = world();
    let board = start_game(&w);
    assert!(board.board.is_some());
    assert!(board.mentions.contains(&ALICE), "White is told to move");
    // The first game of the 2005 championship, then Black resigns.
    let games = pdn::read_games(include_str!(
        "../../../../../tests/data/campionato-assoluto-2005.pdn"
    ));
    let moves = games[0].replay().moves;
    let mut position = Position::initial();
    for (i, m) in moves.iter().enumerate() {
        let user = if i % 2 == 0 { ALICE } else { BOB };
        let text = position.move_text(m);
        let reply = play(&w, user, &text);
        position.play_unchecked(m);
        assert_eq!(reply.board.as_ref().unwrap().position, position);
    }
    assert_eq!(active(&w).ply as usize, moves.len());
    let reply = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Resign)
        .unwrap();
    assert!(reply.text.contains("resigns"), "{}", reply.text);
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    assert_eq!(game.end_reason, Some(EndReason::Resign));
    assert!(ids(&reply).iter().any(|id| id.ends_with(":rematch")));
}

#[test]
fn a_game_against_the_engine_to_the_end() {
    let w = world();
    let reply = w
        .service
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
    assert!(reply.board.is_some(), "{}", reply.text);
    let mut engine = dama_engine::Engine::new(1);
    for _ in 0..400 {
        let game = active_game_rules(&w);
        let Some(game) = game else { break };
        // Alice plays well (level 6) against level 1.
        let m = dama_engine::choose_move(
            &mut engine,
            &game,
            dama_engine::Level::new(6).unwrap(),
            Duration::from_millis(20),
            1,
        )
        .expect("a move");
        let reply = play(&w, ALICE, &m.long());
        assert!(
            reply.text.contains("replied")
                || reply.text.contains("wins")
                || reply.text.contains("Draw"),
            "{}",
            reply.text
        );
    }
    let game = last_game(&w);
    assert_eq!(
        game.status,
        GameStatus::Finished,
        "the game ended by the rules"
    );
    assert_eq!(game.black, Participant::Engine(1));
    let stats = w
        .service
        .store()
        .player_stats(GUILD, ALICE)
        .unwrap()
        .unwrap();
    assert_eq!(stats.engine_records.len(), 1);
    assert!(
        (stats.player.rating.rating - 1500.0).abs() < f64::EPSILON,
        "games against the engine are unrated"
    );
}

/// The rules state of the channel's active game, rebuilt from the store.
fn active_game_rules(w: &World) -> Option<dama_rules::Game> {
    let record = w.service.store().active_game_in_channel(CHANNEL).unwrap()?;
    let mut game = dama_rules::Game::new(Position::from_fen(&record.start_fen).unwrap());
    for m in w.service.store().moves(record.id).unwrap() {
        game.play_text(&m.move_long).unwrap();
    }
    Some(game)
}

#[test]
fn promotion_ends_a_capture() {
    let w = world();
    // The man on 19 takes 14 and 6 and lands on 3, the far row: it is crowned and the move
    // ends there, although a king on 3 could go on to take 7.
    game_from(&w, "W:W19:B6,7,14");
    let reply = play(&w, ALICE, "19x3");
    let board = reply.board.unwrap();
    let last = board.last_move.unwrap();
    assert!(last.promotes());
    assert_eq!(last.long(), "19x10x3");
    assert_eq!(board.position.to_fen(), "B:WK3:B7");
}

#[test]
fn illegal_moves_explain_themselves() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "22-17".into(),
            },
        )
        .unwrap();
    assert!(reply.ephemeral);
    assert!(reply.text.contains("not a legal move"), "{}", reply.text);
    assert!(
        reply.text.contains("Legal moves:") && reply.text.contains("22-18"),
        "{}",
        reply.text
    );
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Move {
                text: "banana".into(),
            },
        )
        .unwrap();
    assert!(reply.ephemeral);
    // A capture is compulsory.
    play(&w, ALICE, "22-18");
    play(&w, BOB, "11-14");
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
    assert!(reply.ephemeral);
    assert!(
        reply.text.contains("a capture is compulsory"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 2, "nothing was recorded");
}

#[test]
fn out_of_turn_and_strangers_are_refused() {
    let w = world();
    start_game(&w);
    let reply = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::Move {
                text: "11-15".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("not your turn"),
        "{}",
        reply.text
    );
    let reply = w
        .service
        .act(
            &actor(CAROL),
            Origin::Channel,
            Action::Move {
                text: "22-18".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("not playing"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 0);
}

#[test]
fn a_stale_button_is_refused() {
    let w = world();
    let board = start_game(&w);
    let select = id_ending(&board, ":move");
    let reply = w
        .service
        .component(&actor(ALICE), &select, &["22-18".into()])
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    // The same menu again (the old board): out of date.
    let reply = w
        .service
        .component(&actor(BOB), &select, &["11-15".into()])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("out of date"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 1);
    // A made-up id.
    let reply = w
        .service
        .component(&actor(BOB), "g:999:0:move", &["11-15".into()])
        .unwrap();
    assert!(reply.ephemeral);
}
