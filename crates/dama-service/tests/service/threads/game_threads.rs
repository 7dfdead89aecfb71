//! A thread per game, its language and name, and the fallback to the channel.

use super::*;

#[test]
fn two_games_in_two_threads_of_one_channel() {
    let w = world();
    let first = start(&w, &actor(ALICE), &actor(BOB));
    assert!(!first.ephemeral);
    assert!(first.board.is_none(), "the board goes in the thread");
    assert_eq!(
        first.text,
        "Game #1 starts: alice (White) – bob (Black), in the thread below."
    );
    let thread = first.thread.clone().expect("a thread to open");
    assert_eq!(thread.game, GameId(1));
    assert_eq!(thread.name, "Dama #1 · alice – bob");

    // The channel has no game of its own: another pair starts theirs at once.
    let second = start(&w, &actor(CAROL), &actor(DAVE));
    let thread2 = second.thread.clone().expect("a second thread");
    assert_eq!(thread2.name, "Dama #2 · carol – dave");
    assert!(
        w.service
            .store()
            .active_game_in_channel(CHANNEL)
            .unwrap()
            .is_none()
    );

    let board = w.service.thread_opened(GameId(1), 1001).unwrap();
    assert_finished_text(&board);
    assert!(board.board.is_some());
    assert_eq!(board.game, Some(GameId(1)));
    assert!(
        board
            .text
            .to_string()
            .starts_with("@11 plays White, @12 plays Black. White moves first."),
        "{}",
        board.text
    );
    assert!(board.mentions.contains(&ALICE) && board.mentions.contains(&BOB));
    let board2 = w.service.thread_opened(GameId(2), 1002).unwrap();
    assert!(board2.text.contains("@13 plays White, @14 plays Black"));
    assert_eq!(game(&w, 1).thread, Some(1001));
    assert_eq!(game(&w, 2).place(), 1002);

    // Each game is played in its thread by its own players.
    let played = play(&w, &in_channel(ALICE, 1001), "22-18");
    assert!(!played.ephemeral, "{}", played.text);
    let played = play(&w, &in_channel(CAROL, 1002), "21-17");
    assert!(!played.ephemeral, "{}", played.text);
    let refused = play(&w, &in_channel(ALICE, 1002), "10-14");
    assert!(refused.ephemeral);
    assert!(refused.text.contains("not playing"), "{}", refused.text);
    assert_eq!((game(&w, 1).ply, game(&w, 2).ply), (1, 1));

    // In the parent channel, a typed move points to the thread; so does the autocomplete.
    let refused = play(&w, &actor(BOB), "10-14");
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        "Your game #1 is played in #1001: play it there."
    );
    match w.service.suggestions(&actor(DAVE), "").unwrap() {
        Suggestions::Hint(hint) => assert_eq!(hint, "Your game #2 is played in its thread."),
        Suggestions::Moves(moves) => panic!("moves offered in the parent channel: {moves:?}"),
    }
    // A game's thread holds that game alone: a new one is started from the channel.
    let taken = act(
        &w,
        &in_channel(ADMIN, 1001),
        Origin::Channel,
        Action::PlayEngine {
            level: 1,
            colour: ColourChoice::White,
            clock: None,
        },
    );
    assert!(taken.ephemeral);
    assert_eq!(
        taken.text,
        format!("This thread belongs to game #1: start yours in #{CHANNEL}.")
    );
    // Someone without a game here still hears there is none.
    let refused = play(&w, &actor(ADMIN), "22-18");
    assert!(
        refused.text.contains("There is no game"),
        "{}",
        refused.text
    );
}

#[test]
fn threads_speak_the_servers_language_and_fit_their_names() {
    let w = world();
    let it = start(
        &w,
        &speaking(actor(ALICE), Language::It),
        &speaking(actor(BOB), Language::It),
    );
    assert_eq!(
        it.text,
        "Inizia la partita #1: alice (Bianco) – bob (Nero), nel thread qui sotto."
    );
    let board = w.service.thread_opened(GameId(1), 1001).unwrap();
    assert_finished_text(&board);
    assert!(
        board.text.contains("@11 ha il Bianco, @12 il Nero."),
        "{}",
        board.text
    );

    let w = world();
    let long = "ñ".repeat(90);
    let carol = speaking(actor(CAROL), Language::Es).name(long.clone());
    let es = start(&w, &speaking(actor(DAVE), Language::Es), &carol);
    assert!(
        es.text
            .to_string()
            .starts_with("Empieza la partida #1: dave (blancas)"),
        "{}",
        es.text
    );
    let name = es.thread.unwrap().name;
    assert!(name.chars().count() <= 100, "{name}");
    assert!(name.starts_with("Damas #1 · dave – ñññ"), "{name}");
    assert!(name.ends_with('…'), "{name}");
}

#[test]
fn a_thread_that_fails_falls_back_to_the_channel() {
    let w = world();
    start(&w, &actor(ALICE), &actor(BOB));
    let board = w.service.thread_failed(GameId(1)).unwrap();
    assert_finished_text(&board);
    assert!(board.board.is_some());
    assert!(
        board.text.contains(
            "I could not open a thread for this game, so it is played here. To give each game \
             its own thread, let me **Create Public Threads** and **Send Messages in Threads**"
        ),
        "{}",
        board.text
    );
    let fallen = game(&w, 1);
    assert!(!fallen.in_thread);
    assert_eq!(
        w.service
            .store()
            .active_game_in_channel(CHANNEL)
            .unwrap()
            .map(|g| g.id),
        Some(GameId(1))
    );
    assert!(!play(&w, &actor(ALICE), "22-18").ephemeral);

    // A second game whose thread fails while the channel is busy stays as it is, played from
    // its board's buttons.
    start(&w, &actor(CAROL), &actor(DAVE));
    let board = w.service.thread_failed(GameId(2)).unwrap();
    assert!(board.board.is_some());
    let waiting = game(&w, 2);
    assert!(waiting.in_thread && waiting.thread.is_none());
    assert_eq!(waiting.place(), CHANNEL);
    let menu = id_ending(&board, ":move");
    let played = w
        .service
        .component(&actor(CAROL), &menu, &["22-18".to_owned()])
        .unwrap();
    assert!(!played.ephemeral, "{}", played.text);
    assert_eq!(game(&w, 2).ply, 1);
    // Typed commands in the channel are about the channel's own game.
    let refused = play(&w, &actor(CAROL), "12-16");
    assert!(refused.text.contains("not playing"), "{}", refused.text);
}

#[test]
fn a_game_whose_thread_never_opened_is_played_from_the_channel() {
    let w = world();
    start(&w, &actor(ALICE), &actor(BOB));
    // The thread is neither opened nor reported failed (the adapter stopped in between).
    let played = play(&w, &actor(ALICE), "22-18");
    assert!(!played.ephemeral, "{}", played.text);
    assert_eq!(game(&w, 1).ply, 1);
    match w.service.suggestions(&actor(BOB), "10").unwrap() {
        Suggestions::Moves(moves) => assert!(!moves.is_empty()),
        Suggestions::Hint(hint) => panic!("{hint}"),
    }
}

#[test]
fn without_the_permission_one_game_per_channel_with_the_tip() {
    let w = world();
    let board = start(&w, &without_threads(ALICE), &without_threads(BOB));
    assert!(board.thread.is_none());
    assert!(board.board.is_some());
    assert!(
        board
            .text
            .contains("Tip: let me **Create Public Threads** and **Send Messages in Threads**"),
        "{}",
        board.text
    );
    assert_eq!(
        board
            .text
            .to_string()
            .matches("Create Public Threads")
            .count(),
        1
    );
    assert!(!game(&w, 1).in_thread);
    let refused = challenge(&w, &without_threads(CAROL), Some(DAVE), None);
    assert!(refused.ephemeral);
    assert!(
        refused.text.contains("A game is running here (#1)"),
        "{}",
        refused.text
    );
    // The next board of the game says nothing more about threads.
    let played = play(&w, &without_threads(ALICE), "22-18");
    assert!(!played.text.contains("Threads"), "{}", played.text);

    let w = world();
    let it = start(
        &w,
        &speaking(without_threads(ALICE), Language::It),
        &speaking(without_threads(BOB), Language::It),
    );
    assert!(
        it.text
            .contains("**Creare thread pubblici** e **Inviare messaggi nei thread**"),
        "{}",
        it.text
    );
}
