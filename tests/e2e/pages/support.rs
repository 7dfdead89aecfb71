//! A page's server on loopback for the Activity's tests: the service on a fresh SQLite file,
//! the local people, and clients speaking HTTP and the WebSocket protocol.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use dama_console::LocalAuth;
use dama_console::People;
use dama_core::config::RenderConfig;
use dama_core::store::{NewGame, Participant};
use dama_core::text::RichText;
use dama_render::Theme;
use dama_service::activity::ActivityAuth;
use dama_service::work::Work;
use dama_service::{GameService, ManualClock, ServiceSettings};
use dama_store::SqliteStore;
use dama_web::Web;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

pub const GUILD: u64 = 1;
pub const CHANNEL: u64 = 100;
/// The clock's start (November 2026).
pub const START: i64 = 1_796_000_000_000;

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

pub struct Server {
    pub address: SocketAddr,
    pub service: Arc<GameService>,
    pub people: Arc<People>,
    _stop: tokio::sync::watch::Sender<bool>,
    dir: Option<tempfile::TempDir>,
}

pub fn settings() -> ServiceSettings {
    ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(50),
        hash_mb: 1,
        max_concurrent_searches: 2,
        seed: Some(7),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 20_000,
        engine_hints: 3,
    }
}

/// The server of `damabot local --web` on a fresh SQLite file.
pub async fn start() -> Server {
    start_rendering(&RenderConfig::default()).await
}

/// [`start`], the board drawn with the colours of `render` (a configuration's `[render]`).
pub async fn start_rendering(render: &RenderConfig) -> Server {
    dama_core::i18n::load().unwrap();
    dama_core::i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let service = GameService::new(
        Arc::new(store),
        Arc::new(ManualClock::new(START)),
        settings(),
    );
    let people = Arc::new(People::default());
    let auth = Arc::new(LocalAuth::new(Arc::clone(&people), GUILD, CHANNEL));
    let theme = Theme::from_config(render).unwrap();
    let mut server = start_themed(Arc::new(service), auth, people, &theme).await;
    server.dir = Some(dir);
    server
}

/// A server on `service`, its people vouched for by `auth`.
pub async fn start_with(
    service: Arc<GameService>,
    auth: Arc<dyn ActivityAuth>,
    people: Arc<People>,
) -> Server {
    let theme = Theme::from_config(&RenderConfig::default()).unwrap();
    start_themed(service, auth, people, &theme).await
}

/// [`start_with`], the board drawn in `theme`'s colours.
pub async fn start_themed(
    service: Arc<GameService>,
    auth: Arc<dyn ActivityAuth>,
    people: Arc<People>,
    theme: &Theme,
) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    // Discord is asked who is in an Activity instance every 100 ms (where it lists them).
    let web = Web::start_relisting(
        Arc::clone(&service),
        Work::with_cpu_threads(4),
        auth,
        theme,
        Duration::from_millis(100),
    );
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let limits = dama_web::http::Limits {
        max_connections: 1024,
        read_timeout: Duration::from_secs(5),
        write_timeout: Duration::from_secs(10),
    };
    tokio::spawn(web.serve(listener, limits, stopped));
    Server {
        address,
        service,
        people,
        _stop: stop,
        dir: None,
    }
}

/// An HTTP request on `address`: the status, the head (lowercase) and the body.
pub async fn http(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    // One request: the server closes the connection after its answer.
    let close = if headers.contains("connection:") {
        ""
    } else {
        "connection: close\r\n"
    };
    let request = format!(
        "{method} {path} HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{close}{headers}\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP answer");
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, raw[split + 4..].to_vec())
}

/// `POST /api/token` for `name`: the session.
pub async fn session(server: &Server, name: &str) -> String {
    session_at(server.address, name).await
}

/// [`session`] on the page server at `address`.
pub async fn session_at(address: SocketAddr, name: &str) -> String {
    let (status, _, body) = http(
        address,
        "POST",
        "/api/token",
        "",
        &format!(r#"{{"code":"mock_code","name":"{name}"}}"#),
    )
    .await;
    assert_eq!(status, 200);
    let body: Value = serde_json::from_slice(&body).unwrap();
    body["session"].as_str().unwrap().to_owned()
}

/// A page of `name` with the Discord locale `locale`, past its `hello` (returned).
pub async fn page(server: &Server, name: &str, locale: &str) -> (Socket, Value) {
    page_at(server.address, name, locale).await
}

/// [`page`] on the page server at `address`.
pub async fn page_at(address: SocketAddr, name: &str, locale: &str) -> (Socket, Value) {
    let session = session_at(address, name).await;
    let url = format!(
        "ws://{address}/ws?session={session}&instance=i-1&channel={CHANNEL}&locale={locale}"
    );
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
        .await
        .unwrap();
    let hello = next(&mut socket, "hello").await;
    (socket, hello)
}

/// The next frame of type `kind`, skipping others.
pub async fn next(socket: &mut Socket, kind: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .unwrap_or_else(|_| panic!("no `{kind}` frame in time"))
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(text) = message {
            let frame: Value = serde_json::from_str(&text).unwrap();
            if frame["type"] == kind {
                return frame;
            }
        }
    }
}

/// The next `game` frame at ply `ply` or later.
pub async fn game_at(socket: &mut Socket, ply: u64) -> Value {
    loop {
        let frame = next(socket, "game").await;
        if frame["game"]["ply"].as_u64().unwrap() >= ply {
            return frame["game"].clone();
        }
    }
}

pub async fn send(socket: &mut Socket, frame: Value) {
    socket.send(Message::Text(frame.to_string())).await.unwrap();
}

/// A game between `white` and `black` (people's names) from `fen`, in the page's channel.
pub fn game_from(server: &Server, white: &str, black: &str, fen: &str) -> dama_core::store::Game {
    let store = server.service.store();
    let now = server.service.now();
    let (w, b) = (server.people.id(white), server.people.id(black));
    store.ensure_player(GUILD, w, white, now).unwrap();
    store.ensure_player(GUILD, b, black, now).unwrap();
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(w),
            black: Participant::User(b),
            time_per_move_ms: 3_600_000,
            clock: None,
            rated: true,
            start_fen: fen.into(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap()
}

/// The text of a frame's field (the bot's text as data).
pub fn text(value: &Value) -> RichText {
    serde_json::from_value(value.clone()).expect("a text")
}
