//! Load benchmark of the game service: 1,000 games at once between people, on the SQLite
//! store (or on PostgreSQL: `DAMA_BENCH_POSTGRES=postgres://...`, in a schema
//! `dama_service_bench` made anew on that server), from many threads, without engine moves, with notifications on: Black chose direct
//! messages in every game, so each move by White builds one (built, not sent: an adapter posts
//! notices after the move's transaction). Prints moves per second, latency percentiles, the
//! direct messages built and peak memory.
//!
//! ```sh
//! cargo run --release --example service_load -- [GAMES] [THREADS] [MOVES_PER_GAME]
//! ```
//! Defaults: 1,000 games, 16 threads, 40 moves per game.
//!
//! ```sh
//! DAMA_BENCH_POSTGRES=postgres://dama@127.0.0.1:54329/postgres \
//!     cargo run --release --example service_load -- 1000 16 40
//! ```

mod measure;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dama_core::store::{NewGame, NotifyMode, Participant, Store};
use dama_rules::Position;
use dama_service::{Action, Actor, GameService, Origin, ServiceSettings, Suggestions, SystemClock};
use dama_store::{PostgresStore, SqliteStore};
use measure::{ms, peak_memory};

/// The benchmark's schema on the PostgreSQL server `server`, made anew, and the URL that opens
/// it.
fn postgres_bench_url(server: &str) -> String {
    let mut client =
        postgres::Client::connect(server, postgres::NoTls).expect("the server answers");
    client
        .batch_execute(
            "DROP SCHEMA IF EXISTS dama_service_bench CASCADE; CREATE SCHEMA dama_service_bench",
        )
        .expect("the schema is made");
    let separator = if server.contains('?') { '&' } else { '?' };
    format!("{server}{separator}options=-csearch_path%3Ddama_service_bench")
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(1000);
    let threads = args.next().unwrap_or(16);
    let moves_per_game = args.next().unwrap_or(40);

    let dir = tempfile::tempdir().expect("a temporary directory");
    let store: Arc<dyn Store> = match std::env::var("DAMA_BENCH_POSTGRES") {
        Ok(server) if !server.trim().is_empty() => {
            let url = postgres_bench_url(server.trim());
            println!("store: PostgreSQL ({})", server.trim());
            Arc::new(PostgresStore::open(&url).expect("the database opens"))
        }
        _ => {
            println!("store: SQLite");
            Arc::new(SqliteStore::open(&dir.path().join("load.db")).expect("the database opens"))
        }
    };
    let settings = ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(86_400),
        repetition_count: 3,
        think_time: Duration::from_millis(10),
        hash_mb: 1,
        max_concurrent_searches: 1,
        seed: Some(1),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: dama_coach::analysis::DEFAULT_NODES,
        engine_hints: 3,
    };
    let service = Arc::new(GameService::new(
        store.clone(),
        Arc::new(SystemClock),
        settings,
    ));

    // Game g is played in channel 10_000 + g by users 2g (White) and 2g + 1 (Black).
    let now = service.now();
    let guild = 1;
    for g in 0..games as u64 {
        let (white, black) = (2 * g + 1, 2 * g + 2);
        store
            .ensure_player(guild, white, &format!("w{g}"), now)
            .expect("player");
        store
            .ensure_player(guild, black, &format!("b{g}"), now)
            .expect("player");
        store
            .set_notify_mode(black, NotifyMode::Dm)
            .expect("a notify mode");
        store
            .create_game(&NewGame {
                guild,
                channel: 10_000 + g,
                white: Participant::User(white),
                black: Participant::User(black),
                time_per_move_ms: 86_400_000,
                clock: None,
                rated: true,
                start_fen: Position::initial().to_fen(),
                created_at: now,
                in_thread: false,
                language: None,
            })
            .expect("game");
    }

    let next_game = Arc::new(AtomicUsize::new(0));
    let direct_messages = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let service = Arc::clone(&service);
            let next_game = Arc::clone(&next_game);
            let direct_messages = Arc::clone(&direct_messages);
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                let mut seed = 0x9E37_79B9_7F4A_7C15_u64 ^ t as u64;
                // Each thread plays whole games, one move at a time, round robin over a batch,
                // so many games are in flight at once.
                loop {
                    let first = next_game.fetch_add(8, Ordering::SeqCst);
                    if first >= games {
                        break;
                    }
                    let batch: Vec<u64> =
                        (first..(first + 8).min(games)).map(|g| g as u64).collect();
                    for ply in 0..moves_per_game {
                        for &g in &batch {
                            let user = if ply % 2 == 0 { 2 * g + 1 } else { 2 * g + 2 };
                            let actor = Actor::new(user, "", 1, 10_000 + g).can_open_threads(false);
                            let Suggestions::Moves(options) =
                                service.suggestions(&actor, "").expect("suggestions")
                            else {
                                continue;
                            };
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            let choice = &options[(seed % options.len() as u64) as usize];
                            let begin = Instant::now();
                            let action = Action::Move {
                                text: choice.clone(),
                            };
                            let reply = service.act(&actor, Origin::Channel, action).expect("move");
                            latencies.push(begin.elapsed());
                            assert!(!reply.ephemeral, "{}", reply.text);
                            let built = reply.notices.iter().filter(|n| n.direct.is_some());
                            direct_messages.fetch_add(built.count(), Ordering::Relaxed);
                        }
                    }
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("thread"))
        .collect();
    let elapsed = started.elapsed();
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 - 1.0) * p) as usize];
    println!(
        "games {games}, threads {threads}, moves {}",
        latencies.len()
    );
    println!(
        "moves/s {:.0}",
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(pct(1.0))
    );
    println!(
        "direct messages built {}",
        direct_messages.load(Ordering::Relaxed)
    );
    println!("peak memory {}", peak_memory());
}
