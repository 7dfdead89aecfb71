//! The console's people: each name typed is a person, with an id from [`FIRST_USER_ID`] in
//! the order they first appear. Shared with the page of `damabot local --web`, so a name is
//! the same person in both.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// Ids of console users start here, far from guild and channel ids.
pub const FIRST_USER_ID: u64 = 1_000;

/// Names and their ids, both ways.
#[derive(Debug, Default)]
pub struct People {
    known: Mutex<(HashMap<String, u64>, HashMap<u64, String>)>,
}

impl People {
    /// The id of the person called `name`, new if nobody was.
    pub fn id(&self, name: &str) -> u64 {
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        let (ids, names) = &mut *known;
        if let Some(&id) = ids.get(name) {
            return id;
        }
        let id = FIRST_USER_ID + ids.len() as u64;
        ids.insert(name.to_owned(), id);
        names.insert(id, name.to_owned());
        id
    }

    /// The name of the person `id`, if they are one of these people.
    #[must_use]
    pub fn name(&self, id: u64) -> Option<String> {
        let known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        known.1.get(&id).cloned()
    }

    /// Everyone's id.
    #[must_use]
    pub fn ids(&self) -> Vec<u64> {
        let known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        known.1.keys().copied().collect()
    }
}
