//! The Activity's side of the bot: the page players click, served by the bot's own process,
//! and the sessions of the people using it.

mod config;
pub mod session;

pub use config::WebConfig;
