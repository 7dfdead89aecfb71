//! The change feed: which game changed, told to whoever follows games live (the Activity's
//! pages) as soon as the change is committed.
//!
//! In a process, a tokio broadcast channel: [`ChangeFeed::publish`] is called by the game
//! service after it commits a change to a game, [`ChangeFeed::subscribe`] by each follower.
//! With several processes on one PostgreSQL database, [`ChangeFeed::across_processes`] also
//! sends each change as a `NOTIFY` on the channel [`CHANNEL`] and `LISTEN`s on it with a
//! connection of its own (each on a thread of its own, the synchronous client reconnecting
//! after a failure), feeding the other processes' changes into the same broadcast and ignoring
//! its own. A change says only the game: followers read its state again from the store.

use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Duration;

use postgres::{Client, NoTls};
use tokio::sync::broadcast;

use super::GameId;

/// The PostgreSQL notification channel of the feed.
pub const CHANNEL: &str = "dama_game_changes";

/// Changes a slow follower may fall behind by before it misses some (it is then told it
/// lagged, and reads every game it follows again).
const BACKLOG: usize = 1024;

/// How long a lost `LISTEN` or `NOTIFY` connection waits before it connects again.
const RECONNECT: Duration = Duration::from_secs(1);

/// The feed; cheap to clone (clones share it).
#[derive(Clone)]
pub struct ChangeFeed {
    inner: Arc<Inner>,
}

struct Inner {
    local: broadcast::Sender<GameId>,
    /// This process's mark on its notifications.
    origin: u64,
    /// The `NOTIFY` thread's queue, once the feed goes across processes.
    remote: Mutex<Option<mpsc::Sender<GameId>>>,
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
        self.local(game);
        let remote = self
            .inner
            .remote
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(remote) = &*remote {
            let _ = remote.send(game);
        }
    }

    /// Tells this process's followers only.
    fn local(&self, game: GameId) {
        // Nobody following is no error.
        let _ = self.inner.local.send(game);
    }

    /// The changes from now on.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<GameId> {
        self.inner.local.subscribe()
    }

    /// Sends this process's changes to the other processes on the PostgreSQL database of
    /// `config`, and theirs to this process's followers (see the module's documentation).
    /// The threads run for the life of the process; a connection lost is made again.
    pub fn across_processes(&self, config: &postgres::Config) -> std::io::Result<()> {
        let (remote, queue) = mpsc::channel::<GameId>();
        let origin = self.inner.origin;
        let notify_config = config.clone();
        std::thread::Builder::new()
            .name("dama-feed-notify".to_owned())
            .spawn(move || notify_loop(&notify_config, origin, &queue))?;
        let listen_config = config.clone();
        let feed = self.clone();
        let (listening, listened) = mpsc::channel();
        std::thread::Builder::new()
            .name("dama-feed-listen".to_owned())
            .spawn(move || feed.listen_loop(&listen_config, &listening))?;
        // Listening before the first change is sent, so a test's move is never missed.
        let _ = listened.recv_timeout(Duration::from_secs(10));
        *self
            .inner
            .remote
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(remote);
        Ok(())
    }

    /// [`Self::across_processes`] when `location` is a PostgreSQL database; nothing for a
    /// SQLite file (one process).
    pub fn across_database(&self, location: &super::DatabaseLocation) -> Result<(), String> {
        match location {
            super::DatabaseLocation::Sqlite(_) => Ok(()),
            super::DatabaseLocation::Postgres(setting) => {
                let config = super::postgres::parse_setting(setting).map_err(|e| e.to_string())?;
                self.across_processes(&config).map_err(|e| e.to_string())
            }
        }
    }

    /// Listens for the other processes' changes for ever, connecting again after a failure.
    fn listen_loop(&self, config: &postgres::Config, listening: &mpsc::Sender<()>) {
        loop {
            match config.connect(NoTls) {
                Ok(client) => {
                    if let Err(error) = self.listen(client, listening) {
                        tracing::warn!(%error, "change feed: LISTEN connection lost");
                    }
                }
                Err(error) => tracing::warn!(%error, "change feed: cannot connect to LISTEN"),
            }
            std::thread::sleep(RECONNECT);
        }
    }

    fn listen(
        &self,
        mut client: Client,
        listening: &mpsc::Sender<()>,
    ) -> Result<(), postgres::Error> {
        client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
        let _ = listening.send(());
        let mut notifications = client.notifications();
        let mut incoming = notifications.blocking_iter();
        while let Some(notification) =
            postgres::fallible_iterator::FallibleIterator::next(&mut incoming)?
        {
            if let Some(game) = parse(notification.payload(), self.inner.origin) {
                self.local(game);
            }
        }
        Ok(())
    }
}

/// Sends this process's changes as notifications for ever, connecting again after a failure
/// (changes made while no connection stands reach only this process's followers).
fn notify_loop(config: &postgres::Config, origin: u64, queue: &mpsc::Receiver<GameId>) {
    let mut client: Option<Client> = None;
    while let Ok(game) = queue.recv() {
        if client.is_none() {
            match config.connect(NoTls) {
                Ok(connected) => client = Some(connected),
                Err(error) => {
                    tracing::warn!(%error, "change feed: cannot connect to NOTIFY");
                    std::thread::sleep(RECONNECT);
                    continue;
                }
            }
        }
        let payload = format!("{origin}:{}", game.0);
        if let Some(connected) = &mut client {
            if let Err(error) = connected.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            {
                tracing::warn!(%error, "change feed: NOTIFY failed");
                client = None;
            }
        }
    }
}

/// The game of another process's notification (`origin:game`); `None` for this process's own
/// and for anything else.
fn parse(payload: &str, own: u64) -> Option<GameId> {
    let (origin, game) = payload.split_once(':')?;
    if origin.parse::<u64>().ok()? == own {
        return None;
    }
    Some(GameId(game.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn its_own_notifications_are_ignored() {
        assert_eq!(parse("7:12", 8), Some(GameId(12)));
        assert_eq!(parse("7:12", 7), None);
        assert_eq!(parse("garbage", 7), None);
    }

    #[tokio::test]
    async fn a_change_reaches_every_follower() {
        let feed = ChangeFeed::new();
        let mut first = feed.subscribe();
        let mut second = feed.clone().subscribe();
        feed.publish(GameId(3));
        assert_eq!(first.recv().await.unwrap(), GameId(3));
        assert_eq!(second.recv().await.unwrap(), GameId(3));
    }
}
