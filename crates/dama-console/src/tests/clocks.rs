//! A live game on a clock in the console: `time:3+2` read in every language, both clocks on
//! the board, and the flag falling as `@advance` moves the clock.

use super::*;
use dama_core::store::TimeControl;

#[test]
fn a_live_game_in_the_console_ends_on_the_flag() {
    let (mut c, service) = console();
    let challenged = say(&mut c, "alice: /challenge bob colour:white time:3+2");
    assert!(
        challenged.contains("clock 3+2: 3 min each, 2 s added per move"),
        "{challenged}"
    );
    let board = say(&mut c, "bob: /accept");
    assert!(
        board.contains("⏱ 3+2 · White 3:00 ◀ · Black 3:00"),
        "{board}"
    );
    say(&mut c, "@advance 10s");
    let moved = say(&mut c, "alice: /move 22-18");
    assert!(moved.contains("White 2:52 · Black 3:00 ◀"), "{moved}");
    assert_eq!(ply(&service, c.place().1), Some(1));
    // Bob lets his three minutes run out: the sweep after the line flags him.
    let flagged = say(&mut c, "@advance 3m");
    assert!(flagged.contains("bob's time ran out."), "{flagged}");
    assert_eq!(ply(&service, c.place().1), None, "lost on time");
}

#[test]
fn live_time_controls_are_read_in_every_language() {
    for (line, accept) in [
        ("alice: /challenge bob time:5+3", "bob: /accept"),
        ("alice: /sfida bob tempo:5+3", "bob: /accetta"),
        ("alice: /retar bob tiempo:5+3", "bob: /aceptar"),
    ] {
        let (mut c, service) = console();
        say(&mut c, line);
        let challenge = service
            .store()
            .pending_challenges_in_channel(GENERAL, service.now())
            .unwrap()
            .remove(0);
        assert_eq!(
            challenge.clock,
            Some(TimeControl {
                base_ms: 300_000,
                increment_ms: 3_000
            }),
            "{line}"
        );
        say(&mut c, accept);
        let game = service
            .store()
            .active_game_in_channel(c.place().1)
            .unwrap()
            .unwrap();
        assert_eq!(game.clock.unwrap().left.white, 300_000, "{line}");
    }
}
