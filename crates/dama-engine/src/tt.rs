//! The transposition table: search results keyed by the position's Zobrist hash.
//!
//! Buckets of two entries (one kept by depth, one always replaced). Every entry carries the
//! epoch it was written in; starting a new epoch empties the table in constant time, which
//! keeps searches that must be reproducible independent of what was searched before.
//!
//! The table is shared by the threads of one search without locks: an entry is two
//! [`AtomicU64`]s, the data and the key xored with the data, read and written with `Relaxed`
//! ordering. A probe that meets an entry half written by another thread (the data of one
//! write with the key word of another) sees a key that matches no position, so a torn entry
//! is a miss, never a wrong result.

use std::sync::atomic::{AtomicU64, Ordering};

/// What the stored score is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move reached alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// A stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    /// Index of the best move in the position's legal move list, if one is known.
    pub best: Option<u8>,
    pub bound: Bound,
}

/// One slot: the key xored with the data, and the data
/// (score (16 bits) | depth (8) | best + 1 (8) | bound (2) | epoch (30)).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A slot's contents as read at one moment.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    data: u64,
}

const EPOCH_BITS: u32 = 30;
const EPOCH_MASK: u32 = (1 << EPOCH_BITS) - 1;

impl Slot {
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Entry {
            key: check ^ data,
            data,
        }
    }

    #[inline]
    fn save(&self, entry: Entry) {
        self.data.store(entry.data, Ordering::Relaxed);
        self.check.store(entry.key ^ entry.data, Ordering::Relaxed);
    }
}

impl Entry {
    fn epoch(self) -> u32 {
        (self.data >> 34) as u32
    }

    fn depth(self) -> i32 {
        i32::from((self.data >> 16) as u8)
    }

    fn unpack(self) -> Hit {
        let bound = match (self.data >> 32) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        let best = ((self.data >> 24) as u8).checked_sub(1);
        Hit {
            score: i32::from(self.data as u16 as i16),
            depth: self.depth(),
            best,
            bound,
        }
    }
}

/// Two slots, 32 bytes aligned to 32 so that a bucket never straddles two cache lines: a
/// probe costs at most one trip to memory.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

/// A fixed-size table of search results, shared by the threads of a search.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    epoch: u32,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket; a power of two buckets).
    #[must_use]
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            mask: count - 1,
            epoch: 1,
        }
    }

    /// Forgets everything, in constant time (entries of older epochs never match).
    pub fn clear(&mut self) {
        self.epoch = (self.epoch + 1) & EPOCH_MASK;
        if self.epoch == 0 {
            // After 2^30 epochs: wipe for real, so no stale entry can come back.
            for slot in self.buckets.iter_mut().flat_map(|bucket| &mut bucket.0) {
                *slot = Slot::default();
            }
            self.epoch = 1;
        }
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        // The low bits pick the bucket; the whole key is compared on probe.
        (hash as usize) & self.mask
    }

    /// The stored result for a position, if any.
    #[inline]
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.bucket(hash)].0;
        bucket
            .iter()
            .map(Slot::load)
            .find(|e| e.key == hash && e.epoch() == self.epoch && e.data != 0)
            .map(Entry::unpack)
    }

    /// Stores a result; `score` must already be relative to the node (see the search).
    #[inline]
    pub fn store(&self, hash: u64, score: i32, depth: i32, best: Option<u8>, bound: Bound) {
        let epoch = self.epoch;
        let bucket = &self.buckets[self.bucket(hash)].0;
        let depth = depth.clamp(0, 255);
        let data = u64::from(score.clamp(-32_000, 32_000) as i16 as u16)
            | (depth as u64) << 16
            | u64::from(best.map_or(0, |b| b.saturating_add(1))) << 24
            | (bound as u64) << 32
            | u64::from(epoch) << 34;
        let entry = Entry { key: hash, data };
        let live = |e: &Entry| e.epoch() == epoch && e.data != 0;
        // Slot 0 keeps the deepest result of this epoch; slot 1 takes whatever it refuses.
        let first = bucket[0].load();
        if !live(&first) || first.key == hash || depth >= first.depth() {
            if first.key != hash && live(&first) {
                bucket[1].save(first);
            }
            bucket[0].save(entry);
        } else {
            bucket[1].save(entry);
        }
    }

    /// Thousandths of the sampled buckets' slots holding an entry of this epoch (Hub `hashfull`).
    #[must_use]
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|bucket| &bucket.0)
            .map(Slot::load)
            .filter(|e| e.epoch() == self.epoch && e.data != 0)
            .count();
        (used * 1000 / (sample * 2)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let table = Table::new(1);
        table.store(42, -123, 7, Some(3), Bound::Lower);
        let hit = table.probe(42).unwrap();
        assert_eq!(
            hit,
            Hit {
                score: -123,
                depth: 7,
                best: Some(3),
                bound: Bound::Lower
            }
        );
        assert_eq!(table.probe(43), None);
    }

    #[test]
    fn a_bucket_lies_within_one_cache_line() {
        for megabytes in [1, 3, 64] {
            let table = Table::new(megabytes);
            assert_eq!(std::mem::size_of::<Bucket>(), 32);
            let start = table.buckets.as_ptr() as usize;
            assert_eq!(start % 32, 0, "{megabytes} MiB");
            for index in [0, 1, 2, 3, table.buckets.len() - 1] {
                let first = start + index * 32;
                assert_eq!(first / 64, (first + 31) / 64, "bucket {index}");
            }
        }
    }

    #[test]
    fn clear_forgets_in_constant_time() {
        let mut table = Table::new(1);
        table.store(42, 5, 1, None, Bound::Exact);
        table.clear();
        assert_eq!(table.probe(42), None);
        table.store(42, 6, 1, None, Bound::Upper);
        assert_eq!(table.probe(42).unwrap().score, 6);
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_deep_one() {
        let table = Table::new(1);
        let buckets = table.buckets.len() as u64;
        let (a, b, c) = (7, 7 + buckets, 7 + 2 * buckets);
        table.store(a, 1, 10, None, Bound::Exact);
        table.store(b, 2, 2, None, Bound::Exact);
        table.store(c, 3, 3, None, Bound::Exact);
        assert_eq!(table.probe(a).unwrap().score, 1);
        assert_eq!(table.probe(b), None);
        assert_eq!(table.probe(c).unwrap().score, 3);
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        // The data word of one write with the check word of another, as when two threads
        // write the same slot at once: neither key finds it.
        let table = Table::new(1);
        table.store(42, 10, 5, Some(1), Bound::Exact);
        let slot = &table.buckets[table.bucket(42)].0[0];
        let first = slot.load();
        table.store(42, -77, 6, Some(2), Bound::Lower);
        let second = slot.load();
        slot.data.store(first.data, Ordering::Relaxed);
        slot.check
            .store(second.key ^ second.data, Ordering::Relaxed);
        assert_eq!(table.probe(42), None);
        let same_bucket = 42 + table.buckets.len() as u64;
        assert_eq!(table.probe(same_bucket), None);
    }

    #[test]
    fn threads_writing_at_once_never_read_a_wrong_result() {
        // Every thread writes entries whose score and move are a function of the key, all into
        // a few buckets; every hit any thread reads must carry its own key's values.
        let table = Table::new(1);
        let buckets = table.buckets.len() as u64;
        let value = |key: u64| ((key / buckets) % 1000) as i32;
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = 3 + buckets * ((i * 7 + thread * 13) % 64);
                        if i % 2 == 0 {
                            let v = value(key);
                            table.store(key, v, (v % 50) + 1, Some((v % 200) as u8), Bound::Exact);
                        } else if let Some(hit) = table.probe(key) {
                            let v = value(key);
                            assert_eq!(
                                (hit.score, hit.depth, hit.best),
                                (v, (v % 50) + 1, Some((v % 200) as u8))
                            );
                        }
                    }
                });
            }
        });
    }
}
