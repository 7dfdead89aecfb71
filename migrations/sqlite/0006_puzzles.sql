-- Dama schema, version 6: puzzles. Each server keeps its own puzzle ratings (separate from game
-- ratings), every attempt at a puzzle, its daily puzzle channel and hour, and the daily posts
-- made. Puzzles are named by their id in the collection (`dama_tools::puzzles`).

-- A person's puzzle rating in a server (Glicko-2, each puzzle one rating period) and record.
-- `streak` counts the puzzles solved in a row up to the last one finished.
CREATE TABLE puzzle_ratings (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL CHECK (deviation >= 0),
    volatility  REAL    NOT NULL CHECK (volatility >= 0),
    solved      INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    failed      INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0),
    streak      INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    best_streak INTEGER NOT NULL DEFAULT 0 CHECK (best_streak >= streak),
    PRIMARY KEY (guild_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX puzzle_ratings_by_rating ON puzzle_ratings (guild_id, rating DESC);

-- One attempt of a person at a puzzle. `step` counts the solver's moves made so far (the next
-- answer is for that step); `daily` is the server's puzzle day it was the daily puzzle of
-- (NULL for a personal puzzle). Only a person's first attempt at a puzzle in a server is
-- `rated`; `rating_before`/`rating_after` are set when a rated attempt finishes. An attempt
-- left open when its person starts another is 'abandoned' (unrated, uncounted).
CREATE TABLE puzzle_attempts (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    puzzle_id     TEXT    NOT NULL CHECK (length(puzzle_id) BETWEEN 1 AND 32),
    daily         INTEGER,
    step          INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'solved', 'failed', 'abandoned')),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    started_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    rating_before REAL,
    rating_after  REAL,
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id),
    CHECK ((status = 'open') = (finished_at IS NULL)),
    CHECK ((rating_before IS NULL) = (rating_after IS NULL)),
    CHECK (rated = 1 OR rating_before IS NULL)
);

-- At most one open attempt per person and server.
CREATE UNIQUE INDEX puzzle_attempts_one_open ON puzzle_attempts (guild_id, user_id)
    WHERE status = 'open';
CREATE INDEX puzzle_attempts_by_person ON puzzle_attempts (guild_id, user_id, puzzle_id);
CREATE INDEX puzzle_attempts_by_day ON puzzle_attempts (guild_id, daily)
    WHERE daily IS NOT NULL;

-- The daily puzzle: the channel it is posted in (NULL: not posted) and the hour (0-23, UTC)
-- at which a server's puzzle day begins.
ALTER TABLE servers ADD COLUMN daily_puzzle_channel_id INTEGER;
ALTER TABLE servers ADD COLUMN daily_puzzle_hour INTEGER NOT NULL DEFAULT 0
    CHECK (daily_puzzle_hour BETWEEN 0 AND 23);

-- The daily posts made (or passed over), one per server and puzzle day: the key decides which
-- of several processes posts.
CREATE TABLE daily_puzzle_posts (
    guild_id   INTEGER NOT NULL,
    day        INTEGER NOT NULL,
    channel_id INTEGER,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day)
) WITHOUT ROWID;
