//! Logging through `tracing`: `RUST_LOG` wins over `log.filter` from the configuration.
//!
//! Every line goes through [`redact`] before it is written, so neither an interaction token
//! (which lets anyone answer in the bot's name for 15 minutes), the bot token nor a database
//! password ever reaches a log, whichever crate logged it. Colours are used only on a terminal, never with `NO_COLOR`.

use std::io::{self, IsTerminal, Write};

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// Installs the global subscriber, writing to standard error. Safe to call more than once.
pub fn init(filter: &str) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(filter))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let colour = io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(RedactingStderr)
        .try_init();
}

/// Standard error, with secrets taken out of every line.
struct RedactingStderr;

impl<'a> MakeWriter<'a> for RedactingStderr {
    type Writer = Redacting<io::Stderr>;

    fn make_writer(&'a self) -> Self::Writer {
        Redacting(io::stderr())
    }
}

/// A writer that redacts what it is given (the formatter writes each event in one call).
struct Redacting<W>(W);

impl<W: Write> Write for Redacting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(redact(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Where a secret follows in a line: after these, everything up to the next delimiter is one.
const SECRET_AFTER: [&str; 10] = [
    "/interactions/",
    "/webhooks/",
    "token: \"",
    "\"token\":\"",
    "\"token\": \"",
    "Bot ",
    // The Activity's: an OAuth2 access token, the application's client secret.
    "Bearer ",
    "access_token\":\"",
    "client_secret=",
    "client_secret\":\"",
];

/// `text` with interaction tokens and bot tokens replaced by `[redacted]`: the segment after
/// the id in `/interactions/{id}/{token}` and `/webhooks/{app}/{token}`, `token` fields of
/// debug or JSON output, `Bot <token>` and `Bearer <token>` as in an `Authorization` header,
/// the Activity's access tokens and client secret as a form or JSON sends them; and database
/// passwords replaced by `***` (see [`dama_core::store::url::redact_password`]).
#[must_use]
pub fn redact(text: &str) -> String {
    dama_core::store::url::redact_password(&redact_tokens(text))
}

fn redact_tokens(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((at, marker)) = SECRET_AFTER
        .iter()
        .filter_map(|m| rest.find(m).map(|at| (at, *m)))
        .min_by_key(|&(at, _)| at)
    {
        let start = at + marker.len();
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        if marker.starts_with('/') {
            // `{id}/` first, then the token.
            let id_len = rest.bytes().take_while(u8::is_ascii_digit).count();
            if id_len == 0 || rest.as_bytes().get(id_len) != Some(&b'/') {
                continue;
            }
            out.push_str(&rest[..=id_len]);
            rest = &rest[id_len + 1..];
        }
        let secret_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
            .count();
        // Short words are not tokens ("Bot is ready", "/webhooks/1/messages").
        if secret_len >= 20 {
            out.push_str("[redacted]");
            rest = &rest[secret_len..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6";

    #[test]
    fn interaction_tokens_are_redacted() {
        let url = format!(
            "error sending request for url (http://127.0.0.1:4/api/v10/webhooks/77/{TOKEN}/messages/@original)"
        );
        let redacted = redact(&url);
        assert!(!redacted.contains(TOKEN), "{redacted}");
        assert!(
            redacted.ends_with("/webhooks/77/[redacted]/messages/@original)"),
            "{redacted}"
        );
        let callback = format!("POST /api/v10/interactions/123/{TOKEN}/callback failed");
        assert_eq!(
            redact(&callback),
            "POST /api/v10/interactions/123/[redacted]/callback failed"
        );
        let debug = format!("ComponentInteraction {{ id: 5, token: \"{TOKEN}\", x: 1 }}");
        assert!(!redact(&debug).contains(TOKEN));
        let json = format!("{{\"type\":3,\"token\":\"{TOKEN}\"}}");
        assert_eq!(redact(&json), "{\"type\":3,\"token\":\"[redacted]\"}");
    }

    #[test]
    fn bot_tokens_are_redacted() {
        let header = "authorization: Bot MTIzNDU2Nzg5MDEyMzQ1Njc4.GdAmA1.c3RhbmQtaW4tdG9rZW4";
        assert_eq!(redact(header), "authorization: Bot [redacted]");
    }

    #[test]
    fn the_activity_secrets_are_redacted() {
        let form = "client_id=1&client_secret=Zm9vYmFyYmF6cXV4cXV1eHF1dXo&code=x";
        assert_eq!(redact(form), "client_id=1&client_secret=[redacted]&code=x");
        let bearer = "authorization: Bearer aW50ZXJhY3Rpb246MTIzNDU2Nzg5";
        assert_eq!(redact(bearer), "authorization: Bearer [redacted]");
        let json = r#"{"access_token":"aW50ZXJhY3Rpb246MTIzNDU2Nzg5","token_type":"Bearer"}"#;
        assert_eq!(
            redact(json),
            r#"{"access_token":"[redacted]","token_type":"Bearer"}"#
        );
    }

    #[test]
    fn database_passwords_are_redacted() {
        let line = "INFO damabot::cli::bot: starting database=postgres://dama:S3cr/et+pw@db/dama";
        assert_eq!(
            redact(line),
            "INFO damabot::cli::bot: starting database=postgres://dama:***@db/dama"
        );
        let line = "WARN x: cannot open host=db password='a b' dbname=dama";
        assert_eq!(
            redact(line),
            "WARN x: cannot open host=db password=*** dbname=dama"
        );
    }

    #[test]
    fn ordinary_text_is_kept() {
        for text in [
            "connected as Dama",
            "Bot is ready",
            "/webhooks/1/messages",
            "registered 18 commands in guild 5",
            "PATCH /channels/1/messages/2",
        ] {
            assert_eq!(redact(text), text);
        }
    }

    #[test]
    fn the_writer_redacts_each_write() {
        let mut out = Redacting(Vec::new());
        let line = format!("warn: could not edit /webhooks/9/{TOKEN}/messages/@original\n");
        out.write_all(line.as_bytes()).unwrap();
        let written = String::from_utf8(out.0).unwrap();
        assert_eq!(
            written,
            "warn: could not edit /webhooks/9/[redacted]/messages/@original\n"
        );
    }
}
