//! Playing a game: challenges (`challenge`), moves, endings (resign, draws, claims, aborts),
//! takebacks, a game's thread (`threads`), games against the engine left idle (`idle`), presenting
//! a game (`board`) and finding the game an action is about (`loaded`).

pub(crate) mod board;
pub(crate) mod challenge;
pub(crate) mod endings;
pub(crate) mod idle;
pub(crate) mod loaded;
pub(crate) mod moves;
pub(crate) mod takeback;
pub(crate) mod threads;
