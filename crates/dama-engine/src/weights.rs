//! Evaluation weights in centi-men (see [`crate::eval`] for the terms).
//!
//! Starting values before tuning; `damabot tune` rewrites this file.

use crate::eval::FEATURES;

/// The weight of every feature, indexed by the `F_*` constants of [`crate::eval`].
pub const WEIGHTS: [i32; FEATURES] = [
    100, 100, 250, 300, // material
    // men by square, opening (squares 5..=32)
    6, 6, 6, 6, 5, 5, 5, 5, 4, 5, 5, 4, 3, 4, 4, 3, 2, 3, 3, 2, 1, 2, 2, 1, 2, 4, 4, 2,
    // men by square, endgame
    20, 20, 20, 20, 15, 15, 15, 15, 10, 10, 10, 10, 6, 6, 6, 6, 3, 3, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0,
    // kings by square (1..=32)
    -10, -5, -5, -5, -5, 0, 0, 0, 0, 5, 5, 0, -5, 5, 5, 0, 0, 5, 5, -5, 0, 5, 5, 0, 0, 0, 0, -5, -5,
    -5, -5, -10, 3,   // king mobility
    -5,  // blocked man
    -10, // blocked king
    60, 40, 25, 10, 5,   // runaway man by rows to go
    -10, // hanging piece
    3,   // traded when ahead
    50,  // kings against none
    -3,  // wing imbalance
    3,   // side to move
];
