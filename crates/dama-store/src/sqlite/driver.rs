//! The driver interface (`sql::db`) on rusqlite: statements from the connection's cache,
//! parameters bound as SQLite's values, and rusqlite's errors sorted into the interface's.

use rusqlite::types::{ToSqlOutput, Value as SqlValue, ValueRef};
use rusqlite::{ErrorCode, ToSql};

use crate::sql::db::{
    ColumnIndex, Connection, DbError, DbResult, EachRow, Param, columns_through_get,
};
use dama_core::store::StoreError;

/// rusqlite's errors: a value that does not read is corrupt, a refused key or check is a
/// constraint (the transaction goes on), the rest is the driver's.
impl From<rusqlite::Error> for DbError {
    fn from(error: rusqlite::Error) -> Self {
        match error {
            rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::InvalidColumnType(..)
            | rusqlite::Error::IntegralValueOutOfRange(..) => DbError::Corrupt(error.to_string()),
            rusqlite::Error::QueryReturnedNoRows => DbError::NoRow,
            error if error.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) => {
                DbError::Constraint(Box::new(error))
            }
            error => DbError::Driver(Box::new(error)),
        }
    }
}

/// The driver's errors as the port's.
pub(crate) fn store_error(error: rusqlite::Error) -> StoreError {
    DbError::from(error).into()
}

impl ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match *self {
            Param::Int(None) | Param::Float(None) | Param::Text(None) | Param::Bool(None) => {
                ToSqlOutput::Owned(SqlValue::Null)
            }
            Param::Int(Some(value)) => ToSqlOutput::Owned(SqlValue::Integer(value)),
            Param::Float(Some(value)) => ToSqlOutput::Owned(SqlValue::Real(value)),
            Param::Text(Some(text)) => ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes())),
            Param::Bool(Some(value)) => ToSqlOutput::Owned(SqlValue::Integer(i64::from(value))),
        })
    }
}

/// An open SQLite transaction, as the table modules see it.
impl Connection for rusqlite::Transaction<'_> {
    fn query(&self, sql: &str, params: &[Param<'_>], each: EachRow<'_>) -> DbResult<()> {
        let mut statement = self.prepare_cached(sql)?;
        let mut rows = statement.query(rusqlite::params_from_iter(params))?;
        while let Some(row) = rows.next()? {
            if !each(&SqliteRow(row))? {
                break;
            }
        }
        Ok(())
    }

    fn execute(&self, sql: &str, params: &[Param<'_>]) -> DbResult<u64> {
        let changed = self
            .prepare_cached(sql)?
            .execute(rusqlite::params_from_iter(params))?;
        Ok(changed as u64)
    }
}

/// One row of a SQLite result.
struct SqliteRow<'r, 's>(&'r rusqlite::Row<'s>);

impl SqliteRow<'_, '_> {
    fn get<T: rusqlite::types::FromSql>(&self, index: ColumnIndex<'_>) -> DbResult<T> {
        Ok(match index {
            ColumnIndex::Position(position) => self.0.get(position)?,
            ColumnIndex::Name(name) => self.0.get(name)?,
        })
    }
}

columns_through_get!(SqliteRow<'_, '_>);
