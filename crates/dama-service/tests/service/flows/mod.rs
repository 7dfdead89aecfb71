//! Every flow of the game service, end to end on a real SQLite store, with a clock the tests
//! move by hand.

use dama_core::store::ColourChoice;
use dama_core::store::Member;
use std::sync::Arc;
use std::time::Duration;

use dama_core::config::RenderConfig;
use dama_core::i18n::Language;
use dama_core::store::{EndReason, GameResult, GameStatus, MessageRef, NewGame, Participant};
use dama_render::Renderer;
use dama_rules::{Position, pdn};
use dama_service::{
    Action, Actor, BOARD_COOLDOWN, CHALLENGE_COOLDOWN, Component, DRAW_OFFER_COOLDOWN, GameService,
    HINT_MAX_CHARS, ManualClock, Origin, Reply, ServiceSettings, SettingsChange, Suggestions,
};
use dama_store::SqliteStore;

mod boards;
mod challenges;
mod clocks;
mod cooldowns;
mod endings;
mod engine;
mod help;
mod languages;
mod lookups;
mod mentions;
mod play;
mod privacy;
mod records;

use crate::world::{World, id_ending, ids, settings, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

fn world() -> World {
    world_with(settings())
}

fn actor(user: u64) -> Actor {
    let name = match user {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        _ => "someone",
    };
    Actor::new(user, name, GUILD, CHANNEL).can_open_threads(false)
}

fn member(user: u64) -> Member {
    let a = actor(user);
    Member {
        user: a.user,
        name: a.name,
        is_bot: false,
    }
}

/// Alice (White) and Bob (Black) start a game; returns the board reply.
fn start_game(w: &World) -> Reply {
    // Past the cooldown of any challenge before.
    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = w
        .service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(BOB)),
                colour: ColourChoice::White,
                time_per_move: None,
                clock: None,
            },
        )
        .unwrap();
    assert!(!challenge.ephemeral, "{}", challenge.text);
    w.service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap()
}

fn play(w: &World, user: u64, text: &str) -> Reply {
    let reply = w
        .service
        .act(
            &actor(user),
            Origin::Channel,
            Action::Move {
                text: text.to_owned(),
            },
        )
        .unwrap();
    assert!(!reply.ephemeral, "{text}: {}", reply.text);
    reply
}

/// The moves the autocomplete offers (none when it answers with a hint).
fn moves(w: &World, user: u64, typed: &str) -> Vec<String> {
    match w.service.suggestions(&actor(user), typed).unwrap() {
        Suggestions::Moves(moves) => moves,
        Suggestions::Hint(_) => Vec::new(),
    }
}

/// Plays the first legal move the autocomplete offers.
fn play_any(w: &World, user: u64) -> Reply {
    let suggestions = moves(w, user, "");
    play(w, user, &suggestions[0])
}

fn active(w: &World) -> dama_core::store::Game {
    w.service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .expect("an active game")
}

fn last_game(w: &World) -> dama_core::store::Game {
    w.service
        .store()
        .recent_games_in_channel(CHANNEL, 1)
        .unwrap()
        .remove(0)
}

/// A game between Alice (White) and Bob from a given position, stored directly.
fn game_from(w: &World, fen: &str) -> dama_core::store::Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms: 3_600_000,
            clock: None,
            rated: true,
            start_fen: fen.into(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap()
}

/// A game of Alice against the engine at `level`, stored directly; `alice_white` picks her
/// colour. Its board message is remembered as message 500.
fn engine_game(w: &World, level: u8, alice_white: bool) -> dama_core::store::Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    let (white, black) = if alice_white {
        (Participant::User(ALICE), Participant::Engine(level))
    } else {
        (Participant::Engine(level), Participant::User(ALICE))
    };
    let game = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white,
            black,
            time_per_move_ms: 3_600_000,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap();
    w.service.set_board_message(game.id, BOARD_500).unwrap();
    game
}

const BOARD_500: MessageRef = MessageRef {
    channel: CHANNEL,
    message: 500,
};

/// Stores Alice's move `text` as if the process died before the engine replied.
fn store_move_only(w: &World, game: &dama_core::store::Game, text: &str) {
    let mut position = Position::from_fen(&game.current_fen).unwrap();
    let m = position.parse_move(text).unwrap();
    position.play_unchecked(&m);
    w.service
        .store()
        .record_move(
            game.id,
            game.ply,
            &m.long(),
            &position.to_fen(),
            w.service.now(),
        )
        .unwrap();
}

/// A member whose Discord and server both speak `language`.
fn speaking(user: u64, language: Language) -> Actor {
    actor(user)
        .language(language)
        .guild_language(Some(language))
}

/// No placeholder or message id shows through in a reply.
fn assert_finished_text(reply: &Reply) {
    let texts = std::iter::once(reply.text.to_string()).chain(labels(reply));
    for text in texts {
        assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
        for message in dama_core::i18n::Text::ALL {
            let id = message.id();
            assert!(!(id.contains('-') && text.contains(id)), "{id} in {text}");
        }
    }
}

fn challenge_as(w: &World, from: &Actor, to: u64, time_per_move: Option<Duration>) -> Reply {
    let reply = w
        .service
        .act(
            from,
            Origin::Channel,
            Action::Challenge {
                opponent: Some(member(to)),
                colour: ColourChoice::White,
                time_per_move,
                clock: None,
            },
        )
        .unwrap();
    assert_finished_text(&reply);
    reply
}

/// The labels of a reply's buttons.
fn labels(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Component::Button { label, .. } => Some(label.clone()),
            Component::Select { .. } => None,
        })
        .collect()
}
