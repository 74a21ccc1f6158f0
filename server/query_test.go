package server_test

import (
	"strings"
	"testing"
)

// TestEveryQueryParameterIsValidated: each route refuses a malformed or
// out-of-range query parameter the same way, 400 naming the parameter and
// its range; an overflowing number says so rather than "negative".
func TestEveryQueryParameterIsValidated(t *testing.T) {
	e := historyServer(t)
	for _, tc := range []struct{ path, param, says string }{
		{"/api/rooms?limit=abc", "limit", "from 1 to 200"},
		{"/api/rooms?limit=0", "limit", "from 1 to 200"},
		{"/api/rooms?offset=-1", "offset", "from 0 to 1000000"},
		{"/api/replays?limit=abc", "limit", "from 1 to 500"},
		{"/api/replays?limit=0", "limit", "from 1 to 500"},
		{"/api/replays?limit=501", "limit", "from 1 to 500"},
		{"/api/history?limit=ten", "limit", "from 1 to 100"},
		{"/api/history?offset=99999999999999999999", "offset", "from 0 to 1000000"},
		{"/api/history?offset=9223372036854775807", "offset", "from 0 to 1000000"},
		{"/api/history?offset=-1", "offset", "from 0 to 1000000"},
		{"/api/history?player=" + strings.Repeat("a", 65), "player", "at most 64 characters"},
		{"/api/history?game=%ff", "game", "at most 64 characters"},
		{"/api/matches/HARTW/log?seat=blue", "seat", "from -1 to 255"},
		{"/api/replays/HARTW/1?seat=x", "seat", "from -1 to 255"},
		{"/api/replays/HARTW/1?seat=99999999999999999999", "seat", "from -1 to 255"},
	} {
		status, msg, code := get(t, "GET", e.base+tc.path, "", nil)
		if status != 400 || code != "bad_request" || !strings.Contains(msg, `"`+tc.param+`"`) || !strings.Contains(msg, tc.says) {
			t.Errorf("%s: %d %s %q; want 400 naming %q, %s", tc.path, status, code, msg, tc.param, tc.says)
		}
	}
	for _, path := range []string{"/api/replays?limit=500", "/api/rooms?limit=200&offset=1000000", "/api/history?offset=1000000&player=Ann"} {
		if status, msg, _ := get(t, "GET", e.base+path, "", nil); status != 200 {
			t.Errorf("%s: %d %s, want 200", path, status, msg)
		}
	}
}
