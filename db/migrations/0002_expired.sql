-- A room may expire: closed without a result (nobody joined it in time), at
-- the time in expired. SQLite cannot change a CHECK constraint in place, so
-- the table is rebuilt the documented way (sqlite.org/lang_altertable.html,
-- "other kinds of table schema changes"): migrate runs every migration with
-- foreign keys off and checks them all before it commits.

CREATE TABLE rooms_new (
	code    TEXT PRIMARY KEY,
	game    TEXT NOT NULL,
	options TEXT,
	seed    INTEGER NOT NULL,
	state   TEXT NOT NULL CHECK (state IN ('waiting', 'playing', 'finished', 'expired')),
	created INTEGER NOT NULL,
	expired INTEGER,
	CHECK ((state = 'expired') = (expired IS NOT NULL))
) STRICT;

INSERT INTO rooms_new (code, game, options, seed, state, created)
	SELECT code, game, options, seed, state, created FROM rooms;

DROP TABLE rooms;

ALTER TABLE rooms_new RENAME TO rooms;

-- Resuming after a restart looks rooms up by state.
CREATE INDEX rooms_state ON rooms (state);
