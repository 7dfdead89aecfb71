//! Choosing the backend: a database setting names a PostgreSQL database (a `postgres://` URL)
//! or a SQLite file (anything else), and [`open_store`] opens it.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use super::copy::TableRows;
use super::postgres::{PostgresOpenError, PostgresOptions, PostgresStore};
use super::sql::{self, SqlBackend};
use super::sqlite::{OpenError, OpenOptions, SqliteStore};
use super::{GameId, Store, StoreError, postgres, sqlite, url};

/// Where the database is, as a setting (`database.url`, `database.path`, `DAMA_DATABASE`, a
/// tool's argument) names it.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseLocation {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database: its URL, `postgres://user:password@host:port/database` (or
    /// `postgresql://...`), or a key=value connection string (`host=db user=dama
    /// password=... dbname=dama`). Shown (`Display`, `Debug`) without its password.
    Postgres(String),
}

impl DatabaseLocation {
    /// A `postgres://` or `postgresql://` URL, or a key=value connection string (starting
    /// with one of PostgreSQL's connection parameters, such as `host=`), names PostgreSQL;
    /// anything else is a SQLite path.
    #[must_use]
    pub fn parse(setting: &str) -> Self {
        let trimmed = setting.trim();
        let lower = trimmed.to_ascii_lowercase();
        if lower.starts_with("postgres://")
            || lower.starts_with("postgresql://")
            || url::is_connection_string(trimmed)
        {
            DatabaseLocation::Postgres(trimmed.to_owned())
        } else {
            DatabaseLocation::Sqlite(PathBuf::from(setting))
        }
    }
}

/// [`DatabaseLocation::parse`], for command-line arguments: every setting names a database.
impl std::str::FromStr for DatabaseLocation {
    type Err = std::convert::Infallible;

    fn from_str(setting: &str) -> Result<Self, Self::Err> {
        Ok(Self::parse(setting))
    }
}

impl fmt::Display for DatabaseLocation {
    /// The path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseLocation::Sqlite(path) => write!(f, "{}", path.display()),
            DatabaseLocation::Postgres(url) => f.write_str(&url::redact_password(url)),
        }
    }
}

impl fmt::Debug for DatabaseLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseLocation::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            DatabaseLocation::Postgres(_) => {
                f.debug_tuple("Postgres").field(&self.to_string()).finish()
            }
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_postgres_and_the_rest_is_a_path() {
        assert_eq!(
            DatabaseLocation::parse("postgres://dama@localhost/dama"),
            DatabaseLocation::Postgres("postgres://dama@localhost/dama".into())
        );
        assert!(matches!(
            DatabaseLocation::parse("PostgreSQL://h/db"),
            DatabaseLocation::Postgres(_)
        ));
        assert_eq!(
            DatabaseLocation::parse("data/dama.db"),
            DatabaseLocation::Sqlite(PathBuf::from("data/dama.db"))
        );
        assert_eq!(
            DatabaseLocation::parse("postgres.db"),
            DatabaseLocation::Sqlite(PathBuf::from("postgres.db"))
        );
    }

    #[test]
    fn passwords_never_show() {
        let location = DatabaseLocation::parse("postgres://dama:s3cret@db.example:5433/dama");
        assert_eq!(
            location.to_string(),
            "postgres://dama:***@db.example:5433/dama"
        );
        assert!(!format!("{location:?}").contains("s3cret"));
        let location = DatabaseLocation::parse("postgresql://h/db?user=a&password=s3cret&x=1");
        assert_eq!(
            location.to_string(),
            "postgresql://h/db?user=a&password=***&x=1"
        );
        let location = DatabaseLocation::parse("postgres://dama@h/db");
        assert_eq!(location.to_string(), "postgres://dama@h/db");
        // Delimiters of a URL inside the password, and a connection string.
        for (setting, shown) in [
            (
                "postgres://dama:S3cr/et+pw@db/dama",
                "postgres://dama:***@db/dama",
            ),
            (
                "postgres://dama:p?ss#w@db/dama",
                "postgres://dama:***@db/dama",
            ),
            (
                "postgres://dama:p@ss/w@db/dama",
                "postgres://dama:***@db/dama",
            ),
            (
                "postgres://db/dama?pass%77ord=s3cr%25et",
                "postgres://db/dama?pass%77ord=***",
            ),
            ("host=db password=pa#ss", "host=db password=***"),
            (
                "host=db user=dama password='x y/?#@%' dbname=dama",
                "host=db user=dama password=*** dbname=dama",
            ),
        ] {
            let location = DatabaseLocation::parse(setting);
            assert!(
                matches!(location, DatabaseLocation::Postgres(_)),
                "{setting}"
            );
            assert_eq!(location.to_string(), shown);
            assert_eq!(format!("{location:?}"), format!("Postgres({shown:?})"));
        }
    }
}
