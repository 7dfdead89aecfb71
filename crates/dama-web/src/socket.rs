//! One page's WebSocket: one task a connection. It greets the page (`hello`), shows the
//! channel's game or its lobby, runs the page's actions through the service as a slash
//! command would be run (same [`Actor`], an [`Origin`] of the game's board or the channel),
//! and forwards the live frames of the game it watches. Frames from the page are bounded:
//! [`RATE`] a second with bursts of [`BURST`]; more are answered `error`, and a page that goes
//! on is closed.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::mpsc;

use super::Web;
use super::live::{PAGE_BACKLOG, frame};
use super::protocol::{Incoming, Outgoing, You, squares};
use super::session::Session;
use super::words::words;
use dama_core::i18n::{Language, t};
use dama_core::store::{ChallengeId, GameId, UserId};
use dama_core::store::{ColourChoice, Member};
use dama_service::{Action, Actor, GameService, Origin, Reply};

/// Frames a second a page may send.
pub const RATE: f64 = 10.0;
/// Frames a page may send at once.
pub const BURST: f64 = 20.0;
/// Frames refused in a row after which the page is closed.
const STRIKES: u32 = 40;

/// Where a page runs: its server and channel (or thread), and its Activity instance with
/// who Discord lists in it (`None` where the present are only the pages connected).
#[derive(Debug, Clone)]
pub struct Place {
    pub guild: u64,
    pub channel: u64,
    pub people: Option<super::live::Listed>,
}

/// A token bucket: [`RATE`] a second, [`BURST`] at most.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The state of one page.
struct Page {
    web: Arc<Web>,
    connection: u64,
    actor: Actor,
    frames: mpsc::Sender<Arc<str>>,
    /// Where the page's actions report when they are done.
    done: mpsc::Sender<Done>,
    watching: Option<GameId>,
}

/// Serves one page until it closes.
pub async fn run(
    mut socket: WebSocket,
    web: Arc<Web>,
    session: Session,
    place: Place,
    language: Language,
) {
    let (frames, mut queued) = mpsc::channel::<Arc<str>>(PAGE_BACKLOG);
    let (done, mut finished) = mpsc::channel::<Done>(PAGE_BACKLOG);
    let connection = web.live.connection();
    web.live.join(
        connection,
        place.guild,
        place.channel,
        session.user,
        session.name.clone(),
        language,
        place.people,
        frames.clone(),
    );
    let mut page = Page {
        actor: Actor::new(
            session.user,
            session.name.clone(),
            place.guild,
            place.channel,
        )
        .language(language)
        .can_open_threads(false),
        web,
        connection,
        frames,
        done,
        watching: None,
    };
    let hello = Outgoing::Hello {
        you: You {
            id: session.user.to_string(),
            name: session.name,
        },
        language: language.code(),
        words: words(language),
        squares: squares(),
        colours: Box::new(page.web.colours.clone()),
    };
    if send(&mut socket, hello.to_json()).await.is_err() {
        page.web.live.leave(connection);
        return;
    }
    let first = page.first_frames().await;
    if send_all(&mut socket, first).await.is_err() {
        page.web.live.leave(connection);
        return;
    }
    let mut bucket = Bucket::new();
    let mut strikes = 0;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                if !bucket.take() {
                    strikes += 1;
                    if strikes > STRIKES {
                        break;
                    }
                    let refused = Outgoing::Error { text: t!(page.actor.language, ActivityTooManyMessages).into() };
                    if send(&mut socket, refused.to_json()).await.is_err() {
                        break;
                    }
                    continue;
                }
                strikes = 0;
                let answers = page.answer(text.as_str()).await;
                if send_all(&mut socket, answers).await.is_err() {
                    break;
                }
            }
            Some(done) = finished.recv() => {
                let answers = page.finish(done).await;
                if send_all(&mut socket, answers).await.is_err() {
                    break;
                }
            }
            Some(frame) = queued.recv() => {
                if send(&mut socket, frame.to_string()).await.is_err() {
                    break;
                }
            }
        }
    }
    page.web.live.leave(connection);
}

async fn send(socket: &mut WebSocket, text: String) -> Result<(), axum::Error> {
    socket.send(Message::Text(text.into())).await
}

async fn send_all(socket: &mut WebSocket, texts: Vec<String>) -> Result<(), axum::Error> {
    for text in texts {
        send(socket, text).await?;
    }
    Ok(())
}

impl Page {
    fn service(&self) -> Arc<GameService> {
        Arc::clone(&self.web.service)
    }

    /// The channel's game, watched, if it has one; then the lobby.
    async fn first_frames(&mut self) -> Vec<String> {
        let service = self.service();
        let channel = self.actor.channel;
        let game = self
            .web
            .work
            .spawn(move || service.store().active_game_in_channel(channel))
            .await;
        let mut frames = Vec::new();
        if let Ok(Ok(Some(game))) = game {
            frames.extend(self.watch(game.id).await);
        }
        frames.push(self.lobby_frame().await);
        frames
    }

    /// Watches `game`: its frame, `None` when there is no such game here.
    async fn watch(&mut self, game: GameId) -> Option<String> {
        let live = Arc::clone(&self.web.live);
        let (user, language) = (self.actor.user, self.actor.language);
        let service = self.service();
        let place = (self.actor.guild, self.actor.channel);
        let (connection, frames) = (self.connection, self.frames.clone());
        let view = self
            .web
            .work
            .spawn(move || {
                let record = service.store().game(game).ok()??;
                // A game of this channel, or of a thread of it.
                if record.guild != place.0
                    || (record.place() != place.1 && record.channel != place.1)
                {
                    return None;
                }
                // Watching before the view is read, so that it counts this page.
                live.watch(connection, game, user, language, frames);
                let view = live.view(game, user, language);
                if view.is_none() {
                    live.unwatch(connection);
                }
                view
            })
            .await
            .ok()
            .flatten();
        let Some(view) = view else {
            // Still the game watched before, unless it was left for this one.
            self.watching = self.web.live.watched(self.connection);
            return None;
        };
        self.watching = Some(game);
        Some(frame(view).to_string())
    }

    /// Leaves the game watched, for the lobby.
    async fn lobby(&mut self) -> String {
        if self.watching.take().is_some() {
            self.web.live.unwatch(self.connection);
        }
        self.lobby_frame().await
    }

    /// The channel's lobby as it is now.
    async fn lobby_frame(&self) -> String {
        let live = Arc::clone(&self.web.live);
        let (guild, channel, language) =
            (self.actor.guild, self.actor.channel, self.actor.language);
        let lobby = self
            .web
            .work
            .spawn(move || live.lobby(guild, channel, language))
            .await;
        match lobby {
            Ok(Some(lobby)) => lobby,
            _ => self.apology(),
        }
    }

    fn apology(&self) -> String {
        Outgoing::Error {
            text: t!(self.actor.language, DiscordApology).into(),
        }
        .to_json()
    }

    /// The frames that answer one frame of the page.
    async fn answer(&mut self, text: &str) -> Vec<String> {
        let language = self.actor.language;
        let Ok(incoming) = serde_json::from_str::<Incoming>(text) else {
            return vec![
                Outgoing::Error {
                    text: t!(language, ActivityBadMessage).into(),
                }
                .to_json(),
            ];
        };
        match incoming {
            Incoming::Lobby => vec![self.lobby().await],
            Incoming::Watch { game } => match self.watch(GameId(game)).await {
                Some(frame) => vec![frame],
                None => vec![
                    Outgoing::Refused {
                        text: t!(language, ActivityNoSuchGame).into(),
                    }
                    .to_json(),
                ],
            },
            other => {
                self.start_action(other);
                Vec::new()
            }
        }
    }

    /// Starts an action through the service, on the threads of its lane; its answer comes
    /// back as a [`Done`] while the page goes on receiving frames (the move it made, before
    /// the engine's reply).
    fn start_action(&self, incoming: Incoming) {
        let service = self.service();
        let actor = self.actor.clone();
        let lane = lane_of(&incoming);
        let work = self.web.work.clone();
        let done = self.done.clone();
        let live = Arc::clone(&self.web.live);
        let courier = self.web.courier.get().cloned();
        tokio::spawn(async move {
            let drawing = courier.clone();
            let answered = work
                .spawn_in(lane, move || {
                    let named = |user| live.present_name(actor.channel, user);
                    let (origin, action) = match read_action(&service, &actor, incoming, &named)? {
                        Ok(pair) => pair,
                        Err(refusal) => return Ok((Reply::private(refusal), Kind::Other, None)),
                    };
                    let kind = match action {
                        Action::Rematch | Action::PlayEngine { .. } | Action::Accept { .. } => {
                            Kind::StartsGame
                        }
                        Action::Analysis { game: Some(game) } => Kind::Analysis(game),
                        _ => Kind::Other,
                    };
                    let mut reply = match action {
                        // Only the reader sees it: in their language.
                        Action::Analysis { game: Some(game) } => {
                            service.reader_analysis(&actor, game)?
                        }
                        action => service.act(&actor, origin, action)?,
                    };
                    // The channel's chat hears of a public answer as of the same action made
                    // there: where its game is played (its thread), else in the channel.
                    let chat = match &drawing {
                        Some(courier) if !reply.ephemeral && !matches!(kind, Kind::Analysis(_)) => {
                            let at = match reply.game {
                                Some(game) => service
                                    .store()
                                    .game(game)?
                                    .map_or(actor.channel, |game| game.place()),
                                None => actor.channel,
                            };
                            Some((courier.draw(&actor, reply.clone()), actor.guild, at))
                        }
                        _ => None,
                    };
                    // The page shows people by their names.
                    reply.text = reply.text.with_names(|user| {
                        named(user)
                            .or_else(|| {
                                let player = service.store().player(actor.guild, user).ok()??;
                                Some(player.display_name)
                            })
                            .unwrap_or_else(|| user.to_string())
                    });
                    Ok::<_, dama_service::ServiceError>((reply, kind, chat))
                })
                .await;
            let answer = match answered {
                Ok(Ok((reply, kind, chat))) => {
                    if let (Some(courier), Some((drawn, guild, channel))) = (courier, chat) {
                        // Posted apart: the page has its answer without waiting for the chat.
                        tokio::spawn(async move {
                            let _posting = courier.work().track();
                            let _ = courier.post(&drawn, guild, channel).await;
                        });
                    }
                    Some((reply, kind))
                }
                Ok(Err(error)) => {
                    tracing::error!(%error, "an action of a page failed");
                    None
                }
                Err(_) => None,
            };
            let _ = done.send(Done(answer)).await;
        });
    }

    /// The frames that answer a finished action.
    async fn finish(&mut self, Done(answer): Done) -> Vec<String> {
        let Some((reply, kind)) = answer else {
            return vec![self.apology()];
        };
        if reply.ephemeral {
            return vec![Outgoing::Refused { text: reply.text }.to_json()];
        }
        if let Kind::Analysis(game) = kind {
            return vec![
                Outgoing::Analysis {
                    game,
                    text: reply.text,
                }
                .to_json(),
            ];
        }
        let mut frames = Vec::new();
        match reply.game {
            Some(game) if kind == Kind::StartsGame && Some(game) != self.watching => {
                if let Some(frame) = self.watch(game).await {
                    frames.push(frame);
                }
            }
            Some(_) => {}
            None => frames.push(Outgoing::Notice { text: reply.text }.to_json()),
        }
        frames
    }
}

/// A page's action answered: the service's reply and the kind of action; `None` when it
/// failed.
struct Done(Option<(Reply, Kind)>);

/// What a page's action is, for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// It may start a game, which the page then watches.
    StartsGame,
    /// The analysis of a game, sent as it is.
    Analysis(i64),
    Other,
}

/// The threads an action of a page runs on (see [`Action::lane`]).
fn lane_of(incoming: &Incoming) -> dama_service::Lane {
    match incoming {
        Incoming::Move { .. }
        | Incoming::Rematch { .. }
        | Incoming::Draw { answer: None, .. }
        | Incoming::Challenge { level: Some(_), .. }
        | Incoming::Analysis { .. } => dama_service::Lane::Cpu,
        _ => dama_service::Lane::Store,
    }
}

/// The origin and action of a page's frame, as a slash command or a button would give them;
/// `Err` with the private answer when the frame names nothing it can be.
#[allow(clippy::type_complexity)]
fn read_action(
    service: &GameService,
    actor: &Actor,
    incoming: Incoming,
    present_name: &dyn Fn(UserId) -> Option<String>,
) -> Result<Result<(Origin, Action), String>, dama_service::ServiceError> {
    let language = actor.language;
    // A game's action at its current ply (the move says its own).
    let board = |game: i64| -> Result<
        Option<(Origin, dama_core::store::Game)>,
        dama_service::ServiceError,
    > {
        let Some(record) = service.store().game(GameId(game))? else {
            return Ok(None);
        };
        Ok(Some((
            Origin::Board {
                game: record.id,
                ply: record.ply,
                answers: None,
            },
            record,
        )))
    };
    let no_game = || t!(language, ActivityNoSuchGame);
    let on_game = |game: i64, action: &dyn Fn(&dama_core::store::Game) -> Action| {
        Ok(match board(game)? {
            Some((origin, record)) => Ok((origin, action(&record))),
            None => Err(no_game()),
        })
    };
    match incoming {
        Incoming::Move { game, ply, text } => Ok(Ok((
            Origin::Board {
                game: GameId(game),
                ply,
                answers: None,
            },
            Action::Move { text },
        ))),
        Incoming::Draw { game, answer } => on_game(game, &|_| match answer {
            None => Action::OfferDraw,
            Some(accept) => Action::AnswerDraw { accept },
        }),
        Incoming::Resign { game } => on_game(game, &|_| Action::Resign),
        Incoming::Rematch { game } => on_game(game, &|_| Action::Rematch),
        Incoming::Takeback { game, answer } => on_game(game, &|record| {
            let theirs = record
                .takeback_request
                .is_some_and(|request| record.colour_of(actor.user) != Some(request.by));
            match answer {
                Some(accept) => Action::AnswerTakeback { accept },
                None if theirs => Action::AnswerTakeback { accept: true },
                None => Action::Takeback,
            }
        }),
        Incoming::Analysis { game } => {
            Ok(Ok((Origin::Channel, Action::Analysis { game: Some(game) })))
        }
        Incoming::Accept { challenge } => Ok(Ok((
            Origin::Challenge(ChallengeId(challenge)),
            Action::Accept { from: None },
        ))),
        Incoming::Decline { challenge } => Ok(Ok((
            Origin::Challenge(ChallengeId(challenge)),
            Action::Decline,
        ))),
        Incoming::Cancel { challenge } => Ok(Ok((
            Origin::Challenge(ChallengeId(challenge)),
            Action::Cancel,
        ))),
        Incoming::Challenge {
            opponent,
            level,
            colour,
            time,
        } => {
            let colour = match colour.as_deref() {
                Some("white") => ColourChoice::White,
                Some("black") => ColourChoice::Black,
                _ => ColourChoice::Random,
            };
            // The page offers live time controls (`5+3`), or none: the server's time per move.
            let clock = match time.as_deref().map(dama_core::commands::parse_time_control) {
                None => None,
                Some(Some(clock)) => Some(clock),
                Some(None) => return Ok(Err(t!(language, ActivityBadMessage))),
            };
            if let Some(level) = level {
                return Ok(Ok((
                    Origin::Channel,
                    Action::PlayEngine {
                        level,
                        colour,
                        clock,
                    },
                )));
            }
            let opponent = match opponent {
                None => None,
                Some(id) => {
                    let Ok(user) = id.parse::<u64>() else {
                        return Ok(Err(t!(language, ActivityBadMessage)));
                    };
                    // The name the person's page gave, else the one the server knows.
                    let known = match present_name(user) {
                        Some(name) => Some(name),
                        None => service
                            .store()
                            .player(actor.guild, user)?
                            .map(|player| player.display_name),
                    };
                    let Some(name) = known else {
                        return Ok(Err(t!(language, ActivityNotPresent)));
                    };
                    Some(Member {
                        user,
                        name,
                        is_bot: false,
                    })
                }
            };
            Ok(Ok((
                Origin::Channel,
                Action::Challenge {
                    opponent,
                    colour,
                    time_per_move: None,
                    clock,
                },
            )))
        }
        Incoming::Lobby | Incoming::Watch { .. } => Ok(Err(t!(language, ActivityBadMessage))),
    }
}
