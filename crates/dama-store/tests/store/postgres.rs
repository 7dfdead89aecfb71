//! What only the PostgreSQL store has: its schema and version check, its start-up errors, a
//! server that goes away and comes back, crashes, and the copy between backends. Each test
//! needs the test server (`DAMA_TEST_POSTGRES`, see `pg.rs`) and is skipped without it outside
//! CI.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dama_core::store::DatabaseLocation;
use dama_core::store::{GameId, Participant, Store, StoreError};
use dama_store::check::check_database;
use dama_store::copy::copy_database;
use dama_store::{
    POSTGRES_SCHEMA_VERSION, PostgresOpenError, PostgresOptions, PostgresStore, SCHEMA_VERSION,
    SqliteStore, open_store, open_store_read_only,
};

use super::contract::{self, CHANNEL, GUILD, fen, human_game, players};
use super::pg;

#[test]
fn both_backends_have_the_same_schema_version() {
    assert_eq!(POSTGRES_SCHEMA_VERSION, SCHEMA_VERSION);
}

#[test]
fn two_stores_on_one_database_claim_a_notice_once() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let first = database.open();
    let second = database.open();
    contract::two_stores_claiming_one_notice_one_wins(&first, &second);
}

#[test]
fn a_change_whose_notice_is_refused_does_not_happen_on_postgres() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let store = database.open();
    contract::a_change_whose_notice_is_refused_does_not_happen(&store, || {
        database
            .client()
            .batch_execute(
                "CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS \
                 $$ BEGIN RAISE EXCEPTION 'no notice'; END $$; \
                 CREATE TRIGGER outbox_refused BEFORE INSERT ON outbox \
                 FOR EACH ROW EXECUTE FUNCTION refuse_notice();",
            )
            .unwrap();
    });
}

#[test]
fn the_schema_enforces_one_active_game_and_the_next_ply() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let store = database.open();
    players(&store);
    let first = human_game(&store, CHANNEL, 1);
    let mut client = database.client();
    // A second active game in the channel, whoever writes it.
    let raw = client.execute(
        "INSERT INTO games (guild_id, channel_id, white_level, black_level, time_per_move_ms, \
         rated, created_at, last_move_at, start_fen, current_fen) \
         VALUES (1, $1, 1, 2, 1000, false, 0, 0, 'x', 'x')",
        &[&(CHANNEL as i64)],
    );
    assert!(raw.is_err(), "the partial unique index must refuse");
    // A move that is not the next ply.
    let raw = client.execute(
        "INSERT INTO moves (game_id, ply, move_long, fen_after, played_at) \
         VALUES ($1, 3, '22-18', 'x', 0)",
        &[&first.id.0],
    );
    let error = raw.unwrap_err();
    assert!(
        error.to_string().contains("next ply of an active game")
            || format!("{error:?}").contains("next ply"),
        "{error:?}"
    );
    store.abort_game(first.id, 4).unwrap();
    assert!(
        store
            .create_game(&contract::new_game(
                Participant::Engine(1),
                Participant::Engine(2),
                CHANNEL,
                5
            ))
            .is_ok()
    );
}

#[test]
fn reopening_keeps_the_rows_and_a_newer_schema_is_refused() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let store = database.open();
    contract::game_and_move_round_trip(&store);
    let done = store.recent_games_in_channel(CHANNEL, 1).unwrap().remove(0);
    drop(store);
    let store = database.open();
    assert_eq!(store.game(done.id).unwrap(), Some(done));
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION as i64);
    drop(store);

    let mut client = database.client();
    client
        .execute(
            "UPDATE dama_schema SET version = $1",
            &[&(SCHEMA_VERSION as i64 + 1)],
        )
        .unwrap();
    let error = PostgresStore::open(&database.url).unwrap_err();
    assert!(
        matches!(error, PostgresOpenError::NewerSchema { found, known, .. }
            if found == SCHEMA_VERSION as i64 + 1 && known == SCHEMA_VERSION),
        "{error:?}"
    );
    assert!(error.to_string().contains("newer damabot"), "{error}");
}

#[test]
fn a_read_only_open_of_an_empty_database_asks_for_a_first_start() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let options = PostgresOptions {
        read_only: true,
        ..PostgresOptions::default()
    };
    let error = PostgresStore::open_with(&database.url, &options).unwrap_err();
    assert!(
        matches!(error, PostgresOpenError::OlderSchema { found: 0, .. }),
        "{error:?}"
    );
    drop(database.open());
    PostgresStore::open_with(&database.url, &options).unwrap();
}

// ---- start-up errors -----------------------------------------------------------------------

/// A loopback port nothing listens on.
fn closed_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

fn quick() -> PostgresOptions {
    PostgresOptions {
        connect_timeout: Duration::from_millis(500),
        ..PostgresOptions::default()
    }
}

#[test]
fn a_server_that_does_not_answer_says_where_and_what_to_check() {
    // Needs no server at all.
    let port = closed_port();
    let url = format!("postgres://dama:secret@127.0.0.1:{port}/dama");
    let error = PostgresStore::open_with(&url, &quick()).unwrap_err();
    assert!(
        matches!(error, PostgresOpenError::Unreachable { .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(message.contains(&format!("127.0.0.1:{port}")), "{message}");
    assert!(
        message.contains("check that the server is running"),
        "{message}"
    );
    assert!(!message.contains("secret"), "{message}");
    let error = PostgresStore::open("postgres://[nope").unwrap_err();
    assert!(
        matches!(error, PostgresOpenError::BadUrl { .. }),
        "{error:?}"
    );
}

/// The test server's URL with its user or database replaced.
fn replace_in_url(url: &str, what: &str, with: &str) -> String {
    url.replacen(what, with, 1)
}

#[test]
fn a_refused_login_and_a_missing_database_say_what_to_check() {
    let Some(url) = pg::server_url() else {
        return;
    };
    let config: postgres::Config = url.parse().unwrap();
    let user = config.get_user().unwrap().to_owned();
    let database = config.get_dbname().unwrap_or(&user).to_owned();
    let nobody = replace_in_url(&url, &format!("//{user}"), "//no_such_dama_user");
    let error = PostgresStore::open_with(&nobody, &quick()).unwrap_err();
    assert!(
        matches!(error, PostgresOpenError::LoginRefused { ref user, .. } if user == "no_such_dama_user"),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("check the user and password"),
        "{error}"
    );

    let missing = replace_in_url(&url, &format!("/{database}"), "/no_such_dama_database");
    let error = PostgresStore::open_with(&missing, &quick()).unwrap_err();
    assert!(
        matches!(error, PostgresOpenError::NoDatabase { ref database, .. } if database == "no_such_dama_database"),
        "{error:?}"
    );
    assert!(error.to_string().contains("createdb"), "{error}");
}

// ---- a server that goes away ---------------------------------------------------------------

/// A TCP relay on loopback in front of the test server, which can stop (every connection cut,
/// new ones refused) and start again on the same port: what a store sees of a server restart.
struct Relay {
    port: u16,
    target: String,
    running: Arc<AtomicBool>,
    streams: Arc<Mutex<Vec<TcpStream>>>,
    acceptor: Option<std::thread::JoinHandle<()>>,
}

impl Relay {
    fn new(target: String) -> Self {
        let mut relay = Relay {
            port: closed_port(),
            target,
            running: Arc::new(AtomicBool::new(false)),
            streams: Arc::new(Mutex::new(Vec::new())),
            acceptor: None,
        };
        relay.start();
        relay
    }

    fn start(&mut self) {
        // The port was free when picked; an outgoing connection of another test may hold it
        // for a moment (as its local end), so binding is tried again for a while.
        let mut tries = 0;
        let listener = loop {
            match TcpListener::bind(("127.0.0.1", self.port)) {
                Ok(listener) => break listener,
                Err(error) if error.kind() == std::io::ErrorKind::AddrInUse && tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(error) => panic!("the relay cannot listen on {}: {error}", self.port),
            }
        };
        listener.set_nonblocking(true).unwrap();
        self.running.store(true, Ordering::SeqCst);
        let running = Arc::clone(&self.running);
        let streams = Arc::clone(&self.streams);
        let target = self.target.clone();
        self.acceptor = Some(std::thread::spawn(move || {
            while running.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((client, _)) => {
                        client.set_nonblocking(false).unwrap();
                        let Ok(server) = TcpStream::connect(&target) else {
                            continue;
                        };
                        let mut all = streams.lock().unwrap();
                        all.push(client.try_clone().unwrap());
                        all.push(server.try_clone().unwrap());
                        for (mut from, mut to) in [
                            (client.try_clone().unwrap(), server.try_clone().unwrap()),
                            (server, client),
                        ] {
                            std::thread::spawn(move || {
                                let mut buffer = [0u8; 16 * 1024];
                                loop {
                                    match from.read(&mut buffer) {
                                        Ok(0) | Err(_) => break,
                                        Ok(n) => {
                                            if to.write_all(&buffer[..n]).is_err() {
                                                break;
                                            }
                                        }
                                    }
                                }
                                let _ = to.shutdown(Shutdown::Both);
                            });
                        }
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        }));
    }

    /// Cuts every connection and refuses new ones (the listener is closed).
    fn stop(&mut self) {
        self.running.store(false, Ordering::SeqCst);
        if let Some(acceptor) = self.acceptor.take() {
            acceptor.join().unwrap();
        }
        for stream in self.streams.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.stop();
    }
}

#[test]
fn a_lost_server_gives_errors_then_the_store_reconnects() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let config: postgres::Config = database.url.parse().unwrap();
    let host = match &config.get_hosts()[0] {
        postgres::config::Host::Tcp(host) => host.clone(),
        postgres::config::Host::Unix(_) => return,
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let mut relay = Relay::new(format!("{host}:{port}"));
    let url = database.url.replacen(
        &format!("{host}:{port}"),
        &format!("127.0.0.1:{}", relay.port),
        1,
    );
    assert_ne!(url, database.url, "the URL names host:port");
    let store = PostgresStore::open_with(
        &url,
        &PostgresOptions {
            connect_timeout: Duration::from_millis(400),
            ..PostgresOptions::default()
        },
    )
    .unwrap();
    players(&store);
    let game = human_game(&store, CHANNEL, 0);
    let game = store.record_move(game.id, 0, "22-18", &fen(1), 1).unwrap();

    // The server goes away: calls fail with the backend's error (the service apologises),
    // within the connection timeout, and nothing is half-written.
    relay.stop();
    let started = Instant::now();
    let error = store
        .record_move(game.id, 1, "11-15", &fen(2), 2)
        .unwrap_err();
    assert!(matches!(error, StoreError::Backend(_)), "{error:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(store.game(game.id).is_err());

    // It comes back: the pool connects again and the move goes in.
    relay.start();
    let deadline = Instant::now() + Duration::from_secs(10);
    let after = loop {
        match store.record_move(game.id, 1, "11-15", &fen(2), 2) {
            Ok(after) => break after,
            Err(error) if Instant::now() < deadline => {
                assert!(matches!(error, StoreError::Backend(_)), "{error:?}");
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(error) => panic!("the store did not reconnect: {error}"),
        }
    };
    assert_eq!(after.ply, 2);
    assert_eq!(store.moves(game.id).unwrap().len(), 2);

    // Every connection cut at once (a server restart): the next calls run on new ones.
    relay.stop();
    relay.start();
    let again = store.record_move(game.id, 2, "22-18", &fen(3), 3).unwrap();
    assert_eq!(again.ply, 3);
}

// ---- crash ---------------------------------------------------------------------------------

/// The child of the crash test: records moves in a loop on the PostgreSQL database
/// `DAMA_STORE_CRASH_URL`, printing `ACK game ply` after each acknowledged one, until killed.
#[test]
#[ignore = "run by crash_on_postgres_keeps_every_acknowledged_move as a child process"]
fn crash_child_postgres() {
    let url = std::env::var("DAMA_STORE_CRASH_URL").expect("DAMA_STORE_CRASH_URL is set");
    let store = Arc::new(PostgresStore::open(&url).unwrap());
    players(store.as_ref());
    let stdout = Arc::new(Mutex::new(std::io::stdout()));
    // Four writers at once, a game each.
    let writers: Vec<_> = (0..4)
        .map(|channel| {
            let store = Arc::clone(&store);
            let stdout = Arc::clone(&stdout);
            std::thread::spawn(move || {
                let mut game = match store.active_game_in_channel(CHANNEL + channel).unwrap() {
                    Some(game) => game,
                    None => human_game(store.as_ref(), CHANNEL + channel, 0),
                };
                loop {
                    let ply = game.ply;
                    game = store
                        .record_move(game.id, ply, "22-18", &fen(ply + 1), i64::from(ply))
                        .unwrap();
                    let mut out = stdout.lock().unwrap();
                    writeln!(out, "ACK {} {ply}", game.id).unwrap();
                    out.flush().unwrap();
                }
            })
        })
        .collect();
    // The writers only stop when the process is killed (or one fails, which panics here).
    if let Some(writer) = writers.into_iter().next() {
        writer.join().unwrap();
    }
}

#[test]
fn crash_on_postgres_keeps_every_acknowledged_move() {
    use rand::Rng;
    let Some(database) = pg::test_database() else {
        return;
    };
    let mut rng = rand::rng();
    let mut acknowledged: Vec<(i64, u32)> = Vec::new();
    for round in 0..3 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "postgres::crash_child_postgres",
                "--ignored",
                "--nocapture",
            ])
            .env("DAMA_STORE_CRASH_URL", &database.url)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut acks = Vec::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.strip_prefix("ACK ") {
                    let (game, ply) = rest.split_once(' ').unwrap();
                    acks.push((game.parse::<i64>().unwrap(), ply.parse::<u32>().unwrap()));
                }
            }
            acks
        });
        std::thread::sleep(Duration::from_millis(rng.random_range(400..1_200)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let acks = reader.join().unwrap();
        assert!(
            !acks.is_empty(),
            "round {round}: the child acknowledged no move"
        );
        acknowledged.extend(acks);

        let store = database.open();
        for &(game, ply) in &acknowledged {
            let stored = store.game(GameId(game)).unwrap().unwrap();
            assert!(
                stored.ply > ply,
                "game {game}: ply {ply} acknowledged, lost"
            );
        }
        for id in store.game_ids().unwrap() {
            let game = store.game(id).unwrap().unwrap();
            let moves = store.moves(id).unwrap();
            assert_eq!(
                moves.len() as u32,
                game.ply,
                "game {id}: moves and ply agree"
            );
            assert!(moves.iter().enumerate().all(|(i, m)| m.ply as usize == i));
            if let Some(last) = moves.last() {
                assert_eq!(last.fen_after, game.current_fen);
            }
        }
    }
}

// ---- db copy -------------------------------------------------------------------------------

/// Legal games (the first legal move each time), finished and active, a challenge, a server's
/// settings and a tournament with its round: a database `db check` passes.
fn fill(store: &dyn Store) {
    use dama_core::store::{EndReason, Finish, GameResult, NewGame};
    use dama_rules::Position;
    use dama_service::rating;
    players(store);
    for (channel, plies, end) in [(CHANNEL, 12, true), (CHANNEL + 1, 7, false)] {
        let game = store
            .create_game(&NewGame {
                guild: GUILD,
                channel,
                white: Participant::User(contract::ALICE),
                black: Participant::User(contract::CAROL),
                time_per_move_ms: 60_000,
                clock: None,
                rated: true,
                start_fen: Position::initial().to_fen(),
                created_at: 0,
                in_thread: false,
                language: None,
            })
            .unwrap();
        let mut position = Position::initial();
        for ply in 0..plies {
            let m = position.legal_moves()[0];
            position.play_unchecked(&m);
            store
                .record_move(game.id, ply, &m.long(), &position.to_fen(), i64::from(ply))
                .unwrap();
        }
        if end {
            store
                .finish_game(
                    game.id,
                    Finish {
                        result: GameResult::WhiteWins,
                        reason: EndReason::Resign,
                        ply: plies,
                        at: 100,
                        counting: rating::counting(&game),
                        rate: rating::glicko2,
                    },
                )
                .unwrap();
        }
    }
    store
        .set_server_language(GUILD, Some(dama_core::i18n::Language::It))
        .unwrap();
    store.set_game_channel(GUILD, CHANNEL, true).unwrap();
    store
        .set_notify_mode(contract::BOB, dama_core::store::NotifyMode::Dm)
        .unwrap();
    contract::open_challenges_name_who_accepted(store);
}

/// What a database holds, as the store reads it back.
fn snapshot(store: &dyn Store, ids: &[GameId]) -> String {
    let mut lines = Vec::new();
    for &id in ids {
        lines.push(format!("{:?}", store.game_export(id).unwrap()));
    }
    lines.push(format!("{:?}", store.leaderboard(GUILD, 0, 0, 50).unwrap()));
    lines.push(format!(
        "{:?}",
        store.player_stats(GUILD, contract::ALICE).unwrap()
    ));
    lines.push(format!("{:?}", store.server_settings(GUILD).unwrap()));
    lines.push(format!("{:?}", store.game_channels(GUILD).unwrap()));
    lines.push(format!("{:?}", store.notify_mode(contract::BOB).unwrap()));
    for id in 1..=4 {
        lines.push(format!(
            "{:?}",
            store.challenge(dama_core::store::ChallengeId(id)).unwrap()
        ));
    }
    lines.join("\n")
}

/// `damabot db copy FROM TO [--force]`: the copy, then the target checked as `db check` does;
/// whether it went, and what it said.
fn db_copy(from: &str, to: &str, force: bool) -> (bool, String) {
    let source = open_store_read_only(&DatabaseLocation::parse(from)).unwrap();
    let target = open_store(&DatabaseLocation::parse(to)).unwrap();
    match copy_database(&source, &target, force) {
        Ok(report) => {
            let problems = check_database(&target).unwrap().problems;
            (problems.is_empty(), format!("{report:?} {problems:?}"))
        }
        Err(error) => (false, error.to_string()),
    }
}

#[test]
fn db_copy_goes_both_ways_and_keeps_every_row() {
    let Some(database) = pg::test_database() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.db");
    let back = dir.path().join("back.db");
    let (ids, expected) = {
        let store = SqliteStore::open(&source).unwrap();
        fill(&store);
        let ids = store.game_ids().unwrap();
        let expected = snapshot(&store, &ids);
        (ids, expected)
    };
    let source_arg = source.to_str().unwrap();

    // SQLite to PostgreSQL, checked on the target.
    let (ok, out) = db_copy(source_arg, &database.url, false);
    assert!(ok, "{out}");
    assert!(out.contains("moves"), "{out}");
    let store = database.open();
    assert_eq!(snapshot(&store, &ids), expected);
    // The counters start after the ids copied.
    let next = human_game(&store, CHANNEL + 9, 500);
    assert!(next.id > *ids.iter().max().unwrap(), "{:?}", next.id);
    store.abort_game(next.id, 501).unwrap();
    drop(store);

    // A target that holds data is refused, unless forced.
    let (ok, out) = db_copy(source_arg, &database.url, false);
    assert!(!ok, "{out}");
    assert!(out.contains("--force"), "{out}");
    let (ok, out) = db_copy(source_arg, &database.url, true);
    assert!(ok, "{out}");
    assert_eq!(snapshot(&database.open(), &ids), expected);

    // And back to a new SQLite file.
    let (ok, out) = db_copy(&database.url, back.to_str().unwrap(), false);
    assert!(ok, "{out}");
    let copied = SqliteStore::open(&back).unwrap();
    assert_eq!(snapshot(&copied, &ids), expected);
    assert!(copied.integrity_problems().unwrap().is_empty());
    assert_copy_checks_on(&back);
}

/// `db check` passes on `path`.
fn assert_copy_checks_on(path: &Path) {
    let store = open_store_read_only(&DatabaseLocation::Sqlite(path.to_owned())).unwrap();
    assert_eq!(
        check_database(&store).unwrap().problems,
        Vec::<String>::new()
    );
}
