package rooms

import (
	"testing"
	"time"

	"periscope/games"
)

// A logged command replays as the game first took it: from the room's
// bot when the seat's command has no client id (phones always send one).
func TestLoggedCommandKnowsItsBot(t *testing.T) {
	at := time.Unix(1_700_000_000, 0)
	for _, tt := range []struct {
		name string
		rec  CommandRecord
		bot  bool
	}{
		{"a phone's", CommandRecord{Seat: 2, ClientID: "c7", Body: []byte(`{}`), Time: at}, false},
		{"the seat's bot's", CommandRecord{Seat: 2, Body: []byte(`{}`), Time: at}, true},
		{"the room's start", CommandRecord{Seat: games.System, Body: []byte(`{"type":"start"}`), Time: at}, false},
	} {
		c := tt.rec.Command()
		if c.Bot != tt.bot || c.Seat != tt.rec.Seat || string(c.Body) != string(tt.rec.Body) || !c.Time.Equal(at) {
			t.Errorf("%s command replays as %+v", tt.name, c)
		}
	}
}
