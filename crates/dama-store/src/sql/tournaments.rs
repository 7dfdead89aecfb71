//! The `tournaments`, `tournament_entrants`, `tournament_rounds` and `tournament_pairings`
//! tables, and the games a round starts.

use super::db::{DbError, DbResult, OptionalExtension, Row, Transaction, params};

use super::games::insert_game;
use super::players::require_player;
use super::rows::{GAME_COLUMNS, game_from_row, query_all};
use crate::codes::{discord_id, sql_id};
use dama_core::store::{
    Entrant, Game, GameId, GameResult, GameStatus, GuildId, MessageRef, Millis, NewGame,
    NewPairing, NewRound, NewTournament, PairedRound, Participant, StoreError, Tournament,
    TournamentFormat, TournamentGame, TournamentId, TournamentPairing, TournamentRound,
    TournamentStatus, UserId,
};
use dama_core::tournament::GameResult as TournamentResult;

const TOURNAMENT_COLUMNS: &str = "id, guild_id, channel_id, name, format, rounds, \
     games_per_pairing, time_per_move_ms, rated, drawn_openings, signup_deadline, status, \
     created_by, created_at, started_at, ended_at, message_channel_id, message_id";

fn tournament_from_row(row: &Row<'_>) -> DbResult<Tournament> {
    let format = match (
        row.get::<_, String>("format")?.as_str(),
        row.get::<_, Option<u32>>("rounds")?,
    ) {
        ("swiss", Some(rounds)) => TournamentFormat::Swiss { rounds },
        ("round-robin", None) => TournamentFormat::RoundRobin,
        (other, _) => {
            return Err(DbError::Corrupt(format!(
                "unknown tournament format `{other}`"
            )));
        }
    };
    let message = match (
        row.get::<_, Option<i64>>("message_channel_id")?,
        row.get::<_, Option<i64>>("message_id")?,
    ) {
        (Some(channel), Some(message)) => Some(MessageRef {
            channel: discord_id(channel),
            message: discord_id(message),
        }),
        _ => None,
    };
    Ok(Tournament {
        id: TournamentId(row.get("id")?),
        guild: discord_id(row.get("guild_id")?),
        channel: discord_id(row.get("channel_id")?),
        name: row.get("name")?,
        format,
        games_per_pairing: row.get("games_per_pairing")?,
        time_per_move_ms: row.get("time_per_move_ms")?,
        rated: row.get("rated")?,
        drawn_openings: row.get("drawn_openings")?,
        signup_deadline: row.get("signup_deadline")?,
        status: row.get("status")?,
        created_by: discord_id(row.get("created_by")?),
        created_at: row.get("created_at")?,
        started_at: row.get("started_at")?,
        ended_at: row.get("ended_at")?,
        message,
    })
}

fn entrant_from_row(row: &Row<'_>) -> DbResult<Entrant> {
    Ok(Entrant {
        user: discord_id(row.get("user_id")?),
        rating: row.get("rating")?,
        joined_at: row.get("joined_at")?,
        withdrawn_from: row.get("withdrawn_from")?,
    })
}

fn round_from_row(row: &Row<'_>) -> DbResult<TournamentRound> {
    Ok(TournamentRound {
        number: row.get("round")?,
        opening: row.get("opening")?,
        start_fen: row.get("start_fen")?,
        paired_at: row.get("paired_at")?,
    })
}

/// A forfeit as stored.
fn forfeit_code(result: TournamentResult) -> Option<&'static str> {
    match result {
        TournamentResult::BlackForfeits => Some("+-"),
        TournamentResult::WhiteForfeits => Some("-+"),
        TournamentResult::DoubleForfeit => Some("--"),
        TournamentResult::WhiteWins | TournamentResult::Draw | TournamentResult::BlackWins => None,
    }
}

/// The columns of a board, with its game's status and result (a left join).
const PAIRING_SELECT: &str = "SELECT p.round, p.board, p.leg, p.white_id, p.black_id, \
     p.game_id, p.result AS forfeit, g.status AS game_status, g.result AS game_result \
     FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id";

fn pairing_from_row(row: &Row<'_>) -> DbResult<TournamentPairing> {
    let forfeit = match row.get::<_, Option<String>>("forfeit")?.as_deref() {
        None => None,
        Some("+-") => Some(TournamentResult::BlackForfeits),
        Some("-+") => Some(TournamentResult::WhiteForfeits),
        Some("--") => Some(TournamentResult::DoubleForfeit),
        Some(other) => {
            return Err(DbError::Corrupt(format!("unknown forfeit `{other}`")));
        }
    };
    let played = match (
        row.get::<_, Option<GameStatus>>("game_status")?,
        row.get::<_, Option<GameResult>>("game_result")?,
    ) {
        (Some(GameStatus::Finished), Some(result)) => Some(match result {
            GameResult::WhiteWins => TournamentResult::WhiteWins,
            GameResult::BlackWins => TournamentResult::BlackWins,
            GameResult::Draw => TournamentResult::Draw,
        }),
        _ => None,
    };
    Ok(TournamentPairing {
        round: row.get("round")?,
        board: row.get("board")?,
        leg: row.get("leg")?,
        white: discord_id(row.get("white_id")?),
        black: row.get::<_, Option<i64>>("black_id")?.map(discord_id),
        game: row.get::<_, Option<i64>>("game_id")?.map(GameId),
        result: forfeit.or(played),
    })
}

pub(super) fn load_tournament(
    tx: &Transaction<'_>,
    id: TournamentId,
) -> Result<Option<Tournament>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?1"
        ))?
        .query_row(params![id.0], tournament_from_row)
        .optional()?)
}

fn stored_tournament(tx: &Transaction<'_>, id: TournamentId) -> Result<Tournament, StoreError> {
    load_tournament(tx, id)?.ok_or(StoreError::TournamentNotFound(id))
}

/// The tournament, checked to be in one of `allowed`.
fn tournament_in(
    tx: &Transaction<'_>,
    id: TournamentId,
    allowed: &[TournamentStatus],
) -> Result<Tournament, StoreError> {
    let tournament = stored_tournament(tx, id)?;
    if allowed.contains(&tournament.status) {
        Ok(tournament)
    } else {
        Err(StoreError::TournamentStatus {
            tournament: id,
            status: tournament.status,
        })
    }
}

fn open_tournament_id(
    tx: &Transaction<'_>,
    guild: GuildId,
) -> Result<Option<TournamentId>, StoreError> {
    Ok(tx
        .prepare_cached(
            "SELECT id FROM tournaments WHERE guild_id = ?1 AND status IN ('signup', 'running')",
        )?
        .query_row(params![sql_id(guild)], |row| row.get(0))
        .optional()?
        .map(TournamentId))
}

pub(super) fn create_tournament(
    tx: &Transaction<'_>,
    new: &NewTournament,
) -> Result<Tournament, StoreError> {
    let chars = new.name.chars().count();
    if chars == 0 || chars > 100 {
        return Err(StoreError::Invalid(format!(
            "tournament name of {chars} characters: 1 to 100"
        )));
    }
    if new.time_per_move_ms <= 0 {
        return Err(StoreError::Invalid(format!(
            "time per move {} ms: it must be positive",
            new.time_per_move_ms
        )));
    }
    if !matches!(new.games_per_pairing, 1 | 2) {
        return Err(StoreError::Invalid(format!(
            "{} games per pairing: 1 or 2",
            new.games_per_pairing
        )));
    }
    let (format, rounds) = match new.format {
        TournamentFormat::Swiss { rounds: 0 } => {
            return Err(StoreError::Invalid(
                "a Swiss tournament of no rounds".into(),
            ));
        }
        TournamentFormat::Swiss { rounds } => ("swiss", Some(rounds)),
        TournamentFormat::RoundRobin => ("round-robin", None),
    };
    if let Some(open) = open_tournament_id(tx, new.guild)? {
        return Err(StoreError::TournamentOpen {
            guild: new.guild,
            tournament: open,
        });
    }
    let inserted = tx
        .prepare_cached(&format!(
            "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, \
             games_per_pairing, time_per_move_ms, rated, drawn_openings, signup_deadline, \
             created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) \
             RETURNING {TOURNAMENT_COLUMNS}"
        ))?
        .query_row(
            params![
                sql_id(new.guild),
                sql_id(new.channel),
                new.name,
                format,
                rounds,
                new.games_per_pairing,
                new.time_per_move_ms,
                new.rated,
                new.drawn_openings,
                new.signup_deadline,
                sql_id(new.created_by),
                new.created_at,
            ],
            tournament_from_row,
        );
    match inserted {
        Ok(tournament) => Ok(tournament),
        // The partial unique index is the last word on an open tournament. (On PostgreSQL one
        // created meanwhile fails the transaction, whose next try sees it above.)
        Err(error @ DbError::Constraint(_)) => match open_tournament_id(tx, new.guild)? {
            Some(open) => Err(StoreError::TournamentOpen {
                guild: new.guild,
                tournament: open,
            }),
            None => Err(error.into()),
        },
        Err(error) => Err(error.into()),
    }
}

pub(super) fn latest_tournament(
    tx: &Transaction<'_>,
    guild: GuildId,
) -> Result<Option<Tournament>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = ?1 \
             ORDER BY status IN ('signup', 'running') DESC, id DESC LIMIT 1"
        ))?
        .query_row(params![sql_id(guild)], tournament_from_row)
        .optional()?)
}

pub(super) fn set_message(
    tx: &Transaction<'_>,
    id: TournamentId,
    message: MessageRef,
) -> Result<(), StoreError> {
    if !super::rows::set_message_of(tx, "tournaments", id.0, message)? {
        return Err(StoreError::TournamentNotFound(id));
    }
    Ok(())
}

pub(super) fn entrants(tx: &Transaction<'_>, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
    query_all(
        tx,
        "SELECT user_id, rating, joined_at, withdrawn_from FROM tournament_entrants \
         WHERE tournament_id = ?1 ORDER BY joined_at, user_id",
        params![id.0],
        entrant_from_row,
    )
}

fn entrant(
    tx: &Transaction<'_>,
    id: TournamentId,
    user: UserId,
) -> Result<Option<Entrant>, StoreError> {
    Ok(tx
        .prepare_cached(
            "SELECT user_id, rating, joined_at, withdrawn_from FROM tournament_entrants \
             WHERE tournament_id = ?1 AND user_id = ?2",
        )?
        .query_row(params![id.0, sql_id(user)], entrant_from_row)
        .optional()?)
}

pub(super) fn join(
    tx: &Transaction<'_>,
    id: TournamentId,
    user: UserId,
    rating: i32,
    at: Millis,
    max: Option<usize>,
) -> Result<Vec<Entrant>, StoreError> {
    let tournament = tournament_in(tx, id, &[TournamentStatus::Signup])?;
    require_player(tx, tournament.guild, user)?;
    if entrant(tx, id, user)?.is_some() {
        return Err(StoreError::AlreadyEntered {
            tournament: id,
            user,
        });
    }
    // Counted in the transaction that inserts: SQLite has one writer, and PostgreSQL runs a
    // join that counted alongside another one again, so the count is never stale.
    if let Some(max) = max {
        let count: i64 = tx
            .prepare_cached("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ?1")?
            .query_row(params![id.0], |row| row.get(0))?;
        if usize::try_from(count).unwrap_or(usize::MAX) >= max {
            return Err(StoreError::TournamentFull {
                tournament: id,
                max,
            });
        }
    }
    let inserted = tx
        .prepare_cached(
            "INSERT INTO tournament_entrants (tournament_id, guild_id, user_id, rating, \
             joined_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            id.0,
            sql_id(tournament.guild),
            sql_id(user),
            rating,
            at
        ]);
    match inserted {
        Ok(_) => entrants(tx, id),
        // The key: one row per person. (On PostgreSQL a join meanwhile fails the transaction,
        // whose next try finds it above.)
        Err(DbError::Constraint(_)) => Err(StoreError::AlreadyEntered {
            tournament: id,
            user,
        }),
        Err(error) => Err(error.into()),
    }
}

pub(super) fn leave(
    tx: &Transaction<'_>,
    id: TournamentId,
    user: UserId,
) -> Result<Vec<Entrant>, StoreError> {
    tournament_in(tx, id, &[TournamentStatus::Signup])?;
    let removed = tx
        .prepare_cached(
            "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND user_id = ?2",
        )?
        .execute(params![id.0, sql_id(user)])?;
    if removed == 0 {
        return Err(StoreError::NotEntered {
            tournament: id,
            user,
        });
    }
    entrants(tx, id)
}

pub(super) fn withdraw(
    tx: &Transaction<'_>,
    id: TournamentId,
    user: UserId,
    from_round: u32,
) -> Result<Entrant, StoreError> {
    tournament_in(tx, id, &[TournamentStatus::Running])?;
    if from_round == 0 {
        return Err(StoreError::Invalid("round 0: rounds count from 1".into()));
    }
    tx.prepare_cached(
        "UPDATE tournament_entrants SET withdrawn_from = ?3 \
         WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_from IS NULL",
    )?
    .execute(params![id.0, sql_id(user), from_round])?;
    entrant(tx, id, user)?.ok_or(StoreError::NotEntered {
        tournament: id,
        user,
    })
}

pub(super) fn rounds(
    tx: &Transaction<'_>,
    id: TournamentId,
) -> Result<Vec<TournamentRound>, StoreError> {
    query_all(
        tx,
        "SELECT round, opening, start_fen, paired_at FROM tournament_rounds \
         WHERE tournament_id = ?1 ORDER BY round",
        params![id.0],
        round_from_row,
    )
}

pub(super) fn pairings(
    tx: &Transaction<'_>,
    id: TournamentId,
) -> Result<Vec<TournamentPairing>, StoreError> {
    query_all(
        tx,
        &format!("{PAIRING_SELECT} WHERE p.tournament_id = ?1 ORDER BY p.round, p.board"),
        params![id.0],
        pairing_from_row,
    )
}

fn pairing(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: u32,
    board: u32,
) -> Result<Option<TournamentPairing>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "{PAIRING_SELECT} WHERE p.tournament_id = ?1 AND p.round = ?2 AND p.board = ?3"
        ))?
        .query_row(params![id.0, round, board], pairing_from_row)
        .optional()?)
}

/// Checks the boards of a round to pair: numbered uniquely from 1, legs 1 and 2, every
/// entrant once a leg at most, forfeits only between two players.
fn check_pairings(
    id: TournamentId,
    entrants: &[Entrant],
    pairings: &[NewPairing],
) -> Result<(), StoreError> {
    let invalid = |what: String| Err(StoreError::Invalid(what));
    let mut boards = std::collections::HashSet::new();
    let mut seated = std::collections::HashSet::new();
    for pairing in pairings {
        if pairing.board == 0 || !boards.insert(pairing.board) {
            return invalid(format!("board {} given twice or 0", pairing.board));
        }
        if !matches!(pairing.leg, 1 | 2) {
            return invalid(format!("leg {}", pairing.leg));
        }
        for user in [Some(pairing.white), pairing.black].into_iter().flatten() {
            if !entrants.iter().any(|e| e.user == user) {
                return Err(StoreError::NotEntered {
                    tournament: id,
                    user,
                });
            }
            if !seated.insert((pairing.leg, user)) {
                return invalid(format!("{user} seated twice in leg {}", pairing.leg));
            }
        }
        match (pairing.black, pairing.forfeit) {
            (None, Some(_)) => return invalid("a forfeit on a bye".into()),
            (_, Some(result)) if forfeit_code(result).is_none() => {
                return invalid(format!("{result:?} is not a forfeit"));
            }
            _ => {}
        }
    }
    Ok(())
}

pub(super) fn pair_round(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: &NewRound,
    pairings: &[NewPairing],
) -> Result<PairedRound, StoreError> {
    let allowed: &[TournamentStatus] = if round.number == 1 {
        &[TournamentStatus::Signup, TournamentStatus::Running]
    } else {
        &[TournamentStatus::Running]
    };
    let mut tournament = tournament_in(tx, id, allowed)?;
    let paired: u32 = tx
        .prepare_cached("SELECT count(*) FROM tournament_rounds WHERE tournament_id = ?1")?
        .query_row(params![id.0], |row| row.get(0))?;
    if round.number <= paired {
        return Err(StoreError::RoundPaired {
            tournament: id,
            round: round.number,
        });
    }
    if round.number != paired + 1 {
        return Err(StoreError::Invalid(format!(
            "round {} after {paired} rounds",
            round.number
        )));
    }
    check_pairings(id, &entrants(tx, id)?, pairings)?;
    let inserted = tx
        .prepare_cached(
            "INSERT INTO tournament_rounds (tournament_id, round, opening, start_fen, paired_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            id.0,
            round.number,
            round.opening,
            round.start_fen,
            round.paired_at
        ]);
    match inserted {
        Ok(_) => {}
        // The key decides who pairs a round. (On PostgreSQL a pairing meanwhile fails the
        // transaction, whose next try counts it above.)
        Err(DbError::Constraint(_)) => {
            return Err(StoreError::RoundPaired {
                tournament: id,
                round: round.number,
            });
        }
        Err(error) => return Err(error.into()),
    }
    if tournament.status == TournamentStatus::Signup {
        tournament = tx
            .prepare_cached(&format!(
                "UPDATE tournaments SET status = 'running', started_at = ?2 WHERE id = ?1 \
                 RETURNING {TOURNAMENT_COLUMNS}"
            ))?
            .query_row(params![id.0, round.paired_at], tournament_from_row)?;
    }
    let mut games = Vec::new();
    let mut ordered: Vec<&NewPairing> = pairings.iter().collect();
    ordered.sort_by_key(|p| p.board);
    for pairing in ordered {
        let game = match (pairing.black, pairing.forfeit) {
            (Some(black), None) => {
                let game = insert_game(
                    tx,
                    &NewGame {
                        guild: tournament.guild,
                        channel: tournament.channel,
                        white: Participant::User(pairing.white),
                        black: Participant::User(black),
                        time_per_move_ms: tournament.time_per_move_ms,
                        clock: None,
                        rated: tournament.rated,
                        start_fen: round.start_fen.clone(),
                        created_at: round.paired_at,
                        in_thread: round.in_thread,
                        language: round.language,
                    },
                )?;
                tx.prepare_cached(
                    "UPDATE games SET tournament_id = ?2, tournament_round = ?3 WHERE id = ?1",
                )?
                .execute(params![game.id.0, id.0, round.number])?;
                Some(game)
            }
            _ => None,
        };
        tx.prepare_cached(
            "INSERT INTO tournament_pairings (tournament_id, round, board, leg, white_id, \
             black_id, game_id, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            id.0,
            round.number,
            pairing.board,
            pairing.leg,
            sql_id(pairing.white),
            pairing.black.map(sql_id),
            game.as_ref().map(|g| g.id.0),
            pairing.forfeit.and_then(forfeit_code),
        ])?;
        games.extend(game);
    }
    let round = rounds(tx, id)?
        .into_iter()
        .find(|r| r.number == round.number)
        .ok_or(StoreError::TournamentNotFound(id))?;
    let pairings = pairings_of_round(tx, id, round.number)?;
    Ok(PairedRound {
        tournament,
        round,
        pairings,
        games,
    })
}

fn pairings_of_round(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: u32,
) -> Result<Vec<TournamentPairing>, StoreError> {
    query_all(
        tx,
        &format!("{PAIRING_SELECT} WHERE p.tournament_id = ?1 AND p.round = ?2 ORDER BY p.board"),
        params![id.0, round],
        pairing_from_row,
    )
}

pub(super) fn tournament_game(
    tx: &Transaction<'_>,
    game: GameId,
) -> Result<Option<TournamentGame>, StoreError> {
    Ok(tx
        .prepare_cached(
            "SELECT tournament_id, round, board, leg FROM tournament_pairings WHERE game_id = ?1",
        )?
        .query_row(params![game.0], |row| {
            Ok(TournamentGame {
                tournament: TournamentId(row.get(0)?),
                round: row.get(1)?,
                board: row.get(2)?,
                leg: row.get(3)?,
            })
        })
        .optional()?)
}

/// Aborts an active game as a moderator's (the tournament's ending or a forfeit).
fn abort_active(
    tx: &Transaction<'_>,
    game: GameId,
    at: Millis,
) -> Result<Option<Game>, StoreError> {
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE games SET status = 'aborted', end_reason = 'abort', \
             abort_reason = 'moderator', finished_at = ?2, draw_offer_by = NULL, \
             draw_offer_ply = NULL, takeback_by = NULL, takeback_ply = NULL \
             WHERE id = ?1 AND status = 'active' RETURNING {GAME_COLUMNS}"
        ))?
        .query_row(params![game.0, at], game_from_row)
        .optional()?)
}

pub(super) fn record_forfeit(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: u32,
    board: u32,
    result: TournamentResult,
    at: Millis,
) -> Result<TournamentPairing, StoreError> {
    tournament_in(tx, id, &[TournamentStatus::Running])?;
    let Some(code) = forfeit_code(result) else {
        return Err(StoreError::Invalid(format!("{result:?} is not a forfeit")));
    };
    let existing = pairing(tx, id, round, board)?
        .ok_or_else(|| StoreError::Invalid(format!("no board {board} in round {round} of {id}")))?;
    if existing.black.is_none() {
        return Err(StoreError::Invalid("a forfeit on a bye".into()));
    }
    if let Some(known) = existing.result {
        return Err(StoreError::Invalid(format!(
            "board {board} of round {round} has its result ({known:?})"
        )));
    }
    if let Some(game) = existing.game {
        abort_active(tx, game, at)?;
    }
    tx.prepare_cached(
        "UPDATE tournament_pairings SET result = ?4 \
         WHERE tournament_id = ?1 AND round = ?2 AND board = ?3",
    )?
    .execute(params![id.0, round, board, code])?;
    pairing(tx, id, round, board)?.ok_or(StoreError::TournamentNotFound(id))
}

pub(super) fn finish_tournament(
    tx: &Transaction<'_>,
    id: TournamentId,
    at: Millis,
) -> Result<Tournament, StoreError> {
    tournament_in(tx, id, &[TournamentStatus::Running])?;
    Ok(tx
        .prepare_cached(&format!(
            "UPDATE tournaments SET status = 'finished', ended_at = ?2 WHERE id = ?1 \
             RETURNING {TOURNAMENT_COLUMNS}"
        ))?
        .query_row(params![id.0, at], tournament_from_row)?)
}

pub(super) fn cancel_tournament(
    tx: &Transaction<'_>,
    id: TournamentId,
    at: Millis,
) -> Result<(Tournament, Vec<Game>), StoreError> {
    tournament_in(
        tx,
        id,
        &[TournamentStatus::Signup, TournamentStatus::Running],
    )?;
    let active: Vec<GameId> = query_all(
        tx,
        "SELECT id FROM games WHERE tournament_id = ?1 AND status = 'active' ORDER BY id",
        params![id.0],
        |row| Ok(GameId(row.get(0)?)),
    )?;
    let mut aborted = Vec::new();
    for game in active {
        aborted.extend(abort_active(tx, game, at)?);
    }
    let tournament = tx
        .prepare_cached(&format!(
            "UPDATE tournaments SET status = 'cancelled', ended_at = ?2 WHERE id = ?1 \
             RETURNING {TOURNAMENT_COLUMNS}"
        ))?
        .query_row(params![id.0, at], tournament_from_row)?;
    Ok((tournament, aborted))
}

pub(super) fn signups_due(tx: &Transaction<'_>, at: Millis) -> Result<Vec<Tournament>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status = 'signup' \
             AND signup_deadline IS NOT NULL AND signup_deadline <= ?1 ORDER BY id"
        ),
        params![at],
        tournament_from_row,
    )
}

pub(super) fn running_tournaments(tx: &Transaction<'_>) -> Result<Vec<Tournament>, StoreError> {
    query_all(
        tx,
        &format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE status = 'running' ORDER BY id"
        ),
        params![],
        tournament_from_row,
    )
}
