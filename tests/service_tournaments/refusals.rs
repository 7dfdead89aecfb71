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
            &Actor {
                can_open_threads: false,
                ..actor(ADMIN)
            },
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
        bot.click(
            &Actor {
                channel: OTHER_CHANNEL,
                ..actor(FIRST + 5)
            },
            id,
            "join",
        ),
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
