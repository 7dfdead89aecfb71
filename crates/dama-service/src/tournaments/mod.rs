//! Tournaments: sign-ups, starts and standings (`tournament`), rounds, their games and results
//! (`tournament_rounds`).

pub(crate) mod tournament;
pub(crate) mod tournament_rounds;
