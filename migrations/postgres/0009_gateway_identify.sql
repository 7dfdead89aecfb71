-- Dama schema, version 9: turns to identify with Discord's gateway. Discord lets an application
-- start at most `max_concurrency` sessions every 5 seconds, across all its processes; a process
-- sharing this database takes one of the `max_concurrency` slots until its shards have all
-- identified (`until_ms`, wall-clock milliseconds), and waits while every slot is taken.
CREATE TABLE gateway_identify (
    slot     INTEGER PRIMARY KEY CHECK (slot >= 0),
    until_ms BIGINT  NOT NULL
);
