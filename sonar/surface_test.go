package sonar

import (
	"testing"

	"periscope/sonar/chart"
)

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
	// The surfaced crew can do nothing else; the enemy keeps playing.
	refused(t, m, CodeSurfaced, "your submarine is surfaced", `{"type":"course","crew":"blue","role":"captain","dir":"E"}`)
	refused(t, m, CodeSurfaced, "a surfaced submarine cannot trigger mines", `{"type":"trigger","crew":"blue","role":"captain","cell":"F6"}`)
	refused(t, m, CodeSurfaced, "surfaced", `{"type":"surface","crew":"blue","role":"captain"}`)
	walk(t, m, Red, "N")
	// The enemy may still hit a surfaced submarine.
	ready(m, Red)
	refused(t, m, CodeWait, "secure all four sections", `{"type":"dive","crew":"blue","role":"captain"}`)
	refused(t, m, CodeInvalid, "there is no enemy sheet to inspect", `{"type":"inspect","crew":"red","role":"engineer","ok":true}`)

	// Four sections, each by a different role.
	do(t, m, `{"type":"secure","crew":"blue","role":"engineer","section":1}`)
	refused(t, m, CodeRole, "the Engineer has already secured section 1", `{"type":"secure","crew":"blue","role":"engineer","section":2}`)
	refused(t, m, CodeInvalid, "section 1 is already secured by the Engineer", `{"type":"secure","crew":"blue","role":"captain","section":1}`)
	refused(t, m, CodeRange, "sections 1 to 4", `{"type":"secure","crew":"blue","role":"captain","section":5}`)
	refused(t, m, CodeSurfaced, "not surfaced", `{"type":"secure","crew":"red","role":"captain","section":2}`)
	do(t, m, `{"type":"secure","crew":"blue","role":"captain","section":2}`)
	do(t, m, `{"type":"secure","crew":"blue","role":"first_mate","section":3}`)
	evs = do(t, m, `{"type":"secure","crew":"blue","role":"radio_operator","section":4}`)
	if e := find(t, evs, KindSecured); e.Text != "BLUE RADIO OPERATOR SECURED SECTION 4: RED ENGINEER, INSPECT THE SHEET" || !e.Public() {
		t.Errorf("secured %+v", e)
	}
	if !m.Crew(Red).Inspect {
		t.Error("red's engineer should be asked to inspect")
	}
	// A rejected sheet starts over.
	refused(t, m, CodeRole, "only the Engineer may inspect", `{"type":"inspect","crew":"red","role":"captain","ok":true}`)
	evs = do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":false}`)
	if e := find(t, evs, KindInspected); *e.Yes || e.Crew != Blue || e.Text != "RED ENGINEER: STRAY LINES. BLUE STARTS OVER" {
		t.Errorf("rejected %+v", e)
	}
	if p := m.Public(); p.Crews[Blue].Secured != 0 {
		t.Error("sections not erased")
	}
	if len(m.Crew(Blue).Broken) == 0 {
		t.Error("breakdowns erased before the inspection passed")
	}
	for i, r := range []string{"engineer", "captain", "first_mate", "radio_operator"} {
		do(t, m, `{"type":"secure","crew":"blue","role":%q,"section":%d}`, r, i+1)
	}
	evs = do(t, m, `{"type":"inspect","crew":"red","role":"engineer","ok":true}`)
	if e := find(t, evs, KindInspected); !*e.Yes || e.Text != "RED ENGINEER: NO STRAY LINES. BLUE: READY TO DIVE" {
		t.Errorf("passed %+v", e)
	}
	if v := m.Crew(Blue); len(v.Broken) != 0 || !v.Surfacing.Inspected {
		t.Errorf("breakdowns %v after the inspection", v.Broken)
	}
	refused(t, m, CodeInvalid, "the inspection passed", `{"type":"secure","crew":"blue","role":"engineer","section":1}`)
	evs = do(t, m, `{"type":"dive","crew":"blue","role":"captain"}`)
	if e := find(t, evs, KindDived); e.Text != "BLUE: DIVE" {
		t.Errorf("dive %+v", e)
	}
	refused(t, m, CodeSurfaced, "not surfaced", `{"type":"dive","crew":"blue","role":"captain"}`)
	// Under way again, from the same cell, with a fresh route.
	walk(t, m, Blue, "W S")
	if v := m.Crew(Blue); v.Surfacing != nil || len(v.Route) != 3 || v.Damage != 1 {
		t.Errorf("after diving %+v", v)
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
