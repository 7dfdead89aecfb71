//! `/puzzle` (Italian `/problema`), `/puzzle daily` and `/puzzles`: shots to solve from the
//! puzzle collection (`dama_tools::puzzles`), with a puzzle rating per server.

use super::action::{Flow, Origin, PuzzleAction};
use super::{Actor, GameService, Reply, ServiceError, Suggestions};

impl GameService {
    /// Runs a puzzle action.
    pub(crate) fn puzzle(
        &self,
        actor: &Actor,
        origin: Origin,
        action: PuzzleAction,
    ) -> Flow<Reply> {
        let _ = (actor, origin, action);
        todo!("puzzle flows")
    }

    /// What the `/puzzle move` autocomplete shows: the legal moves of the actor's open puzzle
    /// matching `partial`, or why there are none.
    pub fn puzzle_suggestions(
        &self,
        actor: &Actor,
        partial: &str,
    ) -> Result<Suggestions, ServiceError> {
        let _ = (actor, partial);
        todo!("puzzle suggestions")
    }
}
