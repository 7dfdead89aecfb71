-- Dama schema, version 4: the coach. Analyses of finished games, and hints asked for in games
-- against the engine.

-- One finished analysis per game: the node budget each position was searched at and the
-- analysis in the text format of `damabot::analysis` (`Analysis::encode`: one line a
-- position). A request at another budget replaces it.
CREATE TABLE analyses (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    nodes      INTEGER NOT NULL CHECK (nodes > 0),
    data       TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

-- Each hint given in a game: the ply it was asked at, the position (FEN) the player was to
-- move in, and the move suggested, in long notation. Asking again in the same position (at the
-- same ply) gives the same hint, not a new one; after a takeback the same ply may hold another
-- position, hence another hint.
CREATE TABLE hints (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    fen        TEXT NOT NULL,
    move_long  TEXT NOT NULL,
    asked_at   INTEGER NOT NULL,
    UNIQUE (game_id, ply, fen)
);
