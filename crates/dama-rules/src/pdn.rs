//! PDN: reading games (standard and Italian tag names, comments, variations, every result
//! form, CRLF or LF) and writing them for Italian draughts.
//!
//! Real files write captures short even where that is ambiguous. [`PdnGame::replay`] resolves
//! such a move by the rest of the game (the candidate after which the following moves are
//! legal); where nothing that follows can tell, it takes one and warns.

use std::fmt::Write as _;

use crate::{Move, MoveText, NotationError, Position};

/// The PDN GameType of Italian draughts.
pub const GAME_TYPE_ITALIAN: &str = "22,W,8,8,N2,1";

/// One game as read: its tags, its move tokens and its result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PdnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub result: Option<String>,
}

/// Italian tag names and their standard equivalents.
const TAG_ALIASES: [(&str, &str); 8] = [
    ("White", "Bianco"),
    ("Black", "Nero"),
    ("Result", "Risultato"),
    ("Event", "Dati"),
    ("Date", "Anno"),
    ("Site", "Luogo"),
    ("Round", "Turno"),
    ("Opening", "Apertura"),
];

impl PdnGame {
    /// A tag's value by its standard name (`White`) or its Italian one (`Bianco`).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        let alias = TAG_ALIASES.iter().find_map(|&(en, it)| {
            if en.eq_ignore_ascii_case(name) {
                Some(it)
            } else if it.eq_ignore_ascii_case(name) {
                Some(en)
            } else {
                None
            }
        });
        self.tags
            .iter()
            .find(|(k, _)| {
                k.eq_ignore_ascii_case(name) || alias.is_some_and(|a| k.eq_ignore_ascii_case(a))
            })
            .map(|(_, v)| v.as_str())
    }

    /// The start position: the `FEN` tag, or the standard start.
    pub fn start(&self) -> Result<Position, crate::FenError> {
        match self.tag("FEN") {
            Some(fen) if !fen.trim().is_empty() => Position::from_fen(fen),
            _ => Ok(Position::initial()),
        }
    }

    /// Replays the moves from the start position.
    #[must_use]
    pub fn replay(&self) -> Replay {
        let start = match self.start() {
            Ok(start) => start,
            Err(error) => {
                return Replay {
                    start: Position::initial(),
                    moves: Vec::new(),
                    warnings: Vec::new(),
                    error: Some((0, format!("FEN tag: {error}"))),
                };
            }
        };
        let mut replay = Replay {
            start,
            moves: Vec::new(),
            warnings: Vec::new(),
            error: None,
        };
        if let Err((ply, message)) = replay_from(
            start,
            &self.moves,
            0,
            &mut replay.moves,
            &mut replay.warnings,
        ) {
            replay.error = Some((ply, message));
        }
        replay
    }
}

/// What replaying a game found.
#[derive(Debug, Clone)]
pub struct Replay {
    pub start: Position,
    /// The moves that replayed legally (all of them when there is no error).
    pub moves: Vec<Move>,
    /// Plies (1-based) where an ambiguous move had to be chosen without evidence.
    pub warnings: Vec<(usize, String)>,
    /// The first ply (1-based) that could not be played, with the reason.
    pub error: Option<(usize, String)>,
}

/// Plays `tokens[index..]` from `position`, appending to `moves`; on an ambiguous short
/// capture, tries each candidate against the rest of the game.
fn replay_from(
    position: Position,
    tokens: &[String],
    index: usize,
    moves: &mut Vec<Move>,
    warnings: &mut Vec<(usize, String)>,
) -> Result<(), (usize, String)> {
    let mut position = position;
    for (i, token) in tokens.iter().enumerate().skip(index) {
        let ply = i + 1;
        let text = MoveText::parse(token).map_err(|e| (ply, format!("{token}: {e}")))?;
        let candidates = text.candidates(&position);
        match candidates.len() {
            0 => {
                let error = text
                    .to_move(&position)
                    .err()
                    .unwrap_or(NotationError::Illegal {
                        attempted: token.clone(),
                    });
                return Err((ply, format!("{token}: {error}")));
            }
            1 => {
                position.play_unchecked(&candidates[0]);
                moves.push(candidates[0]);
            }
            _ => {
                let mut fitting = Vec::new();
                let mut deepest_error = None;
                for candidate in &candidates {
                    let mut next = position;
                    next.play_unchecked(candidate);
                    let mut rest_moves = Vec::new();
                    let mut rest_warnings = Vec::new();
                    match replay_from(next, tokens, i + 1, &mut rest_moves, &mut rest_warnings) {
                        Ok(()) => fitting.push((*candidate, rest_moves, rest_warnings)),
                        Err(error) => {
                            if deepest_error
                                .as_ref()
                                .is_none_or(|(p, _): &(usize, String)| error.0 > *p)
                            {
                                deepest_error = Some(error);
                            }
                        }
                    }
                }
                if fitting.is_empty() {
                    return Err(deepest_error.unwrap_or((
                        ply,
                        format!("{token}: no reading fits the rest of the game"),
                    )));
                }
                if fitting.len() > 1 {
                    let names: Vec<String> = fitting.iter().map(|(m, _, _)| m.long()).collect();
                    warnings.push((
                        ply,
                        format!(
                            "{token} is ambiguous ({}); took {}",
                            names.join(" or "),
                            names[0]
                        ),
                    ));
                }
                let (chosen, rest_moves, rest_warnings) = fitting.swap_remove(0);
                moves.push(chosen);
                moves.extend(rest_moves);
                warnings.extend(rest_warnings);
                return Ok(());
            }
        }
    }
    Ok(())
}

fn is_result(token: &str) -> bool {
    matches!(
        token,
        "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1" | "0-0" | "*"
    )
}

/// Reads every game in a PDN text. Never panics; text that is not PDN gives games with moves
/// that fail to replay, or none.
#[must_use]
pub fn read_games(text: &str) -> Vec<PdnGame> {
    let mut games = Vec::new();
    let mut game = PdnGame::default();
    let mut in_movetext = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let finish = |game: &mut PdnGame, games: &mut Vec<PdnGame>| {
        if !game.tags.is_empty() || !game.moves.is_empty() || game.result.is_some() {
            games.push(std::mem::take(game));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '[' => {
                if in_movetext {
                    finish(&mut game, &mut games);
                    in_movetext = false;
                }
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == ']')
                    .map_or(chars.len(), |p| i + p);
                let inner: String = chars[i + 1..end].iter().collect();
                if let Some(tag) = parse_tag(&inner) {
                    game.tags.push(tag);
                }
                i = end + 1;
            }
            '{' => {
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .map_or(chars.len(), |p| i + p);
                i = end + 1;
            }
            '(' => {
                let mut depth = 0usize;
                while i < chars.len() {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        '{' => {
                            while i < chars.len() && chars[i] != '}' {
                                i += 1;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '[' | '{' | '(' | ';')
                {
                    i += 1;
                }
                let token: String = chars[start..i].iter().collect();
                in_movetext = true;
                if is_result(&token) {
                    game.result = Some(token);
                    finish(&mut game, &mut games);
                    in_movetext = false;
                    continue;
                }
                if let Some(m) = strip_move_token(&token) {
                    game.moves.push(m);
                }
            }
        }
    }
    finish(&mut game, &mut games);
    games
}

/// Removes move numbers (`12.`, `12...`, glued `12.21-17`), NAGs and `!?` marks.
fn strip_move_token(token: &str) -> Option<String> {
    if token.starts_with('$') {
        return None;
    }
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &token[digits..];
    let body = if rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    };
    let body = body.trim_end_matches(['!', '?', '*', '+']);
    if body.is_empty() {
        None
    } else {
        Some(body.to_owned())
    }
}

fn parse_tag(inner: &str) -> Option<(String, String)> {
    let inner = inner.trim();
    let name_end = inner.find(|c: char| c.is_whitespace() || c == '"')?;
    let name = inner[..name_end].to_owned();
    let rest = inner[name_end..].trim();
    let value = rest
        .strip_prefix('"')
        .map_or(rest, |r| r.strip_suffix('"').unwrap_or(r));
    let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
    if name.is_empty() {
        None
    } else {
        Some((name, value))
    }
}

/// Writes a game as PDN 3.0 for Italian draughts: the given tags, `GameType`, `FEN` and
/// `SetUp` when the start is not the standard one, then the moves (short notation unless
/// ambiguous) and the result.
#[must_use]
pub fn write_game(tags: &[(&str, &str)], start: &Position, moves: &[Move], result: &str) -> String {
    write_game_with_comments(tags, start, moves, &[], result)
}

/// [`write_game`] with comments in the moves: each `(ply, text)` is written as `{text}` before
/// the move of that ply (after the last move when `ply` is past it), in the order given. A
/// Black move after a comment carries its number (`3... 11-15`). Braces in a text become
/// parentheses, so a comment always ends where it should.
#[must_use]
pub fn write_game_with_comments(
    tags: &[(&str, &str)],
    start: &Position,
    moves: &[Move],
    comments: &[(usize, String)],
    result: &str,
) -> String {
    write_annotated_game(tags, start, moves, &[], comments, result)
}

/// [`write_game_with_comments`] with a move mark after each move: `marks[i]` (`"?"`, `"??"`,
/// `"?!"`, `"!"`, or empty) is written right after the move of ply `i` (`22-18?`). Missing
/// marks are empty; readers, [`read_games`] among them, skip marks.
#[must_use]
pub fn write_annotated_game(
    tags: &[(&str, &str)],
    start: &Position,
    moves: &[Move],
    marks: &[&str],
    comments: &[(usize, String)],
    result: &str,
) -> String {
    let mut text = String::new();
    let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    for (name, value) in tags {
        let _ = writeln!(text, "[{name} \"{}\"]", escape(value));
    }
    let _ = writeln!(text, "[GameType \"{GAME_TYPE_ITALIAN}\"]");
    if *start != Position::initial() {
        let _ = writeln!(text, "[SetUp \"1\"]");
        let _ = writeln!(text, "[FEN \"{}\"]", start.to_fen());
    }
    let _ = writeln!(text, "[Result \"{result}\"]");
    text.push('\n');

    let mut line = String::new();
    let mut position = *start;
    let mut number = 1;
    let push = |line: &mut String, text: &mut String, word: &str| {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            text.push_str(line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    };
    let comment = |line: &mut String, text: &mut String, here: &dyn Fn(usize) -> bool| {
        let mut any = false;
        for (_, words) in comments.iter().filter(|(at, _)| here(*at)) {
            let words = words.replace('{', "(").replace('}', ")");
            let mut words: Vec<&str> = words.split_whitespace().collect();
            if words.is_empty() {
                words.push("");
            }
            let last = words.len() - 1;
            for (j, word) in words.iter().enumerate() {
                let open = if j == 0 { "{" } else { "" };
                let close = if j == last { "}" } else { "" };
                push(line, text, &format!("{open}{word}{close}"));
            }
            any = true;
        }
        any
    };
    for (i, m) in moves.iter().enumerate() {
        let commented = comment(&mut line, &mut text, &|at| at == i);
        let white_to_move = position.turn() == crate::Color::White;
        let mark = marks.get(i).copied().unwrap_or("");
        let word = format!("{}{mark}", position.move_text(m));
        if white_to_move {
            push(&mut line, &mut text, &format!("{number}. {word}"));
        } else {
            if i == 0 || commented {
                push(&mut line, &mut text, &format!("{number}... {word}"));
            } else {
                push(&mut line, &mut text, &word);
            }
            number += 1;
        }
        position.play_unchecked(m);
    }
    let past_the_end = moves.len();
    comment(&mut line, &mut text, &|at| at >= past_the_end);
    push(&mut line, &mut text, result);
    text.push_str(&line);
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_comments_variations_and_results() {
        let text = "[Bianco \"Rossi\"]\r\n[Nero \"Bianchi\"]\r\n[Risultato \"2-0\"]\r\n\r\n1. 21-17 {a comment} 12-15 (2. 23-19 (2. 22-18) 10-14) 2. 23-19! 11-14 $1 2-0\r\n\r\n[White \"A\"]\n1... 10-14 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("Rossi"));
        assert_eq!(games[0].tag("Nero"), Some("Bianchi"));
        assert_eq!(games[0].tag("Result"), Some("2-0"));
        assert_eq!(games[0].moves, ["21-17", "12-15", "23-19", "11-14"]);
        assert_eq!(games[0].result.as_deref(), Some("2-0"));
        assert_eq!(games[1].moves, ["10-14"]);
        let replay = games[0].replay();
        assert!(replay.error.is_none(), "{:?}", replay.error);
        assert_eq!(replay.moves.len(), 4);
    }

    #[test]
    fn writes_and_reads_back() {
        let mut game = crate::Game::default();
        for m in ["22-18", "11-14", "18x11", "7x14"] {
            game.play_text(m).unwrap();
        }
        let pdn = write_game(
            &[("White", "A \"quoted\""), ("Black", "B")],
            game.start(),
            game.moves(),
            "*",
        );
        assert!(pdn.contains("[GameType \"22,W,8,8,N2,1\"]"), "{pdn}");
        let read = read_games(&pdn);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].tag("White"), Some("A \"quoted\""));
        let replay = read[0].replay();
        assert_eq!(replay.moves, game.moves());
    }

    #[test]
    fn writes_comments_where_they_belong() {
        let mut game = crate::Game::default();
        for m in ["22-18", "11-14", "18x11", "7x14"] {
            game.play_text(m).unwrap();
        }
        let comments = [
            (1, "alice took back 11-15 {oops}".to_owned()),
            (4, "bob took back 23-19".to_owned()),
        ];
        let pdn = write_game_with_comments(&[], game.start(), game.moves(), &comments, "*");
        // Long comments wrap between words, like the moves.
        assert!(pdn.lines().all(|line| line.len() <= 79), "{pdn}");
        let words = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.ends_with(
                "1. 22-18 {alice took back 11-15 (oops)} 1... 11-14 2. 18x11 7x14 \
                 {bob took back 23-19} *"
            ),
            "{pdn}"
        );
        let read = read_games(&pdn);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].replay().moves, game.moves());
        assert_eq!(read[0].result.as_deref(), Some("*"));
    }

    #[test]
    fn annotated_moves_carry_their_marks_and_read_back() {
        let mut game = crate::Game::default();
        for m in ["22-18", "11-14", "18x11", "7x14"] {
            game.play_text(m).unwrap();
        }
        let marks = ["", "?", "", "?!"];
        let comments = [(2, "mistake; better 12-15; +0.80".to_owned())];
        let pdn = write_annotated_game(&[], game.start(), game.moves(), &marks, &comments, "*");
        assert!(
            pdn.contains("1. 22-18 11-14? {mistake; better 12-15; +0.80} 2. 18x11 7x14?! *"),
            "{pdn}"
        );
        let read = read_games(&pdn);
        assert_eq!(read[0].replay().moves, game.moves());
    }

    #[test]
    fn writes_fen_for_other_starts_and_black_first() {
        let start = Position::from_fen("B:W21-32:B1-12").unwrap();
        let moves = [start.parse_move("10-14").unwrap()];
        let pdn = write_game(&[], &start, &moves, "*");
        assert!(pdn.contains("[FEN \"B:W21,"), "{pdn}");
        assert!(pdn.contains("1... 10-14"), "{pdn}");
        let replay = read_games(&pdn)[0].replay();
        assert!(replay.error.is_none());
        assert_eq!(replay.moves, moves);
    }

    #[test]
    fn reports_the_failing_ply() {
        let games = read_games("1. 22-18 11-14 2. 22-17 *");
        let replay = games[0].replay();
        assert_eq!(replay.error.as_ref().map(|e| e.0), Some(3));
    }
}
