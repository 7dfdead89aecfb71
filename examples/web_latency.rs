//! Latency of the Activity's live board: a move sent by one player's page until the other
//! player's page receives the `game` frame that shows it, on loopback, with spectators' pages
//! connected to the same game (each reading every frame). Prints the median and the 99th
//! percentile and the spectators' frames received.
//!
//! ```sh
//! cargo run --release --example web_latency -- [SPECTATORS] [MOVES]
//! ```
//! Defaults: 200 spectators, 300 moves. The game is played from the initial position with the
//! first legal move each time, a move every 60 ms (each page within its 10 frames a second); a
//! finished game is followed by a new one.

mod measure;

#[path = "../tests/e2e/pages/support.rs"]
mod web_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use measure::{ms, peak_memory};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use web_support::{Socket, game_at, game_from, page, send};

/// The pause before each move.
const PACE: Duration = Duration::from_millis(60);

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let spectators: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let wanted: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let server = web_support::start().await;
    let (mut alice, _) = page(&server, "alice", "en").await;
    let (mut bob, _) = page(&server, "bob", "en").await;
    let received = Arc::new(AtomicUsize::new(0));
    let mut watchers = Vec::new();
    for n in 0..spectators {
        let (socket, _) = page(&server, &format!("spectator{n}"), "it").await;
        // Each spectator reads every frame in a task of its own.
        let (sink, mut stream) = socket.split();
        let received = Arc::clone(&received);
        tokio::spawn(async move {
            while let Some(Ok(_)) = stream.next().await {
                received.fetch_add(1, Ordering::Relaxed);
            }
        });
        watchers.push(sink);
    }
    let mut samples = Vec::with_capacity(wanted);
    let (mut game, mut state) = new_game(&server, &mut alice, &mut bob, &mut watchers).await;
    let mut white_to_move = true;
    let mut ply = 0;
    // `state`: the position the player to move last received (each frame is read once).
    while samples.len() < wanted {
        let (mover, other) = if white_to_move {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        if state["status"] != "active" {
            (game, state) = new_game(&server, &mut alice, &mut bob, &mut watchers).await;
            white_to_move = true;
            ply = 0;
            continue;
        }
        let text = state["legal"][0]["text"].as_str().unwrap().to_owned();
        // Within a page's allowance (10 frames a second): each page moves every 120 ms.
        tokio::time::sleep(PACE).await;
        let started = Instant::now();
        send(
            mover,
            json!({"type": "move", "game": game, "ply": ply, "move": text}),
        )
        .await;
        state = loop {
            let seen = game_at(other, ply + 1).await;
            // Frames of the game before may still be on their way.
            if seen["id"] == game {
                break seen;
            }
        };
        samples.push(started.elapsed());
        ply += 1;
        white_to_move = !white_to_move;
    }
    samples.sort();
    let at = |q: f64| ms(samples[((samples.len() - 1) as f64 * q).round() as usize]);
    println!(
        "{} moves, {spectators} spectators: median {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
         spectators' frames {}; peak memory {}",
        samples.len(),
        at(0.5),
        at(0.99),
        ms(*samples.last().unwrap()),
        received.load(Ordering::Relaxed),
        peak_memory()
    );
}

/// A spectator's sending half.
type Sink = futures_util::stream::SplitSink<Socket, Message>;

/// A new game between Alice and Bob, watched by both and every spectator; its id and the
/// position as Alice, to move, sees it.
async fn new_game(
    server: &web_support::Server,
    alice: &mut Socket,
    bob: &mut Socket,
    watchers: &mut [Sink],
) -> (i64, Value) {
    let id = game_from(
        server,
        "alice",
        "bob",
        &dama_rules::Position::initial().to_fen(),
    )
    .id
    .0;
    let mut seen: Value = json!(null);
    for socket in [&mut *bob, &mut *alice] {
        send(socket, json!({"type": "watch", "game": id})).await;
        seen = json!(null);
        while seen["id"] != id {
            seen = game_at(socket, 0).await;
        }
    }
    for sink in watchers.iter_mut() {
        let watch = json!({"type": "watch", "game": id}).to_string();
        sink.send(Message::Text(watch)).await.unwrap();
    }
    // Let the spectators' joining settle before measuring.
    tokio::time::sleep(Duration::from_millis(500)).await;
    (id, seen)
}
