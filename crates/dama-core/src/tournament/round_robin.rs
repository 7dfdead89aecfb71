//! Round robins by the Berger tables.
//!
//! For `n` players (seeds 1 to `n`; an odd count gets a bye "player" `n + 1`, and whoever
//! meets it has the bye), with `m = n - 1` for even `n`, round `r` (from 1) pairs:
//!
//! - the last seed `n` with seed `p = ((r - 1) * n / 2) mod m + 1`, `p` with White in odd
//!   rounds and `n` with White in even rounds;
//! - for `k = 1 .. n/2 - 1`, seed `p + k` (White) with seed `p - k` (Black), counted round
//!   the circle `1 ..= m`.
//!
//! These are the FIDE tables: six players give `1-6 2-5 3-4`, `6-4 5-3 1-2`, `2-6 3-1 4-5`,
//! `6-5 1-4 2-3`, `3-6 4-2 5-1`. Every pair meets exactly once, and every seed but the last
//! alternates colours as far as an odd count of games allows. A double round robin plays the
//! same rounds again with the colours swapped.

use super::{Pairing, PlayerId, Round};

/// The Berger tables for `n` players, as seeds 1 to `n`: `n - 1` rounds for an even `n`,
/// `n` rounds for an odd one (each with one bye). Fewer than two players give no rounds.
#[must_use]
pub fn berger_schedule(n: usize) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    let size = n + n % 2;
    let circle = size - 1;
    let wrap = |seed: usize| (seed + circle - 1) % circle + 1;
    let seat = |seed: usize| -> Option<PlayerId> { (seed <= n).then_some(seed as PlayerId) };
    (1..=circle)
        .map(|number| {
            let last_meets = ((number - 1) * size / 2) % circle + 1;
            let mut games = Vec::with_capacity(size / 2);
            games.push(if number % 2 == 1 {
                (last_meets, size)
            } else {
                (size, last_meets)
            });
            for offset in 1..size / 2 {
                games.push((
                    wrap(last_meets + offset),
                    wrap(last_meets + circle - offset),
                ));
            }
            let mut round = Round::default();
            for (white, black) in games {
                match (seat(white), seat(black)) {
                    (Some(w), Some(b)) => round.pairings.push(Pairing::new(w, b)),
                    (Some(alone), None) | (None, Some(alone)) => round.bye = Some(alone),
                    (None, None) => unreachable!("one bye seat"),
                }
            }
            round
        })
        .collect()
}

/// The rounds of a round robin among `players` (seeded in the order given: the first is
/// seed 1), played `cycles` times; the even cycles swap every game's colours.
#[must_use]
pub fn round_robin(players: &[PlayerId], cycles: usize) -> Vec<Round> {
    let seed = |s: PlayerId| players[(s - 1) as usize];
    let single: Vec<Round> = berger_schedule(players.len())
        .into_iter()
        .map(|round| Round {
            pairings: round
                .pairings
                .iter()
                .map(|p| Pairing::new(seed(p.white), seed(p.black)))
                .collect(),
            bye: round.bye.map(seed),
        })
        .collect();
    (0..cycles)
        .flat_map(|cycle| {
            single.iter().map(move |round| {
                if cycle % 2 == 0 {
                    round.clone()
                } else {
                    round.reversed()
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rounds: &[Round]) -> Vec<String> {
        rounds
            .iter()
            .map(|r| {
                let mut games: Vec<String> = r
                    .pairings
                    .iter()
                    .map(|p| format!("{}-{}", p.white, p.black))
                    .collect();
                if let Some(bye) = r.bye {
                    games.push(format!("bye {bye}"));
                }
                games.join(" ")
            })
            .collect()
    }

    #[test]
    fn six_players_follow_the_fide_table() {
        assert_eq!(
            table(&berger_schedule(6)),
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
    }

    #[test]
    fn four_and_three_players() {
        assert_eq!(
            table(&berger_schedule(4)),
            ["1-4 2-3", "4-3 1-2", "2-4 3-1"]
        );
        assert_eq!(
            table(&berger_schedule(3)),
            ["2-3 bye 1", "1-2 bye 3", "3-1 bye 2"]
        );
        assert!(berger_schedule(1).is_empty());
    }

    #[test]
    fn a_double_round_robin_swaps_colours() {
        let rounds = round_robin(&[10, 20, 30, 40], 2);
        assert_eq!(rounds.len(), 6);
        assert_eq!(table(&rounds[..1]), ["10-40 20-30"]);
        assert_eq!(table(&rounds[3..4]), ["40-10 30-20"]);
    }
}
