// Package games is the contract between a game's rules and the room
// runtime: what a match is (Game), what it is made of (seats, commands,
// events, outcome), how a refusal names its rule, and what the lobby shows
// of a game (Definition, with its options and house content).
//
// It imports nothing of the project, so a game package depends on this
// small, stable contract and never on the runtime, the server or the store.
// Each game lives below it: games/gridtactics, games/pocketsub, ...
package games

import (
	"encoding/json"
	"fmt"
	"time"
)

// Seat numbers index Game.Seats(). Two values are not seats of the game.
const (
	// Spectator is the seat of a watcher: it gets the public view only.
	Spectator = -1
	// System is the author of commands the room itself issues: the start,
	// a clock running out. They are logged like players' commands so that
	// a replay rebuilds the same match.
	System = -2
)

// The System commands the room issues, as bodies.
var (
	StartBody = json.RawMessage(`{"type":"start"}`)
	TickBody  = json.RawMessage(`{"type":"tick"}`)
)

// SeatSpec describes one seat of a match: one phone at the table.
type SeatSpec struct {
	// Team groups seats that share private information (a crew, a player,
	// a pair of team-mates). A seat changes phones mid-match only with the
	// consent of a seat of its own team.
	Team int `json:"team"`
	// Label is what the lobby shows: "Blue Captain + First Mate".
	Label string `json:"label"`
	// Roles names what the seat plays, for pages and permissions.
	Roles []string `json:"roles,omitempty"`
}

// Command is one player's (or the room's) instruction to a game.
type Command struct {
	Seat int             // a seat index, or System
	Body json.RawMessage // the game's own command JSON, an object with "type"
	Time time.Time       // the room clock when it was accepted; replays reuse it
	// Bot is set when the room's bot for Seat gave the command (Botter),
	// not a phone: a game may keep some commands to its bots. The room
	// logs bot commands without a client id, which phones always send, so
	// a replay tells them apart (rooms.CommandRecord.Command).
	Bot bool
}

// Event is something that happened, phrased as the table would hear it.
// Events are the match's log: pages keep their log from the events they
// receive (all of them on welcome), so a view need not repeat them.
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
	// Scores holds per-team points where a game keeps them.
	Scores map[int]int `json:"scores,omitempty"`
	// Kind says how the match ended, as a snake_case code for tables and
	// tests ("destroyed", "points", "concede", "round_limit", "draw"...);
	// Reason is the sentence.
	Kind string `json:"kind,omitempty"`
}

// Game is one match of a rules engine, owned by one room goroutine.
//
// A Game is a pure state machine: the same definition, options, seed and
// command log always produce the same state. Apply either changes the state
// and returns events, or returns an error that names the rule (see
// RuleError) and changes nothing.
type Game interface {
	// Seats lists the seats of the match. It never changes during a match.
	Seats() []SeatSpec
	// Apply runs one command.
	Apply(cmd Command) ([]Event, error)
	// View is everything seat may know now, ready for JSON. Spectator gets
	// the public view. Views never carry another team's secrets. The room
	// sends a phone the whole view once, then only what changed, so a view
	// should hold the state, not a log that grows with the match (events
	// carry the log).
	View(seat int) any
	// Outcome is nil while the match is playing.
	Outcome() *Outcome
}

// SeatWatcher is implemented by games that keep state about which seats
// their bots play (a bot's pace, what a bot tells its team). When the
// host frees a bot's seat during play, the room applies, as System and
// logged like any command, SeatFreedBody(seat): a person may take the
// seat next, and the game stops treating it as its bot's.
type SeatWatcher interface {
	WatchesSeats()
}

// SeatFreedBody is the System command that tells a SeatWatcher a bot's
// seat was freed during play.
func SeatFreedBody(seat int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"seat_freed","seat":%d}`, seat))
}

// ViewAppender is implemented by games that write a view's JSON
// themselves: AppendView appends exactly the bytes of
// json.Marshal(View(seat)) to dst. The room then uses it in place of
// json.Marshal, so a game whose seats share most of their view can
// marshal the shared parts once per version instead of once per seat.
// Like append, it must neither keep dst nor return memory it still holds:
// the room writes later views into the buffers it gets back.
type ViewAppender interface {
	AppendView(dst []byte, seat int) ([]byte, error)
}

// Clocked is implemented by games with server-owned timers. When the room
// clock reaches the deadline, the room applies a System command TickBody.
type Clocked interface {
	Deadline() (time.Time, bool)
}

// Botter is implemented by games that can play a seat themselves. After each
// accepted command the room asks every bot seat for its next command and
// applies it as if that seat had sent it (it is logged like any other). A
// bot decides from what its seat may know: its view, never the whole state.
type Botter interface {
	// BotCommand returns the seat's next command, or ok=false when the seat
	// has nothing to do now. It must be deterministic given the game state.
	BotCommand(seat int) (body json.RawMessage, ok bool)
}

// Debriefer is implemented by games whose debrief says more than every
// game's players, sides, results and length (package debrief): what the
// match was about, tallied on the one replay of a finished match. Captain
// Sonar's tallies damage, systems per role and turning points.
type Debriefer interface {
	// Debrief starts the tally of the match this game, new and not yet
	// started, is about to replay: the tally may read the game's views
	// as the replay goes.
	Debrief() Tally
}

// Tally follows one replay of a finished match (Debriefer).
type Tally interface {
	// Step sees the events of the command logged at version v, once the
	// game has applied it.
	Step(v int64, events []Event)
	// Result is the game's own part of the debrief, marshalled as JSON
	// under the game's name, and each seat's own counts by seat index
	// (nil or shorter: none), which the stats sum across matches.
	Result() (detail any, extras []map[string]int)
}

// RuleError is a refused command: the rule's machine code (snake_case, the
// same for every refusal of that rule) and a sentence a player can read.
type RuleError struct {
	Rule    string
	Message string
}

func (e *RuleError) Error() string { return e.Message }

// RuleCode returns the rule's machine code.
func (e *RuleError) RuleCode() string { return e.Rule }

// Refuse builds a RuleError.
func Refuse(rule, format string, args ...any) *RuleError {
	return &RuleError{Rule: rule, Message: sprintf(format, args...)}
}

// Ruled is any error that names the rule it enforces. Rules packages that
// import nothing (package sonar) implement it with a method of their own.
type Ruled interface {
	error
	RuleCode() string
}

// Definition is a game the lobby can create: its catalogue entry.
type Definition struct {
	// Name is the game's key in the lobby, the URLs and the database.
	Name string `json:"name"`
	// Title is what players read: "Captain Sonar".
	Title string `json:"title"`
	// Summary is one line for the lobby.
	Summary string `json:"summary,omitempty"`
	// Players is the number of people the game seats, for the lobby.
	MinPlayers int `json:"min_players"`
	MaxPlayers int `json:"max_players"`
	// Page is the page a seat opens: "/sonar.html", "/tactics.html".
	Page string `json:"page"`
	// TablePage is the page /table/CODE serves for a room of this game;
	// empty: Page, which, holding no seat, watches as the table screen.
	TablePage string `json:"table_page,omitempty"`
	// Bots is set when the game can play seats itself (it is a Botter).
	Bots bool `json:"bots,omitempty"`
	// Options are the room options the lobby offers, with their defaults.
	Options []Option `json:"options,omitempty"`
	// House lists the content of this game that is our design, not the
	// publisher's (boards, units, layouts), as the pages label it.
	House []string `json:"house,omitempty"`
	// HouseRules lists every decision of ours that changes play where the
	// rulebook is silent or unclear, one source for the page's "House rules
	// at this table" and for docs/rules-decisions.md (a test keeps the two
	// in agreement).
	HouseRules []HouseRule `json:"house_rules,omitempty"`
	// New starts a match. Options are the game's own JSON object (nil for
	// the defaults); seed drives every random draw of the match.
	New func(options json.RawMessage, seed uint64) (Game, error) `json:"-"`
}

// HouseRule is one decision of ours that changes play. A rule with an
// Option is in force only in rooms whose option Option has one of Values
// (compared as JSON values, the default applying when the room left the
// option out); a rule without one is always in force.
type HouseRule struct {
	// ID is a stable snake_case name, for tests and the docs.
	ID string `json:"id"`
	// Text is what a player reads: one or two plain sentences, no rule codes.
	Text   string `json:"text"`
	Option string `json:"option,omitempty"`
	Values []any  `json:"values,omitempty"`
}

// Bot strengths: the same three names and order in every game, the value
// of each game's "bot_level" option.
const (
	BotLearner = "learner"
	BotCrew    = "crew"
	BotVeteran = "veteran"
)

// BotLevels lists the strengths from weakest to strongest.
var BotLevels = []string{BotLearner, BotCrew, BotVeteran}

// BotLevelOption is every game's "bot_level" option: the same key, label,
// default (crew) and three choices in every lobby, each game saying in
// help and in the three labels how its bots play. The "(default)" mark
// goes on the crew's label here.
func BotLevelOption(help, learner, crew, veteran string) Option {
	return Option{Key: "bot_level", Label: "Bot strength", Kind: OptionChoice, Default: BotCrew, House: true, Help: help,
		Choices: []Choice{
			{Value: BotLearner, Label: "Learner: " + learner, House: true},
			{Value: BotCrew, Label: "Crew: " + crew + " (default)", House: true},
			{Value: BotVeteran, Label: "Veteran: " + veteran, House: true},
		}}
}

// CheckBotLevel is every game's check of its "bot_level" option, so the
// lobby reads the same sentence whichever game refused it.
func CheckBotLevel(level string) error {
	for _, l := range BotLevels {
		if l == level {
			return nil
		}
	}
	return fmt.Errorf("options: bot_level is learner, crew or veteran, not %q", level)
}

// LeveledBotter is a Botter that can play any seat at any strength,
// whatever the room's option says: the balance tool seats two strengths
// against each other with it. Like BotCommand it decides from what the
// seat may know and is deterministic given the game state.
type LeveledBotter interface {
	BotCommandAt(seat int, level string) (body json.RawMessage, ok bool)
}

// Starter is implemented by games in which one team takes the first turn
// of play (after any setup); ok is false until that is decided. Balance
// tables report the first player's win rate with it.
type Starter interface {
	FirstTeam() (team int, ok bool)
}

// Option kinds.
const (
	OptionChoice = "choice" // one of Choices
	OptionBool   = "bool"
	OptionInt    = "int" // Min to Max
)

// Option is one room option as the lobby offers it. Its Key is the field of
// the options JSON object the game reads.
type Option struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Help    string   `json:"help,omitempty"`
	Kind    string   `json:"kind"`
	Choices []Choice `json:"choices,omitempty"`
	Min     int      `json:"min,omitempty"`
	Max     int      `json:"max,omitempty"`
	// Default is the value the game uses when the key is absent.
	Default any `json:"default"`
	// Advanced options are folded away in the lobby.
	Advanced bool `json:"advanced,omitempty"`
	// House marks an option that is our design, not the rulebook's.
	House bool `json:"house,omitempty"`
}

// Choice is one value of a choice option.
type Choice struct {
	Value any    `json:"value"`
	Label string `json:"label"`
	// House marks content of our design (a house layout, a house faction).
	House bool `json:"house,omitempty"`
}
