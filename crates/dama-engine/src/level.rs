//! Playing levels 1 ("beginner") to 8 ("master").
//!
//! The low levels score every legal move with a shallow search and pick at random among the
//! moves close to the best (the margin shrinks level by level), now and then any move at all;
//! the middle levels search a fixed number of nodes; the top level thinks for the configured
//! time with everything on, or on a game clock plans its time on the clock
//! ([`choose_move_on_clock`]). Below the top level the move depends only on the game and the
//! seed (on a clock, unless the clock's hard limit cuts a search short).

use std::time::{Duration, Instant};

use dama_rules::{Game, Move};

use crate::game_clock::{GameClock, MIN_THINK};
use crate::search::{Engine, Limits, WIN, is_loss, is_win};

/// A playing level, 1 to 8.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// How a level chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Score every move with a search of `depth` plies after it; play a random move among
    /// those within `margin` centi-men of the best, or, `blunder` times in a thousand, any move.
    Sampled {
        depth: u32,
        margin: i32,
        blunder: u32,
    },
    /// The best move of a search limited to `nodes` nodes.
    Nodes(u64),
    /// The best move of a search for the think time.
    Timed,
}

const NAMES: [&str; 8] = [
    "beginner", "novice", "casual", "amateur", "club", "advanced", "expert", "master",
];
const NAMES_IT: [&str; 8] = [
    "principiante",
    "esordiente",
    "dilettante",
    "amatore",
    "circolo",
    "avanzato",
    "esperto",
    "maestro",
];

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 8] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// The level with this number (1..=8).
    #[must_use]
    pub const fn new(number: u8) -> Option<Level> {
        if number >= 1 && number <= 8 {
            Some(Level(number))
        } else {
            None
        }
    }

    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The English name, lowercase ("beginner" ... "master").
    #[must_use]
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize - 1]
    }

    /// The Italian name, lowercase ("principiante" ... "maestro").
    #[must_use]
    pub const fn name_it(self) -> &'static str {
        NAMES_IT[self.0 as usize - 1]
    }

    /// How this level chooses its moves.
    #[must_use]
    pub const fn style(self) -> Style {
        match self.0 {
            1 => Style::Sampled {
                depth: 1,
                margin: 150,
                blunder: 250,
            },
            2 => Style::Sampled {
                depth: 2,
                margin: 60,
                blunder: 80,
            },
            3 => Style::Sampled {
                depth: 3,
                margin: 30,
                blunder: 30,
            },
            4 => Style::Sampled {
                depth: 4,
                margin: 15,
                blunder: 10,
            },
            5 => Style::Nodes(3_000),
            6 => Style::Nodes(20_000),
            7 => Style::Nodes(100_000),
            _ => Style::Timed,
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// A number (`3`) or an English or Italian name (`amateur`, `amatore`).
    fn from_str(text: &str) -> Result<Level, String> {
        let text = text.trim().to_lowercase();
        if let Ok(n) = text.parse::<u8>() {
            return Level::new(n).ok_or_else(|| format!("no level {n}: levels are 1 to 8"));
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name() == text || l.name_it() == text)
            .ok_or_else(|| format!("unknown level `{text}`: give 1 to 8 or a level name"))
    }
}

/// A small, seedable random generator (SplitMix64), so levels depend on nothing outside.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The move the bot plays at `level`; `None` when the game is over. Levels below the top one
/// start from a cleared engine, so their move depends only on the game and the seed; the top
/// level keeps what it learned and thinks for `think_time`.
pub fn choose_move(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    think_time: Duration,
    seed: u64,
) -> Option<Move> {
    choose(engine, game, level, &Limits::time(think_time), None, seed)
}

/// The move the bot plays at `level` on a game clock; `None` when the game is over. The top
/// level plans its time on the clock ([`GameClock::limits`]); the other levels search as in
/// [`choose_move`], the same move for the same game and seed, except that no search passes the
/// clock's hard limit: a level's effort is its own, whatever the clock, and a short clock
/// never makes it lose on time.
pub fn choose_move_on_clock(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    clock: &GameClock,
    seed: u64,
) -> Option<Move> {
    let limits = clock.limits(game.position());
    let cap = limits.time;
    choose(engine, game, level, &limits, cap, seed)
}

/// A level's move: the top level searches within `timed`, the others within their own
/// effort and the time `cap`.
fn choose(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    timed: &Limits,
    cap: Option<Duration>,
    seed: u64,
) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    match level.style() {
        Style::Timed => engine.search(game, timed).best,
        Style::Nodes(nodes) => {
            engine.new_game();
            let limits = Limits {
                nodes: Some(nodes),
                time: cap,
                ..Limits::default()
            };
            engine.search(game, &limits).best
        }
        Style::Sampled {
            depth,
            margin,
            blunder,
        } => {
            engine.new_game();
            let scored = score_moves_within(engine, game, depth, cap);
            let mut rng = Rng::new(seed);
            pick(&scored, margin, blunder, &mut rng)
        }
    }
}

/// Every legal move with its score for the mover, from a search of `depth` plies after it.
#[must_use]
pub fn score_moves(engine: &mut Engine, game: &Game, depth: u32) -> Vec<(Move, i32)> {
    score_moves_within(engine, game, depth, None)
}

/// [`score_moves`] within `time` for all the moves together, if given: a search that would
/// pass it stops with its last completed iteration (the first always completes).
fn score_moves_within(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    time: Option<Duration>,
) -> Vec<(Move, i32)> {
    let deadline = time.map(|time| Instant::now() + time);
    let moves = game.position().legal_moves();
    moves
        .iter()
        .map(|m| {
            let mut next = game.clone();
            let score = match next.play(m) {
                Ok(Some(outcome)) => match outcome.winner {
                    Some(_) => WIN - 1,
                    None => 0,
                },
                Ok(None) => {
                    let limits = Limits {
                        depth: Some(depth.max(1)),
                        time: deadline.map(|deadline| {
                            deadline
                                .saturating_duration_since(Instant::now())
                                .max(MIN_THINK)
                        }),
                        ..Limits::default()
                    };
                    -engine.search(&next, &limits).score
                }
                Err(_) => -WIN,
            };
            (*m, score)
        })
        .collect()
}

/// A random move among those within `margin` of the best (a won position is never thrown
/// away, a lost one never chosen when another is not), or `blunder` times in a thousand any.
fn pick(scored: &[(Move, i32)], margin: i32, blunder: u32, rng: &mut Rng) -> Option<Move> {
    let best = scored.iter().map(|&(_, s)| s).max()?;
    if rng.below(1000) < u64::from(blunder) && !is_win(best) {
        let safe: Vec<_> = scored.iter().filter(|&&(_, s)| !is_loss(s)).collect();
        let pool: Vec<_> = if safe.is_empty() {
            scored.iter().collect()
        } else {
            safe
        };
        return Some(pool[rng.below(pool.len() as u64) as usize].0);
    }
    let floor = if is_win(best) { best } else { best - margin };
    let candidates: Vec<_> = scored.iter().filter(|&&(_, s)| s >= floor).collect();
    Some(candidates[rng.below(candidates.len() as u64) as usize].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers() {
        assert_eq!(Level::ALL.len(), 8);
        assert_eq!(Level::new(1).unwrap().name(), "beginner");
        assert_eq!(Level::new(8).unwrap().name(), "master");
        assert_eq!(Level::new(8).unwrap().name_it(), "maestro");
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!("amatore".parse::<Level>(), Ok(Level(4)));
        assert_eq!("3".parse::<Level>(), Ok(Level(3)));
        assert!("9".parse::<Level>().is_err());
        for (i, level) in Level::ALL.iter().enumerate() {
            assert_eq!(level.number() as usize, i + 1);
        }
    }

    #[test]
    fn random_numbers_stay_in_range_and_repeat_with_the_seed() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.below(13);
            assert!(x < 13);
            assert_eq!(x, b.below(13));
        }
    }
}
