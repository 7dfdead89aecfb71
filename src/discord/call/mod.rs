//! From Discord to the service: who acts, and which service call an interaction asks for.
//!
//! The options of slash commands are read by the command table
//! ([`crate::commands`], `discord::commands`); the functions here give who acts and where, a
//! member named in an option, and the times people type, without any network, so they are
//! tested directly.
//!
//! - `interaction`: who acts and where ([`actor`], [`ChannelContext`]), a member named in an
//!   option, a [`Click`], and whether games may go in threads.
//! - `time`: times typed in any of the bot's languages ([`TimeOption`], [`ExpiryOption`]) and
//!   what their autocomplete suggests.

mod interaction;
mod time;

pub use interaction::{
    COMMUNITY, ChannelContext, Click, THREAD_PERMISSIONS, actor, can_open_threads, is_community,
    member, note_guild_update, server_locale,
};
pub use time::{
    ExpiryOption, LIVE_PRESETS, TIME_PRESETS, TimeOption, clock_suggestions, expiry_suggestions,
    pace_suggestions, time_suggestions,
};
