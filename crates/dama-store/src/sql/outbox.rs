//! The outbox: notices stored in the transaction of the change that brings them, claimed by
//! one process at a time, tried again after a failed post, marked once posted.

use super::db::{DbError, DbResult, Row, Transaction, params};
use super::rows::query_all;
use crate::codes::{discord_id, sql_id};
use dama_core::store::{
    ByColor, ChallengeId, GameId, GuildId, Millis, Rating, RatingChange, ShardSpan, StoreError,
    TournamentId,
};
use dama_core::store::{NoticeId, OutboxEvent, OutboxNotice};

const OUTBOX_COLUMNS: &str =
    "id, guild_id, kind, subject, ply, detail, created_at, due_at, attempts, parts_done";

/// Stores a notice of `guild`, due at `at`, in the caller's transaction.
pub(super) fn enqueue(
    tx: &Transaction<'_>,
    guild: GuildId,
    event: &OutboxEvent,
    at: Millis,
) -> Result<NoticeId, StoreError> {
    let (kind, subject, ply, detail) = columns_of(event);
    Ok(NoticeId(
        tx.prepare_cached(
            "INSERT INTO outbox (guild_id, kind, subject, ply, detail, created_at, due_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING id",
        )?
        .query_row(
            params![sql_id(guild), kind, subject, ply, detail, at],
            |row| row.get(0),
        )?,
    ))
}

/// Stores the notice of a reminder in the caller's transaction: of the game's guild, dated by
/// the game's last move (the time the reminder counts from), so it is due at once.
pub(super) fn enqueue_reminder(
    tx: &Transaction<'_>,
    game: GameId,
    ply: u32,
    stage: u8,
) -> Result<(), StoreError> {
    let (kind, subject, ply, detail) = columns_of(&OutboxEvent::Reminder { game, ply, stage });
    tx.prepare_cached(
        "INSERT INTO outbox (guild_id, kind, subject, ply, detail, created_at, due_at) \
         SELECT guild_id, CAST(?2 AS TEXT), CAST(?1 AS BIGINT), CAST(?3 AS BIGINT), \
         CAST(?4 AS TEXT), last_move_at, last_move_at FROM games WHERE id = ?1",
    )?
    .execute(params![subject, kind, ply, detail])?;
    Ok(())
}

/// The notices not yet posted that are due at `at` and claimed by nobody (or by a process
/// whose claim ran out), of the servers of `shards` (all when `None`), oldest first.
pub(super) fn due_notices(
    tx: &Transaction<'_>,
    at: Millis,
    shards: Option<ShardSpan>,
    limit: u32,
) -> Result<Vec<OutboxNotice>, StoreError> {
    let (total, first, last) = shards.map_or((None, 0, 0), |s| {
        (
            Some(i64::from(s.total)),
            i64::from(s.first),
            i64::from(s.last),
        )
    });
    query_all(
        tx,
        &format!(
            "SELECT {OUTBOX_COLUMNS} FROM outbox \
             WHERE posted_at IS NULL AND due_at <= ?1 \
             AND (claimed_until IS NULL OR claimed_until <= ?1) \
             AND (CAST(?2 AS BIGINT) IS NULL \
             OR (guild_id >> 22) % CAST(?2 AS BIGINT) BETWEEN ?3 AND ?4) \
             ORDER BY id LIMIT ?5"
        ),
        params![at, total, first, last, limit],
        notice_from_row,
    )
}

/// Claims a notice for `claimant` until `until`: a compare-and-set that succeeds only for a
/// notice not posted, due at `at` and claimed by nobody (or by a claim that ran out), so of
/// two processes one wins. The notice as claimed, or `None`.
pub(super) fn claim_notice(
    tx: &Transaction<'_>,
    id: NoticeId,
    claimant: i64,
    at: Millis,
    until: Millis,
) -> Result<Option<OutboxNotice>, StoreError> {
    let claimed = query_all(
        tx,
        &format!(
            "UPDATE outbox SET claimant = ?2, claimed_until = ?4 \
             WHERE id = ?1 AND posted_at IS NULL AND due_at <= ?3 \
             AND (claimed_until IS NULL OR claimed_until <= ?3) \
             RETURNING {OUTBOX_COLUMNS}"
        ),
        params![id.0, claimant, at, until],
        notice_from_row,
    )?;
    Ok(claimed.into_iter().next())
}

/// Claims the oldest notice not posted of `event` (its kind, subject and ply) for `claimant`
/// until `until`, as [`claim_notice`] does. The notice as claimed, or `None`.
pub(super) fn claim_event(
    tx: &Transaction<'_>,
    event: &OutboxEvent,
    claimant: i64,
    at: Millis,
    until: Millis,
) -> Result<Option<OutboxNotice>, StoreError> {
    let (kind, subject, ply, _) = columns_of(event);
    let claimed = query_all(
        tx,
        &format!(
            "UPDATE outbox SET claimant = ?4, claimed_until = ?6 \
             WHERE id = (SELECT id FROM outbox WHERE kind = ?1 AND subject = ?2 AND ply = ?3 \
             AND posted_at IS NULL ORDER BY id LIMIT 1) \
             AND posted_at IS NULL AND due_at <= ?5 \
             AND (claimed_until IS NULL OR claimed_until <= ?5) \
             RETURNING {OUTBOX_COLUMNS}"
        ),
        params![kind, subject, ply, claimant, at, until],
        notice_from_row,
    )?;
    Ok(claimed.into_iter().next())
}

/// Marks a notice claimed by `claimant` posted at `at`; `false` when the claim is not theirs
/// (any more) or the notice was posted.
pub(super) fn notice_posted(
    tx: &Transaction<'_>,
    id: NoticeId,
    claimant: i64,
    at: Millis,
) -> Result<bool, StoreError> {
    let changed = tx
        .prepare_cached(
            "UPDATE outbox SET posted_at = ?3, claimant = NULL, claimed_until = NULL \
             WHERE id = ?1 AND claimant = ?2 AND posted_at IS NULL",
        )?
        .execute(params![id.0, claimant, at])?;
    Ok(changed == 1)
}

/// Gives back a notice claimed by `claimant` after a failed post: `parts_done` of its messages
/// are out, the rest is tried again from `due_at`. `false` when the claim is not theirs.
pub(super) fn notice_retry(
    tx: &Transaction<'_>,
    id: NoticeId,
    claimant: i64,
    parts_done: u32,
    due_at: Millis,
) -> Result<bool, StoreError> {
    let changed = tx
        .prepare_cached(
            "UPDATE outbox SET due_at = ?4, parts_done = ?3, attempts = attempts + 1, \
             claimant = NULL, claimed_until = NULL \
             WHERE id = ?1 AND claimant = ?2 AND posted_at IS NULL",
        )?
        .execute(params![id.0, claimant, parts_done, due_at])?;
    Ok(changed == 1)
}

/// The stored form of an event: its kind, subject, ply and detail.
fn columns_of(event: &OutboxEvent) -> (&'static str, i64, u32, String) {
    match event {
        OutboxEvent::ChallengeExpired(challenge) => ("expired", challenge.0, 0, String::new()),
        OutboxEvent::Forfeit { game, ratings } => (
            "forfeit",
            game.0,
            0,
            ratings.as_ref().map_or_else(String::new, ratings_detail),
        ),
        OutboxEvent::IdleEnded(game) => ("idle", game.0, 0, String::new()),
        OutboxEvent::Reminder { game, ply, stage } => ("reminder", game.0, *ply, stage.to_string()),
        OutboxEvent::EngineMove { game, ply } => ("engine_move", game.0, *ply, String::new()),
        OutboxEvent::Move { game, ply, by } => ("move", game.0, *ply, by.to_string()),
        OutboxEvent::Ended { game, by } => ("ended", game.0, 0, by.to_string()),
        OutboxEvent::Round { tournament, number } => {
            ("round", tournament.0, *number, String::new())
        }
        OutboxEvent::TournamentEnd(tournament) => {
            ("tournament_end", tournament.0, 0, String::new())
        }
        OutboxEvent::Daily { day, channel } => ("daily", *day, 0, channel.to_string()),
    }
}

/// Rating changes as text: for White then Black, the user and the rating, deviation and
/// volatility before and after (Rust's float text reads back bit for bit).
fn ratings_detail(ratings: &ByColor<RatingChange>) -> String {
    [&ratings.white, &ratings.black]
        .iter()
        .flat_map(|change| {
            [
                change.user.to_string(),
                change.before.rating.to_string(),
                change.before.deviation.to_string(),
                change.before.volatility.to_string(),
                change.after.rating.to_string(),
                change.after.deviation.to_string(),
                change.after.volatility.to_string(),
            ]
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn ratings_from_detail(detail: &str) -> DbResult<Option<ByColor<RatingChange>>> {
    if detail.is_empty() {
        return Ok(None);
    }
    let bad = || DbError::Corrupt(format!("outbox: unreadable ratings `{detail}`"));
    let words: Vec<&str> = detail.split(' ').collect();
    if words.len() != 14 {
        return Err(bad());
    }
    let change = |w: &[&str]| -> DbResult<RatingChange> {
        let f = |i: usize| w[i].parse::<f64>().map_err(|_| bad());
        Ok(RatingChange {
            user: w[0].parse().map_err(|_| bad())?,
            before: Rating {
                rating: f(1)?,
                deviation: f(2)?,
                volatility: f(3)?,
            },
            after: Rating {
                rating: f(4)?,
                deviation: f(5)?,
                volatility: f(6)?,
            },
        })
    };
    Ok(Some(ByColor::new(
        change(&words[..7])?,
        change(&words[7..])?,
    )))
}

fn notice_from_row(row: &Row<'_>) -> DbResult<OutboxNotice> {
    let kind: String = row.get("kind")?;
    let subject: i64 = row.get("subject")?;
    let detail: String = row.get("detail")?;
    let event = match kind.as_str() {
        "expired" => OutboxEvent::ChallengeExpired(ChallengeId(subject)),
        "forfeit" => OutboxEvent::Forfeit {
            game: GameId(subject),
            ratings: ratings_from_detail(&detail)?,
        },
        "idle" => OutboxEvent::IdleEnded(GameId(subject)),
        "reminder" => OutboxEvent::Reminder {
            game: GameId(subject),
            ply: row.get("ply")?,
            stage: detail
                .parse()
                .map_err(|_| DbError::Corrupt(format!("outbox: reminder stage `{detail}`")))?,
        },
        "engine_move" => OutboxEvent::EngineMove {
            game: GameId(subject),
            ply: row.get("ply")?,
        },
        "move" => OutboxEvent::Move {
            game: GameId(subject),
            ply: row.get("ply")?,
            by: detail
                .parse()
                .map_err(|_| DbError::Corrupt(format!("outbox: move by `{detail}`")))?,
        },
        "ended" => OutboxEvent::Ended {
            game: GameId(subject),
            by: detail
                .parse()
                .map_err(|_| DbError::Corrupt(format!("outbox: ended by `{detail}`")))?,
        },
        "round" => OutboxEvent::Round {
            tournament: TournamentId(subject),
            number: row.get("ply")?,
        },
        "tournament_end" => OutboxEvent::TournamentEnd(TournamentId(subject)),
        "daily" => OutboxEvent::Daily {
            day: subject,
            channel: detail
                .parse()
                .map_err(|_| DbError::Corrupt(format!("outbox: daily channel `{detail}`")))?,
        },
        other => return Err(DbError::Corrupt(format!("unknown outbox kind `{other}`"))),
    };
    Ok(OutboxNotice {
        id: NoticeId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        event,
        created_at: row.get("created_at")?,
        due_at: row.get("due_at")?,
        attempts: row.get("attempts")?,
        parts_done: row.get("parts_done")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_read_back_bit_for_bit() {
        let change = |user, r: f64| RatingChange {
            user,
            before: Rating {
                rating: r,
                deviation: 350.0,
                volatility: 0.06,
            },
            after: Rating {
                rating: r + 17.123_456_789,
                deviation: 290.55,
                volatility: 0.059_999_1,
            },
        };
        let ratings = ByColor::new(change(u64::MAX, 1500.0), change(7, 1432.25));
        let text = ratings_detail(&ratings);
        assert_eq!(ratings_from_detail(&text).unwrap(), Some(ratings));
        assert_eq!(ratings_from_detail("").unwrap(), None);
        assert!(ratings_from_detail("1 2 3").is_err());
    }
}
