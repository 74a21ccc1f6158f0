package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// One phone per crew plays all four roles: the Captain silences with a
// preview, the First Mate launches a drone, the Radio Operator's sheet
// marks the silence.
func TestOnePhoneCrewsSilenceAndDrone(t *testing.T) {
	e := start(t)
	defer logShots(t)
	bp := e.phone(t, "solo-blue")
	rp := e.phone(t, "solo-red")
	code := createRoom(bp, "turnbased", "1", "1", "off")
	join(bp, code, 0, "Ann")
	join(rp, code, 1, "Eve")
	startMatch(bp, bp, rp)
	blue := &crew{name: "blue", captain: bp, mate: bp, eng: bp, radio: bp,
		moves: []string{"NORTH", "NORTH", "NORTH", "EAST", "NORTH", "EAST"}, charge: []string{"silence", "torpedo"}, avoid: "yellow"}
	red := &crew{name: "red", captain: rp, mate: rp, eng: rp, radio: rp,
		moves: []string{"SOUTH", "SOUTH", "WEST", "SOUTH", "SOUTH", "WEST", "SOUTH"}, charge: []string{"drone", "sonar", "mine"}, avoid: "green"}
	blue.place("A10")
	red.place("J1")
	for _, tab := range []string{"captain", "first_mate", "engineer", "radio_operator"} {
		bp.tap(fmt.Sprintf(`[data-tab=%s]`, tab))
		bp.fits("solo-"+tab, "#tabs", fmt.Sprintf(`#panel-%s > *`, tab))
	}
	bp.tap(`[data-tab=captain]`)

	silenced, droned := false, false
	for turns := 0; !(silenced && droned) && turns < 30; turns++ {
		c := whoseTurn(blue, red)
		switch {
		case c == blue && blue.done == len(blue.moves) && !silenced:
			bp.tap(`button[data-system=silence]:not([disabled])`)
			bp.tap(`[data-silence-dir=SOUTH]:not([disabled])`)
			bp.tap(`[data-distance="2"]`)
			bp.see(`.chart path.preview`)
			if got := bp.text("#confirm"); got != "SILENCE: 2 SOUTH" {
				t.Fatalf("the silence button reads %q", got)
			}
			bp.fits("solo-silence", "#confirm", `[data-silence-dir=NORTH]`, ".chart path.preview")
			bp.tap("#confirm")
			blue.duties()
			bp.until("the silent run", `document.querySelector("#position")?.dataset.cell === "C8"`)
			silenced = true
		case c == red && red.done == 3 && !droned:
			// The fourth charge fills the drone; systems follow the course.
			red.course(red.moves[red.done])
			rp.tap(`[data-tab=first_mate]`)
			rp.tap(`#panel-first_mate button[data-system=drone]:not([disabled])`)
			rp.tap(`#panel-first_mate [data-sector="3"]`)
			line := rp.text(`.log li[data-kind=drone]`)
			if !strings.Contains(line, "SECTOR 3") {
				t.Fatalf("the drone's answer reads %q", line)
			}
			droned = true
			rp.tap(`[data-tab=captain]`)
		default:
			c.course(c.moves[c.done])
			c.endTurn()
		}
		c.captain.until("the turn to pass", `document.querySelector('#turn')?.dataset.mine !== "true"`)
	}
	if !silenced || !droned {
		t.Fatalf("the script went astray: silence %v, drone %v", silenced, droned)
	}
	rp.tap(`[data-tab=radio_operator]`)
	rp.until("the silence on the enemy's sheet", `[...document.querySelectorAll("#overlay text")].some(t => t.textContent === "?")`)
	rp.fits("solo-radio-silence", "#overlay", "#restart")
	rp.tap("#restart")
	rp.until("an empty sheet", `document.querySelector("#heard").textContent.startsWith("0 headings")`)
}
