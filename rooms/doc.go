// Package rooms is the runtime every game plays in.
//
// # Model
//
// A Hub holds the live rooms. A Room owns one match of a games.Game (package games): one
// goroutine applies every command in order, and nothing else touches the
// match. Other goroutines talk to a room through its inbox (Room.Take,
// Session.Receive), and read its lobby from an atomic snapshot.
//
// The flow of one command:
//
//	phone -> transport reader -> Session.Receive (strict decode)
//	      -> room inbox -> room goroutine: Game.Apply
//	      -> Store.AppendCommand on its own goroutine, while the room
//	         builds, per connected seat, its events + its View patch
//	      -> committed: version+1
//	      -> each session's bounded outbox -> transport writer -> phone
//	         (a seat's frame as soon as it is built and the row committed)
//
// Durable before visible: effects are sent only after the log row is
// committed (the frames are built meanwhile, and dropped with the seats'
// feeds put back if the write fails; once the commit is in, each frame
// leaves as it is built, so the sockets are written while the next seats'
// views are built). When the store fails, the command is refused with
// CodeInternal and the game is rebuilt from the log in memory, so the
// state is as if the command never came.
//
// # Versions, history and reconnects
//
// The room version counts log rows: 0 before the start, 1 for the start,
// then one per accepted command (players', bots', clock ticks). A phone is
// told only versions its seat learnt something at: welcomes and updates
// carry the seat's, the ack of a command its own, everything else (pong,
// errors, the lobby) the public version, that of the latest event for
// everyone. So no phone can poll the version to time another side's
// private orders. A room keeps the events of its last
// Config.History versions; a phone that says hello with its last version
// gets exactly the events since (filtered for its seat) and its current
// view, or its view alone with Gap set when the history no longer reaches
// back or the version is from the future.
//
// Commands carry a client id. (seat, id) -> version is remembered for the
// life of the match (rebuilt from the log on Resume), so a repeated id is
// acknowledged with the original version and never applied twice.
//
// # Seats and the host
//
// Taking a seat returns a secret token (192 bits, base64url); the store
// keeps only its SHA-256, compared in constant time. The first player to
// take a seat is the host, who may start the match, move a player to a
// free seat (the player's phones follow with a new welcome), free a seat
// (its phones are dropped and its token dies) and, in games that implement
// Botter, put a bot in a free seat. A match starts when every seat has a
// player or a bot; the room then logs and applies the System command
// {"type":"start"} as version 1, before recording the state change, so a
// crash in between still resumes as playing. Spectators (no token) get the
// public view only and cannot act.
//
// # Bots and clocks
//
// After every accepted command the room asks each bot seat for its next
// command (Botter) and applies it like a player's, logged, until no bot has
// anything to do; Config.BotSteps bounds a bot that never stops. For
// Clocked games the room arms a timer on the game's deadline and applies
// the System command {"type":"tick"} (logged) once the Clock reaches it.
// The Clock is injected: tests drive a ManualClock.
//
// # Slow phones
//
// A Session's outbox is bounded. The room never waits for a phone: when the
// outbox is full it drops the session (Dropped closes) and the phone
// reconnects and resyncs from its last version.
//
// # Restarts and replays
//
// Hub.Resume rebuilds every unfinished room from the store: New(options,
// seed) and every logged command in order, with the logged times. A logged
// command the game now refuses is a hard error: that room is not served,
// and Resume reports it (the others resume). Hub.Replay rebuilds a finished
// match at any version for any seat, the same way.
//
// # Wire protocol
//
// protocol.go defines the messages (Request from phones, Message to them);
// docs/protocol.md documents them with examples. The transport (package
// server) only moves frames.
//
// # Files
//
// room.go holds the Room and its goroutine; apply.go the durable apply
// path (command, store, per-seat updates, the end and the clock); join.go
// sessions, seats and views; host.go the host's actions; claims.go seats
// claimed mid-match; life.go the lobby's pacing, expiry and eviction;
// hub.go the live rooms; session.go a phone's connection and outbox.
//
// The games themselves live in pure packages, listed once in the binary's
// catalogue (package main); rooms knows only the contract of package games
// and names none of them. Package roomstest has a
// small game and a failing store for tests of code built on rooms.
package rooms
