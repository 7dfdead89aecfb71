//! `/analysis`, end to end on a real SQLite store with a clock the tests move by hand: which
//! game, the refusals, the answer (text, chart, board, annotated PDN), the stored analysis
//! served again, progress, two requests sharing one analysis, each language's words.

use dama_core::store::ColourChoice;
use dama_core::store::Member;
use dama_core::text::Part;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::{GameId, GameStatus, NewGame, Participant, StoredAnalysis};
use dama_engine::Verdict;
use dama_engine::tables::{BuildOptions, Tablebase};
use dama_rules::{Move, Position, pdn};
use dama_service::{Action, Actor, CHALLENGE_COOLDOWN, Origin, Reply};

use crate::world::{World, id_ending, settings, world_with, world_with_tables};

const GUILD: u64 = 1;
const OTHER_GUILD: u64 = 2;
const CHANNEL: u64 = 100;
const QUIET_CHANNEL: u64 = 300;
const ALICE: u64 = 11;
const BOB: u64 = 12;

fn world() -> World {
    world_with(settings())
}

fn actor(user: u64) -> Actor {
    crate::world::member(
        user,
        if user == ALICE { "alice" } else { "bob" },
        GUILD,
        CHANNEL,
    )
}

fn speaking(user: u64, language: Language) -> Actor {
    crate::world::speaking(actor(user), language)
}

fn act(w: &World, who: &Actor, action: Action) -> Reply {
    let reply = w.service.act(who, Origin::Channel, action).unwrap();
    assert!(
        !reply.text.contains("{ $") && !reply.text.contains("analysis-"),
        "{}",
        reply.text
    );
    reply
}

fn analysis(w: &World, who: &Actor, game: Option<i64>) -> Reply {
    act(w, who, Action::Analysis { game })
}

/// The same, with the progress lines it told.
fn analysis_with_progress(w: &World, who: &Actor, game: Option<i64>) -> (Reply, Vec<String>) {
    let seen = Mutex::new(Vec::new());
    let reply = w
        .service
        .act_with_progress(who, Origin::Channel, Action::Analysis { game }, &|text| {
            seen.lock().unwrap().push(text);
        })
        .unwrap();
    (reply, seen.into_inner().unwrap())
}

/// Alice (White, as `white`) and Bob (Black) play a game in the channel: `plies` moves picked
/// among the legal ones by a fixed rule (no plan at all), then Bob resigns. Returns its number.
fn finished_game(w: &World, white: &Actor, plies: usize) -> i64 {
    let bob = actor(BOB);
    let game = running_game(w, white, plies);
    let resigned = act(w, &bob, Action::Resign);
    assert!(!resigned.ephemeral, "{}", resigned.text);
    game
}

/// The same game, left running.
fn running_game(w: &World, white: &Actor, plies: usize) -> i64 {
    let bob = actor(BOB);
    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = act(
        w,
        white,
        Action::Challenge {
            opponent: Some(Member {
                user: BOB,
                name: "bob".into(),
                is_bot: false,
            }),
            colour: ColourChoice::White,
            time_per_move: None,
            clock: None,
        },
    );
    let accepted = w
        .service
        .component(&bob, &id_ending(&challenge, ":accept"), &[])
        .unwrap();
    let game = accepted.game.expect("the game's board").0;
    let mut position = Position::initial();
    for ply in 0..plies {
        let legal = position.legal_moves();
        assert!(!legal.is_empty(), "the game goes on at ply {ply}");
        let m = legal[(ply * 7 + 3) % legal.len()];
        let text = position.move_text(&m);
        let mover = if ply % 2 == 0 { white } else { &bob };
        let played = act(w, mover, Action::Move { text: text.clone() });
        assert!(!played.ephemeral, "{text}: {}", played.text);
        position.play_unchecked(&m);
    }
    game
}

fn stored(w: &World, game: i64) -> StoredAnalysis {
    w.service
        .store()
        .analysis(GameId(game))
        .unwrap()
        .expect("a stored analysis")
}

#[test]
fn refusals_say_why_and_what_to_do() {
    let w = world();
    let alice = actor(ALICE);

    let quiet = alice.clone().channel(QUIET_CHANNEL);
    let none = analysis(&w, &quiet, None);
    assert!(none.ephemeral);
    assert_eq!(
        none.text,
        "No game has ended in this channel yet. Name a game by its number: `/analysis` game:12 \
         (`/history` lists the numbers)."
    );

    let unknown = analysis(&w, &alice, Some(99));
    assert!(unknown.ephemeral);
    assert!(
        unknown
            .text
            .to_string()
            .starts_with("There is no game #99 on this server."),
        "{}",
        unknown.text
    );

    let running = running_game(&w, &alice, 4);
    let refused = analysis(&w, &alice, Some(running));
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        format!(
            "Game #{running} is still being played: its analysis would be a hint. Ask for it \
             when the game ends."
        )
    );
    // By default too: the running game is not the channel's last ended one.
    assert!(
        analysis(&w, &alice, None)
            .text
            .to_string()
            .starts_with("No game has ended")
    );
    assert!(
        w.service
            .store()
            .analysis(GameId(running))
            .unwrap()
            .is_none()
    );

    // Another server's game is no game of this one.
    let store = w.service.store();
    let now = w.service.now();
    store
        .ensure_player(OTHER_GUILD, ALICE, "alice", now)
        .unwrap();
    let elsewhere = store
        .create_game(&NewGame {
            guild: OTHER_GUILD,
            channel: 900,
            white: Participant::User(ALICE),
            black: Participant::Engine(1),
            time_per_move_ms: 3_600_000,
            clock: None,
            rated: false,
            start_fen: Position::initial().to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap();
    store.abort_game(elsewhere.id, now).unwrap();
    let other = analysis(&w, &alice, Some(elsewhere.id.0));
    assert!(other.ephemeral);
    assert!(
        other.text.to_string().starts_with(&format!(
            "There is no game #{} on this server.",
            elsewhere.id
        )),
        "{}",
        other.text
    );

    // A game aborted before any move has nothing to analyse.
    let moderator = alice.clone().can_moderate(true);
    let aborted = act(&w, &moderator, Action::Abort);
    assert!(!aborted.ephemeral, "{}", aborted.text);
    let empty = running_game(&w, &alice, 0);
    act(&w, &moderator, Action::Abort);
    let refused = analysis(&w, &alice, Some(empty));
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        format!("Game #{empty} was aborted before any move: there is nothing to analyse.")
    );
}

#[test]
fn a_finished_game_is_analysed_with_its_chart_board_and_annotated_pdn() {
    let w = world();
    let alice = actor(ALICE);
    let game = finished_game(&w, &alice, 20);
    // A game still running in the channel does not hide the one that ended.
    running_game(&w, &alice, 2);

    let (reply, progress) = analysis_with_progress(&w, &alice, None);
    assert!(!reply.ephemeral, "{}", reply.text);
    let text = &reply.text.to_string();
    assert!(
        text.starts_with(&format!(
            "**Analysis of game #{game}**: alice (White) – bob (Black), White won\n"
        )),
        "{text}"
    );
    assert!(text.contains("Accuracy: alice **"), "{text}");
    assert!(text.contains("%** · bob **"), "{text}");
    assert!(reply.text.room() < 2000);
    assert!(text.contains("**Key moments**"), "{text}");
    assert!(progress.first().is_some_and(|p| p.ends_with("0%")));

    let chart = reply.chart.as_ref().expect("a chart");
    assert_eq!(chart.filename, format!("dama-game-{game}-chart.png"));
    assert_eq!(chart.evaluations.len(), 20);
    assert!(chart.evaluations.iter().all(|e| e.abs() <= 10.0));
    assert!(!chart.marks.is_empty());
    assert_eq!(chart.labels.moves, "move");
    assert_eq!(chart.labels.white_ahead, "White better");
    assert_eq!(chart.labels.title, format!("#{game} · alice – bob"));

    // The worst moment: the board after it, its move drawn, from its player's side.
    let board = reply.board.as_ref().expect("the worst moment's board");
    assert!(board.last_move.is_some(), "the worst move's path is drawn");
    let caption = board.caption.as_deref().unwrap_or_default();
    assert!(caption.contains(" · better "), "{caption}");
    assert_eq!(board.bottom, !board.position.turn(), "the mover's side");
    assert!(
        text.contains(&format!("**{}", caption.split(" · ").next().unwrap())),
        "the worst moment is listed: {caption} in {text}"
    );

    let attachment = reply.attachment.as_ref().expect("the annotated PDN");
    assert_eq!(
        attachment.filename,
        format!("dama-game-{game}-analysis.pdn")
    );
    let pdn_text = String::from_utf8(attachment.bytes.clone()).unwrap();
    let games = pdn::read_games(&pdn_text);
    assert_eq!(games.len(), 1);
    let read = &games[0];
    let replayed = read.replay();
    assert_eq!(
        replayed.error, None,
        "the annotated PDN replays: {pdn_text}"
    );
    assert_eq!(replayed.moves.len(), 20);
    assert_eq!(read.tag("White"), Some("alice"));
    assert_eq!(read.tag("Black"), Some("bob"));
    assert_eq!(
        read.tag("Event"),
        Some(format!("Dama on Discord, game #{game}").as_str())
    );
    assert_eq!(read.result.as_deref(), Some("1-0"));
    assert!(pdn_text.contains("accuracy: White"), "{pdn_text}");
    assert!(pdn_text.contains('?'), "marks: {pdn_text}");

    let row = stored(&w, game);
    assert_eq!(row.nodes, settings().analysis_nodes);
    assert!(row.data.starts_with("dama-analysis 1"), "{}", row.data);
}

#[test]
fn a_stored_analysis_is_served_again_without_searching() {
    let w = world();
    let alice = actor(ALICE);
    let game = finished_game(&w, &alice, 12);
    let (first, progress) = analysis_with_progress(&w, &alice, Some(game));
    assert!(!progress.is_empty());
    let row = stored(&w, game);

    w.clock.advance(Duration::from_secs(60));
    let (again, progress) = analysis_with_progress(&w, &alice, Some(game));
    assert!(progress.is_empty(), "no search, no progress: {progress:?}");
    assert_eq!(again.text, first.text);
    assert_eq!(again.chart, first.chart);
    assert_eq!(
        again.attachment.as_ref().map(|a| a.bytes.clone()),
        first.attachment.as_ref().map(|a| a.bytes.clone())
    );
    assert_eq!(stored(&w, game), row, "the stored row is unchanged");
}

#[test]
fn progress_is_told_in_order_up_to_100_percent() {
    let w = world();
    let alice = actor(ALICE);
    let game = finished_game(&w, &alice, 30);
    let (_, progress) = analysis_with_progress(&w, &alice, Some(game));
    let percents: Vec<usize> = progress
        .iter()
        .map(|line| {
            let rest = line
                .strip_prefix(&format!("Analysing game #{game}… "))
                .unwrap_or_else(|| panic!("{line}"));
            rest.strip_suffix('%').unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(percents.first(), Some(&0));
    assert_eq!(percents.last(), Some(&100));
    assert!(
        percents.windows(2).all(|p| p[1] / 10 > p[0] / 10),
        "each line passes another tenth: {percents:?}"
    );
    // 31 positions: every tenth is passed once.
    assert_eq!(percents.len(), 11, "{percents:?}");
}

#[test]
fn two_requests_for_one_game_share_one_analysis() {
    let w = world();
    let alice = actor(ALICE);
    let bob = actor(BOB);
    let game = finished_game(&w, &alice, 16);
    let searched_at = w.service.now();

    let (started, started_seen) = mpsc::channel::<()>();
    let (joined, joined_seen) = mpsc::channel::<()>();
    let (release, released) = mpsc::channel::<()>();
    let (started_seen, joined_seen, released) = (
        Mutex::new(started_seen),
        Mutex::new(joined_seen),
        Mutex::new(released),
    );
    let wait = |rx: &Mutex<mpsc::Receiver<()>>| {
        rx.lock()
            .unwrap()
            .recv_timeout(Duration::from_secs(120))
            .expect("the other request goes on");
    };
    let (first_told, second_told) = (AtomicBool::new(false), AtomicBool::new(false));
    let (second_lines, second) = std::thread::scope(|scope| {
        // The first request runs the analysis; at 0% it waits until the second has joined.
        let first = scope.spawn(|| {
            w.service
                .act_with_progress(
                    &alice,
                    Origin::Channel,
                    Action::Analysis { game: None },
                    &|_| {
                        if !first_told.swap(true, Ordering::SeqCst) {
                            started.send(()).unwrap();
                            wait(&joined_seen);
                        }
                    },
                )
                .unwrap()
        });
        // The second asks once the first is searching, and is held at its first progress line
        // until the first has answered: had it searched on its own, it would store its
        // analysis only after the clock moved on.
        let second = scope.spawn(|| {
            wait(&started_seen);
            let lines = Mutex::new(Vec::new());
            let reply = w
                .service
                .act_with_progress(
                    &bob,
                    Origin::Channel,
                    Action::Analysis { game: Some(game) },
                    &|text| {
                        lines.lock().unwrap().push(text);
                        if !second_told.swap(true, Ordering::SeqCst) {
                            joined.send(()).unwrap();
                            wait(&released);
                        }
                    },
                )
                .unwrap();
            (lines.into_inner().unwrap(), reply)
        });
        let first = first.join().unwrap();
        assert_eq!(stored(&w, game).created_at, searched_at);
        w.clock.advance(Duration::from_secs(60));
        release.send(()).unwrap();
        let (lines, second) = second.join().unwrap();
        assert_eq!(second.text, first.text);
        assert_eq!(second.chart, first.chart);
        (lines, second)
    });
    assert_eq!(
        stored(&w, game).created_at,
        searched_at,
        "one analysis, stored once"
    );
    assert!(!second.ephemeral);
    assert_eq!(
        second_lines.first().map(String::as_str),
        Some(format!("Analysing game #{game}… 0%").as_str()),
        "the second request sees the first's progress"
    );
    assert_eq!(
        second_lines.last().map(String::as_str),
        Some(format!("Analysing game #{game}… 100%").as_str())
    );
}

#[test]
fn a_stored_analysis_that_does_not_read_back_is_searched_again() {
    let w = world();
    let alice = actor(ALICE);
    let game = finished_game(&w, &alice, 10);
    let store = w.service.store();
    let broken = StoredAnalysis {
        game: GameId(game),
        nodes: settings().analysis_nodes,
        data: "dama-analysis 1 nodes=20000 start=0\n1 2 3\n".into(),
        created_at: w.service.now(),
    };
    store.save_analysis(&broken).unwrap();
    let (reply, progress) = analysis_with_progress(&w, &alice, Some(game));
    assert!(!progress.is_empty(), "searched again");
    assert!(reply.chart.is_some());
    let row = stored(&w, game);
    assert_ne!(row.data, broken.data);
    assert_eq!(row.data.lines().count(), 11, "a header and a line a move");

    // One searched at another budget is searched again too, at this one.
    store
        .save_analysis(&StoredAnalysis {
            nodes: 1_234,
            ..row.clone()
        })
        .unwrap();
    let (_, progress) = analysis_with_progress(&w, &alice, Some(game));
    assert!(!progress.is_empty());
    assert_eq!(stored(&w, game).nodes, settings().analysis_nodes);
}

#[test]
fn long_names_and_long_games_stay_within_one_message() {
    let w = world();
    let long = actor(ALICE).name(format!(
        "*_@everyone_* {}",
        "Niccolò Bartolomeo di Montefeltro della Rovere ".repeat(3)
    ));
    let game = finished_game(&w, &long, 44);
    let reply = analysis(&w, &long, Some(game));
    assert!(!reply.ephemeral);
    let room = reply.text.room();
    assert!(room < 1900, "{room}: {}", reply.text);
    assert!(reply.text.contains("…"), "the name is cut: {}", reply.text);
    // The name is a name, shown as written: never a mark of style or a mention.
    assert!(
        reply
            .text
            .spans()
            .iter()
            .any(|span| matches!(&span.part, Part::Name(name) if name.contains("*_@everyone"))),
        "{:?}",
        reply.text
    );
    let text = reply.text.to_string();
    let lines = text
        .lines()
        .filter(|l| l.starts_with("**") && l.contains(". "))
        .count();
    assert!(lines <= 8, "{}", reply.text);
    assert!(
        reply.text.contains("… and "),
        "the others are counted: {}",
        reply.text
    );
}

#[test]
fn each_language_has_its_words() {
    for (language, title, accuracy, moments, mover, white_better) in [
        (
            Language::It,
            "**Analisi della partita #",
            "Precisione: ",
            "**I momenti decisivi**",
            "mossa",
            "meglio il Bianco",
        ),
        (
            Language::Es,
            "**Análisis de la partida #",
            "Precisión: ",
            "**Los momentos clave**",
            "jugada",
            "mejor las blancas",
        ),
        (
            Language::En,
            "**Analysis of game #",
            "Accuracy: ",
            "**Key moments**",
            "move",
            "White better",
        ),
    ] {
        let w = world();
        let alice = speaking(ALICE, language);
        let game = finished_game(&w, &actor(ALICE), 20);
        let (reply, progress) = analysis_with_progress(&w, &alice, Some(game));
        assert!(reply.text.to_string().starts_with(title), "{}", reply.text);
        assert!(reply.text.contains(accuracy), "{}", reply.text);
        assert!(reply.text.contains(moments), "{}", reply.text);
        // The annotated game's comments are in the same words.
        let pdn = String::from_utf8(reply.attachment.clone().unwrap().bytes).unwrap();
        let summary = match language {
            Language::It => "{precisione: Bianco ",
            Language::Es => "{precisión: blancas ",
            Language::En => "{accuracy: White ",
        };
        assert!(pdn.contains(summary), "{pdn}");
        let chart = reply.chart.unwrap();
        assert_eq!(chart.labels.moves, mover);
        assert_eq!(chart.labels.white_ahead, white_better);
        let expected_progress = match language {
            Language::It => format!("Analisi della partita #{game}… 100%"),
            Language::Es => format!("Analizando la partida #{game}… 100%"),
            Language::En => format!("Analysing game #{game}… 100%"),
        };
        assert_eq!(progress.last(), Some(&expected_progress));
        let refused = analysis(&w, &alice, Some(99));
        assert!(refused.ephemeral);
        let expected = match language {
            Language::It => "In questo server non c'è nessuna partita #99.",
            Language::Es => "No hay ninguna partida #99 en este servidor.",
            Language::En => "There is no game #99 on this server.",
        };
        assert!(
            refused.text.to_string().starts_with(expected),
            "{}",
            refused.text
        );
    }
}

#[test]
fn a_game_ended_before_any_move_is_refused_and_finished_status_is_kept() {
    let w = world();
    let alice = actor(ALICE);
    let game = running_game(&w, &alice, 0);
    act(&w, &actor(BOB), Action::Resign);
    let record = w.service.store().game(GameId(game)).unwrap().unwrap();
    assert_eq!(record.status, GameStatus::Finished);
    let refused = analysis(&w, &alice, Some(game));
    assert!(refused.ephemeral);
    assert_eq!(
        refused.text,
        format!("Game #{game} ended before any move was played: there is nothing to analyse.")
    );
}

/// A 3-piece ending the tables call won for White to move, and a move of White's that draws
/// it.
fn spoiled_win(tables: &Tablebase) -> Option<(Position, Move)> {
    let mut fens = Vec::new();
    for a in 1..=32 {
        for b in 1..=32 {
            for c in 1..=32 {
                if a != b && b != c && a != c {
                    fens.push(format!("W:WK{a},K{b}:BK{c}"));
                    fens.push(format!("W:WK{a},{b}:BK{c}"));
                    fens.push(format!("W:WK{a}:BK{c},{b}"));
                }
            }
        }
    }
    fens.iter().find_map(|fen| {
        let position = Position::from_fen(fen).ok()?;
        if !matches!(tables.probe(&position), Some(Verdict::Win { .. })) {
            return None;
        }
        position
            .legal_moves()
            .into_iter()
            .find(|m| tables.probe(&position.play(m).unwrap()) == Some(Verdict::Draw))
            .map(|m| (position, m))
    })
}

#[test]
fn a_table_win_thrown_away_is_told_in_words() {
    let tables = Tablebase::build(&BuildOptions::in_memory(3), &mut |_| {})
        .expect("an in-memory build writes nothing");
    let (start, spoiler) = spoiled_win(&tables).expect("a 3-piece win with a drawing move");
    let moves = tables.probe(&start).unwrap().winner_moves().unwrap();
    let w = world_with_tables(settings(), std::sync::Arc::new(tables));
    let store = w.service.store();
    let now = w.service.now();
    store.ensure_player(GUILD, ALICE, "alice", now).unwrap();
    store.ensure_player(GUILD, BOB, "bob", now).unwrap();
    let game = store
        .create_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            white: Participant::User(ALICE),
            black: Participant::User(BOB),
            time_per_move_ms: 3_600_000,
            clock: None,
            rated: false,
            start_fen: start.to_fen(),
            created_at: now,
            in_thread: false,
            language: None,
        })
        .unwrap();
    let text = start.move_text(&spoiler);
    let played = act(&w, &actor(ALICE), Action::Move { text: text.clone() });
    assert!(!played.ephemeral, "{}", played.text);
    act(&w, &actor(BOB), Action::Resign);

    for (language, words) in [
        (Language::En, format!("**1. {text}??** blunder: better ")),
        (
            Language::It,
            format!("**1. {text}??** errore grave: meglio "),
        ),
        (Language::Es, format!("**1. {text}??** error grave: mejor ")),
    ] {
        let reply = analysis(&w, &speaking(ALICE, language), Some(game.id.0));
        let verdict = match language {
            Language::En => format!("endgame tables: won in {moves} → drawn"),
            Language::It => format!("tavole dei finali: vinta in {moves} → patta"),
            Language::Es => format!("tablas de finales: ganada en {moves} → tablas"),
        };
        let text = reply.text.to_string();
        let line = text
            .lines()
            .find(|l| l.starts_with(&words))
            .unwrap_or_else(|| panic!("{words} in {}", reply.text));
        assert!(line.ends_with(&verdict), "{line}");
        let board = reply.board.expect("the worst moment");
        assert_eq!(board.last_move, Some(spoiler));
    }
}

#[test]
fn analyses_beyond_half_the_pool_wait_their_turn_and_say_so() {
    // Two engine places: one analysis searches at a time.
    let w = world();
    let alice = actor(ALICE);
    let first_game = finished_game(&w, &alice, 8);
    let second_game = finished_game(&w, &alice, 6);

    let (started, started_seen) = mpsc::channel::<()>();
    let (queued, queued_seen) = mpsc::channel::<()>();
    let (started_seen, queued_seen) = (Mutex::new(started_seen), Mutex::new(queued_seen));
    let wait = |rx: &Mutex<mpsc::Receiver<()>>| {
        rx.lock()
            .unwrap()
            .recv_timeout(Duration::from_secs(120))
            .expect("the other request goes on");
    };
    let (first_told, second_told) = (AtomicBool::new(false), AtomicBool::new(false));
    let second_lines = std::thread::scope(|scope| {
        // The first searches, and holds its place until the second has been told to wait.
        scope.spawn(|| {
            let game = Some(first_game);
            w.service
                .act_with_progress(&alice, Origin::Channel, Action::Analysis { game }, &|_| {
                    if !first_told.swap(true, Ordering::SeqCst) {
                        started.send(()).unwrap();
                        wait(&queued_seen);
                    }
                })
                .unwrap();
        });
        let second = scope.spawn(|| {
            wait(&started_seen);
            let lines = Mutex::new(Vec::new());
            let game = Some(second_game);
            let reply = w
                .service
                .act_with_progress(
                    &alice,
                    Origin::Channel,
                    Action::Analysis { game },
                    &|text| {
                        lines.lock().unwrap().push(text);
                        if !second_told.swap(true, Ordering::SeqCst) {
                            queued.send(()).unwrap();
                        }
                    },
                )
                .unwrap();
            assert!(reply.chart.is_some());
            lines.into_inner().unwrap()
        });
        second.join().unwrap()
    });
    assert_eq!(
        second_lines[..2],
        [
            format!(
                "Game #{second_game} is waiting for its turn: other analyses are running. It \
                 starts in a moment…"
            ),
            format!("Analysing game #{second_game}… 0%"),
        ]
    );
    assert_eq!(
        second_lines.last().map(String::as_str),
        Some(format!("Analysing game #{second_game}… 100%").as_str())
    );
}
