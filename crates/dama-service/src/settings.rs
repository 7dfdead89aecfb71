//! `/settings`: what those who manage a server choose for it (the language of its public
//! messages, the time per move and expiry of challenges, games in threads, the channels where
//! games start, the daily puzzle's channel and hour), each person's notifications, and the servers' settings as the service keeps
//! them at hand.

use dama_core::i18n::human_duration;
use dama_core::text::{Part, RichText};
use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};
use std::time::Duration;

use super::action::{Flow, refuse};
use super::{Actor, GameService, MAX_TIME_PER_MOVE, MIN_TIME_PER_MOVE, Reply, SettingsChange};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{ChannelId, GuildId, NotifyMode, ServerSettings, StoreError};

/// The shortest and longest challenge expiry that fits the time control.
pub const MIN_FITTED_EXPIRY: Duration = Duration::from_secs(10 * 60);
pub const MAX_FITTED_EXPIRY: Duration = Duration::from_secs(3 * 24 * 3600);

/// The servers' settings and game channels as last read or written, so that choosing the
/// language of a message or checking where a game may start costs no database call once a
/// server is known. The service is the only writer of the `servers` and game channel rows, so
/// the copy stays true.
#[derive(Debug, Default)]
pub(crate) struct ServerCache {
    settings: RwLock<HashMap<GuildId, ServerSettings>>,
    channels: RwLock<HashMap<GuildId, Vec<ChannelId>>>,
}

impl ServerCache {
    fn get(&self, guild: GuildId) -> Option<ServerSettings> {
        self.settings
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&guild)
            .copied()
    }

    fn put(&self, guild: GuildId, settings: ServerSettings) {
        self.settings
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(guild, settings);
    }

    fn channels(&self, guild: GuildId) -> Option<Vec<ChannelId>> {
        self.channels
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&guild)
            .cloned()
    }

    fn put_channels(&self, guild: GuildId, channels: Vec<ChannelId>) {
        self.channels
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(guild, channels);
    }
}

pub(crate) fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Channels as links (`<#1>, <#2>`), or "every channel" for none.
pub(crate) fn channel_list(language: Language, channels: &[ChannelId]) -> RichText {
    if channels.is_empty() {
        return t!(language, StartSettingsEveryChannel).into();
    }
    RichText::join(channels.iter().map(|&channel| Part::Channel(channel)), ", ")
}

impl GameService {
    /// A server's settings, from memory once read.
    pub(crate) fn server_settings(&self, guild: GuildId) -> Result<ServerSettings, StoreError> {
        if let Some(settings) = self.servers.get(guild) {
            return Ok(settings);
        }
        let settings = self.store.server_settings(guild)?;
        self.servers.put(guild, settings);
        Ok(settings)
    }

    /// A server's settings where a failure must not stop a message: the failure is logged and
    /// the server counts as having chosen nothing.
    pub(crate) fn server_settings_or_default(&self, guild: GuildId) -> ServerSettings {
        self.server_settings(guild).unwrap_or_else(|error| {
            tracing::error!(guild, %error, "cannot read the server's settings");
            ServerSettings::default()
        })
    }

    /// The channels of a server where games may start (empty: every channel), from memory
    /// once read.
    pub(crate) fn game_channels(&self, guild: GuildId) -> Result<Vec<ChannelId>, StoreError> {
        if let Some(channels) = self.servers.channels(guild) {
            return Ok(channels);
        }
        let channels = self.store.game_channels(guild)?;
        self.servers.put_channels(guild, channels.clone());
        Ok(channels)
    }

    /// The time per move of a challenge or engine game in a server that names none: the
    /// server's choice, else the configuration's.
    pub(crate) fn default_time_per_move(&self, guild: GuildId) -> Result<Duration, StoreError> {
        Ok(self
            .server_settings(guild)?
            .time_per_move_ms
            .and_then(|ms| u64::try_from(ms).ok())
            .map_or(self.settings.default_time_per_move, Duration::from_millis))
    }

    /// How long a challenge with `time` per move stays open in a server: the server's choice,
    /// else the configuration's, else the time per move itself, at least
    /// [`MIN_FITTED_EXPIRY`] and at most [`MAX_FITTED_EXPIRY`].
    pub(crate) fn challenge_expiry(
        &self,
        guild: GuildId,
        time: Duration,
    ) -> Result<Duration, StoreError> {
        let server = self
            .server_settings(guild)?
            .challenge_expiry_ms
            .and_then(|ms| u64::try_from(ms).ok())
            .map(Duration::from_millis);
        Ok(server
            .or(self.settings.challenge_expiry)
            .unwrap_or_else(|| time.clamp(MIN_FITTED_EXPIRY, MAX_FITTED_EXPIRY)))
    }

    /// Remembers the server's Discord language (`None`: not a Community server, which has
    /// none of its own), where it differs from the one remembered.
    pub(crate) fn note_discord_language(
        &self,
        guild: GuildId,
        settings: ServerSettings,
        language: Option<Language>,
    ) {
        if settings.discord_language == language {
            return;
        }
        match self.store.set_server_discord_language(guild, language) {
            Ok(settings) => self.servers.put(guild, settings),
            Err(error) => {
                tracing::error!(guild, %error, "cannot remember the server's Discord language");
            }
        }
    }

    /// `/settings`: what it changes, or the settings as they are. The server's settings are for
    /// those who manage it; several change together, and the answer says what changed (in the
    /// server's language, as it is after the change). The actor's notifications are theirs.
    pub(crate) fn settings(&self, actor: &Actor, change: &SettingsChange) -> Flow<Reply> {
        if change.is_empty() {
            return self.show_settings(actor);
        }
        let server_change = SettingsChange {
            notify: None,
            ..change.clone()
        };
        if server_change.is_empty() {
            if let Some(mode) = change.notify {
                return self.set_notify(actor, mode);
            }
        }
        if !actor.can_manage_server {
            return refuse(t!(actor.language, SettingsNotManager));
        }
        let language = actor.language;
        let range =
            |duration: Duration| (MIN_TIME_PER_MOVE..=MAX_TIME_PER_MOVE).contains(&duration);
        let range_words = (
            human_duration(language, millis(MIN_TIME_PER_MOVE)),
            human_duration(language, millis(MAX_TIME_PER_MOVE)),
        );
        if let Some(time) = change.time_per_move {
            if !range(time) {
                return refuse(t!(
                    language,
                    ChallengeTimeRange,
                    min = range_words.0.clone(),
                    max = range_words.1.clone(),
                ));
            }
        }
        if change.daily_puzzle_hour.is_some_and(|hour| hour > 23) {
            return refuse(t!(language, PuzzleSettingsHourRange));
        }
        if let Some(Some(expiry)) = change.challenge_expiry {
            if !range(expiry) {
                return refuse(t!(
                    language,
                    StartSettingsExpiryRange,
                    min = range_words.0,
                    max = range_words.1,
                ));
            }
        }
        if let Some(Some(channel)) = change.daily_puzzle {
            if let Some(permissions) = self.access().bot_cannot_post(actor, channel) {
                return refuse(tr!(
                    language,
                    PuzzleSettingsChannelClosed,
                    channel = Part::Channel(channel),
                    permissions = permissions,
                ));
            }
        }
        let mut choices = self.store.server_settings(actor.guild)?;
        if let Some(chosen) = change.language {
            choices.language = chosen;
        }
        if let Some(time) = change.time_per_move {
            choices.time_per_move_ms = Some(millis(time));
        }
        if let Some(expiry) = change.challenge_expiry {
            choices.challenge_expiry_ms = expiry.map(millis);
        }
        if let Some(threads) = change.threads {
            choices.threads = threads;
        }
        if let Some(channel) = change.daily_puzzle {
            choices.daily_puzzle = channel;
        }
        if let Some(hour) = change.daily_puzzle_hour {
            choices.daily_puzzle_hour = hour;
        }
        let saved = self.store.save_server_choices(actor.guild, &choices)?;
        self.servers.put(actor.guild, saved);
        let daily_changed = (
            change.daily_puzzle.is_some(),
            change.daily_puzzle_hour.is_some(),
        );
        if daily_changed.0 || daily_changed.1 {
            self.daily_puzzle_set(actor.guild, &saved)?;
        }
        let mut channels = None;
        for (channel, allowed) in [
            (change.add_game_channel, true),
            (change.remove_game_channel, false),
        ] {
            if let Some(channel) = channel {
                let now = self.store.set_game_channel(actor.guild, channel, allowed)?;
                self.servers.put_channels(actor.guild, now.clone());
                channels = Some(now);
            }
        }
        // Said in the server's language as it is now.
        let now = self.public_language(actor);
        let mut lines: Vec<RichText> = Vec::new();
        if let Some(chosen) = change.language {
            lines.push(if chosen.is_some() {
                t!(now, SettingsLanguageChosen).into()
            } else {
                t!(
                    now,
                    SettingsLanguageDiscord,
                    source = if actor.guild_language.is_some() {
                        "community"
                    } else {
                        "players"
                    },
                )
                .into()
            });
        }
        if let Some(time) = change.time_per_move {
            lines.push(
                t!(
                    now,
                    StartSettingsTime,
                    time = human_duration(now, millis(time))
                )
                .into(),
            );
        }
        match change.challenge_expiry {
            Some(Some(expiry)) => lines.push(
                t!(
                    now,
                    StartSettingsExpiry,
                    expiry = human_duration(now, millis(expiry))
                )
                .into(),
            ),
            Some(None) => lines.push(t!(now, StartSettingsExpiryAuto).into()),
            None => {}
        }
        if let Some(threads) = change.threads {
            lines.push(
                t!(
                    now,
                    StartSettingsThreads,
                    threads = if threads { "on" } else { "off" }
                )
                .into(),
            );
        }
        let channels = channels.unwrap_or_default();
        if let Some(channel) = change.add_game_channel {
            lines.push(tr!(
                now,
                StartSettingsChannelAdded,
                channel = Part::Channel(channel),
                channels = channel_list(now, &channels),
            ));
        }
        if let Some(channel) = change.remove_game_channel {
            lines.push(tr!(
                now,
                StartSettingsChannelRemoved,
                channel = Part::Channel(channel),
                channels = channel_list(now, &channels),
            ));
        }
        lines.extend(super::puzzle_daily::daily_settings_lines(
            now,
            daily_changed.0,
            daily_changed.1,
            &saved,
            self.now(),
        ));
        if let Some(mode) = change.notify {
            let notified = self.set_notify(actor, mode)?;
            lines.push(notified.text);
        }
        Ok(Reply::public(RichText::join(lines, "\n")))
    }

    /// `/settings` without options: the settings as they are, for the actor only.
    fn show_settings(&self, actor: &Actor) -> Flow<Reply> {
        let language = actor.language;
        let settings = self.server_settings(actor.guild)?;
        let notify = match self.store.notify_mode(actor.user)? {
            NotifyMode::Dm => "dm",
            NotifyMode::Ping => "ping",
            NotifyMode::Off => "off",
        };
        // A server's own language is one chosen here, or a Community server's; elsewhere each
        // game speaks the language of whoever started it.
        let source = if settings.language.is_some() {
            "chosen"
        } else if actor.guild_language.is_some() {
            "discord"
        } else {
            "players"
        };
        let expiry = settings
            .challenge_expiry_ms
            .or(self.settings.challenge_expiry.map(millis))
            .map_or_else(
                || t!(language, StartSettingsExpiryFits),
                |ms| human_duration(language, ms),
            );
        let text = tr!(
            language,
            StartSettingsShow,
            notify = notify,
            language = settings
                .language
                .or(actor.guild_language)
                .unwrap_or_else(|| self.server_language(actor.guild))
                .code(),
            language_source = source,
            time = human_duration(language, millis(self.default_time_per_move(actor.guild)?)),
            expiry = expiry,
            threads = if settings.threads { "on" } else { "off" },
            channels = channel_list(language, &self.game_channels(actor.guild)?),
        );
        let text = text.then_line(super::puzzle_daily::daily_settings_shown(
            language, &settings,
        ));
        Ok(Reply::private(text))
    }
}
