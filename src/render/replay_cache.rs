//! The replays drawn lately, so that asking again for the same game at the same length sends
//! the same GIF without drawing it again. Bounded by count and by bytes; the oldest goes first.

use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

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
    entries: Mutex<VecDeque<(ReplayKey, Arc<Vec<u8>>)>>,
    max_entries: usize,
    max_bytes: usize,
}

impl ReplayCache {
    pub(super) fn new(max_entries: usize, max_bytes: usize) -> Self {
        ReplayCache {
            entries: Mutex::new(VecDeque::new()),
            max_entries,
            max_bytes,
        }
    }

    /// The GIF for `key`, drawn by `draw` unless kept from before.
    pub(super) fn get_or_draw(&self, key: ReplayKey, draw: impl FnOnce() -> Vec<u8>) -> Vec<u8> {
        let lock = || self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        {
            let mut entries = lock();
            if let Some(index) = entries.iter().position(|(k, _)| *k == key) {
                // The most recent at the back.
                let entry = entries.remove(index).expect("found just now");
                let bytes = entry.1.as_ref().clone();
                entries.push_back(entry);
                return bytes;
            }
        }
        // Drawn without the lock: two first requests at once both draw, and keep one.
        let bytes = draw();
        if self.max_entries == 0 || bytes.len() > self.max_bytes {
            return bytes;
        }
        let mut entries = lock();
        if !entries.iter().any(|(k, _)| *k == key) {
            entries.push_back((key, Arc::new(bytes.clone())));
        }
        let mut total: usize = entries.iter().map(|(_, gif)| gif.len()).sum();
        while entries.len() > self.max_entries || total > self.max_bytes {
            let Some((_, oldest)) = entries.pop_front() else {
                break;
            };
            total -= oldest.len();
        }
        bytes
    }

    /// Replays kept now.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
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
}
