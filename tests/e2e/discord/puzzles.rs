//! Puzzles on Discord, from a collection of one puzzle (`[puzzles] file`) so that the test
//! knows its solution: solved by picks in the private board's menu (each pick updates that
//! board, the last shows the solution and the rating), failed by a wrong pick, a pick on a board
//! whose step has passed refused, `/puzzles` with the rating, the moves offered by the `move`
//! option's autocomplete, and `/settings daily-puzzle` for those who manage the server only.

use dama_rules::{Move, Position};
use serde_json::Value;
use tempfile::TempDir;

use crate::discord::common::{
    Answer, Bot, answer, assert_board, custom_id, find_custom_id, option_for, start_connected, text,
};
use crate::support::discord_standin::{Person, Slash, Standin, message_id, perm};

/// White gives a man on 19 to take three and make a king on 4.
const PUZZLE: &str = "23cb947f\tW:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,14,15\t\
                      22-19 14x23 27x20x11x4\tmultiple-capture,sacrifice,promotion\t1110\t\
                      material:2\tcampionato-assoluto-2005 game 5 ply 8 with 4-8 instead of 6-11\n";
const FEN: &str = "W:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,14,15";
const SOLUTION: [&str; 3] = ["22-19", "14x23", "27x20x11x4"];

/// The stand-in and the bot, whose puzzle collection is [`PUZZLE`] alone.
async fn setup_puzzles() -> (Standin, TempDir, Bot) {
    let discord = Standin::start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("puzzles.txt");
    std::fs::write(&file, format!("# one shot\n{PUZZLE}")).expect("writing the puzzle file");
    let config = format!("[puzzles]\nfile = {:?}\n", file.display().to_string());
    let bot = start_connected(&discord, &dir, &config).await;
    (discord, dir, bot)
}

/// The position after the solution's first `plies` moves.
fn position_after(plies: usize) -> Position {
    let mut position = Position::from_fen(FEN).expect("the puzzle's FEN");
    for text in &SOLUTION[..plies] {
        let m = position.parse_move(text).expect("the solution is legal");
        position = position.play(&m).expect("the solution is legal");
    }
    position
}

fn solution_move(plies: usize) -> (Position, Move) {
    let position = position_after(plies);
    let m = position
        .parse_move(SOLUTION[plies])
        .expect("the solution is legal");
    (position, m)
}

/// `who` asks for a puzzle: a private board with the menu of the first step.
async fn new_puzzle(discord: &Standin, who: &Person) -> Answer {
    let ix = discord.slash(who, Slash::new("puzzle")).await;
    let shown = answer(discord, &ix).await;
    assert_eq!(shown.kind(), 4, "{:#}", shown.body());
    assert!(shown.ephemeral(), "a puzzle is private: {:#}", shown.body());
    assert_board(discord, &shown.message);
    let menu = custom_id(&shown.message, ":0:move");
    assert!(menu.starts_with("p:"), "{menu}");
    shown
}

/// `who` picks `value` in the puzzle menu of `board`.
async fn pick(discord: &Standin, who: &Person, board: &Value, value: &str) -> Answer {
    let menu = custom_id(board, ":move");
    let ix = discord
        .select(who, message_id(board), &menu, &[value])
        .await;
    answer(discord, &ix).await
}

/// The numbers of a text (ratings among them).
fn numbers(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_solved_from_the_menu_shows_the_solution_and_the_rating() {
    let (discord, _dir, _bot) = setup_puzzles().await;
    let alice = discord.user("alice");
    let shown = new_puzzle(&discord, &alice).await;
    let board = shown.message;
    assert!(
        text(&board).contains("White to play and win"),
        "{}",
        text(&board)
    );

    // The move option offers the puzzle's legal moves.
    let typing = discord
        .autocomplete(&alice, Slash::new("puzzle").focused("move", "22"))
        .await;
    let offered: Vec<String> = discord
        .choices(&typing)
        .await
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_owned))
        .collect();
    assert!(
        offered.iter().any(|m| m == "22-19"),
        "the solution's first move is offered: {offered:?}"
    );

    let (position, first) = solution_move(0);
    let after_first = pick(
        &discord,
        &alice,
        &board,
        &option_for(&board, &position, &first),
    )
    .await;
    assert_eq!(
        after_first.kind(),
        7,
        "a pick updates the private board: {:#}",
        after_first.body()
    );
    let board = discord.message(message_id(&board));
    assert_board(&discord, &board);
    let next = custom_id(&board, ":1:move");
    assert!(next.starts_with("p:"), "{next}");
    assert!(
        text(&board).contains(SOLUTION[1]),
        "the defender's reply is told: {}",
        text(&board)
    );

    let (position, last) = solution_move(2);
    let solved = pick(
        &discord,
        &alice,
        &board,
        &option_for(&board, &position, &last),
    )
    .await;
    assert_eq!(solved.kind(), 7, "{:#}", solved.body());
    let board = discord.message(message_id(&board));
    let shown = text(&board);
    assert!(
        shown.contains(&SOLUTION.join(" ")),
        "the solution in long notation: {shown}"
    );
    assert_board(&discord, &board);
    assert!(
        find_custom_id(&board, ":move").is_none(),
        "a solved puzzle has no menu: {board:#}"
    );
    let next = custom_id(&board, ":next");
    assert!(next.starts_with("p:"), "{next}");
    // "Puzzle rating: 1500 → **1552** (+52)": the new rating, above the first.
    let (_, rated) = shown
        .split_once("Puzzle rating: ")
        .unwrap_or_else(|| panic!("no rating in {shown}"));
    let change = numbers(rated.lines().next().unwrap_or_default());
    let (before, rating) = (change[0], change[1]);
    assert!(
        rating > before,
        "a solved puzzle raises the rating: {shown}"
    );

    // `/puzzles` shows the rating.
    let ix = discord.slash(&alice, Slash::new("puzzles")).await;
    let ranking = answer(&discord, &ix).await;
    let listed = text(&ranking.message);
    assert!(
        numbers(&listed).contains(&rating),
        "{rating} in /puzzles: {listed}"
    );
    assert!(listed.to_lowercase().contains("alice"), "{listed}");

    // Next: another puzzle, in a message of its own; the solved one stays.
    let ix = discord.click(&alice, message_id(&board), &next).await;
    let another = answer(&discord, &ix).await;
    assert!(another.ephemeral(), "{:#}", another.body());
    assert_eq!(another.kind(), 4, "{:#}", another.body());
    assert!(
        text(&discord.message(message_id(&board))).contains(&SOLUTION.join(" ")),
        "the solved board is kept"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_pick_fails_the_puzzle_and_shows_the_solution() {
    let (discord, _dir, _bot) = setup_puzzles().await;
    let bob = discord.user("bob");
    let board = new_puzzle(&discord, &bob).await.message;
    let position = position_after(0);
    let wrong = position
        .legal_moves()
        .into_iter()
        .find(|m| position.move_text(m) != "22-19")
        .expect("another legal move");
    let failed = pick(
        &discord,
        &bob,
        &board,
        &option_for(&board, &position, &wrong),
    )
    .await;
    assert_eq!(failed.kind(), 7, "{:#}", failed.body());
    let board = discord.message(message_id(&board));
    let shown = text(&board);
    assert!(
        shown.contains(&SOLUTION.join(" ")),
        "the solution is shown: {shown}"
    );
    assert!(find_custom_id(&board, ":move").is_none(), "{board:#}");
    assert!(find_custom_id(&board, ":next").is_some(), "{board:#}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pick_on_a_board_whose_step_has_passed_is_refused() {
    let (discord, _dir, _bot) = setup_puzzles().await;
    let carol = discord.user("carol");
    let old = new_puzzle(&discord, &carol).await.message;
    // Answered by the command instead: a new private board, one step on.
    let ix = discord
        .slash(&carol, Slash::new("puzzle").string("move", SOLUTION[0]))
        .await;
    let typed = answer(&discord, &ix).await;
    assert!(typed.ephemeral(), "{:#}", typed.body());
    assert_eq!(typed.kind(), 4, "{:#}", typed.body());
    assert!(find_custom_id(&typed.message, ":1:move").is_some());

    let position = position_after(0);
    let (_, first) = solution_move(0);
    let stale = pick(&discord, &carol, &old, &option_for(&old, &position, &first)).await;
    assert_eq!(
        stale.kind(),
        4,
        "refused in a message of its own: {:#}",
        stale.body()
    );
    assert!(stale.ephemeral(), "{:#}", stale.body());
    assert!(
        text(&stale.message).contains("out of date"),
        "{}",
        text(&stale.message)
    );
    assert!(
        find_custom_id(&discord.message(message_id(&old)), ":0:move").is_some(),
        "the old board is left as it was"
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_channel_is_for_those_who_manage_the_server() {
    let (discord, _dir, _bot) = setup_puzzles().await;
    let puzzles = discord.text_channel("puzzles", 0);
    let settings = Slash::new("settings")
        .channel("daily-puzzle", puzzles)
        .integer("daily-puzzle-hour", 7);
    let alice = discord.user("alice");
    let ix = discord.slash(&alice, settings.clone()).await;
    let refused = answer(&discord, &ix).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        !text(&refused.message).contains(&format!("<#{puzzles}>")),
        "{}",
        text(&refused.message)
    );

    let owner = discord.owner();
    let ix = discord.slash(&owner, settings).await;
    let accepted = answer(&discord, &ix).await;
    let said = text(&accepted.message);
    assert!(said.contains(&format!("<#{puzzles}>")), "{said}");
    let ix = discord
        .slash(
            &owner,
            Slash::new("settings").boolean("daily-puzzle-off", true),
        )
        .await;
    let stopped = answer(&discord, &ix).await;
    assert!(
        !text(&stopped.message).contains(&format!("<#{puzzles}>")),
        "{}",
        text(&stopped.message)
    );
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_puzzle_channel_where_the_bot_cannot_post_is_refused_naming_what_it_lacks() {
    let (discord, _dir, _bot) = setup_puzzles().await;
    let closed = discord.text_channel("annunci", perm::SEND_MESSAGES | perm::ATTACH_FILES);
    let owner = discord.owner();
    let ix = discord
        .slash(
            &owner,
            Slash::new("settings").channel("daily-puzzle", closed),
        )
        .await;
    let refused = answer(&discord, &ix).await;
    let said = text(&refused.message);
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        said.contains(&format!("<#{closed}>"))
            && said.contains("**Send Messages**")
            && said.contains("**Attach Files**")
            && !said.contains("Embed Links"),
        "the refusal names the channel and what the bot lacks there: {said}"
    );
    // Nothing was saved: /settings shows no daily puzzle.
    let ix = discord.slash(&owner, Slash::new("settings")).await;
    let shown = text(&answer(&discord, &ix).await.message);
    assert!(!shown.contains(&format!("<#{closed}>")), "{shown}");

    // A channel where it can post is taken.
    let open = discord.text_channel("problemi", 0);
    let ix = discord
        .slash(&owner, Slash::new("settings").channel("daily-puzzle", open))
        .await;
    let accepted = text(&answer(&discord, &ix).await.message);
    assert!(accepted.contains(&format!("<#{open}>")), "{accepted}");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_with_a_solve_button_that_opens_a_private_attempt() {
    // A day of the game clock passes in 4.3 s, so the first change of day comes well within
    // the wait for the post, whatever the hour the test starts at; the sweep runs every second.
    let discord = Standin::start().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("puzzles.txt");
    std::fs::write(&file, PUZZLE).expect("writing the puzzle file");
    let config = format!(
        "[puzzles]\nfile = {:?}\n[game]\nclock_speed = 20000.0\nsweep_interval = \"1s\"\n",
        file.display().to_string()
    );
    let _bot = start_connected(&discord, &dir, &config).await;
    let puzzles = discord.text_channel("puzzles", 0);
    let owner = discord.owner();
    let ix = discord
        .slash(
            &owner,
            Slash::new("settings").channel("daily-puzzle", puzzles),
        )
        .await;
    answer(&discord, &ix).await;

    let post = crate::discord::common::next_post(&discord, puzzles).await;
    assert!(
        post["flags"].as_u64().unwrap_or_default() & 64 == 0,
        "public: {post:#}"
    );
    assert_board(&discord, &post);
    let solve = custom_id(&post, "pd");
    let dora = discord.user("dora");
    let ix = discord.click(&dora, message_id(&post), &solve).await;
    let attempt = answer(&discord, &ix).await;
    assert_eq!(attempt.kind(), 4, "{:#}", attempt.body());
    assert!(attempt.ephemeral(), "{:#}", attempt.body());
    assert_board(&discord, &attempt.message);
    assert!(find_custom_id(&attempt.message, ":0:move").is_some());
    assert!(
        find_custom_id(&discord.message(message_id(&post)), "pd").is_some(),
        "the post keeps its button for the others"
    );
    discord.assert_no_errors();
}
