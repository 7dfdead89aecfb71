//! The engine as a teacher: the post-game analysis of a whole game ([`analysis`]) and the
//! advice of `/hint` ([`hint`]), decided by searches of `dama-engine`. Pure: the rules and the
//! engine only.

pub mod analysis;
pub mod hint;
