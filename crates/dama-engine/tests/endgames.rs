//! The engine with endgame tables: it converts every won position it is given, and its search
//! scores the positions the tables hold by their exact value.

use std::sync::{Arc, OnceLock};

use dama_engine::tables::{BuildOptions, Tablebase, Verdict};
use dama_engine::{Engine, Limits, TABLE_WIN, WIN, is_decisive};
use dama_rules::{Bitboard, ByColor, Color, Game, Position, Setup, Square};

/// The tables up to four pieces, built once for the whole test binary.
fn four_pieces() -> Arc<Tablebase> {
    static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            Arc::new(
                Tablebase::build(&BuildOptions::in_memory(4), &mut |_| {})
                    .expect("an in-memory build writes nothing"),
            )
        })
        .clone()
}

/// A small random number generator (xorshift64*), so that the sample is the same every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) % n
    }
}

/// A random legal position with `pieces` pieces, each side at least one, either side to move.
fn random_position(random: &mut Random, pieces: usize) -> Position {
    loop {
        let turn = if random.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut setup = Setup::empty(turn);
        let mut taken = Bitboard::EMPTY;
        let mut white = Bitboard::EMPTY;
        let mut black = Bitboard::EMPTY;
        for n in 0..pieces {
            let square = loop {
                let square = Square::ALL[random.below(32) as usize];
                if !taken.contains(square) {
                    break square;
                }
            };
            taken = taken.with(square);
            // The first piece is White's, the second Black's, the rest either.
            let is_white = match n {
                0 => true,
                1 => false,
                _ => random.below(2) == 0,
            };
            if is_white {
                white = white.with(square);
            } else {
                black = black.with(square);
            }
            if random.below(2) == 0 {
                setup.kings = setup.kings.with(square);
            }
        }
        setup.pieces = ByColor::new(white, black);
        if let Ok(position) = Position::from_setup(setup) {
            return position;
        }
    }
}

/// Won 4-piece positions: the winner and the tables' distance in plies. Only wins the 40-move
/// rule cannot spoil (a game played by the tables ends within the distance, whatever the loser
/// does) and that take more than a few moves.
fn won_positions(count: usize, seed: u64) -> Vec<(Position, Color, u16)> {
    let tables = four_pieces();
    let mut random = Random(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let position = random_position(&mut random, 4);
        let turn = position.turn();
        let (winner, plies) = match tables.probe(&position) {
            Some(Verdict::Win { plies }) => (turn, plies),
            Some(Verdict::Loss { plies }) => (!turn, plies),
            _ => continue,
        };
        if (9..80).contains(&plies) {
            found.push((position, winner, plies));
        }
    }
    found
}

#[test]
fn the_engine_with_tables_wins_every_won_position_against_itself_without() {
    let mut with = Engine::new(4);
    with.set_tablebase(Some(four_pieces()));
    let mut without = Engine::new(4);
    let limits = Limits::depth(8);
    for (start, winner, plies) in won_positions(20, 0x5eed_0004) {
        with.new_game();
        without.new_game();
        let mut game = Game::new(start);
        while game.outcome().is_none() && game.ply() < 200 {
            let engine = if game.position().turn() == winner {
                &mut with
            } else {
                &mut without
            };
            let m = engine
                .search(&game, &limits)
                .best
                .expect("a game that is not over has a move");
            game.play(&m).expect("the engine plays legal moves");
        }
        let outcome = game.outcome();
        assert_eq!(
            outcome.and_then(|o| o.winner),
            Some(winner),
            "{}: {outcome:?} after {} plies",
            start.to_fen(),
            game.ply()
        );
        assert!(
            game.ply() <= usize::from(plies),
            "{}: won in {} plies, the tables promised {plies}",
            start.to_fen(),
            game.ply()
        );
    }
}

#[test]
fn a_root_in_the_tables_plays_the_tables_move_with_its_exact_score() {
    let tables = four_pieces();
    let mut engine = Engine::new(1);
    engine.set_tablebase(Some(tables.clone()));
    for (start, winner, plies) in won_positions(10, 7) {
        let result = engine.search(&Game::new(start), &Limits::depth(3));
        let (m, verdict) = tables
            .best_move(&start)
            .expect("every successor is in the tables");
        assert_eq!(result.best, Some(m), "{}", start.to_fen());
        let expected = if plies == 1 {
            WIN - 1
        } else if winner == start.turn() {
            TABLE_WIN - i32::from(plies)
        } else {
            -TABLE_WIN + i32::from(plies)
        };
        assert_eq!(result.score, expected, "{}: {verdict:?}", start.to_fen());
        assert!(is_decisive(result.score));
    }
}

/// The search below the root: with tables up to three pieces, a 4-piece position where the
/// side to move must capture scores, after one ply, the exact value the 4-piece tables give it.
#[test]
fn positions_in_the_tables_score_exactly_inside_the_search() {
    let four = four_pieces();
    let three = Arc::new(
        Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {})
            .expect("an in-memory build writes nothing"),
    );
    let mut engine = Engine::new(1);
    engine.set_tablebase(Some(three));
    let mut random = Random(99);
    let mut checked = 0;
    let mut decided = 0;
    while checked < 200 {
        let position = random_position(&mut random, 4);
        if !position.must_capture() {
            continue;
        }
        let verdict = four
            .probe(&position)
            .expect("4-piece positions are in the tables");
        let expected = match verdict {
            // A capture of the last piece ends the game: a win the search itself sees.
            Verdict::Win { plies: 1 } => WIN - 1,
            Verdict::Win { plies } => TABLE_WIN - i32::from(plies),
            Verdict::Loss { plies } => -TABLE_WIN + i32::from(plies),
            Verdict::Draw => 0,
        };
        let score = engine.search(&Game::new(position), &Limits::depth(1)).score;
        assert_eq!(score, expected, "{}: {verdict:?}", position.to_fen());
        checked += 1;
        decided += usize::from(verdict != Verdict::Draw);
    }
    assert!(decided > 50, "{decided} decided positions in the sample");
}

#[test]
fn without_tables_the_search_is_unchanged_and_an_empty_tablebase_is_ignored() {
    let game = Game::new(Position::from_fen("W:W21,22,K30:B5,K8").expect("a legal position"));
    let mut plain = Engine::new(1);
    let mut empty = Engine::new(1);
    empty.set_tablebase(Some(Arc::new(Tablebase::empty())));
    assert!(empty.tablebase().is_none());
    let (a, b) = (
        plain.search(&game, &Limits::depth(6)),
        empty.search(&game, &Limits::depth(6)),
    );
    assert_eq!(
        (a.best, a.score, a.pv, a.nodes),
        (b.best, b.score, b.pv, b.nodes)
    );
}
