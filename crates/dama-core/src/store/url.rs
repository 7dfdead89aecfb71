//! Database settings without their passwords: the one place that finds a password in a
//! `postgres://` URL, a key=value connection string, or a line of text that holds either, so
//! that logs, errors, `Debug` output and the `db` commands show the setting with `***` in its
//! place.
//!
//! The search errs on the side of hiding: in a URL everything between the user's `:` and the
//! *last* `@` is the password (a raw `@`, `/`, `?` or `#` in a password stays hidden), and an
//! unquoted `password=` value runs on to the next parameter (`&name=` in a URL, or a space and
//! one of PostgreSQL's parameters such as `host=` in a connection string), not merely to the
//! next space or `&`.

use std::borrow::Cow;
use std::ops::Range;

/// What stands in for a password.
pub const MASK: &str = "***";

/// The keys of PostgreSQL's connection parameters (libpq's, as the `postgres` client reads
/// them): a key=value connection string starts with one of them, and an unquoted password
/// ends where the next one starts.
const KEYS: [&str; 23] = [
    "host",
    "hostaddr",
    "port",
    "dbname",
    "user",
    "password",
    "options",
    "application_name",
    "sslmode",
    "sslnegotiation",
    "sslcert",
    "sslkey",
    "sslrootcert",
    "connect_timeout",
    "tcp_user_timeout",
    "keepalives",
    "keepalives_idle",
    "keepalives_interval",
    "keepalives_retries",
    "target_session_attrs",
    "channel_binding",
    "load_balance_hosts",
    "replication",
];

/// `text` with every password in it replaced by [`MASK`]: the password of a
/// `postgres://user:password@host/db` (or `postgresql://`) URL, and the value of each
/// `password=` parameter, in a URL's query string or a key=value connection string
/// (`host=db password='x y'`). Anything else is kept as it is.
#[must_use]
pub fn redact_password(text: &str) -> String {
    let spans = secret_spans(text);
    if spans.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for span in spans {
        out.push_str(&text[at..span.start]);
        out.push_str(MASK);
        at = span.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Whether `setting` is a key=value connection string (`host=db user=dama ...`): it starts
/// with one of PostgreSQL's connection parameters and `=`.
#[must_use]
pub fn is_connection_string(setting: &str) -> bool {
    let trimmed = setting.trim_start();
    let key_len = trimmed
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    KEYS.contains(&trimmed[..key_len].to_ascii_lowercase().as_str())
        && trimmed[key_len..].trim_start().starts_with('=')
}

/// `message` (a driver's words about `setting`, which may quote a piece of it) with every
/// piece of the setting's passwords masked: each password as written, percent-decoded, and
/// each of its words of three characters or more.
#[must_use]
pub fn scrub(message: &str, setting: &str) -> String {
    let mut pieces: Vec<String> = Vec::new();
    for span in secret_spans(setting) {
        let raw = setting[span].trim_matches('\'');
        pieces.push(raw.to_owned());
        pieces.push(percent_decode(raw).into_owned());
        pieces.extend(
            raw.split(|c: char| c.is_whitespace() || matches!(c, '&' | '=' | '\\'))
                .filter(|word| word.chars().count() >= 3)
                .map(str::to_owned),
        );
    }
    // The longest first, so that a password is masked whole rather than word by word.
    pieces.sort_by_key(|piece| std::cmp::Reverse(piece.len()));
    pieces.dedup();
    let mut out = message.to_owned();
    for piece in pieces.iter().filter(|piece| !piece.is_empty()) {
        out = out.replace(piece.as_str(), MASK);
    }
    out
}

/// The byte ranges of `text` that hold a password, in order and not overlapping.
fn secret_spans(text: &str) -> Vec<Range<usize>> {
    let mut spans = url_passwords(text);
    spans.extend(parameter_passwords(text));
    spans.sort_by_key(|span| span.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(spans.len());
    for span in spans {
        match merged.last_mut() {
            Some(last) if span.start <= last.end => last.end = last.end.max(span.end),
            _ => merged.push(span),
        }
    }
    merged
}

/// The password of each `postgres://` or `postgresql://` URL in `text`: from the first `:`
/// after the scheme to the last `@` of the line, when there is one.
fn url_passwords(text: &str) -> Vec<Range<usize>> {
    let lower = text.to_ascii_lowercase();
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(found) = lower[from..].find("postgres") {
        let start = from + found;
        from = start + "postgres".len();
        let after = if lower[from..].starts_with("://") {
            from + 3
        } else if lower[from..].starts_with("ql://") {
            from + 5
        } else {
            continue;
        };
        let line_end = text[after..]
            .find('\n')
            .map_or(text.len(), |end| after + end);
        let Some(at) = text[after..line_end].rfind('@').map(|at| after + at) else {
            continue;
        };
        if let Some(colon) = text[after..at].find(':') {
            spans.push(after + colon + 1..at);
        }
        from = at;
    }
    spans
}

/// The value of each `password=` parameter in `text` (the key percent-decoded, in any case):
/// a quoted value to its closing quote; an unquoted one to the next known parameter, or to
/// the end of the line.
fn parameter_passwords(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    for (equals, _) in text.match_indices('=') {
        let before = text[..equals].trim_end_matches([' ', '\t']);
        let key_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '%'))
            .map_or(0, |at| at + 1);
        if !percent_decode(&before[key_start..]).eq_ignore_ascii_case("password") {
            continue;
        }
        let value_start = equals
            + 1
            + (text[equals + 1..].len() - text[equals + 1..].trim_start_matches([' ', '\t']).len());
        let line_end = text[value_start..]
            .find('\n')
            .map_or(text.len(), |end| value_start + end);
        let value_end = if bytes.get(value_start) == Some(&b'\'') {
            quoted_end(text, value_start, line_end)
        } else {
            unquoted_end(text, value_start, line_end)
        };
        if value_end > value_start {
            spans.push(value_start..value_end);
        }
    }
    spans
}

/// The end of a quoted value starting at `start` (its opening quote): after the closing
/// quote, a quote after a backslash not counting; the line's end when it is not closed.
fn quoted_end(text: &str, start: usize, line_end: usize) -> usize {
    let mut escaped = false;
    for (offset, c) in text[start + 1..line_end].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\'' => return start + 1 + offset + 1,
            _ => {}
        }
    }
    line_end
}

/// The end of an unquoted value starting at `start`: before the next `&` followed by a
/// parameter (`name=`, as in a URL's query), or the next space followed by a known parameter
/// (as in a connection string); the line's end when none follows.
fn unquoted_end(text: &str, start: usize, line_end: usize) -> usize {
    let value = &text[start..line_end];
    for (offset, c) in value.char_indices() {
        let next = &value[offset + c.len_utf8()..];
        if (c == '&' && starts_with_parameter(next, false))
            || (c.is_whitespace() && starts_with_parameter(next.trim_start(), true))
        {
            return start + offset;
        }
    }
    line_end
}

/// Whether `text` starts with a parameter's key (one of PostgreSQL's when `known`) and `=`.
fn starts_with_parameter(text: &str, known: bool) -> bool {
    let key_len = text
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'%')
        .count();
    key_len > 0
        && (!known
            || KEYS.contains(
                &percent_decode(&text[..key_len])
                    .to_ascii_lowercase()
                    .as_str(),
            ))
        && text[key_len..].trim_start().starts_with('=')
}

/// `text` with its `%XX` escapes decoded (invalid ones and invalid UTF-8 kept as they are).
fn percent_decode(text: &str) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    match String::from_utf8(out) {
        Ok(decoded) => Cow::Owned(decoded),
        Err(_) => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each password must be gone from the redacted setting, raw and percent-decoded.
    fn hidden(setting: &str, password: &str) -> String {
        let redacted = redact_password(setting);
        assert!(
            !redacted.contains(password),
            "{password:?} shows in {redacted:?}"
        );
        let decoded = percent_decode(password);
        assert!(
            !redacted.contains(decoded.as_ref()),
            "{decoded:?} shows in {redacted:?}"
        );
        assert!(redacted.contains(MASK), "{redacted}");
        redacted
    }

    #[test]
    fn url_passwords_with_raw_delimiters_are_hidden() {
        for password in [
            "S3cr/et+pw",
            "pa?ss",
            "pa#ss",
            "p@ss",
            "50%off",
            "a/b?c#d@e%f",
            "x@y/z@w",
        ] {
            for scheme in ["postgres", "postgresql", "PostgreSQL"] {
                let redacted = hidden(
                    &format!("{scheme}://dama:{password}@db.example:5433/dama"),
                    password,
                );
                assert_eq!(
                    redacted,
                    format!("{scheme}://dama:***@db.example:5433/dama")
                );
            }
        }
    }

    #[test]
    fn percent_encoded_passwords_are_hidden() {
        let redacted = hidden(
            "postgres://dama:S3cr%2Fet%3F%23%40%25x@db/dama",
            "S3cr%2Fet%3F%23%40%25x",
        );
        assert_eq!(redacted, "postgres://dama:***@db/dama");
        assert!(!redacted.contains("S3cr/et?#@%x"));
    }

    #[test]
    fn query_string_passwords_are_hidden() {
        assert_eq!(
            hidden(
                "postgresql://h/db?user=a&password=s3cret&sslmode=disable",
                "s3cret"
            ),
            "postgresql://h/db?user=a&password=***&sslmode=disable"
        );
        // A raw `&` or `#` in the value: hidden up to the next known parameter.
        assert_eq!(
            hidden("postgres://h/db?password=a&b#c&user=x", "a&b#c"),
            "postgres://h/db?password=***&user=x"
        );
        // The key percent-encoded or in capitals.
        hidden("postgres://h/db?pass%77ord=s3cret", "s3cret");
        hidden("postgres://h/db?PASSWORD=s3cret", "s3cret");
        // A password in both places.
        assert_eq!(
            redact_password("postgres://u:one@h/db?password=two"),
            "postgres://u:***@h/db?password=***"
        );
    }

    #[test]
    fn urls_without_a_password_are_kept() {
        for url in [
            "postgres://dama@h/db",
            "postgres://h:5432/db",
            "postgresql://h/db?user=a&sslmode=disable",
            "postgres://",
            "dama.db",
            "data/postgres.db",
        ] {
            assert_eq!(redact_password(url), url);
        }
    }

    #[test]
    fn connection_string_passwords_are_hidden() {
        assert_eq!(
            hidden(
                "host=db user=dama password='x y/?#@%' dbname=dama",
                "x y/?#@%"
            ),
            "host=db user=dama password=*** dbname=dama"
        );
        assert_eq!(
            hidden("host=db password = s3cr/et?#@ dbname=dama", "s3cr/et?#@"),
            "host=db password = *** dbname=dama"
        );
        // An escaped quote inside the quotes, and a value to the end.
        hidden(r"password='it\'s secret' host=db", r"it\'s secret");
        hidden("host=db password=last", "last");
        // An unquoted value with a space: hidden until a known parameter.
        hidden("host=db password=two words user=dama", "two words");
        // Not closed: hidden to the end.
        hidden("host=db password='open to the end", "open to the end");
    }

    #[test]
    fn connection_strings_are_recognised() {
        for setting in [
            "host=db dbname=dama",
            "  user = dama password=x",
            "dbname=dama",
        ] {
            assert!(is_connection_string(setting), "{setting}");
        }
        for setting in ["dama.db", "postgres://h/db", "hostess=1", "data/host=x.db"] {
            assert!(!is_connection_string(setting), "{setting}");
        }
    }

    #[test]
    fn passwords_in_lines_of_text_are_hidden() {
        let line = "INFO damabot: starting database=postgres://dama:S3cr/et+pw@db/dama\n\
                    next line keeps user@example.com";
        let redacted = redact_password(line);
        assert!(!redacted.contains("S3cr/et+pw"), "{redacted}");
        assert!(redacted.ends_with("user@example.com"), "{redacted}");
    }

    #[test]
    fn driver_messages_are_scrubbed() {
        let setting = "host=db password=my secret=1";
        assert_eq!(
            scrub("unknown option `secret`", setting),
            "unknown option `***`"
        );
        assert_eq!(
            scrub("invalid value for option `port`", setting),
            "invalid value for option `port`"
        );
        assert_eq!(
            scrub("bad S3cr/et", "postgres://u:S3cr%2Fet@h/db"),
            "bad ***"
        );
    }
}
