//! A table as an image: a tournament's standings (rank, name, points, tie-breaks, games),
//! readable on a phone in Discord's dark and light themes.

use super::Renderer;

/// What a table image shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableView {
    /// The name to attach it under (`dama-tournament-3-standings.png`).
    pub filename: String,
    /// The line above the table ("Spring cup · after round 3 of 5").
    pub title: String,
    /// The column headings.
    pub header: Vec<String>,
    /// The rows, each with one cell a heading.
    pub rows: Vec<Vec<String>>,
    /// Which columns are numbers (right-aligned); the rest are left-aligned.
    pub numeric: Vec<bool>,
}

impl Renderer {
    /// The table as a PNG.
    #[must_use]
    pub fn table_png(&self, view: &TableView) -> Vec<u8> {
        let _ = view;
        todo!("drawing a table")
    }
}
