//! `damabot local`: the game service in a terminal, with the same database and the same
//! replies as on Discord.
//!
//! Each line is `NAME: /command argument option:value ...`, for example `alice: /challenge bob`,
//! `bob: /accept`, `alice: /move 22-18`, `alice: /play level:3 colour:black`. Commands and
//! options are read by their names in every language, as the command table
//! ([`dama_core::commands`]) and the files give them (`alice: /sfida bob colore:nero`,
//! `bob: /retar alice`, `alice: /patta proponi`). Lines starting with `@` steer the session
//! (`@channel NAME`, `@guild NAME`, `@advance 2h`, `@advance`, `@mod NAME`,
//! `@locale it|en|es`, `@threads on|off`, `@dm-closed NAME`, `@hide NAME #CHANNEL`), `#` starts
//! a comment. Every channel is seen by everyone unless `@hide` hides it from someone. Buttons are pressed with
//! `NAME: /click ID [VALUE]`, using the ids the replies print. Every line the console writes
//! is in the language of `@locale` (English at first).
//!
//! Threads are channels: a game that opens one moves the console into it (`(thread #… opened)`),
//! and `@channel NAME` goes back. The games of a tournament's round open their threads without
//! moving the console (their boards are shown with the thread's name in front).
//!
//! Tournaments: `/tournament create NAME format:swiss rounds:3`, `/click t:1:join` (or
//! `/tournament join`), `/tournament start`, and `@advance` (without a duration) to play out
//! the running round of the channel's tournament: in each of its unfinished games both players
//! play the first of their legal moves (in the order the move list offers them) for
//! [`ADVANCE_PLIES`] plies, then, by the game's number, White resigns (numbers 1, 4, 7, ...),
//! Black resigns (2, 5, 8, ...) or the players agree a draw (3, 6, 9, ...). The round's last result pairs the next
//! round, so `@advance` repeated brings the tournament to its final standings. What is posted in another place than the current one is
//! prefixed with that place (`[#general] …`); direct messages are lines starting with
//! `(DM to NAME)`.

mod access;
mod deliver;
mod local_auth;
mod parse;
mod people;
mod session;
mod show;
mod words;

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use dama_core::i18n::{self, Language, t};
use dama_render::Renderer;
use dama_service::{GameService, ManualClock, ThreadStart};

pub use local_auth::{LOCAL_DEFAULT_NAME, LocalAuth};
pub use people::People;
pub use show::text_board;
use words::Vocabulary;

/// The console's state: who is who, where we are, and the clock.
pub struct Console {
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    clock: Arc<ManualClock>,
    /// Who is who, by name (shared with the page of `damabot local --web`).
    people: Arc<People>,
    moderators: Vec<u64>,
    guilds: HashMap<String, u64>,
    /// Channels and threads by name, to their ids.
    channels: HashMap<String, u64>,
    /// Every channel and thread by id.
    places: HashMap<u64, Place>,
    guild: u64,
    channel: u64,
    /// The bot may open threads (`@threads on|off`; on at first).
    threads: bool,
    /// People whose direct messages cannot be delivered (`@dm-closed`).
    closed_dms: HashSet<u64>,
    images: Option<PathBuf>,
    image_count: usize,
    /// The language every console user reads (`@locale`).
    language: Language,
    /// The names the console reads, in every language.
    words: Vocabulary,
    /// The channels hidden from console users (`@hide`), as the service asks.
    access: Arc<access::ConsoleAccess>,
    /// The address of the board's page when it is served (`damabot local --web`), which
    /// "Open the board" shows.
    page: Option<String>,
}

/// A channel or a thread.
struct Place {
    /// As the console shows it after `#`.
    name: String,
    /// The server it was first used in (a thread's server is its game's).
    guild: u64,
    /// For a thread, the channel it was opened from.
    parent: Option<u64>,
}

/// How many plies `@advance` plays in each game before it ends it.
pub const ADVANCE_PLIES: u32 = 4;

impl Console {
    #[must_use]
    pub fn new(
        service: Arc<GameService>,
        renderer: Arc<Renderer>,
        clock: Arc<ManualClock>,
        images: Option<PathBuf>,
    ) -> Console {
        let access = Arc::new(access::ConsoleAccess::default());
        service.set_access(access.clone());
        let mut console = Console {
            service,
            renderer,
            clock,
            people: Arc::default(),
            moderators: Vec::new(),
            guilds: HashMap::new(),
            channels: HashMap::new(),
            places: HashMap::new(),
            guild: 0,
            channel: 0,
            threads: true,
            closed_dms: HashSet::new(),
            images,
            image_count: 0,
            language: Language::En,
            words: Vocabulary::new(),
            access,
            page: None,
        };
        console.guild = console.place_id(true, "local");
        console.channel = console.place_id(false, "general");
        console
    }

    /// The same console, its "Open the board" buttons showing the page at `address` (the
    /// page served beside it); without, they say how to serve it.
    #[must_use]
    pub fn with_page(mut self, address: Option<String>) -> Console {
        self.page = address;
        self
    }

    fn place_id(&mut self, guild: bool, name: &str) -> u64 {
        let map = if guild {
            &mut self.guilds
        } else {
            &mut self.channels
        };
        let next = map.len() as u64 + if guild { 1 } else { 101 };
        let id = *map.entry(name.to_owned()).or_insert(next);
        if !guild {
            let server = self.guild;
            self.places.entry(id).or_insert_with(|| Place {
                name: name.to_owned(),
                guild: server,
                parent: None,
            });
        }
        id
    }

    /// A new thread of `parent` for the game of `start`, named by a slug of the thread's
    /// name (`Dama #12 · Alice – Bob` is `#dama-12-alice-bob`).
    fn new_thread(&mut self, start: &ThreadStart, guild: u64, parent: u64) -> (u64, String) {
        let slug = slug(&start.name);
        let mut name = slug.clone();
        let mut count = 1;
        while self.channels.contains_key(&name) {
            count += 1;
            name = format!("{slug}-{count}");
        }
        let id = self.channels.len() as u64 + 101;
        self.channels.insert(name.clone(), id);
        self.places.insert(
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
    fn place_name(&self, id: u64) -> String {
        self.places
            .get(&id)
            .map_or_else(|| id.to_string(), |place| place.name.clone())
    }

    fn is_thread(&self, id: u64) -> bool {
        self.places
            .get(&id)
            .is_some_and(|place| place.parent.is_some())
    }

    /// A person's name: a console user's, or the store's for someone of an earlier session.
    fn name_of(&self, user: u64) -> String {
        self.people
            .name(user)
            .or_else(|| {
                let player = self.service.store().player(self.guild, user).ok()??;
                Some(player.display_name)
            })
            .unwrap_or_else(|| user.to_string())
    }

    fn user_id(&mut self, name: &str) -> u64 {
        self.people.id(name)
    }

    /// The console's people, to share with another front end on the same service.
    #[must_use]
    pub fn people(&self) -> Arc<People> {
        Arc::clone(&self.people)
    }

    /// The server and channel the console is in (ids).
    #[must_use]
    pub fn place(&self) -> (u64, u64) {
        (self.guild, self.channel)
    }

    /// A command (`draw offer`, by its English name) as typed in the console's language:
    /// `/patta proponi`.
    fn typed(&self, command: &str) -> String {
        i18n::texts().command_name(self.language, command)
    }

    /// The engine's moves that were due when the console last stopped (see
    /// [`GameService::resume_engine_games`]), as text.
    pub fn resume(&mut self) -> String {
        match self.service.resume_engine_games() {
            Ok(notices) => notices
                .into_iter()
                .map(|notice| self.notice(notice))
                .collect(),
            Err(error) => {
                let error = error.to_string();
                format!(
                    "{}\n",
                    t!(self.language, ConsoleInternalError, error = error)
                )
            }
        }
    }

    /// Plays the engine's moves that were due, then reads lines until the end of input,
    /// answering each.
    pub fn run(
        &mut self,
        input: impl BufRead,
        output: &mut impl Write,
        prompt: bool,
    ) -> std::io::Result<()> {
        if prompt {
            let banner = t!(self.language, ConsoleBanner, help = self.typed("help"));
            writeln!(output, "{banner}")?;
        }
        let resumed = self.resume();
        output.write_all(resumed.as_bytes())?;
        for line in input.lines() {
            let line = line?;
            let answer = self.line(&line);
            if !answer.is_empty() {
                output.write_all(answer.as_bytes())?;
                if !answer.ends_with('\n') {
                    output.write_all(b"\n")?;
                }
            }
            output.flush()?;
        }
        Ok(())
    }

    /// Answers one line.
    pub fn line(&mut self, line: &str) -> String {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return String::new();
        }
        let mut out = if let Some(directive) = line.strip_prefix('@') {
            self.directive(directive)
        } else {
            match line.split_once(':') {
                Some((name, command)) if !name.trim().is_empty() && !name.contains(' ') => {
                    match self.command(name.trim(), command.trim()) {
                        Ok(text) => text,
                        Err(error) => {
                            let error = error.to_string();
                            t!(self.language, ConsoleInternalError, error = error)
                        }
                    }
                }
                _ => t!(
                    self.language,
                    ConsoleLineForm,
                    challenge = self.typed("challenge")
                ),
            }
        };
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        // The sweep's notices, through the outbox as the bot posts them: shown here, each
        // delivery is posted.
        let swept = self.service.sweep_deliveries().and_then(|deliveries| {
            for delivery in deliveries {
                for notice in delivery.notices.clone() {
                    let shown = self.notice(notice);
                    out.push_str(&shown);
                }
                self.service.delivered(&delivery, None)?;
            }
            Ok(())
        });
        match swept {
            Ok(()) => {}
            Err(error) => {
                let error = error.to_string();
                let _ = writeln!(
                    out,
                    "{}",
                    t!(self.language, ConsoleInternalError, error = error)
                );
            }
        }
        out
    }
}

/// A thread's name as a channel name: lowercase letters and digits, the rest dashes
/// (`Dama #12 · Alice – Bob` is `dama-12-alice-bob`).
fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// `text` with `prefix` before each of its lines.
fn prefixed(prefix: &str, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + prefix.len() * 4);
    for line in text.lines() {
        out.push_str(prefix);
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
