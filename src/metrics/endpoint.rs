//! The HTTP server of `/metrics` and `/health`: axum's router on hyper's HTTP/1 connections,
//! with a cap on open connections, a deadline for the request head and one for the answer,
//! and the health check (a database read) made at most once a second whatever the traffic.
//!
//! # Why axum
//! axum is the HTTP framework of the tokio project, on hyper 1 (the maintained HTTP
//! implementation the Discord stand-in of the tests already uses): routing, status codes and
//! headers come from a small router instead of a hand-written parser, and the pages still to
//! come (a web page and a WebSocket for the Activity) are a route each on the same router
//! (axum's `ws`). hyper alone would serve these two paths as well, but every page after them
//! would mean parsing paths and methods by hand again. The connections are accepted here rather
//! than by `axum::serve`, which has no connection cap nor timeouts: each one is served by
//! hyper's HTTP/1 connection with its header read timeout, over a stream that gives up on a
//! client that does not read its answer.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use metrics_exporter_prometheus::PrometheusHandle;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Mutex, Semaphore, watch};
use tokio::time::Sleep;

use super::{Health, Probe};
use crate::config::MetricsConfig;

/// How long a health answer (and the gauges its check refreshes) is given again before the
/// next check.
pub const HEALTH_CACHE: Duration = Duration::from_secs(1);

/// What one client may take of the endpoint (`[metrics]` in the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once; one more is answered `503` and closed at once.
    pub max_connections: usize,
    /// How long a client has to send its request head from the moment it connects.
    pub read_timeout: Duration,
    /// How long the answer may take to be written (the client reading it) from its first
    /// byte.
    pub write_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self::from(&MetricsConfig::default())
    }
}

impl From<&MetricsConfig> for Limits {
    fn from(config: &MetricsConfig) -> Self {
        Self {
            max_connections: config.max_connections.max(1),
            read_timeout: config.read_timeout,
            write_timeout: config.write_timeout,
        }
    }
}

/// Serves `/metrics` and `/health` on `listener` within `limits` until `stopped` turns true.
pub async fn serve(
    listener: TcpListener,
    handle: PrometheusHandle,
    probe: Probe,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    let service = TowerToHyperService::new(router(Pages {
        handle,
        health: Arc::new(CachedHealth::new(probe, HEALTH_CACHE)),
    }));
    let mut http = hyper::server::conn::http1::Builder::new();
    // One request a connection, as a scraper or a health check asks: an idle connection
    // never keeps a place.
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout)
        .keep_alive(false);
    let places = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopped.changed() => return,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(error) => {
                tracing::warn!(%error, "metrics endpoint: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(place) = places.clone().try_acquire_owned() else {
            tracing::debug!(
                max_connections = limits.max_connections,
                "metrics endpoint: full, a connection refused"
            );
            // Without waiting: a client that does not take it gets the close alone.
            let _ = stream.try_write(FULL);
            continue;
        };
        let connection = http.serve_connection(
            TokioIo::new(WriteDeadline::new(stream, limits.write_timeout)),
            service.clone(),
        );
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "metrics endpoint: connection ended");
            }
            drop(place);
        });
    }
}

/// The answer to a connection beyond the cap.
const FULL: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

/// What the pages need.
#[derive(Clone)]
struct Pages {
    handle: PrometheusHandle,
    health: Arc<CachedHealth>,
}

fn router(pages: Pages) -> Router {
    Router::new()
        .route("/metrics", get(metrics_page).fallback(only_get))
        .route("/health", get(health_page).fallback(only_get))
        .fallback(not_found)
        .with_state(pages)
}

/// `GET /metrics`: the gauges read at scrape time refreshed (by the health check, at most
/// once a second), then the page.
async fn metrics_page(State(pages): State<Pages>) -> Response {
    pages.health.health().await;
    pages.handle.run_upkeep();
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        pages.handle.render(),
    )
        .into_response()
}

/// `GET /health`: 200 or 503 with the JSON of [`Health::answer`].
async fn health_page(State(pages): State<Pages>) -> Response {
    let (status, body) = pages.health.health().await.answer();
    (
        StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE),
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

async fn only_get() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        [(header::CONTENT_TYPE, "text/plain")],
        "only GET\n",
    )
        .into_response()
}

async fn not_found(method: Method) -> Response {
    if method != Method::GET {
        return only_get().await;
    }
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain")],
        "not found: try /metrics or /health\n",
    )
        .into_response()
}

/// The health check, made again only when its last answer is older than `fresh`: callers
/// that come meanwhile (or while it runs) share its answer, so a flood of requests makes one
/// database read a second at most.
pub(super) struct CachedHealth {
    probe: Probe,
    fresh: Duration,
    last: Mutex<Option<(Instant, Health)>>,
}

impl CachedHealth {
    pub(super) fn new(probe: Probe, fresh: Duration) -> Self {
        Self {
            probe,
            fresh,
            last: Mutex::new(None),
        }
    }

    pub(super) async fn health(&self) -> Health {
        let mut last = self.last.lock().await;
        if let Some((at, health)) = &*last {
            if at.elapsed() < self.fresh {
                return health.clone();
            }
        }
        let health = (self.probe)().await;
        *last = Some((Instant::now(), health.clone()));
        health
    }
}

/// A stream whose writing fails once `timeout` has passed since the first write, if the
/// client has not taken the answer by then (an answer waiting on a client that does not read
/// would hold its connection for ever).
struct WriteDeadline<S> {
    inner: S,
    timeout: Duration,
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteDeadline<S> {
    fn new(inner: S, timeout: Duration) -> Self {
        Self {
            inner,
            timeout,
            deadline: None,
        }
    }

    /// `result` of a write, flush or shutdown; a pending one fails once the deadline, set at
    /// the first write, has passed.
    fn check<T>(
        &mut self,
        cx: &mut Context<'_>,
        result: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        let timeout = self.timeout;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match result {
            Poll::Pending if deadline.as_mut().poll(cx).is_ready() => {
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client did not read the answer in time",
                )))
            }
            other => other,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.check(cx, result)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.check(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_flush(cx);
        this.check(cx, result)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.check(cx, result)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use metrics_exporter_prometheus::PrometheusBuilder;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    use super::*;

    /// An endpoint on a free loopback port whose health checks are counted; it stops when the
    /// sender is dropped.
    struct Endpoint {
        port: u16,
        checks: Arc<AtomicUsize>,
        _stop: watch::Sender<bool>,
    }

    async fn start(limits: Limits) -> Endpoint {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let checks = Arc::new(AtomicUsize::new(0));
        let counted = checks.clone();
        let probe: Probe = Arc::new(move || {
            let counted = counted.clone();
            Box::pin(async move {
                // A database read takes a moment: requests that come meanwhile wait for it.
                tokio::time::sleep(Duration::from_millis(20)).await;
                counted.fetch_add(1, Ordering::SeqCst);
                Health {
                    shards: vec![(0, true)],
                    database: true,
                }
            })
        });
        let handle = PrometheusBuilder::new().build_recorder().handle();
        let (stop, stopped) = watch::channel(false);
        tokio::spawn(serve(listener, handle, probe, limits, stopped));
        Endpoint {
            port,
            checks,
            _stop: stop,
        }
    }

    /// `METHOD path` on the endpoint: the status, the head and the body.
    async fn request(port: u16, method: &str, path: &str) -> (u16, String, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        stream
            .write_all(format!("{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n").as_bytes())
            .await
            .unwrap();
        let mut raw = String::new();
        tokio::time::timeout(Duration::from_secs(10), stream.read_to_string(&mut raw))
            .await
            .expect("an answer in time")
            .unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, head.to_ascii_lowercase(), body.to_owned())
    }

    /// What the server does with a connection that waits: how long until it ends it, and what
    /// it sent (empty after a plain close or a reset).
    async fn until_closed(stream: &mut TcpStream, within: Duration) -> (Duration, String) {
        let started = Instant::now();
        let mut raw = Vec::new();
        let read = tokio::time::timeout(within, stream.read_to_end(&mut raw)).await;
        assert!(
            read.is_ok(),
            "the connection was still open after {within:?}"
        );
        (
            started.elapsed(),
            String::from_utf8_lossy(&raw).into_owned(),
        )
    }

    #[tokio::test]
    async fn the_paths_and_answers_are_the_same() {
        let endpoint = start(Limits::default()).await;
        let (status, head, body) = request(endpoint.port, "GET", "/health").await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(
            body.starts_with(r#"{"status":"ok","gateway":"connected""#),
            "{body}"
        );
        let (status, head, _) = request(endpoint.port, "GET", "/metrics?x=1").await;
        assert_eq!(status, 200);
        assert!(
            head.contains("content-type: text/plain; version=0.0.4"),
            "{head}"
        );
        let (status, _, body) = request(endpoint.port, "GET", "/other").await;
        assert_eq!(
            (status, body.as_str()),
            (404, "not found: try /metrics or /health\n")
        );
        for path in ["/metrics", "/health", "/other"] {
            let (status, _, body) = request(endpoint.port, "POST", path).await;
            assert_eq!((status, body.as_str()), (405, "only GET\n"), "{path}");
        }
    }

    #[tokio::test]
    async fn connections_beyond_the_cap_are_refused_until_one_closes() {
        let endpoint = start(Limits {
            max_connections: 2,
            read_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(5),
        })
        .await;
        // Two clients that say nothing hold both places.
        let mut waiting = Vec::new();
        for _ in 0..2 {
            waiting.push(
                TcpStream::connect(("127.0.0.1", endpoint.port))
                    .await
                    .unwrap(),
            );
        }
        // The next is turned away at once, whatever it asks.
        for _ in 0..3 {
            let mut refused = TcpStream::connect(("127.0.0.1", endpoint.port))
                .await
                .unwrap();
            let _ = refused
                .write_all(b"GET /health HTTP/1.1\r\nhost: x\r\n\r\n")
                .await;
            let mut raw = Vec::new();
            let read = tokio::time::timeout(Duration::from_secs(5), refused.read_to_end(&mut raw))
                .await
                .expect("refused at once");
            let answer = String::from_utf8_lossy(&raw);
            assert!(
                read.is_err() || raw.is_empty() || answer.starts_with("HTTP/1.1 503"),
                "{answer}"
            );
        }
        assert_eq!(endpoint.checks.load(Ordering::SeqCst), 0, "nothing served");
        // One leaves: served again.
        drop(waiting.pop());
        served_again(endpoint.port).await;
    }

    /// Waits until `GET /health` is answered 200 (a place freed a moment after its client
    /// saw the close).
    async fn served_again(port: u16) {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
            let _ = stream
                .write_all(b"GET /health HTTP/1.1\r\nhost: x\r\n\r\n")
                .await;
            let mut raw = Vec::new();
            let _ =
                tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut raw)).await;
            if String::from_utf8_lossy(&raw).starts_with("HTTP/1.1 200") {
                return;
            }
            assert!(Instant::now() < deadline, "never served again");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    #[tokio::test]
    async fn a_slow_client_is_cut_off() {
        let read_timeout = Duration::from_millis(300);
        let endpoint = start(Limits {
            max_connections: 1,
            read_timeout,
            write_timeout: Duration::from_secs(5),
        })
        .await;
        // Silent, then half a request head: each cut after the read timeout.
        for sent in [&b""[..], b"GET /health HTTP/1.1\r\nhost: x\r\n"] {
            let mut stream = TcpStream::connect(("127.0.0.1", endpoint.port))
                .await
                .unwrap();
            stream.write_all(sent).await.unwrap();
            let (waited, answer) = until_closed(&mut stream, Duration::from_secs(5)).await;
            assert!(waited >= Duration::from_millis(250), "{waited:?}");
            assert!(!answer.contains("200 OK"), "{answer}");
        }
        // Its place is free again: the one place serves the next client.
        served_again(endpoint.port).await;
    }

    #[tokio::test]
    async fn an_answer_nobody_reads_is_given_up() {
        // A pipe with room for 64 bytes whose other end never reads.
        let (unread, _peer) = tokio::io::duplex(64);
        let mut stream = WriteDeadline::new(unread, Duration::from_millis(200));
        let started = Instant::now();
        let error = tokio::time::timeout(Duration::from_secs(5), stream.write_all(&[b'x'; 4096]))
            .await
            .expect("given up in time")
            .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= Duration::from_millis(150));
        // A reader that keeps up is not hurried.
        let (fast, mut reader) = tokio::io::duplex(64);
        let drain = tokio::spawn(async move {
            let mut all = Vec::new();
            reader.read_to_end(&mut all).await.map(|_| all.len())
        });
        let mut stream = WriteDeadline::new(fast, Duration::from_secs(5));
        stream.write_all(&[b'x'; 4096]).await.unwrap();
        stream.shutdown().await.unwrap();
        drop(stream);
        assert_eq!(drain.await.unwrap().unwrap(), 4096);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_flood_of_health_checks_reads_the_database_once_a_second() {
        let endpoint = start(Limits::default()).await;
        let started = Instant::now();
        let flood: Vec<_> = (0..40)
            .map(|i| {
                let path = if i % 4 == 0 { "/metrics" } else { "/health" };
                tokio::spawn(request(endpoint.port, "GET", path))
            })
            .collect();
        for answer in flood {
            assert_eq!(answer.await.unwrap().0, 200);
        }
        // One check, or one more a second on a machine too busy to answer them all in one.
        let checks = endpoint.checks.load(Ordering::SeqCst);
        assert!(
            checks >= 1 && checks as u64 <= 1 + started.elapsed().as_secs(),
            "{checks} checks in {:?}",
            started.elapsed()
        );
        tokio::time::sleep(HEALTH_CACHE + Duration::from_millis(100)).await;
        assert_eq!(request(endpoint.port, "GET", "/health").await.0, 200);
        assert_eq!(endpoint.checks.load(Ordering::SeqCst), checks + 1);
    }
}
