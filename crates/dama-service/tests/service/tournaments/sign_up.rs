//! A sign-up deadline, and joining and leaving by command.

use super::*;

#[test]
fn a_sign_up_deadline_starts_the_tournament_or_cancels_it() {
    let bot = Bot::new();
    let hour = Duration::from_secs(3600);
    let id = bot.create(TournamentSpec {
        signup: Some(hour),
        ..spec(TournamentFormat::RoundRobin)
    });
    bot.sign_up(id, 3);
    assert!(bot.service.sweep().unwrap().is_empty(), "not yet");
    bot.clock.advance(hour);
    let swept = bot.service.sweep().unwrap();
    assert_eq!(round_announcements(&swept, 1), 1);
    assert_eq!(bot.open_threads(&swept), 1);
    assert_eq!(bot.tournament_status(id), TournamentStatus::Running);
    // Cancelled: its game stops without a result and its thread is archived.
    let game = bot.games_in_play(id, 1)[0];
    let cancel = bot.act(&actor(ADMIN), TournamentAction::Cancel);
    assert!(!cancel.ephemeral, "{}", cancel.text);
    assert!(cancel.notices.iter().any(|n| n.reply.archive.is_some()));
    assert_eq!(
        bot.store().game(game).unwrap().unwrap().status,
        GameStatus::Aborted
    );
    assert_eq!(bot.tournament_status(id), TournamentStatus::Cancelled);

    let second = bot.create(TournamentSpec {
        signup: Some(hour),
        ..spec(TournamentFormat::RoundRobin)
    });
    bot.sign_up(second, 2);
    bot.clock.advance(hour);
    let swept = bot.service.sweep().unwrap();
    assert!(
        swept.iter().any(|n| n.reply.text.contains("too few")),
        "{swept:#?}"
    );
    assert!(
        swept.iter().any(|n| n.edit.is_some()),
        "the sign-up message"
    );
    assert_eq!(bot.tournament_status(second), TournamentStatus::Cancelled);
}

#[test]
fn joining_and_leaving_by_command_edit_the_sign_up_message() {
    let bot = Bot::new();
    let id = bot.create(spec(TournamentFormat::RoundRobin));
    let joined = bot.act(&actor(FIRST), TournamentAction::Join);
    assert!(joined.ephemeral, "{}", joined.text);
    let edit = joined.notices.first().expect("the sign-up message");
    assert_eq!(
        edit.edit,
        Some(MessageRef {
            channel: CHANNEL,
            message: 9000
        })
    );
    assert_eq!(edit.reply.tournament, Some(id));
    assert!(edit.reply.text.contains("player11"), "{}", edit.reply.text);
    assert_eq!(edit.reply.components.len(), 1, "Join and Leave");
    let left = bot.act(&actor(FIRST), TournamentAction::Leave);
    assert!(left.ephemeral, "{}", left.text);
    assert!(!left.notices[0].reply.text.contains("player11"));
    assert!(bot.store().entrants(id).unwrap().is_empty());
}
