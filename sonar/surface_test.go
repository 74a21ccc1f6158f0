package sonar

import (
	"testing"
	"time"

	"periscope/sonar/chart"
)

// tr is a short trace for secure commands in tests.
const tr = `[[40,90],[95,40],[260,40]]`

// secureAs secures a section of crew's sheet as role, with a trace.
func secureAs(t *testing.T, m *Match, crew Crew, role string, section int) []Event {
	t.Helper()
	return do(t, m, `{"type":"secure","crew":%q,"role":%q,"section":%d,"trace":`+tr+`}`, crew, role, section)
}

func TestSurfacingRealTime(t *testing.T) {
	m := placed(t, Options{}, "E5", "K11")
	ready(m, Blue)
	do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"F6"}`)
	walk(t, m, Blue, "N N E") // leaves breakdowns on the sheet
	m.crews[Blue].damage = 1
	refused(t, m, CodeRole, "only the Captain may surface", `{"type":"surface","crew":"blue","role":"engineer"}`)
	evs := do(t, m, `{"type":"surface","crew":"blue","role":"captain"}`)
	e := find(t, evs, KindSurface)
	// F3 is in sector 2: the true sector is announced to everyone.
	if e.Sector != 2 || !e.Public() || e.Text != "BLUE SURFACING IN SECTOR 2" || e.Cell != nil {
		t.Errorf("surface event %+v", e)
	}
	v := m.Crew(Blue)
	if len(v.Route) != 1 || *v.Position != cell(t, "F3") || len(v.Mines) != 1 || v.Damage != 1 {
		t.Errorf("after surfacing: route %v pos %v mines %v damage %d", v.Route, v.Position, v.Mines, v.Damage)
	}
	if !v.Surfacing.EngineerFirst || v.Surfacing.RejectionsLeft != 2 {
		t.Errorf("surfacing view %+v", v.Surfacing)
	}
	// The surfaced crew can do nothing else; the enemy keeps playing.
	refused(t, m, CodeSurfaced, "your submarine is surfaced", `{"type":"course","crew":"blue","role":"captain","dir":"E"}`)
	refused(t, m, CodeSurfaced, "a surfaced submarine cannot trigger mines", `{"type":"trigger","crew":"blue","role":"captain","cell":"F6"}`)
	refused(t, m, CodeSurfaced, "surfaced", `{"type":"surface","crew":"blue","role":"captain"}`)
	walk(t, m, Red, "N")
	ready(m, Red)
	refused(t, m, CodeNotInspected, "secure all four sections", `{"type":"dive","crew":"blue","role":"captain"}`)
	refused(t, m, CodeNoInspection, "there is no enemy sheet to inspect", `{"type":"inspect","crew":"red","role":"engineer","ok":true}`)

	// The Engineer starts and passes the sheet on; each section by a
	// different role.
	refused(t, m, CodeEngineerStarts, "the Engineer traces the first section", `{"type":"secure","crew":"blue","role":"captain","section":2,"trace":`+tr+`}`)
	secureAs(t, m, Blue, "engineer", 1)
	refused(t, m, CodeOneSectionEach, "the Engineer has already secured section 1", `{"type":"secure","crew":"blue","role":"engineer","section":2,"trace":`+tr+`}`)
	refused(t, m, CodeSectionSecured, "section 1 is already secured by the Engineer", `{"type":"secure","crew":"blue","role":"captain","section":1,"trace":`+tr+`}`)
	refused(t, m, CodeNoSection, "sections 1 to 4", `{"type":"secure","crew":"blue","role":"captain","section":5,"trace":`+tr+`}`)
	refused(t, m, CodeNotSurfaced, "not surfaced", `{"type":"secure","crew":"red","role":"captain","section":2,"trace":`+tr+`}`)
	secureAs(t, m, Blue, "captain", 2)
	secureAs(t, m, Blue, "first_mate", 3)
	if m.Crew(Red).Inspect != nil {
		t.Error("inspection offered before the fourth section")
	}
	if _, ok := m.Deadline(); ok {
		t.Error("a deadline before the sheet is complete")
	}
	at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	cmd, _ := ParseCommand([]byte(`{"type":"secure","crew":"blue","role":"radio_operator","section":4,"trace":[[40,45],[200,45]]}`))
	cmd.At = at
	evs, err := m.Apply(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if e := find(t, evs, KindSecured); e.Text != "BLUE RADIO OPERATOR SECURED SECTION 4: RED ENGINEER, INSPECT THE SHEET (60 SECONDS)" || !e.Public() {
		t.Errorf("secured %+v", e)
	}
	// The enemy Engineer sees every section as it was traced.
	in := m.Crew(Red).Inspect
	if in == nil || in.RejectionsLeft != 2 || !in.By.Equal(at.Add(time.Minute)) {
		t.Fatalf("red's engineer should be asked to inspect: %+v", in)
	}
	if s := in.Sections[3]; s.Section != 4 || s.Role != RadioOperator || len(s.Trace) != 2 || s.Trace[1] != (TracePoint{200, 45}) {
		t.Errorf("section 4 as inspected: %+v", s)
	}
	if m.Crew(Blue).Inspect != nil {
		t.Error("blue inspects its own sheet")
	}
	if d, ok := m.Deadline(); !ok || !d.Equal(at.Add(time.Minute)) {
		t.Errorf("deadline %v %v", d, ok)
	}

	// A rejection names a section; only its tracer redraws it.
	refused(t, m, CodeRole, "only the Engineer may inspect", `{"type":"inspect","crew":"red","role":"captain","ok":true}`)
	refused(t, m, CodeRejectSection, "name the section", `{"type":"inspect","crew":"red","role":"engineer","ok":false}`)
	refused(t, m, CodePassWhole, "a pass covers the whole sheet", `{"type":"inspect","crew":"red","role":"engineer","ok":true,"section":2}`)
	evs = do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":2}`)
	if e := find(t, evs, KindInspected); *e.Yes || e.Crew != Blue || e.Section != 2 || *e.Role != Captain ||
		e.Text != "RED ENGINEER: STRAY LINE IN SECTION 2. BLUE CAPTAIN TRACES IT AGAIN" {
		t.Errorf("rejected %+v", e)
	}
	if p := m.Public(); p.Crews[Blue].Secured != 3 {
		t.Errorf("%d sections left secured, want 3", p.Crews[Blue].Secured)
	}
	if v := m.Crew(Blue).Surfacing; v.Redo[1] == nil || *v.Redo[1] != Captain || v.RejectionsLeft != 1 || v.InspectBy != nil {
		t.Errorf("surfacing after the rejection %+v", v)
	}
	if _, ok := m.Deadline(); ok {
		t.Error("a deadline while a section is retraced")
	}
	if len(m.Crew(Blue).Broken) == 0 {
		t.Error("breakdowns erased before the inspection passed")
	}
	refused(t, m, CodeRedoByTracer, "the Captain who traced it traces it again", `{"type":"secure","crew":"blue","role":"first_mate","section":2,"trace":`+tr+`}`)
	secureAs(t, m, Blue, "captain", 2)
	do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":4}`)
	secureAs(t, m, Blue, "radio_operator", 4)
	// The table's limit: two rejections a surfacing.
	refused(t, m, CodeRejectionLimit, "2 rejected sections", `{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":1}`)
	evs = do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":true}`)
	if e := find(t, evs, KindInspected); !*e.Yes || e.Text != "RED ENGINEER: NO STRAY LINES. BLUE: READY TO DIVE" {
		t.Errorf("passed %+v", e)
	}
	if v := m.Crew(Blue); len(v.Broken) != 0 || !v.Surfacing.Inspected {
		t.Errorf("breakdowns %v after the inspection", v.Broken)
	}
	refused(t, m, CodeInspectionPassed, "the inspection passed", `{"type":"secure","crew":"blue","role":"engineer","section":1,"trace":`+tr+`}`)
	evs = do(t, m, `{"type":"dive","crew":"blue","role":"captain"}`)
	if e := find(t, evs, KindDived); e.Text != "BLUE: DIVE" {
		t.Errorf("dive %+v", e)
	}
	refused(t, m, CodeNotSurfaced, "not surfaced", `{"type":"dive","crew":"blue","role":"captain"}`)
	// Under way again, from the same cell, with a fresh route.
	walk(t, m, Blue, "W S")
	if v := m.Crew(Blue); v.Surfacing != nil || len(v.Route) != 3 || v.Damage != 1 {
		t.Errorf("after diving %+v", v)
	}
}

// An enemy Engineer who never answers cannot keep a submarine surfaced:
// the room's tick passes the sheet when the table's time is up.
func TestInspectionTimesOut(t *testing.T) {
	m := placed(t, Options{InspectionSeconds: 30, SurfaceOrder: SurfaceAny}, "E5", "K11")
	do(t, m, `{"type":"surface","crew":"red","role":"captain"}`)
	if v := m.Crew(Red).Surfacing; v.EngineerFirst {
		t.Error("any order: nobody must go first")
	}
	at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	for i, r := range []Role{RadioOperator, Captain, FirstMate, Engineer} {
		cmd := Command{Type: TypeSecure, Crew: Red, Role: r, Section: i + 1, Trace: Trace{{0, 0}, {10, 10}}, At: at}
		if _, err := m.Apply(cmd); err != nil {
			t.Fatal(err)
		}
	}
	tick := func(after time.Duration) ([]Event, error) {
		return m.Apply(Command{Type: TypeTick, At: at.Add(after)})
	}
	if _, err := tick(29 * time.Second); err == nil || err.(*RuleError).Code != CodeNotDue {
		t.Fatalf("early tick: %v", err)
	}
	evs, err := tick(30 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if e := find(t, evs, KindInspected); !*e.Yes || e.Crew != Red || !contains(e.Text, "TIME IS UP FOR THE BLUE ENGINEER") {
		t.Errorf("timeout %+v", e)
	}
	if _, ok := m.Deadline(); ok {
		t.Error("deadline after the pass")
	}
	do(t, m, `{"type":"dive","crew":"red","role":"captain"}`)
	if _, err := ParseCommand([]byte(`{"type":"tick","crew":"red","role":"captain"}`)); err == nil {
		t.Error("a tick with a crew parsed")
	}
}

func TestSurfacingTurnBased(t *testing.T) {
	m := started(t, Options{Mode: TurnBased}, 3)
	a, b := m.first, m.first.Other()
	do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"E5"}`, a)
	do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"B2"}`, b)
	walk(t, m, a, "E")
	do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, a)
	walk(t, m, b, "S")
	do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, b)
	if len(m.Crew(a).Broken) == 0 {
		t.Fatal("expected breakdowns")
	}
	evs := do(t, m, `{"type":"surface","crew":%q,"role":"captain"}`, a)
	if e := find(t, evs, KindTurn); e.Crew != b || e.Text != b.loud()+" TAKES 3 TURNS" {
		t.Errorf("turn %+v", e)
	}
	if v := m.Crew(a); len(v.Broken) != 0 || !v.Surfaced() {
		t.Errorf("turn-based surfacing erases breakdowns at once: %+v", v.Broken)
	}
	// b plays three turns in a row; a dives after the third.
	for i, d := range []string{"S", "S", "E"} {
		walk(t, m, b, d)
		evs = do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, b)
		if i < 2 {
			if e := find(t, evs, KindTurn); e.Crew != b {
				t.Errorf("turn %d went to %s", i+2, e.Crew)
			}
			if p := m.Public(); p.Bonus != 2-i {
				t.Errorf("bonus %d", p.Bonus)
			}
		}
	}
	if e := find(t, evs, KindDived); e.Crew != a {
		t.Errorf("dive %+v", e)
	}
	if p := m.Public(); *p.Turn != a || p.Crews[a].Surfaced {
		t.Errorf("after three turns: %+v", p)
	}

	// The enemy's own surfacing cuts its bonus turns short.
	do(t, m, `{"type":"surface","crew":%q,"role":"captain"}`, a)
	walk(t, m, b, "E")
	do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, b)
	evs = do(t, m, `{"type":"surface","crew":%q,"role":"captain"}`, b)
	if e := find(t, evs, KindDived); e.Crew != a {
		t.Errorf("%s should dive when %s surfaces: %q", a, b, texts(evs))
	}
	if p := m.Public(); *p.Turn != a || p.Bonus != 3 || !p.Crews[b].Surfaced || p.Crews[a].Surfaced {
		t.Errorf("after the enemy surfaced: %+v", p)
	}
}

// Surfaced is a convenience for tests.
func (v CrewView) Surfaced() bool { return v.Surfacing != nil }

func TestDeltaIceHoles(t *testing.T) {
	hole := chart.Cell{Col: 4, Row: 4} // E5
	m := placed(t, Options{Map: "delta", IceHoles: []chart.Cell{hole}}, "E5", "K11")
	evs := do(t, m, `{"type":"surface","crew":"blue","role":"captain"}`)
	if has(evs, KindDamage) {
		t.Error("surfacing in an ice hole is free")
	}
	evs = do(t, m, `{"type":"surface","crew":"red","role":"captain"}`)
	if e := find(t, evs, KindDamage); e.Damage != 1 || e.Crew != Red {
		t.Errorf("breaking the ice %+v", e)
	}
	if m.Public().Crews[Red].Damage != 1 {
		t.Error("no ice damage")
	}
	// Without hole data Delta plays like any map.
	m = placed(t, Options{Map: "delta"}, "E5", "K11")
	if has(do(t, m, `{"type":"surface","crew":"red","role":"captain"}`), KindDamage) {
		t.Error("ice rule applied without hole data")
	}
	// Breaking the ice can be the fourth damage.
	m = placed(t, Options{Map: "delta", IceHoles: []chart.Cell{hole}}, "E5", "K11")
	m.crews[Red].damage = 3
	evs = do(t, m, `{"type":"surface","crew":"red","role":"captain"}`)
	if !m.Over() || has(evs, KindSurface) || *m.Outcome().Winner != Blue {
		t.Errorf("destroyed through the ice: %q", texts(evs))
	}
}

func TestEndOfMatch(t *testing.T) {
	tests := []struct {
		name       string
		blue, red  int // damage before the torpedo
		target     string
		winner     *Crew
		destroyed  []Crew
		reasonPart string
	}{
		{"red destroyed", 0, 2, "G2", ptr(Blue), []Crew{Red}, "red submarine destroyed"},
		{"firing crew destroyed by its own torpedo", 3, 0, "E3", ptr(Red), []Crew{Blue}, "blue submarine destroyed"},
		{"both at once: draw", 3, 3, "E2", nil, []Crew{Blue, Red}, "draw"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := placed(t, Options{Map: "bravo"}, "D3", "F2")
			m.crews[Blue].damage, m.crews[Red].damage = tt.blue, tt.red
			if tt.target == "G2" {
				m.crews[Red].pos = cell(t, "G2")
			}
			ready(m, Blue)
			evs := do(t, m, `{"type":"torpedo","crew":"blue","role":"captain","cell":%q}`, tt.target)
			if !m.Over() {
				t.Fatalf("not over: %q", texts(evs))
			}
			o := m.Outcome()
			if (o.Winner == nil) != (tt.winner == nil) || (o.Winner != nil && *o.Winner != *tt.winner) || !contains(o.Reason, tt.reasonPart) {
				t.Errorf("outcome %+v", o)
			}
			if n := countKind(evs, KindDestroyed); n != len(tt.destroyed) {
				t.Errorf("%d destroyed events", n)
			}
			over := find(t, evs, KindOver)
			if (over.Winner == nil) != (tt.winner == nil) {
				t.Errorf("over %+v", over)
			}
			for _, c := range Crews {
				if d := m.Public().Crews[c].Damage; d > MaxDamage {
					t.Errorf("damage %d above the track", d)
				}
			}
			refused(t, m, CodeOver, "the match is over", `{"type":"course","crew":"red","role":"captain","dir":"N"}`)
			if m.Public().Playing || m.Public().Outcome == nil {
				t.Error("public view still playing")
			}
			for _, c := range Crews {
				if g := m.Crew(c).Gauges; g[0].Ready {
					t.Error("systems ready after the end")
				}
			}
		})
	}
	if m := placed(t, Options{}, "E5", "K11"); m.Outcome() != nil || m.Over() {
		t.Error("outcome while playing")
	}
}

func TestEngineerDamageCanDestroy(t *testing.T) {
	m := engineer(t, Options{}, []string{"W4", "W5", "N5", "S4", "E3"}, chart.East)
	m.crews[Blue].damage = 3
	evs := do(t, m, `{"type":"mark","crew":"blue","role":"engineer","panel":"EAST","symbol":5}`)
	if !m.Over() || *m.Outcome().Winner != Red || !has(evs, KindDestroyed) {
		t.Errorf("reactor meltdown as fourth damage: %q", texts(evs))
	}
}

// TestSurfacingOrders plays a surfacing under each of the table's orders:
// who may trace when, what the refusal says, and who the crew view says
// holds the sheet. A refusal changes nothing (refused checks it).
func TestSurfacingOrders(t *testing.T) {
	type step struct {
		role    string
		section int
		code    Code   // "" when the section is secured
		want    string // in the refusal
		holder  string // the view's holder after the step ("" for none)
	}
	tests := []struct {
		name   string
		opts   Options
		holder string // before the first step
		steps  []step
	}{
		{"sheet: one holder at a time, in the sheet's order", Options{SurfaceOrder: SurfaceSheet}, "engineer", []step{
			{"first_mate", 1, CodeEngineerStarts, "the Engineer traces the first section", "engineer"},
			{"engineer", 3, "", "", "first_mate"},
			{"captain", 1, CodeSheetElsewhere, "the sheet is with the First Mate: one role traces at a time", "first_mate"},
			{"radio_operator", 1, CodeSheetElsewhere, "the sheet is with the First Mate", "first_mate"},
			{"engineer", 1, CodeOneSectionEach, "the Engineer has already secured section 3", "first_mate"},
			{"first_mate", 3, CodeSectionSecured, "section 3 is already secured by the Engineer", "first_mate"},
			{"first_mate", 1, "", "", "captain"},
			{"radio_operator", 2, CodeSheetElsewhere, "the sheet is with the Captain", "captain"},
			{"captain", 4, "", "", "radio_operator"},
			{"radio_operator", 2, "", "", ""},
		}},
		{"engineer first, then the others at once", Options{}, "", []step{
			{"radio_operator", 1, CodeEngineerStarts, "the Engineer traces the first section", ""},
			{"engineer", 1, "", "", ""},
			{"radio_operator", 2, "", "", ""},
			{"captain", 3, "", "", ""},
			{"first_mate", 4, "", "", ""},
		}},
		{"any order, all at once", Options{SurfaceOrder: SurfaceAny}, "", []step{
			{"radio_operator", 4, "", "", ""},
			{"captain", 1, "", "", ""},
			{"engineer", 2, "", "", ""},
			{"first_mate", 3, "", "", ""},
		}},
		{"an old room's surface_any_order reads as any", Options{SurfaceAnyOrder: true}, "", []step{
			{"radio_operator", 4, "", "", ""},
		}},
	}
	holderOf := func(m *Match) string {
		if h := m.Crew(Blue).Surfacing.Holder; h != nil {
			return h.String()
		}
		return ""
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := placed(t, tt.opts, "E5", "K11")
			do(t, m, `{"type":"surface","crew":"blue","role":"captain"}`)
			if got := holderOf(m); got != tt.holder {
				t.Fatalf("surfaced: the sheet is with %q, want %q", got, tt.holder)
			}
			for _, s := range tt.steps {
				cmd := `{"type":"secure","crew":"blue","role":%q,"section":%d,"trace":` + tr + `}`
				if s.code != "" {
					refused(t, m, s.code, s.want, cmd, s.role, s.section)
				} else {
					do(t, m, cmd, s.role, s.section)
				}
				if got := holderOf(m); got != s.holder {
					t.Fatalf("after %s on section %d: the sheet is with %q, want %q", s.role, s.section, got, s.holder)
				}
			}
		})
	}
}

// With the sheet passed hand to hand, a rejected section sends it back to
// its tracer alone; once the sheet passes, nobody holds it.
func TestSheetGoesBackToTheRejectedTracer(t *testing.T) {
	m := placed(t, Options{SurfaceOrder: SurfaceSheet}, "E5", "K11")
	do(t, m, `{"type":"surface","crew":"blue","role":"captain"}`)
	for i, r := range SheetOrder {
		secureAs(t, m, Blue, r.String(), i+1)
	}
	if h := m.Crew(Blue).Surfacing.Holder; h != nil {
		t.Fatalf("the enemy Engineer inspects, yet the sheet is with the %s", h.Title())
	}
	do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":2}`)
	if h := m.Crew(Blue).Surfacing.Holder; h == nil || *h != FirstMate {
		t.Fatalf("after rejecting the First Mate's section the sheet is with %v", h)
	}
	refused(t, m, CodeRedoByTracer, "the First Mate who traced it traces it again", `{"type":"secure","crew":"blue","role":"engineer","section":2,"trace":`+tr+`}`)
	secureAs(t, m, Blue, "first_mate", 2)
	do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":true}`)
	if h := m.Crew(Blue).Surfacing.Holder; h != nil {
		t.Fatalf("inspected, yet the sheet is with the %s", h.Title())
	}
	do(t, m, `{"type":"dive","crew":"blue","role":"captain"}`)
}
