//! The players of a match: their specs (`level:`, `engine:`, `hub:`, `+tables`) and how each
//! chooses its move.

use std::sync::Arc;
use std::time::Duration;

use dama_engine::{
    Engine, GameClock, Level, Limits, Options, Tablebase, choose_move, choose_move_on_clock,
};
use dama_rules::{Game, Move};

use super::MatchArgs;
use crate::hub::HubClient;

/// A player spec and whether it plays with the endgame tables (a `+tables` suffix).
pub(super) fn parse_seat(text: &str) -> Result<(PlayerSpec, bool), String> {
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
pub(super) fn load_match_tables(dir: &std::path::Path) -> Result<Arc<Tablebase>, String> {
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
    /// Whether the player plans its time on the game clock only (`engine:time=clock`).
    #[must_use]
    pub fn on_clock(&self) -> bool {
        matches!(self, PlayerSpec::Engine { limits, .. } if limits.on_clock)
    }

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
    /// `time=clock`: the engine plans its time on the match's game clock.
    pub on_clock: bool,
}

impl EngineLimits {
    /// The search limits; on a game clock (`planned`: the engine's plan on it) a player
    /// with `time=clock` follows the plan, any other keeps its own limits within the plan's
    /// hard limit.
    #[must_use]
    pub fn search_limits(&self, planned: Option<Limits>) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time_ms.map(Duration::from_millis),
            ..Limits::default()
        };
        if let Some(planned) = planned {
            if self.on_clock {
                limits.time = planned.time;
                limits.target = planned.target;
            } else {
                limits.time = match (limits.time, planned.time) {
                    (Some(own), Some(cap)) => Some(own.min(cap)),
                    (own, cap) => own.or(cap),
                };
            }
        }
        limits
    }
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
            if set_option(&mut options, key, value)? {
                continue;
            }
            match key {
                "depth" => limits.depth = Some(number()? as u32),
                "nodes" => limits.nodes = Some(number()?),
                "time" if value == "clock" => limits.on_clock = true,
                "time" => limits.time_ms = Some(number()?),
                "hash" => hash_mb = Some(number()? as usize),
                "threads" => {
                    threads = number()?.clamp(1, crate::hub::MAX_THREADS as u64) as usize;
                }
                other => return Err(format!("unknown engine setting `{other}`")),
            }
        }
        if limits == EngineLimits::default() {
            return Err("an engine: player needs depth=, nodes=, time= or time=clock".into());
        }
        Ok(PlayerSpec::Engine {
            limits,
            hash_mb,
            options,
            threads,
        })
    }
}

/// Sets the search switch or the evaluation `key` names (`ext`, `singular`, `lmr`, `lmr-deep`,
/// `futility`, `razor`, `contempt`: on or off; `eval`: patterns or linear); `Ok(false)` when
/// `key` is none of them.
pub(crate) fn set_option(options: &mut Options, key: &str, value: &str) -> Result<bool, String> {
    let switch = || match value {
        "on" | "1" | "true" => Ok(true),
        "off" | "0" | "false" => Ok(false),
        _ => Err(format!("engine setting {key} is on or off, not `{value}`")),
    };
    let field = match key {
        "ext" => &mut options.only_move_extension,
        "singular" => &mut options.singular,
        "lmr" => &mut options.reductions,
        "futility" => &mut options.futility,
        "lmr-deep" => &mut options.deep_reductions,
        "razor" => &mut options.razoring,
        "contempt" => &mut options.contempt,
        "eval" => {
            options.linear_eval = match value {
                "linear" => true,
                "patterns" => false,
                _ => {
                    return Err(format!(
                        "engine setting eval is linear or patterns, not `{value}`"
                    ));
                }
            };
            return Ok(true);
        }
        _ => return Ok(false),
    };
    *field = switch()?;
    Ok(true)
}

/// Engine options from `KEY=VALUE,...` ([`set_option`]'s keys), the others at their defaults.
pub(crate) fn parse_options(text: &str) -> Result<Options, String> {
    let mut options = Options::default();
    for setting in text.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("engine setting `{setting}` needs key=value"))?;
        if !set_option(&mut options, key, value)? {
            return Err(format!("unknown engine setting `{key}`"));
        }
    }
    Ok(options)
}

/// A player ready to move.
pub(super) enum Player {
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
        /// The `level` line sent before each move; `None`: the clock's time and increment.
        level: Option<String>,
    },
}

impl Player {
    pub(super) fn start(
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
                level: args.hub_level().map(str::to_owned),
            },
        })
    }

    pub(super) fn new_game(&mut self) {
        match self {
            Player::Level { engine, .. } | Player::Engine { engine, .. } => engine.new_game(),
            Player::Hub { .. } => {}
        }
    }

    /// The player's move in `game`; on a game clock, `clock` is the mover's view of it.
    pub(super) fn best_move(
        &mut self,
        game: &Game,
        seed: u64,
        clock: Option<&GameClock>,
    ) -> Result<Move, String> {
        let chosen = match self {
            Player::Level {
                engine,
                level,
                think,
            } => match clock {
                Some(clock) => choose_move_on_clock(engine, game, *level, clock, seed),
                None => choose_move(engine, game, *level, *think, seed),
            },
            Player::Engine { engine, limits } => {
                let limits = limits.search_limits(clock.map(|clock| clock.limits(game.position())));
                engine.search(game, &limits).best
            }
            Player::Hub { client, level } => {
                return match (level, clock) {
                    (None, Some(clock)) => client.best_move(
                        game,
                        &format!(
                            "time={:.3} inc={:.3}",
                            clock.remaining.as_secs_f64(),
                            clock.increment.as_secs_f64()
                        ),
                    ),
                    (level, _) => {
                        client.best_move(game, level.as_deref().unwrap_or(super::DEFAULT_HUB_LEVEL))
                    }
                };
            }
        };
        chosen.ok_or_else(|| "no move in a game that is not over".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::super::play_game;
    use super::*;
    use dama_rules::{Color, Position};
    use std::path::PathBuf;

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
        assert!(options.futility && options.deep_reductions && options.razoring);
        let PlayerSpec::Engine { options, .. } =
            "engine:nodes=100,futility=off,lmr-deep=off,razor=off"
                .parse()
                .unwrap()
        else {
            panic!("an engine player");
        };
        assert!(!options.futility && !options.deep_reductions && !options.razoring);
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
    fn engine_settings_parse_alone_for_the_bench() {
        let options = parse_options("futility=off,razor=off,lmr-deep=off,eval=linear").unwrap();
        assert!(!options.futility && !options.razoring && !options.deep_reductions);
        assert!(options.linear_eval && options.reductions && options.contempt);
        assert_eq!(parse_options(""), Ok(Options::default()));
        // Limits belong to a player, not to the engine's settings.
        assert!(parse_options("nodes=100").unwrap_err().contains("unknown"));
        assert!(
            parse_options("razor=maybe")
                .unwrap_err()
                .contains("on or off")
        );
        assert!(parse_options("razor").unwrap_err().contains("key=value"));
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
            hub_level: None,
            seed: 5,
            verbose: false,
            sprt: None,
            tables: PathBuf::new(),
            clock: None,
            overhead_ms: 30,
        };
        let (spec, with) = parse_seat(&args.first).unwrap();
        assert!(with);
        let mut a = Player::start(&spec, &args, Some(&tables)).unwrap();
        let mut b = Player::start(&args.second.parse().unwrap(), &args, None).unwrap();
        // A king against a man: White wins; the first player has White.
        let start = Position::from_fen("W:WK29:B2").unwrap();
        let played = play_game(&mut a, &mut b, start, Color::White, 200, 1, None).unwrap();
        assert_eq!(played.first_points, 2, "{}", played.reason);
    }
}
