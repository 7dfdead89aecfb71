//! The crown on a king, in units of the top face's radius from the face's centre, y
//! downwards. The PNG pieces and the Activity's page draw this one crown (the page's copy is
//! generated from these numbers: dama-web's `generated`).

/// The crown's outline: a foot, three points, and the dips between them.
pub const OUTLINE: [(f32, f32); 9] = [
    (-0.56, 0.34),
    (-0.66, -0.30),
    (-0.30, -0.02),
    (-0.13, -0.42),
    (0.0, -0.52),
    (0.13, -0.42),
    (0.30, -0.02),
    (0.66, -0.30),
    (0.56, 0.34),
];

/// The centres of the three balls on the crown's points.
pub const BALLS: [(f32, f32); 3] = [(-0.66, -0.34), (0.0, -0.58), (0.66, -0.34)];

/// The balls' radius.
pub const BALL_RADIUS: f32 = 0.1;

/// The band at the crown's foot (its top edge drawn as a line).
pub const BAND: [(f32, f32); 4] = [(-0.58, 0.28), (0.58, 0.28), (0.58, 0.50), (-0.58, 0.50)];
