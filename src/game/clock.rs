//! Time for the service: the system clock in production, a hand-moved clock in tests and in
//! console scripts (`@advance`).

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::store::Millis;

/// Where the service reads the time.
pub trait Clock: Send + Sync {
    /// Unix time in milliseconds.
    fn now(&self) -> Millis;
}

/// The system's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock that moves only when told to.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    #[must_use]
    pub fn new(start: Millis) -> ManualClock {
        ManualClock(AtomicI64::new(start))
    }

    /// Starts at the system's time now.
    #[must_use]
    pub fn from_system() -> ManualClock {
        ManualClock::new(SystemClock.now())
    }

    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}
