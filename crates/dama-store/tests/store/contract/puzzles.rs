//! Puzzles.

use std::sync::Barrier;

use super::ratings::close;
use super::{ALICE, BOB, CAROL, CHANNEL, GUILD, HOUR, players};
use dama_core::store::{
    DailyPuzzleServer, INITIAL_RATING, NewPuzzleAttempt, PuzzleAttempt, PuzzleAttemptId,
    PuzzleFinish, PuzzleStatus, Rating, ServerSettings, Store, StoreError, puzzle_day,
    puzzle_day_start,
};

fn new_attempt(user: u64, puzzle: &str, daily: Option<i64>, at: i64) -> NewPuzzleAttempt {
    NewPuzzleAttempt {
        guild: GUILD,
        channel: CHANNEL,
        user,
        puzzle: puzzle.into(),
        daily,
        at,
    }
}

/// A puzzle rating that moves by a hundred points, up when solved, down when failed, and
/// keeps the difficulty in the volatility (to check what the store passes on).
fn hundred_puzzle_points(before: Rating, difficulty: u32, solved: bool) -> Rating {
    Rating {
        rating: before.rating + if solved { 100.0 } else { -100.0 },
        deviation: before.deviation - 10.0,
        volatility: f64::from(difficulty),
    }
}

fn puzzle_finish(step: u32, solved: bool, at: i64) -> PuzzleFinish {
    PuzzleFinish {
        step,
        solved,
        final_step: step + u32::from(solved),
        difficulty: 1234,
        at,
        rate: hundred_puzzle_points,
    }
}

pub fn puzzle_attempts_start_one_open_per_person(store: &dyn Store) {
    assert!(matches!(
        store.start_puzzle_attempt(&new_attempt(ALICE, "abc", None, 1)),
        Err(StoreError::PlayerNotFound { .. })
    ));
    players(store);
    assert!(matches!(
        store.start_puzzle_attempt(&new_attempt(ALICE, "", None, 1)),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.start_puzzle_attempt(&new_attempt(ALICE, &"x".repeat(33), None, 1)),
        Err(StoreError::Invalid(_))
    ));
    let (first, closed) = store
        .start_puzzle_attempt(&new_attempt(CAROL, "abc", None, 10))
        .unwrap();
    assert_eq!(closed, None);
    assert_eq!(
        first,
        PuzzleAttempt {
            id: first.id,
            guild: GUILD,
            channel: CHANNEL,
            user: CAROL,
            puzzle: "abc".into(),
            daily: None,
            step: 0,
            status: PuzzleStatus::Open,
            rated: true,
            started_at: 10,
            finished_at: None,
            rating_before: None,
            rating_after: None,
        }
    );
    assert_eq!(
        store.puzzle_attempt(first.id).unwrap().as_ref(),
        Some(&first)
    );
    assert_eq!(
        store.open_puzzle_attempt(GUILD, CAROL).unwrap().as_ref(),
        Some(&first)
    );
    assert_eq!(store.open_puzzle_attempt(GUILD, ALICE).unwrap(), None);
    // Another puzzle closes the open one, unrated; the same puzzle again is not rated.
    let (second, closed) = store
        .start_puzzle_attempt(&new_attempt(CAROL, "def", Some(20_000), 20))
        .unwrap();
    let closed = closed.expect("the open attempt is closed");
    assert_eq!(closed.id, first.id);
    assert_eq!(closed.status, PuzzleStatus::Abandoned);
    assert_eq!(closed.finished_at, Some(20));
    assert!(second.id.0 > first.id.0);
    assert_eq!(second.daily, Some(20_000));
    assert!(second.rated);
    let (third, _) = store
        .start_puzzle_attempt(&new_attempt(CAROL, "abc", None, 30))
        .unwrap();
    assert!(!third.rated, "only the first attempt at a puzzle is rated");
    assert_eq!(
        store.puzzle_attempt(second.id).unwrap().unwrap().status,
        PuzzleStatus::Abandoned
    );
    assert_eq!(
        store.open_puzzle_attempt(GUILD, CAROL).unwrap().unwrap().id,
        third.id
    );
    // People and servers are apart: Bob and Carol in another server start with a rated one.
    let (bobs, closed) = store
        .start_puzzle_attempt(&new_attempt(BOB, "abc", None, 31))
        .unwrap();
    assert!(bobs.rated && closed.is_none());
    store.ensure_player(7, CAROL, "Carol", 1).unwrap();
    let (elsewhere, closed) = store
        .start_puzzle_attempt(&NewPuzzleAttempt {
            guild: 7,
            ..new_attempt(CAROL, "abc", None, 32)
        })
        .unwrap();
    assert!(elsewhere.rated && closed.is_none());
    assert_eq!(
        store.open_puzzle_attempt(GUILD, CAROL).unwrap().unwrap().id,
        third.id
    );
    let attempted = store.attempted_puzzles(GUILD, CAROL).unwrap();
    let attempted: Vec<(&str, i64)> = attempted
        .iter()
        .map(|a| (a.puzzle.as_str(), a.last_started_at))
        .collect();
    assert_eq!(attempted, [("abc", 30), ("def", 20)]);
    assert!(store.attempted_puzzles(GUILD, ALICE).unwrap().is_empty());
    assert_eq!(
        store.puzzle_attempt(PuzzleAttemptId(999_999)).unwrap(),
        None
    );
}

pub fn puzzle_answers_are_compare_and_set_on_the_step(store: &dyn Store) {
    players(store);
    let (attempt, _) = store
        .start_puzzle_attempt(&new_attempt(ALICE, "abc", None, 1))
        .unwrap();
    let advanced = store.advance_puzzle_attempt(attempt.id, 0).unwrap();
    assert_eq!(advanced.step, 1);
    assert_eq!(advanced.status, PuzzleStatus::Open);
    assert!(matches!(
        store.advance_puzzle_attempt(attempt.id, 0),
        Err(StoreError::PuzzleStale {
            given: 0,
            current: 1,
            ..
        })
    ));
    assert!(matches!(
        store.finish_puzzle_attempt(attempt.id, puzzle_finish(2, true, 5)),
        Err(StoreError::PuzzleStale {
            given: 2,
            current: 1,
            ..
        })
    ));
    let finished = store
        .finish_puzzle_attempt(attempt.id, puzzle_finish(1, true, 5))
        .unwrap();
    assert_eq!(finished.attempt.status, PuzzleStatus::Solved);
    assert_eq!(finished.attempt.step, 2);
    assert_eq!(finished.attempt.finished_at, Some(5));
    for result in [
        store.advance_puzzle_attempt(attempt.id, 2).map(|_| ()),
        store
            .finish_puzzle_attempt(attempt.id, puzzle_finish(2, false, 6))
            .map(|_| ()),
    ] {
        assert!(
            matches!(
                result,
                Err(StoreError::PuzzleNotOpen {
                    status: PuzzleStatus::Solved,
                    ..
                })
            ),
            "{result:?}"
        );
    }
    let missing = PuzzleAttemptId(attempt.id.0 + 1000);
    assert!(matches!(
        store.advance_puzzle_attempt(missing, 0),
        Err(StoreError::PuzzleAttemptNotFound(id)) if id == missing
    ));
    assert!(matches!(
        store.finish_puzzle_attempt(missing, puzzle_finish(0, true, 1)),
        Err(StoreError::PuzzleAttemptNotFound(_))
    ));
    // An abandoned attempt takes no answer either.
    let (open, _) = store
        .start_puzzle_attempt(&new_attempt(ALICE, "def", None, 7))
        .unwrap();
    store
        .start_puzzle_attempt(&new_attempt(ALICE, "ghi", None, 8))
        .unwrap();
    assert!(matches!(
        store.advance_puzzle_attempt(open.id, 0),
        Err(StoreError::PuzzleNotOpen {
            status: PuzzleStatus::Abandoned,
            ..
        })
    ));
}

pub fn eight_threads_answering_one_step_one_wins(store: &dyn Store) {
    players(store);
    let (attempt, _) = store
        .start_puzzle_attempt(&new_attempt(BOB, "abc", None, 1))
        .unwrap();
    for step in 0..3_u32 {
        let barrier = Barrier::new(8);
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8_i64)
                .map(|thread| {
                    let barrier = &barrier;
                    scope.spawn(move || {
                        barrier.wait();
                        if step < 2 {
                            store.advance_puzzle_attempt(attempt.id, step).map(|_| ())
                        } else {
                            // The last step finishes: one result, one rating change.
                            store
                                .finish_puzzle_attempt(
                                    attempt.id,
                                    puzzle_finish(step, thread % 2 == 0, 10 + thread),
                                )
                                .map(|_| ())
                        }
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(
            results.iter().filter(|r| r.is_ok()).count(),
            1,
            "step {step}: exactly one answer is stored"
        );
        for error in results.iter().filter_map(|r| r.as_ref().err()) {
            assert!(
                matches!(
                    error,
                    StoreError::PuzzleStale { given, .. } if *given == step
                ) || matches!(error, StoreError::PuzzleNotOpen { .. }),
                "{error:?}"
            );
        }
    }
    let player = store.puzzle_player(GUILD, BOB).unwrap().unwrap();
    assert_eq!(player.attempts(), 1, "the attempt is counted once");
    assert!(close(player.rating.rating, 1600.0) || close(player.rating.rating, 1400.0));
}

pub fn finishing_a_puzzle_rates_counts_and_keeps_the_streak(store: &dyn Store) {
    players(store);
    assert_eq!(store.puzzle_player(GUILD, ALICE).unwrap(), None);
    let solve = |puzzle: &str, solved: bool, at: i64| {
        let (attempt, _) = store
            .start_puzzle_attempt(&new_attempt(ALICE, puzzle, None, at))
            .unwrap();
        store
            .finish_puzzle_attempt(attempt.id, puzzle_finish(0, solved, at + 1))
            .unwrap()
    };
    let first = solve("a", true, 10);
    assert!(first.attempt.rated);
    assert_eq!(first.attempt.rating_before, Some(INITIAL_RATING.rating));
    assert_eq!(
        first.attempt.rating_after,
        Some(INITIAL_RATING.rating + 100.0)
    );
    assert_eq!(first.player.display_name, "Alice");
    assert!(close(first.player.rating.rating, 1600.0));
    assert!(close(
        first.player.rating.deviation,
        INITIAL_RATING.deviation - 10.0
    ));
    assert!(
        close(first.player.rating.volatility, 1234.0),
        "the difficulty is passed to the rating system"
    );
    assert_eq!(
        (first.player.solved, first.player.failed),
        (1, 0),
        "one solved"
    );
    assert_eq!((first.player.streak, first.player.best_streak), (1, 1));
    solve("b", true, 20);
    let third = solve("c", true, 30);
    assert_eq!((third.player.streak, third.player.best_streak), (3, 3));
    assert!(close(third.player.rating.rating, 1800.0));
    // Again at a puzzle done: counted, not rated.
    let again = solve("a", true, 40);
    assert!(!again.attempt.rated);
    assert_eq!(again.attempt.rating_before, None);
    assert!(close(again.player.rating.rating, 1800.0));
    assert_eq!((again.player.streak, again.player.solved), (4, 4));
    let failed = solve("d", false, 50);
    assert_eq!(failed.attempt.status, PuzzleStatus::Failed);
    assert_eq!(failed.attempt.step, 0);
    assert!(close(failed.player.rating.rating, 1700.0));
    assert_eq!(failed.attempt.rating_after, Some(1700.0));
    assert_eq!(
        (
            failed.player.streak,
            failed.player.best_streak,
            failed.player.failed
        ),
        (0, 4, 1)
    );
    assert_eq!(
        store.puzzle_player(GUILD, ALICE).unwrap().as_ref(),
        Some(&failed.player)
    );
    // Game ratings are another thing.
    let player = store.player(GUILD, ALICE).unwrap().unwrap();
    assert!(close(player.rating.rating, INITIAL_RATING.rating));
}

pub fn the_puzzle_ranking_is_by_rating_with_a_minimum(store: &dyn Store) {
    players(store);
    let mut at = 0;
    let mut play = |user: u64, results: &[bool]| {
        for (index, &solved) in results.iter().enumerate() {
            at += 10;
            let (attempt, _) = store
                .start_puzzle_attempt(&new_attempt(user, &format!("p{index}"), None, at))
                .unwrap();
            store
                .finish_puzzle_attempt(attempt.id, puzzle_finish(0, solved, at + 1))
                .unwrap();
        }
    };
    play(ALICE, &[true, true, false]); // 1600
    play(BOB, &[true, true, true]); // 1800
    play(CAROL, &[true]); // 1600, one attempt only
    let ranking = store.puzzle_ranking(GUILD, 3, 10).unwrap();
    let users: Vec<u64> = ranking.iter().map(|p| p.user).collect();
    assert_eq!(users, [BOB, ALICE]);
    let ranking = store.puzzle_ranking(GUILD, 1, 10).unwrap();
    let users: Vec<u64> = ranking.iter().map(|p| p.user).collect();
    // Alice and Carol tie on rating: more solved first.
    assert_eq!(users, [BOB, ALICE, CAROL]);
    assert_eq!(ranking[0].display_name, "Bob");
    assert_eq!(store.puzzle_ranking(GUILD, 1, 1).unwrap().len(), 1);
    assert!(store.puzzle_ranking(GUILD + 1, 0, 10).unwrap().is_empty());
}

pub fn daily_puzzles_are_found_counted_and_posted_once(store: &dyn Store) {
    players(store);
    let day = 20_000;
    assert_eq!(store.daily_puzzle_attempt(GUILD, ALICE, day).unwrap(), None);
    assert_eq!(store.daily_puzzle_solvers(GUILD, day).unwrap(), 0);
    for (user, solved) in [(ALICE, true), (BOB, false), (CAROL, true)] {
        let (attempt, _) = store
            .start_puzzle_attempt(&new_attempt(user, "daily", Some(day), 5))
            .unwrap();
        store
            .finish_puzzle_attempt(attempt.id, puzzle_finish(0, solved, 6))
            .unwrap();
    }
    // Alice tries again (unrated): still one solver.
    let (again, _) = store
        .start_puzzle_attempt(&new_attempt(ALICE, "daily", Some(day), 7))
        .unwrap();
    store
        .finish_puzzle_attempt(again.id, puzzle_finish(0, true, 8))
        .unwrap();
    assert_eq!(store.daily_puzzle_solvers(GUILD, day).unwrap(), 2);
    assert_eq!(store.daily_puzzle_solvers(GUILD, day + 1).unwrap(), 0);
    let latest = store
        .daily_puzzle_attempt(GUILD, ALICE, day)
        .unwrap()
        .unwrap();
    assert_eq!(latest.id, again.id);
    assert_eq!(
        store
            .daily_puzzle_attempt(GUILD, BOB, day)
            .unwrap()
            .unwrap()
            .status,
        PuzzleStatus::Failed
    );
    assert_eq!(
        store.daily_puzzle_attempt(GUILD, BOB, day - 1).unwrap(),
        None
    );

    // The servers whose daily puzzle is posted.
    assert!(store.daily_puzzle_servers().unwrap().is_empty());
    store
        .save_server_choices(
            GUILD,
            &ServerSettings {
                daily_puzzle: Some(u64::MAX),
                daily_puzzle_hour: 18,
                ..ServerSettings::default()
            },
        )
        .unwrap();
    store
        .save_server_choices(
            3,
            &ServerSettings {
                daily_puzzle_hour: 5,
                ..ServerSettings::default()
            },
        )
        .unwrap();
    assert_eq!(
        store.daily_puzzle_servers().unwrap(),
        [DailyPuzzleServer {
            guild: GUILD,
            channel: u64::MAX,
            hour: 18
        }]
    );

    // A post is claimed once per server and day, even by eight at once.
    let barrier = Barrier::new(8);
    let claims: Vec<bool> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|thread| {
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    store
                        .claim_daily_puzzle_post(GUILD, day, Some(CHANNEL), thread)
                        .unwrap()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(claims.iter().filter(|&&won| won).count(), 1);
    assert!(!store.claim_daily_puzzle_post(GUILD, day, None, 9).unwrap());
    assert!(
        store
            .claim_daily_puzzle_post(GUILD, day + 1, None, 9)
            .unwrap()
    );
    assert!(store.claim_daily_puzzle_post(3, day, None, 9).unwrap());
}

/// Not a store call, but the key of every daily row: the puzzle day begins at the hour.
pub fn puzzle_days_begin_at_the_servers_hour(store: &dyn Store) {
    let _ = store;
    let day = 20_000;
    let start = puzzle_day_start(day, 18);
    assert_eq!(start, 20_000 * 24 * HOUR + 18 * HOUR);
    assert_eq!(puzzle_day(start, 18), day);
    assert_eq!(puzzle_day(start - 1, 18), day - 1);
    assert_eq!(puzzle_day(start + 24 * HOUR - 1, 18), day);
    assert_eq!(puzzle_day(20_000 * 24 * HOUR, 0), day);
    assert_eq!(puzzle_day(-1, 0), -1);
}
