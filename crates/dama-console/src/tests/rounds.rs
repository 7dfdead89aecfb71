//! Tournaments and daily puzzles played through with `@advance` and clicks.

use super::*;

#[test]
fn a_tournament_runs_to_its_final_standings_with_advance() {
    let (mut c, service) = console();
    let images =
        std::env::temp_dir().join(format!("dama-tournament-images-{}", std::process::id()));
    c.room.state().images = Some(images.clone());
    assert!(
        say(&mut c, "@advance").starts_with("No tournament is running in this channel"),
        "nothing to play out yet"
    );
    say(&mut c, "@mod ada");
    let created = say(
        &mut c,
        "ada: /tournament create Coppa di prova format:swiss rounds:3",
    );
    assert!(created.contains("**Coppa di prova**"), "{created}");
    let tournament = service
        .store()
        .latest_tournament(c.place().0)
        .unwrap()
        .unwrap();
    assert_eq!(tournament.format, TournamentFormat::Swiss { rounds: 3 });
    assert!(
        created.contains(&format!("t:{}:join", tournament.id)),
        "{created}"
    );
    for name in ["ada", "bea", "cleo", "dino"] {
        let joined = say(&mut c, &format!("{name}: /click t:{}:join", tournament.id));
        assert!(joined.contains(name), "{joined}");
    }
    let started = say(&mut c, "ada: /tournament start");
    // Each game of round 1 gets its thread with its first board; the console stays here.
    assert_eq!(started.matches("(thread #dama-").count(), 2, "{started}");
    assert!(!started.contains("(now in thread"), "{started}");
    assert_eq!(c.place().1, GENERAL);
    assert!(has_line(&started, "[#dama-1-"), "{started}");
    for round in 1..=3 {
        let advanced = say(&mut c, "@advance");
        assert!(
            advanced.starts_with(&format!(
                "(round {round} of Coppa di prova: 2 games played out)"
            )),
            "{advanced}"
        );
        let next = advanced.matches("(thread #dama-").count();
        let ended = advanced.matches(" stays open for a day)").count();
        assert_eq!(ended, 2, "round {round}: {advanced}");
        if round < 3 {
            assert_eq!(
                next, 4,
                "round {round}: two threads opened, two left open a day: {advanced}"
            );
            assert!(
                advanced.contains(&format!("round {} of 3", round + 1)),
                "{advanced}"
            );
        } else {
            assert!(advanced.contains("Final standings"), "{advanced}");
            assert!(
                advanced.contains("dama-tournament-1-standings.png"),
                "{advanced}"
            );
        }
    }
    let finished = service.store().tournament(tournament.id).unwrap().unwrap();
    assert_eq!(finished.status, TournamentStatus::Finished);
    let pairings = service.store().tournament_pairings(tournament.id).unwrap();
    assert_eq!(pairings.len(), 6);
    assert!(pairings.iter().all(|p| p.result.is_some()), "{pairings:?}");
    // Resignations of each side and draws, by the games' numbers.
    let results: HashSet<_> = pairings.iter().map(|p| p.result).collect();
    assert_eq!(results.len(), 3, "{pairings:?}");
    assert!(
        say(&mut c, "@advance").starts_with("No tournament is running"),
        "a finished tournament has no round to play"
    );
    let standings = say(&mut c, "bea: /tournament standings");
    let png = std::fs::read(images.join("dama-tournament-1-standings.png")).unwrap();
    let image = image::load_from_memory(&png).unwrap();
    assert!(image.height() > 150, "{standings}");
    std::fs::remove_dir_all(&images).unwrap();
}

/// White gives a man on 19 to take three and make a king on 4.
const ONE_PUZZLE: &str = "23cb947f\tW:W17,21,22,24,26,27,28,29,30,31,32:B1,2,3,5,6,7,8,9,10,\
                          14,15\t22-19 14x23 27x20x11x4\tmultiple-capture,sacrifice,promotion\t\
                          1110\tmaterial:2\tcampionato-assoluto-2005 game 5 ply 8\n";

/// The values of the first menu `out` lists (`[menu ID: V1 V2 ...]`).
fn menu_values(out: &str) -> Vec<String> {
    let start = out.find("[menu ").expect("a menu");
    let menu = &out[start..];
    let menu = &menu[..menu.find(']').expect("the menu's end")];
    let (_, values) = menu.split_once(": ").expect("the menu's values");
    values.split(' ').map(str::to_owned).collect()
}

#[test]
fn a_daily_puzzle_is_solved_by_clicks_failed_by_another_and_posted_by_advance() {
    let (mut c, _service) = console_with(|service| {
        service.with_puzzles(dama_service::puzzles_from_text(ONE_PUZZLE, "test"))
    });
    say(&mut c, "@mod carol");
    let set = say(
        &mut c,
        "carol: /settings daily-puzzle:#puzzles daily-puzzle-hour:7",
    );
    assert!(set.contains("#puzzles") && set.contains("07:00"), "{set}");

    let shown = say(&mut c, "alice: /puzzle daily");
    assert!(shown.starts_with("(only you see this) "), "{shown}");
    assert!(shown.contains("White to play and win"), "{shown}");
    assert!(menu_values(&shown).contains(&"22-19".to_owned()), "{shown}");
    let right = say(&mut c, "alice: /click p:1:0:move 22-19");
    assert!(right.contains("14x23"), "the defender's reply: {right}");
    assert!(right.contains("[menu p:1:1:move: "), "{right}");
    let stale = say(&mut c, "alice: /click p:1:0:move 22-19");
    assert!(stale.contains("out of date"), "{stale}");
    let solved = say(&mut c, "alice: /puzzle 27x4");
    assert!(
        solved.contains("Solution: `22-19 14x23 27x20x11x4`"),
        "{solved}"
    );
    assert!(solved.contains("Puzzle rating: 1500 → "), "{solved}");
    assert!(solved.contains("[Next puzzle: p:1:"), "{solved}");

    // The same puzzle for bob, who gets it wrong.
    let shown = say(&mut c, "bob: /puzzle daily");
    let wrong = menu_values(&shown)
        .into_iter()
        .find(|m| m != "22-19")
        .expect("another move");
    let failed = say(&mut c, &format!("bob: /puzzle move {wrong}"));
    assert!(failed.contains("is not the solution"), "{failed}");
    assert!(failed.contains("22-19 14x23 27x20x11x4"), "{failed}");
    let ranking = say(&mut c, "alice: /puzzles");
    assert!(ranking.contains("**alice** · puzzle rating"), "{ranking}");

    // The next day's post, with yesterday's solution, and its Solve button.
    let posted = say(&mut c, "@advance 1day");
    assert!(
        posted.contains("[#puzzles] 🧩 **Puzzle of the day**"),
        "{posted}"
    );
    assert!(
        posted.contains("Yesterday's solution: `22-19 14x23 27x20x11x4` · solved by one person"),
        "{posted}"
    );
    assert!(posted.contains("[Solve: pd]"), "{posted}");
    assert_eq!(
        say(&mut c, "@advance 1h")
            .matches("Puzzle of the day")
            .count(),
        0,
        "posted once a day"
    );
    let opened = say(&mut c, "dave: /click pd");
    assert!(opened.starts_with("(only you see this) "), "{opened}");
    assert!(opened.contains("[menu p:3:0:move: "), "{opened}");

    say(&mut c, "@locale it");
    let italian = say(&mut c, "erica: /problema");
    assert!(italian.starts_with("(lo vedi solo tu) "), "{italian}");
    assert!(italian.contains("Il Bianco muove e vince"), "{italian}");
}
