package sonar

import "fmt"

// Code classifies a refused command, for pages that react to the kind of
// refusal (highlight a cell, point at a role). Players read the Message.
type Code string

// The refusal codes.
const (
	CodeMalformed  Code = "malformed"   // the command is not well formed
	CodeNotStarted Code = "not_started" // the match has not begun
	CodeOver       Code = "over"        // the match has ended
	CodeRole       Code = "wrong_role"  // this role may not give this order
	CodeTurn       Code = "not_your_turn"
	CodeWait       Code = "wait"       // another step must happen first
	CodeSurfaced   Code = "surfaced"   // not while surfaced (or not surfaced)
	CodeOffMap     Code = "off_map"    // the target is off the map
	CodeIsland     Code = "island"     // the target is an island
	CodeRoute      Code = "own_route"  // the target is on the crew's own route
	CodeOwnMine    Code = "own_mine"   // the target holds one of the crew's mines
	CodeBlackout   Code = "blackout"   // no legal course: the crew must surface
	CodeNotReady   Code = "not_ready"  // the system's gauge is not full
	CodeBreakdown  Code = "breakdown"  // a symbol of the system's colour is crossed out
	CodeOneSystem  Code = "one_system" // a course must come between two systems
	CodeRange      Code = "range"      // the target is out of reach
	CodeInvalid    Code = "invalid"    // the order breaks another rule
)

// RuleError is a refused command. The match is unchanged.
type RuleError struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

func (e *RuleError) Error() string { return e.Message }

func refuse(code Code, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Message: fmt.Sprintf(format, args...)}
}
