//! Every refusal says why.

use super::*;

#[test]
fn every_refusal_says_why() {
    let bot = Bot::new();
    let refused = |reply: Reply, words: &str| {
        assert!(reply.ephemeral, "{}", reply.text);
        assert!(reply.text.contains(words), "{words} in {}", reply.text);
    };
    // Creating: Manage Server, and threads.
    refused(
        bot.act(
            &actor(FIRST),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "manage the server",
    );
    refused(
        bot.act(
            &actor(ADMIN).can_open_threads(false),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "Create Public Threads",
    );
    let off = bot
        .service
        .act(
            &actor(ADMIN),
            Origin::Channel,
            Action::Settings(SettingsChange {
                threads: Some(false),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    assert!(off.ephemeral || !off.text.is_empty());
    refused(
        bot.act(
            &actor(ADMIN),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "turned off",
    );
    bot.service
        .act(
            &actor(ADMIN),
            Origin::Channel,
            Action::Settings(SettingsChange {
                threads: Some(true),
                ..SettingsChange::default()
            }),
        )
        .unwrap();
    refused(
        bot.act(
            &actor(ADMIN),
            TournamentAction::Create(spec(TournamentFormat::Swiss { rounds: 0 })),
        ),
        "1 to 15 rounds",
    );
    refused(
        bot.act(&actor(FIRST), TournamentAction::Start),
        "no tournament",
    );

    let id = bot.create(spec(TournamentFormat::RoundRobin));
    refused(
        bot.act(
            &actor(ADMIN),
            TournamentAction::Create(spec(TournamentFormat::RoundRobin)),
        ),
        "already has a tournament",
    );
    // Joining twice; a button from another channel.
    bot.sign_up(id, 2);
    refused(bot.click(&actor(FIRST), id, "join"), "already joined");
    refused(
        bot.click(&actor(FIRST + 5).channel(OTHER_CHANNEL), id, "join"),
        "another channel",
    );
    // Starting: the organiser or Manage Server, and three players.
    refused(bot.act(&actor(FIRST), TournamentAction::Start), "organiser");
    refused(
        bot.act(&actor(ADMIN), TournamentAction::Start),
        "at least 3",
    );
    refused(bot.act(&actor(FIRST), TournamentAction::Withdraw), "Leave");
    refused(
        bot.act(&actor(FIRST), TournamentAction::Standings),
        "not started",
    );
    bot.sign_up_one(id, FIRST + 2);
    let left = bot.click(&actor(FIRST + 2), id, "leave");
    assert!(!left.ephemeral && !left.text.contains(&name(FIRST + 2)));
    refused(bot.click(&actor(FIRST + 2), id, "leave"), "not playing");
    bot.sign_up_one(id, FIRST + 2);
    let started = bot.act(&actor(ADMIN), TournamentAction::Start);
    assert!(started.ephemeral && !started.notices.is_empty());
    bot.open_threads(&started.notices);
    // After the start: a second start, joining and leaving.
    refused(
        bot.act(&actor(ADMIN), TournamentAction::Start),
        "already started",
    );
    refused(bot.click(&actor(FIRST + 4), id, "join"), "sign-up");
    refused(bot.click(&actor(FIRST), id, "leave"), "withdraw");
    // Moderators' and managers' commands.
    refused(
        bot.act(
            &actor(FIRST),
            TournamentAction::Forfeit {
                member: member(FIRST + 1),
            },
        ),
        "moderators",
    );
    refused(
        bot.act(&actor(MODERATOR), TournamentAction::Cancel),
        "manage the server",
    );
    refused(
        bot.act(&actor(FIRST), TournamentAction::Pairings { round: Some(7) }),
        "no round 7",
    );
    // Three players, three rounds of one game and a bye each.
    for round in 1..=3 {
        let games = bot.games_in_play(id, round);
        assert_eq!(games.len(), 1, "round {round}");
        let notices = bot.resign(games[0], true);
        bot.open_threads(&notices);
    }
    assert_eq!(bot.tournament_status(id), TournamentStatus::Finished);
    refused(
        bot.act(&actor(FIRST), TournamentAction::Withdraw),
        "is over",
    );
    refused(bot.act(&actor(ADMIN), TournamentAction::Cancel), "is over");
    // A finished tournament makes room for the next one.
    bot.create(spec(TournamentFormat::RoundRobin));
}

impl Bot {
    fn sign_up_one(&self, id: TournamentId, user: u64) {
        let reply = self.click(&actor(user), id, "join");
        assert!(!reply.ephemeral, "{}", reply.text);
    }
}

/// The front end's answer: the moderator may manage messages in the channel where they type
/// (their actor says so), not across the server; the admin manages the server.
struct ChannelModeratorOnly;

impl dama_service::Access for ChannelModeratorOnly {
    fn can_view(&self, _actor: &Actor, _channel: u64) -> bool {
        true
    }

    fn server_powers(&self, actor: &Actor) -> dama_service::ServerPowers {
        dama_service::ServerPowers {
            moderate: actor.user == ADMIN,
            manage: actor.user == ADMIN,
        }
    }
}

#[test]
fn forfeiting_a_player_takes_moderating_the_whole_server() {
    let bot = Bot::new();
    bot.service.set_access(Arc::new(ChannelModeratorOnly));
    let id = bot.create(spec(TournamentFormat::RoundRobin));
    bot.sign_up(id, 4);
    let start = bot.act(&actor(ADMIN), TournamentAction::Start);
    bot.open_threads(&start.notices);
    let game = bot.games_in_play(id, 1)[0];
    let player = bot
        .store()
        .game(game)
        .unwrap()
        .unwrap()
        .white
        .user()
        .unwrap();
    let forfeit = TournamentAction::Forfeit {
        member: member(player),
    };
    // Manage Messages in this channel only is not enough.
    let channel_moderator = actor(MODERATOR).can_moderate(true);
    let refused = bot.act(&channel_moderator, forfeit.clone());
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(
        refused.text.contains("moderators of the whole server"),
        "{}",
        refused.text
    );
    assert_eq!(
        bot.store().game(game).unwrap().unwrap().status,
        GameStatus::Active,
        "nothing changed"
    );
    // Nor is it for the other commands of those who manage the server.
    let channel_manager = actor(MODERATOR).can_manage_server(true);
    let cancel = bot.act(&channel_manager, TournamentAction::Cancel);
    assert!(cancel.ephemeral, "{}", cancel.text);
    assert_eq!(bot.tournament_status(id), TournamentStatus::Running);
    // Moderating the whole server is.
    let done = bot.act(&actor(ADMIN), forfeit);
    assert!(!done.ephemeral, "{}", done.text);
    assert_eq!(
        bot.store().game(game).unwrap().unwrap().status,
        GameStatus::Aborted
    );
}
