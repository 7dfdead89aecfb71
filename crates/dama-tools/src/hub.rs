//! `damabot hub`: the engine over the Hub protocol (the text protocol of the Scan draughts
//! engine, spoken by pydraughts' `HubEngine` and draughts GUIs), and a client for other Hub
//! engines (used by `damabot match`).
//!
//! ```text
//! << hub                          >> id name=damabot version=...
//!                                 >> param name=variant value=italian type=enum values="italian"
//!                                 >> param name=hash value=64 type=int min=1 max=4096
//!                                 >> param name=threads value=1 type=int min=1 max=64
//!                                 >> wait
//! << init                         >> ready
//! << pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="22-19 10-13"
//! << level time=62.9 inc=1        (or move-time=, depth=, nodes=, moves=, infinite)
//! << go think                     >> info depth=12 score=0.15 nodes=123456 time=0.50 nps=246912 pv="..."
//!                                 >> done move=21x5x10x18
//! << stop | ping (>> pong) | new-game | set-param name=... value=... | quit
//! ```
//! Anything it cannot read gets `error message="..."` and the engine carries on.
//!
//! On a clock (`level time=SECONDS inc=SECONDS [moves=N]`, the time left now and the increment
//! added after the move) the engine plans each move's time with [`dama_engine::GameClock`],
//! keeping back [`dama_engine::TOOL_OVERHEAD`] a move for the pipe and the process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use clap::Args;
use dama_engine::{Engine, GameClock, Limits, SearchResult, TOOL_OVERHEAD, WIN, plies_to_end};
use dama_rules::{Color, Game, Move, Piece, Position, Role, Setup, Square};

/// `damabot hub [--hash-mb MB] [--threads N]`.
#[derive(Debug, Args)]
pub struct HubArgs {
    /// Transposition table size in MiB (the `hash` parameter changes it too).
    #[arg(long, default_value_t = 64)]
    pub hash_mb: usize,
    /// Search threads (the `threads` parameter changes it too).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: u16,
}

/// The most search threads the `threads` parameter accepts.
pub const MAX_THREADS: usize = 64;

/// `damabot hub`: a Hub session on standard input and output.
#[must_use]
pub fn hub_command(args: &HubArgs) -> ExitCode {
    let stdin = std::io::stdin();
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    run_with_threads(stdin.lock(), &out, args.hash_mb, usize::from(args.threads));
    ExitCode::SUCCESS
}

/// Where protocol lines go (shared by the reader and the search thread).
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
    // A closed output ends the session through `quit` or end of input; nothing to do here.
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

fn error(out: &Output, message: &str) {
    say(
        out,
        &format!("error message=\"{}\"", message.replace('"', "'")),
    );
}

/// How the next search is limited (the last `level` command).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimeControl {
    /// Seconds left on the clock (before the increment is added).
    pub time: Option<f64>,
    pub increment: f64,
    /// Moves to the next time control.
    pub moves: Option<u32>,
    pub move_time: Option<f64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
}

/// What is kept back from a fixed time a move for the protocol and the process.
const SAFETY: Duration = Duration::from_millis(30);

impl TimeControl {
    /// The search limits for a move in `position`: a fixed time, depth or nodes as given;
    /// with a clock (`time=`, `inc=`, `moves=`), the engine's plan on that clock
    /// ([`GameClock::think_time`]) with [`TOOL_OVERHEAD`] kept back a move. `time` is the
    /// time left now; the increment comes after the move.
    #[must_use]
    pub fn limits(&self, position: &Position) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            ..Limits::default()
        };
        if let Some(seconds) = self.move_time {
            limits.time = Some(
                secs(seconds)
                    .saturating_sub(SAFETY)
                    .max(Duration::from_millis(5)),
            );
        } else if let Some(time) = self.time {
            let clock = GameClock {
                moves_to_go: self.moves,
                ..GameClock::new(secs(time), secs(self.increment)).with_overhead(TOOL_OVERHEAD)
            };
            let planned = clock.limits(position);
            limits.time = planned.time;
            limits.target = planned.target;
        }
        if !self.infinite
            && limits.time.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none()
        {
            limits.time = Some(Duration::from_secs(1));
        }
        limits
    }
}

fn secs(seconds: f64) -> Duration {
    Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::from_secs(3600))
}

/// A command line split into its name and `key=value` arguments (values may be quoted; a bare
/// word is a key with an empty value).
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    pub command: String,
    pub args: Vec<(String, String)>,
}

impl Line {
    /// Reads one line; `None` for a blank line, an error for an unclosed quote.
    pub fn parse(text: &str) -> Result<Option<Line>, String> {
        let text = text.trim();
        let Some((command, mut rest)) = text
            .split_once(char::is_whitespace)
            .map(|(c, r)| (c, r.trim_start()))
            .or_else(|| (!text.is_empty()).then_some((text, "")))
        else {
            return Ok(None);
        };
        let mut args = Vec::new();
        while !rest.is_empty() {
            let key_end = rest
                .find(|c: char| c == '=' || c.is_whitespace())
                .unwrap_or(rest.len());
            let key = rest[..key_end].to_owned();
            rest = &rest[key_end..];
            let value = if let Some(after) = rest.strip_prefix('=') {
                if let Some(quoted) = after.strip_prefix('"') {
                    let end = quoted
                        .find('"')
                        .ok_or_else(|| format!("unclosed quote after {key}="))?;
                    rest = &quoted[end + 1..];
                    quoted[..end].to_owned()
                } else {
                    let end = after.find(char::is_whitespace).unwrap_or(after.len());
                    rest = &after[end..];
                    after[..end].to_owned()
                }
            } else {
                String::new()
            };
            args.push((key, value));
            rest = rest.trim_start();
        }
        Ok(Some(Line {
            command: command.to_owned(),
            args,
        }))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn has(&self, key: &str) -> bool {
        self.args.iter().any(|(k, _)| k == key)
    }
}

/// A position in Hub notation: the side to move (`W`/`B`), then squares 1..=32 as `w b W B e`.
#[must_use]
pub fn write_position(position: &Position) -> String {
    let mut text = String::with_capacity(33);
    text.push(match position.turn() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for square in Square::ALL {
        text.push(position.piece_at(square).map_or('e', Piece::char));
    }
    text
}

/// Reads a position in Hub notation (see [`write_position`]).
pub fn read_position(text: &str) -> Result<Position, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 {
        return Err(format!(
            "a Hub position has 33 characters (side to move, then 32 squares), not {}",
            chars.len()
        ));
    }
    let turn = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        other => return Err(format!("side to move must be W or B, not `{other}`")),
    };
    let mut setup = Setup::empty(turn);
    for (square, &c) in Square::ALL.iter().zip(&chars[1..]) {
        let (color, role) = match c {
            'e' | '.' => {
                setup.set(*square, None);
                continue;
            }
            'w' => (Color::White, Role::Man),
            'b' => (Color::Black, Role::Man),
            'W' => (Color::White, Role::King),
            'B' => (Color::Black, Role::King),
            other => return Err(format!("unknown square character `{other}` on {square}")),
        };
        let piece = Some(Piece { color, role });
        setup.set(*square, piece);
    }
    Position::from_setup(setup).map_err(|e| e.to_string())
}

/// Finds the legal move written in Hub notation: `from-to`, or `from x to x captured...`
/// (captured squares in any order; a capture written without them must be unambiguous).
pub fn read_move(position: &Position, text: &str) -> Result<Move, String> {
    let capture = text.contains('x');
    let numbers: Result<Vec<Square>, String> = text
        .split(['x', '-'])
        .map(|part| {
            part.parse::<u8>()
                .ok()
                .and_then(Square::new)
                .ok_or_else(|| format!("`{text}` is not a move in Hub notation"))
        })
        .collect();
    let numbers = numbers?;
    if numbers.len() < 2 || (!capture && numbers.len() != 2) {
        return Err(format!("`{text}` is not a move in Hub notation"));
    }
    let (from, to) = (numbers[0], numbers[1]);
    let captured: dama_rules::Bitboard = numbers[2..].iter().copied().collect();
    let legal = position.legal_moves();
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            m.from() == from
                && m.to() == to
                && m.is_capture() == capture
                && (numbers.len() == 2 || m.captured() == captured)
        })
        .collect();
    match candidates.as_slice() {
        [] => Err(format!("{text} is not legal in this position")),
        [m, rest @ ..] if rest.iter().all(|r| r.same_effect(m)) => Ok(**m),
        _ => Err(format!("{text} is ambiguous: give the captured squares")),
    }
}

/// The Hub `score`: men from the side to move; a win in n plies is `100 - n/100`, so that
/// pydraughts reads it as a win.
#[must_use]
pub fn hub_score(score: i32) -> String {
    match plies_to_end(score) {
        Some(plies) => {
            let value = 100.0 - f64::from(plies) / 100.0;
            format!("{:.2}", if score > 0 { value } else { -value })
        }
        None => format!("{:.2}", f64::from(score.clamp(-WIN, WIN)) / 100.0),
    }
}

fn info_line(result: &SearchResult) -> String {
    let seconds = result.elapsed.as_secs_f64();
    let pv = result
        .pv
        .iter()
        .map(Move::hub)
        .collect::<Vec<_>>()
        .join(" ");
    format!(
        "info depth={} score={} nodes={} time={seconds:.2} nps={:.0} pv=\"{pv}\"",
        result.depth,
        hub_score(result.score),
        result.nodes,
        result.nodes as f64 / seconds.max(1e-6)
    )
}

/// The state of a Hub session.
struct Session {
    out: Output,
    engine: Arc<Mutex<Engine>>,
    hash_mb: usize,
    game: Game,
    time_control: TimeControl,
    stop: Arc<AtomicBool>,
    running: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl Session {
    /// Whether a search has not answered yet (it clears the flag before its `done`).
    fn searching(&self) -> bool {
        self.running.load(Ordering::Acquire)
    }

    fn join(&mut self) {
        if let Some(handle) = self.search.take() {
            // A panicking search has already reported through the panic hook.
            let _ = handle.join();
        }
    }

    fn engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Handles one line; `false` ends the session.
    fn handle(&mut self, text: &str) -> bool {
        let line = match Line::parse(text) {
            Ok(Some(line)) => line,
            Ok(None) => return true,
            Err(message) => {
                error(&self.out, &message);
                return true;
            }
        };
        let busy = |s: &Session| {
            if s.searching() {
                error(
                    &s.out,
                    &format!("{} while searching: send stop first", line.command),
                );
                true
            } else {
                false
            }
        };
        match line.command.as_str() {
            "hub" => {
                say(
                    &self.out,
                    &format!(
                        "id name=damabot version={} author=\"Dama\" country=Italy",
                        env!("CARGO_PKG_VERSION")
                    ),
                );
                say(
                    &self.out,
                    "param name=variant value=italian type=enum values=\"italian\"",
                );
                say(
                    &self.out,
                    &format!(
                        "param name=hash value={} type=int min=1 max=4096",
                        self.hash_mb
                    ),
                );
                say(
                    &self.out,
                    &format!(
                        "param name=threads value={} type=int min=1 max={MAX_THREADS}",
                        self.engine().threads()
                    ),
                );
                say(&self.out, "wait");
            }
            "init" => say(&self.out, "ready"),
            "ping" => say(&self.out, "pong"),
            "set-param" => {
                if !busy(&*self) {
                    self.set_param(&line);
                }
            }
            "new-game" => {
                if !busy(&*self) {
                    self.engine().new_game();
                    self.game = Game::default();
                }
            }
            "pos" => {
                if !busy(&*self) {
                    match read_game(&line) {
                        Ok(game) => self.game = game,
                        Err(message) => error(&self.out, &message),
                    }
                }
            }
            "level" => match read_level(&line) {
                Ok(tc) => self.time_control = tc,
                Err(message) => error(&self.out, &message),
            },
            "go" => {
                if !busy(&*self) {
                    self.go(&line);
                }
            }
            "stop" => self.stop.store(true, Ordering::Relaxed),
            "ponder-hit" => {}
            "quit" => {
                self.stop.store(true, Ordering::Relaxed);
                self.join();
                return false;
            }
            other => error(&self.out, &format!("unknown command: {other}")),
        }
        true
    }

    fn set_param(&mut self, line: &Line) {
        let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
            error(&self.out, "set-param needs name= and value=");
            return;
        };
        match name {
            "variant" if value == "italian" => {}
            "variant" => error(&self.out, &format!("unsupported variant: {value}")),
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => {
                    self.hash_mb = mb;
                    let (options, threads) = {
                        let engine = self.engine();
                        (engine.options(), engine.threads())
                    };
                    let mut engine = Engine::new(mb);
                    engine.set_options(options);
                    engine.set_threads(threads);
                    *self.engine() = engine;
                }
                _ => error(
                    &self.out,
                    &format!("hash must be 1 to 4096 (MiB), not {value}"),
                ),
            },
            "threads" => match value.parse::<usize>() {
                Ok(threads) if (1..=MAX_THREADS).contains(&threads) => {
                    self.engine().set_threads(threads);
                }
                _ => error(
                    &self.out,
                    &format!("threads must be 1 to {MAX_THREADS}, not {value}"),
                ),
            },
            other => error(&self.out, &format!("unknown parameter: {other}")),
        }
    }

    fn go(&mut self, line: &Line) {
        if !(line.has("think") || line.has("ponder") || line.has("analyze")) {
            error(&self.out, "go needs think, ponder or analyze");
            return;
        }
        if self.game.outcome().is_some() || !self.game.position().has_legal_moves() {
            error(&self.out, "the game is over: no move to search");
            say(&self.out, "done");
            return;
        }
        self.join();
        self.stop.store(false, Ordering::Relaxed);
        self.running.store(true, Ordering::Release);
        let running = self.running.clone();
        let mut limits = self.time_control.limits(self.game.position());
        limits.stop = Some(self.stop.clone());
        let game = self.game.clone();
        let engine = self.engine.clone();
        let out = self.out.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
                let result = engine.search_with_info(&game, &limits, &mut |r| {
                    say(&out, &info_line(r));
                });
                running.store(false, Ordering::Release);
                match result.best {
                    Some(m) => say(&out, &format!("done move={}", m.hub())),
                    None => say(&out, "done"),
                }
            });
        match spawned {
            Ok(handle) => self.search = Some(handle),
            Err(e) => {
                self.running.store(false, Ordering::Release);
                error(&self.out, &format!("cannot start the search: {e}"));
            }
        }
    }
}

fn read_game(line: &Line) -> Result<Game, String> {
    let start = match line.get("pos") {
        Some(text) => read_position(text)?,
        None if line.has("start") => Position::initial(),
        None => return Err("pos needs pos=... (or start)".into()),
    };
    let mut game = Game::new(start);
    if let Some(moves) = line.get("moves") {
        for text in moves.split_whitespace() {
            let m = read_move(game.position(), text)?;
            game.play(&m).map_err(|e| format!("{text}: {e}"))?;
        }
    }
    Ok(game)
}

fn read_level(line: &Line) -> Result<TimeControl, String> {
    let mut tc = TimeControl::default();
    for (key, value) in &line.args {
        let number = || {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("level {key}= needs a number, not `{value}`"))
        };
        match key.as_str() {
            "time" => tc.time = Some(number()?),
            "inc" => tc.increment = number()?,
            "moves" => tc.moves = Some(number()? as u32),
            "move-time" => tc.move_time = Some(number()?),
            "depth" => tc.depth = Some((number()? as u32).clamp(1, dama_engine::MAX_DEPTH)),
            "nodes" => tc.nodes = Some((number()? as u64).max(1)),
            "infinite" => tc.infinite = true,
            other => return Err(format!("unknown level setting: {other}")),
        }
    }
    Ok(tc)
}

/// Runs a Hub session until `quit` or the end of input, searching on one thread.
pub fn run(input: impl BufRead, out: &Output, hash_mb: usize) {
    run_with_threads(input, out, hash_mb, 1);
}

/// Runs a Hub session until `quit` or the end of input, searching on `threads` threads.
pub fn run_with_threads(input: impl BufRead, out: &Output, hash_mb: usize, threads: usize) {
    let mut engine = Engine::new(hash_mb);
    engine.set_threads(threads);
    let mut session = Session {
        out: out.clone(),
        engine: Arc::new(Mutex::new(engine)),
        hash_mb,
        game: Game::default(),
        time_control: TimeControl::default(),
        stop: Arc::new(AtomicBool::new(false)),
        running: Arc::new(AtomicBool::new(false)),
        search: None,
    };
    let mut input = input;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Bytes, not lines: a line that is not UTF-8 is an error to report, not the end.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&bytes);
        if !session.handle(&line) {
            return;
        }
    }
    // End of input: let a running search finish its answer.
    session.join();
}

/// A running external Hub engine, for matches.
pub struct HubClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    pub name: String,
}

impl HubClient {
    /// Starts `command` (split at spaces) and goes through `hub`/`init`.
    pub fn start(command: &str) -> Result<HubClient, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("empty Hub engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin for the Hub engine")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout for the Hub engine")?);
        let mut client = HubClient {
            child,
            input,
            output,
            name: program.to_owned(),
        };
        client.send("hub")?;
        let mut variant = false;
        loop {
            let line = client.receive()?;
            if line.command == "wait" {
                break;
            }
            if line.command == "id" {
                if let Some(name) = line.get("name") {
                    name.clone_into(&mut client.name);
                }
            }
            if line.command == "param" && line.get("name") == Some("variant") {
                variant = true;
            }
        }
        if variant {
            client.send("set-param name=variant value=italian")?;
        }
        client.send("init")?;
        while client.receive()?.command != "ready" {}
        Ok(client)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    fn receive(&mut self) -> Result<Line, String> {
        loop {
            let mut text = String::new();
            let n = self
                .output
                .read_line(&mut text)
                .map_err(|e| format!("{}: {e}", self.name))?;
            if n == 0 {
                return Err(format!("{} closed its output", self.name));
            }
            if let Some(line) = Line::parse(&text)? {
                return Ok(line);
            }
        }
    }

    /// Asks for a move in `game` with the given `level` arguments (e.g. `move-time=0.1`).
    pub fn best_move(&mut self, game: &Game, level: &str) -> Result<Move, String> {
        let moves: Vec<String> = game.moves().iter().map(Move::hub).collect();
        self.send(&format!(
            "pos pos={} moves=\"{}\"",
            write_position(game.start()),
            moves.join(" ")
        ))?;
        self.send(&format!("level {level}"))?;
        self.send("go think")?;
        loop {
            let line = self.receive()?;
            match line.command.as_str() {
                "done" => {
                    let text = line
                        .get("move")
                        .ok_or_else(|| format!("{} gave no move", self.name))?;
                    return read_move(game.position(), text)
                        .map_err(|e| format!("{}: {e}", self.name));
                }
                "error" => {
                    return Err(format!(
                        "{}: {}",
                        self.name,
                        line.get("message").unwrap_or("error")
                    ));
                }
                _ => {}
            }
        }
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_into_arguments() {
        let line = Line::parse("pos pos=Wbbb moves=\"22-19 10-13\"  ")
            .unwrap()
            .unwrap();
        assert_eq!(line.command, "pos");
        assert_eq!(line.get("pos"), Some("Wbbb"));
        assert_eq!(line.get("moves"), Some("22-19 10-13"));
        let line = Line::parse("go think").unwrap().unwrap();
        assert!(line.has("think"));
        assert_eq!(Line::parse("   ").unwrap(), None);
        assert!(Line::parse("pos moves=\"22-19").is_err());
    }

    #[test]
    fn positions_round_trip() {
        let start = Position::initial();
        let text = write_position(&start);
        assert_eq!(text, "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        assert_eq!(read_position(&text).unwrap(), start);
        let p = Position::from_fen("B:WK1,22:B5,K30").unwrap();
        assert_eq!(read_position(&write_position(&p)).unwrap(), p);
        assert!(read_position("Wbbb").is_err());
        assert!(read_position("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww").is_err());
        assert!(read_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwz").is_err());
    }

    #[test]
    fn moves_in_hub_notation() {
        let start = Position::initial();
        let m = read_move(&start, "22-18").unwrap();
        assert_eq!(m.hub(), "22-18");
        assert!(read_move(&start, "22-17").is_err());
        assert!(read_move(&start, "22x18").is_err());
        assert!(read_move(&start, "hello").is_err());
        // A double capture, captured squares in either order.
        let p = Position::from_fen("W:W30:B26,19").unwrap();
        let m = p.legal_moves()[0];
        let text = m.hub();
        assert_eq!(read_move(&p, &text).unwrap(), m);
        let mut parts: Vec<&str> = text.split('x').collect();
        parts[2..].reverse();
        assert_eq!(read_move(&p, &parts.join("x")).unwrap(), m);
    }

    #[test]
    fn scores_as_pydraughts_reads_them() {
        assert_eq!(hub_score(15), "0.15");
        assert_eq!(hub_score(-250), "-2.50");
        assert_eq!(hub_score(WIN - 7), "99.93");
        assert_eq!(hub_score(-WIN + 4), "-99.96");
    }

    #[test]
    fn time_controls_become_limits() {
        let fixed = TimeControl {
            move_time: Some(0.5),
            ..TimeControl::default()
        };
        let start = Position::initial();
        assert_eq!(fixed.limits(&start).time, Some(Duration::from_millis(470)));
        assert_eq!(fixed.limits(&start).target, None);
        let clock = TimeControl {
            time: Some(60.0),
            increment: 1.0,
            ..TimeControl::default()
        };
        // On a clock: a target of seconds, a hard limit a few times that, well inside the
        // time left.
        let limits = clock.limits(&start);
        let (target, limit) = (limits.target.unwrap(), limits.time.unwrap());
        assert!(
            target > Duration::from_secs(1) && target < Duration::from_secs(4),
            "{target:?}"
        );
        assert!(
            limit > target && limit < Duration::from_secs(20),
            "{limit:?}"
        );
        // Ten seconds left, a tenth of a second a move: under a second, never the clock.
        let short = TimeControl {
            time: Some(10.0),
            increment: 0.1,
            ..TimeControl::default()
        };
        let limits = short.limits(&start);
        assert!(
            limits.target.unwrap() < Duration::from_secs(1),
            "{limits:?}"
        );
        assert!(limits.time.unwrap() < Duration::from_secs(4), "{limits:?}");
        // The last move before a time control may take more, not the clock.
        let last = TimeControl {
            moves: Some(1),
            ..clock.clone()
        };
        let limits = last.limits(&start);
        assert!(limits.target.unwrap() > target, "{limits:?}");
        assert!(limits.time.unwrap() < Duration::from_secs(30), "{limits:?}");
        let depth = TimeControl {
            depth: Some(5),
            ..TimeControl::default()
        };
        assert_eq!(depth.limits(&start).time, None);
        assert_eq!(depth.limits(&start).depth, Some(5));
        assert_eq!(
            TimeControl::default().limits(&start).time,
            Some(Duration::from_secs(1))
        );
    }

    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(data);
            Ok(data.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_session_answers_and_survives_bad_input() {
        let script = "hub\ninit\nbogus\npos pos=Wxyz\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 99-1\"\nlevel depth=abc\nping\nlevel depth=3\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18\"\ngo think\nquit\n";
        let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
        let out: Output = Arc::new(Mutex::new(Box::new(Shared(buffer.clone()))));
        // `quit` stops the search at once; wait for the answer with a script without quit.
        let script = script.replace("quit\n", "");
        run(script.as_bytes(), &out, 1);
        let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("error ")).count(),
            4,
            "{text}"
        );
        assert!(lines.contains(&"ready"));
        assert!(lines.contains(&"pong"));
        let done = lines.iter().find(|l| l.starts_with("done move=")).unwrap();
        let after = Position::initial()
            .play(&read_move(&Position::initial(), "22-18").unwrap())
            .unwrap();
        read_move(&after, &done["done move=".len()..]).unwrap();
        assert!(
            lines.iter().any(|l| l.starts_with("info depth=3 ")),
            "{text}"
        );
    }

    #[test]
    fn a_session_plays_on_a_clock() {
        // Half a second left: the answer comes inside it.
        let script = "hub\ninit\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18\"\nlevel time=0.5 inc=0\ngo think\n";
        let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
        let out: Output = Arc::new(Mutex::new(Box::new(Shared(buffer.clone()))));
        let started = std::time::Instant::now();
        run(script.as_bytes(), &out, 1);
        let elapsed = started.elapsed();
        let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
        assert!(text.lines().any(|l| l.starts_with("done move=")), "{text}");
        assert!(!text.contains("error"), "{text}");
        assert!(elapsed < Duration::from_millis(200 + 150), "{elapsed:?}");
    }

    #[test]
    fn the_threads_parameter_is_declared_and_set() {
        let script = "hub\nset-param name=threads value=2\nset-param name=threads value=0\nhub\nlevel depth=4\ngo think\n";
        let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
        let out: Output = Arc::new(Mutex::new(Box::new(Shared(buffer.clone()))));
        run_with_threads(script.as_bytes(), &out, 1, 1);
        let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let declared: Vec<&&str> = lines
            .iter()
            .filter(|l| l.starts_with("param name=threads"))
            .collect();
        assert_eq!(declared.len(), 2, "{text}");
        assert!(declared[0].contains("value=1 "), "{text}");
        assert!(declared[1].contains("value=2 "), "{text}");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("error ")).count(),
            1,
            "{text}"
        );
        assert!(lines.iter().any(|l| l.starts_with("done move=")), "{text}");
    }
}
