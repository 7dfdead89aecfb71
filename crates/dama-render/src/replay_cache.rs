//! The replays drawn lately, so that asking again for the same game at the same length sends
//! the same GIF without drawing it again. Bounded by count and by bytes; the oldest goes first.

use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use dama_rules::{Color, Move, Position};

/// Replays kept at most.
pub const REPLAY_CACHE_ENTRIES: usize = 32;
/// Bytes of GIFs kept at most.
pub const REPLAY_CACHE_BYTES: usize = 64 << 20;

/// What identifies a replay: the game (its start and moves, hence its length), the side at
/// the bottom and the captions (their language).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ReplayKey {
    hash: u64,
    plies: usize,
}

impl ReplayKey {
    pub(super) fn new(
        start: &Position,
        moves: &[Move],
        bottom: Color,
        captions: &[String],
    ) -> Self {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        start.to_fen().hash(&mut hasher);
        for m in moves {
            m.long().hash(&mut hasher);
        }
        (bottom == Color::White).hash(&mut hasher);
        captions.hash(&mut hasher);
        ReplayKey {
            hash: hasher.finish(),
            plies: moves.len(),
        }
    }
}

/// The cache, shared by every drawing of the renderer.
#[derive(Debug)]
pub(super) struct ReplayCache {
    state: Mutex<CacheState>,
    /// Signalled when a replay being drawn is done.
    drawn: Condvar,
    max_entries: usize,
    max_bytes: usize,
}

#[derive(Debug, Default)]
struct CacheState {
    /// The most recently used at the back.
    entries: VecDeque<(ReplayKey, Arc<Vec<u8>>)>,
    /// Replays being drawn now: a request for one of them waits for it.
    drawing: Vec<ReplayKey>,
}

/// Takes a replay off the list of those being drawn when dropped (drawn, or the drawing
/// panicked), and wakes those who wait for it.
struct Drawing<'a> {
    cache: &'a ReplayCache,
    key: ReplayKey,
}

impl Drop for Drawing<'_> {
    fn drop(&mut self) {
        self.cache.lock().drawing.retain(|k| *k != self.key);
        self.cache.drawn.notify_all();
    }
}

impl ReplayCache {
    pub(super) fn new(max_entries: usize, max_bytes: usize) -> Self {
        ReplayCache {
            state: Mutex::new(CacheState::default()),
            drawn: Condvar::new(),
            max_entries,
            max_bytes,
        }
    }

    fn lock(&self) -> MutexGuard<'_, CacheState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The GIF for `key`, drawn by `draw` unless kept from before. Requests for a replay
    /// being drawn wait for it rather than drawing it again.
    pub(super) fn get_or_draw(&self, key: ReplayKey, draw: impl FnOnce() -> Vec<u8>) -> Vec<u8> {
        let mut state = self.lock();
        loop {
            if let Some(index) = state.entries.iter().position(|(k, _)| *k == key) {
                let entry = state.entries.remove(index).expect("found just now");
                let bytes = entry.1.as_ref().clone();
                state.entries.push_back(entry);
                return bytes;
            }
            if !state.drawing.contains(&key) {
                break;
            }
            state = self
                .drawn
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.drawing.push(key);
        drop(state);
        let drawing = Drawing { cache: self, key };
        let bytes = draw();
        if self.max_entries > 0 && bytes.len() <= self.max_bytes {
            let mut state = self.lock();
            state.entries.push_back((key, Arc::new(bytes.clone())));
            let mut total: usize = state.entries.iter().map(|(_, gif)| gif.len()).sum();
            while state.entries.len() > self.max_entries || total > self.max_bytes {
                let Some((_, oldest)) = state.entries.pop_front() else {
                    break;
                };
                total -= oldest.len();
            }
        }
        drop(drawing);
        bytes
    }

    /// Replays kept now.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.lock().entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_replay_is_drawn_once_and_the_oldest_goes_first() {
        let cache = ReplayCache::new(2, 1000);
        let start = Position::initial();
        let moves = start.legal_moves();
        let key = |plies: usize| ReplayKey::new(&start, &moves[..plies], Color::White, &[]);
        let draws = std::cell::Cell::new(0);
        let draw = |n: u8| {
            draws.set(draws.get() + 1);
            vec![n; 10]
        };
        assert_eq!(cache.get_or_draw(key(0), || draw(0)), vec![0; 10]);
        assert_eq!(cache.get_or_draw(key(0), || draw(9)), vec![0; 10]);
        assert_eq!(draws.get(), 1, "asked again: not drawn again");
        // Another length is another replay.
        cache.get_or_draw(key(1), || draw(1));
        cache.get_or_draw(key(2), || draw(2));
        assert_eq!(cache.len(), 2);
        assert_eq!(draws.get(), 3);
        cache.get_or_draw(key(0), || draw(0));
        assert_eq!(draws.get(), 4, "the oldest went first");
        // Another language (captions) is another replay too.
        let captioned = ReplayKey::new(&start, &[], Color::White, &["x".to_owned()]);
        assert_ne!(captioned, key(0));
        // Too big to keep.
        let small = ReplayCache::new(2, 5);
        small.get_or_draw(key(0), || draw(0));
        assert_eq!(small.len(), 0);
    }

    #[test]
    fn requests_at_once_for_one_replay_draw_it_once() {
        let cache = ReplayCache::new(4, 1000);
        let key = ReplayKey::new(&Position::initial(), &[], Color::White, &[]);
        let draws = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| {
                    let gif = cache.get_or_draw(key, || {
                        draws.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        vec![1; 10]
                    });
                    assert_eq!(gif, vec![1; 10]);
                });
            }
        });
        assert_eq!(draws.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
