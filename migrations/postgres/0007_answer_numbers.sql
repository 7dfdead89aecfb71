-- Dama schema on PostgreSQL, version 7: each draw offer and takeback request of a game is
-- numbered (as migrations/sqlite/0007_answer_numbers.sql).
ALTER TABLE games ADD COLUMN draw_offer_seq BIGINT NOT NULL DEFAULT 0 CHECK (draw_offer_seq >= 0);
ALTER TABLE games ADD COLUMN takeback_seq BIGINT NOT NULL DEFAULT 0 CHECK (takeback_seq >= 0);
