package rooms

import (
	"errors"
	"fmt"
)

// Error codes, shared by the websocket protocol and the lobby HTTP API. The
// server maps each to an HTTP status in one place.
const (
	CodeBadRequest   = "bad_request"  // the message itself is malformed
	CodeUnauthorized = "unauthorized" // no seat holds this token
	CodeForbidden    = "forbidden"    // the sender may not do this (not host, spectator)
	CodeNotFound     = "not_found"    // no such room, game or seat
	CodeConflict     = "conflict"     // not now: seat taken, match not started, already over
	CodeRefused      = "refused"      // the game's rules refuse the command
	CodeInternal     = "internal"     // the server failed (for example the log could not be written)
	CodeUnavailable  = "unavailable"  // the room or server is shutting down
)

// Error is a failure with a code and a sentence a player can read.
type Error struct {
	Code    string
	Message string
	// Rule is the game rule's machine code, for refusals.
	Rule string
	// Err is the underlying cause, kept for logs; it is never sent to phones.
	Err error
}

func (e *Error) Error() string { return e.Message }

func (e *Error) Unwrap() error { return e.Err }

// The runtime's own rules, for refusals that are not the game's: a page
// reacts to them as to a game's rule codes.
const (
	RuleNotStarted   = "not_started"   // nothing is played before the start
	RuleMatchOver    = "match_over"    // nothing changes after the end
	RuleSpectator    = "spectator"     // spectators watch: no orders, no host actions
	RuleBotSeat      = "bot_seat"      // a bot plays that seat
	RuleMatchStarted = "match_started" // once in play, a seat changes phones only by a granted claim
	RuleOtherSide    = "other_side"    // once in play, nobody acts on the other side's seats
	RuleHostOnly     = "host_only"     // only the host starts, frees, moves, seats bots and closes the room
	// RuleSpectatorsPerAddress: one network address watches a room from a
	// few phones only.
	RuleSpectatorsPerAddress = "spectators_per_address"
)

// ruled names the rule e enforces.
func (e *Error) ruled(rule string) *Error {
	e.Rule = rule
	return e
}

// errorf builds an *Error with a formatted message.
func errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err: the Code of an *Error in its chain, or
// CodeInternal for any other error.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrorMessage returns the message a player may read for err. Errors that are
// not *Error are internal and their text stays in the server log.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal server error"
}

// ErrorRule returns the rule code of a refusal, or "".
func ErrorRule(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Rule
	}
	return ""
}
