//! What the stand-in saw the bot do: REST requests, gateway frames, interactions it dispatched.

use std::fmt;
use std::time::{Duration, Instant};

use serde_json::Value;

pub use super::schema::Violation;

/// One REST request the bot made, with the stand-in's answer.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Position in the request log (0 for the first request).
    pub index: usize,
    pub method: String,
    /// The path without `/api/v10`, e.g. `/interactions/123/abc/callback`.
    pub path: String,
    /// The query string, without `?` (empty when there is none).
    pub query: String,
    pub content_type: String,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// The files of a multipart body, in the order sent.
    pub files: Vec<UploadedFile>,
    /// The status the stand-in answered with.
    pub status: u16,
    /// The JSON the stand-in answered with (none for 204).
    pub response: Option<Value>,
    pub at: Instant,
    /// The route in Discord's API description, e.g. `POST /channels/{channel_id}/messages`
    /// (`None` when it has no such route).
    pub route: Option<String>,
    /// What the body broke in Discord's schema and documented rules (answered 400).
    pub violations: Vec<Violation>,
}

/// A user Discord notified of a new message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub user: u64,
    pub message: u64,
    pub channel: u64,
    pub content: String,
}

/// A file part of a multipart body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UploadedFile {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl Recorded {
    /// Whether this is `method` on a path matching `pattern`, where a `*` segment matches any one
    /// segment: `is("POST", "/interactions/*/*/callback")`.
    #[must_use]
    pub fn is(&self, method: &str, pattern: &str) -> bool {
        self.method.eq_ignore_ascii_case(method) && path_matches(&self.path, pattern)
    }

    /// The JSON body; panics when the request had none.
    #[must_use]
    pub fn body(&self) -> &Value {
        self.json
            .as_ref()
            .unwrap_or_else(|| panic!("{self} has no JSON body"))
    }

    /// The uploaded file with this name; panics when there is none.
    #[must_use]
    pub fn file(&self, filename: &str) -> &UploadedFile {
        self.files
            .iter()
            .find(|f| f.filename == filename)
            .unwrap_or_else(|| {
                let names: Vec<&str> = self.files.iter().map(|f| f.filename.as_str()).collect();
                panic!("{self} uploaded no file named {filename} (files: {names:?})")
            })
    }

    /// The response JSON; panics when the answer was empty.
    #[must_use]
    pub fn response(&self) -> &Value {
        self.response
            .as_ref()
            .unwrap_or_else(|| panic!("{self} was answered without a body"))
    }
}

impl fmt::Display for Recorded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.method, self.path)?;
        if !self.query.is_empty() {
            write!(f, "?{}", self.query)?;
        }
        write!(f, " -> {}", self.status)
    }
}

/// Whether `path` matches `pattern` segment by segment, `*` matching any one segment.
#[must_use]
pub fn path_matches(path: &str, pattern: &str) -> bool {
    let path: Vec<&str> = path.trim_matches('/').split('/').collect();
    let pattern: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    path.len() == pattern.len() && path.iter().zip(&pattern).all(|(p, q)| *q == "*" || p == q)
}

/// A frame the bot sent over the gateway.
#[derive(Clone, Debug)]
pub struct ClientFrame {
    /// Which WebSocket connection it came on (1 for the first).
    pub connection: u64,
    pub op: u64,
    pub d: Value,
    pub at: Instant,
}

/// An interaction the stand-in dispatched, to await and inspect the bot's answer.
#[derive(Clone, Debug)]
pub struct SentInteraction {
    pub id: u64,
    pub token: String,
    /// 2 slash command, 3 component, 4 autocomplete.
    pub kind: u8,
    /// The gateway sequence number of its INTERACTION_CREATE.
    pub seq: u64,
    pub sent_at: Instant,
    /// The interaction object as dispatched.
    pub payload: Value,
}

impl SentInteraction {
    /// How long the bot took to make `request` after the interaction was dispatched.
    #[must_use]
    pub fn answered_in(&self, request: &Recorded) -> Duration {
        request.at.saturating_duration_since(self.sent_at)
    }
}
