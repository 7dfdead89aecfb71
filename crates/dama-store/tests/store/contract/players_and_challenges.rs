//! Players and challenges.

use super::{ALICE, BOB, CAROL, CHANNEL, GUILD, HOUR, new_game, players};
use dama_core::store::{
    ChallengeStatus, ColourChoice, INITIAL_RATING, MessageRef, NewChallenge, Participant,
    ShardSpan, Store, StoreError,
};

pub fn player_round_trip_and_name_update(store: &dyn Store) {
    let alice = store.ensure_player(GUILD, ALICE, "Alice", 5).unwrap();
    assert_eq!(alice.display_name, "Alice");
    assert_eq!(alice.rating, INITIAL_RATING);
    assert_eq!((alice.wins, alice.losses, alice.draws), (0, 0, 0));
    assert_eq!(alice.created_at, 5);
    let renamed = store.ensure_player(GUILD, ALICE, "Alice B.", 99).unwrap();
    assert_eq!(renamed.display_name, "Alice B.");
    assert_eq!(renamed.created_at, 5, "first seen stays");
    assert_eq!(store.player(GUILD, ALICE).unwrap(), Some(renamed));
    let carol = store.ensure_player(GUILD, CAROL, "Carol", 7).unwrap();
    assert_eq!(carol.user, CAROL, "ids above 2^63 survive");
    assert_eq!(store.player(GUILD, CAROL).unwrap(), Some(carol));
    assert_eq!(store.player(GUILD + 1, ALICE).unwrap(), None, "per guild");
}

pub fn challenge_round_trip_and_single_answer(store: &dyn Store) {
    players(store);
    let new = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: Some(CAROL),
        colour: ColourChoice::Random,
        time_per_move_ms: 5 * 60_000,
        clock: None,
        rated: true,
        created_at: 1_000,
        expires_at: 601_000,
    };
    let challenge = store.create_challenge(&new).unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Pending);
    assert_eq!(
        (challenge.challenger, challenge.challenged),
        (ALICE, Some(CAROL))
    );
    assert_eq!(challenge.colour, ColourChoice::Random);
    assert_eq!(challenge.time_per_move_ms, 300_000);
    assert_eq!(
        (challenge.created_at, challenge.expires_at),
        (1_000, 601_000)
    );
    assert!(challenge.rated);
    assert_eq!(challenge.resolved_at, None);
    let message = MessageRef {
        channel: CHANNEL,
        message: u64::MAX,
    };
    store.set_challenge_message(challenge.id, message).unwrap();
    let read = store.challenge(challenge.id).unwrap().unwrap();
    assert_eq!(read.message, Some(message));
    assert_eq!(
        store.pending_challenges_in_channel(CHANNEL, 2_000).unwrap(),
        vec![read.clone()]
    );

    let declined = store
        .resolve_challenge(challenge.id, ChallengeStatus::Declined, 3_000)
        .unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert_eq!(declined.resolved_at, Some(3_000));
    // A second answer (a cancel racing the decline) loses.
    let error = store
        .resolve_challenge(challenge.id, ChallengeStatus::Cancelled, 3_001)
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::ChallengeNotPending {
                status: ChallengeStatus::Declined,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        store
            .pending_challenges_in_channel(CHANNEL, 3_000)
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        store.resolve_challenge(challenge.id, ChallengeStatus::Accepted, 1),
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store.create_challenge(&NewChallenge {
            challenged: Some(77),
            ..new.clone()
        }),
        Err(StoreError::PlayerNotFound { user: 77, .. })
    ));
    assert_eq!(
        store.challenge(dama_core::store::ChallengeId(999)).unwrap(),
        None
    );
}

pub fn accepting_creates_the_game_atomically(store: &dyn Store) {
    players(store);
    let new = NewChallenge {
        guild: GUILD,
        channel: CHANNEL,
        challenger: ALICE,
        challenged: Some(BOB),
        colour: ColourChoice::Black,
        time_per_move_ms: HOUR,
        clock: None,
        rated: true,
        created_at: 1_000,
        expires_at: 10_000,
    };
    let first = store.create_challenge(&new).unwrap();
    let second = store.create_challenge(&new).unwrap();
    let game = new_game(
        Participant::User(BOB),
        Participant::User(ALICE),
        CHANNEL,
        2_000,
    );
    let (accepted, created) = store.accept_challenge(first.id, &game).unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.game, Some(created.id));
    assert_eq!(accepted.resolved_at, Some(2_000));
    assert_eq!(created.black, Participant::User(ALICE));
    // The channel is busy now: accepting the other challenge fails and leaves it pending.
    let error = store.accept_challenge(second.id, &game).unwrap_err();
    assert!(
        matches!(error, StoreError::ChannelBusy { game, .. } if game == created.id),
        "{error:?}"
    );
    assert_eq!(
        store.challenge(second.id).unwrap().unwrap().status,
        ChallengeStatus::Pending
    );
    // Accepting twice loses.
    assert!(matches!(
        store.accept_challenge(first.id, &game),
        Err(StoreError::ChallengeNotPending { .. })
    ));
    // Too late.
    let late = new_game(
        Participant::User(BOB),
        Participant::User(ALICE),
        CHANNEL + 1,
        10_000,
    );
    assert!(matches!(
        store.accept_challenge(second.id, &late),
        Err(StoreError::ChallengeExpired(id)) if id == second.id
    ));
}

/// A process running some of the bot's shards expires the challenges of its servers only.
pub fn expired_challenges_of_some_shards_only(store: &dyn Store) {
    // Servers of shards 0, 1 and 2 of 3, by Discord's rule.
    let base = (GUILD >> 22) << 22;
    let guild_of_shard = |shard: u64| {
        (0..3u64)
            .map(|k| base + (k << 22))
            .find(|g| (g >> 22) % 3 == shard)
            .unwrap()
    };
    let mut made = Vec::new();
    for shard in 0..3 {
        let guild = guild_of_shard(shard);
        for user in [ALICE, BOB] {
            store.ensure_player(guild, user, "player", 0).unwrap();
        }
        let challenge = store
            .create_challenge(&NewChallenge {
                guild,
                channel: CHANNEL + shard,
                challenger: ALICE,
                challenged: Some(BOB),
                colour: ColourChoice::White,
                time_per_move_ms: HOUR,
                clock: None,
                rated: true,
                created_at: 0,
                expires_at: 100,
            })
            .unwrap();
        made.push(challenge.id);
    }
    let span = ShardSpan {
        total: 3,
        first: 1,
        last: 2,
    };
    assert!(!span.owns(guild_of_shard(0)) && span.owns(guild_of_shard(2)));
    let expired = store.expire_challenges(200, Some(span)).unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [made[1], made[2]]
    );
    assert_eq!(
        store.challenge(made[0]).unwrap().unwrap().status,
        ChallengeStatus::Pending,
        "shard 0's challenge is another process's"
    );
    let rest = store.expire_challenges(200, None).unwrap();
    assert_eq!(rest.iter().map(|c| c.id).collect::<Vec<_>>(), [made[0]]);
}

pub fn expired_challenges_are_listed_and_marked(store: &dyn Store) {
    players(store);
    let make = |created: i64, expires: i64, channel: u64| {
        store
            .create_challenge(&NewChallenge {
                guild: GUILD,
                channel,
                challenger: ALICE,
                challenged: Some(BOB),
                colour: ColourChoice::White,
                time_per_move_ms: HOUR,
                clock: None,
                rated: true,
                created_at: created,
                expires_at: expires,
            })
            .unwrap()
    };
    let early = make(0, 100, CHANNEL);
    let late = make(50, 1_000, CHANNEL);
    let other = make(10, 200, CHANNEL + 1);
    let answered = make(0, 100, CHANNEL + 2);
    store
        .resolve_challenge(answered.id, ChallengeStatus::Cancelled, 20)
        .unwrap();

    assert_eq!(
        store
            .pending_challenges_in_channel(CHANNEL, 99)
            .unwrap()
            .len(),
        2
    );
    let visible = store.pending_challenges_in_channel(CHANNEL, 100).unwrap();
    assert_eq!(visible.iter().map(|c| c.id).collect::<Vec<_>>(), [late.id]);

    let expired = store.expire_challenges(200, None).unwrap();
    assert_eq!(
        expired.iter().map(|c| c.id).collect::<Vec<_>>(),
        [early.id, other.id]
    );
    assert!(
        expired
            .iter()
            .all(|c| c.status == ChallengeStatus::Expired && c.resolved_at == Some(200))
    );
    assert!(store.expire_challenges(200, None).unwrap().is_empty());
    assert_eq!(
        store.challenge(late.id).unwrap().unwrap().status,
        ChallengeStatus::Pending
    );
    assert_eq!(
        store.challenge(answered.id).unwrap().unwrap().status,
        ChallengeStatus::Cancelled
    );
    assert!(matches!(
        store.resolve_challenge(early.id, ChallengeStatus::Declined, 300),
        Err(StoreError::ChallengeNotPending {
            status: ChallengeStatus::Expired,
            ..
        })
    ));
}
