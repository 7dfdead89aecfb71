//! Answers to draw offers and takeback requests: each names the offer or request it answers
//! and applies only while exactly that one stands, however the answers and withdrawals race.

use std::sync::Barrier;

use dama_core::store::{Color, EndReason, GameResult, GameStatus, Store, StoreError};

use super::{CHANNEL, fen, finish, human_game, players};

/// How many times each race is run.
const RACES: u64 = 100;

pub fn a_stale_answer_is_refused_once_the_offer_was_made_again(store: &dyn Store) {
    players(store);
    let game = human_game(store, CHANNEL, 0);
    // Offer, withdraw, offer again at the same ply: the first offer's accept is stale.
    let first = store
        .offer_draw(game.id, Color::White, 0)
        .unwrap()
        .draw_offer
        .unwrap();
    assert_eq!(first.number, 1);
    store.clear_draw_offer(game.id, first).unwrap();
    let again = store
        .offer_draw(game.id, Color::White, 0)
        .unwrap()
        .draw_offer
        .unwrap();
    assert_eq!((again.by, again.at_ply, again.number), (Color::White, 0, 2));
    let agreed = finish(&game, GameResult::Draw, EndReason::Agreement, 0, 1_000);
    assert!(matches!(
        store.accept_draw(game.id, first, agreed),
        Err(StoreError::NotStanding { game: g }) if g == game.id
    ));
    assert!(matches!(
        store.clear_draw_offer(game.id, first),
        Err(StoreError::NotStanding { .. })
    ));
    let still = store.game(game.id).unwrap().unwrap();
    assert_eq!(
        (still.status, still.draw_offer),
        (GameStatus::Active, Some(again))
    );
    // Only a draw by agreement answers an offer.
    let resigned = finish(&game, GameResult::WhiteWins, EndReason::Resign, 0, 1_000);
    assert!(matches!(
        store.accept_draw(game.id, again, resigned),
        Err(StoreError::Invalid(_))
    ));
    // A move clears the offer: its accept is stale too.
    store.record_move(game.id, 0, "m0", &fen(1), 500).unwrap();
    assert!(matches!(
        store.accept_draw(game.id, again, agreed),
        Err(StoreError::NotStanding { .. })
    ));

    // The same for takebacks.
    store.record_move(game.id, 1, "m1", &fen(2), 600).unwrap();
    let asked = store
        .request_takeback(game.id, Color::Black, 2)
        .unwrap()
        .takeback_request
        .unwrap();
    assert_eq!((asked.by, asked.at_ply, asked.number), (Color::Black, 2, 1));
    store.clear_takeback_request(game.id, asked).unwrap();
    let asked_again = store
        .request_takeback(game.id, Color::Black, 2)
        .unwrap()
        .takeback_request
        .unwrap();
    assert_eq!(asked_again.number, 2);
    assert!(matches!(
        store.accept_takeback(game.id, asked, 1, 700),
        Err(StoreError::NotStanding { .. })
    ));
    assert!(matches!(
        store.clear_takeback_request(game.id, asked),
        Err(StoreError::NotStanding { .. })
    ));
    assert_eq!(store.game(game.id).unwrap().unwrap().ply, 2);
    let back = store.accept_takeback(game.id, asked_again, 1, 700).unwrap();
    assert_eq!(
        (back.ply, back.takeback_request, back.takebacks),
        (1, None, 1)
    );
    assert_eq!(store.takebacks(game.id).unwrap()[0].by, Color::Black);

    // The offer standing is accepted.
    let offer = store
        .offer_draw(game.id, Color::Black, 1)
        .unwrap()
        .draw_offer
        .unwrap();
    assert_eq!(offer.number, 3);
    let agreed = finish(&game, GameResult::Draw, EndReason::Agreement, 1, 2_000);
    let finished = store.accept_draw(game.id, offer, agreed).unwrap();
    assert_eq!(finished.game.end_reason, Some(EndReason::Agreement));
    assert!(matches!(
        store.accept_draw(game.id, offer, agreed),
        Err(StoreError::GameNotActive { .. })
    ));
}

/// Runs `answer` and `withdraw` at once on two threads; their results.
fn race<A: Send, W: Send>(
    answer: impl FnOnce() -> A + Send,
    withdraw: impl FnOnce() -> W + Send,
) -> (A, W) {
    let barrier = Barrier::new(2);
    std::thread::scope(|scope| {
        let barrier = &barrier;
        let answering = scope.spawn(move || {
            barrier.wait();
            answer()
        });
        let withdrawing = scope.spawn(move || {
            barrier.wait();
            withdraw()
        });
        (answering.join().unwrap(), withdrawing.join().unwrap())
    })
}

pub fn an_accept_racing_a_withdrawal_never_takes_a_withdrawn_offer(store: &dyn Store) {
    players(store);
    let (mut accepted, mut withdrawn) = (0, 0);
    for round in 0..RACES {
        let game = human_game(store, CHANNEL + round, 0);
        let offer = store
            .offer_draw(game.id, Color::White, 0)
            .unwrap()
            .draw_offer
            .unwrap();
        let agreed = finish(&game, GameResult::Draw, EndReason::Agreement, 0, 1_000);
        // Black accepts while White withdraws and offers again at the same ply.
        let (accept, withdrawal) = race(
            || store.accept_draw(game.id, offer, agreed),
            || {
                let cleared = store.clear_draw_offer(game.id, offer);
                let again = cleared
                    .is_ok()
                    .then(|| store.offer_draw(game.id, Color::White, 0).unwrap());
                (cleared, again)
            },
        );
        let stored = store.game(game.id).unwrap().unwrap();
        match (accept, withdrawal) {
            (Ok(finished), (Err(StoreError::GameNotActive { .. }), None)) => {
                accepted += 1;
                assert_eq!(finished.game.end_reason, Some(EndReason::Agreement));
                assert_eq!(stored.status, GameStatus::Finished);
            }
            (Err(StoreError::NotStanding { .. }), (Ok(_), Some(again))) => {
                withdrawn += 1;
                assert_eq!(stored.status, GameStatus::Active, "round {round}");
                assert_eq!(stored.draw_offer, again.draw_offer);
                assert_eq!(stored.draw_offer.unwrap().number, 2);
                store.abort_game(game.id, 2_000).unwrap();
            }
            (accept, withdrawal) => {
                panic!("round {round}: accept {accept:?}, withdrawal {withdrawal:?}")
            }
        }
    }
    assert_eq!(accepted + withdrawn, RACES);
}

pub fn a_takeback_accept_racing_a_withdrawal_never_takes_moves_back(store: &dyn Store) {
    players(store);
    let (mut accepted, mut withdrawn) = (0, 0);
    for round in 0..RACES {
        let game = human_game(store, CHANNEL + round, 0);
        store.record_move(game.id, 0, "m0", &fen(1), 10).unwrap();
        store.record_move(game.id, 1, "m1", &fen(2), 20).unwrap();
        let request = store
            .request_takeback(game.id, Color::Black, 2)
            .unwrap()
            .takeback_request
            .unwrap();
        let (accept, withdrawal) = race(
            || store.accept_takeback(game.id, request, 1, 30),
            || {
                let cleared = store.clear_takeback_request(game.id, request);
                if cleared.is_ok() {
                    // Asked again at once: the first request's accept must not apply to it.
                    let again = store.request_takeback(game.id, Color::Black, 2);
                    assert!(again.is_ok(), "{again:?}");
                }
                cleared
            },
        );
        let stored = store.game(game.id).unwrap().unwrap();
        match (accept, withdrawal) {
            (Ok(back), Err(StoreError::NotStanding { .. } | StoreError::StalePly { .. })) => {
                accepted += 1;
                assert_eq!((back.ply, stored.ply, stored.takebacks), (1, 1, 1));
            }
            (Err(StoreError::NotStanding { .. }), Ok(_)) => {
                withdrawn += 1;
                assert_eq!((stored.ply, stored.takebacks), (2, 0), "round {round}");
                assert_eq!(store.moves(game.id).unwrap().len(), 2);
                assert!(store.takebacks(game.id).unwrap().is_empty());
            }
            (accept, withdrawal) => {
                panic!("round {round}: accept {accept:?}, withdrawal {withdrawal:?}")
            }
        }
        store.abort_game(game.id, 40).unwrap();
    }
    assert_eq!(accepted + withdrawn, RACES);
}
