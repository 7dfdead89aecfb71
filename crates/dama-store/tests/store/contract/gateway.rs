//! Turns to identify with Discord's gateway: at most `slots` held at once, each until the time
//! its holder asked for, and of processes asking at once only as many as there are slots win.

use dama_core::store::{IdentifyTurn, Store};

const SECOND: i64 = 1_000;

pub fn identify_turns_are_held_until_their_time(store: &dyn Store) {
    let now = 1_700_000_000 * SECOND;
    assert_eq!(
        store.take_identify_turn(1, now, now + 10 * SECOND).unwrap(),
        IdentifyTurn::Taken { slot: 0 }
    );
    assert_eq!(
        store
            .take_identify_turn(1, now + 3 * SECOND, now + 8 * SECOND)
            .unwrap(),
        IdentifyTurn::BusyUntil(now + 10 * SECOND),
        "the one turn is held until its time"
    );
    assert_eq!(
        store
            .take_identify_turn(1, now + 10 * SECOND, now + 15 * SECOND)
            .unwrap(),
        IdentifyTurn::Taken { slot: 0 },
        "free again at its time"
    );

    // With a concurrency of 2, a second process takes the other slot; a third waits for the
    // first slot to come free.
    let later = now + 100 * SECOND;
    assert_eq!(
        store
            .take_identify_turn(2, later, later + 5 * SECOND)
            .unwrap(),
        IdentifyTurn::Taken { slot: 0 }
    );
    assert_eq!(
        store
            .take_identify_turn(2, later, later + 7 * SECOND)
            .unwrap(),
        IdentifyTurn::Taken { slot: 1 }
    );
    assert_eq!(
        store
            .take_identify_turn(2, later + SECOND, later + 9 * SECOND)
            .unwrap(),
        IdentifyTurn::BusyUntil(later + 5 * SECOND)
    );
}

pub fn eight_threads_asking_for_one_identify_turn_one_wins(store: &dyn Store) {
    let now = 1_700_000_000 * SECOND;
    let taken = std::thread::scope(|scope| {
        let asks: Vec<_> = (0..8)
            .map(|_| scope.spawn(move || store.take_identify_turn(1, now, now + 5 * SECOND)))
            .collect();
        asks.into_iter()
            .map(|ask| ask.join().unwrap().unwrap())
            .filter(|turn| matches!(turn, IdentifyTurn::Taken { .. }))
            .count()
    });
    assert_eq!(taken, 1, "one turn, one process");
}
