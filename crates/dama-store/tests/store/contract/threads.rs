//! Games in threads, reminders, takebacks, idle games, server choices, notifications and the coach.

use super::{
    ALICE, BOB, CAROL, CHANNEL, GUILD, HOUR, START_FEN, fen, human_game, new_game, players,
};
use dama_core::i18n::Language;
use dama_core::store::{
    AbortReason, ChallengeStatus, Color, ColourChoice, Game, GameId, GameStatus, NewChallenge,
    NewGame, NotifyMode, Participant, ServerSettings, Store, StoreError,
};

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
        clock: None,
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
            .clear_takeback_request(game.id, asked.takeback_request.unwrap())
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
        .set_server_discord_language(GUILD, Some(Language::Es))
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

/// A game keeps the language of whoever started it; a person's language is theirs across
/// servers, and storing it keeps their notifications.
pub fn languages_of_games_and_people(store: &dyn Store) {
    players(store);
    let game = store
        .create_game(&NewGame {
            language: Some(Language::It),
            ..new_game(Participant::User(ALICE), Participant::User(BOB), CHANNEL, 0)
        })
        .unwrap();
    assert_eq!(game.language, Some(Language::It));
    assert_eq!(
        store.game(game.id).unwrap().unwrap().language,
        Some(Language::It)
    );
    let other = store
        .create_game(&new_game(
            Participant::User(CAROL),
            Participant::Engine(1),
            CHANNEL + 1,
            0,
        ))
        .unwrap();
    assert_eq!(other.language, None);

    assert_eq!(store.person_language(ALICE).unwrap(), None);
    store.set_notify_mode(ALICE, NotifyMode::Dm).unwrap();
    store.set_person_language(ALICE, Language::Es).unwrap();
    store.set_person_language(BOB, Language::It).unwrap();
    assert_eq!(store.person_language(ALICE).unwrap(), Some(Language::Es));
    assert_eq!(store.person_language(BOB).unwrap(), Some(Language::It));
    assert_eq!(store.notify_mode(ALICE).unwrap(), NotifyMode::Dm);
    assert_eq!(store.notify_mode(BOB).unwrap(), NotifyMode::Ping);
    store.set_person_language(ALICE, Language::En).unwrap();
    assert_eq!(store.person_language(ALICE).unwrap(), Some(Language::En));

    // A server seen without a Discord language of its own forgets the one it had.
    store
        .set_server_discord_language(GUILD, Some(Language::It))
        .unwrap();
    let seen = store.set_server_discord_language(GUILD, None).unwrap();
    assert_eq!(seen.discord_language, None);
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
    let analysis = |nodes, data: &str, at| dama_core::store::StoredAnalysis {
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
        store.save_analysis(&dama_core::store::StoredAnalysis {
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
    use dama_core::store::HintRecord;
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
