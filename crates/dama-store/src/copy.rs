//! Copying a whole database between backends (`damabot db copy`): every table, row for row, ids
//! kept. Both backends have the same tables and columns at a schema version; values travel as
//! [`Value`]s (SQLite's flags are integers, PostgreSQL's booleans: each side converts).

use super::open::AnyStore;
use dama_core::store::StoreError;

use crate::SCHEMA_VERSION;

/// The tables copied, parents before children (the order of the foreign keys). A table of the
/// schema missing here makes the copy refuse, rather than leave it behind.
pub const COPIED_TABLES: &[&str] = &[
    "players",
    "engine_records",
    "tournaments",
    "games",
    "moves",
    "takebacks",
    "challenges",
    "people",
    "servers",
    "server_game_channels",
    "analyses",
    "hints",
    "tournament_entrants",
    "tournament_rounds",
    "tournament_pairings",
    "puzzle_ratings",
    "puzzle_attempts",
    "daily_puzzle_posts",
    "outbox",
    "gateway_identify",
];

/// The tables whose `id` the database assigns: their counters start after the ids copied.
pub const TABLES_WITH_IDS: &[&str] = &[
    "tournaments",
    "games",
    "takebacks",
    "challenges",
    "hints",
    "puzzle_attempts",
    "outbox",
];

/// One stored value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    Float(f64),
    Text(String),
}

/// The rows of one table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRows {
    pub table: &'static str,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

/// What [`copy_database`] copied: rows by table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyReport {
    pub rows: Vec<(&'static str, usize)>,
}

/// Why a copy did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The target has rows and no `--force`.
    #[error(
        "the target already holds data ({rows} rows in {table}); copy into an empty database, \
         or pass --force to replace everything in it"
    )]
    TargetNotEmpty { table: &'static str, rows: usize },
    /// A schema version other than this damabot's.
    #[error(
        "the {which} has schema version {found}, this damabot writes {SCHEMA_VERSION}; start \
         the bot (of the same version) on it once first"
    )]
    Version { which: &'static str, found: i64 },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Copies every table of `source` into `target` (both at this schema version), in one
/// transaction on the target: ids kept, counters reset after them. A target with rows is refused
/// unless `replace`, which empties it first (in the same transaction).
pub fn copy_database(
    source: &AnyStore,
    target: &AnyStore,
    replace: bool,
) -> Result<CopyReport, CopyError> {
    for (which, store) in [("source", source), ("target", target)] {
        let found = store.schema_version()?;
        if found != SCHEMA_VERSION as i64 {
            return Err(CopyError::Version { which, found });
        }
    }
    if !replace {
        for (table, rows) in target.row_counts()? {
            if rows > 0 {
                return Err(CopyError::TargetNotEmpty { table, rows });
            }
        }
    }
    let tables = source.export_tables()?;
    target.import_tables(&tables)?;
    Ok(CopyReport {
        rows: tables.iter().map(|t| (t.table, t.rows.len())).collect(),
    })
}

/// [`StoreError::Invalid`] unless `present` (the tables of a database) are exactly the copied
/// ones.
pub(crate) fn check_tables(present: &[String]) -> Result<(), StoreError> {
    for table in present {
        if !COPIED_TABLES.contains(&table.as_str()) {
            return Err(StoreError::Invalid(format!(
                "table {table}: this damabot does not know how to copy it"
            )));
        }
    }
    for table in COPIED_TABLES {
        if !present.iter().any(|p| p == table) {
            return Err(StoreError::Invalid(format!(
                "table {table} is missing from the database"
            )));
        }
    }
    Ok(())
}
