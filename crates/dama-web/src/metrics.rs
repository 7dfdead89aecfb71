//! The Prometheus recorder of the process, and the HTTP server of `/metrics` and `/health`
//! (`[metrics]` in the configuration; off by default, on loopback by default): axum's router
//! served by [`crate::http::serve`]
//! (a cap on open connections, a deadline for the request head and one for the answer), and
//! the health check (a database read) made at most once a second whatever the traffic.
//! Why axum: see [`crate::http`].

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use dama_core::metrics::{ANSWER_SECONDS, ENGINE_SEARCH_SECONDS, Health, Probe};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio::sync::{Mutex, watch};

pub use crate::http::Limits;

/// The answer-time buckets, in seconds: fine around Discord's 3 s limit.
const ANSWER_BUCKETS: [f64; 11] = [0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0];
/// The engine search-time buckets, in seconds.
const SEARCH_BUCKETS: [f64; 10] = [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];

/// Installs the Prometheus recorder for the whole process; its handle renders the page.
pub fn install() -> Result<PrometheusHandle, String> {
    PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(ANSWER_SECONDS.to_owned()), &ANSWER_BUCKETS)
        .and_then(|b| {
            b.set_buckets_for_metric(
                Matcher::Full(ENGINE_SEARCH_SECONDS.to_owned()),
                &SEARCH_BUCKETS,
            )
        })
        .and_then(PrometheusBuilder::install_recorder)
        .map_err(|error| error.to_string())
}

/// How long a health answer (and the gauges its check refreshes) is given again before the
/// next check.
pub const HEALTH_CACHE: Duration = Duration::from_secs(1);

/// Serves `/metrics` and `/health` on `listener` within `limits` until `stopped` turns true.
pub async fn serve(
    listener: TcpListener,
    handle: PrometheusHandle,
    probe: Probe,
    limits: Limits,
    stopped: watch::Receiver<bool>,
) {
    let pages = router(Pages {
        handle,
        health: Arc::new(CachedHealth::new(probe, HEALTH_CACHE)),
    });
    crate::http::serve(
        "metrics endpoint",
        listener,
        pages,
        limits,
        crate::http::Connections::OneRequest,
        stopped,
    )
    .await;
}

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
