package pocketsub_test

import (
	"strings"
	"testing"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestTableScreenFollowsABotMatch: a 4-player room (the host's seat and
// three bots) shown on /table/CODE at 1280x720: before the start the QR
// code, the room code, the join link and the seats, with nothing to take;
// then the ocean filling the screen's height, whose turn, the fleets and
// the last moves in large letters, following the match move by move to
// the outcome the server reached.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	named := true
	tv, r := phone.CheckTable(t, phone.TableSpec{
		Definition: pocketsub.Definition,
		Options:    map[string]any{"players": 4},
		Seats:      4,
		Turns:      1,
		Words:      ".labels text, .num",
		Device:     onPhone.Device,
		Screens:    screens,
		Board:      `#tv-board polygon.hit[data-region="H6"]`,
		Fill:       "#tv-board svg",
		FillWhat:   "ocean",
		Look: func(_ *phone.Phone, st phone.TableState) bool {
			// Whose turn names the player: Ada or one of the bots.
			if strings.Contains(st.Turn, "round") && !strings.Contains(st.Turn, "Ada") && !strings.Contains(st.Turn, "Bot") {
				named = false
			}
			return strings.Contains(st.Turn, "round")
		},
		Offered:  `#tv button, polygon.hit[data-mark~="ready"], polygon.hit[data-mark~="step"]`,
		PlayShot: "tv-1-playing.png",
		PlayWhat: "the match in play with its last events",
	})
	if !named {
		t.Error("the turn line did not name the player whose turn it was")
	}
	winner := tv.TableWinner()
	if len(r.Outcome.Winners) != 1 || winner != r.Outcome.Winners[0] {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.Outcome.Winners)
	}
	if got := tv.Text("#tv-outcome"); !strings.Contains(got, r.Outcome.Reason) || !strings.Contains(got, " win") {
		t.Errorf("the outcome reads %q, want the winners and %q", got, r.Outcome.Reason)
	}
	tv.FitsScreen("outcome")
	tv.Screenshot("tv-2-outcome.png")
	tv.FollowsRematch(r, 4)
}
