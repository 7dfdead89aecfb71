//! Every flow of the game service, end to end on a real SQLite store, with a clock the tests
//! move by hand.

use std::sync::Arc;
use std::time::Duration;

use dama_rules::{Position, pdn};
use damabot::config::RenderConfig;
use damabot::game::{
    Actor, ColourChoice, Component, GameService, ManualClock, Member, Reply, ServiceSettings,
};
use damabot::render::Renderer;
use damabot::store::{EndReason, GameResult, GameStatus, NewGame, Participant, SqliteStore};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;

struct World {
    service: GameService,
    clock: Arc<ManualClock>,
    _dir: tempfile::TempDir,
}

fn settings() -> ServiceSettings {
    ServiceSettings {
        challenge_expiry: Duration::from_secs(600),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(50),
        hash_mb: 1,
        max_concurrent_searches: 2,
        seed: Some(7),
    }
}

fn world_with(settings: ServiceSettings) -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let renderer = Renderer::new(&RenderConfig {
        size: 320,
        ..RenderConfig::default()
    })
    .unwrap();
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(Arc::new(store), Arc::new(renderer), clock.clone(), settings);
    World {
        service,
        clock,
        _dir: dir,
    }
}

fn world() -> World {
    world_with(settings())
}

fn actor(user: u64) -> Actor {
    let name = match user {
        ALICE => "alice",
        BOB => "bob",
        CAROL => "carol",
        _ => "someone",
    };
    Actor {
        user,
        name: name.into(),
        guild: GUILD,
        channel: CHANNEL,
        can_moderate: false,
    }
}

fn member(user: u64) -> Member {
    let a = actor(user);
    Member {
        user: a.user,
        name: a.name,
        is_bot: false,
    }
}

fn ids(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .map(|c| match c {
            Component::Button { id, .. } | Component::Select { id, .. } => id.clone(),
        })
        .collect()
}

fn id_ending(reply: &Reply, suffix: &str) -> String {
    ids(reply)
        .into_iter()
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {:?}", ids(reply)))
}

/// Alice (White) and Bob (Black) start a game; returns the board reply.
fn start_game(w: &World) -> Reply {
    let challenge = w
        .service
        .challenge(&actor(ALICE), &member(BOB), ColourChoice::White, None)
        .unwrap();
    assert!(!challenge.ephemeral, "{}", challenge.text);
    w.service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap()
}

fn play(w: &World, user: u64, text: &str) -> Reply {
    let reply = w.service.play_move(&actor(user), text).unwrap();
    assert!(!reply.ephemeral, "{text}: {}", reply.text);
    reply
}

/// Plays the first legal move the autocomplete offers.
fn play_any(w: &World, user: u64) -> Reply {
    let suggestions = w.service.suggestions(&actor(user), "").unwrap();
    play(w, user, &suggestions[0])
}

fn active(w: &World) -> damabot::store::Game {
    w.service
        .store()
        .active_game_in_channel(CHANNEL)
        .unwrap()
        .expect("an active game")
}

fn last_game(w: &World) -> damabot::store::Game {
    w.service
        .store()
        .recent_games_in_channel(CHANNEL, 1)
        .unwrap()
        .remove(0)
}

#[test]
fn a_full_game_between_two_players() {
    let w = world();
    let board = start_game(&w);
    assert!(board.board.is_some());
    assert!(board.mentions.contains(&ALICE), "White is told to move");
    // The first game of the 2005 championship, then Black resigns.
    let games = pdn::read_games(include_str!("data/campionato-assoluto-2005.pdn"));
    let moves = games[0].replay().moves;
    let mut position = Position::initial();
    for (i, m) in moves.iter().enumerate() {
        let user = if i % 2 == 0 { ALICE } else { BOB };
        let text = position.move_text(m);
        let reply = play(&w, user, &text);
        position.play_unchecked(m);
        assert_eq!(reply.board.as_ref().unwrap().position, position);
    }
    assert_eq!(active(&w).ply as usize, moves.len());
    let reply = w.service.resign(&actor(BOB)).unwrap();
    assert!(reply.text.contains("resigns"), "{}", reply.text);
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result, Some(GameResult::WhiteWins));
    assert_eq!(game.end_reason, Some(EndReason::Resign));
    assert!(ids(&reply).iter().any(|id| id.ends_with(":rematch")));
}

#[test]
fn a_game_against_the_engine_to_the_end() {
    let w = world();
    let reply = w
        .service
        .play_engine(&actor(ALICE), 1, ColourChoice::White)
        .unwrap();
    assert!(reply.board.is_some(), "{}", reply.text);
    let mut engine = dama_engine::Engine::new(1);
    for _ in 0..400 {
        let game = active_game_rules(&w);
        let Some(game) = game else { break };
        // Alice plays well (level 6) against level 1.
        let m = dama_engine::choose_move(
            &mut engine,
            &game,
            dama_engine::Level::new(6).unwrap(),
            Duration::from_millis(20),
            1,
        )
        .expect("a move");
        let reply = play(&w, ALICE, &m.long());
        assert!(
            reply.text.contains("replied")
                || reply.text.contains("wins")
                || reply.text.contains("Draw"),
            "{}",
            reply.text
        );
    }
    let game = last_game(&w);
    assert_eq!(
        game.status,
        GameStatus::Finished,
        "the game ended by the rules"
    );
    assert_eq!(game.black, Participant::Engine(1));
    let stats = w
        .service
        .store()
        .player_stats(GUILD, ALICE)
        .unwrap()
        .unwrap();
    assert_eq!(stats.engine_records.len(), 1);
    assert!(
        (stats.player.rating.rating - 1500.0).abs() < f64::EPSILON,
        "games against the engine are unrated"
    );
}

/// The rules state of the channel's active game, rebuilt from the store.
fn active_game_rules(w: &World) -> Option<dama_rules::Game> {
    let record = w.service.store().active_game_in_channel(CHANNEL).unwrap()?;
    let mut game = dama_rules::Game::new(Position::from_fen(&record.start_fen).unwrap());
    for m in w.service.store().moves(record.id).unwrap() {
        game.play_text(&m.move_long).unwrap();
    }
    Some(game)
}

/// A game between Alice (White) and Bob from a given position, stored directly.
fn game_from(w: &World, fen: &str) -> damabot::store::Game {
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
            time_per_move_ms: 3_600_000,
            rated: true,
            start_fen: fen.into(),
            created_at: now,
        })
        .unwrap()
}

#[test]
fn promotion_ends_a_capture() {
    let w = world();
    // The man on 19 takes 14 and 6 and lands on 3, the far row: it is crowned and the move
    // ends there, although a king on 3 could go on to take 7.
    game_from(&w, "W:W19:B6,7,14");
    let reply = play(&w, ALICE, "19x3");
    let board = reply.board.unwrap();
    let last = board.last_move.unwrap();
    assert!(last.promotes());
    assert_eq!(last.long(), "19x10x3");
    assert_eq!(board.position.to_fen(), "B:WK3:B7");
}

#[test]
fn illegal_moves_explain_themselves() {
    let w = world();
    start_game(&w);
    let reply = w.service.play_move(&actor(ALICE), "22-17").unwrap();
    assert!(reply.ephemeral);
    assert!(reply.text.contains("not a legal move"), "{}", reply.text);
    assert!(
        reply.text.contains("Legal moves:") && reply.text.contains("22-18"),
        "{}",
        reply.text
    );
    let reply = w.service.play_move(&actor(ALICE), "banana").unwrap();
    assert!(reply.ephemeral);
    // A capture is compulsory.
    play(&w, ALICE, "22-18");
    play(&w, BOB, "11-14");
    let reply = w.service.play_move(&actor(ALICE), "21-17").unwrap();
    assert!(reply.ephemeral);
    assert!(
        reply.text.contains("a capture is compulsory"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 2, "nothing was recorded");
}

#[test]
fn out_of_turn_and_strangers_are_refused() {
    let w = world();
    start_game(&w);
    let reply = w.service.play_move(&actor(BOB), "11-15").unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("not your turn"),
        "{}",
        reply.text
    );
    let reply = w.service.play_move(&actor(CAROL), "22-18").unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("not playing"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 0);
}

#[test]
fn a_stale_button_is_refused() {
    let w = world();
    let board = start_game(&w);
    let select = id_ending(&board, ":move");
    let reply = w
        .service
        .component(&actor(ALICE), &select, &["22-18".into()])
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    // The same menu again (the old board): out of date.
    let reply = w
        .service
        .component(&actor(BOB), &select, &["11-15".into()])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("out of date"),
        "{}",
        reply.text
    );
    assert_eq!(active(&w).ply, 1);
    // A made-up id.
    let reply = w
        .service
        .component(&actor(BOB), "g:999:0:move", &["11-15".into()])
        .unwrap();
    assert!(reply.ephemeral);
}

#[test]
fn challenges_declined_cancelled_expired_and_guarded() {
    let w = world();
    let challenge = w
        .service
        .challenge(&actor(ALICE), &member(BOB), ColourChoice::Random, None)
        .unwrap();
    // Carol cannot accept Bob's challenge.
    let reply = w
        .service
        .component(&actor(CAROL), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("Only bob"),
        "{}",
        reply.text
    );
    let reply = w.service.decline(&actor(BOB), None).unwrap();
    assert!(reply.text.contains("declined"), "{}", reply.text);
    let reply = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("declined"),
        "{}",
        reply.text
    );

    let challenge = w
        .service
        .challenge(&actor(ALICE), &member(BOB), ColourChoice::Black, None)
        .unwrap();
    let reply = w.service.cancel(&actor(BOB), None).unwrap();
    assert!(reply.ephemeral, "only the challenger cancels");
    let reply = w
        .service
        .component(&actor(ALICE), &id_ending(&challenge, ":cancel"), &[])
        .unwrap();
    assert!(reply.text.contains("cancelled"), "{}", reply.text);

    let challenge = w
        .service
        .challenge(&actor(ALICE), &member(BOB), ColourChoice::White, None)
        .unwrap();
    w.clock.advance(Duration::from_secs(11 * 60));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("expired"),
        "{}",
        notices[0].reply.text
    );
    let reply = w
        .service
        .component(&actor(BOB), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("expired"),
        "{}",
        reply.text
    );

    let reply = w
        .service
        .challenge(
            &actor(ALICE),
            &actor_member(ALICE),
            ColourChoice::White,
            None,
        )
        .unwrap();
    assert!(reply.ephemeral && reply.text.contains("yourself"));
    let bot = Member {
        user: 99,
        name: "Dama".into(),
        is_bot: true,
    };
    let reply = w
        .service
        .challenge(&actor(ALICE), &bot, ColourChoice::White, None)
        .unwrap();
    assert!(reply.ephemeral && reply.text.contains("/play"));

    start_game(&w);
    let reply = w
        .service
        .challenge(&actor(CAROL), &member(BOB), ColourChoice::White, None)
        .unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("start one in a thread"),
        "{}",
        reply.text
    );
}

fn actor_member(user: u64) -> Member {
    member(user)
}

#[test]
fn timeouts_claimed_and_swept() {
    let w = world();
    start_game(&w);
    play(&w, ALICE, "22-18");
    let reply = w.service.claim(&actor(ALICE)).unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("still has"),
        "{}",
        reply.text
    );
    w.clock.advance(Duration::from_secs(25 * 3600));
    let reply = w.service.claim(&actor(ALICE)).unwrap();
    assert!(
        !reply.ephemeral && reply.text.contains("wins"),
        "{}",
        reply.text
    );
    assert_eq!(last_game(&w).end_reason, Some(EndReason::TimeoutClaim));

    start_game(&w);
    w.clock.advance(Duration::from_secs(47 * 3600));
    assert!(
        w.service.sweep().unwrap().is_empty(),
        "not yet twice the time"
    );
    w.clock.advance(Duration::from_secs(2 * 3600));
    let notices = w.service.sweep().unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("forfeit"),
        "{}",
        notices[0].reply.text
    );
    let game = last_game(&w);
    assert_eq!(game.end_reason, Some(EndReason::TimeoutSweep));
    assert_eq!(
        game.result,
        Some(GameResult::BlackWins),
        "White never moved"
    );
}

#[test]
fn draws_by_agreement_repetition_and_forty_moves() {
    let w = world();
    start_game(&w);
    let reply = w.service.offer_draw(&actor(ALICE)).unwrap();
    assert!(reply.text.contains("offers a draw"), "{}", reply.text);
    let reply = w.service.offer_draw(&actor(ALICE)).unwrap();
    assert!(reply.ephemeral, "one open offer at a time");
    let reply = w.service.answer_draw(&actor(BOB), false).unwrap();
    assert!(reply.text.contains("declines"), "{}", reply.text);
    let reply = w.service.offer_draw(&actor(ALICE)).unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("offer again"),
        "{}",
        reply.text
    );
    for ply in 0..10 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    let reply = w.service.offer_draw(&actor(ALICE)).unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    let accept = id_ending(&reply, ":draw+");
    let reply = w.service.component(&actor(BOB), &accept, &[]).unwrap();
    assert!(reply.text.contains("Draw"), "{}", reply.text);
    assert_eq!(last_game(&w).end_reason, Some(EndReason::Agreement));

    // Repetition: two kings shuffle.
    game_from(&w, "W:WK29,30:BK4,1");
    for (user, m) in [
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
        (BOB, "8-4"),
        (ALICE, "29-25"),
        (BOB, "4-8"),
        (ALICE, "25-29"),
    ] {
        play(&w, user, m);
    }
    let reply = play(&w, BOB, "8-4");
    assert!(reply.text.contains("repetition"), "{}", reply.text);
    assert_eq!(last_game(&w).end_reason, Some(EndReason::Repetition));

    // The 40-move rule, with repetition set out of reach.
    let w = world_with(ServiceSettings {
        repetition_count: 1000,
        ..settings()
    });
    game_from(&w, "W:WK29,30:BK4,1");
    for i in 0..80 {
        let (user, m) = match i % 4 {
            0 => (ALICE, "29-25"),
            1 => (BOB, "4-8"),
            2 => (ALICE, "25-29"),
            _ => (BOB, "8-4"),
        };
        let reply = play(&w, user, m);
        if i == 79 {
            assert!(reply.text.contains("40-move"), "{}", reply.text);
        }
    }
    assert_eq!(last_game(&w).end_reason, Some(EndReason::FortyMove));
}

#[test]
fn moderators_abort_unrated() {
    let w = world();
    start_game(&w);
    let reply = w.service.abort(&actor(CAROL)).unwrap();
    assert!(
        reply.ephemeral && reply.text.contains("moderators"),
        "{}",
        reply.text
    );
    let moderator = Actor {
        can_moderate: true,
        ..actor(CAROL)
    };
    let reply = w.service.abort(&moderator).unwrap();
    assert!(reply.text.contains("aborted"), "{}", reply.text);
    let game = last_game(&w);
    assert_eq!(game.status, GameStatus::Aborted);
    let alice = w.service.store().player(GUILD, ALICE).unwrap().unwrap();
    assert_eq!(alice.games(), 0);
}

#[test]
fn rematch_swaps_colours() {
    let w = world();
    start_game(&w);
    let reply = w.service.resign(&actor(ALICE)).unwrap();
    let rematch = id_ending(&reply, ":rematch");
    let reply = w.service.component(&actor(CAROL), &rematch, &[]).unwrap();
    assert!(reply.ephemeral, "only players ask for a rematch");
    let challenge = w.service.component(&actor(BOB), &rematch, &[]).unwrap();
    assert!(challenge.text.contains("challenges"), "{}", challenge.text);
    w.service
        .component(&actor(ALICE), &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    let game = active(&w);
    assert_eq!(
        game.white,
        Participant::User(BOB),
        "Bob had Black, so he asks for White"
    );
    assert_eq!(game.black, Participant::User(ALICE));

    // Against the engine, the rematch starts at once with colours swapped.
    let w = world();
    w.service
        .play_engine(&actor(ALICE), 1, ColourChoice::White)
        .unwrap();
    let reply = w.service.resign(&actor(ALICE)).unwrap();
    w.service
        .component(&actor(ALICE), &id_ending(&reply, ":rematch"), &[])
        .unwrap();
    let game = active(&w);
    assert_eq!(game.white, Participant::Engine(1));
    assert_eq!(game.ply, 1, "the engine opened");
}

#[test]
fn ratings_and_leaderboard_after_several_games() {
    let w = world();
    for _ in 0..3 {
        start_game(&w);
        w.service.resign(&actor(BOB)).unwrap();
    }
    let board = w.service.leaderboard(&actor(CAROL), 0).unwrap();
    let alice_at = board.text.find("alice").expect("alice listed");
    let bob_at = board.text.find("bob").expect("bob listed");
    assert!(alice_at < bob_at, "{}", board.text);
    let alice = w.service.store().player(GUILD, ALICE).unwrap().unwrap();
    let bob = w.service.store().player(GUILD, BOB).unwrap().unwrap();
    assert!(alice.rating.rating > 1500.0 && bob.rating.rating < 1500.0);
    assert_eq!((alice.wins, bob.losses), (3, 3));
    let stats = w
        .service
        .stats(&actor(CAROL), Some(&member(ALICE)))
        .unwrap();
    assert!(
        stats.text.contains("3 won") && stats.text.contains("3 won in a row"),
        "{}",
        stats.text
    );
    let history = w
        .service
        .history(&actor(ALICE), Some(&member(ALICE)))
        .unwrap();
    assert_eq!(
        history.text.matches("resign").count(),
        3,
        "{}",
        history.text
    );
}

#[test]
fn pdn_export_passes_pdn_check() {
    let w = world();
    start_game(&w);
    for ply in 0..5 {
        play_any(&w, if ply % 2 == 0 { ALICE } else { BOB });
    }
    w.service.resign(&actor(BOB)).unwrap();
    let reply = w.service.pdn(&actor(ALICE), None).unwrap();
    let file = reply.attachment.expect("a PDN file");
    assert_eq!(file.filename, "dama-game-1.pdn");
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(
        text.contains("[White \"alice\"]") && text.contains("[Result \"1-0\"]"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pdn");
    std::fs::write(&path, &text).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["pdn", "check"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("ok 5") && stdout.contains("0 errors"),
        "{stdout}"
    );
    let animation = w.service.replay(&actor(ALICE), None).unwrap();
    let gif = animation.attachment.expect("a GIF");
    assert!(gif.bytes.starts_with(b"GIF8"));
}

#[test]
fn suggestions_offer_only_legal_moves_of_the_player_to_move() {
    let w = world();
    start_game(&w);
    let mut list = w.service.suggestions(&actor(ALICE), "2").unwrap();
    list.sort();
    assert_eq!(
        list,
        [
            "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"
        ]
    );
    assert!(w.service.suggestions(&actor(BOB), "").unwrap().is_empty());
    assert!(w.service.suggestions(&actor(CAROL), "").unwrap().is_empty());
}

#[test]
fn the_console_plays_a_script() {
    let dir = tempfile::tempdir().unwrap();
    let script = "\
# two players and a moderator
alice: /challenge bob colour:white time:1h
bob: /accept
alice: /move 22-18
bob: /move 11-14
alice: /move 21-17
alice: /move 18x11
bob: /click g:1:3:move 7x14
bob: /click g:1:3:move 6x15
@advance 90m
bob: /claim
@channel other
carol: /play level:1 colour:white
carol: /move 22-18
alice: /leaderboard
alice: /pdn
alice: /dance
nonsense line
";
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_damabot"))
        .args(["local", "--seed", "1", "--db"])
        .arg(dir.path().join("local.db"))
        .arg("--images")
        .arg(dir.path().join("images"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("@bob, @alice challenges you"), "{out}");
    assert!(out.contains("accepted"), "{out}");
    assert!(
        out.contains("not your turn") || out.contains("capture is compulsory"),
        "{out}"
    );
    assert!(out.contains("alice played **18x11**"), "{out}");
    assert!(out.contains("bob played **7x14**"), "{out}");
    assert!(out.contains("out of date"), "{out}");
    assert!(out.contains("wins** on time"), "{out}");
    assert!(out.contains("replied"), "{out}");
    assert!(out.contains("Leaderboard"), "{out}");
    assert!(out.contains("[GameType \"22,W,8,8,N2,1\"]"), "{out}");
    assert!(out.contains("Unknown command `/dance`"), "{out}");
    assert!(out.contains("Write lines like"), "{out}");
    let images = std::fs::read_dir(dir.path().join("images"))
        .unwrap()
        .count();
    assert!(images >= 6, "{images} board images saved");
}
