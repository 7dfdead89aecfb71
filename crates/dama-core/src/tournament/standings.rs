//! The standings and their tie-breaks.
//!
//! Points: a win 1, a draw ½, a loss 0, a bye 1; a forfeit is a win for the player present,
//! a double forfeit 0 for both. Games without a result yet count nothing, anywhere.
//!
//! Players with equal points are ordered by, in turn:
//!
//! 1. **Buchholz cut-1**: the sum of the opponents' points, less the lowest one. Each game
//!    (forfeits included) adds the opponent's points; a bye adds a virtual opponent with the
//!    player's own points; rounds the player was not paired in (after a withdrawal) add
//!    nothing. The cut removes the smallest of these terms (none when there are none).
//! 2. **Sonneborn-Berger**: the points of each opponent the player beat, plus half the points
//!    of each opponent they drew with (forfeits count as the results they score as); a bye
//!    adds nothing.
//! 3. **The direct encounter**: among the players still equal, the points each scored in the
//!    games between them.
//! 4. **Rating** (highest first), then the **id** (lowest first), so no two rows share a
//!    rank.
//!
//! Opponents' points are their points in the whole tournament so far, withdrawn or not.
//!
//! In a round robin every player has the same number of byes over a cycle, so the bye's point
//! changes nobody's place at the end.

use std::collections::HashMap;

use super::{GameResult, PlayerId, Score, TournamentState};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// Place, from 1.
    pub rank: usize,
    pub player: PlayerId,
    pub points: Score,
    pub buchholz_cut1: Score,
    pub sonneborn_berger: Score,
    /// Points scored against the players tied with this one on points, Buchholz and
    /// Sonneborn-Berger (zero when nobody is).
    pub direct_encounter: Score,
    /// Games with a result, forfeits included (byes are not games).
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    /// Whether the player has withdrawn.
    pub withdrawn: bool,
}

/// A finished game as one player saw it.
struct Game {
    opponent: PlayerId,
    scored: Score,
}

/// The standings of every player (withdrawn ones included), best first, by the rules of the
/// [module](self).
#[must_use]
pub fn standings(state: &TournamentState) -> Vec<StandingRow> {
    let points: HashMap<PlayerId, Score> = state
        .players
        .iter()
        .map(|p| (p.id, state.points(p.id)))
        .collect();
    let games_of = |id: PlayerId| -> Vec<Game> {
        state
            .rounds
            .iter()
            .filter_map(|round| {
                let pairing = round.pairing_of(id)?;
                let result: GameResult = pairing.result?;
                Some(Game {
                    opponent: pairing.opponent_of(id)?,
                    scored: result.points(pairing.color_of(id)?),
                })
            })
            .collect()
    };
    let mut rows: Vec<(StandingRow, i32, Vec<Game>)> = state
        .players
        .iter()
        .map(|player| {
            let own = points[&player.id];
            let games = games_of(player.id);
            let byes = state.byes(player.id) as u32;
            let mut terms: Vec<Score> = games
                .iter()
                .map(|g| points.get(&g.opponent).copied().unwrap_or_default())
                .collect();
            terms.extend(std::iter::repeat_n(own, byes as usize));
            let lowest = terms.iter().copied().min().unwrap_or_default();
            let buchholz: Score = terms.iter().copied().sum();
            let buchholz_cut1 = Score::from_quarters(buchholz.quarters() - lowest.quarters());
            let sonneborn_berger = games
                .iter()
                .map(|g| {
                    points
                        .get(&g.opponent)
                        .copied()
                        .unwrap_or_default()
                        .weighted(g.scored)
                })
                .sum();
            let count = |score: Score| games.iter().filter(|g| g.scored == score).count() as u32;
            let row = StandingRow {
                rank: 0,
                player: player.id,
                points: own,
                buchholz_cut1,
                sonneborn_berger,
                direct_encounter: Score::ZERO,
                games: games.len() as u32,
                wins: count(Score::ONE),
                draws: count(Score::HALF),
                losses: count(Score::ZERO),
                byes,
                withdrawn: player.withdrawn_from.is_some(),
            };
            (row, player.rating, games)
        })
        .collect();
    let key = |row: &StandingRow| (row.points, row.buchholz_cut1, row.sonneborn_berger);
    rows.sort_by_key(|r| std::cmp::Reverse(key(&r.0)));
    // The direct encounter within each run of players equal so far.
    let mut start = 0;
    while start < rows.len() {
        let end = start
            + rows[start..]
                .iter()
                .take_while(|r| key(&r.0) == key(&rows[start].0))
                .count();
        if end - start > 1 {
            let tied: Vec<PlayerId> = rows[start..end].iter().map(|r| r.0.player).collect();
            for (row, _, games) in &mut rows[start..end] {
                row.direct_encounter = games
                    .iter()
                    .filter(|g| tied.contains(&g.opponent))
                    .map(|g| g.scored)
                    .sum();
            }
        }
        start = end;
    }
    rows.sort_by(|(a, rating_a, _), (b, rating_b, _)| {
        key(b)
            .cmp(&key(a))
            .then(b.direct_encounter.cmp(&a.direct_encounter))
            .then(rating_b.cmp(rating_a))
            .then(a.player.cmp(&b.player))
    });
    rows.into_iter()
        .enumerate()
        .map(|(i, (mut row, _, _))| {
            row.rank = i + 1;
            row
        })
        .collect()
}
