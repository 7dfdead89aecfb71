//! Flood benchmark of the game service: 50 members each send 10 `/play level:8` and 20
//! `/replay` within 10 seconds, each request on the threads of its lane as the Discord adapter
//! runs them (engine and drawing work on the CPU threads, the rest on tokio's blocking pool;
//! replays drawn as GIFs, as the adapter does), while one other player makes moves in a game
//! between people, the same way. Prints that player's move answers (p50, p99, max), what became of
//! every request (answered, refused with a reason, failed: none may be missing), how long the
//! engine took to work off its line, and peak memory.
//!
//! ```sh
//! cargo run --release --example service_flood -- [limits|off] [THINK_MS] [MEMBERS]
//! ```
//! Defaults: the `[limits]` defaults, the configured think time (2,000 ms), 50 members, on a
//! SQLite store and as many engines as cores. `off` runs with [`Limits::off`] (no cooldowns and
//! no caps; the engine's line still bounded) for comparison.

mod measure;

use dama_core::config::Limits;
use dama_core::store::ColourChoice;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dama_core::config::Config;
use dama_core::store::{GameId, NewGame, Participant, Store};
use dama_render::Renderer;
use dama_rules::Position;
use dama_service::work::Work;
use dama_service::{
    Action, Actor, GameService, Origin, Reply, ServiceSettings, Suggestions, SystemClock,
};
use dama_store::SqliteStore;
use measure::{ms, peak_memory};

const GUILD: u64 = 1;
/// The player whose moves are timed, and their opponent.
const MOVER: u64 = 1;
const OPPONENT: u64 = 2;
/// Members are users 100.., each in a channel 10_000 + user.
const FIRST_MEMBER: u64 = 100;
const PLAYS: usize = 10;
const REPLAYS: usize = 20;
const FLOOD: Duration = Duration::from_secs(10);

fn actor(user: u64, channel: u64) -> Actor {
    Actor::new(user, format!("member{user}"), GUILD, channel)
}

/// What became of the requests of one kind.
#[derive(Default)]
struct Outcomes {
    sent: AtomicUsize,
    answered: AtomicUsize,
    refused: Mutex<std::collections::BTreeMap<String, usize>>,
    failed: AtomicUsize,
}

impl Outcomes {
    fn record(&self, result: &Result<Reply, dama_service::ServiceError>) {
        match result {
            Ok(reply) if reply.ephemeral => {
                // The refusal's kind: its first words.
                let kind: String = reply
                    .text
                    .plain()
                    .split_whitespace()
                    .take(6)
                    .collect::<Vec<_>>()
                    .join(" ");
                *self.refused.lock().unwrap().entry(kind).or_default() += 1;
            }
            Ok(_) => {
                self.answered.fetch_add(1, Ordering::SeqCst);
            }
            Err(_) => {
                self.failed.fetch_add(1, Ordering::SeqCst);
            }
        }
    }

    fn print(&self, name: &str) {
        let refused = self.refused.lock().unwrap();
        let total_refused: usize = refused.values().sum();
        let answered = self.answered.load(Ordering::SeqCst);
        let failed = self.failed.load(Ordering::SeqCst);
        let sent = self.sent.load(Ordering::SeqCst);
        println!(
            "{name}: sent {sent}, answered {answered}, refused {total_refused}, failed {failed}, \
             missing {}",
            sent - answered - total_refused - failed
        );
        for (kind, count) in refused.iter() {
            println!("    {count:>5} × {kind}…");
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let limits = match args.next().as_deref() {
        None | Some("limits") => Limits::default(),
        Some("off") => Limits::off(),
        Some(other) => panic!("`limits` or `off`, not {other}"),
    };
    let config = Config::default();
    let think_ms: u64 = args.next().map_or_else(
        || u64::try_from(config.engine.think_time.as_millis()).unwrap_or(2000),
        |a| a.parse().expect("a think time in ms"),
    );
    let members: u64 = args
        .next()
        .map_or(50, |a| a.parse().expect("a number of members"));

    let dir = tempfile::tempdir().expect("a temporary directory");
    let store: Arc<dyn Store> =
        Arc::new(SqliteStore::open(&dir.path().join("flood.db")).expect("the database opens"));
    let mut settings = ServiceSettings::from_config(&config);
    settings.think_time = Duration::from_millis(think_ms);
    settings.seed = Some(1);
    let service = Arc::new(
        GameService::new(store.clone(), Arc::new(SystemClock), settings).with_limits(limits),
    );
    let renderer = Arc::new(Renderer::new(&config.render).expect("the renderer"));
    println!(
        "members {members}, think time {think_ms} ms, engines {}, limits {}",
        config.max_concurrent_searches(),
        if service.limits() == &Limits::off() {
            "off"
        } else {
            "default"
        }
    );

    // A game to replay: 60 plies between the timed player and their opponent.
    let replayed = play_game(&service, 9_000, 60);
    // The timed player's game.
    let mut game_channel = 9_001;
    new_game(&service, game_channel);

    let plays = Arc::new(Outcomes::default());
    let replays = Arc::new(Outcomes::default());
    let started = Instant::now();
    let mut requests = Vec::new();
    // Every member's requests at times spread over the flood, in a fixed order.
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut schedule = Vec::new();
    for member in 0..members {
        let user = FIRST_MEMBER + member;
        for kind in std::iter::repeat_n(true, PLAYS).chain(std::iter::repeat_n(false, REPLAYS)) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = Duration::from_micros(seed % u64::try_from(FLOOD.as_micros()).unwrap());
            schedule.push((at, user, kind));
        }
    }
    schedule.sort_by_key(|&(at, ..)| at);
    // The bot's runtime and its work as the adapter runs it: each service call on the threads
    // of its lane (the CPU threads sized as the bot sizes them, or tokio's blocking pool).
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let pool = runtime.handle().clone();
    let work = Work::with_cpu_threads(service.cpu_threads());
    let flood = {
        let pool = pool.clone();
        let work = work.clone();
        let (service, renderer, plays, replays) = (
            service.clone(),
            renderer.clone(),
            plays.clone(),
            replays.clone(),
        );
        std::thread::spawn(move || {
            let _runtime = pool.enter();
            for (at, user, play) in schedule {
                if let Some(wait) = at.checked_sub(started.elapsed()) {
                    std::thread::sleep(wait);
                }
                let (service, renderer) = (service.clone(), renderer.clone());
                let outcomes = if play { plays.clone() } else { replays.clone() };
                outcomes.sent.fetch_add(1, Ordering::SeqCst);
                let action = if play {
                    Action::PlayEngine {
                        level: 8,
                        colour: ColourChoice::Random,
                        clock: None,
                    }
                } else {
                    Action::Replay {
                        game: Some(replayed.0),
                    }
                };
                requests.push(work.spawn_in(action.lane(), move || {
                    let who = actor(user, 10_000 + user);
                    let result = service.act(&who, Origin::Channel, action);
                    if let Ok(reply) = &result {
                        if let Some(view) = &reply.replay {
                            let gif = renderer.replay_gif(
                                &view.start,
                                &view.moves,
                                view.bottom,
                                &view.captions,
                            );
                            assert!(!gif.is_empty());
                        }
                    }
                    outcomes.record(&result);
                }));
            }
            requests
        })
    };

    // Meanwhile the timed player and their opponent move in turn, 50 ms apart.
    let mut latencies = Vec::new();
    let mut turn = [MOVER, OPPONENT];
    while started.elapsed() < FLOOD {
        let who = actor(turn[0], game_channel);
        let Ok(Suggestions::Moves(options)) = service.suggestions(&who, "") else {
            // The game ended: another one.
            game_channel += 1;
            new_game(&service, game_channel);
            turn = [MOVER, OPPONENT];
            continue;
        };
        let begin = Instant::now();
        let action = Action::Move {
            text: options[latencies.len() % options.len()].clone(),
        };
        let mover = service.clone();
        let lane = action.lane();
        let reply = runtime
            .block_on(async {
                work.spawn_in(lane, move || mover.act(&who, Origin::Channel, action))
                    .await
            })
            .expect("the threads of the move's lane")
            .expect("a move");
        let took = begin.elapsed();
        if turn[0] == MOVER {
            latencies.push(took);
        }
        assert!(!reply.ephemeral, "{}", reply.text);
        turn.swap(0, 1);
        std::thread::sleep(Duration::from_millis(50));
    }
    let requests = flood.join().expect("the flood");
    let flood_end = started.elapsed();
    for request in requests {
        runtime.block_on(request).expect("a request");
    }
    let drained = started.elapsed();

    latencies.sort();
    let pct = |p: f64| {
        #[allow(
            clippy::cast_precision_loss,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss
        )]
        let index = ((latencies.len() as f64 - 1.0) * p) as usize;
        latencies[index]
    };
    println!(
        "timed player's moves {}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        ms(pct(0.5)),
        ms(pct(0.99)),
        ms(pct(1.0))
    );
    plays.print("/play level:8");
    replays.print("/replay");
    println!(
        "flood sent in {:.1} s; every request answered after {:.1} s; engine line now {}",
        flood_end.as_secs_f64(),
        drained.as_secs_f64(),
        service.engine_queue()
    );
    println!("peak memory {}", peak_memory());
}

/// Plays `plies` moves (or to the end) of a new game between the timed player and their
/// opponent in `channel`; its id.
fn play_game(service: &GameService, channel: u64, plies: usize) -> GameId {
    let game = new_game(service, channel);
    let mut turn = [MOVER, OPPONENT];
    for ply in 0..plies {
        let who = actor(turn[0], channel);
        let Ok(Suggestions::Moves(options)) = service.suggestions(&who, "") else {
            break;
        };
        let text = options[ply * 7 % options.len()].clone();
        service
            .act(&who, Origin::Channel, Action::Move { text })
            .expect("a move");
        turn.swap(0, 1);
    }
    game
}

/// A new game between the timed player (White) and their opponent in `channel`.
fn new_game(service: &GameService, channel: u64) -> GameId {
    let store = service.store();
    let now = service.now();
    for (user, name) in [(MOVER, "mover"), (OPPONENT, "opponent")] {
        store
            .ensure_player(GUILD, user, name, now)
            .expect("a player");
    }
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel,
            white: Participant::User(MOVER),
            black: Participant::User(OPPONENT),
            time_per_move_ms: 86_400_000,
            clock: None,
            rated: true,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .expect("a game")
        .id
}
