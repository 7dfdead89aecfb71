//! The schema: its migrations, and the version check made on every open.

use std::path::Path;

use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

use super::{OpenError, classify_open_error, open_error};

/// The SQL of each migration, in order; migration `i` takes the schema from version `i` to
/// `i + 1`.
pub(crate) const MIGRATIONS_SQL: &[&str] = &[
    include_str!("../../../../migrations/sqlite/0001_initial.sql"),
    include_str!("../../../../migrations/sqlite/0002_servers.sql"),
    include_str!("../../../../migrations/sqlite/0003_living_server.sql"),
    include_str!("../../../../migrations/sqlite/0004_coach.sql"),
    include_str!("../../../../migrations/sqlite/0005_tournaments.sql"),
    include_str!("../../../../migrations/sqlite/0006_puzzles.sql"),
    include_str!("../../../../migrations/sqlite/0007_answer_numbers.sql"),
    include_str!("../../../../migrations/sqlite/0008_outbox.sql"),
    include_str!("../../../../migrations/sqlite/0009_gateway_identify.sql"),
    include_str!("../../../../migrations/sqlite/0010_outbox_kinds.sql"),
    include_str!("../../../../migrations/sqlite/0011_game_language.sql"),
    include_str!("../../../../migrations/sqlite/0012_clocks.sql"),
];

/// The migrations, in order.
const MIGRATIONS: &[M<'static>] = &[
    M::up(MIGRATIONS_SQL[0]),
    M::up(MIGRATIONS_SQL[1]),
    M::up(MIGRATIONS_SQL[2]),
    M::up(MIGRATIONS_SQL[3]),
    M::up(MIGRATIONS_SQL[4]),
    M::up(MIGRATIONS_SQL[5]),
    M::up(MIGRATIONS_SQL[6]),
    M::up(MIGRATIONS_SQL[7]),
    M::up(MIGRATIONS_SQL[8]),
    M::up(MIGRATIONS_SQL[9]),
    M::up(MIGRATIONS_SQL[10]),
    M::up(MIGRATIONS_SQL[11]),
];

/// The schema version this build writes (SQLite's `user_version` after migrating).
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// The schema migrations, for tests and tools.
#[must_use]
pub fn migrations() -> Migrations<'static> {
    Migrations::from_slice(MIGRATIONS)
}

/// Reads `user_version` (which also proves the file is a database) and refuses a newer schema.
pub(super) fn check_schema_version(conn: &Connection, path: &Path) -> Result<i64, OpenError> {
    let found: i64 = conn
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(|e| open_error(path, &e))?;
    // A file that is not a database fails on the first page read: make it fail here.
    conn.query_row("SELECT count(*) FROM sqlite_schema", [], |row| {
        row.get::<_, i64>(0)
    })
    .map_err(|e| open_error(path, &e))?;
    if found > SCHEMA_VERSION as i64 || found < 0 {
        return Err(OpenError::NewerSchema {
            path: path.to_owned(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(found)
}

/// Brings the schema to [`SCHEMA_VERSION`].
pub(super) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), OpenError> {
    check_schema_version(conn, path)?;
    migrations().to_latest(conn).map_err(|error| match error {
        rusqlite_migration::Error::RusqliteError { err, .. } => classify_open_error(path, &err)
            .unwrap_or_else(|| OpenError::Migration {
                path: path.to_owned(),
                message: err.to_string(),
            }),
        other => OpenError::Migration {
            path: path.to_owned(),
            message: other.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_migration_file_is_a_migration() {
        assert_eq!(MIGRATIONS.len(), MIGRATIONS_SQL.len());
        let files = std::fs::read_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../migrations/sqlite"
        ))
        .unwrap()
        .filter(|entry| {
            let name = entry.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".sql")
        })
        .count();
        assert_eq!(
            files,
            MIGRATIONS_SQL.len(),
            "migrations/sqlite holds a file not listed"
        );
    }
}
