//! Endgame-table verdicts on the boards of the game service.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::{NewGame, Participant};
use dama_engine::tables::{BuildOptions, Tablebase};
use dama_rules::Position;
use dama_service::{Action, Actor, GameService, ManualClock, Origin, ServiceSettings};
use dama_store::SqliteStore;

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const ALICE: u64 = 11;
const BOB: u64 = 12;

/// A king against a man far from promotion: White wins.
const WON: &str = "W:WK29:B2";

fn tables() -> Arc<Tablebase> {
    static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            Arc::new(
                Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {})
                    .expect("an in-memory build writes nothing"),
            )
        })
        .clone()
}

fn expected_line(fen: &str) -> String {
    let position = Position::from_fen(fen).unwrap();
    let verdict = tables().probe(&position).unwrap();
    format!("Endgame tables: {}", verdict.describe(position.turn()))
}

struct World {
    service: GameService,
    _dir: tempfile::TempDir,
}

fn world(tables: Option<Arc<Tablebase>>, verdicts_in_rated_games: bool) -> World {
    dama_core::i18n::set_strict(true);
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("dama.db")).unwrap();
    let settings = ServiceSettings {
        challenge_expiry: Some(Duration::from_secs(600)),
        default_time_per_move: Duration::from_secs(24 * 3600),
        repetition_count: 3,
        think_time: Duration::from_millis(50),
        hash_mb: 1,
        max_concurrent_searches: 1,
        seed: Some(7),
        engine_idle: Duration::from_secs(30 * 60),
        engine_takebacks: 3,
        analysis_nodes: 20_000,
        engine_hints: 3,
    };
    let clock = Arc::new(ManualClock::new(1_796_000_000_000));
    let service = GameService::new(Arc::new(store), clock, settings)
        .with_tables(tables, verdicts_in_rated_games);
    World { service, _dir: dir }
}

fn actor(user: u64) -> Actor {
    Actor::new(
        user,
        if user == ALICE { "alice" } else { "bob" },
        GUILD,
        CHANNEL,
    )
    .can_open_threads(false)
}

/// A game between Alice (White) and Bob from a given position, stored directly.
fn game_from(w: &World, fen: &str, rated: bool) {
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
            clock: None,
            rated,
            start_fen: fen.into(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap();
}

fn board_text(w: &World) -> String {
    w.service
        .act(
            &actor(ALICE),
            Origin::Channel,
            Action::Board { flip: false },
        )
        .unwrap()
        .text
        .to_string()
}

#[test]
fn unrated_games_show_the_verdict() {
    let w = world(Some(tables()), false);
    game_from(&w, WON, false);
    let text = board_text(&w);
    let line = expected_line(WON);
    assert!(
        line.starts_with("Endgame tables: won for White in "),
        "{line}"
    );
    assert!(text.contains(&line), "{text}");
}

#[test]
fn running_rated_games_show_it_only_when_the_setting_says_so_and_finished_games_always() {
    let w = world(Some(tables()), false);
    game_from(&w, WON, true);
    let text = board_text(&w);
    assert!(!text.contains("Endgame tables"), "{text}");
    // Once the game is over, the verdict of its last position is shown.
    let reply = w
        .service
        .act(&actor(ALICE), Origin::Channel, Action::Resign)
        .unwrap();
    assert!(reply.text.contains(&expected_line(WON)), "{}", reply.text);

    let w = world(Some(tables()), true);
    game_from(&w, WON, true);
    let text = board_text(&w);
    assert!(text.contains(&expected_line(WON)), "{text}");
}

#[test]
fn positions_outside_the_tables_and_a_service_without_tables_show_nothing() {
    let w = world(Some(tables()), true);
    game_from(&w, "W:W21,22,K30:B5", false);
    let text = board_text(&w);
    assert!(!text.contains("Endgame tables"), "{text}");

    let w = world(None, true);
    game_from(&w, WON, false);
    let text = board_text(&w);
    assert!(!text.contains("Endgame tables"), "{text}");
}

#[test]
fn a_drawn_position_says_so() {
    let w = world(Some(tables()), false);
    let fen = "W:WK29:BK4";
    game_from(&w, fen, false);
    assert_eq!(expected_line(fen), "Endgame tables: drawn with best play");
    let text = board_text(&w);
    assert!(
        text.contains("Endgame tables: drawn with best play"),
        "{text}"
    );
}

#[test]
fn verdicts_speak_the_servers_language() {
    let w = world(Some(tables()), false);
    game_from(&w, WON, false);
    let position = Position::from_fen(WON).unwrap();
    let moves = tables()
        .probe(&position)
        .unwrap()
        .winner_moves()
        .expect("a win");
    assert!(moves > 1, "{moves}");
    // Each asks once: a second board would wait for its cooldown.
    for (user, language, line) in [
        (
            ALICE,
            Language::It,
            format!("Finali calcolati: vince il Bianco in {moves} mosse"),
        ),
        (
            BOB,
            Language::Es,
            format!("Base de finales: ganan las blancas en {moves} jugadas"),
        ),
    ] {
        let server = actor(user).guild_language(Some(language));
        let text = w
            .service
            .act(&server, Origin::Channel, Action::Board { flip: false })
            .unwrap()
            .text;
        assert!(text.contains(&line), "{language:?}: {text}");
        assert!(!text.contains("Endgame tables"), "{text}");
    }
    let drawn = world(Some(tables()), false);
    game_from(&drawn, "W:WK29:BK4", false);
    let server = actor(ALICE).guild_language(Some(Language::It));
    let text = drawn
        .service
        .act(&server, Origin::Channel, Action::Board { flip: false })
        .unwrap()
        .text;
    assert!(
        text.contains("Finali calcolati: patta con il gioco migliore"),
        "{text}"
    );
}
