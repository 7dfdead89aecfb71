//! Takebacks: against the engine at once (the player's last move and the engine's reply, a
//! few times a game), against a member on their answer to a request.

use dama_core::text::Part;
use dama_rules::{Color, Position};

use crate::action::{Flow, Origin, Stop, refuse};
use crate::board::mention;
use crate::engine_name;
use crate::loaded::Loaded;
use crate::reply::{ButtonStyle, ComponentAction, GameButton, button};
use crate::texts::command;
use crate::{Actor, GameService, Reply};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{GameId, Participant, StoreError, TakebackRequest};

impl GameService {
    /// `/takeback` and the Takeback button: against the engine, takes back the player's last
    /// move and the engine's reply; against a member, asks them (or withdraws one's own
    /// request).
    pub(crate) fn takeback(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (loaded, colour) = self.player_game(actor, origin)?;
        self.takeback_loaded(actor, loaded, colour)
    }

    /// One control for asking and answering (the Activity's board): the opponent's request,
    /// when one stands, is accepted; else as [`Self::takeback`].
    pub(crate) fn takeback_or_accept(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (loaded, colour) = self.player_game(actor, origin)?;
        let theirs = loaded
            .record
            .takeback_request
            .is_some_and(|request| request.by != colour);
        if theirs {
            return self.answer_loaded_takeback(actor, origin, loaded, colour, true);
        }
        self.takeback_loaded(actor, loaded, colour)
    }

    /// [`Self::takeback`] in the loaded game the actor plays as `colour`.
    fn takeback_loaded(&self, actor: &Actor, loaded: Loaded, colour: Color) -> Flow<Reply> {
        match loaded.record.participant(!colour) {
            Participant::Engine(level) => self.take_back_from_engine(actor, loaded, colour, level),
            Participant::User(_) => self.ask_takeback(actor, loaded, colour),
        }
    }

    /// The opponent's answer to a takeback request (the requester's Decline withdraws it).
    pub(crate) fn answer_takeback(
        &self,
        actor: &Actor,
        origin: Origin,
        accept: bool,
    ) -> Flow<Reply> {
        let (loaded, colour) = self.player_game_at_any_ply(actor, origin)?;
        self.answer_loaded_takeback(actor, origin, loaded, colour, accept)
    }

    /// [`Self::answer_takeback`] in the loaded game the actor plays as `colour`.
    fn answer_loaded_takeback(
        &self,
        actor: &Actor,
        origin: Origin,
        mut loaded: Loaded,
        colour: Color,
        accept: bool,
    ) -> Flow<Reply> {
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        let record = &loaded.record;
        // A request stands only at the ply it was made at, and only from its own message (a
        // button that names a request answers that one only).
        let request = record.takeback_request.filter(|request| {
            request.at_ply == record.ply
                && origin.ply().is_none_or(|ply| ply == request.at_ply)
                && origin
                    .answers()
                    .is_none_or(|number| number == request.number)
        });
        let Some(request) = request else {
            let mut reply =
                Reply::private(tr!(private, TakebackStale, cmd_board = command("board")));
            reply.current_board = record.board_message;
            return Err(Stop::refused(reply));
        };
        if request.by == colour {
            if accept {
                return refuse(tr!(
                    private,
                    TakebackOwnRequest,
                    opponent =
                        self.participant_name(private, record.guild, record.participant(!colour)),
                    cmd_takeback = command("takeback"),
                ));
            }
            return self.withdraw_takeback(actor, &loaded, request);
        }
        let requester = record.participant(request.by);
        if !accept {
            self.cleared_request(private, record.id, request)?;
            let mut reply = Reply::public(tr!(
                public,
                TakebackDeclined,
                player = Part::Name(actor.name.clone()),
                requester = mention(public, requester),
            ));
            reply.mentions.extend(requester.user());
            return Ok(reply);
        }
        let plies = request_plies(&loaded, request.by);
        let moves = taken_back_text(&loaded, plies);
        self.take_back_loaded(private, &mut loaded, plies, Answer::Request(request))?;
        let headline = tr!(
            public,
            TakebackAccepted,
            player = Part::Name(actor.name.clone()),
            requester = mention(public, requester),
            moves = moves,
        );
        let mut reply = self.board_reply(public, &loaded, &headline, None);
        reply.mentions.extend(requester.user());
        Ok(reply)
    }

    /// Against the engine: the player to move takes back their last move and the engine's
    /// reply, while takebacks are left.
    fn take_back_from_engine(
        &self,
        actor: &Actor,
        mut loaded: Loaded,
        colour: Color,
        level: u8,
    ) -> Flow<Reply> {
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        if loaded.turn() != colour {
            // The engine's reply is being searched (or resumes soon): it is part of what
            // goes back.
            return refuse(t!(
                private,
                TakebackEngineWait,
                engine = engine_name(private, level)
            ));
        }
        let allowed = self.settings.engine_takebacks;
        let used = loaded.record.takebacks;
        if used >= allowed {
            return refuse(t!(private, TakebackEngineNoneLeft, allowed = allowed));
        }
        // The engine's opening move stays: only a move of the player and its reply go back.
        if loaded.record.ply < first_ply_of(loaded.game.start(), colour) + 2 {
            return refuse(t!(private, TakebackNothing));
        }
        let moves = taken_back_text(&loaded, 2);
        self.take_back_loaded(private, &mut loaded, 2, Answer::Engine(colour))?;
        let headline = tr!(
            public,
            TakebackEngineDone,
            player = Part::Name(actor.name.clone()),
            moves = moves,
            left = allowed - used - 1,
        );
        Ok(self.board_reply(public, &loaded, &headline, None))
    }

    /// Against a member: a request the opponent answers with the buttons of its message;
    /// one's own open request is withdrawn.
    fn ask_takeback(&self, actor: &Actor, mut loaded: Loaded, colour: Color) -> Flow<Reply> {
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        let record = &loaded.record;
        let opponent = record.participant(!colour);
        if let Some(request) = record.takeback_request.filter(|r| r.at_ply == record.ply) {
            if request.by == colour {
                return self.withdraw_takeback(actor, &loaded, request);
            }
            return refuse(tr!(
                private,
                TakebackOpponentAsked,
                opponent = self.participant_name(private, record.guild, opponent),
            ));
        }
        let plies = request_plies(&loaded, colour);
        if record.ply < first_ply_of(loaded.game.start(), colour) + plies {
            return refuse(t!(private, TakebackNothing));
        }
        let moves = taken_back_text(&loaded, plies);
        loaded.record = match self.store.request_takeback(record.id, colour, record.ply) {
            Ok(record) => record,
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                return Err(self.too_late(private, loaded.record.id));
            }
            Err(other) => return Err(other.into()),
        };
        let record = &loaded.record;
        let number = record.takeback_request.map(|request| request.number);
        let mut reply = Reply::public(tr!(
            public,
            TakebackRequested,
            player = Part::Name(actor.name.clone()),
            opponent = mention(public, opponent),
            moves = moves,
        ));
        reply.components = vec![vec![
            button(
                ComponentAction::Game(
                    record.id,
                    record.ply,
                    GameButton::TakebackAccept { request: number },
                ),
                &t!(public, TakebackButtonAccept),
                ButtonStyle::Success,
            ),
            button(
                ComponentAction::Game(
                    record.id,
                    record.ply,
                    GameButton::TakebackDecline { request: number },
                ),
                &t!(public, TakebackButtonDecline),
                ButtonStyle::Secondary,
            ),
        ]];
        reply.mentions.extend(opponent.user());
        Ok(reply)
    }

    /// The requester takes their open request back; the opponent had it to answer.
    fn withdraw_takeback(
        &self,
        actor: &Actor,
        loaded: &Loaded,
        request: TakebackRequest,
    ) -> Flow<Reply> {
        self.cleared_request(actor.language, loaded.record.id, request)?;
        let public = self.game_language(&loaded.record);
        let mut reply = Reply::public(tr!(
            public,
            TakebackWithdrawn,
            player = Part::Name(actor.name.clone())
        ));
        reply
            .mentions
            .extend(loaded.record.participant(!request.by).user());
        Ok(reply)
    }

    /// Clears the open request `request` of a game, while it stands (a finished game, or a
    /// request answered or withdrawn meanwhile, is "too late").
    fn cleared_request(
        &self,
        language: Language,
        game: GameId,
        request: TakebackRequest,
    ) -> Flow<()> {
        match self.store.clear_takeback_request(game, request) {
            Ok(_) => Ok(()),
            Err(StoreError::GameNotActive { .. } | StoreError::NotStanding { .. }) => {
                Err(self.too_late(language, game))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// Takes back the last `plies` moves of the loaded game (on the answer to a request, only
    /// while exactly that request stands) and reloads it; a game that changed meanwhile is
    /// "too late".
    fn take_back_loaded(
        &self,
        language: Language,
        loaded: &mut Loaded,
        plies: u32,
        answer: Answer,
    ) -> Flow<()> {
        let id = loaded.record.id;
        let at = self.now();
        let taken = match answer {
            Answer::Engine(by) => self.store.take_back(id, loaded.record.ply, plies, by, at),
            Answer::Request(request) => self.store.accept_takeback(id, request, plies, at),
        };
        let record = match taken {
            Ok(record) => record,
            Err(
                StoreError::StalePly { .. }
                | StoreError::GameNotActive { .. }
                | StoreError::NotStanding { .. },
            ) => {
                return Err(self.too_late(language, id));
            }
            Err(other) => return Err(other.into()),
        };
        *loaded = self.load(record)?;
        Ok(())
    }
}

/// What a takeback answers: the player's own against the engine, or a request accepted.
#[derive(Clone, Copy)]
enum Answer {
    Engine(Color),
    Request(TakebackRequest),
}

/// The plies a request by `by` takes back: the requester's last move, and the opponent's reply
/// too when the requester is to move again.
fn request_plies(loaded: &Loaded, by: Color) -> u32 {
    if loaded.turn() == by { 2 } else { 1 }
}

/// The ply of `colour`'s first move in a game from `start`.
pub(crate) fn first_ply_of(start: &Position, colour: Color) -> u32 {
    u32::from(start.turn() != colour)
}

/// The last `plies` moves of a game as written (`22-18 11-15`).
fn taken_back_text(loaded: &Loaded, plies: u32) -> String {
    let moves = loaded.game.moves();
    let keep = moves.len().saturating_sub(plies as usize);
    let mut position = *loaded.game.start();
    for m in &moves[..keep] {
        position.play_unchecked(m);
    }
    let mut words = Vec::new();
    for m in &moves[keep..] {
        words.push(position.move_text(m));
        position.play_unchecked(m);
    }
    words.join(" ")
}
