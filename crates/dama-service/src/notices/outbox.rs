//! The outbox: notices that committed changes must bring (forfeits, expired challenges, idle
//! engine games ended, reminders, the engine's moves the sweep played, tournaments' rounds and
//! ends, the puzzles of the day, and what a person's move or action that ends a game brings
//! besides its answer), stored by the store in the transaction of the change and posted by the
//! adapter at least once, never twice.
//!
//! A notice that an answer brings (the opponent's direct message that it is their move, the
//! result where it is awaited, a tournament's next round) is claimed at once by the process
//! that answers and posted with the answer's notices ([`ReplyOutbox`]); when that process dies
//! first, its claim runs out and the sweep posts it. The answer itself is no notice of the
//! outbox.
//!
//! Each notice of the outbox is claimed by one process at a time ([`OUTBOX_CLAIM`]), worded
//! from what is stored when it is posted, and reported with [`GameService::delivered`]: posted
//! (never returned again), or stopped by a failure worth trying again (a Discord 5xx, a network
//! error), which leaves its messages not yet out for a later sweep, after a backoff
//! ([`retry_delay`]). A message that can never be posted (an unknown channel, missing access)
//! is dropped and logged by the adapter, and the rest goes on.

use std::time::Duration;

use crate::{GameService, Notice, Reply, ServiceError, settle_mentions};
use dama_core::store::{FinishedGame, NoticeId, OutboxEvent, OutboxNotice};

/// How long a process holds the notices it claimed: another process (or this one after a
/// restart) takes over a notice whose claim ran out unposted.
pub const OUTBOX_CLAIM: Duration = Duration::from_secs(120);

/// The notices of the outbox one sweep claims at most.
pub const OUTBOX_BATCH: u32 = 50;

/// How long a notice waits after its `attempts`-th failed post: 15 seconds, doubling with
/// each attempt, at most 30 minutes.
#[must_use]
pub fn retry_delay(attempts: u32) -> Duration {
    let seconds = 15u64.saturating_mul(1 << attempts.min(16));
    Duration::from_secs(seconds.min(30 * 60))
}

/// Notices to post, in order: of the outbox (report how it went with
/// [`GameService::delivered`]) or made right now (nothing to report).
#[derive(Debug, Clone)]
pub struct Delivery {
    /// The notices still to post, in order; each with its own notices (posted after it, as
    /// one part: when one of them fails, the part is tried again whole).
    pub notices: Vec<Notice>,
    claim: Option<Claim>,
}

/// A notice of the outbox as claimed.
#[derive(Debug, Clone, Copy)]
struct Claim {
    id: NoticeId,
    claimant: i64,
    /// Messages posted by earlier attempts (left out of [`Delivery::notices`]).
    done: u32,
    attempts: u32,
}

impl Delivery {
    /// Notices made right now, not in the outbox.
    pub(crate) fn direct(notices: Vec<Notice>) -> Delivery {
        Delivery {
            notices,
            claim: None,
        }
    }

    /// The notice of the outbox this is, if it is one.
    #[must_use]
    pub fn outbox_id(&self) -> Option<NoticeId> {
        self.claim.map(|claim| claim.id)
    }
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// A notice of the outbox among an answer's notices ([`Reply::notices`]), claimed by the
/// process that answers: posted with them, then reported with
/// [`GameService::reply_delivered`].
#[derive(Debug, Clone)]
pub struct ReplyOutbox {
    claim: Claim,
    /// Where its first message is among the answer's notices as posted (each notice followed
    /// by its own notices).
    first: usize,
    /// How many messages each of its notices is posted as (itself and its own notices).
    sizes: Vec<usize>,
}

impl ReplyOutbox {
    /// Where its messages are among the answer's notices as posted.
    #[must_use]
    pub fn span(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.sizes.iter().sum::<usize>()
    }
}

/// How many messages a notice is posted as: itself and its own notices.
fn posted_size(notice: &Notice) -> usize {
    1 + notice.reply.notices.iter().map(posted_size).sum::<usize>()
}

impl Reply {
    /// Adds the notices of a delivery to the answer's notices; a notice of the outbox is
    /// remembered in [`Reply::outbox`], to report once the answer's notices are out.
    pub(crate) fn push_delivery(&mut self, delivery: Delivery) {
        if let Some(claim) = delivery.claim {
            self.outbox.push(ReplyOutbox {
                claim,
                first: self.notices.iter().map(posted_size).sum(),
                sizes: delivery.notices.iter().map(posted_size).collect(),
            });
        }
        self.notices.extend(delivery.notices);
    }
}

impl GameService {
    /// Claims the notice of the outbox that a change just made stored for `event`, worded
    /// from what is stored now: for an answer (or a part of the sweep) that posts it at once.
    /// `None` when another process has it or it has nothing to say.
    pub(crate) fn claim_event(
        &self,
        event: &OutboxEvent,
    ) -> Result<Option<Delivery>, ServiceError> {
        let now = self.now();
        let until = now.saturating_add(millis(OUTBOX_CLAIM));
        let claimant = i64::from_ne_bytes(self.random_u64().to_ne_bytes());
        let Some(claimed) = self.store.claim_event(event, claimant, now, until)? else {
            return Ok(None);
        };
        self.claimed_delivery(&claimed, claimant)
    }

    /// Reports how the notices of an answer went for one notice of the outbox among them:
    /// `stopped` is where the first message that failed (and is worth trying again) is among
    /// the answer's notices as posted, `None` when every message is out (see
    /// [`Self::delivered`]).
    pub fn reply_delivered(
        &self,
        part: &ReplyOutbox,
        stopped: Option<usize>,
    ) -> Result<(), ServiceError> {
        self.reply_delivered_later(part, stopped, None)
    }

    /// [`Self::reply_delivered`], what failed due again after `retry` when it is known (see
    /// [`Self::delivered_later`]).
    pub fn reply_delivered_later(
        &self,
        part: &ReplyOutbox,
        stopped: Option<usize>,
        retry: Option<Duration>,
    ) -> Result<(), ServiceError> {
        let stopped = stopped.and_then(|failed| {
            let mut end = part.first;
            if failed < end {
                return Some(0);
            }
            part.sizes.iter().position(|size| {
                end += size;
                failed < end
            })
        });
        let delivery = Delivery {
            notices: Vec::new(),
            claim: Some(part.claim),
        };
        self.delivered_later(&delivery, stopped, retry)
    }

    /// Claims the notices of the outbox that are due, for the servers this process looks
    /// after, and words each from what is stored now. A notice that has nothing left to say
    /// (its challenge or game gone, a reminder for a ply the game has left) is marked posted.
    pub fn claim_outbox(&self) -> Result<Vec<Delivery>, ServiceError> {
        let now = self.now();
        let until = now.saturating_add(millis(OUTBOX_CLAIM));
        let mut deliveries = Vec::new();
        for due in self
            .store
            .due_notices(now, self.shard_span(), OUTBOX_BATCH)?
        {
            // One claimant per delivery: a stale report of an earlier one changes nothing.
            let claimant = i64::from_ne_bytes(self.random_u64().to_ne_bytes());
            let Some(claimed) = self.store.claim_notice(due.id, claimant, now, until)? else {
                // Another process took it.
                continue;
            };
            deliveries.extend(self.claimed_delivery(&claimed, claimant)?);
        }
        Ok(deliveries)
    }

    /// A notice of the outbox claimed by `claimant`, worded from what is stored now: `None`
    /// (and reported) when it has nothing left to say or cannot be worded.
    fn claimed_delivery(
        &self,
        claimed: &OutboxNotice,
        claimant: i64,
    ) -> Result<Option<Delivery>, ServiceError> {
        let done = claimed.parts_done;
        let claim = Some(Claim {
            id: claimed.id,
            claimant,
            done,
            attempts: claimed.attempts,
        });
        let mut notices = match self.outbox_notices(claimed) {
            Ok(notices) => notices,
            // One notice that cannot be worded must not hold back the others.
            Err(error) => {
                tracing::error!(notice = %claimed.id, %error, "skipped by the sweep: a notice of the outbox cannot be worded");
                if matches!(error, ServiceError::Corrupt { .. }) {
                    // Its game does not replay: it never will be worded.
                    let dropped = Delivery {
                        notices: Vec::new(),
                        claim,
                    };
                    self.delivered(&dropped, None)?;
                }
                return Ok(None);
            }
        };
        notices.drain(..notices.len().min(done as usize));
        for notice in &mut notices {
            settle_mentions(&mut notice.reply, None);
        }
        let delivery = Delivery { notices, claim };
        if delivery.notices.is_empty() {
            self.delivered(&delivery, None)?;
            return Ok(None);
        }
        Ok(Some(delivery))
    }

    /// Reports how a delivery went: every message out (or dropped for good) when `stopped` is
    /// `None`, else the index of the first message that failed and is worth trying again: it
    /// and those after it stay in the outbox, due again after [`retry_delay`]. Nothing for a
    /// delivery not of the outbox.
    pub fn delivered(
        &self,
        delivery: &Delivery,
        stopped: Option<usize>,
    ) -> Result<(), ServiceError> {
        self.delivered_later(delivery, stopped, None)
    }

    /// [`Self::delivered`], what failed due again after `retry` when it is known (Discord's
    /// `Retry-After`, a channel's slowmode) instead of the backoff.
    pub fn delivered_later(
        &self,
        delivery: &Delivery,
        stopped: Option<usize>,
        retry: Option<Duration>,
    ) -> Result<(), ServiceError> {
        let Some(claim) = delivery.claim else {
            return Ok(());
        };
        let now = self.now();
        let reported = match stopped {
            None => self.store.notice_posted(claim.id, claim.claimant, now)?,
            Some(index) => {
                let done = claim
                    .done
                    .saturating_add(u32::try_from(index).unwrap_or(u32::MAX));
                // Discord's wait is real time; the backoff is the service's.
                let wait = retry.map_or_else(
                    || retry_delay(claim.attempts),
                    |real| {
                        Duration::try_from_secs_f64(real.as_secs_f64() * self.clock.speed())
                            .unwrap_or(Duration::MAX)
                    },
                );
                let due = now.saturating_add(millis(wait));
                tracing::warn!(
                    notice = %claim.id,
                    attempts = claim.attempts + 1,
                    retry_in = ?wait,
                    "a notice could not be posted; it stays in the outbox"
                );
                self.store
                    .notice_retry(claim.id, claim.claimant, done, due)?
            }
        };
        if !reported {
            tracing::warn!(notice = %claim.id, "the claim of a notice ran out before it was reported");
        }
        Ok(())
    }

    /// The messages of a notice of the outbox, worded from what is stored now.
    fn outbox_notices(&self, notice: &OutboxNotice) -> Result<Vec<Notice>, ServiceError> {
        Ok(match notice.event {
            OutboxEvent::ChallengeExpired(id) => self
                .store
                .challenge(id)?
                .map(|challenge| self.expired_notice(&challenge))
                .into_iter()
                .collect(),
            OutboxEvent::Forfeit { game, ratings } => match self.store.game(game)? {
                Some(game) => self.forfeit_notices(&FinishedGame { game, ratings })?,
                None => Vec::new(),
            },
            OutboxEvent::IdleEnded(game) => match self.store.game(game)? {
                Some(game) => self.idle_notice(&game)?.into_iter().collect(),
                None => Vec::new(),
            },
            OutboxEvent::Reminder { game, ply, stage } => match self.store.game(game)? {
                Some(game) => self.reminder_notices(&game, ply, stage, self.now())?,
                None => Vec::new(),
            },
            OutboxEvent::EngineMove { game, ply } => match self.store.game(game)? {
                Some(game) => self.engine_move_notices(game, ply)?,
                None => Vec::new(),
            },
            OutboxEvent::Move { game, ply, by } => match self.store.game(game)? {
                Some(game) => self.move_notices(&game, ply, by)?,
                None => Vec::new(),
            },
            OutboxEvent::Ended { game, by } => match self.store.game(game)? {
                Some(game) => self.ended_notices(&game, by),
                None => Vec::new(),
            },
            OutboxEvent::Round { tournament, number } => self.round_notices(tournament, number)?,
            OutboxEvent::TournamentEnd(tournament) => {
                self.final_notice(tournament)?.into_iter().collect()
            }
            OutboxEvent::Daily { day, channel } => self
                .daily_notice(notice.guild, day, channel)
                .into_iter()
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_to_half_an_hour() {
        assert_eq!(retry_delay(0), Duration::from_secs(15));
        assert_eq!(retry_delay(1), Duration::from_secs(30));
        assert_eq!(retry_delay(3), Duration::from_secs(120));
        assert_eq!(retry_delay(7), Duration::from_secs(1800));
        assert_eq!(retry_delay(u32::MAX), Duration::from_secs(1800));
    }
}
