//! Where the database is: a database setting names a PostgreSQL database (a `postgres://`
//! URL, or a connection string) or a SQLite file (anything else).

use std::fmt;
use std::path::PathBuf;

use super::url;

/// Where the database is, as a setting (`database.url`, `database.path`, `DAMA_DATABASE`, a
/// tool's argument) names it.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseLocation {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database: its URL, `postgres://user:password@host:port/database` (or
    /// `postgresql://...`), or a key=value connection string (`host=db user=dama
    /// password=... dbname=dama`). Shown (`Display`, `Debug`) without its password.
    Postgres(String),
}

impl DatabaseLocation {
    /// A `postgres://` or `postgresql://` URL, or a key=value connection string (starting
    /// with one of PostgreSQL's connection parameters, such as `host=`), names PostgreSQL;
    /// anything else is a SQLite path.
    #[must_use]
    pub fn parse(setting: &str) -> Self {
        let trimmed = setting.trim();
        let lower = trimmed.to_ascii_lowercase();
        if lower.starts_with("postgres://")
            || lower.starts_with("postgresql://")
            || url::is_connection_string(trimmed)
        {
            DatabaseLocation::Postgres(trimmed.to_owned())
        } else {
            DatabaseLocation::Sqlite(PathBuf::from(setting))
        }
    }
}

/// [`DatabaseLocation::parse`], for command-line arguments: every setting names a database.
impl std::str::FromStr for DatabaseLocation {
    type Err = std::convert::Infallible;

    fn from_str(setting: &str) -> Result<Self, Self::Err> {
        Ok(Self::parse(setting))
    }
}

impl fmt::Display for DatabaseLocation {
    /// The path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseLocation::Sqlite(path) => write!(f, "{}", path.display()),
            DatabaseLocation::Postgres(url) => f.write_str(&url::redact_password(url)),
        }
    }
}

impl fmt::Debug for DatabaseLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseLocation::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            DatabaseLocation::Postgres(_) => {
                f.debug_tuple("Postgres").field(&self.to_string()).finish()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_postgres_and_the_rest_is_a_path() {
        assert_eq!(
            DatabaseLocation::parse("postgres://dama@localhost/dama"),
            DatabaseLocation::Postgres("postgres://dama@localhost/dama".into())
        );
        assert!(matches!(
            DatabaseLocation::parse("PostgreSQL://h/db"),
            DatabaseLocation::Postgres(_)
        ));
        assert_eq!(
            DatabaseLocation::parse("data/dama.db"),
            DatabaseLocation::Sqlite(PathBuf::from("data/dama.db"))
        );
        assert_eq!(
            DatabaseLocation::parse("postgres.db"),
            DatabaseLocation::Sqlite(PathBuf::from("postgres.db"))
        );
    }

    #[test]
    fn passwords_never_show() {
        let location = DatabaseLocation::parse("postgres://dama:s3cret@db.example:5433/dama");
        assert_eq!(
            location.to_string(),
            "postgres://dama:***@db.example:5433/dama"
        );
        assert!(!format!("{location:?}").contains("s3cret"));
        let location = DatabaseLocation::parse("postgresql://h/db?user=a&password=s3cret&x=1");
        assert_eq!(
            location.to_string(),
            "postgresql://h/db?user=a&password=***&x=1"
        );
        let location = DatabaseLocation::parse("postgres://dama@h/db");
        assert_eq!(location.to_string(), "postgres://dama@h/db");
        // Delimiters of a URL inside the password, and a connection string.
        for (setting, shown) in [
            (
                "postgres://dama:S3cr/et+pw@db/dama",
                "postgres://dama:***@db/dama",
            ),
            (
                "postgres://dama:p?ss#w@db/dama",
                "postgres://dama:***@db/dama",
            ),
            (
                "postgres://dama:p@ss/w@db/dama",
                "postgres://dama:***@db/dama",
            ),
            (
                "postgres://db/dama?pass%77ord=s3cr%25et",
                "postgres://db/dama?pass%77ord=***",
            ),
            ("host=db password=pa#ss", "host=db password=***"),
            (
                "host=db user=dama password='x y/?#@%' dbname=dama",
                "host=db user=dama password=*** dbname=dama",
            ),
        ] {
            let location = DatabaseLocation::parse(setting);
            assert!(
                matches!(location, DatabaseLocation::Postgres(_)),
                "{setting}"
            );
            assert_eq!(location.to_string(), shown);
            assert_eq!(format!("{location:?}"), format!("Postgres({shown:?})"));
        }
    }
}
