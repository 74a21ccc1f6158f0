package rooms_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
)

func TestDecodeRequest(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		text string // "" for a valid message
	}{
		{"hello spectator", `{"t":"hello"}`, ""},
		{"hello seat", `{"t":"hello","token":"abc","v":12}`, ""},
		{"cmd", `{"t":"cmd","id":"c1","cmd":{"type":"add","n":1}}`, ""},
		{"host start", `{"t":"host","id":"h1","action":"start"}`, ""},
		{"host move", `{"t":"host","id":"h1","action":"move","from":1,"to":2}`, ""},
		{"ping", `{"t":"ping"}`, ""},
		{"trailing space", "{\"t\":\"ping\"}\n ", ""},
		{"empty", ``, "empty or cut short"},
		{"cut short", `{"t":"cmd","id":`, "cut short"},
		{"not JSON", `hello`, "malformed JSON at byte 1"},
		{"array", `[1,2]`, "expected a JSON object"},
		{"two values", `{"t":"ping"}{"t":"ping"}`, "more than one value"},
		{"no type", `{"id":"x"}`, `needs the field "t"`},
		{"unknown type", `{"t":"dance"}`, `unknown message type "dance"`},
		{"unknown field", `{"t":"ping","x":1}`, `unknown field "x"`},
		{"cmd without id", `{"t":"cmd","cmd":{}}`, `cmd message needs the field "id"`},
		{"cmd without cmd", `{"t":"cmd","id":"a"}`, `needs the field "cmd"`},
		{"cmd not an object", `{"t":"cmd","id":"a","cmd":[1]}`, "must be a JSON object"},
		{"cmd null", `{"t":"cmd","id":"a","cmd":null}`, "must be a JSON object"},
		{"id a number", `{"t":"cmd","id":7,"cmd":{}}`, `field "id" must be a string, not number`},
		{"version a string", `{"t":"hello","v":"12"}`, `field "v" must be a whole number`},
		{"negative version", `{"t":"hello","v":-1}`, "negative"},
		{"id with space", `{"t":"cmd","id":"a b","cmd":{}}`, "printable ASCII"},
		{"long id", `{"t":"cmd","id":"` + strings.Repeat("a", 65) + `","cmd":{}}`, "longer than 64"},
		{"host no action", `{"t":"host","id":"h"}`, `needs the field "action"`},
		{"host bad action", `{"t":"host","id":"h","action":"kick"}`, `unknown host action "kick"`},
		{"free without seat", `{"t":"host","id":"h","action":"free"}`, `needs the field "seat"`},
		{"move without to", `{"t":"host","id":"h","action":"move","from":1}`, `needs the field "to"`},
		{"cmd twice", `{"t":"cmd","id":"a","cmd":{"type":"pass"},"cmd":{"type":"concede"}}`, `the field "cmd" is given twice`},
		{"t twice, in other letters", `{"t":"ping","T":"cmd","id":"a","cmd":{}}`, `the field "T" is given twice`},
		{"a key twice inside cmd is the game's", `{"t":"cmd","id":"a","cmd":{"type":"pass","type":"concede"}}`, ""},
		{"too large", `{"t":"cmd","id":"a","cmd":{"x":"` + strings.Repeat("a", rooms.MaxRequest) + `"}}`, "message too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := rooms.DecodeRequest([]byte(tc.in))
			if tc.text == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || rooms.ErrorCode(err) != rooms.CodeBadRequest || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("DecodeRequest(%.40q) = %v; want bad_request mentioning %q", tc.in, err, tc.text)
			}
		})
	}
}

func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello","token":"abc","v":3}`,
		`{"t":"cmd","id":"c1","cmd":{"type":"add","n":1}}`,
		`{"t":"host","id":"h","action":"move","from":0,"to":1}`,
		`{"t":"host","id":"h","action":"bot","seat":2}`,
		`{"t":"ping","id":"p"}`,
		`{"t":"claim","id":"c","seat":1,"name":"Ann"}`,
		`{"t":"grant","id":"g","claim":"q8Zr1xT0bQ5m","allow":false}`,
		`{"t":"cmd","id":"\u0000","cmd":{}}`,
		`{"t":"hello","v":1e99}`,
		`[`, `null`, `{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := rooms.DecodeRequest(data)
		if err != nil {
			if rooms.ErrorCode(err) != rooms.CodeBadRequest || err.Error() == "" {
				t.Fatalf("error %v has code %s", err, rooms.ErrorCode(err))
			}
			return
		}
		// A decoded message is complete for its type and re-encodes to a
		// message that decodes the same.
		switch r.T {
		case rooms.TypeCmd:
			if r.ID == "" || len(r.Cmd) == 0 || r.Cmd[0] != '{' {
				t.Fatalf("incomplete cmd %+v", r)
			}
		case rooms.TypeHost:
			if r.ID == "" || r.Action == "" {
				t.Fatalf("incomplete host %+v", r)
			}
		case rooms.TypeClaim:
			if r.ID == "" || r.Seat == nil {
				t.Fatalf("incomplete claim %+v", r)
			}
		case rooms.TypeGrant:
			if r.ID == "" || r.Claim == "" || r.Allow == nil {
				t.Fatalf("incomplete grant %+v", r)
			}
		case rooms.TypeHello, rooms.TypePing:
		default:
			t.Fatalf("accepted type %q", r.T)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rooms.DecodeRequest(b); err != nil {
			t.Fatalf("re-encoded %s refused: %v", b, err)
		}
	})
}

func TestHostileFramesKeepTheSession(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	p := phones[0]
	for _, tc := range []struct {
		frame string
		id    string
		text  string
	}{
		{`{"t":"cmd","id":"c1","cmd":{"type":"add","n":1},"evil":true}`, "c1", `unknown field "evil"`},
		{`{"t":"cmd","id":"c2","cmd":{"type":"teleport"}}`, "c2", `unknown race command "teleport"`},
		{`{"t":"hello","token":"x"}`, "", "hello was already said"},
		{`not json`, "", "malformed JSON"},
		{`{"t":"nope","id":"n1"}`, "n1", `unknown message type "nope"`},
	} {
		p.s.Receive([]byte(tc.frame))
		m := p.next()
		if m.T != rooms.TypeError || m.ID != tc.id || !strings.Contains(m.Message, tc.text) || m.V != 1 {
			t.Errorf("%s: got %+v; want error %q with id %q at v1", tc.frame, m, tc.text, tc.id)
		}
	}
	if r.Version() != 1 {
		t.Fatalf("hostile frames moved the version to %d", r.Version())
	}
	p.send(map[string]any{"t": "ping", "id": "still-here"})
	if m := p.next(); m.T != rooms.TypePong || m.ID != "still-here" {
		t.Fatalf("after hostile frames: %+v", m)
	}
}

// FuzzReceive feeds any frame to a session of a waiting room: every frame
// gets exactly one well-formed answer and the room stays at version 0.
func FuzzReceive(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello"}`, `{"t":"ping","id":"p"}`, `{"t":"cmd","id":"x","cmd":{}}`,
		`{"t":"host","id":"h","action":"start"}`, `{"id":"only-id"}`, `{"t":"cmd","id":7}`, `]`,
	} {
		f.Add([]byte(s))
	}
	store := rooms.NewMemoryStore()
	hub, err := rooms.NewHub(rooms.Config{Store: store, Games: []games.Definition{roomstest.Race}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	defer hub.Close()
	r, err := hub.Create("race", nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := r.Connect(8)
		defer s.Close()
		s.Receive(data)
		b, err := frameWithin(s, 5*time.Second)
		switch {
		case err == nil:
			var m rooms.Message
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("answer %q is not JSON: %v", b, err)
			}
			switch m.T {
			case rooms.TypeError:
				if m.Code == "" || m.Message == "" {
					t.Fatalf("error without code or message: %s", b)
				}
			case rooms.TypeWelcome, rooms.TypePong:
			default:
				t.Fatalf("answer %s to %q", m.T, data)
			}
		default:
			t.Fatalf("no answer to %q", data)
		}
		if r.Version() != 0 {
			t.Fatalf("%q moved a waiting room to v%d", data, r.Version())
		}
	})
}
