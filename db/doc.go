// Package db keeps Periscope's rooms in SQLite: the rooms, their seats, the
// append-only command log and the results of finished matches.
//
// A match is fully determined by its game, options, seed and command log, so
// the log is the one thing that must never be lost or changed. Every write
// returns only once its transaction is committed: the room runtime shows a
// command's effects to nobody before AppendCommand has returned nil. After a
// restart, Unfinished hands back every waiting or playing room with its seats
// and whole log, and the runtime replays it; a finished room is loaded the
// same way to watch its replay. A room nobody joined in time is expired
// (Expire): it keeps its rows but is neither resumed nor listed as finished.
//
// Concurrent appends of many rooms share one commit (group commit, see
// group.go): a lone append is written at once in its own transaction, and
// appends that arrive while a commit runs are written together in the next
// one, each caller answered only once the commit that holds its row is done,
// and with its own error if its row was refused. Seat moves are one
// transaction (PutSeats), so a player is never left in two seats.
//
// The database runs in WAL mode with synchronous=NORMAL: a commit survives a
// killed server (the WAL is written before the call returns) and costs well
// under a millisecond; only a power cut may lose the last commits. All writes go
// through one connection, so writers never fight over the lock; reads of a
// file database use a separate pool and do not wait for writers.
//
// The schema lives in numbered SQL files under migrations/, embedded in the
// binary and applied in order, each in its own transaction, when Open finds
// them missing from the schema_migrations table. Migrations run with foreign
// keys off, so that a table can be rebuilt (SQLite changes a CHECK no other
// way), and each checks every foreign key before it commits.
//
// Times are stored as Unix nanoseconds in UTC, so a replay gets back exactly
// the Command.Time the match was played with. Seeds are stored as the int64
// bit pattern of the uint64, so every seed round-trips.
package db
