//! The tournament core: Swiss pairings and round robins over many random tournaments, the
//! tie-breaks against a worked example, and the checked-in openings list.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::tournament::openings::{THREE_MOVE_LIST, parse_openings, three_move_openings};
use crate::tournament::{
    GameResult, Pairing, PairingError, Player, PlayerId, Round, Score, StandingRow,
    TournamentState, berger_schedule, pair_swiss_round, round_robin, standings,
};
use dama_rules::{Color, Game};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// A small random number generator: the tournaments are a pure function of the seed.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_result(rng: &mut Rng, forfeits: bool) -> GameResult {
    if forfeits && rng.below(10) == 0 {
        return [
            GameResult::WhiteForfeits,
            GameResult::BlackForfeits,
            GameResult::DoubleForfeit,
        ][rng.below(3) as usize];
    }
    [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ][rng.below(3) as usize]
}

// ---------------------------------------------------------------------------------------
// The rules, written again independently of the pairing code.

/// The colour a player must get next: a colour difference of ±2 or the same colour in the
/// last two games.
fn must_get(colors: &[Color]) -> Option<Color> {
    let whites = colors.iter().filter(|&&c| c == Color::White).count() as i64;
    let difference = 2 * whites - colors.len() as i64;
    if difference >= 2 {
        return Some(Color::Black);
    }
    if difference <= -2 {
        return Some(Color::White);
    }
    match colors {
        [.., a, b] if a == b => Some(!*b),
        _ => None,
    }
}

/// Whether `rest` can be paired off completely by `allowed`.
fn pair_all(rest: &[PlayerId], allowed: &dyn Fn(PlayerId, PlayerId) -> bool) -> bool {
    let Some((&first, others)) = rest.split_first() else {
        return true;
    };
    (0..others.len()).any(|i| {
        allowed(first, others[i]) && {
            let mut left = others.to_vec();
            left.remove(i);
            pair_all(&left, allowed)
        }
    })
}

/// Whether every player in `players` can be paired (with a bye among `bye_candidates` when
/// the count is odd) without a repeat, and, if `strict`, without two players who must get the
/// same colour meeting.
fn pairing_exists(
    state: &TournamentState,
    players: &[PlayerId],
    bye_candidates: &[PlayerId],
    strict: bool,
) -> bool {
    let must: HashMap<PlayerId, Option<Color>> = players
        .iter()
        .map(|&p| (p, must_get(&state.colors(p))))
        .collect();
    let allowed = |a: PlayerId, b: PlayerId| {
        let color_clash = strict && must[&a].is_some() && must[&a] == must[&b];
        !state.have_met(a, b) && !color_clash
    };
    if players.len() % 2 == 0 {
        pair_all(players, &allowed)
    } else {
        bye_candidates.iter().any(|bye| {
            let rest: Vec<PlayerId> = players.iter().copied().filter(|p| p != bye).collect();
            pair_all(&rest, &allowed)
        })
    }
}

/// The checks on one Swiss round against the state before it.
fn check_swiss_round(state: &TournamentState, round: &Round) {
    let r = state.rounds.len();
    let active: Vec<PlayerId> = state.players_in(r).map(|p| p.id).collect();
    // Every player still in is paired exactly once, and nobody else.
    let mut seen: Vec<PlayerId> = round.players().collect();
    seen.sort_unstable();
    let mut expected = active.clone();
    expected.sort_unstable();
    assert_eq!(seen, expected, "round {}: players paired", r + 1);
    // No pair meets twice.
    for p in &round.pairings {
        assert!(
            !state.have_met(p.white, p.black),
            "round {}: {} and {} meet again",
            r + 1,
            p.white,
            p.black
        );
        assert!(p.result.is_none());
    }
    // The bye: only for an odd count, and to a player with the fewest byes.
    let fewest = active.iter().map(|&p| state.byes(p)).min().unwrap();
    match round.bye {
        Some(bye) => {
            assert_eq!(active.len() % 2, 1);
            assert_eq!(state.byes(bye), fewest, "round {}: bye to {bye}", r + 1);
        }
        None => assert_eq!(active.len() % 2, 0),
    }
    // Colours: nobody gets the colour they must not get, unless no pairing avoids it.
    let broken: Vec<PlayerId> = round
        .pairings
        .iter()
        .flat_map(|p| [(p.white, Color::White), (p.black, Color::Black)])
        .filter(|&(player, color)| must_get(&state.colors(player)) == Some(!color))
        .map(|(player, _)| player)
        .collect();
    if !broken.is_empty() && active.len() <= 14 {
        let candidates: Vec<PlayerId> = active
            .iter()
            .copied()
            .filter(|&p| state.byes(p) == fewest)
            .collect();
        assert!(
            !pairing_exists(state, &active, &candidates, true),
            "round {}: {broken:?} get the wrong colour though a pairing avoids it",
            r + 1
        );
    }
}

/// Plays a random Swiss tournament, checking every round; returns how many rounds were
/// paired.
fn play_random_swiss(seed: u64, players: usize, rounds: usize) -> usize {
    let mut rng = Rng(seed);
    let mut state = TournamentState::new(
        (1..=players as PlayerId)
            .map(|id| Player::new(id, 1200 + rng.below(800) as i32))
            .collect(),
    );
    for _ in 0..rounds {
        // Now and then a player withdraws.
        let active: Vec<PlayerId> = state.players_in(state.rounds.len()).map(|p| p.id).collect();
        if active.len() > 3 && rng.below(4) == 0 {
            let leaving = active[rng.below(active.len() as u64) as usize];
            assert!(state.withdraw(leaving));
        }
        let active: Vec<PlayerId> = state.players_in(state.rounds.len()).map(|p| p.id).collect();
        match pair_swiss_round(&state) {
            Ok(mut round) => {
                check_swiss_round(&state, &round);
                assert_eq!(
                    pair_swiss_round(&state).as_ref(),
                    Ok(&round),
                    "deterministic"
                );
                for pairing in &mut round.pairings {
                    pairing.result = Some(random_result(&mut rng, true));
                }
                state.rounds.push(round);
            }
            Err(PairingError::Impossible) => {
                if active.len() <= 14 {
                    let fewest = active.iter().map(|&p| state.byes(p)).min().unwrap();
                    let candidates: Vec<PlayerId> = active
                        .iter()
                        .copied()
                        .filter(|&p| state.byes(p) == fewest)
                        .collect();
                    assert!(
                        !pairing_exists(&state, &active, &candidates, false),
                        "round {} called impossible, yet a pairing exists",
                        state.rounds.len() + 1
                    );
                }
                break;
            }
            Err(error) => panic!("round {}: {error}", state.rounds.len() + 1),
        }
    }
    // The standings hold everyone, and the points add up.
    let table = standings(&state);
    assert_eq!(table.len(), players);
    let total: u32 = table.iter().map(|row| row.points.quarters()).sum();
    let expected: u32 = state
        .rounds
        .iter()
        .map(|round| {
            let games: u32 = round
                .pairings
                .iter()
                .map(|p| {
                    let result = p.result.unwrap();
                    (result.points(Color::White) + result.points(Color::Black)).quarters()
                })
                .sum();
            games + if round.bye.is_some() { 4 } else { 0 }
        })
        .sum();
    assert_eq!(total, expected);
    state.rounds.len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_swiss_tournaments_keep_the_rules(
        seed in any::<u64>(),
        players in 4usize..=40,
        rounds in 1usize..=9,
    ) {
        play_random_swiss(seed, players, rounds);
    }

    #[test]
    fn round_robin_tables_are_complete(n in 2usize..=40, cycles in 1usize..=2) {
        check_round_robin(n, cycles);
    }
}

/// A heavier run of the same properties.
#[test]
#[ignore = "about a minute; run with --ignored"]
fn many_random_swiss_tournaments() {
    for seed in 0..40_000u64 {
        let players = 4 + (seed % 37) as usize;
        let rounds = 1 + (seed / 37 % 11) as usize;
        play_random_swiss(seed, players, rounds);
    }
}

fn check_round_robin(n: usize, cycles: usize) {
    let ids: Vec<PlayerId> = (0..n as PlayerId).map(|i| 100 + 7 * i).collect();
    let rounds = round_robin(&ids, cycles);
    let per_cycle = if n % 2 == 0 { n - 1 } else { n };
    assert_eq!(rounds.len(), per_cycle * cycles);
    let mut games: HashMap<(PlayerId, PlayerId), usize> = HashMap::new();
    for round in &rounds {
        // A perfect matching of everyone (with one bye for an odd count).
        let mut seen: Vec<PlayerId> = round.players().collect();
        seen.sort_unstable();
        assert_eq!(seen, ids);
        assert_eq!(round.bye.is_some(), n % 2 == 1);
        for p in &round.pairings {
            *games.entry((p.white, p.black)).or_default() += 1;
        }
    }
    for (i, &a) in ids.iter().enumerate() {
        for &b in &ids[i + 1..] {
            let ab = games.get(&(a, b)).copied().unwrap_or(0);
            let ba = games.get(&(b, a)).copied().unwrap_or(0);
            assert_eq!(ab + ba, cycles, "{a} and {b}");
            if cycles == 2 {
                assert_eq!((ab, ba), (1, 1), "{a} and {b} swap colours");
            }
        }
    }
    // Colours: within one cycle every player's whites and blacks differ by at most one.
    for &id in &ids {
        let whites = rounds[..per_cycle]
            .iter()
            .filter(|r| r.pairings.iter().any(|p| p.white == id))
            .count() as i64;
        let played = rounds[..per_cycle]
            .iter()
            .filter(|r| r.pairing_of(id).is_some())
            .count() as i64;
        assert!(
            (2 * whites - played).abs() <= 1,
            "{id}: {whites} of {played} with White"
        );
    }
}

#[test]
fn every_berger_table_up_to_forty() {
    for n in 2..=40 {
        check_round_robin(n, 1);
    }
    assert_eq!(berger_schedule(5).len(), 5);
    assert_eq!(berger_schedule(6).len(), 5);
}

// ---------------------------------------------------------------------------------------
// Swiss pairings by hand.

fn players(n: u64) -> Vec<Player> {
    (1..=n)
        .map(|id| Player::new(id, 2000 - 10 * id as i32))
        .collect()
}

fn boards(round: &Round) -> Vec<(PlayerId, PlayerId)> {
    round.pairings.iter().map(|p| (p.white, p.black)).collect()
}

#[test]
fn the_first_round_pairs_the_top_half_against_the_bottom_half() {
    let state = TournamentState::new(players(8));
    let round = pair_swiss_round(&state).unwrap();
    assert_eq!(boards(&round), [(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(round.bye, None);
    // The initial order is by rating, then id.
    let mut shuffled = vec![
        Player::new(9, 1500),
        Player::new(3, 1700),
        Player::new(4, 1500),
        Player::new(7, 1600),
    ];
    shuffled.rotate_left(1);
    let round = pair_swiss_round(&TournamentState::new(shuffled)).unwrap();
    assert_eq!(boards(&round), [(3, 4), (9, 7)]);
}

#[test]
fn the_second_round_pairs_score_groups_and_alternates_colours() {
    let mut state = TournamentState::new(players(8));
    let mut first = pair_swiss_round(&state).unwrap();
    // White wins on every board: 1, 6, 3, 8 have a point.
    for p in &mut first.pairings {
        p.result = Some(GameResult::WhiteWins);
    }
    state.rounds.push(first);
    let second = pair_swiss_round(&state).unwrap();
    // The winners 1, 3, 6, 8 (in rating order) all had White and prefer Black: S1 = 1, 3
    // against S2 = 6, 8 in order, and with equal preferences and the same history the
    // higher-ranked player gets Black.
    assert_eq!(boards(&second)[..2], [(6, 1), (8, 3)]);
    // The losers 2, 4, 5, 7 all had Black and prefer White: 2-5 and 4-7, White to the
    // higher-ranked player.
    assert_eq!(boards(&second)[2..], [(2, 5), (4, 7)]);
}

#[test]
fn a_bye_goes_to_the_lowest_ranked_player_without_one() {
    let mut state = TournamentState::new(players(5));
    let mut byes = Vec::new();
    for _ in 0..4 {
        let mut round = pair_swiss_round(&state).unwrap();
        byes.push(round.bye.unwrap());
        for p in &mut round.pairings {
            p.result = Some(GameResult::Draw);
        }
        state.rounds.push(round);
    }
    // Everyone draws, so the bye's point lifts its holder above the others: the bye walks
    // up from the bottom of the order and never returns to the same player.
    assert_eq!(byes[0], 5);
    let distinct: HashSet<_> = byes.iter().collect();
    assert_eq!(distinct.len(), 4, "{byes:?}");
    assert_eq!(state.points(5), Score::from_quarters(4 + 3 * 2));
}

#[test]
fn pairing_refuses_what_cannot_be_done() {
    // An unfinished round.
    let mut state = TournamentState::new(players(4));
    state.rounds.push(pair_swiss_round(&state).unwrap());
    assert_eq!(
        pair_swiss_round(&state),
        Err(PairingError::Unfinished { round: 1 })
    );
    // Four players who have all met: no fourth round.
    let mut state = TournamentState::new(players(4));
    for mut round in round_robin(&[1, 2, 3, 4], 1) {
        for p in &mut round.pairings {
            p.result = Some(GameResult::Draw);
        }
        state.rounds.push(round);
    }
    assert_eq!(pair_swiss_round(&state), Err(PairingError::Impossible));
    assert!(
        PairingError::Impossible
            .to_string()
            .contains("repeated game")
    );
    // Everyone else withdrawn.
    let mut state = TournamentState::new(players(2));
    state.withdraw(2);
    assert_eq!(
        pair_swiss_round(&state),
        Err(PairingError::TooFewPlayers { players: 1 })
    );
}

#[test]
fn a_withdrawn_player_is_not_paired_but_their_games_count() {
    let mut state = TournamentState::new(players(4));
    let mut first = pair_swiss_round(&state).unwrap();
    for p in &mut first.pairings {
        p.result = Some(GameResult::BlackWins);
    }
    state.rounds.push(first);
    assert!(state.withdraw(2));
    let second = pair_swiss_round(&state).unwrap();
    assert!(second.players().all(|p| p != 2));
    assert_eq!(second.pairings.len(), 1);
    assert!(second.bye.is_some());
    // Player 2 beat 4 with Black in round 1 and keeps the point.
    assert_eq!(state.points(2), Score::ONE);
    let row = standings(&state)
        .into_iter()
        .find(|r| r.player == 2)
        .unwrap();
    assert!(row.withdrawn);
    assert_eq!((row.games, row.wins), (1, 1));
}

#[test]
fn forty_players_over_nine_rounds_pair_quickly() {
    let mut rng = Rng(2026);
    let mut state = TournamentState::new(
        (1..=40)
            .map(|id| Player::new(id, 1000 + rng.below(1200) as i32))
            .collect(),
    );
    let mut slowest = Duration::ZERO;
    for _ in 0..9 {
        let started = Instant::now();
        let mut round = pair_swiss_round(&state).unwrap();
        slowest = slowest.max(started.elapsed());
        check_swiss_round(&state, &round);
        for p in &mut round.pairings {
            p.result = Some(random_result(&mut rng, false));
        }
        state.rounds.push(round);
    }
    assert!(
        slowest < Duration::from_millis(250),
        "slowest round took {slowest:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Tie-breaks: a worked example.

fn game(white: PlayerId, black: PlayerId, result: GameResult) -> Pairing {
    Pairing {
        white,
        black,
        result: Some(result),
    }
}

fn q(quarters: u32) -> Score {
    Score::from_quarters(quarters)
}

/// Five players A..E (ids 1..5, ratings falling), three rounds:
///
/// | round | games | bye |
/// |---|---|---|
/// | 1 | A-D 1-0, C-B ½-½ | E |
/// | 2 | A-E ½-½, B-D 1-0 | C |
/// | 3 | C-A 1-0, D-E (E absent: D wins by forfeit) | B |
///
/// Points: A 1 + ½ + 0 = 1½; B ½ + 1 + 1 (bye) = 2½; C ½ + 1 (bye) + 1 = 2½; D 0 + 0 + 1 = 1;
/// E 1 (bye) + ½ + 0 = 1½.
///
/// Buchholz cut-1 (a bye counts a virtual opponent with the player's own points):
/// - A: D 1, E 1½, C 2½ = 5, less 1 = 4;
/// - B: C 2½, D 1, bye 2½ = 6, less 1 = 5;
/// - C: B 2½, bye 2½, A 1½ = 6½, less 1½ = 5;
/// - D: A 1½, B 2½, E 1½ = 5½, less 1½ = 4;
/// - E: bye 1½, A 1½, D 1 = 4, less 1 = 3.
///
/// Sonneborn-Berger (beaten opponents' points, half the drawn ones'; a bye adds nothing):
/// - A: D 1 + E ¾ = 1¾;  B: C 1¼ + D 1 = 2¼;  C: B 1¼ + A 1½ = 2¾;  D: E 1½;  E: A ¾.
///
/// Standings: C and B tie on points and Buchholz, C ahead on Sonneborn-Berger; A ahead of E
/// on Buchholz; D last.
// The players go by the letters of the example above.
#[allow(clippy::many_single_char_names)]
fn worked_example() -> TournamentState {
    let mut state = TournamentState::new(players(5));
    let [a, b, c, d, e]: [PlayerId; 5] = [1, 2, 3, 4, 5];
    state.rounds = vec![
        Round {
            pairings: vec![
                game(a, d, GameResult::WhiteWins),
                game(c, b, GameResult::Draw),
            ],
            bye: Some(e),
        },
        Round {
            pairings: vec![
                game(a, e, GameResult::Draw),
                game(b, d, GameResult::WhiteWins),
            ],
            bye: Some(c),
        },
        Round {
            pairings: vec![
                game(c, a, GameResult::WhiteWins),
                game(d, e, GameResult::BlackForfeits),
            ],
            bye: Some(b),
        },
    ];
    state
}

#[test]
fn tie_breaks_match_the_worked_example() {
    let table = standings(&worked_example());
    let figures: Vec<(PlayerId, Score, Score, Score)> = table
        .iter()
        .map(|r| (r.player, r.points, r.buchholz_cut1, r.sonneborn_berger))
        .collect();
    assert_eq!(
        figures,
        [
            (3, q(10), q(20), q(11)),
            (2, q(10), q(20), q(9)),
            (1, q(6), q(16), q(7)),
            (5, q(6), q(12), q(3)),
            (4, q(4), q(16), q(6)),
        ]
    );
    let ranks: Vec<usize> = table.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4, 5]);
    let d = &table[4];
    assert_eq!(
        (d.games, d.wins, d.draws, d.losses, d.byes),
        (3, 1, 0, 2, 0)
    );
    let b = &table[1];
    assert_eq!(
        (b.games, b.wins, b.draws, b.losses, b.byes),
        (2, 1, 1, 0, 1)
    );
    assert_eq!(
        table
            .iter()
            .map(|r| r.points.to_string())
            .collect::<Vec<_>>(),
        ["2½", "2½", "1½", "1½", "1"]
    );
}

/// Four players (ratings falling with the id), three rounds:
///
/// | round | games |
/// |---|---|
/// | 1 | 1-3 1-0, 4-2 1-0 |
/// | 2 | 4-1 ½-½, 2-3 ½-½ |
/// | 3 | 1-2 0-1, 3-4 ½-½ |
///
/// Points: 1: 1 + ½ + 0 = 1½; 2: 0 + ½ + 1 = 1½; 3: 0 + ½ + ½ = 1; 4: 1 + ½ + ½ = 2.
/// Buchholz cut-1: 1: 3 (1) + 4 (2) + 2 (1½) less 1 = 3½; 2: 4 (2) + 3 (1) + 1 (1½) less 1
/// = 3½; 3: 1½ + 1½ + 2 less 1½ = 3½; 4: 1½ + 1½ + 1 less 1 = 3.
/// Sonneborn-Berger: 1: 3 (1) + ½ of 4 (1) = 2; 2: ½ of 3 (½) + 1 (1½) = 2; 3: ½ of 2 (¾) +
/// ½ of 4 (1) = 1¾; 4: 2 (1½) + ½ of 1 (¾) + ½ of 3 (½) = 2¾.
/// 1 and 2 are equal on all three; 2 beat 1, so 2 is ahead despite the lower rating.
#[test]
fn the_direct_encounter_splits_players_equal_on_the_tie_breaks() {
    let mut state = TournamentState::new(players(4));
    state.rounds = vec![
        Round {
            pairings: vec![
                game(1, 3, GameResult::WhiteWins),
                game(4, 2, GameResult::WhiteWins),
            ],
            bye: None,
        },
        Round {
            pairings: vec![game(4, 1, GameResult::Draw), game(2, 3, GameResult::Draw)],
            bye: None,
        },
        Round {
            pairings: vec![
                game(1, 2, GameResult::BlackWins),
                game(3, 4, GameResult::Draw),
            ],
            bye: None,
        },
    ];
    let table = standings(&state);
    let figures: Vec<(PlayerId, Score, Score, Score, Score)> = table
        .iter()
        .map(|r| {
            (
                r.player,
                r.points,
                r.buchholz_cut1,
                r.sonneborn_berger,
                r.direct_encounter,
            )
        })
        .collect();
    assert_eq!(
        figures,
        [
            (4, q(8), q(12), q(11), q(0)),
            (2, q(6), q(14), q(8), q(4)),
            (1, q(6), q(14), q(8), q(0)),
            (3, q(4), q(14), q(7), q(0)),
        ]
    );
}

/// One round: 1-2 ½-½, 3-4 1-0. Player 3 leads with a point; 1 and 2 have ½ each, Buchholz
/// cut-1 0 (one opponent, cut), Sonneborn-Berger ¼ (half of ½) and ½ from their game with
/// each other: the rating puts 2 (1600) ahead of 1 (1500).
#[test]
fn players_equal_on_everything_are_ordered_by_rating() {
    let mut state = TournamentState::new(vec![
        Player::new(1, 1500),
        Player::new(2, 1600),
        Player::new(3, 1400),
        Player::new(4, 1400),
    ]);
    state.rounds = vec![Round {
        pairings: vec![
            game(1, 2, GameResult::Draw),
            game(3, 4, GameResult::WhiteWins),
        ],
        bye: None,
    }];
    let table = standings(&state);
    let order: Vec<PlayerId> = table.iter().map(|r| r.player).collect();
    assert_eq!(order, [3, 2, 1, 4]);
    let row = |id: PlayerId| -> &StandingRow { table.iter().find(|r| r.player == id).unwrap() };
    assert_eq!(row(1).sonneborn_berger, q(1));
    assert_eq!(row(1).buchholz_cut1, q(0));
    assert_eq!(
        (row(1).direct_encounter, row(2).direct_encounter),
        (q(2), q(2))
    );
}

// ---------------------------------------------------------------------------------------
// The openings list.

#[test]
fn the_checked_in_openings_replay_and_match_their_fens() {
    let openings = three_move_openings();
    assert!(!openings.is_empty());
    // Checked again line by line with the rules alone.
    let mut positions = HashSet::new();
    let mut lines = 0;
    for line in THREE_MOVE_LIST.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "{line}");
        let mut game = Game::default();
        for m in &fields[..3] {
            game.play_text(m)
                .unwrap_or_else(|e| panic!("{line}: {m}: {e}"));
        }
        assert_eq!(game.position().to_fen(), fields[3], "{line}");
        assert_eq!(game.position().turn(), Color::Black);
        let score: i32 = fields[4].parse().unwrap();
        assert!(score.abs() <= 30, "{line}");
        assert!(positions.insert(fields[3].to_owned()), "{line}: repeated");
        lines += 1;
    }
    assert_eq!(lines, openings.len());
    assert_eq!(parse_openings(THREE_MOVE_LIST).unwrap(), openings);
    // The header names the command that made the list.
    assert!(THREE_MOVE_LIST.contains("# Made by: damabot openings build"));
}
