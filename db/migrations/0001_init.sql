-- Rooms, their seats, the append-only command log and results.
-- Times are Unix nanoseconds UTC; seeds are the uint64 seed's int64 bit pattern.

CREATE TABLE rooms (
	code    TEXT PRIMARY KEY,
	game    TEXT NOT NULL,
	options TEXT,
	seed    INTEGER NOT NULL,
	state   TEXT NOT NULL CHECK (state IN ('waiting', 'playing', 'finished')),
	created INTEGER NOT NULL
) STRICT;

-- Resuming after a restart looks rooms up by state.
CREATE INDEX rooms_state ON rooms (state);

CREATE TABLE seats (
	room       TEXT NOT NULL REFERENCES rooms (code),
	seat       INTEGER NOT NULL CHECK (seat >= 0),
	name       TEXT NOT NULL,
	token_hash BLOB,
	bot        INTEGER NOT NULL DEFAULT 0,
	host       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (room, seat)
) STRICT;

CREATE TABLE commands (
	room      TEXT NOT NULL REFERENCES rooms (code),
	version   INTEGER NOT NULL CHECK (version >= 1),
	seat      INTEGER NOT NULL,
	client_id TEXT NOT NULL DEFAULT '',
	body      TEXT NOT NULL,
	time      INTEGER NOT NULL,
	PRIMARY KEY (room, version)
) STRICT, WITHOUT ROWID;

-- The log is append-only: a replay must see exactly what the table played.
CREATE TRIGGER commands_no_update BEFORE UPDATE ON commands
BEGIN
	SELECT RAISE(ABORT, 'the command log is append-only');
END;

CREATE TRIGGER commands_no_delete BEFORE DELETE ON commands
BEGIN
	SELECT RAISE(ABORT, 'the command log is append-only');
END;

CREATE TABLE results (
	room     TEXT PRIMARY KEY REFERENCES rooms (code),
	outcome  TEXT NOT NULL,
	finished INTEGER NOT NULL
) STRICT;

-- Finished lists the newest results first.
CREATE INDEX results_finished ON results (finished);
