//! The game service, end to end on a real SQLite store with a clock the tests move by hand: one
//! test binary, a module a topic. The helpers every topic shares are in `world`.

mod world;

mod analysis;
mod flows;
mod hints;
mod languages;
mod limits;
mod notify;
mod outbox;
mod puzzles;
mod store_faults;
mod tables;
mod takebacks;
mod threads;
mod tournaments;
