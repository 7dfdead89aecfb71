//! Games: moves, draw offers, boards, leaderboards and exports.

use std::sync::Barrier;

use super::{
    ALICE, BOB, CAROL, CHANNEL, GUILD, HOUR, START_FEN, fen, finish, human_game, new_game, players,
};
use dama_core::store::{
    ByColor, Color, DrawOffer, EndReason, GameId, GameResult, GameStatus, INITIAL_RATING,
    MessageRef, NewGame, Participant, PlayerOutcome, Store, StoreError,
};

pub fn game_and_move_round_trip(store: &dyn Store) {
    players(store);
    let game = store
        .create_game(&NewGame {
            rated: false,
            ..new_game(
                Participant::Engine(8),
                Participant::User(CAROL),
                CHANNEL,
                7_000,
            )
        })
        .unwrap();
    assert_eq!(game.white, Participant::Engine(8));
    assert_eq!(game.black, Participant::User(CAROL));
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(
        (game.ply, game.created_at, game.last_move_at),
        (0, 7_000, 7_000)
    );
    assert_eq!(game.current_fen, START_FEN);
    assert_eq!(game.result, None);
    assert_eq!(game.deadline(), 7_000 + HOUR);
    assert_eq!(game.side_to_move(), Some(Color::White));
    assert_eq!(game.colour_of(CAROL), Some(Color::Black));
    assert!(!game.rated);

    let board = MessageRef {
        channel: CHANNEL,
        message: 123,
    };
    store.set_board_message(game.id, board).unwrap();
    let after = store
        .record_move(game.id, 0, "22x13x6", &fen(1), 8_000)
        .unwrap();
    assert_eq!((after.ply, after.last_move_at), (1, 8_000));
    assert_eq!(after.current_fen, fen(1));
    let offered = store.offer_draw(game.id, Color::Black, 1).unwrap();
    assert_eq!(
        offered.draw_offer,
        Some(DrawOffer {
            by: Color::Black,
            at_ply: 1,
            number: 1,
        })
    );
    assert_eq!(offered.last_draw_offer_ply, ByColor::new(None, Some(1)));
    assert_eq!(offered.board_message, Some(board));
    assert_eq!(store.game(game.id).unwrap(), Some(offered.clone()));
    assert_eq!(
        store.active_game_in_channel(CHANNEL).unwrap(),
        Some(offered)
    );

    let moves = store.moves(game.id).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].game, game.id);
    assert_eq!(moves[0].ply, 0);
    assert_eq!(moves[0].move_long, "22x13x6");
    assert_eq!(moves[0].fen_after, fen(1));
    assert_eq!(moves[0].at, 8_000);

    let done = store
        .finish_game(
            game.id,
            finish(&game, GameResult::BlackWins, EndReason::Resign, 1, 9_000),
        )
        .unwrap();
    assert_eq!(done.ratings, None, "engine games are unrated");
    assert_eq!(done.game.status, GameStatus::Finished);
    assert_eq!(done.game.result, Some(GameResult::BlackWins));
    assert_eq!(done.game.end_reason, Some(EndReason::Resign));
    assert_eq!(done.game.finished_at, Some(9_000));
    assert_eq!(done.game.draw_offer, None);
    assert_eq!(store.game(done.game.id).unwrap(), Some(done.game));
    assert_eq!(store.active_game_in_channel(CHANNEL).unwrap(), None);
    assert_eq!(store.game(GameId(12_345)).unwrap(), None);
}

pub fn one_active_game_per_channel(store: &dyn Store) {
    players(store);
    let first = human_game(store, CHANNEL, 1);
    let error = store
        .create_game(&new_game(
            Participant::User(BOB),
            Participant::Engine(1),
            CHANNEL,
            2,
        ))
        .unwrap_err();
    assert!(
        matches!(error, StoreError::ChannelBusy { channel: CHANNEL, game } if game == first.id),
        "{error:?}"
    );
    // Another channel (a thread) is free.
    human_game(store, CHANNEL + 1, 3);
    // Once the game ends the channel is free again.
    store.abort_game(first.id, 4).unwrap();
    let second = human_game(store, CHANNEL, 5);
    assert_ne!(second.id, first.id);
}

pub fn record_move_refuses_repeated_stale_and_finished_plies(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();
    let error = store
        .record_move(game.id, 0, "21-17", &fen(1), 2)
        .unwrap_err();
    assert!(
        matches!(error, StoreError::AlreadyPlayed { ply: 0, .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        format!("ply 0 of game {} was already played", game.id)
    );
    let error = store
        .record_move(game.id, 5, "21-17", &fen(6), 2)
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::StalePly {
                given: 5,
                current: 1,
                ..
            }
        ),
        "{error:?}"
    );
    store
        .finish_game(
            game.id,
            finish(&game, GameResult::Draw, EndReason::Agreement, 1, 3),
        )
        .unwrap();
    assert!(matches!(
        store.record_move(game.id, 1, "11-15", &fen(2), 4),
        Err(StoreError::GameNotActive {
            status: GameStatus::Finished,
            ..
        })
    ));
    assert_eq!(store.moves(game.id).unwrap().len(), 1);
}

pub fn thirty_two_threads_same_ply_one_wins(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    for ply in 0..3 {
        let barrier = Barrier::new(32);
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..32)
                .map(|thread| {
                    let barrier = &barrier;
                    scope.spawn(move || {
                        barrier.wait();
                        store.record_move(
                            game.id,
                            ply,
                            &format!("move-{thread}"),
                            &fen(ply + 1),
                            i64::from(ply) * 10 + i64::from(thread),
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let wins = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(wins, 1, "ply {ply}: exactly one submission is stored");
        for result in &results {
            if let Err(error) = result {
                assert!(
                    matches!(error, StoreError::AlreadyPlayed { ply: p, .. } if *p == ply),
                    "{error:?}"
                );
                assert!(error.to_string().contains("already played"));
            }
        }
        let moves = store.moves(game.id).unwrap();
        assert_eq!(moves.len() as u32, ply + 1);
        let winner = results.iter().find_map(|r| r.as_ref().ok()).unwrap();
        assert_eq!(moves[ply as usize].at, winner.last_move_at);
    }
    assert_eq!(store.game(game.id).unwrap().unwrap().ply, 3);
}

pub fn draw_offers_are_set_cleared_and_cleared_by_a_move(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    assert!(matches!(
        store.offer_draw(game.id, Color::White, 3),
        Err(StoreError::StalePly { .. })
    ));
    let offered = store.offer_draw(game.id, Color::White, 0).unwrap();
    assert_eq!(offered.last_draw_offer_ply, ByColor::new(Some(0), None));
    let cleared = store
        .clear_draw_offer(game.id, offered.draw_offer.unwrap())
        .unwrap();
    assert_eq!(cleared.draw_offer, None);
    assert_eq!(cleared.last_draw_offer_ply, ByColor::new(Some(0), None));
    store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();
    store.offer_draw(game.id, Color::Black, 1).unwrap();
    let moved = store.record_move(game.id, 1, "11-15", &fen(2), 2).unwrap();
    assert_eq!(moved.draw_offer, None, "a move declines the offer");
    assert_eq!(moved.last_draw_offer_ply, ByColor::new(Some(0), Some(1)));
}

pub fn finishing_counts_and_rates_in_one_go(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    // Stale: a move came in after the caller looked.
    store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();
    assert!(matches!(
        store.finish_game(
            game.id,
            finish(&game, GameResult::BlackWins, EndReason::TimeoutClaim, 0, 2)
        ),
        Err(StoreError::StalePly { .. })
    ));
    assert!(matches!(
        store.finish_game(
            game.id,
            finish(&game, GameResult::BlackWins, EndReason::Abort, 1, 2)
        ),
        Err(StoreError::Invalid(_))
    ));
    let done = store
        .finish_game(
            game.id,
            finish(&game, GameResult::WhiteWins, EndReason::Resign, 1, 2),
        )
        .unwrap();
    let ratings = done.ratings.expect("a rated game between people");
    assert_eq!(ratings.white.user, ALICE);
    assert_eq!(ratings.white.before, INITIAL_RATING);
    assert!(ratings.white.after.rating > 1500.0);
    assert!(ratings.black.after.rating < 1500.0);
    assert!(ratings.white.after.deviation < 350.0);
    // The same numbers as skillratings computes.
    let (expected, _) = skillratings::glicko2::glicko2(
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::glicko2::Glicko2Rating::new(),
        &skillratings::Outcomes::WIN,
        &skillratings::glicko2::Glicko2Config::new(),
    );
    assert!((ratings.white.after.rating - expected.rating).abs() < 1e-9);
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    let bob = store.player(GUILD, BOB).unwrap().unwrap();
    assert_eq!(alice.rating, ratings.white.after);
    assert_eq!(bob.rating, ratings.black.after);
    assert_eq!((alice.wins, alice.losses, alice.draws), (1, 0, 0));
    assert_eq!((bob.wins, bob.losses, bob.draws), (0, 1, 0));
    assert!(matches!(
        store.finish_game(
            game.id,
            finish(&game, GameResult::Draw, EndReason::Agreement, 1, 3)
        ),
        Err(StoreError::GameNotActive { .. })
    ));

    // Unrated between people: counted, not rated.
    let casual = store
        .create_game(&NewGame {
            rated: false,
            ..new_game(
                Participant::User(BOB),
                Participant::User(ALICE),
                CHANNEL,
                10,
            )
        })
        .unwrap();
    let done = store
        .finish_game(
            casual.id,
            finish(&casual, GameResult::Draw, EndReason::Agreement, 0, 11),
        )
        .unwrap();
    assert_eq!(done.ratings, None);
    let alice_after = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(alice_after.rating, alice.rating);
    assert_eq!(alice_after.draws, 1);

    // Against the engine: no rating change, counted per level.
    for (level, result) in [
        (3, GameResult::WhiteWins),
        (3, GameResult::BlackWins),
        (5, GameResult::Draw),
    ] {
        let g = store
            .create_game(&new_game(
                Participant::User(ALICE),
                Participant::Engine(level),
                CHANNEL,
                20,
            ))
            .unwrap();
        store
            .finish_game(g.id, finish(&g, result, EndReason::NoMoves, 0, 21))
            .unwrap();
    }
    let g = store
        .create_game(&new_game(
            Participant::Engine(5),
            Participant::User(ALICE),
            CHANNEL,
            30,
        ))
        .unwrap();
    store
        .finish_game(
            g.id,
            finish(&g, GameResult::WhiteWins, EndReason::NoMoves, 0, 31),
        )
        .unwrap();
    // Aborted: nothing at all.
    let g = human_game(store, CHANNEL, 40);
    let aborted = store.abort_game(g.id, 41).unwrap();
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(aborted.end_reason, Some(EndReason::Abort));
    assert_eq!(aborted.result, None);
    assert!(matches!(
        store.abort_game(g.id, 42),
        Err(StoreError::GameNotActive { .. })
    ));

    let stats = store.player_stats(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(
        stats.player.rating, alice.rating,
        "engine games do not rate"
    );
    assert_eq!(
        (stats.player.wins, stats.player.losses, stats.player.draws),
        (1, 0, 1)
    );
    let levels: Vec<_> = stats
        .engine_records
        .iter()
        .map(|r| (r.level, r.wins, r.losses, r.draws))
        .collect();
    assert_eq!(levels, [(3, 1, 1, 0), (5, 0, 1, 1)]);
    // Latest first: the loss at level 5 (finished at 31), then a draw.
    let streak = stats.streak.unwrap();
    assert_eq!((streak.outcome, streak.length), (PlayerOutcome::Loss, 1));
}

pub fn final_move_and_finish_are_one_transaction(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    // A finish at the wrong ply is refused before anything is written.
    assert!(matches!(
        store.record_final_move(
            game.id,
            0,
            "22-18",
            &fen(1),
            finish(&game, GameResult::WhiteWins, EndReason::NoMoves, 0, 1)
        ),
        Err(StoreError::Invalid(_))
    ));
    assert!(store.moves(game.id).unwrap().is_empty());
    let done = store
        .record_final_move(
            game.id,
            0,
            "22-18",
            &fen(1),
            finish(&game, GameResult::WhiteWins, EndReason::NoMoves, 1, 1),
        )
        .unwrap();
    assert_eq!(done.game.ply, 1);
    assert_eq!(done.game.status, GameStatus::Finished);
    assert_eq!(done.game.last_move_at, 1);
    assert!(done.ratings.is_some());
    assert_eq!(store.moves(game.id).unwrap().len(), 1);
}

pub fn overdue_games_by_periods(store: &dyn Store) {
    players(store);
    let quiet = human_game(store, CHANNEL, 0);
    let busy = human_game(store, CHANNEL + 1, 0);
    store
        .record_move(busy.id, 0, "22-18", &fen(1), HOUR)
        .unwrap();
    let ids = |at, periods| -> Vec<GameId> {
        store
            .overdue_games(at, periods)
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect()
    };
    assert!(ids(HOUR, 1).is_empty(), "the deadline itself is not past");
    assert_eq!(ids(HOUR + 1, 1), [quiet.id]);
    assert_eq!(ids(2 * HOUR + 1, 1), [quiet.id, busy.id]);
    assert!(ids(2 * HOUR, 2).is_empty());
    assert_eq!(ids(2 * HOUR + 1, 2), [quiet.id]);
    store.abort_game(quiet.id, 5).unwrap();
    assert_eq!(ids(10 * HOUR, 1), [busy.id], "only active games");
}

pub fn games_with_the_engine_to_move(store: &dyn Store) {
    players(store);
    let ids = || -> Vec<GameId> {
        store
            .engine_to_move_games()
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect()
    };
    // The engine has White and has not opened yet.
    let opening = store
        .create_game(&new_game(
            Participant::Engine(3),
            Participant::User(ALICE),
            CHANNEL,
            0,
        ))
        .unwrap();
    // Bob (White) to move against the engine: not listed until he has moved.
    let waiting = store
        .create_game(&new_game(
            Participant::User(BOB),
            Participant::Engine(5),
            CHANNEL + 1,
            0,
        ))
        .unwrap();
    human_game(store, CHANNEL + 2, 0);
    assert_eq!(ids(), [opening.id]);
    store
        .record_move(waiting.id, 0, "22-18", "B:W18,21,23:B1,2", HOUR)
        .unwrap();
    assert_eq!(ids(), [opening.id, waiting.id], "oldest move first");
    store
        .record_move(opening.id, 0, "22-18", "B:W18,21,23:B1,2", 2 * HOUR)
        .unwrap();
    assert_eq!(ids(), [waiting.id], "Alice (Black) is to move");
    store.abort_game(waiting.id, 3 * HOUR).unwrap();
    assert!(ids().is_empty(), "only active games");
}

pub fn the_board_message_replaced_is_returned(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let first = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let second = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(store.set_board_message(game.id, first).unwrap(), None);
    assert_eq!(
        store.set_board_message(game.id, second).unwrap(),
        Some(first)
    );
    assert_eq!(
        store.set_board_message(game.id, second).unwrap(),
        Some(second)
    );
    assert_eq!(
        store.game(game.id).unwrap().unwrap().board_message,
        Some(second)
    );
}

pub fn an_older_board_never_replaces_a_newer_one(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let older = MessageRef {
        channel: CHANNEL,
        message: 1,
    };
    let newer = MessageRef {
        channel: CHANNEL,
        message: 2,
    };
    assert_eq!(store.set_board_message(game.id, newer).unwrap(), None);
    assert_eq!(
        store.set_board_message(game.id, older).unwrap(),
        Some(older),
        "the late, older board is the one that is not live"
    );
    assert_eq!(
        store.game(game.id).unwrap().unwrap().board_message,
        Some(newer)
    );
}

pub fn leaderboard_pages_and_minimum_games(store: &dyn Store) {
    // 25 players; player i beats player i+1 once, so ratings spread; one player never plays.
    let users: Vec<u64> = (1..=25).collect();
    for &user in &users {
        store
            .ensure_player(GUILD, user, &format!("p{user}"), 0)
            .unwrap();
    }
    store.ensure_player(GUILD, 999, "idle", 0).unwrap();
    store.ensure_player(GUILD + 1, 1, "elsewhere", 0).unwrap();
    for pair in users.windows(2) {
        let g = store
            .create_game(&new_game(
                Participant::User(pair[0]),
                Participant::User(pair[1]),
                CHANNEL,
                0,
            ))
            .unwrap();
        store
            .finish_game(
                g.id,
                finish(&g, GameResult::WhiteWins, EndReason::Resign, 0, 1),
            )
            .unwrap();
    }
    let page0 = store.leaderboard(GUILD, 1, 0, 10).unwrap();
    assert_eq!(page0.total_players, 25);
    assert_eq!(page0.pages, 3);
    assert_eq!(page0.entries.len(), 10);
    assert_eq!(page0.entries[0].rank, 1);
    assert_eq!(page0.entries[0].player.user, 1, "won its only game");
    let ratings: Vec<f64> = page0
        .entries
        .iter()
        .map(|e| e.player.rating.rating)
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    let page2 = store.leaderboard(GUILD, 1, 2, 10).unwrap();
    assert_eq!(page2.entries.len(), 5);
    assert_eq!(page2.entries[0].rank, 21);
    assert_eq!(
        page2.entries.last().unwrap().player.user,
        25,
        "lost its only game"
    );
    assert!(
        store
            .leaderboard(GUILD, 1, 3, 10)
            .unwrap()
            .entries
            .is_empty()
    );
    // Minimum games: the middle players played two.
    let two = store.leaderboard(GUILD, 2, 0, 10).unwrap();
    assert_eq!(two.total_players, 23);
    // No minimum: the idle player shows too.
    assert_eq!(
        store.leaderboard(GUILD, 0, 0, 10).unwrap().total_players,
        26
    );
    let empty = store.leaderboard(GUILD + 5, 1, 0, 10).unwrap();
    assert_eq!((empty.total_players, empty.pages), (0, 1));
    assert!(matches!(
        store.leaderboard(GUILD, 1, 0, 0),
        Err(StoreError::Invalid(_))
    ));
}

pub fn streaks_recent_games_and_export(store: &dyn Store) {
    players(store);
    assert_eq!(
        store.player_stats(GUILD, ALICE).unwrap().unwrap().streak,
        None
    );
    assert_eq!(store.player_stats(GUILD, 4242).unwrap(), None);
    let mut ids = Vec::new();
    // Alice: loss, win, win, win (latest), as White and Black.
    for (i, (alice_white, result)) in [
        (true, GameResult::BlackWins),
        (false, GameResult::BlackWins),
        (true, GameResult::WhiteWins),
        (false, GameResult::BlackWins),
    ]
    .into_iter()
    .enumerate()
    {
        let at = i as i64 * 100;
        let (white, black) = if alice_white {
            (ALICE, BOB)
        } else {
            (BOB, ALICE)
        };
        let g = store
            .create_game(&new_game(
                Participant::User(white),
                Participant::User(black),
                CHANNEL,
                at,
            ))
            .unwrap();
        store
            .record_move(g.id, 0, "22-18", &fen(1), at + 10)
            .unwrap();
        store
            .finish_game(g.id, finish(&g, result, EndReason::Resign, 1, at + 20))
            .unwrap();
        ids.push(g.id);
    }
    let active = human_game(store, CHANNEL + 1, 1_000);
    let stats = store.player_stats(GUILD, ALICE).unwrap().unwrap();
    let streak = stats.streak.unwrap();
    assert_eq!((streak.outcome, streak.length), (PlayerOutcome::Win, 3));
    let bob = store.player_stats(GUILD, BOB).unwrap().unwrap();
    let streak = bob.streak.unwrap();
    assert_eq!((streak.outcome, streak.length), (PlayerOutcome::Loss, 3));

    let recent: Vec<_> = store
        .recent_games_of_player(GUILD, ALICE, 3)
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(recent, [active.id, ids[3], ids[2]]);
    let in_channel: Vec<_> = store
        .recent_games_in_channel(CHANNEL, 10)
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(in_channel, [ids[3], ids[2], ids[1], ids[0]]);
    assert!(
        store
            .recent_games_of_player(GUILD, CAROL, 10)
            .unwrap()
            .is_empty()
    );

    let export = store.game_export(ids[1]).unwrap().unwrap();
    assert_eq!(export.game.id, ids[1]);
    assert_eq!(
        export.names,
        ByColor::new(Some("Bob".to_owned()), Some("Alice".to_owned()))
    );
    assert_eq!(export.moves.len(), 1);
    assert_eq!(export.game.result, Some(GameResult::BlackWins));
    let engine = store
        .create_game(&new_game(
            Participant::Engine(2),
            Participant::User(ALICE),
            CHANNEL + 3,
            5,
        ))
        .unwrap();
    let export = store.game_export(engine.id).unwrap().unwrap();
    assert_eq!(export.names, ByColor::new(None, Some("Alice".to_owned())));
    assert_eq!(store.game_export(GameId(999)).unwrap(), None);
}

pub fn games_need_stored_players_and_valid_values(store: &dyn Store) {
    players(store);
    assert!(matches!(
        store.create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(5),
            CHANNEL,
            0
        )),
        Err(StoreError::PlayerNotFound { user: 5, .. })
    ));
    assert!(matches!(
        store.create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(0),
            CHANNEL,
            0
        )),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.create_game(&NewGame {
            time_per_move_ms: 0,
            clock: None,
            ..new_game(Participant::User(ALICE), Participant::User(BOB), CHANNEL, 0)
        }),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.set_board_message(
            GameId(77),
            MessageRef {
                channel: 1,
                message: 2
            }
        ),
        Err(StoreError::GameNotFound(GameId(77)))
    ));
}
