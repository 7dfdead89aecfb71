//! `/tournament`: server tournaments run by the bot from sign-up to standings, on the pure
//! core of [`crate::tournament`] (pairings, standings) and the bot's ordinary games.

use super::action::{Flow, TournamentAction};
use super::{Actor, GameService, Origin, Reply};

impl GameService {
    /// `/tournament ...` and the sign-up buttons.
    pub(crate) fn tournament(
        &self,
        actor: &Actor,
        origin: Origin,
        action: TournamentAction,
    ) -> Flow<Reply> {
        let _ = (actor, origin, action);
        todo!("the tournament flows")
    }
}
