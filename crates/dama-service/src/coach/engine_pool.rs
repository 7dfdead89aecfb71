//! At most N engine searches at once, from a bounded line that is fair between players: each
//! player waits in a line of their own, and the lines are served in turn (round-robin), so one
//! player's requests never delay another's by more than one search. A request over the bounds
//! (too many waiting for one player, or in all) is refused at once rather than queued. Each
//! search gets an engine (with its transposition table) that is reused by later searches. A
//! top-level search that finds the pool otherwise idle searches on `IDLE_THREADS` threads.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use dama_engine::{Engine, Tablebase};

use dama_core::store::UserId;

/// The threads of a search run through `EnginePool::with_engine_on_idle_cores` when no other
/// search is running or waiting (at most the machine's cores).
pub const IDLE_THREADS: usize = 2;

/// How many requests may wait for an engine: per player, and in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueBounds {
    pub per_player: usize,
    pub total: usize,
}

impl Default for QueueBounds {
    fn default() -> Self {
        QueueBounds {
            per_player: 2,
            total: 32,
        }
    }
}

/// Why a request was not queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineBusy {
    /// The player already has as many requests waiting as one player may.
    Player,
    /// As many requests wait as the pool takes.
    Full,
}

/// Who asks for a search, and who hears about its place in the line.
pub struct Request<'a> {
    /// The player the search is for; `None` for the bot's own work (resuming after a restart),
    /// which waits in a line of its own.
    pub who: Option<UserId>,
    /// Told the request's place in the line (1 for next) when it has to wait, and again each
    /// time the place changes.
    pub queued: &'a (dyn Fn(usize) + Sync),
}

impl Request<'_> {
    /// A request nobody hears about.
    #[must_use]
    pub fn silent(who: Option<UserId>) -> Request<'static> {
        Request {
            who,
            queued: &|_| {},
        }
    }
}

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
    bounds: QueueBounds,
    /// The next ticket to hand out.
    next_ticket: u64,
    /// The lines of those waiting, in the order they are served: the first ticket of the
    /// first line is next; a served line with tickets left goes to the back.
    lines: VecDeque<(Option<UserId>, VecDeque<u64>)>,
    waiting: usize,
}

impl PoolState {
    fn room(&self) -> bool {
        !self.idle.is_empty() || self.created < self.max
    }

    fn next_up(&self) -> Option<u64> {
        self.lines
            .front()
            .and_then(|(_, tickets)| tickets.front().copied())
    }

    /// The place of `ticket` in the line (1 for next), served in turn between the lines.
    fn place_of(&self, ticket: u64) -> Option<usize> {
        let (line, index) = self
            .lines
            .iter()
            .enumerate()
            .find_map(|(line, (_, tickets))| {
                tickets
                    .iter()
                    .position(|&t| t == ticket)
                    .map(|index| (line, index))
            })?;
        let before: usize = self
            .lines
            .iter()
            .enumerate()
            .map(|(other, (_, tickets))| {
                let rounds = if other < line { index + 1 } else { index };
                tickets.len().min(rounds)
            })
            .sum();
        Some(before + 1)
    }

    /// Takes the first ticket of the first line out; its line goes to the back if it still
    /// waits for more.
    fn serve_next(&mut self) {
        if let Some((who, mut tickets)) = self.lines.pop_front() {
            tickets.pop_front();
            self.waiting -= 1;
            if !tickets.is_empty() {
                self.lines.push_back((who, tickets));
            }
        }
    }
}

impl EnginePool {
    /// A pool of at most `max` engines (at least one) with `hash_mb` MiB tables each, and the
    /// default bounds of its line.
    #[must_use]
    pub fn new(max: usize, hash_mb: usize) -> EnginePool {
        EnginePool {
            state: Mutex::new(PoolState {
                idle: Vec::new(),
                created: 0,
                max: max.max(1),
                bounds: QueueBounds::default(),
                next_ticket: 0,
                lines: VecDeque::new(),
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

    /// The same pool with these bounds on its line.
    #[must_use]
    pub fn with_bounds(self, bounds: QueueBounds) -> EnginePool {
        self.lock().bounds = bounds;
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

    /// Searches (and analyses' turns) running right now.
    #[must_use]
    pub fn running(&self) -> usize {
        let state = self.lock();
        state.created - state.idle.len()
    }

    /// Whether a request from `who` would be taken right now (run or queued), and if not, why.
    pub fn admits(&self, who: Option<UserId>) -> Result<(), EngineBusy> {
        let state = self.lock();
        Self::check_bounds(&state, who)
    }

    fn check_bounds(state: &PoolState, who: Option<UserId>) -> Result<(), EngineBusy> {
        if state.waiting == 0 && state.room() {
            return Ok(());
        }
        let own = state
            .lines
            .iter()
            .find(|(line, _)| *line == who)
            .map_or(0, |(_, tickets)| tickets.len());
        if own >= state.bounds.per_player {
            return Err(EngineBusy::Player);
        }
        if state.waiting >= state.bounds.total {
            return Err(EngineBusy::Full);
        }
        Ok(())
    }

    /// Runs `search` with an engine, waiting in line while all engines are busy; refused
    /// when the line is full.
    pub fn with_engine<R>(
        &self,
        request: &Request<'_>,
        search: impl FnOnce(&mut Engine) -> R,
    ) -> Result<R, EngineBusy> {
        self.run_search(request, false, search)
    }

    /// [`EnginePool::with_engine`] for a search worth the machine (the top level): when its
    /// turn comes and no other search is running or waiting, the engine searches on
    /// `IDLE_THREADS` threads (no more than the machine's cores), otherwise on one. Searches
    /// that start meanwhile share the cores for the rest of its think time.
    pub fn with_engine_on_idle_cores<R>(
        &self,
        request: &Request<'_>,
        search: impl FnOnce(&mut Engine) -> R,
    ) -> Result<R, EngineBusy> {
        self.run_search(request, true, search)
    }

    fn run_search<R>(
        &self,
        request: &Request<'_>,
        idle_cores: bool,
        search: impl FnOnce(&mut Engine) -> R,
    ) -> Result<R, EngineBusy> {
        let reused = self.take_place(request)?;
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
        dama_core::metrics::engine_search(started.elapsed());
        Ok(found)
    }

    /// Runs `work` in the pool's line like a search, in the place of one engine, without one
    /// of the pool's engines: for a search with an engine of its own (an analysis keeps its
    /// transposition table from one position to the next). An engine idle in the pool is held
    /// aside meanwhile, so the pool never runs more than its maximum at once. It waits in the
    /// bot's own line and is never refused: analyses are bounded by their own share of the
    /// pool.
    pub fn with_slot<R>(&self, work: impl FnOnce() -> R) -> R {
        let request = Request::silent(None);
        // Unbounded: never refused.
        let engine = self.wait_for_place(&request, false).unwrap_or_default();
        // Dropped at the end: the engine held aside goes back, or the place is freed.
        let _lease = Lease { pool: self, engine };
        work()
    }

    /// Whether the caller, holding a place, is the only search running or waiting.
    fn alone(&self) -> bool {
        let state = self.lock();
        state.waiting == 0 && state.created - state.idle.len() == 1
    }

    /// Waits in line for a place: an idle engine (returned), or room for one more (counted as
    /// created; `None`). The caller hands it back through a [`Lease`]. Refused at once when
    /// the line is full.
    fn take_place(&self, request: &Request<'_>) -> Result<Option<Engine>, EngineBusy> {
        self.wait_for_place(request, true)
    }

    /// [`EnginePool::take_place`], over the bounds too unless `bounded`.
    fn wait_for_place(
        &self,
        request: &Request<'_>,
        bounded: bool,
    ) -> Result<Option<Engine>, EngineBusy> {
        let mut state = self.lock();
        if !(state.waiting == 0 && state.room()) {
            if bounded {
                Self::check_bounds(&state, request.who)?;
            }
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            state.waiting += 1;
            match state
                .lines
                .iter_mut()
                .find(|(line, _)| *line == request.who)
            {
                Some((_, tickets)) => tickets.push_back(ticket),
                None => state
                    .lines
                    .push_back((request.who, VecDeque::from([ticket]))),
            }
            let mut told = None;
            while !(state.next_up() == Some(ticket) && state.room()) {
                let place = state.place_of(ticket);
                if place != told {
                    told = place;
                    drop(state);
                    if let Some(place) = place {
                        let told = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            (request.queued)(place);
                        }));
                        if let Err(panic) = told {
                            // The place must not stay taken by a request that is gone.
                            self.leave_line(ticket);
                            std::panic::resume_unwind(panic);
                        }
                    }
                    state = self.lock();
                    continue;
                }
                state = self
                    .turn
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            state.serve_next();
        }
        let reused = state.idle.pop();
        if reused.is_none() {
            state.created += 1;
        }
        drop(state);
        self.turn.notify_all();
        Ok(reused)
    }

    /// Takes a waiting ticket out of the line.
    fn leave_line(&self, ticket: u64) {
        let mut state = self.lock();
        for (_, tickets) in &mut state.lines {
            tickets.retain(|&t| t != ticket);
        }
        state.lines.retain(|(_, tickets)| !tickets.is_empty());
        state.waiting -= 1;
        drop(state);
        self.turn.notify_all();
    }

    /// The most searches the pool runs at once.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.lock().max
    }

    /// The requests the pool takes at most, running or waiting in its line: a caller that
    /// gives each request a thread of its own needs this many for the line, not the threads,
    /// to refuse the next.
    #[must_use]
    pub fn places(&self) -> usize {
        let state = self.lock();
        state.max + state.bounds.total
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
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Bounds that never refuse the tests' requests.
    const ROOMY: QueueBounds = QueueBounds {
        per_player: 64,
        total: 64,
    };

    /// A pool of one engine, held by a search that waits for `release`.
    fn held_pool(
        bounds: QueueBounds,
    ) -> (
        Arc<EnginePool>,
        std::sync::mpsc::Sender<()>,
        std::thread::JoinHandle<()>,
    ) {
        let pool = Arc::new(EnginePool::new(1, 1).with_bounds(bounds));
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let (started, running) = std::sync::mpsc::channel::<()>();
        let holder = {
            let pool = pool.clone();
            std::thread::spawn(move || {
                pool.with_engine(&Request::silent(Some(99)), |_| {
                    started.send(()).unwrap();
                    wait.recv().unwrap();
                })
                .unwrap();
            })
        };
        running.recv().unwrap();
        (pool, release, holder)
    }

    /// Queues a request of `who` that records its name in `served` when its turn comes and its
    /// places in `places`; returns once it waits and has been told its first place (the pool
    /// counts a request as waiting before it tells it its place).
    fn queue(
        pool: &Arc<EnginePool>,
        who: UserId,
        name: &'static str,
        served: &Arc<Mutex<Vec<&'static str>>>,
        places: &Arc<Mutex<Vec<(&'static str, usize)>>>,
    ) -> std::thread::JoinHandle<()> {
        let before = pool.waiting();
        let (pool_, served, places_) = (pool.clone(), served.clone(), places.clone());
        let handle = std::thread::spawn(move || {
            let told = move |place| places_.lock().unwrap().push((name, place));
            let request = Request {
                who: Some(who),
                queued: &told,
            };
            pool_
                .with_engine(&request, |_| served.lock().unwrap().push(name))
                .unwrap();
        });
        while pool.waiting() == before
            || !places.lock().unwrap().iter().any(|&(who, _)| who == name)
        {
            std::thread::yield_now();
        }
        handle
    }

    #[test]
    fn players_are_served_in_turn() {
        let (pool, release, holder) = held_pool(ROOMY);
        let served = Arc::new(Mutex::new(Vec::new()));
        let places = Arc::new(Mutex::new(Vec::new()));
        // One player asks for four searches, then two others ask for one each.
        let mut handles = Vec::new();
        for name in ["a1", "a2", "a3", "a4"] {
            handles.push(queue(&pool, 1, name, &served, &places));
        }
        handles.push(queue(&pool, 2, "b1", &served, &places));
        handles.push(queue(&pool, 3, "c1", &served, &places));
        assert_eq!(pool.waiting(), 6);
        // Told at once: the others come after one search of the first player each.
        let told = places.lock().unwrap().clone();
        assert!(told.contains(&("a4", 4)), "{told:?}");
        assert!(told.contains(&("b1", 2)), "{told:?}");
        assert!(told.contains(&("c1", 3)), "{told:?}");
        release.send(()).unwrap();
        holder.join().unwrap();
        for handle in handles {
            handle.join().unwrap();
        }
        assert_eq!(
            *served.lock().unwrap(),
            ["a1", "b1", "c1", "a2", "a3", "a4"]
        );
        // Once everyone was in line, each waiting request heard its place only move up.
        let told = places.lock().unwrap().clone();
        for name in ["a2", "a3", "a4", "b1", "c1"] {
            let heard: Vec<usize> = told
                .iter()
                .filter(|(who, _)| *who == name)
                .map(|&(_, place)| place)
                .skip(1)
                .collect();
            assert!(heard.windows(2).all(|w| w[1] < w[0]), "{name}: {told:?}");
        }
        assert_eq!(pool.waiting(), 0);
    }

    #[test]
    fn a_request_over_the_bounds_is_refused_at_once() {
        let (pool, release, holder) = held_pool(QueueBounds {
            per_player: 2,
            total: 3,
        });
        let served = Arc::new(Mutex::new(Vec::new()));
        let places = Arc::new(Mutex::new(Vec::new()));
        let mut handles = vec![
            queue(&pool, 1, "a1", &served, &places),
            queue(&pool, 1, "a2", &served, &places),
        ];
        assert_eq!(
            pool.with_engine(&Request::silent(Some(1)), |_| ()),
            Err(EngineBusy::Player)
        );
        assert_eq!(pool.admits(Some(1)), Err(EngineBusy::Player));
        assert_eq!(pool.admits(Some(2)), Ok(()));
        handles.push(queue(&pool, 2, "b1", &served, &places));
        assert_eq!(
            pool.with_engine(&Request::silent(Some(3)), |_| ()),
            Err(EngineBusy::Full)
        );
        assert_eq!(pool.waiting(), 3, "a refused request leaves no trace");
        release.send(()).unwrap();
        holder.join().unwrap();
        for handle in handles {
            handle.join().unwrap();
        }
        assert_eq!(*served.lock().unwrap(), ["a1", "b1", "a2"]);
        assert_eq!(pool.admits(Some(1)), Ok(()), "an idle pool takes anyone");
    }

    #[test]
    fn a_request_whose_listener_panics_leaves_the_line() {
        let (pool, release, holder) = held_pool(ROOMY);
        let failing = {
            let pool = pool.clone();
            std::thread::spawn(move || {
                let told = |_: usize| panic!("the listener fails");
                let request = Request {
                    who: Some(1),
                    queued: &told,
                };
                let _ = pool.with_engine(&request, |_| ());
            })
        };
        assert!(failing.join().is_err());
        assert_eq!(pool.waiting(), 0, "its place is free again");
        release.send(()).unwrap();
        holder.join().unwrap();
        assert_eq!(pool.with_engine(&Request::silent(Some(2)), |_| 5), Ok(5));
    }

    #[test]
    fn slots_count_against_the_maximum() {
        let pool = Arc::new(EnginePool::new(2, 1).with_bounds(ROOMY));
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
                        pool.with_engine(&Request::silent(None), |_| work())
                            .unwrap();
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
        let pool = Arc::new(EnginePool::new(2, 1).with_bounds(ROOMY));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
                std::thread::spawn(move || {
                    pool.with_engine(&Request::silent(None), |_| {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .unwrap();
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
            pool.with_engine_on_idle_cores(&Request::silent(None), |engine| engine.threads())
                .unwrap(),
            IDLE_THREADS.min(cores)
        );
        assert_eq!(
            pool.with_engine(&Request::silent(None), |engine| engine.threads())
                .unwrap(),
            1
        );
        // Another search running: one thread.
        let (started, release) = (
            Arc::new(std::sync::Barrier::new(2)),
            Arc::new(std::sync::Barrier::new(2)),
        );
        let other = {
            let (pool, started, release) = (pool.clone(), started.clone(), release.clone());
            std::thread::spawn(move || {
                pool.with_engine(&Request::silent(None), |_| {
                    started.wait();
                    release.wait();
                })
                .unwrap();
            })
        };
        started.wait();
        assert_eq!(
            pool.with_engine_on_idle_cores(&Request::silent(None), |engine| engine.threads())
                .unwrap(),
            1
        );
        release.wait();
        other.join().unwrap();
        assert_eq!(
            pool.with_engine_on_idle_cores(&Request::silent(None), |engine| engine.threads())
                .unwrap(),
            IDLE_THREADS.min(cores)
        );
    }

    #[test]
    fn engines_get_the_pool_tables() {
        let pool = EnginePool::new(1, 1);
        assert!(
            pool.with_engine(&Request::silent(None), |engine| engine
                .tablebase()
                .is_none())
                .unwrap()
        );
        let tables = dama_engine::tables::Tablebase::build(
            &dama_engine::tables::BuildOptions::in_memory(2),
            &mut |_| {},
        )
        .expect("an in-memory build writes nothing");
        let pool = EnginePool::new(1, 1).with_tables(Some(Arc::new(tables)));
        assert_eq!(
            pool.with_engine(&Request::silent(None), |engine| engine
                .tablebase()
                .map(|t| t.max_pieces()))
                .unwrap(),
            Some(2)
        );
    }
}
