//! Answering in time: the budgets, an interaction's age from its id, the metrics of the first
//! answer, the progress lines of a deferred answer, and the timing of every answer
//! ([`in_time`]), a command's or a click's.

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tracing::{info, warn};

use crate::Error;
use crate::errors::interaction_expired;
use dama_core::metrics::{self, InteractionKind};
use dama_service::ServiceError;
use dama_service::delivery::Drawn;

/// How long a reply may take before the interaction is deferred; well inside Discord's 3 s,
/// with room for the network.
pub const ACK_BUDGET: Duration = Duration::from_millis(1500);
/// After this, an interaction token is treated as expired (Discord: 15 minutes).
pub const TOKEN_SAFE_LIFE: Duration = Duration::from_secs(14 * 60);
/// How long the bot waits for the service to suggest moves (autocomplete has 3 s too).
pub const AUTOCOMPLETE_BUDGET: Duration = Duration::from_secs(2);
/// The least time between two progress edits of a deferred answer: Discord limits how often
/// a message may be edited (a few times in a few seconds per interaction), and a person reads
/// no faster.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(1200);

/// Waits for `job` while showing its progress: each line `lines` receives is handed to `show`
/// (an edit of the deferred message), the latest one only, at most once per `interval` (from
/// the end of the previous edit), and never the same line twice. Returns the job's output once
/// no edit is in flight, so the answer that follows can never be overwritten by a progress
/// line; lines that arrive after the job ended are not shown.
pub async fn follow_progress<T, Edit: Future<Output = ()>>(
    job: impl Future<Output = T>,
    lines: &mut watch::Receiver<Option<String>>,
    interval: Duration,
    mut show: impl FnMut(String) -> Edit,
) -> T {
    let mut job = std::pin::pin!(job);
    let mut last_edit: Option<tokio::time::Instant> = None;
    let mut shown: Option<String> = None;
    loop {
        tokio::select! {
            biased;
            done = &mut job => return done,
            changed = lines.changed() => {
                if changed.is_err() {
                    // The work dropped its end of the channel: it is finishing.
                    return job.await;
                }
            }
        }
        if let Some(at) = last_edit {
            tokio::select! {
                biased;
                done = &mut job => return done,
                () = tokio::time::sleep_until(at + interval) => {}
            }
        }
        let Some(line) = lines.borrow_and_update().clone() else {
            continue;
        };
        if shown.as_ref() == Some(&line) {
            continue;
        }
        show(line.clone()).await;
        shown = Some(line);
        last_edit = Some(tokio::time::Instant::now());
    }
}
/// Discord's epoch in Unix milliseconds: a snowflake's top 42 bits count from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// When Discord created an interaction, in Unix milliseconds, from its id.
#[must_use]
pub fn created_at_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// What is left of [`ACK_BUDGET`] for an interaction created at `created_ms` when it is
/// `now_ms`: the 3 s count from its creation, so an interaction that waited (replayed after a
/// gateway resume, or queued behind others) is deferred at once.
#[must_use]
pub fn ack_budget(created_ms: u64, now_ms: u64) -> Duration {
    let age = Duration::from_millis(now_ms.saturating_sub(created_ms));
    ACK_BUDGET.saturating_sub(age)
}

/// The system clock in Unix milliseconds.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The budget of an interaction with this id, by the system clock.
pub(super) fn budget_of(id: u64) -> Duration {
    ack_budget(created_at_ms(id), now_ms())
}

/// Discord's time for the first answer to an interaction (its callback), from its creation.
pub const CALLBACK_LIFE: Duration = Duration::from_secs(3);

/// The least time a first answer is given, however old the interaction: an interaction
/// replayed late is still asked about once (Discord says 10062 when it no longer knows it).
const CALLBACK_FLOOR: Duration = Duration::from_secs(1);

/// How long the first answer to an interaction created at `created_ms` may take, a 429 waited
/// out included, when it is `now_ms`: what is left of [`CALLBACK_LIFE`], at least
/// [`CALLBACK_FLOOR`].
#[must_use]
pub fn callback_within(created_ms: u64, now_ms: u64) -> Duration {
    let age = Duration::from_millis(now_ms.saturating_sub(created_ms));
    CALLBACK_LIFE.saturating_sub(age).max(CALLBACK_FLOOR)
}

/// [`callback_within`] for an interaction with this id, by the system clock.
pub(super) fn callback_left(id: u64) -> Duration {
    callback_within(created_at_ms(id), now_ms())
}

/// Counts the first answer to an interaction (a deferral, or the answer itself) in the
/// metrics, with its time since Discord created the interaction.
pub(super) fn answered(shard: serenity::ShardId, kind: InteractionKind, id: u64, deferred: bool) {
    let age = Duration::from_millis(now_ms().saturating_sub(created_at_ms(id)));
    metrics::interaction_answered(shard.0, kind, age, deferred);
}

/// How the first answer to an interaction went ([`in_time`]).
pub(super) enum FirstAnswer {
    /// The answer was ready within the budget: it is the interaction's response.
    Ready(Drawn),
    /// The interaction was acknowledged first (it came too old, or its answer was not ready
    /// in time): the answer completes the acknowledgement.
    Acknowledged(Drawn),
    /// Discord no longer knew the interaction when it was acknowledged: nothing was done.
    Expired,
}

/// The timing of every answer to an interaction, a command's or a click's. An interaction
/// already too old to be answered in time (replayed after a gateway resume, or queued) is
/// acknowledged before `start` acts on it, so that nothing is committed or posted when
/// Discord no longer knows it. Otherwise the work `start` begins is given the interaction's
/// budget, and acknowledged when it is not ready by then. While an acknowledged answer is
/// worked out, its progress lines (what the work sends on the channel `start` is given) go to
/// `show`, at most once per [`PROGRESS_INTERVAL`]; when the interaction's token nears its
/// end first, `token_ended` runs and the answer is still awaited. `what` and `user` name the
/// interaction in the logs.
pub(super) async fn in_time<Ack, Show, Ended>(
    id: u64,
    received: Instant,
    (what, user): (&str, u64),
    start: impl FnOnce(watch::Sender<Option<String>>) -> JoinHandle<Result<Drawn, ServiceError>>,
    acknowledge: impl Fn() -> Ack,
    show: impl FnMut(String) -> Show,
    token_ended: impl FnOnce() -> Ended,
) -> Result<FirstAnswer, Error>
where
    Ack: Future<Output = Result<(), serenity::Error>>,
    Show: Future<Output = ()>,
    Ended: Future<Output = ()>,
{
    let budget = budget_of(id);
    let stale = budget.is_zero();
    if stale {
        if let Err(error) = acknowledge().await {
            if interaction_expired(&error) {
                warn!(
                    interaction = what,
                    user, "the interaction expired before it could be acknowledged; not acted on"
                );
                return Ok(FirstAnswer::Expired);
            }
            return Err(error.into());
        }
        info!(
            interaction = what,
            user, "acknowledged at once: the interaction was too old to be answered directly"
        );
    }
    let (lines, mut progress) = watch::channel(None::<String>);
    let mut job = start(lines);
    if !stale {
        if let Ok(done) = tokio::time::timeout(budget, &mut job).await {
            return Ok(FirstAnswer::Ready(done??));
        }
        acknowledge().await?;
        info!(
            interaction = what,
            user, "acknowledged: the answer was not ready within {budget:?} of the interaction"
        );
    }
    let token_end = tokio::time::Instant::from_std(received + TOKEN_SAFE_LIFE);
    let followed = follow_progress(&mut job, &mut progress, PROGRESS_INTERVAL, show);
    let drawn = if let Ok(done) = tokio::time::timeout_at(token_end, followed).await {
        done??
    } else {
        token_ended().await;
        job.await??
    };
    Ok(FirstAnswer::Acknowledged(drawn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_budget_counts_from_the_interaction() {
        // 2026-12-01T00:00:00Z as a snowflake.
        let created = 1_796_083_200_000_u64;
        let id = (created - DISCORD_EPOCH_MS) << 22 | 0x3f_ffff;
        assert_eq!(created_at_ms(id), created);
        assert_eq!(ack_budget(created, created), ACK_BUDGET);
        assert_eq!(
            ack_budget(created, created + 1_000),
            Duration::from_millis(500)
        );
        assert_eq!(
            callback_within(created, created + 1_000),
            Duration::from_secs(2)
        );
        assert_eq!(callback_within(created, created + 5_000), CALLBACK_FLOOR);
        assert_eq!(
            ack_budget(created, created + 60_000),
            Duration::ZERO,
            "replayed after a resume: defer at once"
        );
        assert_eq!(
            ack_budget(created + 500, created),
            ACK_BUDGET,
            "a clock behind Discord's"
        );
    }

    /// A job that sends `lines` every `every`, then waits `tail` and returns `done`.
    fn job(
        lines: &[&str],
        every: Duration,
        tail: Duration,
    ) -> (
        tokio::task::JoinHandle<&'static str>,
        watch::Receiver<Option<String>>,
    ) {
        let (sender, receiver) = watch::channel(None);
        let lines: Vec<String> = lines.iter().map(|&l| l.to_owned()).collect();
        let handle = tokio::spawn(async move {
            for line in lines {
                sender.send_replace(Some(line));
                tokio::time::sleep(every).await;
            }
            tokio::time::sleep(tail).await;
            "done"
        });
        (handle, receiver)
    }

    #[tokio::test]
    async fn progress_edits_are_spaced_and_show_the_latest_line() {
        let lines: Vec<String> = (0..=20).map(|i| format!("Analysing… {}%", i * 5)).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let (handle, mut receiver) = job(&lines, Duration::from_millis(30), Duration::ZERO);
        let interval = Duration::from_millis(200);
        let mut shown: Vec<(tokio::time::Instant, String)> = Vec::new();
        let done = follow_progress(handle, &mut receiver, interval, |line| {
            shown.push((tokio::time::Instant::now(), line));
            async {}
        })
        .await
        .unwrap();
        assert_eq!(done, "done");
        assert_eq!(shown[0].1, "Analysing… 0%", "the first line at once");
        assert!(
            (2..=5).contains(&shown.len()),
            "21 lines in 630 ms, edits 200 ms apart: {shown:?}"
        );
        for pair in shown.windows(2) {
            assert!(pair[1].0 - pair[0].0 >= interval, "{shown:?}");
            assert_ne!(pair[0].1, pair[1].1);
        }
        let percent = |line: &str| -> u32 {
            line.trim_start_matches("Analysing… ")
                .trim_end_matches('%')
                .parse()
                .unwrap()
        };
        for pair in shown.windows(2) {
            assert!(
                percent(&pair[1].1) > percent(&pair[0].1) + 5,
                "the latest line, skipping those in between: {shown:?}"
            );
        }
    }

    #[tokio::test]
    async fn the_answer_waits_for_an_edit_in_flight_and_no_edit_follows_it() {
        let events = std::sync::Mutex::new(Vec::new());
        let (handle, mut receiver) = job(
            &["Analysing… 10%"],
            Duration::from_millis(20),
            Duration::from_millis(10),
        );
        let done = follow_progress(handle, &mut receiver, Duration::from_millis(10), |line| {
            let events = &events;
            async move {
                events.lock().unwrap().push(format!("edit {line}"));
                // An edit slower than the rest of the job.
                tokio::time::sleep(Duration::from_millis(150)).await;
                events.lock().unwrap().push("edited".to_owned());
            }
        })
        .await
        .unwrap();
        events.lock().unwrap().push(format!("answer {done}"));
        assert_eq!(
            *events.lock().unwrap(),
            ["edit Analysing… 10%", "edited", "answer done"]
        );
    }

    #[tokio::test]
    async fn the_same_line_is_shown_once_and_work_without_progress_shows_none() {
        let (handle, mut receiver) = job(
            &["Analysing… 50%", "Analysing… 50%", "Analysing… 50%"],
            Duration::from_millis(5),
            Duration::from_millis(20),
        );
        let mut shown = Vec::new();
        follow_progress(handle, &mut receiver, Duration::ZERO, |line| {
            shown.push(line);
            async {}
        })
        .await
        .unwrap();
        assert_eq!(shown, ["Analysing… 50%"]);
        let (handle, mut receiver) = job(&[], Duration::ZERO, Duration::from_millis(20));
        let mut calls = 0;
        follow_progress(handle, &mut receiver, Duration::ZERO, |_| {
            calls += 1;
            async {}
        })
        .await
        .unwrap();
        assert_eq!(calls, 0);
    }
}
