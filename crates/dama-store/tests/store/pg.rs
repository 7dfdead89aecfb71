//! A private PostgreSQL database for each test, on the server `DAMA_TEST_POSTGRES` names (a URL
//! whose user may create and drop schemas): each test gets a schema of its own, found first on
//! its connections' search path, so tests run in parallel without seeing each other's rows.
//! Without the variable the PostgreSQL tests are skipped with a message, except in CI
//! (`CI=true`), where a missing server is a failure.

// The end-to-end tests use a part of it.
#![allow(dead_code)]

use std::sync::Once;
use std::sync::atomic::{AtomicU32, Ordering};

use dama_store::PostgresStore;

/// The variable naming the test server.
pub const VARIABLE: &str = "DAMA_TEST_POSTGRES";

/// A schema of its own on the test server, dropped at the end of the test.
pub struct TestDatabase {
    admin_url: String,
    pub schema: String,
    /// The URL a store opens: the server's, with this schema first on the search path.
    pub url: String,
}

impl TestDatabase {
    /// The store on this database (migrated on open, like the bot's).
    pub fn open(&self) -> PostgresStore {
        PostgresStore::open(&self.url).expect("the test database opens")
    }

    /// A plain client on this database, for what the store does not do (raw SQL).
    pub fn client(&self) -> postgres::Client {
        let mut client = postgres::Client::connect(&self.url, postgres::NoTls).unwrap();
        client
            .batch_execute(&format!("SET search_path TO {}", self.schema))
            .unwrap();
        client
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        // Best effort: a schema left behind is dropped with the server's data directory.
        if let Ok(mut client) = postgres::Client::connect(&self.admin_url, postgres::NoTls) {
            let _ = client.batch_execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.schema));
        }
    }
}

/// The test server's URL; `None` (after saying so once) when it is not set outside CI.
pub fn server_url() -> Option<String> {
    match std::env::var(VARIABLE) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ => {
            static SAID: Once = Once::new();
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "{VARIABLE} is not set: in CI the PostgreSQL store tests must run (.ci/run \
                 starts a server and sets it)"
            );
            SAID.call_once(|| {
                eprintln!(
                    "{VARIABLE} is not set: the PostgreSQL store tests are skipped (set it to \
                     a server URL, e.g. postgres://dama@127.0.0.1:54329/postgres)"
                );
            });
            None
        }
    }
}

/// `url` with the connection option `-c search_path=SCHEMA`.
pub fn with_search_path(url: &str, schema: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-csearch_path%3D{schema}")
}

/// A new, empty schema on the test server; `None` when there is none (see [`server_url`]).
pub fn test_database() -> Option<TestDatabase> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let admin_url = server_url()?;
    let schema = format!(
        "dama_test_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut client = postgres::Client::connect(&admin_url, postgres::NoTls)
        .unwrap_or_else(|e| panic!("the test server {VARIABLE} answers: {e}"));
    client
        .batch_execute(&format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
        ))
        .unwrap();
    Some(TestDatabase {
        url: with_search_path(&admin_url, &schema),
        admin_url,
        schema,
    })
}
