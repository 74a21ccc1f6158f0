package tactics_test

import (
	"strings"
	"testing"

	"periscope/e2e/phone"
	"periscope/games/gridtactics"
)

// TestTableScreenFollowsABotMatch: a match of the host's seat and the bot
// shown on /table/CODE, as a TV at the table shows it, not the phone page:
// before the start the QR code, the room code, the join link and the
// seats, with nothing to take; then the board filling the screen's height,
// whose turn, both sides with their players' names, the last roll and the
// last events in large letters, with no button for the room (no New match,
// no Lobby), following the match to the outcome the server reached,
// without scrolling at 1280x720 nor at 1920x1080.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	rolls := 0
	tv, r := phone.CheckTable(t, phone.TableSpec{
		Definition: gridtactics.Definition,
		Seats:      2,
		Turns:      2,
		Words:      ".coord, .uid",
		Device:     onPhone.Device,
		Screens:    screens,
		Waiting: func(tv *phone.Phone) {
			if got := tv.Text(".tv-about"); !strings.Contains(got, "board") {
				t.Errorf("the room's line reads %q, want the board's size", got)
			}
		},
		Board:    `#tv-board svg.tx-svg rect.hit`,
		Fill:     "#tv-board svg",
		FillWhat: "board",
		Look: func(tv *phone.Phone, _ phone.TableState) bool {
			var roll bool
			tv.Eval(`!!document.querySelector('#tv-extra .tx-dice .die')`, &roll)
			if roll {
				rolls++
			}
			var at struct{ Phase, Sides string }
			tv.Eval(`({Phase: document.body.dataset.phase || '', Sides: document.getElementById('tv-sides')?.textContent || ''})`, &at)
			// Both sides name their players.
			if at.Phase == "play" && (!strings.Contains(at.Sides, "Ada") || !strings.Contains(at.Sides, "Bot")) {
				t.Errorf("the sides read %q, want Ada's and the bot's names", at.Sides)
			}
			return at.Phase == "play" && roll
		},
		Offered:  `#tv button, #tv a.button, #tv .mark.ready, #tv .mark.target, #tv .mark.move, #outcome:not(:empty)`,
		PlayShot: "tv-1-playing.png",
		PlayWhat: "the match in play with its last roll and its last events",
	})
	t.Logf("polls with a roll shown: %d", rolls)
	// None of the phone page's end: no New match, no Lobby, no replay.
	var phone int
	tv.Eval(`document.querySelectorAll('#tv #create, #tv #replay-open, #tv .next, #outcome > *').length`, &phone)
	if phone != 0 {
		t.Errorf("the table screen's end holds %d parts of the phone page's end (New match, Lobby, replay)", phone)
	}
	winner := tv.TableWinner()
	want := -1
	if len(r.Outcome.Winners) == 1 {
		want = r.Outcome.Winners[0]
	}
	if winner != want {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.Outcome.Winners)
	}
	if got := tv.Text("#tv-outcome"); !strings.Contains(got, r.Outcome.Reason) {
		t.Errorf("the outcome reads %q, want %q", got, r.Outcome.Reason)
	}
	tv.TableOnTV("tv-9-tv.png")
	tv.FollowsRematch(r, 2)
}
