//! Discord's rate limits as the bot meets them.
//!
//! - Slowmode: a text channel or thread with `rate_limit_per_user` ([`Standin::set_slowmode`],
//!   reported in the channel objects and dispatched as CHANNEL_UPDATE or THREAD_UPDATE) takes
//!   one post of the bot per window, on the stand-in's clock; another post within the window
//!   answers `429` with `Retry-After` (the rest of the window), `X-RateLimit-Scope: user` and
//!   `{"message": "You are being rate limited.", "retry_after": S, "global": false, "code":
//!   20016}`, unless the bot has Manage Messages or Manage Channels there. Interaction
//!   callbacks, follow-ups and edits of `@original` are exempt (they are no channel posts).
//! - A route's limit: [`Standin::rate_limit_next`] makes the next requests of a route (or of
//!   every route) answer `429` with `Retry-After` and scope `shared` or `global`.
//! - Every 429 answered is recorded ([`Standin::rate_limited`]) and is no error of the test.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::Standin;
use super::model::{self, Channel, perm};
use super::record;
use super::state::{Refusal, State};

/// A 429 the stand-in answered.
#[derive(Clone, Debug)]
pub struct Limited {
    /// The request's index in [`Standin::requests`].
    pub index: usize,
    pub method: String,
    pub path: String,
    /// `user` (slowmode), `shared` or `global`.
    pub scope: String,
    /// Seconds, as `Retry-After` said.
    pub retry_after: f64,
    /// When it was answered (real time).
    pub at: Instant,
}

/// What the stand-in keeps of rate limits.
#[derive(Default)]
pub struct RateLimits {
    /// When the bot last posted in each channel, stand-in time.
    last_post: HashMap<u64, Instant>,
    /// Routes to limit: method (`*` for any), path pattern, how many more requests, seconds,
    /// scope.
    routes: Vec<(String, String, u32, f64, String)>,
    /// Every 429 answered, in order.
    answered: Vec<Limited>,
}

impl State {
    /// A route's limit from [`Standin::rate_limit_next`], if this request meets one.
    pub fn route_limited(&mut self, method: &str, path: &str) -> Result<(), Refusal> {
        let found = self
            .limits
            .routes
            .iter_mut()
            .find(|(m, pattern, left, ..)| {
                *left > 0
                    && (m == "*" || m == method)
                    && (pattern == "**" || record::path_matches(path, pattern))
            });
        let Some((_, _, left, seconds, scope)) = found else {
            return Ok(());
        };
        *left -= 1;
        Err(too_many(*seconds, scope, None))
    }

    /// Slowmode: the bot's post in `channel` within the window of its last one.
    pub fn slowmode(&mut self, channel: &Channel) -> Result<(), Refusal> {
        let window = Duration::from_secs(channel.rate_limit_per_user);
        let exempt = perm::MANAGE_MESSAGES | perm::MANAGE_CHANNELS;
        if window.is_zero() || self.world.bot_permissions(channel) & exempt != 0 {
            return Ok(());
        }
        let now = self.now();
        match self.limits.last_post.get(&channel.id) {
            Some(&last) if now < last + window => {
                let left = (last + window - now).as_secs_f64();
                Err(too_many(left.max(0.001), "user", Some(20016)))
            }
            _ => {
                self.limits.last_post.insert(channel.id, now);
                Ok(())
            }
        }
    }

    /// Records request `index` if it was answered 429 (no error of the test).
    pub fn note_if_limited(&mut self, index: usize) {
        let Some(request) = self.requests.get(index) else {
            return;
        };
        if request.status != 429 {
            return;
        }
        let response = request.response.clone().unwrap_or(Value::Null);
        let scope = response["x_scope"].as_str().unwrap_or("shared").to_owned();
        self.limits.answered.push(Limited {
            index,
            method: request.method.clone(),
            path: request.path.clone(),
            scope,
            retry_after: response["retry_after"].as_f64().unwrap_or(0.0),
            at: request.at,
        });
        self.expected.push(index);
    }
}

/// Discord's 429: the body it sends, with the scope kept for the headers (`x_scope`, taken
/// out before the body is sent, see [`headers`]).
fn too_many(seconds: f64, scope: &str, code: Option<u32>) -> Refusal {
    let mut body = json!({
        "message": "You are being rate limited.",
        "retry_after": seconds,
        "global": scope == "global",
        "x_scope": scope,
    });
    if let Some(code) = code {
        body["code"] = json!(code);
    }
    Refusal { status: 429, body }
}

/// The headers of a 429 (`Retry-After`, `X-RateLimit-Scope`, and `X-RateLimit-Global` for a
/// global one), with the scope taken out of the body.
pub fn headers(
    mut builder: hyper::http::response::Builder,
    status: u16,
    body: &mut Option<Value>,
) -> hyper::http::response::Builder {
    let Some(value) = body.as_mut().filter(|_| status == 429) else {
        return builder;
    };
    let scope = value
        .as_object_mut()
        .and_then(|o| o.remove("x_scope"))
        .and_then(|s| s.as_str().map(str::to_owned))
        .unwrap_or_else(|| "shared".to_owned());
    let seconds = value["retry_after"].as_f64().unwrap_or(1.0);
    builder = builder
        .header("retry-after", format!("{seconds:.3}"))
        .header("x-ratelimit-scope", scope.as_str());
    if scope == "global" {
        builder = builder.header("x-ratelimit-global", "true");
    }
    builder
}

impl Standin {
    /// Slowmode in a text channel or thread: the bot may post there once every `seconds`
    /// (stand-in time) unless it has Manage Messages or Manage Channels there; 0 ends it.
    pub fn set_slowmode(&self, channel: u64, seconds: u64) {
        let mut state = self.shared.lock();
        let found = state
            .world
            .channel_mut(channel)
            .unwrap_or_else(|| panic!("there is no channel {channel}"));
        found.rate_limit_per_user = seconds;
        let found = found.clone();
        let event = if found.is_thread() {
            "THREAD_UPDATE"
        } else {
            "CHANNEL_UPDATE"
        };
        let value = model::channel(&state.world, &found);
        super::check_dispatch(event, &value);
        let guild = state.world.guild_of(&found);
        state.gateway.dispatch(guild, event, value);
        drop(state);
        self.shared.notify();
    }

    /// The next `count` requests with this method (`*` for any) and a path matching `pattern`
    /// (`*` for one segment, `**` for every route) answer 429 with `Retry-After: seconds` and
    /// scope `scope` (`shared` or `global`).
    pub fn rate_limit_next(
        &self,
        method: &str,
        pattern: &str,
        count: u32,
        seconds: f64,
        scope: &str,
    ) {
        let route = (
            method.to_owned(),
            pattern.to_owned(),
            count,
            seconds,
            scope.to_owned(),
        );
        self.shared.lock().limits.routes.push(route);
    }

    /// Every 429 answered so far, in order.
    #[must_use]
    pub fn rate_limited(&self) -> Vec<Limited> {
        self.shared.lock().limits.answered.clone()
    }
}
