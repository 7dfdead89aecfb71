//! Evaluation weights in centi-men (see [`crate::eval`] for the terms).
//!
//! Written by `damabot tune` (see the README); do not edit by hand.
//! Fitted to 344391 positions of self-play games, 2000 epochs; scale 47,
//! mean squared error 0.07423 before, 0.06399 after.

use crate::eval::FEATURES;

/// The weight of every feature, indexed by the `F_*` constants of [`crate::eval`].
pub const WEIGHTS: [i32; FEATURES] = [
    100, // man (opening)
    40,  // man (endgame)
    203, // king (opening)
    51,  // king (endgame)
    37,  // man on 5 (opening)
    36,  // man on 6 (opening)
    21,  // man on 7 (opening)
    -5,  // man on 8 (opening)
    7,   // man on 9 (opening)
    -24, // man on 10 (opening)
    -25, // man on 11 (opening)
    -29, // man on 12 (opening)
    -14, // man on 13 (opening)
    -25, // man on 14 (opening)
    -22, // man on 15 (opening)
    4,   // man on 16 (opening)
    5,   // man on 17 (opening)
    -1,  // man on 18 (opening)
    -4,  // man on 19 (opening)
    -14, // man on 20 (opening)
    2,   // man on 21 (opening)
    8,   // man on 22 (opening)
    -4,  // man on 23 (opening)
    -6,  // man on 24 (opening)
    1,   // man on 25 (opening)
    12,  // man on 26 (opening)
    12,  // man on 27 (opening)
    1,   // man on 28 (opening)
    9,   // man on 29 (opening)
    28,  // man on 30 (opening)
    5,   // man on 31 (opening)
    -18, // man on 32 (opening)
    -2,  // man on 5 (endgame)
    -2,  // man on 6 (endgame)
    5,   // man on 7 (endgame)
    2,   // man on 8 (endgame)
    -4,  // man on 9 (endgame)
    26,  // man on 10 (endgame)
    26,  // man on 11 (endgame)
    30,  // man on 12 (endgame)
    17,  // man on 13 (endgame)
    15,  // man on 14 (endgame)
    15,  // man on 15 (endgame)
    9,   // man on 16 (endgame)
    -2,  // man on 17 (endgame)
    -12, // man on 18 (endgame)
    4,   // man on 19 (endgame)
    15,  // man on 20 (endgame)
    -8,  // man on 21 (endgame)
    -15, // man on 22 (endgame)
    -10, // man on 23 (endgame)
    0,   // man on 24 (endgame)
    -11, // man on 25 (endgame)
    -30, // man on 26 (endgame)
    -20, // man on 27 (endgame)
    -12, // man on 28 (endgame)
    -6,  // man on 29 (endgame)
    -19, // man on 30 (endgame)
    -1,  // man on 31 (endgame)
    -11, // man on 32 (endgame)
    -11, // king on 1
    -6,  // king on 2
    -5,  // king on 3
    -1,  // king on 4
    -3,  // king on 5
    0,   // king on 6
    3,   // king on 7
    2,   // king on 8
    -3,  // king on 9
    2,   // king on 10
    3,   // king on 11
    2,   // king on 12
    2,   // king on 13
    3,   // king on 14
    4,   // king on 15
    -8,  // king on 16
    -6,  // king on 17
    6,   // king on 18
    5,   // king on 19
    2,   // king on 20
    8,   // king on 21
    2,   // king on 22
    6,   // king on 23
    -4,  // king on 24
    8,   // king on 25
    8,   // king on 26
    -6,  // king on 27
    -1,  // king on 28
    4,   // king on 29
    -15, // king on 30
    -2,  // king on 31
    1,   // king on 32
    -1,  // king mobility
    -2,  // blocked man
    -1,  // blocked king
    16,  // runaway man, 1 rows to go
    8,   // runaway man, 2 rows to go
    4,   // runaway man, 3 rows to go
    2,   // runaway man, 4 rows to go
    4,   // runaway man, 5 rows to go
    -9,  // hanging piece
    -1,  // traded when ahead
    12,  // kings against none
    -2,  // wing imbalance
    1,   // side to move
];
