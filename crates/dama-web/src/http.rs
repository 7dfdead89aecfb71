//! The bot's HTTP servers (the metrics endpoint, the Activity's page): axum's router on
//! hyper's HTTP/1 connections, with a cap on open connections, a deadline for the request head
//! and one for the answer.
//!
//! # Why axum
//! axum is the HTTP framework of the tokio project, on hyper 1 (the maintained HTTP
//! implementation the Discord stand-in of the tests already uses): routing, status codes and
//! headers come from a small router instead of a hand-written parser, and the Activity's page
//! and WebSocket are routes on the same kind of router (axum's `ws`). The connections are
//! accepted here rather than by `axum::serve`, which has no connection cap nor timeouts: each
//! one is served by hyper's HTTP/1 connection with its header read timeout (one request a
//! connection, or a WebSocket it is upgraded to), over a stream that gives up on a client that
//! does not read its answer.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::time::Sleep;

use dama_core::config::MetricsConfig;

/// What one client may take of a server (`[metrics]` and `[web]` in the configuration).
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

impl From<&dama_core::config::WebConfig> for Limits {
    fn from(config: &dama_core::config::WebConfig) -> Self {
        Self {
            max_connections: config.max_connections.max(1),
            read_timeout: config.read_timeout,
            write_timeout: config.write_timeout,
        }
    }
}

/// How a server's connections are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connections {
    /// One request a connection, as a scraper or a health check asks: an idle connection
    /// never keeps a place.
    OneRequest,
    /// Requests one after another, as a browser asks, and upgrades to a WebSocket (which
    /// keeps its place while it is open). A connection idle for the read timeout is closed.
    KeepAlive,
}

/// Serves `router` on `listener` within `limits` until `stopped` turns true; `what` names
/// the server in the log.
pub async fn serve(
    what: &'static str,
    listener: TcpListener,
    router: Router,
    limits: Limits,
    connections: Connections,
    mut stopped: watch::Receiver<bool>,
) {
    let service = TowerToHyperService::new(router);
    let mut http = hyper::server::conn::http1::Builder::new();
    // The header read timeout also runs while a kept-alive connection waits for its next
    // request.
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout)
        .keep_alive(connections == Connections::KeepAlive);
    let places = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopped.changed() => return,
        };
        let stream = match accepted {
            Ok((stream, _)) => {
                // Small answers and WebSocket frames go out at once, not after a delayed ACK.
                let _ = stream.set_nodelay(true);
                stream
            }
            Err(error) => {
                tracing::warn!(%error, "{what}: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(place) = places.clone().try_acquire_owned() else {
            tracing::debug!(
                max_connections = limits.max_connections,
                "{what}: full, a connection refused"
            );
            // Without waiting: a client that does not take it gets the close alone.
            let _ = stream.try_write(FULL);
            continue;
        };
        let connection = http
            .serve_connection(
                TokioIo::new(WriteDeadline::new(stream, limits.write_timeout)),
                service.clone(),
            )
            .with_upgrades();
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "{what}: connection ended");
            }
            drop(place);
        });
    }
}

/// The answer to a connection beyond the cap.
const FULL: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

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
    use std::time::Instant;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

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
}
