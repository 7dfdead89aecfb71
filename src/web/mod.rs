//! The Activity's side of the bot: the page players click, served by the bot's own process
//! (`[web]` in the configuration), and the sessions of the people using it.
//!
//! - `server`: the routes: the page's embedded files, `POST /api/token`, `GET /ws`.
//! - [`session`]: who is behind a page ([`ActivityAuth`]: Discord in `damabot run`, the
//!   local names of `damabot local --web`), and the open sessions.
//! - [`protocol`]: the WebSocket's messages; `socket`: one task a page.
//! - `live`: the pages of each channel and game, kept live from the service's change feed
//!   (spectators counted in every process); `lobby`: a channel's lobby as a frame.
//! - [`words`]: the page's words, from the bot's files.

mod config;
mod live;
mod lobby;
pub mod protocol;
mod server;
pub mod session;
mod socket;
pub mod words;

use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;

pub use config::WebConfig;
pub use server::CSP;
pub use session::{ActivityAuth, LocalAuth, Sessions};
pub use socket::{BURST, RATE};

use crate::game::GameService;
use crate::work::Work;

/// The Activity's server: the service it plays on, the work it runs there, who vouches for
/// its people, their sessions, and the pages watching games.
pub struct Web {
    service: Arc<GameService>,
    work: Work,
    auth: Arc<dyn ActivityAuth>,
    sessions: Sessions,
    live: Arc<live::Live>,
}

impl Web {
    /// The server's state, its live feed started on the current runtime.
    #[must_use]
    pub fn start(service: Arc<GameService>, work: Work, auth: Arc<dyn ActivityAuth>) -> Arc<Web> {
        let live = live::Live::start(Arc::clone(&service), work.clone());
        Arc::new(Web {
            service,
            work,
            auth,
            sessions: Sessions::default(),
            live,
        })
    }

    /// The routes.
    pub fn router(self: &Arc<Self>) -> axum::Router {
        server::router(Arc::clone(self))
    }

    /// Serves the page on `listener` within `limits` until `stopped` turns true.
    pub async fn serve(
        self: Arc<Self>,
        listener: TcpListener,
        limits: crate::http::Limits,
        stopped: watch::Receiver<bool>,
    ) {
        let router = self.router();
        crate::http::serve(
            "web server",
            listener,
            router,
            limits,
            crate::http::Connections::KeepAlive,
            stopped,
        )
        .await;
    }
}
