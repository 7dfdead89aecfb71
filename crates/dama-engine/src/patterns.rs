//! The pattern evaluation: the board read through overlapping regions, one learned weight per
//! configuration of each region and game phase, on top of the linear terms of [`crate::eval`].
//!
//! The board is seen from the side to move, turned so that its men move towards row 0 (as
//! White). A region is a block of 4 rows by 4 files: 8 dark squares, each empty, holding one of
//! our men or one of theirs (kings are left to the linear terms, which know them by square,
//! mobility and material). That is 3^8 = 6561 configurations. Blocks start on rows 0, 2 and 4
//! and files a, c and e, so the 9 regions overlap by half in both directions and every square
//! lies in one to four of them. Each configuration has an opening and an endgame weight,
//! tapered by the phase like the linear terms.
//!
//! Because the board is read from the mover's side, the same men on the same squares score
//! differently with the other side to move: a locked structure or an opposition in the ending
//! is learned with whoever has the move in it.
//!
//! The weights are fitted by `damabot tune fit-patterns` (logistic regression on self-play
//! positions labelled by their games' results, see `dama_tools::texel`) and live in
//! `data/patterns.bin`, compiled into the engine and read once on first use.

use std::sync::OnceLock;

use dama_rules::{Color, Position};

use crate::eval::{PHASE_MAX, phase};
use crate::features::FEATURES;

/// Regions of the board.
pub const REGIONS: usize = 9;
/// Configurations of one region: 3^8.
pub const CONFIGS: usize = 6561;
/// The stored weights are in quarters of a centi-man.
pub const WEIGHT_UNIT: i32 = 4;

/// The first row and the first square within a row (0, 1 or 2) of each region. A square's
/// place `p` within its row is on file `2p` (even rows) or `2p + 1` (odd rows), so files
/// `2k..2k + 4` hold places `k` and `k + 1` on every row.
pub const REGION_ORIGINS: [(usize, usize); REGIONS] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (2, 0),
    (2, 1),
    (2, 2),
    (4, 0),
    (4, 1),
    (4, 2),
];

/// For a row's own men (4 bits) and their men (4 bits): the two-square digit pair of places
/// `k` and `k + 1` (`own = 1`, `theirs = 2` in base 3), for `k` in 0..3.
const PAIRS: [[[u8; 16]; 16]; 3] = {
    const fn digit(own: usize, theirs: usize, place: usize) -> u8 {
        if own >> place & 1 == 1 {
            1
        } else if theirs >> place & 1 == 1 {
            2
        } else {
            0
        }
    }
    let mut table = [[[0u8; 16]; 16]; 3];
    let mut k = 0;
    while k < 3 {
        let mut own = 0;
        while own < 16 {
            let mut theirs = 0;
            while theirs < 16 {
                table[k][own][theirs] = digit(own, theirs, k) + 3 * digit(own, theirs, k + 1);
                theirs += 1;
            }
            own += 1;
        }
        k += 1;
    }
    table
};

/// Our men and theirs as the side to move sees them (its men moving towards row 0).
#[inline]
fn oriented_men(position: &Position) -> (u32, u32) {
    let kings = position.kings().0;
    let white = position.pieces(Color::White).0 & !kings;
    let black = position.pieces(Color::Black).0 & !kings;
    match position.turn() {
        Color::White => (white, black),
        Color::Black => (black.reverse_bits(), white.reverse_bits()),
    }
}

/// The configuration of every region (each below [`CONFIGS`]), from the side to move.
#[must_use]
#[inline]
pub fn region_indices(position: &Position) -> [u16; REGIONS] {
    let (own, theirs) = oriented_men(position);
    // pairs[row][k]: the digit pair of places k, k + 1 of that row.
    let mut pairs = [[0u16; 3]; 8];
    for (row, pair) in pairs.iter_mut().enumerate() {
        let o = ((own >> (4 * row)) & 0xF) as usize;
        let t = ((theirs >> (4 * row)) & 0xF) as usize;
        for (k, value) in pair.iter_mut().enumerate() {
            *value = u16::from(PAIRS[k][o][t]);
        }
    }
    let mut indices = [0u16; REGIONS];
    for (index, &(row, k)) in indices.iter_mut().zip(REGION_ORIGINS.iter()) {
        *index = pairs[row][k]
            + 9 * pairs[row + 1][k]
            + 81 * pairs[row + 2][k]
            + 729 * pairs[row + 3][k];
    }
    indices
}

/// A fitted pattern evaluation: the linear weights it goes with and the region tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternWeights {
    /// The linear terms' weights (centi-men), as in [`crate::weights::WEIGHTS`].
    pub linear: [i32; FEATURES],
    /// `tables[(region * CONFIGS + config) * 2 + phase]`, phase 0 the opening and 1 the
    /// endgame, in quarters of a centi-man ([`WEIGHT_UNIT`]).
    pub tables: Vec<i16>,
    /// How the weights were made (free text, kept in the file).
    pub provenance: String,
}

/// What starts a patterns file.
const MAGIC: &[u8; 8] = b"DAMAPAT1";

impl PatternWeights {
    /// Weights that add nothing to the linear terms.
    #[must_use]
    pub fn zero(linear: [i32; FEATURES]) -> PatternWeights {
        PatternWeights {
            linear,
            tables: vec![0; REGIONS * CONFIGS * 2],
            provenance: String::new(),
        }
    }

    /// The regions' part of the evaluation, in centi-men from the side to move.
    #[must_use]
    #[inline]
    pub fn pattern_score(&self, position: &Position) -> i32 {
        self.pattern_score_in_phase(position, phase(position))
    }

    /// [`PatternWeights::pattern_score`] with the position's [`phase`] already known.
    #[inline]
    pub(crate) fn pattern_score_in_phase(&self, position: &Position, phase: i32) -> i32 {
        let indices = region_indices(position);
        let mut opening = 0i32;
        let mut endgame = 0i32;
        for (region, &config) in indices.iter().enumerate() {
            let at = (region * CONFIGS + config as usize) * 2;
            opening += i32::from(self.tables[at]);
            endgame += i32::from(self.tables[at + 1]);
        }
        (opening * phase + endgame * (PHASE_MAX - phase)) / (PHASE_MAX * WEIGHT_UNIT)
    }

    /// The file format: the magic, the provenance (u32 length, UTF-8), the feature and table
    /// counts (u32 each), the linear weights (i32 each) and the tables (i16 each), all
    /// little-endian.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes =
            Vec::with_capacity(16 + self.provenance.len() + 4 * FEATURES + 2 * self.tables.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(self.provenance.len() as u32).to_le_bytes());
        bytes.extend_from_slice(self.provenance.as_bytes());
        bytes.extend_from_slice(&(FEATURES as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.tables.len() as u32).to_le_bytes());
        for w in &self.linear {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        for w in &self.tables {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes
    }

    /// Reads [`PatternWeights::to_bytes`]' format; the sizes must be this engine's.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternWeights, String> {
        let mut rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a patterns file (no DAMAPAT1 header)")?;
        let mut take = |n: usize| -> Result<&[u8], String> {
            if rest.len() < n {
                return Err("the patterns file is cut short".into());
            }
            let (head, tail) = rest.split_at(n);
            rest = tail;
            Ok(head)
        };
        let read_u32 = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize;
        let length = read_u32(take(4)?);
        let provenance = String::from_utf8(take(length)?.to_vec())
            .map_err(|_| "the patterns file's provenance is not UTF-8".to_string())?;
        let features = read_u32(take(4)?);
        let tables = read_u32(take(4)?);
        if features != FEATURES || tables != REGIONS * CONFIGS * 2 {
            return Err(format!(
                "the patterns file has {features} features and {tables} table weights; this \
                 engine has {FEATURES} and {}",
                REGIONS * CONFIGS * 2
            ));
        }
        let mut linear = [0i32; FEATURES];
        for (w, b) in linear.iter_mut().zip(take(4 * FEATURES)?.chunks_exact(4)) {
            *w = i32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        let tables: Vec<i16> = take(2 * tables)?
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        if !rest.is_empty() {
            return Err("the patterns file has bytes past its end".into());
        }
        Ok(PatternWeights {
            linear,
            tables,
            provenance,
        })
    }
}

/// The weights compiled into the engine.
static COMPILED: &[u8] = include_bytes!("../data/patterns.bin");

/// The engine's pattern weights (read from the compiled file on first use; a test holds the
/// file readable).
#[must_use]
pub fn compiled() -> &'static PatternWeights {
    static WEIGHTS: OnceLock<PatternWeights> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        PatternWeights::from_bytes(COMPILED)
            .unwrap_or_else(|e| panic!("the compiled patterns file is damaged: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::WEIGHTS;

    #[test]
    fn the_compiled_file_reads() {
        let weights = PatternWeights::from_bytes(COMPILED).unwrap();
        assert_eq!(weights.tables.len(), REGIONS * CONFIGS * 2);
        assert_eq!(&weights, compiled());
    }

    #[test]
    fn files_round_trip_and_damage_is_refused() {
        let mut weights = PatternWeights::zero(WEIGHTS);
        weights.tables[5] = -7;
        weights.provenance = "test".into();
        let bytes = weights.to_bytes();
        assert_eq!(PatternWeights::from_bytes(&bytes).unwrap(), weights);
        assert!(PatternWeights::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(PatternWeights::from_bytes(b"nonsense").is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(PatternWeights::from_bytes(&longer).is_err());
    }

    #[test]
    fn regions_see_the_right_squares() {
        // The start from White's side: our men fill rows 5-7, theirs rows 0-2.
        let start = Position::initial();
        let indices = region_indices(&start);
        // Rows 0-3: theirs on rows 0-2 (digit 2), row 3 empty.
        let theirs_three_rows = (0..6).map(|d| 2 * 3u16.pow(d)).sum::<u16>();
        assert_eq!(indices[0], theirs_three_rows);
        // Rows 4-7: row 4 empty, ours on rows 5-7 (digit 1).
        let ours_three_rows = (2..8).map(|d| 3u16.pow(d)).sum::<u16>();
        assert_eq!(indices[6], ours_three_rows);
        // Rows 2-5: theirs on row 2, ours on row 5.
        assert_eq!(indices[4], 2 + 2 * 3 + 729 + 3 * 729);
        // The same position with Black to move looks the same from Black's side.
        let black = Position::from_fen(&start.to_fen().replacen('W', "B", 1)).unwrap();
        assert_eq!(region_indices(&black), indices);
        // A single man: square 14 is row 3, place 1; it lies in regions (0,0), (0,1), (2,0)
        // and (2,1), as the last row of the first two and the second of the others.
        let one = Position::from_fen("W:W14:BK1").unwrap();
        let indices = region_indices(&one);
        assert_eq!(indices[0], 729 * 3); // place 1 = k + 1 for k = 0
        assert_eq!(indices[1], 729); // place 1 = k for k = 1
        assert_eq!(indices[2], 0);
        assert_eq!(indices[3], 9 * 3);
        assert_eq!(indices[4], 9);
        assert!(indices[5..].iter().all(|&i| i == 0));
        assert!(region_indices(&one).iter().all(|&i| (i as usize) < CONFIGS));
    }

    #[test]
    fn scores_taper_by_phase() {
        let mut weights = PatternWeights::zero(WEIGHTS);
        let lone = Position::from_fen("W:W14:BK1").unwrap();
        // Region 1 holds the man: give its configuration 40 cp in the opening, 80 in the end.
        let at = (CONFIGS + 729) * 2;
        weights.tables[at] = (40 * WEIGHT_UNIT) as i16;
        weights.tables[at + 1] = (80 * WEIGHT_UNIT) as i16;
        let phase = phase(&lone);
        assert_eq!(
            weights.pattern_score(&lone),
            (40 * phase + 80 * (PHASE_MAX - phase)) / PHASE_MAX
        );
    }
}
