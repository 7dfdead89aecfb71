//! Who is behind a page: the seam between the page's server and whoever vouches for its
//! people (Discord's OAuth2 and Activity instances in `damabot run`, the local names of
//! `damabot local --web`).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};

use rand::Rng;

use crate::console::People;
use crate::store::{ChannelId, GuildId, UserId};

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

/// The people of `damabot local --web`: any code is accepted, and the person is the name the
/// page gives (`you` when it gives none), the same person as that name in the console. Only
/// ever built by `damabot local --web`: in `damabot run` the SDK's mock code is refused like
/// any code Discord refuses.
pub struct LocalAuth {
    people: Arc<People>,
    guild: GuildId,
    channel: ChannelId,
}

impl LocalAuth {
    /// Names become `people`; every page plays in `channel` of `guild`.
    #[must_use]
    pub fn new(people: Arc<People>, guild: GuildId, channel: ChannelId) -> LocalAuth {
        LocalAuth {
            people,
            guild,
            channel,
        }
    }
}

/// The name of a local person when the page gives none.
pub const LOCAL_DEFAULT_NAME: &str = "you";

impl ActivityAuth for LocalAuth {
    fn exchange<'a>(&'a self, code: &'a str) -> AuthFuture<'a, AuthorizedUser> {
        self.exchange_named(code, None)
    }

    fn exchange_named<'a>(
        &'a self,
        _code: &'a str,
        name: Option<&'a str>,
    ) -> AuthFuture<'a, AuthorizedUser> {
        let name = name
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .unwrap_or(LOCAL_DEFAULT_NAME)
            .chars()
            .take(32)
            .collect::<String>();
        let user = self.people.id(&name);
        Box::pin(async move {
            Ok(AuthorizedUser {
                access_token: new_secret(),
                user,
                name,
                locale: None,
            })
        })
    }

    fn instance<'a>(&'a self, _instance: &'a str) -> AuthFuture<'a, ActivityInstance> {
        Box::pin(async move {
            Ok(ActivityInstance {
                guild: Some(self.guild),
                channel: self.channel,
                users: self.people.ids(),
            })
        })
    }

    fn lists_present_people(&self) -> bool {
        false
    }
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

/// A page's session: who it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub user: UserId,
    pub name: String,
    pub locale: Option<String>,
}

/// The open sessions, by their secret id.
#[derive(Debug, Default)]
pub struct Sessions {
    open: Mutex<HashMap<String, Session>>,
}

/// Sessions kept at most; the oldest half is dropped beyond (pages open a new one).
const MAX_SESSIONS: usize = 100_000;

impl Sessions {
    /// Opens a session for `user`; its id.
    pub fn open(&self, user: &AuthorizedUser) -> String {
        let id = new_secret();
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.len() >= MAX_SESSIONS {
            let drop: Vec<String> = open.keys().take(MAX_SESSIONS / 2).cloned().collect();
            for key in drop {
                open.remove(&key);
            }
        }
        open.insert(
            id.clone(),
            Session {
                user: user.user,
                name: user.name.clone(),
                locale: user.locale.clone(),
            },
        );
        id
    }

    /// The session of an id, if open.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<Session> {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(id).cloned()
    }
}
