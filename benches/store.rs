//! The stores under load.
//!
//! `cargo bench --bench store` prints the database size of 1,000 finished games of 80 plies,
//! then measures moves recorded per second by 8 threads over 1,000 active games, with each
//! SQLite durability setting (criterion's `thrpt` is moves per second).
//!
//! With `DAMA_BENCH_POSTGRES` set to a PostgreSQL server's URL (whose user may create a
//! schema: `dama_bench` is dropped and made anew), the same 8 threads over 1,000 active games
//! run on PostgreSQL, and then two processes (this benchmark again, 4 threads each, a half of
//! the games each) record moves at once:
//!
//! ```sh
//! DAMA_BENCH_POSTGRES=postgres://dama@127.0.0.1:54329/postgres cargo bench --bench store
//! ```

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group};
use dama_core::store::{EndReason, Finish, Game, GameId, GameResult, NewGame, Participant, Store};
use dama_rules::Position;
use dama_service::rating;
use dama_store::{Durability, OpenOptions, PostgresStore, SqliteStore};
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
    let games = active_games(&store);
    (store, games)
}

/// `GAMES` new active games, each in its own channel, between players `2i` and `2i + 1`.
fn active_games(store: &dyn Store) -> Vec<Game> {
    (0..GAMES)
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
                    clock: None,
                    rated: true,
                    start_fen: Position::initial().to_fen(),
                    created_at: 0,
                    in_thread: false,
                    language: None,
                })
                .expect("game stored")
        })
        .collect()
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

/// Records `per_thread` moves from each of `threads` threads, each over its share of `games`
/// (round robin, as players would).
fn play_moves(
    store: &dyn Store,
    games: &[Game],
    plies: &[AtomicU32],
    threads: usize,
    per_thread: u64,
) {
    let fen = Position::initial().to_fen();
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let fen = &fen;
            scope.spawn(move || {
                let mine: Vec<usize> = (thread..games.len()).step_by(threads).collect();
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
}

/// The benchmark database on the PostgreSQL server `server`: the schema `dama_bench`, made
/// anew, and the URL that opens it.
fn postgres_bench_url(server: &str) -> String {
    let mut client =
        postgres::Client::connect(server, postgres::NoTls).expect("the server answers");
    client
        .batch_execute("DROP SCHEMA IF EXISTS dama_bench CASCADE; CREATE SCHEMA dama_bench")
        .expect("the schema is made");
    let separator = if server.contains('?') { '&' } else { '?' };
    format!("{server}{separator}options=-csearch_path%3Ddama_bench")
}

/// 8 threads over 1,000 active games on PostgreSQL.
fn record_moves_postgres(c: &mut Criterion, server: &str) {
    let url = postgres_bench_url(server);
    let store = PostgresStore::open(&url).expect("store opens");
    let games = active_games(&store);
    let plies: Vec<AtomicU32> = games.iter().map(|_| AtomicU32::new(0)).collect();
    let mut group = c.benchmark_group("record_move_8_threads_1000_games");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("postgres", |b| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            play_moves(
                &store,
                &games,
                &plies,
                THREADS,
                iters.div_ceil(THREADS as u64),
            );
            started.elapsed()
        });
    });
    group.finish();
}

/// Moves each process records in a run of the two-process benchmark.
const MOVES_PER_PROCESS: u64 = 20_000;

/// Two processes (4 threads each, half the games each) recording moves at once: five runs,
/// the median printed.
fn two_processes_postgres(server: &str) {
    let url = postgres_bench_url(server);
    {
        let store = PostgresStore::open(&url).expect("store opens");
        active_games(&store);
    }
    let mut rates = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let children: Vec<_> = (0..2)
            .map(|worker| {
                std::process::Command::new(std::env::current_exe().expect("the bench binary"))
                    .env("DAMA_BENCH_WORKER", worker.to_string())
                    .env("DAMA_BENCH_WORKER_URL", &url)
                    .spawn()
                    .expect("a worker starts")
            })
            .collect();
        for mut child in children {
            assert!(
                child.wait().expect("the worker ends").success(),
                "a worker failed"
            );
        }
        rates.push(2.0 * MOVES_PER_PROCESS as f64 / started.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "postgres, 2 processes x 4 threads, 1,000 active games: {:.0} moves/s (median of 5 \
         runs of {} moves; min {:.0}, max {:.0})",
        rates[2],
        2 * MOVES_PER_PROCESS,
        rates[0],
        rates[4]
    );
}

/// One process of the two-process benchmark: 4 threads over the games of its half (even or
/// odd ids), continuing from their stored plies.
fn worker(index: u64, url: &str) {
    let store = PostgresStore::open(url).expect("store opens");
    let games: Vec<Game> = (1..=GAMES as i64)
        .filter(|id| (*id as u64) % 2 == index)
        .map(|id| store.game(GameId(id)).expect("read").expect("a game"))
        .collect();
    let plies: Vec<AtomicU32> = games.iter().map(|g| AtomicU32::new(g.ply)).collect();
    play_moves(
        &store,
        &games,
        &plies,
        THREADS / 2,
        MOVES_PER_PROCESS / (THREADS as u64 / 2),
    );
}

fn record_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("record_move_8_threads_1000_games");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
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
                let started = Instant::now();
                play_moves(
                    store.as_ref(),
                    &games,
                    &plies,
                    THREADS,
                    iters.div_ceil(THREADS as u64),
                );
                started.elapsed()
            });
        });
    }
    group.finish();
    if let Some(server) = std::env::var("DAMA_BENCH_POSTGRES")
        .ok()
        .filter(|s| !s.is_empty())
    {
        record_moves_postgres(c, &server);
    }
}

criterion_group!(benches, record_moves);

fn main() {
    if let (Ok(index), Ok(url)) = (
        std::env::var("DAMA_BENCH_WORKER"),
        std::env::var("DAMA_BENCH_WORKER_URL"),
    ) {
        worker(index.parse().expect("a worker number"), &url);
        return;
    }
    // `cargo test --benches` runs this once as a smoke test; the size report is for benches.
    let smoke_test = std::env::args().any(|arg| arg == "--test");
    if !smoke_test {
        database_size();
    }
    benches();
    if let Some(server) = std::env::var("DAMA_BENCH_POSTGRES")
        .ok()
        .filter(|s| !s.is_empty() && !smoke_test)
    {
        two_processes_postgres(&server);
    }
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
