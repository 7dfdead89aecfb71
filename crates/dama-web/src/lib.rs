//! The bot's HTTP side: the Activity's page players click, served by the bot's own process
//! (`[web]` in the configuration), the sessions of the people using it, and the metrics and
//! health endpoint (`[metrics]`).
//!
//! - [`http`]: serving a router: a cap on connections, read and write deadlines.
//! - `server`: the routes: the page's embedded files, `POST /api/token`, `GET /ws`.
//! - [`session`]: the open sessions (who vouches for a page's person: an [`ActivityAuth`],
//!   Discord in `damabot run`, the console's names in `damabot local --web`).
//! - [`protocol`]: the WebSocket's messages; `socket`: one task a page.
//! - `live`: the pages of each channel and game, kept live from the service's change feed
//!   (spectators counted in every process); `lobby`: a channel's lobby as a frame.
//! - [`words`]: the page's words, from the bot's files.
//! - [`generated`]: what the page's TypeScript takes from here (the protocol's types, the
//!   words' ids, the crown), written to `web/src/generated/` and checked by a test.
//! - [`metrics`]: `/metrics` and `/health`.
//!
//! The page draws its board in the PNG boards' colours (`[render]`), which `hello` carries.

pub mod generated;
pub mod http;
mod live;
mod lobby;
pub mod metrics;
pub mod protocol;
mod server;
pub mod session;
mod socket;
pub mod words;

use std::sync::{Arc, OnceLock, Weak};
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

pub use protocol::BoardColours;
pub use server::CSP;
pub use session::Sessions;
pub use socket::{BURST, RATE};

use dama_render::Theme;
use dama_service::GameService;
use dama_service::activity::ActivityAuth;
use dama_service::delivery::Courier;
use dama_service::work::Work;

/// How often Discord is asked again who is in each Activity instance with pages here: the
/// people present change without a page of this process opening or closing (a page on
/// another process, someone who left Discord's call).
pub const RELIST_INTERVAL: Duration = Duration::from_secs(15);

/// The Activity's server: the service it plays on, the work it runs there, who vouches for
/// its people, their sessions, the pages watching games, and the board's colours.
pub struct Web {
    service: Arc<GameService>,
    work: Work,
    auth: Arc<dyn ActivityAuth>,
    sessions: Sessions,
    live: Arc<live::Live>,
    colours: BoardColours,
    /// Where the pages' public answers go, as the same action's would on the platform: the
    /// channel's chat (the board, its ping, the notices it brings). Unset: the pages alone
    /// hear of them.
    courier: OnceLock<Courier>,
}

impl Web {
    /// The server's state, its live feed started on the current runtime; its pages draw the
    /// board in `theme`'s colours (the PNG boards': [`Renderer::theme`](dama_render::Renderer::theme)).
    #[must_use]
    pub fn start(
        service: Arc<GameService>,
        work: Work,
        auth: Arc<dyn ActivityAuth>,
        theme: &Theme,
    ) -> Arc<Web> {
        Web::start_relisting(service, work, auth, theme, RELIST_INTERVAL)
    }

    /// [`Web::start`], asking Discord who is in each Activity instance with pages here every
    /// `every` (instead of [`RELIST_INTERVAL`]).
    #[must_use]
    pub fn start_relisting(
        service: Arc<GameService>,
        work: Work,
        auth: Arc<dyn ActivityAuth>,
        theme: &Theme,
        every: Duration,
    ) -> Arc<Web> {
        let live = live::Live::start(Arc::clone(&service), work.clone());
        let web = Arc::new(Web {
            service,
            work,
            auth,
            sessions: Sessions::default(),
            live,
            colours: BoardColours::from(theme),
            courier: OnceLock::new(),
        });
        if web.auth.lists_present_people() {
            tokio::spawn(relist(Arc::downgrade(&web), every));
        }
        web
    }

    /// Delivers the pages' public answers through `courier` from now on: a move, an offer, a
    /// resignation or a game started on a page is posted in its channel's chat, and notifies,
    /// as the same action there would. (Set once; later calls change nothing.)
    pub fn deliver_through(&self, courier: Courier) {
        let _ = self.courier.set(courier);
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

/// Asks Discord every `every` who is in each Activity instance with pages here, until the
/// server is gone.
async fn relist(web: Weak<Web>, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        let Some(web) = web.upgrade() else {
            return;
        };
        for (channel, instance) in web.live.listed_instances() {
            match web.auth.instance(&instance).await {
                Ok(found) if found.channel == channel => {
                    web.live.relisted(channel, &instance, found.users);
                }
                Ok(_) => {}
                // Ended: its pages close on their own; Discord unreachable: next time.
                Err(error) => tracing::debug!(%error, "an Activity instance was not listed again"),
            }
        }
    }
}
