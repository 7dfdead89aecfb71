//! End to end, one test binary: the real `damabot` binary against the Discord stand-in
//! (`discord`), the stand-in itself against a plain serenity client (`standin`), the
//! Activity's server in the process (`pages`), and its page in headless Chromium against
//! `damabot local --web` (`browser`). `support` is the stand-in.

mod support;

#[path = "../../crates/dama-store/tests/store/pg.rs"]
mod pg;

mod browser;
mod discord;
mod pages;
mod standin;
