//! Idle engine games: ended by who starts a game, by the sweep, found by the store.

use super::*;

/// Alice plays the engine in the channel itself (White): the board.
fn engine_game(w: &World, alice: &Actor) -> Reply {
    let board = act(
        w,
        alice,
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::White,
            clock: None,
        },
    );
    assert!(!board.ephemeral, "{}", board.text);
    board
}

#[test]
fn an_idle_engine_game_can_be_ended_by_who_starts_a_game() {
    let w = world();
    engine_game(&w, &without_threads(ALICE));
    w.clock.advance(Duration::from_secs(20 * 60));
    let refused = challenge(&w, &without_threads(BOB), Some(CAROL), None);
    assert!(
        refused.text.contains("A game is running here (#1)"),
        "not idle yet: {}",
        refused.text
    );
    w.clock.advance(Duration::from_secs(24 * 60));
    let asked = challenge(&w, &without_threads(BOB), Some(CAROL), None);
    assert!(asked.ephemeral);
    assert_eq!(
        asked.text,
        "Game #1 against the engine has had no move for 45 min. End it?"
    );
    let end = id_ending(&asked, ":endidle");
    let ended = click(&w, &without_threads(BOB), &end);
    assert!(!ended.ephemeral, "{}", ended.text);
    assert_eq!(
        ended.text,
        "Game #1 against the engine was ended for idleness. bob, you can start yours now with \
         `/challenge` or `/play`."
    );
    let record = game(&w, 1);
    assert_eq!(record.status, GameStatus::Aborted);
    assert_eq!(record.abort_reason, Some(AbortReason::Idle));
    let again = click(&w, &without_threads(BOB), &end);
    assert!(again.text.contains("is over already"), "{}", again.text);
    let challenged = challenge(&w, &without_threads(BOB), Some(CAROL), None);
    assert!(!challenged.ephemeral, "{}", challenged.text);

    // Asked in Spanish, and the same question answered by a move of its player.
    let w = world();
    engine_game(&w, &without_threads(ALICE));
    w.clock.advance(Duration::from_secs(40 * 60));
    let asked = act(
        &w,
        &speaking(without_threads(BOB), Language::Es),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::Random,
            clock: None,
        },
    );
    assert!(
        asked
            .text
            .to_string()
            .starts_with("La partida #1 contra el motor lleva 40 min sin jugadas."),
        "{}",
        asked.text
    );
    play(&w, &without_threads(ALICE), "22-18");
    let refused = click(&w, &without_threads(BOB), &id_ending(&asked, ":endidle"));
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "Game #1 has just had a move: it is still being played."
    );
    assert_eq!(game(&w, 1).status, GameStatus::Active);
}

#[test]
fn the_sweep_ends_engine_games_idle_for_twice_the_time() {
    let w = world();
    let board = engine_game(&w, &without_threads(ALICE));
    let message = MessageRef {
        channel: CHANNEL,
        message: 5000,
    };
    w.service
        .set_board_message(board.game.unwrap(), message)
        .unwrap();
    w.clock.advance(Duration::from_secs(59 * 60));
    assert!(w.service.sweep().unwrap().is_empty());
    // A move keeps it alive.
    play(&w, &without_threads(ALICE), "22-18");
    w.clock.advance(Duration::from_secs(59 * 60));
    assert!(w.service.sweep().unwrap().is_empty());
    assert_eq!(game(&w, 1).status, GameStatus::Active);
    w.clock.advance(Duration::from_secs(2 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = &notices[0];
    assert_eq!(notice.channel, CHANNEL);
    assert_eq!(notice.edit, Some(message));
    assert!(
        notice.reply.text.to_string().starts_with(
            "Game #1 against the engine had no move for 1 h 1 min and was ended without a \
             result."
        ),
        "{}",
        notice.reply.text
    );
    assert!(notice.reply.board.is_some());
    assert!(
        !ids(&notice.reply).iter().any(|id| id.ends_with(":move")),
        "no controls are left"
    );
    assert_eq!(game(&w, 1).abort_reason, Some(AbortReason::Idle));
    assert!(w.service.sweep().unwrap().is_empty(), "ended once");

    // In a thread, an idle engine game blocks nobody, but the sweep still ends it.
    let w = world();
    let line = act(
        &w,
        &actor(ALICE),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::Black,
            clock: None,
        },
    );
    assert!(
        line.thread.is_some() && line.board.is_none(),
        "{}",
        line.text
    );
    let opened = w.service.thread_opened(GameId(1), 1001).unwrap();
    assert!(
        opened
            .text
            .to_string()
            .starts_with("alice plays black against Dama"),
        "{}",
        opened.text
    );
    assert!(opened.text.contains("replied **"), "{}", opened.text);
    assert_eq!(game(&w, 1).ply, 1, "the engine opened before the thread");
    w.clock.advance(Duration::from_secs(45 * 60));
    let started = challenge(&w, &actor(BOB), Some(CAROL), None);
    assert!(!started.ephemeral, "{}", started.text);
    w.clock.advance(Duration::from_secs(16 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].channel, 1001);
}
#[test]
fn the_store_finds_engine_games_whose_person_is_silent() {
    let w = world();
    let store = w.service.store();
    for user in [ALICE, BOB] {
        store.ensure_player(GUILD, user, "someone", START).unwrap();
    }
    let new_game = |channel, white, black| dama_core::store::NewGame {
        guild: GUILD,
        channel,
        white,
        black,
        time_per_move_ms: 86_400_000,
        clock: None,
        rated: false,
        start_fen: dama_rules::Position::initial().to_fen(),
        created_at: START,
        in_thread: false,
        language: None,
    };
    let person_to_move = store
        .create_game(&new_game(
            1,
            Participant::User(ALICE),
            Participant::Engine(1),
        ))
        .unwrap();
    store
        .create_game(&new_game(
            2,
            Participant::Engine(1),
            Participant::User(ALICE),
        ))
        .unwrap();
    store
        .create_game(&new_game(
            3,
            Participant::User(ALICE),
            Participant::User(BOB),
        ))
        .unwrap();
    let found = |at: i64| -> Vec<GameId> {
        store
            .idle_engine_games(at, 60_000)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect()
    };
    assert!(found(START + 59_999).is_empty());
    assert_eq!(found(START + 60_000), [person_to_move.id]);
    store
        .abandon_game(person_to_move.id, 0, START + 60_000)
        .unwrap();
    assert!(found(START + 120_000).is_empty(), "only active games");
}
