//! Server tournaments end to end on a real SQLite file with a clock the tests move by hand:
//! sign-up by button, rounds paired once and played in threads, forfeits, withdrawals, the
//! final standings, every refusal, a restart in the middle of a round, and the three
//! languages.

use dama_core::i18n::Language;
use dama_core::store::Member;
use dama_core::store::{
    GameId, GameStatus, MessageRef, Store, TournamentFormat, TournamentId, TournamentPairing,
    TournamentStatus,
};
use dama_core::tournament::GameResult;
use dama_service::{
    Action, Actor, Component, GameService, ManualClock, Notice, Origin, Reply, SettingsChange,
    TournamentAction, TournamentSpec,
};
use dama_store::SqliteStore;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

mod languages;
mod refusals;
mod rounds;
mod runs;
mod sign_up;

use crate::world::{START, settings};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const OTHER_CHANNEL: u64 = 200;
const ADMIN: u64 = 10;
const MODERATOR: u64 = 9;
/// The players: 11, 12, ...
const FIRST: u64 = 11;
/// Threads get the id of their game plus this.
const THREADS: u64 = 50_000;
const DAY: Duration = Duration::from_secs(24 * 3600);

/// A service on a database file, which a restart opens again.
struct Bot {
    service: GameService,
    clock: Arc<ManualClock>,
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl Bot {
    fn new() -> Bot {
        dama_core::i18n::set_strict(true);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("dama.db");
        let clock = Arc::new(ManualClock::new(START));
        let store = SqliteStore::open(&path).unwrap();
        let service = GameService::new(Arc::new(store), clock.clone(), settings());
        Bot {
            service,
            clock,
            path,
            _dir: dir,
        }
    }

    /// The bot stops and starts again: a new service on the database as it was left.
    fn restart(&mut self) {
        let clock = self.clock.clone();
        // The old service (and its store) goes before the file is opened again.
        self.service = GameService::new(
            Arc::new(SqliteStore::open_in_memory().unwrap()),
            clock.clone(),
            settings(),
        );
        let store = SqliteStore::open(&self.path).unwrap();
        self.service = GameService::new(Arc::new(store), clock, settings());
    }

    fn store(&self) -> &Arc<dyn Store> {
        self.service.store()
    }

    /// A reply whose notices are out, as an adapter reports them: those of the outbox among
    /// them are never posted again.
    fn posted(&self, reply: Reply) -> Reply {
        for part in &reply.outbox {
            self.service.reply_delivered(part, None).unwrap();
        }
        reply
    }

    fn act(&self, actor: &Actor, action: TournamentAction) -> Reply {
        self.posted(
            self.service
                .act(actor, Origin::Channel, Action::Tournament(action))
                .unwrap(),
        )
    }

    fn click(&self, actor: &Actor, id: TournamentId, button: &str) -> Reply {
        self.posted(
            self.service
                .component(actor, &format!("t:{id}:{button}"), &[])
                .unwrap(),
        )
    }

    /// `/tournament create` by the admin; the sign-up message is posted as message 9000.
    fn create(&self, spec: TournamentSpec) -> TournamentId {
        let reply = self.act(&actor(ADMIN), TournamentAction::Create(spec));
        let id = reply.tournament.unwrap_or_else(|| panic!("{}", reply.text));
        assert!(!reply.ephemeral, "{}", reply.text);
        self.service
            .set_tournament_message(
                id,
                MessageRef {
                    channel: CHANNEL,
                    message: 9000,
                },
            )
            .unwrap();
        id
    }

    /// Players 11, 12, ... join by button.
    fn sign_up(&self, id: TournamentId, players: u64) {
        for user in FIRST..FIRST + players {
            let reply = self.click(&actor(user), id, "join");
            assert!(!reply.ephemeral, "{}", reply.text);
            assert!(reply.text.contains(&name(user)), "{}", reply.text);
        }
    }

    fn pairings(&self, id: TournamentId) -> Vec<TournamentPairing> {
        self.store().tournament_pairings(id).unwrap()
    }

    fn tournament_status(&self, id: TournamentId) -> TournamentStatus {
        self.store().tournament(id).unwrap().unwrap().status
    }

    /// The games of a round in play, by board.
    fn games_in_play(&self, id: TournamentId, round: u32) -> Vec<GameId> {
        self.pairings(id)
            .into_iter()
            .filter(|p| p.round == round && p.result.is_none())
            .filter_map(|p| p.game)
            .filter(|&g| self.store().game(g).unwrap().unwrap().status == GameStatus::Active)
            .collect()
    }

    /// Opens the threads the notices ask for, as an adapter does: each game's first board
    /// goes in its thread and names both players.
    fn open_threads(&self, notices: &[Notice]) -> usize {
        let mut opened = 0;
        for notice in notices {
            let Some(start) = &notice.reply.thread else {
                continue;
            };
            assert_eq!(notice.channel, CHANNEL);
            let first = self
                .service
                .thread_opened(start.game, THREADS + start.game.0 as u64)
                .unwrap();
            let game = self.store().game(start.game).unwrap().unwrap();
            for side in [game.white, game.black] {
                let user = side.user().unwrap();
                assert!(first.mentions.contains(&user), "{user} in {}", first.text);
            }
            opened += 1;
        }
        opened
    }

    /// The player to lose the game resigns (in its thread): the reply's notices.
    fn resign(&self, game: GameId, loser_is_white: bool) -> Vec<Notice> {
        let record = self.store().game(game).unwrap().unwrap();
        let loser = if loser_is_white {
            record.white
        } else {
            record.black
        };
        let reply = self
            .service
            .act(
                &in_thread(loser.user().unwrap(), record.place()),
                Origin::Channel,
                Action::Resign,
            )
            .unwrap();
        assert!(!reply.ephemeral, "{}", reply.text);
        self.posted(reply).notices
    }

    /// Both players agree a draw.
    fn draw(&self, game: GameId) -> Vec<Notice> {
        let record = self.store().game(game).unwrap().unwrap();
        let place = record.place();
        let white = in_thread(record.white.user().unwrap(), place);
        let black = in_thread(record.black.user().unwrap(), place);
        let offer = self
            .service
            .act(&white, Origin::Channel, Action::OfferDraw)
            .unwrap();
        assert!(!offer.ephemeral, "{}", offer.text);
        let reply = self
            .service
            .act(&black, Origin::Channel, Action::AnswerDraw { accept: true })
            .unwrap();
        assert!(!reply.ephemeral, "{}", reply.text);
        self.posted(reply).notices
    }
}

fn name(user: u64) -> String {
    match user {
        ADMIN => "admin".into(),
        MODERATOR => "moderator".into(),
        _ => format!("player{user}"),
    }
}

/// A member in the tournament's channel, where the bot may open threads; the admin manages
/// the server, the moderator moderates.
fn actor(user: u64) -> Actor {
    Actor::new(user, name(user), GUILD, CHANNEL)
        .can_moderate(user == MODERATOR || user == ADMIN)
        .can_manage_server(user == ADMIN)
}

fn in_thread(user: u64, thread: u64) -> Actor {
    actor(user).channel(thread).can_open_threads(false)
}

fn member(user: u64) -> Member {
    Member {
        user,
        name: name(user),
        is_bot: false,
    }
}

fn spec(format: TournamentFormat) -> TournamentSpec {
    TournamentSpec {
        name: "Spring cup".into(),
        format,
        games_per_pairing: 1,
        time_per_move: None,
        rated: true,
        drawn_openings: false,
        signup: None,
    }
}

/// The notices that announce a round ("round 2 of 3").
fn round_announcements(notices: &[Notice], round: u32) -> usize {
    notices
        .iter()
        .filter(|n| n.reply.text.contains(&format!("round {round} of")))
        .count()
}

/// Nothing new in the tournament: no round paired, no standings (only the game's own
/// messages, such as its result in the channel).
fn paired_nothing(notices: &[Notice]) -> bool {
    notices.iter().all(|n| {
        n.reply.thread.is_none() && n.reply.table.is_none() && !n.reply.text.contains(" of ")
    })
}

/// No pair of players meets twice in the tournament.
fn assert_no_repeats(pairings: &[TournamentPairing]) {
    let mut met = HashSet::new();
    for p in pairings.iter().filter(|p| p.leg == 1) {
        if let Some(black) = p.black {
            let pair = (p.white.min(black), p.white.max(black));
            assert!(met.insert(pair), "{pair:?} met twice");
        }
    }
}
