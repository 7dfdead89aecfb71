//! The Discord adapter, on poise over serenity: it turns interactions into calls of the
//! [`GameService`] and its replies into Discord messages, nothing more.
//!
//! - [`call`]: from an interaction to an [`Actor`](dama_service::Actor) and an
//!   [`Action`](dama_service::Action) or a click (pure, tested).
//! - [`outgoing`]: from a [`Reply`](dama_service::Reply) to serenity builders (pure, tested),
//!   its board and replay drawn by the adapter's [`Renderer`].
//! - [`commands`]: the slash commands, named and described from the files in English, Italian
//!   and Spanish.
//! - [`respond`]: answering in time (acknowledge within 3 s, defer when slow, channel messages
//!   once interaction tokens have expired) and remembering which message shows which board.
//! - [`permissions`]: what the bot needs in a channel, and what it says when it lacks it.
//! - [`ratelimits`]: Discord's rate limits: a deadline per channel post, channels held while
//!   limited, answers tried again once after a short 429.
//! - [`errors`]: the one error handler: mistakes get a friendly private answer, failures are
//!   logged with their context and get a short apology.
//! - [`bot`]: the client (REST base, intents), registration (whose ids the service keeps for
//!   command mentions), the sweep timer and the shutdown.
//!
//! The service is synchronous; every call to it (and every board drawn) runs off the async
//! runtime through [`Work`], which the shutdown waits for: calls of
//! [`Lane::Store`](dama_service::Lane::Store) on tokio's blocking pool, calls of
//! [`Lane::Cpu`](dama_service::Lane::Cpu) (those that may wait for the engine or draw at length)
//! on threads of their own, so that a full engine line never holds a thread a click needs.

pub mod activity;
pub mod bot;
pub mod call;
pub mod chat;
pub mod commands;
pub mod errors;
pub mod markup;
pub mod outgoing;
pub mod permissions;
pub mod ratelimits;
pub mod respond;

use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use dama_render::Renderer;
use dama_service::delivery::{ChatError, Courier};
use dama_service::{GameService, ServiceError};

pub use bot::{BotError, Hooks, run};
pub use dama_service::work::{Work, WorkGuard};

/// The message for a start without a token.
pub const NO_TOKEN_HELP: &str = "\
error: no Discord bot token.

Dama needs a bot token to connect to Discord:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under \"Bot\", press \"Reset Token\" and copy the token.
  3. Invite the bot to your server with this link, your application's id (General Information)
     in place of APPLICATION_ID:
     https://discord.com/oauth2/authorize?client_id=APPLICATION_ID&scope=bot+applications.commands&permissions=309237763072
     (View Channels, Send Messages, Embed Links, Attach Files, Read Message History,
     Create Public Threads and Send Messages in Threads.)
  4. Start it with the token in the environment:
         DISCORD_TOKEN=your-token cargo run --release
     or put it in config.toml under [discord] token = \"...\" (see config.example.toml).

To try the game without Discord, play in the console:
    cargo run --release -- local
";

/// What every command and event handler shares.
#[derive(Clone)]
pub struct Data {
    pub service: Arc<GameService>,
    /// Draws the boards and replays of the service's replies (on the blocking pool).
    pub renderer: Arc<Renderer>,
    pub work: Work,
    /// Discord as the service's chat: channel messages, edits, direct messages, threads.
    pub chat: Arc<chat::DiscordChat>,
    /// Delivers what an answer brings through [`Data::chat`] (its thread, its notices, the
    /// outbox's report), and the sweep's notices.
    pub courier: Courier,
    /// The shards that were ready once: a later READY is a reconnection.
    ready_shards: Arc<Mutex<std::collections::HashSet<u32>>>,
    /// What members may see and do, which the service asks (linked to the client at start).
    pub access: Arc<permissions::DiscordAccess>,
    /// The Activity is offered: "Open the board" launches it (interaction callback type 12).
    pub launch_activity: bool,
    /// What Discord's rate limits said, and the deadline of a channel post.
    pub limits: ratelimits::RateLimits,
    /// How the bot's texts are written on Discord (the registered commands' ids).
    pub markup: markup::Markup,
}

impl Data {
    #[must_use]
    pub fn new(
        service: Arc<GameService>,
        renderer: Arc<Renderer>,
        work: Work,
        limits: ratelimits::RateLimits,
    ) -> Data {
        let access = Arc::new(permissions::DiscordAccess::default());
        service.set_access(access.clone());
        let markup = markup::Markup::default();
        let chat = Arc::new(chat::DiscordChat::new(
            access.clone(),
            markup.clone(),
            limits.clone(),
        ));
        let courier = Courier::new(
            service.clone(),
            renderer.clone(),
            work.clone(),
            chat.clone(),
            limits.deadline(),
        );
        Data {
            service,
            renderer,
            work,
            chat,
            courier,
            ready_shards: Arc::default(),
            access,
            launch_activity: false,
            limits,
            markup,
        }
    }

    /// The shards that were ready at least once, in order.
    #[must_use]
    pub fn ready_shards(&self) -> Vec<u32> {
        let mut shards: Vec<u32> = self
            .ready_shards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .copied()
            .collect();
        shards.sort_unstable();
        shards
    }

    /// Notes that `shard` is ready; true the first time.
    pub fn first_ready(&self, shard: u32) -> bool {
        self.ready_shards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(shard)
    }
}

/// The error of a command or an event handler.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A mistake of the user noticed by the adapter (a missing permission, a DM): the text
    /// is the private answer.
    #[error("{0}")]
    Refused(String),
    /// The service failed (the database).
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Discord refused a request or could not be reached.
    #[error("discord: {0}")]
    Discord(#[from] Box<serenity::Error>),
    /// A message did not go (see [`ChatError`]).
    #[error("discord: {0}")]
    Chat(#[from] ChatError),
    /// A blocking job panicked or was cancelled.
    #[error("background job: {0}")]
    Job(#[from] tokio::task::JoinError),
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Error {
        Error::Discord(Box::new(error))
    }
}

/// The context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;
