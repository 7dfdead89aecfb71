//! `/hint`: the engine's best move, with a short reason, for the player to move in a game
//! against the engine; up to [`super::ServiceSettings::engine_hints`] a game. Refused in games
//! between people. The game's PDN records each hint.

use super::action::Flow;
use super::{Actor, GameService, Origin, Reply};

impl GameService {
    /// `/hint`.
    pub(crate) fn hint(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let _ = (actor, origin);
        todo!("the /hint flow")
    }
}
