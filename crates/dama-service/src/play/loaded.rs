//! A stored game with its rules state, and finding the game an action is about.

use dama_rules::{Color, Move, Position};

use crate::action::{Flow, Origin, Stop, refuse};
use crate::board::result_word;
use crate::texts::command;
use crate::{Actor, GameService, Reply, ServiceError};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{GameId, GameStatus};

/// A stored game with its rules state rebuilt from the moves.
pub(crate) struct Loaded {
    pub record: dama_core::store::Game,
    pub game: dama_rules::Game,
}

impl Loaded {
    pub(crate) fn last_move(&self) -> Option<Move> {
        self.game.moves().last().copied()
    }

    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    pub(crate) fn turn(&self) -> Color {
        self.game.position().turn()
    }
}

impl GameService {
    /// Rebuilds the rules state of a stored game from its moves.
    pub(crate) fn load(&self, record: dama_core::store::Game) -> Result<Loaded, ServiceError> {
        let corrupt = |ply: u32, text: &str, reason: String| ServiceError::Corrupt {
            game: record.id,
            ply,
            text: text.to_owned(),
            reason,
        };
        let start = Position::from_fen(&record.start_fen)
            .map_err(|e| corrupt(0, &record.start_fen, e.to_string()))?;
        let mut game = dama_rules::Game::with_repetitions(start, self.settings.repetition_count);
        if record.ply > 0 {
            for stored in self.store.moves(record.id)? {
                game.play_text(&stored.move_long)
                    .map_err(|e| corrupt(stored.ply, &stored.move_long, e.to_string()))?;
            }
        }
        Ok(Loaded { record, game })
    }

    /// The game an action is about: the board's (it must be active), or the channel's; in a
    /// channel without a game of its own, the actor's game started here to be played in a
    /// thread: refused with a link to its thread, or, when its thread never opened, that game
    /// (see [`Self::game_in_threads_of`]).
    pub(crate) fn find_active(&self, actor: &Actor, origin: Origin) -> Flow<Loaded> {
        let language = actor.language;
        let record = match origin.game() {
            Some(id) => match self.store.game(id)? {
                Some(record) if record.status == GameStatus::Active => record,
                Some(record) => {
                    let mut reply = Reply::private(t!(
                        language,
                        GameOverRefusal,
                        result = result_word(record.result),
                        game = record.id.to_string(),
                    ));
                    reply.current_board = record.board_message;
                    return Err(Stop::refused(reply));
                }
                None => return refuse(t!(language, GameMissing)),
            },
            None => self.channel_game(actor)?,
        };
        Ok(self.load(record)?)
    }

    /// The game a typed command in the actor's channel is about (see [`Self::find_active`]).
    fn channel_game(&self, actor: &Actor) -> Flow<dama_core::store::Game> {
        if let Some(record) = self.store.active_game_in_channel(actor.channel)? {
            return Ok(record);
        }
        if let Some(record) = self.game_in_threads_of(actor)? {
            return Ok(record);
        }
        let language = actor.language;
        refuse(tr!(
            language,
            GameNoneHere,
            cmd_challenge = command("challenge"),
            cmd_play = command("play"),
        ))
    }

    /// The active game an action of one of its players is about (see [`Self::find_active`]),
    /// refused when the board it came from is out of date or the actor does not play in it;
    /// with the actor's colour.
    pub(crate) fn player_game(&self, actor: &Actor, origin: Origin) -> Flow<(Loaded, Color)> {
        let loaded = self.find_active(actor, origin)?;
        if let Some(ply) = origin.ply() {
            if ply != loaded.record.ply {
                let language = actor.language;
                let mut reply =
                    Reply::private(tr!(language, GameOutOfDate, cmd_board = command("board")));
                reply.current_board = loaded.record.board_message;
                return Err(Stop::refused(reply));
            }
        }
        let colour = player_colour(&loaded, actor)?;
        Ok((loaded, colour))
    }

    /// Like [`Self::player_game`], for answers that stand while the game moves on (to a draw
    /// offer, a claim on time): the ply of the board does not matter.
    pub(crate) fn player_game_at_any_ply(
        &self,
        actor: &Actor,
        origin: Origin,
    ) -> Flow<(Loaded, Color)> {
        let loaded = self.find_active(actor, origin)?;
        let colour = player_colour(&loaded, actor)?;
        Ok((loaded, colour))
    }

    /// The refusal, in `language`, of an action that came too late: the game changed between
    /// reading it and storing the action.
    pub(crate) fn too_late(&self, language: Language, game: GameId) -> Stop {
        let board = match self.store.game(game) {
            Ok(record) => record.and_then(|g| g.board_message),
            Err(error) => return error.into(),
        };
        let mut reply = Reply::private(tr!(language, GameTooLate, cmd_board = command("board")));
        reply.current_board = board;
        Stop::refused(reply)
    }
}

/// The colour the actor plays in a game; refused when they do not play in it.
pub(crate) fn player_colour(loaded: &Loaded, actor: &Actor) -> Flow<Color> {
    match loaded.record.colour_of(actor.user) {
        Some(colour) => Ok(colour),
        None => refuse(t!(actor.language, GameNotPlaying)),
    }
}
