-- Dama schema on PostgreSQL, version 11: languages kept with games and people (as
-- migrations/sqlite/0011_game_language.sql). A game's public messages are in the language of
-- the person who started it where the server chose none; a direct message is in its
-- recipient's language, as their Discord client last showed it. NULL: not known.
ALTER TABLE games ADD COLUMN language TEXT CHECK (language IN ('it', 'en', 'es'));
ALTER TABLE people ADD COLUMN language TEXT CHECK (language IN ('it', 'en', 'es'));
