//! Contempt: a side that judges itself clearly better does not steer into a repetition or the
//! 40-move rule; a worse side still takes the draw; a draw still reports as 0.

use dama_engine::{CONTEMPT, CONTEMPT_MARGIN, Engine, Limits, Options};
use dama_rules::{Color, DrawReason, Game, GameEnd, Position};

/// Three white kings against one, Black to move first, then kings shuffling so that White's
/// `25-29` would bring the start position round a third time (a draw by repetition).
fn white_can_repeat() -> Game {
    let start = Position::from_fen("W:WK29,K30,K31:BK4")
        .unwrap()
        .with_turn(Color::Black);
    let mut game = Game::new(start);
    for text in ["4-8", "29-25", "8-4", "25-29", "4-8", "29-25", "8-4"] {
        game.play_text(text).unwrap();
    }
    game
}

#[test]
fn the_better_side_does_not_repeat() {
    let game = white_can_repeat();
    let repeat = game.position().parse_move("25-29").unwrap();
    let mut next = game.clone();
    assert!(
        matches!(
            next.play(&repeat).unwrap().map(|o| o.end),
            Some(GameEnd::Draw(DrawReason::Repetition))
        ),
        "25-29 repeats the position a third time"
    );
    let mut engine = Engine::new(4);
    let result = engine.search(&game, &Limits::depth(10));
    assert_eq!(result.contempt, CONTEMPT, "{result:?}");
    assert!(result.score >= CONTEMPT_MARGIN, "{result:?}");
    assert_ne!(result.best, Some(repeat), "{result:?}");
}

#[test]
fn contempt_is_off_when_asked_and_for_the_worse_side() {
    let game = white_can_repeat();
    let mut engine = Engine::new(4);
    engine.set_options(Options {
        contempt: false,
        ..Options::default()
    });
    let result = engine.search(&game, &Limits::depth(10));
    assert_eq!(result.contempt, 0);
    // Black to move in the same material: it is the worse side, a draw is welcome.
    let mut engine = Engine::new(4);
    let mut black = game.clone();
    black.play_text("25-21").unwrap();
    let result = engine.search(&black, &Limits::depth(10));
    assert!(result.score < 0, "{result:?}");
    assert_eq!(result.contempt, 0);
}

#[test]
fn a_drawn_root_reports_zero_whatever_the_contempt() {
    // White is clearly better, but 78 quiet plies have gone: every line ends in the 40-move
    // rule before White can change anything, and the search knows it from depth 2 on.
    let start = Position::from_fen("W:WK29,K30,K31:BK4").unwrap();
    let mut engine = Engine::new(4);
    let fresh = engine.search(&Game::new(start), &Limits::depth(8));
    assert_eq!(fresh.contempt, CONTEMPT, "{fresh:?}");
    let mut game = Game::with_repetitions(start, 1000);
    let (white, black) = (["29-25", "25-29"], ["4-8", "8-4"]);
    let mut i = 0;
    while game.quiet_plies() < 78 {
        game.play_text(white[i % 2]).unwrap();
        game.play_text(black[i % 2]).unwrap();
        i += 1;
    }
    engine.new_game();
    let result = engine.search(&game, &Limits::depth(8));
    assert_eq!(result.score, 0, "{result:?}");
}

/// Openings of the repository's suite.
fn openings() -> Vec<Position> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/openings-11man.txt"
    ))
    .unwrap();
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| Position::from_fen(line).unwrap())
        .collect()
}

#[test]
fn self_play_never_draws_from_a_position_judged_clearly_better() {
    // Fixed-node self-play: whenever a game ends in a repetition or the 40-move rule, the side
    // whose move ended it had not scored the position at the margin or above.
    let mut engines = [Engine::new(4), Engine::new(4)];
    let mut draws = 0;
    let mut clearly_better_seen = 0;
    for start in openings().into_iter().take(60) {
        let mut game = Game::new(start);
        for engine in &mut engines {
            engine.new_game();
        }
        let mut last_score = 0;
        while game.outcome().is_none() && game.ply() < 300 {
            let side = usize::from(game.position().turn() == Color::Black);
            let result = engines[side].search(&game, &Limits::nodes(4_000));
            last_score = result.score;
            if result.contempt != 0 {
                clearly_better_seen += 1;
            }
            game.play(&result.best.unwrap()).unwrap();
        }
        if let Some(outcome) = game.outcome()
            && matches!(outcome.end, GameEnd::Draw(_))
        {
            draws += 1;
            assert!(
                last_score < CONTEMPT_MARGIN,
                "{outcome}: the side that drew scored {last_score} ({} plies)",
                game.ply()
            );
        }
    }
    assert!(clearly_better_seen > 0, "no game had a clearly better side");
    eprintln!("{draws} draws by the rules, {clearly_better_seen} moves played with contempt");
}
