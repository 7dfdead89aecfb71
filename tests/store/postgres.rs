//! What only the PostgreSQL store has: its schema and version check, its start-up errors, a
//! server that goes away and comes back, and crashes.

use damabot::store::{PostgresOpenError, PostgresStore};

use super::pg;
