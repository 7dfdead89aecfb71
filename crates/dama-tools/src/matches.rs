//! `damabot match`: games between two players from a file of openings, each opening played
//! twice with colours swapped; prints the score and the Elo difference with its 95% margin
//! and writes the games as PDN. With `--sprt elo0=..,elo1=..` it runs a sequential test on
//! the game pairs (see [`crate::sprt`]) and stops as soon as the test is decided.
//!
//! A player is `level:N` (a bot level, 1-8), `engine:KEY=VALUE,...` (the engine with explicit
//! settings: `depth`, `nodes`, `time` in milliseconds, `hash` in MiB, `threads`, `eval`
//! (`patterns` or `linear`), and the switches `ext` (only-move extension), `singular`, `lmr`
//! and `contempt`, on or off), or
//! `hub:COMMAND` (an external engine over the Hub protocol). A `level:` or `engine:` player
//! ending in `+tables` plays with the endgame tables of `--tables DIR`.
//!
//! For every player with a think time per move (`level:8`, `engine:time=`, and Hub players
//! under `--hub-level move-time=`) the report gives the share of that time it used per move.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use dama_engine::{Engine, Level, Limits, Options, Tablebase, choose_move};
use dama_rules::{Color, Game, Move, Position, pdn};

use crate::hub::HubClient;
use crate::sprt::{Sprt, SprtSpec};

/// `damabot match A B [options]`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The first player: `level:N`, `engine:nodes=20000,...` or `hub:COMMAND`; `+tables` at the
    /// end of a level or engine player gives it the endgame tables.
    pub first: String,
    /// The second player.
    pub second: String,
    /// Games to play (rounded up to an even number: each opening twice); with `--sprt`, the
    /// most to play if the test stays undecided.
    #[arg(long, short = 'n', default_value_t = 200)]
    pub games: usize,
    /// Openings, one FEN a line.
    #[arg(long, default_value = "tests/data/openings-11man.txt")]
    pub openings: PathBuf,
    /// Skip this many openings of the file first.
    #[arg(long, default_value_t = 0)]
    pub skip: usize,
    /// Write the games here as PDN.
    #[arg(long)]
    pub pdn: Option<PathBuf>,
    /// Games played at the same time.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// A game still running after this many plies is scored a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Think time of level 8 per move, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub think_ms: u64,
    /// Transposition table of each engine player, in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash_mb: usize,
    /// The `level` line sent to Hub players before each move.
    #[arg(long, default_value = "move-time=0.1")]
    pub hub_level: String,
    /// Seed of the levels' random choices (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one line per finished game (and, with `--sprt`, per finished pair).
    #[arg(long)]
    pub verbose: bool,
    /// A sequential probability ratio test on the game pairs: stop when the first player is
    /// shown at least `elo1` stronger (H1) or at most `elo0` (H0).
    #[arg(long, value_name = "elo0=E0,elo1=E1[,alpha=A,beta=B]")]
    pub sprt: Option<SprtSpec>,
    /// The endgame tables of `+tables` players.
    #[arg(long, value_name = "DIR", default_value = "tables")]
    pub tables: PathBuf,
}

/// A player spec and whether it plays with the endgame tables (a `+tables` suffix).
fn parse_seat(text: &str) -> Result<(PlayerSpec, bool), String> {
    match text.strip_suffix("+tables") {
        Some(spec) => {
            let spec: PlayerSpec = spec.parse()?;
            if matches!(spec, PlayerSpec::Hub(_)) {
                return Err("+tables is for level: and engine: players".into());
            }
            Ok((spec, true))
        }
        None => Ok((text.parse()?, false)),
    }
}

/// Loads the tables of `+tables` players: problems go to stderr, no table at all is an error.
fn load_match_tables(dir: &std::path::Path) -> Result<Arc<Tablebase>, String> {
    let (tables, problems) = Tablebase::load(dir);
    for problem in &problems {
        eprintln!("endgame tables: {problem}");
    }
    if tables.max_pieces() == 0 {
        return Err(format!(
            "no endgame tables in {} (build them with `damabot tables build`)",
            dir.display()
        ));
    }
    eprintln!(
        "endgame tables: up to {} pieces, {} MiB",
        tables.max_pieces(),
        tables.bytes() >> 20
    );
    Ok(Arc::new(tables))
}

/// Who plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    Level(Level),
    Engine {
        limits: EngineLimits,
        hash_mb: Option<usize>,
        options: Options,
        /// Search threads (1 unless `threads=` says otherwise).
        threads: usize,
    },
    Hub(String),
}

impl PlayerSpec {
    /// The threads the player searches on (1 for levels; unknown for Hub players, counted 1).
    #[must_use]
    pub fn threads(&self) -> usize {
        match self {
            PlayerSpec::Engine { threads, .. } => *threads,
            PlayerSpec::Level(_) | PlayerSpec::Hub(_) => 1,
        }
    }
}

/// Limits of an `engine:` player (time in milliseconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineLimits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time_ms: Option<u64>,
}

impl std::str::FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerSpec, String> {
        if let Some(level) = text.strip_prefix("level:") {
            return level.parse().map(PlayerSpec::Level);
        }
        if let Some(command) = text.strip_prefix("hub:") {
            if command.trim().is_empty() {
                return Err("hub: needs a command".into());
            }
            return Ok(PlayerSpec::Hub(command.to_owned()));
        }
        let Some(settings) = text.strip_prefix("engine:") else {
            return Err(format!(
                "unknown player `{text}`: use level:N, engine:nodes=N,... or hub:COMMAND"
            ));
        };
        let mut limits = EngineLimits::default();
        let mut hash_mb = None;
        let mut options = Options::default();
        let mut threads = 1;
        for setting in settings.split(',').filter(|s| !s.is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("engine setting `{setting}` needs key=value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("engine setting {key} needs a number, not `{value}`"))
            };
            let switch = || match value {
                "on" | "1" | "true" => Ok(true),
                "off" | "0" | "false" => Ok(false),
                _ => Err(format!("engine setting {key} is on or off, not `{value}`")),
            };
            match key {
                "depth" => limits.depth = Some(number()? as u32),
                "nodes" => limits.nodes = Some(number()?),
                "time" => limits.time_ms = Some(number()?),
                "hash" => hash_mb = Some(number()? as usize),
                "threads" => {
                    threads = number()?.clamp(1, crate::hub::MAX_THREADS as u64) as usize;
                }
                "ext" => options.only_move_extension = switch()?,
                "singular" => options.singular = switch()?,
                "lmr" => options.reductions = switch()?,
                "eval" => {
                    options.linear_eval = match value {
                        "linear" => true,
                        "patterns" => false,
                        _ => {
                            return Err(format!(
                                "engine setting eval is linear or patterns, not `{value}`"
                            ));
                        }
                    }
                }
                "contempt" => options.contempt = switch()?,
                other => return Err(format!("unknown engine setting `{other}`")),
            }
        }
        if limits == EngineLimits::default() {
            return Err("an engine: player needs depth=, nodes= or time=".into());
        }
        Ok(PlayerSpec::Engine {
            limits,
            hash_mb,
            options,
            threads,
        })
    }
}

/// A player ready to move.
enum Player {
    Level {
        engine: Engine,
        level: Level,
        think: Duration,
    },
    Engine {
        engine: Engine,
        limits: EngineLimits,
    },
    Hub {
        client: HubClient,
        level: String,
    },
}

/// The think time a player has per move, if it has one: level 8's, an `engine:time=` player's,
/// a Hub player's under `move-time=` (seconds).
fn think_budget(spec: &PlayerSpec, args: &MatchArgs) -> Option<Duration> {
    match spec {
        PlayerSpec::Level(level) => {
            (*level == Level::MAX).then(|| Duration::from_millis(args.think_ms))
        }
        PlayerSpec::Engine { limits, .. } => limits.time_ms.map(Duration::from_millis),
        PlayerSpec::Hub(_) => args
            .hub_level
            .split_whitespace()
            .find_map(|word| word.strip_prefix("move-time="))
            .and_then(|seconds| seconds.parse::<f64>().ok())
            .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
            .map(Duration::from_secs_f64),
    }
}

/// The share of its think time a player used per move, over a match.
#[derive(Debug, Clone, Default)]
pub struct TimeUsed {
    /// Each move's time as a share of the budget.
    pub shares: Vec<f64>,
}

impl TimeUsed {
    /// The mean and the median share (`None` without moves).
    #[must_use]
    pub fn mean_and_median(&self) -> Option<(f64, f64)> {
        if self.shares.is_empty() {
            return None;
        }
        let mean = self.shares.iter().sum::<f64>() / self.shares.len() as f64;
        let mut sorted = self.shares.clone();
        sorted.sort_by(f64::total_cmp);
        let middle = sorted.len() / 2;
        let median = if sorted.len() % 2 == 0 {
            f64::midpoint(sorted[middle - 1], sorted[middle])
        } else {
            sorted[middle]
        };
        Some((mean, median))
    }
}

impl Player {
    fn start(
        spec: &PlayerSpec,
        args: &MatchArgs,
        tables: Option<&Arc<Tablebase>>,
    ) -> Result<Player, String> {
        let mut player = Player::start_without_tables(spec, args)?;
        match &mut player {
            Player::Level { engine, .. } | Player::Engine { engine, .. } => {
                engine.set_tablebase(tables.cloned());
            }
            Player::Hub { .. } => {}
        }
        Ok(player)
    }

    fn start_without_tables(spec: &PlayerSpec, args: &MatchArgs) -> Result<Player, String> {
        Ok(match spec {
            PlayerSpec::Level(level) => Player::Level {
                engine: Engine::new(args.hash_mb),
                level: *level,
                think: Duration::from_millis(args.think_ms),
            },
            PlayerSpec::Engine {
                limits,
                hash_mb,
                options,
                threads,
            } => {
                let mut engine = Engine::new(hash_mb.unwrap_or(args.hash_mb));
                engine.set_options(*options);
                engine.set_threads(*threads);
                Player::Engine {
                    engine,
                    limits: *limits,
                }
            }
            PlayerSpec::Hub(command) => Player::Hub {
                client: HubClient::start(command)?,
                level: args.hub_level.clone(),
            },
        })
    }

    fn new_game(&mut self) {
        match self {
            Player::Level { engine, .. } | Player::Engine { engine, .. } => engine.new_game(),
            Player::Hub { .. } => {}
        }
    }

    fn best_move(&mut self, game: &Game, seed: u64) -> Result<Move, String> {
        let chosen = match self {
            Player::Level {
                engine,
                level,
                think,
            } => choose_move(engine, game, *level, *think, seed),
            Player::Engine { engine, limits } => {
                let limits = Limits {
                    depth: limits.depth,
                    nodes: limits.nodes,
                    time: limits.time_ms.map(Duration::from_millis),
                    stop: None,
                };
                engine.search(game, &limits).best
            }
            Player::Hub { client, level } => return client.best_move(game, level),
        };
        chosen.ok_or_else(|| "no move in a game that is not over".to_owned())
    }
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct Played {
    pub start: Position,
    pub moves: Vec<Move>,
    /// Half-points of the first player: 2 a win, 1 a draw, 0 a loss.
    pub first_points: u8,
    pub first_color: Color,
    pub result: &'static str,
    pub reason: String,
    /// The wall-clock time of each move, in the order of `moves`.
    pub think: Vec<Duration>,
}

impl Played {
    /// The time of each move the first (`true`) or second player made, with whether it was
    /// the only legal move (answered at once, whatever the think time).
    pub fn think_of(&self, first: bool) -> impl Iterator<Item = (Duration, bool)> + '_ {
        let first_moves_first = (self.start.turn() == self.first_color) == first;
        let mut position = self.start;
        let forced: Vec<bool> = self
            .moves
            .iter()
            .map(|m| {
                let only = position.legal_moves().len() == 1;
                position.play_unchecked(m);
                only
            })
            .collect();
        self.think
            .iter()
            .zip(forced)
            .enumerate()
            .filter(move |(i, _)| (i % 2 == 0) == first_moves_first)
            .map(|(_, (t, forced))| (*t, forced))
    }
}

fn play_game(
    first: &mut Player,
    second: &mut Player,
    start: Position,
    first_color: Color,
    max_plies: usize,
    seed: u64,
) -> Result<Played, String> {
    first.new_game();
    second.new_game();
    let mut game = Game::new(start);
    let mut think = Vec::new();
    while game.outcome().is_none() && game.ply() < max_plies {
        let first_to_move = game.position().turn() == first_color;
        let player = if first_to_move {
            &mut *first
        } else {
            &mut *second
        };
        let started = Instant::now();
        let m = player.best_move(&game, seed.wrapping_add(game.ply() as u64))?;
        think.push(started.elapsed());
        game.play(&m)
            .map_err(|e| format!("illegal move {}: {e}", m.hub()))?;
    }
    let (winner, result, reason) = match game.outcome() {
        Some(outcome) => (outcome.winner, outcome.pdn_result(), outcome.to_string()),
        None => (
            None,
            "1/2-1/2",
            format!("draw: stopped after {max_plies} plies"),
        ),
    };
    let first_points = match winner {
        Some(color) if color == first_color => 2,
        Some(_) => 0,
        None => 1,
    };
    Ok(Played {
        start,
        moves: game.moves().to_vec(),
        first_points,
        first_color,
        result,
        reason,
        think,
    })
}

/// The Elo difference that a score fraction means.
#[must_use]
pub fn elo(score: f64) -> f64 {
    let p = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of a result and its 95% margin (from the per-game score variance).
#[must_use]
pub fn elo_with_margin(wins: usize, draws: usize, losses: usize) -> (f64, f64) {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let p = (wins as f64 + 0.5 * draws as f64) / n;
    let variance = (wins as f64 * (1.0 - p).powi(2)
        + draws as f64 * (0.5 - p).powi(2)
        + losses as f64 * p.powi(2))
        / n;
    let error = (variance / n).sqrt() * 1.96;
    let low = elo(p - error);
    let high = elo(p + error);
    (elo(p), (high - low) / 2.0)
}

/// Reads openings: one FEN a line; blank lines and `#` comments are skipped.
pub fn read_openings(text: &str) -> Result<Vec<Position>, String> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(i, line)| Position::from_fen(line).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// `damabot match`: plays the match, prints the score (and the test's verdict) and writes the
/// PDN if asked.
#[must_use]
pub fn match_command(args: &MatchArgs) -> ExitCode {
    match run_match(args).and_then(|finished| report(args, &finished)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What a match ended with: the games played, in order, and the sequential test if one ran.
struct Finished {
    games: Vec<Played>,
    sprt: Option<Sprt>,
    elapsed: Duration,
}

/// Locks a mutex, taking over its data if a thread panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Counts a finished pair in the test and prints the running score with `--verbose`.
fn record_pair(sprt: &mut Sprt, pair: usize, half_points: u8, verbose: bool) -> bool {
    let decided = sprt.record(half_points).is_some() || sprt.decision().is_some();
    if verbose {
        let counts = sprt.counts();
        let games = 2 * sprt.pairs();
        let points: u64 = counts.iter().zip(0u64..).map(|(c, k)| c * k).sum();
        println!(
            "pair {} (games {}-{}): {}/2; score {}/{games} ({:.1}%), pairs by score 0-½-1-1½-2: {}; LLR {:.2} [{:.2}, {:.2}]",
            pair + 1,
            2 * pair + 1,
            2 * pair + 2,
            f64::from(half_points) / 2.0,
            points as f64 / 2.0,
            100.0 * points as f64 / (2 * games).max(1) as f64,
            counts.map(|c| c.to_string()).join("-"),
            sprt.llr(),
            sprt.spec().lower_bound(),
            sprt.spec().upper_bound(),
        );
    }
    decided
}

fn run_match(args: &MatchArgs) -> Result<Finished, String> {
    let (first, first_tables) = parse_seat(&args.first)?;
    let (second, second_tables) = parse_seat(&args.second)?;
    let tables = if first_tables || second_tables {
        Some(load_match_tables(&args.tables)?)
    } else {
        None
    };
    let first_tables = tables.as_ref().filter(|_| first_tables);
    let second_tables = tables.as_ref().filter(|_| second_tables);
    let text = std::fs::read_to_string(&args.openings)
        .map_err(|e| format!("cannot read {}: {e}", args.openings.display()))?;
    let openings = read_openings(&text).map_err(|e| format!("{}: {e}", args.openings.display()))?;
    let pairs = args.games.div_ceil(2);
    if openings.len() < args.skip + pairs {
        return Err(format!(
            "{} has {} openings; {} games from opening {} need {}",
            args.openings.display(),
            openings.len(),
            2 * pairs,
            args.skip + 1,
            args.skip + pairs
        ));
    }
    let openings = &openings[args.skip..args.skip + pairs];
    let games = 2 * pairs;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let busiest = first.threads().max(second.threads());
    let jobs = args.jobs.clamp(1, pairs.max(1));
    if jobs * busiest > cores {
        eprintln!(
            "warning: {jobs} jobs x {busiest} search threads exceed the {cores} cores: the players are slowed down"
        );
    }
    // Each job plays whole pairs (the opening with the first player White, then Black), so a
    // decided test stops new pairs and the running ones still finish.
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let sprt = args.sprt.map(|spec| Mutex::new(Sprt::new(spec)));
    let results: Mutex<Vec<Option<Played>>> = Mutex::new(vec![None; games]);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let players = Player::start(&first, args, first_tables)
                    .and_then(|a| Player::start(&second, args, second_tables).map(|b| (a, b)));
                let (mut a, mut b) = match players {
                    Ok(players) => players,
                    Err(message) => {
                        *lock(&failure) = Some(message);
                        return;
                    }
                };
                loop {
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs || decided.load(Ordering::Relaxed) || lock(&failure).is_some()
                    {
                        break;
                    }
                    let mut half_points = 0;
                    // Game 2k: the first player has White; game 2k+1: Black, same opening.
                    for (index, color) in [(2 * pair, Color::White), (2 * pair + 1, Color::Black)] {
                        let seed = args.seed.wrapping_add(index as u64 * 1000);
                        match play_game(&mut a, &mut b, openings[pair], color, args.max_plies, seed)
                        {
                            Ok(played) => {
                                if args.verbose {
                                    println!(
                                        "game {} ({} White): {} {} plies, {}",
                                        index + 1,
                                        if color == Color::White {
                                            "first"
                                        } else {
                                            "second"
                                        },
                                        played.result,
                                        played.moves.len(),
                                        played.reason
                                    );
                                }
                                half_points += played.first_points;
                                lock(&results)[index] = Some(played);
                            }
                            Err(message) => {
                                *lock(&failure) = Some(format!("game {}: {message}", index + 1));
                                return;
                            }
                        }
                    }
                    if let Some(sprt) = &sprt
                        && record_pair(&mut lock(sprt), pair, half_points, args.verbose)
                    {
                        decided.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    if let Some(message) = failure
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(message);
    }
    let results: Vec<Played> = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .flatten()
        .collect();
    let sprt = sprt.map(|sprt| {
        sprt.into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    });
    Ok(Finished {
        games: results,
        sprt,
        elapsed: started.elapsed(),
    })
}

/// `time used: first 87% of 200 ms a move (median 91%, 600 moves; 120 only moves at once),
/// second ...` for the players with a think time per move; `None` when neither has one. The
/// shares leave out the moves that were the only legal one.
fn time_used_line(args: &MatchArgs, results: &[Played]) -> Result<Option<String>, String> {
    let (first, _) = parse_seat(&args.first)?;
    let (second, _) = parse_seat(&args.second)?;
    let mut parts = Vec::new();
    for (name, spec, is_first) in [("first", &first, true), ("second", &second, false)] {
        let Some(budget) = think_budget(spec, args) else {
            continue;
        };
        let moves: Vec<(Duration, bool)> = results
            .iter()
            .flat_map(|game| game.think_of(is_first))
            .collect();
        let used = TimeUsed {
            shares: moves
                .iter()
                .filter(|(_, forced)| !forced)
                .map(|(t, _)| t.as_secs_f64() / budget.as_secs_f64())
                .collect(),
        };
        if let Some((mean, median)) = used.mean_and_median() {
            parts.push(format!(
                "{name} {:.0}% of {} ms a move (median {:.0}%, {} moves; {} only moves at once)",
                100.0 * mean,
                budget.as_millis(),
                100.0 * median,
                used.shares.len(),
                moves.len() - used.shares.len()
            ));
        }
    }
    Ok((!parts.is_empty()).then(|| format!("time used: {}", parts.join(", "))))
}

/// Prints the score (and the test's verdict) and writes the PDN if asked.
fn report(args: &MatchArgs, finished: &Finished) -> Result<(), String> {
    let results = &finished.games;
    let wins = results.iter().filter(|g| g.first_points == 2).count();
    let losses = results.iter().filter(|g| g.first_points == 0).count();
    let draws = results.len() - wins - losses;
    let score = wins as f64 + 0.5 * draws as f64;
    let (difference, margin) = elo_with_margin(wins, draws, losses);
    println!(
        "{} vs {}: {} games, +{wins} ={draws} -{losses}, score {score}/{} ({:.1}%), Elo {difference:+.0} ± {margin:.0} (95%), {:.0} s",
        args.first,
        args.second,
        results.len(),
        results.len(),
        100.0 * score / results.len().max(1) as f64,
        finished.elapsed.as_secs_f64()
    );
    if let Some(sprt) = &finished.sprt {
        println!("{} ({})", sprt.verdict(), sprt.spec());
    }
    if let Some(line) = time_used_line(args, results)? {
        println!("{line}");
    }
    if let Some(path) = &args.pdn {
        let mut text = String::new();
        for (i, game) in results.iter().enumerate() {
            let (white, black) = if game.first_color == Color::White {
                (&args.first, &args.second)
            } else {
                (&args.second, &args.first)
            };
            let round = (i + 1).to_string();
            let tags = [
                ("Event", "damabot match"),
                ("Round", round.as_str()),
                ("White", white.as_str()),
                ("Black", black.as_str()),
                ("Termination", game.reason.as_str()),
            ];
            let _ = writeln!(
                text,
                "{}",
                pdn::write_game(&tags, &game.start, &game.moves, game.result)
            );
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse() {
        assert_eq!(
            "level:3".parse::<PlayerSpec>(),
            Ok(PlayerSpec::Level(Level::new(3).unwrap()))
        );
        let engine: PlayerSpec = "engine:nodes=5000,ext=on,hash=8".parse().unwrap();
        assert_eq!(
            engine,
            PlayerSpec::Engine {
                limits: EngineLimits {
                    nodes: Some(5000),
                    ..EngineLimits::default()
                },
                hash_mb: Some(8),
                options: Options {
                    only_move_extension: true,
                    ..Options::default()
                },
                threads: 1,
            }
        );
        let engine: PlayerSpec = "engine:time=200,threads=2,singular=on,contempt=off"
            .parse()
            .unwrap();
        let PlayerSpec::Engine {
            limits,
            options,
            threads,
            ..
        } = engine
        else {
            panic!("an engine player");
        };
        assert_eq!((limits.time_ms, threads), (Some(200), 2));
        assert!(options.singular && !options.contempt && options.reductions);
        assert!(
            "engine:nodes=10,singular=maybe"
                .parse::<PlayerSpec>()
                .is_err()
        );
        assert!("engine:ext=on".parse::<PlayerSpec>().is_err());
        assert!("engine:nodes=lots".parse::<PlayerSpec>().is_err());
        assert!("level:9".parse::<PlayerSpec>().is_err());
        assert!("stockfish".parse::<PlayerSpec>().is_err());
        assert_eq!(
            "hub:./scan hub".parse::<PlayerSpec>(),
            Ok(PlayerSpec::Hub("./scan hub".into()))
        );
    }

    #[test]
    fn tables_suffixes_parse() {
        assert_eq!(
            parse_seat("level:8+tables"),
            Ok((PlayerSpec::Level(Level::new(8).unwrap()), true))
        );
        assert_eq!(
            parse_seat("engine:depth=4+tables").map(|(_, tables)| tables),
            Ok(true)
        );
        assert_eq!(parse_seat("level:8").map(|(_, tables)| tables), Ok(false));
        assert!(parse_seat("hub:./scan hub+tables").is_err());
        assert!(parse_seat("level:8+tablez").is_err());
    }

    #[test]
    fn a_player_with_tables_converts_a_won_endgame() {
        let tables = Arc::new(
            Tablebase::build(
                &dama_engine::tables::BuildOptions::in_memory(3),
                &mut |_| {},
            )
            .expect("an in-memory build writes nothing"),
        );
        let args = MatchArgs {
            first: "engine:depth=2+tables".into(),
            second: "engine:depth=2".into(),
            games: 2,
            openings: PathBuf::new(),
            skip: 0,
            pdn: None,
            jobs: 1,
            max_plies: 200,
            think_ms: 10,
            hash_mb: 1,
            hub_level: String::new(),
            seed: 5,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
        };
        let (spec, with) = parse_seat(&args.first).unwrap();
        assert!(with);
        let mut a = Player::start(&spec, &args, Some(&tables)).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        // A king against a man: White wins; the first player has White.
        let start = Position::from_fen("W:WK29:B2").unwrap();
        let played = play_game(&mut a, &mut b, start, Color::White, 200, 1).unwrap();
        assert_eq!(played.first_points, 2, "{}", played.reason);
    }

    #[test]
    fn elo_from_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.8).abs() < 0.1);
        assert!(elo(0.25) < 0.0);
        let (d, margin) = elo_with_margin(60, 20, 20);
        assert!((d - elo(0.7)).abs() < 1e-9);
        assert!(margin > 30.0 && margin < 100.0, "{margin}");
        assert_eq!(elo_with_margin(0, 0, 0), (0.0, 0.0));
    }

    #[test]
    fn a_short_match_between_levels() {
        let args = MatchArgs {
            first: "level:1".into(),
            second: "engine:depth=3,hash=1".into(),
            games: 2,
            openings: PathBuf::new(),
            skip: 0,
            pdn: None,
            jobs: 1,
            max_plies: 60,
            think_ms: 10,
            hash_mb: 1,
            hub_level: String::new(),
            seed: 5,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
        };
        let mut a = Player::start(&args.first.parse().unwrap(), &args, None).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        let opening = read_openings(
            "# comment\nW:W24,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,11,10,9,15\n",
        )
        .unwrap()[0];
        for color in [Color::White, Color::Black] {
            let played = play_game(&mut a, &mut b, opening, color, 60, 5).unwrap();
            let mut position = played.start;
            for m in &played.moves {
                position = position.play(m).unwrap();
            }
            assert!(played.moves.len() <= 60);
            assert!(played.first_points <= 2);
        }
    }

    #[test]
    fn the_time_a_timed_player_uses_is_reported() {
        let args = MatchArgs {
            first: "engine:time=30,hash=1".into(),
            second: "engine:depth=2,hash=1".into(),
            games: 2,
            openings: PathBuf::new(),
            skip: 0,
            pdn: None,
            jobs: 1,
            max_plies: 12,
            think_ms: 10,
            hash_mb: 1,
            hub_level: "move-time=0.5".into(),
            seed: 5,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
        };
        let mut a = Player::start(&args.first.parse().unwrap(), &args, None).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        let opening = Position::initial().with_turn(Color::Black);
        let played = play_game(&mut a, &mut b, opening, Color::White, 12, 5).unwrap();
        assert_eq!(played.think.len(), played.moves.len());
        // Black moves first here, and the first player has White: it made the even moves.
        let first: Vec<(Duration, bool)> = played.think_of(true).collect();
        assert_eq!(first.len(), played.moves.len() / 2);
        assert_eq!(first[0].0, played.think[1]);
        assert!(
            first
                .iter()
                .all(|(t, _)| *t < Duration::from_millis(30 + 150)),
            "{first:?}"
        );
        // The opening's first moves are free choices.
        assert!(!first[0].1);
        let line = time_used_line(&args, &[played]).unwrap().unwrap();
        assert!(line.starts_with("time used: first "), "{line}");
        assert!(
            line.contains("of 30 ms a move") && !line.contains("second"),
            "{line}"
        );
        assert_eq!(
            think_budget(&PlayerSpec::Hub("x".into()), &args),
            Some(Duration::from_millis(500))
        );
        assert_eq!(
            think_budget(&PlayerSpec::Level(Level::new(7).unwrap()), &args),
            None
        );
        let used = TimeUsed {
            shares: vec![0.5, 0.9, 1.0, 0.2],
        };
        let (mean, median) = used.mean_and_median().unwrap();
        assert!((mean - 0.65).abs() < 1e-9 && (median - 0.7).abs() < 1e-9);
    }

    #[test]
    fn the_sprt_option_parses_and_refuses_bad_specs() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            args: MatchArgs,
        }
        let cli = Cli::try_parse_from(["match", "level:2", "level:1", "--sprt", "elo0=0,elo1=10"])
            .unwrap();
        assert_eq!(
            cli.args.sprt,
            Some("elo0=0,elo1=10,alpha=0.05,beta=0.05".parse().unwrap())
        );
        assert_eq!(
            Cli::try_parse_from(["match", "a", "b"]).unwrap().args.sprt,
            None
        );
        let error = Cli::try_parse_from(["match", "a", "b", "--sprt", "elo0=10,elo1=0"])
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains("elo0 must be below elo1"), "{error}");
    }

    fn sprt_match(first: &str, second: &str, sprt: &str, games: usize) -> Finished {
        let args = MatchArgs {
            first: first.into(),
            second: second.into(),
            games,
            openings: PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../tests/data/openings-11man.txt"
            )),
            skip: 0,
            pdn: None,
            jobs: 2,
            max_plies: 120,
            think_ms: 10,
            hash_mb: 1,
            hub_level: String::new(),
            seed: 3,
            verbose: true,
            sprt: Some(sprt.parse().unwrap()),
            tables: PathBuf::new(),
        };
        run_match(&args).unwrap()
    }

    #[test]
    fn a_sequential_match_stops_once_decided() {
        let finished = sprt_match(
            "engine:depth=6,hash=1",
            "engine:depth=1,hash=1",
            "elo0=0,elo1=100,alpha=0.1,beta=0.1",
            200,
        );
        let sprt = finished.sprt.unwrap();
        assert_eq!(
            sprt.decision(),
            Some(crate::sprt::Decision::H1),
            "{}",
            sprt.verdict()
        );
        // Both jobs finish the pair they are playing: at most one pair after the decision.
        let decided_after: usize = sprt.verdict().rsplit(' ').nth(1).unwrap().parse().unwrap();
        assert!(finished.games.len() < 200);
        assert!(finished.games.len() == decided_after || finished.games.len() == decided_after + 2);
        assert_eq!(2 * sprt.pairs() as usize, finished.games.len());
        // Pairs are whole and in order: the first player has White, then Black, same opening.
        for pair in finished.games.chunks(2) {
            assert_eq!(pair[0].first_color, Color::White);
            assert_eq!(pair[1].first_color, Color::Black);
            assert_eq!(pair[0].start, pair[1].start);
        }
    }

    #[test]
    fn a_sequential_match_plays_out_its_games_undecided() {
        let finished = sprt_match(
            "engine:depth=1,hash=1",
            "engine:depth=1,hash=1",
            "elo0=0,elo1=10",
            8,
        );
        let sprt = finished.sprt.unwrap();
        assert_eq!(sprt.decision(), None);
        assert_eq!(finished.games.len(), 8);
        assert!(
            sprt.verdict().starts_with("SPRT: undecided"),
            "{}",
            sprt.verdict()
        );
    }
}
