-- Dama schema, version 3: games in threads, open challenges, reminders, takebacks, each
-- person's notifications, and the rest of a server's settings.

-- ---- games ---------------------------------------------------------------------------------

-- A game is started in `channel_id`. One played in a thread of it has `in_thread = 1` and, once
-- the thread is open, its id in `thread_id`; a game with `in_thread = 0` is played in the
-- channel itself, which then holds no other such game.
ALTER TABLE games ADD COLUMN in_thread INTEGER NOT NULL DEFAULT 0 CHECK (in_thread IN (0, 1));
ALTER TABLE games ADD COLUMN thread_id INTEGER CHECK (thread_id IS NULL OR in_thread = 1);
-- The reminders already sent for the player to move at ply `reminder_ply`: 1 half their time
-- gone, 2 ninety per cent gone, 3 their time is out (the opponent may claim).
ALTER TABLE games ADD COLUMN reminder_ply INTEGER;
ALTER TABLE games ADD COLUMN reminder_stage INTEGER NOT NULL DEFAULT 0
    CHECK (reminder_stage BETWEEN 0 AND 3);
-- The open takeback request: the side that asked and the ply it asked at.
ALTER TABLE games ADD COLUMN takeback_by TEXT CHECK (takeback_by IN ('white', 'black'));
ALTER TABLE games ADD COLUMN takeback_ply INTEGER CHECK ((takeback_by IS NULL) = (takeback_ply IS NULL));
-- How many takebacks the game has had.
ALTER TABLE games ADD COLUMN takeback_count INTEGER NOT NULL DEFAULT 0
    CHECK (takeback_count >= 0);
-- Why an aborted game stopped: a moderator's `/abort`, or an engine game left idle. NULL for
-- games aborted before this version (moderators).
ALTER TABLE games ADD COLUMN abort_reason TEXT CHECK (abort_reason IN ('moderator', 'idle'));

-- At most one active game played in a channel itself, and one in a thread.
DROP INDEX games_one_active_per_channel;
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id)
    WHERE status = 'active' AND in_thread = 0;
CREATE UNIQUE INDEX games_one_active_per_thread ON games (thread_id)
    WHERE status = 'active' AND thread_id IS NOT NULL;
CREATE INDEX games_active_by_guild ON games (guild_id) WHERE status = 'active';
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;

-- Each takeback: the moves taken back (long notation, space-separated, oldest first) from
-- ply `ply` on, who asked, and when.
CREATE TABLE takebacks (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id),
    ply      INTEGER NOT NULL CHECK (ply >= 0),
    moves    TEXT    NOT NULL CHECK (moves <> ''),
    by_color TEXT    NOT NULL CHECK (by_color IN ('white', 'black')),
    at       INTEGER NOT NULL
);

CREATE INDEX takebacks_by_game ON takebacks (game_id, id);

-- ---- challenges ----------------------------------------------------------------------------

-- An open challenge names nobody (`challenged_id` NULL) until someone accepts it; SQLite cannot
-- drop a NOT NULL, so the table is built anew.
CREATE TABLE challenges_v3 (
    id                 INTEGER PRIMARY KEY,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    challenger_id      INTEGER NOT NULL,
    -- NULL: open to anyone but the challenger (until accepted: then the one who accepted).
    challenged_id      INTEGER,
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
    CHECK (status <> 'accepted' OR challenged_id IS NOT NULL),
    CHECK (challenged_id IS NULL OR challenged_id <> challenger_id),
    CHECK ((message_channel_id IS NULL) = (message_id IS NULL)),
    FOREIGN KEY (guild_id, challenger_id) REFERENCES players (guild_id, user_id),
    FOREIGN KEY (guild_id, challenged_id) REFERENCES players (guild_id, user_id)
);

INSERT INTO challenges_v3 (id, guild_id, channel_id, challenger_id, challenged_id, colour,
    time_per_move_ms, rated, status, created_at, expires_at, resolved_at, game_id,
    message_channel_id, message_id)
SELECT id, guild_id, channel_id, challenger_id, challenged_id, colour, time_per_move_ms, rated,
    status, created_at, expires_at, resolved_at, game_id, message_channel_id, message_id
FROM challenges;

DROP TABLE challenges;
ALTER TABLE challenges_v3 RENAME TO challenges;

CREATE INDEX challenges_pending_by_channel ON challenges (channel_id) WHERE status = 'pending';
CREATE INDEX challenges_pending_by_expiry ON challenges (expires_at) WHERE status = 'pending';
CREATE INDEX challenges_pending_by_challenger ON challenges (guild_id, challenger_id)
    WHERE status = 'pending';
CREATE INDEX challenges_pending_by_challenged ON challenges (guild_id, challenged_id)
    WHERE status = 'pending';

-- ---- people --------------------------------------------------------------------------------

-- How each person wants to hear about their games, in every server: 'dm' direct messages,
-- 'ping' mentions in the game's thread (the default: no row), 'off' neither.
CREATE TABLE people (
    user_id INTEGER PRIMARY KEY,
    notify  TEXT NOT NULL CHECK (notify IN ('dm', 'ping', 'off'))
);

-- ---- servers -------------------------------------------------------------------------------

-- What those who manage a server chose for its games; NULL follows the configuration.
ALTER TABLE servers ADD COLUMN time_per_move_ms INTEGER CHECK (time_per_move_ms > 0);
ALTER TABLE servers ADD COLUMN challenge_expiry_ms INTEGER CHECK (challenge_expiry_ms > 0);
-- Games in threads (1, the default) or in the channel they start in (0).
ALTER TABLE servers ADD COLUMN threads INTEGER NOT NULL DEFAULT 1 CHECK (threads IN (0, 1));

-- The channels where games may start; none listed: every channel.
CREATE TABLE server_game_channels (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;
