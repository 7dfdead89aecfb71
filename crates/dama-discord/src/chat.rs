//! Discord as the service's [`Chat`]: channel messages, edits (with a ping, as an edit
//! notifies nobody), direct messages through each person's DM channel, game threads opened from
//! the message that starts a game, and Discord's refusals told apart (limited, closed direct
//! messages, never, failed this time). A post or an edit in a thread Discord archived reopens
//! it first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::info;

use dama_core::store::{ChannelId, GuildId, MessageRef, UserId};
use dama_service::delivery::{Chat, ChatError, ChatFuture, Drawn};

use crate::Error;
use crate::markup::Markup;
use crate::outgoing::{
    DEFAULT_ATTACHMENT_LIMIT, DiscordMessage, Place, ping_after_update, thread_name,
};
use crate::permissions::DiscordAccess;
use crate::ratelimits::{RateLimits, rate_limited, slowmode_refusal};
use crate::respond::{FINISHED_THREAD_AUTO_ARCHIVE, THREAD_AUTO_ARCHIVE, reopening};

/// Discord's channels, threads and direct messages, once the client runs (its REST client
/// comes from [`DiscordAccess`], linked at READY).
pub struct DiscordChat {
    access: Arc<DiscordAccess>,
    markup: Markup,
    limits: RateLimits,
    /// The direct-message channel of each person the bot wrote to, so that a direct message
    /// is one request after the first (Discord keeps the same channel for a person).
    dm_channels: Mutex<HashMap<UserId, u64>>,
}

impl DiscordChat {
    #[must_use]
    pub fn new(access: Arc<DiscordAccess>, markup: Markup, limits: RateLimits) -> DiscordChat {
        DiscordChat {
            access,
            markup,
            limits,
            dm_channels: Mutex::default(),
        }
    }

    fn http(&self) -> Result<Arc<serenity::Http>, ChatError> {
        self.access
            .http()
            .ok_or_else(|| ChatError::Failed("not connected to Discord yet".to_owned()))
    }

    /// A channel message of `drawn` for `guild`.
    fn message(&self, guild: GuildId, drawn: &Drawn) -> DiscordMessage {
        DiscordMessage::new(
            drawn,
            Place {
                guild,
                attachment_limit: DEFAULT_ATTACHMENT_LIMIT,
            },
            &self.markup,
        )
    }

    /// Discord's refusal as the delivery tells them apart: a limit (429, slowmode's 20016) with
    /// the time to wait when it is known (serenity's rate limiter reported it, else the
    /// channel's slowmode); never (a 4xx other than a limit or a timeout: an unknown channel,
    /// missing access or permissions); this time (a 5xx, the network).
    fn refusal(&self, guild: GuildId, channel: ChannelId, error: serenity::Error) -> ChatError {
        if rate_limited(&error) {
            let wait = self.limits.held_for(channel).or_else(|| {
                slowmode_refusal(&error)
                    .then(|| self.access.slowmode(guild, channel))
                    .flatten()
                    .filter(|wait| !wait.is_zero())
            });
            return ChatError::Limited(wait);
        }
        let error = Error::from(error);
        if failed_for_good(&error) {
            ChatError::Refused(error.to_string())
        } else {
            ChatError::Failed(error.to_string())
        }
    }

    /// The DM channel with `user`: the one opened before, else a new one.
    async fn dm_channel(
        &self,
        http: &serenity::Http,
        user: UserId,
    ) -> Result<serenity::ChannelId, serenity::Error> {
        let known = self
            .dm_channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&user)
            .copied();
        if let Some(channel) = known {
            return Ok(serenity::ChannelId::new(channel));
        }
        let opened = serenity::UserId::new(user).create_dm_channel(http).await?;
        self.dm_channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(user, opened.id.get());
        Ok(opened.id)
    }
}

/// Whether a failure can never succeed: Discord refused it for good, with a 4xx other than a
/// rate limit or a timeout (an unknown channel, 10003; missing access, 50001; missing
/// permissions, 50013). A 5xx, a rate limit or a network error is worth trying again.
#[must_use]
pub fn failed_for_good(error: &Error) -> bool {
    let Error::Discord(error) = error else {
        return false;
    };
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = &**error else {
        return false;
    };
    let status = response.status_code.as_u16();
    (400..500).contains(&status) && status != 408 && status != 429
}

/// Whether Discord refused a direct message because its person takes none (code 50007,
/// "Cannot send messages to this user").
fn dms_closed(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 50007
    )
}

impl Chat for DiscordChat {
    fn post<'a>(
        &'a self,
        guild: GuildId,
        channel: ChannelId,
        drawn: &'a Drawn,
    ) -> ChatFuture<'a, MessageRef> {
        Box::pin(async move {
            let http = self.http()?;
            let message = self.message(guild, drawn);
            let target = serenity::ChannelId::new(channel);
            let send = || target.send_message(&*http, message.clone().into_create_message());
            let posted = reopening(&http, target, send)
                .await
                .map_err(|error| self.refusal(guild, channel, error))?;
            Ok(MessageRef {
                channel: posted.channel_id.get(),
                message: posted.id.get(),
            })
        })
    }

    fn edit<'a>(&'a self, guild: GuildId, at: MessageRef, drawn: &'a Drawn) -> ChatFuture<'a, ()> {
        Box::pin(async move {
            let http = self.http()?;
            let message = self.message(guild, drawn);
            let channel = serenity::ChannelId::new(at.channel);
            let edit = || {
                let edit = message.clone().into_edit_message();
                channel.edit_message(&*http, serenity::MessageId::new(at.message), edit)
            };
            reopening(&http, channel, edit)
                .await
                .map_err(|error| self.refusal(guild, at.channel, error))?;
            // An edit notifies nobody: the people the message is for get a short ping.
            let place = Place {
                guild,
                attachment_limit: DEFAULT_ATTACHMENT_LIMIT,
            };
            if let Some(ping) = ping_after_update(drawn, &self.markup, 0, place, Some(at)) {
                let send = || channel.send_message(&*http, ping.clone().into_create_message());
                match reopening(&http, channel, send).await {
                    Ok(_) => {}
                    // Limited: the notice is posted again later, its ping with it.
                    Err(error) if rate_limited(&error) => {
                        return Err(self.refusal(guild, at.channel, error));
                    }
                    Err(error) => {
                        info!(error = %Error::from(error), channel = at.channel, "could not ping the players about an edit");
                    }
                }
            }
            Ok(())
        })
    }

    fn send_direct<'a>(
        &'a self,
        guild: GuildId,
        user: UserId,
        drawn: &'a Drawn,
    ) -> ChatFuture<'a, ()> {
        Box::pin(async move {
            let http = self.http()?;
            let channel = self
                .dm_channel(&http, user)
                .await
                .map_err(|error| self.refusal(guild, 0, error))?;
            // No components: a click in a DM has no server to act in.
            let mut message = self.message(guild, drawn);
            message.components.clear();
            if let Err(error) = channel
                .send_message(&*http, message.into_create_message())
                .await
            {
                self.dm_channels
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .remove(&user);
                if dms_closed(&error) {
                    return Err(ChatError::Closed);
                }
                return Err(self.refusal(guild, channel.get(), error));
            }
            Ok(())
        })
    }

    fn open_thread<'a>(
        &'a self,
        guild: GuildId,
        from: MessageRef,
        name: &'a str,
    ) -> ChatFuture<'a, ChannelId> {
        Box::pin(async move {
            let http = self.http()?;
            let builder = serenity::CreateThread::new(thread_name(name))
                .auto_archive_duration(THREAD_AUTO_ARCHIVE);
            let thread = serenity::ChannelId::new(from.channel)
                .create_thread_from_message(&*http, serenity::MessageId::new(from.message), builder)
                .await
                .map_err(|error| self.refusal(guild, from.channel, error))?;
            Ok(thread.id.get())
        })
    }

    fn add_to_thread<'a>(&'a self, thread: ChannelId, players: &'a [UserId]) -> ChatFuture<'a, ()> {
        Box::pin(async move {
            let http = self.http()?;
            let channel = serenity::ChannelId::new(thread);
            let mut added: Vec<UserId> = Vec::new();
            for &player in players {
                if added.contains(&player) {
                    continue;
                }
                added.push(player);
                // The first board's mention adds them too.
                if let Err(error) = channel
                    .add_thread_member(&*http, serenity::UserId::new(player))
                    .await
                {
                    info!(error = %Error::from(error), thread, player, "could not add a player to their game's thread");
                }
            }
            Ok(())
        })
    }

    fn wind_down(&self, thread: ChannelId) -> ChatFuture<'_, ()> {
        Box::pin(async move {
            let http = self.http()?;
            // A day without a message, then Discord archives it: its final board's Rematch
            // and Flip, and the commands about the game, keep working there meanwhile.
            let edit =
                serenity::EditThread::new().auto_archive_duration(FINISHED_THREAD_AUTO_ARCHIVE);
            let channel = serenity::ChannelId::new(thread);
            reopening(&http, channel, || channel.edit_thread(&*http, edit.clone()))
                .await
                .map(drop)
                .map_err(|error| self.refusal(0, thread, error))
        })
    }

    fn retire(&self, board: MessageRef) -> ChatFuture<'_, ()> {
        Box::pin(async move {
            let http = self.http()?;
            let channel = serenity::ChannelId::new(board.channel);
            let message = serenity::MessageId::new(board.message);
            let edit = || {
                channel.edit_message(
                    &*http,
                    message,
                    serenity::EditMessage::new().components(Vec::new()),
                )
            };
            reopening(&http, channel, edit)
                .await
                .map(drop)
                .map_err(|error| self.refusal(0, board.channel, error))
        })
    }

    fn held_for(&self, channel: ChannelId) -> Option<Duration> {
        self.limits.held_for(channel)
    }

    fn hold(&self, channel: ChannelId, wait: Duration) {
        self.limits.hold(channel, wait);
    }
}
