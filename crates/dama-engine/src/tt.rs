//! The transposition table: search results keyed by the position's Zobrist hash.
//!
//! Buckets of two entries (one kept by depth, one always replaced). Every entry carries the
//! epoch it was written in; starting a new epoch empties the table in constant time, which
//! keeps searches that must be reproducible independent of what was searched before.

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

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// score (16 bits) | depth (8) | best + 1 (8) | bound (2) | epoch (30).
    data: u64,
}

const EPOCH_BITS: u32 = 30;
const EPOCH_MASK: u32 = (1 << EPOCH_BITS) - 1;

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

/// A fixed-size table of search results.
pub struct Table {
    buckets: Vec<[Entry; 2]>,
    mask: usize,
    epoch: u32,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket; a power of two buckets).
    #[must_use]
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let wanted = (bytes / std::mem::size_of::<[Entry; 2]>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            buckets: vec![[Entry::default(); 2]; count],
            mask: count - 1,
            epoch: 1,
        }
    }

    /// Forgets everything, in constant time (entries of older epochs never match).
    pub fn clear(&mut self) {
        self.epoch = (self.epoch + 1) & EPOCH_MASK;
        if self.epoch == 0 {
            // After 2^30 epochs: wipe for real, so no stale entry can come back.
            self.buckets.fill([Entry::default(); 2]);
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
        let bucket = &self.buckets[self.bucket(hash)];
        bucket
            .iter()
            .find(|e| e.key == hash && e.epoch() == self.epoch && e.data != 0)
            .map(|e| e.unpack())
    }

    /// Stores a result; `score` must already be relative to the node (see the search).
    #[inline]
    pub fn store(&mut self, hash: u64, score: i32, depth: i32, best: Option<u8>, bound: Bound) {
        let epoch = self.epoch;
        let index = self.bucket(hash);
        let bucket = &mut self.buckets[index];
        let depth = depth.clamp(0, 255);
        let data = u64::from(score.clamp(-32_000, 32_000) as i16 as u16)
            | (depth as u64) << 16
            | u64::from(best.map_or(0, |b| b.saturating_add(1))) << 24
            | (bound as u64) << 32
            | u64::from(epoch) << 34;
        let entry = Entry { key: hash, data };
        let live = |e: &Entry| e.epoch() == epoch && e.data != 0;
        // Slot 0 keeps the deepest result of this epoch; slot 1 takes whatever it refuses.
        let first = bucket[0];
        if !live(&first) || first.key == hash || depth >= first.depth() {
            if first.key != hash && live(&first) {
                bucket[1] = first;
            }
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }

    /// Thousandths of the sampled buckets' slots holding an entry of this epoch (Hub `hashfull`).
    #[must_use]
    pub fn permille_full(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flatten()
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
        let mut table = Table::new(1);
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
        let mut table = Table::new(1);
        let buckets = table.buckets.len() as u64;
        let (a, b, c) = (7, 7 + buckets, 7 + 2 * buckets);
        table.store(a, 1, 10, None, Bound::Exact);
        table.store(b, 2, 2, None, Bound::Exact);
        table.store(c, 3, 3, None, Bound::Exact);
        assert_eq!(table.probe(a).unwrap().score, 1);
        assert_eq!(table.probe(b), None);
        assert_eq!(table.probe(c).unwrap().score, 3);
    }
}
