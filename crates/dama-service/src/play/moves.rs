//! Moves: typed or picked by a person, chosen by the engine, and stored with the end of the
//! game they bring.

use dama_core::text::RichText;
use dama_engine::Level;
use dama_rules::{DrawReason, GameEnd, Move, NotationError, Outcome, Position, Square};

use crate::action::{Flow, Origin, refuse};
use crate::board::mention;
use crate::engine_name;
use crate::engine_pool::Request;
use crate::limits::queued_text;
use crate::loaded::Loaded;
use crate::notify::live_time;
use crate::rating;
use crate::{Actor, GameService, Reply, ServiceError};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    EndReason, Finish, FinishedGame, GameResult, GameStatus, OutboxEvent, Participant, PlayedMove,
    StoreError, UserId,
};

impl GameService {
    /// `/move` or a pick from a board's menu: plays a move for the actor (a board that is out
    /// of date is refused), and the engine's reply when it plays the other side; while that
    /// reply waits for the engine, `progress` hears its place in the engine's line. Refused,
    /// with nothing stored, when the engine's line is full.
    pub(crate) fn play_move(
        &self,
        actor: &Actor,
        origin: Origin,
        text: &str,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game(actor, origin)?;
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        let turn = loaded.turn();
        if colour != turn && loaded.record.participant(turn) != Participant::User(actor.user) {
            if let Participant::Engine(_) = loaded.record.participant(turn) {
                return refuse(thinking(private));
            }
            return refuse(tr!(
                private,
                GameNotYourTurn,
                player = self.participant_name(
                    private,
                    loaded.record.guild,
                    loaded.record.participant(turn)
                ),
                color = turn.name(),
            ));
        }
        // On a live clock, a move after the mover's flag fell loses on time instead.
        if self.flag_fallen(&loaded.record) {
            return self.refuse_flagged_move(private, &loaded.record);
        }
        let m = match loaded.position().parse_move(text) {
            Ok(m) => m,
            Err(error) => {
                return refuse(illegal_move_text(private, loaded.position(), text, &error));
            }
        };
        let written = loaded.position().move_text(&m);
        let mover =
            self.participant_name(public, loaded.record.guild, loaded.record.participant(turn));
        // Against the engine, the game is marked as searched from before the move is stored
        // until the reply is: resuming after a restart (or the sweep) leaves it alone.
        let _searching = match loaded.record.participant(!turn) {
            Participant::Engine(_) => match self.start_searching(loaded.record.id) {
                Some(mark) => {
                    self.engine_admits(private, Some(actor.user))?;
                    Some(mark)
                }
                None => return refuse(thinking(private)),
            },
            Participant::User(_) => None,
        };
        let mut headline =
            tr!(public, GameMovePlayed, player = mover.clone(), move = written.clone());
        match self.commit_move(public, &mut loaded, m, MoveNotice::By(actor.user))? {
            Committed::Stale => return Err(self.too_late(private, loaded.record.id)),
            Committed::Ended(text) => {
                headline.push_str(" ");
                headline.append(text);
                let mut reply = self.board_reply(public, &loaded, &headline, None);
                reply
                    .mentions
                    .extend(loaded.record.participant(!turn).user());
                self.announce_move(&mut reply, &loaded.record, actor.user);
                return Ok(reply);
            }
            Committed::Continues => {}
        }
        let mut reply = if let Participant::Engine(level) = loaded.record.participant(loaded.turn())
        {
            let queued = |place| progress(queued_text(public, place));
            let request = Request {
                who: Some(actor.user),
                queued: &queued,
            };
            let notice = MoveNotice::By(actor.user);
            let Some(text) = self.engine_move_as(public, &mut loaded, level, &request, notice)?
            else {
                return Err(self.too_late(private, loaded.record.id));
            };
            headline.push_str(" ");
            headline.append(text);
            self.board_reply(public, &loaded, &headline, None)
        } else {
            // A person is to move: the headline tells them, with the live clock.
            let headline = tr!(
                public,
                NotifyMoveTurn,
                player = mover.clone(),
                move = written.clone(),
                deadline = live_time(loaded.record.deadline()),
            );
            let mut reply = self.board_reply(public, &loaded, &headline, None);
            // Their word that it is their move, from the outbox.
            self.announce_move(&mut reply, &loaded.record, actor.user);
            reply
        };
        if loaded.record.status != GameStatus::Active {
            // The engine's reply ended the game.
            self.announce_move(&mut reply, &loaded.record, actor.user);
        }
        Ok(reply)
    }

    /// Plays and stores the engine's move, waiting in the engine's line as `request`; the text
    /// says in `language` what it played (and how the game ended, if it did), or that the
    /// engine will reply later when its line is full (the sweep plays the move then). `None`
    /// if someone else changed the game meanwhile.
    pub(crate) fn engine_move(
        &self,
        language: Language,
        loaded: &mut Loaded,
        level: u8,
        request: &Request<'_>,
    ) -> Result<Option<RichText>, ServiceError> {
        self.engine_move_as(language, loaded, level, request, MoveNotice::None)
    }

    /// [`Self::engine_move`], the move stored with the notice `notice` says it brings (see
    /// [`dama_core::store::Store::record_noticed_move`]).
    pub(crate) fn engine_move_as(
        &self,
        language: Language,
        loaded: &mut Loaded,
        level: u8,
        request: &Request<'_>,
        notice: MoveNotice,
    ) -> Result<Option<RichText>, ServiceError> {
        let Some(level) = Level::new(level) else {
            return Ok(Some(t!(language, GameEngineNoLevel, level = level).into()));
        };
        let seed = self.random_u64();
        let think = self.settings.think_time;
        let game = loaded.game.clone();
        // On a live clock the engine plans its time from both clocks; else its think time.
        let clock = crate::live::engine_clock(&loaded.record, self.now());
        let choose = |engine: &mut dama_engine::Engine| match &clock {
            Some(clock) => dama_engine::choose_move_on_clock(engine, &game, level, clock, seed),
            None => dama_engine::choose_move(engine, &game, level, think, seed),
        };
        // The top level thinks for its time on the idle cores; the others are quick and alike.
        let chosen = if level.style() == dama_engine::Style::Timed {
            self.engines.with_engine_on_idle_cores(request, choose)
        } else {
            self.engines.with_engine(request, choose)
        };
        let Ok(chosen) = chosen else {
            return Ok(Some(t!(language, LimitEngineLater).into()));
        };
        let Some(m) = chosen else {
            return Ok(Some(String::new().into()));
        };
        let written = loaded.position().move_text(&m);
        let engine = engine_name(language, level.number());
        let end = match self.commit_move(language, loaded, m, notice)? {
            Committed::Stale => return Ok(None),
            Committed::Ended(end) => Some(end),
            Committed::Continues => None,
        };
        Ok(Some(engine_move_text(
            language,
            &engine,
            &written,
            &loaded.record,
            end,
        )))
    }

    /// Stores a legal move (and the end of the game, if the move ends it, told in `language`)
    /// and updates `loaded`, with the notice in the outbox that `notice` says it brings.
    fn commit_move(
        &self,
        language: Language,
        loaded: &mut Loaded,
        m: Move,
        notice: MoveNotice,
    ) -> Result<Committed, ServiceError> {
        let mut next = loaded.game.clone();
        let outcome = match next.play(&m) {
            Ok(outcome) => outcome,
            Err(error) => {
                return Err(ServiceError::Corrupt {
                    game: loaded.record.id,
                    ply: loaded.record.ply,
                    text: m.long(),
                    reason: error.to_string(),
                });
            }
        };
        let now = self.now();
        let fen = next.position().to_fen();
        let ply = loaded.record.ply;
        let game = loaded.record.id;
        let event = match notice {
            MoveNotice::Swept => Some(OutboxEvent::EngineMove { game, ply: ply + 1 }),
            // A move that ends the game, or that a person other than its author is to answer.
            MoveNotice::By(by)
                if outcome.is_some()
                    || loaded
                        .record
                        .participant(!loaded.turn())
                        .user()
                        .is_some_and(|user| user != by) =>
            {
                Some(OutboxEvent::Move {
                    game,
                    ply: ply + 1,
                    by,
                })
            }
            MoveNotice::By(_) | MoveNotice::None => None,
        };
        let result = match (outcome, event) {
            (_, Some(event)) => {
                let finish = outcome.map(|outcome| Self::move_finish(loaded, outcome, now));
                let long = m.long();
                let played = PlayedMove {
                    ply,
                    long: &long,
                    fen_after: &fen,
                    at: now,
                };
                self.store
                    .record_noticed_move(game, played, finish, &event)
                    .map(|finished| match outcome {
                        Some(outcome) => (finished.game.clone(), Some((outcome, finished))),
                        None => (finished.game, None),
                    })
            }
            (None, None) => self
                .store
                .record_move(loaded.record.id, ply, &m.long(), &fen, now)
                .map(|record| (record, None)),
            (Some(outcome), None) => {
                let finish = Self::move_finish(loaded, outcome, now);
                self.store
                    .record_final_move(loaded.record.id, ply, &m.long(), &fen, finish)
                    .map(|finished| (finished.game.clone(), Some((outcome, finished))))
            }
        };
        match result {
            Ok((record, ended)) => {
                dama_core::metrics::move_stored();
                // Committed: the pages following the game see it now, before any reply.
                self.changes.publish(record.id);
                loaded.record = record;
                loaded.game = next;
                Ok(match ended {
                    None => Committed::Continues,
                    Some((outcome, finished)) => Committed::Ended(self.ending_text(
                        language,
                        &loaded.record,
                        outcome,
                        &finished,
                    )),
                })
            }
            Err(
                StoreError::AlreadyPlayed { .. }
                | StoreError::StalePly { .. }
                | StoreError::GameNotActive { .. },
            ) => Ok(Committed::Stale),
            Err(other) => Err(other.into()),
        }
    }

    /// The finish a move that ends the loaded game brings.
    fn move_finish(loaded: &Loaded, outcome: Outcome, now: dama_core::store::Millis) -> Finish {
        Finish {
            result: GameResult::from_winner(outcome.winner),
            reason: end_reason(outcome),
            ply: loaded.record.ply + 1,
            at: now,
            counting: rating::counting(&loaded.record),
            rate: rating::glicko2,
        }
    }

    pub(crate) fn ending_text(
        &self,
        language: Language,
        record: &dama_core::store::Game,
        outcome: Outcome,
        finished: &FinishedGame,
    ) -> RichText {
        let mut text = match outcome.winner {
            Some(winner) => {
                let player = mention(language, record.participant(winner));
                let color = winner.name();
                match outcome.end {
                    GameEnd::NoPieces => {
                        tr!(language, GameWonNoPieces, player = player, color = color)
                    }
                    GameEnd::NoMoves | GameEnd::Draw(_) => {
                        tr!(language, GameWonNoMoves, player = player, color = color)
                    }
                }
            }
            None => match outcome.end {
                GameEnd::Draw(DrawReason::Repetition) => t!(language, GameDrawRepetition),
                GameEnd::Draw(DrawReason::FortyMoveRule) | GameEnd::NoPieces | GameEnd::NoMoves => {
                    t!(
                        language,
                        GameDrawFortyMoves,
                        quiet_moves = dama_rules::FORTY_MOVE_PLIES / 2
                    )
                }
            }
            .into(),
        };
        text.append(self.rating_text(language, record.guild, finished));
        text
    }
}

/// What the engine played (`written`) in `record`, in `language`: with `end`, how the game
/// ended; else the person to move is told, with the live clock.
pub(crate) fn engine_move_text(
    language: Language,
    engine: &str,
    written: &str,
    record: &dama_core::store::Game,
    end: Option<RichText>,
) -> RichText {
    let written = written.to_owned();
    if let Some(end) = end {
        let mut text =
            RichText::from(t!(language, GameEngineReplied, engine = engine, move = written));
        text.push_str(" ");
        text.append(end);
        text
    } else {
        tr!(
            language,
            NotifyEngineTurn,
            engine = engine,
            move = written,
            deadline = live_time(record.deadline()),
        )
    }
}

/// The notice a move brings, stored in the outbox with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveNotice {
    /// None besides the answer that shows it.
    None,
    /// The engine's move the sweep played: its board and what it brings.
    Swept,
    /// A move played for this person (theirs, or the engine's reply to it): what it brings
    /// besides their answer, if anything.
    By(UserId),
}

enum Committed {
    Continues,
    Ended(RichText),
    Stale,
}

pub(crate) fn end_reason(outcome: Outcome) -> EndReason {
    match outcome.end {
        GameEnd::NoPieces | GameEnd::NoMoves => EndReason::NoMoves,
        GameEnd::Draw(DrawReason::Repetition) => EndReason::Repetition,
        GameEnd::Draw(DrawReason::FortyMoveRule) => EndReason::FortyMove,
    }
}

/// The answer to an action on a game whose engine move is being searched.
pub(crate) fn thinking(language: Language) -> String {
    t!(language, GameThinking)
}

/// The explanation of a move that cannot be played (`typed`, read as `error` says), with
/// the legal moves.
pub(crate) fn illegal_move_text(
    language: Language,
    position: &Position,
    typed: &str,
    error: &NotationError,
) -> String {
    let mut legal: Vec<String> = Vec::new();
    for m in &position.legal_moves() {
        let text = position.move_text(m);
        if !legal.contains(&text) {
            legal.push(text);
        }
    }
    let legal = if legal.is_empty() {
        t!(language, GameLegalNone)
    } else {
        legal.join(", ")
    };
    match error {
        NotationError::Syntax(_) => match syntax_problem(typed) {
            SyntaxProblem::Empty => t!(language, GameIllegalEmpty, legal = legal),
            SyntaxProblem::LightSquare(square) => {
                t!(
                    language,
                    GameIllegalLightSquare,
                    square = square,
                    legal = legal
                )
            }
            SyntaxProblem::NotASquare(text) => {
                t!(language, GameIllegalNotASquare, text = text, legal = legal)
            }
            SyntaxProblem::TooManySquares => {
                t!(language, GameIllegalTooManySquares, legal = legal)
            }
            SyntaxProblem::OneSquare => t!(
                language,
                GameIllegalOneSquare,
                text = typed.trim().to_owned(),
                legal = legal
            ),
        },
        NotationError::NoPiece(square) => t!(
            language,
            GameIllegalNoPiece,
            square = square.to_string(),
            legal = legal
        ),
        NotationError::NotYourPiece { square, turn } => t!(
            language,
            GameIllegalNotYourPiece,
            square = square.to_string(),
            color = turn.name(),
            legal = legal,
        ),
        NotationError::CaptureCompulsory {
            attempted,
            captures,
        } => t!(
            language,
            GameIllegalCaptureCompulsory,
            attempted = attempted.clone(),
            captures = captures.join(", "),
        ),
        NotationError::Illegal { attempted } => t!(
            language,
            GameIllegalMove,
            attempted = attempted.clone(),
            legal = legal
        ),
        NotationError::Ambiguous {
            attempted,
            candidates,
        } => t!(
            language,
            GameIllegalAmbiguous,
            attempted = attempted.clone(),
            candidates = either(language, candidates),
        ),
    }
}

/// Choices as one phrase: `22x13x6 or 22x15x6` (in Italian `… o …`).
fn either(language: Language, choices: &[String]) -> String {
    match choices.split_last() {
        None => String::new(),
        Some((last, rest)) => rest.iter().rev().fold(last.clone(), |tail, first| {
            t!(language, GameListOr, first = first.clone(), rest = tail)
        }),
    }
}

/// What is wrong with a move's text that does not read as a move (the cases of
/// [`NotationError::Syntax`], found again from the text as `MoveText::parse` reads it).
#[derive(Debug, PartialEq, Eq)]
enum SyntaxProblem {
    Empty,
    /// A light square in algebraic notation (`c3`).
    LightSquare(String),
    /// A word that is no square at all.
    NotASquare(String),
    TooManySquares,
    /// Fewer than two squares.
    OneSquare,
}

fn syntax_problem(typed: &str) -> SyntaxProblem {
    let lower = typed.trim().to_ascii_lowercase();
    if lower.is_empty() {
        return SyntaxProblem::Empty;
    }
    let mut squares = 0;
    for token in lower.split(|c: char| matches!(c, '-' | 'x' | ':' | ',') || c.is_whitespace()) {
        if token.is_empty() {
            continue;
        }
        if token.parse::<Square>().is_err() {
            let light = token.len() == 2
                && Square::from_algebraic(token).is_none()
                && token.as_bytes()[0].is_ascii_alphabetic();
            return if light {
                SyntaxProblem::LightSquare(token.to_owned())
            } else {
                SyntaxProblem::NotASquare(token.to_owned())
            };
        }
        squares += 1;
    }
    if squares < 2 {
        SyntaxProblem::OneSquare
    } else {
        SyntaxProblem::TooManySquares
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_syntax_error_of_the_rules_has_its_own_message() {
        let start = Position::initial();
        let cases = [
            ("  ", SyntaxProblem::Empty),
            ("c3-d4", SyntaxProblem::LightSquare("c3".into())),
            ("banana", SyntaxProblem::NotASquare("banana".into())),
            ("22-33", SyntaxProblem::NotASquare("33".into())),
            ("22", SyntaxProblem::OneSquare),
            (
                "1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x16x17x18x19x20",
                SyntaxProblem::TooManySquares,
            ),
        ];
        for (typed, problem) in cases {
            assert!(
                matches!(start.parse_move(typed), Err(NotationError::Syntax(_))),
                "{typed}: the rules read it as a move"
            );
            assert_eq!(syntax_problem(typed), problem, "{typed}");
        }
    }

    #[test]
    fn illegal_moves_read_in_every_language() {
        dama_core::i18n::set_strict(true);
        let start = Position::initial();
        let explain = |language, typed: &str| {
            let error = start.parse_move(typed).unwrap_err();
            illegal_move_text(language, &start, typed, &error)
        };
        let english = explain(Language::En, "22-17");
        assert!(
            english.starts_with("22-17 is not a legal move here. Legal moves: ")
                && english.contains("22-18"),
            "{english}"
        );
        assert!(explain(Language::It, "17-13").contains("Sulla casa 17 non c'è nessun pezzo"));
        assert!(explain(Language::Es, "9-13").contains("no es de las blancas"));
        assert!(explain(Language::It, "c3-d4").contains("`c3` è una casa chiara"));
        assert!(explain(Language::Es, "22").contains("hacen falta una casilla de salida"));
        let capture = Position::from_fen("W:W22:B18").unwrap();
        let error = capture.parse_move("22-17").unwrap_err();
        let italian = illegal_move_text(Language::It, &capture, "22-17", &error);
        assert!(
            italian.contains("la presa è obbligatoria (22x13)"),
            "{italian}"
        );
        assert_eq!(
            either(Language::En, &["a".into(), "b".into(), "c".into()]),
            "a or b or c"
        );
        assert_eq!(either(Language::Es, &["a".into(), "b".into()]), "a o b");
    }
}
