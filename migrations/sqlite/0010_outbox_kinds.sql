-- Dama schema, version 10: the outbox carries more kinds of notices: the engine's move the
-- sweep resumed (`engine_move`: `subject` the game, `ply` the ply the move reached), what a
-- person's move brings besides its answer (`move`: likewise, `detail` the person), what a
-- game's end by a person's action brings besides its answer (`ended`: `subject` the game,
-- `detail` the person), a
-- tournament's round paired (`round`: `subject` the tournament, `ply` the round's number) and
-- its end (`tournament_end`: `subject` the tournament), and a server's puzzle of the day
-- (`daily`: `subject` the day, `detail` the channel).
--
-- SQLite cannot change a CHECK: the table is made again with the new list, its rows kept.
CREATE TABLE outbox_kinds (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('expired', 'forfeit', 'idle', 'reminder',
                                                   'engine_move', 'move', 'ended', 'round',
                                                   'tournament_end', 'daily')),
    subject       INTEGER NOT NULL,
    ply           INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    detail        TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    due_at        INTEGER NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    parts_done    INTEGER NOT NULL DEFAULT 0 CHECK (parts_done >= 0),
    claimant      INTEGER,
    claimed_until INTEGER,
    posted_at     INTEGER,
    CHECK ((claimant IS NULL) = (claimed_until IS NULL))
);
INSERT INTO outbox_kinds (id, guild_id, kind, subject, ply, detail, created_at, due_at,
                          attempts, parts_done, claimant, claimed_until, posted_at)
SELECT id, guild_id, kind, subject, ply, detail, created_at, due_at,
       attempts, parts_done, claimant, claimed_until, posted_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_kinds RENAME TO outbox;

-- The notices still to post, by the time they are due.
CREATE INDEX outbox_due ON outbox (due_at, id) WHERE posted_at IS NULL;
-- The notices still to post of one change (its kind and subject), for the process that made
-- it and posts its notice at once.
CREATE INDEX outbox_subject ON outbox (kind, subject) WHERE posted_at IS NULL;
