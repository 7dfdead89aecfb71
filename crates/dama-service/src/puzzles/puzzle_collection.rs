//! The puzzles the service offers: the collection built into the bot or a file named in the
//! configuration, read once at start-up. A damaged or unreadable file leaves the service
//! without puzzles (it says so to whoever asks), never without the rest.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use dama_tools::puzzles::{Puzzle, parse_puzzles};

use dama_core::store::{AttemptedPuzzle, GuildId};

/// The puzzles of the service, or why there are none.
#[derive(Debug, Clone)]
pub enum Puzzles {
    /// A collection (never empty), by id.
    Loaded(Arc<PuzzleCollection>),
    /// No puzzles: the reason, for the log (people are told the puzzles are unavailable).
    Unavailable(String),
}

/// A collection of puzzles, with an index by id.
#[derive(Debug)]
pub struct PuzzleCollection {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
}

impl PuzzleCollection {
    /// The collection of `puzzles`; `None` when there are none.
    #[must_use]
    pub fn new(puzzles: Vec<Puzzle>) -> Option<PuzzleCollection> {
        if puzzles.is_empty() {
            return None;
        }
        let by_id = puzzles
            .iter()
            .enumerate()
            .map(|(index, puzzle)| (puzzle.id.clone(), index))
            .collect();
        Some(PuzzleCollection { puzzles, by_id })
    }

    /// The puzzle with this id.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.by_id.get(id).map(|&index| &self.puzzles[index])
    }

    /// How many puzzles there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Never true (a collection has puzzles); for clippy's sake.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// A puzzle near `rating` for someone who has attempted `attempted`: among the puzzles
    /// they have not attempted, one of the `NEAR_CHOICES` (8) closest in difficulty, picked by
    /// `random`; once they have attempted them all, the one they started longest ago.
    #[must_use]
    pub fn near(&self, rating: f64, attempted: &[AttemptedPuzzle], random: u64) -> &Puzzle {
        let seen: HashMap<&str, i64> = attempted
            .iter()
            .map(|a| (a.puzzle.as_str(), a.last_started_at))
            .collect();
        let mut fresh: Vec<&Puzzle> = self
            .puzzles
            .iter()
            .filter(|p| !seen.contains_key(p.id.as_str()))
            .collect();
        if fresh.is_empty() {
            return self
                .puzzles
                .iter()
                .min_by_key(|p| (seen.get(p.id.as_str()).copied(), p.id.as_str()))
                .unwrap_or(&self.puzzles[0]);
        }
        let distance = |p: &Puzzle| (f64::from(p.difficulty) - rating).abs();
        fresh.sort_by(|a, b| distance(a).total_cmp(&distance(b)).then(a.id.cmp(&b.id)));
        let choices = fresh.len().min(NEAR_CHOICES);
        let pick = usize::try_from(random % choices as u64).unwrap_or(0);
        fresh[pick]
    }

    /// The puzzle of the day `day` in `guild`: the same for everyone there, another each day,
    /// among the puzzles of difficulty 1000 to 1800 (`DAILY_DIFFICULTY`; all of them if none is).
    #[must_use]
    pub fn daily(&self, guild: GuildId, day: i64) -> &Puzzle {
        let mut pool: Vec<&Puzzle> = self
            .puzzles
            .iter()
            .filter(|p| DAILY_DIFFICULTY.contains(&p.difficulty))
            .collect();
        if pool.is_empty() {
            pool = self.puzzles.iter().collect();
        }
        // The day is never negative in practice; its bits are mixed all the same.
        let seed = mix(guild ^ mix(u64::from_ne_bytes(day.to_ne_bytes())));
        pool[usize::try_from(seed % pool.len() as u64).unwrap_or(0)]
    }
}

/// How many of the closest puzzles a new puzzle is picked from.
pub const NEAR_CHOICES: usize = 8;

/// The difficulties a puzzle of the day is chosen among.
pub const DAILY_DIFFICULTY: std::ops::RangeInclusive<u32> = 1000..=1800;

/// SplitMix64's finaliser: a fixed, well-spread hash of a number.
const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The collection built into the bot, read once.
#[must_use]
pub fn shipped_puzzles() -> Puzzles {
    static SHIPPED: OnceLock<Puzzles> = OnceLock::new();
    SHIPPED
        .get_or_init(|| from_text(dama_tools::puzzles::SHIPPED, "the built-in collection"))
        .clone()
}

/// The puzzles of `text` (a puzzle file, named `source` in the reasons).
#[must_use]
pub fn from_text(text: &str, source: &str) -> Puzzles {
    match parse_puzzles(text) {
        Ok(puzzles) => match PuzzleCollection::new(puzzles) {
            Some(collection) => Puzzles::Loaded(Arc::new(collection)),
            None => Puzzles::Unavailable(format!("{source} holds no puzzle")),
        },
        Err(error) => {
            Puzzles::Unavailable(format!("{source}, line {}: {}", error.line, error.reason))
        }
    }
}

/// The puzzles for the bot: the file `file` if one is given, else the built-in collection.
/// A file that cannot be read or is damaged is logged as an error, with its line, and gives
/// no puzzles; the bot runs on without them.
#[must_use]
pub fn load_puzzles(file: Option<&Path>) -> Puzzles {
    let puzzles = match file {
        None => shipped_puzzles(),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => from_text(&text, &path.display().to_string()),
            Err(error) => Puzzles::Unavailable(format!("{}: {error}", path.display())),
        },
    };
    match &puzzles {
        Puzzles::Loaded(collection) => {
            tracing::info!(
                file = %file.map_or_else(|| "built in".into(), |p| p.display().to_string()),
                puzzles = collection.len(),
                "puzzles loaded"
            );
        }
        Puzzles::Unavailable(reason) => {
            tracing::error!("cannot load the puzzles ({reason}); the bot runs without puzzles");
        }
    }
    puzzles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_collection_loads() {
        let Puzzles::Loaded(collection) = shipped_puzzles() else {
            panic!("the built-in collection is damaged");
        };
        assert!(collection.len() >= 500);
        let first = &collection.puzzles[0];
        assert_eq!(collection.get(&first.id).map(|p| &p.id), Some(&first.id));
        assert!(collection.get("no-such-puzzle").is_none());
    }

    #[test]
    fn a_new_puzzle_is_near_the_rating_and_not_seen_before() {
        let Puzzles::Loaded(collection) = shipped_puzzles() else {
            panic!("the built-in collection is damaged");
        };
        for rating in [800.0, 1500.0, 2400.0] {
            let mut seen: Vec<AttemptedPuzzle> = Vec::new();
            for random in 0..20 {
                let puzzle = collection.near(rating, &seen, random);
                assert!(seen.iter().all(|a| a.puzzle != puzzle.id));
                seen.push(AttemptedPuzzle {
                    puzzle: puzzle.id.clone(),
                    last_started_at: i64::try_from(random).unwrap(),
                });
            }
            let far = collection
                .puzzles
                .iter()
                .filter(|p| (f64::from(p.difficulty) - rating).abs() > 600.0)
                .count();
            assert!(far > 0, "the collection spans the ratings");
            assert!(seen.iter().all(|a| {
                let p = collection.get(&a.puzzle).unwrap();
                (f64::from(p.difficulty) - rating).abs() < 600.0
            }));
        }
        // Everything attempted: the one started longest ago.
        let all: Vec<AttemptedPuzzle> = collection
            .puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| AttemptedPuzzle {
                puzzle: p.id.clone(),
                last_started_at: if i == 7 { -5 } else { i as i64 },
            })
            .collect();
        assert_eq!(
            collection.near(1500.0, &all, 3).id,
            collection.puzzles[7].id
        );
    }

    #[test]
    fn the_daily_puzzle_depends_on_the_server_and_the_day() {
        let Puzzles::Loaded(collection) = shipped_puzzles() else {
            panic!("the built-in collection is damaged");
        };
        let today = collection.daily(1, 20_000);
        assert_eq!(collection.daily(1, 20_000).id, today.id);
        assert!(DAILY_DIFFICULTY.contains(&today.difficulty));
        let days: std::collections::HashSet<&str> = (0..30)
            .map(|day| collection.daily(1, 20_000 + day).id.as_str())
            .collect();
        assert!(days.len() > 20, "a month of days mostly differ");
        let servers: std::collections::HashSet<&str> = (0..30)
            .map(|guild| collection.daily(guild, 20_000).id.as_str())
            .collect();
        assert!(servers.len() > 20);
    }

    #[test]
    fn a_damaged_file_gives_its_line() {
        let text = "# puzzles\n\nbad line\n";
        let Puzzles::Unavailable(reason) = from_text(text, "p.txt") else {
            panic!("a damaged file loads");
        };
        assert!(reason.starts_with("p.txt, line 3: "), "{reason}");
        assert!(matches!(
            from_text("# none\n", "p.txt"),
            Puzzles::Unavailable(_)
        ));
    }
}
