//! Time: the time per move and the game clocks (`clock`), live games and their flags (`live`).

pub(crate) mod clock;
pub(crate) mod live;
