-- Dama schema, version 7: each draw offer and takeback request of a game is numbered (1 for
-- the game's first, each kind on its own), so an answer names the offer or request it answers
-- and the store applies it only while exactly that one stands.
ALTER TABLE games ADD COLUMN draw_offer_seq INTEGER NOT NULL DEFAULT 0 CHECK (draw_offer_seq >= 0);
ALTER TABLE games ADD COLUMN takeback_seq INTEGER NOT NULL DEFAULT 0 CHECK (takeback_seq >= 0);
