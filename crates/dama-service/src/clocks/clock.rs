//! Time for the service: the system clock in production, a hand-moved clock in tests and in
//! console scripts (`@advance`), and a faster clock for end-to-end tests of a running bot
//! (`[game] clock_speed`).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dama_core::store::Millis;

/// Where the service reads the time.
pub trait Clock: Send + Sync {
    /// Unix time in milliseconds.
    fn now(&self) -> Millis;

    /// How many of its milliseconds pass in a real one (1 but for [`ScaledClock`]): to place
    /// a real wait, such as Discord's, on this clock.
    fn speed(&self) -> f64 {
        1.0
    }
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

/// A clock that runs `speed` times as fast as another from the moment it is made: time per
/// move, expiries, claims and forfeits then come in seconds. Only for tests of a running bot.
pub struct ScaledClock {
    base: Arc<dyn Clock>,
    start: Millis,
    speed: f64,
}

impl ScaledClock {
    /// `speed` must be finite and greater than 0 (the configuration checks it).
    #[must_use]
    pub fn new(base: Arc<dyn Clock>, speed: f64) -> ScaledClock {
        assert!(
            speed.is_finite() && speed > 0.0,
            "clock speed {speed} is not a positive number"
        );
        ScaledClock {
            start: base.now(),
            base,
            speed,
        }
    }
}

impl std::fmt::Debug for ScaledClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScaledClock")
            .field("start", &self.start)
            .field("speed", &self.speed)
            .finish_non_exhaustive()
    }
}

impl Clock for ScaledClock {
    fn now(&self) -> Millis {
        // Milliseconds since the start fit an f64 exactly for millennia.
        let elapsed = self.base.now().saturating_sub(self.start) as f64;
        let scaled = (elapsed * self.speed).round();
        // `as` saturates, so a far future stays in range.
        self.start.saturating_add(scaled as i64)
    }

    fn speed(&self) -> f64 {
        self.speed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scaled_clock_runs_faster_from_its_start() {
        let base = Arc::new(ManualClock::new(1_000_000));
        let fast = ScaledClock::new(base.clone(), 60.0);
        assert_eq!(fast.now(), 1_000_000, "it starts at the base's time");
        base.advance(Duration::from_secs(1));
        assert_eq!(fast.now(), 1_000_000 + 60_000);
        base.advance(Duration::from_millis(500));
        assert_eq!(fast.now(), 1_000_000 + 90_000);
        let slow = ScaledClock::new(base.clone(), 0.5);
        base.advance(Duration::from_secs(10));
        assert_eq!(slow.now(), 1_001_500 + 5_000);
    }

    #[test]
    #[should_panic(expected = "not a positive number")]
    fn a_scaled_clock_needs_a_positive_speed() {
        let _ = ScaledClock::new(Arc::new(SystemClock), 0.0);
    }
}
