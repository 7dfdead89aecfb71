-- Dama schema, version 2: what each server (guild) has chosen.
--
-- Languages are the codes 'it', 'en', 'es'.

-- One row per server that has a setting or whose Discord language has been seen.
CREATE TABLE servers (
    guild_id         INTEGER PRIMARY KEY,
    -- The language of the server's public messages, as those who manage it chose
    -- (`/settings language`); NULL follows the server's Discord language.
    language         TEXT CHECK (language IN ('it', 'en', 'es')),
    -- The server's Discord language, as last seen on an interaction (its `guild_locale`).
    discord_language TEXT CHECK (discord_language IN ('it', 'en', 'es'))
);
