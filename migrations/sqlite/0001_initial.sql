-- Dama schema, version 1.
--
-- Discord ids (guilds, channels, users, messages) are u64 stored bit-cast as INTEGER.
-- Times are unix milliseconds (INTEGER). Colours are 'white' / 'black'.

-- A person, per guild: ratings and records are per guild.
CREATE TABLE players (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL CHECK (deviation >= 0),
    volatility   REAL    NOT NULL CHECK (volatility >= 0),
    -- Finished games against people (rated or not).
    wins         INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses       INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    draws        INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE INDEX players_by_rating ON players (guild_id, rating DESC);

-- A person's record against one engine level (games with the engine change no rating).
CREATE TABLE engine_records (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    level    INTEGER NOT NULL CHECK (level BETWEEN 1 AND 255),
    wins     INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses   INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    draws    INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    PRIMARY KEY (guild_id, user_id, level),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE games (
    id                   INTEGER PRIMARY KEY,
    guild_id             INTEGER NOT NULL,
    channel_id           INTEGER NOT NULL,
    -- Each side is a person (user id) or the engine (level): exactly one of the two.
    white_user_id        INTEGER,
    white_level          INTEGER CHECK (white_level BETWEEN 1 AND 255),
    black_user_id        INTEGER,
    black_level          INTEGER CHECK (black_level BETWEEN 1 AND 255),
    time_per_move_ms     INTEGER NOT NULL CHECK (time_per_move_ms > 0),
    rated                INTEGER NOT NULL CHECK (rated IN (0, 1)),
    status               TEXT    NOT NULL DEFAULT 'active'
                         CHECK (status IN ('active', 'finished', 'aborted')),
    result               TEXT    CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    end_reason           TEXT    CHECK (end_reason IN ('resign', 'no-moves', 'repetition',
                             'forty-move', 'timeout-claim', 'timeout-sweep', 'abort',
                             'agreement')),
    created_at           INTEGER NOT NULL,
    last_move_at         INTEGER NOT NULL,
    finished_at          INTEGER,
    start_fen            TEXT    NOT NULL,
    current_fen          TEXT    NOT NULL,
    ply                  INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    -- The open draw offer: the side that offered and the ply it was offered at.
    draw_offer_by        TEXT    CHECK (draw_offer_by IN ('white', 'black')),
    draw_offer_ply       INTEGER,
    -- The ply of each side's latest offer, open or not.
    white_last_offer_ply INTEGER,
    black_last_offer_ply INTEGER,
    -- The message showing the board.
    board_channel_id     INTEGER,
    board_message_id     INTEGER,
    CHECK ((white_user_id IS NULL) <> (white_level IS NULL)),
    CHECK ((black_user_id IS NULL) <> (black_level IS NULL)),
    CHECK ((draw_offer_by IS NULL) = (draw_offer_ply IS NULL)),
    CHECK ((board_channel_id IS NULL) = (board_message_id IS NULL)),
    CHECK (
        (status = 'active' AND result IS NULL AND end_reason IS NULL AND finished_at IS NULL)
        OR (status = 'finished' AND result IS NOT NULL AND end_reason IS NOT NULL
            AND end_reason <> 'abort' AND finished_at IS NOT NULL)
        OR (status = 'aborted' AND result IS NULL AND end_reason = 'abort'
            AND finished_at IS NOT NULL)
    ),
    FOREIGN KEY (guild_id, white_user_id) REFERENCES players (guild_id, user_id),
    FOREIGN KEY (guild_id, black_user_id) REFERENCES players (guild_id, user_id)
);

-- At most one active game per channel.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';
-- No index holds a column that a move changes (ply, FEN, last move time): a move then writes
-- two pages, its own and its game's.
CREATE INDEX games_by_channel ON games (channel_id);
CREATE INDEX games_by_white ON games (guild_id, white_user_id) WHERE white_user_id IS NOT NULL;
CREATE INDEX games_by_black ON games (guild_id, black_user_id) WHERE black_user_id IS NOT NULL;

-- One row per ply; (game, ply) is the key, so a ply can never be stored twice.
CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL CHECK (ply >= 0),
    move_long TEXT    NOT NULL,
    fen_after TEXT    NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- A move is only ever the next ply of an active game, whoever writes it.
CREATE TRIGGER moves_only_next_ply BEFORE INSERT ON moves
WHEN NOT EXISTS (
    SELECT 1 FROM games WHERE id = NEW.game_id AND status = 'active' AND ply = NEW.ply
)
BEGIN
    SELECT RAISE(ABORT, 'a move must be the next ply of an active game');
END;

CREATE TABLE challenges (
    id                 INTEGER PRIMARY KEY,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    challenger_id      INTEGER NOT NULL,
    challenged_id      INTEGER NOT NULL,
    -- The challenger's colour.
    colour             TEXT    NOT NULL CHECK (colour IN ('white', 'black', 'random')),
    time_per_move_ms   INTEGER NOT NULL CHECK (time_per_move_ms > 0),
    rated              INTEGER NOT NULL CHECK (rated IN (0, 1)),
    status             TEXT    NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled',
                           'expired')),
    created_at         INTEGER NOT NULL,
    expires_at         INTEGER NOT NULL,
    resolved_at        INTEGER,
    game_id            INTEGER REFERENCES games (id),
    message_channel_id INTEGER,
    message_id         INTEGER,
    CHECK ((status = 'pending') = (resolved_at IS NULL)),
    CHECK (game_id IS NULL OR status = 'accepted'),
    CHECK ((message_channel_id IS NULL) = (message_id IS NULL)),
    FOREIGN KEY (guild_id, challenger_id) REFERENCES players (guild_id, user_id),
    FOREIGN KEY (guild_id, challenged_id) REFERENCES players (guild_id, user_id)
);

CREATE INDEX challenges_pending_by_channel ON challenges (channel_id) WHERE status = 'pending';
CREATE INDEX challenges_pending_by_expiry ON challenges (expires_at) WHERE status = 'pending';
CREATE INDEX challenges_pending_by_challenger ON challenges (guild_id, challenger_id)
    WHERE status = 'pending';
CREATE INDEX challenges_pending_by_challenged ON challenges (guild_id, challenged_id)
    WHERE status = 'pending';
