//! Replies as console text: mentions as names, the board drawn in text, attachments saved or
//! described, components listed with their ids.

use dama_core::text::{Part, RichText};
use std::fmt::Write as _;

use dama_rules::{Color, Square};

use super::prefixed;
use super::room::Room;
use dama_core::i18n::{Language, human_duration, t};
use dama_render::{BoardView, advantage_chart};
use dama_service::{Attachment, Clock, Component, Reply};

impl Room {
    /// A reply as console text: mentions become names, the board is drawn in text (and saved as
    /// PNG when an image directory is set), components are listed with their ids. What the
    /// reply shows is in `language` (the reply's own where it has one, a game's board), the
    /// console's notes in the console's.
    pub(super) fn show(&self, reply: &Reply, language: Language) -> String {
        let language = reply.language.unwrap_or(language);
        let notes = self.language();
        let images = self.state().images.clone();
        let mut out = String::new();
        if reply.ephemeral {
            let _ = write!(out, "{} ", t!(notes, ConsoleOnlyYou));
        }
        out.push_str(&self.words(&reply.text, language));
        out.push('\n');
        if let Some(view) = &reply.board {
            out.push_str(&text_board(language, view));
            if let Some(dir) = &images {
                let count = {
                    let mut state = self.state();
                    state.image_count += 1;
                    state.image_count
                };
                let path = dir.join(format!("board-{count:04}.png"));
                let png = self.renderer.png(view);
                let shown = path.display().to_string();
                match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, png)) {
                    Ok(()) => {
                        let _ = writeln!(out, "{}", t!(notes, ConsoleBoardSaved, path = shown));
                    }
                    Err(error) => {
                        let error = error.to_string();
                        let _ = writeln!(
                            out,
                            "{}",
                            t!(notes, ConsoleCannotSave, path = shown, error = error)
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
            } else if let Some(dir) = &images {
                let path = dir.join(&attachment.filename);
                let shown = path.display().to_string();
                match std::fs::create_dir_all(dir)
                    .and_then(|()| std::fs::write(&path, &attachment.bytes))
                {
                    Ok(()) => {
                        let _ = writeln!(out, "{}", t!(notes, ConsoleSaved, path = shown));
                    }
                    Err(error) => {
                        let error = error.to_string();
                        let _ = writeln!(
                            out,
                            "{}",
                            t!(notes, ConsoleCannotSave, path = shown, error = error)
                        );
                    }
                }
            } else {
                let _ = writeln!(
                    out,
                    "{}",
                    t!(
                        notes,
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

    /// A reply as shown in `place`: prefixed with `[#place]` when that is not the console's
    /// channel.
    pub(super) fn show_in(&self, place: u64, reply: &Reply, language: Language) -> String {
        let shown = self.show(reply, language);
        if place == self.here().1 {
            shown
        } else {
            prefixed(&format!("[#{}] ", self.place_name(place)), &shown)
        }
    }

    /// A text as the console writes it: people and channels by their names (`@alice`,
    /// `#general`), moments relative to the console's clock in `language` ("in 24 h"),
    /// commands as typed, a game by where it is played; the marks of style as they are.
    pub(super) fn words(&self, text: &RichText, language: Language) -> String {
        text.render(true, |part| match part {
            Part::Words(words) | Part::Name(words) => words.clone(),
            Part::Person(user) => format!("@{}", self.name_of(*user)),
            Part::Channel(channel) => format!("#{}", self.place_name(*channel)),
            Part::Game(link) => format!("#{}", self.place_name(link.place)),
            Part::Command { path, typed } => {
                if typed.is_empty() {
                    format!("`{}`", self.typed(path))
                } else {
                    format!("`{typed}`")
                }
            }
            Part::Moment(at) => {
                let from_now = at - Clock::now(&*self.clock);
                let duration = human_duration(language, from_now.abs());
                if from_now >= 0 {
                    t!(language, ConsoleMomentFuture, duration = duration)
                } else {
                    t!(language, ConsoleMomentPast, duration = duration)
                }
            }
        })
    }
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
