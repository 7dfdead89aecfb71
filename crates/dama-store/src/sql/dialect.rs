//! Where the two backends' SQL differs, side by side. Every other statement of the table
//! modules is written once, with `?1`, `?2`, ... placeholders (PostgreSQL's driver reads them
//! as `$1`, `$2`, ...), `TRUE`/`FALSE`, `IS DISTINCT FROM`, `ON CONFLICT` and `CAST`, which
//! both understand.
//!
//! Two steps differ by more than a fragment, and are written side by side where they are:
//! recording a move (`games::insert_move`: three statements on SQLite, one data-modifying
//! `WITH` on PostgreSQL, one round trip), and a key that refuses an insert (`DbError`:
//! SQLite's transaction goes on and the caller names the refusal; PostgreSQL's is aborted and
//! run again, and the next run's checks name it).

/// Which backend a transaction runs on, for the few steps that are not a statement apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backend {
    Sqlite,
    Postgres,
}

/// The SQL fragments that differ.
#[derive(Debug)]
pub(crate) struct Dialect {
    pub backend: Backend,
    /// A game played in its channel, not in a thread. SQLite keeps flags as integers, and its
    /// partial index `games_one_active_per_channel` is used only for the very words of its
    /// condition (`in_thread = 0`); PostgreSQL's is a boolean.
    pub in_channel: &'static str,
    /// A game played in a thread.
    pub in_thread: &'static str,
    /// The larger of two values: SQLite's two-argument `max`, PostgreSQL's `greatest`.
    pub greatest: &'static str,
}

pub(crate) const SQLITE: Dialect = Dialect {
    backend: Backend::Sqlite,
    in_channel: "in_thread = 0",
    in_thread: "in_thread = 1",
    greatest: "max",
};

pub(crate) const POSTGRES: Dialect = Dialect {
    backend: Backend::Postgres,
    in_channel: "NOT in_thread",
    in_thread: "in_thread",
    greatest: "greatest",
};
