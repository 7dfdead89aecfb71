//! Puzzles through the service: solving, failing at the first and at a later move, the
//! rating (up when solved, down when failed, the first attempt only), the streak, the daily
//! puzzle (the same for everyone, changing at the server's hour, posted once with yesterday's
//! solution), stale and foreign boards refused, a damaged collection, three languages.

use dama_core::text::Part;
use std::time::Duration;

use dama_core::i18n::Language;
use dama_core::store::puzzle_day;
use dama_service::{
    Action, Actor, Component, GameService, Origin, PuzzleAction, Puzzles, Reply, SettingsChange,
    Suggestions, puzzles_from_text, shipped_puzzles,
};

use crate::world::{World, id_ending, ids, settings, world_with, world_with_puzzles};

const GUILD: u64 = 1;
const CHANNEL: u64 = 100;
const DAILY_CHANNEL: u64 = 200;
const ALICE: u64 = 11;
const BOB: u64 = 12;
const HOUR: Duration = Duration::from_secs(3600);

/// A shot of two moves for White (22-19 gives a man, 27x4 takes two and crowns).
const TWO_MOVES: &str = "23cb947f\tW:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,\
    14,15\t22-19 14x23 27x20x11x4\tmultiple-capture,sacrifice,promotion\t1110\tmaterial:2\t\
    campionato-assoluto-2005 game 5 ply 8 with 4-8 instead of 6-11";
/// A shot of three moves for White, in an endgame.
const THREE_MOVES: &str = "bd549e45\tW:W17,21,24,K27,31:B9,K13,14,15,20\t\
    21-18 13x22 27x18x11 15-19 24x15\tmultiple-capture,sacrifice,endgame\t1260\tmaterial:2\t\
    campionato-assoluto-2005 game 27 ply 54 with 16-20 instead of 13-10";
/// A shot for Black.
const FOR_BLACK: &str = "b25850ad\tB:W9,17,23,24,25,26,28,29,31:B2,4,5,10,11,14,15,16,18\t\
    18-21 25x18 14x21x30\tmultiple-capture,sacrifice,promotion\t1070\tking\t\
    campionato-assoluto-2005 game 1 ply 27 with 27-23 instead of 26-21";

fn collection(lines: &[&str]) -> Puzzles {
    let text = format!("# a test collection\n{}\n", lines.join("\n"));
    let puzzles = puzzles_from_text(&text, "test");
    assert!(matches!(puzzles, Puzzles::Loaded(_)), "{puzzles:?}");
    puzzles
}

fn world_of(lines: &[&str]) -> World {
    world_with_puzzles(settings(), collection(lines))
}

fn actor(user: u64) -> Actor {
    let name = match user {
        ALICE => "alice",
        BOB => "bob",
        _ => "**carol**",
    };
    crate::world::member(user, name, GUILD, CHANNEL)
}

fn manager(user: u64) -> Actor {
    actor(user).can_manage_server(true)
}

fn checked(reply: Reply) -> Reply {
    assert!(
        !reply.text.contains("{$") && !reply.text.contains("puzzle-"),
        "{}",
        reply.text
    );
    reply
}

fn puzzle(w: &World, who: &Actor, action: PuzzleAction) -> Reply {
    checked(
        w.service
            .act(who, Origin::Channel, Action::Puzzle(action))
            .unwrap(),
    )
}

fn next(w: &World, who: &Actor) -> Reply {
    puzzle(w, who, PuzzleAction::Next)
}

fn typed(w: &World, who: &Actor, text: &str) -> Reply {
    puzzle(w, who, PuzzleAction::Answer { text: text.into() })
}

fn pick(w: &World, who: &Actor, board: &Reply, value: &str) -> Reply {
    let id = id_ending(board, ":move");
    checked(w.service.component(who, &id, &[value.to_owned()]).unwrap())
}

fn caption(reply: &Reply) -> String {
    reply
        .board
        .as_ref()
        .and_then(|b| b.caption.clone())
        .unwrap_or_default()
}

fn menu_values(reply: &Reply) -> Vec<String> {
    reply
        .components
        .iter()
        .flatten()
        .find_map(|c| match c {
            Component::Select { options, .. } => {
                Some(options.iter().map(|o| o.value.clone()).collect())
            }
            Component::Button { .. } => None,
        })
        .unwrap_or_default()
}

fn rating(w: &World, user: u64) -> f64 {
    w.service
        .store()
        .puzzle_player(GUILD, user)
        .unwrap()
        .map_or(1500.0, |p| p.rating.rating)
}

#[test]
fn solving_a_puzzle_with_the_defenders_reply_played() {
    let w = world_of(&[TWO_MOVES]);
    let alice = actor(ALICE);
    let board = next(&w, &alice);
    assert!(board.ephemeral, "a puzzle is private");
    assert!(board.text.contains("Puzzle 23cb947f"), "{}", board.text);
    assert!(
        board.text.contains("difficulty 1110 · rated"),
        "{}",
        board.text
    );
    assert_eq!(caption(&board), "White to play and win");
    let view = board.board.as_ref().unwrap();
    assert_eq!(view.bottom, dama_rules::Color::White);
    assert_eq!(view.last_move, None);
    let menu = id_ending(&board, ":move");
    assert!(
        menu.starts_with("p:") && menu.ends_with(":0:move"),
        "{menu}"
    );
    assert!(menu_values(&board).contains(&"22-19".to_owned()));

    // The first move, from the menu: the defender's reply is played and drawn.
    let after = pick(&w, &alice, &board, "22-19");
    assert!(after.ephemeral);
    assert!(
        after
            .text
            .contains("**22-19** is right. Black replies 14x23."),
        "{}",
        after.text
    );
    let view = after.board.as_ref().unwrap();
    assert_eq!(view.last_move.map(|m| m.long()), Some("14x23".to_owned()));
    assert!(id_ending(&after, ":move").ends_with(":1:move"));
    // The suggestions are the moves of the step now.
    assert_eq!(
        w.service.puzzle_suggestions(&alice, "27").unwrap(),
        Suggestions::Moves(vec!["27x4".into()])
    );

    // The last move, typed in its short form.
    let solved = typed(&w, &alice, "27x4");
    assert!(solved.ephemeral);
    assert!(solved.text.contains("**27x4**: solved!"), "{}", solved.text);
    assert!(
        solved.text.contains("Solution: `22-19 14x23 27x20x11x4`"),
        "{}",
        solved.text
    );
    assert!(
        solved.text.contains("Puzzle rating: 1500 → "),
        "{}",
        solved.text
    );
    assert!(solved.text.contains("Streak: 1 solved in a row (best 1)"));
    let view = solved.board.as_ref().unwrap();
    assert_eq!(
        view.last_move.map(|m| m.long()),
        Some("27x20x11x4".to_owned()),
        "the key move is drawn"
    );
    assert_eq!(caption(&solved), "Solution: 22-19 14x23 27x20x11x4");
    assert!(id_ending(&solved, ":next").starts_with("p:"));
    assert!(rating(&w, ALICE) > 1500.0, "solving raises the rating");
    // Nothing is open any more.
    let none = typed(&w, &alice, "22-19");
    assert!(
        none.text.contains("You have no puzzle open"),
        "{}",
        none.text
    );
}

#[test]
fn failing_at_the_first_move_lowers_the_rating() {
    let w = world_of(&[TWO_MOVES]);
    let alice = actor(ALICE);
    next(&w, &alice);
    let failed = typed(&w, &alice, "21-18");
    assert!(
        failed
            .text
            .contains("**21-18** is not the solution: the move was **22-19**."),
        "{}",
        failed.text
    );
    assert!(failed.text.contains("Solution: `22-19 14x23 27x20x11x4`"));
    assert!(failed.text.contains("Streak: 0"), "{}", failed.text);
    let view = failed.board.as_ref().unwrap();
    assert_eq!(
        view.last_move.map(|m| m.long()),
        Some("22-19".to_owned()),
        "the move that was due is drawn"
    );
    assert!(rating(&w, ALICE) < 1500.0, "failing lowers the rating");
    // A move that is not legal is explained, and the puzzle stays open.
    next(&w, &alice);
    let illegal = typed(&w, &alice, "22-17");
    assert!(
        illegal.text.contains("not a legal move"),
        "{}",
        illegal.text
    );
    assert!(
        w.service
            .store()
            .open_puzzle_attempt(GUILD, ALICE)
            .unwrap()
            .is_some()
    );
}

/// A puzzle of the built-in collection whose second solver's move has a legal alternative:
/// its line, and the wrong move.
fn later_choice() -> (String, String) {
    let Puzzles::Loaded(all) = shipped_puzzles() else {
        panic!("the built-in collection is damaged")
    };
    let text = dama_tools::puzzles::SHIPPED;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let id = line.split('\t').next().unwrap();
        let puzzle = all.get(id).unwrap();
        let Some(position) = puzzle.position_at(1) else {
            continue;
        };
        let due = puzzle.solution[2];
        if let Some(wrong) = position.legal_moves().iter().find(|m| !m.same_effect(&due)) {
            return (line.to_owned(), wrong.long());
        }
    }
    panic!("no puzzle with a choice at its second move");
}

#[test]
fn failing_at_a_later_move() {
    let (line, wrong) = later_choice();
    let w = world_of(&[&line]);
    let Puzzles::Loaded(all) = collection(&[&line]) else {
        unreachable!()
    };
    let id = line.split('\t').next().unwrap();
    let p = all.get(id).unwrap();
    let alice = actor(ALICE);
    let board = next(&w, &alice);
    let after = pick(&w, &alice, &board, &p.solution[0].long());
    assert!(after.text.contains("is right"), "{}", after.text);
    let failed = pick(&w, &alice, &after, &wrong);
    let due = p.position_at(1).unwrap().move_text(&p.solution[2]);
    assert!(
        failed
            .text
            .contains(&format!("is not the solution: the move was **{due}**")),
        "{}",
        failed.text
    );
    let player = w
        .service
        .store()
        .puzzle_player(GUILD, ALICE)
        .unwrap()
        .unwrap();
    assert_eq!((player.solved, player.failed), (0, 1));
    assert!(player.rating.rating < 1500.0);
}

#[test]
fn only_the_first_attempt_is_rated_and_the_streak_counts_solves() {
    let w = world_of(&[TWO_MOVES, FOR_BLACK]);
    let alice = actor(ALICE);
    let mut before = rating(&w, ALICE);
    // Two different puzzles solved, each rated, the streak growing.
    for round in 1..=2 {
        let board = next(&w, &alice);
        assert!(board.text.contains("· rated"), "{}", board.text);
        let solved = solve(&w, &alice, &board);
        assert!(
            solved
                .text
                .contains(&format!("Streak: {round} solved in a row (best {round})")),
            "{}",
            solved.text
        );
        let now = rating(&w, ALICE);
        assert!(now > before, "round {round}: {now} after {before}");
        before = now;
    }
    // Both done: the one started longest ago comes back, unrated.
    let again = next(&w, &alice);
    assert!(again.text.contains("not rated"), "{}", again.text);
    assert!(again.text.contains("Puzzle 23cb947f"), "{}", again.text);
    let failed = typed(&w, &alice, "21-18");
    assert!(failed.text.contains("Not rated"), "{}", failed.text);
    assert!(failed.text.contains("Streak: 0 solved in a row (best 2)"));
    assert!((rating(&w, ALICE) - before).abs() < 1e-9, "unrated");
    // /puzzles shows the line of the asker.
    let ranking = puzzle(&w, &alice, PuzzleAction::Ranking);
    assert!(
        ranking
            .text
            .contains("2 solved, 1 failed · streak 0 (best 2)"),
        "{}",
        ranking.text
    );
}

/// Plays the solution of the puzzle `board` shows, by the menu.
fn solve(w: &World, who: &Actor, board: &Reply) -> Reply {
    let mut board = board.clone();
    loop {
        let attempt = w
            .service
            .store()
            .open_puzzle_attempt(GUILD, who.user)
            .unwrap()
            .expect("an open puzzle");
        let Puzzles::Loaded(all) = collection(&[TWO_MOVES, THREE_MOVES, FOR_BLACK]) else {
            unreachable!()
        };
        let answer = match all.get(&attempt.puzzle) {
            Some(p) => p.solution[2 * attempt.step as usize],
            None => daily_solution(&attempt.puzzle)[2 * attempt.step as usize],
        };
        let reply = pick(w, who, &board, &answer.long());
        if reply.text.contains("solved!") {
            return reply;
        }
        assert!(reply.text.contains("is right"), "{}", reply.text);
        board = reply;
    }
}

fn daily_solution(id: &str) -> Vec<dama_rules::Move> {
    let Puzzles::Loaded(all) = shipped_puzzles() else {
        panic!("the built-in collection is damaged")
    };
    all.get(id).unwrap().solution.clone()
}

#[test]
fn stale_and_foreign_boards_are_refused() {
    let w = world_of(&[TWO_MOVES, FOR_BLACK]);
    let alice = actor(ALICE);
    let bob = actor(BOB);
    let board = next(&w, &alice);
    // Bob may not answer Alice's board.
    let foreign = pick(&w, &bob, &board, "22-19");
    assert!(foreign.ephemeral);
    assert!(
        foreign.text.contains("This puzzle is someone else's"),
        "{}",
        foreign.text
    );
    let after = pick(&w, &alice, &board, "22-19");
    assert!(after.text.contains("is right"));
    // The first board is out of date now, for every move.
    for value in ["22-19", "27x20x11x4"] {
        let stale = pick(&w, &alice, &board, value);
        assert!(stale.ephemeral);
        assert!(
            stale.text.contains("This puzzle board is out of date"),
            "{}",
            stale.text
        );
    }
    assert!(
        w.service
            .store()
            .open_puzzle_attempt(GUILD, ALICE)
            .unwrap()
            .is_some_and(|a| a.step == 1),
        "a stale answer changes nothing"
    );
    // A new puzzle closes this one: its board is out of date too.
    let fresh = next(&w, &alice);
    assert!(
        fresh.text.contains("Your previous puzzle is closed"),
        "{}",
        fresh.text
    );
    let closed = pick(&w, &alice, &after, "27x4");
    assert!(closed.text.contains("out of date"), "{}", closed.text);
    // Bob has nothing open; his autocomplete says how to get a puzzle.
    let none = typed(&w, &bob, "22-19");
    assert!(
        none.text.contains("You have no puzzle open"),
        "{}",
        none.text
    );
    let Suggestions::Hint(hint) = w.service.puzzle_suggestions(&bob, "").unwrap() else {
        panic!("no hint");
    };
    assert!(hint.starts_with("No puzzle open"), "{hint}");
}

#[test]
fn a_damaged_collection_is_reported_and_puzzles_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    std::fs::write(&path, format!("# puzzles\n{TWO_MOVES}\n23cb947f\tbroken\n")).unwrap();
    let Puzzles::Unavailable(reason) = dama_service::load_puzzles(Some(&path)) else {
        panic!("a damaged file loads");
    };
    assert!(reason.contains("line 3"), "{reason}");
    let missing = dama_service::load_puzzles(Some(&dir.path().join("missing.txt")));
    assert!(matches!(missing, Puzzles::Unavailable(_)));

    let w = world_with_puzzles(settings(), Puzzles::Unavailable(reason));
    let alice = actor(ALICE);
    for action in [
        PuzzleAction::Next,
        PuzzleAction::Daily,
        PuzzleAction::Answer {
            text: "22-19".into(),
        },
    ] {
        let refused = puzzle(&w, &alice, action);
        assert!(refused.ephemeral);
        assert!(
            refused
                .text
                .to_string()
                .starts_with("Puzzles are not available right now"),
            "{}",
            refused.text
        );
    }
    assert_eq!(
        w.service.puzzle_suggestions(&alice, "").unwrap(),
        Suggestions::Hint("Puzzles are not available right now.".into())
    );
    // The rest of the bot runs on; no daily post goes out.
    let ranking = puzzle(&w, &alice, PuzzleAction::Ranking);
    assert!(ranking.text.contains("has not finished a puzzle"));
    set_daily(&w, Some(DAILY_CHANNEL), None);
    w.clock.advance(48 * HOUR);
    assert!(w.service.sweep().unwrap().is_empty());
}

fn set_daily(w: &World, channel: Option<u64>, hour: Option<u8>) -> Reply {
    w.service
        .act(
            &manager(ALICE),
            Origin::Channel,
            Action::Settings(SettingsChange {
                daily_puzzle: Some(channel),
                daily_puzzle_hour: hour,
                ..SettingsChange::default()
            }),
        )
        .unwrap()
}

/// The daily puzzle's position as a board shows it.
fn position(reply: &Reply) -> String {
    reply.board.as_ref().unwrap().position.to_fen()
}

#[test]
fn the_daily_puzzle_is_the_same_for_everyone_and_changes_at_the_hour() {
    let w = world_with(settings());
    let (alice, bob) = (actor(ALICE), actor(BOB));
    // Only those who manage the server choose the hour, from 0 to 23.
    let refused = w
        .service
        .act(
            &alice,
            Origin::Channel,
            Action::Settings(SettingsChange {
                daily_puzzle_hour: Some(18),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    assert!(refused.ephemeral);
    let out_of_range = w
        .service
        .act(
            &manager(ALICE),
            Origin::Channel,
            Action::Settings(SettingsChange {
                daily_puzzle_hour: Some(24),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    assert!(
        out_of_range.text.contains("from 0 to 23"),
        "{}",
        out_of_range.text
    );
    let set = w
        .service
        .act(
            &manager(ALICE),
            Origin::Channel,
            Action::Settings(SettingsChange {
                daily_puzzle_hour: Some(18),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    assert!(
        set.text.contains("changes every day at 18:00 UTC"),
        "{}",
        set.text
    );

    // The clock starts before 18:00 UTC.
    let first = puzzle(&w, &alice, PuzzleAction::Daily);
    assert!(first.ephemeral);
    assert!(first.text.contains("Today's puzzle"), "{}", first.text);
    let for_bob = puzzle(&w, &bob, PuzzleAction::Daily);
    assert_eq!(
        position(&first),
        position(&for_bob),
        "the same for everyone"
    );
    // Asked again, it is where it stands.
    let again = puzzle(&w, &alice, PuzzleAction::Daily);
    assert!(again.text.contains("where you left it"), "{}", again.text);
    assert_eq!(position(&again), position(&first));
    // Solved, it shows the result when asked again.
    let solved = solve(&w, &alice, &again);
    assert!(
        solved.text.contains("Puzzle rating: 1500 → "),
        "{}",
        solved.text
    );
    let done = puzzle(&w, &alice, PuzzleAction::Daily);
    assert!(
        done.text.contains("You have done today's puzzle: solved."),
        "{}",
        done.text
    );
    assert!(done.text.contains("Solution: `"), "{}", done.text);
    assert!(done.text.contains("Streak: 1"), "{}", done.text);

    // Up to the hour it stays; at 18:00 it changes, for both.
    let now = w.service.now();
    let to_hour = 18 * 3_600_000 - now.rem_euclid(24 * 3_600_000);
    w.clock
        .advance(Duration::from_millis(u64::try_from(to_hour - 1).unwrap()));
    let before = puzzle(&w, &bob, PuzzleAction::Daily);
    assert_eq!(position(&before), position(&first));
    w.clock.advance(Duration::from_millis(1));
    let tomorrow = puzzle(&w, &alice, PuzzleAction::Daily);
    assert!(
        tomorrow.text.contains("**Today's puzzle** · difficulty"),
        "{}",
        tomorrow.text
    );
    assert_ne!(
        position(&tomorrow),
        position(&first),
        "a new day, a new puzzle"
    );
    let tomorrow_bob = puzzle(&w, &bob, PuzzleAction::Daily);
    assert_eq!(position(&tomorrow), position(&tomorrow_bob));
}

#[test]
fn the_daily_post_goes_out_once_at_the_hour_with_yesterdays_solution() {
    let w = world_with(settings());
    let alice = actor(ALICE);
    let set = set_daily(&w, Some(DAILY_CHANNEL), Some(18));
    assert!(
        set.text.contains(&format!(
            "posted in #{DAILY_CHANNEL} every day at 18:00 UTC"
        )),
        "{}",
        set.text
    );
    let shown = w
        .service
        .act(
            &alice,
            Origin::Channel,
            Action::Settings(SettingsChange::default()),
        )
        .unwrap();
    assert!(
        shown.text.contains(&format!(
            "Puzzle of the day: posted in #{DAILY_CHANNEL}, changes at 18:00 UTC"
        )),
        "{}",
        shown.text
    );
    // Set before the hour: nothing is posted until then.
    assert!(daily_posts(&w).is_empty());
    w.clock.advance(HOUR);
    assert!(daily_posts(&w).is_empty());
    // Alice solves today's puzzle before the hour; at the hour it is yesterday's.
    let today = puzzle(&w, &alice, PuzzleAction::Daily);
    solve(&w, &alice, &today);
    let day = puzzle_day(w.service.now(), 18);
    let Puzzles::Loaded(all) = shipped_puzzles() else {
        panic!("the built-in collection is damaged")
    };
    let yesterday = all.daily(GUILD, day);
    let now = w.service.now();
    let to_hour = 18 * 3_600_000 - now.rem_euclid(24 * 3_600_000);
    w.clock
        .advance(Duration::from_millis(u64::try_from(to_hour).unwrap()));
    let posts = daily_posts(&w);
    assert_eq!(posts.len(), 1, "one post at the hour");
    let post = &posts[0];
    assert_eq!((post.guild, post.channel), (GUILD, DAILY_CHANNEL));
    assert!(!post.reply.ephemeral);
    assert!(
        post.reply.text.contains("Puzzle of the day"),
        "{}",
        post.reply.text
    );
    let line: Vec<String> = yesterday
        .solution
        .iter()
        .map(dama_rules::Move::long)
        .collect();
    assert!(
        post.reply.text.contains(&format!(
            "Yesterday's solution: `{}` · solved by one person",
            line.join(" ")
        )),
        "{}",
        post.reply.text
    );
    assert_eq!(ids(&post.reply), ["pd"]);
    let board = post.reply.board.as_ref().unwrap();
    assert_eq!(board.position, all.daily(GUILD, day + 1).position);
    // Another sweep the same day posts nothing more, nor does a second process.
    assert!(daily_posts(&w).is_empty());
    w.clock.advance(HOUR);
    assert!(daily_posts(&w).is_empty());
    // The Solve button opens the clicker's own attempt at today's puzzle.
    let bob = actor(BOB);
    let opened = checked(w.service.component(&bob, "pd", &[]).unwrap());
    assert!(opened.ephemeral);
    assert_eq!(opened.board.as_ref().unwrap().position, board.position);
    // The next day, the next post; once the channel is unset, none.
    w.clock.advance(23 * HOUR);
    assert_eq!(daily_posts(&w).len(), 1);
    let off = set_daily(&w, None, None);
    assert!(off.text.contains("no longer posted"), "{}", off.text);
    w.clock.advance(24 * HOUR);
    assert!(daily_posts(&w).is_empty());
}

fn daily_posts(w: &World) -> Vec<dama_service::Notice> {
    w.service
        .sweep()
        .unwrap()
        .into_iter()
        .filter(|n| n.channel == DAILY_CHANNEL)
        .collect()
}

#[test]
fn the_ranking_lists_the_best_solvers_with_their_names_escaped() {
    let w = world_of(&[TWO_MOVES, THREE_MOVES, FOR_BLACK]);
    let carol = actor(13);
    let alice = actor(ALICE);
    for _ in 0..3 {
        let board = next(&w, &carol);
        solve(&w, &carol, &board);
    }
    // Alice has one attempt only: not among the best yet.
    next(&w, &alice);
    typed(&w, &alice, "9-13");
    let ranking = puzzle(&w, &alice, PuzzleAction::Ranking);
    assert!(!ranking.ephemeral);
    assert!(
        ranking.text.contains("**Best puzzle solvers**"),
        "{}",
        ranking.text
    );
    assert!(
        ranking
            .text
            .spans()
            .iter()
            .any(|span| span.strong && span.part == Part::Name("**carol**".to_owned())),
        "{}",
        ranking.text
    );
    assert!(ranking.text.contains("3/3 solved · best streak 3"));
    assert_eq!(ranking.text.to_string().matches("`1.`").count(), 1);
    assert!(!ranking.text.contains("`2.`"), "{}", ranking.text);
}

fn in_language(user: u64, language: Language) -> Actor {
    crate::world::speaking(actor(user), language)
}

#[test]
fn puzzles_speak_three_languages() {
    let w = world_of(&[TWO_MOVES]);
    let cases = [
        (
            Language::It,
            "Il Bianco muove e vince",
            "è giusta. Il Nero risponde 14x23",
            "risolto!",
        ),
        (
            Language::Es,
            "Juegan las blancas y ganan",
            "es correcta. Las negras responden 14x23",
            "¡resuelto!",
        ),
        (
            Language::En,
            "White to play and win",
            "is right. Black replies 14x23",
            "solved!",
        ),
    ];
    for (user, (language, caption_text, correct, solved)) in (20..).zip(cases) {
        let who = in_language(user, language);
        let board = next(&w, &who);
        assert_eq!(caption(&board), caption_text);
        let after = pick(&w, &who, &board, "22-19");
        assert!(after.text.contains(correct), "{}", after.text);
        let done = pick(&w, &who, &after, "27x20x11x4");
        assert!(done.text.contains(solved), "{}", done.text);
        let stale = pick(&w, &who, &board, "22-19");
        assert!(!stale.text.is_empty());
    }
    let italian = in_language(20, Language::It);
    let stale = typed(&w, &italian, "22-19");
    assert!(
        stale.text.contains("Non hai nessun problema aperto"),
        "{}",
        stale.text
    );
}

#[test]
fn a_black_puzzle_is_seen_from_black() {
    let w = world_of(&[FOR_BLACK]);
    let alice = actor(ALICE);
    let board = next(&w, &alice);
    assert_eq!(caption(&board), "Black to play and win");
    assert_eq!(
        board.board.as_ref().unwrap().bottom,
        dama_rules::Color::Black
    );
    let solved = solve(&w, &alice, &board);
    assert!(solved.text.contains("solved!"));
    let _: &GameService = &w.service;
}
