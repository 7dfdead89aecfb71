//! What the browser tests of the Activity's page share: Chromium through the DevTools protocol,
//! `damabot local --web`, and a game to play by clicks.

pub mod cdp;
mod play;
pub mod script;
pub mod server;
