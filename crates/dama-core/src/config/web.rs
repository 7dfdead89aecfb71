//! `[web]` in the configuration: where the Activity's page is served.

use std::time::Duration;

use serde::Deserialize;

/// The Activity's server: its page, `POST /api/token` and the WebSocket.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// Serve the page (off by default).
    pub enabled: bool,
    /// Where to listen; loopback unless the operator chooses otherwise (a proxy in front).
    pub listen: std::net::SocketAddr,
    /// The address Discord's URL mapping points at (`https://dama.example.org`), for the
    /// operator's log and the docs; the page itself uses relative addresses only.
    pub public_url: Option<String>,
    /// Connections open at once, WebSockets included (at least 1); one more is answered `503`.
    pub max_connections: usize,
    /// How long a client has to send its request from the moment it connects.
    #[serde(with = "humantime_serde")]
    pub read_timeout: Duration,
    /// How long an answer may take to reach a client that reads it slowly.
    #[serde(with = "humantime_serde")]
    pub write_timeout: Duration,
}

impl Default for WebConfig {
    fn default() -> Self {
        Self {
            enabled: false,
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 8080)),
            public_url: None,
            max_connections: 1024,
            read_timeout: Duration::from_secs(5),
            write_timeout: Duration::from_secs(10),
        }
    }
}
