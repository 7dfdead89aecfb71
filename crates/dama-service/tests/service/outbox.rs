//! The outbox, end to end on a real SQLite store with a clock the tests move by hand: a notice
//! committed with its change is delivered at least once (again after a failed post, again
//! after a crash before it was posted) and never twice, even by two services on one database.

use std::time::Duration;

use dama_core::store::{Game, NewGame, Participant};
use dama_rules::Position;
use dama_service::{Delivery, GameService, OUTBOX_CLAIM, retry_delay};

use crate::world::{World, settings, world_with};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const DAY_MS: i64 = 24 * 3600 * 1000;

/// Alice (White) against Bob (Black), a day a move, in the channel.
fn game(w: &World) -> Game {
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms: DAY_MS,
            clock: None,
            rated: true,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap()
}

/// The deliveries of a sweep that come from the outbox.
fn outbox(service: &GameService) -> Vec<Delivery> {
    service
        .sweep_deliveries()
        .unwrap()
        .into_iter()
        .filter(|delivery| delivery.outbox_id().is_some())
        .collect()
}

fn texts(delivery: &Delivery) -> Vec<String> {
    delivery
        .notices
        .iter()
        .map(|notice| notice.reply.text.to_string())
        .collect()
}

const FORFEIT: &str = "alice did not move for twice the time per move";

#[test]
fn a_notice_whose_post_failed_arrives_on_the_next_sweep() {
    let w = world_with(settings());
    let g = game(&w);
    // Twice the time per move gone: the sweep forfeits the game, and its notice is out.
    w.clock.advance(Duration::from_secs(49 * 3600));
    let deliveries = outbox(&w.service);
    assert_eq!(deliveries.len(), 1);
    let first = &deliveries[0];
    assert!(texts(first)[0].contains(FORFEIT), "{:?}", texts(first));
    assert!(texts(first)[0].contains(&format!("#{}", g.id.0)));
    // Discord answers 500 to its first message: nothing is recorded as posted.
    w.service.delivered(first, Some(0)).unwrap();
    assert!(outbox(&w.service).is_empty(), "not before the backoff");
    w.clock.advance(retry_delay(0));
    let again = outbox(&w.service);
    assert_eq!(again.len(), 1, "the next sweep tries it again");
    assert_eq!(again[0].outbox_id(), first.outbox_id());
    assert_eq!(texts(&again[0]), texts(first));
    w.service.delivered(&again[0], None).unwrap();
    w.clock.advance(Duration::from_secs(3600));
    assert!(outbox(&w.service).is_empty(), "never twice");
    assert!(w.service.sweep().unwrap().is_empty());
}

#[test]
fn a_notice_discord_limited_is_due_when_discord_said() {
    let w = world_with(settings());
    game(&w);
    w.clock.advance(Duration::from_secs(49 * 3600));
    let deliveries = outbox(&w.service);
    assert_eq!(deliveries.len(), 1);
    // Slowmode: Discord takes a post there again in 5 s, sooner than the backoff.
    let wait = Duration::from_secs(5);
    assert!(wait < retry_delay(0));
    w.service
        .delivered_later(&deliveries[0], Some(0), Some(wait))
        .unwrap();
    w.clock.advance(Duration::from_millis(4_999));
    assert!(outbox(&w.service).is_empty(), "not before Discord said");
    w.clock.advance(Duration::from_millis(1));
    let again = outbox(&w.service);
    assert_eq!(again.len(), 1, "due when Discord said");
    assert_eq!(again[0].outbox_id(), deliveries[0].outbox_id());
    w.service.delivered(&again[0], None).unwrap();
    assert!(outbox(&w.service).is_empty());
}

#[test]
fn messages_out_before_a_failure_are_not_posted_again() {
    let w = world_with(settings());
    let g = game(&w);
    // Bob hears of his turn by direct message: his result comes as one too.
    w.service
        .store()
        .set_notify_mode(BOB, dama_core::store::NotifyMode::Dm)
        .unwrap();
    w.clock.advance(Duration::from_secs(49 * 3600));
    let deliveries = outbox(&w.service);
    assert_eq!(deliveries.len(), 1);
    let all = texts(&deliveries[0]).len();
    assert_eq!(all, 2, "the board, then Bob's direct message");
    assert_eq!(deliveries[0].notices[1].direct, Some(BOB));
    // The board went out; the direct message failed.
    w.service.delivered(&deliveries[0], Some(1)).unwrap();
    w.clock.advance(retry_delay(0));
    let again = outbox(&w.service);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].notices.len(), 1, "only what was not out");
    assert_eq!(again[0].notices[0].direct, Some(BOB));
    assert!(
        again[0].notices[0]
            .reply
            .text
            .contains(&format!("#{}", g.id.0)),
        "{}",
        again[0].notices[0].reply.text
    );
    w.service.delivered(&again[0], None).unwrap();
    assert!(outbox(&w.service).is_empty());
}

#[test]
fn a_notice_committed_before_a_crash_is_delivered_once_after_the_restart() {
    let w = world_with(settings());
    game(&w);
    w.clock.advance(Duration::from_secs(49 * 3600));
    let store = w.service.store().clone();
    let clock = w.clock.clone();
    // A process's sweep commits the forfeit and claims its notice; it dies before posting.
    let crashed = GameService::new(store.clone(), clock.clone(), settings());
    assert_eq!(outbox(&crashed).len(), 1);
    drop(crashed);
    // A new process on the same database: the notice is its once the claim has run out.
    let restarted = GameService::new(store, clock.clone(), settings());
    assert!(outbox(&restarted).is_empty(), "still claimed");
    clock.advance(OUTBOX_CLAIM);
    let notices = restarted.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains(FORFEIT),
        "{}",
        notices[0].reply.text
    );
    clock.advance(Duration::from_secs(3600));
    assert!(restarted.sweep().unwrap().is_empty(), "delivered once");
}

#[test]
fn two_services_on_one_database_post_a_notice_once() {
    let w = world_with(settings());
    game(&w);
    let other = GameService::new(w.service.store().clone(), w.clock.clone(), settings());
    w.clock.advance(Duration::from_secs(49 * 3600));
    let (one, two) = std::thread::scope(|scope| {
        let one = scope.spawn(|| w.service.sweep().unwrap());
        let two = scope.spawn(|| other.sweep().unwrap());
        (one.join().unwrap(), two.join().unwrap())
    });
    let forfeits = one
        .iter()
        .chain(&two)
        .filter(|notice| notice.reply.text.contains(FORFEIT))
        .count();
    assert_eq!(forfeits, 1);
}

#[test]
fn a_reminder_goes_through_the_outbox_once() {
    let w = world_with(settings());
    game(&w);
    // Half of Alice's time gone: a reminder, in the outbox, delivered by the sweep.
    w.clock.advance(Duration::from_secs(13 * 3600));
    let deliveries = outbox(&w.service);
    assert_eq!(deliveries.len(), 1);
    let text = &texts(&deliveries[0])[0];
    assert!(text.contains("left to move"), "{text}");
    w.service.delivered(&deliveries[0], None).unwrap();
    w.clock.advance(retry_delay(0));
    assert!(outbox(&w.service).is_empty());
}

#[test]
fn the_engines_move_the_sweep_played_is_announced_once_after_a_crash() {
    let w = world_with(settings());
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    // The engine has White and is to move: a restart interrupted its reply.
    let g = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::Engine(1),
            black: Participant::User(ALICE),
            time_per_move_ms: DAY_MS,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap();
    // The sweep plays and stores the move; the process dies before posting its board.
    let deliveries = outbox(&w.service);
    assert_eq!(deliveries.len(), 1);
    assert!(
        texts(&deliveries[0])[0].contains("replied"),
        "{:?}",
        texts(&deliveries[0])
    );
    drop(deliveries);
    assert_eq!(
        store.game(g.id).unwrap().unwrap().ply,
        1,
        "the move is stored"
    );
    assert!(outbox(&w.service).is_empty(), "still claimed");
    w.clock.advance(OUTBOX_CLAIM);
    let again = outbox(&w.service);
    assert_eq!(again.len(), 1, "the next sweep posts it");
    assert!(texts(&again[0])[0].contains("replied"));
    assert_eq!(store.game(g.id).unwrap().unwrap().ply, 1, "played once");
    w.service.delivered(&again[0], None).unwrap();
    w.clock.advance(OUTBOX_CLAIM);
    assert!(outbox(&w.service).is_empty(), "never twice");
}

#[test]
fn the_puzzle_of_the_day_is_posted_once_per_server_even_after_a_failed_post() {
    use dama_service::{Action, Actor, Origin, SettingsChange};
    const DAILY: u64 = 300;
    let w = world_with(settings());
    let manager = Actor::new(ALICE, "alice", GUILD, CHANNEL)
        .can_moderate(true)
        .can_manage_server(true);
    w.service
        .act(
            &manager,
            Origin::Channel,
            Action::Settings(SettingsChange {
                daily_puzzle: Some(Some(DAILY)),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    let other = GameService::new(w.service.store().clone(), w.clock.clone(), settings());
    // The next day's hour: two processes sweep at once, one post is claimed.
    w.clock.advance(Duration::from_secs(25 * 3600));
    let (one, two) = std::thread::scope(|scope| {
        let one = scope.spawn(|| outbox(&w.service));
        let two = scope.spawn(|| outbox(&other));
        (one.join().unwrap(), two.join().unwrap())
    });
    let posts: Vec<&Delivery> = one.iter().chain(&two).collect();
    assert_eq!(posts.len(), 1, "{posts:#?}");
    let post = posts[0];
    assert_eq!(post.notices[0].channel, DAILY);
    assert!(
        texts(post)[0].contains("Puzzle of the day"),
        "{:?}",
        texts(post)
    );
    // Discord fails: it stays in the outbox, and goes out on a later sweep, once.
    let service = if one.is_empty() { &other } else { &w.service };
    service.delivered(post, Some(0)).unwrap();
    w.clock.advance(retry_delay(0));
    let again = outbox(&w.service);
    assert_eq!(again.len(), 1);
    assert_eq!(texts(&again[0]), texts(post));
    w.service.delivered(&again[0], None).unwrap();
    w.clock.advance(Duration::from_secs(3600));
    assert!(outbox(&w.service).is_empty(), "never twice");
    assert!(outbox(&other).is_empty());
}

fn person(user: u64) -> dama_service::Actor {
    dama_service::Actor::new(
        user,
        if user == ALICE { "alice" } else { "bob" },
        GUILD,
        CHANNEL,
    )
    .can_open_threads(false)
}

fn play(w: &World, user: u64, text: &str) -> dama_service::Reply {
    let reply = w
        .service
        .act(
            &person(user),
            dama_service::Origin::Channel,
            dama_service::Action::Move {
                text: text.to_owned(),
            },
        )
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    reply
}

#[test]
fn the_opponents_direct_message_lost_with_the_answer_is_sent_once_by_the_sweep() {
    let w = world_with(settings());
    let g = game(&w);
    w.service
        .store()
        .set_notify_mode(BOB, dama_core::store::NotifyMode::Dm)
        .unwrap();
    // Alice moves: her answer shows the board, and Bob's direct message comes with it.
    let reply = play(&w, ALICE, "22-18");
    assert_eq!(reply.notices.len(), 1, "{:?}", reply.notices);
    assert_eq!(reply.notices[0].direct, Some(BOB));
    assert_eq!(reply.outbox.len(), 1, "from the outbox");
    // The process dies between the commit and the post.
    drop(reply);
    assert!(outbox(&w.service).is_empty(), "still claimed");
    w.clock.advance(OUTBOX_CLAIM);
    let swept = outbox(&w.service);
    assert_eq!(swept.len(), 1);
    assert_eq!(swept[0].notices.len(), 1);
    assert_eq!(swept[0].notices[0].direct, Some(BOB));
    let text = &texts(&swept[0])[0];
    assert!(
        text.contains(&format!("#{}", g.id.0)) && text.contains("22-18"),
        "{text}"
    );
    w.service.delivered(&swept[0], None).unwrap();
    w.clock.advance(OUTBOX_CLAIM);
    assert!(outbox(&w.service).is_empty(), "once");

    // Bob answers (Alice takes mentions: no message for her); Alice moves again, and the post
    // of Bob's message fails: the sweep sends it after the backoff.
    play_any(&w, BOB);
    let reply = play_any(&w, ALICE);
    assert_eq!(reply.outbox.len(), 1);
    w.service
        .reply_delivered(&reply.outbox[0], Some(0))
        .unwrap();
    assert!(outbox(&w.service).is_empty(), "not before the backoff");
    w.clock.advance(retry_delay(0));
    let again = outbox(&w.service);
    assert_eq!(again.len(), 1);
    assert_eq!(texts(&again[0]), texts_of(&reply.notices));
    w.service.delivered(&again[0], None).unwrap();
    w.clock.advance(OUTBOX_CLAIM);
    assert!(outbox(&w.service).is_empty(), "never twice");
}

/// The first legal move of the game in the channel, played by `user`.
fn play_any(w: &World, user: u64) -> dama_service::Reply {
    let game = w
        .service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .unwrap();
    let position = Position::from_fen(&game.current_fen).unwrap();
    let m = position.legal_moves()[0];
    play(w, user, &position.move_text(&m))
}

fn texts_of(notices: &[dama_service::Notice]) -> Vec<String> {
    notices.iter().map(|n| n.reply.text.to_string()).collect()
}

#[test]
fn the_result_of_a_move_that_ends_the_game_lost_with_the_answer_is_sent_once() {
    let w = world_with(settings());
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    store
        .set_notify_mode(BOB, dama_core::store::NotifyMode::Dm)
        .unwrap();
    // White takes Black's last piece.
    let g = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms: DAY_MS,
            clock: None,
            rated: true,
            start_fen: Position::from_fen("W:W22:B18").unwrap().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap();
    let reply = play(&w, ALICE, "22x13");
    assert_eq!(reply.notices.len(), 1, "{:?}", reply.notices);
    assert_eq!(reply.notices[0].direct, Some(BOB));
    assert!(
        reply.notices[0]
            .reply
            .text
            .contains(&format!("#{}", g.id.0))
    );
    drop(reply);
    w.clock.advance(OUTBOX_CLAIM);
    let swept = outbox(&w.service);
    assert_eq!(swept.len(), 1);
    assert_eq!(swept[0].notices.len(), 1, "{:?}", texts(&swept[0]));
    assert_eq!(swept[0].notices[0].direct, Some(BOB));
    assert!(
        texts(&swept[0])[0].contains("alice"),
        "{:?}",
        texts(&swept[0])
    );
    w.service.delivered(&swept[0], None).unwrap();
    w.clock.advance(OUTBOX_CLAIM);
    assert!(outbox(&w.service).is_empty(), "once");
}

#[test]
fn the_result_of_a_resignation_lost_with_the_answer_is_sent_once() {
    let w = world_with(settings());
    let g = game(&w);
    w.service
        .store()
        .set_notify_mode(BOB, dama_core::store::NotifyMode::Dm)
        .unwrap();
    let reply = w
        .service
        .act(
            &person(ALICE),
            dama_service::Origin::Channel,
            dama_service::Action::Resign,
        )
        .unwrap();
    assert_eq!(reply.notices.len(), 1, "{:?}", reply.notices);
    assert_eq!(reply.notices[0].direct, Some(BOB));
    assert!(
        reply.notices[0]
            .reply
            .text
            .contains(&format!("#{}", g.id.0))
    );
    // The process dies before the post.
    drop(reply);
    w.clock.advance(OUTBOX_CLAIM);
    let swept = outbox(&w.service);
    assert_eq!(swept.len(), 1);
    assert_eq!(swept[0].notices.len(), 1, "{:?}", texts(&swept[0]));
    assert_eq!(swept[0].notices[0].direct, Some(BOB));
    assert!(
        texts(&swept[0])[0].contains("resign"),
        "{:?}",
        texts(&swept[0])
    );
    w.service.delivered(&swept[0], None).unwrap();
    w.clock.advance(OUTBOX_CLAIM);
    assert!(outbox(&w.service).is_empty(), "once");
}
