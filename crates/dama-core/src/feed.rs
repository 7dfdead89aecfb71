//! The change feed: which game or channel's lobby changed, told to whoever follows them live
//! (the Activity's pages) as soon as the change is committed, and how many pages each process
//! has watching each game.
//!
//! In a process, a tokio broadcast channel: [`ChangeFeed::publish`] is called by the game
//! service after it commits a change to a game, [`ChangeFeed::publish_lobby`] after a change
//! to a channel's challenges, [`ChangeFeed::subscribe`] by each follower. With several
//! processes on one database, a bridge (`dama_store::feed`, PostgreSQL's NOTIFY and LISTEN)
//! carries each change to the other processes ([`ChangeFeed::bridge`]) and theirs to this
//! process's followers ([`ChangeFeed::tell_followers`]). A change says only the game or the
//! channel: followers read its state again from the store.
//!
//! The counts of watching pages ([`ChangeFeed::tell_spectators`]) go to the other processes
//! only: each process counts its own pages and adds what the others last told it.

use std::sync::{Arc, Mutex, PoisonError, mpsc};

use tokio::sync::broadcast;

use crate::store::{ChannelId, GameId};

/// What changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Change {
    /// A game: a move, an offer, its end, its start.
    Game(GameId),
    /// A channel's lobby: a challenge made there, taken, declined, withdrawn or expired.
    Lobby(ChannelId),
    /// Another process (`process`) has `count` pages that do not play watching `game`.
    Spectators {
        process: u64,
        game: GameId,
        count: u32,
    },
    /// A process started and asks the others for their counts of watching pages.
    Counts,
}

/// Changes a slow follower may fall behind by before it misses some (it is then told it
/// lagged, and reads every game it follows again).
const BACKLOG: usize = 1024;

/// The feed; cheap to clone (clones share it).
#[derive(Clone)]
pub struct ChangeFeed {
    inner: Arc<Inner>,
}

struct Inner {
    local: broadcast::Sender<Change>,
    /// This process's mark on its notifications.
    origin: u64,
    /// The bridge's queue to the other processes, once the feed goes across them.
    remote: Mutex<Option<mpsc::Sender<Change>>>,
}

impl Default for ChangeFeed {
    fn default() -> Self {
        ChangeFeed::new()
    }
}

impl std::fmt::Debug for ChangeFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeFeed")
            .field("followers", &self.inner.local.receiver_count())
            .finish_non_exhaustive()
    }
}

impl ChangeFeed {
    /// A feed within this process.
    #[must_use]
    pub fn new() -> ChangeFeed {
        let (local, _) = broadcast::channel(BACKLOG);
        ChangeFeed {
            inner: Arc::new(Inner {
                local,
                origin: rand::random(),
                remote: Mutex::new(None),
            }),
        }
    }

    /// Tells every follower (in every process, across processes) that `game` changed.
    pub fn publish(&self, game: GameId) {
        self.local(Change::Game(game));
        self.remote(Change::Game(game));
    }

    /// Tells every follower (in every process) that the lobby of `channel` changed.
    pub fn publish_lobby(&self, channel: ChannelId) {
        self.local(Change::Lobby(channel));
        self.remote(Change::Lobby(channel));
    }

    /// Tells the other processes that this one has `count` pages that do not play watching
    /// `game` now.
    pub fn tell_spectators(&self, game: GameId, count: u32) {
        self.remote(Change::Spectators {
            process: self.inner.origin,
            game,
            count,
        });
    }

    /// Asks the other processes for their counts of watching pages (each answers with
    /// [`Self::tell_spectators`] when its followers hear [`Change::Counts`]).
    pub fn ask_counts(&self) {
        self.remote(Change::Counts);
    }

    /// Whether the feed goes across processes.
    #[must_use]
    pub fn is_across_processes(&self) -> bool {
        self.inner
            .remote
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// Tells this process's followers only: a change another process made, which the bridge
    /// heard.
    pub fn tell_followers(&self, change: Change) {
        self.local(change);
    }

    /// This process's mark on the changes it sends to the others (the bridge leaves out its
    /// own when they come back).
    #[must_use]
    pub fn origin(&self) -> u64 {
        self.inner.origin
    }

    /// Sends this process's changes to the other processes from now on, through `remote`
    /// (the bridge's queue).
    pub fn bridge(&self, remote: mpsc::Sender<Change>) {
        *self
            .inner
            .remote
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(remote);
    }

    /// Tells this process's followers only.
    fn local(&self, change: Change) {
        // Nobody following is no error.
        let _ = self.inner.local.send(change);
    }

    /// Tells the other processes only.
    fn remote(&self, change: Change) {
        let remote = self
            .inner
            .remote
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(remote) = &*remote {
            let _ = remote.send(change);
        }
    }

    /// The changes from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.inner.local.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_change_reaches_every_follower() {
        let feed = ChangeFeed::new();
        let mut first = feed.subscribe();
        let mut second = feed.clone().subscribe();
        feed.publish(GameId(3));
        feed.publish_lobby(100);
        assert_eq!(first.recv().await.unwrap(), Change::Game(GameId(3)));
        assert_eq!(second.recv().await.unwrap(), Change::Game(GameId(3)));
        assert_eq!(first.recv().await.unwrap(), Change::Lobby(100));
    }
}
