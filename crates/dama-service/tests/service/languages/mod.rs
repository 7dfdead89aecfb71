//! The game service in Italian, English and Spanish: each scenario (a full game to its end, an
//! illegal move with its reason, a claim on time, draws, aborts, the help and the rules) runs
//! once per language, with the key phrases of each asserted and strict texts on, so a wrong
//! variable panics. No reply shows a raw message id or an unfilled variable.

use std::sync::Arc;
use std::time::Duration;

use dama_core::i18n::{self, Language, Text};
use dama_core::store::{NewGame, Participant};
use dama_rules::{Position, pdn};
use dama_service::{
    Action, Actor, BOARD_COOLDOWN, Component, DRAW_OFFER_COOLDOWN, GameService, ManualClock,
    Origin, Reply, ServiceSettings, Suggestions,
};
use dama_store::SqliteStore;

mod aborts;
mod endings;
mod engine;
mod full_game;
mod help;
mod illegal_moves;

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

struct World {
    service: GameService,
    clock: Arc<ManualClock>,
    language: Language,
    _dir: tempfile::TempDir,
}

fn settings() -> ServiceSettings {
    ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(50),
        hash_mb: 1,
        max_concurrent_searches: 2,
        seed: Some(7),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 20_000,
        engine_hints: 3,
    }
}

/// A world whose people and server speak `language`.
fn world(language: Language) -> World {
    world_with(language, settings())
}

fn world_with(language: Language, settings: ServiceSettings) -> World {
    i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(Arc::new(store), clock.clone(), settings);
    World {
        service,
        clock,
        language,
        _dir: dir,
    }
}

/// One phrase per language, in the order of [`Language::ALL`] (it, en, es).
fn pick(language: Language, phrases: [&'static str; 3]) -> &'static str {
    match language {
        Language::It => phrases[0],
        Language::En => phrases[1],
        Language::Es => phrases[2],
    }
}

impl World {
    fn actor(&self, user: u64) -> Actor {
        let name = match user {
            ALICE => "alice",
            BOB => "bob",
            CAROL => "carol",
            _ => "someone",
        };
        Actor::new(user, name, GUILD, CHANNEL)
            .language(self.language)
            .guild_language(Some(self.language))
            .can_open_threads(false)
    }

    fn act(&self, user: u64, action: Action) -> Reply {
        checked(
            self.service
                .act(&self.actor(user), Origin::Channel, action)
                .unwrap(),
        )
    }

    fn click(&self, user: u64, id: &str, values: &[String]) -> Reply {
        checked(
            self.service
                .component(&self.actor(user), id, values)
                .unwrap(),
        )
    }

    fn play(&self, user: u64, text: &str) -> Reply {
        let reply = self.act(
            user,
            Action::Move {
                text: text.to_owned(),
            },
        );
        assert!(!reply.ephemeral, "{text}: {}", reply.text);
        reply
    }

    fn hint(&self, user: u64, typed: &str) -> String {
        match self.service.suggestions(&self.actor(user), typed).unwrap() {
            Suggestions::Hint(hint) => {
                assert_filled(&hint);
                hint
            }
            Suggestions::Moves(moves) => panic!("moves, not a hint: {moves:?}"),
        }
    }

    /// Plays the first legal move of the side to move.
    fn play_any(&self, user: u64) -> Reply {
        let Suggestions::Moves(moves) = self.service.suggestions(&self.actor(user), "").unwrap()
        else {
            panic!("no moves for {user}");
        };
        self.play(user, &moves[0])
    }

    /// A game between Alice (White) and `black` from `fen`, stored directly.
    fn game_from(&self, fen: &str, black: Participant) {
        let store = self.service.store();
        let now = self.service.now();
        store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
        store.ensure_player(GUILD, BOB, "bob", now).unwrap();
        store
            .create_game(&NewGame {
                guild: GUILD,
                channel: CHANNEL,
                white: Participant::User(ALICE),
                black,
                time_per_move_ms: 24 * 3_600_000,
                clock: None,
                rated: black == Participant::User(BOB),
                start_fen: fen.into(),
                created_at: now,
                in_thread: false,
                language: None,
            })
            .unwrap();
    }

    fn start(&self) {
        self.game_from(&Position::initial().to_fen(), Participant::User(BOB));
    }
}

/// Fails on a text that shows a variable unfilled or a message by its id.
fn assert_filled(text: &str) {
    assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
    for message in Text::ALL {
        let id = message.id();
        if id.contains('-') {
            assert!(!text.contains(id), "the raw id {id} in: {text}");
        }
    }
}

/// Every text of a reply (its message, components, caption), checked by [`assert_filled`].
fn checked(reply: Reply) -> Reply {
    assert_filled(&reply.text.to_string());
    for component in reply.components.iter().flatten() {
        match component {
            Component::Button { label, .. } => assert_filled(label),
            Component::Select {
                placeholder,
                options,
                ..
            } => {
                assert_filled(placeholder);
                for option in options {
                    assert_filled(&option.label);
                }
            }
        }
    }
    if let Some(caption) = reply.board.as_ref().and_then(|b| b.caption.as_deref()) {
        assert_filled(caption);
    }
    reply
}

fn labels(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .map(|c| match c {
            Component::Button { label, .. } => label.clone(),
            Component::Select { placeholder, .. } => placeholder.clone(),
        })
        .collect()
}

fn id_ending(reply: &Reply, suffix: &str) -> String {
    reply
        .components
        .iter()
        .flatten()
        .map(|c| match c {
            Component::Button { id, .. } | Component::Select { id, .. } => id.clone(),
        })
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {:?}", reply.components))
}

fn caption(reply: &Reply) -> String {
    reply
        .board
        .as_ref()
        .and_then(|b| b.caption.clone())
        .expect("a caption")
}

fn in_every_language(scenario: fn(&World)) {
    for language in Language::ALL {
        scenario(&world(language));
    }
}
