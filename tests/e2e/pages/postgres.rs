//! Two processes on one PostgreSQL database (two services, each with its own change feed
//! across processes): a move made through one reaches a page connected to the other's server
//! at once. Skipped without `DAMA_TEST_POSTGRES` (see `tests/store/pg.rs`).

#[allow(dead_code)]
use std::sync::Arc;

use super::support::{CHANNEL, GUILD, START, game_at, game_from, next, page, send, settings};
use dama_console::LocalAuth;
use dama_console::People;
use dama_core::feed::ChangeFeed;
use dama_core::store::DatabaseLocation;
use dama_service::{Action, Actor, GameService, ManualClock, Origin};
use serde_json::json;

/// A service on `url` whose feed goes across processes.
fn service(url: &str) -> Arc<GameService> {
    let store = dama_store::PostgresStore::open(url).expect("the test database opens");
    let feed = ChangeFeed::new();
    dama_store::feed::across_database(&feed, &DatabaseLocation::Postgres(url.to_owned())).unwrap();
    Arc::new(
        GameService::new(
            Arc::new(store),
            Arc::new(ManualClock::new(START)),
            settings(),
        )
        .with_changes(feed),
    )
}

// Synchronous: the PostgreSQL client blocks, so the store is used off the runtime.
#[test]
fn a_move_in_one_process_reaches_a_page_of_the_other() {
    let Some(database) = crate::pg::test_database() else {
        return;
    };
    dama_core::i18n::load().unwrap();
    let first = service(&database.url);
    let second = service(&database.url);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    // The services' last references are dropped here, off the runtime (a PostgreSQL client
    // closes by blocking).
    let (first_kept, second_kept) = (Arc::clone(&first), Arc::clone(&second));
    runtime.block_on(async move {
        let people = Arc::new(People::default());
        let auth = Arc::new(LocalAuth::new(Arc::clone(&people), GUILD, CHANNEL));
        let server = Arc::new(super::support::start_with(Arc::clone(&second), auth, people).await);
        let (mut carol, _) = page(&server, "carol", "en").await;
        let stored = Arc::clone(&server);
        let game = tokio::task::spawn_blocking(move || {
            game_from(
                &stored,
                "alice",
                "bob",
                &dama_rules::Position::initial().to_fen(),
            )
        })
        .await
        .unwrap();
        send(&mut carol, json!({"type": "watch", "game": game.id.0})).await;
        game_at(&mut carol, 0).await;
        let alice =
            Actor::new(server.people.id("alice"), "alice", GUILD, CHANNEL).can_open_threads(false);
        // The move is made by the other process's service, as a slash command there would.
        let reply = tokio::task::spawn_blocking(move || {
            first.act(
                &alice,
                Origin::Channel,
                Action::Move {
                    text: "22-18".into(),
                },
            )
        })
        .await
        .unwrap()
        .unwrap();
        assert!(!reply.ephemeral, "{}", reply.text);
        let seen = game_at(&mut carol, 1).await;
        assert_eq!(seen["moves"], json!(["22-18"]));
    });
    // Every task dropped before the services are (their last references are the test's):
    // a task still holding a PostgreSQL client when the runtime goes would close it there.
    runtime.shutdown_timeout(std::time::Duration::from_secs(10));
    drop((first_kept, second_kept));
    drop(database);
}

// Synchronous, as above.
#[test]
fn a_spectator_in_one_process_counts_in_the_other() {
    let Some(database) = crate::pg::test_database() else {
        return;
    };
    dama_core::i18n::load().unwrap();
    let first = service(&database.url);
    let second = service(&database.url);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (first_kept, second_kept) = (Arc::clone(&first), Arc::clone(&second));
    runtime.block_on(async move {
        // One set of names for both processes, as Discord's ids would be.
        let people = Arc::new(People::default());
        let auth = Arc::new(LocalAuth::new(Arc::clone(&people), GUILD, CHANNEL));
        let here =
            Arc::new(super::support::start_with(first, auth.clone(), Arc::clone(&people)).await);
        let there = super::support::start_with(second, auth, people).await;
        let stored = Arc::clone(&here);
        let game = tokio::task::spawn_blocking(move || {
            game_from(
                &stored,
                "alice",
                "bob",
                &dama_rules::Position::initial().to_fen(),
            )
        })
        .await
        .unwrap();
        let (mut dave, _) = page(&here, "dave", "en").await;
        let seen = next(&mut dave, "game").await;
        assert_eq!(seen["game"]["spectators"], 1, "the page counts itself");
        // Carol watches through the other process: Dave's page counts her.
        let (mut carol, _) = page(&there, "carol", "en").await;
        send(&mut carol, json!({"type": "watch", "game": game.id.0})).await;
        loop {
            if game_at(&mut dave, 0).await["spectators"] == 2 {
                break;
            }
        }
        // And so does Dave's lobby; Carol's page counts Dave too.
        loop {
            if game_at(&mut carol, 0).await["spectators"] == 2 {
                break;
            }
        }
        send(&mut dave, json!({"type": "lobby"})).await;
        loop {
            let lobby = next(&mut dave, "lobby").await;
            if lobby["games"][0]["spectators"] == 1 {
                break;
            }
        }
        // Carol leaves: one spectator again, Dave back on the game.
        drop(carol);
        send(&mut dave, json!({"type": "watch", "game": game.id.0})).await;
        loop {
            if game_at(&mut dave, 0).await["spectators"] == 1 {
                break;
            }
        }
    });
    // Every task dropped before the services are (their last references are the test's).
    runtime.shutdown_timeout(std::time::Duration::from_secs(10));
    drop((first_kept, second_kept));
    drop(database);
}
