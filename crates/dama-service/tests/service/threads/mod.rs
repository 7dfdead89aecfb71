//! Starting games on a living server, end to end on a real SQLite store with a clock the tests
//! move by hand: a thread per game and the fallback to the channel, open challenges and
//! `/accept from`, expiries that fit the time control, idle engine games, server settings.

use dama_core::i18n::Language;
use dama_core::store::ColourChoice;
use dama_core::store::Member;
use dama_core::store::{AbortReason, GameId, GameStatus, MessageRef, Participant};
use dama_service::{
    Action, Actor, CHALLENGE_COOLDOWN, Component, Origin, Reply, ServiceSettings, SettingsChange,
    Suggestions,
};
use std::time::Duration;

mod engine_games;
mod game_threads;
mod open_challenges;
mod server_settings;

use crate::world::{START, World, ids, settings, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const OTHER_CHANNEL: u64 = 200;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;
const DAVE: u64 = 14;
const ADMIN: u64 = 15;

/// Challenges open as long as their time control says.
fn world() -> World {
    world_with(ServiceSettings {
        challenge_expiry: None,
        ..settings()
    })
}

/// A member in the channel, where the bot may open threads.
fn actor(user: u64) -> Actor {
    let name = match user {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        DAVE => "dave",
        ADMIN => "admin",
        _ => "someone",
    };
    Actor::new(user, name, GUILD, CHANNEL).can_manage_server(user == ADMIN)
}

/// The same member where the bot may not open threads.
fn without_threads(user: u64) -> Actor {
    actor(user).can_open_threads(false)
}

/// The member in another channel or thread (where no thread can be opened).
fn in_channel(user: u64, channel: u64) -> Actor {
    actor(user).channel(channel).can_open_threads(false)
}

/// The member reading their own Discord in `language` (the server's language unknown).
fn reading(actor: Actor, language: Language) -> Actor {
    actor.language(language)
}

fn speaking(actor: Actor, language: Language) -> Actor {
    actor.language(language).guild_language(Some(language))
}

fn member(user: u64) -> Member {
    let a = actor(user);
    Member {
        user: a.user,
        name: a.name,
        is_bot: false,
    }
}

fn id_ending(reply: &Reply, suffix: &str) -> String {
    ids(reply)
        .into_iter()
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {:?}: {}", ids(reply), reply.text))
}

/// No placeholder or message id shows through in a reply.
fn assert_finished_text(reply: &Reply) {
    let labels = reply.components.iter().flatten().filter_map(|c| match c {
        Component::Button { label, .. } => Some(label.clone()),
        Component::Select { .. } => None,
    });
    for text in std::iter::once(reply.text.to_string()).chain(labels) {
        assert!(!text.contains("{$") && !text.contains("{ $"), "{text}");
        for message in dama_core::i18n::Text::ALL {
            let id = message.id();
            assert!(!(id.contains('-') && text.contains(id)), "{id} in {text}");
        }
    }
}

fn act(w: &World, actor: &Actor, origin: Origin, action: Action) -> Reply {
    let reply = w.service.act(actor, origin, action).unwrap();
    assert_finished_text(&reply);
    reply
}

fn click(w: &World, actor: &Actor, id: &str) -> Reply {
    let reply = w.service.component(actor, id, &[]).unwrap();
    assert_finished_text(&reply);
    reply
}

/// A challenge from `from` to `to` (open to anyone for `None`), past any cooldown.
fn challenge(w: &World, from: &Actor, to: Option<u64>, time: Option<Duration>) -> Reply {
    w.clock.advance(CHALLENGE_COOLDOWN);
    act(
        w,
        from,
        Origin::Channel,
        Action::Challenge {
            opponent: to.map(member),
            colour: ColourChoice::White,
            time_per_move: time,
            clock: None,
        },
    )
}

/// `from` challenges `to` (White) and `to` accepts by the button: the accept's answer.
fn start(w: &World, from: &Actor, to: &Actor) -> Reply {
    let challenge = challenge(w, from, Some(to.user), None);
    assert!(!challenge.ephemeral, "{}", challenge.text);
    click(w, to, &id_ending(&challenge, ":accept"))
}

fn play(w: &World, actor: &Actor, text: &str) -> Reply {
    act(
        w,
        actor,
        Origin::Channel,
        Action::Move {
            text: text.to_owned(),
        },
    )
}

fn game(w: &World, id: i64) -> dama_core::store::Game {
    w.service.store().game(GameId(id)).unwrap().unwrap()
}

fn settings_change(w: &World, actor: &Actor, change: SettingsChange) -> Reply {
    act(w, actor, Origin::Channel, Action::Settings(change))
}
