-- Dama schema on PostgreSQL, version 12: live games with a clock (as
-- migrations/sqlite/0012_clocks.sql). A challenge and its game may carry a time control (a base
-- and an increment); a game on a clock keeps each side's time left as of its last move
-- (`last_move_at`), when the side to move's clock started. NULL: correspondence, as before.
ALTER TABLE challenges ADD COLUMN clock_base_ms BIGINT CHECK (clock_base_ms > 0);
ALTER TABLE challenges ADD COLUMN clock_increment_ms BIGINT CHECK (clock_increment_ms >= 0);
ALTER TABLE challenges ADD CONSTRAINT challenges_clock_whole
    CHECK ((clock_base_ms IS NULL) = (clock_increment_ms IS NULL));
ALTER TABLE games ADD COLUMN clock_base_ms BIGINT CHECK (clock_base_ms > 0);
ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT CHECK (clock_increment_ms >= 0);
ALTER TABLE games ADD COLUMN white_left_ms BIGINT CHECK (white_left_ms >= 0);
ALTER TABLE games ADD COLUMN black_left_ms BIGINT CHECK (black_left_ms >= 0);
ALTER TABLE games ADD CONSTRAINT games_clock_whole CHECK (
    (clock_base_ms IS NULL AND clock_increment_ms IS NULL AND white_left_ms IS NULL
        AND black_left_ms IS NULL)
    OR (clock_base_ms IS NOT NULL AND clock_increment_ms IS NOT NULL
        AND white_left_ms IS NOT NULL AND black_left_ms IS NOT NULL));
-- The flag sweep (every second) reads the active live games only.
CREATE INDEX games_live ON games (last_move_at) WHERE status = 'active' AND clock_base_ms IS NOT NULL;
