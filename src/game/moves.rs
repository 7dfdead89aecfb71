//! Moves: typed or picked by a person, chosen by the engine, and stored with the end of the
//! game they bring.

use dama_engine::Level;
use dama_rules::{DrawReason, GameEnd, Move, NotationError, Outcome, Position};

use super::action::{Flow, Origin, refuse};
use super::board::mention;
use super::engine_name;
use super::loaded::Loaded;
use super::rating;
use super::{Actor, GameService, Reply, ServiceError};
use crate::i18n::Language;
use crate::store::{EndReason, Finish, FinishedGame, GameResult, Participant, StoreError};

impl GameService {
    /// `/move` or a pick from a board's menu: plays a move for the actor (a board that is out
    /// of date is refused), and the engine's reply when it plays the other side.
    pub(crate) fn play_move(&self, actor: &Actor, origin: Origin, text: &str) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game(actor, origin)?;
        let turn = loaded.turn();
        if colour != turn && loaded.record.participant(turn) != Participant::User(actor.user) {
            if let Participant::Engine(_) = loaded.record.participant(turn) {
                return refuse(THINKING);
            }
            return refuse(format!(
                "It is not your turn: {} ({}) is to move.",
                self.participant_name(loaded.record.guild, loaded.record.participant(turn)),
                turn.name()
            ));
        }
        let m = match loaded.position().parse_move(text) {
            Ok(m) => m,
            Err(error) => return refuse(illegal_move_text(loaded.position(), &error)),
        };
        let written = loaded.position().move_text(&m);
        let mover = self.participant_name(loaded.record.guild, loaded.record.participant(turn));
        let mut headline = format!("{mover} played **{written}**.");
        // Against the engine, the game is marked as searched from before the move is stored
        // until the reply is: resuming after a restart (or the sweep) leaves it alone.
        let _searching = match loaded.record.participant(!turn) {
            Participant::Engine(_) => match self.start_searching(loaded.record.id) {
                Some(mark) => Some(mark),
                None => return refuse(THINKING),
            },
            Participant::User(_) => None,
        };
        match self.commit_move(&mut loaded, m)? {
            Committed::Stale => return Err(self.too_late(loaded.record.id)),
            Committed::Ended(text) => {
                headline.push(' ');
                headline.push_str(&text);
                let mut reply = self.board_reply(&loaded, &headline, None);
                reply
                    .mentions
                    .extend(loaded.record.participant(!turn).user());
                return Ok(reply);
            }
            Committed::Continues => {}
        }
        if let Participant::Engine(level) = loaded.record.participant(loaded.turn()) {
            match self.engine_move(&mut loaded, level)? {
                Some(text) => {
                    headline.push(' ');
                    headline.push_str(&text);
                }
                None => return Err(self.too_late(loaded.record.id)),
            }
        }
        Ok(self.board_reply(&loaded, &headline, None))
    }

    /// Plays and stores the engine's move; the text says what it played (and how the game
    /// ended, if it did). `None` if someone else changed the game meanwhile.
    pub(crate) fn engine_move(
        &self,
        loaded: &mut Loaded,
        level: u8,
    ) -> Result<Option<String>, ServiceError> {
        let Some(level) = Level::new(level) else {
            return Ok(Some(format!("The engine level {level} does not exist.")));
        };
        let seed = self.random_u64();
        let think = self.settings.think_time;
        let game = loaded.game.clone();
        let chosen = self
            .engines
            .with_engine(|engine| dama_engine::choose_move(engine, &game, level, think, seed));
        let Some(m) = chosen else {
            return Ok(Some(String::new()));
        };
        let written = loaded.position().move_text(&m);
        let mut text = format!(
            "{} replied **{written}**.",
            engine_name(Language::En, level.number())
        );
        match self.commit_move(loaded, m)? {
            Committed::Stale => return Ok(None),
            Committed::Ended(end) => {
                text.push(' ');
                text.push_str(&end);
            }
            Committed::Continues => {}
        }
        Ok(Some(text))
    }

    /// Stores a legal move (and the end of the game, if the move ends it) and updates `loaded`.
    fn commit_move(&self, loaded: &mut Loaded, m: Move) -> Result<Committed, ServiceError> {
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
        let result = match outcome {
            None => self
                .store
                .record_move(loaded.record.id, ply, &m.long(), &fen, now)
                .map(|record| (record, None)),
            Some(outcome) => {
                let finish = Finish {
                    result: GameResult::from_winner(outcome.winner),
                    reason: end_reason(outcome),
                    ply: ply + 1,
                    at: now,
                    counting: rating::counting(&loaded.record),
                    rate: rating::glicko2,
                };
                self.store
                    .record_final_move(loaded.record.id, ply, &m.long(), &fen, finish)
                    .map(|finished| (finished.game.clone(), Some((outcome, finished))))
            }
        };
        match result {
            Ok((record, ended)) => {
                loaded.record = record;
                loaded.game = next;
                Ok(match ended {
                    None => Committed::Continues,
                    Some((outcome, finished)) => {
                        Committed::Ended(self.ending_text(&loaded.record, outcome, &finished))
                    }
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

    fn ending_text(
        &self,
        record: &crate::store::Game,
        outcome: Outcome,
        finished: &FinishedGame,
    ) -> String {
        let mut text = match outcome.winner {
            Some(winner) => {
                let name = mention(record.participant(winner));
                let reason = match outcome.end {
                    GameEnd::NoPieces => format!("{} has no pieces left", !winner),
                    _ => format!("{} cannot move", !winner),
                };
                format!("**{name} wins** ({winner}): {reason}.")
            }
            None => match outcome.end {
                GameEnd::Draw(DrawReason::Repetition) => "**Draw** by repetition.".to_owned(),
                _ => "**Draw** by the 40-move rule: 40 moves each without a capture or a man move."
                    .to_owned(),
            },
        };
        text.push_str(&self.rating_text(record.guild, finished));
        text
    }
}

enum Committed {
    Continues,
    Ended(String),
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
pub(crate) const THINKING: &str = "Dama is thinking about its move.";

/// The explanation of a move that cannot be played, with the legal moves.
fn illegal_move_text(position: &Position, error: &NotationError) -> String {
    let mut legal: Vec<String> = Vec::new();
    for m in &position.legal_moves() {
        let text = position.move_text(m);
        if !legal.contains(&text) {
            legal.push(text);
        }
    }
    let list = if legal.is_empty() {
        "none".to_owned()
    } else {
        legal.join(", ")
    };
    match error {
        NotationError::CaptureCompulsory { .. } => {
            format!(
                "{error}. A capture is compulsory, and the one that takes the most pieces comes first."
            )
        }
        NotationError::Ambiguous { .. } => format!("{error}."),
        _ => format!("{}. Legal moves: {list}.", capitalize(&error.to_string())),
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
