//! The pages watching each game, and the live feed that reaches them: every change the
//! service's [`ChangeFeed`](crate::store::ChangeFeed) reports (from this process or, with
//! PostgreSQL, another) is read once per kind of viewer (each player, the spectators of each
//! language), and the frame sent to every page watching. A page joining or leaving changes the
//! spectator count, which the others are sent too.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{broadcast, mpsc};

use super::protocol::Outgoing;
use crate::game::{GameService, GameView, Lane};
use crate::i18n::Language;
use crate::store::{GameId, UserId};
use crate::work::Work;

/// Frames a page may have waiting before it misses some (a page that does not keep up).
pub const PAGE_BACKLOG: usize = 64;

/// A page's queue of frames.
pub type Frames = mpsc::Sender<Arc<str>>;

/// One page watching a game.
struct Watcher {
    viewer: UserId,
    language: Language,
    frames: Frames,
}

/// The viewer a spectator's view is read for (nobody plays as 0).
const SPECTATOR: UserId = 0;

/// The watching pages and the task that keeps them live.
pub struct Live {
    service: Arc<GameService>,
    work: Work,
    /// Each game's pages, by connection.
    watchers: Mutex<HashMap<GameId, HashMap<u64, Watcher>>>,
    /// Which game each connection watches.
    watching: Mutex<HashMap<u64, GameId>>,
    nudges: mpsc::UnboundedSender<GameId>,
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
            nudges,
            next_connection: AtomicU64::new(1),
        });
        tokio::spawn(Arc::clone(&live).run(feed, nudges_in));
        live
    }

    /// A number for a new connection.
    pub fn connection(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
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
            let _ = self.nudges.send(game);
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
        let _ = self.nudges.send(game);
        Some(game)
    }

    /// The pages watching `game` that do not play in it.
    #[must_use]
    pub fn spectators(&self, game: GameId, players: &[UserId]) -> usize {
        lock(&self.watchers).get(&game).map_or(0, |pages| {
            pages
                .values()
                .filter(|page| !players.contains(&page.viewer))
                .count()
        })
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

    async fn run(
        self: Arc<Self>,
        mut feed: broadcast::Receiver<GameId>,
        mut nudged: mpsc::UnboundedReceiver<GameId>,
    ) {
        loop {
            let mut pending = BTreeSet::new();
            tokio::select! {
                changed = feed.recv() => match changed {
                    Ok(game) => { pending.insert(game); }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        pending.extend(lock(&self.watchers).keys().copied());
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                Some(game) = nudged.recv() => { pending.insert(game); }
            }
            // What came meanwhile is sent in the same round: each game read once.
            while let Ok(game) = feed.try_recv() {
                pending.insert(game);
            }
            while let Ok(game) = nudged.try_recv() {
                pending.insert(game);
            }
            for game in pending {
                self.push(game).await;
            }
        }
    }

    /// Sends `game` as it is now to every page watching it.
    async fn push(self: &Arc<Self>, game: GameId) {
        let pages: Vec<(UserId, Language, Frames)> = match lock(&self.watchers).get(&game) {
            Some(pages) => pages
                .values()
                .map(|page| (page.viewer, page.language, page.frames.clone()))
                .collect(),
            None => return,
        };
        let live = Arc::clone(self);
        let wanted: Vec<(UserId, Language)> = pages
            .iter()
            .map(|(viewer, language, _)| (*viewer, *language))
            .collect();
        let frames = self
            .work
            .spawn_in(Lane::Store, move || live.frames(game, &wanted))
            .await;
        let Ok(frames) = frames else {
            return;
        };
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
