//! The Activity's server end to end on loopback: pages of local people play a game through
//! the WebSocket, a spectator watches every move arrive, the service's refusals come back
//! translated, and a move made by a command reaches the pages.

use super::support::{CHANNEL, GUILD, game_at, game_from, next, page, send, start};
use dama_core::i18n::Language;
use dama_service::{Action, Actor, Origin};
use serde_json::json;

fn actor(server: &super::support::Server, name: &str, language: Language) -> Actor {
    Actor::new(server.people.id(name), name.to_owned(), GUILD, CHANNEL)
        .language(language)
        .can_open_threads(false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_pages_play_a_game_to_its_end_while_a_third_watches() {
    let server = start().await;
    // Black to move: Bob's 10-14, then Alice's double capture 19x10x3 takes everything.
    let (mut alice, hello) = page(&server, "alice", "it").await;
    assert_eq!(hello["language"], "it");
    assert_eq!(hello["words"]["activity-your-move"], "Tocca a te");
    assert_eq!(hello["squares"].as_array().unwrap().len(), 32);
    let (mut bob, _) = page(&server, "bob", "en-US").await;
    let (mut carol, _) = page(&server, "carol", "es-ES").await;
    // Without a game in the channel: the lobby.
    let lobby = next(&mut carol, "lobby").await;
    assert_eq!(lobby["games"], json!([]));
    let game = game_from(&server, "alice", "bob", "B:W19:B6,10");
    let id = game.id.0;
    for socket in [&mut alice, &mut bob, &mut carol] {
        send(socket, json!({"type": "watch", "game": id})).await;
    }
    let seen = game_at(&mut carol, 0).await;
    assert_eq!(seen["you"], json!(null));
    assert_eq!(seen["legal"], json!([]));
    let for_bob = game_at(&mut bob, 0).await;
    assert_eq!(for_bob["you"], "black");
    assert!(!for_bob["legal"].as_array().unwrap().is_empty());
    let for_alice = game_at(&mut alice, 0).await;
    assert_eq!(for_alice["you"], "white");
    assert_eq!(for_alice["legal"], json!([]));

    // Alice out of turn: refused with the service's own Italian words.
    let expected = server
        .service
        .act(
            &actor(&server, "alice", Language::It),
            Origin::Board {
                game: game.id,
                ply: 0,
                answers: None,
            },
            Action::Move {
                text: "19x10x3".into(),
            },
        )
        .unwrap();
    assert!(expected.ephemeral);
    send(
        &mut alice,
        json!({"type": "move", "game": id, "ply": 0, "move": "19x10x3"}),
    )
    .await;
    let refused = next(&mut alice, "refused").await;
    assert_eq!(super::support::text(&refused["text"]), expected.text);

    // Carol watches: she cannot act.
    send(&mut carol, json!({"type": "resign", "game": id})).await;
    let refused = next(&mut carol, "refused").await;
    assert!(!super::support::text(&refused["text"]).is_empty());

    // Bob moves: every page sees it.
    send(
        &mut bob,
        json!({"type": "move", "game": id, "ply": 0, "move": "10-14"}),
    )
    .await;
    let mut after = Vec::new();
    for socket in [&mut alice, &mut bob, &mut carol] {
        after.push(game_at(socket, 1).await);
    }
    assert_eq!(after[2]["moves"], json!(["10-14"]));
    assert_eq!(after[2]["spectators"], 1);
    assert_eq!(after[2]["last"], json!({"path": [10, 14], "captures": []}));
    let capture = &after[0]["legal"];
    assert_eq!(
        capture,
        &json!([{"text": "19x10x3", "path": [19, 10, 3], "captures": [14, 6]}])
    );
    assert_eq!(after[0]["compulsory"], true);

    // Alice's double capture ends the game.
    send(
        &mut alice,
        json!({"type": "move", "game": id, "ply": 1, "move": "19x10x3"}),
    )
    .await;
    for socket in [&mut alice, &mut bob, &mut carol] {
        let end = game_at(socket, 2).await;
        assert_eq!(end["status"], "finished");
        assert_eq!(end["result"]["winner"], "white");
        assert_eq!(end["board"][2], "W");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_by_a_command_reaches_the_page() {
    let server = start().await;
    let (mut carol, _) = page(&server, "carol", "en").await;
    let game = game_from(
        &server,
        "alice",
        "bob",
        &dama_rules::Position::initial().to_fen(),
    );
    send(&mut carol, json!({"type": "watch", "game": game.id.0})).await;
    game_at(&mut carol, 0).await;
    let service = std::sync::Arc::clone(&server.service);
    let alice = actor(&server, "alice", Language::En);
    let reply = tokio::task::spawn_blocking(move || {
        service.act(
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_frames_are_answered_with_an_error() {
    let server = start().await;
    let (mut page, _) = page(&server, "dave", "it").await;
    next(&mut page, "lobby").await;
    for _ in 0..40 {
        send(&mut page, json!({"type": "lobby"})).await;
    }
    let error = next(&mut page, "error").await;
    assert_eq!(
        super::support::text(&error["text"]),
        "Troppe azioni insieme: rallenta un momento."
    );
    // A frame the protocol does not have.
    let (mut other, _) = super::support::page(&server, "erin", "en").await;
    send(&mut other, json!({"type": "shout"})).await;
    let error = next(&mut other, "error").await;
    assert!(super::support::text(&error["text"]).contains("does not understand"));
}

/// Waits for the store to show what `look` finds.
async fn eventually<T>(mut look: impl FnMut() -> Option<T>) -> T {
    for _ in 0..200 {
        if let Some(found) = look() {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("never came");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_challenges_on_a_clock_and_the_game_carries_both_clocks() {
    let server = start().await;
    let (mut alice, _) = page(&server, "alice", "en-US").await;
    let (mut bob, _) = page(&server, "bob", "en-US").await;
    send(
        &mut alice,
        json!({"type": "challenge", "opponent": null, "level": null, "colour": "white",
               "time": "3+2"}),
    )
    .await;
    let store = server.service.store();
    let challenge = eventually(|| {
        store
            .pending_challenges_in_channel(CHANNEL, server.service.now())
            .unwrap()
            .pop()
    })
    .await;
    assert_eq!(
        challenge.clock.map(|c| c.to_string()).as_deref(),
        Some("3+2")
    );
    // Lobbies from before the challenge (Bob's own, Alice arriving) may come first; the
    // one that carries it comes by itself or in answer to Bob's request.
    send(&mut bob, json!({"type": "lobby"})).await;
    let mut lobby = next(&mut bob, "lobby").await;
    while lobby["challenges"] == json!([]) {
        lobby = next(&mut bob, "lobby").await;
    }
    assert_eq!(lobby["challenges"][0]["time"], "3+2");
    send(
        &mut bob,
        json!({"type": "accept", "challenge": challenge.id.0}),
    )
    .await;
    let game = eventually(|| store.active_game_in_channel(CHANNEL).unwrap()).await;
    send(&mut bob, json!({"type": "watch", "game": game.id.0})).await;
    let seen = game_at(&mut bob, 0).await;
    assert_eq!(
        seen["clock"],
        json!({"white_ms": 180_000, "black_ms": 180_000, "running": "white",
               "base_ms": 180_000, "increment_ms": 2_000})
    );
}
