package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"periscope/games"
	"periscope/roles"
	"periscope/sonar"
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
	if what := blue.captain.text("#surface-what"); !strings.Contains(what, "the Engineer first") || !strings.Contains(what, "enemy Engineer inspects") {
		t.Fatalf("before surfacing in real time the Captain reads %q", what)
	}
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
	// The time left is a countdown, not a clock time.
	red.captain.until("the countdown", `/passes by itself in \d+( min \d+)? s\./.test(document.querySelector("#inspect")?.textContent || "")`)
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
		if i == 5 {
			// The Captain is told on the heading itself, before the tap.
			blue.captain.until("the costly heading", `document.querySelector("button[data-course=NORTH]")?.dataset.costs === "1" && document.querySelector("button[data-course=NORTH]").textContent.includes("costs 1 damage")`)
		}
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

// closedCase is one crew view the page words, and what the engine says when
// each of the Captain's orders is given anyway ("" for an open order), in
// the view's order: gauges, courses, silences, surfacing.
type closedCase struct {
	Own     json.RawMessage `json:"own"`
	Outcome string          `json:"outcome,omitempty"`
	Want    []string        `json:"-"`
}

// closedCases plays bot matches turn by turn (every seat a bot) and keeps
// each crew view whose closed orders read differently, with the engine's
// own refusal of each order, checked against the view's brief reason.
func closedCases(t *testing.T) ([]closedCase, map[sonar.Code]bool) {
	t.Helper()
	var out []closedCase
	codes := map[sonar.Code]bool{}
	seen := map[string]bool{}
	probe := func(m *sonar.Match, cmd sonar.Command, why string) string {
		if why == "" {
			return ""
		}
		_, err := m.Clone().Apply(cmd)
		re, ok := err.(*sonar.RuleError)
		if !ok || re.Why() != why {
			t.Fatalf("the view closes %s for %q, but the engine answers %v", cmd.Type, why, err)
		}
		codes[re.Code] = true
		return re.Message
	}
	snapshot := func(m *sonar.Match) {
		for _, c := range sonar.Crews {
			v := m.Crew(c)
			// One view per pattern of rules (cells and numbers aside).
			key := fmt.Sprint(c, v.Blackout, regexp.MustCompile(`:[^;]*`).ReplaceAllString(v.PackWhy(), ""))
			if seen[key] || len(out) >= 400 {
				continue
			}
			seen[key] = true
			order := func(t sonar.CommandType) sonar.Command {
				return sonar.Command{Type: t, Crew: c, Role: sonar.Captain, Sector: 1}
			}
			var want []string
			for _, g := range v.Gauges {
				cmd := order(map[sonar.System]sonar.CommandType{sonar.Mine: sonar.TypeMine, sonar.Torpedo: sonar.TypeTorpedo,
					sonar.Drone: sonar.TypeDrone, sonar.Sonar: sonar.TypeSonar, sonar.Silence: sonar.TypeSilence, sonar.Scenario: sonar.TypeArcher}[g.System])
				want = append(want, probe(m, cmd, g.Blocked))
			}
			for _, o := range v.Courses {
				cmd := order(sonar.TypeCourse)
				cmd.Dir = o.Dir
				want = append(want, probe(m, cmd, o.Reason))
			}
			for _, o := range v.Silences {
				cmd := order(sonar.TypeSilence)
				cmd.Dir, cmd.Distance = o.Dir, o.Min
				want = append(want, probe(m, cmd, o.Reason))
			}
			want = append(want, probe(m, order(sonar.TypeSurface), v.SurfaceBlocked))
			own, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			cs := closedCase{Own: own, Want: want}
			if o := m.Outcome(); o != nil {
				cs.Outcome = o.Reason
			}
			out = append(out, cs)
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		o, err := roles.ParseOptions([]byte(fmt.Sprintf(`{"mode":"turnbased","map":%q}`, []string{"alpha", "bravo", "echo", "delta"}[seed-1])))
		if err != nil {
			t.Fatal(err)
		}
		g, err := roles.New(o, seed)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
		apply := func(seat int, body json.RawMessage) error {
			now = now.Add(time.Second)
			// Every seat is its bot's, as the room applies bots' orders.
			_, err := g.Apply(games.Command{Seat: seat, Body: body, Time: now, Bot: seat >= 0})
			return err
		}
		snapshot(g.Match())
		if err := apply(games.System, games.StartBody); err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 400 && g.Outcome() == nil; round++ {
			moved := false
			for seat := range g.Seats() {
				if body, ok := g.BotCommand(seat); ok && apply(seat, body) == nil {
					moved = true
					snapshot(g.Match())
				}
			}
			if !moved {
				break
			}
		}
		snapshot(g.Match())
	}
	// Two moments bots seldom meet: a blackout (its headings' sentences end
	// with it) and a sonar question waiting for its answer.
	for _, doc := range []struct{ position, then string }{
		{`{"options":{"map":"alpha","mode":"turnbased"},"turn":"blue","blue":{"route":["B1","B2","A2","A1"],"mines":["C1"],"gauges":{"silence":6}},"red":{"route":["J10"]}}`, ""},
		{`{"options":{"map":"alpha"},"blue":{"route":["E4","E5"],"gauges":{"sonar":3}},"red":{"route":["J10"]}}`, `{"type":"sonar","crew":"blue","role":"captain"}`},
	} {
		p, err := sonar.ParsePosition([]byte(doc.position))
		if err != nil {
			t.Fatal(err)
		}
		m, err := sonar.FromPosition(p, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, body := range []string{`{"type":"start"}`, doc.then} {
			if body == "" {
				continue
			}
			cmd, err := sonar.ParseCommand([]byte(body))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.Apply(cmd); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
			snapshot(m)
		}
	}
	return out, codes
}

// TestClosedOrdersReadAsTheEngineRefuses: the Captain's closed orders are
// worded on the phone (static/js/sonar/reasons.js) from the view's brief reasons,
// and a tap on one shows that sentence. Over whole bot matches, every
// closed order's sentence is the engine's own refusal of that order, word
// for word, and every open order has none.
func TestClosedOrdersReadAsTheEngineRefuses(t *testing.T) {
	e := start(t)
	cases, codes := closedCases(t)
	for _, c := range []sonar.Code{sonar.CodeNotStarted, sonar.CodeAwaitingStarts, sonar.CodeOver, sonar.CodeTurn,
		sonar.CodeOneCourse, sonar.CodeCourseFirst, sonar.CodeAwaitingOK, sonar.CodeNotReady, sonar.CodeOneSystem,
		sonar.CodeRoute, sonar.CodeSurfaced, sonar.CodeBlackout, sonar.CodeSonarPending, sonar.CodeOffMap, sonar.CodeIsland} {
		if !codes[c] {
			t.Errorf("the bot matches never closed an order for %q: the check below misses it", c)
		}
	}
	t.Logf("%d views, rules %v", len(cases), codes)
	p := e.phone(t, "reasons")
	p.open("/")
	raw, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	p.run(chromedp.Evaluate(`(async (cases) => {
		const r = await import("/js/sonar/reasons.js");
		return cases.map(({own, outcome}) => {
			const v = {own, public: {outcome: outcome ? {reason: outcome} : undefined}};
			const b = r.briefs(own);
			return [
				...own.gauges.map((g) => r.reason(b.gauge(g.system), v)),
				...own.courses.map((c) => r.courseReason(b.course(c.dir), v)),
				...own.silences.map((s) => r.reason(b.silence(s.dir), v)),
				r.reason(b.surface, v),
			];
		});
	})(`+string(raw)+`)`, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if len(got) != len(cases) {
		t.Fatalf("the page worded %d views of %d", len(got), len(cases))
	}
	for i, c := range cases {
		if !slices.Equal(got[i], c.Want) {
			t.Errorf("view %s\nthe page reads %q\nthe engine says %q", c.Own, got[i], c.Want)
		}
	}
}
