//! Zobrist keys for 64-bit position hashes.

use crate::{Color, Role, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys indexed by colour (0 white, 1 black), role (0 man, 1 king) and square index.
const PIECE_KEYS: [[[u64; 32]; 2]; 2] = {
    let mut keys = [[[0; 32]; 2]; 2];
    let mut state = 0x4441_4D41_2049_5441; // "DAMA ITA"
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 2 {
            let mut s = 0;
            while s < 32 {
                let (next, key) = splitmix64(state);
                state = next;
                keys[c][r][s] = key;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    keys
};

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix64(0x5455_524E_424C_4143).1;

#[inline]
pub(crate) const fn piece_key(color: Color, role: Role, square: Square) -> u64 {
    let c = match color {
        Color::White => 0,
        Color::Black => 1,
    };
    let r = match role {
        Role::Man => 0,
        Role::King => 1,
    };
    PIECE_KEYS[c][r][square.index()]
}
