//! Logging through `tracing`: `RUST_LOG` wins over `log.filter` from the configuration.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber, writing to standard error. Safe to call more than once.
pub fn init(filter: &str) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(filter))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
