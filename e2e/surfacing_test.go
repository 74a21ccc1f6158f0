package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// surfaceSays is what a phone tells its player while its crew is surfaced:
// the duty banner, the surfacing card's step, the hints and every notice
// of the open role page, each as shown (hidden ones left out).
type surfaceSays struct {
	Banner  string   `json:"banner"`
	Step    string   `json:"step"`
	Hints   []string `json:"hints"`
	Notices []string `json:"notices"`
}

func saysWhileSurfaced(p *phone) surfaceSays {
	p.t.Helper()
	raw := p.until("the surfacing card", `(() => {
		const vis = (e) => !!e && e.getClientRects().length > 0;
		if (!vis(document.querySelector("#surface-card"))) return null;
		const text = (e) => e.textContent.trim();
		return {
			banner: vis(document.querySelector("#duty-banner")) ? text(document.querySelector("#duty-banner")) : "",
			step: text(document.querySelector("#surface-card [data-step] .step-text") || {textContent: ""}),
			hints: [...document.querySelectorAll("#hints .hint")].filter(vis).map(text),
			notices: [...document.querySelectorAll("#panels .notice, #panels [id$=-duty], #radio-how")].filter(vis).map(text),
		};
	})()`)
	var s surfaceSays
	if err := json.Unmarshal(raw, &s); err != nil {
		p.fail("what the phone says: %v", err)
	}
	return s
}

// oneInstruction checks that the phone, on its open tab, gives exactly one
// instruction, want: the banner and the card's step in the same words, no
// hint saying it again, no notice telling something else to do.
func oneInstruction(t *testing.T, p *phone, where, want string) {
	t.Helper()
	s := saysWhileSurfaced(p)
	if s.Step != want || s.Banner != want {
		t.Errorf("%s: the card says %q and the banner %q, want both %q", where, s.Step, s.Banner, want)
	}
	if len(s.Hints) > 0 {
		t.Errorf("%s: hints say it again: %q", where, s.Hints)
	}
	for _, n := range s.Notices {
		for _, bad := range []string{"Nothing to do", "charge ONE", "cross out one", "choose a heading", "Wait for the next course", "card above", "wiped clean", "Drag it over"} {
			if strings.Contains(n, bad) {
				t.Errorf("%s: a notice contradicts the step: %q", where, n)
			}
		}
	}
}

// eachTab runs f on every role tab of a combined phone (or once on a phone
// of one role).
func eachTab(p *phone, f func(tab string)) {
	p.t.Helper()
	var tabs []string
	p.eval(`[...document.querySelectorAll("#tabs:not(.hidden) [data-tab]")].map(b => b.dataset.tab)`, &tabs)
	if len(tabs) == 0 {
		f("")
		return
	}
	for _, tab := range tabs {
		p.tap(fmt.Sprintf(`#tabs [data-tab=%s]`, tab))
		p.until("the "+tab+" tab", fmt.Sprintf(`document.body.dataset.tab === %q`, tab))
		f(tab)
	}
}

// holdViews delays the views reaching a phone (a slow Wi-Fi): its page
// still shows what it saw before, while its own commands go out.
func holdViews(p *phone, hold bool) {
	p.t.Helper()
	if hold {
		p.eval(`(() => { const c = window.periscope.conn; window.heldViews = []; c.receiveNow = c.receive;
			c.receive = (m) => m.t === "update" ? window.heldViews.push(m) : c.receiveNow(m); return true; })()`, nil)
		return
	}
	p.eval(`(() => { const c = window.periscope.conn; c.receive = c.receiveNow; for (const m of window.heldViews.splice(0)) c.receive(m); return true; })()`, nil)
}

// A real-time match of a Blue crew of four phones against a Red crew of
// one phone holding all four roles. Both crews surface: every role page,
// and every tab of the combined phone, gives one instruction, the same in
// the banner and on the surfacing card, as the rulebook orders it (the
// Engineer first, one section each, the enemy Engineer inspects, the
// Captain dives). Two Blue phones go for the same section a moment apart,
// and two for the same sonar: the slower one says who took it. Then Blue
// sinks Red: after the end no
// page shows a duty, a hint, the strip of news or a control other than
// the links of what comes next.
func TestSurfacingOneInstructionPerPhoneAndNothingAfterTheEnd(t *testing.T) {
	e := start(t)
	defer logShots(t)
	names := []string{"Ann", "Bob", "Cy", "Di", "Eve"}
	phones := make([]*phone, 5)
	for i := range phones {
		phones[i] = e.phone(t, fmt.Sprintf("sf%d-%s", i, names[i]))
	}
	code := createRoom(phones[0], "realtime", "4", "1", "cells")
	for i, p := range phones {
		join(p, code, i, names[i])
	}
	startMatch(phones[0], phones...)
	blue := &crew{name: "blue", captain: phones[0], mate: phones[1], eng: phones[2], radio: phones[3],
		charge: []string{"sonar", "torpedo", "mine", "drone"}, avoid: "green"}
	rp := phones[4]
	red := &crew{name: "red", captain: rp, mate: rp, eng: rp, radio: rp, charge: []string{"sonar", "mine", "silence", "drone"}, avoid: "green"}
	blue.place("A4")
	red.place("H6")

	// Red heads north and surfaces: its one phone, on each of its four
	// tabs, says the Engineer traces first.
	red.captain.tap(`button[data-course=NORTH]:not([disabled])`)
	red.charge1()
	red.mark()
	rp.until("back to the Captain", `document.body.dataset.tab === "captain"`)
	rp.tap(`button[data-system=surface]:not([disabled])`)
	rp.tap(`#confirm`)
	eachTab(rp, func(tab string) {
		oneInstruction(t, rp, "red "+tab, "Engineer: tap a free section, then trace its outline with your finger.")
	})
	rp.screenshot("surfaced-combined")
	// It secures the four sections as its four roles; Blue's Engineer
	// passes the sheet; Red's Captain is told to dive.
	for section := 1; section <= 4; section++ {
		secure(rp, section)
	}
	blue.eng.until("the inspection", `!!document.querySelector("#inspect [data-inspect=ok]")`)
	blue.eng.tap(`[data-inspect=ok]`)
	rp.tap(`#tabs [data-tab=captain]`)
	oneInstruction(t, rp, "red after the inspection", "Inspection passed: tap DIVE.")
	rp.tap(`#dive-now`)
	rp.until("the surfacing card gone", `!document.querySelector("#surface-card")`)

	// The sonar is charged: the Captain activates it while the First
	// Mate's page, a moment behind, still offers it. The First Mate's tap
	// says the Captain was first, not just that the gauge is empty.
	for _, dir := range []string{"EAST", "EAST", "EAST"} {
		blue.course(dir)
	}
	blue.mate.until("the sonar ready", `!!document.querySelector("#panel-first_mate button.good[data-system=sonar]")`)
	holdViews(blue.mate, true)
	blue.captain.tap(`#panel-captain button[data-system=sonar]:not([disabled])`)
	rp.until("the sonar question", `!!document.querySelector("#sonar-answer [data-fact]")`)
	blue.mate.tap(`#panel-first_mate button[data-system=sonar]`)
	blue.mate.until("the words", `document.querySelector("[data-group=systems] .refusal")?.textContent.includes("Your Captain activated the sonar a moment before you")`)
	blue.mate.screenshot("sonar-taken-by-the-captain")
	holdViews(blue.mate, false)
	rp.tap("#sonar-answer [data-fact]")
	rp.tap(`#sonar-answer .facts[data-step="2"] [data-fact]`)
	blue.captain.until("the answer", `!!document.querySelector('.log li[data-kind=sonar_answer]') || !window.periscope.view.public.sonar_pending`)

	// Blue surfaces: its Engineer is told to trace, the three others to
	// wait for the sheet.
	blue.captain.tap(`button[data-system=surface]:not([disabled])`)
	blue.captain.tap(`#confirm`)
	wait := "The Engineer traces the first section, then passes the sheet on to you: wait for it."
	oneInstruction(t, blue.eng, "blue engineer", "Engineer: tap a free section, then trace its outline with your finger.")
	for _, p := range []*phone{blue.captain, blue.mate, blue.radio} {
		oneInstruction(t, p, p.name, wait)
	}
	blue.eng.screenshot("surfaced-engineer")
	blue.mate.screenshot("surfaced-firstmate-waits")
	secure(blue.eng, 1)
	oneInstruction(t, blue.eng, "blue engineer, section secured", "Your section is secured. Wait for your crewmates.")
	for _, c := range []struct {
		p    *phone
		role string
	}{{blue.captain, "Captain"}, {blue.mate, "First Mate"}, {blue.radio, "Radio Operator"}} {
		oneInstruction(t, c.p, c.p.name, c.role+": tap a free section, then trace its outline with your finger.")
	}
	blue.radio.screenshot("surfaced-radio")

	// The Radio Operator starts on section 2 while the First Mate traces
	// it faster: the card waits for the finger, then says who took it.
	ro := blue.radio
	ro.tap(`#surfacing rect.section[data-section="2"]`)
	pts := tracePoints(ro)
	ro.traceStart(pts[:len(pts)*2/3])
	secure(blue.mate, 2)
	ro.traceEnd(pts[len(pts)*2/3:])
	ro.until("the words", `!!document.querySelector("#trace-taken")`)
	if got := ro.text("#trace-taken"); !strings.Contains(got, "Section 2 (tower) was just secured by the First Mate") {
		t.Errorf("the slower phone reads %q", got)
	}
	if ro.has(`[data-group=secure] .refusal`) {
		t.Errorf("a refusal besides the words: %q", ro.text(`[data-group=secure] .refusal`))
	}
	ro.screenshot("section-taken-under-the-finger")
	// A tap on the section taken a moment ago says so too, not nothing.
	ro.until("section 2 secured on the page", `document.querySelector("#secured")?.dataset.secured === "2"`)
	ro.tap(`#surfacing rect.section[data-section="2"]`)
	ro.until("the tap answered", `document.querySelector("#trace-taken")?.textContent.includes("already secured by the First Mate")`)

	// On a slow Wi-Fi the Radio Operator's page still shows section 3 free
	// when the Captain secures it: its stroke is refused, in the same words.
	holdViews(ro, true)
	ro.tap(`#surfacing rect.section[data-section="3"]`)
	pts = tracePoints(ro)
	secure(blue.captain, 3)
	ro.trace(pts)
	ro.until("the refusal in words", `document.querySelector("#trace-taken")?.textContent.includes("Section 3 (hull) was just secured by the Captain")`)
	if ro.has(`[data-group=secure] .refusal`) {
		t.Errorf("a second refusal besides the words: %q", ro.text(`[data-group=secure] .refusal`))
	}
	ro.screenshot("section-taken-slow-wifi")
	holdViews(ro, false)
	secure(ro, 4)
	for _, p := range []*phone{blue.captain, blue.mate, blue.eng, blue.radio} {
		oneInstruction(t, p, p.name+", all secured", "All four sections secured: wait while the enemy Engineer inspects your lines.")
	}
	rp.until("the inspection", `!!document.querySelector("#inspect [data-inspect=ok]")`)
	rp.tap(`[data-inspect=ok]`)
	oneInstruction(t, blue.captain, "blue captain, inspected", "Inspection passed: tap DIVE.")
	for _, p := range []*phone{blue.mate, blue.eng, blue.radio} {
		oneInstruction(t, p, p.name+", inspected", "Inspection passed: wait for your Captain's DIVE.")
	}
	blue.captain.tap(`#dive-now`)
	blue.captain.until("the surfacing card gone", `!document.querySelector("#surface-card")`)

	// Blue closes in and fires twice at Red's cell: Red sinks.
	blue.charge, blue.avoid = []string{"torpedo", "mine", "drone", "sonar"}, "red"
	redAt := red.position()
	for _, dir := range []string{"EAST", "EAST", "SOUTH"} {
		blue.course(dir)
	}
	blue.fire(redAt)
	for _, dir := range []string{"WEST", "SOUTH", "EAST"} {
		blue.course(dir)
	}
	blue.fire(redAt)
	for _, p := range phones {
		p.until("the end", `!!document.querySelector("#outcome-banner")`)
	}
	for _, p := range phones {
		eachTab(p, func(tab string) { nothingAfterTheEnd(t, p, tab) })
	}
	blue.mate.screenshot("end-firstmate")
	rp.screenshot("end-combined")
}

// nothingAfterTheEnd checks a phone's open page after the match: no duty
// banner, hint or strip of news, no duty text on the role page, and no
// control a player could use but the links of what comes next (and the
// tabs between the seat's role pages, and the rules card).
func nothingAfterTheEnd(t *testing.T, p *phone, tab string) {
	t.Helper()
	var got struct {
		Banner   string   `json:"banner"`
		Hints    []string `json:"hints"`
		Ticker   string   `json:"ticker"`
		Duties   []string `json:"duties"`
		Controls []string `json:"controls"`
	}
	raw := p.until("the end page", `(() => {
		const vis = (e) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
		const text = (e) => e.textContent.trim().replace(/\s+/g, " ");
		const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + [...Object.entries(e.dataset)].map(([k, v]) => "[" + k + "=" + v + "]").join("") + " " + text(e).slice(0, 40);
		const sel = "button, a[href], input, select, textarea, [role=button], [role=application], g.sym, rect.section, rect.target, #overlay";
		return {
			banner: vis(document.querySelector("#duty-banner")) ? text(document.querySelector("#duty-banner")) : "",
			hints: [...document.querySelectorAll("#hints .hint")].filter(vis).map(text),
			ticker: vis(document.querySelector("#ticker")) ? text(document.querySelector("#ticker")) : "",
			duties: [...document.querySelectorAll("#panels [id$=-duty], #panels .notice.warn, [data-step], #inspect, #sonar-answer")].filter(vis).map(text),
			controls: [...document.querySelectorAll(sel)].filter(vis)
				.filter((e) => !e.disabled && !e.readOnly && e.getAttribute("aria-disabled") !== "true" && getComputedStyle(e).pointerEvents !== "none")
				// What comes next, the tabs between the seat's pages and the
				// rules card are ways to read on, not moves in the match.
				.filter((e) => !e.closest("#what-next, #tabs, #rules-open"))
				.map(name),
		};
	})()`)
	if err := json.Unmarshal(raw, &got); err != nil {
		p.fail("the end page: %v", err)
	}
	where := p.name
	if tab != "" {
		where += " " + tab
	}
	if got.Banner != "" || len(got.Hints) > 0 || got.Ticker != "" {
		t.Errorf("%s after the end: banner %q, hints %q, strip %q", where, got.Banner, got.Hints, got.Ticker)
	}
	if len(got.Duties) > 0 {
		t.Errorf("%s after the end shows duties: %q", where, got.Duties)
	}
	if len(got.Controls) > 0 {
		t.Errorf("%s after the end has active controls: %q", where, got.Controls)
	}
}

// traceStart puts a finger down on the first point and moves it through
// the others, without lifting it; traceEnd moves on and lifts it.
func (p *phone) traceStart(points [][2]float64) {
	p.t.Helper()
	acts := []chromedp.Action{input.DispatchMouseEvent(input.MousePressed, points[0][0], points[0][1]).
		WithButton(input.Left).WithButtons(1).WithClickCount(1)}
	for _, pt := range points[1:] {
		acts = append(acts, input.DispatchMouseEvent(input.MouseMoved, pt[0], pt[1]).WithButton(input.Left).WithButtons(1))
	}
	p.run(acts...)
}

func (p *phone) traceEnd(points [][2]float64) {
	p.t.Helper()
	var acts []chromedp.Action
	for _, pt := range points {
		acts = append(acts, input.DispatchMouseEvent(input.MouseMoved, pt[0], pt[1]).WithButton(input.Left).WithButtons(1))
	}
	last := points[len(points)-1]
	acts = append(acts, input.DispatchMouseEvent(input.MouseReleased, last[0], last[1]).WithButton(input.Left).WithClickCount(1))
	p.run(acts...)
}
