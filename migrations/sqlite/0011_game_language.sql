-- Dama schema, version 11: languages kept with games and people. A game's public messages are
-- in the language of the person who started it where the server chose none (a server that is
-- not a Community server has no Discord language of its own); a direct message is in its
-- recipient's language, as their Discord client last showed it.
--
-- NULL: not known (a game from an earlier version, a tournament game; a person not seen since).
ALTER TABLE games ADD COLUMN language TEXT CHECK (language IN ('it', 'en', 'es'));
ALTER TABLE people ADD COLUMN language TEXT CHECK (language IN ('it', 'en', 'es'));
