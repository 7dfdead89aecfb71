//! What a running bot tells its operator: the metrics it keeps and what its health check
//! reports (served on `GET /metrics` and `GET /health` by `dama_web::metrics`).
//!
//! The service and the adapters record through the `metrics` facade with the functions below;
//! without the endpoint no recorder is installed and they cost next to nothing. The names:
//!
//! | metric | kind | labels |
//! |---|---|---|
//! | `dama_interactions_answered_total` | counter | `shard`, `kind` (`command`, `click`), `deferred` |
//! | `dama_interaction_answer_seconds` | histogram: from the interaction's creation to its first answer (Discord allows 3 s) | `shard`, `kind` |
//! | `dama_interactions_deferred_total` | counter | `shard`, `kind` |
//! | `dama_engine_queue` | gauge: searches waiting for an engine | |
//! | `dama_engine_search_seconds` | histogram | |
//! | `dama_moves_stored_total` | counter | |
//! | `dama_database_errors_total` | counter | |
//! | `dama_gateway_reconnects_total` | counter: sessions resumed or identified again | `shard` |
//! | `dama_gateway_connected` | gauge: 1 while the shard's connection is up | `shard` |

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

pub const INTERACTIONS_ANSWERED: &str = "dama_interactions_answered_total";
pub const ANSWER_SECONDS: &str = "dama_interaction_answer_seconds";
pub const INTERACTIONS_DEFERRED: &str = "dama_interactions_deferred_total";
pub const ENGINE_QUEUE: &str = "dama_engine_queue";
pub const ENGINE_SEARCH_SECONDS: &str = "dama_engine_search_seconds";
pub const MOVES_STORED: &str = "dama_moves_stored_total";
pub const DATABASE_ERRORS: &str = "dama_database_errors_total";
pub const GATEWAY_RECONNECTS: &str = "dama_gateway_reconnects_total";
pub const GATEWAY_CONNECTED: &str = "dama_gateway_connected";

/// What was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InteractionKind {
    Command,
    Click,
}

impl InteractionKind {
    fn label(self) -> &'static str {
        match self {
            InteractionKind::Command => "command",
            InteractionKind::Click => "click",
        }
    }
}

/// An interaction got its first answer (`deferred`: a deferral) `age` after Discord created
/// it, on `shard`.
pub fn interaction_answered(shard: u32, kind: InteractionKind, age: Duration, deferred: bool) {
    let shard = shard.to_string();
    let kind = kind.label();
    metrics::counter!(
        INTERACTIONS_ANSWERED,
        "shard" => shard.clone(),
        "kind" => kind,
        "deferred" => if deferred { "true" } else { "false" },
    )
    .increment(1);
    metrics::histogram!(ANSWER_SECONDS, "shard" => shard.clone(), "kind" => kind)
        .record(age.as_secs_f64());
    if deferred {
        metrics::counter!(INTERACTIONS_DEFERRED, "shard" => shard, "kind" => kind).increment(1);
    }
}

/// A move was stored.
pub fn move_stored() {
    metrics::counter!(MOVES_STORED).increment(1);
}

/// A database call failed.
pub fn database_error() {
    metrics::counter!(DATABASE_ERRORS).increment(1);
}

/// An engine search took `elapsed`.
pub fn engine_search(elapsed: Duration) {
    metrics::histogram!(ENGINE_SEARCH_SECONDS).record(elapsed.as_secs_f64());
}

/// Searches waiting for an engine right now.
pub fn engine_queue(waiting: usize) {
    metrics::gauge!(ENGINE_QUEUE).set(waiting as f64);
}

/// A shard's session came back (resumed, or identified again after the first time).
pub fn gateway_reconnect(shard: u32) {
    metrics::counter!(GATEWAY_RECONNECTS, "shard" => shard.to_string()).increment(1);
}

/// A shard's connection went up or down.
pub fn gateway_connected(shard: u32, connected: bool) {
    metrics::gauge!(GATEWAY_CONNECTED, "shard" => shard.to_string()).set(if connected {
        1.0
    } else {
        0.0
    });
}

/// What `GET /health` reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// This process's shards, each with whether its gateway connection is up.
    pub shards: Vec<(u32, bool)>,
    /// Whether a cheap database call succeeded.
    pub database: bool,
}

impl Health {
    /// Healthy: every shard connected (at least one) and the database reachable.
    #[must_use]
    pub fn healthy(&self) -> bool {
        self.gateway_connected() && self.database
    }

    fn gateway_connected(&self) -> bool {
        !self.shards.is_empty() && self.shards.iter().all(|(_, up)| *up)
    }

    /// The HTTP status and the JSON body.
    #[must_use]
    pub fn answer(&self) -> (u16, String) {
        let list = |up: bool| {
            self.shards
                .iter()
                .filter(|(_, u)| *u == up)
                .map(|(id, _)| id.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let body = format!(
            r#"{{"status":"{}","gateway":"{}","database":"{}","shards_connected":[{}],"shards_down":[{}]}}"#,
            if self.healthy() { "ok" } else { "unavailable" },
            if self.gateway_connected() {
                "connected"
            } else {
                "disconnected"
            },
            if self.database {
                "reachable"
            } else {
                "unreachable"
            },
            list(true),
            list(false),
        );
        (if self.healthy() { 200 } else { 503 }, body)
    }
}

/// Finds out the [`Health`] of the process when asked; also refreshes the gauges read at
/// scrape time.
pub type Probe = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Health> + Send>> + Send + Sync>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_says_what_is_down() {
        let up = Health {
            shards: vec![(0, true), (1, true)],
            database: true,
        };
        assert_eq!(
            up.answer(),
            (
                200,
                r#"{"status":"ok","gateway":"connected","database":"reachable","shards_connected":[0,1],"shards_down":[]}"#
                    .to_owned()
            )
        );
        let gateway_down = Health {
            shards: vec![(0, true), (1, false)],
            database: true,
        };
        let (status, body) = gateway_down.answer();
        assert_eq!(status, 503);
        assert!(body.contains(r#""gateway":"disconnected""#), "{body}");
        assert!(body.contains(r#""shards_down":[1]"#), "{body}");
        let database_down = Health {
            shards: vec![(0, true)],
            database: false,
        };
        let (status, body) = database_down.answer();
        assert_eq!(status, 503);
        assert!(body.contains(r#""database":"unreachable""#), "{body}");
        assert!(body.contains(r#""gateway":"connected""#), "{body}");
        let not_started = Health {
            shards: Vec::new(),
            database: true,
        };
        assert_eq!(not_started.answer().0, 503);
    }
}
