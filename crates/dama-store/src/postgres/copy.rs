//! The PostgreSQL side of `damabot db copy`: every table read in one snapshot, or written in
//! one transaction with the id counters moved past the ids copied.

use super::driver::PgTransaction as Transaction;
use crate::copy::{COPIED_TABLES, TABLES_WITH_IDS, TableRows, check_tables};
use crate::sql::db::DbResult;
use dama_core::store::StoreError;

/// The tables of the database (its schema on the search path), checked against the ones
/// copied.
fn tables(tx: &Transaction<'_>) -> Result<(), StoreError> {
    let (_, rows) = tx.query_values(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
         AND table_name <> 'dama_schema'",
    )?;
    let present: Vec<String> = rows
        .into_iter()
        .filter_map(|row| match row.into_iter().next() {
            Some(crate::copy::Value::Text(name)) => Some(name),
            _ => None,
        })
        .collect();
    check_tables(&present)
}

pub(crate) fn export_tables(tx: &Transaction<'_>) -> Result<Vec<TableRows>, StoreError> {
    tables(tx)?;
    COPIED_TABLES
        .iter()
        .map(|&table| {
            let (columns, rows) =
                tx.query_values(&format!("SELECT * FROM {table} ORDER BY 1, 2"))?;
            Ok(TableRows {
                table,
                columns,
                rows,
            })
        })
        .collect()
}

/// Empties the copied tables and writes `tables`; the trigger that lets a move be only the next
/// ply of an active game is off meanwhile (the moves of finished games are copied too).
pub(crate) fn import_tables(tx: &Transaction<'_>, tables: &[TableRows]) -> Result<(), StoreError> {
    self::tables(tx)?;
    let names = COPIED_TABLES.join(", ");
    tx.batch_execute(&format!(
        "TRUNCATE {names}; ALTER TABLE moves DISABLE TRIGGER moves_only_next_ply;"
    ))?;
    for table in tables {
        let placeholders: Vec<String> =
            (1..=table.columns.len()).map(|i| format!("${i}")).collect();
        tx.insert_values(
            &format!(
                "INSERT INTO {} ({}) VALUES ({})",
                table.table,
                table.columns.join(", "),
                placeholders.join(", ")
            ),
            &table.rows,
        )?;
    }
    tx.batch_execute("ALTER TABLE moves ENABLE TRIGGER moves_only_next_ply;")?;
    reset_counters(tx)?;
    Ok(())
}

/// Moves each id counter past the largest id stored.
fn reset_counters(tx: &Transaction<'_>) -> DbResult<()> {
    for table in TABLES_WITH_IDS {
        tx.batch_execute(&format!(
            "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
             (SELECT coalesce(max(id), 0) + 1 FROM {table}), false);"
        ))?;
    }
    Ok(())
}
