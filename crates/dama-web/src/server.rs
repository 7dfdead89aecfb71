//! The routes of the Activity's server: the page's files (embedded, with a strict
//! Content-Security-Policy, gzipped for clients that take it), `POST /api/token` and
//! `GET /ws`.

use std::collections::HashMap;
use std::io::Write as _;
use std::sync::{Arc, LazyLock};

use axum::Router;
use axum::extract::{Query, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;

use super::Web;
use super::protocol::{TokenAnswer, You};
use super::socket::{self, Place};
use dama_core::i18n::{Language, t};

/// The page's Content-Security-Policy: its own files only, its WebSocket, images as data, and
/// framed only by Discord (and itself).
pub const CSP: &str = "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; \
style-src 'self'; script-src 'self'; frame-ancestors https://discord.com https://*.discord.com \
https://*.discordsays.com 'self'";

/// One of the page's files: its type, and its bytes plain and gzipped.
struct File {
    content_type: &'static str,
    plain: &'static [u8],
    gzipped: LazyLock<Vec<u8>>,
}

macro_rules! file {
    ($path:literal, $type:literal) => {
        File {
            content_type: $type,
            plain: include_bytes!(concat!("../../../web/dist/", $path)),
            gzipped: LazyLock::new(|| gzip(include_bytes!(concat!("../../../web/dist/", $path)))),
        }
    };
}

static INDEX: File = file!("index.html", "text/html; charset=utf-8");
static SCRIPT: File = file!("app.js", "text/javascript; charset=utf-8");
static STYLE: File = file!("app.css", "text/css; charset=utf-8");

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to memory does not fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// The routes, on `web`.
pub fn router(web: Arc<Web>) -> Router {
    Router::new()
        .route(
            "/",
            get(|headers: HeaderMap| async move { serve_file(&INDEX, &headers) }),
        )
        .route(
            "/index.html",
            get(|headers: HeaderMap| async move { serve_file(&INDEX, &headers) }),
        )
        .route(
            "/app.js",
            get(|headers: HeaderMap| async move { serve_file(&SCRIPT, &headers) }),
        )
        .route(
            "/app.css",
            get(|headers: HeaderMap| async move { serve_file(&STYLE, &headers) }),
        )
        .route("/api/token", post(token))
        .route("/ws", get(websocket))
        .fallback(not_found)
        .with_state(web)
}

fn serve_file(file: &File, headers: &HeaderMap) -> Response {
    let gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|accepted| {
            accepted
                .split(',')
                .any(|coding| coding.trim().starts_with("gzip"))
        });
    let mut response = if gzip {
        let mut response = file.gzipped.clone().into_response();
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        file.plain.into_response()
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file.content_type),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain")],
        "not found\n",
    )
        .into_response()
}

/// The body of `POST /api/token`.
#[derive(Debug, Deserialize)]
struct TokenRequest {
    code: String,
    #[serde(default)]
    name: Option<String>,
}

/// The language of a request's `Accept-Language` (English without one).
fn request_language(headers: &HeaderMap) -> Language {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split([',', ';']).next())
        .map_or(Language::En, Language::from_locale)
}

/// `POST /api/token`: the code exchanged, a session opened for its person.
async fn token(
    State(web): State<Arc<Web>>,
    headers: HeaderMap,
    body: axum::extract::Json<TokenRequest>,
) -> Response {
    let language = request_language(&headers);
    match web
        .auth
        .exchange_named(&body.code, body.name.as_deref())
        .await
    {
        Ok(user) => {
            let session = web.sessions.open(&user);
            axum::Json(TokenAnswer {
                access_token: user.access_token,
                session,
                you: You {
                    id: user.user.to_string(),
                    name: user.name,
                },
            })
            .into_response()
        }
        Err(error) => {
            tracing::info!(%error, "a page's code was refused");
            (
                StatusCode::UNAUTHORIZED,
                axum::Json(serde_json::json!({"error": t!(language, ActivitySignInFailed)})),
            )
                .into_response()
        }
    }
}

/// `GET /ws?session=S&instance=I&channel=C&locale=it`: the page's WebSocket, for an open
/// session whose person is in the Activity instance.
async fn websocket(
    State(web): State<Arc<Web>>,
    Query(query): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let field = |name: &str| query.get(name).map(String::as_str).unwrap_or_default();
    let language = Language::from_locale(field("locale"));
    let refused = |status: StatusCode, text: String| {
        (status, axum::Json(serde_json::json!({"error": text}))).into_response()
    };
    let Some(session) = web.sessions.get(field("session")) else {
        return refused(StatusCode::UNAUTHORIZED, t!(language, ActivitySignInFailed));
    };
    let instance = match web.auth.instance(field("instance")).await {
        Ok(instance) => instance,
        Err(error) => {
            tracing::info!(%error, "a page's Activity instance was refused");
            return refused(StatusCode::FORBIDDEN, t!(language, ActivityNotInInstance));
        }
    };
    if !instance.users.contains(&session.user) {
        return refused(StatusCode::FORBIDDEN, t!(language, ActivityNotInInstance));
    }
    let place = Place {
        guild: instance.guild.unwrap_or_default(),
        channel: instance.channel,
        people: web
            .auth
            .lists_present_people()
            .then(|| super::live::Listed {
                instance: field("instance").to_owned(),
                people: instance.users,
            }),
    };
    upgrade
        .max_message_size(16 * 1024)
        .on_upgrade(move |socket| socket::run(socket, web, session, place, language))
}
