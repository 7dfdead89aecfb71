//! Who is behind a page of the Activity: the seam between the page's server (`dama_web`) and
//! whoever vouches for its people (Discord's OAuth2 and Activity instances in `damabot run`,
//! the console's names in `damabot local --web`), which the composition root wires together.

use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;

use dama_core::store::{ChannelId, GuildId, UserId};
use rand::Rng;

/// A future an [`ActivityAuth`] returns.
pub type AuthFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, AuthError>> + Send + 'a>>;

/// Who a page's OAuth2 code belongs to, and who is in an Activity instance.
pub trait ActivityAuth: Send + Sync {
    /// Exchanges a page's OAuth2 code for an access token and reads whose it is (Discord:
    /// `POST /oauth2/token`, then `GET /users/@me` with the bearer token).
    fn exchange<'a>(&'a self, code: &'a str) -> AuthFuture<'a, AuthorizedUser>;

    /// [`Self::exchange`] for a page that also gave a `name`: ignored unless the people are
    /// named by the page itself (the local mode of `damabot local --web`).
    fn exchange_named<'a>(
        &'a self,
        code: &'a str,
        name: Option<&'a str>,
    ) -> AuthFuture<'a, AuthorizedUser> {
        let _ = name;
        self.exchange(code)
    }

    /// Where an Activity instance runs and who is in it (Discord:
    /// `GET /applications/{app}/activity-instances/{instance}` with the bot's token).
    fn instance<'a>(&'a self, instance: &'a str) -> AuthFuture<'a, ActivityInstance>;

    /// Whether [`ActivityInstance::users`] are the people present in the Activity (Discord),
    /// or only whoever may connect (the local mode: the present are the pages connected).
    fn lists_present_people(&self) -> bool {
        true
    }
}

/// The person an exchanged code belongs to.
#[derive(Clone, PartialEq, Eq)]
pub struct AuthorizedUser {
    /// The access token the page authenticates the SDK with. Never logged.
    pub access_token: String,
    pub user: UserId,
    /// The name to show (global name, else user name).
    pub name: String,
    /// The person's Discord locale, when known (`it`, `en-US`, `es-ES`).
    pub locale: Option<String>,
}

impl std::fmt::Debug for AuthorizedUser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthorizedUser")
            .field("access_token", &"[hidden]")
            .field("user", &self.user)
            .field("name", &self.name)
            .field("locale", &self.locale)
            .finish()
    }
}

/// Where an Activity instance runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityInstance {
    /// The server, `None` in a direct or group message.
    pub guild: Option<GuildId>,
    /// The channel or thread it was launched in.
    pub channel: ChannelId,
    /// The people in it now.
    pub users: Vec<UserId>,
}

/// Why a person could not be vouched for.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// The code or token was refused (expired, already used, another application's, the SDK's
    /// mock code outside the local mode).
    #[error("the authorization was refused")]
    Refused,
    /// No such Activity instance (ended, or never was).
    #[error("no such activity instance")]
    UnknownInstance,
    /// Discord could not be reached or answered with an error worth trying again.
    #[error("Discord could not be reached: {0}")]
    Unavailable(String),
}

/// A random, unguessable token (256 bits, hexadecimal).
#[must_use]
pub fn new_secret() -> String {
    let bytes: [u8; 32] = rand::rng().random();
    let mut text = String::with_capacity(64);
    for byte in bytes {
        let _ = write!(text, "{byte:02x}");
    }
    text
}
