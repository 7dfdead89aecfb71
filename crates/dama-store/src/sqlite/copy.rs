//! The SQLite side of `damabot db copy`: every table read in one snapshot, or written in one
//! transaction.

use rusqlite::Transaction;
use rusqlite::types::{Value as SqlValue, ValueRef};

use crate::copy::{COPIED_TABLES, TableRows, Value, check_tables};
use crate::sqlite::driver::store_error;
use dama_core::store::StoreError;

/// The tables of the database, checked against the ones copied.
fn tables(tx: &Transaction<'_>) -> Result<(), StoreError> {
    let mut statement = tx
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .map_err(store_error)?;
    let present = statement
        .query_map([], |row| row.get::<_, String>(0))
        .map_err(store_error)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(store_error)?;
    check_tables(&present)
}

pub(crate) fn export_tables(tx: &Transaction<'_>) -> Result<Vec<TableRows>, StoreError> {
    tables(tx)?;
    let mut out = Vec::new();
    for &table in COPIED_TABLES {
        let mut statement = tx
            .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
            .map_err(store_error)?;
        let columns: Vec<String> = statement
            .column_names()
            .into_iter()
            .map(str::to_owned)
            .collect();
        let width = columns.len();
        let mut rows = Vec::new();
        let mut query = statement.query([]).map_err(store_error)?;
        while let Some(row) = query.next().map_err(store_error)? {
            let mut values = Vec::with_capacity(width);
            for (index, column) in columns.iter().enumerate() {
                values.push(match row.get_ref(index).map_err(store_error)? {
                    ValueRef::Null => Value::Null,
                    ValueRef::Integer(value) => Value::Int(value),
                    ValueRef::Real(value) => Value::Float(value),
                    ValueRef::Text(text) => Value::Text(String::from_utf8_lossy(text).into_owned()),
                    ValueRef::Blob(_) => {
                        return Err(StoreError::Corrupt(format!(
                            "{table}.{column}: a blob where no table holds one"
                        )));
                    }
                });
            }
            rows.push(values);
        }
        out.push(TableRows {
            table,
            columns,
            rows,
        });
    }
    Ok(out)
}

/// Empties the copied tables and writes `tables`. The trigger that lets a move be only the next
/// ply of an active game is set aside meanwhile (the moves of finished games are copied too)
/// and put back as it was.
pub(crate) fn import_tables(tx: &Transaction<'_>, tables: &[TableRows]) -> Result<(), StoreError> {
    self::tables(tx)?;
    let trigger: String = tx
        .query_row(
            "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'moves_only_next_ply'",
            [],
            |row| row.get(0),
        )
        .map_err(store_error)?;
    tx.execute_batch("DROP TRIGGER moves_only_next_ply")
        .map_err(store_error)?;
    for table in COPIED_TABLES.iter().rev() {
        tx.execute(&format!("DELETE FROM {table}"), [])
            .map_err(store_error)?;
    }
    for table in tables {
        let placeholders = vec!["?"; table.columns.len()].join(", ");
        let mut statement = tx
            .prepare(&format!(
                "INSERT INTO {} ({}) VALUES ({placeholders})",
                table.table,
                table.columns.join(", ")
            ))
            .map_err(store_error)?;
        for row in &table.rows {
            let values = row.iter().map(|value| match value {
                Value::Null => SqlValue::Null,
                Value::Int(value) => SqlValue::Integer(*value),
                Value::Float(value) => SqlValue::Real(*value),
                Value::Text(text) => SqlValue::Text(text.clone()),
            });
            statement
                .execute(rusqlite::params_from_iter(values))
                .map_err(store_error)?;
        }
    }
    tx.execute_batch(&trigger).map_err(store_error)?;
    Ok(())
}
