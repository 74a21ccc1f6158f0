package rooms

import (
	"encoding/json"
	"time"

	"periscope/games"
)

// Room states, as stored and as shown in the lobby.
const (
	StateWaiting  = "waiting"
	StatePlaying  = "playing"
	StateFinished = "finished"
	// StateExpired is a room closed without a result (nobody joined it in
	// time): it is neither resumed after a restart nor listed as finished.
	StateExpired = "expired"
)

// RoomRecord is what a store keeps of a room, enough to rebuild its match.
type RoomRecord struct {
	Code     string          `json:"code"`
	Game     string          `json:"game"`
	Options  json.RawMessage `json:"options,omitempty"`
	Seed     uint64          `json:"seed"`
	State    string          `json:"state"`
	Created  time.Time       `json:"created"`
	Finished time.Time       `json:"finished,omitzero"`
	// Outcome is set once the room is finished. Finished is when it
	// finished, or expired.
	Outcome *games.Outcome `json:"outcome,omitempty"`
	// Rematch is the rematch opened for this finished room, if any.
	Rematch *Rematch `json:"rematch,omitempty"`
}

// SeatRecord is one taken seat. A freed seat has an empty TokenHash.
type SeatRecord struct {
	Room string `json:"room"`
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// TokenHash is the SHA-256 of the seat's secret token; the token itself
	// lives only on the player's phone.
	TokenHash []byte `json:"-"`
	Bot       bool   `json:"bot,omitempty"`
	Host      bool   `json:"host,omitempty"`
}

// CommandRecord is one accepted command: a row of the append-only log.
// Version is the room version the command produced (1, 2, 3, ...).
type CommandRecord struct {
	Room     string          `json:"room"`
	Version  int64           `json:"version"`
	Seat     int             `json:"seat"`
	ClientID string          `json:"client_id,omitempty"`
	Body     json.RawMessage `json:"body"`
	Time     time.Time       `json:"time"`
}

// Command is the logged command as the game applies it, on a replay too:
// a seat's command logged without a client id came from the room's bot
// (phones always send one; see games.Command.Bot).
func (c CommandRecord) Command() games.Command {
	return games.Command{Seat: c.Seat, Body: c.Body, Time: c.Time, Bot: c.ClientID == "" && c.Seat >= 0}
}

// SavedRoom is a room as loaded back from a store.
type SavedRoom struct {
	Room     RoomRecord
	Seats    []SeatRecord
	Commands []CommandRecord // in version order
}

// Store persists rooms. Every write returns only once it is durable: the room
// shows a command's effects to nobody before AppendCommand has returned nil.
// The room runtime calls a Store from one goroutine per room; implementations
// must be safe for concurrent use by many rooms.
type Store interface {
	CreateRoom(r RoomRecord) error
	// SetState records a state change (waiting -> playing).
	SetState(code, state string) error
	// PutSeat creates or replaces a seat (taking, moving or freeing it).
	PutSeat(s SeatRecord) error
	// PutSeats creates or replaces several seats in one write: all of them
	// land or none does (a move writes the new seat and the freed one).
	PutSeats(seats ...SeatRecord) error
	// AppendCommand adds a row to the log. Versions of a room are strictly
	// increasing; a duplicate version is an error.
	AppendCommand(c CommandRecord) error
	// Finish marks a room finished with its outcome.
	Finish(code string, o games.Outcome, at time.Time) error
	// Expire closes a waiting or playing room without a result, at the
	// given time: Unfinished no longer returns it.
	Expire(code string, at time.Time) error
	// SetRematch records the rematch opened for the finished room code.
	SetRematch(code string, m Rematch) error
	// Load returns one room with its seats and whole log.
	Load(code string) (SavedRoom, error)
	// Unfinished returns every room that is waiting or playing, to resume
	// after a restart.
	Unfinished() ([]SavedRoom, error)
	// Finished lists finished rooms, newest first, for replays and stats.
	Finished(limit int) ([]RoomRecord, error)
	// FinishedPage lists finished rooms newest first, skipping the first
	// offset of them; a limit of zero or less lists all the rest.
	// Finished(limit) is FinishedPage(0, limit).
	FinishedPage(offset, limit int) ([]RoomRecord, error)
}
