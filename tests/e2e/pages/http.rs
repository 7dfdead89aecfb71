//! The Activity's server over plain HTTP: the page's files with their policy and types, a
//! code the vouching side refuses opens no session, and `hello` carries the board colours of
//! `[render]`.

use std::sync::Arc;

use super::support::{http, page, start_rendering};
use dama_console::People;
use dama_core::config::RenderConfig;
use dama_service::activity::{
    ActivityAuth, ActivityInstance, AuthError, AuthFuture, AuthorizedUser,
};
use serde_json::Value;

/// Discord as `damabot run` sees it for a page with the SDK's mock code: refused.
struct Refusing;

impl ActivityAuth for Refusing {
    fn exchange<'a>(&'a self, _code: &'a str) -> AuthFuture<'a, AuthorizedUser> {
        Box::pin(async { Err(AuthError::Refused) })
    }

    fn instance<'a>(&'a self, _instance: &'a str) -> AuthFuture<'a, ActivityInstance> {
        Box::pin(async { Err(AuthError::UnknownInstance) })
    }
}

#[tokio::test]
async fn the_page_is_served_with_its_policy_and_types() {
    let server = super::support::start().await;
    let (status, head, body) = http(server.address, "GET", "/", "", "").await;
    assert_eq!(status, 200);
    assert!(
        head.contains(&format!(
            "content-security-policy: {}",
            dama_web::CSP.to_ascii_lowercase()
        )),
        "{head}"
    );
    assert!(
        head.contains("frame-ancestors https://discord.com"),
        "{head}"
    );
    assert!(head.contains("content-type: text/html"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("<html"));
    let (status, head, _) = http(server.address, "GET", "/app.js", "", "").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/javascript"), "{head}");
    let (status, head, _) = http(server.address, "GET", "/app.css", "", "").await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/css"), "{head}");
    // Gzipped for a client that takes it.
    let (status, head, body) = http(
        server.address,
        "GET",
        "/app.js",
        "accept-encoding: gzip, br\r\n",
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert_eq!(&body[..2], &[0x1f, 0x8b]);
    assert_eq!(http(server.address, "GET", "/nothing", "", "").await.0, 404);
}

#[tokio::test]
async fn a_refused_code_opens_no_session() {
    dama_core::i18n::load().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = dama_store::SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let service = dama_service::GameService::new(
        Arc::new(store),
        Arc::new(dama_service::ManualClock::new(super::support::START)),
        super::support::settings(),
    );
    let server = super::support::start_with(
        Arc::new(service),
        Arc::new(Refusing),
        Arc::new(People::default()),
    )
    .await;
    let (status, _, body) = http(
        server.address,
        "POST",
        "/api/token",
        "accept-language: it-IT,it;q=0.9\r\n",
        r#"{"code":"mock_code","name":"alice"}"#,
    )
    .await;
    assert_eq!(status, 401);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert!(body.get("session").is_none(), "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Non è stato possibile")
    );
    // No session: no WebSocket.
    let (status, _, _) = http(
        server.address,
        "GET",
        "/ws?session=forged&instance=i&channel=1&locale=en",
        "connection: upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
        "",
    )
    .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn hello_carries_the_board_colours_of_render() {
    // As an operator's `[render]` would set them (either case).
    let render = RenderConfig {
        dark_square: "#1B4D8C".into(),
        crown: "#c0c0c0".into(),
        ..RenderConfig::default()
    };
    let server = start_rendering(&render).await;
    let (_socket, hello) = page(&server, "alice", "en").await;
    let colours = &hello["colours"];
    assert_eq!(colours["dark_square"], "#1b4d8c", "{hello}");
    assert_eq!(colours["crown"], "#c0c0c0", "{hello}");
    // The others as configured: the defaults.
    assert_eq!(colours["light_square"], "#f0d9b5", "{hello}");
    // The squares of the last move as the PNG boards mix them.
    assert_eq!(colours["highlighted_square"], "#b2a45f", "{hello}");
}
