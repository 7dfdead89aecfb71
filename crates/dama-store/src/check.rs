//! Checking a database (`damabot db check`, and after `db copy`): its schema version, the
//! backend's own integrity checks, and every game replayed by the rules against what is stored.

use dama_core::store::{EndReason, Game, GameStatus, MoveRecord, StoreError};
use dama_rules::Position;

use crate::{AnyStore, SCHEMA_VERSION};

/// What `db check` found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub games: usize,
    pub moves: usize,
    /// One line per problem.
    pub problems: Vec<String>,
}

/// Checks a database: its schema version, integrity, foreign keys, and every game replayed by
/// the rules.
pub fn check_database(store: &AnyStore) -> Result<CheckReport, StoreError> {
    let mut report = CheckReport {
        problems: store.integrity_problems()?,
        ..CheckReport::default()
    };
    let version = store.schema_version()?;
    if version != SCHEMA_VERSION as i64 {
        report.problems.push(format!(
            "schema version {version}, this damabot's is {SCHEMA_VERSION}"
        ));
    }
    let store_port = store.as_store();
    for id in store.game_ids()? {
        // A row this version cannot read is one problem of that game: the others are checked.
        let read = store_port
            .game(id)
            .and_then(|game| Ok((game, store_port.moves(id)?)));
        let (game, moves) = match read {
            Ok((Some(game), moves)) => (game, moves),
            // A game that vanished since the id list was read is no problem.
            Ok((None, _)) => continue,
            Err(StoreError::Corrupt(why)) => {
                report.games += 1;
                report
                    .problems
                    .push(format!("game {id}: cannot be read: {why}"));
                continue;
            }
            Err(other) => return Err(other),
        };
        report.games += 1;
        report.moves += moves.len();
        report.problems.extend(
            check_game(&game, &moves)
                .into_iter()
                .map(|problem| format!("game {id}: {problem}")),
        );
    }
    Ok(report)
}

/// The problems of one game: its moves replayed from its start position must be legal, in
/// long notation, numbered 0.., and give the stored positions; the game row must agree.
#[must_use]
pub fn check_game(game: &Game, moves: &[MoveRecord]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut position = match Position::from_fen(&game.start_fen) {
        Ok(position) => position,
        Err(error) => {
            problems.push(format!("start position `{}`: {error}", game.start_fen));
            return problems;
        }
    };
    for (index, record) in moves.iter().enumerate() {
        if record.ply as usize != index {
            problems.push(format!(
                "ply {index} is missing (the next stored move is ply {})",
                record.ply
            ));
            return problems;
        }
        let m = match position.parse_move(&record.move_long) {
            Ok(m) => m,
            Err(error) => {
                problems.push(format!(
                    "ply {index}: `{}` is not legal here: {error}",
                    record.move_long
                ));
                return problems;
            }
        };
        if m.long() != record.move_long {
            problems.push(format!(
                "ply {index}: stored as `{}`, long notation is `{}`",
                record.move_long,
                m.long()
            ));
        }
        position.play_unchecked(&m);
        if !same_position(&record.fen_after, &position) {
            problems.push(format!(
                "ply {index}: stored position `{}`, the moves give `{}`",
                record.fen_after,
                position.to_fen()
            ));
            return problems;
        }
    }
    if game.ply as usize != moves.len() {
        problems.push(format!(
            "the game is at ply {} but {} moves are stored",
            game.ply,
            moves.len()
        ));
    }
    if !same_position(&game.current_fen, &position) {
        problems.push(format!(
            "current position `{}`, the moves give `{}`",
            game.current_fen,
            position.to_fen()
        ));
    }
    match (game.status, game.end_reason) {
        (GameStatus::Active, _) if !position.has_legal_moves() => problems.push(format!(
            "still active, but {} cannot move",
            position.turn().name()
        )),
        (GameStatus::Finished, Some(EndReason::NoMoves)) => {
            if position.has_legal_moves() {
                problems.push(format!(
                    "ended by no-moves, but {} can move",
                    position.turn().name()
                ));
            } else if game.result.and_then(dama_core::store::GameResult::winner)
                != Some(!position.turn())
            {
                problems.push(format!(
                    "ended by no-moves with result {}, but {} cannot move",
                    game.result
                        .map_or("none", dama_core::store::GameResult::pdn),
                    position.turn().name()
                ));
            }
        }
        _ => {}
    }
    problems
}

/// True if `fen` reads as `position`.
fn same_position(fen: &str, position: &Position) -> bool {
    Position::from_fen(fen).is_ok_and(|stored| stored == *position)
}
