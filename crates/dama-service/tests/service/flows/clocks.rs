//! Live games on a clock: the challenge with a time control, both clocks on the board, the
//! increment, and flags by a late move and by the sweep.

use dama_core::store::{ByColor, TimeControl};

use super::*;

/// 3+2: three minutes each, two seconds added per move.
const BLITZ: TimeControl = TimeControl {
    base_ms: 180_000,
    increment_ms: 2_000,
};

fn live_challenge(w: &World, clock: TimeControl) -> Reply {
    w.clock.advance(CHALLENGE_COOLDOWN);
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: Some(clock),
            },
        )
        .unwrap()
}

/// Alice (White) and Bob (Black) start a 3+2 game; returns the board reply.
fn start_live_game(w: &World) -> Reply {
    let challenge = live_challenge(w, BLITZ);
    assert!(!challenge.ephemeral, "{}", challenge.text);
    assert_finished_text(&challenge);
    assert!(
        challenge.text.contains("live game") && challenge.text.contains("clock 3+2"),
        "{}",
        challenge.text
    );
    w.service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap()
}

#[test]
fn both_clocks_run_and_the_increment_is_added() {
    let w = world();
    let board = start_live_game(&w);
    assert_finished_text(&board);
    assert!(
        board.text.contains("⏱ 3+2 · White 3:00 ◀ · Black 3:00"),
        "{}",
        board.text
    );
    assert!(board.text.contains("flag falls [t:"), "{}", board.text);
    let game = active(&w);
    assert_eq!(game.deadline(), game.created_at + 180_000);
    w.clock.advance(Duration::from_secs(10));
    let board = play(&w, ALICE, "22-18");
    assert!(
        board.text.contains("White 2:52 · Black 3:00 ◀"),
        "10 s spent, 2 s added: {}",
        board.text
    );
    let game = active(&w);
    assert_eq!(game.clock.unwrap().left, ByColor::new(172_000, 180_000));
    w.clock.advance(Duration::from_millis(30_500));
    play(&w, BOB, "10-14");
    let game = active(&w);
    assert_eq!(game.clock.unwrap().left, ByColor::new(172_000, 151_500));
    // The board shown later counts the running clock down.
    w.clock.advance(Duration::from_secs(60));
    let shown = w
        .service
        .act(&actor(BOB), Origin::Channel, Action::Board { flip: false })
        .unwrap();
    assert!(
        shown.text.contains("White 1:52 ◀ · Black 2:31"),
        "{}",
        shown.text
    );
}

#[test]
fn a_move_after_the_flag_loses_on_time() {
    let w = world();
    start_live_game(&w);
    play(&w, ALICE, "22-18");
    // Bob has 3:00 and takes 3:00.
    w.clock.advance(Duration::from_secs(180));
    let reply = w
        .service
        .act(
            &actor(BOB),
            Origin::Channel,
            Action::Move {
                text: "10-14".into(),
            },
        )
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Your time ran out before your move"),
        "{}",
        reply.text
    );
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    assert_eq!(game.end_reason, Some(EndReason::TimeoutSweep));
    assert_eq!(game.ply, 1, "the late move is not stored");
    // The result goes out as the sweep's notices do.
    let notices = w.service.flag_sweep().unwrap();
    let texts: Vec<String> = notices.iter().map(|n| n.reply.text.to_string()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("bob's time ran out. **@11 wins** game #")),
        "{texts:?}"
    );
}

#[test]
fn the_flag_sweep_ends_a_game_nobody_moves_in() {
    let w = world();
    start_live_game(&w);
    w.clock.advance(Duration::from_millis(179_999));
    assert!(
        w.service.flag_sweep().unwrap().is_empty(),
        "a millisecond left"
    );
    assert_eq!(active(&w).clock_left(w.service.now()).unwrap().white, 1);
    w.clock.advance(Duration::from_millis(1));
    let notices = w.service.flag_sweep().unwrap();
    let text = &notices[0].reply.text;
    assert!(
        text.contains("alice's time ran out. **@12 wins** game #"),
        "{text}"
    );
    let game = last_game(&w);
    assert_eq!(game.result, Some(GameResult::BlackWins));
    assert!(w.service.flag_sweep().unwrap().is_empty(), "once");
    // The same in the sweep that runs everything.
    start_live_game(&w);
    w.clock.advance(Duration::from_secs(181));
    let notices = w.service.sweep().unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.reply.text.contains("alice's time ran out")),
        "{notices:?}"
    );
}

#[test]
fn time_controls_out_of_range_are_refused() {
    let w = world();
    for clock in [
        TimeControl {
            base_ms: 10_000,
            increment_ms: 0,
        },
        TimeControl {
            base_ms: 4 * 3_600_000,
            increment_ms: 0,
        },
        TimeControl {
            base_ms: 300_000,
            increment_ms: 61_000,
        },
    ] {
        let reply = live_challenge(&w, clock);
        assert!(
            reply.ephemeral && reply.text.contains("A live clock starts with between 30 s"),
            "{clock:?}: {}",
            reply.text
        );
    }
}

#[test]
fn live_words_in_italian_and_spanish() {
    for language in [Language::It, Language::Es] {
        let w = world();
        w.clock.advance(CHALLENGE_COOLDOWN);
        let alice = speaking(ALICE, language);
        let challenge = w
            .service
            .act(
                &alice,
                Origin::Channel,
                Action::Challenge {
                    opponent: Some(member(BOB)),
                    colour: ColourChoice::White,
                    time_per_move: None,
                    clock: Some(BLITZ),
                },
            )
            .unwrap();
        let board = w
            .service
            .component(
                &speaking(BOB, language),
                &id_ending(&challenge, ":accept"),
                &[],
            )
            .unwrap();
        for reply in [&challenge, &board] {
            assert_finished_text(reply);
            let english = dama_core::i18n::english_words(&reply.text.to_string());
            assert!(english.is_empty(), "{english:?} in {}", reply.text);
        }
        let clocks = match language {
            Language::It => "⏱ 3+2 · Bianco 3:00 ◀ · Nero 3:00",
            _ => "⏱ 3+2 · Blancas 3:00 ◀ · Negras 3:00",
        };
        assert!(board.text.contains(clocks), "{}", board.text);
    }
}

#[test]
fn the_engine_plays_a_live_game_on_its_clock() {
    let w = world();
    let one_one = TimeControl {
        base_ms: 60_000,
        increment_ms: 1_000,
    };
    let reply = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::PlayEngine {
                level: 1,
                colour: ColourChoice::Black,
                clock: Some(one_one),
            },
        )
        .unwrap();
    // The engine (White) opened at once: no time passed on the service's clock, and it gained
    // its increment.
    let game = active(&w);
    assert_eq!(game.ply, 1);
    assert_eq!(game.clock.unwrap().left, ByColor::new(61_000, 60_000));
    assert!(
        reply.text.contains("⏱ 1+1 · White 1:01 · Black 1:00 ◀"),
        "{}",
        reply.text
    );
    w.clock.advance(Duration::from_secs(20));
    play_any(&w, ALICE);
    let game = active(&w);
    assert_eq!(game.ply, 3, "the engine replied");
    assert_eq!(game.clock.unwrap().left, ByColor::new(62_000, 41_000));
    // The engine's flag never falls, Alice's does.
    w.clock.advance(Duration::from_secs(41));
    w.service.flag_sweep().unwrap();
    assert_eq!(last_game(&w).result, Some(GameResult::WhiteWins));
}
