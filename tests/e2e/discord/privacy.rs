//! Private channels and server-wide powers, as Discord computes permissions: a game of a
//! staff-only channel is not shown elsewhere to those who cannot see that channel, and Manage
//! Messages given by one channel's overwrite does not moderate the whole server.

use crate::discord::common::{answer, custom_id, setup, text};
use crate::support::discord_standin::{Overwrite, Slash, message_id, perm};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_staff_channel_stays_private_and_server_powers_take_a_role() {
    let (discord, _dir, _bot) = setup().await;
    let (dave, erin, carol) = (
        discord.user("dave"),
        discord.user("erin"),
        discord.user("carol"),
    );
    // #staff: hidden from @everyone, seen by the staff role and the bot.
    let staff_role = discord.role("staff", 0);
    discord.give_role(&dave, staff_role);
    discord.give_role(&erin, staff_role);
    let staff = discord.text_channel("staff", 0);
    discord.set_overwrites(
        staff,
        vec![
            Overwrite {
                id: discord.guild_id(),
                kind: 0,
                allow: 0,
                deny: perm::VIEW_CHANNEL,
            },
            Overwrite {
                id: staff_role,
                kind: 0,
                allow: perm::VIEW_CHANNEL,
                deny: 0,
            },
            Overwrite {
                id: discord.bot().id,
                kind: 1,
                allow: perm::VIEW_CHANNEL,
                deny: 0,
            },
        ],
    );

    // Dave and Erin play there; Dave resigns.
    let challenge = discord
        .slash_in(
            staff,
            &dave,
            Slash::new("challenge")
                .user("member", &erin)
                .integer("colour", 0),
        )
        .await;
    let message = answer(&discord, &challenge).await.message;
    let accept = discord
        .click(&erin, message_id(&message), &custom_id(&message, "accept"))
        .await;
    let board = answer(&discord, &accept).await;
    assert!(!board.ephemeral(), "{:#}", board.body());
    let resign = discord.slash_in(staff, &dave, Slash::new("resign")).await;
    assert!(!answer(&discord, &resign).await.ephemeral());

    // In the public channel, Carol may not see it by number, nor in Dave's history.
    let pdn = discord
        .slash(&carol, Slash::new("pdn").integer("game", 1))
        .await;
    let refused = answer(&discord, &pdn).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert_eq!(
        refused.content(),
        "Game #1 was played in a channel you cannot see."
    );
    let replay = discord
        .slash(&carol, Slash::new("replay").integer("game", 1))
        .await;
    assert!(answer(&discord, &replay).await.ephemeral());
    let history = discord
        .slash(&carol, Slash::new("history").user("member", &dave))
        .await;
    let listed = text(&answer(&discord, &history).await.message);
    assert!(!listed.contains("`#1`"), "{listed}");
    // Dave, who sees #staff, gets it anywhere.
    let pdn = discord
        .slash(&dave, Slash::new("pdn").integer("game", 1))
        .await;
    let shown = answer(&discord, &pdn).await;
    assert!(!shown.ephemeral(), "{:#}", shown.body());
    let history = discord
        .slash(&dave, Slash::new("history").user("member", &dave))
        .await;
    let listed = text(&answer(&discord, &history).await.message);
    assert!(listed.contains("`#1`"), "{listed}");

    // Manage Messages from this channel's overwrite only: not a moderator of the server.
    let general = discord.channel_id();
    discord.set_overwrites(
        general,
        vec![Overwrite {
            id: carol.id,
            kind: 1,
            allow: perm::MANAGE_MESSAGES,
            deny: 0,
        }],
    );
    let games = discord
        .slash(&carol, Slash::new("games").boolean("all", true))
        .await;
    let refused = answer(&discord, &games).await;
    assert!(refused.ephemeral(), "{:#}", refused.body());
    assert!(
        refused
            .content()
            .starts_with("Only moderators of the whole server"),
        "{}",
        refused.content()
    );
    // From a role, it is.
    let moderators = discord.role("moderators", perm::MANAGE_MESSAGES);
    discord.give_role(&carol, moderators);
    let games = discord
        .slash(&carol, Slash::new("games").boolean("all", true))
        .await;
    let listed = answer(&discord, &games).await;
    assert!(listed.ephemeral(), "{:#}", listed.body());
    assert!(
        !listed.content().starts_with("Only moderators"),
        "{}",
        listed.content()
    );
    discord.assert_no_errors();
}
