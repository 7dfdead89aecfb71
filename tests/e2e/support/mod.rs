//! Helpers shared by the integration tests.

// Each test binary compiles this module and uses a different part of it.
#![allow(dead_code, unused_imports)]

pub mod discord_standin;
