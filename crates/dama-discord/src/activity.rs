//! The Activity's side of Discord: [`DiscordAuth`], the [`ActivityAuth`] of
//! `damabot run` (the page's OAuth2 code exchanged with the application's client secret, the
//! person read with the access token, the instance read with the bot's token).
//!
//! Neither the client secret nor a token ever reaches a log line or an error: Discord's
//! answers are turned into [`AuthError`]s here, by their status alone.

use std::time::Duration;

use dama_core::config::{Config, Secret};
use dama_core::store::UserId;
use dama_service::activity::{
    ActivityAuth, ActivityInstance, AuthError, AuthFuture, AuthorizedUser,
};
use serde::Deserialize;

/// Discord's REST base, when the configuration names no other.
pub const DISCORD_API: &str = "https://discord.com";

/// How long one call to Discord may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// Vouches for the people of a page through Discord.
pub struct DiscordAuth {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the configured base's.
    api: String,
    application: u64,
    client_secret: Secret,
    bot_token: Secret,
}

impl std::fmt::Debug for DiscordAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordAuth")
            .field("api", &self.api)
            .field("application", &self.application)
            .finish_non_exhaustive()
    }
}

impl DiscordAuth {
    /// For the application `application` (its id is the OAuth2 client id), on Discord or on
    /// the REST base `api_base` (a stand-in in tests; see [`super::bot::http_client`]).
    pub fn new(
        api_base: Option<&str>,
        application: u64,
        client_secret: Secret,
        bot_token: Secret,
    ) -> Result<DiscordAuth, AuthError> {
        let client = reqwest::Client::builder()
            .timeout(CALL_TIMEOUT)
            .build()
            .map_err(|_| AuthError::Unavailable("no HTTP client".to_owned()))?;
        let base = api_base.unwrap_or(DISCORD_API).trim_end_matches('/');
        Ok(DiscordAuth {
            client,
            api: format!("{base}/api/v10"),
            application,
            client_secret,
            bot_token,
        })
    }

    /// The bot's own, when the configuration offers the Activity ([`Config::activity_configured`]
    /// and a token): for the application `application` (the id READY gives), on the configured
    /// REST base.
    #[must_use]
    pub fn for_bot(config: &Config, application: u64) -> Option<DiscordAuth> {
        if !config.activity_configured() {
            return None;
        }
        let secret = config.client_secret()?.clone();
        let token = config.token()?.clone();
        DiscordAuth::new(
            config.discord.api_base.as_deref(),
            application,
            secret,
            token,
        )
        .ok()
    }

    async fn exchange_code(&self, code: &str) -> Result<AuthorizedUser, AuthError> {
        let client_id = self.application.to_string();
        let form = [
            ("client_id", client_id.as_str()),
            ("client_secret", self.client_secret.expose()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let response = self
            .client
            .post(format!("{}/oauth2/token", self.api))
            .form(&form)
            .send()
            .await
            .map_err(|e| unreachable(&e))?;
        let granted: TokenGrant = read(response, "the token exchange").await?;
        let response = self
            .client
            .get(format!("{}/users/@me", self.api))
            .bearer_auth(&granted.access_token)
            .send()
            .await
            .map_err(|e| unreachable(&e))?;
        let user: OauthUser = read(response, "the user lookup").await?;
        let name = user
            .global_name
            .filter(|name| !name.trim().is_empty())
            .unwrap_or(user.username);
        Ok(AuthorizedUser {
            access_token: granted.access_token,
            user: user.id.parse().map_err(|_| malformed("the user lookup"))?,
            name,
            locale: user.locale,
        })
    }

    async fn find_instance(&self, instance: &str) -> Result<ActivityInstance, AuthError> {
        // Instance ids are Discord's own (`i-…-gc-…`); anything else cannot be one.
        if instance.is_empty()
            || instance.len() > 200
            || !instance
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(AuthError::UnknownInstance);
        }
        let response = self
            .client
            .get(format!(
                "{}/applications/{}/activity-instances/{instance}",
                self.api, self.application
            ))
            .header(
                reqwest::header::AUTHORIZATION,
                format!("Bot {}", self.bot_token.expose()),
            )
            .send()
            .await
            .map_err(|e| unreachable(&e))?;
        if response.status() == reqwest::StatusCode::NOT_FOUND {
            return Err(AuthError::UnknownInstance);
        }
        if matches!(response.status().as_u16(), 401 | 403) {
            // The bot's own token refused: not the person's fault, nothing they can retry.
            return Err(AuthError::Unavailable(format!(
                "the instance lookup was refused ({})",
                response.status()
            )));
        }
        let found: InstanceAnswer = read(response, "the instance lookup").await?;
        let id = |text: &str| text.parse::<u64>().map_err(|_| malformed("the instance"));
        Ok(ActivityInstance {
            guild: found.location.guild_id.as_deref().map(id).transpose()?,
            channel: id(&found.location.channel_id)?,
            users: found
                .users
                .iter()
                .map(|user| id(user))
                .collect::<Result<Vec<UserId>, _>>()?,
        })
    }
}

impl ActivityAuth for DiscordAuth {
    fn exchange<'a>(&'a self, code: &'a str) -> AuthFuture<'a, AuthorizedUser> {
        Box::pin(self.exchange_code(code))
    }

    fn instance<'a>(&'a self, instance: &'a str) -> AuthFuture<'a, ActivityInstance> {
        Box::pin(self.find_instance(instance))
    }
}

/// `POST /oauth2/token`'s answer (what the bot reads of it).
#[derive(Deserialize)]
struct TokenGrant {
    access_token: String,
}

/// `GET /users/@me`'s answer with a bearer token.
#[derive(Deserialize)]
struct OauthUser {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
    #[serde(default)]
    locale: Option<String>,
}

/// `GET /applications/{app}/activity-instances/{instance}`'s answer.
#[derive(Deserialize)]
struct InstanceAnswer {
    location: InstanceLocation,
    users: Vec<String>,
}

#[derive(Deserialize)]
struct InstanceLocation {
    channel_id: String,
    #[serde(default)]
    guild_id: Option<String>,
}

/// Reads a JSON answer: a refusal of the person's code or token (400, 401) is
/// [`AuthError::Refused`], anything else that is not a success is worth trying again later.
async fn read<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
    what: &str,
) -> Result<T, AuthError> {
    let status = response.status();
    if matches!(status.as_u16(), 400 | 401) {
        return Err(AuthError::Refused);
    }
    if !status.is_success() {
        return Err(AuthError::Unavailable(format!("{what} answered {status}")));
    }
    let bytes = response.bytes().await.map_err(|e| unreachable(&e))?;
    serde_json::from_slice(&bytes).map_err(|_| malformed(what))
}

fn malformed(what: &str) -> AuthError {
    AuthError::Unavailable(format!("{what} answered something unreadable"))
}

/// A call that did not get an answer. The address is left out: it says nothing secret, but
/// the reason is what matters.
fn unreachable(error: &reqwest::Error) -> AuthError {
    let reason = if error.is_timeout() {
        "timed out"
    } else if error.is_connect() {
        "cannot connect"
    } else {
        "the connection failed"
    };
    AuthError::Unavailable(reason.to_owned())
}
