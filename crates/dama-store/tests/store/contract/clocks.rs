//! Live games: the time control kept with a challenge and its game, the clock run by every
//! move recorded, and the games whose flag fell.

use dama_core::store::{
    ByColor, ChallengeStatus, Color, ColourChoice, EndReason, GameClock, GameId, GameResult,
    NewChallenge, Participant, Store, StoreError, TimeControl,
};

use super::{ALICE, BOB, CHANNEL, GUILD, HOUR, fen, finish, new_game, players};

/// 3+2: three minutes each, two seconds added per move.
const BLITZ: TimeControl = TimeControl {
    base_ms: 180_000,
    increment_ms: 2_000,
};

pub fn live_challenges_and_games_keep_their_clock(store: &dyn Store) {
    players(store);
    let challenge = store
        .create_challenge(&NewChallenge {
            guild: GUILD,
            channel: CHANNEL,
            challenger: ALICE,
            challenged: Some(BOB),
            colour: ColourChoice::White,
            time_per_move_ms: 180_000,
            clock: Some(BLITZ),
            rated: true,
            created_at: 1_000,
            expires_at: 10 * HOUR,
        })
        .unwrap();
    assert_eq!(challenge.clock, Some(BLITZ));
    assert_eq!(store.challenge(challenge.id).unwrap().unwrap(), challenge);
    let mut game = new_game(
        Participant::User(ALICE),
        Participant::User(BOB),
        CHANNEL,
        2_000,
    );
    game.clock = challenge.clock;
    let (accepted, created) = store.accept_challenge(challenge.id, &game).unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(created.clock, Some(GameClock::start(BLITZ)));
    assert_eq!(store.game(created.id).unwrap().unwrap(), created);
    // A correspondence game has no clock.
    let plain = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            CHANNEL + 1,
            2_000,
        ))
        .unwrap();
    assert_eq!(plain.clock, None);
    let moved = store
        .record_move(plain.id, 0, "22-18", &fen(0), 9_000)
        .unwrap();
    assert_eq!(
        moved.clock, None,
        "a move leaves a correspondence game without a clock"
    );
    // A broken time control is refused.
    for bad in [
        TimeControl {
            base_ms: 0,
            increment_ms: 0,
        },
        TimeControl {
            base_ms: 60_000,
            increment_ms: -1,
        },
    ] {
        let mut game = new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            CHANNEL + 2,
            2_000,
        );
        game.clock = Some(bad);
        assert!(
            matches!(store.create_game(&game), Err(StoreError::Invalid(_))),
            "{bad:?}"
        );
    }
}

pub fn each_move_runs_the_movers_clock(store: &dyn Store) {
    players(store);
    let mut game = new_game(Participant::User(ALICE), Participant::User(BOB), CHANNEL, 0);
    game.clock = Some(BLITZ);
    let game = store.create_game(&game).unwrap();
    // White thinks 10 s: 180 - 10 + 2.
    let after = store
        .record_move(game.id, 0, "22-18", &fen(0), 10_000)
        .unwrap();
    assert_eq!(after.clock.unwrap().left, ByColor::new(172_000, 180_000));
    assert_eq!(
        after.last_move_at, 10_000,
        "Black's clock starts with White's move"
    );
    assert_eq!(after.flag_at(), Some(190_000));
    assert_eq!(
        after.deadline(),
        190_000,
        "a live game's deadline is its flag"
    );
    // Black thinks 30 s: 180 - 30 + 2; White's clock stands.
    let after = store
        .record_move(game.id, 1, "10-14", &fen(1), 40_000)
        .unwrap();
    assert_eq!(after.clock.unwrap().left, ByColor::new(172_000, 152_000));
    assert_eq!(
        after.clock_left(100_000),
        Some(ByColor::new(112_000, 152_000)),
        "White's clock runs"
    );
    // A takeback keeps the time spent: White, to move, is charged 5 s, with no increment;
    // then Black plays again, from the takeback.
    let back = store
        .take_back(game.id, 2, 1, Color::Black, 45_000)
        .unwrap();
    assert_eq!(back.ply, 1);
    assert_eq!(back.clock.unwrap().left, ByColor::new(167_000, 152_000));
    let after = store
        .record_move(game.id, 1, "10-14", &fen(1), 50_000)
        .unwrap();
    assert_eq!(after.clock.unwrap().left, ByColor::new(167_000, 149_000));
    // A move stored after the flag (the service flags first; a race may still get here)
    // leaves the mover with the increment only.
    let after = store
        .record_move(game.id, 2, "21-17", &fen(2), 500_000)
        .unwrap();
    assert_eq!(after.clock.unwrap().left, ByColor::new(2_000, 149_000));
    // The final move runs the clock too.
    let final_move = store
        .record_final_move(
            game.id,
            3,
            "14x21",
            &fen(3),
            finish(
                &after,
                GameResult::BlackWins,
                EndReason::NoMoves,
                4,
                510_000,
            ),
        )
        .unwrap();
    assert_eq!(
        final_move.game.clock.unwrap().left,
        ByColor::new(2_000, 141_000)
    );
    assert_eq!(
        final_move.game.clock_left(600_000),
        None,
        "a finished game's clock stands"
    );
}

pub fn flagged_games_are_the_live_ones_out_of_time(store: &dyn Store) {
    players(store);
    let live = |channel, at| {
        let mut game = new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            channel,
            at,
        );
        game.clock = Some(BLITZ);
        store.create_game(&game).unwrap()
    };
    let ids = |at| -> Vec<GameId> {
        store
            .flagged_games(at)
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect()
    };
    let first = live(CHANNEL, 0);
    let second = live(CHANNEL + 1, 0);
    // A correspondence game is never flagged, and a live one is never overdue.
    let slow = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            CHANNEL + 2,
            0,
        ))
        .unwrap();
    // In the second game White moved at 100 s: Black's clock runs from there, with 180 s.
    store
        .record_move(second.id, 0, "22-18", &fen(0), 100_000)
        .unwrap();
    assert!(
        ids(179_999).is_empty(),
        "White's flag in the first game falls at 180 s"
    );
    assert_eq!(ids(180_000), [first.id]);
    assert_eq!(
        ids(280_000),
        [first.id, second.id],
        "Black's flag falls at 280 s"
    );
    assert!(
        store
            .overdue_games(100 * HOUR, 1)
            .unwrap()
            .iter()
            .all(|g| g.id == slow.id)
    );
    assert!(
        store
            .reminder_candidates(100 * HOUR)
            .unwrap()
            .iter()
            .all(|g| g.id == slow.id),
        "live games get no correspondence reminders"
    );
    // A flag is a forfeit on time, once.
    let lost = store
        .forfeit_game(
            first.id,
            finish(
                &first,
                GameResult::BlackWins,
                EndReason::TimeoutSweep,
                0,
                180_000,
            ),
        )
        .unwrap();
    assert_eq!(lost.game.result, Some(GameResult::BlackWins));
    assert_eq!(ids(280_000), [second.id], "only active games");
    // A live game against the engine ends by its flag, never as an idle engine game.
    let mut engine_game = new_game(
        Participant::User(ALICE),
        Participant::Engine(2),
        CHANNEL + 3,
        0,
    );
    engine_game.clock = Some(BLITZ);
    let engine_game = store.create_game(&engine_game).unwrap();
    assert!(
        store
            .idle_engine_games(100 * HOUR, HOUR)
            .unwrap()
            .iter()
            .all(|g| g.id != engine_game.id),
        "a live game is not idle"
    );
    assert!(ids(100 * HOUR).contains(&engine_game.id));
}
