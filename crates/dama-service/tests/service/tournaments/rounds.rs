//! Rounds paired once, across a restart and by the sweep; ratings; a moderator's abort.

use super::*;

#[test]
fn the_next_round_is_paired_once_when_the_last_two_games_end_at_once() {
    for _ in 0..5 {
        let bot = Bot::new();
        let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
        bot.sign_up(id, 4);
        let start = bot.act(&actor(ADMIN), TournamentAction::Start);
        bot.open_threads(&start.notices);
        let games = bot.games_in_play(id, 1);
        assert_eq!(games.len(), 2);
        let notices: Vec<Notice> = std::thread::scope(|scope| {
            let jobs: Vec<_> = games
                .iter()
                .map(|&game| {
                    let bot = &bot;
                    scope.spawn(move || bot.resign(game, false))
                })
                .collect();
            jobs.into_iter()
                .flat_map(|job| job.join().unwrap())
                .collect()
        });
        assert_eq!(round_announcements(&notices, 2), 1, "{notices:#?}");
        assert_eq!(bot.open_threads(&notices), 2);
        assert_eq!(bot.store().tournament_rounds(id).unwrap().len(), 2);
        assert_eq!(bot.games_in_play(id, 2).len(), 2);
    }
}

#[test]
fn a_restart_in_the_middle_of_a_round_loses_nothing() {
    let mut bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
    bot.sign_up(id, 5);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    bot.open_threads(&start.notices);
    let games = bot.games_in_play(id, 1);
    assert!(paired_nothing(&bot.resign(games[0], true)));
    let before = bot.pairings(id);
    bot.restart();
    assert_eq!(
        bot.pairings(id),
        before,
        "rounds, pairings and the bye are kept"
    );
    assert!(
        before.iter().any(|p| p.black.is_none()),
        "five players: a bye"
    );
    // Nothing is paired again after the restart.
    let swept = bot.service.sweep().unwrap();
    assert_eq!(
        round_announcements(&swept, 1) + round_announcements(&swept, 2),
        0
    );
    let notices = bot.resign(games[1], false);
    assert_eq!(round_announcements(&notices, 2), 1);
    assert_eq!(bot.open_threads(&notices), 2);
    // Round 2 gives the bye to someone else.
    let pairings = bot.pairings(id);
    let byes: Vec<u64> = pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| p.white)
        .collect();
    assert_eq!(byes.len(), 2);
    assert_ne!(byes[0], byes[1]);
    assert_no_repeats(&pairings);
}

#[test]
fn a_round_whose_end_was_missed_is_paired_by_the_sweep() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
    bot.sign_up(id, 4);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    bot.open_threads(&start.notices);
    // The round's games end behind the service's back (as if it stopped right after).
    for game in bot.games_in_play(id, 1) {
        let record = bot.store().game(game).unwrap().unwrap();
        bot.store()
            .finish_game(
                game,
                dama_core::store::Finish {
                    result: dama_core::store::GameResult::WhiteWins,
                    reason: dama_core::store::EndReason::Resign,
                    ply: record.ply,
                    at: START,
                    counting: dama_service::rating::counting(&record),
                    rate: dama_service::rating::glicko2,
                },
            )
            .unwrap();
    }
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 2), 1);
    assert_eq!(bot.service.sweep().unwrap().len(), 0, "paired once");
}

#[test]
fn ratings_move_only_in_rated_tournaments() {
    for rated in [false, true] {
        let bot = Bot::new();
        let id = bot.create(TournamentSpec {
            rated,
            ..spec(TournamentFormat::RoundRobin)
        });
        bot.sign_up(id, 3);
        let start = bot.act(&actor(ADMIN), TournamentAction::Start);
        bot.open_threads(&start.notices);
        let game = bot.games_in_play(id, 1)[0];
        bot.resign(game, true);
        let record = bot.store().game(game).unwrap().unwrap();
        assert_eq!(record.rated, rated);
        let white = record.white.user().unwrap();
        let rating = bot
            .store()
            .player(GUILD, white)
            .unwrap()
            .unwrap()
            .rating
            .rating;
        assert_eq!(rating < 1500.0, rated, "{rating}");
    }
}

#[test]
fn a_moderators_abort_counts_as_lost_by_both_and_the_round_goes_on() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::RoundRobin));
    bot.sign_up(id, 3);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert!(
        start
            .notices
            .iter()
            .any(|n| n.reply.text.contains("has the bye (one point)")),
        "{:#?}",
        start.notices
    );
    bot.open_threads(&start.notices);
    let game = bot.games_in_play(id, 1)[0];
    let place = bot.store().game(game).unwrap().unwrap().place();
    let reply = bot
        .service
        .act(&in_thread(MODERATOR, place), Origin::Channel, Action::Abort)
        .unwrap();
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(
        reply
            .notices
            .iter()
            .any(|n| n.reply.text.contains("lost for both")),
        "{:#?}",
        reply.notices
    );
    assert_eq!(round_announcements(&reply.notices, 2), 1);
    let result = bot
        .pairings(id)
        .into_iter()
        .find(|p| p.game == Some(game))
        .and_then(|p| p.result);
    assert_eq!(result, Some(GameResult::DoubleForfeit));
}

#[test]
fn a_round_paired_by_a_move_whose_answer_was_lost_is_posted_once_by_the_sweep() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::Swiss { rounds: 2 }));
    bot.sign_up(id, 4);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    bot.open_threads(&start.notices);
    let games = bot.games_in_play(id, 1);
    assert!(paired_nothing(&bot.resign(games[0], true)));
    // The last game of the round ends; the process dies before posting what it brings.
    let record = bot.store().game(games[1]).unwrap().unwrap();
    let lost = bot
        .service
        .act(
            &in_thread(record.black.user().unwrap(), record.place()),
            Origin::Channel,
            Action::Resign,
        )
        .unwrap();
    assert_eq!(round_announcements(&lost.notices, 2), 1);
    drop(lost);
    bot.clock.advance(dama_service::OUTBOX_CLAIM);
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 2), 1, "{swept:#?}");
    assert_eq!(bot.open_threads(&swept), 2, "its games' lines");
    bot.clock.advance(dama_service::OUTBOX_CLAIM);
    let again = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&again, 2), 0, "once");
}
