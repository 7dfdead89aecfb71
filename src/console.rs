//! `damabot local`: the game service in a terminal, with the same database and the same
//! replies as on Discord.
//!
//! Each line is `NAME: /command argument option:value ...`, for example `alice: /challenge bob`,
//! `bob: /accept`, `alice: /move 22-18`, `alice: /play level:3 colour:black`. Commands and
//! options are read by their names in every language (`alice: /sfida bob colore:nero`,
//! `bob: /retar alice`, `alice: /patta proponi`). Lines starting with `@` steer the session
//! (`@channel NAME`, `@guild NAME`, `@advance 2h`, `@advance`, `@mod NAME`,
//! `@locale it|en|es`, `@threads on|off`, `@dm-closed NAME`), `#` starts a comment. Buttons are pressed with
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

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use dama_rules::{Color, Square};
use fluent_bundle::FluentArgs;

use crate::game::{
    Action, Actor, Attachment, ColourChoice, Component, GameService, ManualClock, Member, Notice,
    Origin, PuzzleAction, Reply, ServiceError, SettingsChange, Suggestions, ThreadStart,
    TournamentAction, TournamentSpec,
};
use crate::i18n::{self, Language, Text, t};
use crate::render::{BoardView, Renderer, advantage_chart};
use crate::store::{
    Game, GameId, GameStatus, NotifyMode, Participant, TournamentFormat, TournamentStatus,
};

/// The console's state: who is who, where we are, and the clock.
pub struct Console {
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    clock: Arc<ManualClock>,
    users: HashMap<String, u64>,
    names: HashMap<u64, String>,
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
    /// Each server's Discord language, as `@locale` last set it there.
    guild_languages: HashMap<u64, Language>,
    /// The names the console reads, in every language.
    words: Vocabulary,
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

/// Ids of console users start here, far from guild and channel ids.
const FIRST_USER_ID: u64 = 1_000;

/// The options the console reads, by their English names, with the message of their names.
/// The names of the `## Commands` section are read too, where a command has the option.
const OPTIONS: [(&str, Text); 16] = [
    ("colour", Text::ConsoleOptionColour),
    ("time", Text::ConsoleOptionTime),
    ("member", Text::ConsoleOptionMember),
    ("level", Text::ConsoleOptionLevel),
    ("move", Text::ConsoleOptionMove),
    ("flip", Text::ConsoleOptionFlip),
    ("page", Text::ConsoleOptionPage),
    ("game", Text::ConsoleOptionGame),
    ("language", Text::ConsoleOptionLanguage),
    ("from", Text::ConsoleOptionFrom),
    ("all", Text::ConsoleOptionAll),
    ("notify", Text::ConsoleOptionNotify),
    ("expiry", Text::ConsoleOptionExpiry),
    ("threads", Text::ConsoleOptionThreads),
    ("add-channel", Text::ConsoleOptionAddChannel),
    ("remove-channel", Text::ConsoleOptionRemoveChannel),
];

/// The options of `/tournament`, read by their names in the `## Commands` section only.
const TOURNAMENT_OPTIONS: [&str; 8] = [
    "name", "format", "rounds", "games", "rated", "openings", "signup", "round",
];

/// The options of `/puzzle` and of the daily puzzle's `/settings`, read by their names in the
/// `## Commands` section only.
const PUZZLE_OPTIONS: [&str; 4] = [
    "daily",
    "daily-puzzle",
    "daily-puzzle-hour",
    "daily-puzzle-off",
];

/// How many plies `@advance` plays in each game before it ends it.
pub const ADVANCE_PLIES: u32 = 4;

/// The names typed in any language, each to what it means: commands and subcommands (from the
/// `cmd-…` names Discord shows), options and colours.
struct Vocabulary {
    /// A command's name, lowercase, to its English name (`sfida` to `challenge`).
    commands: HashMap<String, &'static str>,
    /// A command's English name and a subcommand's typed name to the English path
    /// (`draw`, `proponi` to `draw offer`).
    subcommands: HashMap<(&'static str, String), &'static str>,
    /// An option's name to its English name (`colore` to `colour`).
    options: HashMap<String, &'static str>,
    colours: HashMap<String, ColourChoice>,
    /// `on` and `off` (`threads:`, `all:`).
    switches: HashMap<String, bool>,
    /// `dm`, `ping`, `off` (`notify:`).
    notify_modes: HashMap<String, NotifyMode>,
    /// The word for "as it fits" (`language:auto`, `expiry:auto`).
    automatic: HashSet<String>,
    /// A tournament's format (`format:swiss`, `formula:girone-all'italiana`): whether it is a
    /// round robin.
    formats: HashMap<String, bool>,
}

impl Vocabulary {
    fn new() -> Vocabulary {
        let texts = i18n::texts();
        let plain = |language, text| texts.format(language, text, &FluentArgs::new());
        let mut words = Vocabulary {
            commands: HashMap::new(),
            subcommands: HashMap::new(),
            options: HashMap::from([("color".to_owned(), "colour")]),
            colours: HashMap::from([
                ("w".to_owned(), ColourChoice::White),
                ("b".to_owned(), ColourChoice::Black),
            ]),
            switches: HashMap::new(),
            notify_modes: HashMap::new(),
            automatic: HashSet::new(),
            formats: HashMap::from([
                ("swiss".to_owned(), false),
                ("round-robin".to_owned(), true),
                ("rr".to_owned(), true),
            ]),
        };
        for language in Language::ALL {
            for &command in i18n::COMMANDS {
                let typed = texts.command_name(language, command).to_lowercase();
                let mut segments = typed.trim_start_matches('/').split(' ');
                let top = command.split(' ').next().unwrap_or(command);
                if let Some(name) = segments.next() {
                    words.commands.insert(name.to_owned(), top);
                }
                if let Some(sub) = segments.next() {
                    words.subcommands.insert((top, sub.to_owned()), command);
                }
            }
            for (english, text) in OPTIONS {
                words
                    .options
                    .insert(plain(language, text).to_lowercase(), english);
            }
            let english_names = OPTIONS.map(|(english, _)| english);
            let named = english_names
                .into_iter()
                .chain(TOURNAMENT_OPTIONS)
                .chain(PUZZLE_OPTIONS);
            for english in named {
                for &command in i18n::COMMANDS {
                    if let Some(name) = texts.command_attribute(language, command, english) {
                        words.options.insert(name.to_lowercase(), english);
                    }
                }
            }
            for (round_robin, choice) in [(false, "format-swiss"), (true, "format-round-robin")] {
                if let Some(name) = texts.command_attribute(language, "tournament create", choice) {
                    words
                        .formats
                        .insert(name.to_lowercase().replace(' ', "-"), round_robin);
                }
            }
            for (on, text) in [(true, Text::ConsoleValueOn), (false, Text::ConsoleValueOff)] {
                words
                    .switches
                    .insert(plain(language, text).to_lowercase(), on);
            }
            for (mode, text) in [
                (NotifyMode::Dm, Text::ConsoleNotifyDm),
                (NotifyMode::Ping, Text::ConsoleNotifyPing),
                (NotifyMode::Off, Text::ConsoleNotifyOff),
            ] {
                words
                    .notify_modes
                    .insert(plain(language, text).to_lowercase(), mode);
            }
            words
                .automatic
                .insert(plain(language, Text::ConsoleValueAuto).to_lowercase());
            for (colour, text) in [
                (ColourChoice::White, Text::ConsoleColourWhite),
                (ColourChoice::Black, Text::ConsoleColourBlack),
                (ColourChoice::Random, Text::ConsoleColourRandom),
            ] {
                words
                    .colours
                    .insert(plain(language, text).to_lowercase(), colour);
            }
        }
        words
    }

    /// The English path of a subcommand of `top` typed in any language.
    fn subcommand(&self, top: &'static str, typed: &str) -> Option<&'static str> {
        self.subcommands.get(&(top, typed.to_lowercase())).copied()
    }

    /// The English name of an option typed in any language.
    fn option(&self, typed: &str) -> Option<&'static str> {
        self.options.get(&typed.to_lowercase()).copied()
    }

    /// `on` or `off` in any language (`true`, `false` too).
    fn switch(&self, typed: &str) -> Option<bool> {
        let typed = typed.to_lowercase();
        match typed.as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => self.switches.get(&typed).copied(),
        }
    }
}

impl Console {
    #[must_use]
    pub fn new(
        service: Arc<GameService>,
        renderer: Arc<Renderer>,
        clock: Arc<ManualClock>,
        images: Option<PathBuf>,
    ) -> Console {
        let mut console = Console {
            service,
            renderer,
            clock,
            users: HashMap::new(),
            names: HashMap::new(),
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
            guild_languages: HashMap::new(),
            words: Vocabulary::new(),
        };
        console.guild = console.place_id(true, "local");
        console.channel = console.place_id(false, "general");
        console
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
        self.names
            .get(&user)
            .cloned()
            .or_else(|| {
                let player = self.service.store().player(self.guild, user).ok()??;
                Some(player.display_name)
            })
            .unwrap_or_else(|| user.to_string())
    }

    fn user_id(&mut self, name: &str) -> u64 {
        if let Some(&id) = self.users.get(name) {
            return id;
        }
        let id = FIRST_USER_ID + self.users.len() as u64;
        self.users.insert(name.to_owned(), id);
        self.names.insert(id, name.to_owned());
        id
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
        match self.service.sweep() {
            Ok(notices) => {
                for notice in notices {
                    let shown = self.notice(notice);
                    out.push_str(&shown);
                }
            }
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

    fn directive(&mut self, directive: &str) -> String {
        let (word, rest) = directive.split_once(' ').unwrap_or((directive, ""));
        let rest = rest.trim();
        let language = self.language;
        match word {
            "channel" if !rest.is_empty() => {
                let rest = rest.trim_start_matches('#');
                let known = self
                    .channels
                    .get(rest)
                    .or_else(|| self.channels.get(&slug(rest)))
                    .copied()
                    .filter(|&id| self.is_thread(id));
                if let Some(thread) = known {
                    self.channel = thread;
                    if let Some(place) = self.places.get(&thread) {
                        self.guild = place.guild;
                    }
                    return t!(language, ConsoleThreadNow, name = self.place_name(thread));
                }
                self.channel = self.place_id(false, rest);
                t!(language, ConsoleChannel, name = rest)
            }
            "threads" => {
                let Some(on) = self.words.switch(rest) else {
                    return t!(language, ConsoleThreadsUsage);
                };
                self.threads = on;
                t!(language, ConsoleThreads, on = if on { "on" } else { "off" })
            }
            "dm-closed" | "dm-open" if !rest.is_empty() => {
                let id = self.user_id(rest);
                if word == "dm-closed" {
                    self.closed_dms.insert(id);
                    t!(language, ConsoleDmClosed, name = rest)
                } else {
                    self.closed_dms.remove(&id);
                    t!(language, ConsoleDmOpen, name = rest)
                }
            }
            "guild" if !rest.is_empty() => {
                self.guild = self.place_id(true, rest);
                self.channel = self.place_id(false, &format!("{rest}/general"));
                t!(language, ConsoleGuild, name = rest)
            }
            "advance" if rest.is_empty() => self.advance_round(),
            "advance" => match humantime_serde::re::humantime::parse_duration(rest) {
                Ok(by) => {
                    self.clock.advance(by);
                    let duration = humantime_serde::re::humantime::format_duration(by).to_string();
                    t!(language, ConsoleAdvance, duration = duration)
                }
                Err(error) => {
                    let error = error.to_string();
                    t!(language, ConsoleAdvanceUsage, error = error)
                }
            },
            "mod" | "moderator" if !rest.is_empty() => {
                let id = self.user_id(rest);
                self.moderators.push(id);
                t!(language, ConsoleModerator, name = rest)
            }
            "locale" => {
                let Some(language) = Language::from_code(rest) else {
                    return t!(language, ConsoleLocaleUsage);
                };
                self.language = language;
                self.guild_languages.insert(self.guild, language);
                t!(language, ConsoleLocale, language = language.code())
            }
            "help" => t!(language, ConsoleHelp, challenge = self.typed("challenge")),
            _ => t!(language, ConsoleUnknownDirective, directive = directive),
        }
    }

    fn command(&mut self, name: &str, command: &str) -> Result<String, ServiceError> {
        let user = self.user_id(name);
        let actor = Actor {
            user,
            name: name.to_owned(),
            guild: self.guild,
            channel: self.channel,
            can_moderate: self.moderators.contains(&user),
            can_manage_server: self.moderators.contains(&user),
            language: self.language,
            guild_language: self.guild_languages.get(&self.guild).copied(),
            // Discord opens no thread in a thread.
            can_open_threads: self.threads && !self.is_thread(self.channel),
        };
        let Some(command) = command.strip_prefix('/') else {
            return Ok(t!(
                self.language,
                ConsoleSlash,
                name = name,
                help = self.typed("help")
            ));
        };
        // What a long action tells of its progress comes before its answer.
        let progress = Mutex::new(String::new());
        let reply = match self.parse(command) {
            Parsed::Act(action) => {
                self.service
                    .act_with_progress(&actor, Origin::Channel, action, &|line| {
                        let mut progress = progress.lock().unwrap_or_else(PoisonError::into_inner);
                        let _ = writeln!(progress, "{line}");
                    })?
            }
            Parsed::Click { id, values } => self.service.component(&actor, &id, &values)?,
            Parsed::Suggest {
                typed,
                asked_to_move,
                puzzle,
            } => {
                let language = self.language;
                let suggestions = if puzzle {
                    self.service.puzzle_suggestions(&actor, &typed)?
                } else {
                    self.service.suggestions(&actor, &typed)?
                };
                return Ok(match suggestions {
                    Suggestions::Moves(moves) if asked_to_move => {
                        t!(language, ConsoleWhichMove, moves = moves.join(", "))
                    }
                    Suggestions::Hint(hint) if asked_to_move => {
                        t!(language, ConsoleWhichMoveHint, hint = hint)
                    }
                    Suggestions::Moves(moves) => {
                        t!(language, ConsoleSuggestions, moves = moves.join(", "))
                    }
                    Suggestions::Hint(hint) => t!(language, ConsoleSuggestionsNone, hint = hint),
                });
            }
            Parsed::Answer(text) => return Ok(text),
        };
        let language = if reply.ephemeral {
            actor.language
        } else {
            self.service.public_language(&actor)
        };
        let mut out = progress
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        out.push_str(&self.deliver(reply, language, actor.guild, actor.channel));
        Ok(out)
    }

    /// A reply posted in `place`, and what it brings: the thread it opens (the console moves
    /// into it and shows its first board there), its notices, the thread it archives.
    fn deliver(&mut self, reply: Reply, language: Language, guild: u64, place: u64) -> String {
        self.deliver_in(reply, language, guild, place, true)
    }

    /// [`Console::deliver`]; the console moves into the thread the reply opens only when
    /// `enter` (an answer to the person acting, not a notice of a tournament's round).
    fn deliver_in(
        &mut self,
        reply: Reply,
        language: Language,
        guild: u64,
        place: u64,
        enter: bool,
    ) -> String {
        let mut out = self.show_in(place, &reply, language);
        if let Some(start) = &reply.thread {
            out.push_str(&self.open_thread(start, language, guild, place, enter));
        }
        for notice in reply.notices {
            let shown = self.notice(notice);
            out.push_str(&shown);
        }
        if let Some(thread) = reply.archive {
            let name = self.place_name(thread);
            let _ = writeln!(
                out,
                "{}",
                t!(self.language, ConsoleThreadArchived, name = name)
            );
        }
        out
    }

    /// Opens the thread a reply asks for, moves the console into it (when `enter`) and shows
    /// the board the service gives for it.
    fn open_thread(
        &mut self,
        start: &ThreadStart,
        language: Language,
        guild: u64,
        parent: u64,
        enter: bool,
    ) -> String {
        let (thread, name) = self.new_thread(start, guild, parent);
        let mut out = format!(
            "{}\n",
            t!(self.language, ConsoleThreadOpened, name = name.clone())
        );
        match self.service.thread_opened(start.game, thread) {
            Ok(board) => {
                if enter {
                    self.channel = thread;
                    self.guild = guild;
                    let _ = writeln!(out, "{}", t!(self.language, ConsoleThreadNow, name = name));
                }
                out.push_str(&self.deliver(board, language, guild, thread));
            }
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

    /// A message nobody asked for in the moment, or one an answer brings: in its place
    /// (prefixed with it when that is not the current one), or as a direct message. A direct
    /// message to someone whose DMs are closed is posted in the notice's channel with a
    /// mention of them instead, and the service is told.
    fn notice(&mut self, notice: Notice) -> String {
        let language = self.service.server_language(notice.guild);
        let Some(user) = notice.direct else {
            return self.deliver_in(notice.reply, language, notice.guild, notice.channel, false);
        };
        let name = self.name_of(user);
        if self.closed_dms.contains(&user) {
            let mut reply = notice.reply;
            reply.text = format!("<@{user}> {}", reply.text);
            let channel = self.place_name(notice.channel);
            let mut out = format!(
                "{}\n",
                t!(
                    self.language,
                    ConsoleDmFailed,
                    name = name,
                    channel = channel
                )
            );
            out.push_str(&self.deliver(reply, language, notice.guild, notice.channel));
            self.service.direct_failed(user);
            return out;
        }
        let prefix = t!(self.language, ConsoleDm, name = name);
        let mut reply = notice.reply;
        let notices = std::mem::take(&mut reply.notices);
        let shown = self.show(&reply, language);
        let mut out = prefixed(&format!("{prefix} "), &shown);
        for notice in notices {
            let shown = self.notice(notice);
            out.push_str(&shown);
        }
        out
    }

    /// A reply as shown in `place`: prefixed with `[#place]` when that is not the current
    /// channel.
    fn show_in(&mut self, place: u64, reply: &Reply, language: Language) -> String {
        let shown = self.show(reply, language);
        if place == self.channel {
            shown
        } else {
            prefixed(&format!("[#{}] ", self.place_name(place)), &shown)
        }
    }

    /// Reads a command (without its `/`): `verb argument ... option:value ...`, with the
    /// command's and the options' names in any language.
    #[allow(clippy::too_many_lines)] // one arm per command, as the help lists them
    fn parse(&mut self, command: &str) -> Parsed {
        let language = self.language;
        let mut words = command.split_whitespace();
        let typed_verb = words.next().unwrap_or_default().to_lowercase();
        let verb: &str = match typed_verb.as_str() {
            "m" => "move",
            "top" => "leaderboard",
            "suggest" => "suggest",
            "click" => "click",
            // `/hint` by its English name in every language.
            "hint" => "hint",
            other => self.words.commands.get(other).copied().unwrap_or_default(),
        };
        let mut args: Vec<&str> = Vec::new();
        let mut options: HashMap<&str, String> = HashMap::new();
        for word in words {
            match word.split_once(':') {
                // `22x13` never has a colon, but an option name is a word; the ids that
                // `/click` takes (`g:1:4:move`) are arguments.
                Some((key, value))
                    if verb != "click"
                        && key.chars().count() > 1
                        && key
                            .chars()
                            .all(|c| c.is_alphabetic() || c == '-' || c == '_') =>
                {
                    let key = key.to_lowercase();
                    if let Some(&english) = self.words.options.get(&key) {
                        options.insert(english, value.to_owned());
                    } else if key == "action" {
                        options.insert("action", value.to_owned());
                    } else {
                        args.push(word);
                    }
                }
                _ => args.push(word),
            }
        }
        let option = |key: &str| options.get(key).map(String::as_str);
        let colour = || {
            self.parse_colour(option("colour").or(args.get(1).copied()))
                .map_err(|colour| t!(language, ConsoleNotAColour, colour = colour))
        };
        let action = match verb {
            "challenge" => {
                // Without a member (`/challenge colour:white`, or `/challenge white`): an open
                // challenge.
                let first_is_colour = args
                    .first()
                    .is_some_and(|a| self.words.colours.contains_key(&a.to_lowercase()));
                let opponent = if first_is_colour {
                    option("member")
                } else {
                    args.first()
                        .map(|a| a.trim_start_matches('@'))
                        .or(option("member"))
                }
                .map(str::to_owned);
                let colour = if first_is_colour {
                    self.parse_colour(option("colour").or(args.first().copied()))
                        .map_err(|colour| t!(language, ConsoleNotAColour, colour = colour))
                } else {
                    colour()
                };
                let colour = match colour {
                    Ok(colour) => colour,
                    Err(message) => return Parsed::Answer(message),
                };
                let time_per_move =
                    match option("time").map(humantime_serde::re::humantime::parse_duration) {
                        None => None,
                        Some(Ok(time)) => Some(time),
                        Some(Err(error)) => {
                            let error = error.to_string();
                            return Parsed::Answer(t!(language, ConsoleTimeUsage, error = error));
                        }
                    };
                let opponent = opponent.map(|opponent| Member {
                    user: self.user_id(&opponent),
                    is_bot: opponent.eq_ignore_ascii_case("dama"),
                    name: opponent,
                });
                Action::Challenge {
                    opponent,
                    colour,
                    time_per_move,
                }
            }
            "accept" => {
                let from = option("from")
                    .or(args.first().copied())
                    .map(|name| name.trim_start_matches('@').to_owned());
                Action::Accept {
                    from: from.map(|name| self.user_id(&name)),
                }
            }
            "decline" => Action::Decline,
            "cancel" => Action::Cancel,
            "play" => {
                let level = option("level").or(args.first().copied()).unwrap_or("1");
                let Ok(level) = level.parse::<u8>() else {
                    return Parsed::Answer(t!(language, ConsoleNotALevel, level = level));
                };
                match colour() {
                    Ok(colour) => Action::PlayEngine { level, colour },
                    Err(message) => return Parsed::Answer(message),
                }
            }
            "move" => {
                let text = if args.is_empty() {
                    option("move").unwrap_or_default().to_owned()
                } else {
                    args.join(" ")
                };
                if text.is_empty() {
                    return Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                        puzzle: false,
                    };
                }
                Action::Move { text }
            }
            "suggest" => {
                return Parsed::Suggest {
                    typed: args.join(" "),
                    asked_to_move: false,
                    puzzle: false,
                };
            }
            "board" => Action::Board {
                flip: args
                    .first()
                    .is_some_and(|a| self.words.options.get(&a.to_lowercase()) == Some(&"flip"))
                    || option("flip").is_some_and(|v| {
                        matches!(
                            v.to_lowercase().as_str(),
                            "true" | "yes" | "sì" | "si" | "sí"
                        )
                    }),
            },
            "resign" => Action::Resign,
            "draw" => {
                let typed = args.first().copied().or(option("action"));
                match typed.map(|t| self.words.subcommand("draw", t)) {
                    None | Some(Some("draw offer")) => Action::OfferDraw,
                    Some(Some("draw accept")) => Action::AnswerDraw { accept: true },
                    Some(Some("draw decline")) => Action::AnswerDraw { accept: false },
                    Some(_) => {
                        return Parsed::Answer(t!(
                            language,
                            ConsoleDrawUsage,
                            draw = self
                                .typed("draw offer")
                                .split(' ')
                                .next()
                                .unwrap_or_default()
                                .to_owned(),
                            typed = typed.unwrap_or_default(),
                            offer = self.typed("draw offer"),
                            accept = self.typed("draw accept"),
                            decline = self.typed("draw decline"),
                        ));
                    }
                }
            }
            "claim" => Action::Claim,
            "abort" => Action::Abort,
            "leaderboard" => {
                let page = option("page")
                    .or(args.first().copied())
                    .and_then(|p| p.parse::<u32>().ok())
                    .unwrap_or(1);
                Action::Leaderboard {
                    page: page.saturating_sub(1),
                }
            }
            "stats" | "history" => {
                let member = args
                    .first()
                    .copied()
                    .or(option("member"))
                    .map(|a| a.trim_start_matches('@').to_owned())
                    .map(|n| Member {
                        user: self.user_id(&n),
                        name: n,
                        is_bot: false,
                    });
                if verb == "stats" {
                    Action::Stats { member }
                } else {
                    Action::History { member }
                }
            }
            "pdn" | "replay" | "analysis" => {
                let game = option("game")
                    .or(args.first().copied())
                    .map(|g| g.trim_start_matches('#').parse::<i64>());
                let game = match game {
                    None => None,
                    Some(Ok(id)) => Some(id),
                    Some(Err(_)) => {
                        return Parsed::Answer(t!(
                            language,
                            ConsoleGameNumber,
                            pdn = self.typed(verb)
                        ));
                    }
                };
                match verb {
                    "pdn" => Action::Pdn { game },
                    "analysis" => Action::Analysis { game },
                    _ => Action::Replay { game },
                }
            }
            "rules" => Action::Rules,
            "help" => Action::Help,
            "games" => Action::Games {
                all: args.iter().any(|a| self.words.option(a) == Some("all"))
                    || option("all").is_some_and(|v| self.words.switch(v) == Some(true)),
            },
            "takeback" => Action::Takeback,
            "hint" => Action::Hint,
            "puzzle" => {
                // `/puzzle`, `/puzzle daily` (or `daily:true`), `/puzzle move 22-18`,
                // `/puzzle 22-18`, `/puzzle move:22-18`; `/puzzle move` lists the moves.
                let mut rest: &[&str] = &args;
                let daily_word = rest
                    .first()
                    .is_some_and(|a| self.words.option(a) == Some("daily"));
                if daily_word {
                    rest = &rest[1..];
                }
                let daily = daily_word
                    || option("daily").is_some_and(|v| self.words.switch(v) == Some(true));
                let move_word = rest
                    .first()
                    .is_some_and(|a| self.words.option(a) == Some("move"));
                if move_word {
                    rest = &rest[1..];
                }
                let text = option("move").map_or_else(|| rest.join(" "), str::to_owned);
                if text.is_empty() && (move_word || option("move").is_some()) {
                    return Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                        puzzle: true,
                    };
                }
                Action::Puzzle(if !text.is_empty() {
                    PuzzleAction::Answer { text }
                } else if daily {
                    PuzzleAction::Daily
                } else {
                    PuzzleAction::Next
                })
            }
            "puzzles" => Action::Puzzle(PuzzleAction::Ranking),
            "tournament" => match self.parse_tournament(&args, &options) {
                Ok(action) => Action::Tournament(action),
                Err(answer) => return Parsed::Answer(answer),
            },
            "settings" => match self.parse_settings(&args, &options) {
                Some(change) => Action::Settings(change),
                None => {
                    return Parsed::Answer(t!(
                        language,
                        ConsoleSettingsUsage,
                        settings = self.typed("settings")
                    ));
                }
            },
            "click" => {
                let Some(id) = args.first() else {
                    return Parsed::Answer(t!(language, ConsoleClickUsage));
                };
                let values: Vec<String> = args
                    .get(1..)
                    .unwrap_or_default()
                    .iter()
                    .map(|v| (*v).to_owned())
                    .collect();
                return Parsed::Click {
                    id: (*id).to_owned(),
                    values,
                };
            }
            _ => {
                return Parsed::Answer(t!(
                    language,
                    ConsoleUnknownCommand,
                    name = typed_verb,
                    help = self.typed("help")
                ));
            }
        };
        Parsed::Act(action)
    }

    /// `/tournament STEP ...`: the step by its name in any language, then its arguments and
    /// options (`create` takes the name as its words, `format:`, `rounds:`, `games:`, `time:`,
    /// `rated:`, `openings:` and `signup:`; `pairings` a round; `forfeit` a member). The
    /// console's answer when something cannot be read.
    fn parse_tournament(
        &mut self,
        args: &[&str],
        options: &HashMap<&str, String>,
    ) -> Result<TournamentAction, String> {
        let language = self.language;
        let option = |key: &str| options.get(key).map(String::as_str);
        let step = args
            .first()
            .and_then(|typed| self.words.subcommand("tournament", typed));
        let rest = args.get(1..).unwrap_or_default();
        Ok(match step {
            Some("tournament create") => {
                let name = option("name").map_or_else(|| rest.join(" "), str::to_owned);
                let usage = || {
                    t!(
                        language,
                        ConsoleTournamentCreateUsage,
                        create = self.typed("tournament create")
                    )
                };
                let duration = |key: &str| match option(key) {
                    None => Ok(None),
                    Some(typed) => humantime_serde::re::humantime::parse_duration(typed)
                        .map(Some)
                        .map_err(|_| usage()),
                };
                let switch = |key: &str, default: bool| match option(key) {
                    None => Ok(default),
                    Some(typed) => self.words.switch(typed).ok_or_else(usage),
                };
                let number = |key: &str| match option(key) {
                    None => Ok(None),
                    Some(typed) => typed.parse::<u32>().map(Some).map_err(|_| usage()),
                };
                let round_robin = match option("format") {
                    None => false,
                    Some(typed) => *self
                        .words
                        .formats
                        .get(&typed.to_lowercase())
                        .ok_or_else(usage)?,
                };
                let rounds = number("rounds")?;
                let format = if round_robin {
                    TournamentFormat::RoundRobin
                } else {
                    TournamentFormat::Swiss {
                        rounds: rounds.unwrap_or(crate::discord::call::DEFAULT_SWISS_ROUNDS),
                    }
                };
                let games = number("games")?.unwrap_or(1);
                TournamentAction::Create(TournamentSpec {
                    name,
                    format,
                    games_per_pairing: u8::try_from(games).unwrap_or(u8::MAX),
                    time_per_move: duration("time")?,
                    rated: switch("rated", true)?,
                    drawn_openings: switch("openings", false)?,
                    signup: duration("signup")?,
                })
            }
            Some("tournament join") => TournamentAction::Join,
            Some("tournament start") => TournamentAction::Start,
            Some("tournament standings") => TournamentAction::Standings,
            Some("tournament pairings") => {
                let typed = option("round").or(rest.first().copied());
                let round = match typed {
                    None => None,
                    Some(typed) => Some(typed.parse::<u32>().map_err(|_| {
                        t!(
                            language,
                            ConsoleTournamentRound,
                            pairings = self.typed("tournament pairings")
                        )
                    })?),
                };
                TournamentAction::Pairings { round }
            }
            Some("tournament withdraw") => TournamentAction::Withdraw,
            Some("tournament forfeit") => {
                let Some(name) = option("member").or(rest.first().copied()) else {
                    return Err(t!(
                        language,
                        ConsoleTournamentMember,
                        forfeit = self.typed("tournament forfeit")
                    ));
                };
                let name = name.trim_start_matches('@').to_owned();
                TournamentAction::Forfeit {
                    member: Member {
                        user: self.user_id(&name),
                        name,
                        is_bot: false,
                    },
                }
            }
            Some("tournament cancel") => TournamentAction::Cancel,
            Some("tournament pdn") => TournamentAction::Pdn,
            _ => {
                let steps: Vec<String> = i18n::COMMANDS
                    .iter()
                    .filter(|c| c.starts_with("tournament "))
                    .map(|c| format!("`{}`", self.typed(c)))
                    .collect();
                return Err(t!(
                    language,
                    ConsoleTournamentUsage,
                    steps = steps.join(", ")
                ));
            }
        })
    }

    /// `@advance` without a duration: plays out the unfinished games of the running round of
    /// the tournament of this channel (or of the channel this thread belongs to), as the
    /// module's documentation says, and shows the results and what they bring (the next
    /// round, or the final standings).
    fn advance_round(&mut self) -> String {
        let language = self.language;
        let here = self
            .places
            .get(&self.channel)
            .and_then(|place| place.parent)
            .unwrap_or(self.channel);
        let running = match self.service.store().latest_tournament(self.guild) {
            Ok(found) => {
                found.filter(|t| t.status == TournamentStatus::Running && t.channel == here)
            }
            Err(error) => {
                let error = error.to_string();
                return t!(language, ConsoleInternalError, error = error);
            }
        };
        let Some(tournament) = running else {
            return t!(language, ConsoleAdvanceNoTournament);
        };
        let store = self.service.store().clone();
        let round = match store.tournament_rounds(tournament.id) {
            Ok(rounds) => rounds.last().map_or(0, |r| r.number),
            Err(error) => return t!(language, ConsoleInternalError, error = error.to_string()),
        };
        let games: Vec<GameId> = match store.tournament_pairings(tournament.id) {
            Ok(pairings) => pairings
                .into_iter()
                .filter(|p| p.round == round && p.result.is_none())
                .filter_map(|p| p.game)
                .collect(),
            Err(error) => return t!(language, ConsoleInternalError, error = error.to_string()),
        };
        let mut out = format!(
            "{}\n",
            t!(
                language,
                ConsoleAdvanceRound,
                round = round,
                name = tournament.name.clone(),
                games = games.len(),
            )
        );
        for game in games {
            match self.play_out(game) {
                Ok(shown) => out.push_str(&shown),
                Err(error) => {
                    let error = error.to_string();
                    let _ = writeln!(out, "{}", t!(language, ConsoleInternalError, error = error));
                }
            }
        }
        out
    }

    /// Plays out one game for `@advance`: the first legal moves for [`ADVANCE_PLIES`] plies,
    /// then White's or Black's resignation or an agreed draw, by the game's number (see the
    /// module's documentation). Only the end is shown, with what it brings.
    fn play_out(&mut self, game: GameId) -> Result<String, ServiceError> {
        let Some(record) = self.service.store().game(game)? else {
            return Ok(String::new());
        };
        if record.status != GameStatus::Active {
            return Ok(String::new());
        }
        let place = record.thread.unwrap_or(record.channel);
        let actor = |console: &Console, record: &Game, white: bool| -> Option<Actor> {
            let side = if white { record.white } else { record.black };
            let Participant::User(user) = side else {
                return None;
            };
            Some(Actor {
                user,
                name: console.name_of(user),
                guild: record.guild,
                channel: place,
                can_moderate: false,
                can_manage_server: false,
                language: console.language,
                guild_language: console.guild_languages.get(&record.guild).copied(),
                can_open_threads: false,
            })
        };
        let white_to_move = |record: &Game| {
            dama_rules::Position::from_fen(&record.current_fen)
                .map_or(true, |position| position.turn() == Color::White)
        };
        let reload = |console: &Console| -> Result<Option<Game>, ServiceError> {
            Ok(console
                .service
                .store()
                .game(game)?
                .filter(|g| g.status == GameStatus::Active))
        };
        let mut record = record;
        while record.ply < ADVANCE_PLIES {
            let Some(player) = actor(self, &record, white_to_move(&record)) else {
                break;
            };
            let Suggestions::Moves(legal) = self.service.suggestions(&player, "")? else {
                break;
            };
            let Some(first) = legal.into_iter().next() else {
                break;
            };
            self.service
                .act(&player, Origin::Channel, Action::Move { text: first })?;
            match reload(self)? {
                Some(next) => record = next,
                None => return Ok(String::new()),
            }
        }
        let (Some(white), Some(black)) = (actor(self, &record, true), actor(self, &record, false))
        else {
            return Ok(String::new());
        };
        let ending = match game.0.rem_euclid(3) {
            1 => self.service.act(&white, Origin::Channel, Action::Resign)?,
            2 => self.service.act(&black, Origin::Channel, Action::Resign)?,
            _ => {
                self.service
                    .act(&white, Origin::Channel, Action::OfferDraw)?;
                self.service
                    .act(&black, Origin::Channel, Action::AnswerDraw { accept: true })?
            }
        };
        let language = self.service.server_language(record.guild);
        Ok(self.deliver_in(ending, language, record.guild, place, false))
    }

    /// `/settings` and its options (`language:`, `notify:`, `time:`, `expiry:`, `threads:`,
    /// `add-channel:`, `remove-channel:`), by their names in any language; none shows the
    /// settings. `language it` and `language` alone (follow the server's Discord language)
    /// are read too. `None` when something cannot be read.
    fn parse_settings(
        &mut self,
        args: &[&str],
        options: &HashMap<&str, String>,
    ) -> Option<SettingsChange> {
        let mut change = SettingsChange::default();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let is_language = self.words.option(word) == Some("language")
                || self.words.subcommand("settings", word) == Some("settings language");
            if !is_language {
                return None;
            }
            change.language = Some(match words.next() {
                None => None,
                Some(value) => self.language_value(value)?,
            });
        }
        let duration = |value: &str| humantime_serde::re::humantime::parse_duration(value).ok();
        let mut stop_daily = false;
        for (&key, value) in options {
            let value = value.as_str();
            match key {
                "language" => change.language = Some(self.language_value(value)?),
                "notify" => {
                    change.notify = Some(*self.words.notify_modes.get(&value.to_lowercase())?);
                }
                "time" => change.time_per_move = Some(duration(value)?),
                "expiry" if self.words.automatic.contains(&value.to_lowercase()) => {
                    change.challenge_expiry = Some(None);
                }
                "expiry" => change.challenge_expiry = Some(Some(duration(value)?)),
                "threads" => change.threads = Some(self.words.switch(value)?),
                "daily-puzzle" => {
                    let name = value.trim_start_matches('#');
                    if name.is_empty() {
                        return None;
                    }
                    change.daily_puzzle = Some(Some(self.place_id(false, name)));
                }
                "daily-puzzle-hour" => {
                    let hour: u8 = value.parse().ok().filter(|h| *h < 24)?;
                    change.daily_puzzle_hour = Some(hour);
                }
                "daily-puzzle-off" => stop_daily = self.words.switch(value)?,
                "add-channel" | "remove-channel" => {
                    let name = value.trim_start_matches('#');
                    if name.is_empty() {
                        return None;
                    }
                    let channel = self.place_id(false, name);
                    if key == "add-channel" {
                        change.add_game_channel = Some(channel);
                    } else {
                        change.remove_game_channel = Some(channel);
                    }
                }
                _ => return None,
            }
        }
        if stop_daily {
            // Off wins over a channel given with it, as on Discord.
            change.daily_puzzle = Some(None);
        }
        Some(change)
    }

    /// A language of `/settings`: `it`, `en`, `es`, or `auto` (`None`: the server's Discord
    /// language).
    #[allow(clippy::option_option)] // the shape of `SettingsChange::language`
    fn language_value(&self, value: &str) -> Option<Option<Language>> {
        let value = value.to_lowercase();
        if self.words.automatic.contains(&value) {
            return Some(None);
        }
        Language::from_code(&value).map(Some)
    }

    /// A colour typed in any language; the text itself when it is none.
    fn parse_colour(&self, text: Option<&str>) -> Result<ColourChoice, String> {
        let Some(text) = text else {
            return Ok(ColourChoice::Random);
        };
        self.words
            .colours
            .get(&text.to_lowercase())
            .copied()
            .ok_or_else(|| text.to_owned())
    }

    /// A reply as console text: mentions become names, the board is drawn in text (and saved as
    /// PNG when an image directory is set), components are listed with their ids. What the
    /// reply shows is in `language` (the reply's own), the console's notes in the console's.
    fn show(&mut self, reply: &Reply, language: Language) -> String {
        let mut out = String::new();
        if reply.ephemeral {
            let _ = write!(out, "{} ", t!(self.language, ConsoleOnlyYou));
        }
        out.push_str(&self.names_for_mentions(&reply.text));
        out.push('\n');
        if let Some(view) = &reply.board {
            out.push_str(&text_board(language, view));
            if let Some(dir) = &self.images {
                self.image_count += 1;
                let path = dir.join(format!("board-{:04}.png", self.image_count));
                let png = self.renderer.png(view);
                let shown = path.display().to_string();
                match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, png)) {
                    Ok(()) => {
                        let _ = writeln!(
                            out,
                            "{}",
                            t!(self.language, ConsoleBoardSaved, path = shown)
                        );
                    }
                    Err(error) => {
                        let error = error.to_string();
                        let _ = writeln!(
                            out,
                            "{}",
                            t!(
                                self.language,
                                ConsoleCannotSave,
                                path = shown,
                                error = error
                            )
                        );
                    }
                }
            }
        }
        // A replay is drawn here, like the boards: the service says what to show.
        let animation = reply.replay.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: self
                .renderer
                .replay_gif(&view.start, &view.moves, view.bottom, &view.captions),
        });
        // So is an advantage chart.
        let chart = reply.chart.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: advantage_chart(&view.evaluations, &view.marks, &view.labels),
        });
        // And a table (a tournament's standings).
        let table = reply.table.as_ref().map(|view| Attachment {
            filename: view.filename.clone(),
            bytes: self.renderer.table_png(view),
        });
        for attachment in reply
            .attachment
            .iter()
            .chain(&animation)
            .chain(&chart)
            .chain(&table)
        {
            let is_pdn = std::path::Path::new(&attachment.filename)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pdn"));
            if is_pdn {
                out.push_str(&String::from_utf8_lossy(&attachment.bytes));
            } else if let Some(dir) = &self.images {
                let path = dir.join(&attachment.filename);
                let shown = path.display().to_string();
                match std::fs::create_dir_all(dir)
                    .and_then(|()| std::fs::write(&path, &attachment.bytes))
                {
                    Ok(()) => {
                        let _ = writeln!(out, "{}", t!(self.language, ConsoleSaved, path = shown));
                    }
                    Err(error) => {
                        let error = error.to_string();
                        let _ = writeln!(
                            out,
                            "{}",
                            t!(
                                self.language,
                                ConsoleCannotSave,
                                path = shown,
                                error = error
                            )
                        );
                    }
                }
            } else {
                let _ = writeln!(
                    out,
                    "{}",
                    t!(
                        self.language,
                        ConsoleAttachment,
                        file = attachment.filename.clone(),
                        bytes = attachment.bytes.len()
                    )
                );
            }
        }
        for row in &reply.components {
            for component in row {
                match component {
                    Component::Button { id, label, .. } => {
                        let _ = write!(out, "[{label}: {id}] ");
                    }
                    Component::Select { id, options, .. } => {
                        let values: Vec<&str> = options.iter().map(|o| o.value.as_str()).collect();
                        let _ = write!(out, "[menu {id}: {}] ", values.join(" "));
                    }
                }
            }
            out.push('\n');
        }
        out
    }

    /// Mentions of people (`<@id>`) as `@name`, of channels and threads (`<#id>`) as `#name`.
    fn names_for_mentions(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find('<') {
            out.push_str(&rest[..start]);
            let after = &rest[start + 1..];
            let kind = after.chars().next();
            let mention = match kind {
                Some(kind @ ('@' | '#')) => after[1..]
                    .find('>')
                    .and_then(|end| Some((kind, after[1..=end].parse::<u64>().ok()?, end))),
                _ => None,
            };
            let Some((kind, id, end)) = mention else {
                out.push('<');
                rest = after;
                continue;
            };
            let name = if kind == '@' {
                // Someone from an earlier session is known to the store by name.
                self.names.get(&id).cloned().or_else(|| {
                    let player = self.service.store().player(self.guild, id).ok()??;
                    Some(player.display_name)
                })
            } else {
                self.places.get(&id).map(|place| place.name.clone())
            };
            match name {
                Some(name) => {
                    out.push(kind);
                    out.push_str(&name);
                }
                None => out.push_str(&rest[start..start + end + 3]),
            }
            rest = &after[end + 2..];
        }
        out.push_str(rest);
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

/// What a console command asks for.
#[derive(Debug, PartialEq)]
enum Parsed {
    /// An action of the service, in the console's channel.
    Act(Action),
    /// A click on a component, by its id.
    Click { id: String, values: Vec<String> },
    /// The moves the autocomplete would offer (`/suggest`, or `/move` without a move; those of
    /// the open puzzle for `/puzzle move` without a move).
    Suggest {
        typed: String,
        asked_to_move: bool,
        puzzle: bool,
    },
    /// The console's own answer (a command it cannot read).
    Answer(String),
}

/// The board as text, from the side at the bottom: `w`/`b` men, `W`/`B` kings, `.` empty dark
/// squares, with the square numbers of each row on the right, and who is to move in
/// `language`.
#[must_use]
pub fn text_board(language: Language, view: &BoardView) -> String {
    let flipped = view.bottom == Color::Black;
    let columns: Vec<u8> = if flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let rows: Vec<u8> = if flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let files: String = columns.iter().fold(String::new(), |mut files, &c| {
        let _ = write!(files, " {}", (b'a' + c) as char);
        files
    });
    let letters: Vec<char> = t!(language, ConsolePieces)
        .split_whitespace()
        .filter_map(|letter| letter.chars().next())
        .collect();
    let letter = |piece: dama_rules::Piece| {
        let index = match (piece.color, piece.role) {
            (Color::White, dama_rules::Role::Man) => 0,
            (Color::Black, dama_rules::Role::Man) => 1,
            (Color::White, dama_rules::Role::King) => 2,
            (Color::Black, dama_rules::Role::King) => 3,
        };
        letters.get(index).copied().unwrap_or_else(|| piece.char())
    };
    let mut out = format!("   {files}\n");
    for &row in &rows {
        let _ = write!(out, " {} ", 8 - row);
        let mut numbers = Vec::new();
        for &column in &columns {
            match Square::from_column_row(column, row) {
                Some(square) => {
                    numbers.push(square.number().to_string());
                    let cell = view.position.piece_at(square).map_or('.', letter);
                    let _ = write!(out, " {cell}");
                }
                None => out.push_str("  "),
            }
        }
        let _ = writeln!(out, "    {}", numbers.join(" "));
    }
    // The caption says how the game stands (whose turn, or the result); a bare board says
    // whose turn it is.
    if let Some(caption) = &view.caption {
        let _ = writeln!(out, "{caption}");
    } else {
        let color = view.position.turn().fold("white", "black");
        let _ = writeln!(out, "{}", t!(language, ConsoleToMove, color = color));
    }
    out
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::config::RenderConfig;
    use crate::game::ServiceSettings;
    use crate::store::{SqliteStore, Store};

    /// A console on a fresh in-memory database, with the service it drives.
    fn console() -> (Console, Arc<GameService>) {
        i18n::set_strict(true);
        let store: Arc<dyn Store> = Arc::new(SqliteStore::open_in_memory().unwrap());
        let clock = Arc::new(ManualClock::new(1_796_000_000_000));
        let settings = ServiceSettings {
            challenge_expiry: Some(Duration::from_secs(600)),
            default_time_per_move: Duration::from_secs(24 * 3600),
            repetition_count: 3,
            think_time: Duration::from_millis(20),
            hash_mb: 1,
            max_concurrent_searches: 1,
            seed: Some(3),
            engine_idle: Duration::from_secs(30 * 60),
            engine_takebacks: 3,
            analysis_nodes: 20_000,
            engine_hints: 3,
        };
        let service = Arc::new(GameService::new(store, clock.clone(), settings));
        let renderer = Renderer::new(&RenderConfig {
            size: 160,
            ..RenderConfig::default()
        })
        .unwrap();
        let console = Console::new(service.clone(), Arc::new(renderer), clock, None);
        (console, service)
    }

    /// Answers a line, checking that no message leaked unformatted.
    fn say(console: &mut Console, line: &str) -> String {
        let out = console.line(line);
        assert!(!out.contains("{$") && !out.contains("{ $"), "{line}: {out}");
        assert!(!out.contains("console-"), "{line}: {out}");
        out
    }

    /// The channel's game: its ply.
    fn ply(service: &GameService, channel: u64) -> Option<u32> {
        service
            .store()
            .active_game_in_channel(channel)
            .unwrap()
            .map(|g| g.ply)
    }

    const GENERAL: u64 = 101;

    /// Whether some line of `out` starts with `start`.
    fn has_line(out: &str, start: &str) -> bool {
        out.lines().any(|line| line.starts_with(start))
    }

    /// `(thread #NAME opened)` and `(now in thread #NAME)` in `out`, the console in that
    /// thread: its id and name.
    fn entered_thread(c: &Console, out: &str) -> (u64, String) {
        assert!(c.is_thread(c.channel), "no thread: {out}");
        let name = c.place_name(c.channel);
        assert!(
            out.contains(&format!(
                "(thread #{name} opened)\n(now in thread #{name})\n"
            )),
            "{out}"
        );
        (c.channel, name)
    }

    #[test]
    fn the_console_speaks_and_reads_italian() {
        let (mut c, service) = console();
        assert_eq!(say(&mut c, "@locale it"), "(ora rispondo in italiano)\n");
        assert!(say(&mut c, "alice: /sfida bob colore:bianco tempo:1h").contains("@bob"));
        let challenge = service
            .store()
            .pending_challenges_in_channel(GENERAL, service.now())
            .unwrap()
            .remove(0);
        assert_eq!(challenge.colour, ColourChoice::White);
        assert_eq!(challenge.time_per_move_ms, 3_600_000);
        let board = say(&mut c, "bob: /accetta");
        assert!(board.contains("tocca al Bianco"), "{board}");
        // Pedine bianche `b`, nere `n`; the status line is the image's caption.
        assert!(board.contains(" 8  n   n   n   n"), "{board}");
        assert!(board.contains(" 1    b   b   b   b"), "{board}");
        assert!(
            board.contains("alice (1500) – bob (1500) · mossa 1 · tocca al Bianco"),
            "{board}"
        );
        assert_eq!(ply(&service, c.channel), Some(0));
        let moved = say(&mut c, "alice: /mossa 22-18");
        assert!(moved.contains("tocca al Nero"), "{moved}");
        assert_eq!(ply(&service, c.channel), Some(1));
        assert!(say(&mut c, "bob: /mossa").starts_with("Quale mossa? Puoi giocare: "));
        assert!(say(&mut c, "bob: /mossa mossa:10-14").contains("tocca al Bianco"));
        assert_eq!(ply(&service, c.channel), Some(2));
        let offered = say(&mut c, "alice: /patta proponi");
        assert!(!offered.contains("(lo vedi solo tu)"), "{offered}");
        let game = service
            .store()
            .active_game_in_channel(c.channel)
            .unwrap()
            .unwrap();
        assert!(game.draw_offer.is_some(), "{offered}");
        assert_eq!(
            say(&mut c, "bob: /patta boh"),
            "`/patta boh`? Usa `/patta proponi`, `/patta accetta` o `/patta rifiuta`.\n"
        );
        assert_eq!(
            say(&mut c, "alice: /ballo"),
            "Comando sconosciuto `/ballo`. Prova `/aiuto`.\n"
        );
        assert_eq!(
            say(&mut c, "alice: /gioca livello:tre"),
            "`tre` non è un livello: usa da 1 (principiante) a 8 (maestro).\n"
        );
        assert_eq!(
            say(&mut c, "alice: /gioca colore:verde"),
            "`verde` non è un colore: bianco, nero o caso.\n"
        );
        assert_eq!(
            say(&mut c, "alice aiuto"),
            "Scrivi righe come `alice: /sfida bob` (NOME: /comando ...), oppure `@help`.\n"
        );
        assert_eq!(
            say(&mut c, "alice: aiuto"),
            "I comandi cominciano con `/`, come `alice: /aiuto`.\n"
        );
        assert!(say(&mut c, "@help").contains("@mod NOME"));
        assert_eq!(say(&mut c, "@channel sala"), "(ora nel canale #sala)\n");
        assert_eq!(
            say(&mut c, "@advance 10m"),
            "(l'orologio va avanti di 10m)\n"
        );
        assert_eq!(
            say(&mut c, "@ballo"),
            "Direttiva sconosciuta `@ballo`. Prova `@help`.\n"
        );
        assert_eq!(say(&mut c, "@mod carol"), "(carol ora può moderare)\n");
        // English names still work in Italian.
        assert!(!say(&mut c, "alice: /rules").contains("Comando sconosciuto"));
    }

    #[test]
    fn the_console_speaks_and_reads_spanish() {
        let (mut c, service) = console();
        assert_eq!(say(&mut c, "@locale es"), "(ahora respondo en español)\n");
        assert!(say(&mut c, "alice: /retar @bob color:negras").contains("@bob"));
        let challenge = service
            .store()
            .pending_challenges_in_channel(GENERAL, service.now())
            .unwrap()
            .remove(0);
        assert_eq!(challenge.colour, ColourChoice::Black);
        let board = say(&mut c, "bob: /aceptar");
        assert!(board.contains("juegan las blancas"), "{board}");
        assert!(say(&mut c, "bob: /jugada 22-18").contains("juegan las negras"));
        assert_eq!(ply(&service, c.channel), Some(1));
        assert!(say(&mut c, "alice: /tablas ofrecer").len() > 1);
        assert!(
            service
                .store()
                .active_game_in_channel(c.channel)
                .unwrap()
                .unwrap()
                .draw_offer
                .is_some()
        );
        assert!(say(&mut c, "bob: /tablas aceptar").len() > 1);
        assert_eq!(ply(&service, c.channel), None, "drawn by agreement");
        assert_eq!(
            say(&mut c, "alice: /bailar"),
            "Comando desconocido `/bailar`. Prueba `/ayuda`.\n"
        );
        assert!(say(&mut c, "@help").contains("@mod NOMBRE"));
        assert!(say(&mut c, "alice: /ayuda").contains("reta a un miembro"));
    }

    #[test]
    fn settings_language_from_the_console() {
        let (mut c, service) = console();
        let guild = c.guild;
        // Not a moderator: refused, naming the permission in the reader's language.
        say(&mut c, "@locale es");
        let refused = say(&mut c, "alice: /ajustes idioma it");
        assert!(refused.starts_with("(solo lo ves tú) "), "{refused}");
        assert!(refused.contains("**Gestionar servidor**"), "{refused}");
        assert_eq!(
            service.store().server_settings(guild).unwrap().language,
            None
        );

        say(&mut c, "@mod carol");
        assert_eq!(
            say(&mut c, "carol: /ajustes idioma it"),
            "D'ora in poi parlo italiano in questo server.\n"
        );
        assert_eq!(service.server_language(guild), Language::It);
        // The reader's language stays the console's; the server's public one is Italian.
        assert!(say(&mut c, "alice: /retar bob").contains("@bob"));
        assert!(say(&mut c, "bob: /aceptar").contains("tocca al Bianco"));

        say(&mut c, "@locale en");
        assert_eq!(
            say(&mut c, "carol: /settings language lingua:de"),
            "`/settings` takes `language:it|en|es|auto`, `notify:dm|ping|off`, `time:24h`, \
             `expiry:1day|auto`, `threads:on|off`, `add-channel:#NAME` and \
             `remove-channel:#NAME`; alone, it shows the settings.\n"
        );
        assert_eq!(
            say(&mut c, "carol: /settings language"),
            "From now on I follow the server's Discord language: English.\n"
        );
        assert_eq!(service.server_language(guild), Language::En);
        assert_eq!(
            say(&mut c, "carol: /impostazioni lingua es"),
            "De ahora en adelante hablo español en este servidor.\n"
        );
        // Another server keeps its own.
        assert_eq!(
            say(&mut c, "@guild other"),
            "(now in server other, channel #general)\n"
        );
        assert_eq!(service.server_language(c.guild), Language::En);
        assert_eq!(service.server_language(guild), Language::Es);
    }

    #[test]
    fn thread_names_become_channel_names() {
        assert_eq!(slug("Dama #12 · Alice – Bob"), "dama-12-alice-bob");
        assert_eq!(
            slug("Partita #3 · Élodie – Dama (livello 2)"),
            "partita-3-élodie-dama-livello-2"
        );
        assert_eq!(slug("  ¡Hola!  "), "hola");
        assert_eq!(
            prefixed("[#general] ", "one\ntwo\n"),
            "[#general] one\n[#general] two\n"
        );
    }

    #[test]
    fn mentions_of_people_and_places_read_as_names() {
        let (mut c, _service) = console();
        let alice = c.user_id("alice");
        assert_eq!(
            c.names_for_mentions(&format!("<@{alice}> in <#{GENERAL}>, due <t:5:R>, a < b")),
            "@alice in #general, due <t:5:R>, a < b"
        );
        assert_eq!(c.names_for_mentions("<#999> <@x> <@"), "<#999> <@x> <@");
    }

    #[test]
    fn a_game_in_a_thread_is_played_there_and_its_channel_starts_another() {
        let (mut c, service) = console();
        assert!(say(&mut c, "alice: /challenge bob colour:white").contains("@bob"));
        let started = say(&mut c, "bob: /accept");
        let (first, name) = entered_thread(&c, &started);
        assert!(name.contains("alice") && name.contains("bob"), "{name}");
        let game = service
            .store()
            .active_game_in_channel(first)
            .unwrap()
            .unwrap();
        assert_eq!((game.channel, game.thread), (GENERAL, Some(first)));
        // The first board is posted in the thread, where the console now is: no place before it.
        let board = &started[started.find("(now in thread").unwrap()..];
        assert!(board.contains("White to move"), "{started}");
        assert!(!board.contains("[#"), "{started}");
        let moved = say(&mut c, "alice: /move 22-18");
        assert!(
            moved.contains("Black to move") && !moved.contains("[#"),
            "{moved}"
        );
        assert_eq!(ply(&service, first), Some(1));

        // Back in the channel, a second game starts in a thread of its own.
        assert_eq!(
            say(&mut c, "@channel general"),
            "(now in channel #general)\n"
        );
        assert!(say(&mut c, "carol: /challenge dave colour:white").contains("@dave"));
        let accepted = say(&mut c, "dave: /accept");
        let (second, other) = entered_thread(&c, &accepted);
        assert_ne!((second, &other), (first, &name));
        assert_eq!(
            service
                .store()
                .active_games_in_threads_of(GENERAL)
                .unwrap()
                .len(),
            2
        );
        say(&mut c, "carol: /move 22-18");
        assert_eq!(ply(&service, second), Some(1));

        // To the first thread by its name: its game goes on there.
        assert_eq!(
            say(&mut c, &format!("@channel #{name}")),
            format!("(now in thread #{name})\n")
        );
        say(&mut c, "bob: /move 10-14");
        assert_eq!(ply(&service, first), Some(2));
        assert_eq!(ply(&service, second), Some(1));
        // Its end: the result here, a line in the channel (marked with it), the thread archived.
        let ended = say(&mut c, "alice: /resign");
        assert!(has_line(&ended, "[#general] "), "{ended}");
        assert!(
            ended.contains(&format!("(thread #{name} archived)\n")),
            "{ended}"
        );
        assert_eq!(ply(&service, first), None);
        assert_eq!(ply(&service, second), Some(1));
    }

    #[test]
    fn analysis_tells_its_progress_and_saves_its_chart() {
        let (mut c, _service) = console();
        let dir = tempfile::tempdir().unwrap();
        c.images = Some(dir.path().to_owned());
        say(&mut c, "@threads off");
        say(&mut c, "alice: /challenge bob colour:white");
        say(&mut c, "bob: /accept");
        say(&mut c, "alice: /move 22-18");
        say(&mut c, "bob: /move 12-16");
        say(&mut c, "alice: /move 21-17");
        say(&mut c, "bob: /resign");
        let out = say(&mut c, "alice: /analysis");
        assert!(out.starts_with("Analysing game #1… 0%\n"), "{out}");
        assert!(
            out.contains("Analysing game #1… 100%\n**Analysis of game #1**"),
            "{out}"
        );
        let chart = dir.path().join("dama-game-1-chart.png");
        assert!(
            out.contains(&format!("(saved {})", chart.display())),
            "{out}"
        );
        let png = image::load_from_memory(&std::fs::read(&chart).unwrap()).unwrap();
        assert_eq!((png.width(), png.height()), (800, 400));
        assert!(
            out.contains("[Event \"Dama on Discord, game #1\"]"),
            "{out}"
        );

        // Served again from the store: no progress; by number, in Italian too.
        say(&mut c, "@locale it");
        let again = say(&mut c, "alice: /analisi 1");
        assert!(again.starts_with("**Analisi della partita #1**"), "{again}");
        let refused = say(&mut c, "alice: /analisi uno");
        assert_eq!(
            refused,
            "Scrivi il numero della partita, come `/analisi 12`.\n"
        );
    }

    #[test]
    fn without_threads_a_game_is_played_in_its_channel() {
        let (mut c, service) = console();
        assert_eq!(
            say(&mut c, "@threads off"),
            "(the bot may not open threads: games are played in their channel)\n"
        );
        assert_eq!(say(&mut c, "@threads maybe"), "@threads needs on or off.\n");
        say(&mut c, "alice: /challenge bob colour:white");
        let started = say(&mut c, "bob: /accept");
        assert!(!started.contains("(thread #"), "{started}");
        assert_eq!(c.channel, GENERAL);
        assert!(say(&mut c, "alice: /move 22-18").contains("Black to move"));
        assert_eq!(ply(&service, GENERAL), Some(1));
        assert_eq!(
            say(&mut c, "@threads on"),
            "(the bot may open threads again)\n"
        );
    }

    #[test]
    fn direct_messages_come_with_the_moves_and_the_sweep() {
        let (mut c, service) = console();
        say(&mut c, "bob: /settings notify:dm");
        let bob = c.user_id("bob");
        assert_eq!(service.store().notify_mode(bob).unwrap(), NotifyMode::Dm);
        say(&mut c, "alice: /challenge bob colour:white time:1h");
        say(&mut c, "bob: /accept");
        // Bob's turn: a direct message, besides the board in the thread.
        let moved = say(&mut c, "alice: /move 22-18");
        assert!(has_line(&moved, "(DM to bob) "), "{moved}");
        assert!(!has_line(&moved, "(DM to alice)"), "{moved}");
        // Half of the hour gone: a reminder, once.
        let reminded = say(&mut c, "@advance 31m");
        assert!(has_line(&reminded, "(DM to bob) "), "{reminded}");
        let quiet = say(&mut c, "@advance 1m");
        assert!(!quiet.contains("(DM to"), "{quiet}");
        // Ninety per cent gone: the second reminder.
        let again = say(&mut c, "@advance 23m");
        assert!(has_line(&again, "(DM to bob) "), "{again}");
    }

    #[test]
    fn a_closed_dm_falls_back_to_a_mention_in_the_game() {
        let (mut c, _service) = console();
        assert_eq!(
            say(&mut c, "@dm-closed bob"),
            "(bob's direct messages are closed)\n"
        );
        say(&mut c, "bob: /settings notify:dm");
        say(&mut c, "alice: /challenge bob colour:white");
        say(&mut c, "bob: /accept");
        // The game's thread, or its channel where no thread opens.
        let name = c.place_name(c.channel);
        let moved = say(&mut c, "alice: /move 22-18");
        let failed = format!("(the DM to bob could not be delivered: posted in #{name} instead)");
        assert!(moved.contains(&failed), "{moved}");
        assert!(has_line(&moved, "@bob "), "{moved}");
        assert!(!moved.contains("(DM to bob)"), "{moved}");
        // Once: the next turn is a mention in the thread, without trying the DM again.
        say(&mut c, "bob: /move 10-14");
        let next = say(&mut c, "alice: /move 21-17");
        assert!(!next.contains("could not be delivered"), "{next}");
        assert!(!next.contains("(DM to bob)"), "{next}");
        assert_eq!(
            say(&mut c, "@dm-open bob"),
            "(bob's direct messages are open again)\n"
        );
    }

    /// The action a command reads as (without its `/`), or the console's answer.
    fn parsed(c: &mut Console, command: &str) -> Parsed {
        c.parse(command)
    }

    fn settings(change: SettingsChange) -> Parsed {
        Parsed::Act(Action::Settings(change))
    }

    #[test]
    fn the_new_commands_are_read_in_every_language() {
        let (mut c, _service) = console();
        let bob = c.user_id("bob");
        for (open, accept, games, all, takeback) in [
            (
                "challenge",
                "accept from:bob",
                "games",
                "games all",
                "takeback",
            ),
            (
                "sfida",
                "accetta da:bob",
                "partite",
                "partite tutte",
                "ritira",
            ),
            (
                "retar",
                "aceptar de:@bob",
                "partidas",
                "partidas todas",
                "deshacer",
            ),
        ] {
            assert_eq!(
                parsed(&mut c, open),
                Parsed::Act(Action::Challenge {
                    opponent: None,
                    colour: ColourChoice::Random,
                    time_per_move: None
                }),
                "{open}"
            );
            assert_eq!(
                parsed(&mut c, accept),
                Parsed::Act(Action::Accept { from: Some(bob) }),
                "{accept}"
            );
            assert_eq!(
                parsed(&mut c, games),
                Parsed::Act(Action::Games { all: false })
            );
            assert_eq!(
                parsed(&mut c, all),
                Parsed::Act(Action::Games { all: true })
            );
            assert_eq!(parsed(&mut c, takeback), Parsed::Act(Action::Takeback));
        }
        // An open challenge with a colour; `/accept` alone.
        assert_eq!(
            parsed(&mut c, "sfida nero tempo:2h"),
            Parsed::Act(Action::Challenge {
                opponent: None,
                colour: ColourChoice::Black,
                time_per_move: Some(Duration::from_secs(7200))
            })
        );
        assert_eq!(
            parsed(&mut c, "aceptar"),
            Parsed::Act(Action::Accept { from: None })
        );
        // `/settings` alone shows them; each option, in each language.
        assert_eq!(
            parsed(&mut c, "impostazioni"),
            settings(SettingsChange::default())
        );
        let dm = SettingsChange {
            notify: Some(NotifyMode::Dm),
            ..SettingsChange::default()
        };
        for typed in [
            "settings notify:dm",
            "impostazioni notifiche:dm",
            "ajustes avisos:md",
        ] {
            assert_eq!(parsed(&mut c, typed), settings(dm.clone()), "{typed}");
        }
        assert_eq!(
            parsed(&mut c, "ajustes avisos:nada"),
            settings(SettingsChange {
                notify: Some(NotifyMode::Off),
                ..SettingsChange::default()
            })
        );
        let sala = c.place_id(false, "sala");
        let bar = c.place_id(false, "bar");
        let server = SettingsChange {
            time_per_move: Some(Duration::from_secs(2 * 3600)),
            challenge_expiry: Some(Some(Duration::from_secs(86_400))),
            threads: Some(false),
            add_game_channel: Some(sala),
            remove_game_channel: Some(bar),
            ..SettingsChange::default()
        };
        for typed in [
            "settings time:2h expiry:1day threads:off add-channel:#sala remove-channel:#bar",
            "impostazioni tempo:2h scadenza:1day thread:no aggiungi-canale:#sala togli-canale:bar",
            "ajustes tiempo:2h caducidad:1day hilos:no añadir-canal:#sala quitar-canal:#bar",
        ] {
            assert_eq!(parsed(&mut c, typed), settings(server.clone()), "{typed}");
        }
        assert_eq!(
            parsed(&mut c, "ajustes hilos:sí caducidad:auto idioma:auto"),
            settings(SettingsChange {
                threads: Some(true),
                challenge_expiry: Some(None),
                language: Some(None),
                ..SettingsChange::default()
            })
        );
        assert_eq!(
            parsed(&mut c, "impostazioni lingua:es"),
            settings(SettingsChange {
                language: Some(Some(Language::Es)),
                ..SettingsChange::default()
            })
        );
        // What cannot be read gets the usage, in the console's language.
        c.language = Language::It;
        let Parsed::Answer(usage) = parsed(&mut c, "impostazioni notifiche:forte") else {
            panic!("read");
        };
        assert!(
            usage.starts_with("`/impostazioni` accetta `lingua:"),
            "{usage}"
        );
        c.language = Language::Es;
        let Parsed::Answer(usage) = parsed(&mut c, "ajustes hilos:quizás") else {
            panic!("read");
        };
        assert!(usage.contains("`avisos:md|mención|nada`"), "{usage}");
    }

    #[test]
    fn open_challenges_and_threads_in_italian_and_spanish() {
        let (mut c, service) = console();
        say(&mut c, "@locale it");
        assert_eq!(
            say(&mut c, "@threads no"),
            "(il bot non può aprire thread: le partite si giocano nel loro canale)\n"
        );
        say(&mut c, "@threads sì");
        say(&mut c, "alice: /sfida");
        assert_eq!(
            service
                .store()
                .pending_challenges_in_channel(GENERAL, service.now())
                .unwrap()
                .len(),
            1
        );
        let started = say(&mut c, "carol: /accetta da:alice");
        let name = c.place_name(c.channel);
        assert!(
            started.contains(&format!(
                "(aperto il thread #{name})\n(ora nel thread #{name})\n"
            )),
            "{started}"
        );
        assert!(started.contains("tocca al Bianco"), "{started}");
        let games = say(&mut c, "alice: /partite");
        assert!(!games.contains("Comando sconosciuto"), "{games}");
        assert!(games.contains("carol"), "{games}");
        assert_eq!(
            say(&mut c, "@channel general"),
            "(ora nel canale #general)\n"
        );
        assert_eq!(
            say(&mut c, &format!("@channel {name}")),
            format!("(ora nel thread #{name})\n")
        );

        say(&mut c, "@locale es");
        say(&mut c, "@channel mesa");
        say(&mut c, "dave: /retar");
        let started = say(&mut c, "erin: /aceptar de:dave");
        let name = c.place_name(c.channel);
        assert!(
            started.contains(&format!(
                "(hilo #{name} abierto)\n(ahora en el hilo #{name})\n"
            )),
            "{started}"
        );
        assert!(started.contains("juegan las blancas"), "{started}");
        let games = say(&mut c, "erin: /partidas");
        assert!(!games.contains("Comando desconocido"), "{games}");
        assert!(games.contains("dave"), "{games}");
    }

    #[test]
    fn hint_is_read() {
        let (mut c, _service) = console();
        assert_eq!(parsed(&mut c, "hint"), Parsed::Act(Action::Hint));
        assert_eq!(parsed(&mut c, "Hint"), Parsed::Act(Action::Hint));
    }

    #[test]
    fn every_command_is_read_in_every_language() {
        let words = Vocabulary::new();
        for language in Language::ALL {
            for &command in i18n::COMMANDS {
                let typed = i18n::texts().command_name(language, command);
                let mut segments = typed.trim_start_matches('/').split(' ');
                let top = command.split(' ').next().unwrap();
                assert_eq!(
                    words.commands.get(segments.next().unwrap()).copied(),
                    Some(top),
                    "{language:?} {typed}"
                );
                if let Some(sub) = segments.next() {
                    assert_eq!(words.subcommand(top, sub), Some(command), "{typed}");
                }
            }
        }
    }

    #[test]
    fn a_tournament_runs_to_its_final_standings_with_advance() {
        let (mut c, service) = console();
        let images =
            std::env::temp_dir().join(format!("dama-tournament-images-{}", std::process::id()));
        c.images = Some(images.clone());
        assert!(
            say(&mut c, "@advance").starts_with("No tournament is running in this channel"),
            "nothing to play out yet"
        );
        say(&mut c, "@mod ada");
        let created = say(
            &mut c,
            "ada: /tournament create Coppa di prova format:swiss rounds:3",
        );
        assert!(created.contains("**Coppa di prova**"), "{created}");
        let tournament = service.store().latest_tournament(c.guild).unwrap().unwrap();
        assert_eq!(tournament.format, TournamentFormat::Swiss { rounds: 3 });
        assert!(
            created.contains(&format!("t:{}:join", tournament.id)),
            "{created}"
        );
        for name in ["ada", "bea", "cleo", "dino"] {
            let joined = say(&mut c, &format!("{name}: /click t:{}:join", tournament.id));
            assert!(joined.contains(name), "{joined}");
        }
        let started = say(&mut c, "ada: /tournament start");
        // Each game of round 1 gets its thread with its first board; the console stays here.
        assert_eq!(started.matches("(thread #dama-").count(), 2, "{started}");
        assert!(!started.contains("(now in thread"), "{started}");
        assert_eq!(c.channel, GENERAL);
        assert!(has_line(&started, "[#dama-1-"), "{started}");
        for round in 1..=3 {
            let advanced = say(&mut c, "@advance");
            assert!(
                advanced.starts_with(&format!(
                    "(round {round} of Coppa di prova: 2 games played out)"
                )),
                "{advanced}"
            );
            let next = advanced.matches("(thread #dama-").count();
            let archived = advanced.matches(" archived)").count();
            assert_eq!(archived, 2, "round {round}: {advanced}");
            if round < 3 {
                assert_eq!(
                    next, 4,
                    "round {round}: two threads opened, two archived: {advanced}"
                );
                assert!(
                    advanced.contains(&format!("round {} of 3", round + 1)),
                    "{advanced}"
                );
            } else {
                assert!(advanced.contains("Final standings"), "{advanced}");
                assert!(
                    advanced.contains("dama-tournament-1-standings.png"),
                    "{advanced}"
                );
            }
        }
        let finished = service.store().tournament(tournament.id).unwrap().unwrap();
        assert_eq!(finished.status, TournamentStatus::Finished);
        let pairings = service.store().tournament_pairings(tournament.id).unwrap();
        assert_eq!(pairings.len(), 6);
        assert!(pairings.iter().all(|p| p.result.is_some()), "{pairings:?}");
        // Resignations of each side and draws, by the games' numbers.
        let results: HashSet<_> = pairings.iter().map(|p| p.result).collect();
        assert_eq!(results.len(), 3, "{pairings:?}");
        assert!(
            say(&mut c, "@advance").starts_with("No tournament is running"),
            "a finished tournament has no round to play"
        );
        let standings = say(&mut c, "bea: /tournament standings");
        let png = std::fs::read(images.join("dama-tournament-1-standings.png")).unwrap();
        let image = image::load_from_memory(&png).unwrap();
        assert!(image.height() > 150, "{standings}");
        std::fs::remove_dir_all(&images).unwrap();
    }

    #[test]
    fn tournament_steps_are_read_in_every_language() {
        let (mut c, _) = console();
        let create = |name: &str, format, games, rated, openings, signup| {
            Parsed::Act(Action::Tournament(TournamentAction::Create(
                TournamentSpec {
                    name: name.to_owned(),
                    format,
                    games_per_pairing: games,
                    time_per_move: Some(Duration::from_secs(7200)),
                    rated,
                    drawn_openings: openings,
                    signup,
                },
            )))
        };
        assert_eq!(
            parsed(
                &mut c,
                "tournament create Spring cup format:round-robin games:2 time:2h rated:off"
            ),
            create(
                "Spring cup",
                TournamentFormat::RoundRobin,
                2,
                false,
                false,
                None
            )
        );
        assert_eq!(
            parsed(
                &mut c,
                "torneo crea Coppa formula:svizzero turni:4 tempo:2h aperture:sì iscrizioni:30m"
            ),
            create(
                "Coppa",
                TournamentFormat::Swiss { rounds: 4 },
                1,
                true,
                true,
                Some(Duration::from_secs(1800))
            )
        );
        assert_eq!(
            parsed(
                &mut c,
                "torneo crear Copa formato:todos-contra-todos tiempo:2h"
            ),
            create("Copa", TournamentFormat::RoundRobin, 1, true, false, None)
        );
        let step = |action| Parsed::Act(Action::Tournament(action));
        assert_eq!(
            parsed(&mut c, "torneo iscriviti"),
            step(TournamentAction::Join)
        );
        assert_eq!(
            parsed(&mut c, "torneo iniciar"),
            step(TournamentAction::Start)
        );
        assert_eq!(
            parsed(&mut c, "torneo clasificación"),
            step(TournamentAction::Standings)
        );
        assert_eq!(
            parsed(&mut c, "torneo abbinamenti 2"),
            step(TournamentAction::Pairings { round: Some(2) })
        );
        assert_eq!(
            parsed(&mut c, "tournament pairings"),
            step(TournamentAction::Pairings { round: None })
        );
        assert_eq!(
            parsed(&mut c, "torneo ritirati"),
            step(TournamentAction::Withdraw)
        );
        let bob = c.user_id("bob");
        assert_eq!(
            parsed(&mut c, "torneo forfait @bob"),
            step(TournamentAction::Forfeit {
                member: Member {
                    user: bob,
                    name: "bob".into(),
                    is_bot: false
                }
            })
        );
        assert_eq!(
            parsed(&mut c, "torneo annulla"),
            step(TournamentAction::Cancel)
        );
        assert_eq!(parsed(&mut c, "torneo pdn"), step(TournamentAction::Pdn));
        let Parsed::Answer(usage) = parsed(&mut c, "tournament dance") else {
            panic!("a step it does not know");
        };
        assert!(usage.contains("`/tournament create`") && usage.contains("`/tournament pdn`"));
        let Parsed::Answer(usage) = parsed(&mut c, "tournament create Cup format:blitz") else {
            panic!("a format it does not know");
        };
        assert!(
            usage.starts_with("`/tournament create NAME` takes"),
            "{usage}"
        );
        assert!(matches!(
            parsed(&mut c, "tournament pairings two"),
            Parsed::Answer(_)
        ));
        assert!(matches!(
            parsed(&mut c, "tournament forfeit"),
            Parsed::Answer(_)
        ));
    }
}
