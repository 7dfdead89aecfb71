//! Puzzles: `/puzzle` and `/puzzles` (`puzzle`), the collection (`puzzle_collection`), the daily
//! puzzle (`puzzle_daily`), the puzzle rating (`puzzle_rating`).

pub(crate) mod puzzle;
pub(crate) mod puzzle_collection;
pub(crate) mod puzzle_daily;
pub(crate) mod puzzle_rating;
