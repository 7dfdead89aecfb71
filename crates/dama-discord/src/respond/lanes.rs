//! Posting notices channel by channel, so that no channel's rate limit holds up another.
//!
//! The notices to post are cut into jobs (a notice of the outbox with its messages, or a
//! message made right now), each job into parts (a notice and its own notices, tried again
//! whole). Jobs are grouped by the channel of their first message; each channel's jobs go in
//! order, the channels at the same time. Each notice's post has a deadline
//! (`[discord] post_deadline`); a post Discord limits (429, slowmode's 20016 among them) or
//! that passes its deadline stops its channel's jobs for now: that job from the part that
//! stopped, and every later job of the channel untouched, are left for later, with the time to
//! try again when it is known (Discord's `Retry-After` as serenity's rate limiter reported it,
//! else the channel's slowmode, else the outbox's backoff). A channel still held by a limit is
//! not tried. No post starts when it could outlast the claim of the notices in the outbox.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::{Data, Error, archive_thread, deliver_notice, failed_for_good};
use crate::outgoing::Outgoing;
use crate::ratelimits::{rate_limited, slowmode_refusal};
use dama_service::{Notice, OUTBOX_CLAIM, retry_delay};

/// Room left between the end of the last post and the end of a claim.
const CLAIM_MARGIN: Duration = Duration::from_secs(20);

/// The parts of a job: each a notice and its own notices, as drawn.
pub type Parts = Vec<Vec<(Notice, Outgoing)>>;

/// Notices to post in order: parts, each a notice and its own notices.
pub struct Job {
    pub parts: Parts,
    /// Of the outbox: a stop is reported and the outbox tries again; else this process posts
    /// the rest once more when the limit ends.
    pub outbox: bool,
}

/// Where a job stopped, to try again from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// The first part not out.
    pub part: usize,
    /// When to try again, when it is known (else the outbox's backoff).
    pub retry: Option<Duration>,
}

/// What stopped a channel's posting.
enum Halt {
    /// A limit or a deadline: the channel's later jobs wait too.
    Channel(Option<Duration>),
    /// A failure of this job only (a Discord 5xx, a network error): the outbox tries it again.
    Job,
}

/// Posts `jobs`, each channel's in order and the channels at the same time; returns how each
/// job went (`None`: out, or dropped for good). `claimed` is when the outbox's notices among
/// them were claimed.
pub async fn post_jobs(
    http: &serenity::Http,
    data: &Data,
    jobs: Vec<Job>,
    claimed: Instant,
) -> Vec<Option<Stopped>> {
    let mut order: Vec<u64> = Vec::new();
    let mut groups: HashMap<u64, Vec<(usize, Job)>> = HashMap::new();
    for (index, job) in jobs.into_iter().enumerate() {
        let channel = job
            .parts
            .iter()
            .flatten()
            .next()
            .map_or(0, |(notice, _)| notice.channel);
        if !groups.contains_key(&channel) {
            order.push(channel);
        }
        groups.entry(channel).or_default().push((index, job));
    }
    let count = groups.values().map(Vec::len).sum();
    let runs = order
        .into_iter()
        .filter_map(|channel| groups.remove(&channel))
        .map(|group| Box::pin(post_group(http, data, group, claimed)));
    let mut outcomes = vec![None; count];
    for done in serenity::futures::future::join_all(runs).await {
        for (index, outcome) in done {
            outcomes[index] = outcome;
        }
    }
    outcomes
}

/// One channel's jobs, in order.
async fn post_group(
    http: &serenity::Http,
    data: &Data,
    group: Vec<(usize, Job)>,
    claimed: Instant,
) -> Vec<(usize, Option<Stopped>)> {
    let mut outcomes = Vec::with_capacity(group.len());
    let mut halted: Option<Option<Duration>> = None;
    let mut later = Vec::new();
    for (index, job) in group {
        if let Some(retry) = halted {
            outcomes.push((index, Some(Stopped { part: 0, retry })));
            if !job.outbox {
                later.push((job, 0));
            }
            continue;
        }
        let mut stopped = None;
        for (part_index, part) in job.parts.iter().enumerate() {
            match post_part(http, data, part, claimed).await {
                // Not of the outbox, a failure of its own is logged, and the rest goes on.
                Ok(()) | Err(Halt::Job) if !job.outbox => {}
                Ok(()) => {}
                Err(Halt::Channel(retry)) => {
                    halted = Some(retry);
                    stopped = Some(Stopped {
                        part: part_index,
                        retry,
                    });
                    break;
                }
                Err(Halt::Job) => {
                    stopped = Some(Stopped {
                        part: part_index,
                        retry: None,
                    });
                    break;
                }
            }
        }
        if let (Some(at), false) = (stopped, job.outbox) {
            later.push((job, at.part));
        }
        outcomes.push((index, stopped));
    }
    if let (Some(retry), false) = (halted, later.is_empty()) {
        post_later(data, later, retry);
    }
    outcomes
}

/// One part (a notice and its own notices) in order, then the threads their replies close.
async fn post_part(
    http: &serenity::Http,
    data: &Data,
    part: &[(Notice, Outgoing)],
    claimed: Instant,
) -> Result<(), Halt> {
    let deadline = data.limits.deadline();
    let mut archive = Vec::new();
    let mut result = Ok(());
    for (notice, outgoing) in part {
        let channel = notice.channel;
        if let Some(wait) = data.limits.held_for(channel) {
            result = Err(Halt::Channel(Some(wait)));
            break;
        }
        if claimed.elapsed() + deadline + CLAIM_MARGIN > OUTBOX_CLAIM {
            // The claim would run out under the post: the next sweep takes it again.
            result = Err(Halt::Channel(Some(Duration::ZERO)));
            break;
        }
        let delivery = deliver_notice(http, data, notice.clone(), outgoing.clone());
        match tokio::time::timeout(deadline, Box::pin(delivery)).await {
            Ok(Ok(())) => archive.extend(outgoing.reply.archive),
            Ok(Err(error)) if limited(&error) => {
                let retry = retry_after(data, notice, &error);
                warn!(%error, channel, retry_in = ?retry, "Discord limits posts in a channel; its notices are posted later");
                // Held even when the wait is not known, so that no later notice goes first.
                data.limits.hold(channel, retry.unwrap_or(retry_delay(0)));
                result = Err(Halt::Channel(retry));
                break;
            }
            Ok(Err(error)) if failed_for_good(&error) => {
                warn!(%error, channel, "a notice can never be posted there; dropped");
            }
            Ok(Err(error)) => {
                warn!(%error, channel, "could not post a notice; it is tried again later");
                result = Err(Halt::Job);
                break;
            }
            Err(_) => {
                // Serenity's rate limiter waits inside the post: it reported how long.
                let retry = data.limits.held_for(channel);
                warn!(channel, ?deadline, retry_in = ?retry, "a notice's post passed its deadline; it is posted later");
                result = Err(Halt::Channel(retry));
                break;
            }
        }
    }
    for thread in archive {
        archive_thread(http, thread).await;
    }
    result
}

fn limited(error: &Error) -> bool {
    matches!(error, Error::Discord(error) if rate_limited(error))
}

/// When a channel Discord limited takes posts again: as serenity's rate limiter reported it,
/// else the channel's slowmode for slowmode's refusal (from the cache).
fn retry_after(data: &Data, notice: &Notice, error: &Error) -> Option<Duration> {
    if let Some(wait) = data.limits.held_for(notice.channel) {
        return Some(wait);
    }
    let Error::Discord(error) = error else {
        return None;
    };
    if !slowmode_refusal(error) {
        return None;
    }
    data.access
        .slowmode(notice.guild, notice.channel)
        .filter(|wait| !wait.is_zero())
}

/// Notices not in the outbox that a limit stopped: posted once more when it ends, each job
/// from where it stopped (failures then are logged).
fn post_later(data: &Data, jobs: Vec<(Job, usize)>, retry: Option<Duration>) {
    let Some(http) = data.access.http() else {
        return;
    };
    let data = data.clone();
    let wait = retry.unwrap_or(retry_delay(0));
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        for (job, from) in jobs {
            for part in job.parts.into_iter().skip(from) {
                for (notice, outgoing) in part {
                    let channel = notice.channel;
                    let delivery = deliver_notice(&http, &data, notice, outgoing);
                    let posted = tokio::time::timeout(data.limits.deadline(), Box::pin(delivery));
                    match posted.await {
                        Ok(Ok(())) => {}
                        Ok(Err(error)) => warn!(%error, channel, "could not post a notice"),
                        Err(_) => warn!(
                            channel,
                            "a notice's post passed its deadline again; dropped"
                        ),
                    }
                }
            }
        }
    });
}
