//! The Activity's page in headless Chromium against `damabot local --web`: two players play a
//! whole game by clicks (a multiple capture with a path to choose among them), a third page
//! watches every move arrive, a page closed mid-game comes back to the game and its clock, and
//! an Italian page shows a refusal in Italian; a live game is lost on time by the server's
//! clock with nobody clicking; an operator's `[render]` colours reach the board. Screenshots
//! at 390×844 and 1280×800 go to `target/browser-screenshots/`.
//!
//! Chromium is driven through the DevTools protocol (the WebSocket client the other tests use,
//! no WebDriver server in between). Without Chromium the test says so and passes, except in CI
//! (`CI=true`), where it must run.

use std::path::PathBuf;

use super::cdp::{Browser, Page, chromium};
use super::script::game_with_a_path_choice;
use super::server::LocalWeb;

const PHONE: (u32, u32) = (390, 844);
const WIDE: (u32, u32) = (1280, 800);

fn screenshots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser-screenshots")
}

async fn shoot(page: &Page, name: &str) {
    page.screenshot(&screenshots().join(format!("{name}.png")))
        .await;
}

async fn ply_is(page: &Page, ply: usize, what: &str) {
    page.wait(
        &format!("document.body.dataset.ply === '{ply}'"),
        &format!("{what} at ply {ply}"),
    )
    .await;
}

/// The seconds a clock shows (`m:ss`, `h:mm:ss` or `s.t`).
async fn clock_seconds(page: &Page, colour: &str) -> f64 {
    let text = page
        .eval(&format!(
            "document.querySelector('[data-clock=\"{colour}\"]').textContent"
        ))
        .await;
    let text = text.as_str().unwrap_or_default().to_owned();
    assert!(!text.is_empty(), "{colour}'s clock is shown");
    text.split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    })
}

async fn no_sideways_scroll(page: &Page, what: &str) {
    let wide = page
        .eval("document.documentElement.scrollWidth <= window.innerWidth")
        .await;
    assert_eq!(wide, serde_json::json!(true), "{what} scrolls sideways");
}

/// Alice challenges anyone with White on a 5+3 clock, Bob accepts: the game's id.
async fn start_game(alice: &Page, bob: &Page) -> String {
    alice
        .eval(
            "(() => { for (const [name, value] of [['colour', 'white'], ['time', '5+3']]) { \
             const s = document.querySelector(`[data-field=${name}]`); s.value = value; \
             s.dispatchEvent(new Event('change')); } })()",
        )
        .await;
    alice.click("[data-action=open-challenge]").await;
    bob.click("[data-challenge] [data-action=accept]").await;
    for page in [alice, bob] {
        page.wait("document.body.dataset.view === 'game'", "the new game")
            .await;
    }
    let game = bob.eval("document.body.dataset.game").await;
    let game = game.as_str().expect("a game id").to_owned();
    assert_eq!(alice.eval("document.body.dataset.game").await, game);
    game
}

async fn result_text(page: &Page) -> String {
    page.eval("document.querySelector('.result').textContent")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn in_lobby(page: &Page) {
    page.wait("document.body.dataset.view === 'lobby'", "the lobby")
        .await;
}

fn skip_without_chromium() -> Option<PathBuf> {
    let program = chromium();
    if program.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "Chromium is required in CI (.ci/run installs Debian's chromium)"
        );
        eprintln!(
            "skipped: no chromium on the path (apt-get install chromium, or set DAMA_CHROMIUM)"
        );
    }
    program
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// The time from opening a game's page to its board drawn, on loopback (docs/benchmarks.md):
/// `cargo test --release --test activity_browser -- --ignored --nocapture first_board`.
#[test]
#[ignore = "a measure, run by hand"]
fn first_board() {
    let Some(program) = skip_without_chromium() else {
        return;
    };
    runtime().block_on(async {
        let server = LocalWeb::start();
        let browser = Browser::launch(&program).await;
        let alice = browser.page(&server.url("alice", "en-US", ""), WIDE.0, WIDE.1).await;
        let bob = browser.page(&server.url("bob", "en-US", ""), WIDE.0, WIDE.1).await;
        in_lobby(&alice).await;
        in_lobby(&bob).await;
        let game = start_game(&alice, &bob).await;
        let mut times = Vec::new();
        for _ in 0..20 {
            let start = std::time::Instant::now();
            let page = browser
                .page(&server.url("carla", "en-US", &format!("&game={game}")), PHONE.0, PHONE.1)
                .await;
            page.wait("document.querySelector('.board .piece') !== null", "the board").await;
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            page.close().await;
        }
        times.sort_by(f64::total_cmp);
        println!(
            "time to the first board, 20 loads of a game's page on loopback: median {:.0} ms, slowest {:.0} ms",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    });
}

#[test]
fn a_game_by_clicks_watched_resumed_and_refused_in_italian() {
    let Some(program) = chromium() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "Chromium is required in CI (.ci/run installs Debian's chromium)"
        );
        eprintln!(
            "skipped: no chromium on the path (apt-get install chromium, or set DAMA_CHROMIUM)"
        );
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(scenario(program));
}

async fn scenario(program: PathBuf) {
    let (steps, choice_ply) = game_with_a_path_choice(160);
    let server = LocalWeb::start();
    let browser = Browser::launch(&program).await;

    // Alice on a phone, Bob on a wide screen, both in the lobby.
    let alice = browser
        .page(&server.url("alice", "en-US", ""), PHONE.0, PHONE.1)
        .await;
    let mut bob = browser
        .page(&server.url("bob", "en-US", ""), WIDE.0, WIDE.1)
        .await;
    in_lobby(&alice).await;
    in_lobby(&bob).await;

    shoot(&alice, "lobby-390x844").await;
    no_sideways_scroll(&alice, "the lobby on a phone").await;
    let game = start_game(&alice, &bob).await;

    // Carla watches, in Spanish.
    let carla = browser
        .page(
            &server.url("carla", "es-ES", &format!("&game={game}")),
            WIDE.0,
            WIDE.1,
        )
        .await;
    ply_is(&carla, 0, "the spectator").await;

    // The challenge's colour is the service's to settle: who has White is read off the page.
    let alice_is_white = alice.eval("document.body.dataset.you").await == "white";
    for (ply, step) in steps.iter().enumerate() {
        let alice_moves = (ply % 2 == 0) == alice_is_white;
        let mover = if alice_moves { &alice } else { &bob };
        ply_is(mover, ply, "the player to move").await;
        let (from, to) = (step.path[0], *step.path.last().unwrap());
        mover.click(&format!("[data-square='{from}']")).await;
        mover.click(&format!("[data-square='{to}']")).await;
        if step.ambiguous {
            assert_eq!(ply, choice_ply);
            let path = step
                .path
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join("-");
            mover
                .wait(
                    "document.querySelectorAll('[data-choice]').length > 1",
                    "the capture paths to choose among",
                )
                .await;
            let size = if alice_moves { "390x844" } else { "1280x800" };
            shoot(mover, &format!("path-choice-{size}")).await;
            mover.click(&format!("[data-path='{path}'] .badge")).await;
        }
        let last = step
            .path
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("-");
        for (page, who) in [(&alice, "alice"), (&bob, "bob"), (&carla, "the spectator")] {
            ply_is(page, ply + 1, who).await;
            page.wait(
                &format!("document.body.dataset.last === '{last}'"),
                &format!("{who} sees the move {last}"),
            )
            .await;
        }
        if ply == 12 {
            shoot(&alice, "game-390x844").await;
            shoot(&bob, "game-1280x800").await;
            no_sideways_scroll(&alice, "the game on a phone").await;
            // Bob closes his page and opens it again: the game and its clock come back.
            bob.close().await;
            bob = browser
                .page(
                    &server.url("bob", "en-US", &format!("&game={game}")),
                    WIDE.0,
                    WIDE.1,
                )
                .await;
            ply_is(&bob, ply + 1, "bob's page opened again").await;
            // The clock of the side to move (a live clock, or the time left for the move).
            let turn = bob.eval("document.body.dataset.turn").await;
            let turn = turn.as_str().expect("a side to move");
            let (mine, theirs) = (
                clock_seconds(&bob, turn).await,
                clock_seconds(&alice, turn).await,
            );
            assert!(
                (mine - theirs).abs() <= 2.0,
                "the reopened page shows {turn}'s clock at {mine} s, the other page at {theirs} s"
            );
        }
    }

    // The end: the result on every page, Rematch for the players.
    for page in [&alice, &bob, &carla] {
        page.wait("document.querySelector('.result') !== null", "the result")
            .await;
    }
    alice
        .wait(
            "document.querySelector('[data-action=rematch]') !== null",
            "Rematch",
        )
        .await;
    shoot(&alice, "result-390x844").await;
    shoot(&carla, "spectator-1280x800").await;

    // Dario, in Italian, opens a challenge twice: the second is refused, in Italian.
    let dario = browser
        .page(&server.url("dario", "it", ""), PHONE.0, PHONE.1)
        .await;
    dario
        .wait(
            "document.body.dataset.view === 'lobby'",
            "the Italian lobby",
        )
        .await;
    dario.click("[data-action=open-challenge]").await;
    dario
        .wait(
            "document.querySelector('[data-challenge]') !== null",
            "Dario's challenge",
        )
        .await;
    dario.click("[data-action=open-challenge]").await;
    dario
        .wait(
            "[...document.querySelectorAll('.flash.refused')].some(e => e.textContent.includes('Hai già una sfida aperta'))",
            "the refusal in Italian",
        )
        .await;
    shoot(&dario, "refused-it-390x844").await;
}

#[test]
fn a_challenge_to_someone_present_reaches_their_lobby_by_itself() {
    let Some(program) = skip_without_chromium() else {
        return;
    };
    runtime().block_on(async {
        let server = LocalWeb::start();
        let browser = Browser::launch(&program).await;
        let erin = browser
            .page(&server.url("erin", "en-US", ""), PHONE.0, PHONE.1)
            .await;
        let franco = browser
            .page(&server.url("franco", "it", ""), WIDE.0, WIDE.1)
            .await;
        in_lobby(&erin).await;
        in_lobby(&franco).await;
        // Franco is present on Erin's lobby, without reloading it.
        let franco_row = "[...document.querySelectorAll('[data-person]')].find(e => e.textContent.includes('franco'))";
        erin.wait(&format!("{franco_row} !== undefined"), "Franco present")
            .await;
        shoot(&erin, "lobby-present-390x844").await;
        no_sideways_scroll(&erin, "the lobby with the people present").await;
        erin.eval(&format!(
            "{franco_row}.querySelector('[data-action=challenge-person]').click()"
        ))
        .await;
        // Franco's lobby shows the challenge made to him, with Accept and Decline in Italian.
        franco
            .wait(
                "document.querySelector('[data-challenge] [data-action=decline]') !== null",
                "the challenge to Franco",
            )
            .await;
        let decline = franco
            .eval("document.querySelector('[data-challenge] [data-action=decline]').textContent")
            .await;
        assert_eq!(decline, "Rifiuta");
        shoot(&franco, "lobby-challenged-it-1280x800").await;
        franco.click("[data-challenge] [data-action=accept]").await;
        for page in [&erin, &franco] {
            page.wait("document.body.dataset.view === 'game'", "the game of the challenge")
                .await;
        }
        assert_eq!(
            erin.eval("document.body.dataset.game").await,
            franco.eval("document.body.dataset.game").await
        );
    });
}

#[test]
fn a_live_game_is_lost_on_time_by_the_servers_clock() {
    let Some(program) = skip_without_chromium() else {
        return;
    };
    runtime().block_on(async {
        let mut server = LocalWeb::start();
        let browser = Browser::launch(&program).await;
        let alice = browser
            .page(&server.url("alice", "en-US", ""), WIDE.0, WIDE.1)
            .await;
        let bruno = browser
            .page(&server.url("bruno", "it", ""), PHONE.0, PHONE.1)
            .await;
        in_lobby(&alice).await;
        in_lobby(&bruno).await;
        start_game(&alice, &bruno).await;
        // Alice has White on a 5+3 clock and does not move: six minutes pass on the server's
        // clock (the console's), and her flag falls with nobody clicking anything.
        ply_is(&bruno, 0, "bruno").await;
        server.say("@advance 6m");
        for page in [&alice, &bruno] {
            page.wait("document.querySelector('.result') !== null", "the result")
                .await;
        }
        let english = result_text(&alice).await;
        assert!(english.contains("bruno beat alice on time"), "{english}");
        let italian = result_text(&bruno).await;
        assert!(
            italian.contains("bruno ha battuto alice per tempo"),
            "{italian}"
        );
        // The clocks stand where the game ended: Alice's at zero, Bruno's untouched.
        for page in [&alice, &bruno] {
            let (white, black) = (
                clock_seconds(page, "white").await,
                clock_seconds(page, "black").await,
            );
            assert!(
                white.abs() < 0.05 && (black - 300.0).abs() < 0.05,
                "{white} {black}"
            );
        }
        shoot(&bruno, "flag-fell-it-390x844").await;
    });
}

#[test]
fn the_board_takes_the_colours_of_render() {
    let Some(program) = skip_without_chromium() else {
        return;
    };
    runtime().block_on(async {
        // An operator's colours, the border light enough for the coordinates to turn dark.
        let server = LocalWeb::start_configured(
            "[render]\n\
             light_square = \"#e8eef5\"\n\
             dark_square = \"#1b4d8c\"\n\
             border = \"#dfe6ee\"\n\
             white_piece = \"#fff4d6\"\n\
             last_move = \"#ff7a00\"\n",
        );
        let browser = Browser::launch(&program).await;
        let alice = browser
            .page(&server.url("alice", "en-US", ""), WIDE.0, WIDE.1)
            .await;
        let bob = browser
            .page(&server.url("bob", "en-US", ""), PHONE.0, PHONE.1)
            .await;
        in_lobby(&alice).await;
        in_lobby(&bob).await;
        start_game(&alice, &bob).await;
        alice.click("[data-square='22']").await;
        alice.click("[data-square='18']").await;
        ply_is(&alice, 1, "alice").await;
        let seen = alice
            .eval(
                "(() => { const fills = (selector) => [...document.querySelectorAll(selector)] \
                 .map((e) => e.getAttribute('fill')); \
                 const squares = fills('.board > rect'); \
                 const count = (colour) => squares.filter((f) => f === colour).length; \
                 const style = (selector) => getComputedStyle(document.querySelector(selector)); \
                 return { border: squares[0], light: squares[1], dark: count('#1b4d8c'), \
                 lit: count('#b2a45f'), \
                 white: fills('.board .piece.white > circle')[1], \
                 path: document.querySelector('.board .path.last polyline').getAttribute('stroke'), \
                 dot: style('.dot.white').backgroundColor, \
                 coordinates: style('.board .coordinate').fill, \
                 numbers: style('.board .number').fill }; })()",
            )
            .await;
        assert_eq!(
            seen,
            serde_json::json!({
                "border": "#dfe6ee",
                "light": "#e8eef5",
                "dark": 30,
                // The dark square mixed with the default highlight, as the PNG boards do.
                "lit": 2,
                "white": "#fff4d6",
                "path": "#ff7a00",
                "dot": "rgb(255, 244, 214)",
                // The dark square darkened, as on the PNG boards' light borders.
                "coordinates": "rgb(19, 54, 98)",
                // Still light on dark squares: the default look.
                "numbers": "rgb(223, 232, 208)",
            })
        );
        alice
            .wait(
                "document.querySelector('.flashes .flash') === null",
                "the challenge's notice gone",
            )
            .await;
        shoot(&alice, "colours-1280x800").await;
    });
}
