//! Starting games: challenges between members, games against the engine, rematches.

use std::time::Duration;

use dama_engine::Level;
use dama_rules::{Color, Position};

use super::action::{Flow, Origin, Stop, refuse};
use super::engine_name;
use super::reply::{ButtonStyle, ChallengeButton, ComponentAction, button};
use super::{
    Actor, ColourChoice, Cooldown, GameService, MAX_TIME_PER_MOVE, MIN_TIME_PER_MOVE, Member,
    Reply, escape_markdown, human_duration,
};
use crate::i18n::{Language, t};
use crate::store::{
    Challenge, ChallengeId, ChallengeStatus, GameStatus, NewChallenge, NewGame, Participant,
    StoreError,
};

/// The strongest engine level, as the texts name it.
fn max_level() -> u8 {
    Level::ALL[Level::ALL.len() - 1].number()
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

impl GameService {
    /// `/challenge @member [colour] [time]`.
    pub(crate) fn challenge(
        &self,
        actor: &Actor,
        opponent: Option<&Member>,
        colour: ColourChoice,
        time_per_move: Option<Duration>,
    ) -> Flow<Reply> {
        let language = actor.language;
        let Some(opponent) = opponent else {
            todo!("open challenges")
        };
        if opponent.is_bot {
            return refuse(t!(
                language,
                ChallengeBot,
                cmd_play = self.command(language, "play"),
                max_level = max_level(),
            ));
        }
        if opponent.user == actor.user {
            return refuse(t!(
                language,
                ChallengeSelf,
                cmd_play = self.command(language, "play"),
            ));
        }
        let time = time_per_move.unwrap_or(self.settings.default_time_per_move);
        if time < MIN_TIME_PER_MOVE || time > MAX_TIME_PER_MOVE {
            return refuse(t!(
                language,
                ChallengeTimeRange,
                min = human_duration(language, millis(MIN_TIME_PER_MOVE)),
                max = human_duration(language, millis(MAX_TIME_PER_MOVE)),
            ));
        }
        self.refuse_busy_channel(actor)?;
        let now = self.now();
        let open = self
            .store
            .pending_challenges_in_channel(actor.channel, now)?;
        if let Some(mine) = open.iter().find(|c| c.challenger == actor.user) {
            return refuse(t!(
                language,
                ChallengeAlreadyOpen,
                opponent = self.name_of(actor.guild, mine.challenged.unwrap_or_default()),
                cmd_cancel = self.command(language, "cancel"),
            ));
        }
        let cooldown = Cooldown::Challenge(actor.user);
        self.cooled_down(actor.language, cooldown)?;
        self.store
            .ensure_player(actor.guild, actor.user, &actor.name, now)?;
        self.store
            .ensure_player(actor.guild, opponent.user, &opponent.name, now)?;
        let challenge = self.store.create_challenge(&NewChallenge {
            guild: actor.guild,
            channel: actor.channel,
            challenger: actor.user,
            challenged: Some(opponent.user),
            colour,
            time_per_move_ms: millis(time),
            rated: true,
            created_at: now,
            expires_at: now + millis(self.settings.challenge_expiry.unwrap_or(time)),
        })?;
        self.used(cooldown);
        Ok(Self::challenge_reply(
            self.public_language(actor),
            &challenge,
        ))
    }

    /// The challenge message, with its Accept, Decline and Cancel buttons.
    fn challenge_reply(language: Language, challenge: &Challenge) -> Reply {
        let color = match challenge.colour {
            ColourChoice::White => "white",
            ColourChoice::Black => "black",
            ColourChoice::Random => "random",
        };
        let text = t!(
            language,
            ChallengeMessage,
            challenged = format!("<@{}>", challenge.challenged.unwrap_or_default()),
            challenger = format!("<@{}>", challenge.challenger),
            color = color,
            time = human_duration(language, challenge.time_per_move_ms),
            expiry = human_duration(language, challenge.expires_at - challenge.created_at),
        );
        let id = challenge.id;
        Reply {
            text,
            components: vec![vec![
                button(
                    ComponentAction::Challenge(id, ChallengeButton::Accept),
                    &t!(language, ChallengeButtonAccept),
                    ButtonStyle::Success,
                ),
                button(
                    ComponentAction::Challenge(id, ChallengeButton::Decline),
                    &t!(language, ChallengeButtonDecline),
                    ButtonStyle::Danger,
                ),
                button(
                    ComponentAction::Challenge(id, ChallengeButton::Cancel),
                    &t!(language, ChallengeButtonCancel),
                    ButtonStyle::Secondary,
                ),
            ]],
            mentions: challenge.challenged.into_iter().collect(),
            challenge: Some(id),
            ..Reply::default()
        }
    }

    fn name_of(&self, guild: u64, user: u64) -> String {
        self.participant_name(Language::En, guild, Participant::User(user))
    }

    /// Refuses to start a game in a busy channel: "A game is running here".
    fn refuse_busy_channel(&self, actor: &Actor) -> Flow<()> {
        let Some(game) = self.store.active_game_in_channel(actor.channel)? else {
            return Ok(());
        };
        let mut reply = Reply::private(t!(actor.language, ChallengeChannelBusy, game = game.id.0));
        reply.current_board = game.board_message;
        Err(Stop::refused(reply))
    }

    /// The pending challenge an answer is about: the given one, or the actor's in this channel.
    fn find_challenge(
        &self,
        actor: &Actor,
        id: Option<ChallengeId>,
        received: bool,
    ) -> Flow<Challenge> {
        if let Some(id) = id {
            return match self.store.challenge(id)? {
                Some(challenge) => Ok(challenge),
                None => refuse(t!(actor.language, ChallengeNotFound)),
            };
        }
        let open = self
            .store
            .pending_challenges_in_channel(actor.channel, self.now())?;
        let found = open.into_iter().find(|c| {
            if received {
                c.challenged == Some(actor.user)
            } else {
                c.challenger == actor.user
            }
        });
        match found {
            Some(challenge) => Ok(challenge),
            None if received => refuse(t!(actor.language, ChallengeNoneReceived)),
            None => refuse(t!(actor.language, ChallengeNoneSent)),
        }
    }

    /// Why a challenge can no longer be answered, in a language.
    fn not_pending_text(&self, language: Language, challenge: &Challenge) -> String {
        match challenge.status {
            ChallengeStatus::Accepted => t!(language, ChallengeWasAccepted),
            ChallengeStatus::Declined => t!(language, ChallengeWasDeclined),
            ChallengeStatus::Cancelled => t!(language, ChallengeWasCancelled),
            ChallengeStatus::Expired | ChallengeStatus::Pending => t!(
                language,
                ChallengeExpired,
                cmd_challenge = self.command(language, "challenge"),
            ),
        }
    }

    /// Accept (button or `/accept`): only the challenged member may.
    pub(crate) fn accept(
        &self,
        actor: &Actor,
        id: Option<ChallengeId>,
        from: Option<crate::store::UserId>,
    ) -> Flow<Reply> {
        let _ = from;
        let challenge = self.find_challenge(actor, id, true)?;
        if challenge.challenged != Some(actor.user) {
            return refuse(t!(
                actor.language,
                ChallengeAcceptNotYours,
                name = self.name_of(challenge.guild, challenge.challenged.unwrap_or_default()),
            ));
        }
        let now = self.now();
        if challenge.status != ChallengeStatus::Pending || challenge.expires_at <= now {
            return refuse(self.not_pending_text(actor.language, &challenge));
        }
        let challenger_white = match challenge.colour {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => self.random_bool(),
        };
        let (white, black) = if challenger_white {
            (challenge.challenger, actor.user)
        } else {
            (actor.user, challenge.challenger)
        };
        self.store
            .ensure_player(challenge.guild, actor.user, &actor.name, now)?;
        let new_game = NewGame {
            guild: challenge.guild,
            channel: challenge.channel,
            white: Participant::User(white),
            black: Participant::User(black),
            time_per_move_ms: challenge.time_per_move_ms,
            rated: challenge.rated,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
        };
        let game = match self.store.accept_challenge(challenge.id, &new_game) {
            Ok((_, game)) => game,
            Err(StoreError::ChannelBusy { .. }) => {
                self.refuse_busy_channel(actor)?;
                return refuse(t!(actor.language, ChallengeGameRunning));
            }
            Err(StoreError::ChallengeNotPending { .. } | StoreError::ChallengeExpired(_)) => {
                let fresh = self.store.challenge(challenge.id)?.unwrap_or(challenge);
                return refuse(self.not_pending_text(actor.language, &fresh));
            }
            Err(other) => return Err(other.into()),
        };
        let loaded = self.load(game)?;
        let headline = t!(
            self.public_language(actor),
            ChallengeAccepted,
            name = escape_markdown(&actor.name),
            white = format!("<@{white}>"),
            black = format!("<@{black}>"),
        );
        let mut reply = self.board_reply(self.public_language(actor), &loaded, &headline, None);
        reply.mentions.push(challenge.challenger);
        Ok(reply)
    }

    /// Decline (button or `/decline`): only the challenged member.
    pub(crate) fn decline(&self, actor: &Actor, id: Option<ChallengeId>) -> Flow<Reply> {
        let challenge = self.find_challenge(actor, id, true)?;
        if challenge.challenged != Some(actor.user) {
            let name = self.name_of(challenge.guild, challenge.challenged.unwrap_or_default());
            return refuse(if challenge.challenger == actor.user {
                t!(actor.language, ChallengeDeclineOwn, name = name)
            } else {
                t!(actor.language, ChallengeDeclineNotYours, name = name)
            });
        }
        self.resolve(
            actor,
            &challenge,
            ChallengeStatus::Declined,
            &t!(
                self.public_language(actor),
                ChallengeDeclined,
                name = escape_markdown(&actor.name),
                challenger = format!("<@{}>", challenge.challenger),
            ),
            challenge.challenger,
        )
    }

    /// Cancel (button or `/cancel`): only the challenger.
    pub(crate) fn cancel(&self, actor: &Actor, id: Option<ChallengeId>) -> Flow<Reply> {
        let challenge = self.find_challenge(actor, id, false)?;
        if challenge.challenger != actor.user {
            return refuse(t!(
                actor.language,
                ChallengeCancelNotYours,
                name = self.name_of(challenge.guild, challenge.challenger),
            ));
        }
        self.resolve(
            actor,
            &challenge,
            ChallengeStatus::Cancelled,
            &t!(
                self.public_language(actor),
                ChallengeCancelled,
                name = escape_markdown(&actor.name),
                challenged = format!("<@{}>", challenge.challenged.unwrap_or_default()),
            ),
            challenge.challenged.unwrap_or_default(),
        )
    }

    /// Declines or cancels a pending challenge; `notify` is told.
    fn resolve(
        &self,
        actor: &Actor,
        challenge: &Challenge,
        to: ChallengeStatus,
        text: &str,
        notify: u64,
    ) -> Flow<Reply> {
        if challenge.status != ChallengeStatus::Pending || challenge.expires_at <= self.now() {
            return refuse(self.not_pending_text(actor.language, challenge));
        }
        match self.store.resolve_challenge(challenge.id, to, self.now()) {
            Ok(_) => Ok(Reply {
                challenge: Some(challenge.id),
                mentions: vec![notify],
                ..Reply::public(text)
            }),
            Err(StoreError::ChallengeNotPending { .. } | StoreError::ChallengeExpired(_)) => {
                let fresh = self
                    .store
                    .challenge(challenge.id)?
                    .unwrap_or_else(|| challenge.clone());
                refuse(self.not_pending_text(actor.language, &fresh))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// `/play [level] [colour]`: a game against the engine, unrated.
    pub(crate) fn play_engine(
        &self,
        actor: &Actor,
        level: u8,
        colour: ColourChoice,
    ) -> Flow<Reply> {
        let Some(level) = Level::new(level) else {
            return refuse(t!(
                actor.language,
                ChallengeLevelRange,
                max_level = max_level()
            ));
        };
        self.refuse_busy_channel(actor)?;
        let human_white = match colour {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => self.random_bool(),
        };
        self.start_engine_game(actor, level, human_white)
    }

    fn start_engine_game(&self, actor: &Actor, level: Level, human_white: bool) -> Flow<Reply> {
        let now = self.now();
        self.store
            .ensure_player(actor.guild, actor.user, &actor.name, now)?;
        let human = Participant::User(actor.user);
        let engine = Participant::Engine(level.number());
        let (white, black) = if human_white {
            (human, engine)
        } else {
            (engine, human)
        };
        let game = match self.store.create_game(&NewGame {
            in_thread: false,
            guild: actor.guild,
            channel: actor.channel,
            white,
            black,
            time_per_move_ms: millis(self.settings.default_time_per_move),
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
        }) {
            Ok(game) => game,
            Err(StoreError::ChannelBusy { .. }) => {
                self.refuse_busy_channel(actor)?;
                return refuse(t!(actor.language, ChallengeGameRunning));
            }
            Err(other) => return Err(other.into()),
        };
        let mut loaded = self.load(game)?;
        let colour = if human_white {
            Color::White
        } else {
            Color::Black
        };
        let language = self.public_language(actor);
        let mut headline = t!(
            language,
            ChallengeEngineGame,
            name = escape_markdown(&actor.name),
            color = colour.name(),
            engine = engine_name(language, level.number()),
        );
        if !human_white {
            // Unless resuming got to the new game first, the engine opens now.
            if let Some(_searching) = self.start_searching(loaded.record.id) {
                if let Some(text) =
                    self.engine_move(self.public_language(actor), &mut loaded, level.number())?
                {
                    headline.push(' ');
                    headline.push_str(&text);
                }
            }
        }
        Ok(self.board_reply(self.public_language(actor), &loaded, &headline, None))
    }

    /// Rematch: colours swapped. Against the engine it starts at once; against a member it is
    /// a new challenge for them to accept.
    ///
    /// From a board, its game; from the channel, its latest game.
    pub(crate) fn rematch(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        let old = match origin.game() {
            Some(game) => match self.store.game(game)? {
                Some(old) => old,
                None => return refuse(t!(actor.language, ChallengeGameNotFound)),
            },
            None => self.info_game(actor, None)?,
        };
        if old.status == GameStatus::Active {
            return refuse(t!(actor.language, ChallengeRematchRunning));
        }
        let Some(colour) = old.colour_of(actor.user) else {
            return refuse(t!(actor.language, ChallengeRematchNotPlayer));
        };
        let opponent = old.participant(!colour);
        let actor_here = Actor {
            channel: old.channel,
            guild: old.guild,
            ..actor.clone()
        };
        match opponent {
            Participant::Engine(level) => {
                self.refuse_busy_channel(&actor_here)?;
                let level = Level::new(level).unwrap_or(Level::ALL[0]);
                self.start_engine_game(&actor_here, level, colour == Color::Black)
            }
            Participant::User(user) => {
                let member = Member {
                    user,
                    name: self.name_of(old.guild, user),
                    is_bot: false,
                };
                let wanted = if colour == Color::White {
                    ColourChoice::Black
                } else {
                    ColourChoice::White
                };
                self.challenge(
                    &actor_here,
                    Some(&member),
                    wanted,
                    Some(Duration::from_millis(
                        u64::try_from(old.time_per_move_ms).unwrap_or(0),
                    )),
                )
            }
        }
    }
}

impl GameService {
    /// Challenges whose time ran out, as edits of their messages.
    pub(crate) fn expired_challenges(
        &self,
        now: crate::store::Millis,
    ) -> Result<Vec<super::Notice>, super::ServiceError> {
        let mut notices = Vec::new();
        for challenge in self.store.expire_challenges(now)? {
            let language = self.server_language(challenge.guild);
            let to = self.participant_name(
                language,
                challenge.guild,
                Participant::User(challenge.challenged.unwrap_or_default()),
            );
            let mut reply = Reply::public(t!(
                language,
                ChallengeExpiredNotice,
                challenger = format!("<@{}>", challenge.challenger),
                challenged = to,
            ));
            reply.mentions.push(challenge.challenger);
            notices.push(super::Notice {
                guild: challenge.guild,
                channel: challenge.channel,
                reply,
                edit: challenge.message,
                direct: None,
            });
        }
        Ok(notices)
    }

    /// Engine games left idle for too long, ended without a result.
    pub(crate) fn idle_engine_games(
        &self,
        now: crate::store::Millis,
    ) -> Result<Vec<super::Notice>, super::ServiceError> {
        // scaffold: built with the idle engine games.
        let _ = now;
        Ok(Vec::new())
    }

    /// Ends the idle engine game of the origin, to start a game in its channel.
    pub(crate) fn end_idle(&self, actor: &Actor, origin: Origin) -> Flow<Reply> {
        todo!("end idle: {actor:?} {origin:?}")
    }
}
