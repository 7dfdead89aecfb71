//! The store: the two backends of the port [`Store`](dama_core::store::Store).
//!
//! [`SqliteStore`] (rusqlite, bundled SQLite, WAL), the default, and [`PostgresStore`] (a
//! PostgreSQL server, for several processes) run the behavioural tests of
//! `tests/store/contract/`. Their statements are written once (`sql`, over a small driver
//! interface); each backend adds its connections, how a transaction begins and is tried
//! again, its driver's parameters, rows and errors, and its schema. Both store the domain's
//! values with the same codes (`codes`). A database setting names one or the other
//! ([`DatabaseLocation`](dama_core::store::DatabaseLocation)), and [`open_store`] opens it;
//! [`copy`] copies a database between them, and [`feed`] carries the change feed across the
//! processes of one PostgreSQL database.

pub mod check;
mod codes;
pub mod copy;
pub mod feed;
mod open;
mod postgres;
mod sql;
mod sqlite;

pub use open::{AnyStore, StoreOpenError, open_store, open_store_read_only};
pub use postgres::{
    PostgresOpenError, PostgresOptions, PostgresStore, SCHEMA_VERSION as POSTGRES_SCHEMA_VERSION,
};
pub use sqlite::{Durability, OpenError, OpenOptions, SCHEMA_VERSION, SqliteStore, migrations};
