//! The Discord adapter, on poise over serenity: it turns interactions into calls of the
//! [`GameService`] and its replies into Discord messages, nothing more.
//!
//! - [`call`]: from an interaction to an [`Actor`](crate::game::Actor) and an
//!   [`Action`](crate::game::Action) or a click (pure, tested).
//! - [`outgoing`]: from a [`Reply`](crate::game::Reply) to serenity builders (pure, tested),
//!   its board and replay drawn by the adapter's [`Renderer`].
//! - [`commands`]: the slash commands, named and described from the files in English, Italian
//!   and Spanish.
//! - [`respond`]: answering in time (acknowledge within 3 s, defer when slow, channel messages
//!   once interaction tokens have expired) and remembering which message shows which board.
//! - [`permissions`]: what the bot needs in a channel, and what it says when it lacks it.
//! - [`errors`]: the one error handler: mistakes get a friendly private answer, failures are
//!   logged with their context and get a short apology.
//! - [`bot`]: the client (REST base, intents), registration (whose ids the service keeps for
//!   command mentions), the sweep timer and the shutdown.
//!
//! The service is synchronous; every call to it (and every board drawn) runs on tokio's
//! blocking pool through [`Work`], which the shutdown waits for.

pub mod bot;
pub mod call;
pub mod commands;
pub mod errors;
pub mod outgoing;
pub mod permissions;
pub mod respond;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

use crate::game::{GameService, ServiceError};
use crate::render::Renderer;

pub use bot::{BotError, run};

/// What every command and event handler shares.
#[derive(Clone)]
pub struct Data {
    pub service: Arc<GameService>,
    /// Draws the boards and replays of the service's replies (on the blocking pool).
    pub renderer: Arc<Renderer>,
    pub work: Work,
    /// The direct-message channel of each person the bot wrote to, so that a direct message
    /// is one request after the first (Discord keeps the same channel for a person).
    pub dm_channels: Arc<Mutex<HashMap<u64, u64>>>,
    /// The shards that were ready once: a later READY is a reconnection.
    ready_shards: Arc<Mutex<std::collections::HashSet<u32>>>,
    /// What members may see and do, which the service asks (linked to the client at start).
    pub access: Arc<permissions::DiscordAccess>,
}

impl Data {
    #[must_use]
    pub fn new(service: Arc<GameService>, renderer: Arc<Renderer>) -> Data {
        let access = Arc::new(permissions::DiscordAccess::default());
        service.set_access(access.clone());
        Data {
            service,
            renderer,
            work: Work::default(),
            dm_channels: Arc::default(),
            ready_shards: Arc::default(),
            access,
        }
    }

    /// The shards that were ready at least once, in order.
    #[must_use]
    pub fn ready_shards(&self) -> Vec<u32> {
        let mut shards: Vec<u32> = self
            .ready_shards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .copied()
            .collect();
        shards.sort_unstable();
        shards
    }

    /// Notes that `shard` is ready; true the first time.
    pub fn first_ready(&self, shard: u32) -> bool {
        self.ready_shards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(shard)
    }

    /// The direct-message channel with `user`, when one was opened before.
    #[must_use]
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.dm_channels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&user)
            .copied()
    }

    /// Remembers (`Some`) or forgets (`None`) the direct-message channel with `user`.
    pub fn set_dm_channel(&self, user: u64, channel: Option<u64>) {
        let mut channels = self
            .dm_channels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match channel {
            Some(channel) => channels.insert(user, channel),
            None => channels.remove(&user),
        };
    }
}

/// The error of a command or an event handler.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A mistake of the user noticed by the adapter (a missing permission, a DM): the text
    /// is the private answer.
    #[error("{0}")]
    Refused(String),
    /// The service failed (the database).
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Discord refused a request or could not be reached.
    #[error("discord: {0}")]
    Discord(#[from] Box<serenity::Error>),
    /// A blocking job panicked or was cancelled.
    #[error("background job: {0}")]
    Job(#[from] tokio::task::JoinError),
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Error {
        Error::Discord(Box::new(error))
    }
}

/// The context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The work in progress: blocking jobs (service calls, rendering) and whole interactions
/// (from the event to the last answer sent to Discord), so that a shutdown lets both finish
/// before the process exits and the database closes.
#[derive(Clone, Default)]
pub struct Work {
    inner: Arc<WorkInner>,
}

#[derive(Default)]
struct WorkInner {
    running: AtomicUsize,
    idle: Notify,
}

/// Counts one job or interaction while it lives.
pub struct WorkGuard(Arc<WorkInner>);

impl Drop for WorkGuard {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Work {
    /// Counts a piece of async work (an interaction being answered) until the guard drops.
    #[must_use]
    pub fn track(&self) -> WorkGuard {
        self.inner.running.fetch_add(1, Ordering::SeqCst);
        WorkGuard(Arc::clone(&self.inner))
    }

    /// Runs `job` on the blocking pool.
    pub fn spawn<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> tokio::task::JoinHandle<T> {
        let guard = self.track();
        tokio::task::spawn_blocking(move || {
            let _counted = guard;
            job()
        })
    }

    /// Jobs running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.inner.running.load(Ordering::SeqCst)
    }

    /// Waits until no job runs, or `limit` has passed; true when idle.
    pub async fn wait_idle(&self, limit: Duration) -> bool {
        let idle = async {
            loop {
                let notified = self.inner.idle.notified();
                if self.running() == 0 {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(limit, idle).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn shutdown_waits_for_blocking_work() {
        let work = Work::default();
        assert!(
            work.wait_idle(Duration::from_millis(1)).await,
            "idle at first"
        );
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let job = work.spawn(move || wait.recv().is_ok());
        assert_eq!(work.running(), 1);
        assert!(
            !work.wait_idle(Duration::from_millis(50)).await,
            "a job is still running"
        );
        release.send(()).unwrap();
        assert!(work.wait_idle(Duration::from_secs(5)).await);
        assert!(job.await.unwrap());
        assert_eq!(work.running(), 0);
    }

    #[tokio::test]
    async fn shutdown_waits_for_an_interaction_being_answered() {
        let work = Work::default();
        let answering = work.track();
        assert!(
            !work.wait_idle(Duration::from_millis(50)).await,
            "an answer is still being sent"
        );
        let waiter = tokio::spawn({
            let work = work.clone();
            async move { work.wait_idle(Duration::from_secs(5)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(answering);
        assert!(waiter.await.unwrap(), "idle once the answer is out");
    }
}
