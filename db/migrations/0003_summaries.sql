-- The debrief of each finished match, computed once by replaying its log,
-- so history and stats never re-run a match per request. error is set when
-- the log no longer replays (the match is then listed without players).

CREATE TABLE summaries (
	room     TEXT PRIMARY KEY REFERENCES rooms (code),
	versions INTEGER NOT NULL,
	minutes  REAL NOT NULL,
	summary  TEXT NOT NULL,
	error    TEXT NOT NULL DEFAULT '',
	computed INTEGER NOT NULL
) STRICT;

-- Who played which seat of a summarised match, with the side and roles the
-- game gave that seat: stats per player name read this table.
CREATE TABLE players (
	room   TEXT NOT NULL REFERENCES summaries (room),
	seat   INTEGER NOT NULL CHECK (seat >= 0),
	name   TEXT NOT NULL,
	bot    INTEGER NOT NULL DEFAULT 0,
	team   INTEGER NOT NULL,
	side   TEXT NOT NULL,
	label  TEXT NOT NULL,
	roles  TEXT NOT NULL DEFAULT '[]',
	result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'draw')),
	extras TEXT NOT NULL DEFAULT '{}',
	PRIMARY KEY (room, seat)
) STRICT;

CREATE INDEX players_name ON players (name COLLATE NOCASE);
