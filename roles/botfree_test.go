package roles_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"periscope/rooms"
)

// When the host frees the seat of a bot Radio Operator during play (a
// person will take it), the crew stops hearing the bot's reports: the
// room tells the game in its log, so a restart replays it too.
func TestFreedBotSeatStopsItsReports(t *testing.T) {
	store := rooms.NewMemoryStore()
	clock := rooms.NewManualClock(time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC))
	h := botHub(t, store, clock)
	const host, radioSeat = 1, 3 // Blue's First Mate; Blue's Radio Operator
	r, s, token := botTable(t, h, `{"mode":"turnbased","radio":"off"}`, host)
	reports := func(view json.RawMessage) bool {
		var v struct{ Hints []string }
		if err := json.Unmarshal(view, &v); err != nil {
			t.Fatal(err)
		}
		for _, h := range v.Hints {
			if strings.HasPrefix(h, "Radio Operator (bot)") {
				return true
			}
		}
		return false
	}
	// The bots play until the First Mate owes its charge: the match is
	// under way and the bot Radio Operator reports.
	_, view := settled(t, r, token)
	if !reports(view) {
		t.Fatalf("with a bot Radio Operator the First Mate hears no report: %s", view)
	}
	send(s, map[string]any{"t": "host", "id": "free", "action": "free", "seat": radioSeat})
	v, view := settled(t, r, token)
	if reports(view) {
		t.Fatal("the bot's reports go on after the host freed its seat")
	}
	saved, err := store.Load(r.Code())
	if err != nil {
		t.Fatal(err)
	}
	last := saved.Commands[len(saved.Commands)-1]
	if last.Version != v || !strings.Contains(string(last.Body), `"seat_freed"`) {
		t.Fatalf("the log's last row is %+v, want the freed seat's notice at v%d", last, v)
	}
}
