//! The request dump: with `DAMA_STANDIN_DUMP=PATH` (or [`super::Options::dump`]) every request
//! the stand-in receives is appended to PATH as one JSON line, `{"method", "path", "json"}`;
//! [`validate_dump`] checks a dump against Discord's API description afterwards, so the traffic
//! of many tests and processes can be judged in one place.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write as _;
use std::path::Path;

use serde_json::{Value, json};

use super::schema;

/// Appends one request as one line with one `write` on a file opened for appending, so lines
/// from parallel tests and processes never interleave.
pub fn append(path: &Path, method: &str, full_path: &str, body: Option<&Value>) {
    let line = json!({ "method": method, "path": full_path, "json": body });
    let mut bytes = line.to_string().into_bytes();
    bytes.push(b'\n');
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path);
    let mut file = file
        .unwrap_or_else(|e| panic!("the request dump {} cannot be opened: {e}", path.display()));
    let written = file
        .write(&bytes)
        .unwrap_or_else(|e| panic!("the request dump {} cannot be written: {e}", path.display()));
    assert_eq!(
        written,
        bytes.len(),
        "the request dump {} took a line only in part",
        path.display()
    );
}

/// What [`validate_dump`] found in a dump.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DumpReport {
    /// How many requests the dump holds.
    pub requests: usize,
    /// Requests by method and route template, e.g. `POST /channels/{channel_id}/messages`.
    pub routes: BTreeMap<String, usize>,
    /// Interaction callbacks by their `type`.
    pub callback_types: BTreeMap<u64, usize>,
    /// Every violation of the schema or of the documented rules, with its line number.
    pub violations: Vec<String>,
    /// Requests to routes Discord's API description does not have (`METHOD path`).
    pub unmatched: Vec<String>,
}

impl DumpReport {
    /// No violation and no unmatched route.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.violations.is_empty() && self.unmatched.is_empty()
    }
}

impl fmt::Display for DumpReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} requests", self.requests)?;
        for (route, n) in &self.routes {
            writeln!(f, "  {n:>5}  {route}")?;
        }
        let types: Vec<String> = self
            .callback_types
            .iter()
            .map(|(t, n)| format!("{t}: {n}"))
            .collect();
        writeln!(f, "callback types: {}", types.join(", "))?;
        writeln!(f, "{} violations", self.violations.len())?;
        for v in &self.violations {
            writeln!(f, "  {v}")?;
        }
        writeln!(f, "{} unmatched", self.unmatched.len())?;
        for u in &self.unmatched {
            writeln!(f, "  {u}")?;
        }
        Ok(())
    }
}

/// Reads a dump and checks every request in it as the stand-in checks them live.
///
/// # Panics
/// When the file cannot be read or a line is not a request as [`append`] writes it.
#[must_use]
pub fn validate_dump(path: impl AsRef<Path>) -> DumpReport {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("the request dump {} cannot be read: {e}", path.display()));
    let mut report = DumpReport::default();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let entry: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{}:{}: not a JSON line: {e}", path.display(), n + 1));
        let method = entry["method"].as_str().unwrap_or("");
        let request_path = entry["path"].as_str().unwrap_or("");
        let body = entry.get("json").filter(|j| !j.is_null());
        report.requests += 1;
        let (route, violations) = schema::check(method, request_path, body);
        match route {
            Some(route) => {
                if route.ends_with("/callback") {
                    if let Some(kind) = body.and_then(|b| b["type"].as_u64()) {
                        *report.callback_types.entry(kind).or_default() += 1;
                    }
                }
                *report.routes.entry(route).or_default() += 1;
            }
            None => report.unmatched.push(format!("{method} {request_path}")),
        }
        for v in violations {
            report.violations.push(format!("line {}: {v}", n + 1));
        }
    }
    report
}
