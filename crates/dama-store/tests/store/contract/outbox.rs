//! The outbox: a notice stored with the change that brings it, claimed by one at a time,
//! tried again after a failure, never returned once posted.

use dama_core::store::{
    ChallengeStatus, Color, ColourChoice, EndReason, GameEnding, GameResult, NewChallenge,
    NoticeId, OutboxEvent, OutboxNotice, Participant, PlayedMove, ShardSpan, Store, StoreError,
};

use super::{ALICE, BOB, CHANNEL, GUILD, HOUR, finish, human_game, new_game, players};

/// Every notice due at `at`, of every server.
fn due(store: &dyn Store, at: i64) -> Vec<OutboxNotice> {
    store.due_notices(at, None, 100).unwrap()
}

pub fn outbox_notices_come_with_their_changes(store: &dyn Store) {
    players(store);
    assert_eq!(due(store, i64::MAX), []);

    // A forfeit: the notice carries the rating changes of that finish, due from then.
    let game = human_game(store, CHANNEL, 0);
    let at = 3 * HOUR;
    let finished = store
        .forfeit_game(
            game.id,
            finish(&game, GameResult::BlackWins, EndReason::TimeoutSweep, 0, at),
        )
        .unwrap();
    assert!(finished.ratings.is_some());
    assert_eq!(due(store, at - 1), []);
    let notices = due(store, at);
    assert_eq!(notices.len(), 1);
    let forfeit = &notices[0];
    assert_eq!(
        forfeit.event,
        OutboxEvent::Forfeit {
            game: game.id,
            ratings: finished.ratings,
        }
    );
    assert_eq!(
        (forfeit.guild, forfeit.created_at, forfeit.due_at),
        (GUILD, at, at)
    );
    assert_eq!((forfeit.attempts, forfeit.parts_done), (0, 0));

    // A forfeit that comes too late (a stale ply, a finished game) stores no notice.
    let late = store.forfeit_game(
        game.id,
        finish(&game, GameResult::BlackWins, EndReason::TimeoutSweep, 0, at),
    );
    assert!(
        matches!(late, Err(StoreError::GameNotActive { .. })),
        "{late:?}"
    );
    let other = human_game(store, CHANNEL, at);
    let stale = store.forfeit_game(
        other.id,
        finish(
            &other,
            GameResult::BlackWins,
            EndReason::TimeoutSweep,
            3,
            at,
        ),
    );
    assert!(
        matches!(stale, Err(StoreError::StalePly { .. })),
        "{stale:?}"
    );
    assert_eq!(due(store, at).len(), 1);

    // A reminder: once per stage and ply, dated by the game's last move.
    assert!(store.advance_reminder(other.id, 0, 1).unwrap());
    assert!(!store.advance_reminder(other.id, 0, 1).unwrap());
    let notices = due(store, at);
    assert_eq!(notices.len(), 2);
    assert_eq!(
        notices[1].event,
        OutboxEvent::Reminder {
            game: other.id,
            ply: 0,
            stage: 1
        }
    );
    assert_eq!(notices[1].due_at, at);
    store.abort_game(other.id, at + 1).unwrap();

    // An engine game ended as idle, only at the ply seen.
    let engine = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(3),
            CHANNEL,
            at,
        ))
        .unwrap();
    assert!(matches!(
        store.end_idle_game(engine.id, 4, at + HOUR),
        Err(StoreError::StalePly { .. })
    ));
    assert_eq!(due(store, at + HOUR).len(), 2);
    store.end_idle_game(engine.id, 0, at + HOUR).unwrap();
    let notices = due(store, at + HOUR);
    assert_eq!(notices[2].event, OutboxEvent::IdleEnded(engine.id));

    // Expired challenges: one notice each.
    let challenge = store
        .create_challenge(&NewChallenge {
            guild: GUILD,
            channel: CHANNEL,
            challenger: ALICE,
            challenged: Some(BOB),
            colour: ColourChoice::Random,
            time_per_move_ms: HOUR,
            clock: None,
            rated: true,
            created_at: at,
            expires_at: at + 10,
        })
        .unwrap();
    let expired = store.expire_challenges(at + HOUR, None).unwrap();
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].status, ChallengeStatus::Expired);
    let notices = due(store, at + HOUR);
    assert_eq!(notices.len(), 4);
    assert_eq!(
        notices[3].event,
        OutboxEvent::ChallengeExpired(challenge.id)
    );
    assert!(notices.windows(2).all(|w| w[0].id < w[1].id), "in order");

    // Of the servers of some shards only.
    let none = ShardSpan {
        total: 1024,
        first: 1,
        last: 1,
    };
    let guild_shard = ((GUILD >> 22) % 1024) as u32;
    let mine = ShardSpan {
        total: 1024,
        first: guild_shard,
        last: guild_shard,
    };
    assert_eq!(store.due_notices(at + HOUR, Some(none), 100).unwrap(), []);
    assert_eq!(
        store.due_notices(at + HOUR, Some(mine), 100).unwrap().len(),
        4
    );
    assert_eq!(store.due_notices(at + HOUR, None, 3).unwrap().len(), 3);
}

pub fn claimed_notices_are_posted_once_or_tried_again(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let at = 3 * HOUR;
    store
        .forfeit_game(
            game.id,
            finish(&game, GameResult::WhiteWins, EndReason::TimeoutSweep, 0, at),
        )
        .unwrap();
    let id = due(store, at)[0].id;

    // Claimed: one claimant at a time, until the claim runs out.
    let claimed = store.claim_notice(id, 1, at, at + 1_000).unwrap().unwrap();
    assert_eq!(claimed.id, id);
    assert_eq!(store.claim_notice(id, 2, at, at + 1_000).unwrap(), None);
    assert_eq!(due(store, at + 999), [], "claimed");
    assert_eq!(due(store, at + 1_000).len(), 1, "the claim ran out");

    // A failure: given back, due again after the backoff, with the parts posted.
    assert!(
        !store.notice_retry(id, 2, 1, at + 5_000).unwrap(),
        "not theirs"
    );
    assert!(store.notice_retry(id, 1, 1, at + 5_000).unwrap());
    assert!(
        !store.notice_retry(id, 1, 1, at + 5_000).unwrap(),
        "claim given back"
    );
    assert_eq!(due(store, at + 4_999), []);
    assert_eq!(
        store.claim_notice(id, 3, at + 4_999, at + 9_999).unwrap(),
        None
    );
    let again = due(store, at + 5_000);
    assert_eq!((again[0].attempts, again[0].parts_done), (1, 1));

    // Posted: only by its claimant, then never returned again.
    let claimed = store.claim_notice(id, 4, at + 5_000, at + 6_000).unwrap();
    assert_eq!(claimed.map(|n| n.parts_done), Some(1));
    assert!(
        !store.notice_posted(id, 3, at + 5_500).unwrap(),
        "not theirs"
    );
    assert!(store.notice_posted(id, 4, at + 5_500).unwrap());
    assert!(!store.notice_posted(id, 4, at + 5_500).unwrap(), "once");
    assert_eq!(due(store, i64::MAX), []);
    assert_eq!(store.claim_notice(id, 5, i64::MAX, i64::MAX).unwrap(), None);
    assert_eq!(
        store
            .claim_notice(NoticeId(id.0 + 1_000), 5, at, at)
            .unwrap(),
        None
    );
}

pub fn eight_threads_claiming_one_notice_one_wins(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let at = 3 * HOUR;
    store
        .forfeit_game(
            game.id,
            finish(&game, GameResult::WhiteWins, EndReason::TimeoutSweep, 0, at),
        )
        .unwrap();
    let id = due(store, at)[0].id;
    let winners: Vec<i64> = std::thread::scope(|scope| {
        let claims: Vec<_> = (1..=8)
            .map(|claimant| {
                scope.spawn(move || {
                    store
                        .claim_notice(id, claimant, at, at + HOUR)
                        .unwrap()
                        .map(|_| claimant)
                })
            })
            .collect();
        claims
            .into_iter()
            .filter_map(|claim| claim.join().unwrap())
            .collect()
    });
    assert_eq!(winners.len(), 1, "{winners:?}");
    assert!(store.notice_posted(id, winners[0], at + 1).unwrap());
}

/// Two stores on one database, as two processes: of their claims on one notice, one wins, and
/// the notice posted by one is never returned to the other.
pub fn two_stores_claiming_one_notice_one_wins(first: &dyn Store, second: &dyn Store) {
    players(first);
    let game = human_game(first, CHANNEL, 0);
    let at = 3 * HOUR;
    first
        .forfeit_game(
            game.id,
            finish(&game, GameResult::WhiteWins, EndReason::TimeoutSweep, 0, at),
        )
        .unwrap();
    let id = due(second, at)[0].id;
    let (one, two) = std::thread::scope(|scope| {
        let one = scope.spawn(|| first.claim_notice(id, 1, at, at + HOUR).unwrap());
        let two = scope.spawn(|| second.claim_notice(id, 2, at, at + HOUR).unwrap());
        (one.join().unwrap(), two.join().unwrap())
    });
    assert!(one.is_some() != two.is_some(), "{one:?} {two:?}");
    let (winner, store) = if one.is_some() {
        (1, first)
    } else {
        (2, second)
    };
    assert!(store.notice_posted(id, winner, at + 1).unwrap());
    assert_eq!(due(first, i64::MAX), []);
    assert_eq!(due(second, i64::MAX), []);
}

/// A change whose notice cannot be stored does not happen: `refuse` makes the database refuse
/// every new notice, and the forfeit, the idle game's end and the expiries fail whole.
pub fn a_change_whose_notice_is_refused_does_not_happen(store: &dyn Store, refuse: impl FnOnce()) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let engine = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(3),
            CHANNEL + 1,
            0,
        ))
        .unwrap();
    let challenge = store
        .create_challenge(&NewChallenge {
            guild: GUILD,
            channel: CHANNEL,
            challenger: ALICE,
            challenged: Some(BOB),
            colour: ColourChoice::Random,
            time_per_move_ms: HOUR,
            clock: None,
            rated: true,
            created_at: 0,
            expires_at: 10,
        })
        .unwrap();
    refuse();
    let at = 3 * HOUR;
    assert!(
        store
            .forfeit_game(
                game.id,
                finish(&game, GameResult::WhiteWins, EndReason::TimeoutSweep, 0, at),
            )
            .is_err()
    );
    assert!(store.end_idle_game(engine.id, 0, at).is_err());
    assert!(store.expire_challenges(at, None).is_err());
    assert!(store.advance_reminder(game.id, 0, 1).is_err());
    let game = store.game(game.id).unwrap().unwrap();
    assert_eq!(
        (game.status, game.result, game.reminder_stage),
        (dama_core::store::GameStatus::Active, None, 0)
    );
    let engine = store.game(engine.id).unwrap().unwrap();
    assert_eq!(engine.status, dama_core::store::GameStatus::Active);
    let challenge = store.challenge(challenge.id).unwrap().unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Pending);
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!((alice.wins, alice.losses), (0, 0));
    assert_eq!(due(store, i64::MAX), []);
}

/// A move stored with its notice, the puzzle of the day claimed for a channel: each notice
/// comes with its change (none when the change is refused), and the process that made the
/// change claims it by its event, once.
pub fn moves_and_daily_posts_come_with_their_notices(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let played = |ply: u32, at| PlayedMove {
        ply,
        long: "22-18",
        fen_after: "W:W22:B1",
        at,
    };
    // A person's move, with what it brings.
    let event = OutboxEvent::Move {
        game: game.id,
        ply: 1,
        by: ALICE,
    };
    let stored = store
        .record_noticed_move(game.id, played(0, HOUR), None, &event)
        .unwrap();
    assert_eq!((stored.game.ply, stored.ratings), (1, None));
    let notices = due(store, HOUR);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].event, event);
    assert_eq!((notices[0].guild, notices[0].due_at), (GUILD, HOUR));
    // The same ply again: refused, and no notice.
    let again = store.record_noticed_move(game.id, played(0, HOUR), None, &event);
    assert!(again.is_err(), "{again:?}");
    assert_eq!(due(store, HOUR).len(), 1);
    // Claimed by its event, by one claimant only, until it is posted.
    let claimed = store
        .claim_event(&event, 7, HOUR, 2 * HOUR)
        .unwrap()
        .expect("claimed");
    assert_eq!(claimed.id, notices[0].id);
    assert_eq!(store.claim_event(&event, 8, HOUR, 2 * HOUR).unwrap(), None);
    assert!(store.notice_posted(claimed.id, 7, HOUR).unwrap());
    assert_eq!(
        store.claim_event(&event, 8, 3 * HOUR, 4 * HOUR).unwrap(),
        None
    );

    // The engine's move the sweep played, ending the game: one transaction.
    let engine_game = human_game(store, CHANNEL + 1, 0);
    let engine = OutboxEvent::EngineMove {
        game: engine_game.id,
        ply: 1,
    };
    let ended = store
        .record_noticed_move(
            engine_game.id,
            played(0, 2 * HOUR),
            Some(finish(
                &engine_game,
                GameResult::WhiteWins,
                EndReason::NoMoves,
                1,
                2 * HOUR,
            )),
            &engine,
        )
        .unwrap();
    assert_eq!(ended.game.result, Some(GameResult::WhiteWins));
    let notices = due(store, 2 * HOUR);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].event, engine);

    // The puzzle of the day: a notice for the post claimed in a channel, none for a day
    // passed over or a claim that lost.
    let day = 20_000;
    assert!(
        store
            .claim_daily_puzzle_post(GUILD, day, Some(CHANNEL), 3 * HOUR)
            .unwrap()
    );
    assert!(
        !store
            .claim_daily_puzzle_post(GUILD, day, Some(CHANNEL), 3 * HOUR)
            .unwrap()
    );
    assert!(
        store
            .claim_daily_puzzle_post(GUILD, day + 1, None, 3 * HOUR)
            .unwrap()
    );
    let notices = due(store, 3 * HOUR);
    assert_eq!(notices.len(), 2);
    assert_eq!(
        notices[1].event,
        OutboxEvent::Daily {
            day,
            channel: CHANNEL
        }
    );
}

/// A game ended by a person's action stores its notice with the end; an end refused (a game
/// ended already, an offer no longer standing) stores none.
pub fn endings_come_with_their_notices(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    let event = OutboxEvent::Ended {
        game: game.id,
        by: ALICE,
    };
    let resign = finish(&game, GameResult::BlackWins, EndReason::Resign, 0, HOUR);
    let ended = store
        .end_game_noticed(game.id, GameEnding::Finish(resign), &event)
        .unwrap();
    assert!(ended.ratings.is_some(), "a rated game is counted");
    assert!(
        store
            .end_game_noticed(game.id, GameEnding::Abort(HOUR), &event)
            .is_err()
    );
    let notices = due(store, HOUR);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].event, event);
    // An offer that no longer stands: no draw, no notice.
    let other = human_game(store, CHANNEL + 1, 0);
    let offered = store.offer_draw(other.id, Color::White, 0).unwrap();
    let offer = offered.draw_offer.expect("an offer stands");
    store.clear_draw_offer(other.id, offer).unwrap();
    let draw = finish(&other, GameResult::Draw, EndReason::Agreement, 0, HOUR);
    let late = OutboxEvent::Ended {
        game: other.id,
        by: BOB,
    };
    assert!(
        store
            .end_game_noticed(other.id, GameEnding::AcceptDraw(offer, draw), &late)
            .is_err()
    );
    assert_eq!(due(store, HOUR).len(), 1);
    // An abort: no ratings, its notice stored.
    let aborted = store
        .end_game_noticed(other.id, GameEnding::Abort(2 * HOUR), &late)
        .unwrap();
    assert_eq!(aborted.ratings, None);
    assert_eq!(due(store, 2 * HOUR)[1].event, late);
}
