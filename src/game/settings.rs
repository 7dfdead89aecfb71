//! `/settings`: what those who manage a server choose for it (the language of its public
//! messages), and the server's settings as the service keeps them at hand.

use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

use super::action::{Flow, refuse};
use super::{Actor, GameService, Reply};
use crate::i18n::{Language, t};
use crate::store::{GuildId, ServerSettings, StoreError};

/// The servers' settings as last read or written, so that choosing the language of a message
/// costs no database call once a server is known. The service is the only writer of the
/// `servers` rows, so the copy stays true.
#[derive(Debug, Default)]
pub(crate) struct ServerCache(RwLock<HashMap<GuildId, ServerSettings>>);

impl ServerCache {
    fn get(&self, guild: GuildId) -> Option<ServerSettings> {
        self.0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&guild)
            .copied()
    }

    fn put(&self, guild: GuildId, settings: ServerSettings) {
        self.0
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(guild, settings);
    }
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

    /// Remembers the server's Discord language, where it differs from the one remembered.
    pub(crate) fn note_discord_language(
        &self,
        guild: GuildId,
        settings: ServerSettings,
        language: Language,
    ) {
        if settings.discord_language == Some(language) {
            return;
        }
        match self.store.set_server_discord_language(guild, language) {
            Ok(settings) => self.servers.put(guild, settings),
            Err(error) => {
                tracing::error!(guild, %error, "cannot remember the server's Discord language");
            }
        }
    }

    /// `/settings`: what it changes, or the settings as they are.
    pub(crate) fn settings(&self, actor: &Actor, change: &super::SettingsChange) -> Flow<Reply> {
        if let Some(mode) = change.notify {
            return self.set_notify(actor, mode);
        }
        if let Some(language) = change.language {
            return self.set_language(actor, language);
        }
        todo!("settings: {change:?}")
    }

    /// `/settings language`: only those who may manage the server; `None` follows the
    /// server's Discord language again. The answer is public, in the language chosen.
    pub(crate) fn set_language(&self, actor: &Actor, language: Option<Language>) -> Flow<Reply> {
        if !actor.can_manage_server {
            return refuse(t!(actor.language, SettingsNotManager));
        }
        let settings = self.store.set_server_language(actor.guild, language)?;
        self.servers.put(actor.guild, settings);
        let now = self.public_language(actor);
        let text = if language.is_some() {
            t!(now, SettingsLanguageChosen)
        } else {
            t!(now, SettingsLanguageDiscord)
        };
        Ok(Reply::public(text))
    }
}
