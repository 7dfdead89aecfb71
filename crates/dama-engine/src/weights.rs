//! Evaluation weights in centi-men (see [`crate::eval`] for the terms).
//!
//! Written by `damabot tune` (see docs/engine.md#tuning); do not edit by hand.
//! Fitted to 725604 positions of self-play games, 2000 epochs; scale 71,
//! mean squared error 0.06265 before, 0.06152 after.

use crate::features::FEATURES;

/// The weight of every feature, indexed by the `F_*` constants of [`crate::features`].
pub const WEIGHTS: [i32; FEATURES] = [
    100, // man (opening)
    44,  // man (endgame)
    166, // king (opening)
    40,  // king (endgame)
    52,  // man on 5 (opening)
    38,  // man on 6 (opening)
    15,  // man on 7 (opening)
    -2,  // man on 8 (opening)
    10,  // man on 9 (opening)
    -25, // man on 10 (opening)
    -22, // man on 11 (opening)
    -31, // man on 12 (opening)
    -27, // man on 13 (opening)
    -32, // man on 14 (opening)
    -31, // man on 15 (opening)
    -2,  // man on 16 (opening)
    3,   // man on 17 (opening)
    -6,  // man on 18 (opening)
    -2,  // man on 19 (opening)
    -21, // man on 20 (opening)
    0,   // man on 21 (opening)
    10,  // man on 22 (opening)
    -5,  // man on 23 (opening)
    -9,  // man on 24 (opening)
    0,   // man on 25 (opening)
    16,  // man on 26 (opening)
    17,  // man on 27 (opening)
    1,   // man on 28 (opening)
    17,  // man on 29 (opening)
    36,  // man on 30 (opening)
    15,  // man on 31 (opening)
    -17, // man on 32 (opening)
    -11, // man on 5 (endgame)
    -1,  // man on 6 (endgame)
    6,   // man on 7 (endgame)
    -8,  // man on 8 (endgame)
    -12, // man on 9 (endgame)
    29,  // man on 10 (endgame)
    36,  // man on 11 (endgame)
    32,  // man on 12 (endgame)
    24,  // man on 13 (endgame)
    26,  // man on 14 (endgame)
    24,  // man on 15 (endgame)
    9,   // man on 16 (endgame)
    -2,  // man on 17 (endgame)
    -9,  // man on 18 (endgame)
    2,   // man on 19 (endgame)
    17,  // man on 20 (endgame)
    -8,  // man on 21 (endgame)
    -17, // man on 22 (endgame)
    -14, // man on 23 (endgame)
    4,   // man on 24 (endgame)
    -16, // man on 25 (endgame)
    -34, // man on 26 (endgame)
    -20, // man on 27 (endgame)
    -15, // man on 28 (endgame)
    -9,  // man on 29 (endgame)
    -19, // man on 30 (endgame)
    -2,  // man on 31 (endgame)
    -11, // man on 32 (endgame)
    -9,  // king on 1
    -1,  // king on 2
    1,   // king on 3
    1,   // king on 4
    -2,  // king on 5
    2,   // king on 6
    2,   // king on 7
    0,   // king on 8
    -4,  // king on 9
    4,   // king on 10
    5,   // king on 11
    0,   // king on 12
    1,   // king on 13
    7,   // king on 14
    5,   // king on 15
    -4,  // king on 16
    -2,  // king on 17
    11,  // king on 18
    8,   // king on 19
    0,   // king on 20
    9,   // king on 21
    6,   // king on 22
    0,   // king on 23
    -9,  // king on 24
    15,  // king on 25
    0,   // king on 26
    -7,  // king on 27
    -8,  // king on 28
    -3,  // king on 29
    -12, // king on 30
    -5,  // king on 31
    -8,  // king on 32
    1,   // king mobility
    -3,  // blocked man
    -2,  // blocked king
    19,  // runaway man, 1 rows to go
    9,   // runaway man, 2 rows to go
    7,   // runaway man, 3 rows to go
    6,   // runaway man, 4 rows to go
    12,  // runaway man, 5 rows to go
    -10, // hanging piece
    0,   // traded when ahead
    29,  // kings against none
    -3,  // wing imbalance
    1,   // side to move
    0,   // opposition (ending)
];
