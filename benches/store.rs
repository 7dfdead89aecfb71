//! The SQLite store under load.
//!
//! `cargo bench --bench store` prints the database size of 1,000 finished games of 80 plies,
//! then measures moves recorded per second by 8 threads over 1,000 active games, with each
//! durability setting (criterion's `thrpt` is moves per second).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group};
use dama_rules::Position;
use damabot::game::rating;
use damabot::store::{
    Durability, EndReason, Finish, Game, GameResult, NewGame, OpenOptions, Participant,
    SqliteStore, Store,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const GUILD: u64 = 1;
const GAMES: u64 = 1_000;
const THREADS: usize = 8;
const PLIES: u32 = 80;

/// Opens a fresh store with `GAMES` active games, each in its own channel, between players
/// `2i` and `2i + 1`.
fn store_with_active_games(dir: &Path, durability: Durability) -> (SqliteStore, Vec<Game>) {
    let options = OpenOptions {
        durability,
        ..OpenOptions::default()
    };
    let store = SqliteStore::open_with(&dir.join("bench.db"), &options).expect("store opens");
    let games = (0..GAMES)
        .map(|i| {
            for user in [2 * i + 1, 2 * i + 2] {
                store
                    .ensure_player(GUILD, user, &format!("player {user}"), 0)
                    .expect("player stored");
            }
            store
                .create_game(&NewGame {
                    guild: GUILD,
                    channel: 10_000 + i,
                    white: Participant::User(2 * i + 1),
                    black: Participant::User(2 * i + 2),
                    time_per_move_ms: 86_400_000,
                    rated: true,
                    start_fen: Position::initial().to_fen(),
                    created_at: 0,
                    in_thread: false,
                })
                .expect("game stored")
        })
        .collect();
    (store, games)
}

/// A legal game of exactly `PLIES` plies (long notation, FEN after), chosen at random.
fn random_game(rng: &mut StdRng) -> Vec<(String, String)> {
    loop {
        let mut position = Position::initial();
        let mut plies = Vec::new();
        while plies.len() < PLIES as usize {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(&m);
            plies.push((m.long(), position.to_fen()));
        }
        if plies.len() == PLIES as usize {
            return plies;
        }
    }
}

/// Plays 1,000 games of 80 plies to the end and prints the size of the database file.
fn database_size() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("bench.db");
    let mut rng = StdRng::seed_from_u64(20_240_601);
    let started = Instant::now();
    {
        let (store, games) = store_with_active_games(dir.path(), Durability::Process);
        for (index, game) in games.iter().enumerate() {
            let plies = random_game(&mut rng);
            let at = index as i64 * 1_000_000;
            for (ply, (long, fen)) in plies.iter().enumerate() {
                store
                    .record_move(game.id, ply as u32, long, fen, at + ply as i64)
                    .expect("move stored");
            }
            store
                .finish_game(
                    game.id,
                    Finish {
                        result: GameResult::Draw,
                        reason: EndReason::Agreement,
                        ply: PLIES,
                        at: at + 100,
                        counting: rating::counting(game),
                        rate: rating::glicko2,
                    },
                )
                .expect("game finished");
        }
        assert!(store.integrity_problems().expect("check runs").is_empty());
        // Dropping the store closes its connections; the last one checkpoints the WAL into
        // the main file and removes it.
    }
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    let moves = GAMES * u64::from(PLIES);
    println!(
        "database size: {GAMES} finished games of {PLIES} plies ({moves} moves, 2,000 players) \
         = {bytes} bytes ({:.1} MiB; {} bytes per game, {} per move); built in {:.1} s",
        bytes as f64 / 1_048_576.0,
        bytes / GAMES,
        bytes / moves,
        started.elapsed().as_secs_f64()
    );
}

fn record_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("record_move_8_threads_1000_games");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let fen = Position::initial().to_fen();
    for (name, durability) in [
        ("synchronous_normal", Durability::Process),
        ("synchronous_full", Durability::PowerLoss),
    ] {
        let dir = tempfile::tempdir().expect("temporary directory");
        let (store, games) = store_with_active_games(dir.path(), durability);
        let store = Arc::new(store);
        let plies: Vec<AtomicU32> = games.iter().map(|_| AtomicU32::new(0)).collect();
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let per_thread = iters.div_ceil(THREADS as u64);
                let started = Instant::now();
                std::thread::scope(|scope| {
                    for thread in 0..THREADS {
                        let (store, games, plies, fen) = (&store, &games, &plies, &fen);
                        scope.spawn(move || {
                            // Each thread plays its own games, round robin, as players would.
                            let mine: Vec<usize> = (thread..games.len()).step_by(THREADS).collect();
                            for i in 0..per_thread {
                                let game = mine[i as usize % mine.len()];
                                let ply = plies[game].load(Ordering::Relaxed);
                                store
                                    .record_move(games[game].id, ply, "22-18", fen, i64::from(ply))
                                    .expect("move stored");
                                plies[game].store(ply + 1, Ordering::Relaxed);
                            }
                        });
                    }
                });
                started.elapsed()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, record_moves);

fn main() {
    // `cargo test --benches` runs this once as a smoke test; the size report is for benches.
    if !std::env::args().any(|arg| arg == "--test") {
        database_size();
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
