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
mod chat;
mod deliver;
mod local_auth;
mod parse;
mod people;
mod room;
mod session;
mod show;
mod words;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use dama_core::i18n::{Language, t};
use dama_render::Renderer;
use dama_service::delivery::Courier;
use dama_service::work::Work;
use dama_service::{GameService, ManualClock};

pub use local_auth::{LOCAL_DEFAULT_NAME, LocalAuth};
pub use people::People;
pub use room::Output;
pub use show::text_board;
use words::Vocabulary;

/// The console's state: who is who, where we are, and the clock.
pub struct Console {
    service: Arc<GameService>,
    clock: Arc<ManualClock>,
    /// The places and people the console shares with its chat, and its output.
    room: Arc<Room>,
    /// Delivers what the service answers through the console's chat.
    courier: Courier,
    /// Runs the courier's deliveries for the lines typed.
    runtime: tokio::runtime::Runtime,
    moderators: Vec<u64>,
    /// The bot may open threads (`@threads on|off`; on at first).
    threads: bool,
    /// The names the console reads, in every language.
    words: Vocabulary,
    /// The channels hidden from console users (`@hide`), as the service asks.
    access: Arc<access::ConsoleAccess>,
    /// The address of the board's page when it is served (`damabot local --web`), which
    /// "Open the board" shows.
    page: Option<String>,
}

use room::Room;

/// How many plies `@advance` plays in each game before it ends it.
pub const ADVANCE_PLIES: u32 = 4;

/// How long one of the console's messages may take to be shown before it is left for later
/// (it takes no time: the console's chat never waits).
const POST_DEADLINE: Duration = Duration::from_secs(30);

impl Console {
    /// A console on `service`, its boards saved as images in `images` when given.
    ///
    /// # Panics
    /// When the runtime that runs the console's deliveries cannot start (no threads left).
    #[must_use]
    pub fn new(
        service: Arc<GameService>,
        renderer: Arc<Renderer>,
        clock: Arc<ManualClock>,
        images: Option<PathBuf>,
    ) -> Console {
        let access = Arc::new(access::ConsoleAccess::default());
        service.set_access(access.clone());
        let room = Arc::new(Room::new(
            Arc::clone(&service),
            Arc::clone(&renderer),
            Arc::clone(&clock),
            images,
        ));
        let chat = Arc::new(chat::ConsoleChat {
            room: Arc::clone(&room),
        });
        let work = Work::with_cpu_threads(service.cpu_threads());
        let courier = Courier::new(Arc::clone(&service), renderer, work, chat, POST_DEADLINE);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("the console's runtime starts");
        Console {
            service,
            clock,
            room,
            courier,
            runtime,
            moderators: Vec::new(),
            threads: true,
            words: Vocabulary::new(),
            access,
            page: None,
        }
    }

    /// The same console, its "Open the board" buttons showing the page at `address` (the
    /// page served beside it); without, they say how to serve it.
    #[must_use]
    pub fn with_page(mut self, address: Option<String>) -> Console {
        self.page = address;
        self
    }

    /// What delivers the service's answers to the console: for another front end on the same
    /// service (the page of `damabot local --web`), whose public answers the console then
    /// shows as they are posted.
    #[must_use]
    pub fn courier(&self) -> Courier {
        self.courier.clone()
    }

    /// The console's output: what it writes, for printing while nobody types (see
    /// [`Console::run`]).
    #[must_use]
    pub fn output(&self) -> Arc<Output> {
        Arc::clone(&self.room.output)
    }

    fn place_id(&self, guild: bool, name: &str) -> u64 {
        self.room.place_id(guild, name)
    }

    /// A channel's or a thread's name, as shown after `#`.
    fn place_name(&self, id: u64) -> String {
        self.room.place_name(id)
    }

    fn is_thread(&self, id: u64) -> bool {
        self.room.is_thread(id)
    }

    /// A person's name: a console user's, or the store's for someone of an earlier session.
    fn name_of(&self, user: u64) -> String {
        self.room.name_of(user)
    }

    fn user_id(&mut self, name: &str) -> u64 {
        self.room.people.id(name)
    }

    /// The language of the console's lines (`@locale`).
    fn language(&self) -> Language {
        self.room.language()
    }

    /// The console's people, to share with another front end on the same service.
    #[must_use]
    pub fn people(&self) -> Arc<People> {
        Arc::clone(&self.room.people)
    }

    /// The server and channel the console is in (ids).
    #[must_use]
    pub fn place(&self) -> (u64, u64) {
        self.room.here()
    }

    /// A command (`draw offer`, by its English name) as typed in the console's language:
    /// `/patta proponi`.
    fn typed(&self, command: &str) -> String {
        self.room.typed(command)
    }

    /// Delivers what the sweep finds due (the engine's moves a stop interrupted, expired
    /// challenges, lost flags, reminders) through the courier, as the bot posts them.
    fn sweep(&self) {
        let swept = self
            .runtime
            .block_on(self.courier.sweep(GameService::sweep_deliveries));
        if let Err(error) = swept {
            let error = error.to_string();
            self.room
                .write(&t!(self.language(), ConsoleInternalError, error = error));
        }
    }

    /// Plays the engine's moves that were due, then reads lines until the end of input,
    /// answering each. What the console writes is printed to `output` as it comes, the
    /// answers to the lines typed and what is posted while nobody types (a move made on the
    /// page) alike.
    ///
    /// # Errors
    /// When `input` cannot be read or `output` written.
    pub fn run(
        &mut self,
        input: impl BufRead,
        output: &mut (impl Write + Send),
        prompt: bool,
    ) -> std::io::Result<()> {
        let written = Arc::clone(&self.room.output);
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let printer = scope.spawn(|| print(&written, output, &done));
            let read = self.read_lines(input, prompt);
            done.store(true, Ordering::SeqCst);
            let shown = printer
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("the console's printer failed")));
            read.and(shown)
        })
    }

    fn read_lines(&mut self, input: impl BufRead, prompt: bool) -> std::io::Result<()> {
        if prompt {
            let banner = t!(self.language(), ConsoleBanner, help = self.typed("help"));
            self.room.write(&banner);
        }
        self.sweep();
        for line in input.lines() {
            self.answer(&line?);
        }
        Ok(())
    }

    /// Answers one line: what the console writes for it.
    pub fn line(&mut self, line: &str) -> String {
        self.answer(line);
        self.room.output.take()
    }

    /// Answers one line, writing to the console's output.
    fn answer(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return;
        }
        let out = if let Some(directive) = line.strip_prefix('@') {
            self.directive(directive)
        } else {
            match line.split_once(':') {
                Some((name, command)) if !name.trim().is_empty() && !name.contains(' ') => {
                    match self.command(name.trim(), command.trim()) {
                        Ok(()) => String::new(),
                        Err(error) => {
                            let error = error.to_string();
                            t!(self.language(), ConsoleInternalError, error = error)
                        }
                    }
                }
                _ => t!(
                    self.language(),
                    ConsoleLineForm,
                    challenge = self.typed("challenge")
                ),
            }
        };
        self.room.write(&out);
        // The sweep's notices, through the outbox as the bot posts them.
        self.sweep();
    }
}

/// Prints what the console writes to `output` as it comes, until `done` and nothing is left.
fn print(written: &Output, output: &mut impl Write, done: &AtomicBool) -> std::io::Result<()> {
    loop {
        let finished = done.load(Ordering::SeqCst);
        let text = written.wait(Duration::from_millis(50));
        if !text.is_empty() {
            output.write_all(text.as_bytes())?;
            output.flush()?;
        } else if finished {
            return Ok(());
        }
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
