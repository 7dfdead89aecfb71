//! Starting games: challenges between members, games against the engine, rematches.

use dama_core::i18n::human_duration;
use dama_core::store::ColourChoice;
use dama_core::store::Member;
use dama_core::text::{Part, RichText};
use std::time::Duration;

use dama_engine::Level;
use dama_rules::{Color, Position};

use crate::action::{Flow, Origin, Stop, refuse};
use crate::engine_name;
use crate::engine_pool::Request;
use crate::limits::queued_text;
use crate::live::{Pace, base_text, check_time_control, seconds_text};
use crate::notify::live_time;
use crate::reply::{ButtonStyle, ChallengeButton, ComponentAction, GameButton, button};
use crate::settings::millis;
use crate::texts::command;
use crate::threads::StartPlace;
use crate::{
    Actor, Cooldown, GameService, MAX_TIME_PER_MOVE, MIN_TIME_PER_MOVE, Notice, Reply, ServiceError,
};
use dama_core::i18n::{Language, t, tr};
use dama_core::store::{
    Challenge, ChallengeId, ChallengeStatus, Game, GameStatus, Millis, NewChallenge, NewGame,
    Participant, StoreError, TimeControl, UserId,
};

/// The strongest engine level, as the texts name it.
fn max_level() -> u8 {
    Level::ALL[Level::ALL.len() - 1].number()
}

impl GameService {
    /// `/challenge [@member] [colour] [time]`: to a member, or open to anyone (no member); a
    /// correspondence game (a time per move) or a live game on a clock (`5+3`).
    /// The time per move defaults to the server's; the challenge stays open for the server's
    /// expiry, else the configuration's, else as long as its time per move (see
    /// [`Self::challenge_expiry`]).
    pub(crate) fn challenge(
        &self,
        actor: &Actor,
        opponent: Option<&Member>,
        colour: ColourChoice,
        pace: Pace,
    ) -> Flow<Reply> {
        let language = actor.language;
        if let Some(opponent) = opponent {
            if opponent.is_bot {
                return refuse(tr!(
                    language,
                    ChallengeBot,
                    cmd_play = command("play"),
                    max_level = max_level(),
                ));
            }
            if opponent.user == actor.user {
                return refuse(tr!(language, ChallengeSelf, cmd_play = command("play"),));
            }
        }
        let (time, clock) = match pace {
            Pace::PerMove(Some(time)) => (time, None),
            Pace::PerMove(None) => (self.default_time_per_move(actor.guild)?, None),
            Pace::Live(clock) => {
                check_time_control(language, clock)?;
                // A live game's time per move only paces its challenge's expiry and the
                // reminders' wording: its base, at least the shortest time per move.
                let base = Duration::from_millis(u64::try_from(clock.base_ms).unwrap_or(0));
                (base.max(MIN_TIME_PER_MOVE), Some(clock))
            }
        };
        if time < MIN_TIME_PER_MOVE || time > MAX_TIME_PER_MOVE {
            return refuse(t!(
                language,
                ChallengeTimeRange,
                min = human_duration(language, millis(MIN_TIME_PER_MOVE)),
                max = human_duration(language, millis(MAX_TIME_PER_MOVE)),
            ));
        }
        self.start_place(actor)?;
        let now = self.now();
        let open = self
            .store
            .pending_challenges_in_channel(actor.channel, now)?;
        if let Some(mine) = open.iter().find(|c| c.challenger == actor.user) {
            let cmd_cancel = command("cancel");
            return refuse(if let Some(to) = mine.challenged {
                tr!(
                    language,
                    ChallengeAlreadyOpen,
                    opponent = self.name_of(actor.guild, to),
                    cmd_cancel = cmd_cancel,
                )
            } else {
                tr!(language, StartAlreadyOpenAnyone, cmd_cancel = cmd_cancel)
            });
        }
        let cooldown = Cooldown::Challenge(actor.user);
        self.cooled_down(actor.language, cooldown)?;
        self.store
            .ensure_player(actor.guild, actor.user, &actor.name, now)?;
        if let Some(opponent) = opponent {
            self.store
                .ensure_player(actor.guild, opponent.user, &opponent.name, now)?;
        }
        let expiry = self.challenge_expiry(actor.guild, time)?;
        let challenge = self.store.create_challenge(&NewChallenge {
            guild: actor.guild,
            channel: actor.channel,
            challenger: actor.user,
            challenged: opponent.map(|opponent| opponent.user),
            colour,
            time_per_move_ms: millis(time),
            clock,
            rated: true,
            created_at: now,
            expires_at: now.saturating_add(millis(expiry)),
        })?;
        self.used(cooldown);
        Ok(Self::challenge_reply(
            self.public_language(actor),
            &challenge,
        ))
    }

    /// The challenge message, with its Accept, Decline and Cancel buttons: to a member, or
    /// open to anyone (mentioning nobody).
    fn challenge_reply(language: Language, challenge: &Challenge) -> Reply {
        let color = match challenge.colour {
            ColourChoice::White => "white",
            ColourChoice::Black => "black",
            ColourChoice::Random => "random",
        };
        let by = Part::Person(challenge.challenger);
        let time = human_duration(language, challenge.time_per_move_ms);
        let expires = live_time(challenge.expires_at);
        let text = if let Some(clock) = challenge.clock {
            let control = clock.to_string();
            let base = base_text(language, clock.base_ms);
            let increment = seconds_text(clock.increment_ms);
            if let Some(to) = challenge.challenged {
                tr!(
                    language,
                    ChallengeMessageLive,
                    challenged = Part::Person(to),
                    challenger = by,
                    color = color,
                    control = control,
                    base = base,
                    increment = increment,
                    expires = expires,
                )
            } else {
                tr!(
                    language,
                    StartOpenChallengeLive,
                    challenger = by,
                    color = color,
                    control = control,
                    base = base,
                    increment = increment,
                    expires = expires,
                )
            }
        } else if let Some(to) = challenge.challenged {
            tr!(
                language,
                ChallengeMessage,
                challenged = Part::Person(to),
                challenger = by,
                color = color,
                time = time,
                expires = expires,
            )
        } else {
            tr!(
                language,
                StartOpenChallenge,
                challenger = by,
                color = color,
                time = time,
                expires = expires,
            )
        };
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

    fn name_of(&self, guild: u64, user: u64) -> Part {
        self.participant_name(Language::En, guild, Participant::User(user))
    }

    /// Refuses to start a game in a busy channel: "A game is running here"; or, when the game
    /// is one against the engine whose player has left it for
    /// [`crate::ServiceSettings::engine_idle`], asks whether to end it, with a button that
    /// does.
    pub(crate) fn refuse_busy_channel(&self, actor: &Actor) -> Flow<()> {
        let Some(game) = self.store.active_game_in_channel(actor.channel)? else {
            return Ok(());
        };
        let language = actor.language;
        let mut reply = match self.idle_for(&game) {
            Some(idle) if idle >= millis(self.settings.engine_idle) => {
                let mut reply = Reply::private(t!(
                    language,
                    StartIdleEngine,
                    game = game.id.0,
                    idle = human_duration(language, idle),
                ));
                reply.components.push(vec![button(
                    ComponentAction::Game(game.id, game.ply, GameButton::EndIdle),
                    &t!(language, StartButtonEndIdle),
                    ButtonStyle::Danger,
                )]);
                reply
            }
            _ if game.thread == Some(actor.channel) => Reply::private(tr!(
                language,
                StartThreadTaken,
                game = game.id.0,
                channel = Part::Channel(game.channel),
            )),
            _ => Reply::private(t!(language, ChallengeChannelBusy, game = game.id.0)),
        };
        reply.current_board = game.board_message;
        Err(Stop::refused(reply))
    }

    /// How long the person of a game against the engine has let it wait for their move;
    /// `None` for a game between members, or one where the engine is to move.
    pub(crate) fn idle_for(&self, game: &Game) -> Option<Millis> {
        let to_move = game.participant(game.side_to_move()?);
        let other = game.participant(!game.side_to_move()?);
        match (to_move, other) {
            (Participant::User(_), Participant::Engine(_)) => {
                Some(self.now().saturating_sub(game.last_move_at))
            }
            _ => None,
        }
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
    fn not_pending_text(language: Language, challenge: &Challenge) -> RichText {
        match challenge.status {
            ChallengeStatus::Accepted => t!(language, ChallengeWasAccepted).into(),
            ChallengeStatus::Declined => t!(language, ChallengeWasDeclined).into(),
            ChallengeStatus::Cancelled => t!(language, ChallengeWasCancelled).into(),
            ChallengeStatus::Expired | ChallengeStatus::Pending => tr!(
                language,
                ChallengeExpired,
                cmd_challenge = command("challenge"),
            ),
        }
    }

    /// The challenge `/accept` (or an Accept button) is about: the clicked one; else the one
    /// open here for the actor from `from`; else the only one naming the actor here, or the
    /// only one open to anyone. Several without `from` are refused, naming who challenged.
    fn challenge_to_accept(
        &self,
        actor: &Actor,
        id: Option<ChallengeId>,
        from: Option<UserId>,
    ) -> Flow<Challenge> {
        if id.is_some() {
            return self.find_challenge(actor, id, true);
        }
        let language = actor.language;
        let open = self
            .store
            .pending_challenges_in_channel(actor.channel, self.now())?;
        let (named, anyone): (Vec<Challenge>, Vec<Challenge>) = open
            .into_iter()
            .filter(|c| match c.challenged {
                Some(challenged) => challenged == actor.user,
                None => c.challenger != actor.user,
            })
            .partition(|c| c.challenged.is_some());
        if let Some(from) = from {
            return match named
                .into_iter()
                .chain(anyone)
                .find(|c| c.challenger == from)
            {
                Some(challenge) => Ok(challenge),
                None => refuse(tr!(
                    language,
                    StartNoneFrom,
                    name = self.name_of(actor.guild, from)
                )),
            };
        }
        match (named.len(), anyone.len()) {
            (1, _) => Ok(named.into_iter().next().unwrap_or_else(|| unreachable!())),
            (0, 1) => Ok(anyone.into_iter().next().unwrap_or_else(|| unreachable!())),
            (0, 0) => refuse(t!(language, ChallengeNoneReceived)),
            _ => {
                let who = named
                    .iter()
                    .chain(&anyone)
                    .map(|c| self.name_of(actor.guild, c.challenger));
                refuse(tr!(
                    language,
                    StartAcceptWhich,
                    names = RichText::join(who, ", "),
                    cmd_accept = command("accept"),
                ))
            }
        }
    }

    /// Accept (button or `/accept [from]`): only the challenged member may, or for an open
    /// challenge anyone but the challenger. The game is played in a thread where the server
    /// wants threads and the bot may open them (the answer is one line in the channel and the
    /// thread to open), else in the channel.
    pub(crate) fn accept(
        &self,
        actor: &Actor,
        id: Option<ChallengeId>,
        from: Option<UserId>,
    ) -> Flow<Reply> {
        let challenge = self.challenge_to_accept(actor, id, from)?;
        let now = self.now();
        if challenge.status != ChallengeStatus::Pending || challenge.expires_at <= now {
            return refuse(Self::not_pending_text(actor.language, &challenge));
        }
        match challenge.challenged {
            Some(challenged) if challenged != actor.user => {
                return refuse(tr!(
                    actor.language,
                    ChallengeAcceptNotYours,
                    name = self.name_of(challenge.guild, challenged),
                ));
            }
            None if challenge.challenger == actor.user => {
                return refuse(t!(actor.language, StartOpenOwnAccept));
            }
            _ => {}
        }
        let place = self.start_place(actor)?;
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
            clock: challenge.clock,
            rated: challenge.rated,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: place.in_thread,
            // The game speaks the challenger's language where the server chose none.
            language: Some(
                self.person_language(challenge.challenger)
                    .unwrap_or(actor.language),
            ),
        };
        let game = match self.store.accept_challenge(challenge.id, &new_game) {
            Ok((_, game)) => game,
            Err(StoreError::ChannelBusy { .. }) => {
                self.refuse_busy_channel(actor)?;
                return refuse(t!(actor.language, ChallengeGameRunning));
            }
            Err(StoreError::ChallengeNotPending { .. } | StoreError::ChallengeExpired(_)) => {
                let fresh = self.store.challenge(challenge.id)?.unwrap_or(challenge);
                return refuse(Self::not_pending_text(actor.language, &fresh));
            }
            Err(other) => return Err(other.into()),
        };
        let language = self.game_language(&game);
        if game.in_thread {
            return Ok(self.thread_start_reply(language, &game));
        }
        let loaded = self.load(game)?;
        let headline = tr!(
            language,
            ChallengeAccepted,
            name = Part::Name(actor.name.clone()),
            white = Part::Person(white),
            black = Part::Person(black),
        );
        let mut reply = self.channel_start_reply(language, &loaded, headline, place);
        reply.mentions.push(challenge.challenger);
        Ok(reply)
    }

    /// Decline (button or `/decline`): only the challenged member.
    pub(crate) fn decline(&self, actor: &Actor, id: Option<ChallengeId>) -> Flow<Reply> {
        let challenge = self.find_challenge(actor, id, true)?;
        let Some(challenged) = challenge.challenged else {
            // An open challenge: whoever does not want it leaves it.
            return refuse(if challenge.challenger == actor.user {
                t!(actor.language, StartOpenDeclineOwn).into()
            } else {
                tr!(
                    actor.language,
                    StartOpenDecline,
                    expires = live_time(challenge.expires_at)
                )
            });
        };
        if challenged != actor.user {
            let name = self.name_of(challenge.guild, challenged);
            return refuse(if challenge.challenger == actor.user {
                tr!(actor.language, ChallengeDeclineOwn, name = name)
            } else {
                tr!(actor.language, ChallengeDeclineNotYours, name = name)
            });
        }
        self.resolve(
            actor,
            &challenge,
            ChallengeStatus::Declined,
            tr!(
                self.public_language(actor),
                ChallengeDeclined,
                name = Part::Name(actor.name.clone()),
                challenger = Part::Person(challenge.challenger),
            ),
            Some(challenge.challenger),
        )
    }

    /// Cancel (button or `/cancel`): only the challenger.
    pub(crate) fn cancel(&self, actor: &Actor, id: Option<ChallengeId>) -> Flow<Reply> {
        let challenge = self.find_challenge(actor, id, false)?;
        if challenge.challenger != actor.user {
            return refuse(tr!(
                actor.language,
                ChallengeCancelNotYours,
                name = self.name_of(challenge.guild, challenge.challenger),
            ));
        }
        let language = self.public_language(actor);
        let name = Part::Name(actor.name.clone());
        let text = if let Some(to) = challenge.challenged {
            tr!(
                language,
                ChallengeCancelled,
                name = name,
                challenged = Part::Person(to),
            )
        } else {
            tr!(language, StartOpenCancelled, name = name)
        };
        self.resolve(
            actor,
            &challenge,
            ChallengeStatus::Cancelled,
            text,
            challenge.challenged,
        )
    }

    /// Declines or cancels a pending challenge; `notify` is told.
    fn resolve(
        &self,
        actor: &Actor,
        challenge: &Challenge,
        to: ChallengeStatus,
        text: RichText,
        notify: Option<UserId>,
    ) -> Flow<Reply> {
        if challenge.status != ChallengeStatus::Pending || challenge.expires_at <= self.now() {
            return refuse(Self::not_pending_text(actor.language, challenge));
        }
        match self.store.resolve_challenge(challenge.id, to, self.now()) {
            Ok(_) => Ok(Reply {
                challenge: Some(challenge.id),
                mentions: notify.into_iter().collect(),
                ..Reply::public(text)
            }),
            Err(StoreError::ChallengeNotPending { .. } | StoreError::ChallengeExpired(_)) => {
                let fresh = self
                    .store
                    .challenge(challenge.id)?
                    .unwrap_or_else(|| challenge.clone());
                refuse(Self::not_pending_text(actor.language, &fresh))
            }
            Err(other) => Err(other.into()),
        }
    }

    /// `/play [level] [colour] [clock]`: a game against the engine, unrated, in a thread where
    /// the server wants threads and the bot may open them; on a live clock when one is given.
    pub(crate) fn play_engine(
        &self,
        actor: &Actor,
        level: u8,
        colour: ColourChoice,
        clock: Option<TimeControl>,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        let Some(level) = Level::new(level) else {
            return refuse(t!(
                actor.language,
                ChallengeLevelRange,
                max_level = max_level()
            ));
        };
        if let Some(clock) = clock {
            check_time_control(actor.language, clock)?;
        }
        let place = self.start_place(actor)?;
        let human_white = match colour {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => self.random_bool(),
        };
        let start = EngineStart {
            level,
            human_white,
            clock,
        };
        self.start_engine_game(actor, start, place, progress)
    }

    /// Starts a game against the engine, within the limits: a cooldown between two, games
    /// running per player and per server, and (when the engine opens) room in its line;
    /// `progress` hears the engine's first move's place in its line.
    fn start_engine_game(
        &self,
        actor: &Actor,
        start: EngineStart,
        place: StartPlace,
        progress: &(dyn Fn(String) + Sync),
    ) -> Flow<Reply> {
        let EngineStart {
            level,
            human_white,
            clock,
        } = start;
        self.engine_game_room(actor)?;
        if !human_white {
            self.engine_admits(actor.language, Some(actor.user))?;
        }
        let cooldown = self.take_cooldown(actor.language, Cooldown::PlayEngine(actor.user))?;
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
            in_thread: place.in_thread,
            guild: actor.guild,
            channel: actor.channel,
            white,
            black,
            time_per_move_ms: millis(self.default_time_per_move(actor.guild)?),
            clock,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            language: Some(actor.language),
        }) {
            Ok(game) => {
                cooldown.keep();
                game
            }
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
        let language = self.game_language(&loaded.record);
        let mut headline = tr!(
            language,
            ChallengeEngineGame,
            name = Part::Name(actor.name.clone()),
            color = colour.name(),
            engine = engine_name(language, level.number()),
        );
        if !human_white {
            // Unless resuming got to the new game first, the engine opens now.
            if let Some(_searching) = self.start_searching(loaded.record.id) {
                let queued = |place| progress(queued_text(language, place));
                let request = Request {
                    who: Some(actor.user),
                    queued: &queued,
                };
                if let Some(text) =
                    self.engine_move(language, &mut loaded, level.number(), &request)?
                {
                    headline.push_str(" ");
                    headline.append(text);
                }
            }
        }
        if loaded.record.in_thread {
            // The board, with the engine's opening move, goes in the thread.
            return Ok(self.thread_start_reply(language, &loaded.record));
        }
        Ok(self.channel_start_reply(language, &loaded, headline, place))
    }

    /// Rematch: colours swapped, where the game was played. Against the engine it starts at
    /// once; against a member it is a new challenge for them to accept.
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
        let actor_here = actor.clone().guild(old.guild).channel(old.place());
        match opponent {
            Participant::Engine(level) => {
                let place = self.start_place(&actor_here)?;
                let level = Level::new(level).unwrap_or(Level::ALL[0]);
                let start = EngineStart {
                    level,
                    human_white: colour == Color::Black,
                    clock: old.clock.map(|clock| clock.control),
                };
                self.start_engine_game(&actor_here, start, place, &|_| {})
            }
            Participant::User(user) => {
                let member = Member {
                    user,
                    name: self.plain_name(Language::En, old.guild, Participant::User(user)),
                    is_bot: false,
                };
                let wanted = if colour == Color::White {
                    ColourChoice::Black
                } else {
                    ColourChoice::White
                };
                // The rematch is played at the same pace.
                let pace = match old.clock {
                    Some(clock) => Pace::Live(clock.control),
                    None => Pace::PerMove(Some(Duration::from_millis(
                        u64::try_from(old.time_per_move_ms).unwrap_or(0),
                    ))),
                };
                self.challenge(&actor_here, Some(&member), wanted, pace)
            }
        }
    }
}

/// How a game against the engine starts.
#[derive(Debug, Clone, Copy)]
struct EngineStart {
    level: Level,
    human_white: bool,
    /// A live game's time control.
    clock: Option<TimeControl>,
}

impl GameService {
    /// Challenges whose time ran out, marked expired; their notices (edits of their messages)
    /// are in the outbox (see [`Self::expired_notice`]).
    pub(crate) fn expired_challenges(&self, now: Millis) -> Result<(), ServiceError> {
        let expired = self.store.expire_challenges(now, self.shard_span())?;
        let mut channels: Vec<_> = expired.iter().map(|challenge| challenge.channel).collect();
        channels.sort_unstable();
        channels.dedup();
        for channel in channels {
            self.changes.publish_lobby(channel);
        }
        Ok(())
    }

    /// The notice of an expired challenge: the edit of its message.
    pub(crate) fn expired_notice(&self, challenge: &Challenge) -> Notice {
        let language = self.challenge_language(challenge);
        let by = Part::Person(challenge.challenger);
        let text = if let Some(to) = challenge.challenged {
            tr!(
                language,
                ChallengeExpiredNotice,
                challenger = by,
                challenged =
                    self.participant_name(language, challenge.guild, Participant::User(to)),
            )
        } else {
            tr!(language, StartOpenExpired, challenger = by)
        };
        let mut reply = Reply::public(text);
        reply.mentions.push(challenge.challenger);
        Notice {
            guild: challenge.guild,
            channel: challenge.channel,
            reply,
            edit: challenge.message,
            direct: None,
        }
    }
}
