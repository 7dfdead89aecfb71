//! Private games stay private: a game of a channel someone cannot see is not shown to them by
//! number or in a history (unless they played it), and the powers over the whole server take
//! the server-wide permission.

use dama_service::{Access, ServerPowers};

use super::*;

/// A staff-only channel.
const STAFF: u64 = 200;
/// A member of the staff, who sees it without playing.
const DAVE: u64 = 14;

/// What the front end says: [`STAFF`] is seen by Dave and nobody else; `moderators` moderate
/// the whole server (others may moderate a channel only).
struct StaffOnly {
    moderators: Vec<u64>,
}

impl Access for StaffOnly {
    fn can_view(&self, actor: &Actor, channel: u64) -> bool {
        channel != STAFF || actor.user == DAVE
    }

    fn server_powers(&self, actor: &Actor) -> ServerPowers {
        ServerPowers {
            moderate: self.moderators.contains(&actor.user),
            manage: false,
        }
    }
}

fn staff_world(moderators: Vec<u64>) -> World {
    let w = world();
    w.service.set_access(Arc::new(StaffOnly { moderators }));
    w
}

fn in_channel(user: u64, channel: u64) -> Actor {
    actor(user).channel(channel)
}

fn act_as(w: &World, actor: &Actor, action: Action) -> Reply {
    w.service.act(actor, Origin::Channel, action).unwrap()
}

/// Alice and Bob play a game in `channel` and Alice resigns after a move each; returns its
/// number.
fn finished_game_in(w: &World, channel: u64) -> i64 {
    w.clock.advance(CHALLENGE_COOLDOWN);
    let challenge = act_as(
        w,
        &in_channel(ALICE, channel),
        Action::Challenge {
            opponent: Some(member(BOB)),
            colour: ColourChoice::White,
            time_per_move: None,
            clock: None,
        },
    );
    assert!(!challenge.ephemeral, "{}", challenge.text);
    let accepted = w
        .service
        .component(
            &in_channel(BOB, channel),
            &id_ending(&challenge, ":accept"),
            &[],
        )
        .unwrap();
    assert!(!accepted.ephemeral, "{}", accepted.text);
    for (user, text) in [(ALICE, "22-18"), (BOB, "11-15")] {
        let reply = act_as(
            w,
            &in_channel(user, channel),
            Action::Move { text: text.into() },
        );
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    let resigned = act_as(w, &in_channel(ALICE, channel), Action::Resign);
    assert!(!resigned.ephemeral, "{}", resigned.text);
    w.service
        .store()
        .recent_games_in_channel(channel, 1)
        .unwrap()
        .remove(0)
        .id
        .0
}

#[test]
fn a_game_of_a_channel_one_cannot_see_is_refused_by_number() {
    let w = staff_world(Vec::new());
    let game = finished_game_in(&w, STAFF);
    let hidden = format!("Game #{game} was played in a channel you cannot see.");
    for action in [
        Action::Pdn { game: Some(game) },
        Action::Replay { game: Some(game) },
        Action::Analysis { game: Some(game) },
    ] {
        let refused = act_as(&w, &actor(CAROL), action.clone());
        assert!(refused.ephemeral, "{action:?}: {}", refused.text);
        assert_eq!(refused.text, hidden, "{action:?}");
        assert!(refused.attachment.is_none() && refused.replay.is_none());
        // Those who played it, and those who see the channel, get it.
        for user in [ALICE, BOB, DAVE] {
            let shown = act_as(&w, &actor(user), action.clone());
            assert!(!shown.ephemeral, "{user} {action:?}: {}", shown.text);
        }
        // In the channel itself, it is there.
        let here = act_as(&w, &in_channel(CAROL, STAFF), action.clone());
        assert!(!here.ephemeral, "{action:?}: {}", here.text);
    }
    // Italian and Spanish say it too.
    for (language, text) in [
        (
            Language::It,
            format!("La partita #{game} è stata giocata in un canale che non puoi vedere."),
        ),
        (
            Language::Es,
            format!("La partida #{game} se jugó en un canal que no puedes ver."),
        ),
    ] {
        let carol = actor(CAROL).language(language);
        let refused = act_as(&w, &carol, Action::Pdn { game: Some(game) });
        assert_eq!(refused.text, text);
    }
    // A game of another server is still "no such game".
    let elsewhere = actor(DAVE).guild(GUILD + 1);
    let refused = act_as(&w, &elsewhere, Action::Pdn { game: Some(game) });
    assert!(
        refused.text.to_string().starts_with("There is no game #"),
        "{}",
        refused.text
    );
}

#[test]
fn a_history_leaves_out_the_games_of_channels_one_cannot_see() {
    let w = staff_world(Vec::new());
    let staff_game = finished_game_in(&w, STAFF);
    let public_game = finished_game_in(&w, CHANNEL);
    let history = |user: u64| {
        act_as(
            &w,
            &actor(user),
            Action::History {
                member: Some(member(ALICE)),
            },
        )
        .text
    };
    let carol = history(CAROL);
    assert!(carol.contains(&format!("`#{public_game}`")), "{carol}");
    assert!(!carol.contains(&format!("`#{staff_game}`")), "{carol}");
    for user in [DAVE, ALICE, BOB] {
        let seen = history(user);
        assert!(seen.contains(&format!("`#{public_game}`")), "{seen}");
        assert!(seen.contains(&format!("`#{staff_game}`")), "{seen}");
    }
}

#[test]
fn listing_every_game_takes_moderating_the_whole_server_and_shows_what_one_can_see() {
    // Carol may manage messages in the channel where she types, not across the server.
    let w = staff_world(vec![ALICE]);
    start_game(&w);
    let channel_moderator = actor(CAROL).can_moderate(true).can_manage_server(true);
    let refused = act_as(&w, &channel_moderator, Action::Games { all: true });
    assert!(refused.ephemeral);
    assert!(
        refused
            .text
            .to_string()
            .starts_with("Only moderators of the whole server"),
        "{}",
        refused.text
    );
    // Alice moderates the server: she sees the game of the channel, not one of the staff's.
    w.clock.advance(CHALLENGE_COOLDOWN);
    let dave = in_channel(DAVE, STAFF);
    let challenge = act_as(
        &w,
        &dave,
        Action::Challenge {
            opponent: Some(member(CAROL)),
            colour: ColourChoice::White,
            time_per_move: None,
            clock: None,
        },
    );
    w.service
        .component(
            &in_channel(CAROL, STAFF),
            &id_ending(&challenge, ":accept"),
            &[],
        )
        .unwrap();
    let all = act_as(&w, &actor(ALICE), Action::Games { all: true });
    assert!(all.text.contains("alice – bob"), "{}", all.text);
    assert!(!all.text.contains("carol"), "{}", all.text);
    // Dave sees both.
    let both = actor(DAVE).can_moderate(true);
    w.service.set_access(Arc::new(StaffOnly {
        moderators: vec![DAVE],
    }));
    let all = act_as(&w, &both, Action::Games { all: true });
    assert!(
        all.text.contains("alice – bob") && all.text.contains("– carol"),
        "{}",
        all.text
    );
}
