//! Work shared among threads: the tools' long runs (self-play, mining, checking) hand out
//! items one at a time to a few threads, each with its own state (an engine and its table).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `work(state, i)` for every `i` in `0..count`, on `jobs` threads (at least one), each with its
/// own state made by `init`; the results in the order of `i`, whatever order they finished in.
pub fn map_in_order<S, T: Send>(
    count: usize,
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(count));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let result = work(&mut state, i);
                    done.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((i, result));
                }
            });
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_in_order_with_a_state_per_thread() {
        let results = map_in_order(
            100,
            3,
            || 0usize,
            |calls, i| {
                *calls += 1;
                (i * i, *calls)
            },
        );
        assert_eq!(results.len(), 100);
        for (i, (square, _)) in results.iter().enumerate() {
            assert_eq!(*square, i * i);
        }
        // Each thread counted its own calls: together they made 100.
        let firsts = results.iter().filter(|(_, calls)| *calls == 1).count();
        assert!((1..=3).contains(&firsts));
        assert!(map_in_order(0, 2, || (), |(), i| i).is_empty());
    }
}
