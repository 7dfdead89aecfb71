//! The behaviour every [`Store`] backend must have, written once against the trait.
//!
//! Each `pub fn` takes a fresh, empty store and checks one behaviour of the contract
//! documented on [`Store`]. `tests/store.rs` runs every one of them on each SQLite
//! configuration; another backend runs them the same way.

use std::sync::Barrier;

use damabot::game::rating;
use damabot::i18n::Language;
use damabot::store::{
    AbortReason, ByColor, ChallengeStatus, Color, ColourChoice, Counting, DrawOffer, EndReason,
    Finish, Game, GameId, GameResult, GameStatus, INITIAL_RATING, MessageRef, NewChallenge,
    NewGame, NewPairing, NewRound, NewTournament, NotifyMode, Participant, PlayerOutcome,
    PuzzleAttemptId, Rating, ServerSettings, ShardSpan, Store, StoreError, Tournament,
    TournamentFormat, TournamentGame, TournamentId, TournamentStatus,
};
use damabot::store::{
    DailyPuzzleServer, NewPuzzleAttempt, PuzzleAttempt, PuzzleFinish, PuzzleStatus, puzzle_day,
    puzzle_day_start,
};
use damabot::tournament::GameResult as TournamentResult;

pub const GUILD: u64 = 900_000_000_000_000_001;
pub const CHANNEL: u64 = 800_000_000_000_000_001;
pub const ALICE: u64 = 1_000_000_000_000_000_001;
pub const BOB: u64 = 1_000_000_000_000_000_002;
/// Above 2^63: checks that ids are stored bit-cast, not truncated.
pub const CAROL: u64 = u64::MAX - 7;
pub const HOUR: i64 = 3_600_000;
pub const START_FEN: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

/// Stores Alice, Bob and Carol in the guild.
pub fn players(store: &dyn Store) {
    store.ensure_player(GUILD, ALICE, "Alice", 1_000).unwrap();
    store.ensure_player(GUILD, BOB, "Bob", 1_000).unwrap();
    store.ensure_player(GUILD, CAROL, "Carol", 1_000).unwrap();
}

pub fn new_game(white: Participant, black: Participant, channel: u64, at: i64) -> NewGame {
    NewGame {
        guild: GUILD,
        channel,
        white,
        black,
        time_per_move_ms: HOUR,
        rated: true,
        start_fen: START_FEN.into(),
        created_at: at,
        in_thread: false,
    }
}

/// A rated game, Alice (White) against Bob.
pub fn human_game(store: &dyn Store, channel: u64, at: i64) -> Game {
    store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::User(BOB),
            channel,
            at,
        ))
        .unwrap()
}

/// A position after `ply` moves: the side to move alternates, starting with White.
pub fn fen(ply: u32) -> String {
    format!(
        "{}:W{}:B1",
        if ply % 2 == 0 { 'B' } else { 'W' },
        21 + ply % 12
    )
}

/// How `game` ends, counted and rated as the game layer does it.
pub fn finish(game: &Game, result: GameResult, reason: EndReason, ply: u32, at: i64) -> Finish {
    Finish {
        result,
        reason,
        ply,
        at,
        counting: rating::counting(game),
        rate: rating::glicko2,
    }
}

pub fn player_round_trip_and_name_update(store: &dyn Store) {
    let alice = store.ensure_player(GUILD, ALICE, "Alice", 5).unwrap();
    assert_eq!(alice.display_name, "Alice");
    assert_eq!(alice.rating, INITIAL_RATING);
    assert_eq!((alice.wins, alice.losses, alice.draws), (0, 0, 0));
    assert_eq!(alice.created_at, 5);
    let renamed = store.ensure_player(GUILD, ALICE, "Alice B.", 99).unwrap();
    assert_eq!(renamed.display_name, "Alice B.");
    assert_eq!(renamed.created_at, 5, "first seen stays");
    assert_eq!(store.player(GUILD, ALICE).unwrap(), Some(renamed));
    let carol = store.ensure_player(GUILD, CAROL, "Carol", 7).unwrap();
    assert_eq!(carol.user, CAROL, "ids above 2^63 survive");
    assert_eq!(store.player(GUILD, CAROL).unwrap(), Some(carol));
    assert_eq!(store.player(GUILD + 1, ALICE).unwrap(), None, "per guild");
}

pub fn challenge_round_trip_and_single_answer(store: &dyn Store) {
    players(store);
    let new = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: Some(CAROL),
        colour: ColourChoice::Random,
        time_per_move_ms: 5 * 60_000,
        rated: true,
        created_at: 1_000,
        expires_at: 601_000,
    };
    let challenge = store.create_challenge(&new).unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Pending);
    assert_eq!(
        (challenge.challenger, challenge.challenged),
        (ALICE, Some(CAROL))
    );
    assert_eq!(challenge.colour, ColourChoice::Random);
    assert_eq!(challenge.time_per_move_ms, 300_000);
    assert_eq!(
        (challenge.created_at, challenge.expires_at),
        (1_000, 601_000)
    );
    assert!(challenge.rated);
    assert_eq!(challenge.resolved_at, None);
    let message = MessageRef {
        channel: CHANNEL,
        message: u64::MAX,
    };
    store.set_challenge_message(challenge.id, message).unwrap();
    let read = store.challenge(challenge.id).unwrap().unwrap();
    assert_eq!(read.message, Some(message));
    assert_eq!(
        store.pending_challenges_in_channel(CHANNEL, 2_000).unwrap(),
        vec![read.clone()]
    );

    let declined = store
        .resolve_challenge(challenge.id, ChallengeStatus::Declined, 3_000)
        .unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert_eq!(declined.resolved_at, Some(3_000));
    // A second answer (a cancel racing the decline) loses.
    let error = store
        .resolve_challenge(challenge.id, ChallengeStatus::Cancelled, 3_001)
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotPending {
                status: ChallengeStatus::Declined,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        store
            .pending_challenges_in_channel(CHANNEL, 3_000)
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        store.resolve_challenge(challenge.id, ChallengeStatus::Accepted, 1),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.create_challenge(&NewChallenge {
            challenged: Some(77),
            ..new.clone()
        }),
        Err(StoreError::PlayerNotFound { user: 77, .. })
    ));
    assert_eq!(
        store.challenge(damabot::store::ChallengeId(999)).unwrap(),
        None
    );
}

pub fn accepting_creates_the_game_atomically(store: &dyn Store) {
    players(store);
    let new = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: Some(BOB),
        colour: ColourChoice::Black,
        time_per_move_ms: HOUR,
        rated: true,
        created_at: 1_000,
        expires_at: 10_000,
    };
    let first = store.create_challenge(&new).unwrap();
    let second = store.create_challenge(&new).unwrap();
    let game = new_game(
        Participant::User(BOB),
        Participant::User(ALICE),
        CHANNEL,
        2_000,
    );
    let (accepted, created) = store.accept_challenge(first.id, &game).unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.game, Some(created.id));
    assert_eq!(accepted.resolved_at, Some(2_000));
    assert_eq!(created.black, Participant::User(ALICE));
    // The channel is busy now: accepting the other challenge fails and leaves it pending.
    let error = store.accept_challenge(second.id, &game).unwrap_err();
    assert!(
        matches!(error, StoreError::ChannelBusy { game, .. } if game == created.id),
        "{error:?}"
    );
    assert_eq!(
        store.challenge(second.id).unwrap().unwrap().status,
        ChallengeStatus::Pending
    );
    // Accepting twice loses.
    assert!(matches!(
        store.accept_challenge(first.id, &game),
        Err(StoreError::ChallengeNotPending { .. })
    ));
    // Too late.
    let late = new_game(
        Participant::User(BOB),
        Participant::User(ALICE),
        CHANNEL + 1,
        10_000,
    );
    assert!(matches!(
        store.accept_challenge(second.id, &late),
        Err(StoreError::ChallengeExpired(id)) if id == second.id
    ));
}

/// A process running some of the bot's shards expires the challenges of its servers only.
pub fn expired_challenges_of_some_shards_only(store: &dyn Store) {
    // Servers of shards 0, 1 and 2 of 3, by Discord's rule.
    let base = (GUILD >> 22) << 22;
    let guild_of_shard = |shard: u64| {
        (0..3u64)
            .map(|k| base + (k << 22))
            .find(|g| (g >> 22) % 3 == shard)
            .unwrap()
    };
    let mut made = Vec::new();
    for shard in 0..3 {
        let guild = guild_of_shard(shard);
        for user in [ALICE, BOB] {
            store.ensure_player(guild, user, "player", 0).unwrap();
        }
        let challenge = store
            .create_challenge(&NewChallenge {
                guild,
                channel: CHANNEL + shard,
                challenger: ALICE,
                challenged: Some(BOB),
                colour: ColourChoice::White,
                time_per_move_ms: HOUR,
                rated: true,
                created_at: 0,
                expires_at: 100,
            })
            .unwrap();
        made.push(challenge.id);
    }
    let span = ShardSpan {
        total: 3,
        first: 1,
        last: 2,
    };
    assert!(!span.owns(guild_of_shard(0)) && span.owns(guild_of_shard(2)));
    let expired = store.expire_challenges(200, Some(span)).unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [made[1], made[2]]
    );
    assert_eq!(
        store.challenge(made[0]).unwrap().unwrap().status,
        ChallengeStatus::Pending,
        "shard 0's challenge is another process's"
    );
    let rest = store.expire_challenges(200, None).unwrap();
    assert_eq!(rest.iter().map(|c| c.id).collect::<Vec<_>>(), [made[0]]);
}

pub fn expired_challenges_are_listed_and_marked(store: &dyn Store) {
    players(store);
    let make = |created: i64, expires: i64, channel: u64| {
        store
            .create_challenge(&NewChallenge {
                guild: GUILD,
                channel,
                challenger: ALICE,
                challenged: Some(BOB),
                colour: ColourChoice::White,
                time_per_move_ms: HOUR,
                rated: true,
                created_at: created,
                expires_at: expires,
            })
            .unwrap()
    };
    let early = make(0, 100, CHANNEL);
    let late = make(50, 1_000, CHANNEL);
    let other = make(10, 200, CHANNEL + 1);
    let answered = make(0, 100, CHANNEL + 2);
    store
        .resolve_challenge(answered.id, ChallengeStatus::Cancelled, 20)
        .unwrap();

    assert_eq!(
        store
            .pending_challenges_in_channel(CHANNEL, 99)
            .unwrap()
            .len(),
        2
    );
    let visible = store.pending_challenges_in_channel(CHANNEL, 100).unwrap();
    assert_eq!(visible.iter().map(|c| c.id).collect::<Vec<_>>(), [late.id]);

    let expired = store.expire_challenges(200, None).unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [early.id, other.id]
    );
    assert!(
        expired
            .iter()
            .all(|c| c.status == ChallengeStatus::Expired && c.resolved_at == Some(200))
    );
    assert!(store.expire_challenges(200, None).unwrap().is_empty());
    assert_eq!(
        store.challenge(late.id).unwrap().unwrap().status,
        ChallengeStatus::Pending
    );
    assert_eq!(
        store.challenge(answered.id).unwrap().unwrap().status,
        ChallengeStatus::Cancelled
    );
    assert!(matches!(
        store.resolve_challenge(early.id, ChallengeStatus::Declined, 300),
        Err(StoreError::ChallengeNotPending {
            status: ChallengeStatus::Expired,
            ..
        })
    ));
}

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
            at_ply: 1
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
    let cleared = store.clear_draw_offer(game.id).unwrap();
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

/// A rating system for tests: the winner takes 100 points from the loser, a draw moves
/// nothing; deviations shrink by 10.
fn hundred_points(before: ByColor<Rating>, result: GameResult) -> ByColor<Rating> {
    let shift = match result {
        GameResult::WhiteWins => 100.0,
        GameResult::BlackWins => -100.0,
        GameResult::Draw => 0.0,
    };
    let moved = |rating: Rating, by: f64| Rating {
        rating: rating.rating + by,
        deviation: rating.deviation - 10.0,
        volatility: rating.volatility,
    };
    ByColor::new(moved(before.white, shift), moved(before.black, -shift))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

pub fn the_rating_system_given_is_applied_to_the_stored_ratings(store: &dyn Store) {
    players(store);
    // Two wins in a row for Alice: the second starts from what the first stored.
    for (at, expected_alice) in [(0, 1600.0), (10, 1700.0)] {
        let game = human_game(store, CHANNEL, at);
        let done = store
            .finish_game(
                game.id,
                Finish {
                    rate: hundred_points,
                    ..finish(&game, GameResult::WhiteWins, EndReason::Resign, 0, at + 1)
                },
            )
            .unwrap();
        let ratings = done.ratings.expect("a rated game between people");
        assert_eq!(ratings.white.user, ALICE);
        assert_eq!(ratings.black.user, BOB);
        assert!(close(ratings.white.before.rating, expected_alice - 100.0));
        assert!(close(ratings.white.after.rating, expected_alice));
        assert!(close(ratings.black.after.rating, 3000.0 - expected_alice));
        let alice = store.player(GUILD, ALICE).unwrap().unwrap();
        assert_eq!(alice.rating, ratings.white.after);
        assert_eq!(
            store.player(GUILD, BOB).unwrap().unwrap().rating,
            ratings.black.after
        );
    }
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    assert!(close(
        alice.rating.deviation,
        INITIAL_RATING.deviation - 20.0
    ));
    assert_eq!(alice.wins, 2);
    // Unrated: the rating system is not called.
    let game = human_game(store, CHANNEL, 20);
    let done = store
        .finish_game(
            game.id,
            Finish {
                counting: Counting::BetweenPeople {
                    white: ALICE,
                    black: BOB,
                    rated: false,
                },
                rate: hundred_points,
                ..finish(&game, GameResult::WhiteWins, EndReason::Resign, 0, 21)
            },
        )
        .unwrap();
    assert_eq!(done.ratings, None);
    let after = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(after.rating, alice.rating);
    assert_eq!(after.wins, 3, "counted all the same");
}

pub fn a_counting_must_name_the_games_players(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    for counting in [
        Counting::BetweenPeople {
            white: ALICE,
            black: CAROL,
            rated: true,
        },
        Counting::BetweenPeople {
            white: BOB,
            black: ALICE,
            rated: true,
        },
        Counting::AgainstEngine {
            user: ALICE,
            colour: Color::White,
            level: 3,
        },
    ] {
        let error = store
            .finish_game(
                game.id,
                Finish {
                    counting,
                    ..finish(&game, GameResult::WhiteWins, EndReason::Resign, 0, 1)
                },
            )
            .unwrap_err();
        assert!(matches!(error, StoreError::Invalid(_)), "{error:?}");
    }
    // Nothing was written: the game is still active and nobody counted it.
    assert_eq!(
        store.game(game.id).unwrap().unwrap().status,
        GameStatus::Active
    );
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!((alice.wins, alice.losses, alice.draws), (0, 0, 0));
    let stats = store.player_stats(GUILD, ALICE).unwrap().unwrap();
    assert!(stats.engine_records.is_empty());
    // Counting for nobody is always allowed.
    let done = store
        .finish_game(
            game.id,
            Finish {
                counting: Counting::Nobody,
                ..finish(&game, GameResult::WhiteWins, EndReason::Resign, 0, 1)
            },
        )
        .unwrap();
    assert_eq!(done.ratings, None);
    let alice = store.player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!((alice.wins, alice.losses, alice.draws), (0, 0, 0));
}

pub fn server_settings_round_trip_and_stay_apart(store: &dyn Store) {
    const OTHER: u64 = u64::MAX - 1;
    // A server never stored has nothing chosen and nothing seen.
    assert_eq!(
        store.server_settings(GUILD).unwrap(),
        ServerSettings::default()
    );

    let seen = store
        .set_server_discord_language(GUILD, Language::Es)
        .unwrap();
    assert_eq!(seen.language, None);
    assert_eq!(seen.discord_language, Some(Language::Es));
    assert_eq!(store.server_settings(GUILD).unwrap(), seen);

    // Choosing keeps what was seen; seeing again keeps what was chosen.
    let chosen = store
        .set_server_language(GUILD, Some(Language::It))
        .unwrap();
    assert_eq!(chosen.language, Some(Language::It));
    assert_eq!(chosen.discord_language, Some(Language::Es));
    let seen = store
        .set_server_discord_language(GUILD, Language::En)
        .unwrap();
    assert_eq!(seen.language, Some(Language::It));
    assert_eq!(seen.discord_language, Some(Language::En));
    assert_eq!(store.server_settings(GUILD).unwrap(), seen);

    // Back to Discord's language.
    let cleared = store.set_server_language(GUILD, None).unwrap();
    assert_eq!(cleared.language, None);
    assert_eq!(cleared.discord_language, Some(Language::En));
    assert_eq!(store.server_settings(GUILD).unwrap(), cleared);

    // Each server has its own, for any id (above 2^63 too), and a choice may come first.
    assert_eq!(
        store.server_settings(OTHER).unwrap(),
        ServerSettings::default()
    );
    let other = store
        .set_server_language(OTHER, Some(Language::Es))
        .unwrap();
    assert_eq!(other.language, Some(Language::Es));
    assert_eq!(other.discord_language, None);
    assert_eq!(store.server_settings(OTHER).unwrap(), other);
    assert_eq!(store.server_settings(GUILD).unwrap(), cleared);
}

/// A game to be played in a thread of `channel`, Alice (White) against Bob.
fn thread_game(store: &dyn Store, channel: u64, at: i64) -> Game {
    store
        .create_game(&NewGame {
            in_thread: true,
            ..new_game(
                Participant::User(ALICE),
                Participant::User(BOB),
                channel,
                at,
            )
        })
        .unwrap()
}

pub fn games_in_threads_leave_their_channel_free(store: &dyn Store) {
    const THREAD: u64 = u64::MAX - 100;
    const OTHER_THREAD: u64 = u64::MAX - 101;
    players(store);
    // Two games waiting for their threads, and one played in the channel itself.
    let first = thread_game(store, CHANNEL, 1_000);
    let second = thread_game(store, CHANNEL, 2_000);
    assert!(first.in_thread && first.thread.is_none());
    assert_eq!(first.place(), CHANNEL);
    let own = human_game(store, CHANNEL, 3_000);
    assert!(!own.in_thread);
    assert!(matches!(
        store.create_game(&new_game(
            Participant::User(BOB),
            Participant::User(CAROL),
            CHANNEL,
            4_000
        )),
        Err(StoreError::ChannelBusy { game, .. }) if game == own.id
    ));
    assert_eq!(
        store.active_game_in_channel(CHANNEL).unwrap().map(|g| g.id),
        Some(own.id)
    );
    let waiting: Vec<GameId> = store
        .active_games_in_threads_of(CHANNEL)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(waiting, [first.id, second.id]);

    // Open threads: each game is the game of its thread; a thread holds one active game.
    let opened = store.set_game_thread(first.id, THREAD).unwrap();
    assert_eq!((opened.thread, opened.place()), (Some(THREAD), THREAD));
    assert_eq!(store.game(first.id).unwrap(), Some(opened.clone()));
    assert!(matches!(
        store.set_game_thread(first.id, OTHER_THREAD),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.set_game_thread(second.id, THREAD),
        Err(StoreError::ChannelBusy { game, .. }) if game == first.id
    ));
    assert!(matches!(
        store.set_game_thread(own.id, OTHER_THREAD),
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(
        store.active_game_in_channel(THREAD).unwrap().map(|g| g.id),
        Some(first.id)
    );
    // A game in a thread is found in its thread's history as well as its channel's.
    store
        .record_move(first.id, 0, "22-18", &fen(1), 5_000)
        .unwrap();
    assert_eq!(
        store.recent_games_in_channel(THREAD, 5).unwrap()[0].id,
        first.id
    );
    assert_eq!(store.recent_games_in_channel(CHANNEL, 5).unwrap().len(), 3);

    // A game whose thread could not be opened moves into its channel once the channel is free.
    assert!(matches!(
        store.play_in_channel(second.id),
        Err(StoreError::ChannelBusy { game, .. }) if game == own.id
    ));
    assert!(store.game(second.id).unwrap().unwrap().in_thread);
    store.abort_game(own.id, 6_000).unwrap();
    let moved = store.play_in_channel(second.id).unwrap();
    assert!(!moved.in_thread);
    assert_eq!(
        store.active_game_in_channel(CHANNEL).unwrap().map(|g| g.id),
        Some(second.id)
    );
    assert!(matches!(
        store.play_in_channel(first.id),
        Err(StoreError::Invalid(_))
    ));

    // The active games of the guild, latest activity first, and those of one person.
    let all: Vec<GameId> = store
        .active_games(GUILD, None)
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(all, [first.id, second.id]);
    assert_eq!(store.active_games(GUILD, Some(CAROL)).unwrap(), []);
    assert_eq!(store.active_games(GUILD, Some(BOB)).unwrap().len(), 2);
    assert_eq!(store.active_games(GUILD + 1, None).unwrap(), []);
}

pub fn open_challenges_name_who_accepted(store: &dyn Store) {
    players(store);
    let open = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: None,
        colour: ColourChoice::White,
        time_per_move_ms: HOUR,
        rated: true,
        created_at: 1_000,
        expires_at: 1_000 + HOUR,
    };
    let challenge = store.create_challenge(&open).unwrap();
    assert_eq!(challenge.challenged, None);
    assert_eq!(
        store
            .pending_challenges_in_channel(CHANNEL, 2_000)
            .unwrap()
            .len(),
        1
    );
    // The challenger cannot be the one who accepts.
    assert!(matches!(
        store.accept_challenge(
            challenge.id,
            &new_game(
                Participant::User(ALICE),
                Participant::User(ALICE),
                CHANNEL,
                2_000
            )
        ),
        Err(StoreError::Invalid(_))
    ));
    let (accepted, game) = store
        .accept_challenge(
            challenge.id,
            &new_game(
                Participant::User(ALICE),
                Participant::User(CAROL),
                CHANNEL,
                2_000,
            ),
        )
        .unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.challenged, Some(CAROL));
    assert_eq!(accepted.game, Some(game.id));
    assert_eq!(store.challenge(challenge.id).unwrap(), Some(accepted));

    // A challenge of oneself is refused.
    assert!(matches!(
        store.create_challenge(&NewChallenge {
            challenged: Some(ALICE),
            ..open
        }),
        Err(StoreError::Invalid(_))
    ));
}

pub fn reminders_go_once_per_ply(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    assert_eq!(game.reminder_stage, 0);
    // Nothing is due before half the time is gone.
    assert_eq!(store.reminder_candidates(HOUR / 2 - 1).unwrap(), []);
    assert_eq!(store.reminder_candidates(HOUR / 2).unwrap().len(), 1);

    assert!(store.advance_reminder(game.id, 0, 1).unwrap());
    assert!(!store.advance_reminder(game.id, 0, 1).unwrap(), "sent once");
    assert_eq!(store.game(game.id).unwrap().unwrap().reminder_stage, 1);
    // A later stage may skip one; an earlier one never goes after it.
    assert!(store.advance_reminder(game.id, 0, 3).unwrap());
    assert!(!store.advance_reminder(game.id, 0, 2).unwrap());
    assert_eq!(store.reminder_candidates(2 * HOUR).unwrap(), []);
    // A stale ply, a stage out of range and a finished game change nothing.
    assert!(!store.advance_reminder(game.id, 1, 1).unwrap());
    assert!(matches!(
        store.advance_reminder(game.id, 0, 4),
        Err(StoreError::Invalid(_))
    ));

    // A move starts the next ply's reminders afresh.
    let moved = store
        .record_move(game.id, 0, "22-18", &fen(1), HOUR)
        .unwrap();
    assert_eq!(moved.reminder_stage, 0);
    assert_eq!(store.reminder_candidates(HOUR + HOUR / 2).unwrap().len(), 1);
    assert!(store.advance_reminder(game.id, 1, 2).unwrap());
    assert_eq!(store.game(game.id).unwrap().unwrap().reminder_stage, 2);
    store.abort_game(game.id, 2 * HOUR).unwrap();
    assert!(!store.advance_reminder(game.id, 1, 3).unwrap());
    assert_eq!(store.reminder_candidates(10 * HOUR).unwrap(), []);
}

pub fn takebacks_restore_the_position_and_are_recorded(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    for ply in 0..3 {
        store
            .record_move(
                game.id,
                ply,
                &format!("m{ply}"),
                &fen(ply + 1),
                i64::from(ply + 1) * 1_000,
            )
            .unwrap();
    }
    // A request is at the current ply, and a move clears it.
    assert!(matches!(
        store.request_takeback(game.id, Color::White, 2),
        Err(StoreError::StalePly { current: 3, .. })
    ));
    let asked = store.request_takeback(game.id, Color::White, 3).unwrap();
    assert_eq!(
        asked.takeback_request.map(|r| (r.by, r.at_ply)),
        Some((Color::White, 3))
    );
    assert_eq!(
        store
            .clear_takeback_request(game.id)
            .unwrap()
            .takeback_request,
        None
    );
    store.request_takeback(game.id, Color::Black, 3).unwrap();
    store.offer_draw(game.id, Color::Black, 3).unwrap();
    assert!(store.advance_reminder(game.id, 3, 1).unwrap());

    // Two plies back: the moves go, the position is the one after ply 0, and the clock restarts.
    assert!(matches!(
        store.take_back(game.id, 2, 2, Color::Black, 9_000),
        Err(StoreError::StalePly { .. })
    ));
    assert!(matches!(
        store.take_back(game.id, 3, 4, Color::Black, 9_000),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.take_back(game.id, 3, 0, Color::Black, 9_000),
        Err(StoreError::Invalid(_))
    ));
    let back = store.take_back(game.id, 3, 2, Color::Black, 9_000).unwrap();
    assert_eq!(back.ply, 1);
    assert_eq!(back.current_fen, fen(1));
    assert_eq!(back.last_move_at, 9_000);
    assert_eq!(back.takebacks, 1);
    assert_eq!(
        (back.draw_offer, back.takeback_request, back.reminder_stage),
        (None, None, 0)
    );
    assert_eq!(store.game(game.id).unwrap(), Some(back));
    let moves: Vec<String> = store
        .moves(game.id)
        .unwrap()
        .into_iter()
        .map(|m| m.move_long)
        .collect();
    assert_eq!(moves, ["m0"]);
    // Play goes on from there, and everything back to the start may go too.
    store
        .record_move(game.id, 1, "n1", &fen(2), 10_000)
        .unwrap();
    let start = store
        .take_back(game.id, 2, 2, Color::White, 11_000)
        .unwrap();
    assert_eq!((start.ply, start.current_fen.as_str()), (0, START_FEN));
    assert_eq!(start.takebacks, 2);

    let takebacks = store.takebacks(game.id).unwrap();
    assert_eq!(takebacks.len(), 2);
    assert_eq!(
        (
            takebacks[0].ply,
            takebacks[0].moves.clone(),
            takebacks[0].by,
            takebacks[0].at
        ),
        (
            1,
            vec!["m1".to_owned(), "m2".to_owned()],
            Color::Black,
            9_000
        )
    );
    assert_eq!(
        (
            takebacks[1].ply,
            takebacks[1].moves.clone(),
            takebacks[1].by
        ),
        (0, vec!["m0".to_owned(), "n1".to_owned()], Color::White)
    );
    let export = store.game_export(game.id).unwrap().unwrap();
    assert_eq!(export.takebacks, takebacks);

    // Nothing to take back at the start, nor in a game that is over.
    assert!(matches!(
        store.take_back(game.id, 0, 1, Color::White, 12_000),
        Err(StoreError::Invalid(_))
    ));
    store.abort_game(game.id, 13_000).unwrap();
    assert!(matches!(
        store.take_back(game.id, 0, 1, Color::White, 14_000),
        Err(StoreError::GameNotActive { .. })
    ));
    assert!(matches!(
        store.request_takeback(game.id, Color::White, 0),
        Err(StoreError::GameNotActive { .. })
    ));
}

pub fn idle_games_are_abandoned_only_at_the_ply_seen(store: &dyn Store) {
    players(store);
    let game = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(3),
            CHANNEL,
            0,
        ))
        .unwrap();
    store
        .record_move(game.id, 0, "22-18", &fen(1), 1_000)
        .unwrap();
    assert!(matches!(
        store.abandon_game(game.id, 0, 2_000),
        Err(StoreError::StalePly { current: 1, .. })
    ));
    let ended = store.abandon_game(game.id, 1, 2_000).unwrap();
    assert_eq!(ended.status, GameStatus::Aborted);
    assert_eq!(ended.abort_reason, Some(AbortReason::Idle));
    assert_eq!(ended.result, None);
    assert_eq!(ended.finished_at, Some(2_000));
    assert!(matches!(
        store.abandon_game(game.id, 1, 3_000),
        Err(StoreError::GameNotActive { .. })
    ));
    // A moderator's abort says so; an active game has no reason.
    let other = human_game(store, CHANNEL, 4_000);
    assert_eq!(other.abort_reason, None);
    let aborted = store.abort_game(other.id, 5_000).unwrap();
    assert_eq!(aborted.abort_reason, Some(AbortReason::Moderator));
}

pub fn server_choices_and_game_channels(store: &dyn Store) {
    const OTHER: u64 = 5;
    let seen = store
        .set_server_discord_language(GUILD, Language::Es)
        .unwrap();
    assert!(
        seen.threads,
        "games go in threads unless a manager says not"
    );
    let chosen = ServerSettings {
        language: Some(Language::It),
        discord_language: None,
        time_per_move_ms: Some(HOUR),
        challenge_expiry_ms: Some(2 * HOUR),
        threads: false,
        daily_puzzle: Some(u64::MAX),
        daily_puzzle_hour: 18,
    };
    let stored = store.save_server_choices(GUILD, &chosen).unwrap();
    // The Discord language stays as seen.
    assert_eq!(
        stored,
        ServerSettings {
            discord_language: Some(Language::Es),
            ..chosen
        }
    );
    assert_eq!(store.server_settings(GUILD).unwrap(), stored);
    let cleared = store
        .save_server_choices(GUILD, &ServerSettings::default())
        .unwrap();
    assert_eq!(
        cleared,
        ServerSettings {
            discord_language: Some(Language::Es),
            ..ServerSettings::default()
        }
    );
    for bad in [Some(0), Some(-5)] {
        assert!(matches!(
            store.save_server_choices(
                GUILD,
                &ServerSettings {
                    time_per_move_ms: bad,
                    ..ServerSettings::default()
                }
            ),
            Err(StoreError::Invalid(_))
        ));
        assert!(matches!(
            store.save_server_choices(
                GUILD,
                &ServerSettings {
                    challenge_expiry_ms: bad,
                    ..ServerSettings::default()
                }
            ),
            Err(StoreError::Invalid(_))
        ));
    }
    assert!(matches!(
        store.save_server_choices(
            GUILD,
            &ServerSettings {
                daily_puzzle_hour: 24,
                ..ServerSettings::default()
            }
        ),
        Err(StoreError::Invalid(_))
    ));
    assert_eq!(store.server_settings(GUILD).unwrap(), cleared);

    // Game channels: a set per server, by id (above 2^63 too).
    assert!(store.game_channels(GUILD).unwrap().is_empty());
    store.set_game_channel(GUILD, CHANNEL, true).unwrap();
    store.set_game_channel(GUILD, u64::MAX, true).unwrap();
    assert_eq!(
        store.set_game_channel(GUILD, CHANNEL, true).unwrap(),
        [CHANNEL, u64::MAX]
    );
    store.set_game_channel(OTHER, 7, true).unwrap();
    assert_eq!(
        store.set_game_channel(GUILD, CHANNEL, false).unwrap(),
        [u64::MAX]
    );
    assert_eq!(
        store.set_game_channel(GUILD, CHANNEL, false).unwrap(),
        [u64::MAX]
    );
    assert_eq!(store.game_channels(OTHER).unwrap(), [7]);
}

pub fn notify_modes_per_person(store: &dyn Store) {
    assert_eq!(store.notify_mode(ALICE).unwrap(), NotifyMode::Ping);
    store.set_notify_mode(ALICE, NotifyMode::Dm).unwrap();
    store.set_notify_mode(CAROL, NotifyMode::Off).unwrap();
    assert_eq!(store.notify_mode(ALICE).unwrap(), NotifyMode::Dm);
    assert_eq!(store.notify_mode(CAROL).unwrap(), NotifyMode::Off);
    assert_eq!(store.notify_mode(BOB).unwrap(), NotifyMode::Ping);
    store.set_notify_mode(ALICE, NotifyMode::Ping).unwrap();
    assert_eq!(store.notify_mode(ALICE).unwrap(), NotifyMode::Ping);
}

pub fn idle_engine_games_are_those_waiting_for_their_person(store: &dyn Store) {
    players(store);
    // Alice (White) against the engine, her move; Bob's game where the engine is to move; a game
    // between people.
    let waiting = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(2),
            CHANNEL,
            0,
        ))
        .unwrap();
    let thinking = store
        .create_game(&new_game(
            Participant::Engine(2),
            Participant::User(BOB),
            CHANNEL + 1,
            0,
        ))
        .unwrap();
    human_game(store, CHANNEL + 2, 0);
    let ids = |at, idle| -> Vec<GameId> {
        store
            .idle_engine_games(at, idle)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect()
    };
    assert_eq!(ids(HOUR - 1, HOUR), []);
    assert_eq!(ids(HOUR, HOUR), [waiting.id]);
    // Once the engine moved, Bob's game waits for him too; a move of Alice's keeps hers alive.
    store
        .record_move(thinking.id, 0, "22-18", "B:W18:B1", 10)
        .unwrap();
    store
        .record_move(waiting.id, 0, "22-18", "B:W18:B1", 20)
        .unwrap();
    assert_eq!(ids(HOUR + 10, HOUR), [thinking.id]);
    store.abort_game(thinking.id, HOUR + 11).unwrap();
    assert_eq!(ids(10 * HOUR, HOUR), []);
}

pub fn analyses_are_stored_for_ended_games_only(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 1);
    let analysis = |nodes, data: &str, at| damabot::store::StoredAnalysis {
        game: game.id,
        nodes,
        data: data.to_owned(),
        created_at: at,
    };
    assert!(store.analysis(game.id).unwrap().is_none());
    assert!(matches!(
        store.save_analysis(&analysis(1_000, "first", 5)),
        Err(StoreError::Invalid(_))
    ));
    store.record_move(game.id, 0, "22-18", &fen(1), 2).unwrap();
    store.abort_game(game.id, 3).unwrap();
    store.save_analysis(&analysis(1_000, "first", 5)).unwrap();
    assert_eq!(
        store.analysis(game.id).unwrap(),
        Some(analysis(1_000, "first", 5))
    );
    // Another budget replaces it.
    store.save_analysis(&analysis(2_000, "second", 6)).unwrap();
    assert_eq!(
        store.analysis(game.id).unwrap(),
        Some(analysis(2_000, "second", 6))
    );
    assert!(matches!(
        store.save_analysis(&damabot::store::StoredAnalysis {
            game: GameId(game.id.0 + 100),
            ..analysis(1, "x", 1)
        }),
        Err(StoreError::GameNotFound(_))
    ));
    assert!(matches!(
        store.save_analysis(&analysis(0, "none", 1)),
        Err(StoreError::Invalid(_))
    ));
}

pub fn hints_are_counted_once_a_position_up_to_the_limit(store: &dyn Store) {
    use damabot::store::HintRecord;
    players(store);
    let game = store
        .create_game(&new_game(
            Participant::User(ALICE),
            Participant::Engine(3),
            CHANNEL,
            1,
        ))
        .unwrap();
    let hint = |ply, fen: &str, m: &str| store.record_hint(game.id, ply, fen, m, 2, 10);
    assert_eq!(
        hint(0, START_FEN, "22-18").unwrap(),
        HintRecord::Recorded { used: 1 }
    );
    // The same position again: the same hint, not counted.
    match hint(0, START_FEN, "21-17").unwrap() {
        HintRecord::Again { hint, used } => {
            assert_eq!((hint.ply, hint.move_long.as_str(), used), (0, "22-18", 1));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        hint(3, &fen(3), "21-17"),
        Err(StoreError::StalePly { .. })
    ));
    store.record_move(game.id, 0, "22-18", &fen(1), 2).unwrap();
    store.record_move(game.id, 1, "11-15", &fen(2), 3).unwrap();
    assert_eq!(
        hint(2, &fen(2), "18x11").unwrap(),
        HintRecord::Recorded { used: 2 }
    );
    store.record_move(game.id, 2, "21-17", &fen(3), 4).unwrap();
    store.record_move(game.id, 3, "9-13", &fen(4), 5).unwrap();
    assert_eq!(
        hint(4, &fen(4), "17-14").unwrap(),
        HintRecord::LimitReached { used: 2 }
    );
    let hints = store.hints(game.id).unwrap();
    assert_eq!(
        hints
            .iter()
            .map(|h| (h.ply, h.move_long.as_str()))
            .collect::<Vec<_>>(),
        [(0, "22-18"), (2, "18x11")]
    );
    assert_eq!(store.game_export(game.id).unwrap().unwrap().hints, hints);
    // No hints once the game has ended.
    store.abort_game(game.id, 6).unwrap();
    assert!(matches!(
        hint(4, &fen(4), "17-14"),
        Err(StoreError::GameNotActive { .. })
    ));
}

// ---- tournaments -----------------------------------------------------------------------------

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
            .join_tournament(tournament.id, user, 1500 - i as i32, 2_000 + i as i64)
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
        store.join_tournament(id, BOB, 1500, 3_000),
        Err(StoreError::AlreadyEntered { user: BOB, .. })
    ));
    assert!(matches!(
        store.join_tournament(id, 77, 1500, 3_000),
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
        store.join_tournament(id, DAVE, 1500, 6_000),
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
        store.join_tournament(next.id, user, 1500, 9_100).unwrap();
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

// ---- puzzles ------------------------------------------------------------------------------

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
