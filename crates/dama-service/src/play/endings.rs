//! How games end before the rules end them: resigning, draws by agreement (with the
//! engine's answer to an offer), claims on time, and aborts by moderators.

use dama_core::i18n::human_duration;
use dama_core::text::{Part, RichText};
use dama_rules::Color;

use crate::action::{Flow, Origin, Stop, refuse};
use crate::board::{mention, players};
use crate::engine_name;
use crate::engine_pool::Request;
use crate::limits::engine_busy_text;
use crate::loaded::{Loaded, player_colour};
use crate::moves::thinking;
use crate::rating;
use crate::reply::{ButtonStyle, ComponentAction, GameButton, button};
use crate::texts::command;
use crate::{Actor, Cooldown, DRAW_REOFFER_PLIES, GameService, Reply};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    DrawOffer, EndReason, Finish, FinishedGame, GameEnding, GameResult, OutboxEvent, Participant,
    StoreError, UserId,
};

impl GameService {
    /// ` Ratings: alice 1500 → 1516, bob 1500 → 1484.` for a rated game (with its leading
    /// space, to follow a sentence), in `language`; empty for an unrated one.
    pub(crate) fn rating_text(
        &self,
        language: Language,
        guild: u64,
        finished: &FinishedGame,
    ) -> RichText {
        let Some(changes) = finished.ratings else {
            return RichText::new();
        };
        let name = |change: &dama_core::store::RatingChange| {
            self.participant_name(language, guild, Participant::User(change.user))
        };
        let rating = |value: f64| format!("{value:.0}");
        let ratings = tr!(
            language,
            GameRatings,
            white = name(&changes.white),
            white_before = rating(changes.white.before.rating),
            white_after = rating(changes.white.after.rating),
            black = name(&changes.black),
            black_before = rating(changes.black.before.rating),
            black_after = rating(changes.black.after.rating),
        );
        let mut text = RichText::from(" ");
        text.append(ratings);
        text
    }

    /// Ends the loaded game at the ply it was read at, and counts it (ratings, records), with
    /// what the end brings in the outbox (`by` ended it); a game that changed in the meantime
    /// stops the flow with the "too late" refusal.
    fn finish_loaded(
        &self,
        language: Language,
        loaded: &mut Loaded,
        result: GameResult,
        reason: EndReason,
        by: UserId,
    ) -> Flow<FinishedGame> {
        let finish = self.finish_of(loaded, result, reason);
        self.end_loaded(language, loaded, GameEnding::Finish(finish), by)
    }

    /// Accepts the loaded game's draw offer `offer`: a draw by agreement, only while exactly
    /// that offer stands (else the "too late" refusal: it was withdrawn or answered meanwhile).
    fn accept_offer(
        &self,
        language: Language,
        loaded: &mut Loaded,
        offer: DrawOffer,
        by: UserId,
    ) -> Flow<FinishedGame> {
        let finish = self.finish_of(loaded, GameResult::Draw, EndReason::Agreement);
        self.end_loaded(language, loaded, GameEnding::AcceptDraw(offer, finish), by)
    }

    /// Ends the loaded game as `ending` says, with what the end brings in the outbox (see
    /// [`GameService::announce_ending`]).
    fn end_loaded(
        &self,
        language: Language,
        loaded: &mut Loaded,
        ending: GameEnding,
        by: UserId,
    ) -> Flow<FinishedGame> {
        let game = loaded.record.id;
        let notice = OutboxEvent::Ended { game, by };
        let finished = self.store.end_game_noticed(game, ending, &notice);
        self.settle_finish(language, loaded, finished)
    }

    /// The finish of the loaded game at the ply it was read at, now.
    fn finish_of(&self, loaded: &Loaded, result: GameResult, reason: EndReason) -> Finish {
        Finish {
            result,
            reason,
            ply: loaded.record.ply,
            at: self.now(),
            counting: rating::counting(&loaded.record),
            rate: rating::glicko2,
        }
    }

    /// The loaded game as the store finished it; a game that changed in the meantime is the
    /// "too late" refusal.
    fn settle_finish(
        &self,
        language: Language,
        loaded: &mut Loaded,
        finished: Result<FinishedGame, StoreError>,
    ) -> Flow<FinishedGame> {
        match finished {
            Ok(finished) => {
                loaded.record = finished.game.clone();
                Ok(finished)
            }
            Err(
                StoreError::StalePly { .. }
                | StoreError::GameNotActive { .. }
                | StoreError::NotStanding { .. },
            ) => Err(self.too_late(language, loaded.record.id)),
            Err(other) => Err(other.into()),
        }
    }

    /// Withdraws or declines the loaded game's draw offer `offer`, while it stands (else the
    /// "too late" refusal).
    fn clear_offer(&self, language: Language, loaded: &mut Loaded, offer: DrawOffer) -> Flow<()> {
        match self.store.clear_draw_offer(loaded.record.id, offer) {
            Ok(record) => {
                loaded.record = record;
                Ok(())
            }
            Err(StoreError::GameNotActive { .. } | StoreError::NotStanding { .. }) => {
                Err(self.too_late(language, loaded.record.id))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// The Resign button: asks to confirm, with a button that resigns from the same board.
    pub(crate) fn confirm_resign(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let loaded = self.find_active(actor, origin)?;
        player_colour(&loaded, actor)?;
        let ply = origin.ply().unwrap_or(loaded.record.ply);
        let mut reply = Reply::private(t!(actor.language, GameResignConfirm));
        reply.components = vec![vec![button(
            ComponentAction::Game(loaded.record.id, ply, GameButton::ResignConfirm),
            &t!(actor.language, GameButtonResignConfirm),
            ButtonStyle::Danger,
        )]];
        Ok(reply)
    }

    /// `/resign`, or its confirmation.
    pub(crate) fn resign(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game(actor, origin)?;
        let public = self.game_language(&loaded.record);
        let winner = !colour;
        let finished = self.finish_loaded(
            actor.language,
            &mut loaded,
            GameResult::from_winner(Some(winner)),
            EndReason::Resign,
            actor.user,
        )?;
        let mut headline = tr!(
            public,
            GameResigned,
            player = Part::Name(actor.name.clone()),
            winner = mention(public, loaded.record.participant(winner)),
            color = winner.name(),
        );
        headline.append(self.rating_text(public, loaded.record.guild, &finished));
        let mut reply = self.board_reply(public, &loaded, &headline, None);
        reply
            .mentions
            .extend(loaded.record.participant(winner).user());
        self.announce_ending(&mut reply, &loaded.record, actor.user);
        Ok(reply)
    }

    /// `/draw offer` (or accepting an open offer by the other side).
    pub(crate) fn offer_draw(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game(actor, origin)?;
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        let record = &loaded.record;
        if let Some(offer) = record.draw_offer {
            if offer.by == colour {
                return refuse(t!(private, GameDrawAlreadyOffered));
            }
            let game = Origin::Board {
                game: record.id,
                ply: record.ply,
                answers: Some(offer.number),
            };
            return self.answer_draw(actor, game, true);
        }
        if let Some(last) = *record.last_draw_offer_ply.get(colour) {
            if record.ply < last + DRAW_REOFFER_PLIES {
                return refuse(t!(
                    private,
                    GameDrawReoffer,
                    ago = record.ply - last,
                    left = last + DRAW_REOFFER_PLIES - record.ply,
                ));
            }
        }
        let cooldown = Cooldown::DrawOffer(actor.user);
        self.cooled_down(private, cooldown)?;
        let opponent = record.participant(!colour);
        // An offer to the engine counts like one to a person, for the re-offer rule too.
        match self.store.offer_draw(record.id, colour, record.ply) {
            Ok(updated) => loaded.record = updated,
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                return Err(self.too_late(private, loaded.record.id));
            }
            Err(other) => return Err(other.into()),
        }
        self.used(cooldown);
        if let Participant::Engine(level) = opponent {
            return self.engine_answers_draw(actor, &mut loaded, colour, level);
        }
        let headline = tr!(
            public,
            GameDrawOffered,
            player = Part::Name(actor.name.clone()),
            opponent = mention(public, opponent),
        );
        let mut reply = self.board_reply(public, &loaded, &headline, None);
        reply.mentions.extend(opponent.user());
        Ok(reply)
    }

    /// The engine's answer to a draw offer: it searches the position and accepts when the
    /// engine's policy ([`dama_engine::accepts_draw`]) says it stands worse.
    fn engine_answers_draw(
        &self,
        actor: &Actor,
        loaded: &mut Loaded,
        offered_by: Color,
        level: u8,
    ) -> Flow<Reply> {
        let public = self.game_language(&loaded.record);
        let game = loaded.game.clone();
        let limits = dama_engine::draw_offer_limits();
        let result = match self
            .engines
            .with_engine(&Request::silent(Some(actor.user)), |engine| {
                engine.search(&game, &limits)
            }) {
            Ok(result) => result,
            Err(busy) => return refuse(engine_busy_text(actor.language, busy)),
        };
        let Some(offer) = loaded.record.draw_offer else {
            return Err(self.too_late(actor.language, loaded.record.id));
        };
        if !dama_engine::accepts_draw(result.score, game.position().turn(), !offered_by) {
            self.clear_offer(actor.language, loaded, offer)?;
            return Ok(Reply::public(t!(
                public,
                GameDrawEngineDeclines,
                engine = engine_name(public, level)
            )));
        }
        self.accept_offer(actor.language, loaded, offer, actor.user)?;
        let headline = t!(
            public,
            GameDrawAccepted,
            player = engine_name(public, level)
        );
        let mut reply = self.board_reply(public, loaded, &headline, None);
        self.announce_ending(&mut reply, &loaded.record, actor.user);
        Ok(reply)
    }

    /// `/draw accept` or `/draw decline` (the buttons too, whatever ply their board showed):
    /// answers the other side's offer, or withdraws one's own.
    pub(crate) fn answer_draw(&self, actor: &Actor, origin: Origin, accept: bool) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game_at_any_ply(actor, origin)?;
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        // A button answers the offer it was posted with, and no later one.
        let standing = loaded.record.draw_offer.map(|offer| offer.number);
        if origin.answers().is_some() && origin.answers() != standing {
            let mut reply =
                Reply::private(tr!(private, GameDrawStale, cmd_board = command("board")));
            reply.current_board = loaded.record.board_message;
            return Err(Stop::refused(reply));
        }
        let Some(offer) = loaded.record.draw_offer else {
            return refuse(tr!(
                private,
                GameDrawNoOffer,
                cmd_draw_offer = command("draw offer")
            ));
        };
        let player = Part::Name(actor.name.clone());
        if offer.by == colour {
            if accept {
                return refuse(t!(private, GameDrawOwnOffer));
            }
            // Withdrawing one's own offer: the opponent had it to answer.
            self.clear_offer(private, &mut loaded, offer)?;
            let mut reply = self.board_reply(
                public,
                &loaded,
                &tr!(public, GameDrawWithdrawn, player = player),
                None,
            );
            reply
                .mentions
                .extend(loaded.record.participant(!colour).user());
            return Ok(reply);
        }
        let offerer = loaded.record.participant(offer.by);
        if !accept {
            self.clear_offer(private, &mut loaded, offer)?;
            let headline = tr!(public, GameDrawDeclined, player = player);
            let mut reply = self.board_reply(public, &loaded, &headline, None);
            // The offerer hears the answer; nobody else needs a ping for it.
            reply.mentions = offerer.user().into_iter().collect();
            return Ok(reply);
        }
        let finished = self.accept_offer(private, &mut loaded, offer, actor.user)?;
        let mut headline = tr!(public, GameDrawAccepted, player = player);
        headline.append(self.rating_text(public, loaded.record.guild, &finished));
        let mut reply = self.board_reply(public, &loaded, &headline, None);
        reply.mentions.extend(offerer.user());
        self.announce_ending(&mut reply, &loaded.record, actor.user);
        Ok(reply)
    }

    /// `/claim`: the win, once the opponent's time per move has run out.
    pub(crate) fn claim(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game_at_any_ply(actor, origin)?;
        let private = actor.language;
        let public = self.game_language(&loaded.record);
        let turn = loaded.turn();
        if turn == colour {
            return refuse(t!(private, GameClaimYourTurn));
        }
        // The engine never runs out of time: its move is made at once, or on resuming.
        if let Participant::Engine(_) = loaded.record.participant(turn) {
            return refuse(thinking(private));
        }
        let now = self.now();
        let deadline = loaded.record.deadline();
        let guild = loaded.record.guild;
        if now <= deadline {
            return refuse(tr!(
                private,
                GameClaimTooEarly,
                player = self.participant_name(private, guild, loaded.record.participant(turn)),
                left = human_duration(private, deadline - now),
            ));
        }
        let finished = self.finish_loaded(
            private,
            &mut loaded,
            GameResult::from_winner(Some(colour)),
            EndReason::TimeoutClaim,
            actor.user,
        )?;
        let mut headline = tr!(
            public,
            GameClaimWon,
            player = self.participant_name(public, guild, loaded.record.participant(turn)),
            winner = Part::Name(actor.name.clone()),
        );
        headline.append(self.rating_text(public, guild, &finished));
        let mut reply = self.board_reply(public, &loaded, &headline, None);
        reply
            .mentions
            .extend(loaded.record.participant(turn).user());
        self.announce_ending(&mut reply, &loaded.record, actor.user);
        Ok(reply)
    }

    /// `/abort` (moderators): stops the game without a result.
    pub(crate) fn abort(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let private = actor.language;
        if !actor.can_moderate {
            return refuse(tr!(
                private,
                GameAbortNotAllowed,
                cmd_resign = command("resign"),
                cmd_draw_offer = command("draw offer"),
            ));
        }
        let mut loaded = self.find_active(actor, origin)?;
        self.end_loaded(
            private,
            &mut loaded,
            GameEnding::Abort(self.now()),
            actor.user,
        )?;
        let public = self.game_language(&loaded.record);
        let headline = tr!(
            public,
            GameAborted,
            player = Part::Name(actor.name.clone()),
            game = loaded.record.id.to_string(),
        );
        let mut reply = self.board_reply(public, &loaded, &headline, None);
        reply.components.clear();
        reply.mentions.extend(players(&loaded.record));
        self.announce_ending(&mut reply, &loaded.record, actor.user);
        Ok(reply)
    }
}
