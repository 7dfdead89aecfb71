//! The `damabot` binary's own commands, one test binary: the console (`damabot local`), the
//! post-game analysis (`analyse`), board images (`render`), endgame tables (`tables`), the Hub
//! protocol (`hub`), the puzzle collection (`puzzles`), the database's secrets in what the
//! tools print (`db`), the documentation against the bot (`docs`), and the workspace's layers
//! against their imports (`layers`).

mod analysis;
mod console;
mod db_secrets;
mod docs;
mod hub;
mod layers;
mod puzzles;
mod render_cli;
mod tables_cli;
