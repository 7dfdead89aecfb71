//! The work in progress of the bot's front ends (Discord's interactions, the Activity's
//! pages): every call of the synchronous [`GameService`](crate::GameService) runs off the
//! async runtime, on the threads of its [`Lane`], and the shutdown waits for it.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

use crate::Lane;

/// The work in progress: blocking jobs (service calls, rendering) and whole interactions
/// (from the event to the last answer sent to Discord), so that a shutdown lets both finish
/// before the process exits and the database closes. Jobs of [`Lane::Store`] run on tokio's
/// blocking pool; jobs of [`Lane::Cpu`] on a pool of at most `cpu_threads` threads of its own
/// (started when needed, ended after a while idle), sized so that the engine's line, not the
/// pool, refuses a search (see [`GameService::cpu_threads`](crate::GameService::cpu_threads)).
#[derive(Clone)]
pub struct Work {
    inner: Arc<WorkInner>,
}

impl Default for Work {
    /// Work with the CPU threads the default limits need.
    fn default() -> Work {
        Work::with_cpu_threads(DEFAULT_CPU_THREADS)
    }
}

/// The CPU threads of [`Work::default`].
const DEFAULT_CPU_THREADS: usize = 8;

/// How long a CPU thread with nothing to do waits for a job before it ends.
const CPU_THREAD_KEEP_ALIVE: Duration = Duration::from_secs(30);

struct WorkInner {
    running: AtomicUsize,
    idle: Notify,
    cpu: Arc<CpuPool>,
}

/// Counts one job or interaction while it lives.
pub struct WorkGuard(Arc<WorkInner>);

impl Drop for WorkGuard {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

type CpuJob = Box<dyn FnOnce() + Send>;

/// The threads of [`Lane::Cpu`]: jobs wait in order for one of at most `max` threads.
#[derive(Default)]
struct CpuPool {
    max: usize,
    state: Mutex<CpuState>,
    ready: Condvar,
}

#[derive(Default)]
struct CpuState {
    jobs: VecDeque<CpuJob>,
    /// Threads alive, and those of them waiting for a job.
    threads: usize,
    idle: usize,
}

impl CpuPool {
    fn new(max: usize) -> CpuPool {
        CpuPool {
            max: max.max(1),
            ..CpuPool::default()
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CpuState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `job`, waking an idle thread or starting one when none is free.
    fn submit(self: &Arc<Self>, job: CpuJob) {
        let mut state = self.lock();
        state.jobs.push_back(job);
        if state.jobs.len() > state.idle && state.threads < self.max {
            state.threads += 1;
            let number = state.threads;
            drop(state);
            let pool = Arc::clone(self);
            let started = std::thread::Builder::new()
                .name(format!("dama-cpu-{number}"))
                .spawn(move || pool.serve());
            if let Err(error) = started {
                self.lock().threads -= 1;
                tracing::error!(%error, "cannot start a CPU thread; the job waits for another");
            }
        } else {
            drop(state);
            self.ready.notify_one();
        }
    }

    /// A thread's life: jobs in order until none has come for a while.
    fn serve(&self) {
        let mut state = self.lock();
        loop {
            if let Some(job) = state.jobs.pop_front() {
                drop(state);
                job();
                state = self.lock();
                continue;
            }
            state.idle += 1;
            let (woken, waited) = self
                .ready
                .wait_timeout(state, CPU_THREAD_KEEP_ALIVE)
                .unwrap_or_else(PoisonError::into_inner);
            state = woken;
            state.idle -= 1;
            if waited.timed_out() && state.jobs.is_empty() {
                state.threads -= 1;
                return;
            }
        }
    }

    /// Threads alive now.
    fn threads(&self) -> usize {
        self.lock().threads
    }
}

impl Work {
    /// Work whose [`Lane::Cpu`] jobs run on at most `threads` threads (at least one).
    #[must_use]
    pub fn with_cpu_threads(threads: usize) -> Work {
        Work {
            inner: Arc::new(WorkInner {
                running: AtomicUsize::new(0),
                idle: Notify::new(),
                cpu: Arc::new(CpuPool::new(threads)),
            }),
        }
    }

    /// Counts a piece of async work (an interaction being answered) until the guard drops.
    #[must_use]
    pub fn track(&self) -> WorkGuard {
        self.inner.running.fetch_add(1, Ordering::SeqCst);
        WorkGuard(Arc::clone(&self.inner))
    }

    /// Runs `job` on tokio's blocking pool: a call of [`Lane::Store`].
    pub fn spawn<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> tokio::task::JoinHandle<T> {
        let guard = self.track();
        tokio::task::spawn_blocking(move || {
            let _counted = guard;
            job()
        })
    }

    /// Runs `job` on the threads of [`Lane::Cpu`]. A panic of the job is the handle's error,
    /// as with [`Work::spawn`].
    pub fn spawn_cpu<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> tokio::task::JoinHandle<T> {
        let guard = self.track();
        let (done, outcome) = tokio::sync::oneshot::channel();
        self.inner.cpu.submit(Box::new(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            // Done before the caller hears it, as a job of the blocking pool.
            drop(guard);
            // The caller may have stopped waiting: nothing to tell then.
            let _ = done.send(result);
        }));
        tokio::spawn(async move {
            match outcome.await.expect("a CPU job runs to its end or panics") {
                Ok(value) => value,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    }

    /// Runs `job` on the threads of its `lane`.
    pub fn spawn_in<T: Send + 'static>(
        &self,
        lane: Lane,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> tokio::task::JoinHandle<T> {
        match lane {
            Lane::Store => self.spawn(job),
            Lane::Cpu => self.spawn_cpu(job),
        }
    }

    /// Threads of [`Lane::Cpu`] alive now.
    #[must_use]
    pub fn cpu_threads(&self) -> usize {
        self.inner.cpu.threads()
    }

    /// Jobs running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.inner.running.load(Ordering::SeqCst)
    }

    /// Waits until no job runs, or `limit` has passed; true when idle.
    pub async fn wait_idle(&self, limit: Duration) -> bool {
        let idle = async {
            loop {
                let notified = self.inner.idle.notified();
                if self.running() == 0 {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(limit, idle).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn shutdown_waits_for_blocking_work() {
        let work = Work::default();
        assert!(
            work.wait_idle(Duration::from_millis(1)).await,
            "idle at first"
        );
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let job = work.spawn(move || wait.recv().is_ok());
        assert_eq!(work.running(), 1);
        assert!(
            !work.wait_idle(Duration::from_millis(50)).await,
            "a job is still running"
        );
        release.send(()).unwrap();
        assert!(work.wait_idle(Duration::from_secs(5)).await);
        assert!(job.await.unwrap());
        assert_eq!(work.running(), 0);
    }

    #[tokio::test]
    async fn cpu_jobs_run_on_their_own_bounded_threads() {
        let work = Work::with_cpu_threads(2);
        let name = work
            .spawn_in(Lane::Cpu, || {
                std::thread::current().name().map(str::to_owned)
            })
            .await
            .unwrap();
        assert!(name.is_some_and(|name| name.starts_with("dama-cpu-")));
        // Three jobs that wait for a gate: two threads run two, the third waits for a thread.
        let (started, running) = std::sync::mpsc::channel::<()>();
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let jobs: Vec<_> = (0..3)
            .map(|_| {
                let (started, gate) = (started.clone(), gate.clone());
                work.spawn_cpu(move || {
                    started.send(()).unwrap();
                    let (open, opened) = &*gate;
                    let mut open = open.lock().unwrap();
                    while !*open {
                        open = opened.wait(open).unwrap();
                    }
                })
            })
            .collect();
        running.recv().unwrap();
        running.recv().unwrap();
        assert_eq!(work.cpu_threads(), 2);
        assert_eq!(work.running(), 3, "the third job is counted while it waits");
        assert!(running.try_recv().is_err(), "the third job has no thread");
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
        for job in jobs {
            job.await.unwrap();
        }
        running.recv().unwrap();
        assert!(work.wait_idle(Duration::from_secs(5)).await);
        // A job that panics is the handle's error, and its thread goes on serving.
        let failed = work.spawn_cpu(|| panic!("the job fails")).await;
        assert!(failed.is_err_and(|error| error.is_panic()));
        assert_eq!(work.spawn_cpu(|| 7).await.unwrap(), 7);
        assert_eq!(work.running(), 0);
    }

    #[tokio::test]
    async fn shutdown_waits_for_an_interaction_being_answered() {
        let work = Work::default();
        let answering = work.track();
        assert!(
            !work.wait_idle(Duration::from_millis(50)).await,
            "an answer is still being sent"
        );
        let waiter = tokio::spawn({
            let work = work.clone();
            async move { work.wait_idle(Duration::from_secs(5)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(answering);
        assert!(waiter.await.unwrap(), "idle once the answer is out");
    }
}
