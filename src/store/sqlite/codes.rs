//! The domain's codes (`store::codes`) bound and read by rusqlite.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::i18n::Language;
pub(super) use crate::store::codes::{TextCode, UnknownCode, discord_id, sql_id};
use crate::store::{
    AbortReason, ChallengeStatus, ColourChoice, EndReason, GameResult, GameStatus, NotifyMode,
    PuzzleStatus, TournamentStatus,
};

/// Binds and reads the crate's own coded types as their text codes. (`Color` belongs to the
/// rules crate, so it is bound as `color.code()`.)
macro_rules! sql_text_code {
    ($($ty:ty),+) => {$(
        impl ToSql for $ty {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(TextCode::code(*self)))
            }
        }

        impl FromSql for $ty {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                <Self as TextCode>::from_code(value.as_str()?)
                    .map_err(|e| FromSqlError::Other(Box::new(e)))
            }
        }
    )+};
}

sql_text_code!(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Color;

    fn check<T: TextCode + PartialEq + std::fmt::Debug>() {
        let schema = super::super::schema::MIGRATIONS_SQL.concat();
        let mut seen = std::collections::HashSet::new();
        for &value in T::ALL {
            let code = value.code();
            assert!(seen.insert(code), "{code} given twice");
            assert_eq!(T::from_code(code), Ok(value));
            assert!(
                schema.contains(&format!("'{code}'")),
                "the schema does not allow {code}"
            );
        }
        let error = T::from_code("no such code").unwrap_err();
        assert_eq!(error.value, "no such code");
    }

    #[test]
    fn every_code_reads_back_and_the_schema_allows_it() {
        check::<Color>();
        check::<ColourChoice>();
        check::<ChallengeStatus>();
        check::<GameStatus>();
        check::<GameResult>();
        check::<EndReason>();
        check::<Language>();
        check::<NotifyMode>();
        check::<AbortReason>();
        check::<TournamentStatus>();
        check::<PuzzleStatus>();
        for language in Language::ALL {
            assert_eq!(Language::from_code(language.code()), Some(language));
            assert_eq!(TextCode::code(language), language.code());
            assert_eq!(
                <Language as TextCode>::from_code(language.code()),
                Ok(language)
            );
        }
    }

    #[test]
    fn ids_are_bit_cast() {
        for id in [0, 1, u64::from(u32::MAX), 1 << 63, u64::MAX - 7, u64::MAX] {
            assert_eq!(discord_id(sql_id(id)), id);
        }
        assert_eq!(sql_id(u64::MAX), -1);
    }
}
