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
use super::live::{Live, PAGE_BACKLOG, frame};
use super::protocol::{Incoming, Outgoing, You, squares};
use super::session::Session;
use super::words::words;
use dama_core::commands::{self, Command, Value, Values};
use dama_core::i18n::{Language, t};
use dama_core::store::{ChallengeId, GameId, Member, UserId};
use dama_service::commands::action as command_action;
use dama_service::work::Work;
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
        let work = self.web.work.clone();
        let done = self.done.clone();
        let live = Arc::clone(&self.web.live);
        let courier = self.web.courier.get().cloned();
        tokio::spawn(async move {
            let read = page_action(&work, &service, &live, &actor, incoming).await;
            let (origin, action) = match read {
                Ok(read) => read,
                Err(unread) => {
                    let answer = match unread {
                        Unread::Refused(text) => Some((Reply::private(text), Kind::Other)),
                        Unread::Failed => None,
                    };
                    let _ = done.send(Done(answer)).await;
                    return;
                }
            };
            let kind = match action {
                Action::Rematch | Action::PlayEngine { .. } | Action::Accept { .. } => {
                    Kind::StartsGame
                }
                Action::Analysis { game: Some(game) } => Kind::Analysis(game),
                _ => Kind::Other,
            };
            let drawing = courier.clone();
            let answered = work
                .spawn_in(action.lane(), move || {
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
                        live.present_name(actor.channel, user)
                            .or_else(|| {
                                let player = service.store().player(actor.guild, user).ok()??;
                                Some(player.display_name)
                            })
                            .unwrap_or_else(|| user.to_string())
                    });
                    Ok::<_, dama_service::ServiceError>((reply, chat))
                })
                .await;
            let answer = match answered {
                Ok(Ok((reply, chat))) => {
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

/// Why a frame of the page is not run.
enum Unread {
    /// The private answer to it.
    Refused(String),
    /// Something failed: the page gets an apology.
    Failed,
}

/// The origin and action of a page's frame ([`read_action`]), the member a challenge names
/// found first ([`opponent`]).
async fn page_action(
    work: &Work,
    service: &Arc<GameService>,
    live: &Arc<Live>,
    actor: &Actor,
    incoming: Incoming,
) -> Result<(Origin, Action), Unread> {
    let opponent = match &incoming {
        Incoming::Challenge {
            opponent: Some(id),
            level: None,
            ..
        } => Some(opponent(work, service, live, actor, id).await?),
        _ => None,
    };
    read_action(incoming, actor.language, opponent).map_err(Unread::Refused)
}

/// The member a challenge of the page names by their id: with the name their page gave, else
/// the one the server knows; refused when nobody by that id is known here.
async fn opponent(
    work: &Work,
    service: &Arc<GameService>,
    live: &Arc<Live>,
    actor: &Actor,
    id: &str,
) -> Result<Member, Unread> {
    let language = actor.language;
    let Ok(user) = id.parse::<UserId>() else {
        return Err(Unread::Refused(t!(language, ActivityBadMessage)));
    };
    let name = if let Some(name) = live.present_name(actor.channel, user) {
        Some(name)
    } else {
        let (service, guild) = (Arc::clone(service), actor.guild);
        let known = work
            .spawn(move || service.store().player(guild, user))
            .await
            .map_err(|_| Unread::Failed)?;
        match known {
            Ok(player) => player.map(|player| player.display_name),
            Err(error) => {
                tracing::error!(%error, "the opponent a page named could not be read");
                return Err(Unread::Failed);
            }
        }
    };
    match name {
        Some(name) => Ok(Member {
            user,
            name,
            is_bot: false,
        }),
        None => Err(Unread::Refused(t!(language, ActivityNotPresent))),
    }
}

/// The origin and action of a page's frame, as the command or the board's button of the same
/// name gives them: a game's controls act on the game as it is now ([`Origin::Game`]; a move,
/// at the ply it was chosen at), and a challenge's options are read as `/challenge` and
/// `/play` read theirs (a level, the page's time control). `opponent` is the member a
/// challenge names. `Err` with the private answer when the frame names nothing the page may
/// do.
fn read_action(
    incoming: Incoming,
    language: Language,
    opponent: Option<Member>,
) -> Result<(Origin, Action), String> {
    let unread = || t!(language, ActivityBadMessage);
    let command = |path: &str, values: &Values| command_action(path, values).ok_or_else(unread);
    let none = Values::new();
    let game = |id: i64| Origin::Game(GameId(id));
    Ok(match incoming {
        Incoming::Move {
            game: id,
            ply,
            text,
        } => (
            Origin::Board {
                game: GameId(id),
                ply,
                answers: None,
            },
            command("move", &Values::new().with("move", Value::Text(text)))?,
        ),
        Incoming::Draw { game: id, answer } => {
            let path = match answer {
                None => "draw offer",
                Some(true) => "draw accept",
                Some(false) => "draw decline",
            };
            (game(id), command(path, &none)?)
        }
        Incoming::Resign { game: id } => (game(id), command("resign", &none)?),
        Incoming::Rematch { game: id } => (game(id), Action::Rematch),
        Incoming::Takeback { game: id, answer } => (
            game(id),
            match answer {
                None => Action::TakebackOrAccept,
                Some(accept) => Action::AnswerTakeback { accept },
            },
        ),
        Incoming::Analysis { game: id } => (
            Origin::Channel,
            command("analysis", &Values::new().with("game", Value::Integer(id)))?,
        ),
        Incoming::Accept { challenge } => (
            Origin::Challenge(ChallengeId(challenge)),
            command("accept", &none)?,
        ),
        Incoming::Decline { challenge } => (
            Origin::Challenge(ChallengeId(challenge)),
            command("decline", &none)?,
        ),
        Incoming::Cancel { challenge } => (
            Origin::Challenge(ChallengeId(challenge)),
            command("cancel", &none)?,
        ),
        Incoming::Challenge {
            opponent: _,
            level,
            colour,
            time,
        } => {
            // Against the engine `/play` (its live clock), else `/challenge`.
            let (path, clock) = match level {
                Some(_) => ("play", "clock"),
                None => ("challenge", "time"),
            };
            let options = commands::find(path).ok_or_else(unread)?;
            let mut values = Values::new();
            if let Some(level) = level {
                let index = choice(options, "level", &level.to_string()).ok_or_else(unread)?;
                values.set("level", Value::Choice(index));
            }
            // Any other colour is random, as with no colour.
            if let Some(index) = colour.and_then(|colour| choice(options, "colour", &colour)) {
                values.set("colour", Value::Choice(index));
            }
            if let Some(time) = time {
                let option = options.option(clock).ok_or_else(unread)?;
                let value = commands::read_time(language, option, &time).ok_or_else(unread)??;
                values.set(option.name, value);
            }
            if let Some(member) = opponent {
                values.set("member", Value::Member(member));
            }
            (Origin::Channel, command(path, &values)?)
        }
        Incoming::Lobby | Incoming::Watch { .. } => return Err(unread()),
    })
}

/// The index of the choice `name` (as the table names it, in any case) of a command's option.
fn choice(command: &'static Command, option: &str, name: &str) -> Option<usize> {
    let choices = command.option(option)?.choices()?;
    choices
        .names
        .iter()
        .position(|choice| choice.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::store::{ColourChoice, TimeControl};

    fn read(json: &str) -> Result<(Origin, Action), String> {
        read_action(serde_json::from_str(json).unwrap(), Language::En, None)
    }

    #[test]
    fn a_game_control_acts_on_the_game_as_it_is() {
        let game = Origin::Game(GameId(7));
        assert_eq!(
            read(r#"{"type": "draw", "game": 7}"#),
            Ok((game, Action::OfferDraw))
        );
        assert_eq!(
            read(r#"{"type": "draw", "game": 7, "answer": false}"#),
            Ok((game, Action::AnswerDraw { accept: false }))
        );
        assert_eq!(
            read(r#"{"type": "takeback", "game": 7, "answer": null}"#),
            Ok((game, Action::TakebackOrAccept))
        );
        assert_eq!(
            read(r#"{"type": "takeback", "game": 7, "answer": true}"#),
            Ok((game, Action::AnswerTakeback { accept: true }))
        );
        assert_eq!(
            read(r#"{"type": "resign", "game": 7}"#),
            Ok((game, Action::Resign))
        );
        assert_eq!(
            read(r#"{"type": "move", "game": 7, "ply": 3, "move": "22-18"}"#),
            Ok((
                Origin::Board {
                    game: GameId(7),
                    ply: 3,
                    answers: None
                },
                Action::Move {
                    text: "22-18".into()
                }
            ))
        );
        assert_eq!(
            read(r#"{"type": "analysis", "game": 7}"#),
            Ok((Origin::Channel, Action::Analysis { game: Some(7) }))
        );
        assert!(read(r#"{"type": "lobby"}"#).is_err());
    }

    #[test]
    fn a_challenge_reads_its_options_as_the_commands_do() {
        let five_three = TimeControl {
            base_ms: 300_000,
            increment_ms: 3_000,
        };
        assert_eq!(
            read(r#"{"type": "challenge", "level": 3, "colour": "black", "time": "5+3"}"#),
            Ok((
                Origin::Channel,
                Action::PlayEngine {
                    level: 3,
                    colour: ColourChoice::Black,
                    clock: Some(five_three),
                }
            ))
        );
        assert_eq!(
            read(r#"{"type": "challenge", "colour": "purple"}"#),
            Ok((
                Origin::Channel,
                Action::Challenge {
                    opponent: None,
                    colour: ColourChoice::Random,
                    time_per_move: None,
                    clock: None,
                }
            ))
        );
        let bob = Member {
            user: 5,
            name: "bob".into(),
            is_bot: false,
        };
        let named = read_action(
            serde_json::from_str(r#"{"type": "challenge", "opponent": "5", "colour": "white"}"#)
                .unwrap(),
            Language::En,
            Some(bob.clone()),
        );
        assert_eq!(
            named,
            Ok((
                Origin::Channel,
                Action::Challenge {
                    opponent: Some(bob),
                    colour: ColourChoice::White,
                    time_per_move: None,
                    clock: None,
                }
            ))
        );
        assert!(read(r#"{"type": "challenge", "level": 9}"#).is_err());
        assert!(read(r#"{"type": "challenge", "level": 2, "time": "soon"}"#).is_err());
    }
}
