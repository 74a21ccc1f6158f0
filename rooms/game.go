package rooms

import (
	"encoding/json"
	"time"
)

// Seat numbers index Game.Seats(). Two values are not seats of the game.
const (
	// Spectator is the seat of a watcher: it gets the public view only.
	Spectator = -1
	// System is the author of commands the room itself issues, such as a
	// clock running out. They are logged like players' commands so that a
	// replay rebuilds the same match.
	System = -2
)

// SeatSpec describes one seat of a match: one phone at the table.
type SeatSpec struct {
	// Team groups seats that share private information (a crew, a player).
	Team int `json:"team"`
	// Label is what the lobby shows: "Blue Captain + First Mate".
	Label string `json:"label"`
	// Roles names what the seat plays, for pages and permissions.
	Roles []string `json:"roles,omitempty"`
}

// Command is one player's (or the room's) instruction to a game.
type Command struct {
	Seat int             // a seat index, or System
	Body json.RawMessage // the game's own command JSON
	Time time.Time       // the room clock when it was accepted; replays reuse it
}

// Event is something that happened, phrased as the table would hear it.
// Seats lists who may learn of it; nil means everyone, spectators included.
type Event struct {
	Text  string          `json:"text"`
	Kind  string          `json:"kind,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
	Seats []int           `json:"-"`
}

// VisibleTo reports whether seat may see e.
func (e Event) VisibleTo(seat int) bool {
	if e.Seats == nil {
		return true
	}
	for _, s := range e.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// Outcome is the end of a match.
type Outcome struct {
	// Winners lists the winning teams; empty for a draw.
	Winners []int `json:"winners"`
	// Reason is the table's sentence: "Red submarine destroyed".
	Reason string `json:"reason"`
	// Scores holds per-team points where a game keeps them (tournament scoring).
	Scores map[int]int `json:"scores,omitempty"`
}

// Game is one match of a rules engine, owned by one room goroutine.
//
// A Game is a pure state machine: the same definition, options, seed and
// command log always produce the same state. Apply either changes the state
// and returns events, or returns an error and changes nothing.
type Game interface {
	// Seats lists the seats of the match. It never changes during a match.
	Seats() []SeatSpec
	// Apply runs one command. A refused command returns an error whose
	// message names the rule, and leaves the state untouched.
	Apply(cmd Command) ([]Event, error)
	// View is everything seat may know now, ready for JSON. Spectator gets
	// the public view. Views never carry another team's secrets.
	View(seat int) any
	// Outcome is nil while the match is playing.
	Outcome() *Outcome
}

// Clocked is implemented by games with server-owned timers. When the room
// clock reaches the deadline, the room applies a System command with Body
// {"type":"tick"}.
type Clocked interface {
	Deadline() (time.Time, bool)
}

// Botter is implemented by games that can play a seat themselves. After each
// accepted command the room asks every bot seat for its next command and
// applies it as if that seat had sent it (it is logged like any other).
type Botter interface {
	// BotCommand returns the seat's next command, or ok=false when the seat
	// has nothing to do now. It must be deterministic given the game state.
	BotCommand(seat int) (body json.RawMessage, ok bool)
}

// Definition is a game the lobby can create.
type Definition struct {
	// Name is the game's key in the lobby and the database: "sonar".
	Name string
	// Title is what players read: "Captain Sonar".
	Title string
	// New starts a match. Options are the game's own JSON (nil for defaults);
	// seed drives every random draw of the match.
	New func(options json.RawMessage, seed uint64) (Game, error)
}
