//! At most N engine searches at once, served first come, first served; each search gets an
//! engine (with its transposition table) that is reused by later searches. A top-level
//! search that finds the pool otherwise idle searches on `IDLE_THREADS` threads.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use dama_engine::{Engine, Tablebase};

/// The threads of a search run through `EnginePool::with_engine_on_idle_cores` when no other
/// search is running or waiting (at most the machine's cores).
pub const IDLE_THREADS: usize = 2;

/// A fair pool of engines.
pub struct EnginePool {
    state: Mutex<PoolState>,
    turn: Condvar,
    hash_mb: usize,
    /// Endgame tables every engine of the pool plays with.
    tables: Option<Arc<Tablebase>>,
}

struct PoolState {
    idle: Vec<Engine>,
    /// Engines in existence (idle or searching).
    created: usize,
    max: usize,
    /// The next ticket to hand out, and the ticket whose turn it is.
    next_ticket: u64,
    serving: u64,
    waiting: usize,
}

impl EnginePool {
    /// A pool of at most `max` engines (at least one) with `hash_mb` MiB tables each.
    #[must_use]
    pub fn new(max: usize, hash_mb: usize) -> EnginePool {
        EnginePool {
            state: Mutex::new(PoolState {
                idle: Vec::new(),
                created: 0,
                max: max.max(1),
                next_ticket: 0,
                serving: 0,
                waiting: 0,
            }),
            turn: Condvar::new(),
            hash_mb,
            tables: None,
        }
    }

    /// The same pool, its engines playing with these endgame tables.
    #[must_use]
    pub fn with_tables(mut self, tables: Option<Arc<Tablebase>>) -> EnginePool {
        self.tables = tables;
        self
    }

    fn new_engine(&self) -> Engine {
        let mut engine = Engine::new(self.hash_mb);
        engine.set_tablebase(self.tables.clone());
        engine
    }

    fn lock(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Searches waiting for an engine right now.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.lock().waiting
    }

    /// Runs `search` with an engine, waiting in line while all engines are busy.
    pub fn with_engine<R>(&self, search: impl FnOnce(&mut Engine) -> R) -> R {
        self.run_search(false, search)
    }

    /// [`EnginePool::with_engine`] for a search worth the machine (the top level): when its
    /// turn comes and no other search is running or waiting, the engine searches on
    /// `IDLE_THREADS` threads (no more than the machine's cores), otherwise on one. Searches
    /// that start meanwhile share the cores for the rest of its think time.
    pub fn with_engine_on_idle_cores<R>(&self, search: impl FnOnce(&mut Engine) -> R) -> R {
        self.run_search(true, search)
    }

    fn run_search<R>(&self, idle_cores: bool, search: impl FnOnce(&mut Engine) -> R) -> R {
        let reused = self.take_place();
        let threads = if idle_cores && self.alone() {
            let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
            IDLE_THREADS.min(cores)
        } else {
            1
        };
        let mut lease = Lease {
            pool: self,
            engine: Some(reused.unwrap_or_else(|| self.new_engine())),
        };
        let engine = lease
            .engine
            .as_mut()
            .expect("the lease holds an engine until dropped");
        engine.set_threads(threads);
        let started = std::time::Instant::now();
        let found = search(engine);
        engine.set_threads(1);
        crate::metrics::engine_search(started.elapsed());
        found
    }

    /// Runs `work` in the pool's line like a search, in the place of one engine, without one
    /// of the pool's engines: for a search with an engine of its own (an analysis keeps its
    /// transposition table from one position to the next). An engine idle in the pool is held
    /// aside meanwhile, so the pool never runs more than its maximum at once.
    pub fn with_slot<R>(&self, work: impl FnOnce() -> R) -> R {
        // Dropped at the end: the engine held aside goes back, or the place is freed.
        let _lease = Lease {
            pool: self,
            engine: self.take_place(),
        };
        work()
    }

    /// Whether the caller, holding a place, is the only search running or waiting.
    fn alone(&self) -> bool {
        let state = self.lock();
        state.waiting == 0 && state.created - state.idle.len() == 1
    }

    /// Waits in line for a place: an idle engine (returned), or room for one more (counted as
    /// created; `None`). The caller hands it back through a [`Lease`].
    fn take_place(&self) -> Option<Engine> {
        let mut state = self.lock();
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.waiting += 1;
        while !(state.serving == ticket && (!state.idle.is_empty() || state.created < state.max)) {
            state = self
                .turn
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.serving += 1;
        state.waiting -= 1;
        let reused = state.idle.pop();
        if reused.is_none() {
            state.created += 1;
        }
        drop(state);
        self.turn.notify_all();
        reused
    }

    /// The most searches the pool runs at once.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.lock().max
    }
}

/// Gives the engine back (or its place, if the search panicked) when the search ends.
struct Lease<'a> {
    pool: &'a EnginePool,
    engine: Option<Engine>,
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        let mut state = self.pool.lock();
        match self.engine.take() {
            Some(engine) if !std::thread::panicking() => state.idle.push(engine),
            _ => state.created -= 1,
        }
        drop(state);
        self.pool.turn.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn slots_count_against_the_maximum() {
        let pool = Arc::new(EnginePool::new(2, 1));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|i| {
                let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
                std::thread::spawn(move || {
                    let work = || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    };
                    if i % 2 == 0 {
                        pool.with_slot(work);
                    } else {
                        pool.with_engine(|_| work());
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        let state = pool.lock();
        assert!(state.created <= 2, "no place is lost: {}", state.created);
        assert_eq!(state.created, state.idle.len(), "every place is free again");
    }

    #[test]
    fn never_more_than_max_at_once() {
        let pool = Arc::new(EnginePool::new(2, 1));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
                std::thread::spawn(move || {
                    pool.with_engine(|_| {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    });
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        assert_eq!(pool.lock().created, 2, "engines are reused");
    }

    #[test]
    fn a_top_level_search_alone_gets_the_idle_cores() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let pool = Arc::new(EnginePool::new(2, 1));
        assert_eq!(
            pool.with_engine_on_idle_cores(|engine| engine.threads()),
            IDLE_THREADS.min(cores)
        );
        assert_eq!(pool.with_engine(|engine| engine.threads()), 1);
        // Another search running: one thread.
        let (started, release) = (
            Arc::new(std::sync::Barrier::new(2)),
            Arc::new(std::sync::Barrier::new(2)),
        );
        let other = {
            let (pool, started, release) = (pool.clone(), started.clone(), release.clone());
            std::thread::spawn(move || {
                pool.with_engine(|_| {
                    started.wait();
                    release.wait();
                });
            })
        };
        started.wait();
        assert_eq!(pool.with_engine_on_idle_cores(|engine| engine.threads()), 1);
        release.wait();
        other.join().unwrap();
        assert_eq!(
            pool.with_engine_on_idle_cores(|engine| engine.threads()),
            IDLE_THREADS.min(cores)
        );
    }

    #[test]
    fn engines_get_the_pool_tables() {
        let pool = EnginePool::new(1, 1);
        assert!(pool.with_engine(|engine| engine.tablebase().is_none()));
        let tables = dama_engine::tables::Tablebase::build(
            &dama_engine::tables::BuildOptions::in_memory(2),
            &mut |_| {},
        )
        .expect("an in-memory build writes nothing");
        let pool = EnginePool::new(1, 1).with_tables(Some(Arc::new(tables)));
        assert_eq!(
            pool.with_engine(|engine| engine.tablebase().map(|t| t.max_pieces())),
            Some(2)
        );
    }
}
