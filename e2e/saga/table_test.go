package saga_test

import (
	"strings"
	"testing"

	"periscope/e2e/phone"
	"periscope/games/saga"
)

// TestTableScreenFollowsABotMatch: a room of the host's seat and the bot
// shown on /table/CODE at 1280x720: before the start the QR code, the room
// code, the join link and the seats, with nothing to take; then the map
// filling the screen's height as it is built, whose turn, both sides, the
// dice of the assaults and the last events in large letters, following the
// match to the outcome the server reached.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	fights, exchanges := 0, 0
	tv, r := phone.CheckTable(t, phone.TableSpec{
		Definition: saga.Definition, // seed 1: a match with assaults to show
		Seats:      2,
		Turns:      1,
		Words:      ".hexlabel, .tletter, .baseword, .unit .tag",
		Device:     onPhone.Device,
		Screens:    screens,
		Waiting: func(tv *phone.Phone) {
			if seats := tv.Text(".tv-seats"); !strings.Contains(seats, "Raven") {
				t.Errorf("the seats read %q, want Raven's name", seats)
			}
			if got := tv.Text(".tv-about"); !strings.Contains(got, "house faction") {
				t.Errorf("the room's line reads %q, want the factions labelled as house", got)
			}
		},
		Board:    `#tv-board #map .tile.base`,
		Fill:     "#tv-board svg",
		FillWhat: "map",
		Look: func(tv *phone.Phone, _ phone.TableState) bool {
			var fight bool
			tv.Eval(`!!document.querySelector('#tv-extra .sg-fight .sg-die')`, &fight)
			if fight {
				fights++
			}
			// During a re-roll exchange the table says what the dice mean
			// now: whose strike wins, whose counter-strike, what follows.
			var now struct {
				Live    bool
				Meaning string
			}
			tv.Eval(`({Live: !!document.querySelector('#tv-extra #fight-live'), Meaning: document.querySelector('#tv-extra #fight-meaning')?.textContent || ''})`, &now)
			if now.Live {
				if exchanges == 0 {
					tv.Screenshot("tv-1-exchange.png")
				}
				exchanges++
				if !strings.HasPrefix(now.Meaning, "Now: ") || !strings.Contains(now.Meaning, "strike") || !strings.Contains(now.Meaning, "→") {
					t.Errorf("during an assault the table says %q of what the dice mean now", now.Meaning)
				}
			}
			var phase string
			tv.Eval(`document.body.dataset.phase`, &phase)
			return phase == "playing" && fight
		},
		Offered:  `#tv button, #map .mark, #map .unit[data-ready]`,
		PlayShot: "tv-1-playing.png",
		PlayWhat: "the match in play with an assault's dice and its last events",
	})
	t.Logf("polls with dice shown: %d, during a re-roll exchange: %d", fights, exchanges)
	if exchanges == 0 {
		t.Error("the table screen never showed an assault's re-roll exchange")
	}
	var units int
	tv.Eval(`document.querySelectorAll('#tv-board #map .unit').length`, &units)
	if units == 0 {
		t.Error("the final map shows no unit")
	}
	// Both forces captured at once is a draw: no winner (-1).
	want, headline := -1, "A draw"
	if len(r.Outcome.Winners) == 1 {
		want, headline = r.Outcome.Winners[0], " wins"
	}
	if winner := tv.TableWinner(); winner != want {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.Outcome.Winners)
	}
	if got := tv.Text("#tv-outcome"); !strings.Contains(got, r.Outcome.Reason) || !strings.Contains(got, headline) {
		t.Errorf("the outcome reads %q, want %q and %q", got, headline, r.Outcome.Reason)
	}
	tv.FitsScreen("outcome")
	tv.Screenshot("tv-2-outcome.png")
	tv.TableOnTV("tv-9-tv.png")
	tv.FollowsRematch(r, 2)
}
