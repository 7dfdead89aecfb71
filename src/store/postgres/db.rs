//! A small layer over the `postgres` client that the table modules are written against: one
//! transaction ([`Transaction`]) with a per-connection cache of prepared statements, parameters
//! converted from the domain's Rust types ([`params!`]), and rows read into them
//! ([`Row::get`]), with the errors of the driver kept apart from values that do not read
//! ([`DbError`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;

use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use postgres::{Statement, error::SqlState};

use super::super::codes::{TextCode, UnknownCode};
use super::super::copy::Value;
use crate::i18n::Language;
use crate::store::{
    AbortReason, ChallengeStatus, ColourChoice, EndReason, GameResult, GameStatus, NotifyMode,
    PuzzleStatus, StoreError, TournamentStatus,
};

/// What a statement can fail with.
#[derive(Debug, thiserror::Error)]
pub(crate) enum DbError {
    /// The driver's error: the server's refusal, or a lost connection.
    #[error(transparent)]
    Driver(#[from] postgres::Error),
    /// A query that must return a row returned none.
    #[error("the query returned no row")]
    NoRow,
    /// A stored value this version cannot read.
    #[error("{0}")]
    Corrupt(String),
}

pub(crate) type DbResult<T> = Result<T, DbError>;

impl From<UnknownCode> for DbError {
    fn from(error: UnknownCode) -> Self {
        DbError::Corrupt(error.to_string())
    }
}

/// The driver's errors as the port's: a value that does not read is corrupt, the rest is the
/// backend's (the driver's error kept as the source, so a caller can read its code).
impl From<DbError> for StoreError {
    fn from(error: DbError) -> Self {
        match error {
            DbError::Corrupt(message) => StoreError::Corrupt(message),
            DbError::Driver(error) => StoreError::Backend(Box::new(error)),
            DbError::NoRow => StoreError::Backend(Box::new(DbError::NoRow)),
        }
    }
}

/// `Ok(None)` for a query that found no row, as rusqlite's `OptionalExtension` does.
pub(crate) trait OptionalExtension<T> {
    fn optional(self) -> DbResult<Option<T>>;
}

impl<T> OptionalExtension<T> for DbResult<T> {
    fn optional(self) -> DbResult<Option<T>> {
        match self {
            Ok(value) => Ok(Some(value)),
            Err(DbError::NoRow) => Ok(None),
            Err(error) => Err(error),
        }
    }
}

// ---- parameters ------------------------------------------------------------------------------

/// One bound value. Every integer column is a `BIGINT`, so every integer binds as one.
#[derive(Debug, Clone)]
pub(crate) enum Param {
    Int(Option<i64>),
    Float(Option<f64>),
    Text(Option<String>),
    Bool(Option<bool>),
}

impl ToSql for Param {
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

impl Param {
    /// The parameter type the server expects for this value, checked before binding so a
    /// mismatch is a clear error rather than a garbled value.
    fn fits(&self, ty: &Type) -> bool {
        match self {
            Param::Int(_) => *ty == Type::INT8 || *ty == Type::INT4,
            Param::Float(_) => *ty == Type::FLOAT8,
            Param::Text(_) => *ty == Type::TEXT || *ty == Type::VARCHAR,
            Param::Bool(_) => *ty == Type::BOOL,
        }
    }
}

/// A Rust value that binds as a parameter.
pub(crate) trait IntoParam {
    fn to_param(&self) -> Param;
}

macro_rules! int_params {
    ($($ty:ty),+) => {$(
        impl IntoParam for $ty {
            fn to_param(&self) -> Param {
                Param::Int(Some(i64::from(*self)))
            }
        }
    )+};
}

int_params!(i64, i32, u32, u8);

impl IntoParam for u64 {
    fn to_param(&self) -> Param {
        // Only counts and offsets are u64 here; they are far below 2^63.
        Param::Int(Some(i64::try_from(*self).unwrap_or(i64::MAX)))
    }
}

impl IntoParam for f64 {
    fn to_param(&self) -> Param {
        Param::Float(Some(*self))
    }
}

impl IntoParam for bool {
    fn to_param(&self) -> Param {
        Param::Bool(Some(*self))
    }
}

impl IntoParam for str {
    fn to_param(&self) -> Param {
        Param::Text(Some(self.to_owned()))
    }
}

impl IntoParam for &str {
    fn to_param(&self) -> Param {
        Param::Text(Some((*self).to_owned()))
    }
}

impl IntoParam for String {
    fn to_param(&self) -> Param {
        Param::Text(Some(self.clone()))
    }
}

impl<T: IntoParam> IntoParam for Option<T> {
    fn to_param(&self) -> Param {
        match self {
            Some(value) => value.to_param(),
            // The type of a NULL does not matter to the server; it is only checked against
            // the parameter's when the value is set.
            None => Param::Int(None),
        }
    }
}

macro_rules! code_params {
    ($($ty:ty),+) => {$(
        impl IntoParam for $ty {
            fn to_param(&self) -> Param {
                Param::Text(Some(TextCode::code(*self).to_owned()))
            }
        }

        impl FromColumn for $ty {
            fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self> {
                let text: String = get_raw(row, index)?;
                Ok(<$ty as TextCode>::from_code(&text)?)
            }
        }

        impl FromColumn for Option<$ty> {
            fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self> {
                let text: Option<String> = get_raw(row, index)?;
                Ok(text.map(|t| <$ty as TextCode>::from_code(&t)).transpose()?)
            }
        }
    )+};
}

code_params!(
    ColourChoice,
    ChallengeStatus,
    GameStatus,
    GameResult,
    EndReason,
    Language,
    NotifyMode,
    AbortReason,
    TournamentStatus,
    PuzzleStatus
);

/// The parameters of a statement, in order: `params![a, b, c]`.
macro_rules! params {
    () => {
        &[] as &[$crate::store::postgres::db::Param]
    };
    ($($value:expr),+ $(,)?) => {
        &[$($crate::store::postgres::db::IntoParam::to_param(&$value)),+]
            as &[$crate::store::postgres::db::Param]
    };
}
pub(crate) use params;

// ---- rows ------------------------------------------------------------------------------------

/// A column by position or by name.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ColumnIndex<'a> {
    Position(usize),
    Name(&'a str),
}

impl From<i32> for ColumnIndex<'_> {
    fn from(position: i32) -> Self {
        ColumnIndex::Position(usize::try_from(position).unwrap_or(usize::MAX))
    }
}

impl From<usize> for ColumnIndex<'_> {
    fn from(position: usize) -> Self {
        ColumnIndex::Position(position)
    }
}

impl<'a> From<&'a str> for ColumnIndex<'a> {
    fn from(name: &'a str) -> Self {
        ColumnIndex::Name(name)
    }
}

fn get_raw<'r, T: postgres::types::FromSql<'r>>(
    row: &'r postgres::Row,
    index: ColumnIndex<'_>,
) -> DbResult<T> {
    match index {
        ColumnIndex::Position(position) => row.try_get(position),
        ColumnIndex::Name(name) => row.try_get(name),
    }
    .map_err(|error| DbError::Corrupt(error.to_string()))
}

/// A Rust value read from a column.
pub(crate) trait FromColumn: Sized {
    fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self>;
}

macro_rules! direct_columns {
    ($($ty:ty),+) => {$(
        impl FromColumn for $ty {
            fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self> {
                get_raw(row, index)
            }
        }

        impl FromColumn for Option<$ty> {
            fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self> {
                get_raw(row, index)
            }
        }
    )+};
}

direct_columns!(i64, f64, bool, String);

macro_rules! narrow_columns {
    ($($ty:ty),+) => {$(
        impl FromColumn for $ty {
            fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self> {
                let value: i64 = get_raw(row, index)?;
                <$ty>::try_from(value).map_err(|_| out_of_range(index, value))
            }
        }

        impl FromColumn for Option<$ty> {
            fn from_column(row: &postgres::Row, index: ColumnIndex<'_>) -> DbResult<Self> {
                let value: Option<i64> = get_raw(row, index)?;
                value
                    .map(|v| <$ty>::try_from(v).map_err(|_| out_of_range(index, v)))
                    .transpose()
            }
        }
    )+};
}

narrow_columns!(i32, u32, u8);

fn out_of_range(index: ColumnIndex<'_>, value: i64) -> DbError {
    DbError::Corrupt(format!("column {index:?}: {value} is out of range"))
}

/// One row of a result.
pub(crate) struct Row<'a>(postgres::Row, PhantomData<&'a ()>);

impl Row<'_> {
    /// The column `index` (a position or a name) as `T`.
    pub(crate) fn get<'i, I: Into<ColumnIndex<'i>>, T: FromColumn>(&self, index: I) -> DbResult<T> {
        T::from_column(&self.0, index.into())
    }
}

/// The rows of a query, one at a time.
pub(crate) struct Rows(std::vec::IntoIter<postgres::Row>);

impl Rows {
    /// The next row. (Fallible like rusqlite's, which the table modules are written for: all
    /// rows have arrived when a query returns here.)
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn next(&mut self) -> DbResult<Option<Row<'static>>> {
        Ok(self.0.next().map(|row| Row(row, PhantomData)))
    }
}

// ---- transactions ----------------------------------------------------------------------------

/// Prepared statements of one connection, by their SQL.
pub(crate) type StatementCache = HashMap<String, Statement>;

/// One open transaction and its connection's statement cache.
pub(crate) struct Transaction<'a> {
    inner: RefCell<postgres::Transaction<'a>>,
    statements: RefCell<&'a mut StatementCache>,
}

impl<'a> Transaction<'a> {
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

    /// A statement prepared once per connection.
    pub(crate) fn prepare_cached(&self, sql: &str) -> DbResult<Stmt<'_, 'a>> {
        let cached = self.statements.borrow().get(sql).cloned();
        let statement = if let Some(statement) = cached {
            statement
        } else {
            let statement = self.inner.borrow_mut().prepare(sql)?;
            self.statements
                .borrow_mut()
                .insert(sql.to_owned(), statement.clone());
            statement
        };
        Ok(Stmt {
            tx: self,
            statement,
        })
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
                    Value::Text(text) => Param::Text(Some(text.clone())),
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

/// A prepared statement in a transaction.
pub(crate) struct Stmt<'t, 'a> {
    tx: &'t Transaction<'a>,
    statement: Statement,
}

impl Stmt<'_, '_> {
    fn bind<'p>(&self, params: &'p [Param]) -> DbResult<Vec<&'p (dyn ToSql + Sync)>> {
        let types = self.statement.params();
        if types.len() != params.len() {
            return Err(DbError::Corrupt(format!(
                "{} parameters given for {}",
                params.len(),
                types.len()
            )));
        }
        for (position, (param, ty)) in params.iter().zip(types).enumerate() {
            if !param.fits(ty) && !matches!(param, Param::Int(None)) {
                return Err(DbError::Corrupt(format!(
                    "parameter ${} is {ty}, given {param:?}",
                    position + 1
                )));
            }
        }
        Ok(params.iter().map(|p| p as &(dyn ToSql + Sync)).collect())
    }

    /// Every row.
    pub(crate) fn query(&mut self, params: &[Param]) -> DbResult<Rows> {
        let bound = self.bind(params)?;
        let rows = self.tx.inner.borrow_mut().query(&self.statement, &bound)?;
        Ok(Rows(rows.into_iter()))
    }

    /// The first row mapped, or [`DbError::NoRow`].
    pub(crate) fn query_row<T>(
        &mut self,
        params: &[Param],
        from_row: impl FnOnce(&Row<'_>) -> DbResult<T>,
    ) -> DbResult<T> {
        match self.query(params)?.next()? {
            Some(row) => from_row(&row),
            None => Err(DbError::NoRow),
        }
    }

    /// Every row mapped.
    pub(crate) fn query_map<T>(
        &mut self,
        params: &[Param],
        from_row: impl Fn(&Row<'_>) -> DbResult<T>,
    ) -> DbResult<Vec<T>> {
        let mut rows = self.query(params)?;
        let mut values = Vec::new();
        while let Some(row) = rows.next()? {
            values.push(from_row(&row)?);
        }
        Ok(values)
    }

    /// Runs the statement; the rows it changed.
    pub(crate) fn execute(&mut self, params: &[Param]) -> DbResult<u64> {
        let bound = self.bind(params)?;
        Ok(self
            .tx
            .inner
            .borrow_mut()
            .execute(&self.statement, &bound)?)
    }

    /// True if the query returns a row.
    pub(crate) fn exists(&mut self, params: &[Param]) -> DbResult<bool> {
        Ok(self.query(params)?.next()?.is_some())
    }
}

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
    use crate::store::Color;

    fn allowed<T: TextCode>(schema: &str) {
        for &value in T::ALL {
            let code = value.code();
            assert!(
                schema.contains(&format!("'{code}'")),
                "the PostgreSQL schema does not allow {code}"
            );
        }
    }

    #[test]
    fn the_schema_allows_every_code() {
        let schema: String = super::super::schema::MIGRATIONS
            .iter()
            .map(|(_, sql)| *sql)
            .collect();
        allowed::<Color>(&schema);
        allowed::<ColourChoice>(&schema);
        allowed::<ChallengeStatus>(&schema);
        allowed::<GameStatus>(&schema);
        allowed::<GameResult>(&schema);
        allowed::<EndReason>(&schema);
        allowed::<Language>(&schema);
        allowed::<NotifyMode>(&schema);
        allowed::<AbortReason>(&schema);
        allowed::<TournamentStatus>(&schema);
        allowed::<PuzzleStatus>(&schema);
    }

    #[test]
    fn every_integer_binds_as_a_bigint_and_nulls_bind_anywhere() {
        assert!(7_u32.to_param().fits(&Type::INT8));
        assert!(!7_u32.to_param().fits(&Type::TEXT));
        assert!("x".to_param().fits(&Type::TEXT));
        assert!(true.to_param().fits(&Type::BOOL));
        assert!(matches!(None::<String>.to_param(), Param::Int(None)));
        assert!(matches!(GameStatus::Active.to_param(), Param::Text(Some(ref s)) if s == "active"));
    }
}
