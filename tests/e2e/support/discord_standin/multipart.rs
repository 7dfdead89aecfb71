//! Request bodies: JSON, or `multipart/form-data` with `payload_json` and `files[n]` parts.

use serde_json::Value;

use super::record::UploadedFile;

/// A parsed request body.
#[derive(Debug, Default)]
pub struct Body {
    pub json: Option<Value>,
    pub files: Vec<UploadedFile>,
}

/// Parses a body by its content type; the error says what was malformed.
pub fn parse_body(content_type: &str, bytes: &[u8]) -> Result<Body, String> {
    if bytes.is_empty() {
        return Ok(Body::default());
    }
    let media_type = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match media_type.as_str() {
        "application/json" => serde_json::from_slice(bytes)
            .map(|json| Body {
                json: Some(json),
                files: Vec::new(),
            })
            .map_err(|e| format!("invalid json body: {e}")),
        // The OAuth2 token exchange: its fields as an object of strings.
        "application/x-www-form-urlencoded" => {
            let text = std::str::from_utf8(bytes).map_err(|_| "a form body that is not utf-8")?;
            let mut fields = serde_json::Map::new();
            for pair in text.split('&').filter(|p| !p.is_empty()) {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                fields.insert(form_decode(name)?, Value::String(form_decode(value)?));
            }
            Ok(Body {
                json: Some(Value::Object(fields)),
                files: Vec::new(),
            })
        }
        "multipart/form-data" => {
            let boundary = parameter(content_type, "boundary")
                .ok_or_else(|| "multipart body without a boundary".to_owned())?;
            parse_multipart(&boundary, bytes)
        }
        other => Err(format!("unexpected content type {other:?} for a body")),
    }
}

/// A form-encoded name or value: `+` is a space, `%XX` a byte.
fn form_decode(text: &str) -> Result<String, String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(b) = rest.next() {
        match b {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hex: String = rest.by_ref().take(2).map(char::from).collect();
                let byte = u8::from_str_radix(&hex, 16)
                    .map_err(|_| format!("a bad escape %{hex} in a form body"))?;
                bytes.push(byte);
            }
            _ => bytes.push(b),
        }
    }
    String::from_utf8(bytes).map_err(|_| "a form field that is not utf-8".to_owned())
}

fn parse_multipart(boundary: &str, bytes: &[u8]) -> Result<Body, String> {
    let delimiter = format!("--{boundary}");
    let part_end = format!("\r\n--{boundary}");
    let mut body = Body::default();
    let mut pos = find(bytes, delimiter.as_bytes(), 0)
        .ok_or_else(|| "multipart body without its first boundary".to_owned())?
        + delimiter.len();
    loop {
        let rest = &bytes[pos..];
        if rest.starts_with(b"--") {
            return Ok(body);
        }
        if !rest.starts_with(b"\r\n") {
            return Err("multipart boundary not followed by a line break".to_owned());
        }
        pos += 2;
        let headers_end = find(bytes, b"\r\n\r\n", pos)
            .ok_or_else(|| "multipart part without the end of its headers".to_owned())?;
        let headers = std::str::from_utf8(&bytes[pos..headers_end])
            .map_err(|_| "multipart part headers are not utf-8".to_owned())?;
        let content_start = headers_end + 4;
        let content_end = find(bytes, part_end.as_bytes(), content_start)
            .ok_or_else(|| "multipart part without a closing boundary".to_owned())?;
        let content = &bytes[content_start..content_end];
        pos = content_end + part_end.len();

        let mut disposition = None;
        let mut part_type = None;
        for line in headers.split("\r\n") {
            let Some((name, value)) = line.split_once(':') else {
                continue;
            };
            match name.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => disposition = Some(value.trim().to_owned()),
                "content-type" => part_type = Some(value.trim().to_owned()),
                _ => {}
            }
        }
        let disposition =
            disposition.ok_or_else(|| "multipart part without content-disposition".to_owned())?;
        let field = parameter(&disposition, "name")
            .ok_or_else(|| "multipart part without a name".to_owned())?;
        match parameter(&disposition, "filename") {
            Some(filename) => body.files.push(UploadedFile {
                field,
                filename,
                content_type: part_type,
                bytes: content.to_vec(),
            }),
            None if field == "payload_json" => {
                let json = serde_json::from_slice(content)
                    .map_err(|e| format!("invalid payload_json: {e}"))?;
                body.json = Some(json);
            }
            None => return Err(format!("unexpected multipart field {field:?}")),
        }
    }
}

/// The value of `name=value` (quoted or not) among the `;`-separated parameters of a header.
fn parameter(header: &str, name: &str) -> Option<String> {
    header.split(';').skip(1).find_map(|item| {
        let (key, value) = item.split_once('=')?;
        if !key.trim().eq_ignore_ascii_case(name) {
            return None;
        }
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value);
        Some(value.to_owned())
    })
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

/// Reads PNG width and height from the IHDR chunk.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let header = bytes.get(..24)?;
    if &header[..8] != b"\x89PNG\r\n\x1a\n" || &header[12..16] != b"IHDR" {
        return None;
    }
    let width = u32::from_be_bytes(header[16..20].try_into().ok()?);
    let height = u32::from_be_bytes(header[20..24].try_into().ok()?);
    Some((width, height))
}

/// A media type from a file name, as Discord guesses it.
pub fn content_type_of(filename: &str) -> &'static str {
    let lower = filename.to_ascii_lowercase();
    match lower.rsplit('.').next() {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("txt") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}
