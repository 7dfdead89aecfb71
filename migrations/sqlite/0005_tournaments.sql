-- Dama schema, version 5: server tournaments (sign-up, entrants, rounds, pairings) and the
-- games they start.

-- A tournament of one server, announced in one channel. `rounds` is the count of Swiss rounds
-- (NULL for a round robin, whose count follows from its entrants).
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    name               TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    format             TEXT    NOT NULL CHECK (format IN ('swiss', 'round-robin')),
    rounds             INTEGER CHECK (rounds >= 1),
    games_per_pairing  INTEGER NOT NULL CHECK (games_per_pairing IN (1, 2)),
    time_per_move_ms   INTEGER NOT NULL CHECK (time_per_move_ms > 0),
    rated              INTEGER NOT NULL CHECK (rated IN (0, 1)),
    drawn_openings     INTEGER NOT NULL CHECK (drawn_openings IN (0, 1)),
    -- When the sign-up closes by itself (NULL: at `/tournament start`).
    signup_deadline    INTEGER,
    status             TEXT    NOT NULL DEFAULT 'signup'
                       CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    created_by         INTEGER NOT NULL,
    created_at         INTEGER NOT NULL,
    started_at         INTEGER,
    ended_at           INTEGER,
    -- The sign-up message, for in-place edits.
    message_channel_id INTEGER,
    message_id         INTEGER,
    CHECK ((format = 'swiss') = (rounds IS NOT NULL)),
    CHECK ((message_channel_id IS NULL) = (message_id IS NULL)),
    CHECK ((status = 'signup') = (started_at IS NULL) OR status = 'cancelled'),
    CHECK ((status IN ('finished', 'cancelled')) = (ended_at IS NOT NULL))
);

-- At most one tournament in sign-up or running per server.
CREATE UNIQUE INDEX tournaments_one_open_per_guild ON tournaments (guild_id)
    WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_by_deadline ON tournaments (signup_deadline)
    WHERE status = 'signup' AND signup_deadline IS NOT NULL;
CREATE INDEX tournaments_running ON tournaments (status) WHERE status = 'running';

-- Who signed up: a player of the server, once (the key refuses a second join), with the
-- rating they had then, and the first round they are not paired in once they withdraw.
CREATE TABLE tournament_entrants (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    rating         INTEGER NOT NULL,
    joined_at      INTEGER NOT NULL,
    withdrawn_from INTEGER CHECK (withdrawn_from >= 1),
    PRIMARY KEY (tournament_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

-- A round, paired once (the key): the opening its games start from (NULL: the initial
-- position) and when it was paired.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    opening       TEXT,
    start_fen     TEXT    NOT NULL,
    paired_at     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

-- The games of a round, board by board: `leg` 2 holds the return games (colours swapped) of
-- a two-game pairing. A row without Black is the bye of White's player. `result` is what
-- the tournament counts when the game did not decide it (a forfeit: '+-' White scores,
-- '-+' Black scores, '--' neither); a played game's result is its game's.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL CHECK (board >= 1),
    leg           INTEGER NOT NULL CHECK (leg IN (1, 2)),
    white_id      INTEGER NOT NULL,
    black_id      INTEGER,
    game_id       INTEGER UNIQUE REFERENCES games (id),
    result        TEXT    CHECK (result IN ('+-', '-+', '--')),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round),
    CHECK (black_id IS NULL OR black_id <> white_id),
    CHECK (black_id IS NOT NULL OR (game_id IS NULL AND result IS NULL))
) WITHOUT ROWID;

-- The games a tournament started, with their round.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN tournament_round INTEGER
    CHECK ((tournament_id IS NULL) = (tournament_round IS NULL));
CREATE INDEX games_by_tournament ON games (tournament_id, tournament_round)
    WHERE tournament_id IS NOT NULL;
