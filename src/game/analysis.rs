//! `/analysis [game]`: the engine's review of a finished game (see [`crate::analysis`]), with
//! its advantage chart, its key moments, the board of the worst one and the annotated PDN.
//!
//! An analysis runs on the engine pool one position at a time ([`EnginePool::with_slot`]), at
//! most [`analysis_share`] of the pool's places at once, so running games' moves wait at most
//! one position's search. A finished analysis is stored with the game and served again at
//! once; two requests for the same game share one analysis.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};

use super::action::Flow;
use super::{Actor, GameService, Reply};
use crate::store::GameId;

#[allow(unused_imports, reason = "named in the module's documentation")]
use super::EnginePool;

/// The analyses running, by game.
#[derive(Default)]
pub(crate) struct Running {
    jobs: Mutex<HashMap<GameId, Arc<Job>>>,
    /// Wakes those waiting for a place to analyse.
    turn: Condvar,
}

/// One analysis running: its progress, and its end for those who wait for it.
#[derive(Default)]
pub(crate) struct Job {
    state: Mutex<()>,
    changed: Condvar,
}

/// How many analyses may search at once on a pool of `capacity` places: half of them, at least
/// one.
#[must_use]
pub(crate) fn analysis_share(capacity: usize) -> usize {
    (capacity / 2).max(1)
}

impl GameService {
    /// `/analysis [game]`.
    pub(crate) fn analysis(
        &self,
        actor: &Actor,
        game: Option<i64>,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        let _ = (
            actor,
            game,
            progress,
            &self.analyses.jobs,
            &self.analyses.turn,
        );
        todo!("the /analysis flow")
    }
}
