//! Tournaments.

use std::sync::Barrier;

use super::{ALICE, BOB, CAROL, CHANNEL, GUILD, HOUR, START_FEN, finish, players};
use dama_core::i18n::Language;
use dama_core::store::{
    EndReason, GameId, GameResult, GameStatus, MessageRef, NewPairing, NewRound, NewTournament,
    OutboxEvent, Participant, Store, StoreError, Tournament, TournamentFormat, TournamentGame,
    TournamentId, TournamentStatus,
};
use dama_core::tournament::GameResult as TournamentResult;

pub const DAVE: u64 = 1_000_000_000_000_000_004;

fn new_tournament(guild: u64, at: i64) -> NewTournament {
    NewTournament {
        guild,
        channel: CHANNEL,
        name: "Spring cup".into(),
        format: TournamentFormat::Swiss { rounds: 3 },
        games_per_pairing: 1,
        time_per_move_ms: HOUR,
        rated: true,
        drawn_openings: false,
        signup_deadline: Some(at + HOUR),
        created_by: ALICE,
        created_at: at,
    }
}

/// A tournament in sign-up with Alice, Bob, Carol and Dave.
fn tournament_with_four(store: &dyn Store) -> Tournament {
    players(store);
    store.ensure_player(GUILD, DAVE, "Dave", 1_000).unwrap();
    let tournament = store
        .create_tournament(&new_tournament(GUILD, 1_000))
        .unwrap();
    for (i, user) in [ALICE, BOB, CAROL, DAVE].into_iter().enumerate() {
        store
            .join_tournament(tournament.id, user, 1500 - i as i32, 2_000 + i as i64, None)
            .unwrap();
    }
    tournament
}

fn new_round(number: u32, at: i64) -> NewRound {
    NewRound {
        number,
        opening: Some("21-17 11-14 22-18".into()),
        start_fen: START_FEN.into(),
        paired_at: at,
        in_thread: true,
        language: Some(Language::It),
    }
}

fn board(board: u32, white: u64, black: Option<u64>) -> NewPairing {
    NewPairing {
        board,
        leg: 1,
        white,
        black,
        forfeit: None,
    }
}

/// A round paired and a tournament finished store their notices in the same transaction.
pub fn rounds_and_finishes_come_with_their_notices(store: &dyn Store) {
    let tournament = tournament_with_four(store);
    let id = tournament.id;
    store
        .pair_round(id, &new_round(1, 5_000), &[board(1, ALICE, Some(BOB))])
        .unwrap();
    // A round paired already: refused, and no second notice.
    assert!(
        store
            .pair_round(id, &new_round(1, 5_100), &[board(1, ALICE, Some(BOB))])
            .is_err()
    );
    store.finish_tournament(id, 6_000).unwrap();
    assert!(store.finish_tournament(id, 6_100).is_err());
    let events: Vec<OutboxEvent> = store
        .due_notices(i64::MAX, None, 10)
        .unwrap()
        .into_iter()
        .map(|notice| notice.event)
        .collect();
    assert_eq!(
        events,
        [
            OutboxEvent::Round {
                tournament: id,
                number: 1
            },
            OutboxEvent::TournamentEnd(id),
        ]
    );
}

pub fn tournaments_are_one_open_per_server_and_read_back(store: &dyn Store) {
    players(store);
    assert_eq!(store.latest_tournament(GUILD).unwrap(), None);
    let created = store
        .create_tournament(&new_tournament(GUILD, 1_000))
        .unwrap();
    assert_eq!(created.status, TournamentStatus::Signup);
    assert_eq!(created.format, TournamentFormat::Swiss { rounds: 3 });
    assert_eq!(
        (created.created_by, created.signup_deadline),
        (ALICE, Some(1_000 + HOUR))
    );
    assert_eq!(
        (created.started_at, created.ended_at, created.message),
        (None, None, None)
    );
    assert_eq!(
        store.tournament(created.id).unwrap().as_ref(),
        Some(&created)
    );
    assert_eq!(
        store.latest_tournament(GUILD).unwrap().as_ref(),
        Some(&created)
    );
    // One in sign-up or running per server; another server has its own.
    assert!(matches!(
        store.create_tournament(&new_tournament(GUILD, 2_000)),
        Err(StoreError::TournamentOpen { tournament, .. }) if tournament == created.id
    ));
    let elsewhere = store
        .create_tournament(&new_tournament(GUILD + 1, 2_000))
        .unwrap();
    assert_ne!(elsewhere.id, created.id);
    let message = MessageRef {
        channel: CHANNEL,
        message: u64::MAX - 1,
    };
    store.set_tournament_message(created.id, message).unwrap();
    assert_eq!(
        store.tournament(created.id).unwrap().unwrap().message,
        Some(message)
    );
    assert!(matches!(
        store.set_tournament_message(TournamentId(999), message),
        Err(StoreError::TournamentNotFound(_))
    ));
    // A round robin, and what the data refuses.
    let round_robin = NewTournament {
        format: TournamentFormat::RoundRobin,
        games_per_pairing: 2,
        signup_deadline: None,
        ..new_tournament(GUILD + 2, 3_000)
    };
    let stored = store.create_tournament(&round_robin).unwrap();
    assert_eq!(
        (
            stored.format,
            stored.games_per_pairing,
            stored.signup_deadline
        ),
        (TournamentFormat::RoundRobin, 2, None)
    );
    for bad in [
        NewTournament {
            name: String::new(),
            ..new_tournament(GUILD + 3, 0)
        },
        NewTournament {
            name: "x".repeat(101),
            ..new_tournament(GUILD + 3, 0)
        },
        NewTournament {
            time_per_move_ms: 0,
            ..new_tournament(GUILD + 3, 0)
        },
        NewTournament {
            games_per_pairing: 3,
            ..new_tournament(GUILD + 3, 0)
        },
        NewTournament {
            format: TournamentFormat::Swiss { rounds: 0 },
            ..new_tournament(GUILD + 3, 0)
        },
    ] {
        assert!(matches!(
            store.create_tournament(&bad),
            Err(StoreError::Invalid(_))
        ));
    }
    assert_eq!(store.tournament(TournamentId(999)).unwrap(), None);
}

pub fn joining_is_once_and_during_the_sign_up_only(store: &dyn Store) {
    let tournament = tournament_with_four(store);
    let id = tournament.id;
    let entrants = store.entrants(id).unwrap();
    assert_eq!(
        entrants.iter().map(|e| e.user).collect::<Vec<_>>(),
        [ALICE, BOB, CAROL, DAVE]
    );
    assert_eq!(entrants[2].rating, 1498);
    assert_eq!(
        (entrants[0].joined_at, entrants[0].withdrawn_from),
        (2_000, None)
    );
    assert!(matches!(
        store.join_tournament(id, BOB, 1500, 3_000, None),
        Err(StoreError::AlreadyEntered { user: BOB, .. })
    ));
    assert!(matches!(
        store.join_tournament(id, 77, 1500, 3_000, None),
        Err(StoreError::PlayerNotFound { user: 77, .. })
    ));
    let left = store.leave_tournament(id, DAVE).unwrap();
    assert_eq!(left.len(), 3);
    assert!(matches!(
        store.leave_tournament(id, DAVE),
        Err(StoreError::NotEntered { user: DAVE, .. })
    ));
    assert!(matches!(
        store.withdraw_from_tournament(id, ALICE, 1),
        Err(StoreError::TournamentStatus {
            status: TournamentStatus::Signup,
            ..
        })
    ));
    store
        .pair_round(
            id,
            &new_round(1, 5_000),
            &[board(1, ALICE, Some(BOB)), board(2, CAROL, None)],
        )
        .unwrap();
    // After the start: no joining, no leaving; withdrawing instead, once.
    assert!(matches!(
        store.join_tournament(id, DAVE, 1500, 6_000, None),
        Err(StoreError::TournamentStatus {
            status: TournamentStatus::Running,
            ..
        })
    ));
    assert!(matches!(
        store.leave_tournament(id, BOB),
        Err(StoreError::TournamentStatus { .. })
    ));
    assert_eq!(
        store
            .withdraw_from_tournament(id, BOB, 2)
            .unwrap()
            .withdrawn_from,
        Some(2)
    );
    assert_eq!(
        store
            .withdraw_from_tournament(id, BOB, 3)
            .unwrap()
            .withdrawn_from,
        Some(2),
        "the first withdrawal stands"
    );
    assert!(matches!(
        store.withdraw_from_tournament(id, DAVE, 2),
        Err(StoreError::NotEntered { .. })
    ));
}

/// Two players joining at once a tournament one place short of its cap: one gets the place,
/// the other hears it is full, every time.
pub fn two_joins_at_once_at_the_cap_take_one_place(store: &dyn Store) {
    const RACES: i64 = 40;
    players(store);
    store.ensure_player(GUILD, DAVE, "Dave", 1_000).unwrap();
    let (mut bob, mut carol) = (0, 0);
    for round in 0..RACES {
        let at = 10_000 + round * 100;
        let tournament = store.create_tournament(&new_tournament(GUILD, at)).unwrap();
        let id = tournament.id;
        store
            .join_tournament(id, ALICE, 1500, at + 1, Some(2))
            .unwrap();
        let barrier = Barrier::new(2);
        let (first, second) = std::thread::scope(|scope| {
            let join = |user| {
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    store.join_tournament(id, user, 1500, at + 2, Some(2))
                })
            };
            let (first, second) = (join(BOB), join(CAROL));
            (first.join().unwrap(), second.join().unwrap())
        });
        match (&first, &second) {
            (Ok(_), Err(StoreError::TournamentFull { max: 2, .. })) => bob += 1,
            (Err(StoreError::TournamentFull { max: 2, .. }), Ok(_)) => carol += 1,
            _ => panic!("round {round}: {first:?}, {second:?}"),
        }
        assert_eq!(store.entrants(id).unwrap().len(), 2, "round {round}");
        // Full for anyone else; one already in hears that instead.
        assert!(matches!(
            store.join_tournament(id, DAVE, 1500, at + 3, Some(2)),
            Err(StoreError::TournamentFull { .. })
        ));
        assert!(matches!(
            store.join_tournament(id, ALICE, 1500, at + 3, Some(2)),
            Err(StoreError::AlreadyEntered { .. })
        ));
        store.cancel_tournament(id, at + 4).unwrap();
    }
    assert_eq!(bob + carol, RACES);
}

pub fn a_round_is_paired_once_with_its_games(store: &dyn Store) {
    let tournament = tournament_with_four(store);
    let id = tournament.id;
    assert!(matches!(
        store.pair_round(id, &new_round(2, 5_000), &[board(1, ALICE, Some(BOB))]),
        Err(StoreError::TournamentStatus { .. })
    ));
    let paired = store
        .pair_round(
            id,
            &new_round(1, 5_000),
            &[board(2, CAROL, Some(DAVE)), board(1, ALICE, Some(BOB))],
        )
        .unwrap();
    assert_eq!(paired.tournament.status, TournamentStatus::Running);
    assert_eq!(paired.tournament.started_at, Some(5_000));
    assert_eq!(paired.round.number, 1);
    assert_eq!(paired.round.opening.as_deref(), Some("21-17 11-14 22-18"));
    assert_eq!(paired.games.len(), 2);
    let first = &paired.games[0];
    assert_eq!(
        (first.white, first.black),
        (Participant::User(ALICE), Participant::User(BOB))
    );
    assert!(first.in_thread && first.rated);
    // The round's language is its games' (the tournament creator's, where the server chose
    // none), read back as stored.
    assert_eq!(first.language, Some(Language::It));
    assert_eq!(
        store.game(first.id).unwrap().unwrap().language,
        Some(Language::It)
    );
    assert_eq!(
        (first.channel, first.time_per_move_ms, first.created_at),
        (CHANNEL, HOUR, 5_000)
    );
    assert_eq!(
        store.tournament_game(first.id).unwrap(),
        Some(TournamentGame {
            tournament: id,
            round: 1,
            board: 1,
            leg: 1
        })
    );
    assert_eq!(paired.pairings.len(), 2);
    assert_eq!(paired.pairings[0].game, Some(first.id));
    assert_eq!(paired.pairings[0].result, None);
    // Paired once: the same round again, a round out of order.
    assert!(matches!(
        store.pair_round(id, &new_round(1, 6_000), &[board(1, ALICE, Some(CAROL))]),
        Err(StoreError::RoundPaired { round: 1, .. })
    ));
    assert!(matches!(
        store.pair_round(id, &new_round(3, 6_000), &[board(1, ALICE, Some(CAROL))]),
        Err(StoreError::Invalid(_))
    ));
    // Boards that break the rules pair nothing.
    for bad in [
        vec![board(1, ALICE, Some(CAROL)), board(1, BOB, Some(DAVE))],
        vec![board(1, ALICE, Some(CAROL)), board(2, ALICE, Some(DAVE))],
        vec![board(1, ALICE, Some(77))],
    ] {
        assert!(store.pair_round(id, &new_round(2, 6_000), &bad).is_err());
    }
    assert_eq!(store.tournament_rounds(id).unwrap().len(), 1);
    // A played game's result counts; a forfeit stops its game.
    store
        .finish_game(
            first.id,
            finish(first, GameResult::Draw, EndReason::Agreement, 0, 7_000),
        )
        .unwrap();
    let second = paired.games[1].id;
    let forfeit = store
        .record_forfeit(id, 1, 2, TournamentResult::BlackForfeits, 7_500)
        .unwrap();
    assert_eq!(forfeit.result, Some(TournamentResult::BlackForfeits));
    let stopped = store.game(second).unwrap().unwrap();
    assert_eq!(stopped.status, GameStatus::Aborted);
    assert!(stopped.rated);
    assert!(matches!(
        store.record_forfeit(id, 1, 2, TournamentResult::WhiteForfeits, 7_600),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.record_forfeit(id, 1, 1, TournamentResult::Draw, 7_600),
        Err(StoreError::Invalid(_))
    ));
    let results: Vec<_> = store
        .tournament_pairings(id)
        .unwrap()
        .iter()
        .map(|p| p.result)
        .collect();
    assert_eq!(
        results,
        [
            Some(TournamentResult::Draw),
            Some(TournamentResult::BlackForfeits)
        ]
    );
    // Round 2, with a bye and a forfeit decided at pairing (no game), raced by eight callers:
    // one pairs it.
    let barrier = Barrier::new(8);
    let won: Vec<bool> = std::thread::scope(|scope| {
        let jobs: Vec<_> = (0..8)
            .map(|_| {
                scope.spawn(|| {
                    barrier.wait();
                    let boards = [
                        NewPairing {
                            forfeit: Some(TournamentResult::WhiteForfeits),
                            ..board(1, ALICE, Some(CAROL))
                        },
                        board(2, BOB, None),
                    ];
                    match store.pair_round(id, &new_round(2, 8_000), &boards) {
                        Ok(_) => true,
                        Err(StoreError::RoundPaired { round: 2, .. }) => false,
                        Err(other) => panic!("{other}"),
                    }
                })
            })
            .collect();
        jobs.into_iter().map(|job| job.join().unwrap()).collect()
    });
    assert_eq!(won.iter().filter(|&&w| w).count(), 1);
    let round2: Vec<_> = store
        .tournament_pairings(id)
        .unwrap()
        .into_iter()
        .filter(|p| p.round == 2)
        .collect();
    assert_eq!(round2.len(), 2);
    assert_eq!(
        (round2[0].game, round2[0].result),
        (None, Some(TournamentResult::WhiteForfeits))
    );
    assert_eq!((round2[1].black, round2[1].result), (None, None), "a bye");
    assert!(matches!(
        store.record_forfeit(id, 2, 2, TournamentResult::WhiteForfeits, 9_000),
        Err(StoreError::Invalid(_))
    ));
    let stored = store.tournament_rounds(id).unwrap();
    assert_eq!(
        stored
            .iter()
            .map(|r| (r.number, r.paired_at))
            .collect::<Vec<_>>(),
        [(1, 5_000), (2, 8_000)]
    );
    assert_eq!(store.tournament_game(GameId(12_345)).unwrap(), None);
}

pub fn tournaments_finish_and_cancel_once(store: &dyn Store) {
    let tournament = tournament_with_four(store);
    let id = tournament.id;
    // Sign-ups due by their deadline; running tournaments.
    assert!(store.signups_due(1_000 + HOUR - 1).unwrap().is_empty());
    assert_eq!(
        store
            .signups_due(1_000 + HOUR)
            .unwrap()
            .iter()
            .map(|t| t.id)
            .collect::<Vec<_>>(),
        [id]
    );
    assert!(store.running_tournaments().unwrap().is_empty());
    assert!(matches!(
        store.finish_tournament(id, 3_000),
        Err(StoreError::TournamentStatus {
            status: TournamentStatus::Signup,
            ..
        })
    ));
    let paired = store
        .pair_round(
            id,
            &new_round(1, 5_000),
            &[board(1, ALICE, Some(BOB)), board(2, CAROL, Some(DAVE))],
        )
        .unwrap();
    assert!(store.signups_due(i64::MAX).unwrap().is_empty());
    assert_eq!(store.running_tournaments().unwrap().len(), 1);
    // Cancelling aborts the games in play, once.
    store
        .finish_game(
            paired.games[0].id,
            finish(
                &paired.games[0],
                GameResult::WhiteWins,
                EndReason::Resign,
                0,
                6_000,
            ),
        )
        .unwrap();
    let (cancelled, aborted) = store.cancel_tournament(id, 7_000).unwrap();
    assert_eq!(cancelled.status, TournamentStatus::Cancelled);
    assert_eq!(cancelled.ended_at, Some(7_000));
    assert_eq!(
        aborted.iter().map(|g| g.id).collect::<Vec<_>>(),
        [paired.games[1].id]
    );
    assert_eq!(aborted[0].status, GameStatus::Aborted);
    assert_eq!(
        store.game(paired.games[0].id).unwrap().unwrap().status,
        GameStatus::Finished
    );
    assert!(matches!(
        store.cancel_tournament(id, 8_000),
        Err(StoreError::TournamentStatus { .. })
    ));
    assert!(store.running_tournaments().unwrap().is_empty());
    assert_eq!(
        store.latest_tournament(GUILD).unwrap().map(|t| t.status),
        Some(TournamentStatus::Cancelled)
    );
    // The next one finishes.
    let next = store
        .create_tournament(&new_tournament(GUILD, 9_000))
        .unwrap();
    for user in [ALICE, BOB] {
        store
            .join_tournament(next.id, user, 1500, 9_100, None)
            .unwrap();
    }
    store
        .pair_round(next.id, &new_round(1, 9_200), &[board(1, ALICE, Some(BOB))])
        .unwrap();
    let finished = store.finish_tournament(next.id, 9_900).unwrap();
    assert_eq!(
        (finished.status, finished.ended_at),
        (TournamentStatus::Finished, Some(9_900))
    );
    assert!(matches!(
        store.finish_tournament(next.id, 9_950),
        Err(StoreError::TournamentStatus { .. })
    ));
    assert_eq!(store.latest_tournament(GUILD).unwrap().unwrap().id, next.id);
    // A finished one frees the server for another.
    store
        .create_tournament(&new_tournament(GUILD, 10_000))
        .unwrap();
}
