//! The requests the bot made, the ones refused, and the errors a test must expect or fail on.

use std::time::{Duration, Instant};

use super::Standin;
use super::record::Recorded;
use super::state::State;

impl Standin {
    /// The next request (not yet returned by a `next_request*` call) with this method and a
    /// path matching `pattern` (`*` matches one segment), waiting for it if needed.
    pub async fn next_request(&self, method: &str, pattern: &str) -> Recorded {
        self.next_request_where(&format!("{method} {pattern}"), |r| r.is(method, pattern))
            .await
    }

    /// The next request (not yet returned) for which `matches` holds; `what` names it in the
    /// failure message.
    pub async fn next_request_where(
        &self,
        what: &str,
        matches: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        self.wait_for(&format!("a request {what}"), |state| {
            let index = (0..state.requests.len())
                .find(|&i| !state.taken[i] && matches(&state.requests[i]))?;
            state.taken[index] = true;
            Some(state.requests[index].clone())
        })
        .await
    }

    /// Every request so far, in order.
    #[must_use]
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.lock().requests.clone()
    }

    /// Requests the stand-in refused (a body that breaks Discord's schema names the route
    /// template and the JSON path), gateway protocol errors, interactions left unanswered past
    /// the deadline, and deferrals never completed; less what [`Self::take_expected_error`]
    /// took.
    #[must_use]
    pub fn errors(&self) -> Vec<String> {
        let state = self.shared.lock();
        self.error_entries(&state)
            .into_iter()
            .map(|(_, text)| text)
            .collect()
    }

    fn error_entries(&self, state: &State) -> Vec<(ErrorSource, String)> {
        let mut errors = Vec::new();
        for r in state.requests.iter().filter(|r| r.status >= 400) {
            if !state.expected.contains(&r.index) {
                errors.push((ErrorSource::Request(r.index), refusal_text(r)));
            }
        }
        for (i, problem) in state.problems.iter().enumerate() {
            errors.push((ErrorSource::Problem(i), problem.clone()));
        }
        let deadline = self.shared.options.interaction_deadline;
        let mut unanswered: Vec<u64> = state
            .interactions
            .values()
            .filter(|p| p.callback.is_none() && state.age(p) > deadline)
            .filter(|p| !state.excused.contains(&p.id))
            .map(|p| p.id)
            .collect();
        unanswered.sort_unstable();
        for id in unanswered {
            let text = format!("interaction {id} was never answered");
            errors.push((ErrorSource::Interaction(id), text));
        }
        for pending in state.open_deferrals() {
            let kind = pending.callback.map_or(0, |(k, _)| k);
            let text = format!(
                "interaction {} was deferred (callback type {kind}) and never completed by an \
                 edit or deletion of @original or a follow-up",
                pending.id
            );
            errors.push((ErrorSource::Interaction(pending.id), text));
        }
        errors
    }

    /// Takes the first error (as [`Self::errors`] words it) that contains `pattern` as
    /// expected, so it no longer counts, and returns its text; for tests that provoke a
    /// refusal (or leave a deferral open) on purpose. Panics when there is no such error.
    pub fn take_expected_error(&self, pattern: &str) -> String {
        let mut state = self.shared.lock();
        let entries = self.error_entries(&state);
        let found = entries.into_iter().find(|(_, text)| text.contains(pattern));
        let Some((source, text)) = found else {
            let errors: Vec<String> = self
                .error_entries(&state)
                .into_iter()
                .map(|(_, t)| t)
                .collect();
            drop(state);
            panic!("no error contains {pattern:?}; the errors are {errors:?}");
        };
        match source {
            ErrorSource::Request(index) => state.expected.push(index),
            ErrorSource::Problem(index) => {
                state.problems.remove(index);
            }
            ErrorSource::Interaction(id) => state.excused.push(id),
        }
        text
    }

    /// The next interaction a scenario sends is created `ago` before it is sent, as one that
    /// waited in Discord's queue or is replayed after a gateway resume: its id says so, and
    /// Discord's 3 s for the first answer count from then.
    pub fn backdate_next_interaction(&self, ago: Duration) {
        self.shared.lock().backdate_next = Some(ago);
    }

    /// The next request with this method and a path matching `pattern` (`*` for one segment,
    /// without `/api/v10`) fails with `500 Internal Server Error`, as Discord's API sometimes
    /// does; the failure is expected, so it is not one of [`Self::errors`].
    pub fn fail_next(&self, method: &str, pattern: &str) {
        self.shared
            .lock()
            .injected_failures
            .push((method.to_owned(), pattern.to_owned()));
    }

    /// Panics if anything in [`Self::errors`] happened, after waiting (up to
    /// [`Options::wait_timeout`]) for deferred answers the bot is still working on.
    pub fn assert_no_errors(&self) {
        self.wait_for_deferrals();
        let errors = self.errors();
        assert!(
            errors.is_empty(),
            "the stand-in saw errors:\n  {}\n{}",
            errors.join("\n  "),
            self.log()
        );
    }

    /// Waits until no deferral is open, or the wait timeout passes (on a multi-threaded
    /// runtime, where the stand-in's servers go on serving meanwhile).
    fn wait_for_deferrals(&self) {
        let deadline = Instant::now() + self.shared.options.wait_timeout;
        let open = || !self.shared.lock().open_deferrals().is_empty();
        if !open() {
            return;
        }
        let wait = || {
            while open() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        };
        match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
            Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(wait),
            Ok(_) => {}
            Err(_) => wait(),
        }
    }
}

/// Where an entry of [`Standin::errors`] comes from, to take it as expected.
enum ErrorSource {
    Request(usize),
    Problem(usize),
    Interaction(u64),
}

/// How [`Standin::errors`] words a refused request.
fn refusal_text(r: &Recorded) -> String {
    if r.violations.is_empty() {
        return format!("{r}: {}", r.response.clone().unwrap_or_default());
    }
    let violations: Vec<String> = r.violations.iter().map(ToString::to_string).collect();
    format!("{r}: {}", violations.join("; "))
}
