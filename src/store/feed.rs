//! The change feed: which game or channel's lobby changed, told to whoever follows them live
//! (the Activity's pages) as soon as the change is committed, and how many pages each process
//! has watching each game.
//!
//! In a process, a tokio broadcast channel: [`ChangeFeed::publish`] is called by the game
//! service after it commits a change to a game, [`ChangeFeed::publish_lobby`] after a change
//! to a channel's challenges, [`ChangeFeed::subscribe`] by each follower. With several
//! processes on one PostgreSQL database, [`ChangeFeed::across_processes`] also sends each
//! change as a `NOTIFY` on a channel named after [`CHANNEL`] and the database schema the bot
//! uses (see [`channel_of`]: bots on one database in different schemas never hear each other)
//! and `LISTEN`s on it with a connection of its
//! own (each on a thread of its own, the synchronous client reconnecting after a failure),
//! feeding the other processes' changes into the same broadcast and ignoring its own. A change
//! says only the game or the channel: followers read its state again from the store.
//!
//! The counts of watching pages ([`ChangeFeed::tell_spectators`]) go to the other processes
//! only: each process counts its own pages and adds what the others last told it.

use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Duration;

use postgres::{Client, NoTls};
use tokio::sync::broadcast;

use super::{ChannelId, GameId};

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

/// The start of the PostgreSQL notification channel of the feed (see [`channel_of`]).
pub const CHANNEL: &str = "dama_game_changes";

/// The notification channel of the bot whose tables are in `schema`: [`CHANNEL`], `_`, and
/// a hash of the schema's name (FNV-1a, the same in every build), short enough for
/// PostgreSQL's 63-byte names whatever the schema's name.
#[must_use]
pub fn channel_of(schema: &str) -> String {
    let hash = schema
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    format!("{CHANNEL}_{hash:016x}")
}

/// The notification channel of the database `client` is connected to, in the schema its
/// search path puts first.
fn channel(client: &mut Client) -> Result<String, postgres::Error> {
    let row = client.query_one("SELECT current_schema()::text", &[])?;
    let schema: Option<String> = row.get(0);
    Ok(channel_of(schema.as_deref().unwrap_or("")))
}

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
    local: broadcast::Sender<Change>,
    /// This process's mark on its notifications.
    origin: u64,
    /// The `NOTIFY` thread's queue, once the feed goes across processes.
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

    /// Sends this process's changes to the other processes on the PostgreSQL database of
    /// `config`, and theirs to this process's followers (see the module's documentation).
    /// The threads run for the life of the process; a connection lost is made again.
    pub fn across_processes(&self, config: &postgres::Config) -> std::io::Result<()> {
        let (remote, queue) = mpsc::channel::<Change>();
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
        let channel = channel(&mut client)?;
        client.batch_execute(&format!("LISTEN \"{channel}\""))?;
        let _ = listening.send(());
        let mut notifications = client.notifications();
        let mut incoming = notifications.blocking_iter();
        while let Some(notification) =
            postgres::fallible_iterator::FallibleIterator::next(&mut incoming)?
        {
            if let Some(change) = parse(notification.payload(), self.inner.origin) {
                self.local(change);
            }
        }
        Ok(())
    }
}

/// Sends this process's changes as notifications for ever, connecting again after a failure
/// (changes made while no connection stands reach only this process's followers).
fn notify_loop(config: &postgres::Config, origin: u64, queue: &mpsc::Receiver<Change>) {
    let mut client: Option<(Client, String)> = None;
    while let Ok(change) = queue.recv() {
        if client.is_none() {
            match config
                .connect(NoTls)
                .and_then(|mut connected| channel(&mut connected).map(|name| (connected, name)))
            {
                Ok(connected) => client = Some(connected),
                Err(error) => {
                    tracing::warn!(%error, "change feed: cannot connect to NOTIFY");
                    std::thread::sleep(RECONNECT);
                    continue;
                }
            }
        }
        let payload = payload(origin, change);
        if let Some((connected, channel)) = &mut client {
            if let Err(error) =
                connected.execute("SELECT pg_notify($1, $2)", &[&*channel, &payload])
            {
                tracing::warn!(%error, "change feed: NOTIFY failed");
                client = None;
            }
        }
    }
}

/// A change's notification from process `origin`: `origin:game`, `origin:lobby:channel`,
/// `origin:spectators:game:count`, `origin:counts`.
fn payload(origin: u64, change: Change) -> String {
    match change {
        Change::Game(game) => format!("{origin}:{}", game.0),
        Change::Lobby(channel) => format!("{origin}:lobby:{channel}"),
        Change::Spectators { game, count, .. } => {
            format!("{origin}:spectators:{}:{count}", game.0)
        }
        Change::Counts => format!("{origin}:counts"),
    }
}

/// The change of another process's notification (see [`payload`]); `None` for this
/// process's own and for anything else.
fn parse(payload: &str, own: u64) -> Option<Change> {
    let (origin, rest) = payload.split_once(':')?;
    let process = origin.parse::<u64>().ok()?;
    if process == own {
        return None;
    }
    let mut fields = rest.split(':');
    let change = match (fields.next()?, fields.next(), fields.next()) {
        ("lobby", Some(channel), None) => Change::Lobby(channel.parse().ok()?),
        ("spectators", Some(game), Some(count)) => Change::Spectators {
            process,
            game: GameId(game.parse().ok()?),
            count: count.parse().ok()?,
        },
        ("counts", None, None) => Change::Counts,
        (game, None, None) => Change::Game(GameId(game.parse().ok()?)),
        _ => return None,
    };
    if fields.next().is_some() {
        return None;
    }
    Some(change)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn its_own_notifications_are_ignored() {
        assert_eq!(parse("7:12", 8), Some(Change::Game(GameId(12))));
        assert_eq!(parse("7:12", 7), None);
        assert_eq!(parse("garbage", 7), None);
        assert_eq!(parse("7:lobby:x", 8), None);
        assert_eq!(parse("7:12:3", 8), None);
    }

    #[test]
    fn each_schema_has_its_channel() {
        assert_eq!(channel_of("public"), channel_of("public"));
        assert_ne!(channel_of("public"), channel_of("dama_test_1_0"));
        assert!(channel_of(&"x".repeat(200)).len() <= 63);
        assert!(channel_of("public").starts_with("dama_game_changes_"));
    }

    #[test]
    fn every_change_reads_back_as_it_was_sent() {
        for change in [
            Change::Game(GameId(12)),
            Change::Lobby(100),
            Change::Spectators {
                process: 7,
                game: GameId(4),
                count: 3,
            },
            Change::Counts,
        ] {
            assert_eq!(parse(&payload(7, change), 8), Some(change), "{change:?}");
        }
    }

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
