//! The Activity's server in the process, on loopback: its plain HTTP, its lobby, a game played
//! through the WebSocket, two processes on one PostgreSQL database, and what the pages do
//! shown in the console of `damabot local --web`.

mod support;

mod console;
mod http;
mod lobby;
mod play;
mod postgres;
