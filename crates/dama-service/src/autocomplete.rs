//! The `/move` autocomplete: the legal moves that start like what has been typed, or one line
//! saying why there are none.

use dama_rules::{MoveText, Position};

use super::{Actor, GameService, HINT_MAX_CHARS, ServiceError, Suggestions};
use dama_core::i18n::{self, t};
use dama_core::store::Participant;

impl GameService {
    /// Autocomplete: up to 25 legal moves of the actor's game matching what is typed so far,
    /// or a hint (at most [`HINT_MAX_CHARS`] characters) saying why there are none: no game
    /// here, not a player, not their turn, or no legal move starting like that.
    pub fn suggestions(&self, actor: &Actor, typed: &str) -> Result<Suggestions, ServiceError> {
        let language = actor.language;
        // A hint is a choice's name: plain text, where a command mention would not show.
        let typed_command = |command: &str| i18n::texts().command_name(language, command);
        let mut record = self.store.active_game_in_channel(actor.channel)?;
        if record.is_none() {
            // The actor's game started here: in its thread, or here while it has none.
            let mine: Vec<_> = self
                .store
                .active_games_in_threads_of(actor.channel)?
                .into_iter()
                .filter(|game| game.colour_of(actor.user).is_some())
                .collect();
            record = mine.iter().find(|game| game.thread.is_none()).cloned();
            if let (None, Some(game)) = (&record, mine.first()) {
                return Ok(hint(&t!(language, StartHintInThread, game = game.id.0)));
            }
        }
        let Some(record) = record else {
            return Ok(hint(&t!(
                language,
                GameHintNoGame,
                cmd_challenge = typed_command("challenge"),
                cmd_play = typed_command("play"),
            )));
        };
        if record.colour_of(actor.user).is_none() {
            return Ok(hint(&t!(language, GameNotPlaying)));
        }
        let Ok(position) = Position::from_fen(&record.current_fen) else {
            return Ok(hint(&t!(language, GameHintUnreadable)));
        };
        let to_move = record.participant(position.turn());
        if to_move != Participant::User(actor.user) {
            let name = self.plain_name(language, record.guild, to_move);
            return Ok(hint(&t!(language, GameHintNotYourTurn, player = name)));
        }
        let moves = suggest(&position, typed, 25);
        if !moves.is_empty() {
            return Ok(Suggestions::Moves(moves));
        }
        let typed_full = typed.trim();
        let mut typed: String = typed_full.chars().take(20).collect();
        if typed.len() < typed_full.len() {
            typed.push('…');
        }
        let mut text = t!(language, GameHintNoMatch, typed = typed);
        let legal = suggest(&position, "", usize::MAX);
        for (i, m) in legal.iter().enumerate() {
            let separator = if i == 0 { " " } else { ", " };
            // Room for this move and, if more follow, for the ", …" after it.
            let room = if i + 1 < legal.len() { 3 } else { 0 };
            if text.chars().count() + separator.len() + m.chars().count() + room > HINT_MAX_CHARS {
                text.push_str(if i == 0 { " …" } else { ", …" });
                break;
            }
            text.push_str(separator);
            text.push_str(m);
        }
        Ok(hint(&text))
    }
}

/// An autocomplete hint, cut to [`HINT_MAX_CHARS`] characters.
pub(super) fn hint(text: &str) -> Suggestions {
    let mut hint: String = text.chars().take(HINT_MAX_CHARS).collect();
    if hint.chars().count() < text.chars().count() {
        hint.pop();
        hint.push('…');
    }
    Suggestions::Hint(hint)
}

/// Squares of a text as numbers separated by dots: `22x13x6` and `22 13 6` both give
/// `22.13.6`; a trailing separator is kept (`22x` gives `22.`).
fn squares_key(text: &str) -> String {
    let mut key = String::new();
    let mut last_sep = false;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            key.push(c);
            last_sep = false;
        } else if !last_sep && !key.is_empty() {
            key.push('.');
            last_sep = true;
        }
    }
    key
}

/// Legal moves whose short or long form starts like `typed`, short form first, at most `limit`.
#[must_use]
pub fn suggest(position: &Position, typed: &str, limit: usize) -> Vec<String> {
    let typed_key = squares_key(typed);
    let mut out: Vec<String> = Vec::new();
    for m in &position.legal_moves() {
        let short = position.move_text(m);
        let long = MoveText::long(m).to_string();
        let matches = typed_key.is_empty()
            || squares_key(&short).starts_with(&typed_key)
            || squares_key(&long).starts_with(&typed_key);
        if !matches {
            continue;
        }
        // A long form the player started typing is offered as such.
        let offer = if squares_key(&short).starts_with(&typed_key) {
            short
        } else {
            long
        };
        if !out.contains(&offer) {
            out.push(offer);
        }
        if out.len() == limit {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_filter_by_prefix() {
        let start = Position::initial();
        assert_eq!(suggest(&start, "", 25).len(), 7);
        let mut from_22 = suggest(&start, "22", 25);
        from_22.sort();
        assert_eq!(from_22, ["22-18", "22-19"]);
        assert_eq!(suggest(&start, "22 19", 25), ["22-19"]);
        assert!(suggest(&start, "9", 25).is_empty());
        let capture = Position::from_fen("W:WK27:B5,6,13,15,21,23").unwrap();
        assert_eq!(suggest(&capture, "27x2", 25), ["27x25"]);
        assert_eq!(suggest(&capture, "27x20x", 25), ["27x20x11x2x9x18x25"]);
    }

    #[test]
    fn squares_keys() {
        assert_eq!(squares_key("22x13x6"), "22.13.6");
        assert_eq!(squares_key(" 22 , 13 "), "22.13");
        assert_eq!(squares_key("22x"), "22.");
        assert_eq!(squares_key("x"), "");
    }
}
