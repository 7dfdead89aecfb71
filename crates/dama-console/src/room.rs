//! What the console's people share with the chat that shows the bot's messages: the servers,
//! channels and threads by name, where the console is, whose direct messages are closed, the
//! language of the console's notes, and the text written so far, not yet printed.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use dama_core::i18n::{self, Language};
use dama_core::store::MessageRef;
use dama_render::Renderer;
use dama_service::{GameService, ManualClock};

use super::People;

/// The console's places and people, and its output.
pub(super) struct Room {
    pub(super) service: Arc<GameService>,
    pub(super) renderer: Arc<Renderer>,
    pub(super) clock: Arc<ManualClock>,
    /// Who is who, by name (shared with the page of `damabot local --web`).
    pub(super) people: Arc<People>,
    state: Mutex<State>,
    /// What the console has written and nobody has printed yet.
    pub(super) output: Arc<Output>,
}

/// Where the console is and what it knows of its places.
pub(super) struct State {
    guilds: HashMap<String, u64>,
    /// Channels and threads by name, to their ids.
    pub(super) channels: HashMap<String, u64>,
    /// Every channel and thread by id.
    pub(super) places: HashMap<u64, Place>,
    pub(super) guild: u64,
    pub(super) channel: u64,
    /// People whose direct messages cannot be delivered (`@dm-closed`).
    pub(super) closed_dms: HashSet<u64>,
    pub(super) images: Option<PathBuf>,
    pub(super) image_count: usize,
    /// The language every console user reads (`@locale`).
    pub(super) language: Language,
    /// The answer whose game's thread the console moves into when it opens.
    pub(super) entering: Option<MessageRef>,
    /// The messages shown so far (each message's id is its number).
    messages: u64,
}

/// A channel or a thread.
pub(super) struct Place {
    /// As the console shows it after `#`.
    pub(super) name: String,
    /// The server it was first used in (a thread's server is its game's).
    pub(super) guild: u64,
    /// For a thread, the channel it was opened from.
    pub(super) parent: Option<u64>,
}

impl Room {
    pub(super) fn new(
        service: Arc<GameService>,
        renderer: Arc<Renderer>,
        clock: Arc<ManualClock>,
        images: Option<PathBuf>,
    ) -> Room {
        let room = Room {
            service,
            renderer,
            clock,
            people: Arc::default(),
            state: Mutex::new(State {
                guilds: HashMap::new(),
                channels: HashMap::new(),
                places: HashMap::new(),
                guild: 0,
                channel: 0,
                closed_dms: HashSet::new(),
                images,
                image_count: 0,
                language: Language::En,
                entering: None,
                messages: 0,
            }),
            output: Arc::default(),
        };
        let guild = room.place_id(true, "local");
        room.state().guild = guild;
        let channel = room.place_id(false, "general");
        room.state().channel = channel;
        room
    }

    pub(super) fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The language of the console's notes.
    pub(super) fn language(&self) -> Language {
        self.state().language
    }

    /// The server and the channel (or thread) the console is in.
    pub(super) fn here(&self) -> (u64, u64) {
        let state = self.state();
        (state.guild, state.channel)
    }

    /// The id of the server (`guild`) or the channel called `name`, new if there was none (a
    /// new channel is in the current server).
    pub(super) fn place_id(&self, guild: bool, name: &str) -> u64 {
        let mut state = self.state();
        let state = &mut *state;
        let map = if guild {
            &mut state.guilds
        } else {
            &mut state.channels
        };
        let next = map.len() as u64 + if guild { 1 } else { 101 };
        let id = *map.entry(name.to_owned()).or_insert(next);
        if !guild {
            let server = state.guild;
            state.places.entry(id).or_insert_with(|| Place {
                name: name.to_owned(),
                guild: server,
                parent: None,
            });
        }
        id
    }

    /// A new thread of `parent` in `guild` called `name`, named in the console by a slug of
    /// it (`Dama #12 · Alice – Bob` is `#dama-12-alice-bob`).
    pub(super) fn new_thread(&self, name: &str, guild: u64, parent: u64) -> (u64, String) {
        let slug = super::slug(name);
        let mut state = self.state();
        let mut name = slug.clone();
        let mut count = 1;
        while state.channels.contains_key(&name) {
            count += 1;
            name = format!("{slug}-{count}");
        }
        let id = state.channels.len() as u64 + 101;
        state.channels.insert(name.clone(), id);
        state.places.insert(
            id,
            Place {
                name: name.clone(),
                guild,
                parent: Some(parent),
            },
        );
        (id, name)
    }

    /// A channel's or a thread's name, as shown after `#`.
    pub(super) fn place_name(&self, id: u64) -> String {
        self.state()
            .places
            .get(&id)
            .map_or_else(|| id.to_string(), |place| place.name.clone())
    }

    pub(super) fn is_thread(&self, id: u64) -> bool {
        self.state()
            .places
            .get(&id)
            .is_some_and(|place| place.parent.is_some())
    }

    /// A person's name: one of the console's people, else as the store knows them (from an
    /// earlier session), else their id.
    pub(super) fn name_of(&self, user: u64) -> String {
        let guild = self.state().guild;
        self.people
            .name(user)
            .or_else(|| {
                let player = self.service.store().player(guild, user).ok()??;
                Some(player.display_name)
            })
            .unwrap_or_else(|| user.to_string())
    }

    /// A command (`draw offer`, by its English name) as typed in the console's language:
    /// `/patta proponi`.
    pub(super) fn typed(&self, command: &str) -> String {
        i18n::texts().command_name(self.language(), command)
    }

    /// A new message's place in `channel`.
    pub(super) fn next_message(&self, channel: u64) -> MessageRef {
        let mut state = self.state();
        state.messages += 1;
        MessageRef {
            channel,
            message: state.messages,
        }
    }

    /// Writes `text` (a line or more) for printing.
    pub(super) fn write(&self, text: &str) {
        self.output.push(text);
    }
}

/// The text the console writes, in the order it is written, until it is printed: the
/// answers to the lines typed, and what is posted while nobody types (a move made on the
/// page, a flag that falls).
#[derive(Default)]
pub struct Output {
    text: Mutex<String>,
    ready: Condvar,
}

impl Output {
    /// Adds `text`, ending it with a new line.
    pub(super) fn push(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        let mut written = self.text.lock().unwrap_or_else(PoisonError::into_inner);
        written.push_str(text);
        if !text.ends_with('\n') {
            written.push('\n');
        }
        self.ready.notify_all();
    }

    /// What was written since the last time, now.
    pub fn take(&self) -> String {
        std::mem::take(&mut *self.text.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// What was written since the last time, waiting up to `wait` for something when nothing
    /// was.
    pub fn wait(&self, wait: Duration) -> String {
        let written = self.text.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut written, _) = self
            .ready
            .wait_timeout_while(written, wait, |text| text.is_empty())
            .unwrap_or_else(PoisonError::into_inner);
        std::mem::take(&mut *written)
    }
}
