-- Dama schema on PostgreSQL, version 10: the outbox carries more kinds of notices (as
-- migrations/sqlite/0010_outbox_kinds.sql): the engine's move the sweep resumed, what a
-- person's move or action that ends a game brings besides its answer, a tournament's round
-- paired and its end, a server's puzzle of the day.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
    CHECK (kind IN ('expired', 'forfeit', 'idle', 'reminder',
                    'engine_move', 'move', 'ended', 'round', 'tournament_end', 'daily'));

-- The notices still to post of one change (its kind and subject), for the process that made
-- it and posts its notice at once.
CREATE INDEX outbox_subject ON outbox (kind, subject) WHERE posted_at IS NULL;
