//! What each server has chosen.

use super::ChannelId;
#[cfg(doc)]
use super::puzzle_day;
use crate::i18n::Language;
/// What a server (a guild) has chosen, and what the bot knows of it. A server nothing is known
/// of has the [`Default`]: nothing chosen (games in threads), nothing seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerSettings {
    /// The language of the server's public messages, as those who manage it chose
    /// (`/settings language:`); `None` follows the server's Discord language.
    pub language: Option<Language>,
    /// The server's Discord language (the `guild_locale` of its interactions) where it is a
    /// Community server, as last seen; `None` before the first interaction that carried one,
    /// and for a server that is not a Community server (Discord reports those as English
    /// whatever their members speak).
    pub discord_language: Option<Language>,
    /// The time per move of a game whose challenger names none; `None` follows the
    /// configuration.
    pub time_per_move_ms: Option<i64>,
    /// How long a challenge stays open; `None` fits it to the time control.
    pub challenge_expiry_ms: Option<i64>,
    /// Games in threads of the channel they start in (where the bot may open threads), or in
    /// that channel itself.
    pub threads: bool,
    /// The channel where the puzzle of the day is posted every day; `None`: not posted.
    pub daily_puzzle: Option<ChannelId>,
    /// The hour (0-23, UTC) at which the server's puzzle day begins (see [`puzzle_day`]).
    pub daily_puzzle_hour: u8,
}

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            language: None,
            discord_language: None,
            time_per_move_ms: None,
            challenge_expiry_ms: None,
            threads: true,
            daily_puzzle: None,
            daily_puzzle_hour: 0,
        }
    }
}
