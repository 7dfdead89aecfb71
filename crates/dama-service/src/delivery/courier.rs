//! [`Courier`]: what an answer brings, delivered once for every front end.

use std::sync::Arc;
use std::time::{Duration, Instant};

use dama_core::store::{ChannelId, GuildId, MessageRef, UserId};
use dama_core::text::{Part, RichText};
use dama_render::Renderer;
use tracing::{info, warn};

use super::chat::{Chat, ChatError, Drawn, draw_notices};
use super::lanes::{Job, Parts};
use crate::work::Work;
use crate::{
    Actor, Delivery, GameService, Lane, Notice, Reply, ReplyOutbox, ServiceError, ThreadStart,
};

/// Delivers what the service answers through a front end's [`Chat`]: the answer (when the
/// front end does not answer itself, as Discord answers an interaction), the message that
/// shows a game's board or a challenge remembered (and the board it replaces retired), the
/// thread of a game that starts with its first board, the notices channel by channel with
/// their direct messages (and their fallback in the channel), the outbox's notices reported,
/// the thread of a game that ended wound down; and the sweep's notices. Cheap to clone.
#[derive(Clone)]
pub struct Courier {
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    work: Work,
    pub(super) chat: Arc<dyn Chat>,
    /// How long one post may take before it is left for later.
    pub(super) deadline: Duration,
}

/// Where an answer posted by the courier went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posted {
    pub at: MessageRef,
    /// The thread of the game it starts, when one opened.
    pub thread: Option<ChannelId>,
}

impl Courier {
    /// A courier through `chat`, the service's calls on `work`, each post given `deadline`.
    #[must_use]
    pub fn new(
        service: Arc<GameService>,
        renderer: Arc<Renderer>,
        work: Work,
        chat: Arc<dyn Chat>,
        deadline: Duration,
    ) -> Courier {
        Courier {
            service,
            renderer,
            work,
            chat,
            deadline,
        }
    }

    #[must_use]
    pub fn service(&self) -> &Arc<GameService> {
        &self.service
    }

    #[must_use]
    pub fn work(&self) -> &Work {
        &self.work
    }

    /// Starts a call of the service for `actor` on the threads of `lane`, its reply drawn for
    /// its readers (see [`Courier::draw`]).
    pub fn start(
        &self,
        actor: Actor,
        lane: Lane,
        call: impl FnOnce(&GameService, &Actor) -> Result<Reply, ServiceError> + Send + 'static,
    ) -> tokio::task::JoinHandle<Result<Drawn, ServiceError>> {
        let courier = self.clone();
        self.work.spawn_in(lane, move || {
            let reply = call(&courier.service, &actor)?;
            Ok(courier.draw(&actor, reply))
        })
    }

    /// Draws the reply to a call of `actor` for its readers: the actor for a private reply,
    /// the server otherwise; its notices each for their server. Blocking (see
    /// [`Drawn::draw`]): run it off the async runtime, next to the service's call.
    #[must_use]
    pub fn draw(&self, actor: &Actor, reply: Reply) -> Drawn {
        let language = if reply.ephemeral {
            actor.language
        } else {
            self.service.public_language(actor)
        };
        Drawn::draw(
            &self.renderer,
            reply,
            language,
            &|guild| self.service.server_language(guild),
            self.chat.draws_pictures(),
        )
    }

    /// Posts a public answer in `channel` (where it was asked, when the front end has no
    /// answer of its own: an action on the page), then what it brings ([`Courier::after`]),
    /// its notices and the outbox's report even when the answer itself could not go.
    pub async fn post(
        &self,
        drawn: &Drawn,
        guild: GuildId,
        channel: ChannelId,
    ) -> Result<Posted, ChatError> {
        let posted = self.chat.post(guild, channel, drawn).await;
        if let Err(error) = &posted {
            warn!(%error, channel, "could not post an answer in its channel; its notices still go");
        }
        let at = posted.as_ref().ok().copied();
        let thread = Box::pin(self.after(drawn, at, guild, channel)).await;
        posted.map(|at| Posted { at, thread })
    }

    /// What an answer brings once it is out (at `posted`, when it is public and the front end
    /// knows where): the message remembered, the thread of a game that starts with the game's
    /// first board in it (or that board in `channel` when no thread can be opened), the
    /// notices channel by channel, those of the outbox reported, the thread of a game that
    /// ended wound down. Failures are logged: the answer itself is out. Returns the thread
    /// opened.
    pub async fn after(
        &self,
        drawn: &Drawn,
        posted: Option<MessageRef>,
        guild: GuildId,
        channel: ChannelId,
    ) -> Option<ChannelId> {
        let claimed = Instant::now();
        let reply = &drawn.reply;
        if let Some(at) = posted {
            self.remember(reply, at).await;
        }
        let mut opened = None;
        if let Some(start) = &reply.thread {
            let from = posted.filter(|_| !reply.ephemeral);
            let started = self.start_thread(start, from, guild, channel);
            match tokio::time::timeout(self.deadline, Box::pin(started)).await {
                Ok(Ok(thread)) => opened = thread,
                Ok(Err(error)) => {
                    warn!(%error, game = %start.game, "could not post the first board of a game");
                }
                Err(_) => {
                    warn!(game = %start.game, "the first board of a game passed its deadline");
                }
            }
        }
        self.post_notices(drawn, claimed).await;
        if let Some(thread) = reply.archive {
            if let Err(error) = self.chat.wind_down(thread).await {
                info!(%error, thread, "could not wind down a finished game's thread");
            }
        }
        opened
    }

    /// An answer's notices: each notice of the outbox one job with its messages, every other
    /// message one; those of the outbox reported, posted or stopped.
    async fn post_notices(&self, drawn: &Drawn, claimed: Instant) {
        let reply = &drawn.reply;
        let spans: Vec<_> = reply.outbox.iter().map(ReplyOutbox::span).collect();
        let mut jobs = Vec::new();
        let mut of_job = Vec::new();
        let mut messages = drawn.notices.clone().into_iter().enumerate().peekable();
        while let Some((index, message)) = messages.next() {
            let span = spans.iter().position(|span| span.contains(&index));
            let mut parts = vec![vec![message]];
            if let Some(at) = span {
                while let Some((_, next)) = messages.next_if(|(next, _)| spans[at].contains(next)) {
                    parts.push(vec![next]);
                }
            }
            jobs.push(Job {
                parts,
                outbox: span.is_some(),
            });
            of_job.push(span);
        }
        let outcomes = self.post_jobs(jobs, claimed).await;
        for (at, part) in reply.outbox.iter().enumerate() {
            let stopped = of_job
                .iter()
                .zip(&outcomes)
                .find(|(span, _)| **span == Some(at))
                .and_then(|(_, outcome)| *outcome);
            let service = Arc::clone(&self.service);
            let part = part.clone();
            let first = part.span().start;
            let report = move || {
                let failed = stopped.map(|stopped| first + stopped.part);
                service.reply_delivered_later(&part, failed, stopped.and_then(|s| s.retry))
            };
            match self.work.spawn(report).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => warn!(%error, "could not record a notice's delivery"),
                Err(error) => warn!(%error, "the job recording a notice's delivery failed"),
            }
        }
    }

    /// Runs a sweep of the service (`run`: the sweep, or the live games' flags), draws what
    /// it finds due and posts it (see [`Courier::deliver`]).
    pub async fn sweep(
        &self,
        run: fn(&GameService) -> Result<Vec<Delivery>, ServiceError>,
    ) -> Result<(), ServiceError> {
        let service = Arc::clone(&self.service);
        let renderer = Arc::clone(&self.renderer);
        let pictures = self.chat.draws_pictures();
        let claimed = Instant::now();
        // The sweep plays the engine's moves a restart interrupted: CPU work.
        let job = self.work.spawn_cpu(move || {
            run(&service).map(|deliveries| {
                deliveries
                    .into_iter()
                    .map(|delivery| {
                        // Each notice drawn with its own notices: one part to post.
                        let parts: Parts = delivery
                            .notices
                            .iter()
                            .map(|notice| {
                                draw_notices(
                                    &renderer,
                                    vec![notice.clone()],
                                    &|guild| service.server_language(guild),
                                    pictures,
                                )
                            })
                            .collect();
                        (delivery, parts)
                    })
                    .collect::<Vec<_>>()
            })
        });
        let deliveries = match job.await {
            Ok(found) => found?,
            Err(error) => {
                warn!(%error, "the sweep's job failed");
                return Ok(());
            }
        };
        let _posting = self.work.track();
        self.deliver(deliveries, claimed).await;
        Ok(())
    }

    /// Posts the sweep's deliveries, each a job of parts (a notice and its own notices),
    /// channel by channel, and reports those of the outbox: posted, or stopped at a part with
    /// the time to try again when it is known. `claimed` is when they were claimed.
    pub async fn deliver(&self, deliveries: Vec<(Delivery, Parts)>, claimed: Instant) {
        let (deliveries, jobs): (Vec<_>, Vec<_>) = deliveries
            .into_iter()
            .map(|(delivery, parts)| {
                let outbox = delivery.outbox_id().is_some();
                (delivery, Job { parts, outbox })
            })
            .unzip();
        let outcomes = self.post_jobs(jobs, claimed).await;
        for (delivery, stopped) in deliveries.into_iter().zip(outcomes) {
            if delivery.outbox_id().is_none() {
                continue;
            }
            let service = Arc::clone(&self.service);
            let report = move || {
                let part = stopped.map(|stopped| stopped.part);
                service.delivered_later(&delivery, part, stopped.and_then(|s| s.retry))
            };
            match self.work.spawn(report).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => warn!(%error, "could not record a notice's delivery"),
                Err(error) => warn!(%error, "the job recording a notice's delivery failed"),
            }
        }
    }

    /// Tells the service which message shows a reply's game, challenge or tournament
    /// sign-up, and takes the controls off the board message it replaces (a channel keeps one
    /// live board per game, not a trail of menus that all answer "out of date"). A failure is
    /// logged: the message is out, only later links to it (or the old board's tidying) will
    /// be missing.
    pub async fn remember(&self, reply: &Reply, at: MessageRef) {
        if !shows_something(reply) {
            return;
        }
        let service = Arc::clone(&self.service);
        let (game, challenge, tournament) = (reply.game, reply.challenge, reply.tournament);
        let job = self.work.spawn(move || {
            let mut replaced = None;
            if let Some(game) = game {
                replaced = service.set_board_message(game, at)?;
            }
            if let Some(challenge) = challenge {
                service.set_challenge_message(challenge, at)?;
            }
            if let Some(tournament) = tournament {
                service.set_tournament_message(tournament, at)?;
            }
            Ok::<Option<MessageRef>, ServiceError>(replaced)
        });
        match job.await {
            Ok(Ok(Some(old))) => {
                if let Err(error) = self.chat.retire(old).await {
                    // Deleted by someone, or a channel no longer reached: nothing to tidy.
                    info!(%error, message = old.message, "could not take the controls off an old board");
                }
            }
            Ok(Ok(None)) => {}
            Ok(Err(error)) => {
                warn!(%error, message = at.message, "could not remember the message of a reply");
            }
            Err(error) => warn!(%error, "the job remembering a message failed"),
        }
    }

    /// Posts one notice: a direct message to its person (when it cannot go, in its channel
    /// with a mention of them instead, and the service told when they take none), else an
    /// edit of the message it is about or a new message in its channel.
    pub(super) async fn deliver_notice(
        &self,
        notice: &Notice,
        drawn: &Drawn,
    ) -> Result<(), ChatError> {
        let Some(user) = notice.direct else {
            return self.post_notice(notice, drawn).await;
        };
        let error = match self.chat.send_direct(notice.guild, user, drawn).await {
            Ok(()) => return Ok(()),
            Err(error) => error,
        };
        if error == ChatError::Closed {
            info!(
                user,
                "their direct messages are closed; mentioning them in the channel instead"
            );
            let service = Arc::clone(&self.service);
            if let Err(error) = self.work.spawn(move || service.direct_failed(user)).await {
                warn!(%error, user, "the job noting a failed direct message failed");
            }
        } else {
            // A failure for a moment says nothing of the person: the next ones go by DM.
            warn!(%error, user, "a direct message failed; mentioning them in the channel this time");
        }
        let fallback = Drawn {
            reply: direct_fallback(&drawn.reply, user),
            ..drawn.clone()
        };
        let notice = Notice {
            direct: None,
            edit: None,
            reply: fallback.reply.clone(),
            ..notice.clone()
        };
        self.post_notice(&notice, &fallback).await
    }

    /// Posts a notice of the sweep (an expired challenge, a forfeited game) or of a reply (a
    /// tournament's round): an edit of the message it is about where there is one, else a new
    /// message in its channel. A new message that starts a game (`reply.thread`) gets the
    /// game's thread opened from it, with the first board there, as an answer that starts a
    /// game does.
    async fn post_notice(&self, notice: &Notice, drawn: &Drawn) -> Result<(), ChatError> {
        if let Some(target) = notice.edit {
            match self.chat.edit(notice.guild, target, drawn).await {
                Ok(()) => {
                    self.remember(&drawn.reply, target).await;
                    return Ok(());
                }
                // Limited: the notice is posted again later.
                Err(error @ ChatError::Limited(_)) => return Err(error),
                Err(error) => {
                    warn!(%error, message = target.message, "could not edit a message for a notice; posting anew");
                }
            }
        }
        let posted = self.chat.post(notice.guild, notice.channel, drawn).await?;
        self.remember(&drawn.reply, posted).await;
        // A game that starts with this line (a tournament round's): its thread opens from it.
        if let Some(start) = &drawn.reply.thread {
            let opened = self.start_thread(start, Some(posted), notice.guild, notice.channel);
            if let Err(error) = Box::pin(opened).await {
                warn!(%error, game = %start.game, "could not post the first board of a game");
            }
        }
        Ok(())
    }

    /// Opens the thread of a starting game from the message `from` (the line that says it
    /// starts), tells the service, and posts the game's first board there, its players added
    /// to the thread. When the thread cannot be opened (no permission, a channel without
    /// threads, no message to start it from) the service hears so and the board goes in
    /// `channel`. Returns the thread opened.
    async fn start_thread(
        &self,
        start: &ThreadStart,
        from: Option<MessageRef>,
        guild: GuildId,
        channel: ChannelId,
    ) -> Result<Option<ChannelId>, ChatError> {
        let opened = match from {
            Some(from) => match self.chat.open_thread(guild, from, &start.name).await {
                Ok(thread) => Some(thread),
                Err(error) => {
                    info!(%error, game = %start.game, "could not open a thread for a game; it is played in its channel");
                    None
                }
            },
            None => None,
        };
        let service = Arc::clone(&self.service);
        let renderer = Arc::clone(&self.renderer);
        let pictures = self.chat.draws_pictures();
        let game = start.game;
        let job = self.work.spawn(move || {
            let reply = match opened {
                Some(thread) => service.thread_opened(game, thread)?,
                None => service.thread_failed(game)?,
            };
            let language = service.server_language(guild);
            Ok::<_, ServiceError>(Drawn::draw(
                &renderer,
                reply,
                language,
                &|g| service.server_language(g),
                pictures,
            ))
        });
        let drawn = match job.await {
            Ok(Ok(drawn)) => drawn,
            Ok(Err(error)) => return Err(ChatError::Failed(error.to_string())),
            Err(error) => return Err(ChatError::Failed(error.to_string())),
        };
        if let Some(thread) = opened {
            let players: Vec<UserId> = drawn.reply.mentions.clone();
            if let Err(error) = self.chat.add_to_thread(thread, &players).await {
                info!(%error, thread, "could not add the players to their game's thread");
            }
        }
        let target = opened.unwrap_or(channel);
        let posted = self.chat.post(guild, target, &drawn).await?;
        self.remember(&drawn.reply, posted).await;
        self.post_notices(&drawn, Instant::now()).await;
        Ok(opened)
    }
}

/// A reply whose message the service wants to know: a game's board, a challenge, a
/// tournament's sign-up.
#[must_use]
pub fn shows_something(reply: &Reply) -> bool {
    !reply.ephemeral
        && (reply.game.is_some() || reply.challenge.is_some() || reply.tournament.is_some())
}

/// A direct message that could not be delivered, as a message in the channel it falls back
/// to: the person in front (unless a board's text names them first), and them the only one it
/// may notify. No components: its buttons, if any, stay on the board.
#[must_use]
pub fn direct_fallback(reply: &Reply, user: UserId) -> Reply {
    let named = reply
        .text
        .spans()
        .first()
        .is_some_and(|span| span.part == Part::Person(user));
    let text = if reply.board.is_some() || named {
        reply.text.clone()
    } else {
        let mut text = RichText::from(Part::Person(user));
        text.push_str(" ");
        text.append(reply.text.clone());
        text
    };
    Reply {
        text,
        mentions: vec![user],
        components: Vec::new(),
        ephemeral: false,
        game: None,
        challenge: None,
        thread: None,
        notices: Vec::new(),
        archive: None,
        ..reply.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::store::GameId;

    #[test]
    fn a_direct_message_that_failed_mentions_its_person_in_front_once() {
        let mut reply = Reply::public("Your move in game #4 against alice.");
        reply.game = Some(GameId(4));
        let fallback = direct_fallback(&reply, 43);
        assert_eq!(fallback.text, "@43 Your move in game #4 against alice.");
        assert_eq!(fallback.mentions, [43]);
        assert!(!fallback.ephemeral);
        assert!(fallback.components.is_empty());
        assert_eq!(
            fallback.game, None,
            "the fallback does not replace the board"
        );
        assert_eq!(
            direct_fallback(&fallback, 43).text,
            fallback.text,
            "one mention in front"
        );
    }
}
