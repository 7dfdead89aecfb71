//! The `damabot` binary's own commands, one test binary: the console (`damabot local`), the
//! post-game analysis (`analyse`), board images (`render`), endgame tables (`tables`), the Hub
//! protocol (`hub`), the puzzle collection (`puzzles`), the database's secrets in what the
//! tools print (`db`), and the documentation against the bot (`docs`).

mod analysis;
mod console;
mod db_secrets;
mod docs;
mod hub;
mod puzzles;
mod render_cli;
mod tables_cli;
