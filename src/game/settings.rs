//! `/settings`: what those who manage a server choose for it (the language of its public
//! messages).

use super::action::{Flow, refuse};
use super::{Actor, GameService, Reply};
use crate::i18n::Language;

impl GameService {
    /// `/settings language`.
    pub(crate) fn set_language(&self, actor: &Actor, language: Option<Language>) -> Flow<Reply> {
        let _ = (actor, language);
        refuse("Settings are not available yet.")
    }
}
