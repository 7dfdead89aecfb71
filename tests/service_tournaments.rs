//! Server tournaments end to end on a real SQLite file with a clock the tests move by hand:
//! sign-up by button, rounds paired once and played in threads, forfeits, withdrawals, the
//! final standings, every refusal, a restart in the middle of a round, and the three
//! languages.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use damabot::game::{
    Action, Actor, GameService, ManualClock, Member, Notice, Origin, Reply, SettingsChange,
    TournamentAction, TournamentSpec,
};
use damabot::i18n::Language;
use damabot::store::{
    GameId, GameStatus, MessageRef, SqliteStore, Store, TournamentFormat, TournamentId,
    TournamentPairing, TournamentStatus,
};
use damabot::tournament::GameResult;

mod service_world;

use service_world::{START, settings};

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
        damabot::i18n::set_strict(true);
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

    fn act(&self, actor: &Actor, action: TournamentAction) -> Reply {
        self.service
            .act(actor, Origin::Channel, Action::Tournament(action))
            .unwrap()
    }

    fn click(&self, actor: &Actor, id: TournamentId, button: &str) -> Reply {
        self.service
            .component(actor, &format!("t:{id}:{button}"), &[])
            .unwrap()
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
        reply.notices
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
        reply.notices
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
    Actor {
        user,
        name: name(user),
        guild: GUILD,
        channel: CHANNEL,
        can_moderate: user == MODERATOR || user == ADMIN,
        can_manage_server: user == ADMIN,
        language: Language::En,
        guild_language: None,
        can_open_threads: true,
    }
}

fn in_thread(user: u64, thread: u64) -> Actor {
    Actor {
        channel: thread,
        can_open_threads: false,
        ..actor(user)
    }
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

#[test]
fn a_six_player_swiss_runs_from_sign_up_to_the_final_standings() {
    let bot = Bot::new();
    let id = bot.create(TournamentSpec {
        drawn_openings: true,
        ..spec(TournamentFormat::Swiss { rounds: 3 })
    });
    bot.sign_up(id, 6);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert!(start.ephemeral, "{}", start.text);
    // The announcement, the sign-up message closed, and one line per game that opens its thread.
    assert_eq!(round_announcements(&start.notices, 1), 1);
    let closed = start
        .notices
        .iter()
        .find(|n| n.edit.is_some())
        .expect("the sign-up message is edited");
    assert!(closed.reply.components.is_empty(), "no more buttons");
    assert_eq!(bot.open_threads(&start.notices), 3);
    assert_eq!(bot.tournament_status(id), TournamentStatus::Running);

    // Round 1: every game starts from the opening drawn for the round.
    let first_round = bot.store().tournament_rounds(id).unwrap().remove(0);
    let opening = first_round.opening.clone().expect("an opening is drawn");
    assert!(
        damabot::tournament::openings::three_move_openings()
            .iter()
            .any(|o| o.texts.join(" ") == opening),
        "{opening}"
    );
    let games = bot.games_in_play(id, 1);
    assert_eq!(games.len(), 3);
    for &game in &games {
        let record = bot.store().game(game).unwrap().unwrap();
        assert_eq!(record.start_fen, first_round.start_fen);
        assert!(record.rated && record.in_thread);
    }
    assert!(
        paired_nothing(&bot.resign(games[0], false)),
        "the round goes on"
    );
    assert!(paired_nothing(&bot.draw(games[1])));
    // The third game's player to move lets twice their time pass: the sweep forfeits it and
    // the round's end pairs round 2.
    bot.clock.advance(2 * DAY + Duration::from_secs(60));
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 2), 1, "{swept:#?}");
    assert_eq!(bot.open_threads(&swept), 3);
    let timed_out = bot.store().game(games[2]).unwrap().unwrap();
    assert_eq!(timed_out.status, GameStatus::Finished);

    // Round 2: one player is forfeited by a moderator, another withdraws and resigns.
    let round2 = bot.games_in_play(id, 2);
    assert_eq!(round2.len(), 3);
    let forfeited_game = bot.store().game(round2[0]).unwrap().unwrap();
    let forfeited = forfeited_game.white.user().unwrap();
    let reply = bot.act(
        &actor(MODERATOR),
        TournamentAction::Forfeit {
            member: member(forfeited),
        },
    );
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(reply.mentions.contains(&forfeited));
    let archived = reply
        .notices
        .iter()
        .find(|n| n.reply.archive.is_some())
        .expect("the forfeited game's thread is archived");
    assert_eq!(archived.channel, forfeited_game.place());
    assert_eq!(
        bot.store().game(round2[0]).unwrap().unwrap().status,
        GameStatus::Aborted
    );
    let withdrawing_game = bot.store().game(round2[1]).unwrap().unwrap();
    let withdrawing = withdrawing_game.black.user().unwrap();
    let reply = bot.act(&actor(withdrawing), TournamentAction::Withdraw);
    assert!(!reply.ephemeral, "{}", reply.text);
    // Withdrawing leaves the game in play; its player may still resign it.
    assert_eq!(bot.games_in_play(id, 2).len(), 2);
    assert!(paired_nothing(&bot.resign(round2[1], false)));
    let notices = bot.resign(round2[2], true);
    assert_eq!(round_announcements(&notices, 3), 1);
    assert_eq!(bot.open_threads(&notices), 2, "four players left, no bye");
    let round3 = bot.games_in_play(id, 3);
    for &game in &round3 {
        let record = bot.store().game(game).unwrap().unwrap();
        for side in [record.white, record.black] {
            let user = side.user().unwrap();
            assert!(
                user != forfeited && user != withdrawing,
                "{user} was withdrawn"
            );
        }
    }

    // Standings on demand in the middle of the round.
    let standings = bot.act(&actor(FIRST), TournamentAction::Standings);
    let table = standings.table.expect("a table image");
    assert_eq!(table.rows.len(), 6);
    assert_eq!(table.header.len(), 6);
    assert!(standings.text.contains("(withdrawn)"), "{}", standings.text);
    let pairings = bot.act(&actor(FIRST), TournamentAction::Pairings { round: Some(1) });
    assert!(pairings.text.contains("round 1 of 3"), "{}", pairings.text);
    assert!(pairings.text.contains("½-½"), "{}", pairings.text);

    // Round 3 ends: the final standings, and the tournament is over.
    assert!(paired_nothing(&bot.resign(round3[0], false)));
    let last = bot.resign(round3[1], false);
    let final_notice = last
        .iter()
        .find(|n| n.reply.table.is_some())
        .expect("the final standings");
    assert!(final_notice.reply.text.contains("Final standings"));
    let table = final_notice.reply.table.as_ref().unwrap();
    assert_eq!(table.rows.len(), 6);
    assert_eq!(table.rows[0][0], "1");
    assert_eq!(bot.tournament_status(id), TournamentStatus::Finished);
    let all = bot.pairings(id);
    assert_no_repeats(&all);
    assert!(all.iter().all(|p| p.black.is_none() || p.result.is_some()));
    let forfeit = all
        .iter()
        .find(|p| p.game == Some(round2[0]))
        .and_then(|p| p.result);
    assert_eq!(forfeit, Some(GameResult::WhiteForfeits));
    assert_eq!(bot.store().tournament_rounds(id).unwrap().len(), 3);
    // The sweep pairs nothing more.
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 4), 0);

    // The whole tournament as one PDN file: one game per board played, with its round.
    let pdn = bot.act(&actor(FIRST), TournamentAction::Pdn);
    let text = String::from_utf8(pdn.attachment.expect("a file").bytes).unwrap();
    assert_eq!(text.matches("[Event \"Spring cup\"]").count(), 8, "{text}");
    assert_eq!(text.matches("[Round \"3\"]").count(), 2, "{text}");
}

#[test]
fn a_four_player_round_robin_of_two_game_matches_runs_to_the_end() {
    let bot = Bot::new();
    let id = bot.create(TournamentSpec {
        games_per_pairing: 2,
        drawn_openings: true,
        rated: false,
        ..spec(TournamentFormat::RoundRobin)
    });
    bot.sign_up(id, 4);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    let mut notices = start.notices;
    for round in 1..=3 {
        assert_eq!(round_announcements(&notices, round), 1, "round {round}");
        // Two boards, each played twice with the colours swapped, on the same opening.
        assert_eq!(bot.open_threads(&notices), 4);
        let games = bot.games_in_play(id, round);
        assert_eq!(games.len(), 4);
        let records: Vec<_> = games
            .iter()
            .map(|&g| bot.store().game(g).unwrap().unwrap())
            .collect();
        assert_eq!(records[0].white, records[2].black);
        assert_eq!(records[0].black, records[2].white);
        assert!(records.iter().all(|r| r.start_fen == records[0].start_fen));
        notices = Vec::new();
        for (i, &game) in games.iter().enumerate() {
            notices.extend(bot.resign(game, i % 2 == 1));
        }
    }
    assert_eq!(bot.tournament_status(id), TournamentStatus::Finished);
    let final_notice = notices
        .iter()
        .find(|n| n.reply.table.is_some())
        .expect("the final standings");
    assert!(final_notice.reply.text.contains("wins **Spring cup**"));
    let all = bot.pairings(id);
    assert_eq!(all.len(), 12);
    assert_no_repeats(&all);
    // Everyone met everyone.
    let met: HashSet<(u64, u64)> = all
        .iter()
        .map(|p| {
            let black = p.black.unwrap();
            (p.white.min(black), p.white.max(black))
        })
        .collect();
    assert_eq!(met.len(), 6);
}

#[test]
fn every_refusal_says_why() {
    let bot = Bot::new();
    let refused = |reply: Reply, words: &str| {
        assert!(reply.ephemeral, "{}", reply.text);
        assert!(reply.text.contains(words), "{words} in {}", reply.text);
    };
    // Creating: Manage Server, and threads.
    refused(
        bot.act(
            &actor(FIRST),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "manage the server",
    );
    refused(
        bot.act(
            &Actor {
                can_open_threads: false,
                ..actor(ADMIN)
            },
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "Create Public Threads",
    );
    let off = bot
        .service
        .act(
            &actor(ADMIN),
            Origin::Channel,
            Action::Settings(SettingsChange {
                threads: Some(false),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    assert!(off.ephemeral || !off.text.is_empty());
    refused(
        bot.act(
            &actor(ADMIN),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "turned off",
    );
    bot.service
        .act(
            &actor(ADMIN),
            Origin::Channel,
            Action::Settings(SettingsChange {
                threads: Some(true),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    refused(
        bot.act(
            &actor(ADMIN),
            TournamentAction::Create(spec(TournamentFormat::Swiss { rounds: 0 })),
        ),
        "1 to 15 rounds",
    );
    refused(
        bot.act(&actor(FIRST), TournamentAction::Start),
        "no tournament",
    );

    let id = bot.create(spec(TournamentFormat::RoundRobin));
    refused(
        bot.act(
            &actor(ADMIN),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "already has a tournament",
    );
    // Joining twice; a button from another channel.
    bot.sign_up(id, 2);
    refused(bot.click(&actor(FIRST), id, "join"), "already joined");
    refused(
        bot.click(
            &Actor {
                channel: OTHER_CHANNEL,
                ..actor(FIRST + 5)
            },
            id,
            "join",
        ),
        "another channel",
    );
    // Starting: the organiser or Manage Server, and three players.
    refused(bot.act(&actor(FIRST), TournamentAction::Start), "organiser");
    refused(
        bot.act(&actor(ADMIN), TournamentAction::Start),
        "at least 3",
    );
    refused(bot.act(&actor(FIRST), TournamentAction::Withdraw), "Leave");
    refused(
        bot.act(&actor(FIRST), TournamentAction::Standings),
        "not started",
    );
    bot.sign_up_one(id, FIRST + 2);
    let left = bot.click(&actor(FIRST + 2), id, "leave");
    assert!(!left.ephemeral && !left.text.contains(&name(FIRST + 2)));
    refused(bot.click(&actor(FIRST + 2), id, "leave"), "not playing");
    bot.sign_up_one(id, FIRST + 2);
    let started = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert!(started.ephemeral && !started.notices.is_empty());
    bot.open_threads(&started.notices);
    // After the start: a second start, joining and leaving.
    refused(
        bot.act(&actor(ADMIN), TournamentAction::Start),
        "already started",
    );
    refused(bot.click(&actor(FIRST + 4), id, "join"), "sign-up");
    refused(bot.click(&actor(FIRST), id, "leave"), "withdraw");
    // Moderators' and managers' commands.
    refused(
        bot.act(
            &actor(FIRST),
            TournamentAction::Forfeit {
                member: member(FIRST + 1),
            },
        ),
        "moderators",
    );
    refused(
        bot.act(&actor(MODERATOR), TournamentAction::Cancel),
        "manage the server",
    );
    refused(
        bot.act(&actor(FIRST), TournamentAction::Pairings { round: Some(7) }),
        "no round 7",
    );
    // Three players, three rounds of one game and a bye each.
    for round in 1..=3 {
        let games = bot.games_in_play(id, round);
        assert_eq!(games.len(), 1, "round {round}");
        let notices = bot.resign(games[0], true);
        bot.open_threads(&notices);
    }
    assert_eq!(bot.tournament_status(id), TournamentStatus::Finished);
    refused(
        bot.act(&actor(FIRST), TournamentAction::Withdraw),
        "is over",
    );
    refused(bot.act(&actor(ADMIN), TournamentAction::Cancel), "is over");
    // A finished tournament makes room for the next one.
    bot.create(spec(TournamentFormat::RoundRobin));
}

impl Bot {
    fn sign_up_one(&self, id: TournamentId, user: u64) {
        let reply = self.click(&actor(user), id, "join");
        assert!(!reply.ephemeral, "{}", reply.text);
    }
}

#[test]
fn the_next_round_is_paired_once_when_the_last_two_games_end_at_once() {
    for _ in 0..5 {
        let bot = Bot::new();
        let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
        bot.sign_up(id, 4);
        let start = bot.act(&actor(ADMIN), TournamentAction::Start);
        bot.open_threads(&start.notices);
        let games = bot.games_in_play(id, 1);
        assert_eq!(games.len(), 2);
        let notices: Vec<Notice> = std::thread::scope(|scope| {
            let jobs: Vec<_> = games
                .iter()
                .map(|&game| {
                    let bot = &bot;
                    scope.spawn(move || bot.resign(game, false))
                })
                .collect();
            jobs.into_iter()
                .flat_map(|job| job.join().unwrap())
                .collect()
        });
        assert_eq!(round_announcements(&notices, 2), 1, "{notices:#?}");
        assert_eq!(bot.open_threads(&notices), 2);
        assert_eq!(bot.store().tournament_rounds(id).unwrap().len(), 2);
        assert_eq!(bot.games_in_play(id, 2).len(), 2);
    }
}

#[test]
fn a_restart_in_the_middle_of_a_round_loses_nothing() {
    let mut bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
    bot.sign_up(id, 5);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    bot.open_threads(&start.notices);
    let games = bot.games_in_play(id, 1);
    assert!(paired_nothing(&bot.resign(games[0], true)));
    let before = bot.pairings(id);
    bot.restart();
    assert_eq!(
        bot.pairings(id),
        before,
        "rounds, pairings and the bye are kept"
    );
    assert!(
        before.iter().any(|p| p.black.is_none()),
        "five players: a bye"
    );
    // Nothing is paired again after the restart.
    let swept = bot.service.sweep().unwrap();
    assert_eq!(
        round_announcements(&swept, 1) + round_announcements(&swept, 2),
        0
    );
    let notices = bot.resign(games[1], false);
    assert_eq!(round_announcements(&notices, 2), 1);
    assert_eq!(bot.open_threads(&notices), 2);
    // Round 2 gives the bye to someone else.
    let pairings = bot.pairings(id);
    let byes: Vec<u64> = pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| p.white)
        .collect();
    assert_eq!(byes.len(), 2);
    assert_ne!(byes[0], byes[1]);
    assert_no_repeats(&pairings);
}

#[test]
fn a_round_whose_end_was_missed_is_paired_by_the_sweep() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
    bot.sign_up(id, 4);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    bot.open_threads(&start.notices);
    // The round's games end behind the service's back (as if it stopped right after).
    for game in bot.games_in_play(id, 1) {
        let record = bot.store().game(game).unwrap().unwrap();
        bot.store()
            .finish_game(
                game,
                damabot::store::Finish {
                    result: damabot::store::GameResult::WhiteWins,
                    reason: damabot::store::EndReason::Resign,
                    ply: record.ply,
                    at: START,
                    counting: damabot::game::rating::counting(&record),
                    rate: damabot::game::rating::glicko2,
                },
            )
            .unwrap();
    }
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 2), 1);
    assert_eq!(bot.service.sweep().unwrap().len(), 0, "paired once");
}

#[test]
fn ratings_move_only_in_rated_tournaments() {
    for rated in [false, true] {
        let bot = Bot::new();
        let id = bot.create(TournamentSpec {
            rated,
            ..spec(TournamentFormat::RoundRobin)
        });
        bot.sign_up(id, 3);
        let start = bot.act(&actor(ADMIN), TournamentAction::Start);
        bot.open_threads(&start.notices);
        let game = bot.games_in_play(id, 1)[0];
        bot.resign(game, true);
        let record = bot.store().game(game).unwrap().unwrap();
        assert_eq!(record.rated, rated);
        let white = record.white.user().unwrap();
        let rating = bot
            .store()
            .player(GUILD, white)
            .unwrap()
            .unwrap()
            .rating
            .rating;
        assert_eq!(rating < 1500.0, rated, "{rating}");
    }
}

#[test]
fn a_sign_up_deadline_starts_the_tournament_or_cancels_it() {
    let bot = Bot::new();
    let hour = Duration::from_secs(3600);
    let id = bot.create(TournamentSpec {
        signup: Some(hour),
        ..spec(TournamentFormat::RoundRobin)
    });
    bot.sign_up(id, 3);
    assert!(bot.service.sweep().unwrap().is_empty(), "not yet");
    bot.clock.advance(hour);
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 1), 1);
    assert_eq!(bot.open_threads(&swept), 1);
    assert_eq!(bot.tournament_status(id), TournamentStatus::Running);
    // Cancelled: its game stops without a result and its thread is archived.
    let game = bot.games_in_play(id, 1)[0];
    let cancel = bot.act(&actor(ADMIN), TournamentAction::Cancel);
    assert!(!cancel.ephemeral, "{}", cancel.text);
    assert!(cancel.notices.iter().any(|n| n.reply.archive.is_some()));
    assert_eq!(
        bot.store().game(game).unwrap().unwrap().status,
        GameStatus::Aborted
    );
    assert_eq!(bot.tournament_status(id), TournamentStatus::Cancelled);

    let second = bot.create(TournamentSpec {
        signup: Some(hour),
        ..spec(TournamentFormat::RoundRobin)
    });
    bot.sign_up(second, 2);
    bot.clock.advance(hour);
    let swept = bot.service.sweep().unwrap();
    assert!(
        swept.iter().any(|n| n.reply.text.contains("too few")),
        "{swept:#?}"
    );
    assert!(
        swept.iter().any(|n| n.edit.is_some()),
        "the sign-up message"
    );
    assert_eq!(bot.tournament_status(second), TournamentStatus::Cancelled);
}

#[test]
fn the_three_languages_have_their_words() {
    let mut seen = HashSet::new();
    for language in Language::ALL {
        let bot = Bot::new();
        let speaker = |user| Actor {
            language,
            guild_language: Some(language),
            ..actor(user)
        };
        let created = bot.act(
            &speaker(ADMIN),
            TournamentAction::Create(TournamentSpec {
                signup: Some(DAY),
                drawn_openings: true,
                ..spec(TournamentFormat::Swiss { rounds: 3 })
            }),
        );
        let id = created.tournament.unwrap();
        let mut texts = vec![created.text.clone()];
        texts.extend(
            created
                .components
                .iter()
                .flatten()
                .map(|c| format!("{c:?}")),
        );
        for user in FIRST..FIRST + 3 {
            texts.push(bot.click(&speaker(user), id, "join").text);
        }
        texts.push(bot.click(&speaker(FIRST), id, "join").text);
        texts.push(bot.act(&speaker(FIRST), TournamentAction::Start).text);
        let start = bot.act(&speaker(ADMIN), TournamentAction::Start);
        texts.push(start.text);
        texts.extend(start.notices.iter().map(|n| n.reply.text.clone()));
        let standings = bot.act(&speaker(FIRST), TournamentAction::Standings);
        texts.push(standings.text);
        texts.extend(standings.table.unwrap().header);
        for text in &texts {
            assert!(
                !text.contains("{ $") && !text.contains("tournament-"),
                "{text}"
            );
        }
        assert!(seen.insert(created.text.clone()), "{language:?}");
        let (yes, round) = match language {
            Language::It => ("svizzero", "turno 1 di 3"),
            Language::En => ("Swiss", "round 1 of 3"),
            Language::Es => ("suizo", "ronda 1 de 3"),
        };
        assert!(created.text.contains(yes), "{}", created.text);
        assert!(texts.iter().any(|t| t.contains(round)), "{texts:#?}");
    }
}

#[test]
fn a_big_tournament_keeps_its_standings_text_short() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 5 }));
    bot.sign_up(id, 33);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert_eq!(bot.open_threads(&start.notices), 16, "and a bye");
    let standings = bot.act(&actor(FIRST), TournamentAction::Standings);
    assert_eq!(standings.table.unwrap().rows.len(), 33);
    assert!(
        standings.text.contains("3 more in the table"),
        "{}",
        standings.text
    );
    assert!(standings.text.lines().count() <= 32, "{}", standings.text);
}

#[test]
fn a_moderators_abort_counts_as_lost_by_both_and_the_round_goes_on() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::RoundRobin));
    bot.sign_up(id, 3);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert!(
        start
            .notices
            .iter()
            .any(|n| n.reply.text.contains("has the bye (one point)")),
        "{:#?}",
        start.notices
    );
    bot.open_threads(&start.notices);
    let game = bot.games_in_play(id, 1)[0];
    let place = bot.store().game(game).unwrap().unwrap().place();
    let reply = bot
        .service
        .act(&in_thread(MODERATOR, place), Origin::Channel, Action::Abort)
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(
        reply
            .notices
            .iter()
            .any(|n| n.reply.text.contains("lost for both")),
        "{:#?}",
        reply.notices
    );
    assert_eq!(round_announcements(&reply.notices, 2), 1);
    let result = bot
        .pairings(id)
        .into_iter()
        .find(|p| p.game == Some(game))
        .and_then(|p| p.result);
    assert_eq!(result, Some(GameResult::DoubleForfeit));
}

#[test]
fn joining_and_leaving_by_command_edit_the_sign_up_message() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::RoundRobin));
    let joined = bot.act(&actor(FIRST), TournamentAction::Join);
    assert!(joined.ephemeral, "{}", joined.text);
    let edit = joined.notices.first().expect("the sign-up message");
    assert_eq!(
        edit.edit,
        Some(MessageRef {
            channel: CHANNEL,
            message: 9000
        })
    );
    assert_eq!(edit.reply.tournament, Some(id));
    assert!(edit.reply.text.contains("player11"), "{}", edit.reply.text);
    assert_eq!(edit.reply.components.len(), 1, "Join and Leave");
    let left = bot.act(&actor(FIRST), TournamentAction::Leave);
    assert!(left.ephemeral, "{}", left.text);
    assert!(!left.notices[0].reply.text.contains("player11"));
    assert!(bot.store().entrants(id).unwrap().is_empty());
}
