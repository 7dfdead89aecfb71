//! Ratings and what a finish counts; server settings.

use super::{ALICE, BOB, CAROL, CHANNEL, GUILD, finish, human_game, players};
use dama_core::i18n::Language;
use dama_core::store::{
    ByColor, Color, Counting, EndReason, Finish, GameResult, GameStatus, INITIAL_RATING, Rating,
    ServerSettings, Store, StoreError,
};

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

pub(super) fn close(a: f64, b: f64) -> bool {
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
        .set_server_discord_language(GUILD, Some(Language::Es))
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
        .set_server_discord_language(GUILD, Some(Language::En))
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
