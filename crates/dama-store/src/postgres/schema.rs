//! The schema on PostgreSQL: its migrations, numbered like SQLite's (a version means the same
//! tables on both backends), the version table, and the check made on every open.

use postgres::Client;

use super::driver::{PgTransaction, StatementCache};
use super::{Place, PostgresOpenError};
use crate::sql::db::{DbError, DbResult, Transaction, params};
use crate::sql::dialect::POSTGRES;

/// Each migration: the schema version it brings the database to, and its SQL. The first one
/// creates version 5 at once (SQLite reached it in five steps).
pub(crate) const MIGRATIONS: &[(usize, &str)] = &[
    (
        5,
        include_str!("../../../../migrations/postgres/0005_initial.sql"),
    ),
    (
        6,
        include_str!("../../../../migrations/postgres/0006_puzzles.sql"),
    ),
    (
        7,
        include_str!("../../../../migrations/postgres/0007_answer_numbers.sql"),
    ),
    (
        8,
        include_str!("../../../../migrations/postgres/0008_outbox.sql"),
    ),
    (
        9,
        include_str!("../../../../migrations/postgres/0009_gateway_identify.sql"),
    ),
    (
        10,
        include_str!("../../../../migrations/postgres/0010_outbox_kinds.sql"),
    ),
    (
        11,
        include_str!("../../../../migrations/postgres/0011_game_language.sql"),
    ),
    (
        12,
        include_str!("../../../../migrations/postgres/0012_clocks.sql"),
    ),
];

/// The schema version this build writes; the same as SQLite's.
pub const SCHEMA_VERSION: usize = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// The table that holds the version: one row.
const VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS dama_schema (version BIGINT NOT NULL)";

/// A key for the advisory lock that keeps two processes starting at once from migrating
/// together (`'dama'` in ASCII).
const MIGRATION_LOCK: i64 = 0x6461_6d61;

/// The stored version; 0 for a database without one.
pub(super) fn version(tx: &PgTransaction<'_>) -> DbResult<i64> {
    let tx = Transaction::new(tx, &POSTGRES);
    let exists: bool = tx
        .prepare_cached("SELECT to_regclass('dama_schema') IS NOT NULL")?
        .query_row(params![], |row| row.get(0))?;
    if !exists {
        return Ok(0);
    }
    let found: Option<i64> = tx
        .prepare_cached("SELECT max(version) FROM dama_schema")?
        .query_row(params![], |row| row.get(0))?;
    Ok(found.unwrap_or(0))
}

/// Checks the version and, unless `read_only`, brings the schema to [`SCHEMA_VERSION`] in one
/// transaction (DDL is transactional on PostgreSQL: a failed migration leaves nothing behind).
pub(super) fn prepare(
    client: &mut Client,
    place: &Place,
    read_only: bool,
) -> Result<(), PostgresOpenError> {
    let server_error = |error: DbError| match error {
        DbError::Driver(error) if error.is::<postgres::Error>() => match error.downcast() {
            Ok(error) => place.error(&error),
            Err(other) => PostgresOpenError::Server {
                server: place.server.clone(),
                database: place.database.clone(),
                reason: other.to_string(),
            },
        },
        other => PostgresOpenError::Server {
            server: place.server.clone(),
            database: place.database.clone(),
            reason: other.to_string(),
        },
    };
    let mut statements = StatementCache::new();
    let inner = client.transaction().map_err(|e| place.error(&e))?;
    let tx = PgTransaction::new(inner, &mut statements);
    if !read_only {
        tx.batch_execute(&format!(
            "SELECT pg_advisory_xact_lock({MIGRATION_LOCK}); {VERSION_TABLE};"
        ))
        .map_err(server_error)?;
    }
    let found = version(&tx).map_err(server_error)?;
    if found > SCHEMA_VERSION as i64 || found < 0 {
        return Err(PostgresOpenError::NewerSchema {
            server: place.server.clone(),
            database: place.database.clone(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    if read_only {
        if found < SCHEMA_VERSION as i64 {
            return Err(PostgresOpenError::OlderSchema {
                server: place.server.clone(),
                database: place.database.clone(),
                found,
                known: SCHEMA_VERSION,
            });
        }
        return Ok(());
    }
    for &(version, sql) in MIGRATIONS {
        if version as i64 <= found {
            continue;
        }
        tx.batch_execute(sql).map_err(server_error)?;
        tx.batch_execute(&format!(
            "DELETE FROM dama_schema; INSERT INTO dama_schema (version) VALUES ({version});"
        ))
        .map_err(server_error)?;
    }
    tx.commit().map_err(server_error)
}
