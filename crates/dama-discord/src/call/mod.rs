//! From Discord to the service: who acts, and which service call an interaction asks for.
//!
//! The options of slash commands are read by the command table
//! ([`dama_core::commands`], `crate::commands`), times typed among them; the functions here
//! give who acts and where, a member named in an option and a [`Click`], without any network,
//! so they are tested directly.

mod interaction;

pub use interaction::{
    COMMUNITY, ChannelContext, Click, THREAD_PERMISSIONS, actor, can_open_threads, click_actor,
    command_actor, is_community, member, note_guild_update, server_locale,
};
