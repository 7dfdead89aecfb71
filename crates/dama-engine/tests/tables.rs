//! Endgame tables: known results checked by an independent search, the consistency of every
//! entry with its successors, and the file format.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use dama_engine::tables::{BuildOptions, Material, Tablebase, Verdict};
use dama_rules::{Bitboard, ByColor, Color, Position, Setup, Square};

/// The tables up to four pieces, built once for the whole test binary (about a second in
/// release mode on two cores).
fn four_pieces() -> &'static Tablebase {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    TABLES.get_or_init(|| {
        Tablebase::build(&BuildOptions::in_memory(4), &mut |_| {})
            .expect("an in-memory build writes nothing")
    })
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// Solves every position reachable from `start` by plain minimax to the end of the game, with
/// no tables, no indexing and no retrograde step: after `k` rounds, a position is won in `k`
/// plies if some move reaches a position lost in fewer, and lost in `k` plies if every move
/// reaches a position won in fewer (a position without moves is lost in 0). A round that
/// decides nothing ends the search; what is undecided then is a draw.
fn solve_by_search(start: Position) -> HashMap<Setup, Verdict> {
    let mut index: HashMap<Setup, usize> = HashMap::new();
    let mut positions = vec![start];
    let mut children: Vec<Vec<usize>> = Vec::new();
    index.insert(start.setup(), 0);
    let mut next = 0;
    while next < positions.len() {
        let here = positions[next];
        let mut list = Vec::new();
        for m in &here.legal_moves() {
            let mut after = here;
            after.play_unchecked(m);
            let id = *index.entry(after.setup()).or_insert_with(|| {
                positions.push(after);
                positions.len() - 1
            });
            list.push(id);
        }
        children.push(list);
        next += 1;
    }
    let mut values: Vec<Option<Verdict>> = vec![None; positions.len()];
    for plies in 0u16.. {
        let mut decided = Vec::new();
        for (id, moves) in children.iter().enumerate() {
            if values[id].is_some() {
                continue;
            }
            let wins = moves
                .iter()
                .any(|&c| matches!(values[c], Some(Verdict::Loss { .. })));
            let loses = moves
                .iter()
                .all(|&c| matches!(values[c], Some(Verdict::Win { .. })));
            if wins {
                decided.push((id, Verdict::Win { plies }));
            } else if loses {
                decided.push((id, Verdict::Loss { plies }));
            }
        }
        if decided.is_empty() {
            break;
        }
        for (id, verdict) in decided {
            values[id] = Some(verdict);
        }
    }
    index
        .into_iter()
        .map(|(setup, id)| (setup, values[id].unwrap_or(Verdict::Draw)))
        .collect()
}

/// Checks the tables against the independent search on everything reachable from `fen`, and
/// returns the verdict of `fen` itself.
fn checked_verdict(fen: &str) -> Verdict {
    let start = position(fen);
    let solved = solve_by_search(start);
    assert!(solved.len() > 1, "{fen}: the search saw only the start");
    for (setup, expected) in &solved {
        let reached = Position::from_setup(*setup).expect("reached by legal moves");
        assert_eq!(
            four_pieces().probe(&reached),
            Some(*expected),
            "{} (reachable from {fen})",
            reached.to_fen()
        );
    }
    solved[&start.setup()]
}

#[test]
fn a_lone_king_catches_a_slow_man_but_not_one_about_to_promote() {
    // The king stands next to the man's path; the man is five rows from promotion.
    assert_eq!(checked_verdict("W:WK18:B5"), Verdict::Win { plies: 5 });
    // Black's man is one step from promotion and the king is far away: it promotes, and a king
    // cannot catch a king.
    assert_eq!(checked_verdict("B:WK1:B25"), Verdict::Draw);
    // The same with White to move: the king still cannot stop both promotion squares.
    assert_eq!(checked_verdict("W:WK1:B25"), Verdict::Draw);
}

#[test]
fn two_kings_beat_one_king() {
    let verdict = checked_verdict("W:WK1,K2:BK32");
    assert!(matches!(verdict, Verdict::Win { .. }), "{verdict:?}");
    // The lone king to move, in its double corner, loses too.
    let verdict = checked_verdict("B:WK14,K15:BK29");
    assert!(matches!(verdict, Verdict::Loss { .. }), "{verdict:?}");
}

#[test]
fn a_king_and_a_man_beat_a_king() {
    let verdict = checked_verdict("W:WK6,22:BK29");
    assert!(matches!(verdict, Verdict::Win { .. }), "{verdict:?}");
    let verdict = checked_verdict("B:WK6,22:BK29");
    assert!(matches!(verdict, Verdict::Loss { .. }), "{verdict:?}");
}

/// In English draughts a man captures kings. White's man on 18 has Black's king on 14 right in
/// front of it and square 11 empty behind: under English rules the capture would be compulsory
/// and would take Black's last piece, so White would win at once (in 1 ply). Under the FID
/// rules a man never captures a king: White must step 18-13 and Black's king hunts the man
/// down, so White loses. With a black man on 14 instead of the king, the capture is compulsory
/// and wins at once, which shows that only the king's immunity changes the verdict.
#[test]
fn men_cannot_take_kings_turns_an_english_win_into_a_loss() {
    let italian = checked_verdict("W:W18:BK14");
    assert!(matches!(italian, Verdict::Loss { .. }), "{italian:?}");
    assert_eq!(checked_verdict("W:W18:B14"), Verdict::Win { plies: 1 });
}

/// White's man on 14 has Black's king on 10 in front of it and square 5 empty behind. Under
/// English rules 14x5 would take the last black piece and win at once; under FID rules the man
/// must step aside (14-11) and runs to promotion with the king behind it, unable to catch it:
/// one king each, a draw.
#[test]
fn men_cannot_take_kings_turns_an_english_win_into_a_draw() {
    assert_eq!(checked_verdict("W:W14:BK10"), Verdict::Draw);
    assert_eq!(checked_verdict("W:W14:B10"), Verdict::Win { plies: 1 });
}

/// A king and a man usually beat a lone king (see above), but not here: White's man on 9
/// faces Black's king on 5 with square 2 empty behind it. Under English rules 9x2 would take
/// the last black piece and win at once; under FID rules the man cannot move at all (its
/// other step is off the board), and White, a man up, cannot win.
#[test]
fn men_cannot_take_kings_turns_a_won_material_into_a_draw() {
    assert_eq!(checked_verdict("W:W9,K14:BK5"), Verdict::Draw);
    assert_eq!(checked_verdict("W:W9,K14:B5"), Verdict::Win { plies: 1 });
}

/// Playing the tables' best move for both sides ends every sampled won game in exactly the
/// promised number of plies, and holds every sampled draw.
#[test]
fn best_moves_end_the_game_in_the_promised_number_of_plies() {
    let tables = four_pieces();
    let materials: Vec<Material> = (2..=4).flat_map(Material::all_with).collect();
    let mut random = Random(0x5eed);
    let mut wins = 0;
    for _ in 0..2_000 {
        let material = materials[random.below(materials.len() as u64) as usize];
        let start = random_position(&mut random, material, Color::White);
        let promised = tables.probe(&start).expect("every slice is built");
        let mut position = start;
        let mut plies = 0u16;
        while let Some((m, verdict)) = tables.best_move(&position) {
            let expected = match promised {
                Verdict::Win { plies: n } if plies % 2 == 0 => Verdict::Win { plies: n - plies },
                Verdict::Win { plies: n } => Verdict::Loss { plies: n - plies },
                Verdict::Loss { plies: n } if plies % 2 == 0 => Verdict::Loss { plies: n - plies },
                Verdict::Loss { plies: n } => Verdict::Win { plies: n - plies },
                Verdict::Draw => Verdict::Draw,
            };
            assert_eq!(
                verdict,
                expected,
                "{} from {}",
                position.to_fen(),
                start.to_fen()
            );
            position.play_unchecked(&m);
            plies += 1;
            if promised == Verdict::Draw && plies == 40 {
                break;
            }
        }
        match promised {
            Verdict::Win { plies: n } | Verdict::Loss { plies: n } => {
                assert_eq!(plies, n, "{}", start.to_fen());
                assert!(!position.has_legal_moves(), "{}", start.to_fen());
                wins += 1;
            }
            Verdict::Draw => assert_eq!(plies, 40, "{}", start.to_fen()),
        }
    }
    assert!(wins > 500, "{wins} decided games in the sample");
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

/// A random legal position with the given material, White to move (`own` = White).
fn random_position(random: &mut Random, material: Material, turn: Color) -> Position {
    loop {
        let mut setup = Setup::empty(turn);
        let (white, black) = match turn {
            Color::White => (material, material.swapped()),
            Color::Black => (material.swapped(), material),
        };
        let mut pieces = Vec::new();
        pieces.extend(std::iter::repeat_n(
            (Color::White, false),
            white.own_men.into(),
        ));
        pieces.extend(std::iter::repeat_n(
            (Color::White, true),
            white.own_kings.into(),
        ));
        pieces.extend(std::iter::repeat_n(
            (Color::Black, false),
            black.own_men.into(),
        ));
        pieces.extend(std::iter::repeat_n(
            (Color::Black, true),
            black.own_kings.into(),
        ));
        let mut taken = Bitboard::EMPTY;
        for (color, king) in pieces {
            let square = loop {
                let square = Square::ALL[random.below(32) as usize];
                if !taken.contains(square) {
                    break square;
                }
            };
            taken = taken.with(square);
            setup.pieces = ByColor::new(
                if color == Color::White {
                    setup.pieces.white.with(square)
                } else {
                    setup.pieces.white
                },
                if color == Color::Black {
                    setup.pieces.black.with(square)
                } else {
                    setup.pieces.black
                },
            );
            if king {
                setup.kings = setup.kings.with(square);
            }
        }
        // Men placed on their promotion row are not legal positions: draw again.
        if let Ok(position) = Position::from_setup(setup) {
            return position;
        }
    }
}

/// The value one ply of search gives over the tables' own successors.
fn one_ply(tables: &Tablebase, position: &Position) -> Verdict {
    let mut best: Option<Verdict> = None;
    for m in &position.legal_moves() {
        let mut after = *position;
        after.play_unchecked(m);
        let child = tables
            .probe(&after)
            .unwrap_or_else(|| panic!("{} is not in the tables", after.to_fen()));
        let value = child.one_ply_back();
        if best.is_none_or(|best| value.compare(best).is_gt()) {
            best = Some(value);
        }
    }
    best.unwrap_or(Verdict::Loss { plies: 0 })
}

fn check_sample(tables: &Tablebase, pieces: u8, samples: usize, seed: u64) {
    let materials: Vec<Material> = (2..=pieces).flat_map(Material::all_with).collect();
    let mut random = Random(seed);
    let mut decided = 0;
    for _ in 0..samples {
        let material = materials[random.below(materials.len() as u64) as usize];
        let turn = if random.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let position = random_position(&mut random, material, turn);
        let stored = tables.probe(&position).expect("every slice is built");
        assert_eq!(stored, one_ply(tables, &position), "{}", position.to_fen());
        decided += usize::from(stored != Verdict::Draw);
    }
    // A sample of only draws would not test the distances.
    assert!(decided > samples / 4, "{decided} of {samples} decided");
}

#[test]
fn every_sampled_entry_agrees_with_one_ply_of_search_over_the_tables() {
    check_sample(four_pieces(), 4, 200_000, 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn every_entry_of_up_to_three_pieces_agrees_with_one_ply_of_search() {
    let tables = four_pieces();
    let mut checked = 0;
    for pieces in 2..=3u8 {
        for material in Material::all_with(pieces) {
            for position in every_position(material) {
                let stored = tables.probe(&position).expect("every slice is built");
                assert_eq!(stored, one_ply(tables, &position), "{}", position.to_fen());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 199_520);
}

/// Every position of a material with White to move (own = White).
fn every_position(material: Material) -> Vec<Position> {
    let mut all = Vec::new();
    let roles: Vec<(Color, bool)> = [
        (Color::White, false, material.own_men),
        (Color::White, true, material.own_kings),
        (Color::Black, false, material.their_men),
        (Color::Black, true, material.their_kings),
    ]
    .iter()
    .flat_map(|&(color, king, n)| std::iter::repeat_n((color, king), n.into()))
    .collect();
    let mut seen = std::collections::HashSet::new();
    place(&roles, Setup::empty(Color::White), &mut |setup| {
        if let Ok(position) = Position::from_setup(setup)
            && seen.insert(setup)
        {
            all.push(position);
        }
    });
    all
}

fn place(roles: &[(Color, bool)], setup: Setup, found: &mut dyn FnMut(Setup)) {
    let Some((&(color, king), rest)) = roles.split_first() else {
        found(setup);
        return;
    };
    for square in Square::ALL {
        if setup.piece_at(square).is_some() {
            continue;
        }
        let mut next = setup;
        *next.pieces.get_mut(color) = next.pieces.get(color).with(square);
        if king {
            next.kings = next.kings.with(square);
        }
        place(rest, next, found);
    }
}

/// A scratch directory removed when dropped.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new(name: &str) -> ScratchDir {
        let path = std::env::temp_dir().join(format!("dama-tables-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("the temporary directory is writable");
        ScratchDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn build_three_pieces(dir: &Path) {
    let mut options = BuildOptions::in_memory(3);
    options.dir = Some(dir.to_path_buf());
    Tablebase::build(&options, &mut |_| {}).expect("the scratch directory is writable");
}

const KING_AND_MAN: Material = Material {
    own_men: 1,
    own_kings: 1,
    their_men: 0,
    their_kings: 1,
};

#[test]
fn written_tables_load_back_and_probe_as_built() {
    let dir = ScratchDir::new("round-trip");
    build_three_pieces(dir.path());
    let (loaded, problems) = Tablebase::load(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(loaded.max_pieces(), 3);
    assert_eq!(loaded.materials().count(), 16);
    for pieces in 2..=3 {
        for material in Material::all_with(pieces) {
            for position in every_position(material) {
                assert_eq!(loaded.probe(&position), four_pieces().probe(&position));
            }
        }
    }
    assert_eq!(loaded.probe(&position("W:WK1,K2,K3,K4:BK32")), None);
}

#[test]
fn a_flipped_byte_is_caught_by_the_checksum_and_the_other_slices_still_work() {
    let dir = ScratchDir::new("flipped");
    build_three_pieces(dir.path());
    let path = dir.path().join(KING_AND_MAN.file_name());
    let mut bytes = std::fs::read(&path).expect("the slice was written");
    let middle = 32 + (bytes.len() - 32) / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, bytes).expect("the scratch directory is writable");

    let (loaded, problems) = Tablebase::load(dir.path());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("1m1k-0m1k.dtw") && problems[0].contains("checksum"));
    assert!(!loaded.has(KING_AND_MAN));
    assert_eq!(loaded.probe(&position("W:WK6,22:BK29")), None);
    assert_eq!(
        loaded.probe(&position("W:WK1,K2:BK32")),
        four_pieces().probe(&position("W:WK1,K2:BK32"))
    );
    // Its twin (the lone king to move) is a separate file and still answers.
    assert!(loaded.probe(&position("B:WK6,22:BK29")).is_some());
}

#[test]
fn a_missing_file_is_reported_and_the_other_slices_still_work() {
    let dir = ScratchDir::new("missing");
    build_three_pieces(dir.path());
    std::fs::remove_file(dir.path().join(KING_AND_MAN.file_name())).expect("it was written");
    let (loaded, problems) = Tablebase::load(dir.path());
    assert_eq!(problems, ["1m1k-0m1k.dtw: missing"]);
    assert_eq!(loaded.max_pieces(), 3);
    assert_eq!(loaded.probe(&position("W:WK6,22:BK29")), None);
    assert_eq!(
        loaded.probe(&position("B:WK14,K15:BK29")),
        four_pieces().probe(&position("B:WK14,K15:BK29"))
    );
}

#[test]
fn a_wrong_version_a_truncated_file_and_a_missing_directory_are_reported() {
    let dir = ScratchDir::new("damaged");
    build_three_pieces(dir.path());
    let path = dir.path().join(KING_AND_MAN.file_name());
    let mut bytes = std::fs::read(&path).expect("the slice was written");
    bytes[8] = 9;
    std::fs::write(&path, &bytes).expect("the scratch directory is writable");
    let twin = dir.path().join(KING_AND_MAN.swapped().file_name());
    let twin_bytes = std::fs::read(&twin).expect("the slice was written");
    std::fs::write(&twin, &twin_bytes[..twin_bytes.len() - 1]).expect("writable");

    let (loaded, problems) = Tablebase::load(dir.path());
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("0m1k-1m1k.dtw: ") && problems[0].contains("entries"));
    assert!(problems[1].starts_with("1m1k-0m1k.dtw: ") && problems[1].contains("version 9"));
    assert_eq!(loaded.materials().count(), 14);

    let (empty, problems) = Tablebase::load(&dir.path().join("nowhere"));
    assert_eq!(empty.max_pieces(), 0);
    assert_eq!(problems.len(), 1);
    assert!(problems[0].contains("cannot read"), "{problems:?}");
}

#[test]
fn probing_outside_the_tables_says_nothing() {
    let tables = four_pieces();
    assert_eq!(tables.max_pieces(), 4);
    assert_eq!(tables.probe(&Position::initial()), None);
    assert_eq!(tables.probe(&position("W:W21,22,23:B1,2")), None);
    // Black has no piece left: the game is already over, not a table position.
    assert_eq!(tables.probe(&position("W:W21:B")), None);
    // White to move has no piece: lost.
    assert_eq!(
        tables.probe(&position("W:W:B1")),
        Some(Verdict::Loss { plies: 0 })
    );
    assert_eq!(Tablebase::empty().probe(&position("W:WK1:B28")), None);
}

#[test]
fn the_verdict_reads_as_a_sentence_for_players() {
    let tables = four_pieces();
    let fen = "W:WK18:B5";
    let verdict = tables.probe(&position(fen)).expect("two pieces");
    assert_eq!(verdict.describe(Color::White), "won for White in 3 moves");
    let black_to_move = position("B:W18:BK14");
    let verdict = tables.probe(&black_to_move).expect("two pieces");
    assert!(
        verdict
            .describe(Color::Black)
            .starts_with("won for Black in "),
        "{verdict:?}"
    );
    assert_eq!(
        tables
            .probe(&position("B:WK1:B25"))
            .expect("two pieces")
            .describe(Color::Black),
        "drawn with best play"
    );
}

/// The five-piece build, as `damabot tables build` runs it (about half a minute in release
/// mode on two cores; the tables take 145 MiB of memory), followed by a consistency sample.
/// Run with `cargo test --release -p dama-engine --test tables -- --ignored`.
#[test]
#[ignore = "builds the five-piece tables (half a minute, 145 MiB)"]
fn five_piece_tables_agree_with_one_ply_of_search() {
    let tables = Tablebase::build(&BuildOptions::in_memory(5), &mut |_| {})
        .expect("an in-memory build writes nothing");
    assert_eq!(tables.max_pieces(), 5);
    check_sample(&tables, 5, 500_000, 0x0123_4567_89ab_cdef);
}

/// Checks tables built on disk (by `damabot tables build`) against one ply of search over
/// themselves: `DAMA_TABLES_DIR=tables cargo test --release -p dama-engine --test tables --
/// --ignored tables_on_disk`.
#[test]
#[ignore = "needs tables on disk: set DAMA_TABLES_DIR"]
fn tables_on_disk_agree_with_one_ply_of_search() {
    let dir = std::env::var_os("DAMA_TABLES_DIR").expect("DAMA_TABLES_DIR names the tables");
    let (tables, problems) = Tablebase::load(Path::new(&dir));
    assert!(problems.is_empty(), "{problems:?}");
    check_sample(&tables, tables.max_pieces(), 1_000_000, 0x7ab1_e5ed);
}
