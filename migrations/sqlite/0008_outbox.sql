-- Dama schema, version 8: the outbox. A notice that a committed change must bring (a forfeit,
-- an expired challenge, a reminder, an idle game ended) is stored in the same transaction as
-- the change and delivered by the bot at least once: claimed by one process at a time
-- (`claimant` until `claimed_until`), tried again from `due_at` after a failed post, and
-- marked `posted_at` once out, so it is never posted twice.
--
-- `kind` says what the notice is about and `subject` which row (a game or a challenge); `ply`
-- and `detail` hold what the notice needs besides (a reminder's stage, a forfeit's ratings).
-- A notice made of several messages records in `parts_done` those already out.
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('expired', 'forfeit', 'idle', 'reminder')),
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

-- The notices still to post, by the time they are due.
CREATE INDEX outbox_due ON outbox (due_at, id) WHERE posted_at IS NULL;
