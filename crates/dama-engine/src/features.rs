//! The evaluation's features: where each weight sits in [`crate::weights::WEIGHTS`] and what
//! it is called.
//!
//! The layout is its own module so that the evaluation ([`crate::eval`]) and the weights it
//! multiplies ([`crate::weights`], written by `damabot tune`) both depend on it and not on
//! each other.

/// Men, opening weight (the other weights are relative to it).
pub const F_MAN_MG: usize = 0;
/// Men, endgame weight.
pub const F_MAN_EG: usize = 1;
/// Kings, opening weight.
pub const F_KING_MG: usize = 2;
/// Kings, endgame weight.
pub const F_KING_EG: usize = 3;
/// Men by square (as White; squares 5..=32, a man never stands on its promotion row), opening.
pub const F_MAN_SQUARE_MG: usize = 4;
/// Men by square, endgame.
pub const F_MAN_SQUARE_EG: usize = F_MAN_SQUARE_MG + 28;
/// Kings by square (as White, squares 1..=32).
pub const F_KING_SQUARE: usize = F_MAN_SQUARE_EG + 28;
/// Empty squares next to our kings.
pub const F_KING_MOBILITY: usize = F_KING_SQUARE + 32;
/// Men that cannot step forward.
pub const F_BLOCKED_MEN: usize = F_KING_MOBILITY + 1;
/// Kings that cannot move.
pub const F_BLOCKED_KINGS: usize = F_BLOCKED_MEN + 1;
/// Men with no piece in the cone in front of them, by rows still to go (1..=5).
pub const F_RUNAWAY: usize = F_BLOCKED_KINGS + 1;
/// Our pieces that the other side could take at once if it had the move.
pub const F_HANGING: usize = F_RUNAWAY + 5;
/// When ahead in material: pieces already traded off (a reason to trade further).
pub const F_TRADE: usize = F_HANGING + 1;
/// We have kings and they have none.
pub const F_SOLE_KINGS: usize = F_TRADE + 1;
/// Difference between our men on the two wings.
pub const F_IMBALANCE: usize = F_SOLE_KINGS + 1;
/// Having the move (side to move only).
pub const F_TEMPO: usize = F_IMBALANCE + 1;
/// The opposition in the ending: with as many pieces as the other side and at most
/// [`OPPOSITION_PIECES`] on the board, +1 when the pieces standing on the side to move's
/// system (the files of its back row) are odd in number, -1 when even.
pub const F_OPPOSITION: usize = F_TEMPO + 1;
/// How many weights there are.
pub const FEATURES: usize = F_OPPOSITION + 1;

/// The most pieces on the board for the opposition to count.
pub const OPPOSITION_PIECES: u32 = 8;

/// The name of each weight, for the tuner's output.
#[must_use]
pub fn feature_name(index: usize) -> String {
    match index {
        F_MAN_MG => "man (opening)".into(),
        F_MAN_EG => "man (endgame)".into(),
        F_KING_MG => "king (opening)".into(),
        F_KING_EG => "king (endgame)".into(),
        i if (F_MAN_SQUARE_MG..F_MAN_SQUARE_EG).contains(&i) => {
            format!("man on {} (opening)", i - F_MAN_SQUARE_MG + 5)
        }
        i if (F_MAN_SQUARE_EG..F_KING_SQUARE).contains(&i) => {
            format!("man on {} (endgame)", i - F_MAN_SQUARE_EG + 5)
        }
        i if (F_KING_SQUARE..F_KING_MOBILITY).contains(&i) => {
            format!("king on {}", i - F_KING_SQUARE + 1)
        }
        F_KING_MOBILITY => "king mobility".into(),
        F_BLOCKED_MEN => "blocked man".into(),
        F_BLOCKED_KINGS => "blocked king".into(),
        i if (F_RUNAWAY..F_HANGING).contains(&i) => {
            format!("runaway man, {} rows to go", i - F_RUNAWAY + 1)
        }
        F_HANGING => "hanging piece".into(),
        F_TRADE => "traded when ahead".into(),
        F_SOLE_KINGS => "kings against none".into(),
        F_IMBALANCE => "wing imbalance".into(),
        F_TEMPO => "side to move".into(),
        F_OPPOSITION => "opposition (ending)".into(),
        _ => format!("feature {index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cover_every_feature() {
        let names: std::collections::HashSet<_> = (0..FEATURES).map(feature_name).collect();
        assert_eq!(names.len(), FEATURES);
        assert!(names.iter().all(|n| !n.starts_with("feature ")));
    }
}
