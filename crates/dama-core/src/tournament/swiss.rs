//! The Swiss pairing: the Dutch system by score groups, with absolute rules checked by an
//! exact matching search.
//!
//! # The players and their order
//!
//! The players paired are those who have not withdrawn before the round. They are ranked by
//! points (highest first), then rating (highest first), then id (lowest first): before the
//! first round that is the initial order by rating and id. A score group is the players with
//! the same points.
//!
//! # The rules, strongest first
//!
//! 1. **No pair meets twice**, ever: a game paired earlier (played or forfeited) rules the
//!    pair out. If no pairing of every player without a repeat exists, the round is not
//!    paired ([`PairingError::Impossible`]); nothing ever pairs two players twice.
//! 2. **The bye** (odd number of players) goes to a player with the fewest byes so far, so
//!    nobody has a second bye while someone else has had none; among those, to the
//!    lowest-ranked one with whom the rest can be paired under the rules above and below.
//!    A bye scores one point.
//! 3. **Colours, where avoidable**: a player whose colour difference (games with White minus
//!    games with Black) is 2, or who had the same colour in their last two games, must get
//!    the other colour (an *absolute* preference); two players who must get the same colour
//!    are not paired together. This keeps every colour difference within ±2 and nobody on the
//!    same colour three times running. Only when no pairing of everyone meets these rules
//!    (for any possible bye) is the round paired without them.
//! 4. **The Dutch order within score groups**, from the top group down. A bracket is the
//!    group's unpaired players with the players floated down from the groups above (ranked
//!    first); its top half (S1) is paired against its bottom half (S2) in order: S1's first
//!    player against S2's first, the second against the second, and so on. A player tries
//!    the S2 players whose colour preference does not clash with theirs first (in S2's
//!    order), then the clashing ones, then the other players below them in the bracket. A
//!    choice is taken only if everyone still unpaired can then be paired by rules 1 and 3
//!    (an exact test: Edmonds' maximum matching), so the search never paints itself into a
//!    corner and never backtracks. Players left over are paired among themselves the same
//!    way; whoever is still left floats down to the next group.
//!
//! # Colours of a game
//!
//! A player's preference: absolute as in rule 3; *strong* (the colour that evens a
//! difference of ±1); *mild* (the other colour than their last game's, with a difference of
//! 0); none before their first game. When the two preferences differ both get theirs;
//! otherwise the stronger preference wins; between equal ones, the colours alternate from the
//! latest game where the two had different colours, and failing that the higher-ranked player
//! gets theirs. With no preference on either side (the first round), the higher-ranked player
//! has White on boards 1, 3, 5, ... and Black on boards 2, 4, 6, ...
//!
//! Every paired game counts for the colours and for rule 1, forfeited or not.
//!
//! # Boards
//!
//! Board 1 is the game of the best-ranked player, and so on down.

use std::fmt;

use dama_rules::Color;

use super::matching::Matcher;
use super::{Pairing, PlayerId, Round, Score, TournamentState};

/// Why a Swiss round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// A game of an earlier round (numbered from 1) has no result yet.
    Unfinished { round: usize },
    /// Fewer than two players are left to pair.
    TooFewPlayers { players: usize },
    /// No pairing of every player exists without a repeated game (with the bye to one of the
    /// players with the fewest byes).
    Impossible,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::Unfinished { round } => {
                write!(f, "round {round} has games without a result")
            }
            PairingError::TooFewPlayers { players } => {
                write!(f, "{players} player(s) left: a round needs at least two")
            }
            PairingError::Impossible => f.write_str(
                "no pairing of every player without a repeated game exists for this round",
            ),
        }
    }
}

impl std::error::Error for PairingError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Mild,
    Strong,
    Absolute,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Preference {
    color: Color,
    strength: Strength,
}

/// The colour a player should get next, from the colours of their games.
fn preference(colors: &[Color]) -> Option<Preference> {
    let last = *colors.last()?;
    let whites = colors.iter().filter(|&&c| c == Color::White).count() as i64;
    let difference = 2 * whites - colors.len() as i64;
    let last_two_same = colors.len() >= 2 && colors[colors.len() - 2] == last;
    let (color, strength) = if difference >= 2 {
        (Color::Black, Strength::Absolute)
    } else if difference <= -2 {
        (Color::White, Strength::Absolute)
    } else if last_two_same {
        (!last, Strength::Absolute)
    } else if difference == 1 {
        (Color::Black, Strength::Strong)
    } else if difference == -1 {
        (Color::White, Strength::Strong)
    } else {
        (!last, Strength::Mild)
    };
    Some(Preference { color, strength })
}

/// A player to pair, with what the pairing needs to know.
struct Entrant {
    id: PlayerId,
    rating: i32,
    points: Score,
    colors: Vec<Color>,
    preference: Option<Preference>,
}

/// Pairs the next round of a Swiss tournament by the rules of the [module](self): every
/// player still in is paired once, or has the bye. The round comes back without results.
pub fn pair_swiss_round(state: &TournamentState) -> Result<Round, PairingError> {
    if let Some(i) = state.rounds.iter().position(|r| !r.is_finished()) {
        return Err(PairingError::Unfinished { round: i + 1 });
    }
    let round = state.rounds.len();
    let mut entrants: Vec<Entrant> = state
        .players_in(round)
        .map(|p| {
            let colors = state.colors(p.id);
            Entrant {
                id: p.id,
                rating: p.rating,
                points: state.points(p.id),
                preference: preference(&colors),
                colors,
            }
        })
        .collect();
    let n = entrants.len();
    if n < 2 {
        return Err(PairingError::TooFewPlayers { players: n });
    }
    entrants.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let byes: Vec<usize> = entrants.iter().map(|e| state.byes(e.id)).collect();
    let opponents: Vec<_> = entrants.iter().map(|e| state.opponents(e.id)).collect();

    let relaxed: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| a != b && !opponents[a].contains(&entrants[b].id))
                .collect()
        })
        .collect();
    let strict: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| relaxed[a][b] && colors_compatible(&entrants[a], &entrants[b]))
                .collect()
        })
        .collect();

    let (bye, mut matcher) = choose_bye(&byes, [strict, relaxed])?;
    let mut paired = vec![false; n];
    if let Some(bye) = bye {
        paired[bye] = true;
    }
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
    let mut carried: Vec<usize> = Vec::new();
    let mut groups: Vec<Score> = entrants.iter().map(|e| e.points).collect();
    groups.dedup();
    for group in groups {
        let mut bracket: Vec<usize> = carried.clone();
        bracket.extend((0..n).filter(|&i| !paired[i] && entrants[i].points == group));
        bracket.sort_unstable();
        loop {
            let unpaired: Vec<usize> = bracket.iter().copied().filter(|&i| !paired[i]).collect();
            if unpaired.len() < 2 {
                break;
            }
            let before = pairs.len();
            pair_bracket(&unpaired, &entrants, &mut matcher, &mut paired, &mut pairs);
            if pairs.len() == before {
                break;
            }
        }
        carried = bracket.into_iter().filter(|&i| !paired[i]).collect();
    }
    // The matching test keeps everyone pairable, so the last group takes all who are left.
    debug_assert!(carried.is_empty(), "players left unpaired: {carried:?}");
    if !carried.is_empty() {
        return Err(PairingError::Impossible);
    }

    pairs.sort_unstable_by_key(|&(a, b)| a.min(b));
    let pairings = pairs
        .iter()
        .enumerate()
        .map(|(board, &(a, b))| {
            let (high, low) = (a.min(b), a.max(b));
            let high_color = allocate(&entrants[high], &entrants[low], board);
            let (white, black) = match high_color {
                Color::White => (high, low),
                Color::Black => (low, high),
            };
            Pairing::new(entrants[white].id, entrants[black].id)
        })
        .collect();
    Ok(Round {
        pairings,
        bye: bye.map(|i| entrants[i].id),
    })
}

/// Whether two players may meet under the colour rules: not if both must get the same colour.
fn colors_compatible(a: &Entrant, b: &Entrant) -> bool {
    match (a.preference, b.preference) {
        (Some(pa), Some(pb)) => {
            !(pa.strength == Strength::Absolute
                && pb.strength == Strength::Absolute
                && pa.color == pb.color)
        }
        _ => true,
    }
}

/// The bye (for an odd count) and a perfect matching of everyone else: the strict graph
/// first, with every possible bye, then the graph without the colour rules.
fn choose_bye(
    byes: &[usize],
    graphs: [Vec<Vec<bool>>; 2],
) -> Result<(Option<usize>, Matcher), PairingError> {
    let n = byes.len();
    let fewest = byes.iter().copied().min().unwrap_or(0);
    for graph in graphs {
        if n % 2 == 0 {
            let mut matcher = Matcher::new(graph);
            if matcher.perfect() {
                return Ok((None, matcher));
            }
            continue;
        }
        for candidate in (0..n).rev().filter(|&i| byes[i] == fewest) {
            let mut matcher = Matcher::new(graph.clone());
            matcher.remove(candidate);
            if matcher.perfect() {
                return Ok((Some(candidate), matcher));
            }
        }
    }
    Err(PairingError::Impossible)
}

/// One pass of the Dutch system over a bracket (players in rank order): its top half against
/// its bottom half.
fn pair_bracket(
    bracket: &[usize],
    entrants: &[Entrant],
    matcher: &mut Matcher,
    paired: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
) {
    let half = bracket.len() / 2;
    let (s1, s2) = bracket.split_at(half);
    for (position, &player) in s1.iter().enumerate() {
        if paired[player] {
            continue;
        }
        let clashes = |other: usize| match (entrants[player].preference, entrants[other].preference)
        {
            (Some(a), Some(b)) => a.color == b.color,
            _ => false,
        };
        let candidates = s2
            .iter()
            .copied()
            .filter(|&c| !clashes(c))
            .chain(s2.iter().copied().filter(|&c| clashes(c)))
            .chain(s1[position + 1..].iter().copied());
        for candidate in candidates {
            if !paired[candidate] && matcher.pair_if_possible(player, candidate) {
                paired[player] = true;
                paired[candidate] = true;
                pairs.push((player, candidate));
                break;
            }
        }
    }
}

/// The colour of the higher-ranked player `high` against `low` on `board` (from 0).
fn allocate(high: &Entrant, low: &Entrant, board: usize) -> Color {
    let by_board = if board % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    match (high.preference, low.preference) {
        (None, None) => by_board,
        (Some(h), None) => h.color,
        (None, Some(l)) => !l.color,
        (Some(h), Some(l)) if h.color != l.color => h.color,
        (Some(h), Some(l)) if h.strength != l.strength => {
            if h.strength > l.strength {
                h.color
            } else {
                !l.color
            }
        }
        (Some(h), Some(_)) => {
            // Alternate from the latest game (counted from the end) where they differed.
            let latest_difference = high
                .colors
                .iter()
                .rev()
                .zip(low.colors.iter().rev())
                .find(|(a, b)| a != b);
            match latest_difference {
                Some((&then, _)) => !then,
                None => h.color,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn preferences_follow_the_colour_history() {
        let strength = |colors: &[Color]| preference(colors).map(|p| (p.color, p.strength));
        assert_eq!(strength(&[]), None);
        assert_eq!(strength(&[White]), Some((Black, Strength::Strong)));
        assert_eq!(strength(&[White, Black]), Some((White, Strength::Mild)));
        assert_eq!(
            strength(&[Black, White, White]),
            Some((Black, Strength::Absolute))
        );
        assert_eq!(
            strength(&[White, Black, White, White]),
            Some((Black, Strength::Absolute))
        );
        assert_eq!(
            strength(&[White, White, Black, White]),
            Some((Black, Strength::Absolute))
        );
        assert_eq!(
            strength(&[Black, Black, White]),
            Some((White, Strength::Strong))
        );
    }

    fn entrant(colors: &[Color]) -> Entrant {
        Entrant {
            id: 0,
            rating: 0,
            points: Score::ZERO,
            colors: colors.to_vec(),
            preference: preference(colors),
        }
    }

    #[test]
    fn colours_go_to_the_stronger_preference_then_alternate() {
        // Both prefer Black; the absolute preference wins.
        assert_eq!(
            allocate(&entrant(&[White]), &entrant(&[Black, White, White]), 0),
            White
        );
        // Both mildly prefer White; the latest game where they differed is the second
        // (high White, low Black), so they alternate from it.
        assert_eq!(
            allocate(
                &entrant(&[Black, White, White, Black]),
                &entrant(&[White, Black, White, Black]),
                0
            ),
            Black
        );
        // Same history, same preference: the higher-ranked player gets it.
        assert_eq!(
            allocate(&entrant(&[White, Black]), &entrant(&[White, Black]), 1),
            White
        );
        // No history: the board decides.
        assert_eq!(allocate(&entrant(&[]), &entrant(&[]), 0), White);
        assert_eq!(allocate(&entrant(&[]), &entrant(&[]), 1), Black);
    }
}
