-- Dama schema, version 12: live games with a clock. A challenge and its game may carry a time
-- control (a base and an increment, Fischer style); a game on a clock keeps each side's time
-- left as of its last move (`last_move_at`, or `created_at` before the first move), which is
-- when the side to move's clock started. Each move takes the time since then from the mover
-- and adds the increment; a side whose time runs out loses on time.
--
-- NULL: a correspondence game or challenge (time per move only), as before.
-- (SQLite adds no table constraint to an existing table: each added column checks that it is
-- set exactly when the base is, which keeps a clock whole.)
ALTER TABLE challenges ADD COLUMN clock_base_ms INTEGER CHECK (clock_base_ms > 0);
ALTER TABLE challenges ADD COLUMN clock_increment_ms INTEGER
    CHECK ((clock_increment_ms IS NULL) = (clock_base_ms IS NULL)
        AND (clock_increment_ms IS NULL OR clock_increment_ms >= 0));
ALTER TABLE games ADD COLUMN clock_base_ms INTEGER CHECK (clock_base_ms > 0);
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER
    CHECK ((clock_increment_ms IS NULL) = (clock_base_ms IS NULL)
        AND (clock_increment_ms IS NULL OR clock_increment_ms >= 0));
ALTER TABLE games ADD COLUMN white_left_ms INTEGER
    CHECK ((white_left_ms IS NULL) = (clock_base_ms IS NULL)
        AND (white_left_ms IS NULL OR white_left_ms >= 0));
ALTER TABLE games ADD COLUMN black_left_ms INTEGER
    CHECK ((black_left_ms IS NULL) = (clock_base_ms IS NULL)
        AND (black_left_ms IS NULL OR black_left_ms >= 0));
-- The flag sweep (every second) reads the active live games only.
CREATE INDEX games_live ON games (last_move_at) WHERE status = 'active' AND clock_base_ms IS NOT NULL;
