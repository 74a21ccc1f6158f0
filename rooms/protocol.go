package rooms

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"periscope/games"
)

// Client message types (field "t" of a Request).
const (
	TypeHello = "hello" // first message: which seat (token) and the last version seen
	TypeCmd   = "cmd"   // a game command
	TypeHost  = "host"  // a host action: start, free, move, bot
	TypePing  = "ping"  // keep-alive and lag probe; answered with pong
	TypeClaim = "claim" // a new phone asks for a seat of a match in play
	TypeGrant = "grant" // a player of that seat's side answers a claim
)

// Server message types (field "t" of a Message).
const (
	TypeWelcome = "welcome" // answer to hello: seat, lobby, view, missed events
	TypeUpdate  = "update"  // a new version: its events for this seat and the view
	TypeAck     = "ack"     // a command or host action was accepted
	TypeError   = "error"   // a message was refused; nothing changed
	TypeRoom    = "room"    // the lobby changed: seats, state, who is online
	TypePong    = "pong"    // answer to ping
	TypeSeat    = "seat"    // a granted claim: the seat and its new token
)

// Host actions (field "action" of a host Request).
const (
	ActionStart = "start"
	ActionFree  = "free"
	ActionMove  = "move"
	ActionBot   = "bot"
)

// MaxRequest is the largest client message the room reads, in bytes.
const MaxRequest = 16 << 10

// maxID bounds client ids: they are kept for the life of the room.
const maxID = 64

// Request is one message from a phone.
type Request struct {
	T string `json:"t"`
	// ID is the client's id for cmd and host messages: a repeated id is
	// acknowledged again and never applied twice.
	ID string `json:"id,omitempty"`
	// Token is the seat token of hello; empty for spectators.
	Token string `json:"token,omitempty"`
	// V is the last version the phone saw (hello); nil for a first visit.
	V *int64 `json:"v,omitempty"`
	// Cmd is the game's own command (cmd): a JSON object.
	Cmd json.RawMessage `json:"cmd,omitempty"`
	// Action is the host action (host).
	Action string `json:"action,omitempty"`
	// Seat is the seat a free or bot action is about.
	Seat *int `json:"seat,omitempty"`
	// From and To are the seats of a move action.
	From *int `json:"from,omitempty"`
	To   *int `json:"to,omitempty"`
	// Name is the claimant's name (claim).
	Name string `json:"name,omitempty"`
	// Claim is the claim a grant answers; Allow is the answer.
	Claim string `json:"claim,omitempty"`
	Allow *bool  `json:"allow,omitempty"`
}

// DecodeRequest parses one client message strictly: one JSON object, known
// fields only, with the fields its type needs. Its errors are *Error with
// CodeBadRequest and say what is wrong in plain words.
func DecodeRequest(data []byte) (Request, error) {
	if r, ok := decodeQuick(data); ok {
		return r, nil
	}
	return decodeStrict(data)
}

// decodeStrict is DecodeRequest through encoding/json: every message
// decodeQuick does not take, and the wording of every refusal.
func decodeStrict(data []byte) (Request, error) {
	var r Request
	if len(data) > MaxRequest {
		return r, errorf(CodeBadRequest, "message too large: %d bytes, the limit is %d", len(data), MaxRequest)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Request{}, &Error{Code: CodeBadRequest, Message: jsonProblem(err), Err: err}
	}
	if _, err := dec.Token(); err != io.EOF {
		return Request{}, errorf(CodeBadRequest, "malformed JSON: more than one value in the message")
	}
	// encoding/json keeps the last of two equal keys: a message giving
	// "cmd" twice would send the game the second. Inside cmd the game
	// itself refuses a repeated key, with its rule code (games.DecodeStrict).
	if k, ok := repeatedKey(data); ok {
		return Request{}, errorf(CodeBadRequest, "malformed message: the field %q is given twice", k)
	}
	if err := r.check(); err != nil {
		return Request{}, err
	}
	return r, nil
}

func (r *Request) check() error {
	need := func(ok bool, field string) error {
		if ok {
			return nil
		}
		return errorf(CodeBadRequest, "%s message needs the field %q", r.T, field)
	}
	switch r.T {
	case "":
		return errorf(CodeBadRequest, "message needs the field \"t\" (hello, cmd, host, claim, grant or ping)")
	case TypeHello:
		if r.V != nil && *r.V < 0 {
			return errorf(CodeBadRequest, "hello: version %d is negative", *r.V)
		}
	case TypeCmd:
		if err := need(r.ID != "", "id"); err != nil {
			return err
		}
		if err := need(len(r.Cmd) > 0, "cmd"); err != nil {
			return err
		}
		if r.Cmd[0] != '{' {
			return errorf(CodeBadRequest, "cmd: the command must be a JSON object")
		}
	case TypeHost:
		if err := need(r.ID != "", "id"); err != nil {
			return err
		}
		switch r.Action {
		case ActionStart:
		case ActionFree, ActionBot:
			if err := need(r.Seat != nil, "seat"); err != nil {
				return err
			}
		case ActionMove:
			if err := need(r.From != nil, "from"); err != nil {
				return err
			}
			if err := need(r.To != nil, "to"); err != nil {
				return err
			}
		case "":
			return need(false, "action")
		default:
			return errorf(CodeBadRequest, "unknown host action %q (start, free, move or bot)", r.Action)
		}
	case TypeClaim:
		if err := need(r.ID != "", "id"); err != nil {
			return err
		}
		if err := need(r.Seat != nil, "seat"); err != nil {
			return err
		}
	case TypeGrant:
		if err := need(r.ID != "", "id"); err != nil {
			return err
		}
		if err := need(r.Claim != "", "claim"); err != nil {
			return err
		}
		if err := need(r.Allow != nil, "allow"); err != nil {
			return err
		}
	case TypePing:
	default:
		return errorf(CodeBadRequest, "unknown message type %q (hello, cmd, host, claim, grant or ping)", r.T)
	}
	if len(r.ID) > maxID {
		return errorf(CodeBadRequest, "id is longer than %d characters", maxID)
	}
	for i := 0; i < len(r.ID); i++ {
		if r.ID[i] < 0x21 || r.ID[i] > 0x7e {
			return errorf(CodeBadRequest, "id must be printable ASCII without spaces")
		}
	}
	return nil
}

// repeatedKey returns a key the message object gives twice, as
// encoding/json compares them (letter case aside), if one does. data has
// already been decoded without error.
func repeatedKey(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return "", false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		k, ok := tok.(string)
		if err != nil || !ok {
			return "", false
		}
		folded := strings.ToLower(strings.ToUpper(k))
		if seen[folded] {
			return k, true
		}
		seen[folded] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", false
		}
	}
	return "", false
}

// jsonProblem turns encoding/json's errors into a sentence without Go types.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("malformed JSON at byte %d", syn.Offset)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return "malformed message: expected a JSON object"
		}
		return fmt.Sprintf("field %q must be %s, not %s", typ.Field, kindOf(typ.Type.Kind().String()), typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON: the message is empty or cut short"
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return "malformed message: " + msg
}

func kindOf(k string) string {
	switch k {
	case "string":
		return "a string"
	case "int", "int64":
		return "a whole number"
	case "ptr":
		return "a whole number"
	}
	return "a " + k
}

// Message is one message to a phone. Every message carries the room version.
type Message struct {
	T string `json:"t"`
	V int64  `json:"v"`
	// ID echoes the client id of the cmd or host message acknowledged or refused.
	ID string `json:"id,omitempty"`
	// Seat is the phone's seat (welcome): a seat index or Spectator.
	Seat *int `json:"seat,omitempty"`
	// Room is the lobby (welcome, room).
	Room *Lobby `json:"room,omitempty"`
	// View is everything the seat may know now: always on welcome, and on
	// an update when a patch would not be smaller.
	View json.RawMessage `json:"view,omitempty"`
	// Patch turns the view of version Base into this version's (update):
	// an RFC 6902 JSON Patch. A phone whose view is not of version Base
	// has missed something and reconnects.
	Patch json.RawMessage `json:"patch,omitempty"`
	Base  *int64          `json:"base,omitempty"`
	// Events are the new events this seat may see (update), or those it
	// missed since the version of its hello (welcome).
	Events []WireEvent `json:"events,omitempty"`
	// Gap tells a welcome that the events since the hello version are too old
	// to replay: the view is the whole truth.
	Gap bool `json:"gap,omitempty"`
	// Dup marks the ack of a repeated id: nothing was applied again.
	Dup bool `json:"dup,omitempty"`
	// Code and Message explain an error; Rule names the game rule that
	// refused a command (code "refused"), the same for every refusal of it.
	Code    string `json:"code,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
	// Token is the secret of a seat granted to this phone (seat).
	Token string `json:"token,omitempty"`
}

// WireEvent is an event as sent: with the version that produced it.
type WireEvent struct {
	V int64 `json:"v"`
	games.Event
}

// Lobby is the public state of a room: what the lobby and every phone show.
type Lobby struct {
	Code    string      `json:"code"`
	Game    string      `json:"game"`
	Title   string      `json:"title"`
	State   string      `json:"state"`
	Version int64       `json:"v"`
	Created time.Time   `json:"created"`
	Seats   []LobbySeat `json:"seats"`
	// Options are the room's options as created (only those that differ
	// from the game's defaults), so a list of rooms can tell them apart.
	Options json.RawMessage `json:"options,omitempty"`
	// Spectators counts the phones watching without a seat.
	Spectators int            `json:"spectators"`
	Outcome    *games.Outcome `json:"outcome,omitempty"`
	// Claims are phones asking for a seat of the match in play; a player of
	// the seat's side grants or refuses them.
	Claims []LobbyClaim `json:"claims,omitempty"`
	// Expires is when a waiting room nobody has joined closes.
	Expires *time.Time `json:"expires,omitempty"`
}

// LobbyClaim is a pending claim as every phone sees it.
type LobbyClaim struct {
	ID   string `json:"id"`
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// LobbySeat is one seat as the lobby shows it. It never carries a token.
type LobbySeat struct {
	Seat   int      `json:"seat"`
	Team   int      `json:"team"`
	Label  string   `json:"label"`
	Roles  []string `json:"roles,omitempty"`
	Name   string   `json:"name,omitempty"`
	Taken  bool     `json:"taken"`
	Bot    bool     `json:"bot,omitempty"`
	Host   bool     `json:"host,omitempty"`
	Online bool     `json:"online,omitempty"`
}

// Free reports whether the seat can be taken.
func (s LobbySeat) Free() bool { return !s.Taken && !s.Bot }

// ErrorFrame encodes an error message for a phone, for transports that must
// refuse a connection before a room exists for it.
func ErrorFrame(err error, version int64) []byte {
	b, _ := json.Marshal(Message{T: TypeError, V: version, Code: ErrorCode(err), Rule: ErrorRule(err), Message: ErrorMessage(err)})
	return b
}
