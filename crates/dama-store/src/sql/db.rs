//! The driver interface the table modules are written against: one transaction
//! ([`Transaction`]) whose statements are prepared once per connection, parameters converted
//! from the domain's Rust types ([`params!`]), and rows read into them ([`Row::get`]), with the
//! errors of the driver kept apart from values that do not read ([`DbError`]).
//!
//! A backend provides a [`Connection`] (its open transaction: run a statement, hand over its
//! rows one at a time) and [`Columns`] (one row: a column as an integer, a float, a text or a
//! boolean); everything else here is common to both.

use super::super::codes::{TextCode, UnknownCode};
use super::dialect::Dialect;
use dama_core::i18n::Language;
use dama_core::store::{
    AbortReason, ChallengeStatus, ColourChoice, EndReason, GameResult, GameStatus, NotifyMode,
    PuzzleStatus, StoreError, TournamentStatus,
};

/// An error of the driver, kept whole for the caller (which may read its code).
pub(crate) type DriverError = Box<dyn std::error::Error + Send + Sync>;

/// What a statement can fail with.
#[derive(Debug, thiserror::Error)]
pub(crate) enum DbError {
    /// The driver's error: the server's refusal, or a lost connection.
    #[error(transparent)]
    Driver(DriverError),
    /// A key or a check refused the statement, and the transaction goes on (SQLite: writers
    /// run one at a time, so the refusal is final and the caller names it). PostgreSQL aborts
    /// the transaction instead, reports a [`DbError::Driver`] and runs the transaction again,
    /// whose own checks then name the refusal.
    #[error(transparent)]
    Constraint(DriverError),
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
            DbError::Driver(error) | DbError::Constraint(error) => StoreError::Backend(error),
            DbError::NoRow => StoreError::Backend(Box::new(DbError::NoRow)),
        }
    }
}

/// `Ok(None)` for a query that found no row.
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

// ---- what a backend provides -----------------------------------------------------------------

/// What a query does with each row: `false` to stop.
pub(crate) type EachRow<'e> = &'e mut dyn FnMut(&dyn Columns) -> DbResult<bool>;

/// One open transaction of a backend.
pub(crate) trait Connection {
    /// Runs the query `sql` (placeholders `?1`, `?2`, ...; prepared once per connection) and
    /// hands each row to `each` until it returns `false`.
    fn query(&self, sql: &str, params: &[Param<'_>], each: EachRow<'_>) -> DbResult<()>;
    /// Runs the statement `sql`; the rows it changed.
    fn execute(&self, sql: &str, params: &[Param<'_>]) -> DbResult<u64>;
}

/// One row of a result, column by column.
pub(crate) trait Columns {
    fn int(&self, index: ColumnIndex<'_>) -> DbResult<Option<i64>>;
    fn float(&self, index: ColumnIndex<'_>) -> DbResult<Option<f64>>;
    fn text(&self, index: ColumnIndex<'_>) -> DbResult<Option<String>>;
    fn boolean(&self, index: ColumnIndex<'_>) -> DbResult<Option<bool>>;
}

/// Implements [`Columns`] for a driver's row type whose own `get::<T>(index)` reads each of
/// the four kinds of value.
macro_rules! columns_through_get {
    ($row:ty) => {
        impl $crate::sql::db::Columns for $row {
            fn int(
                &self,
                index: $crate::sql::db::ColumnIndex<'_>,
            ) -> $crate::sql::db::DbResult<Option<i64>> {
                self.get(index)
            }

            fn float(
                &self,
                index: $crate::sql::db::ColumnIndex<'_>,
            ) -> $crate::sql::db::DbResult<Option<f64>> {
                self.get(index)
            }

            fn text(
                &self,
                index: $crate::sql::db::ColumnIndex<'_>,
            ) -> $crate::sql::db::DbResult<Option<String>> {
                self.get(index)
            }

            fn boolean(
                &self,
                index: $crate::sql::db::ColumnIndex<'_>,
            ) -> $crate::sql::db::DbResult<Option<bool>> {
                self.get(index)
            }
        }
    };
}
pub(crate) use columns_through_get;

// ---- parameters ------------------------------------------------------------------------------

/// One bound value. Every integer column is a 64-bit integer, so every integer binds as one.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Param<'a> {
    Int(Option<i64>),
    Float(Option<f64>),
    Text(Option<&'a str>),
    Bool(Option<bool>),
}

/// A Rust value that binds as a parameter.
pub(crate) trait IntoParam {
    fn to_param(&self) -> Param<'_>;
}

macro_rules! int_params {
    ($($ty:ty),+) => {$(
        impl IntoParam for $ty {
            fn to_param(&self) -> Param<'_> {
                Param::Int(Some(i64::from(*self)))
            }
        }
    )+};
}

int_params!(i64, i32, u32, u8);

impl IntoParam for u64 {
    fn to_param(&self) -> Param<'_> {
        // Only counts and offsets are u64 here; they are far below 2^63.
        Param::Int(Some(i64::try_from(*self).unwrap_or(i64::MAX)))
    }
}

impl IntoParam for f64 {
    fn to_param(&self) -> Param<'_> {
        Param::Float(Some(*self))
    }
}

impl IntoParam for bool {
    fn to_param(&self) -> Param<'_> {
        Param::Bool(Some(*self))
    }
}

impl IntoParam for str {
    fn to_param(&self) -> Param<'_> {
        Param::Text(Some(self))
    }
}

impl IntoParam for &str {
    fn to_param(&self) -> Param<'_> {
        Param::Text(Some(self))
    }
}

impl IntoParam for String {
    fn to_param(&self) -> Param<'_> {
        Param::Text(Some(self))
    }
}

impl<T: IntoParam> IntoParam for Option<T> {
    fn to_param(&self) -> Param<'_> {
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
            fn to_param(&self) -> Param<'_> {
                Param::Text(Some(TextCode::code(*self)))
            }
        }

        impl FromColumn for $ty {
            fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self> {
                let text: String = FromColumn::from_column(row, index)?;
                Ok(<$ty as TextCode>::from_code(&text)?)
            }
        }

        impl FromColumn for Option<$ty> {
            fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self> {
                let text = row.text(index)?;
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
        &[] as &[$crate::sql::db::Param<'_>]
    };
    ($($value:expr),+ $(,)?) => {
        &[$($crate::sql::db::IntoParam::to_param(&$value)),+]
            as &[$crate::sql::db::Param<'_>]
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

/// A Rust value read from a column.
pub(crate) trait FromColumn: Sized {
    fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self>;
}

/// A NULL where the column must hold a value.
fn null(index: ColumnIndex<'_>) -> DbError {
    DbError::Corrupt(format!("column {index:?}: NULL where a value must be"))
}

macro_rules! direct_columns {
    ($($ty:ty => $read:ident),+) => {$(
        impl FromColumn for $ty {
            fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self> {
                row.$read(index)?.ok_or_else(|| null(index))
            }
        }

        impl FromColumn for Option<$ty> {
            fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self> {
                row.$read(index)
            }
        }
    )+};
}

direct_columns!(i64 => int, f64 => float, bool => boolean, String => text);

macro_rules! narrow_columns {
    ($($ty:ty),+) => {$(
        impl FromColumn for $ty {
            fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self> {
                let value: i64 = FromColumn::from_column(row, index)?;
                <$ty>::try_from(value).map_err(|_| out_of_range(index, value))
            }
        }

        impl FromColumn for Option<$ty> {
            fn from_column(row: &dyn Columns, index: ColumnIndex<'_>) -> DbResult<Self> {
                row.int(index)?
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
#[derive(Clone, Copy)]
pub(crate) struct Row<'a>(&'a dyn Columns);

impl Row<'_> {
    /// The column `index` (a position or a name) as `T`.
    pub(crate) fn get<'i, I: Into<ColumnIndex<'i>>, T: FromColumn>(&self, index: I) -> DbResult<T> {
        T::from_column(self.0, index.into())
    }
}

// ---- transactions ----------------------------------------------------------------------------

/// One open transaction of either backend.
#[derive(Clone, Copy)]
pub(crate) struct Transaction<'a> {
    connection: &'a dyn Connection,
    dialect: &'static Dialect,
}

impl<'a> Transaction<'a> {
    pub(crate) fn new(connection: &'a dyn Connection, dialect: &'static Dialect) -> Self {
        Self {
            connection,
            dialect,
        }
    }

    /// The backend's SQL where it differs.
    pub(crate) fn dialect(&self) -> &'static Dialect {
        self.dialect
    }

    /// A statement, prepared once per connection (on its first run).
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn prepare_cached<'s>(&self, sql: &'s str) -> DbResult<Stmt<'s, 'a>> {
        Ok(Stmt {
            connection: self.connection,
            sql,
        })
    }
}

/// A statement in a transaction.
pub(crate) struct Stmt<'s, 'a> {
    connection: &'a dyn Connection,
    sql: &'s str,
}

impl Stmt<'_, '_> {
    /// The first row mapped, or [`DbError::NoRow`].
    pub(crate) fn query_row<T>(
        &mut self,
        params: &[Param<'_>],
        from_row: impl FnOnce(&Row<'_>) -> DbResult<T>,
    ) -> DbResult<T> {
        let mut from_row = Some(from_row);
        let mut value = None;
        self.connection.query(self.sql, params, &mut |columns| {
            if let Some(from_row) = from_row.take() {
                value = Some(from_row(&Row(columns))?);
            }
            Ok(false)
        })?;
        value.ok_or(DbError::NoRow)
    }

    /// Every row mapped.
    pub(crate) fn query_map<T>(
        &mut self,
        params: &[Param<'_>],
        from_row: impl Fn(&Row<'_>) -> DbResult<T>,
    ) -> DbResult<Vec<T>> {
        let mut values = Vec::new();
        self.connection.query(self.sql, params, &mut |columns| {
            values.push(from_row(&Row(columns))?);
            Ok(true)
        })?;
        Ok(values)
    }

    /// Hands each row to `each` until it returns `false` (the rows after are not read).
    pub(crate) fn for_each(
        &mut self,
        params: &[Param<'_>],
        mut each: impl FnMut(&Row<'_>) -> DbResult<bool>,
    ) -> DbResult<()> {
        self.connection
            .query(self.sql, params, &mut |columns| each(&Row(columns)))
    }

    /// Runs the statement; the rows it changed.
    pub(crate) fn execute(&mut self, params: &[Param<'_>]) -> DbResult<u64> {
        self.connection.execute(self.sql, params)
    }

    /// True if the query returns a row.
    pub(crate) fn exists(&mut self, params: &[Param<'_>]) -> DbResult<bool> {
        let mut found = false;
        self.connection.query(self.sql, params, &mut |_| {
            found = true;
            Ok(false)
        })?;
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_integer_binds_as_a_bigint_and_nulls_bind_anywhere() {
        assert!(matches!(7_u32.to_param(), Param::Int(Some(7))));
        assert!(matches!("x".to_param(), Param::Text(Some("x"))));
        assert!(matches!(true.to_param(), Param::Bool(Some(true))));
        assert!(matches!(None::<String>.to_param(), Param::Int(None)));
        assert!(matches!(
            GameStatus::Active.to_param(),
            Param::Text(Some("active"))
        ));
    }
}
