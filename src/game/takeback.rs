//! Takebacks: against the engine at once, against a member on their answer.

use super::action::{Flow, Origin};
use super::{Actor, GameService, Reply};

impl GameService {
    /// `/takeback` and the Takeback button.
    pub(crate) fn takeback(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        todo!("takeback: {actor:?} {origin:?}")
    }

    /// The opponent's answer to a takeback request.
    pub(crate) fn answer_takeback(
        &self,
        actor: &Actor,
        origin: Origin,
        accept: bool,
    ) -> Flow<Reply> {
        todo!("takeback: {actor:?} {origin:?} {accept}")
    }
}
