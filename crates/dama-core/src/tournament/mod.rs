//! Tournaments as plain data: players, rounds, results; the Swiss pairing ([`swiss`]), the
//! round-robin tables ([`round_robin`](mod@round_robin)), the standings with their tie-breaks ([`standings`](mod@standings))
//! and the list of drawn openings ([`openings`]).
//!
//! Everything here is a pure function of a [`TournamentState`]: no clock, no randomness, no
//! storage. The service keeps the state (players, rounds, results) and asks for the next
//! round or the standings whenever it needs them; the same state always gives the same
//! answer.
//!
//! ```
//! use dama_core::tournament::{
//!     GameResult, Player, TournamentState, pair_swiss_round, standings,
//! };
//!
//! let players = (1..=5).map(|id| Player::new(id, 1500 - id as i32)).collect();
//! let mut state = TournamentState::new(players);
//! let mut round = pair_swiss_round(&state).unwrap();
//! // Five players: the lowest-ranked sits out with a bye; top half meets bottom half.
//! assert_eq!(round.bye, Some(5));
//! assert_eq!((round.pairings[0].white, round.pairings[0].black), (1, 3));
//! for pairing in &mut round.pairings {
//!     pairing.result = Some(GameResult::WhiteWins);
//! }
//! state.rounds.push(round);
//! let table = standings(&state);
//! assert_eq!(table[0].player, 1);
//! assert_eq!(table[0].points.to_string(), "1");
//! ```

use std::collections::HashSet;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use dama_rules::Color;

mod matching;
pub mod openings;
#[cfg(test)]
mod properties;
pub mod round_robin;
pub mod standings;
pub mod swiss;

pub use round_robin::{berger_schedule, round_robin};
pub use standings::{StandingRow, standings};
pub use swiss::{PairingError, pair_swiss_round};

/// A player's id: the service chooses it (a Discord user id fits).
pub type PlayerId = u64;

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    /// The rating at sign-up: with the id, it orders the players before the first round and
    /// within a score group.
    pub rating: i32,
    /// Once withdrawn, the index (from 0) of the first round the player is not paired in.
    /// Games already paired or played still count.
    pub withdrawn_from: Option<usize>,
}

impl Player {
    /// A player taking part from the first round on.
    #[must_use]
    pub fn new(id: PlayerId, rating: i32) -> Player {
        Player {
            id,
            rating,
            withdrawn_from: None,
        }
    }

    /// Whether the player is to be paired in the round of index `round` (from 0).
    #[must_use]
    pub fn plays_in(&self, round: usize) -> bool {
        self.withdrawn_from.is_none_or(|from| round < from)
    }
}

/// How a game ended, for the tournament. A forfeit scores as a win for the player who was
/// there; a double forfeit scores nothing for either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
    /// White did not play: Black scores the win.
    WhiteForfeits,
    /// Black did not play: White scores the win.
    BlackForfeits,
    /// Neither played: 0-0.
    DoubleForfeit,
}

impl GameResult {
    /// What the player of `color` scores.
    #[must_use]
    pub fn points(self, color: Color) -> Score {
        let (white, black) = match self {
            GameResult::WhiteWins | GameResult::BlackForfeits => (Score::ONE, Score::ZERO),
            GameResult::Draw => (Score::HALF, Score::HALF),
            GameResult::BlackWins | GameResult::WhiteForfeits => (Score::ZERO, Score::ONE),
            GameResult::DoubleForfeit => (Score::ZERO, Score::ZERO),
        };
        color.fold(white, black)
    }

    /// Whether the game was not played (one side or both absent).
    #[must_use]
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::WhiteForfeits | GameResult::BlackForfeits | GameResult::DoubleForfeit
        )
    }
}

/// One game of a round: who has White, who has Black, and the result once known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub white: PlayerId,
    pub black: PlayerId,
    pub result: Option<GameResult>,
}

impl Pairing {
    /// A game without a result yet.
    #[must_use]
    pub fn new(white: PlayerId, black: PlayerId) -> Pairing {
        Pairing {
            white,
            black,
            result: None,
        }
    }

    /// The colour `player` has in this game, if they play in it.
    #[must_use]
    pub fn color_of(&self, player: PlayerId) -> Option<Color> {
        if player == self.white {
            Some(Color::White)
        } else if player == self.black {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The other player of the game.
    #[must_use]
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        match self.color_of(player)? {
            Color::White => Some(self.black),
            Color::Black => Some(self.white),
        }
    }
}

/// A round: its games, board by board (board 1 first), and the player with the bye, if any.
/// A bye scores one point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub bye: Option<PlayerId>,
}

impl Round {
    /// Whether every game of the round has a result.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.pairings.iter().all(|p| p.result.is_some())
    }

    /// The game `player` plays in this round.
    #[must_use]
    pub fn pairing_of(&self, player: PlayerId) -> Option<&Pairing> {
        self.pairings
            .iter()
            .find(|p| p.white == player || p.black == player)
    }

    /// Every player of the round: both players of each game, then the bye.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.pairings
            .iter()
            .flat_map(|p| [p.white, p.black])
            .chain(self.bye)
    }

    /// The round with every game's colours swapped and no results (the second cycle of a
    /// double round robin, the return game of a two-game match).
    #[must_use]
    pub fn reversed(&self) -> Round {
        Round {
            pairings: self
                .pairings
                .iter()
                .map(|p| Pairing::new(p.black, p.white))
                .collect(),
            bye: self.bye,
        }
    }
}

/// A tournament so far: its players and the rounds paired (the last may still be in play).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentState {
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
}

impl TournamentState {
    /// A tournament with these players and no round yet.
    #[must_use]
    pub fn new(players: Vec<Player>) -> TournamentState {
        TournamentState {
            players,
            rounds: Vec::new(),
        }
    }

    /// The player with this id.
    #[must_use]
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Withdraws a player: they are not paired in any round after those already paired.
    /// Returns false when there is no such player or they had already withdrawn.
    pub fn withdraw(&mut self, id: PlayerId) -> bool {
        let next = self.rounds.len();
        match self.players.iter_mut().find(|p| p.id == id) {
            Some(player) if player.withdrawn_from.is_none() => {
                player.withdrawn_from = Some(next);
                true
            }
            _ => false,
        }
    }

    /// The players to pair in the round of index `round` (from 0), in the order of
    /// [`TournamentState::players`].
    pub fn players_in(&self, round: usize) -> impl Iterator<Item = &Player> + '_ {
        self.players.iter().filter(move |p| p.plays_in(round))
    }

    /// A player's points: the results known so far (a game without a result counts nothing)
    /// and one point for each bye.
    #[must_use]
    pub fn points(&self, id: PlayerId) -> Score {
        self.rounds
            .iter()
            .map(|round| {
                if round.bye == Some(id) {
                    return Score::ONE;
                }
                round
                    .pairing_of(id)
                    .and_then(|p| Some(p.result?.points(p.color_of(id)?)))
                    .unwrap_or(Score::ZERO)
            })
            .sum()
    }

    /// The colours of a player's games in round order (forfeited games included: every
    /// paired game counts for the colours).
    #[must_use]
    pub fn colors(&self, id: PlayerId) -> Vec<Color> {
        self.rounds
            .iter()
            .filter_map(|round| round.pairing_of(id)?.color_of(id))
            .collect()
    }

    /// How many byes a player has had.
    #[must_use]
    pub fn byes(&self, id: PlayerId) -> usize {
        self.rounds.iter().filter(|r| r.bye == Some(id)).count()
    }

    /// The players a player has been paired with (forfeited games included).
    #[must_use]
    pub fn opponents(&self, id: PlayerId) -> HashSet<PlayerId> {
        self.rounds
            .iter()
            .filter_map(|round| round.pairing_of(id)?.opponent_of(id))
            .collect()
    }

    /// Whether two players have been paired in an earlier round.
    #[must_use]
    pub fn have_met(&self, a: PlayerId, b: PlayerId) -> bool {
        self.rounds
            .iter()
            .any(|round| round.pairing_of(a).and_then(|p| p.opponent_of(a)) == Some(b))
    }
}

/// Points and tie-break figures, exact to a quarter point (Sonneborn-Berger gives quarters:
/// a draw against a player with 1½ points is worth ¾). Shown as `2½`, `10¾`, `0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u32);

impl Score {
    pub const ZERO: Score = Score(0);
    pub const HALF: Score = Score(2);
    pub const ONE: Score = Score(4);

    /// A score of `quarters` quarter points.
    #[must_use]
    pub const fn from_quarters(quarters: u32) -> Score {
        Score(quarters)
    }

    /// The score in quarter points.
    #[must_use]
    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// The score as a number (`2.5`).
    #[must_use]
    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }

    /// `self` weighted by a game's result: the full score for a win, half for a draw (the
    /// Sonneborn-Berger term of one game).
    #[must_use]
    pub(crate) fn weighted(self, result: Score) -> Score {
        Score(self.0 * result.0 / 4)
    }
}

impl Add for Score {
    type Output = Score;
    fn add(self, other: Score) -> Score {
        Score(self.0 + other.0)
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        self.0 += other.0;
    }
}

impl Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, Add::add)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        let fraction = match self.0 % 4 {
            1 => "¼",
            2 => "½",
            3 => "¾",
            _ => "",
        };
        if whole == 0 && !fraction.is_empty() {
            f.write_str(fraction)
        } else {
            write!(f, "{whole}{fraction}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_show_as_fractions() {
        let shown: Vec<String> = [0, 1, 2, 3, 4, 10, 43]
            .into_iter()
            .map(|q| Score::from_quarters(q).to_string())
            .collect();
        assert_eq!(shown, ["0", "¼", "½", "¾", "1", "2½", "10¾"]);
        assert_eq!(Score::from_quarters(6).weighted(Score::HALF), Score(3));
    }

    #[test]
    fn forfeits_score_for_the_player_present() {
        assert_eq!(GameResult::WhiteForfeits.points(Color::Black), Score::ONE);
        assert_eq!(GameResult::WhiteForfeits.points(Color::White), Score::ZERO);
        assert_eq!(GameResult::DoubleForfeit.points(Color::White), Score::ZERO);
        assert_eq!(GameResult::DoubleForfeit.points(Color::Black), Score::ZERO);
        assert!(!GameResult::Draw.is_forfeit());
    }

    #[test]
    fn a_withdrawal_takes_effect_from_the_next_round() {
        let mut state = TournamentState::new(vec![Player::new(1, 0), Player::new(2, 0)]);
        state.rounds.push(Round {
            pairings: vec![Pairing::new(1, 2)],
            bye: None,
        });
        assert!(state.withdraw(2));
        assert!(!state.withdraw(2));
        assert!(!state.withdraw(3));
        assert!(state.player(2).unwrap().plays_in(0));
        assert!(!state.player(2).unwrap().plays_in(1));
        assert_eq!(state.players_in(1).count(), 1);
        assert!(state.have_met(2, 1));
        assert_eq!(state.colors(2), [Color::Black]);
    }
}
