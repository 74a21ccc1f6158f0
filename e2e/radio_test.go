package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// possible reads the Radio Operator page's count of the enemy's possible
// cells, and whether cell is one of the cells drawn on its map.
func possible(p *phone, cell string) (int, bool) {
	p.t.Helper()
	p.see("#possible")
	text := p.text("#possible")
	n, err := strconv.Atoi(strings.Fields(text)[0])
	if err != nil {
		p.fail("the tracker count reads %q", text)
	}
	var drawn bool
	p.eval(fmt.Sprintf(`!!document.querySelector('[data-possible=%q]')`, cell), &drawn)
	return n, drawn
}

func TestRadioOperatorSeesThePossibleCellsShrink(t *testing.T) {
	e := start(t)
	defer logShots(t)
	names := []string{"Ann", "Bob", "Eve", "Fay"}
	phones := make([]*phone, 4)
	for i := range phones {
		phones[i] = e.phone(t, fmt.Sprintf("radio%d-%s", i, names[i]))
	}
	code := createRoom(phones[0], "turnbased", "2", "2", "cells")
	for i, p := range phones {
		join(p, code, i, names[i])
	}
	startMatch(phones[0], phones...)
	// Crews of two: the first phone plays Captain, First Mate and Engineer,
	// the second is the Radio Operator who watches the tracker.
	blue := &crew{name: "blue", captain: phones[0], mate: phones[0], eng: phones[0], radio: phones[1],
		moves: []string{"NORTH", "NORTH", "EAST", "NORTH", "NORTH", "EAST"}, charge: []string{"torpedo", "mine", "drone", "sonar"}, avoid: "red"}
	red := &crew{name: "red", captain: phones[2], mate: phones[2], eng: phones[2], radio: phones[3],
		moves: []string{"EAST", "EAST", "NORTH", "NORTH", "EAST", "EAST"}, charge: []string{"torpedo", "mine", "drone", "sonar"}, avoid: "red"}
	blue.place("A10")
	red.place("E5")

	// Blue's Radio Operator before Red has said a word: every water cell.
	before, drawn := possible(blue.radio, "E5")
	if !drawn || before < 80 {
		t.Fatalf("at the start the tracker shows %d cells (E5 drawn: %v)", before, drawn)
	}
	counts := []int{before}
	for len(counts) <= len(red.moves) {
		c := whoseTurn(blue, red)
		c.captain.tap(fmt.Sprintf(`button[data-course=%s]:not([disabled])`, c.moves[c.done]))
		c.duties()
		c.done++
		c.endTurn()
		// Until the update lands the Captain's page still shows its own
		// turn, and whoseTurn would hand it the next heading.
		c.captain.until("the turn to pass", `document.querySelector('#turn')?.dataset.mine !== "true"`)
		if c != red {
			continue
		}
		at := red.position()
		blue.radio.until("the heading on the radio page", fmt.Sprintf(`document.querySelector("#heard")?.textContent.startsWith("%d heading")`, red.done))
		n, drawn := possible(blue.radio, at)
		if !drawn {
			t.Fatalf("after %d headings Red is at %s, which the radio page does not show as possible", red.done, at)
		}
		if n > counts[len(counts)-1] {
			t.Fatalf("the possible cells grew from %d to %d on a plain heading", counts[len(counts)-1], n)
		}
		counts = append(counts, n)
	}
	blue.radio.fits("radio-tracker-shrinks", "#possible", "#tracker-toggle")
	// The sheet and the tracker share one frame: the page says where the
	// sheet's track ends and whether the tracker agrees; Snap lays the
	// sheet's end on the tracker's likeliest cell.
	best := blue.radio.text("#snap")
	blue.radio.tap("#snap")
	want := strings.TrimPrefix(best, "Snap to ")
	blue.radio.until("the sheet snapped", fmt.Sprintf(`document.querySelector("#sheet-at")?.dataset.cell === %q && document.querySelector("#sheet-at").dataset.fits === "true"`, want))
	blue.radio.fits("radio-snapped", "#overlay", "#snap")
	if last := counts[len(counts)-1]; last*3 > before {
		t.Fatalf("six headings left %d of %d cells possible: %v", last, before, counts)
	}
	t.Logf("possible cells after each Red heading: %v", counts)
}
