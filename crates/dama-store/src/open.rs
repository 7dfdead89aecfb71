//! Opening the backend a database setting names ([`DatabaseLocation`]): [`open_store`].

use std::sync::Arc;

use dama_core::store::{DatabaseLocation, GameId, Store, StoreError};

use crate::copy::TableRows;
use crate::postgres::{self, PostgresOpenError, PostgresOptions, PostgresStore};
use crate::sql::{self, SqlBackend};
use crate::sqlite::{self, OpenError, OpenOptions, SqliteStore};

/// Why a database cannot be opened: the backend's own error, which says what to do.
#[derive(Debug, thiserror::Error)]
pub enum StoreOpenError {
    #[error(transparent)]
    Sqlite(#[from] OpenError),
    #[error(transparent)]
    Postgres(#[from] PostgresOpenError),
}

/// An open store of either backend, with the tools' extras of each.
#[derive(Debug)]
pub enum AnyStore {
    Sqlite(SqliteStore),
    Postgres(PostgresStore),
}

impl AnyStore {
    /// The store, to call through the port.
    #[must_use]
    pub fn as_store(&self) -> &dyn Store {
        match self {
            AnyStore::Sqlite(store) => store,
            AnyStore::Postgres(store) => store,
        }
    }

    /// The store, to share with the game service.
    #[must_use]
    pub fn into_shared(self) -> Arc<dyn Store> {
        match self {
            AnyStore::Sqlite(store) => Arc::new(store),
            AnyStore::Postgres(store) => Arc::new(store),
        }
    }

    /// Every game id, in order.
    pub fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        match self {
            AnyStore::Sqlite(store) => store.game_ids(),
            AnyStore::Postgres(store) => store.game_ids(),
        }
    }

    /// The backend's own checks: SQLite's integrity and foreign-key checks; nothing to add on
    /// PostgreSQL, which enforces its foreign keys on every write and checks its pages itself.
    pub fn integrity_problems(&self) -> Result<Vec<String>, StoreError> {
        match self {
            AnyStore::Sqlite(store) => store.integrity_problems(),
            AnyStore::Postgres(_) => Ok(Vec::new()),
        }
    }

    /// Rows in each copied table.
    pub(crate) fn row_counts(&self) -> Result<Vec<(&'static str, usize)>, StoreError> {
        match self {
            AnyStore::Sqlite(store) => sql::row_counts(store),
            AnyStore::Postgres(store) => sql::row_counts(store),
        }
    }

    /// Every copied table, from one snapshot.
    pub(crate) fn export_tables(&self) -> Result<Vec<TableRows>, StoreError> {
        match self {
            AnyStore::Sqlite(store) => store.read_in(sqlite::copy::export_tables),
            AnyStore::Postgres(store) => store.read_in(postgres::copy::export_tables),
        }
    }

    /// Replaces every copied table with `tables`, in one transaction.
    pub(crate) fn import_tables(&self, tables: &[TableRows]) -> Result<(), StoreError> {
        match self {
            AnyStore::Sqlite(store) => store.write_in(|tx| sqlite::copy::import_tables(tx, tables)),
            AnyStore::Postgres(store) => {
                store.write_in(|tx| postgres::copy::import_tables(tx, tables))
            }
        }
    }

    /// The schema version of the database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        match self {
            AnyStore::Sqlite(store) => store.schema_version(),
            AnyStore::Postgres(store) => store.schema_version(),
        }
    }
}

/// Opens (creating or migrating if needed) the database `location` names.
pub fn open_store(location: &DatabaseLocation) -> Result<AnyStore, StoreOpenError> {
    Ok(match location {
        DatabaseLocation::Sqlite(path) => AnyStore::Sqlite(SqliteStore::open(path)?),
        DatabaseLocation::Postgres(url) => AnyStore::Postgres(PostgresStore::open(url)?),
    })
}

/// Opens an existing database for the tools, without migrating it (an older schema is
/// refused and says to start the bot once) and, for SQLite, without writing to it.
pub fn open_store_read_only(location: &DatabaseLocation) -> Result<AnyStore, StoreOpenError> {
    Ok(match location {
        DatabaseLocation::Sqlite(path) => AnyStore::Sqlite(SqliteStore::open_with(
            path,
            &OpenOptions {
                read_only: true,
                readers: 0,
                ..OpenOptions::default()
            },
        )?),
        DatabaseLocation::Postgres(url) => AnyStore::Postgres(PostgresStore::open_with(
            url,
            &PostgresOptions {
                read_only: true,
                pool_size: 2,
                ..PostgresOptions::default()
            },
        )?),
    })
}
