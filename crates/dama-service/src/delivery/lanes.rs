//! Posting notices channel by channel, so that no channel's limit holds up another.
//!
//! The notices to post are cut into jobs (a notice of the outbox with its messages, or a
//! message made right now), each job into parts (a notice and its own notices, tried again
//! whole). Jobs are grouped by the channel of their first message; each channel's jobs go in
//! order, the channels at the same time (one after another when the chat says so). Each
//! notice's post has a deadline; a post the platform limits or that passes its deadline stops
//! its channel's jobs for now: that job from the part that stopped, and every later job of the
//! channel untouched, are left for later, with the time to try again when it is known. A
//! channel still held by a limit is not tried. No post starts when it could outlast the claim
//! of the notices in the outbox.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use dama_core::store::ChannelId;
use tracing::warn;

use super::chat::{ChatError, Drawn};
use super::courier::Courier;
use crate::{Notice, OUTBOX_CLAIM, retry_delay};

/// Room left between the end of the last post and the end of a claim.
const CLAIM_MARGIN: Duration = Duration::from_secs(20);

/// The parts of a job: each a notice and its own notices, as drawn.
pub type Parts = Vec<Vec<(Notice, Drawn)>>;

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
    /// A failure of this job only (a server error, the network): the outbox tries it again.
    Job,
}

impl Courier {
    /// Posts `jobs`, each channel's in order and the channels at the same time; returns how
    /// each job went (`None`: out, or dropped for good). `claimed` is when the outbox's
    /// notices among them were claimed.
    pub(super) async fn post_jobs(&self, jobs: Vec<Job>, claimed: Instant) -> Vec<Option<Stopped>> {
        let mut order: Vec<ChannelId> = Vec::new();
        let mut groups: HashMap<ChannelId, Vec<(usize, Job)>> = HashMap::new();
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
        let mut outcomes = vec![None; count];
        let runs = order
            .into_iter()
            .filter_map(|channel| groups.remove(&channel))
            .map(|group| Box::pin(self.post_group(group, claimed)));
        let done = if self.chat.concurrent() {
            futures_util::future::join_all(runs).await
        } else {
            let mut done = Vec::new();
            for run in runs {
                done.push(run.await);
            }
            done
        };
        for group in done {
            for (index, outcome) in group {
                outcomes[index] = outcome;
            }
        }
        outcomes
    }

    /// One channel's jobs, in order.
    async fn post_group(
        &self,
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
                match self.post_part(part, claimed).await {
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
            self.post_later(later, retry);
        }
        outcomes
    }

    /// One part (a notice and its own notices) in order, then the threads their replies wind
    /// down.
    async fn post_part(&self, part: &[(Notice, Drawn)], claimed: Instant) -> Result<(), Halt> {
        let deadline = self.deadline;
        let mut wind_down = Vec::new();
        let mut result = Ok(());
        for (notice, drawn) in part {
            let channel = notice.channel;
            if let Some(wait) = self.chat.held_for(channel) {
                result = Err(Halt::Channel(Some(wait)));
                break;
            }
            if claimed.elapsed() + deadline + CLAIM_MARGIN > OUTBOX_CLAIM {
                // The claim would run out under the post: the next sweep takes it again.
                result = Err(Halt::Channel(Some(Duration::ZERO)));
                break;
            }
            let delivery = self.deliver_notice(notice, drawn);
            match tokio::time::timeout(deadline, Box::pin(delivery)).await {
                Ok(Ok(())) => wind_down.extend(drawn.reply.archive),
                Ok(Err(ChatError::Limited(retry))) => {
                    warn!(channel, retry_in = ?retry, "posts are limited in a channel; its notices are posted later");
                    // Held even when the wait is not known, so that no later notice goes first.
                    self.chat.hold(channel, retry.unwrap_or(retry_delay(0)));
                    result = Err(Halt::Channel(retry));
                    break;
                }
                Ok(Err(error @ ChatError::Refused(_))) => {
                    warn!(%error, channel, "a notice can never be posted there; dropped");
                }
                Ok(Err(error)) => {
                    warn!(%error, channel, "could not post a notice; it is tried again later");
                    result = Err(Halt::Job);
                    break;
                }
                Err(_) => {
                    // A platform's rate limiter may wait inside the post: it told how long.
                    let retry = self.chat.held_for(channel);
                    warn!(channel, ?deadline, retry_in = ?retry, "a notice's post passed its deadline; it is posted later");
                    result = Err(Halt::Channel(retry));
                    break;
                }
            }
        }
        for thread in wind_down {
            if let Err(error) = self.chat.wind_down(thread).await {
                tracing::info!(%error, thread, "could not wind down a finished game's thread");
            }
        }
        result
    }

    /// Notices not in the outbox that a limit stopped: posted once more when it ends, each
    /// job from where it stopped (failures then are logged).
    fn post_later(&self, jobs: Vec<(Job, usize)>, retry: Option<Duration>) {
        let courier = self.clone();
        let wait = retry.unwrap_or(retry_delay(0));
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            for (job, from) in jobs {
                for part in job.parts.into_iter().skip(from) {
                    for (notice, drawn) in part {
                        let channel = notice.channel;
                        let delivery = courier.deliver_notice(&notice, &drawn);
                        let posted = tokio::time::timeout(courier.deadline, Box::pin(delivery));
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
}
