//! `damabot bench`: engine speed (nodes per second in the middle game) and the depth reached
//! from the start position in a fixed time (or the time to reach a depth), on one thread or
//! more (`--threads`: the nodes then count every thread's).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use dama_engine::{Engine, Limits, Options};
use dama_rules::{Game, Position, pdn};

/// `damabot bench [--depth N] [--time-ms MS | --start-depth N] [--hash-mb MB] [--threads N]
/// [--engine KEY=VALUE,...]`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Depth of each middle-game search.
    #[arg(long, default_value_t = 14)]
    pub depth: u32,
    /// Time for the search from the start position.
    #[arg(long, default_value_t = 1000)]
    pub time_ms: u64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash_mb: usize,
    /// Games whose positions after 20 plies are searched (the first games of the file).
    #[arg(long, default_value = "tests/data/campionato-assoluto-2005.pdn")]
    pub games: PathBuf,
    /// How many of those positions.
    #[arg(long, default_value_t = 12)]
    pub positions: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// Search the start position to this depth instead of for `--time-ms`.
    #[arg(long)]
    pub start_depth: Option<u32>,
    /// Engine settings as in `damabot match engine:` (`futility=off,razor=off,lmr-deep=off`,
    /// `eval=linear`, ...): to time the tree of another build on this one.
    #[arg(long, value_name = "KEY=VALUE,...", value_parser = crate::matches::parse_options)]
    pub engine: Option<Options>,
}

/// Middle-game positions: each game of a PDN file after `ply` plies, or the first position
/// after that with a choice of quiet moves (games without one are skipped).
#[must_use]
pub fn middle_game_positions(text: &str, ply: usize, count: usize) -> Vec<Position> {
    pdn::read_games(text)
        .iter()
        .filter_map(|game| {
            let replay = game.replay();
            let mut position = replay.start;
            for (i, m) in replay.moves.iter().enumerate() {
                if i >= ply && !position.must_capture() && position.legal_moves().len() >= 2 {
                    return Some(position);
                }
                position.play_unchecked(m);
            }
            None
        })
        .take(count)
        .collect()
}

/// This process's CPU time (user + system) from `/proc/self/stat`, where there is one: on a
/// shared machine wall time undercounts a single thread's speed.
#[must_use]
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    // Clock ticks are 1/100 s on Linux.
    Some((user + system) / 100.0)
}

/// `damabot bench`: prints each middle-game search, their nodes per second, then the search
/// from the start position in the given time.
#[must_use]
pub fn bench_command(args: &BenchArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.games) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", args.games.display());
            return ExitCode::from(crate::EXIT_USAGE);
        }
    };
    let positions = middle_game_positions(&text, 20, args.positions);
    let mut engine = Engine::new(args.hash_mb);
    engine.set_threads(usize::from(args.threads));
    if let Some(options) = args.engine {
        engine.set_options(options);
    }
    // Touch the whole table once, so the first search does not pay for it.
    engine.search(&Game::default(), &Limits::depth(12));
    let (mut nodes, mut seconds) = (0u64, 0f64);
    let cpu_before = cpu_seconds();
    println!(
        "middle game: {} positions, depth {}, {} thread{}",
        positions.len(),
        args.depth,
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    for (i, position) in positions.iter().enumerate() {
        engine.new_game();
        let result = engine.search(&Game::new(*position), &Limits::depth(args.depth));
        let s = result.elapsed.as_secs_f64();
        nodes += result.nodes;
        seconds += s;
        println!(
            "  {:>2} {} nodes={} time={s:.3} nps={:.0} score={} best={}",
            i + 1,
            position.to_fen(),
            result.nodes,
            result.nodes as f64 / s.max(1e-9),
            result.score,
            result.best.map_or_else(|| "-".into(), |m| m.hub()),
        );
    }
    let cpu = cpu_before.zip(cpu_seconds()).map(|(a, b)| b - a);
    println!(
        "middle game: nodes={nodes} time={seconds:.3} nps={:.0}{}",
        nodes as f64 / seconds.max(1e-9),
        cpu.map_or_else(String::new, |cpu| format!(
            " cpu={cpu:.2} nps-per-cpu-second={:.0}",
            nodes as f64 / cpu.max(1e-9)
        ))
    );
    engine.new_game();
    let (limits, label) = match args.start_depth {
        Some(depth) => (Limits::depth(depth), format!("depth {depth}")),
        None => (
            Limits::time(Duration::from_millis(args.time_ms)),
            format!("{} ms", args.time_ms),
        ),
    };
    let result = engine.search(&Game::default(), &limits);
    println!(
        "start position, {label}: depth={} time={:.3} nodes={} nps={:.0} score={} pv={}",
        result.depth,
        result.elapsed.as_secs_f64(),
        result.nodes,
        result.nodes as f64 / result.elapsed.as_secs_f64().max(1e-9),
        result.score,
        result
            .pv
            .iter()
            .map(dama_rules::Move::hub)
            .collect::<Vec<_>>()
            .join(" "),
    );
    ExitCode::SUCCESS
}
