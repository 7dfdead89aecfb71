//! Two processes on one PostgreSQL database (two services, each with its own change feed
//! across processes): a move made through one reaches a page connected to the other's server
//! at once. Skipped without `DAMA_TEST_POSTGRES` (see `tests/store/pg.rs`).

#[allow(dead_code)]
#[path = "store/pg.rs"]
mod pg;
#[path = "web_support/mod.rs"]
mod web_support;

use std::sync::Arc;

use damabot::console::People;
use damabot::game::{Action, Actor, GameService, ManualClock, Origin};
use damabot::i18n::Language;
use damabot::store::{ChangeFeed, DatabaseLocation};
use damabot::web::LocalAuth;
use serde_json::json;
use web_support::{CHANNEL, GUILD, START, game_at, game_from, page, send, settings};

/// A service on `url` whose feed goes across processes.
fn service(url: &str) -> Arc<GameService> {
    let store = damabot::store::PostgresStore::open(url).expect("the test database opens");
    let feed = ChangeFeed::new();
    feed.across_database(&DatabaseLocation::Postgres(url.to_owned()))
        .unwrap();
    Arc::new(
        GameService::new(
            Arc::new(store),
            Arc::new(ManualClock::new(START)),
            settings(),
        )
        .with_changes(feed),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_in_one_process_reaches_a_page_of_the_other() {
    let Some(database) = pg::test_database() else {
        return;
    };
    damabot::i18n::load().unwrap();
    let url = database.url.clone();
    let (first, second) = tokio::task::spawn_blocking(move || (service(&url), service(&url)))
        .await
        .unwrap();
    let people = Arc::new(People::default());
    let auth = Arc::new(LocalAuth::new(Arc::clone(&people), GUILD, CHANNEL));
    let server = web_support::start_with(Arc::clone(&second), auth, people).await;
    let (mut carol, _) = page(&server, "carol", "en").await;
    let game = game_from(
        &server,
        "alice",
        "bob",
        &dama_rules::Position::initial().to_fen(),
    );
    send(&mut carol, json!({"type": "watch", "game": game.id.0})).await;
    game_at(&mut carol, 0).await;
    let alice = Actor {
        user: server.people.id("alice"),
        name: "alice".into(),
        guild: GUILD,
        channel: CHANNEL,
        can_moderate: false,
        can_manage_server: false,
        language: Language::En,
        guild_language: None,
        can_open_threads: false,
    };
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
}
