//! The driver interface (`sql::db`) on the `postgres` client: one transaction
//! ([`PgTransaction`]) with a per-connection cache of prepared statements (the shared SQL's
//! `?1` placeholders read as `$1`), parameters checked against the types the server expects,
//! and the errors after which a transaction is tried again.

use std::cell::RefCell;
use std::collections::HashMap;

use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use postgres::{Statement, error::SqlState};

use super::super::copy::Value;
use crate::sql::db::{
    ColumnIndex, Connection, DbError, DbResult, EachRow, Param, columns_through_get,
};
use dama_core::store::StoreError;

impl From<postgres::Error> for DbError {
    fn from(error: postgres::Error) -> Self {
        DbError::Driver(Box::new(error))
    }
}

// ---- parameters ------------------------------------------------------------------------------

impl ToSql for Param<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Param::Int(None) | Param::Float(None) | Param::Text(None) | Param::Bool(None) => {
                Ok(IsNull::Yes)
            }
            Param::Int(Some(value)) if *ty == Type::INT4 => i32::try_from(*value)?.to_sql(ty, out),
            Param::Int(Some(value)) => value.to_sql(ty, out),
            Param::Float(Some(value)) => value.to_sql(ty, out),
            Param::Text(Some(value)) => value.to_sql(ty, out),
            Param::Bool(Some(value)) => value.to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// The parameter type the server expects for this value, checked before binding so a
/// mismatch is a clear error rather than a garbled value.
fn fits(param: &Param<'_>, ty: &Type) -> bool {
    match param {
        Param::Int(_) => *ty == Type::INT8 || *ty == Type::INT4,
        Param::Float(_) => *ty == Type::FLOAT8,
        Param::Text(_) => *ty == Type::TEXT || *ty == Type::VARCHAR,
        Param::Bool(_) => *ty == Type::BOOL,
    }
}

// ---- transactions ----------------------------------------------------------------------------

/// Prepared statements of one connection, by their SQL.
pub(crate) type StatementCache = HashMap<String, Statement>;

/// One open transaction and its connection's statement cache.
pub(crate) struct PgTransaction<'a> {
    inner: RefCell<postgres::Transaction<'a>>,
    statements: RefCell<&'a mut StatementCache>,
}

impl<'a> PgTransaction<'a> {
    pub(crate) fn new(
        inner: postgres::Transaction<'a>,
        statements: &'a mut StatementCache,
    ) -> Self {
        Self {
            inner: RefCell::new(inner),
            statements: RefCell::new(statements),
        }
    }

    /// Commits.
    pub(crate) fn commit(self) -> DbResult<()> {
        Ok(self.inner.into_inner().commit()?)
    }

    /// The statement `sql` (with `?N` placeholders), prepared once per connection.
    fn statement(&self, sql: &str) -> DbResult<Statement> {
        if let Some(statement) = self.statements.borrow().get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.inner.borrow_mut().prepare(&dollar_placeholders(sql))?;
        self.statements
            .borrow_mut()
            .insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    /// `params` for `statement`, each checked against the type the server expects.
    fn bind<'p>(
        statement: &Statement,
        params: &'p [Param<'p>],
    ) -> DbResult<Vec<&'p (dyn ToSql + Sync)>> {
        let types = statement.params();
        if types.len() != params.len() {
            return Err(DbError::Corrupt(format!(
                "{} parameters given for {}",
                params.len(),
                types.len()
            )));
        }
        for (position, (param, ty)) in params.iter().zip(types).enumerate() {
            if !fits(param, ty) && !matches!(param, Param::Int(None)) {
                return Err(DbError::Corrupt(format!(
                    "parameter ${} is {ty}, given {param:?}",
                    position + 1
                )));
            }
        }
        Ok(params.iter().map(|p| p as &(dyn ToSql + Sync)).collect())
    }

    /// Every row of a query without parameters, as [`Value`]s, with the column names (for the
    /// copy between backends: booleans read as 0 and 1, as SQLite keeps them).
    pub(crate) fn query_values(&self, sql: &str) -> DbResult<(Vec<String>, Vec<Vec<Value>>)> {
        let mut inner = self.inner.borrow_mut();
        let statement = inner.prepare(sql)?;
        let columns: Vec<String> = statement
            .columns()
            .iter()
            .map(|c| c.name().to_owned())
            .collect();
        let mut rows = Vec::new();
        for row in inner.query(&statement, &[])? {
            let mut values = Vec::with_capacity(columns.len());
            for (index, column) in statement.columns().iter().enumerate() {
                let ty = column.type_();
                let value = if *ty == Type::INT8 {
                    row.try_get::<_, Option<i64>>(index)?.map(Value::Int)
                } else if *ty == Type::INT4 {
                    row.try_get::<_, Option<i32>>(index)?
                        .map(|v| Value::Int(i64::from(v)))
                } else if *ty == Type::FLOAT8 {
                    row.try_get::<_, Option<f64>>(index)?.map(Value::Float)
                } else if *ty == Type::BOOL {
                    row.try_get::<_, Option<bool>>(index)?
                        .map(|v| Value::Int(i64::from(v)))
                } else if *ty == Type::TEXT || *ty == Type::VARCHAR {
                    row.try_get::<_, Option<String>>(index)?.map(Value::Text)
                } else {
                    return Err(DbError::Corrupt(format!(
                        "column {} is of type {ty}, which no table holds",
                        column.name()
                    )));
                };
                values.push(value.unwrap_or(Value::Null));
            }
            rows.push(values);
        }
        Ok((columns, rows))
    }

    /// Runs `sql` (an insert) once for each row of [`Value`]s, each converted to its
    /// parameter's type (0 and 1 to booleans).
    pub(crate) fn insert_values(&self, sql: &str, rows: &[Vec<Value>]) -> DbResult<()> {
        let mut inner = self.inner.borrow_mut();
        let statement = inner.prepare(sql)?;
        let types = statement.params().to_vec();
        for row in rows {
            let params: Vec<Param> = row
                .iter()
                .zip(&types)
                .map(|(value, ty)| match value {
                    Value::Null => Param::Int(None),
                    Value::Int(v) if *ty == Type::BOOL => Param::Bool(Some(*v != 0)),
                    Value::Int(v) if *ty == Type::FLOAT8 => Param::Float(Some(*v as f64)),
                    Value::Int(v) => Param::Int(Some(*v)),
                    Value::Float(v) => Param::Float(Some(*v)),
                    Value::Text(text) => Param::Text(Some(text)),
                })
                .collect();
            let bound: Vec<&(dyn ToSql + Sync)> =
                params.iter().map(|p| p as &(dyn ToSql + Sync)).collect();
            inner.execute(&statement, &bound)?;
        }
        Ok(())
    }

    /// Runs statements without parameters (the migrations).
    pub(crate) fn batch_execute(&self, sql: &str) -> DbResult<()> {
        Ok(self.inner.borrow_mut().batch_execute(sql)?)
    }
}

/// The shared SQL's placeholders as PostgreSQL's: `?1` as `$1`.
fn dollar_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

impl Connection for PgTransaction<'_> {
    fn query(&self, sql: &str, params: &[Param<'_>], each: EachRow<'_>) -> DbResult<()> {
        let statement = self.statement(sql)?;
        let bound = Self::bind(&statement, params)?;
        let rows = self.inner.borrow_mut().query(&statement, &bound)?;
        for row in &rows {
            if !each(&PgRow(row))? {
                break;
            }
        }
        Ok(())
    }

    fn execute(&self, sql: &str, params: &[Param<'_>]) -> DbResult<u64> {
        let statement = self.statement(sql)?;
        let bound = Self::bind(&statement, params)?;
        Ok(self.inner.borrow_mut().execute(&statement, &bound)?)
    }
}

/// One row of a PostgreSQL result.
struct PgRow<'r>(&'r postgres::Row);

impl PgRow<'_> {
    fn get<'r, T: postgres::types::FromSql<'r>>(&'r self, index: ColumnIndex<'_>) -> DbResult<T> {
        match index {
            ColumnIndex::Position(position) => self.0.try_get(position),
            ColumnIndex::Name(name) => self.0.try_get(name),
        }
        .map_err(|error| DbError::Corrupt(error.to_string()))
    }
}

columns_through_get!(PgRow<'_>);

/// True for the errors after which the whole transaction is tried again: a serialization
/// failure or a deadlock (two transactions that cannot both commit), and a unique key taken by
/// a transaction that committed meanwhile (the next try sees that row, and its own checks give
/// the refusal the contract names).
pub(crate) fn must_retry(error: &StoreError) -> bool {
    let StoreError::Backend(source) = error else {
        return false;
    };
    let code = source
        .downcast_ref::<postgres::Error>()
        .and_then(postgres::Error::code);
    matches!(
        code,
        Some(code) if *code == SqlState::T_R_SERIALIZATION_FAILURE
            || *code == SqlState::T_R_DEADLOCK_DETECTED
            || *code == SqlState::UNIQUE_VIOLATION
    )
}

/// True if the error is a lost connection (the server went away, or the network).
pub(crate) fn connection_lost(error: &StoreError) -> bool {
    let StoreError::Backend(source) = error else {
        return false;
    };
    source
        .downcast_ref::<postgres::Error>()
        .is_some_and(|e| e.is_closed() || e.code().is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_read_as_dollars() {
        assert_eq!(
            dollar_placeholders("SELECT a FROM t WHERE b = ?1 AND c = ?12 AND d = '?'"),
            "SELECT a FROM t WHERE b = $1 AND c = $12 AND d = '?'"
        );
    }

    #[test]
    fn every_integer_binds_as_a_bigint_and_nulls_bind_anywhere() {
        assert!(fits(&Param::Int(Some(7)), &Type::INT8));
        assert!(!fits(&Param::Int(Some(7)), &Type::TEXT));
        assert!(fits(&Param::Text(Some("x")), &Type::TEXT));
        assert!(fits(&Param::Bool(Some(true)), &Type::BOOL));
    }
}
