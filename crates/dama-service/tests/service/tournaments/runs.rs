//! Tournaments run from sign-up to the final standings: a Swiss, a round robin of matches.

use super::*;

#[test]
fn a_six_player_swiss_runs_from_sign_up_to_the_final_standings() {
    let bot = Bot::new();
    let id = bot.create(TournamentSpec {
        drawn_openings: true,
        ..spec(TournamentFormat::Swiss { rounds: 3 })
    });
    bot.sign_up(id, 6);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert!(start.ephemeral, "{}", start.text);
    // The announcement, the sign-up message closed, and one line per game that opens its thread.
    assert_eq!(round_announcements(&start.notices, 1), 1);
    let closed = start
        .notices
        .iter()
        .find(|n| n.edit.is_some())
        .expect("the sign-up message is edited");
    assert!(closed.reply.components.is_empty(), "no more buttons");
    assert_eq!(bot.open_threads(&start.notices), 3);
    assert_eq!(bot.tournament_status(id), TournamentStatus::Running);

    // Round 1: every game starts from the opening drawn for the round.
    let first_round = bot.store().tournament_rounds(id).unwrap().remove(0);
    let opening = first_round.opening.clone().expect("an opening is drawn");
    assert!(
        dama_core::tournament::openings::three_move_openings()
            .iter()
            .any(|o| o.texts.join(" ") == opening),
        "{opening}"
    );
    let games = bot.games_in_play(id, 1);
    assert_eq!(games.len(), 3);
    for &game in &games {
        let record = bot.store().game(game).unwrap().unwrap();
        assert_eq!(record.start_fen, first_round.start_fen);
        assert!(record.rated && record.in_thread);
    }
    assert!(
        paired_nothing(&bot.resign(games[0], false)),
        "the round goes on"
    );
    assert!(paired_nothing(&bot.draw(games[1])));
    // The third game's player to move lets twice their time pass: the sweep forfeits it and
    // the round's end pairs round 2.
    bot.clock.advance(2 * DAY + Duration::from_secs(60));
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 2), 1, "{swept:#?}");
    assert_eq!(bot.open_threads(&swept), 3);
    let timed_out = bot.store().game(games[2]).unwrap().unwrap();
    assert_eq!(timed_out.status, GameStatus::Finished);

    // Round 2: one player is forfeited by a moderator, another withdraws and resigns.
    let round2 = bot.games_in_play(id, 2);
    assert_eq!(round2.len(), 3);
    let forfeited_game = bot.store().game(round2[0]).unwrap().unwrap();
    let forfeited = forfeited_game.white.user().unwrap();
    let reply = bot.act(
        &actor(MODERATOR),
        TournamentAction::Forfeit {
            member: member(forfeited),
        },
    );
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(reply.mentions.contains(&forfeited));
    let archived = reply
        .notices
        .iter()
        .find(|n| n.reply.archive.is_some())
        .expect("the forfeited game's thread is archived");
    assert_eq!(archived.channel, forfeited_game.place());
    assert_eq!(
        bot.store().game(round2[0]).unwrap().unwrap().status,
        GameStatus::Aborted
    );
    let withdrawing_game = bot.store().game(round2[1]).unwrap().unwrap();
    let withdrawing = withdrawing_game.black.user().unwrap();
    let reply = bot.act(&actor(withdrawing), TournamentAction::Withdraw);
    assert!(!reply.ephemeral, "{}", reply.text);
    // Withdrawing leaves the game in play; its player may still resign it.
    assert_eq!(bot.games_in_play(id, 2).len(), 2);
    assert!(paired_nothing(&bot.resign(round2[1], false)));
    let notices = bot.resign(round2[2], true);
    assert_eq!(round_announcements(&notices, 3), 1);
    assert_eq!(bot.open_threads(&notices), 2, "four players left, no bye");
    let round3 = bot.games_in_play(id, 3);
    for &game in &round3 {
        let record = bot.store().game(game).unwrap().unwrap();
        for side in [record.white, record.black] {
            let user = side.user().unwrap();
            assert!(
                user != forfeited && user != withdrawing,
                "{user} was withdrawn"
            );
        }
    }

    // Standings on demand in the middle of the round.
    let standings = bot.act(&actor(FIRST), TournamentAction::Standings);
    let table = standings.table.expect("a table image");
    assert_eq!(table.rows.len(), 6);
    assert_eq!(table.header.len(), 6);
    assert!(standings.text.contains("(withdrawn)"), "{}", standings.text);
    let pairings = bot.act(&actor(FIRST), TournamentAction::Pairings { round: Some(1) });
    assert!(pairings.text.contains("round 1 of 3"), "{}", pairings.text);
    assert!(pairings.text.contains("½-½"), "{}", pairings.text);

    // Round 3 ends: the final standings, and the tournament is over.
    assert!(paired_nothing(&bot.resign(round3[0], false)));
    let last = bot.resign(round3[1], false);
    let final_notice = last
        .iter()
        .find(|n| n.reply.table.is_some())
        .expect("the final standings");
    assert!(final_notice.reply.text.contains("Final standings"));
    let table = final_notice.reply.table.as_ref().unwrap();
    assert_eq!(table.rows.len(), 6);
    assert_eq!(table.rows[0][0], "1");
    assert_eq!(bot.tournament_status(id), TournamentStatus::Finished);
    let all = bot.pairings(id);
    assert_no_repeats(&all);
    assert!(all.iter().all(|p| p.black.is_none() || p.result.is_some()));
    let forfeit = all
        .iter()
        .find(|p| p.game == Some(round2[0]))
        .and_then(|p| p.result);
    assert_eq!(forfeit, Some(GameResult::WhiteForfeits));
    assert_eq!(bot.store().tournament_rounds(id).unwrap().len(), 3);
    // The sweep pairs nothing more.
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 4), 0);

    // The whole tournament as one PDN file: one game per board played, with its round.
    let pdn = bot.act(&actor(FIRST), TournamentAction::Pdn);
    let text = String::from_utf8(pdn.attachment.expect("a file").bytes).unwrap();
    assert_eq!(text.matches("[Event \"Spring cup\"]").count(), 8, "{text}");
    assert_eq!(text.matches("[Round \"3\"]").count(), 2, "{text}");
}

#[test]
fn a_four_player_round_robin_of_two_game_matches_runs_to_the_end() {
    let bot = Bot::new();
    let id = bot.create(TournamentSpec {
        games_per_pairing: 2,
        drawn_openings: true,
        rated: false,
        ..spec(TournamentFormat::RoundRobin)
    });
    bot.sign_up(id, 4);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    let mut notices = start.notices;
    for round in 1..=3 {
        assert_eq!(round_announcements(&notices, round), 1, "round {round}");
        // Two boards, each played twice with the colours swapped, on the same opening.
        assert_eq!(bot.open_threads(&notices), 4);
        let games = bot.games_in_play(id, round);
        assert_eq!(games.len(), 4);
        let records: Vec<_> = games
            .iter()
            .map(|&g| bot.store().game(g).unwrap().unwrap())
            .collect();
        assert_eq!(records[0].white, records[2].black);
        assert_eq!(records[0].black, records[2].white);
        assert!(records.iter().all(|r| r.start_fen == records[0].start_fen));
        notices = Vec::new();
        for (i, &game) in games.iter().enumerate() {
            notices.extend(bot.resign(game, i % 2 == 1));
        }
    }
    assert_eq!(bot.tournament_status(id), TournamentStatus::Finished);
    let final_notice = notices
        .iter()
        .find(|n| n.reply.table.is_some())
        .expect("the final standings");
    assert!(final_notice.reply.text.contains("wins **Spring cup**"));
    let all = bot.pairings(id);
    assert_eq!(all.len(), 12);
    assert_no_repeats(&all);
    // Everyone met everyone.
    let met: HashSet<(u64, u64)> = all
        .iter()
        .map(|p| {
            let black = p.black.unwrap();
            (p.white.min(black), p.white.max(black))
        })
        .collect();
    assert_eq!(met.len(), 6);
}
