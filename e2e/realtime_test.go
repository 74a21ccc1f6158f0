package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// tracePoints returns the outline of the section being secured, in the
// page's pixels, from the tracing task's own data.
func tracePoints(p *phone) [][2]float64 {
	p.t.Helper()
	raw := p.until("the tracing task", `(() => {
		const svg = document.querySelector(".trace svg");
		if (!svg) return null;
		svg.scrollIntoView({block: "center"});
		const m = svg.getScreenCTM();
		return JSON.parse(svg.dataset.points).map(([x, y]) => [x * m.a + y * m.c + m.e, x * m.b + y * m.d + m.f]);
	})()`)
	var pts [][2]float64
	if err := json.Unmarshal(raw, &pts); err != nil {
		p.fail("trace points: %v", err)
	}
	return pts
}

// secure picks a free section on the surfacing card and traces it.
func secure(p *phone, section int) {
	p.t.Helper()
	var before int
	p.eval(`Number(document.querySelector("#secured")?.dataset.secured || 0)`, &before)
	p.tap(fmt.Sprintf(`#surfacing rect.section[data-section="%d"]`, section))
	p.trace(tracePoints(p))
	p.until("the section secured", fmt.Sprintf(`Number(document.querySelector("#secured")?.dataset.secured) > %d`, before))
}

// tapClosed taps a control that is shut now (aria-disabled): it answers by
// saying why.
func tapClosed(p *phone, sel string) {
	p.t.Helper()
	raw := p.until("closed "+sel, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el || el.getAttribute("aria-disabled") !== "true") return null;
		el.scrollIntoView({block: "center", inline: "center"});
		const r = el.getBoundingClientRect();
		return r.width && r.height ? [r.left + r.width / 2, r.top + r.height / 2] : null;
	})()`, sel))
	var at [2]float64
	if err := json.Unmarshal(raw, &at); err != nil {
		p.fail("tap %s: %v", sel, err)
	}
	p.run(chromedp.MouseClickXY(at[0], at[1]))
}

func TestRealTimeSurfacingFromCombinedSeats(t *testing.T) {
	e := start(t)
	defer logShots(t)
	// Crews of two: one phone plays Captain, First Mate and Engineer, the
	// other the Radio Operator.
	names := []string{"Ann", "Bob", "Eve", "Fay"}
	phones := make([]*phone, 4)
	for i := range phones {
		phones[i] = e.phone(t, fmt.Sprintf("rt%d-%s", i, names[i]))
	}
	table := e.phone(t, "rt-table")
	table.size(1280, 800)
	code := createRoom(phones[0], "realtime", "2", "2", "cells")
	for i, p := range phones {
		join(p, code, i, names[i])
	}
	table.open("/table.html?room=" + code)
	startMatch(phones[0], phones...)
	blue := &crew{name: "blue", captain: phones[0], mate: phones[0], eng: phones[0], radio: phones[1],
		charge: []string{"torpedo", "mine", "drone", "sonar"}, avoid: "red"}
	red := &crew{name: "red", captain: phones[2], mate: phones[2], eng: phones[2], radio: phones[3]}
	tabs := phones[0].text("#tabs")
	for _, r := range []string{"Captain", "1st Mate", "Engineer"} {
		if !strings.Contains(tabs, r) {
			t.Fatalf("the combined seat's tabs read %q, missing %s", tabs, r)
		}
	}
	blue.place("A10")
	red.place("O15")

	// A closed heading still answers a tap: the whole refusal, its rule
	// included, readable on a 360 px phone (touch screens show no tooltips).
	tapClosed(blue.captain, `button[data-course=WEST]`)
	why := blue.captain.text(`[data-group=course] .refusal`)
	if want := "WEST: heading WEST from A10 leaves the map: a submarine stays on the map"; !strings.Contains(why, want) {
		t.Fatalf("the closed heading explains %q, want %q", why, want)
	}
	blue.captain.fits("refusal-in-full", `[data-group=course] .refusal`)
	var clipped bool
	blue.captain.eval(`(() => { const el = document.querySelector("[data-group=course] .refusal .grow");
		return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || getComputedStyle(el).textOverflow === "ellipsis"; })()`, &clipped)
	if clipped {
		t.Fatal("the refusal is cut on a 360 px phone")
	}
	blue.captain.tap(`[data-group=course] .refusal button`)

	// One course: the combined phone turns to the First Mate, then to the
	// Engineer, then back to the Captain by itself.
	blue.captain.tap(`button[data-course=NORTH]:not([disabled])`)
	blue.captain.until("the First Mate's tab", `document.body.dataset.tab === "first_mate"`)
	blue.captain.fits("combined-firstmate", "#tabs", `button[data-charge=torpedo]`)
	blue.charge1()
	blue.captain.until("the Engineer's tab", `document.body.dataset.tab === "engineer"`)
	blue.captain.fits("combined-engineer", "#tabs", `g.sym.active`)
	blue.mark()
	blue.captain.until("back to the Captain", `document.body.dataset.tab === "captain"`)
	blue.captain.fits("combined-captain", "#tabs", `button[data-course=NORTH]`, `button[data-system=surface]`)

	// Surface. Every phone of the crew gets the surfacing card.
	blue.captain.tap(`button[data-system=surface]:not([disabled])`)
	blue.captain.tap(`#confirm`)
	for _, p := range []*phone{phones[0], phones[1]} {
		p.see("#surface-card")
	}
	table.until("blue surfaced on the table", `document.querySelector("[data-crew=blue]").textContent.includes("SURFACED")`)
	blue.captain.fits("combined-surfaced", "#surface-card", `#surfacing rect.section[data-section="1"]`)
	if small := blue.captain.smallTargets(); len(small) > 0 {
		t.Errorf("controls under 44px while surfaced: %q", small)
	}

	// The Engineer traces first and passes the sheet on: the Radio
	// Operator waits for it.
	radio := phones[1]
	radio.until("the Radio Operator waits for the Engineer", `document.querySelector("#trace-wait")?.textContent.includes("Engineer traces the first section")`)
	secure(phones[0], 1)

	// A finger that leaves the outline starts over.
	radio.tap(`#surfacing rect.section[data-section="4"]`)
	radio.see(".trace svg")
	radio.fits("radio-tracing", ".trace svg")
	pts := tracePoints(radio)
	off := [][2]float64{pts[0], pts[1], {pts[2][0], pts[2][1] + 80}}
	radio.trace(off)
	if msg := radio.text("#trace-msg"); !strings.Contains(msg, "Outside the line") {
		t.Fatalf("a stray finger reads %q", msg)
	}
	radio.trace(tracePoints(radio))
	radio.until("section 4 secured", `document.querySelector("#secured")?.dataset.secured === "2"`)

	// The combined phone secures two more sections, as two more roles.
	for _, section := range []int{2, 3} {
		secure(phones[0], section)
	}
	phones[0].until("four sections", `document.querySelector("#secured")?.dataset.secured === "4"`)

	// The enemy Engineer sees the four lines as they were drawn and rejects
	// one: only its tracer draws it again. Then the sheet passes.
	red.captain.until("the inspection on the Engineer's tab", `document.body.dataset.tab === "engineer" && !!document.querySelector("#inspect")`)
	red.captain.until("four traced lines", `document.querySelectorAll("#inspect svg[data-judge] polyline.drawn").length === 4`)
	red.captain.fits("combined-inspect", "#inspect", `[data-reject="4"]`)
	red.captain.tap(`[data-reject="4"]`)
	radio.until("asked to retrace section 4", `document.querySelector("#rejected")?.textContent.includes("section 4")`)
	radio.fits("radio-retrace", "#rejected", ".trace svg")
	radio.trace(tracePoints(radio))
	radio.until("section 4 secured again", `document.querySelector("#secured")?.dataset.secured === "4"`)
	red.captain.until("one rejection left", `document.querySelector("#inspect")?.textContent.includes("reject 1 more section")`)
	red.captain.tap(`[data-inspect=ok]`)
	blue.captain.tap(`#dive-now`)
	blue.captain.until("the dive in the log", `[...document.querySelectorAll(".log li[data-kind=dived]")].some(li => li.textContent.includes("BLUE: DIVE"))`)
	blue.captain.until("the surfacing card gone", `!document.querySelector("#surface-card")`)
	table.until("blue under way on the table", `document.querySelector("[data-crew=blue]").textContent.includes("submerged")`)
	table.screenshot("table-realtime-wide")

	// Six courses north fill the NORTH panel: the sixth mark warns before
	// it costs damage, the phone buzzes, the sheet is wiped. Then a mine.
	phones[0].eval(`Object.defineProperty(navigator, "vibrate", {value: (p) => { window.buzzed = (window.buzzed || 0) + 1; return true; }}), true`, nil)
	for i := range 6 {
		blue.captain.tap(`button[data-course=NORTH]:not([disabled])`)
		blue.charge1()
		blue.captain.until("the Engineer's tab", `document.body.dataset.tab === "engineer"`)
		blue.captain.tap(fmt.Sprintf(`g.sym.active[data-panel=NORTH][data-index="%d"]`, i))
		if i < 5 {
			blue.captain.until("back to the Captain", `document.body.dataset.tab === "captain"`)
		}
	}
	warning := blue.captain.text("#damage-warning")
	if !strings.Contains(warning, "costs 1 damage") || !strings.Contains(warning, "overloads the NORTH panel") {
		t.Fatalf("the damaging mark warns %q", warning)
	}
	blue.captain.fits("combined-damage-warning", "#damage-warning", "#mark-anyway")
	blue.captain.tap("#mark-anyway")
	blue.captain.until("the damage on the header", `document.querySelectorAll("#damage .box.hit").length === 1 && window.buzzed > 0`)
	table.until("blue's damage on the table", `document.querySelector("[data-crew=blue] [data-damage]")?.dataset.damage === "1"`)
	blue.captain.until("back to the Captain", `document.body.dataset.tab === "captain"`)
	blue.captain.tap(`button[data-system=mine]:not([disabled])`)
	var cell string
	if err := json.Unmarshal(blue.captain.until("mine cells", `document.querySelector("rect.target[data-kind=mine]")?.dataset.cell`), &cell); err != nil {
		t.Fatal(err)
	}
	blue.captain.tap(fmt.Sprintf(`rect.target[data-kind=mine][data-cell=%s]`, cell))
	blue.captain.until("the cell under the finger", fmt.Sprintf(`document.querySelector("#confirm")?.textContent === "DROP MINE AT %s"`, cell))
	blue.captain.tap(`#confirm:not([disabled])`)
	blue.captain.see(fmt.Sprintf(`.chart g[data-mine=%s]`, cell))
	red.radio.until("the drop on the enemy's overlay", `[...document.querySelectorAll("#overlay text")].some(t => t.textContent === "M")`)

	// A dropped connection comes back by itself, and the badge says so.
	radio.eval(`window.periscope.conn.ws.close(), true`, nil)
	radio.until("the badge going offline", `document.querySelector("#conn").dataset.state !== "online"`)
	radio.until("the badge back online", `document.querySelector("#conn").dataset.state === "online"`)

	// A reload (or a phone waking up) rejoins the seat by itself.
	radio.run(chromedp.Reload())
	radio.until("the seat again", `document.body.dataset.state === "playing" && document.querySelector("#who").textContent.startsWith("Blue Radio Operator") && document.querySelector("#conn").dataset.state === "online"`)
	radio.fits("radio-after-reload", "#overlay", "#notes")
}
