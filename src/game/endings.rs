//! How games end before the rules end them: resigning, draws by agreement (with the
//! engine's answer to an offer), claims on time, and aborts by moderators.

use dama_rules::Color;

use super::action::{Flow, Origin, refuse};
use super::board::{mention, players};
use super::engine_name;
use super::loaded::{Loaded, player_colour};
use super::moves::THINKING;
use super::rating;
use super::reply::{ButtonStyle, ComponentAction, GameButton, button};
use super::{
    Actor, Cooldown, DRAW_REOFFER_PLIES, GameService, Reply, escape_markdown, human_duration,
};
use crate::i18n::Language;
use crate::store::{EndReason, Finish, FinishedGame, GameResult, Participant, StoreError};

impl GameService {
    /// ` Ratings: alice 1500 → 1516, bob 1500 → 1484.` for a rated game.
    pub(crate) fn rating_text(&self, guild: u64, finished: &FinishedGame) -> String {
        let Some(changes) = finished.ratings else {
            return String::new();
        };
        let line = |change: &crate::store::RatingChange| {
            format!(
                "{} {:.0} → {:.0}",
                self.participant_name(guild, Participant::User(change.user)),
                change.before.rating,
                change.after.rating
            )
        };
        format!(
            " Ratings: {}, {}.",
            line(&changes.white),
            line(&changes.black)
        )
    }

    /// Ends the loaded game at the ply it was read at, and counts it (ratings, records); a
    /// game that changed in the meantime stops the flow with the "too late" refusal.
    fn finish_loaded(
        &self,
        loaded: &mut Loaded,
        result: GameResult,
        reason: EndReason,
    ) -> Flow<FinishedGame> {
        let finish = Finish {
            result,
            reason,
            ply: loaded.record.ply,
            at: self.now(),
            counting: rating::counting(&loaded.record),
            rate: rating::glicko2,
        };
        match self.store.finish_game(loaded.record.id, finish) {
            Ok(finished) => {
                loaded.record = finished.game.clone();
                Ok(finished)
            }
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                Err(self.too_late(loaded.record.id))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// The Resign button: asks to confirm, with a button that resigns from the same board.
    pub(crate) fn confirm_resign(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let loaded = self.find_active(actor, origin)?;
        player_colour(&loaded, actor)?;
        let ply = origin.ply().unwrap_or(loaded.record.ply);
        let mut reply = Reply::private("Do you really want to resign this game?");
        reply.components = vec![vec![button(
            ComponentAction::Game(loaded.record.id, ply, GameButton::ResignConfirm),
            "Yes, resign",
            ButtonStyle::Danger,
        )]];
        Ok(reply)
    }

    /// `/resign`, or its confirmation.
    pub(crate) fn resign(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game(actor, origin)?;
        let winner = !colour;
        let finished = self.finish_loaded(
            &mut loaded,
            GameResult::from_winner(Some(winner)),
            EndReason::Resign,
        )?;
        let headline = format!(
            "{} resigns. **{} wins** ({winner}).{}",
            escape_markdown(&actor.name),
            mention(loaded.record.participant(winner)),
            self.rating_text(loaded.record.guild, &finished)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply
            .mentions
            .extend(loaded.record.participant(winner).user());
        Ok(reply)
    }

    /// `/draw offer` (or accepting an open offer by the other side).
    pub(crate) fn offer_draw(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game(actor, origin)?;
        let record = &loaded.record;
        if let Some(offer) = record.draw_offer {
            if offer.by == colour {
                return refuse("You have already offered a draw; wait for the answer.");
            }
            let game = Origin::Board {
                game: record.id,
                ply: record.ply,
            };
            return self.answer_draw(actor, game, true);
        }
        if let Some(last) = *record.last_draw_offer_ply.get(colour) {
            if record.ply < last + DRAW_REOFFER_PLIES {
                return refuse(format!(
                    "You offered a draw {} plies ago; you can offer again after {} more plies.",
                    record.ply - last,
                    last + DRAW_REOFFER_PLIES - record.ply
                ));
            }
        }
        let cooldown = Cooldown::DrawOffer(actor.user);
        self.cooled_down(cooldown)?;
        let opponent = record.participant(!colour);
        // An offer to the engine counts like one to a person, for the re-offer rule too.
        match self.store.offer_draw(record.id, colour, record.ply) {
            Ok(updated) => loaded.record = updated,
            Err(StoreError::StalePly { .. } | StoreError::GameNotActive { .. }) => {
                return Err(self.too_late(loaded.record.id));
            }
            Err(other) => return Err(other.into()),
        }
        self.used(cooldown);
        if let Participant::Engine(level) = opponent {
            return self.engine_answers_draw(&mut loaded, colour, level);
        }
        let headline = format!(
            "{} offers a draw to {}.",
            escape_markdown(&actor.name),
            mention(opponent)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply.mentions.extend(opponent.user());
        Ok(reply)
    }

    /// The engine's answer to a draw offer: it searches the position and accepts when the
    /// engine's policy ([`dama_engine::accepts_draw`]) says it stands worse.
    fn engine_answers_draw(
        &self,
        loaded: &mut Loaded,
        offered_by: Color,
        level: u8,
    ) -> Flow<Reply> {
        let game = loaded.game.clone();
        let limits = dama_engine::draw_offer_limits();
        let result = self
            .engines
            .with_engine(|engine| engine.search(&game, &limits));
        if !dama_engine::accepts_draw(result.score, game.position().turn(), !offered_by) {
            loaded.record = match self.store.clear_draw_offer(loaded.record.id) {
                Ok(record) => record,
                Err(StoreError::GameNotActive { .. }) => {
                    return Err(self.too_late(loaded.record.id));
                }
                Err(other) => return Err(other.into()),
            };
            return Ok(Reply::public(format!(
                "{} declines the draw: it likes its position.",
                engine_name(Language::En, level)
            )));
        }
        self.finish_loaded(loaded, GameResult::Draw, EndReason::Agreement)?;
        let headline = format!(
            "{} accepts the draw. **Draw** by agreement.",
            engine_name(Language::En, level)
        );
        Ok(self.board_reply(loaded, &headline, None))
    }

    /// `/draw accept` or `/draw decline` (the buttons too, whatever ply their board showed):
    /// answers the other side's offer, or withdraws one's own.
    pub(crate) fn answer_draw(&self, actor: &Actor, origin: Origin, accept: bool) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game_at_any_ply(actor, origin)?;
        let Some(offer) = loaded.record.draw_offer else {
            return refuse("There is no draw offer to answer. Offer one with `/draw offer`.");
        };
        if offer.by == colour {
            if accept {
                return refuse("You made this offer; your opponent must answer it.");
            }
            // Withdrawing one's own offer: the opponent had it to answer.
            loaded.record = self.store.clear_draw_offer(loaded.record.id)?;
            let mut reply = self.board_reply(
                &loaded,
                &format!("{} withdraws the draw offer.", escape_markdown(&actor.name)),
                None,
            );
            reply
                .mentions
                .extend(loaded.record.participant(!colour).user());
            return Ok(reply);
        }
        let offerer = loaded.record.participant(offer.by);
        if !accept {
            loaded.record = self.store.clear_draw_offer(loaded.record.id)?;
            let headline = format!(
                "{} declines the draw. Play on!",
                escape_markdown(&actor.name)
            );
            let mut reply = self.board_reply(&loaded, &headline, None);
            // The offerer hears the answer; nobody else needs a ping for it.
            reply.mentions = offerer.user().into_iter().collect();
            return Ok(reply);
        }
        let finished = self.finish_loaded(&mut loaded, GameResult::Draw, EndReason::Agreement)?;
        let headline = format!(
            "{} accepts the draw. **Draw** by agreement.{}",
            escape_markdown(&actor.name),
            self.rating_text(loaded.record.guild, &finished)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply.mentions.extend(offerer.user());
        Ok(reply)
    }

    /// `/claim`: the win, once the opponent's time per move has run out.
    pub(crate) fn claim(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let (mut loaded, colour) = self.player_game_at_any_ply(actor, origin)?;
        let turn = loaded.turn();
        if turn == colour {
            return refuse("It is your turn: make your move instead of claiming.");
        }
        // The engine never runs out of time: its move is made at once, or on resuming.
        if let Participant::Engine(_) = loaded.record.participant(turn) {
            return refuse(THINKING);
        }
        let now = self.now();
        let deadline = loaded.record.deadline();
        if now <= deadline {
            return refuse(format!(
                "{} still has {} to move; you can claim the win after that.",
                self.participant_name(loaded.record.guild, loaded.record.participant(turn)),
                human_duration(Language::En, deadline - now)
            ));
        }
        let finished = self.finish_loaded(
            &mut loaded,
            GameResult::from_winner(Some(colour)),
            EndReason::TimeoutClaim,
        )?;
        let headline = format!(
            "{}'s time ran out. **{} wins** on time.{}",
            self.participant_name(loaded.record.guild, loaded.record.participant(turn)),
            escape_markdown(&actor.name),
            self.rating_text(loaded.record.guild, &finished)
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply
            .mentions
            .extend(loaded.record.participant(turn).user());
        Ok(reply)
    }

    /// `/abort` (moderators): stops the game without a result.
    pub(crate) fn abort(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        if !actor.can_moderate {
            return refuse(
                "Only moderators (Manage Messages) can abort a game. Players can `/resign` or offer a `/draw`.",
            );
        }
        let mut loaded = self.find_active(actor, origin)?;
        loaded.record = match self.store.abort_game(loaded.record.id, self.now()) {
            Ok(record) => record,
            Err(StoreError::GameNotActive { .. }) => return Err(self.too_late(loaded.record.id)),
            Err(other) => return Err(other.into()),
        };
        let headline = format!(
            "{} aborted game #{}. It does not count for anyone.",
            escape_markdown(&actor.name),
            loaded.record.id
        );
        let mut reply = self.board_reply(&loaded, &headline, None);
        reply.components.clear();
        reply.mentions.extend(players(&loaded.record));
        Ok(reply)
    }
}
