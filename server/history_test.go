package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"periscope/db"
	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/roles"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
)

// historyEnv is a server on SQLite holding one finished Captain Sonar match
// (Ann's crew against Bob's), played before the server started: like every
// match evicted from memory, it is read from the store.
type historyEnv struct {
	base  string
	store *db.DB
	hub   *rooms.Hub
	match debrieftest.Match
}

func historyServer(t *testing.T) *historyEnv {
	t.Helper()
	store, err := db.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	m, err := debrieftest.PlaySonar("HARTW", 2, 2, []string{"Ann", "Ali", "Bob", "Bea"}, 11, time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := debrieftest.Store(store, m); err != nil {
		t.Fatal(err)
	}
	hub, err := rooms.NewHub(rooms.Config{Store: store, Games: []games.Definition{roles.Definition}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	_, base := servertest.Serve(t, server.Config{Hub: hub, History: store, Static: nil})
	return &historyEnv{base: base, store: store, hub: hub, match: m}
}

// get fetches path and decodes the JSON answer into out; it returns the
// status and the refusal's sentence and code when there is one.
func get(t *testing.T, method, url, body string, out any) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		var e struct{ Error, Code string }
		json.Unmarshal(b, &e)
		return res.StatusCode, e.Error, e.Code
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: %v: %s", url, err, b)
		}
	}
	return res.StatusCode, "", ""
}

func TestHistoryEndpoints(t *testing.T) {
	e := historyServer(t)
	// A match in play stays closed.
	live, err := e.hub.Create("sonar", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		status     int
		code       string
		check      func(t *testing.T, body []byte)
	}{
		{"history", "/api/history", 200, "", func(t *testing.T, b []byte) {
			var p db.HistoryPage
			json.Unmarshal(b, &p)
			if p.Total != 1 || len(p.Matches) != 1 || p.Matches[0].Code != "HARTW" || p.Matches[0].Versions == 0 ||
				p.Matches[0].Players[0].Name != "Ann" || p.Matches[0].Players[0].Side != "Blue" {
				t.Fatalf("history %s", b)
			}
		}},
		{"history by player", "/api/history?player=bea", 200, "", func(t *testing.T, b []byte) {
			var p db.HistoryPage
			json.Unmarshal(b, &p)
			if p.Total != 1 {
				t.Fatalf("history %s", b)
			}
		}},
		{"history of another game", "/api/history?game=gridtactics", 200, "", func(t *testing.T, b []byte) {
			if !strings.Contains(string(b), `"total":0,"matches":[]`) {
				t.Fatalf("history %s", b)
			}
		}},
		{"history page too big", "/api/history?limit=1000", 400, "bad_request", nil},
		{"history page of words", "/api/history?limit=ten", 400, "bad_request", nil},
		{"history before the first", "/api/history?offset=-1", 400, "bad_request", nil},
		{"history past the last", "/api/history?offset=5", 200, "", func(t *testing.T, b []byte) {
			if !strings.Contains(string(b), `"total":1,"matches":[]`) {
				t.Fatalf("history %s", b)
			}
		}},
		{"log of a seat in words", "/api/matches/HARTW/log?seat=blue", 400, "bad_request", nil},
		{"debrief of a code that is no code", "/api/matches/%21%21", 404, "not_found", nil},
		{"debrief", "/api/matches/hartw", 200, "", func(t *testing.T, b []byte) {
			var m server.MatchResponse
			json.Unmarshal(b, &m)
			var s struct {
				Sonar *roles.Debrief `json:"sonar"`
			}
			json.Unmarshal(m.Summary, &s)
			if m.Title != "Captain Sonar" || m.Versions == 0 || len(m.Players) != 4 || s.Sonar == nil || len(s.Sonar.Crews) != 2 {
				t.Fatalf("debrief %s", b)
			}
		}},
		{"debrief of a match in play", "/api/matches/" + live.Code(), 403, "forbidden", nil},
		{"debrief of nothing", "/api/matches/ZZZZ", 404, "not_found", nil},
		{"public log", "/api/matches/HARTW/log", 200, "", func(t *testing.T, b []byte) {
			if strings.Contains(string(b), `"start_cell"`) || !strings.Contains(string(b), `"kind":"over"`) {
				t.Fatalf("public log holds a secret or no end: %.300s", b)
			}
		}},
		{"blue's log", "/api/matches/HARTW/log?seat=0", 200, "", func(t *testing.T, b []byte) {
			if !strings.Contains(string(b), `"start_cell"`) {
				t.Fatalf("blue's log lacks its own start: %.300s", b)
			}
		}},
		{"log of no seat", "/api/matches/HARTW/log?seat=9", 404, "not_found", nil},
		{"log of a match in play", "/api/matches/" + live.Code() + "/log", 403, "forbidden", nil},
		{"stats", "/api/stats", 200, "", func(t *testing.T, b []byte) {
			var st db.Stats
			json.Unmarshal(b, &st)
			if st.Matches != 1 || len(st.Players) != 4 || st.Games[0].Extras["torpedoes"] == 0 || len(st.Games[0].Sides) != 2 {
				t.Fatalf("stats %s", b)
			}
			// The wire is snake_case, as every other answer: the pages
			// read avg_minutes and win_rate.
			if camel := regexp.MustCompile(`"[a-z]+[A-Z][A-Za-z]*":`).Find(b); camel != nil || !bytes.Contains(b, []byte(`"win_rate":`)) ||
				!bytes.Contains(b, []byte(`"avg_minutes":`)) {
				t.Fatalf("stats key %s is not snake_case: %s", camel, b)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := http.Get(e.base + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tt.status, b)
			}
			if tt.code != "" {
				var e struct{ Error, Code string }
				json.Unmarshal(b, &e)
				if e.Code != tt.code || len(e.Error) < 10 {
					t.Fatalf("refusal %s, want code %s and a sentence", b, tt.code)
				}
				return
			}
			tt.check(t, b)
		})
	}
	// The summary was computed once and stored.
	if left, err := e.store.Unsummarized(0); err != nil || len(left) != 0 {
		t.Fatalf("unsummarized after the requests: %v, %v", left, err)
	}
}

func TestRematchEndpoint(t *testing.T) {
	e := historyServer(t)
	url := e.base + "/api/rooms/HARTW/rematch"
	// Before anyone asks: "none yet", not an error a browser logs.
	var pending struct{ Pending bool }
	if st, msg, _ := get(t, "GET", url, "", &pending); st != 200 || !pending.Pending {
		t.Fatalf("rematch before anyone asked: %d %s %+v", st, msg, pending)
	}
	// A room that never was: 404, and the pages stop asking.
	if st, msg, code := get(t, "GET", e.base+"/api/rooms/ZZZZZ/rematch", "", nil); st != 404 || code != "not_found" || msg == "" {
		t.Fatalf("rematch of no room: %d %s %s", st, code, msg)
	}
	if st, _, code := get(t, "POST", url, `{"token":"nope"}`, nil); st != 403 || code != "forbidden" {
		t.Fatalf("a stranger's rematch: %d %s", st, code)
	}
	if st, _, code := get(t, "POST", url, `{}`, nil); st != 400 || code != "bad_request" {
		t.Fatalf("rematch without a token: %d %s", st, code)
	}
	var m rooms.Rematch
	if st, msg, _ := get(t, "POST", url, `{"token":"`+e.match.Tokens[2]+`","swap":true}`, &m); st != 201 {
		t.Fatalf("rematch: %d %s", st, msg)
	}
	if m.From != "HARTW" || m.Seats[0] != 2 || m.Seats[2] != 0 {
		t.Fatalf("rematch %+v", m)
	}
	var again rooms.Rematch
	if st, _, _ := get(t, "GET", url, "", &again); st != 200 || again.Code != m.Code {
		t.Fatalf("rematch as seen by the others: %d %+v", st, again)
	}
	var l rooms.Lobby
	get(t, "GET", e.base+"/api/rooms/"+m.Code, "", &l)
	if l.State != rooms.StateWaiting || l.Seats[2].Name != "Ann" || l.Seats[0].Name != "Bob" || !l.Seats[0].Taken {
		t.Fatalf("the rematch's seats: %+v", l.Seats)
	}

	// Ann hosted the match, so she hosts the rematch: only she may close it.
	closeURL := e.base + "/api/rooms/" + m.Code + "/close"
	if st, msg, code := get(t, "POST", closeURL, `{"token":"`+e.match.Tokens[2]+`"}`, nil); st != 403 || code != "forbidden" || msg == "" {
		t.Fatalf("Bob closes Ann's room: %d %s %s", st, code, msg)
	}
	if st, msg, _ := get(t, "POST", closeURL, `{"token":"`+e.match.Tokens[0]+`"}`, nil); st != 200 {
		t.Fatalf("the host closes the room: %d %s", st, msg)
	}
	if st, _, code := get(t, "GET", e.base+"/api/rooms/"+m.Code, "", nil); st != 404 || code != "not_found" {
		t.Fatalf("the closed room is still served: %d %s", st, code)
	}
	if st, _, code := get(t, "POST", e.base+"/api/rooms/HARTW/close", `{"token":"`+e.match.Tokens[0]+`"}`, nil); st != 404 || code != "not_found" {
		t.Fatalf("closing a room already gone from memory: %d %s", st, code)
	}
}
