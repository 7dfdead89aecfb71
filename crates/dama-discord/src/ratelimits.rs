//! Discord's rate limits as the bot lives with them.
//!
//! - Channel posts (the sweep's notices, the notices after an answer) never wait on one
//!   channel's limit: each post has a deadline ([`RateLimits::deadline`], `[discord]
//!   post_deadline`), and a post Discord limits (429, slowmode's 20016 among them) or that
//!   passes its deadline stops its channel's notices for now; they go back to the outbox, due
//!   when Discord said (`Retry-After`, reported by serenity's rate limiter through
//!   [`RateLimitNotes`]), else after the channel's slowmode, else after the outbox's backoff.
//!   Until then the channel is held: nothing else is tried there.
//! - Answers to interactions are exempt from slowmode; a route's 429 on one is waited out when
//!   short and tried again once, within the life of the interaction's token ([`answering`]).

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::info;

use dama_service::OUTBOX_CLAIM;

/// How long one channel post may take by default (`[discord] post_deadline`).
pub const POST_DEADLINE: Duration = Duration::from_secs(10);

/// The longest deadline of a post: a notice's claim in the outbox must outlast its post.
pub const MAX_POST_DEADLINE: Duration = Duration::from_secs(OUTBOX_CLAIM.as_secs() / 4);

/// How long an answer to an interaction waits after a 429 whose `Retry-After` it cannot know
/// (without serenity's rate limiter), and at most when it can.
pub const ANSWER_RETRY: Duration = Duration::from_secs(2);

/// What Discord's limits told this process: until when each channel takes no post.
#[derive(Clone, Debug)]
pub struct RateLimits {
    held: Arc<Mutex<HashMap<u64, Instant>>>,
    deadline: Duration,
}

impl Default for RateLimits {
    fn default() -> Self {
        Self::with_deadline(POST_DEADLINE)
    }
}

impl RateLimits {
    /// Limits with this deadline per post (at most [`MAX_POST_DEADLINE`], at least 1 s).
    #[must_use]
    pub fn with_deadline(deadline: Duration) -> Self {
        Self {
            held: Arc::default(),
            deadline: deadline.clamp(Duration::from_secs(1), MAX_POST_DEADLINE),
        }
    }

    /// How long one channel post may take before it is given up for now.
    #[must_use]
    pub fn deadline(&self) -> Duration {
        self.deadline
    }

    /// No post in `channel` for `wait` (a longer hold stays).
    pub fn hold(&self, channel: u64, wait: Duration) {
        let until = Instant::now() + wait;
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = held.entry(channel).or_insert(until);
        *entry = (*entry).max(until);
    }

    /// How long `channel` is still held, if it is.
    #[must_use]
    pub fn held_for(&self, channel: u64) -> Option<Duration> {
        let now = Instant::now();
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.retain(|_, until| *until > now);
        held.get(&channel).map(|until| *until - now)
    }

    /// Notes what serenity's rate limiter reported: a channel's route limited for `timeout`.
    pub fn note(&self, info: &serenity::RatelimitInfo) {
        if let Some(channel) = channel_of_path(&info.path) {
            info!(
                channel,
                wait_ms = info.timeout.as_millis(),
                global = info.global,
                "Discord limits posts in a channel"
            );
            self.hold(channel, info.timeout);
        }
    }
}

/// The channel of a route's path (`…/channels/{id}/…`).
fn channel_of_path(path: &str) -> Option<u64> {
    let (_, rest) = path.split_once("/channels/")?;
    rest.split('/').next()?.parse().ok()
}

/// Hands serenity's rate-limit reports to [`RateLimits`] (serenity calls the client's event
/// handlers with them).
pub struct RateLimitNotes(pub RateLimits);

#[serenity::async_trait]
impl serenity::EventHandler for RateLimitNotes {
    async fn ratelimit(&self, data: serenity::RatelimitInfo) {
        self.0.note(&data);
    }
}

/// Whether Discord answered 429 (a route's or the global limit, or slowmode's 20016).
#[must_use]
pub fn rate_limited(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 429
    )
}

/// Whether Discord refused a post because of the channel's slowmode (code 20016).
#[must_use]
pub fn slowmode_refusal(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 20016
    )
}

/// An answer to an interaction (`act`: a callback, an edit of `@original`, a follow-up), given
/// up after `within` (what is left of the interaction's token). A 429 is waited out
/// ([`ANSWER_RETRY`], or less when the token has less) and the answer tried again once.
///
/// # Errors
/// Discord's refusal, or [`serenity::Error::Other`] when the token's time ran out.
pub async fn answering<T, F, Act>(within: Duration, mut act: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Act,
    Act: Future<Output = Result<T, serenity::Error>>,
{
    const LATE: &str = "the interaction's token ran out while Discord limited its answer";
    let end = tokio::time::Instant::now() + within;
    let first = tokio::time::timeout_at(end, Box::pin(act())).await;
    match first {
        Ok(Err(error)) if rate_limited(&error) => {
            let left = end.saturating_duration_since(tokio::time::Instant::now());
            let wait = ANSWER_RETRY.min(left / 2);
            info!(
                wait_ms = wait.as_millis(),
                "Discord limited an answer; trying again once"
            );
            tokio::time::sleep(wait).await;
            tokio::time::timeout_at(end, Box::pin(act()))
                .await
                .unwrap_or(Err(serenity::Error::Other(LATE)))
        }
        Ok(done) => done,
        Err(_) => Err(serenity::Error::Other(LATE)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_channel_of_a_route() {
        let path = "https://discord.com/api/v10/channels/123456/messages";
        assert_eq!(channel_of_path(path), Some(123_456));
        assert_eq!(channel_of_path("/webhooks/1/abc"), None);
    }

    #[test]
    fn a_hold_runs_out_and_the_longer_one_stays() {
        let limits = RateLimits::default();
        limits.hold(7, Duration::from_secs(60));
        limits.hold(7, Duration::from_millis(1));
        assert!(
            limits
                .held_for(7)
                .is_some_and(|d| d > Duration::from_secs(50))
        );
        limits.hold(8, Duration::ZERO);
        assert_eq!(limits.held_for(8), None);
        assert_eq!(limits.held_for(9), None);
    }

    #[test]
    fn deadlines_stay_within_the_claim() {
        let long = RateLimits::with_deadline(Duration::from_secs(3600));
        assert!(long.deadline() * 4 <= OUTBOX_CLAIM);
        assert_eq!(RateLimits::default().deadline(), POST_DEADLINE);
    }
}
