//! `damabot match`: games between two players from a file of openings, each opening played
//! twice with colours swapped; prints the score and the Elo difference with its 95% margin
//! and writes the games as PDN. With `--sprt elo0=..,elo1=..` it runs a sequential test on
//! the game pairs (see [`crate::sprt`]) and stops as soon as the test is decided.
//!
//! A player is `level:N` (a bot level, 1-8), `engine:KEY=VALUE,...` (the engine with explicit
//! settings: `depth`, `nodes`, `time` in milliseconds or `time=clock` (its time planned on the
//! game clock), `hash` in MiB, `threads`, `eval` (`patterns` or `linear`), and the switches
//! `ext` (only-move extension), `singular`, `lmr`, `lmr-deep` (deeper reductions), `futility`
//! (reverse futility pruning), `razor` (razoring) and `contempt`, on or off), or
//! `hub:COMMAND` (an external engine over the Hub protocol). A `level:` or `engine:` player
//! ending in `+tables` plays with the endgame tables of `--tables DIR`.
//!
//! For every player with a think time per move (`level:8`, `engine:time=`, and Hub players
//! under `--hub-level move-time=`) the report gives the share of that time it used per move.
//!
//! With `--clock BASE+INC` both players play on a game clock ([`clock`]): level 8 and
//! `engine:time=clock` plan their time on it ([`dama_engine::GameClock`]), Hub players get
//! `level time=... inc=...` before each move (or the `--hub-level` given, for an engine that
//! cannot play on a clock), the other players keep their own limits within the clock's hard
//! limit. A move that takes longer than the mover's time left loses the game on time; the
//! report gives the losses on time and the time left at the end of the games.

pub mod clock;
mod players;

mod report;

pub(crate) use players::parse_options;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use dama_rules::{Color, Game, Move, Position};

use crate::sprt::{Sprt, SprtSpec};

pub use clock::{ClockSpec, Clocks};
pub use players::{EngineLimits, PlayerSpec};
use players::{Player, load_match_tables, parse_seat};
use report::report;
pub use report::{TimeUsed, elo, elo_with_margin};

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
    /// The `level` line sent to Hub players before each move [default: move-time=0.1]. On a
    /// clock they get `time=... inc=...` unless this is given: for an engine that cannot play
    /// on a clock, the fixed level is sent and its time still runs on the clock.
    #[arg(long)]
    pub hub_level: Option<String>,
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
    /// Play on a game clock, BASE+INC: `3+2` (minutes + seconds a move), `0:30+0.3`, `30s+0.3`.
    /// Every player is on the clock (Hub players get `level time=... inc=...`; level 8 and
    /// `engine:time=clock` plan their time on it, the other players keep their own limits
    /// within it); a player whose clock runs out loses on time.
    #[arg(long, value_name = "BASE+INC")]
    pub clock: Option<ClockSpec>,
    /// On a clock, the time the engine players keep back a move for what lies between the
    /// clock and their search.
    #[arg(long, default_value_t = 30)]
    pub overhead_ms: u64,
}

impl MatchArgs {
    /// The clocks at the start of a game, on a clock.
    fn clocks(&self) -> Option<Clocks> {
        self.clock
            .map(|spec| Clocks::new(spec, Duration::from_millis(self.overhead_ms)))
    }

    /// The `level` line a Hub player gets before each move; `None` when it plays on the
    /// clock (`level time=... inc=...`).
    fn hub_level(&self) -> Option<&str> {
        match (&self.hub_level, self.clock) {
            (Some(level), _) => Some(level),
            (None, Some(_)) => None,
            (None, None) => Some(DEFAULT_HUB_LEVEL),
        }
    }
}

/// The `level` line of Hub players off the clock when `--hub-level` is not given.
const DEFAULT_HUB_LEVEL: &str = "move-time=0.1";

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
    /// On a clock, the time left at the end: the first player's, the second's.
    pub clock_left: Option<[Duration; 2]>,
    /// Whether the first, the second player lost on time.
    pub lost_on_time: [bool; 2],
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

/// Plays a game from `start`, on `clocks` if given (a player whose move takes longer than its
/// time left loses on time, the move unplayed).
fn play_game(
    first: &mut Player,
    second: &mut Player,
    start: Position,
    first_color: Color,
    max_plies: usize,
    seed: u64,
    mut clocks: Option<Clocks>,
) -> Result<Played, String> {
    first.new_game();
    second.new_game();
    let mut game = Game::new(start);
    let mut think = Vec::new();
    let mut lost_on_time = [false; 2];
    let mut flag = None;
    while game.outcome().is_none() && game.ply() < max_plies {
        let first_to_move = game.position().turn() == first_color;
        let player = if first_to_move {
            &mut *first
        } else {
            &mut *second
        };
        let view = clocks.as_ref().map(|clocks| clocks.view(first_to_move));
        let started = Instant::now();
        let m = player.best_move(&game, seed.wrapping_add(game.ply() as u64), view.as_ref())?;
        let elapsed = started.elapsed();
        if let (Some(clocks), Some(view)) = (&mut clocks, view) {
            if !clocks.charge(first_to_move, elapsed) {
                lost_on_time[usize::from(!first_to_move)] = true;
                let mover = game.position().turn();
                flag = Some((
                    !mover,
                    format!(
                        "{mover} lost on time ({:.3} s for a move with {:.3} s left)",
                        elapsed.as_secs_f64(),
                        view.remaining.as_secs_f64()
                    ),
                ));
                break;
            }
        }
        think.push(elapsed);
        game.play(&m)
            .map_err(|e| format!("illegal move {}: {e}", m.hub()))?;
    }
    let (winner, result, reason) = match (flag, game.outcome()) {
        (Some((winner, reason)), _) => (
            Some(winner),
            match winner {
                Color::White => "1-0",
                Color::Black => "0-1",
            },
            reason,
        ),
        (None, Some(outcome)) => (outcome.winner, outcome.pdn_result(), outcome.to_string()),
        (None, None) => (
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
        clock_left: clocks.map(|clocks| clocks.left()),
        lost_on_time,
    })
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
    if args.clock.is_none() && [&first, &second].iter().any(|spec| spec.on_clock()) {
        return Err("engine:time=clock plays on a game clock: give --clock BASE+INC".into());
    }
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
                        let start = openings[pair];
                        match play_game(
                            &mut a,
                            &mut b,
                            start,
                            color,
                            args.max_plies,
                            seed,
                            args.clocks(),
                        ) {
                            Ok(played) => {
                                if args.verbose {
                                    let left = played.clock_left.map_or(String::new(), |[a, b]| {
                                        format!(
                                            "; time left {:.1} s / {:.1} s",
                                            a.as_secs_f64(),
                                            b.as_secs_f64()
                                        )
                                    });
                                    println!(
                                        "game {} ({} White): {} {} plies, {}{left}",
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

#[cfg(test)]
mod tests {
    use super::*;

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
            hub_level: None,
            seed: 5,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
            clock: None,
            overhead_ms: 30,
        };
        let mut a = Player::start(&args.first.parse().unwrap(), &args, None).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        let opening = read_openings(
            "# comment\nW:W24,23,22,21,27,26,25,32,31,30,29:B4,3,2,1,7,6,5,11,10,9,15\n",
        )
        .unwrap()[0];
        for color in [Color::White, Color::Black] {
            let played = play_game(&mut a, &mut b, opening, color, 60, 5, None).unwrap();
            let mut position = played.start;
            for m in &played.moves {
                position = position.play(m).unwrap();
            }
            assert!(played.moves.len() <= 60);
            assert!(played.first_points <= 2);
        }
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
            hub_level: None,
            seed: 3,
            verbose: true,
            sprt: Some(sprt.parse().unwrap()),
            tables: PathBuf::new(),
            clock: None,
            overhead_ms: 30,
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
