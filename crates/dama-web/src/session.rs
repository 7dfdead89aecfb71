//! The sessions of the page's people, by their secret id (who vouches for them:
//! [`ActivityAuth`](dama_service::activity::ActivityAuth)).

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use dama_core::store::UserId;
use dama_service::activity::{AuthorizedUser, new_secret};

/// A page's session: who it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub user: UserId,
    pub name: String,
    pub locale: Option<String>,
}

/// The open sessions, by their secret id.
#[derive(Debug, Default)]
pub struct Sessions {
    open: Mutex<HashMap<String, Session>>,
}

/// Sessions kept at most; the oldest half is dropped beyond (pages open a new one).
const MAX_SESSIONS: usize = 100_000;

impl Sessions {
    /// Opens a session for `user`; its id.
    pub fn open(&self, user: &AuthorizedUser) -> String {
        let id = new_secret();
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.len() >= MAX_SESSIONS {
            let drop: Vec<String> = open.keys().take(MAX_SESSIONS / 2).cloned().collect();
            for key in drop {
                open.remove(&key);
            }
        }
        open.insert(
            id.clone(),
            Session {
                user: user.user,
                name: user.name.clone(),
                locale: user.locale.clone(),
            },
        );
        id
    }

    /// The session of an id, if open.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<Session> {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(id).cloned()
    }
}
