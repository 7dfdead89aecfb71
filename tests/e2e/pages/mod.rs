//! The Activity's server in the process, on loopback: its plain HTTP, its lobby, a game played
//! through the WebSocket, and two processes on one PostgreSQL database.

mod support;

mod http;
mod lobby;
mod play;
mod postgres;
