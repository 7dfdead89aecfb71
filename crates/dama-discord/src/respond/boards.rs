//! Which message shows which board: the service hears of every public message with a game's
//! board, a challenge or a tournament's sign-up, and the board a newer one replaced loses its
//! controls.

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::{Data, Error, reopening};
use dama_core::store::MessageRef;
use dama_service::{Reply, ServiceError};
/// A reply whose message the service wants to know: a game's board, a challenge, a
/// tournament's sign-up.
pub(super) fn shows_something(reply: &Reply) -> bool {
    !reply.ephemeral
        && (reply.game.is_some() || reply.challenge.is_some() || reply.tournament.is_some())
}

/// Tells the service which message shows a reply's game or challenge, and takes the controls
/// off the board message it replaces (a channel keeps one live board per game, not a trail of
/// menus that all answer "out of date"). A failure is logged: the message is out, only later
/// links to it (or the old board's tidying) will be missing.
pub async fn remember(
    http: &serenity::Http,
    data: &Data,
    reply: &Reply,
    posted: &serenity::Message,
) {
    if !shows_something(reply) {
        return;
    }
    let at = MessageRef {
        channel: posted.channel_id.get(),
        message: posted.id.get(),
    };
    remember_at(http, data, reply, at).await;
}

pub(super) async fn remember_at(http: &serenity::Http, data: &Data, reply: &Reply, at: MessageRef) {
    if !shows_something(reply) {
        return;
    }
    let service = data.service.clone();
    let (game, challenge, tournament) = (reply.game, reply.challenge, reply.tournament);
    let job = data.work.spawn(move || {
        let mut replaced = None;
        if let Some(game) = game {
            replaced = service.set_board_message(game, at)?;
        }
        if let Some(challenge) = challenge {
            service.set_challenge_message(challenge, at)?;
        }
        if let Some(tournament) = tournament {
            service.set_tournament_message(tournament, at)?;
        }
        Ok::<Option<MessageRef>, ServiceError>(replaced)
    });
    match job.await {
        Ok(Ok(Some(old))) => retire_board(http, old).await,
        Ok(Ok(None)) => {}
        Ok(Err(error)) => {
            warn!(%error, message = at.message, "could not remember the message of a reply");
        }
        Err(error) => warn!(%error, "the job remembering a message failed"),
    }
}

/// Removes the buttons and the move menu of a board that a newer one replaced; its picture
/// and text stay as a record of the game.
async fn retire_board(http: &serenity::Http, old: MessageRef) {
    let channel = serenity::ChannelId::new(old.channel);
    let message = serenity::MessageId::new(old.message);
    let edit = || {
        channel.edit_message(
            http,
            message,
            serenity::EditMessage::new().components(Vec::new()),
        )
    };
    if let Err(error) = reopening(http, channel, edit).await {
        // Deleted by someone, or a channel the bot lost access to: nothing to tidy.
        info!(error = %Error::from(error), message = old.message, "could not take the controls off an old board");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn only_public_game_and_challenge_messages_are_remembered() {
        let mut reply = Reply::public("x");
        assert!(!shows_something(&reply));
        reply.game = Some(dama_core::store::GameId(1));
        assert!(shows_something(&reply));
        reply.ephemeral = true;
        assert!(!shows_something(&reply));
    }
}
