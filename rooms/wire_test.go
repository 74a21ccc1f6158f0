package rooms_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestWireGolden pins every message of the protocol, as the phones read
// and write them: a change of a field's name or shape shows here first,
// and docs/protocol.md must follow.
func TestWireGolden(t *testing.T) {
	seat, spectator, v := 2, -1, int64(14)
	lobby := &rooms.Lobby{Code: "KXQTM", Game: "race", Title: "Race", State: rooms.StatePlaying, Version: v,
		Created: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC), Spectators: 1,
		Seats: []rooms.LobbySeat{
			{Seat: 0, Team: 0, Label: "Runner 1", Roles: []string{"runner"}, Name: "Ana", Taken: true, Host: true, Online: true},
			{Seat: 1, Team: 1, Label: "Runner 2", Name: "Bot", Bot: true}},
		Claims: []rooms.LobbyClaim{{ID: "q8Zr1xT0bQ5m", Seat: 0, Name: "Ann"}}}
	expires := lobby.Created.Add(30 * time.Minute)
	waiting := *lobby
	waiting.State, waiting.Claims, waiting.Expires, waiting.Seats = rooms.StateWaiting, nil, &expires, lobby.Seats[:1]
	events := []rooms.WireEvent{{V: v, Event: games.Event{Text: "Runner 1 moved", Kind: "move", Data: json.RawMessage(`{"n":2}`)}}}
	messages := []struct {
		name string
		msg  rooms.Message
	}{
		{"welcome", rooms.Message{T: rooms.TypeWelcome, V: v, Seat: &seat, Room: lobby, View: json.RawMessage(`{"turn":0}`), Events: events}},
		{"welcome with a gap", rooms.Message{T: rooms.TypeWelcome, V: v, Seat: &spectator, Room: &waiting, View: json.RawMessage(`{"turn":0}`), Gap: true}},
		{"update with a patch", rooms.Message{T: rooms.TypeUpdate, V: v, Base: ptr(v - 1), Events: events, Patch: json.RawMessage(`[{"op":"replace","path":"/turn","value":1}]`)}},
		{"update with the whole view", rooms.Message{T: rooms.TypeUpdate, V: v, View: json.RawMessage(`{"turn":1}`)}},
		{"update with events only", rooms.Message{T: rooms.TypeUpdate, V: v, Base: ptr(v - 3), Events: events}},
		{"ack", rooms.Message{T: rooms.TypeAck, V: v, ID: "a81f3c-21"}},
		{"ack of a repeated id", rooms.Message{T: rooms.TypeAck, V: 12, ID: "a81f3c-21", Dup: true}},
		{"refusal", rooms.Message{T: rooms.TypeError, V: v, ID: "a81f3c-22", Code: rooms.CodeRefused, Rule: "add_range", Message: "add 1 to 3, not 9"}},
		{"error", rooms.Message{T: rooms.TypeError, V: v, Code: rooms.CodeUnauthorized, Message: "your seat moved to another phone"}},
		{"room", rooms.Message{T: rooms.TypeRoom, V: v, Room: lobby}},
		{"seat", rooms.Message{T: rooms.TypeSeat, V: v, Seat: &seat, Token: "mD2w6R0e1J8p0xk0YyX5f2bq6rj3Lk1T"}},
		{"pong", rooms.Message{T: rooms.TypePong, V: v, ID: "p5"}},
	}
	requests := []string{
		`{"t":"hello","token":"mD2w6R0e1J8p0xk0YyX5f2bq6rj3Lk1T","v":12}`,
		`{"t":"hello"}`,
		`{"t":"cmd","id":"a81f3c-17","cmd":{"type":"add","n":2}}`,
		`{"t":"host","id":"a81f3c-18","action":"start"}`,
		`{"t":"host","id":"a81f3c-19","action":"move","from":1,"to":3}`,
		`{"t":"host","id":"a81f3c-20","action":"bot","seat":1}`,
		`{"t":"host","id":"a81f3c-21","action":"free","seat":1}`,
		`{"t":"claim","id":"c1","seat":2,"name":"Ann"}`,
		`{"t":"grant","id":"a81f3c-22","claim":"q8Zr1xT0bQ5m","allow":true}`,
		`{"t":"ping","id":"p5"}`,
	}
	var b strings.Builder
	b.WriteString("# server messages\n")
	for _, m := range messages {
		raw, err := json.Marshal(m.msg)
		if err != nil {
			t.Fatal(err)
		}
		checkSnake(t, m.name, raw)
		b.WriteString("\n## " + m.name + "\n" + string(raw) + "\n")
	}
	b.WriteString("\n# client messages (each decodes and re-encodes to itself)\n")
	for _, in := range requests {
		r, err := rooms.DecodeRequest([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, _ := json.Marshal(r)
		if string(out) != in {
			t.Errorf("request %s re-encodes as %s", in, out)
		}
		checkSnake(t, in, out)
		b.WriteString("\n" + in + "\n")
	}
	path := filepath.Join("testdata", "wire.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if string(want) != b.String() {
		t.Fatalf("the wire changed; if on purpose, update docs/protocol.md and run go test ./rooms/ -run WireGolden -update\n%s", b.String())
	}
}

var snake = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// checkSnake fails on any object key of raw that is not snake_case: one
// naming style on the wire.
func checkSnake(t *testing.T, what string, raw []byte) {
	t.Helper()
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if !snake.MatchString(k) {
					t.Errorf("%s: key %q is not snake_case", what, k)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	walk(doc)
}

// TestErrorCodesAreSnakeCase: the runtime's codes follow the same style.
func TestErrorCodesAreSnakeCase(t *testing.T) {
	for _, c := range []string{rooms.CodeBadRequest, rooms.CodeUnauthorized, rooms.CodeForbidden, rooms.CodeNotFound,
		rooms.CodeConflict, rooms.CodeRefused, rooms.CodeInternal, rooms.CodeUnavailable} {
		if !snake.MatchString(c) {
			t.Errorf("error code %q is not snake_case", c)
		}
	}
}

// TestProtocolDocListsEveryMessage: docs/protocol.md has a row for every
// message type, error code and rule code the runtime sends, and names
// every host action, so a page author can rely on its tables.
func TestProtocolDocListsEveryMessage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := []string{
		rooms.TypeHello, rooms.TypeCmd, rooms.TypeHost, rooms.TypePing, rooms.TypeClaim, rooms.TypeGrant,
		rooms.TypeWelcome, rooms.TypeUpdate, rooms.TypeAck, rooms.TypeError, rooms.TypeRoom, rooms.TypePong, rooms.TypeSeat,
		rooms.CodeBadRequest, rooms.CodeUnauthorized, rooms.CodeForbidden, rooms.CodeNotFound,
		rooms.CodeConflict, rooms.CodeRefused, rooms.CodeInternal, rooms.CodeUnavailable,
		rooms.RuleNotStarted, rooms.RuleMatchOver, rooms.RuleSpectator, rooms.RuleBotSeat,
		rooms.RuleMatchStarted, rooms.RuleOtherSide, rooms.RuleHostOnly, rooms.RuleSpectatorsPerAddress,
	}
	for _, name := range rows {
		if !strings.Contains(string(doc), "\n| `"+name+"` |") {
			t.Errorf("docs/protocol.md has no table row for %q", name)
		}
	}
	for _, a := range []string{rooms.ActionStart, rooms.ActionFree, rooms.ActionMove, rooms.ActionBot} {
		if !strings.Contains(string(doc), "`"+a+"`") {
			t.Errorf("docs/protocol.md does not name the host action %q", a)
		}
	}
}
