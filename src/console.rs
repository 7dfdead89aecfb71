//! `damabot local`: the game service in a terminal, with the same database and the same
//! replies as on Discord.
//!
//! Each line is `NAME: /command argument option:value ...`, for example `alice: /challenge bob`,
//! `bob: /accept`, `alice: /move 22-18`, `alice: /play level:3 colour:black`. Lines starting with
//! `@` steer the session (`@channel NAME`, `@guild NAME`, `@advance 2h`, `@moderator NAME`,
//! `@locale it|en|es`),
//! `#` starts a comment. Buttons are pressed with `NAME: /click ID [VALUE]`, using the ids the
//! replies print.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use dama_rules::{Color, Square};

use crate::game::{
    Action, Actor, Attachment, ColourChoice, Component, GameService, ManualClock, Member, Origin,
    Reply, ServiceError, Suggestions,
};
use crate::i18n::Language;
use crate::render::{BoardView, Renderer};

/// The console's state: who is who, where we are, and the clock.
pub struct Console {
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    clock: Arc<ManualClock>,
    users: HashMap<String, u64>,
    names: HashMap<u64, String>,
    moderators: Vec<u64>,
    guilds: HashMap<String, u64>,
    channels: HashMap<String, u64>,
    guild: u64,
    channel: u64,
    images: Option<PathBuf>,
    image_count: usize,
    /// The language every console user reads (`@locale`).
    language: Language,
}

/// Ids of console users start here, far from guild and channel ids.
const FIRST_USER_ID: u64 = 1_000;

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
            guild: 0,
            channel: 0,
            images,
            image_count: 0,
            language: Language::En,
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
        *map.entry(name.to_owned()).or_insert(next)
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

    /// The engine's moves that were due when the console last stopped (see
    /// [`GameService::resume_engine_games`]), as text.
    pub fn resume(&mut self) -> String {
        match self.service.resume_engine_games() {
            Ok(notices) => notices
                .iter()
                .map(|notice| self.show(&notice.reply))
                .collect(),
            Err(error) => format!("internal error: {error}\n"),
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
            writeln!(
                output,
                "Dama console. Type `alice: /help` to start, `@help` for the console's own commands, Ctrl-D to leave."
            )?;
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
                        Err(error) => format!("internal error: {error}"),
                    }
                }
                _ => "Write lines like `alice: /challenge bob` (NAME: /command ...), or `@help`."
                    .to_owned(),
            }
        };
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        match self.service.sweep() {
            Ok(notices) => {
                for notice in notices {
                    out.push_str(&self.show(&notice.reply));
                }
            }
            Err(error) => {
                let _ = writeln!(out, "internal error: {error}");
            }
        }
        out
    }

    fn directive(&mut self, directive: &str) -> String {
        let (word, rest) = directive.split_once(' ').unwrap_or((directive, ""));
        let rest = rest.trim();
        match word {
            "channel" if !rest.is_empty() => {
                self.channel = self.place_id(false, rest);
                format!("(now in channel #{rest})")
            }
            "guild" if !rest.is_empty() => {
                self.guild = self.place_id(true, rest);
                self.channel = self.place_id(false, &format!("{rest}/general"));
                format!("(now in server {rest}, channel #general)")
            }
            "advance" => match humantime_serde::re::humantime::parse_duration(rest) {
                Ok(by) => {
                    self.clock.advance(by);
                    format!(
                        "(the clock moves {} forward)",
                        humantime_serde::re::humantime::format_duration(by)
                    )
                }
                Err(error) => format!("@advance needs a duration like 10m, 2h or 3days: {error}"),
            },
            "moderator" if !rest.is_empty() => {
                let id = self.user_id(rest);
                self.moderators.push(id);
                format!("({rest} can now moderate)")
            }
            "locale" => match Language::from_code(rest) {
                Some(language) => {
                    self.language = language;
                    format!("(replies now in {})", language.code())
                }
                None => "@locale needs a language: it, en or es.".to_owned(),
            },
            "help" => CONSOLE_HELP.to_owned(),
            _ => format!("Unknown directive `@{directive}`. Try `@help`."),
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
            guild_language: Some(self.language),
        };
        let Some(command) = command.strip_prefix('/') else {
            return Ok(format!("Commands start with `/`, like `{name}: /help`."));
        };
        let reply = match self.parse(command) {
            Parsed::Act(action) => self.service.act(&actor, Origin::Channel, action)?,
            Parsed::Click { id, values } => self.service.component(&actor, &id, &values)?,
            Parsed::Suggest {
                typed,
                asked_to_move,
            } => {
                return Ok(match self.service.suggestions(&actor, &typed)? {
                    Suggestions::Moves(moves) if asked_to_move => {
                        format!("Which move? Legal for you: {}", moves.join(", "))
                    }
                    Suggestions::Hint(hint) if asked_to_move => format!("Which move? {hint}"),
                    Suggestions::Moves(moves) => format!("suggestions: {}", moves.join(", ")),
                    Suggestions::Hint(hint) => format!("suggestions: none ({hint})"),
                });
            }
            Parsed::Answer(text) => return Ok(text),
        };
        Ok(self.show(&reply))
    }

    /// Reads a command (without its `/`): `verb argument ... option:value ...`.
    #[allow(clippy::too_many_lines)] // one arm per command, as the help lists them
    fn parse(&mut self, command: &str) -> Parsed {
        let mut words = command.split_whitespace();
        let verb = words.next().unwrap_or_default().to_ascii_lowercase();
        let mut args: Vec<&str> = Vec::new();
        let mut options: HashMap<String, String> = HashMap::new();
        for word in words {
            match word.split_once(':') {
                // `22x13` never has a colon, but an option name is a word; the ids that
                // `/click` takes (`g:1:4:move`) are arguments.
                Some((key, value))
                    if verb != "click"
                        && key.len() > 1
                        && key.chars().all(|c| c.is_ascii_alphabetic()) =>
                {
                    options.insert(key.to_ascii_lowercase(), value.to_owned());
                }
                _ => args.push(word),
            }
        }
        let option = |key: &str| options.get(key).map(String::as_str);
        let colour = || {
            parse_colour(
                option("colour")
                    .or(option("color"))
                    .or(args.get(1).copied()),
            )
        };
        let action = match verb.as_str() {
            "challenge" => {
                let Some(opponent) = args
                    .first()
                    .map(|a| a.trim_start_matches('@'))
                    .or(option("member"))
                else {
                    return Parsed::Answer(
                        "Whom? `/challenge bob [colour:white|black|random] [time:24h]`".to_owned(),
                    );
                };
                let opponent = Member {
                    user: self.user_id(opponent),
                    name: opponent.to_owned(),
                    is_bot: opponent.eq_ignore_ascii_case("dama"),
                };
                let colour = match colour() {
                    Ok(colour) => colour,
                    Err(message) => return Parsed::Answer(message),
                };
                let time_per_move = match option("time")
                    .map(humantime_serde::re::humantime::parse_duration)
                {
                    None => None,
                    Some(Ok(time)) => Some(time),
                    Some(Err(error)) => {
                        return Parsed::Answer(format!("time: {error} (use 5m, 1h, 24h, 3days)"));
                    }
                };
                Action::Challenge {
                    opponent,
                    colour,
                    time_per_move,
                }
            }
            "accept" => Action::Accept,
            "decline" => Action::Decline,
            "cancel" => Action::Cancel,
            "play" => {
                let level = option("level").or(args.first().copied()).unwrap_or("1");
                let Ok(level) = level.parse::<u8>() else {
                    return Parsed::Answer(format!(
                        "`{level}` is not a level: use 1 (beginner) to 8 (master)."
                    ));
                };
                match colour() {
                    Ok(colour) => Action::PlayEngine { level, colour },
                    Err(message) => return Parsed::Answer(message),
                }
            }
            "move" | "m" => {
                let text = if args.is_empty() {
                    option("move").unwrap_or_default().to_owned()
                } else {
                    args.join(" ")
                };
                if text.is_empty() {
                    return Parsed::Suggest {
                        typed: String::new(),
                        asked_to_move: true,
                    };
                }
                Action::Move { text }
            }
            "suggest" => {
                return Parsed::Suggest {
                    typed: args.join(" "),
                    asked_to_move: false,
                };
            }
            "board" => Action::Board {
                flip: args.first().is_some_and(|a| a.eq_ignore_ascii_case("flip"))
                    || option("flip") == Some("true"),
            },
            "resign" => Action::Resign,
            "draw" => match args
                .first()
                .map(|a| a.to_ascii_lowercase())
                .as_deref()
                .or(option("action"))
            {
                None | Some("offer") => Action::OfferDraw,
                Some("accept") => Action::AnswerDraw { accept: true },
                Some("decline") => Action::AnswerDraw { accept: false },
                Some(other) => {
                    return Parsed::Answer(format!(
                        "`/draw {other}`? Use `/draw offer`, `/draw accept` or `/draw decline`."
                    ));
                }
            },
            "claim" => Action::Claim,
            "abort" => Action::Abort,
            "leaderboard" | "top" => {
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
                    .map(|a| a.trim_start_matches('@'))
                    .map(|n| Member {
                        user: self.user_id(n),
                        name: n.to_owned(),
                        is_bot: false,
                    });
                if verb == "stats" {
                    Action::Stats { member }
                } else {
                    Action::History { member }
                }
            }
            "pdn" | "replay" => {
                let game = option("game")
                    .or(args.first().copied())
                    .map(|g| g.trim_start_matches('#').parse::<i64>());
                let game = match game {
                    None => None,
                    Some(Ok(id)) => Some(id),
                    Some(Err(_)) => {
                        return Parsed::Answer("Give the game number, like `/pdn 12`.".to_owned());
                    }
                };
                if verb == "pdn" {
                    Action::Pdn { game }
                } else {
                    Action::Replay { game }
                }
            }
            "rules" => Action::Rules,
            "help" => Action::Help,
            "click" => {
                let Some(id) = args.first() else {
                    return Parsed::Answer(
                        "`/click ID [VALUE]` presses a button (ids are shown in brackets)."
                            .to_owned(),
                    );
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
            other => return Parsed::Answer(format!("Unknown command `/{other}`. Try `/help`.")),
        };
        Parsed::Act(action)
    }

    /// A reply as console text: mentions become names, the board is drawn in text (and saved as
    /// PNG when an image directory is set), components are listed with their ids.
    fn show(&mut self, reply: &Reply) -> String {
        let mut out = String::new();
        if reply.ephemeral {
            out.push_str("(only you see this) ");
        }
        out.push_str(&self.names_for_mentions(&reply.text));
        out.push('\n');
        if let Some(view) = &reply.board {
            out.push_str(&text_board(view));
            if let Some(dir) = &self.images {
                self.image_count += 1;
                let path = dir.join(format!("board-{:04}.png", self.image_count));
                let png = self.renderer.png(view);
                match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, png)) {
                    Ok(()) => {
                        let _ = writeln!(out, "(board saved to {})", path.display());
                    }
                    Err(error) => {
                        let _ = writeln!(out, "(could not save {}: {error})", path.display());
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
        for attachment in reply.attachment.iter().chain(&animation) {
            let is_pdn = std::path::Path::new(&attachment.filename)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pdn"));
            if is_pdn {
                out.push_str(&String::from_utf8_lossy(&attachment.bytes));
            } else if let Some(dir) = &self.images {
                let path = dir.join(&attachment.filename);
                match std::fs::create_dir_all(dir)
                    .and_then(|()| std::fs::write(&path, &attachment.bytes))
                {
                    Ok(()) => {
                        let _ = writeln!(out, "(saved {})", path.display());
                    }
                    Err(error) => {
                        let _ = writeln!(out, "(could not save {}: {error})", path.display());
                    }
                }
            } else {
                let _ = writeln!(
                    out,
                    "({}, {} bytes; use --images DIR to save files)",
                    attachment.filename,
                    attachment.bytes.len()
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

    fn names_for_mentions(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("<@") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            if let Some(end) = after.find('>') {
                let id = &after[..end];
                // Someone from an earlier session is known to the store by name.
                let name = id.parse::<u64>().ok().and_then(|id| {
                    self.names.get(&id).cloned().or_else(|| {
                        let player = self.service.store().player(self.guild, id).ok()??;
                        Some(player.display_name)
                    })
                });
                match name {
                    Some(name) => {
                        out.push('@');
                        out.push_str(&name);
                    }
                    None => out.push_str(&rest[start..start + 3 + end]),
                }
                rest = &after[end + 1..];
            } else {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
        out.push_str(rest);
        out
    }
}

/// What a console command asks for.
enum Parsed {
    /// An action of the service, in the console's channel.
    Act(Action),
    /// A click on a component, by its id.
    Click { id: String, values: Vec<String> },
    /// The moves the autocomplete would offer (`/suggest`, or `/move` without a move).
    Suggest { typed: String, asked_to_move: bool },
    /// The console's own answer (a command it cannot read).
    Answer(String),
}

fn parse_colour(text: Option<&str>) -> Result<ColourChoice, String> {
    match text.map(str::to_ascii_lowercase).as_deref() {
        None | Some("random") => Ok(ColourChoice::Random),
        Some("white" | "w" | "bianco") => Ok(ColourChoice::White),
        Some("black" | "b" | "nero") => Ok(ColourChoice::Black),
        Some(other) => Err(format!(
            "`{other}` is not a colour: white, black or random."
        )),
    }
}

/// The board as text, from the side at the bottom: `w`/`b` men, `W`/`B` kings, `.` empty dark
/// squares, with the square numbers of each row on the right.
#[must_use]
pub fn text_board(view: &BoardView) -> String {
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
    let mut out = format!("   {files}\n");
    for &row in &rows {
        let _ = write!(out, " {} ", 8 - row);
        let mut numbers = Vec::new();
        for &column in &columns {
            match Square::from_column_row(column, row) {
                Some(square) => {
                    numbers.push(square.number().to_string());
                    let cell = view
                        .position
                        .piece_at(square)
                        .map_or('.', dama_rules::Piece::char);
                    let _ = write!(out, " {cell}");
                }
                None => out.push_str("  "),
            }
        }
        let _ = writeln!(out, "    {}", numbers.join(" "));
    }
    let _ = writeln!(out, "{} to move", view.position.turn());
    out
}

const CONSOLE_HELP: &str = "Console lines:\n\
  NAME: /command ...     act as NAME (created on first use), e.g. `alice: /challenge bob`\n\
  NAME: /click ID [VALUE] press a button or pick from a menu (ids are shown in brackets)\n\
  @channel NAME          move to another channel (one game per channel)\n\
  @guild NAME            move to another server (its own leaderboard)\n\
  @advance DURATION      move the clock forward (10m, 2h, 3days)\n\
  @moderator NAME        let NAME moderate (for /abort)\n\
  @locale it|en|es       the language of the replies (English at first)\n\
  # ...                  a comment";
