//! The change feed across processes on one PostgreSQL database: each change of this process
//! goes out as a `NOTIFY` on a channel named after [`CHANNEL`] and the database schema the bot
//! uses (see [`channel_of`]: bots on one database in different schemas never hear each other),
//! and a connection of its own `LISTEN`s on it (each on a thread of its own, the synchronous
//! client reconnecting after a failure), feeding the other processes' changes into the
//! process's [`ChangeFeed`] and ignoring its own.

use std::sync::mpsc;
use std::time::Duration;

use dama_core::feed::{Change, ChangeFeed};
use dama_core::store::{DatabaseLocation, GameId};
use postgres::{Client, NoTls};

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

/// How long a lost `LISTEN` or `NOTIFY` connection waits before it connects again.
const RECONNECT: Duration = Duration::from_secs(1);

/// Sends this process's changes to the other processes on the PostgreSQL database of
/// `config`, and theirs to this process's followers (see the module's documentation).
/// The threads run for the life of the process; a connection lost is made again.
pub fn across_processes(feed: &ChangeFeed, config: &postgres::Config) -> std::io::Result<()> {
    let (remote, queue) = mpsc::channel::<Change>();
    let origin = feed.origin();
    let notify_config = config.clone();
    std::thread::Builder::new()
        .name("dama-feed-notify".to_owned())
        .spawn(move || notify_loop(&notify_config, origin, &queue))?;
    let listen_config = config.clone();
    let follower = feed.clone();
    let (listening, listened) = mpsc::channel();
    std::thread::Builder::new()
        .name("dama-feed-listen".to_owned())
        .spawn(move || listen_loop(&follower, &listen_config, &listening))?;
    // Listening before the first change is sent, so a test's move is never missed.
    let _ = listened.recv_timeout(Duration::from_secs(10));
    feed.bridge(remote);
    Ok(())
}

/// [`across_processes`] when `location` is a PostgreSQL database; nothing for a
/// SQLite file (one process).
pub fn across_database(feed: &ChangeFeed, location: &DatabaseLocation) -> Result<(), String> {
    match location {
        DatabaseLocation::Sqlite(_) => Ok(()),
        DatabaseLocation::Postgres(setting) => {
            let config = crate::postgres::parse_setting(setting).map_err(|e| e.to_string())?;
            across_processes(feed, &config).map_err(|e| e.to_string())
        }
    }
}

/// Listens for the other processes' changes for ever, connecting again after a failure.
fn listen_loop(feed: &ChangeFeed, config: &postgres::Config, listening: &mpsc::Sender<()>) {
    loop {
        match config.connect(NoTls) {
            Ok(client) => {
                if let Err(error) = listen(feed, client, listening) {
                    tracing::warn!(%error, "change feed: LISTEN connection lost");
                }
            }
            Err(error) => tracing::warn!(%error, "change feed: cannot connect to LISTEN"),
        }
        std::thread::sleep(RECONNECT);
    }
}

fn listen(
    feed: &ChangeFeed,
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
        if let Some(change) = parse(notification.payload(), feed.origin()) {
            feed.tell_followers(change);
        }
    }
    Ok(())
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
}
