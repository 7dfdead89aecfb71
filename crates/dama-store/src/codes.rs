//! How both backends store the domain's values: a text code for each enum value, and Discord
//! ids as signed 64-bit integers.

use dama_core::i18n::Language;
use dama_core::store::{
    AbortReason, ChallengeStatus, Color, ColourChoice, EndReason, GameResult, GameStatus,
    NotifyMode, PuzzleStatus, TournamentStatus,
};

/// A Discord id as stored: the same 64 bits, as a signed integer. SQLite's integers and
/// PostgreSQL's `BIGINT` are signed 64-bit, so `id as i64` (read back with `value as u64`) is
/// lossless for every `u64` and keeps exact integer comparisons and indexes. (A snowflake stays below 2^63 until the year 2084,
/// so even the sort order is preserved.)
pub(super) const fn sql_id(id: u64) -> i64 {
    id as i64
}

/// A stored Discord id back to `u64`.
pub(super) const fn discord_id(value: i64) -> u64 {
    value as u64
}

/// A stored value that this version does not know (a code written by someone else).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{value}`")]
pub(super) struct UnknownCode {
    pub what: &'static str,
    pub value: String,
}

/// A type stored as one of a fixed set of text codes.
pub(super) trait TextCode: Sized + Copy + 'static {
    /// Every value, in declaration order (for the tests of the tables).
    #[cfg(test)]
    const ALL: &'static [Self];
    /// The stored code.
    fn code(self) -> &'static str;
    /// The value of a stored code.
    fn from_code(text: &str) -> Result<Self, UnknownCode>;
}

/// Declares the codes of each type once; both directions come from that one table. `code` is
/// an exhaustive match, so a new variant without a code does not compile, and a code given
/// twice is an unreachable pattern in `from_code`.
macro_rules! text_codes {
    ($($ty:ident ($what:literal) { $($variant:ident => $code:literal),+ $(,)? })+) => {$(
        impl TextCode for $ty {
            #[cfg(test)]
            const ALL: &'static [Self] = &[$($ty::$variant),+];

            fn code(self) -> &'static str {
                match self {
                    $($ty::$variant => $code,)+
                }
            }

            fn from_code(text: &str) -> Result<Self, UnknownCode> {
                match text {
                    $($code => Ok($ty::$variant),)+
                    _ => Err(UnknownCode {
                        what: $what,
                        value: text.to_owned(),
                    }),
                }
            }
        }
    )+};
}

text_codes! {
    Color ("colour") {
        White => "white",
        Black => "black",
    }
    ColourChoice ("colour choice") {
        White => "white",
        Black => "black",
        Random => "random",
    }
    ChallengeStatus ("challenge status") {
        Pending => "pending",
        Accepted => "accepted",
        Declined => "declined",
        Cancelled => "cancelled",
        Expired => "expired",
    }
    GameStatus ("game status") {
        Active => "active",
        Finished => "finished",
        Aborted => "aborted",
    }
    GameResult ("game result") {
        WhiteWins => "1-0",
        BlackWins => "0-1",
        Draw => "1/2-1/2",
    }
    EndReason ("end reason") {
        Resign => "resign",
        NoMoves => "no-moves",
        Repetition => "repetition",
        FortyMove => "forty-move",
        TimeoutClaim => "timeout-claim",
        TimeoutSweep => "timeout-sweep",
        Abort => "abort",
        Agreement => "agreement",
    }
    Language ("language") {
        It => "it",
        En => "en",
        Es => "es",
    }
    NotifyMode ("notification choice") {
        Dm => "dm",
        Ping => "ping",
        Off => "off",
    }
    AbortReason ("abort reason") {
        Moderator => "moderator",
        Idle => "idle",
    }
    TournamentStatus ("tournament status") {
        Signup => "signup",
        Running => "running",
        Finished => "finished",
        Cancelled => "cancelled",
    }
    PuzzleStatus ("puzzle status") {
        Open => "open",
        Solved => "solved",
        Failed => "failed",
        Abandoned => "abandoned",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The migrations of both backends, each as one text.
    fn schemas() -> [(&'static str, String); 2] {
        [
            ("SQLite", super::super::sqlite::MIGRATIONS_SQL.concat()),
            (
                "PostgreSQL",
                super::super::postgres::MIGRATIONS
                    .iter()
                    .map(|(_, sql)| *sql)
                    .collect(),
            ),
        ]
    }

    fn check<T: TextCode + PartialEq + std::fmt::Debug>() {
        let mut seen = std::collections::HashSet::new();
        for &value in T::ALL {
            let code = value.code();
            assert!(seen.insert(code), "{code} given twice");
            assert_eq!(T::from_code(code), Ok(value));
            for (backend, schema) in schemas() {
                assert!(
                    schema.contains(&format!("'{code}'")),
                    "the {backend} schema does not allow {code}"
                );
            }
        }
        let error = T::from_code("no such code").unwrap_err();
        assert_eq!(error.value, "no such code");
    }

    #[test]
    fn every_code_reads_back_and_both_schemas_allow_it() {
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
