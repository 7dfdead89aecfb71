//! The pages of each channel and of each game, and the live feed that reaches them.
//!
//! Every change the service's [`ChangeFeed`](dama_core::store::ChangeFeed) reports (from this
//! process or, with PostgreSQL, another) is read once per kind of viewer and sent to every page
//! concerned: a game's change to the pages watching it (one frame for each player, one a
//! language for the spectators), and to the pages of its channel as a new lobby (one frame a
//! language); a lobby's change (a challenge made, taken, declined, withdrawn, expired) to the
//! pages of that channel. A page joining or leaving a channel changes who is present there, a
//! page watching or leaving a game its spectator count: the others are sent the new state too.
//!
//! Spectators are counted in every process: each process tells the others (through the feed)
//! how many of its pages watch each game, whenever that changes and every
//! [`RETELL`]; a process's counts not heard again within [`FORGET`] are dropped (the process
//! stopped).

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::{broadcast, mpsc};

use super::lobby::{Present, lobby_frame};
use super::protocol::Outgoing;
use dama_core::feed::Change;
use dama_core::i18n::Language;
use dama_core::store::{ChannelId, GameId, GuildId, UserId};
use dama_service::work::Work;
use dama_service::{GameService, GameView, Lane};

/// Frames a page may have waiting before it misses some (a page that does not keep up).
pub const PAGE_BACKLOG: usize = 64;

/// How often a process tells the others its spectator counts again.
pub const RETELL: Duration = Duration::from_secs(20);
/// How long another process's counts stand without being told again.
pub const FORGET: Duration = Duration::from_secs(65);

/// A page's queue of frames.
pub type Frames = mpsc::Sender<Arc<str>>;

/// One page watching a game.
struct Watcher {
    viewer: UserId,
    language: Language,
    frames: Frames,
}

/// One page open in a channel.
struct ChannelPage {
    guild: GuildId,
    user: UserId,
    name: String,
    language: Language,
    frames: Frames,
}

/// Another process's count of spectators of a game, and when it told it.
type Told = (u32, Instant);

/// A channel's Activity instance and the people Discord lists in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The instance's id.
    pub instance: String,
    pub people: Vec<UserId>,
}

/// The viewer a spectator's view is read for (nobody plays as 0).
const SPECTATOR: UserId = 0;

/// The pages and the task that keeps them live.
pub struct Live {
    service: Arc<GameService>,
    work: Work,
    /// Each game's pages, by connection.
    watchers: Mutex<HashMap<GameId, HashMap<u64, Watcher>>>,
    /// Which game each connection watches.
    watching: Mutex<HashMap<u64, GameId>>,
    /// Each channel's pages, by connection.
    channels: Mutex<HashMap<ChannelId, HashMap<u64, ChannelPage>>>,
    /// The Activity instance of each channel and the people Discord last listed in it.
    instances: Mutex<HashMap<ChannelId, Listed>>,
    /// The spectators of each game in the other processes, by process, and when they told.
    elsewhere: Mutex<HashMap<GameId, HashMap<u64, Told>>>,
    /// The counts this process last told the others.
    told: Mutex<HashMap<GameId, u32>>,
    /// The last lobby frame sent to each channel in each language (an unchanged one is not
    /// sent again).
    lobbies: Mutex<HashMap<(ChannelId, Language), Arc<str>>>,
    nudges: mpsc::UnboundedSender<Change>,
    next_connection: AtomicU64,
}

impl Live {
    /// The pages' hub, its task started on the current runtime.
    #[must_use]
    pub fn start(service: Arc<GameService>, work: Work) -> Arc<Live> {
        let (nudges, nudges_in) = mpsc::unbounded_channel();
        let feed = service.changes().subscribe();
        let live = Arc::new(Live {
            service,
            work,
            watchers: Mutex::default(),
            watching: Mutex::default(),
            channels: Mutex::default(),
            instances: Mutex::default(),
            elsewhere: Mutex::default(),
            told: Mutex::default(),
            lobbies: Mutex::default(),
            nudges,
            next_connection: AtomicU64::new(1),
        });
        live.service.changes().ask_counts();
        tokio::spawn(Arc::clone(&live).run(feed, nudges_in));
        live
    }

    /// A number for a new connection.
    pub fn connection(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
    }

    /// `connection`, a page of `user` called `name` in `language`, is open in `channel` of
    /// `guild`; `instance`: the channel's Activity instance and the people Discord lists in
    /// it, when it lists them. Its lobby frames go to `frames`.
    #[allow(clippy::too_many_arguments)]
    pub fn join(
        &self,
        connection: u64,
        guild: GuildId,
        channel: ChannelId,
        user: UserId,
        name: String,
        language: Language,
        instance: Option<Listed>,
        frames: Frames,
    ) {
        if let Some(listed) = instance {
            lock(&self.instances).insert(channel, listed);
        }
        lock(&self.channels).entry(channel).or_default().insert(
            connection,
            ChannelPage {
                guild,
                user,
                name,
                language,
                frames,
            },
        );
        let _ = self.nudges.send(Change::Lobby(channel));
    }

    /// `connection` is closed: it leaves its channel and the game it watched.
    pub fn leave(&self, connection: u64) {
        self.unwatch(connection);
        let mut channels = lock(&self.channels);
        let mut left = None;
        for (&channel, pages) in channels.iter_mut() {
            if let Some(page) = pages.remove(&connection) {
                let still_here = pages.values().any(|other| other.user == page.user);
                left = Some((channel, page.user, still_here));
                break;
            }
        }
        channels.retain(|_, pages| !pages.is_empty());
        let emptied = left.is_some_and(|(channel, _, _)| !channels.contains_key(&channel));
        drop(channels);
        if let Some((channel, user, still_here)) = left {
            // Whoever closes their last page has left the instance too.
            let mut instances = lock(&self.instances);
            if emptied {
                instances.remove(&channel);
            } else if !still_here {
                if let Some(listed) = instances.get_mut(&channel) {
                    listed.people.retain(|&person| person != user);
                }
            }
            drop(instances);
            let _ = self.nudges.send(Change::Lobby(channel));
        }
    }

    /// `connection` now watches `game` (and no other), as `viewer`, in `language`.
    pub fn watch(
        &self,
        connection: u64,
        game: GameId,
        viewer: UserId,
        language: Language,
        frames: Frames,
    ) {
        let before = self.unwatch(connection);
        lock(&self.watchers).entry(game).or_default().insert(
            connection,
            Watcher {
                viewer,
                language,
                frames,
            },
        );
        lock(&self.watching).insert(connection, game);
        if before != Some(game) {
            let _ = self.nudges.send(Change::Game(game));
        }
    }

    /// `connection` watches nothing any more; the game it watched.
    pub fn unwatch(&self, connection: u64) -> Option<GameId> {
        let game = lock(&self.watching).remove(&connection)?;
        let mut watchers = lock(&self.watchers);
        if let Some(pages) = watchers.get_mut(&game) {
            pages.remove(&connection);
            if pages.is_empty() {
                watchers.remove(&game);
            }
        }
        drop(watchers);
        let _ = self.nudges.send(Change::Game(game));
        Some(game)
    }

    /// The name of `user`'s page open in `channel`, if one is.
    #[must_use]
    pub fn present_name(&self, channel: ChannelId, user: UserId) -> Option<String> {
        lock(&self.channels).get(&channel).and_then(|pages| {
            pages
                .values()
                .find(|page| page.user == user)
                .map(|page| page.name.clone())
        })
    }

    /// The game `connection` watches.
    #[must_use]
    pub fn watched(&self, connection: u64) -> Option<GameId> {
        lock(&self.watching).get(&connection).copied()
    }

    /// The pages of this process watching `game` that do not play in it.
    fn spectators_here(&self, game: GameId, players: &[UserId]) -> usize {
        lock(&self.watchers).get(&game).map_or(0, |pages| {
            pages
                .values()
                .filter(|page| !players.contains(&page.viewer))
                .count()
        })
    }

    /// The pages watching `game` that do not play in it, in every process.
    #[must_use]
    pub fn spectators(&self, game: GameId, players: &[UserId]) -> usize {
        let elsewhere: usize = lock(&self.elsewhere).get(&game).map_or(0, |processes| {
            processes
                .values()
                .filter(|(_, at)| at.elapsed() < FORGET)
                .map(|(count, _)| *count as usize)
                .sum()
        });
        self.spectators_here(game, players) + elsewhere
    }

    /// `game` as `viewer` sees it now, with its spectator count; `None` when there is no
    /// such game. Reads the store: call it off the async runtime.
    pub fn view(&self, game: GameId, viewer: UserId, language: Language) -> Option<GameView> {
        let mut view = match self.service.game_view(game, viewer, language) {
            Ok(view) => view?,
            Err(error) => {
                tracing::error!(%error, game = game.0, "a game's view could not be read");
                return None;
            }
        };
        view.spectators = self.spectators(game, &players(&view));
        Some(view)
    }

    /// The lobby frame of `channel` in `language` now. Reads the store: call it off the async
    /// runtime.
    pub fn lobby(&self, guild: GuildId, channel: ChannelId, language: Language) -> Option<String> {
        let present = self.present(channel);
        let frame = lobby_frame(
            &self.service,
            guild,
            channel,
            language,
            &present,
            &|game, players| self.spectators(game, players),
        );
        match frame {
            Ok(frame) => Some(frame.to_json()),
            Err(error) => {
                tracing::error!(%error, channel, "a lobby could not be read");
                None
            }
        }
    }

    /// The people present in `channel`: its pages' people, then those Discord lists.
    fn present(&self, channel: ChannelId) -> Vec<Present> {
        let mut present: Vec<Present> = lock(&self.channels)
            .get(&channel)
            .map(|pages| {
                pages
                    .values()
                    .map(|page| Present {
                        user: page.user,
                        name: Some(page.name.clone()),
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let Some(listed) = lock(&self.instances).get(&channel) {
            present.extend(
                listed
                    .people
                    .iter()
                    .map(|&user| Present { user, name: None }),
            );
        }
        present
    }

    /// The Activity instances of the channels with pages here, to ask Discord again who is
    /// in them (someone who joined with a page on another process, or left without closing).
    #[must_use]
    pub fn listed_instances(&self) -> Vec<(ChannelId, String)> {
        lock(&self.instances)
            .iter()
            .map(|(&channel, listed)| (channel, listed.instance.clone()))
            .collect()
    }

    /// Discord now lists `people` in `instance`, the Activity of `channel`: its lobby goes out
    /// again when that changed who is present.
    pub fn relisted(&self, channel: ChannelId, instance: &str, mut people: Vec<UserId>) {
        let mut instances = lock(&self.instances);
        let Some(listed) = instances
            .get_mut(&channel)
            .filter(|listed| listed.instance == instance)
        else {
            return;
        };
        people.sort_unstable();
        people.dedup();
        let mut before = listed.people.clone();
        before.sort_unstable();
        before.dedup();
        if before == people {
            return;
        }
        listed.people = people;
        drop(instances);
        let _ = self.nudges.send(Change::Lobby(channel));
    }

    async fn run(
        self: Arc<Self>,
        mut feed: broadcast::Receiver<Change>,
        mut nudged: mpsc::UnboundedReceiver<Change>,
    ) {
        let mut retell = tokio::time::interval(RETELL);
        retell.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let mut pending = BTreeSet::new();
            tokio::select! {
                changed = feed.recv() => match changed {
                    Ok(change) => { pending.insert(change); }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        pending.extend(lock(&self.watchers).keys().copied().map(Change::Game));
                        pending.extend(lock(&self.channels).keys().copied().map(Change::Lobby));
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                Some(change) = nudged.recv() => { pending.insert(change); }
                _ = retell.tick() => {
                    pending.extend(self.forget_and_retell().into_iter().map(Change::Game));
                }
            }
            // What came meanwhile is sent in the same round: each game and lobby read once.
            while let Ok(change) = feed.try_recv() {
                pending.insert(change);
            }
            while let Ok(change) = nudged.try_recv() {
                pending.insert(change);
            }
            self.round(pending).await;
        }
    }

    /// Sends every page concerned by `pending` what it shows now.
    async fn round(self: &Arc<Self>, pending: BTreeSet<Change>) {
        let mut games = BTreeSet::new();
        let mut lobbies = BTreeSet::new();
        for change in pending {
            match change {
                Change::Game(game) => {
                    games.insert(game);
                }
                Change::Lobby(channel) => {
                    lobbies.insert(channel);
                }
                Change::Spectators {
                    process,
                    game,
                    count,
                } => {
                    let mut elsewhere = lock(&self.elsewhere);
                    let processes = elsewhere.entry(game).or_default();
                    if count == 0 {
                        processes.remove(&process);
                    } else {
                        processes.insert(process, (count, Instant::now()));
                    }
                    if processes.is_empty() {
                        elsewhere.remove(&game);
                    }
                    games.insert(game);
                }
                Change::Counts => {
                    lock(&self.told).clear();
                    games.extend(lock(&self.watchers).keys().copied());
                }
            }
        }
        for game in games {
            self.push(game, &mut lobbies).await;
        }
        for channel in lobbies {
            self.push_lobby(channel).await;
        }
    }

    /// Drops the counts of processes not heard of within [`FORGET`], and tells the others
    /// this process's counts again; the games whose count changed.
    fn forget_and_retell(&self) -> Vec<GameId> {
        let mut changed = Vec::new();
        lock(&self.elsewhere).retain(|&game, processes| {
            let before = processes.len();
            processes.retain(|_, (_, at)| at.elapsed() < FORGET);
            if processes.len() != before {
                changed.push(game);
            }
            !processes.is_empty()
        });
        let feed = self.service.changes();
        for (&game, &count) in lock(&self.told).iter() {
            if count > 0 {
                feed.tell_spectators(game, count);
            }
        }
        changed
    }

    /// Sends `game` as it is now to every page watching it, tells the other processes its
    /// count of spectators here when it changed, and adds its channels to `lobbies` when
    /// pages are open there.
    async fn push(self: &Arc<Self>, game: GameId, lobbies: &mut BTreeSet<ChannelId>) {
        let pages: Vec<(UserId, Language, Frames)> = lock(&self.watchers)
            .get(&game)
            .map(|pages| {
                pages
                    .values()
                    .map(|page| (page.viewer, page.language, page.frames.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let any_lobby = !lock(&self.channels).is_empty();
        if pages.is_empty() && !any_lobby && !lock(&self.told).contains_key(&game) {
            return;
        }
        let live = Arc::clone(self);
        let wanted: Vec<(UserId, Language)> = pages
            .iter()
            .map(|(viewer, language, _)| (*viewer, *language))
            .collect();
        let read = self
            .work
            .spawn_in(Lane::Store, move || {
                let record = live.service.store().game(game).ok().flatten();
                let players: Vec<UserId> = record
                    .iter()
                    .flat_map(|record| [record.white, record.black])
                    .filter_map(|participant| match participant {
                        dama_core::store::Participant::User(user) => Some(user),
                        dama_core::store::Participant::Engine(_) => None,
                    })
                    .collect();
                let places = match &record {
                    Some(record) if any_lobby => vec![record.channel, record.place()],
                    _ => Vec::new(),
                };
                let frames = if wanted.is_empty() {
                    Vec::new()
                } else {
                    live.frames(game, &wanted)
                };
                (frames, places, live.spectators_here(game, &players))
            })
            .await;
        let Ok((frames, places, here)) = read else {
            return;
        };
        lobbies.extend(places);
        self.tell(game, here);
        for (viewer, language, page) in pages {
            let key = frames
                .iter()
                .find(|(v, l, _)| *v == viewer && *l == language)
                .or_else(|| {
                    frames
                        .iter()
                        .find(|(v, l, _)| *v == SPECTATOR && *l == language)
                });
            if let Some((_, _, frame)) = key {
                // A page that does not keep up misses a frame; the next one is whole.
                let _ = page.try_send(Arc::clone(frame));
            }
        }
    }

    /// Tells the other processes that `count` pages here watch `game`, when it is news.
    fn tell(&self, game: GameId, count: usize) {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        let mut told = lock(&self.told);
        let before = told.get(&game).copied().unwrap_or(0);
        if before == count {
            return;
        }
        if count == 0 {
            told.remove(&game);
        } else {
            told.insert(game, count);
        }
        drop(told);
        self.service.changes().tell_spectators(game, count);
    }

    /// Sends the lobby of `channel` to its pages, unless it is the one they have.
    async fn push_lobby(self: &Arc<Self>, channel: ChannelId) {
        let pages: Option<Vec<(GuildId, Language, Frames)>> =
            lock(&self.channels).get(&channel).map(|pages| {
                pages
                    .values()
                    .map(|page| (page.guild, page.language, page.frames.clone()))
                    .collect()
            });
        let Some(pages) = pages else {
            lock(&self.lobbies).retain(|(place, _), _| *place != channel);
            return;
        };
        let mut languages: Vec<(GuildId, Language)> = pages
            .iter()
            .map(|(guild, language, _)| (*guild, *language))
            .collect();
        languages.sort_by_key(|(guild, language)| (*guild, language.code()));
        languages.dedup();
        let live = Arc::clone(self);
        let read = self
            .work
            .spawn_in(Lane::Store, move || {
                languages
                    .into_iter()
                    .filter_map(|(guild, language)| {
                        let frame = live.lobby(guild, channel, language)?;
                        Some((language, Arc::<str>::from(frame)))
                    })
                    .collect::<Vec<_>>()
            })
            .await;
        let Ok(frames) = read else {
            return;
        };
        let mut fresh = Vec::new();
        {
            let mut last = lock(&self.lobbies);
            for (language, frame) in frames {
                if last.get(&(channel, language)) != Some(&frame) {
                    last.insert((channel, language), Arc::clone(&frame));
                    fresh.push((language, frame));
                }
            }
        }
        for (_, language, page) in pages {
            if let Some((_, frame)) = fresh.iter().find(|(l, _)| *l == language) {
                let _ = page.try_send(Arc::clone(frame));
            }
        }
    }

    /// The frames of `game` for the viewers and languages `wanted`: one a language for the
    /// spectators, one for each player watching.
    fn frames(
        &self,
        game: GameId,
        wanted: &[(UserId, Language)],
    ) -> Vec<(UserId, Language, Arc<str>)> {
        let mut frames: Vec<(UserId, Language, Arc<str>)> = Vec::new();
        let mut languages: Vec<Language> = wanted.iter().map(|(_, language)| *language).collect();
        languages.sort_by_key(|language| language.code());
        languages.dedup();
        for language in languages {
            let Some(view) = self.view(game, SPECTATOR, language) else {
                return frames;
            };
            let players = players(&view);
            frames.push((SPECTATOR, language, frame(view)));
            for &(viewer, _) in wanted
                .iter()
                .filter(|(viewer, l)| *l == language && players.contains(viewer))
            {
                if frames
                    .iter()
                    .any(|(v, l, _)| *v == viewer && *l == language)
                {
                    continue;
                }
                if let Some(view) = self.view(game, viewer, language) {
                    frames.push((viewer, language, frame(view)));
                }
            }
        }
        frames
    }
}

/// The people who play in a game's view.
fn players(view: &GameView) -> Vec<UserId> {
    [&view.white.id, &view.black.id]
        .into_iter()
        .filter_map(|id| id.parse().ok())
        .filter(|&id| id != SPECTATOR)
        .collect()
}

/// A `game` frame.
#[must_use]
pub fn frame(view: GameView) -> Arc<str> {
    Outgoing::Game {
        game: Box::new(view),
    }
    .to_json()
    .into()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
