//! Which language a message is in.
//!
//! - What only the actor sees: their own language (their Discord client's).
//! - A public message outside a game (a challenge, a leaderboard): the server's chosen language
//!   (`/settings language:`), else the server's Discord language where the server chose one
//!   (a Community server: every other server reports English to bots whatever its members
//!   speak), else the actor's.
//! - A game's public messages (its boards and buttons, the notices of the sweep, its end): the
//!   server's chosen language, else its Community language, else the language of the person who
//!   started the game, kept with the game.
//! - A tournament's public messages (its sign-up message, rounds and end, and its games): as a
//!   game's, with whoever created the tournament as the starter.
//! - A direct message: its recipient's language, as their Discord client last showed it.

use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

use super::{Actor, GameService};
use dama_core::i18n::Language;
use dama_core::store::{Challenge, Game, GuildId, Tournament, UserId};

/// The people whose language is remembered above which the memory starts afresh.
const REMEMBERED_PEOPLE: usize = 4096;

/// Each person's language as last stored, so that an interaction writes only a change.
#[derive(Debug, Default)]
pub(crate) struct SeenLanguages(RwLock<HashMap<UserId, Language>>);

impl GameService {
    /// Remembers whether the actor's server has a Discord language of its own (a Community
    /// server's), and which.
    pub(crate) fn note_server_language(&self, actor: &Actor) {
        let settings = self.server_settings_or_default(actor.guild);
        self.note_discord_language(actor.guild, settings, actor.guild_language);
    }

    /// Remembers the actor's language, for their direct messages. A failure to store it is
    /// logged: the message in hand does not depend on it.
    pub(crate) fn note_person_language(&self, actor: &Actor) {
        let known = self
            .seen_languages
            .0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&actor.user)
            .copied();
        if known == Some(actor.language) {
            return;
        }
        match self.store.set_person_language(actor.user, actor.language) {
            Ok(()) => {
                let mut seen = self
                    .seen_languages
                    .0
                    .write()
                    .unwrap_or_else(PoisonError::into_inner);
                if seen.len() >= REMEMBERED_PEOPLE {
                    seen.clear();
                }
                seen.insert(actor.user, actor.language);
            }
            Err(error) => {
                tracing::error!(user = actor.user, %error, "cannot remember the person's language");
            }
        }
    }

    /// The language of a public message in the actor's server outside a game (a challenge, a
    /// leaderboard): the one chosen with `/settings language:`, else the server's Discord
    /// language (a Community server's, remembered for the server's other messages), else the
    /// actor's own.
    #[must_use]
    pub fn public_language(&self, actor: &Actor) -> Language {
        self.note_server_language(actor);
        let settings = self.server_settings_or_default(actor.guild);
        settings
            .language
            .or(actor.guild_language)
            .unwrap_or(actor.language)
    }

    /// The language of a game's public messages: the one chosen with `/settings language:`,
    /// else the server's Discord language (a Community server's, as last seen), else the
    /// language of the person who started the game, else English.
    #[must_use]
    pub fn game_language(&self, game: &Game) -> Language {
        self.place_language(game.guild, game.language)
    }

    /// The language of a challenge's notices (its expiry): as for a game, the challenger's
    /// where the server chose none.
    pub(crate) fn challenge_language(&self, challenge: &Challenge) -> Language {
        let settings = self.server_settings_or_default(challenge.guild);
        match settings.language.or(settings.discord_language) {
            Some(language) => language,
            None => self
                .person_language(challenge.challenger)
                .unwrap_or(Language::En),
        }
    }

    /// The language of a tournament's public messages (its sign-up message, rounds, games and
    /// end): as for a game, with whoever created the tournament as its starter.
    #[must_use]
    pub fn tournament_language(&self, tournament: &Tournament) -> Language {
        self.place_language(
            tournament.guild,
            self.person_language(tournament.created_by),
        )
    }

    /// The server's chosen language, else its Community language, else `starter`'s, else
    /// English.
    fn place_language(&self, guild: GuildId, starter: Option<Language>) -> Language {
        let settings = self.server_settings_or_default(guild);
        settings
            .language
            .or(settings.discord_language)
            .or(starter)
            .unwrap_or(Language::En)
    }

    /// The language of a public message nobody asked for outside a game (a daily puzzle, a
    /// tournament's round) in a server: the one chosen with `/settings language:`, else the
    /// server's Discord language as last seen (a Community server's), else English.
    #[must_use]
    pub fn server_language(&self, guild: GuildId) -> Language {
        let settings = self.server_settings_or_default(guild);
        settings
            .language
            .or(settings.discord_language)
            .unwrap_or(Language::En)
    }

    /// The language a person last used, where known (a failure to read it is logged).
    pub(crate) fn person_language(&self, user: UserId) -> Option<Language> {
        let known = self
            .seen_languages
            .0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&user)
            .copied();
        known.or_else(|| {
            self.store.person_language(user).unwrap_or_else(|error| {
                tracing::error!(user, %error, "cannot read the person's language");
                None
            })
        })
    }

    /// The language of a direct message to `user`: theirs as last seen, else `otherwise` (the
    /// language of the message in the game's place).
    #[must_use]
    pub fn direct_language(&self, user: UserId, otherwise: Language) -> Language {
        self.person_language(user).unwrap_or(otherwise)
    }
}
