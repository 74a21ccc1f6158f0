package e2e

import (
	"strings"
	"testing"
)

// TestSurfacingSheetPassesHandToHand: at a table that passes the surfacing
// sheet as the rulebook does (surface_order "sheet"), only the phone of the
// role holding the sheet offers the tracing; the other phone reads who has
// it. Crews of two: the combined phone (Captain, First Mate, Engineer)
// traces its three sections in a row, then the sheet goes to the Radio
// Operator's phone, then to the enemy Engineer.
func TestSurfacingSheetPassesHandToHand(t *testing.T) {
	e := start(t)
	defer logShots(t)
	names := []string{"Ann", "Bob", "Eve", "Fay"}
	phones := make([]*phone, 4)
	for i := range phones {
		phones[i] = e.phone(t, "sheet"+names[i])
	}
	host := phones[0]
	host.open("/")
	host.see("#opt-map")
	openAllOptions(host)
	host.tap(`input[name=mode][value='"realtime"']`)
	host.typeIn("#opt-blue_crew", "2")
	host.typeIn("#opt-red_crew", "2")
	host.choose("#opt-radio", `"off"`)
	// The choice is among the rule options, its default marked.
	// The innermost fold: the page folds every option under #all-options too.
	host.tap(`details:not(#all-options):has(#opt-surface_order) > summary`)
	if opts := host.text("#opt-surface_order"); !strings.Contains(opts, "then the other three at once (default)") || !strings.Contains(opts, "One at a time, as the rulebook") {
		t.Fatalf("the lobby offers %q", opts)
	}
	host.choose("#opt-surface_order", `"sheet"`)
	host.tap("#create-room")
	code := host.text("[data-code]")
	for i, p := range phones {
		join(p, code, i, names[i])
	}
	startMatch(host, phones...)
	blue := &crew{name: "blue", captain: phones[0], mate: phones[0], eng: phones[0], radio: phones[1],
		charge: []string{"torpedo", "mine", "drone", "sonar"}, avoid: "red"}
	red := &crew{name: "red", captain: phones[2], mate: phones[2], eng: phones[2], radio: phones[3]}
	blue.place("A10")
	red.place("O15")
	blue.captain.tap(`button[data-course=NORTH]:not([disabled])`)
	blue.charge1()
	blue.mark()
	blue.captain.until("back to the Captain", `document.body.dataset.tab === "captain"`)
	blue.captain.tap(`button[data-system=surface]:not([disabled])`)
	if what := blue.captain.text("#surface-what"); !strings.Contains(what, "one at a time, the Engineer first") {
		t.Errorf("before surfacing the Captain reads %q, not that the sheet passes one role at a time", what)
	}
	blue.captain.tap(`#confirm`)

	combined, radio := phones[0], phones[1]
	holder := func(want string) {
		t.Helper()
		combined.until("the sheet with the "+want, `document.querySelector("#secured")?.dataset.holder === "`+want+`"`)
	}
	// The Engineer holds the sheet first: the Radio Operator's phone says
	// so and offers no section.
	holder("engineer")
	if wait := radio.text("#trace-wait"); !strings.Contains(wait, "The sheet is with the Engineer") {
		t.Fatalf("the Radio Operator reads %q while the Engineer holds the sheet", wait)
	}
	if turn := combined.text("#trace-turn"); !strings.Contains(turn, "Engineer: tap a free section") || !strings.Contains(turn, "then it goes to the First Mate") {
		t.Fatalf("the Engineer's phone reads %q", turn)
	}
	combined.fits("sheet-engineer", "#surface-card", "#trace-turn")
	secure(combined, 1)

	// The same phone traces as the First Mate, then as the Captain.
	holder("first_mate")
	radio.until("the Radio Operator told the First Mate has it", `document.querySelector("#trace-wait")?.textContent.includes("The sheet is with the First Mate")`)
	radio.fits("sheet-radio-waits", "#trace-wait")
	if turn := combined.text("#trace-turn"); !strings.Contains(turn, "First Mate: tap a free section") {
		t.Fatalf("the combined phone reads %q when the First Mate holds the sheet", turn)
	}
	secure(combined, 2)
	holder("captain")
	secure(combined, 3)

	// Then the Radio Operator's phone, and the combined phone waits.
	holder("radio_operator")
	if wait := combined.text("#trace-wait"); !strings.Contains(wait, "The sheet is with the Radio Operator") {
		t.Fatalf("the combined phone reads %q while the Radio Operator holds the sheet", wait)
	}
	if turn := radio.text("#trace-turn"); !strings.Contains(turn, "then it goes to the enemy Engineer") {
		t.Fatalf("the Radio Operator's phone reads %q", turn)
	}
	secure(radio, 4)

	// The enemy Engineer has the sheet: it passes, and Blue dives.
	red.captain.until("the inspection on the Engineer's tab", `document.body.dataset.tab === "engineer" && !!document.querySelector("#inspect")`)
	red.captain.until("four traced lines", `document.querySelectorAll("#inspect svg[data-judge] polyline.drawn").length === 4`)
	red.captain.tap(`[data-inspect=ok]`)
	blue.captain.tap(`#dive-now`)
	blue.captain.until("the surfacing card gone", `!document.querySelector("#surface-card")`)
}
