//! Starting a game between two members and playing it by command and by menu.

use dama_rules::{Game, Move, Position};

use crate::discord::common::{
    answer, assert_board, custom_id, followup, game_from_pdn, option_for, setup, start_game, text,
};
use crate::support::discord_standin::{Person, Slash, Standin, components, message_id};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accept_and_board() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    assert!(
        text(&board).contains("alice") || text(&board).contains(&alice.mention()),
        "{board:#}"
    );
    discord.assert_no_errors();
}

/// A small deterministic generator for the offline search of a line.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((self.0 >> 33) % n as u64).unwrap_or_default()
    }
}

/// A short line from the start with a capture of two pieces or more and a promotion, found by
/// seeded random playouts with the rules crate.
fn line_with_multicapture_and_promotion() -> Vec<Move> {
    let mut best: Option<Vec<Move>> = None;
    for seed in 0..400 {
        let mut rng = Lcg(seed);
        let mut game = Game::default();
        let mut line = Vec::new();
        let (mut multi, mut promoted) = (false, false);
        while line.len() < 70 && !(multi && promoted) && game.outcome().is_none() {
            let moves = game.position().legal_moves();
            let m = moves[rng.below(moves.len())];
            multi |= m.captures().len() >= 2;
            promoted |= m.promotes();
            game.play(&m).expect("a legal move");
            line.push(m);
        }
        if multi && promoted && best.as_ref().is_none_or(|b| line.len() < b.len()) {
            best = Some(line);
        }
    }
    best.expect("some playout has a multi-capture and a promotion")
}

/// The moves of a line from the start, as the rules crate writes them.
fn game_text(line: &[Move]) -> String {
    let mut position = *Game::default().position();
    let mut out = Vec::new();
    for m in line {
        out.push(position.move_text(m));
        position.play_unchecked(m);
    }
    out.join(" ")
}

/// The moves autocomplete offers, as the rules crate writes them, against the legal moves.
async fn assert_autocomplete(discord: &Standin, who: &Person, position: &Position) {
    let typing = Slash::new("move").focused("move", "");
    let choices = discord
        .choices(&discord.autocomplete(who, typing).await)
        .await;
    let mut offered: Vec<String> = choices
        .iter()
        .map(|c| {
            let value = c["value"].as_str().unwrap_or_default();
            let m = position
                .parse_move(value)
                .unwrap_or_else(|e| panic!("autocomplete offered {value}, not a move: {e}"));
            position.move_text(&m)
        })
        .collect();
    let mut legal: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| position.move_text(m))
        .collect();
    offered.sort();
    legal.sort();
    assert_eq!(offered, legal, "autocomplete against the legal moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_by_command_and_menu_with_refusals() {
    let line = line_with_multicapture_and_promotion();
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let first = start_game(&discord, &alice, &bob).await;
    let mut board = first.clone();
    let mut game = Game::default();
    let mut checked_capture_autocomplete = false;
    for (ply, m) in line.iter().enumerate() {
        let (mover, waiting) = if ply % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let position = *game.position();
        let text = position.move_text(m);
        if ply == 0 || (m.is_capture() && !checked_capture_autocomplete) {
            checked_capture_autocomplete |= m.is_capture();
            assert_autocomplete(&discord, mover, &position).await;
        }
        if ply == 1 {
            // out of turn: bob moved, alice tries again
            let early = discord
                .slash(waiting, Slash::new("move").string("move", &text))
                .await;
            let refused = answer(&discord, &early).await;
            assert!(
                refused.ephemeral(),
                "a move out of turn answered publicly: {:#}",
                refused.body()
            );
            // and autocomplete says why it offers nothing
            let typing = Slash::new("move").focused("move", "");
            let choices = discord
                .choices(&discord.autocomplete(waiting, typing).await)
                .await;
            assert_eq!(choices.len(), 1, "{choices:?}");
            let hint = choices[0]["name"].as_str().unwrap_or_default();
            assert!(
                hint.starts_with("Not your turn")
                    && hint.to_lowercase().contains(&mover.name.to_lowercase()),
                "{hint}"
            );
        }
        if ply == 2 {
            // the first board lost its controls when the second was posted: no menu that
            // would only answer "out of date", the picture kept
            let first_id = message_id(&first);
            discord
                .next_request_where("the first board's controls taken off", |r| {
                    r.method == "PATCH" && r.path.ends_with(&format!("/messages/{first_id}"))
                })
                .await;
            let retired = discord.message(first_id);
            assert!(components(&retired).is_empty(), "{retired:#}");
            assert_eq!(
                retired["embeds"][0]["image"]["url"], first["embeds"][0]["image"]["url"],
                "the old board keeps its picture"
            );
        }
        if ply % 3 == 1 {
            let menu = custom_id(&board, ":move");
            let value = option_for(&board, &position, m);
            let pick = discord
                .select(mover, message_id(&board), &menu, &[&value])
                .await;
            let picked = answer(&discord, &pick).await;
            assert!(
                !picked.ephemeral(),
                "{text} by the menu refused: {:#}",
                picked.body()
            );
            assert_eq!(message_id(&picked.message), message_id(&board));
            // the board changed in place (an edit notifies nobody): a follow-up tells the
            // other player, and only them
            let ping = followup(&discord, &pick).await;
            let content = ping["content"].as_str().unwrap_or_default();
            assert!(
                content.contains(&text),
                "the ping says what was played: {content}"
            );
            assert_eq!(
                discord.notified(message_id(&ping)),
                [waiting.id],
                "{content}"
            );
            board = picked.message;
        } else {
            let cmd = discord
                .slash(mover, Slash::new("move").string("move", &text))
                .await;
            let reply = answer(&discord, &cmd).await;
            assert!(
                !reply.ephemeral(),
                "/move {text} refused: {:#}",
                reply.body()
            );
            assert_eq!(
                discord.notified(message_id(&reply.message)),
                [waiting.id],
                "the player to move is pinged, never the mover"
            );
            board = reply.message;
        }
        assert_board(&discord, &board);
        game.play(m).expect("a legal move");
    }
    assert!(line.iter().any(|m| m.captures().len() >= 2));
    assert!(line.iter().any(Move::promotes));
    eprintln!("played through the bot: {}", game_text(&line));
    discord.assert_no_errors();
}

/// A double pick: two moves chosen in the same menu, the second sent before the first is
/// answered. Exactly one is played, in place and in public; the other is refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_picks_on_the_same_ply_play_once() {
    let (discord, _dir, _bot) = setup().await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let board = start_game(&discord, &alice, &bob).await;
    let start = Game::default();
    let moves = start.position().legal_moves();
    let (first, second) = (moves[0], moves[1]);
    let menu = custom_id(&board, ":move");
    let values = [
        option_for(&board, start.position(), &first),
        option_for(&board, start.position(), &second),
    ];
    let one = discord
        .select(&alice, message_id(&board), &menu, &[&values[0]])
        .await;
    let two = discord
        .select(&alice, message_id(&board), &menu, &[&values[1]])
        .await;
    let answers = [answer(&discord, &one).await, answer(&discord, &two).await];
    let played: Vec<usize> = (0..2).filter(|&i| !answers[i].ephemeral()).collect();
    assert_eq!(
        played.len(),
        1,
        "exactly one pick must be played; callbacks: {:#} and {:#}",
        answers[0].body(),
        answers[1].body()
    );
    let (won, lost) = (&answers[played[0]], &answers[1 - played[0]]);
    assert_eq!(
        won.kind(),
        7,
        "the board is updated in place: {:#}",
        won.body()
    );
    assert_eq!(message_id(&won.message), message_id(&board));
    assert_eq!(
        lost.kind(),
        4,
        "the other pick gets its own private answer: {:#}",
        lost.body()
    );
    assert!(
        lost.content().contains("out of date") || lost.content().contains("too late"),
        "{:#}",
        lost.body()
    );
    let game = game_from_pdn(&discord, &bob).await;
    assert_eq!(game.ply(), 1, "one move was recorded");
    let expected = [first, second][played[0]];
    assert_eq!(
        game.moves()[0],
        expected,
        "the recorded move is the one whose pick was answered in public"
    );
    discord.assert_no_errors();
}
