//! The limits of `[limits]` through the service: games against the engine capped per player
//! and per server, cooldowns on starting them and on `/analysis`, `/hint` and `/replay`, a
//! bounded engine line that refuses at once and tells a waiting move its place, store actions
//! answered while the line is full (on threads its searches do not hold), a tournament's
//! entrant cap, and idle engine games ended sooner in a server with many games open in
//! threads. Every refusal is private, says when to try again, and stores nothing; a refusal
//! costs no cooldown.

use dama_core::config::Limits;
use dama_core::store::ColourChoice;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::{NewGame, Participant, TournamentFormat};
use dama_rules::Position;
use dama_service::work::Work;
use dama_service::{
    Action, Actor, Lane, Origin, Reply, ServiceSettings, TournamentAction, TournamentSpec,
    component_lane,
};

use crate::world::{World, settings, world_with_limits};

const GUILD: u64 = 1;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

fn limited(limits: Limits) -> World {
    limited_with(settings(), limits)
}

fn limited_with(settings: ServiceSettings, limits: Limits) -> World {
    world_with_limits(settings, limits)
}

fn actor(user: u64, channel: u64) -> Actor {
    crate::world::member(user, &format!("player{user}"), GUILD, channel)
}

fn act(w: &World, who: &Actor, action: Action) -> Reply {
    let reply = w.service.act(who, Origin::Channel, action).unwrap();
    assert!(!reply.text.contains("{$"), "{}", reply.text);
    reply
}

fn play(w: &World, who: &Actor, level: u8, colour: ColourChoice) -> Reply {
    act(
        w,
        who,
        Action::PlayEngine {
            level,
            colour,
            clock: None,
        },
    )
}

fn active_games(w: &World) -> usize {
    w.service.store().active_games(GUILD, None).unwrap().len()
}

fn assert_refused(reply: &Reply, expected: &str) {
    assert!(
        reply.ephemeral && reply.text.contains(expected),
        "expected a private refusal with {expected:?}: {}",
        reply.text
    );
}

#[test]
fn engine_games_are_capped_per_player_and_per_server_after_a_cooldown() {
    let w = limited(Limits {
        engine_games_per_player: 2,
        engine_games_per_server: 3,
        engine_game_cooldown: Duration::from_secs(15),
        ..Limits::off()
    });
    assert!(!play(&w, &actor(ALICE, 100), 1, ColourChoice::White).ephemeral);
    let again = play(&w, &actor(ALICE, 101), 1, ColourChoice::White);
    assert_refused(&again, "again in 15 s");
    assert_eq!(active_games(&w), 1, "a refusal stores nothing");
    w.clock.advance(Duration::from_secs(15));
    assert!(!play(&w, &actor(ALICE, 101), 1, ColourChoice::White).ephemeral);
    w.clock.advance(Duration::from_secs(15));
    let third = play(&w, &actor(ALICE, 102), 1, ColourChoice::White);
    assert_refused(
        &third,
        "You already have 2 games against the engine running",
    );
    assert!(third.text.contains("/games"), "{}", third.text);
    assert!(!play(&w, &actor(BOB, 103), 1, ColourChoice::White).ephemeral);
    let full = play(&w, &actor(CAROL, 104), 1, ColourChoice::White);
    assert_refused(&full, "already has 3 games against the engine running");
    assert_eq!(active_games(&w), 3);
    // Once a game ends there is room again.
    assert!(!act(&w, &actor(ALICE, 100), Action::Resign).ephemeral);
    assert!(!play(&w, &actor(CAROL, 104), 1, ColourChoice::White).ephemeral);
    // In Italian too.
    w.clock.advance(Duration::from_secs(15));
    let italian = crate::world::speaking(actor(BOB, 105), Language::It);
    let busy = play(&w, &italian, 1, ColourChoice::White);
    assert_refused(&busy, "Questo server ha già 3 partite contro il motore");
}

#[test]
fn analysis_hints_and_replays_wait_their_cooldowns() {
    let w = limited(Limits {
        analysis_cooldown: Duration::from_secs(60),
        hint_cooldown: Duration::from_secs(5),
        replay_cooldown: Duration::from_secs(20),
        ..Limits::off()
    });
    let alice = actor(ALICE, 100);
    play(&w, &alice, 1, ColourChoice::White);
    // A hint, then the same hint again: the repeat waits too.
    let hint = act(&w, &alice, Action::Hint);
    assert!(hint.text.contains("Hint"), "{}", hint.text);
    assert_refused(&act(&w, &alice, Action::Hint), "again in 5 s");
    w.clock.advance(Duration::from_secs(5));
    let again = act(&w, &alice, Action::Hint);
    assert!(again.text.contains("Hint"), "{}", again.text);
    // A replay of the game, then another too soon; others are not held back.
    act(
        &w,
        &alice,
        Action::Move {
            text: "22-18".into(),
        },
    );
    let game = w.service.store().active_games(GUILD, Some(ALICE)).unwrap()[0].id;
    let replay = act(&w, &alice, Action::Replay { game: Some(game.0) });
    assert!(replay.replay.is_some(), "{}", replay.text);
    let refused = act(&w, &alice, Action::Replay { game: Some(game.0) });
    assert_refused(&refused, "again in 20 s");
    assert!(refused.replay.is_none());
    let bob = act(&w, &actor(BOB, 100), Action::Replay { game: Some(game.0) });
    assert!(bob.replay.is_some(), "{}", bob.text);
    w.clock.advance(Duration::from_secs(20));
    assert!(
        act(&w, &alice, Action::Replay { game: Some(game.0) })
            .replay
            .is_some()
    );
    // An analysis of the finished game, then another too soon.
    act(&w, &alice, Action::Resign);
    let analysis = act(&w, &alice, Action::Analysis { game: Some(game.0) });
    assert!(analysis.chart.is_some(), "{}", analysis.text);
    assert_refused(
        &act(&w, &alice, Action::Analysis { game: Some(game.0) }),
        "again in 60 s",
    );
}

/// Runs `/play level:8` as Black for `user` in a channel of their own, the engine opening:
/// the reply, and the lines its progress told.
fn play_black(w: &World, user: u64) -> (Reply, Vec<String>) {
    let told = Mutex::new(Vec::new());
    let reply = w
        .service
        .act_with_progress(
            &actor(user, 200 + user),
            Origin::Channel,
            Action::PlayEngine {
                level: 8,
                colour: ColourChoice::Black,
                clock: None,
            },
            &|line| told.lock().unwrap().push(line),
        )
        .unwrap();
    (reply, told.into_inner().unwrap())
}

#[test]
fn a_full_engine_line_refuses_at_once_and_store_actions_are_answered_meanwhile() {
    let w = limited_with(
        ServiceSettings {
            think_time: Duration::from_millis(1500),
            max_concurrent_searches: 1,
            ..settings()
        },
        Limits {
            engine_queue_per_player: 1,
            engine_queue: 2,
            ..Limits::off()
        },
    );
    std::thread::scope(|scope| {
        // One search runs and two wait: the line is full.
        let first = scope.spawn(|| play_black(&w, 1));
        while w.service.engine_searches() == 0 {
            std::thread::yield_now();
        }
        let second = scope.spawn(|| play_black(&w, 2));
        while w.service.engine_queue() < 1 {
            std::thread::yield_now();
        }
        let third = scope.spawn(|| play_black(&w, 3));
        while w.service.engine_queue() < 2 {
            std::thread::yield_now();
        }
        // Beyond the line: refused at once, nothing stored.
        let (refused, told) = play_black(&w, 4);
        assert_refused(&refused, "try again in a minute");
        assert!(told.is_empty());
        assert!(
            w.service
                .store()
                .active_game_in_channel(204)
                .unwrap()
                .is_none()
        );
        // A player with a request waiting hears that their own line is full.
        let own = w
            .service
            .act(
                &actor(2, 299),
                Origin::Channel,
                Action::PlayEngine {
                    level: 8,
                    colour: ColourChoice::Black,
                    clock: None,
                },
            )
            .unwrap();
        assert_refused(&own, "You already have requests waiting for the engine");
        // The store answers while the searches wait: the line is still full afterwards.
        let board = act(&w, &actor(5, 205), Action::Leaderboard { page: 0 });
        assert!(!board.text.is_empty());
        let stats = act(&w, &actor(5, 205), Action::Stats { member: None });
        assert!(!stats.text.is_empty());
        assert_eq!(
            w.service.engine_queue(),
            2,
            "answered before the searches ahead were done"
        );
        for (handle, place) in [(first, None), (second, Some("1st")), (third, Some("2nd"))] {
            let (reply, told) = handle.join().unwrap();
            assert!(!reply.ephemeral, "{}", reply.text);
            assert!(reply.text.contains("replied"), "{}", reply.text);
            match place {
                None => assert!(told.is_empty(), "{told:?}"),
                Some(place) => assert!(
                    told.iter()
                        .any(|line| line.contains(&format!("your move is queued ({place})"))),
                    "{told:?}"
                ),
            }
        }
    });
    assert_eq!(w.service.engine_queue(), 0);
}

#[test]
fn a_refused_action_costs_no_cooldown() {
    let w = limited_with(
        ServiceSettings {
            think_time: Duration::from_millis(1500),
            max_concurrent_searches: 1,
            ..settings()
        },
        Limits {
            engine_queue_per_player: 1,
            engine_queue: 1,
            hint_cooldown: Duration::from_secs(5),
            engine_game_cooldown: Duration::from_secs(15),
            ..Limits::off()
        },
    );
    // Alice is to move against the engine: a hint needs a search.
    let alice = actor(ALICE, 100);
    assert!(!play(&w, &alice, 1, ColourChoice::White).ephemeral);
    std::thread::scope(|scope| {
        // One search runs and one waits: the line is full.
        let first = scope.spawn(|| play_black(&w, 1));
        while w.service.engine_searches() == 0 {
            std::thread::yield_now();
        }
        let second = scope.spawn(|| play_black(&w, 2));
        while w.service.engine_queue() < 1 {
            std::thread::yield_now();
        }
        // Refused for the engine's line: a hint, and a game where the engine opens.
        assert_refused(&act(&w, &alice, Action::Hint), "try again in a minute");
        let (refused, _) = play_black(&w, 3);
        assert_refused(&refused, "try again in a minute");
        for handle in [first, second] {
            assert!(!handle.join().unwrap().0.ephemeral);
        }
    });
    // Neither refusal started a cooldown: both are taken at once, with the clock unmoved.
    let hint = act(&w, &alice, Action::Hint);
    assert!(hint.text.contains("Hint"), "{}", hint.text);
    let (played, _) = play_black(&w, 3);
    assert!(!played.ephemeral, "{}", played.text);
    // Accepted, they count.
    assert_refused(&act(&w, &alice, Action::Hint), "again in 5 s");
    let another = act(
        &w,
        &actor(3, 299),
        Action::PlayEngine {
            level: 8,
            colour: ColourChoice::Black,
            clock: None,
        },
    );
    assert_refused(&another, "again in 15 s");
}

/// Waits on the async side until `ready` holds.
async fn until(ready: impl Fn() -> bool) {
    while !ready() {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

#[test]
fn a_full_engine_line_holds_no_thread_that_clicks_and_store_commands_need() {
    let (service, _clock, _dir) = limited_with(
        ServiceSettings {
            think_time: Duration::from_millis(1500),
            max_concurrent_searches: 1,
            ..settings()
        },
        Limits {
            engine_queue_per_player: 1,
            engine_queue: 2,
            ..Limits::off()
        },
    )
    .shared();
    // A blocking pool with a thread for each search the line holds and no more: were the
    // searches on it, a store call would find none free until a search ended.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(3)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let work = Work::with_cpu_threads(service.cpu_threads());
        let play = |user: u64| {
            let service = Arc::clone(&service);
            let action = Action::PlayEngine {
                level: 8,
                colour: ColourChoice::Black,
                clock: None,
            };
            work.spawn_in(action.lane(), move || {
                let told = Mutex::new(Vec::new());
                let reply = service
                    .act_with_progress(&actor(user, 200 + user), Origin::Channel, action, &|line| {
                        told.lock().unwrap().push(line);
                    })
                    .unwrap();
                (reply, told.into_inner().unwrap())
            })
        };
        // One search runs and two wait: the line is full.
        let first = play(1);
        until(|| service.engine_searches() == 1).await;
        let second = play(2);
        until(|| service.engine_queue() == 1).await;
        let third = play(3);
        until(|| service.engine_queue() == 2).await;
        let game = service
            .store()
            .active_game_in_channel(201)
            .unwrap()
            .unwrap();
        // A command and a click that only read the store, through the lanes the adapter uses.
        let leaderboard = Action::Leaderboard { page: 0 };
        assert_eq!(leaderboard.lane(), Lane::Store);
        let answered = {
            let service = Arc::clone(&service);
            work.spawn_in(leaderboard.lane(), move || {
                service.act(&actor(5, 205), Origin::Channel, leaderboard)
            })
        }
        .await
        .unwrap()
        .unwrap();
        assert!(!answered.text.is_empty());
        let flip = format!("g:{}:{}:flipw", game.id, game.ply);
        assert_eq!(component_lane(&flip), Lane::Store);
        let flipped = {
            let service = Arc::clone(&service);
            work.spawn_in(component_lane(&flip), move || {
                service.component(&actor(1, 201), &flip, &[])
            })
        }
        .await
        .unwrap()
        .unwrap();
        assert!(flipped.board.is_some(), "{}", flipped.text);
        assert_eq!(
            (service.engine_searches(), service.engine_queue()),
            (1, 2),
            "answered while every search still waited"
        );
        for (job, place) in [(first, None), (second, Some("1st")), (third, Some("2nd"))] {
            let (reply, told) = job.await.unwrap();
            assert!(reply.text.contains("replied"), "{}", reply.text);
            match place {
                None => assert!(told.is_empty(), "{told:?}"),
                Some(place) => assert!(
                    told.iter()
                        .any(|line| line.contains(&format!("your move is queued ({place})"))),
                    "{told:?}"
                ),
            }
        }
    });
    assert_eq!(service.engine_queue(), 0);
}

#[test]
fn a_tournament_takes_no_more_entrants_than_the_cap() {
    let w = limited(Limits {
        tournament_entrants: 2,
        ..Limits::off()
    });
    let admin = actor(99, 100)
        .can_moderate(true)
        .can_manage_server(true)
        .can_open_threads(true);
    let created = act(
        &w,
        &admin,
        Action::Tournament(TournamentAction::Create(TournamentSpec {
            name: "Cup".into(),
            format: TournamentFormat::RoundRobin,
            games_per_pairing: 1,
            time_per_move: None,
            rated: false,
            drawn_openings: false,
            signup: None,
        })),
    );
    let id = created
        .tournament
        .unwrap_or_else(|| panic!("{}", created.text));
    let join = |user| {
        act(
            &w,
            &actor(user, 100),
            Action::Tournament(TournamentAction::Join),
        )
    };
    for user in [ALICE, BOB] {
        let joined = join(user);
        assert!(joined.text.contains("You are in"), "{}", joined.text);
    }
    assert_refused(&join(CAROL), "This tournament is full (2 players)");
    // One already in hears that instead.
    assert_refused(&join(ALICE), "already");
    assert_eq!(w.service.store().entrants(id).unwrap().len(), 2);
}

/// An engine game of `user` in `channel` (in a thread of it when `in_thread`), its last move
/// at the clock's time.
fn stored_engine_game(w: &World, guild: u64, user: u64, channel: u64, in_thread: bool) {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(guild, user, "someone", now).unwrap();
    store
        .create_game(&NewGame {
            guild,
            channel,
            white: Participant::User(user),
            black: Participant::Engine(1),
            time_per_move_ms: 24 * 3_600_000,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread,
            language: None,
        })
        .unwrap();
}

#[test]
fn idle_engine_games_end_sooner_in_a_server_with_many_game_threads() {
    let w = limited(Limits {
        busy_server_threads: 2,
        busy_engine_idle: Duration::from_secs(10 * 60),
        ..Limits::off()
    });
    // Server 1 has two games in threads (busy); server 2 one in a channel.
    stored_engine_game(&w, 1, ALICE, 100, true);
    stored_engine_game(&w, 1, BOB, 100, true);
    stored_engine_game(&w, 2, CAROL, 300, false);
    w.clock.advance(Duration::from_secs(11 * 60));
    let notices = w.service.sweep().unwrap();
    let mut ended: Vec<u64> = notices.iter().map(|notice| notice.guild).collect();
    ended.sort_unstable();
    assert_eq!(ended, [1, 1], "only the busy server's idle games end early");
    assert_eq!(w.service.store().active_games(2, None).unwrap().len(), 1);
    // The others end at twice `engine_idle`, as always.
    w.clock.advance(Duration::from_secs(50 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(w.service.store().active_games(2, None).unwrap().len(), 0);
}
