//! `/tournament`: server tournaments run by the bot from sign-up to standings, on the pure
//! core of [`dama_core::tournament`] (pairings, standings) and the bot's ordinary games.
//!
//! A tournament is created in a channel (those who manage the server), with a public sign-up
//! message whose Join and Leave buttons edit it to show the entrants. `/tournament start`
//! (its creator, or those who manage the server) or the sign-up deadline pairs round 1; each
//! round's games are ordinary games in threads of the tournament's channel, and the end of a
//! round's last game pairs the next round (see `tournament_rounds`), until the final standings.

use dama_core::store::Member;
use dama_core::text::{Part, RichText};
use std::time::Duration;

use crate::action::{Flow, TournamentAction, TournamentSpec, refuse};
use crate::reply::{ButtonStyle, ComponentAction, TournamentButton, button};
use crate::settings::millis;
use crate::texts::command;
use crate::tournament_rounds::{MIN_PLAYERS, Stored};
use crate::{
    Actor, Attachment, GameService, MAX_TIME_PER_MOVE, MIN_TIME_PER_MOVE, Notice, Origin, Reply,
    ServiceError,
};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    GameStatus, MessageRef, NewTournament, StoreError, Tournament, TournamentFormat, TournamentId,
    TournamentStatus,
};
use dama_core::tournament::GameResult;

/// The most Swiss rounds a tournament may have.
pub const MAX_SWISS_ROUNDS: u32 = 15;
/// The longest tournament name.
pub const MAX_NAME_CHARS: usize = 100;
/// The shortest and longest sign-up.
pub const MIN_SIGNUP: Duration = Duration::from_secs(60);
pub const MAX_SIGNUP: Duration = Duration::from_secs(30 * 24 * 3600);

impl GameService {
    /// `/tournament ...` and the sign-up buttons.
    pub(crate) fn tournament(
        &self,
        actor: &Actor,
        origin: Origin,
        action: TournamentAction,
    ) -> Flow<Reply> {
        let clicked = match origin {
            Origin::Tournament(id) => Some(id),
            _ => None,
        };
        match action {
            TournamentAction::Create(spec) => self.create_tournament(actor, &spec),
            TournamentAction::Join => self.join_tournament(actor, clicked),
            TournamentAction::Leave => self.leave_tournament(actor, clicked),
            TournamentAction::Start => self.start_tournament(actor),
            TournamentAction::Standings => self.tournament_standings(actor),
            TournamentAction::Pairings { round } => self.tournament_pairings(actor, round),
            TournamentAction::Withdraw => self.withdraw_from_tournament(actor),
            TournamentAction::Forfeit { member } => self.forfeit_in_tournament(actor, &member),
            TournamentAction::Cancel => self.cancel_tournament(actor),
            TournamentAction::Pdn => self.tournament_pdn(actor),
        }
    }

    /// Remembers the message that shows a tournament's sign-up (the adapter reports the
    /// message it posted for a reply whose [`Reply::tournament`] is set), for in-place edits.
    pub fn set_tournament_message(
        &self,
        tournament: TournamentId,
        message: MessageRef,
    ) -> Result<(), ServiceError> {
        Ok(self.store.set_tournament_message(tournament, message)?)
    }

    /// The tournament a sign-up button names, else the server's latest.
    fn find_tournament(&self, actor: &Actor, clicked: Option<TournamentId>) -> Flow<Tournament> {
        let found = match clicked {
            Some(id) => self.store.tournament(id)?,
            None => self.store.latest_tournament(actor.guild)?,
        };
        match found {
            Some(tournament) => Ok(tournament),
            None => refuse(t!(actor.language, TournamentNone)),
        }
    }

    /// `/tournament create`: checks the spec, stores it and answers with the sign-up message.
    fn create_tournament(&self, actor: &Actor, spec: &TournamentSpec) -> Flow<Reply> {
        let language = actor.language;
        if !self.server_powers(actor).manage {
            return refuse(t!(language, TournamentCreateNotAllowed));
        }
        if !self.server_settings(actor.guild)?.threads {
            return refuse(tr!(
                language,
                TournamentThreadsOff,
                cmd_settings = command("settings"),
            ));
        }
        if !actor.can_open_threads {
            return refuse(t!(language, TournamentNeedsThreads));
        }
        let name = spec.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return refuse(t!(language, TournamentNameInvalid, max = MAX_NAME_CHARS));
        }
        if let TournamentFormat::Swiss { rounds } = spec.format {
            if rounds == 0 || rounds > MAX_SWISS_ROUNDS {
                return refuse(t!(
                    language,
                    TournamentRoundsInvalid,
                    max = MAX_SWISS_ROUNDS
                ));
            }
        }
        if !matches!(spec.games_per_pairing, 1 | 2) {
            return refuse(t!(language, TournamentGamesInvalid));
        }
        let time = match spec.time_per_move {
            Some(time) => time,
            None => self.default_time_per_move(actor.guild)?,
        };
        if time < MIN_TIME_PER_MOVE || time > MAX_TIME_PER_MOVE {
            return refuse(t!(
                language,
                TournamentTimeInvalid,
                min = dama_core::i18n::human_duration(language, millis(MIN_TIME_PER_MOVE)),
                max = dama_core::i18n::human_duration(language, millis(MAX_TIME_PER_MOVE)),
            ));
        }
        if spec
            .signup
            .is_some_and(|signup| signup < MIN_SIGNUP || signup > MAX_SIGNUP)
        {
            return refuse(t!(
                language,
                TournamentSignupInvalid,
                min = dama_core::i18n::human_duration(language, millis(MIN_SIGNUP)),
                max = dama_core::i18n::human_duration(language, millis(MAX_SIGNUP)),
            ));
        }
        let now = self.now();
        let created = self.store.create_tournament(&NewTournament {
            guild: actor.guild,
            channel: actor.channel,
            name: name.to_owned(),
            format: spec.format,
            games_per_pairing: spec.games_per_pairing,
            time_per_move_ms: millis(time),
            rated: spec.rated,
            drawn_openings: spec.drawn_openings,
            signup_deadline: spec.signup.map(|signup| now + millis(signup)),
            created_by: actor.user,
            created_at: now,
        });
        let tournament = match created {
            Ok(tournament) => tournament,
            Err(StoreError::TournamentOpen { tournament, .. }) => {
                let open = self.store.tournament(tournament)?;
                return refuse(tr!(
                    language,
                    TournamentAlreadyOpen,
                    name = Part::Name(open.map_or_else(String::new, |t| t.name)),
                ));
            }
            Err(other) => return Err(other.into()),
        };
        let stored = self.stored_tournament(tournament)?;
        Ok(self.signup_message(self.public_language(actor), &stored))
    }

    /// The sign-up message: what the tournament is, who has joined, and the Join and Leave
    /// buttons while the sign-up is open.
    pub(crate) fn signup_message(&self, language: Language, stored: &Stored) -> Reply {
        let tournament = &stored.tournament;
        let name = Part::Name(tournament.name.clone());
        let format = match tournament.format {
            TournamentFormat::Swiss { rounds } => {
                t!(language, TournamentFormatSwiss, rounds = rounds)
            }
            TournamentFormat::RoundRobin => t!(language, TournamentFormatRoundRobin),
        };
        let mut lines = vec![
            match tournament.status {
                TournamentStatus::Signup => tr!(language, TournamentSignupTitle, name = name),
                TournamentStatus::Running | TournamentStatus::Finished => {
                    tr!(language, TournamentSignupClosed, name = name)
                }
                TournamentStatus::Cancelled => {
                    tr!(language, TournamentSignupCancelled, name = name)
                }
            },
            t!(
                language,
                TournamentDetails,
                format = format,
                games = tournament.games_per_pairing,
                time = dama_core::i18n::human_duration(language, tournament.time_per_move_ms),
                rated = if tournament.rated { "yes" } else { "no" },
                openings = if tournament.drawn_openings {
                    "yes"
                } else {
                    "no"
                },
            )
            .into(),
        ];
        if tournament.status == TournamentStatus::Signup {
            lines.push(tournament.signup_deadline.map_or_else(
                || t!(language, TournamentSignupUntilStart).into(),
                |deadline| {
                    tr!(
                        language,
                        TournamentSignupDeadline,
                        deadline = crate::notify::live_time(deadline),
                    )
                },
            ));
        }
        let guild = tournament.guild;
        lines.push(if stored.entrants.is_empty() {
            t!(language, TournamentEntrantsNone).into()
        } else {
            let names = stored
                .entrants
                .iter()
                .map(|e| self.entrant_name(language, guild, e.user));
            tr!(
                language,
                TournamentEntrants,
                count = stored.entrants.len(),
                names = RichText::join(names, ", "),
            )
        });
        let mut reply = Reply::public(RichText::join(lines, "\n"));
        reply.tournament = Some(tournament.id);
        if tournament.status == TournamentStatus::Signup {
            reply.components = vec![vec![
                button(
                    ComponentAction::Tournament(tournament.id, TournamentButton::Join),
                    &t!(language, TournamentButtonJoin),
                    ButtonStyle::Success,
                ),
                button(
                    ComponentAction::Tournament(tournament.id, TournamentButton::Leave),
                    &t!(language, TournamentButtonLeave),
                    ButtonStyle::Secondary,
                ),
            ]];
        }
        reply
    }

    /// The answer to a sign-up change: a click updates the sign-up message itself; a command
    /// gets a private line, and the message is edited by a notice.
    fn signup_changed(
        &self,
        actor: &Actor,
        tournament: Tournament,
        clicked: bool,
        private: RichText,
    ) -> Flow<Reply> {
        let stored = self.stored_tournament(tournament)?;
        self.note_server_language(actor);
        let message = self.signup_message(self.tournament_language(&stored.tournament), &stored);
        if clicked {
            return Ok(message);
        }
        let mut reply = Reply::private(private);
        if let Some(edit) = stored.tournament.message {
            reply.notices.push(Notice {
                guild: stored.tournament.guild,
                channel: stored.tournament.channel,
                reply: message,
                edit: Some(edit),
                direct: None,
            });
        }
        Ok(reply)
    }

    /// The Join button (or `/tournament join`).
    fn join_tournament(&self, actor: &Actor, clicked: Option<TournamentId>) -> Flow<Reply> {
        let language = actor.language;
        let tournament = self.find_tournament(actor, clicked)?;
        let name = Part::Name(tournament.name.clone());
        if tournament.status != TournamentStatus::Signup {
            return refuse(tr!(language, TournamentJoinClosed, name = name));
        }
        let player = self
            .store
            .ensure_player(actor.guild, actor.user, &actor.name, self.now())?;
        #[allow(clippy::cast_possible_truncation)] // ratings are a few thousand at most
        let rating = player.rating.rating.round() as i32;
        match self.store.join_tournament(
            tournament.id,
            actor.user,
            rating,
            self.now(),
            self.entrants_cap(),
        ) {
            Ok(_) => {}
            Err(StoreError::TournamentFull { max, .. }) => {
                return refuse(t!(language, LimitTournamentFull, max = max));
            }
            Err(StoreError::AlreadyEntered { .. }) => {
                return refuse(tr!(language, TournamentJoinTwice, name = name));
            }
            Err(StoreError::TournamentStatus { .. }) => {
                return refuse(tr!(language, TournamentJoinClosed, name = name));
            }
            Err(other) => return Err(other.into()),
        }
        let fresh = self.store.tournament(tournament.id)?.unwrap_or(tournament);
        self.signup_changed(
            actor,
            fresh,
            clicked.is_some(),
            tr!(language, TournamentJoined, name = name),
        )
    }

    /// The Leave button, before the start.
    fn leave_tournament(&self, actor: &Actor, clicked: Option<TournamentId>) -> Flow<Reply> {
        let language = actor.language;
        let tournament = self.find_tournament(actor, clicked)?;
        let name = Part::Name(tournament.name.clone());
        match self.store.leave_tournament(tournament.id, actor.user) {
            Ok(_) => {}
            Err(StoreError::NotEntered { .. }) => {
                return refuse(tr!(language, TournamentNotEntered, name = name));
            }
            Err(StoreError::TournamentStatus {
                status: TournamentStatus::Running,
                ..
            }) => return refuse(tr!(language, TournamentLeaveStarted, name = name)),
            Err(StoreError::TournamentStatus { .. }) => {
                return refuse(tr!(language, TournamentOver, name = name));
            }
            Err(other) => return Err(other.into()),
        }
        let fresh = self.store.tournament(tournament.id)?.unwrap_or(tournament);
        self.signup_changed(
            actor,
            fresh,
            clicked.is_some(),
            tr!(language, TournamentLeft, name = name),
        )
    }

    /// `/tournament start`: closes the sign-up and pairs round 1.
    fn start_tournament(&self, actor: &Actor) -> Flow<Reply> {
        let language = actor.language;
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        if !self.server_powers(actor).manage && actor.user != tournament.created_by {
            return refuse(tr!(
                language,
                TournamentStartNotAllowed,
                creator = self.entrant_name(language, tournament.guild, tournament.created_by),
            ));
        }
        match tournament.status {
            TournamentStatus::Signup => {}
            TournamentStatus::Running => {
                return refuse(tr!(language, TournamentStartAgain, name = name));
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                return refuse(tr!(language, TournamentOver, name = name));
            }
        }
        let count = self.store.entrants(tournament.id)?.len();
        if count < MIN_PLAYERS {
            return refuse(t!(
                language,
                TournamentStartFew,
                count = count,
                min = MIN_PLAYERS
            ));
        }
        let id = tournament.id;
        let deliveries = self.advance_tournament(tournament)?;
        let started = self.store.tournament(id)?;
        if deliveries.is_empty() || started.is_none_or(|t| t.status == TournamentStatus::Signup) {
            // Another start (a click, the deadline) got there first.
            return refuse(tr!(language, TournamentStartAgain, name = name));
        }
        let mut reply = Reply::private(tr!(language, TournamentStartDone, name = name));
        for delivery in deliveries {
            reply.push_delivery(delivery);
        }
        Ok(reply)
    }

    /// `/tournament standings`: the table so far (after the last round that has ended).
    fn tournament_standings(&self, actor: &Actor) -> Flow<Reply> {
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        if tournament.started_at.is_none() {
            return refuse(tr!(actor.language, TournamentNotStarted, name = name));
        }
        let language = self.public_language(actor);
        let stored = self.stored_tournament(tournament)?;
        let title = if stored.tournament.status == TournamentStatus::Finished {
            tr!(language, TournamentFinalTitle, name = name)
        } else {
            tr!(
                language,
                TournamentStandingsTitle,
                name = name,
                round = stored.rounds.len(),
                rounds = stored.total_rounds(),
            )
        };
        Ok(self.standings_reply(language, &stored, &title))
    }

    /// `/tournament pairings [round]`.
    fn tournament_pairings(&self, actor: &Actor, round: Option<u32>) -> Flow<Reply> {
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        let stored = self.stored_tournament(tournament)?;
        let Some(last) = stored.rounds.last().map(|r| r.number) else {
            return refuse(tr!(actor.language, TournamentNotStarted, name = name));
        };
        let number = round.unwrap_or(last);
        if number == 0 || number > last {
            return refuse(t!(
                actor.language,
                TournamentNoRound,
                round = number,
                last = last
            ));
        }
        let language = self.public_language(actor);
        Ok(Reply::public(self.pairings_text(language, &stored, number)))
    }

    /// `/tournament withdraw`.
    fn withdraw_from_tournament(&self, actor: &Actor) -> Flow<Reply> {
        let language = actor.language;
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        match tournament.status {
            TournamentStatus::Running => {}
            TournamentStatus::Signup => {
                return refuse(tr!(language, TournamentWithdrawSignup, name = name));
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                return refuse(tr!(language, TournamentWithdrawOver, name = name));
            }
        }
        let stored = self.stored_tournament(tournament)?;
        match stored.entrants.iter().find(|e| e.user == actor.user) {
            None => return refuse(tr!(language, TournamentNotEntered, name = name)),
            Some(entrant) if entrant.withdrawn_from.is_some() => {
                return refuse(tr!(language, TournamentWithdrawnAlready, name = name));
            }
            Some(_) => {}
        }
        let next = u32::try_from(stored.rounds.len()).unwrap_or(u32::MAX) + 1;
        match self
            .store
            .withdraw_from_tournament(stored.tournament.id, actor.user, next)
        {
            Ok(_) => {}
            Err(StoreError::TournamentStatus { .. }) => {
                return refuse(tr!(language, TournamentWithdrawOver, name = name));
            }
            Err(other) => return Err(other.into()),
        }
        let public = self.public_language(actor);
        let mut reply = Reply::public(tr!(
            public,
            TournamentWithdrew,
            player = Part::Name(actor.name.clone()),
            name = name,
        ));
        // A withdrawal between rounds may end the tournament (too few left to pair).
        for delivery in self.advance_tournament(stored.tournament)? {
            reply.push_delivery(delivery);
        }
        Ok(reply)
    }

    /// `/tournament forfeit member` (moderators of the whole server): the member's games of the
    /// current round are lost by forfeit (stopped if in play), and they are withdrawn.
    fn forfeit_in_tournament(&self, actor: &Actor, member: &Member) -> Flow<Reply> {
        let language = actor.language;
        if !self.server_powers(actor).moderate {
            return refuse(t!(language, TournamentForfeitNotAllowed));
        }
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        if tournament.status != TournamentStatus::Running {
            return refuse(tr!(language, TournamentNotRunning, name = name));
        }
        let stored = self.stored_tournament(tournament)?;
        let player = Part::Name(member.name.clone());
        if !stored.entrants.iter().any(|e| e.user == member.user) {
            return refuse(tr!(
                language,
                TournamentMemberNotEntered,
                player = player,
                name = name
            ));
        }
        let now = self.now();
        let id = stored.tournament.id;
        let public = self.public_language(actor);
        let mut notices = Vec::new();
        let current = stored.rounds.last().map_or(0, |r| r.number);
        for board in stored.boards_of(current, member.user) {
            if board.result.is_some() {
                continue;
            }
            let result = if board.white == member.user {
                GameResult::WhiteForfeits
            } else {
                GameResult::BlackForfeits
            };
            match self
                .store
                .record_forfeit(id, board.round, board.board, result, now)
            {
                Ok(_) => {}
                // The game ended meanwhile: its result stands.
                Err(StoreError::Invalid(_)) => continue,
                Err(other) => return Err(other.into()),
            }
            let Some(game) = board
                .game
                .map(|g| self.store.game(g))
                .transpose()?
                .flatten()
            else {
                continue;
            };
            if game.status == GameStatus::Aborted {
                notices.push(Notice {
                    guild: game.guild,
                    channel: game.place(),
                    reply: Reply {
                        archive: game.thread,
                        ..Reply::public(tr!(
                            public,
                            TournamentForfeitGame,
                            player = player.clone(),
                            game = game.id.0,
                        ))
                    },
                    edit: None,
                    direct: None,
                });
            }
        }
        let next = u32::try_from(stored.rounds.len()).unwrap_or(u32::MAX) + 1;
        self.store.withdraw_from_tournament(id, member.user, next)?;
        let mut reply = Reply::public(tr!(
            public,
            TournamentForfeited,
            player = Part::Person(member.user),
            moderator = Part::Name(actor.name.clone()),
            name = name,
        ));
        reply.mentions.push(member.user);
        reply.notices = notices;
        for delivery in self.advance_tournament(stored.tournament)? {
            reply.push_delivery(delivery);
        }
        Ok(reply)
    }

    /// `/tournament cancel` (those who manage the server): its running games stop without a
    /// result.
    fn cancel_tournament(&self, actor: &Actor) -> Flow<Reply> {
        let language = actor.language;
        if !self.server_powers(actor).manage {
            return refuse(t!(language, TournamentCancelNotAllowed));
        }
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        let (cancelled, aborted) = match self.store.cancel_tournament(tournament.id, self.now()) {
            Ok(done) => done,
            Err(StoreError::TournamentStatus { .. }) => {
                return refuse(tr!(language, TournamentOver, name = name));
            }
            Err(other) => return Err(other.into()),
        };
        let public = self.public_language(actor);
        let entrants = self.store.entrants(cancelled.id)?;
        let text = tr!(
            public,
            TournamentCancelled,
            name = name.clone(),
            player = Part::Name(actor.name.clone()),
        );
        let mut notices: Vec<Notice> = self
            .signup_edit(&cancelled, &entrants)
            .into_iter()
            .collect();
        for game in aborted {
            let Some(thread) = game.thread else { continue };
            notices.push(Notice {
                guild: game.guild,
                channel: thread,
                reply: Reply {
                    archive: Some(thread),
                    ..Reply::public(tr!(
                        public,
                        TournamentCancelledGame,
                        name = name.clone(),
                        game = game.id.0,
                    ))
                },
                edit: None,
                direct: None,
            });
        }
        Ok(Reply {
            notices,
            ..Reply::public(text)
        })
    }

    /// `/tournament pdn`: every game of the tournament as one file, in round and board order,
    /// each with the tournament as its Event and its round (and leg, for two-game pairings) as
    /// its Round; for someone who cannot see the tournament's channel, the games they played.
    fn tournament_pdn(&self, actor: &Actor) -> Flow<Reply> {
        let tournament = self.find_tournament(actor, None)?;
        let name = Part::Name(tournament.name.clone());
        // Those who cannot see the tournament's channel get the games they played only.
        let sees_all = self.can_view(actor, tournament.channel);
        let stored = self.stored_tournament(tournament)?;
        let mut text = String::new();
        for pairing in &stored.pairings {
            let Some(game) = pairing.game else { continue };
            if !sees_all && pairing.white != actor.user && pairing.black != Some(actor.user) {
                continue;
            }
            let round = if stored.tournament.games_per_pairing == 2 {
                format!("{}.{}", pairing.round, pairing.leg)
            } else {
                pairing.round.to_string()
            };
            let game_text = self.pdn_game(game, Some((&stored.tournament.name, &round)))?;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&game_text);
        }
        if text.is_empty() {
            return refuse(tr!(actor.language, TournamentPdnEmpty, name = name));
        }
        Ok(Reply {
            attachment: Some(Attachment {
                filename: format!("dama-tournament-{}.pdn", stored.tournament.id),
                bytes: text.into_bytes(),
            }),
            ..Reply::public(tr!(self.public_language(actor), TournamentPdn, name = name))
        })
    }
}
