//! The game service: everything a player can do, with no Discord in it.
//!
//! Adapters map their input to one vocabulary: an [`Action`] from an [`Origin`] (a command in a
//! channel, or a component of a board or a challenge), run by [`GameService::act`], or a click
//! by its component id ([`GameService::component`]). Each is answered with a [`Reply`]: text,
//! what to show (a [`BoardView`](dama_render::BoardView), a [`ReplayView`]), components with
//! stable ids, and flags. The service draws nothing: the adapters own the renderer and turn
//! views into images. The service is synchronous (it talks to the [`Store`] and runs engine
//! searches): adapters call it off their async runtime. Time comes from a [`Clock`], which
//! tests control.
//!
//! User mistakes (an illegal move, a stranger's click, a stale button) are answered with a
//! private [`Reply`]; only internal failures (the database) are errors.
//!
//! The flows live in feature folders: `play/` (challenges, moves, endings, takebacks, a game's
//! thread, idle games, presenting a game), `clocks/` (time per move, live games and their
//! flags), `coach/` (the engine's line of searches, `/analysis`, `/hint`), `puzzles/`,
//! `tournaments/`, `notices/` (notifications and reminders, the outbox, the sweep). Beside
//! them: the vocabulary (`action`, `commands`, `reply`, `texts`), look-ups (`info`),
//! `autocomplete`, settings, ratings, limits, access, the page's view of a game (`view`), the
//! threads the service runs on (`work`) and the one delivery of its answers (`delivery/`).

mod access;
mod action;
pub mod activity;
mod autocomplete;
mod clocks;
mod coach;
pub mod commands;
pub mod delivery;
mod info;
mod languages;
mod limits;
mod notices;
mod play;
#[cfg(test)]
mod props;
mod puzzles;
pub mod rating;
mod reply;
mod settings;
mod texts;
mod tournaments;
mod view;
pub mod work;

// The feature folders' modules, by the names the service's files use.
use clocks::{clock, live};
use coach::{analysis, engine_pool, hint};
use notices::{notify, outbox, sweep};
use play::{board, loaded, moves, takeback, threads};
use puzzles::{puzzle, puzzle_collection, puzzle_daily, puzzle_rating};
use tournaments::tournament_rounds;

use crate::texts::command;
use dama_core::config::Limits;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use dama_engine::{Tablebase, Verdict};
use dama_rules::Position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use action::{Flow, refuse};

pub use access::{Access, OpenAccess, ServerPowers};
pub use action::{
    Action, Lane, Origin, PuzzleAction, SettingsChange, TournamentAction, TournamentSpec,
    component_lane,
};
pub use clock::{Clock, ManualClock, ScaledClock, SystemClock};
pub use engine_pool::{EngineBusy, EnginePool, QueueBounds, Request};
pub use live::{FLAG_SWEEP_INTERVAL, MAX_INCREMENT, MAX_LIVE_BASE, MIN_LIVE_BASE, clock_text};
pub use outbox::{Delivery, OUTBOX_BATCH, OUTBOX_CLAIM, ReplyOutbox, retry_delay};
pub use puzzle::{PUZZLE_RANKING_MIN_ATTEMPTS, PUZZLE_RANKING_SIZE};
pub use puzzle_collection::{
    PuzzleCollection, Puzzles, from_text as puzzles_from_text, load_puzzles, shipped_puzzles,
};
pub use reply::{
    Attachment, ButtonStyle, ChallengeButton, ChartView, Component, ComponentAction, GameButton,
    PuzzleButton, ReplayView, Reply, SelectOption, ThreadStart, TournamentButton,
};
pub use texts::{engine_name, rules_text};
pub use view::{
    Cell, ChallengeSummary, ClockView, GameState, GameSummary, GameView, LastMove, LegalMove,
    PlayerView, ResultView, Side, SideChoice, Span,
};

use dama_core::config::Config;
use dama_core::i18n::{Language, t, tr};
use dama_core::shards::ShardSet;
use dama_core::store::{ChannelId, GameId, GuildId, MessageRef, Millis, Store, StoreError, UserId};

/// Who acts, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user: UserId,
    /// The name to show (nickname or user name).
    pub name: String,
    pub guild: GuildId,
    pub channel: ChannelId,
    /// May moderate this channel (Discord: Manage Messages).
    pub can_moderate: bool,
    /// May change the server's settings (Discord: Manage Server).
    pub can_manage_server: bool,
    /// The language of what only this person sees (Discord: the interaction's `locale`).
    pub language: Language,
    /// The language the server chose for its members (Discord: the interaction's
    /// `guild_locale`, in a Community server only: every other server reports English
    /// whatever its members speak); `None` where the server chose none. A moderator's
    /// `/settings language:` comes first (see [`GameService::public_language`]).
    pub guild_language: Option<Language>,
    /// The bot may open public threads here and post in them (Discord: Create Public Threads
    /// and Send Messages in Threads, in a channel that is not a thread itself).
    pub can_open_threads: bool,
}

impl Actor {
    /// Someone in a server's channel with what a plain member has: no moderation, no
    /// managing the server, English, no language chosen by the server, and games that may go
    /// in threads. The setters below, each named after the field it sets, say otherwise.
    #[must_use]
    pub fn new(user: UserId, name: impl Into<String>, guild: GuildId, channel: ChannelId) -> Actor {
        Actor {
            user,
            name: name.into(),
            guild,
            channel,
            can_moderate: false,
            can_manage_server: false,
            language: Language::En,
            guild_language: None,
            can_open_threads: true,
        }
    }

    /// The same person under another name.
    #[must_use]
    pub fn name(self, name: impl Into<String>) -> Actor {
        Actor {
            name: name.into(),
            ..self
        }
    }

    /// The same person in another server.
    #[must_use]
    pub fn guild(self, guild: GuildId) -> Actor {
        Actor { guild, ..self }
    }

    /// The same person in another channel (or thread) of their server.
    #[must_use]
    pub fn channel(self, channel: ChannelId) -> Actor {
        Actor { channel, ..self }
    }

    /// Whether they may moderate the channel.
    #[must_use]
    pub fn can_moderate(self, can_moderate: bool) -> Actor {
        Actor {
            can_moderate,
            ..self
        }
    }

    /// Whether they may change the server's settings.
    #[must_use]
    pub fn can_manage_server(self, can_manage_server: bool) -> Actor {
        Actor {
            can_manage_server,
            ..self
        }
    }

    /// The language of what only they see.
    #[must_use]
    pub fn language(self, language: Language) -> Actor {
        Actor { language, ..self }
    }

    /// The language the server chose for its members, if it chose one.
    #[must_use]
    pub fn guild_language(self, guild_language: Option<Language>) -> Actor {
        Actor {
            guild_language,
            ..self
        }
    }

    /// Whether the bot may open public threads where they are.
    #[must_use]
    pub fn can_open_threads(self, can_open_threads: bool) -> Actor {
        Actor {
            can_open_threads,
            ..self
        }
    }
}

/// A message nobody asked for in that moment (timeouts, expiries, reminders, the result line
/// in a game's channel, a direct message to a player).
#[derive(Debug, Clone)]
pub struct Notice {
    pub guild: GuildId,
    /// Where it goes (for a direct message: where it goes when the person's direct messages
    /// are closed, with a mention of them).
    pub channel: ChannelId,
    pub reply: Reply,
    /// A message to edit instead of posting, where one is known (a challenge's message).
    pub edit: Option<MessageRef>,
    /// A direct message to this person. When it cannot be delivered the adapter posts it in
    /// `channel` with a mention of them instead, once, and calls
    /// [`GameService::direct_failed`] so the next ones go there at once.
    pub direct: Option<UserId>,
}

/// What the `/move` autocomplete shows: the matching legal moves, or one line saying why there
/// are none (a choice name, at most [`HINT_MAX_CHARS`] characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Suggestions {
    Moves(Vec<String>),
    Hint(String),
}

/// An internal failure: the user gets a generic apology, the log gets this.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("game {game}: stored move {ply} ({text}) does not replay: {reason}")]
    Corrupt {
        game: GameId,
        ply: u32,
        text: String,
        reason: String,
    },
}

/// Settings of the service, from the configuration.
#[derive(Debug, Clone)]
pub struct ServiceSettings {
    /// How long a challenge stays open; `None` fits it to the game's time per move, at least
    /// 10 minutes and at most 3 days. A server's own choice comes first.
    pub challenge_expiry: Option<Duration>,
    pub default_time_per_move: Duration,
    pub repetition_count: u32,
    pub think_time: Duration,
    pub hash_mb: usize,
    pub max_concurrent_searches: usize,
    /// Seed for colours and engine choices; `None` seeds from the system.
    pub seed: Option<u64>,
    /// How long a game against the engine may wait for its player's move before anyone who
    /// starts a game in its channel may end it (asked to confirm); the sweep ends it, without
    /// a result, after twice as long.
    pub engine_idle: Duration,
    /// Takebacks allowed in a game against the engine.
    pub engine_takebacks: u32,
    /// Nodes searched per position by `/analysis`.
    pub analysis_nodes: u64,
    /// Hints allowed in a game against the engine.
    pub engine_hints: u32,
}

impl ServiceSettings {
    #[must_use]
    pub fn from_config(config: &Config) -> ServiceSettings {
        ServiceSettings {
            challenge_expiry: config.game.challenge_expiry,
            default_time_per_move: config.game.default_time_per_move,
            repetition_count: config.game.repetition_count,
            think_time: config.engine.think_time,
            hash_mb: config.engine.hash_mb,
            max_concurrent_searches: config.max_concurrent_searches(),
            seed: None,
            engine_idle: config.game.engine_idle,
            engine_takebacks: 3,
            analysis_nodes: config.engine.analysis_nodes.max(1),
            engine_hints: config.engine.hints_per_game,
        }
    }
}

/// The shortest and longest time per move a game may have.
pub const MIN_TIME_PER_MOVE: Duration = Duration::from_secs(60);
pub const MAX_TIME_PER_MOVE: Duration = Duration::from_secs(14 * 24 * 3600);
/// Plies a player waits before offering a draw again.
pub const DRAW_REOFFER_PLIES: u32 = 10;
/// How long a person waits between two challenges.
pub const CHALLENGE_COOLDOWN: Duration = Duration::from_secs(30);
/// How long a person waits before posting the board again in the same channel.
pub const BOARD_COOLDOWN: Duration = Duration::from_secs(10);
/// How long a person waits between two draw offers (on top of [`DRAW_REOFFER_PLIES`]).
pub const DRAW_OFFER_COOLDOWN: Duration = Duration::from_secs(30);
/// The longest autocomplete hint (Discord's limit for a choice name).
pub const HINT_MAX_CHARS: usize = 100;
/// Players shown per leaderboard page, and the games needed to appear.
pub const LEADERBOARD_PAGE: u32 = 10;
pub const LEADERBOARD_MIN_GAMES: u32 = 1;
/// Threads of [`Lane::Cpu`] beyond the engine's line and the analyses: replays drawn and
/// moves between people, which wait in no line.
pub const CPU_SPARE_THREADS: usize = 4;

/// The service. Cheap to share: hold it in an `Arc`.
pub struct GameService {
    store: Arc<dyn Store>,
    engines: EnginePool,
    clock: Arc<dyn Clock>,
    settings: ServiceSettings,
    rng: Mutex<StdRng>,
    /// Endgame tables, for the engine and for verdicts.
    tables: Option<Arc<Tablebase>>,
    /// Show table verdicts to the players of a running rated game.
    verdicts_in_rated_games: bool,
    /// Games whose engine move is being searched right now, so that no game is searched twice.
    searching: Mutex<HashSet<GameId>>,
    /// When each person last used an action that has a cooldown.
    last_used: Mutex<HashMap<Cooldown, Millis>>,
    /// The servers' settings, kept at hand.
    servers: settings::ServerCache,
    /// How each person wants to hear about their games, and whose direct messages are closed.
    notifications: notify::Notifications,
    /// Each person's language as last stored.
    seen_languages: languages::SeenLanguages,
    /// The analyses running, so that two requests for one game share one.
    analyses: analysis::Running,
    /// The puzzles of `/puzzle`, or why there are none.
    puzzles: Puzzles,
    /// The shards this process runs, when the bot's shards are split across processes.
    shards: Option<ShardSet>,
    /// Who may see which channel, and who may act for a whole server.
    access: std::sync::RwLock<Arc<dyn Access>>,
    /// What one person or server may ask of the bot (see [`Limits`]).
    limits: Limits,
    /// Where the service tells which game changed once the change is committed.
    changes: dama_core::feed::ChangeFeed,
    /// Every board has an "Open the board" button (the Activity is offered).
    board_launch: bool,
}

/// An action with a cooldown, for one person (and, for the board, one channel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Cooldown {
    Challenge(UserId),
    Board(UserId, ChannelId),
    DrawOffer(UserId),
    /// Starting a game against the engine (`/play`, a rematch).
    PlayEngine(UserId),
    Analysis(UserId),
    Hint(UserId),
    Replay(UserId),
}

impl Cooldown {
    fn length(self, limits: &Limits) -> Duration {
        match self {
            Cooldown::Challenge(_) => CHALLENGE_COOLDOWN,
            Cooldown::Board(..) => BOARD_COOLDOWN,
            Cooldown::DrawOffer(_) => DRAW_OFFER_COOLDOWN,
            Cooldown::PlayEngine(_) => limits.engine_game_cooldown,
            Cooldown::Analysis(_) => limits.analysis_cooldown,
            Cooldown::Hint(_) => limits.hint_cooldown,
            Cooldown::Replay(_) => limits.replay_cooldown,
        }
    }

    /// The command the action is, where it is one.
    fn command(self) -> Option<&'static str> {
        match self {
            Cooldown::Challenge(_) => Some("challenge"),
            Cooldown::Board(..) => Some("board"),
            Cooldown::DrawOffer(_) => None,
            Cooldown::PlayEngine(_) => Some("play"),
            Cooldown::Analysis(_) => Some("analysis"),
            Cooldown::Hint(_) => Some("hint"),
            Cooldown::Replay(_) => Some("replay"),
        }
    }
}

/// A cooldown taken for an action under way (see [`GameService::take_cooldown`]): dropped
/// before [`CooldownHeld::keep`], the cooldown is as it was before (a refusal costs none).
#[must_use = "a cooldown not kept is given back at once"]
pub(crate) struct CooldownHeld<'a> {
    service: &'a GameService,
    action: Cooldown,
    taken_at: Millis,
    before: Option<Millis>,
    kept: bool,
}

impl CooldownHeld<'_> {
    /// The action was accepted: its cooldown stands.
    pub(crate) fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for CooldownHeld<'_> {
    fn drop(&mut self) {
        if self.kept {
            return;
        }
        let mut last_used = lock(&self.service.last_used);
        // Unless a later use of the action took it meanwhile.
        if last_used.get(&self.action) == Some(&self.taken_at) {
            match self.before {
                Some(before) => last_used.insert(self.action, before),
                None => last_used.remove(&self.action),
            };
        }
    }
}

/// A game marked as being searched; the mark goes when this is dropped.
pub(crate) struct Searching<'a> {
    service: &'a GameService,
    game: GameId,
}

impl Drop for Searching<'_> {
    fn drop(&mut self) {
        lock(&self.service.searching).remove(&self.game);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Loads the endgame tables in `dir` for the bot: each problem (a missing or damaged file) is a
/// warning in the log and the sound slices are used anyway; a directory that does not exist is
/// one info line. `None` when no table could be loaded.
#[must_use]
pub fn load_tables(dir: &Path) -> Option<Arc<Tablebase>> {
    if !dir.exists() {
        tracing::info!(
            dir = %dir.display(),
            "no endgame tables (build them with `damabot tables build`)"
        );
        return None;
    }
    let (tables, problems) = Tablebase::load(dir);
    for problem in &problems {
        tracing::warn!(dir = %dir.display(), "endgame tables: {problem}");
    }
    if tables.max_pieces() == 0 {
        return None;
    }
    tracing::info!(
        dir = %dir.display(),
        pieces = tables.max_pieces(),
        mib = tables.bytes() >> 20,
        "endgame tables loaded"
    );
    Some(Arc::new(tables))
}

impl GameService {
    #[must_use]
    pub fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        settings: ServiceSettings,
    ) -> GameService {
        let rng = match settings.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        let limits = Limits::off();
        GameService {
            store,
            engines: EnginePool::new(settings.max_concurrent_searches, settings.hash_mb)
                .with_bounds(limits::queue_bounds(&limits)),
            clock,
            settings,
            rng: Mutex::new(rng),
            tables: None,
            verdicts_in_rated_games: false,
            searching: Mutex::new(HashSet::new()),
            last_used: Mutex::new(HashMap::new()),
            servers: settings::ServerCache::default(),
            notifications: notify::Notifications::default(),
            seen_languages: languages::SeenLanguages::default(),
            analyses: analysis::Running::default(),
            puzzles: shipped_puzzles(),
            shards: None,
            access: std::sync::RwLock::new(Arc::new(OpenAccess)),
            limits,
            changes: dama_core::feed::ChangeFeed::new(),
            board_launch: false,
        }
    }

    /// The same service with these limits ([`Limits::off`] otherwise).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> GameService {
        self.engines =
            EnginePool::new(self.settings.max_concurrent_searches, self.settings.hash_mb)
                .with_tables(self.tables.clone())
                .with_bounds(limits::queue_bounds(&limits));
        self.limits = limits;
        self
    }

    /// The same service, telling `changes` which game changed (a feed of its own otherwise).
    #[must_use]
    pub fn with_changes(mut self, changes: dama_core::feed::ChangeFeed) -> GameService {
        self.changes = changes;
        self
    }

    /// The feed of the games this service changes (see [`dama_core::feed`]).
    #[must_use]
    pub fn changes(&self) -> &dama_core::feed::ChangeFeed {
        &self.changes
    }

    /// The same service with these puzzles (the built-in collection otherwise; see
    /// [`load_puzzles`]). Without puzzles, `/puzzle` says they are unavailable.
    #[must_use]
    pub fn with_puzzles(mut self, puzzles: Puzzles) -> GameService {
        self.puzzles = puzzles;
        self
    }

    /// The same service, looking after the servers of these shards only (`None`: every
    /// server). See [`Self::owns_guild`].
    #[must_use]
    pub fn with_shards(mut self, shards: Option<ShardSet>) -> GameService {
        self.shards = shards;
        self
    }

    /// The same service, with an "Open the board" button on every board when `launch` (the
    /// Activity is offered; none otherwise).
    #[must_use]
    pub fn with_board_launch(mut self, launch: bool) -> GameService {
        self.board_launch = launch;
        self
    }

    /// Marks a game as being searched; `None` if a search of it is already under way.
    pub(crate) fn start_searching(&self, game: GameId) -> Option<Searching<'_>> {
        let inserted = lock(&self.searching).insert(game);
        // Built only when marked: dropping one unmarks the game.
        inserted.then(|| Searching {
            service: self,
            game,
        })
    }

    /// Refuses an action used again too soon (``Not so fast: you can use `/board` again in
    /// 8 s.``), in the actor's `language`.
    pub(crate) fn cooled_down(&self, language: Language, action: Cooldown) -> Flow<()> {
        let left = self.cooldown_left(&lock(&self.last_used), action, self.now());
        Self::refuse_cooldown(language, action, left)
    }

    /// [`Self::cooled_down`] and [`Self::used`] in one step, so that two requests at once
    /// cannot both pass. The cooldown is held for the action under way: it stands once the
    /// action is accepted ([`CooldownHeld::keep`]), and is given back if the action is refused
    /// or fails on the way.
    pub(crate) fn take_cooldown(
        &self,
        language: Language,
        action: Cooldown,
    ) -> Flow<CooldownHeld<'_>> {
        let now = self.now();
        let mut last_used = lock(&self.last_used);
        let left = self.cooldown_left(&last_used, action, now);
        let before = (left <= 0).then(|| {
            let before = last_used.get(&action).copied();
            self.mark_used(&mut last_used, action, now);
            before
        });
        drop(last_used);
        Self::refuse_cooldown(language, action, left)?;
        Ok(CooldownHeld {
            service: self,
            action,
            taken_at: now,
            before: before.flatten(),
            kept: false,
        })
    }

    /// The milliseconds left of an action's cooldown at `now` (0 or less: none).
    fn cooldown_left(
        &self,
        last_used: &HashMap<Cooldown, Millis>,
        action: Cooldown,
        now: Millis,
    ) -> i64 {
        let Some(&last) = last_used.get(&action) else {
            return 0;
        };
        let length = i64::try_from(action.length(&self.limits).as_millis()).unwrap_or(i64::MAX);
        last.saturating_add(length) - now
    }

    /// Refuses an action whose cooldown has `left` milliseconds to run.
    fn refuse_cooldown(language: Language, action: Cooldown, left: i64) -> Flow<()> {
        if left > 0 {
            let seconds = (left + 999) / 1000;
            return refuse(if let Some(path) = action.command() {
                tr!(
                    language,
                    GameCooldownCommand,
                    cmd = command(path),
                    seconds = seconds,
                )
            } else {
                t!(language, GameCooldownDrawOffer, seconds = seconds).into()
            });
        }
        Ok(())
    }

    /// Starts an action's cooldown now.
    pub(crate) fn used(&self, action: Cooldown) {
        let now = self.now();
        self.mark_used(&mut lock(&self.last_used), action, now);
    }

    fn mark_used(&self, last_used: &mut HashMap<Cooldown, Millis>, action: Cooldown, now: Millis) {
        let limits = &self.limits;
        // Forget cooldowns that are over, so the map stays as small as the recent activity.
        if last_used.len() > 1024 {
            last_used.retain(|action, at| {
                now - *at < i64::try_from(action.length(limits).as_millis()).unwrap_or(i64::MAX)
            });
        }
        last_used.insert(action, now);
    }

    /// The same service with endgame tables: the engine plays with them, and boards of
    /// positions they hold say who wins ("Endgame tables: won for White in 13 moves") in
    /// finished games and unrated ones always, in running rated games only when
    /// `verdicts_in_rated_games` (see [`load_tables`]).
    #[must_use]
    pub fn with_tables(
        mut self,
        tables: Option<Arc<Tablebase>>,
        verdicts_in_rated_games: bool,
    ) -> GameService {
        self.engines =
            EnginePool::new(self.settings.max_concurrent_searches, self.settings.hash_mb)
                .with_tables(tables.clone())
                .with_bounds(limits::queue_bounds(&self.limits));
        self.tables = tables;
        self.verdicts_in_rated_games = verdicts_in_rated_games;
        self
    }

    /// What the endgame tables say about a game's position, for its players; `None` when the
    /// tables do not hold it or the verdict is not to be shown (a running rated game).
    pub(crate) fn table_verdict(
        &self,
        language: Language,
        record: &dama_core::store::Game,
        position: &Position,
    ) -> Option<String> {
        let tables = self.tables.as_ref()?;
        let running_rated = record.status == dama_core::store::GameStatus::Active && record.rated;
        if running_rated && !self.verdicts_in_rated_games {
            return None;
        }
        // A game over by the rules needs no verdict.
        if !position.has_legal_moves() {
            return None;
        }
        let verdict = tables.probe(position)?;
        let turn = position.turn();
        let winner = match verdict {
            Verdict::Win { .. } => turn,
            Verdict::Loss { .. } => !turn,
            Verdict::Draw => return Some(t!(language, GameVerdictDraw)),
        };
        let color = winner.name();
        Some(match verdict.winner_moves() {
            None => t!(language, GameVerdictDraw),
            Some(0) => t!(language, GameVerdictNoMove, color = color),
            Some(moves) => t!(language, GameVerdictWin, color = color, moves = moves),
        })
    }

    /// Whether this process looks after `guild`: its sweeps, reminders, daily posts and engine
    /// moves. A process that runs some of the bot's shards (the `discord.shards` setting) owns
    /// the servers whose events Discord sends to them; without that setting, every server.
    #[must_use]
    pub fn owns_guild(&self, guild: GuildId) -> bool {
        self.shards.as_ref().is_none_or(|shards| shards.owns(guild))
    }

    /// The servers this process looks after, as the store selects them (`None`: every server).
    fn shard_span(&self) -> Option<dama_core::store::ShardSpan> {
        self.shards
            .as_ref()
            .map(|shards| dama_core::store::ShardSpan {
                total: shards.total(),
                first: *shards.range().start(),
                last: *shards.range().end(),
            })
    }

    /// Engine searches waiting for an engine right now (for the metrics).
    #[must_use]
    pub fn engine_queue(&self) -> usize {
        self.engines.waiting()
    }

    /// Engine searches running right now.
    #[must_use]
    pub fn engine_searches(&self) -> usize {
        self.engines.running()
    }

    /// How many threads the calls of [`Lane::Cpu`] need so that none waits for a thread
    /// rather than in the engine's line: one for each request the line takes (running or
    /// waiting), one for each analysis that may search, and a few for replays and moves
    /// between people.
    #[must_use]
    pub fn cpu_threads(&self) -> usize {
        self.engines.places()
            + analysis::analysis_share(self.engines.capacity())
            + CPU_SPARE_THREADS
    }

    /// The store, for adapters and tools.
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The time now, by the service's clock.
    #[must_use]
    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    /// Remembers the message that shows a game's board (for links and in-place edits), and
    /// returns the board message that is no longer live when it is another one: the adapter
    /// then takes that old message's buttons and menu away. That is the one remembered before,
    /// or `message` itself when a newer board was remembered first (two answers in flight).
    pub fn set_board_message(
        &self,
        game: GameId,
        message: MessageRef,
    ) -> Result<Option<MessageRef>, ServiceError> {
        match self.store.set_board_message(game, message)? {
            // Either the same message again, or an older board that came back late: only the
            // latter is no longer live.
            Some(old) if old == message => {
                let live = self.board_message(game)?;
                Ok((live != Some(message)).then_some(message))
            }
            other => Ok(other),
        }
    }

    /// The message that shows a game's board, if the bot has posted one.
    pub fn board_message(&self, game: GameId) -> Result<Option<MessageRef>, ServiceError> {
        Ok(self.store.game(game)?.and_then(|g| g.board_message))
    }

    /// Remembers the message that shows a challenge.
    pub fn set_challenge_message(
        &self,
        challenge: dama_core::store::ChallengeId,
        message: MessageRef,
    ) -> Result<(), ServiceError> {
        Ok(self.store.set_challenge_message(challenge, message)?)
    }

    fn random_u64(&self) -> u64 {
        self.rng
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .random()
    }

    fn random_bool(&self) -> bool {
        self.random_u64() & 1 == 1
    }
}

/// Settles a reply's mentions: none for a private reply, each person once, never `actor`.
pub(crate) fn settle_mentions(reply: &mut Reply, actor: Option<UserId>) {
    if reply.ephemeral {
        reply.mentions.clear();
        return;
    }
    let mut seen = HashSet::new();
    reply
        .mentions
        .retain(|user| Some(*user) != actor && seen.insert(*user));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_settled_once_and_never_the_actor() {
        let mut reply = Reply::public("x");
        reply.mentions = vec![3, 1, 3, 2, 1];
        settle_mentions(&mut reply, Some(2));
        assert_eq!(reply.mentions, [3, 1]);
        let mut private = Reply::private("x");
        private.mentions = vec![3];
        settle_mentions(&mut private, None);
        assert!(private.mentions.is_empty());
    }
}
