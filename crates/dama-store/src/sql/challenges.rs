//! The `challenges` table.

use super::db::{OptionalExtension, Transaction, params};

use super::games::insert_game;
use super::players::require_player;
use super::rows::{CHALLENGE_COLUMNS, challenge_from_row, query_all};
use crate::codes::sql_id;
use dama_core::store::{
    Challenge, ChallengeId, ChallengeStatus, ChannelId, Game, MessageRef, Millis, NewChallenge,
    NewGame, Participant, ShardSpan, StoreError,
};

pub(super) fn create_challenge(
    tx: &Transaction<'_>,
    challenge: &NewChallenge,
) -> Result<Challenge, StoreError> {
    if challenge.time_per_move_ms <= 0 {
        return Err(StoreError::Invalid(format!(
            "time per move {} ms: it must be positive",
            challenge.time_per_move_ms
        )));
    }
    if challenge.expires_at < challenge.created_at {
        return Err(StoreError::Invalid(
            "challenge expiry before its creation".into(),
        ));
    }
    if challenge.challenged == Some(challenge.challenger) {
        return Err(StoreError::Invalid("a challenge of oneself".into()));
    }
    require_player(tx, challenge.guild, challenge.challenger)?;
    if let Some(challenged) = challenge.challenged {
        require_player(tx, challenge.guild, challenged)?;
    }
    Ok(tx
        .prepare_cached(&format!(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, \
             colour, time_per_move_ms, rated, created_at, expires_at, clock_base_ms, \
             clock_increment_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) \
             RETURNING {CHALLENGE_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(challenge.guild),
                sql_id(challenge.channel),
                sql_id(challenge.challenger),
                challenge.challenged.map(sql_id),
                challenge.colour,
                challenge.time_per_move_ms,
                challenge.rated,
                challenge.created_at,
                challenge.expires_at,
                challenge.clock.map(|clock| clock.base_ms),
                challenge.clock.map(|clock| clock.increment_ms),
            ],
            challenge_from_row,
        )?)
}

pub(super) fn load_challenge(
    tx: &Transaction<'_>,
    id: ChallengeId,
) -> Result<Option<Challenge>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1"
        ))?
        .query_row(params![id.0], challenge_from_row)
        .optional()?)
}

/// The challenge, checked to be pending.
fn pending_challenge(tx: &Transaction<'_>, id: ChallengeId) -> Result<Challenge, StoreError> {
    let challenge = load_challenge(tx, id)?.ok_or(StoreError::ChallengeNotFound(id))?;
    if challenge.status != ChallengeStatus::Pending {
        return Err(StoreError::ChallengeNotPending {
            challenge: id,
            status: challenge.status,
        });
    }
    Ok(challenge)
}

pub(super) fn pending_challenges_in_channel(
    tx: &Transaction<'_>,
    channel: ChannelId,
    at: Millis,
) -> Result<Vec<Challenge>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE channel_id = ?1 \
             AND status = 'pending' AND expires_at > ?2 ORDER BY created_at, id"
        ),
        params![sql_id(channel), at],
        challenge_from_row,
    )
}

/// Only `resolve_challenge`'s own changes: accepting creates a game.
fn check_resolution(to: ChallengeStatus) -> Result<(), StoreError> {
    if matches!(to, ChallengeStatus::Pending | ChallengeStatus::Accepted) {
        return Err(StoreError::Invalid(format!(
            "challenge change to {to} (accept_challenge accepts)"
        )));
    }
    Ok(())
}

pub(super) fn resolve_challenge(
    tx: &Transaction<'_>,
    id: ChallengeId,
    to: ChallengeStatus,
    at: Millis,
) -> Result<Challenge, StoreError> {
    check_resolution(to)?;
    pending_challenge(tx, id)?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE challenges SET status = ?2, resolved_at = ?3 \
             WHERE id = ?1 AND status = 'pending' RETURNING {CHALLENGE_COLUMNS}"
        ))?
        .query_row(params![id.0, to, at], challenge_from_row)?)
}

pub(super) fn accept_challenge(
    tx: &Transaction<'_>,
    id: ChallengeId,
    game: &NewGame,
) -> Result<(Challenge, Game), StoreError> {
    let challenge = pending_challenge(tx, id)?;
    if challenge.expires_at <= game.created_at {
        return Err(StoreError::ChallengeExpired(id));
    }
    // The one who accepts an open challenge: the game's person who is not the challenger.
    let accepted_by = match challenge.challenged {
        Some(challenged) => challenged,
        None => [game.white, game.black]
            .into_iter()
            .filter_map(Participant::user)
            .find(|user| *user != challenge.challenger)
            .ok_or_else(|| {
                StoreError::Invalid("an open challenge accepted by its challenger".into())
            })?,
    };
    let game = insert_game(tx, game)?;
    let challenge = tx
        .prepare_cached(&format!(
            "UPDATE challenges SET status = 'accepted', resolved_at = ?2, game_id = ?3, \
             challenged_id = ?4 WHERE id = ?1 RETURNING {CHALLENGE_COLUMNS}"
        ))?
        .query_row(
            params![id.0, game.created_at, game.id.0, sql_id(accepted_by)],
            challenge_from_row,
        )?;
    Ok((challenge, game))
}

pub(super) fn set_challenge_message(
    tx: &Transaction<'_>,
    id: ChallengeId,
    message: MessageRef,
) -> Result<(), StoreError> {
    if !super::rows::set_message_of(tx, "challenges", id.0, message)? {
        return Err(StoreError::ChallengeNotFound(id));
    }
    Ok(())
}

pub(super) fn expire_challenges(
    tx: &Transaction<'_>,
    at: Millis,
    shards: Option<ShardSpan>,
) -> Result<Vec<Challenge>, StoreError> {
    let (total, first, last) = shards.map_or((None, 0, 0), |s| {
        (
            Some(i64::from(s.total)),
            i64::from(s.first),
            i64::from(s.last),
        )
    });
    let mut expired = query_all(
        tx,
        &format!(
            "UPDATE challenges SET status = 'expired', resolved_at = ?1 \
             WHERE status = 'pending' AND expires_at <= ?1 \
             AND (CAST(?2 AS BIGINT) IS NULL \
             OR (guild_id >> 22) % CAST(?2 AS BIGINT) BETWEEN ?3 AND ?4) \
             RETURNING {CHALLENGE_COLUMNS}"
        ),
        params![at, total, first, last],
        challenge_from_row,
    )?;
    expired.sort_by_key(|c| (c.created_at, c.id));
    Ok(expired)
}
