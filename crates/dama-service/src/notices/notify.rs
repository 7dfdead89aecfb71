//! Notifications: each person's choice, direct messages, the result of a game where it is
//! awaited, and the reminders of the sweep.
//!
//! A person chooses how they hear about their games ([`NotifyMode`]): mentioned in the game's
//! thread or channel (the default), by direct message, or not at all (named without a mention).
//! Notices are built here and posted by the adapter after the answer, never inside a move's
//! transaction. A direct message that could not be delivered makes the next ones mentions in the
//! game's place for a while ([`CLOSED_DIRECT_MESSAGES`]).

use dama_core::i18n::human_duration;
use dama_core::text::{GameLink, Part, RichText};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::Duration;

use dama_rules::Color;

use crate::action::Flow;
use crate::board::mention;
use crate::loaded::Loaded;
use crate::settings::millis;
use crate::texts::command;
use crate::{Actor, GameService, Notice, Reply, ServiceError, lock};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    AbortReason, EndReason, Game, GameResult, GameStatus, Millis, NotifyMode, OutboxEvent,
    Participant, UserId,
};

/// How long a person whose direct messages could not be delivered hears in the game's place
/// instead.
pub const CLOSED_DIRECT_MESSAGES: Duration = Duration::from_secs(24 * 3600);

/// How long a person's choice read from the store is used before it is read again: a choice
/// made through another process on the same database counts from then on at the latest.
pub const NOTIFY_CHOICE_FRESH: Duration = Duration::from_secs(15);

/// The remembered choices above which those no longer fresh are forgotten.
const REMEMBERED_CHOICES: usize = 4096;

/// Each person's choice as last read or written, with the time it was (fresh for
/// [`NOTIFY_CHOICE_FRESH`]: another process may change it), and the people whose direct
/// messages were refused lately, with the time that lasts until.
#[derive(Debug, Default)]
pub(crate) struct Notifications {
    modes: RwLock<HashMap<UserId, (NotifyMode, Millis)>>,
    closed: Mutex<HashMap<UserId, Millis>>,
}

/// How a notice reaches a person, all things considered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Delivery {
    /// A direct message; the message in the game's place names them without a mention.
    Direct,
    /// A mention in the game's place.
    Mention,
    /// Named in the game's place, without a mention; nothing else.
    Name,
}

/// An instant, which each reader sees relative to their own now ("in 10 minutes").
pub(crate) fn live_time(at: Millis) -> Part {
    Part::Moment(at)
}

impl GameService {
    /// How `user` wants to hear about their games: from memory when read or set within
    /// [`NOTIFY_CHOICE_FRESH`], else from the store (a failure to read it is logged and counts
    /// as the default).
    pub(crate) fn notify_mode(&self, user: UserId) -> NotifyMode {
        let now = self.now();
        let fresh = millis(NOTIFY_CHOICE_FRESH);
        let cached = self
            .notifications
            .modes
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&user)
            .copied();
        if let Some((mode, _)) = cached.filter(|&(_, read)| now.saturating_sub(read) < fresh) {
            return mode;
        }
        match self.store.notify_mode(user) {
            Ok(mode) => {
                self.remember_mode(user, mode, now);
                mode
            }
            Err(error) => {
                tracing::error!(user, %error, "cannot read how the person wants to be notified");
                NotifyMode::default()
            }
        }
    }

    /// Remembers `user`'s choice as read or written at `now`.
    fn remember_mode(&self, user: UserId, mode: NotifyMode, now: Millis) {
        let mut modes = self
            .notifications
            .modes
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if modes.len() >= REMEMBERED_CHOICES {
            let fresh = millis(NOTIFY_CHOICE_FRESH);
            modes.retain(|_, &mut (_, read)| now.saturating_sub(read) < fresh);
        }
        modes.insert(user, (mode, now));
    }

    /// How a notice reaches `user` now: their choice, with direct messages that were refused
    /// lately turned into mentions.
    pub(crate) fn delivery(&self, user: UserId) -> Delivery {
        match self.notify_mode(user) {
            NotifyMode::Ping => Delivery::Mention,
            NotifyMode::Off => Delivery::Name,
            NotifyMode::Dm if self.direct_messages_closed(user) => Delivery::Mention,
            NotifyMode::Dm => Delivery::Direct,
        }
    }

    fn direct_messages_closed(&self, user: UserId) -> bool {
        let now = self.now();
        let mut closed = lock(&self.notifications.closed);
        match closed.get(&user) {
            Some(&until) if until > now => true,
            Some(_) => {
                closed.remove(&user);
                false
            }
            None => false,
        }
    }

    /// A direct message to `user` could not be delivered (closed DMs): for the next 24 hours
    /// their notices are mentions in their game's thread or channel, and none is retried.
    pub fn direct_failed(&self, user: UserId) {
        let now = self.now();
        let length = i64::try_from(CLOSED_DIRECT_MESSAGES.as_millis()).unwrap_or(i64::MAX);
        let mut closed = lock(&self.notifications.closed);
        if closed.len() > 1024 {
            closed.retain(|_, until| *until > now);
        }
        closed.insert(user, now.saturating_add(length));
    }

    /// `/settings notify`: how the actor hears about their games, said privately in their
    /// language.
    pub(crate) fn set_notify(&self, actor: &Actor, mode: NotifyMode) -> Flow<Reply> {
        self.store.set_notify_mode(actor.user, mode)?;
        self.remember_mode(actor.user, mode, self.now());
        let mode = match mode {
            NotifyMode::Dm => "dm",
            NotifyMode::Ping => "ping",
            NotifyMode::Off => "off",
        };
        Ok(Reply::private(t!(actor.language, NotifySet, mode = mode)))
    }

    /// The person to move in `record` as a board names them, in `language`: a mention (and
    /// `true`: they are to be notified) for those who chose mentions, else their name.
    pub(crate) fn turn_name(
        &self,
        language: Language,
        guild: u64,
        participant: Participant,
    ) -> (Part, bool) {
        match participant {
            Participant::User(user) if self.delivery(user) != Delivery::Mention => {
                (self.participant_name(language, guild, participant), false)
            }
            Participant::User(_) => (mention(language, participant), true),
            Participant::Engine(_) => (mention(language, participant), false),
        }
    }

    /// Where a direct message about `record` points: its board message, else its thread or
    /// channel.
    pub(crate) fn board_link(record: &Game) -> Part {
        Part::Game(GameLink {
            game: record.id,
            guild: record.guild,
            place: record.place(),
            board: record.board_message,
        })
    }

    /// The direct message telling the person now to move in `record` that their opponent
    /// played `written`, if that person chose direct messages and is not `actor` (who is
    /// looking at the answer). In the server's language; `mover` names the opponent in it.
    pub(crate) fn turn_notice(
        &self,
        record: &Game,
        mover: impl FnOnce(Language) -> Part,
        written: &str,
        actor: Option<UserId>,
    ) -> Option<Notice> {
        let to_move = record.participant(record.side_to_move()?).user()?;
        if Some(to_move) == actor || self.delivery(to_move) != Delivery::Direct {
            return None;
        }
        let language = self.direct_language(to_move, self.game_language(record));
        let text = tr!(
            language,
            NotifyDmTurn,
            game = record.id.0,
            opponent = mover(language),
            move = written.to_owned(),
            deadline = live_time(record.deadline()),
            link = Self::board_link(record),
        );
        Some(Notice {
            guild: record.guild,
            channel: record.place(),
            reply: Reply::public(text),
            edit: None,
            direct: Some(to_move),
        })
    }

    /// What the end of `game` brings besides the reply that shows it: for a game in a thread,
    /// the result line in the channel it was started in and the thread to archive; the result
    /// by direct message to its players who chose that (but `actor`, who ended it); and, for a
    /// tournament's game, what its end brings (see [`Self::tournament_game_ended`]). Players who
    /// chose direct messages or nothing are not mentioned in the reply.
    pub(crate) fn announce_end(&self, reply: &mut Reply, game: &Game, actor: Option<UserId>) {
        self.end_notices(reply, game, actor);
        self.tournament_goes_on(reply, game);
    }

    /// What a move that `by` played (or the engine's reply to it) brings besides the answer
    /// that shows it, its notice claimed from the outbox (see [`Self::move_notices`]); when it
    /// ended the game, what the end changes in the answer, and the tournament that goes on.
    pub(crate) fn announce_move(&self, reply: &mut Reply, record: &Game, by: UserId) {
        let event = OutboxEvent::Move {
            game: record.id,
            ply: record.ply,
            by,
        };
        self.announce_with(reply, record, &event);
    }

    /// What the end of `record` by `by`'s action brings besides the answer that shows it, as
    /// [`Self::announce_end`] says, its notices claimed from the outbox (see
    /// [`Self::ended_notices`]).
    pub(crate) fn announce_ending(&self, reply: &mut Reply, record: &Game, by: UserId) {
        let event = OutboxEvent::Ended {
            game: record.id,
            by,
        };
        self.announce_with(reply, record, &event);
    }

    /// The notice of the outbox `event` stored with a change to `record`, claimed for the
    /// answer that shows the change; when the game ended, what the end changes in the answer,
    /// and the tournament that goes on.
    fn announce_with(&self, reply: &mut Reply, record: &Game, event: &OutboxEvent) {
        let ended = record.status != GameStatus::Active;
        if ended {
            self.end_reply(reply, record);
        }
        match self.claim_event(event) {
            Ok(delivery) => {
                if let Some(delivery) = delivery {
                    reply.push_delivery(delivery);
                }
            }
            Err(error) => {
                tracing::error!(game = %record.id, %error, "the notices of a change are left to the sweep");
            }
        }
        if ended {
            self.tournament_goes_on(reply, record);
        }
    }

    /// The notices of the end of `record` by `by`'s action besides the answer that showed it
    /// (see [`Self::end_messages`]), worded from what is stored now.
    pub(crate) fn ended_notices(&self, record: &Game, by: UserId) -> Vec<Notice> {
        if record.status == GameStatus::Active {
            return Vec::new();
        }
        self.end_messages(record, Some(by))
    }

    /// The notices of a move that `by` played (or the engine's reply to it) in `record`,
    /// reaching `ply`, besides the answer that showed it, worded from what is stored now: the
    /// direct message to the person now to move, or what the end of the game brings (see
    /// [`Self::end_messages`]). None once the game has moved on, or ended otherwise.
    pub(crate) fn move_notices(
        &self,
        record: &Game,
        ply: u32,
        by: UserId,
    ) -> Result<Vec<Notice>, ServiceError> {
        if record.ply != ply {
            return Ok(Vec::new());
        }
        match (record.status, record.end_reason) {
            (GameStatus::Active, _) => {}
            (_, Some(EndReason::NoMoves | EndReason::Repetition | EndReason::FortyMove)) => {
                return Ok(self.end_messages(record, Some(by)));
            }
            _ => return Ok(Vec::new()),
        }
        let loaded = self.load(record.clone())?;
        let Some(written) = last_move_text(&loaded) else {
            return Ok(Vec::new());
        };
        let mover = record.participant(!loaded.turn());
        Ok(self
            .turn_notice(
                record,
                |language| self.participant_name(language, record.guild, mover),
                &written,
                Some(by),
            )
            .into_iter()
            .collect())
    }

    /// A tournament goes on when its round's last game ends: what that brings, after the
    /// reply's notices.
    pub(crate) fn tournament_goes_on(&self, reply: &mut Reply, game: &Game) {
        for delivery in self.tournament_game_ended(game) {
            reply.push_delivery(delivery);
        }
    }

    /// [`Self::announce_end`] but for the tournament, which the sweep's part for tournaments
    /// takes on: for the notices of the outbox.
    pub(crate) fn end_notices(&self, reply: &mut Reply, game: &Game, actor: Option<UserId>) {
        self.end_reply(reply, game);
        reply.notices.extend(self.end_messages(game, actor));
    }

    /// What the end of `game` changes in the reply that shows it: players who chose direct
    /// messages or nothing are not mentioned, and a game's thread is archived.
    pub(crate) fn end_reply(&self, reply: &mut Reply, game: &Game) {
        let players: Vec<UserId> = [game.white, game.black]
            .into_iter()
            .filter_map(Participant::user)
            .collect();
        reply
            .mentions
            .retain(|user| !players.contains(user) || self.delivery(*user) == Delivery::Mention);
        if let (true, Some(thread)) = (game.in_thread, game.thread) {
            reply.archive = Some(thread);
        }
    }

    /// The messages the end of `game` brings besides the reply that shows it: for a game in a
    /// thread, the result line in the channel it was started in; the result by direct message
    /// to its players who chose that (but `actor`, who ended it).
    pub(crate) fn end_messages(&self, game: &Game, actor: Option<UserId>) -> Vec<Notice> {
        let mut notices = Vec::new();
        let language = self.game_language(game);
        let line = self.result_line(language, game);
        if let (true, Some(_)) = (game.in_thread, game.thread) {
            notices.push(Notice {
                guild: game.guild,
                channel: game.channel,
                reply: Reply::public(line.clone()),
                edit: None,
                direct: None,
            });
        }
        let mut told = Vec::new();
        for user in [game.white, game.black]
            .into_iter()
            .filter_map(Participant::user)
        {
            if Some(user) == actor
                || told.contains(&user)
                || self.delivery(user) != Delivery::Direct
            {
                continue;
            }
            told.push(user);
            let theirs = self.direct_language(user, language);
            notices.push(Notice {
                guild: game.guild,
                channel: game.place(),
                reply: Reply::public(tr!(
                    theirs,
                    NotifyDmResult,
                    line = self.result_line(theirs, game),
                    link = Self::board_link(game),
                )),
                edit: None,
                direct: Some(user),
            });
        }
        notices
    }

    /// "Game #12: alice beat bob by resignation." (names, no mentions), in `language`.
    pub(crate) fn result_line(&self, language: Language, game: &Game) -> RichText {
        let name = |participant| self.participant_name(language, game.guild, participant);
        let (result, first, second) = match game.result {
            Some(GameResult::WhiteWins) => ("win", name(game.white), name(game.black)),
            Some(GameResult::BlackWins) => ("win", name(game.black), name(game.white)),
            Some(GameResult::Draw) => ("draw", name(game.white), name(game.black)),
            None => ("aborted", name(game.white), name(game.black)),
        };
        let reason = match (game.end_reason, game.abort_reason) {
            (_, Some(AbortReason::Idle)) => "idle".to_owned(),
            (Some(reason), _) => reason.to_string(),
            (None, _) => EndReason::Abort.to_string(),
        };
        tr!(
            language,
            NotifyResult,
            game = game.id.0,
            result = result,
            first = first,
            second = second,
            reason = reason,
        )
    }

    /// The reminders due at `now`, each once per ply: to the person to move when half and when
    /// ninety per cent of their time per move are gone, and when it is out the board edited so
    /// its Claim button shows, with word to the opponent that they can claim. A sweep that finds
    /// several due records only the latest, whose notice is in the outbox (see
    /// [`Self::reminder_notices`]). Nothing when the engine is to move.
    pub(crate) fn reminders(&self, now: Millis) -> Result<(), ServiceError> {
        for record in self.store.reminder_candidates(now)? {
            if record.status != GameStatus::Active || !self.owns_guild(record.guild) {
                continue;
            }
            let Some(turn) = record.side_to_move() else {
                continue;
            };
            if !matches!(record.participant(turn), Participant::User(_)) {
                continue;
            }
            let stage = due_stage(&record, now);
            if stage <= record.reminder_stage {
                continue;
            }
            // Recorded with its notice: of two sweeps at once, only one sends it. One game whose
            // reminder cannot be recorded must not keep the others waiting.
            if let Err(error) = self.store.advance_reminder(record.id, record.ply, stage) {
                tracing::error!(game = %record.id, %error, "skipped by the sweep: it failed");
            }
        }
        Ok(())
    }

    /// The notices of reminder `stage` in `record` (see [`Self::reminders`]), as they read at
    /// `now`; none once the game has moved on from `ply`.
    pub(crate) fn reminder_notices(
        &self,
        record: &Game,
        ply: u32,
        stage: u8,
        now: Millis,
    ) -> Result<Vec<Notice>, ServiceError> {
        let mut notices = Vec::new();
        if record.status != GameStatus::Active || record.ply != ply {
            return Ok(notices);
        }
        let Some(turn) = record.side_to_move() else {
            return Ok(notices);
        };
        let Participant::User(to_move) = record.participant(turn) else {
            return Ok(notices);
        };
        if stage < 3 {
            notices.extend(self.reminder(record, to_move, turn, now));
        } else {
            let loaded = self.load(record.clone())?;
            self.time_up(&loaded, turn, &mut notices);
        }
        Ok(notices)
    }

    /// The reminder to the person to move: by direct message, as a mention in the game's place,
    /// or nothing, as they chose.
    fn reminder(&self, record: &Game, user: UserId, turn: Color, now: Millis) -> Option<Notice> {
        let language = match self.delivery(user) {
            Delivery::Direct => self.direct_language(user, self.game_language(record)),
            _ => self.game_language(record),
        };
        let guild = record.guild;
        let opponent = self.participant_name(language, guild, record.participant(!turn));
        let left = human_duration(language, record.deadline() - now);
        let deadline = live_time(record.deadline());
        let (text, direct) = match self.delivery(user) {
            Delivery::Name => return None,
            Delivery::Direct => (
                tr!(
                    language,
                    NotifyReminder,
                    left = left,
                    game = record.id.0,
                    opponent = opponent,
                    deadline = deadline,
                    link = Self::board_link(record),
                ),
                Some(user),
            ),
            Delivery::Mention => (
                tr!(
                    language,
                    NotifyReminderPing,
                    player = mention(language, Participant::User(user)),
                    left = left,
                    game = record.id.0,
                    opponent = opponent,
                    deadline = deadline,
                ),
                None,
            ),
        };
        let mut reply = Reply::public(text);
        if direct.is_none() {
            reply.mentions.push(user);
        }
        Some(Notice {
            guild,
            channel: record.place(),
            reply,
            edit: None,
            direct,
        })
    }

    /// The time to move is out: the board edited (its Claim button shows now), and the opponent
    /// told they can claim, as they chose. Against the engine nobody can claim: nothing.
    fn time_up(&self, loaded: &Loaded, turn: Color, notices: &mut Vec<Notice>) {
        let record = &loaded.record;
        let Participant::User(winner) = record.participant(!turn) else {
            return;
        };
        let language = self.game_language(record);
        let guild = record.guild;
        let player = self.participant_name(language, guild, record.participant(turn));
        let headline = tr!(
            language,
            NotifyTimeUp,
            player = player.clone(),
            winner = self.participant_name(language, guild, record.participant(!turn)),
        );
        let mut board = self.board_reply(language, loaded, &headline, None);
        board.mentions.clear();
        notices.push(Notice {
            guild,
            channel: record.place(),
            reply: board,
            edit: record.board_message,
            direct: None,
        });
        let to_winner = match self.delivery(winner) {
            Delivery::Direct => self.direct_language(winner, language),
            _ => language,
        };
        let cmd_claim = command("claim");
        let (text, direct) = match self.delivery(winner) {
            Delivery::Name => return,
            Delivery::Direct => (
                tr!(
                    to_winner,
                    NotifyClaim,
                    player = player,
                    game = record.id.0,
                    cmd_claim = cmd_claim,
                    link = Self::board_link(record),
                ),
                Some(winner),
            ),
            Delivery::Mention => (
                tr!(
                    language,
                    NotifyClaimPing,
                    winner = mention(language, Participant::User(winner)),
                    player = player,
                    game = record.id.0,
                    cmd_claim = cmd_claim,
                ),
                None,
            ),
        };
        let mut reply = Reply::public(text);
        if direct.is_none() {
            reply.mentions.push(winner);
        }
        notices.push(Notice {
            guild,
            channel: record.place(),
            reply,
            edit: None,
            direct,
        });
    }
}

/// The latest reminder due at `now` in a game: 3 once the time per move is out, 2 from ninety
/// per cent of it, 1 from half, else 0.
fn due_stage(record: &Game, now: Millis) -> u8 {
    let gone = i128::from(now - record.last_move_at);
    let per_move = i128::from(record.time_per_move_ms);
    if now > record.deadline() {
        3
    } else if gone * 10 >= per_move * 9 {
        2
    } else {
        u8::from(gone * 2 >= per_move)
    }
}

/// The last move of a loaded game as its text reads it (`22-18`); `None` before any move.
pub(crate) fn last_move_text(loaded: &Loaded) -> Option<String> {
    let last = loaded.last_move()?;
    let moves = loaded.game.moves();
    let mut before = dama_rules::Game::new(*loaded.game.start());
    for played in &moves[..moves.len() - 1] {
        before.play(played).ok()?;
    }
    Some(before.position().move_text(&last))
}
