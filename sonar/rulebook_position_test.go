package sonar

import (
	"fmt"
	"strings"
	"testing"
)

// The rulebook's rules (../shared/rules/captain-sonar.md), each as a
// position on Alpha's turn-based side plus the orders that show it: no test
// here reaches into the match to set it up.
//
// Alpha turn-based (10x10) has islands at D1, H2, C4, H4, E6, G7, D9, H9.

// position writes a turn-based Alpha position with Blue to play: blue and
// red are the crews' JSON objects.
func position(blue, red string) string {
	return fmt.Sprintf(`{"options":{"map":"alpha","mode":"turnbased"},"turn":"blue","blue":%s,"red":%s}`, blue, red)
}

const farRed = `{"route":["J10"]}`

// "May not cross or occupy own path, move into island, move into own Mine."
func TestRulebookCaptainMayNot(t *testing.T) {
	cases := []struct {
		name, blue, dir string
		code            Code
		want            string
	}{
		{"cross own path", `{"route":["A3","A2","B2","B3"]}`, "west", CodeRoute, "A3 is on your route"},
		{"occupy own path", `{"route":["A3","A2","B2","B3"]}`, "north", CodeRoute, "B2 is on your route"},
		{"island", `{"route":["B4"]}`, "east", CodeIsland, "C4 is an island"},
		{"own mine", `{"route":["B4"],"mines":["B5"]}`, "south", CodeOwnMine, "B5 holds one of your mines"},
		{"edge", `{"route":["A5"]}`, "west", CodeOffMap, "leaves the map"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := fromPosition(t, position(c.blue, farRed))
			refused(t, m, c.code, c.want, `{"type":"course","crew":"blue","role":"captain","dir":%q}`, c.dir)
		})
	}
}

// "Cannot move? Must SURFACE instead of normal Move": then the Captain
// erases his route, keeping his mines, and the enemy takes 3 turns.
func TestRulebookBlackoutSurfaces(t *testing.T) {
	m := fromPosition(t, position(`{"route":["B1","B2","A2","A1"],"mines":["C1"],"gauges":{"silence":6},"breakdowns":{"west":[3]}}`, farRed))
	refused(t, m, CodeBlackout, "", `{"type":"silence","crew":"blue","role":"captain","dir":"east","distance":0}`)
	refused(t, m, CodeOffMap, "", `{"type":"course","crew":"blue","role":"captain","dir":"north"}`)
	refused(t, m, CodeRoute, "", `{"type":"course","crew":"blue","role":"captain","dir":"east"}`)
	refused(t, m, CodeRoute, "", `{"type":"course","crew":"blue","role":"captain","dir":"south"}`)
	if !m.Crew(Blue).Blackout {
		t.Error("the view does not say blackout")
	}
	evs := do(t, m, `{"type":"surface","crew":"blue","role":"captain"}`)
	if e := find(t, evs, KindSurface); e.Sector != 1 {
		t.Errorf("surfaced in sector %d, want 1", e.Sector)
	}
	if e := find(t, evs, KindTurn); e.Crew != Red || e.Text != "RED TAKES 3 TURNS" {
		t.Errorf("turn event %+v", e)
	}
	v := m.Crew(Blue)
	if len(v.Route) != 1 || len(v.Mines) != 1 {
		t.Errorf("after surfacing the route is %v and the mines %v; want A1 alone and the mine kept", v.Route, v.Mines)
	}
	if m.crews[Blue].sheet != (sheet{}) {
		t.Error("turn-based surfacing leaves breakdowns on the Engineer sheet")
	}
}

// Torpedo: "any space within 4 orthogonal spaces"; the enemy adjacent to
// the impact takes an INDIRECT HIT (1 damage), in it a DIRECT HIT (2); 4
// damage destroys a submarine and its crew loses.
func TestRulebookTorpedoHits(t *testing.T) {
	blue := `{"route":["E4"],"gauges":{"torpedo":3}}`
	cases := []struct {
		name, red, target string
		hit               string
		damage            int
		over              bool
	}{
		{"indirect", `{"route":["G5"]}`, "G4", "INDIRECT HIT", 1, false},
		{"direct", `{"route":["G5"]}`, "G5", "DIRECT HIT", 2, false},
		{"all clear", `{"route":["J10"]}`, "G5", "ALL CLEAR", 0, false},
		{"sunk", `{"route":["G5"],"damage":2}`, "G5", "DIRECT HIT", 4, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := fromPosition(t, position(blue, c.red))
			walk(t, m, Blue, "east") // systems come after the turn's course
			evs := do(t, m, `{"type":"torpedo","crew":"blue","role":"captain","cell":%q}`, c.target)
			e := find(t, evs, KindTorpedo)
			if !strings.Contains(e.Text, c.hit) {
				t.Errorf("torpedo announced %q, want %s", e.Text, c.hit)
			}
			if got := m.crews[Red].damage; got != c.damage {
				t.Errorf("red has %d damage, want %d", got, c.damage)
			}
			if m.Over() != c.over || (c.over && *m.Outcome().Winner != Blue) {
				t.Errorf("over %v outcome %+v", m.Over(), m.Outcome())
			}
		})
	}
	m := fromPosition(t, position(blue, farRed))
	walk(t, m, Blue, "east")
	refused(t, m, CodeTorpedoRange, "", `{"type":"torpedo","crew":"blue","role":"captain","cell":"J4"}`)
}

// Engineer: a completed linked circuit repairs itself; a full control
// panel is a DAMAGE and erases every breakdown.
func TestRulebookEngineerSheet(t *testing.T) {
	m := fromPosition(t, position(`{"route":["E4"],"breakdowns":{"west":[0,1,2]}}`, farRed))
	evs := step(t, m, Blue, "east", Torpedo, 2) // east symbol 2 closes the yellow circuit
	find(t, evs, KindRepair)
	if m.crews[Blue].sheet != (sheet{}) || m.crews[Blue].damage != 0 {
		t.Errorf("after the repair the sheet is %v, damage %d", m.crews[Blue].sheet, m.crews[Blue].damage)
	}

	m = fromPosition(t, position(`{"route":["E4"],"breakdowns":{"east":[0,1,3,4,5]}}`, farRed))
	evs = step(t, m, Blue, "east", Torpedo, 2)
	find(t, evs, KindOverload)
	if m.crews[Blue].sheet != (sheet{}) || m.crews[Blue].damage != 1 {
		t.Errorf("after the overload the sheet is %v, damage %d", m.crews[Blue].sheet, m.crews[Blue].damage)
	}
}

// Silence: at most 4 spaces in a straight line, under the course rules;
// a breakdown of its colour keeps it off.
func TestRulebookSilence(t *testing.T) {
	m := fromPosition(t, position(`{"route":["A9"],"gauges":{"silence":6}}`, farRed))
	refused(t, m, CodeSilenceDistance, "", `{"type":"silence","crew":"blue","role":"captain","dir":"north","distance":5}`)
	refused(t, m, CodeIsland, "", `{"type":"silence","crew":"blue","role":"captain","dir":"east","distance":4}`)
	do(t, m, `{"type":"silence","crew":"blue","role":"captain","dir":"north","distance":4}`)
	if got := m.crews[Blue].pos; got != cell(t, "A5") {
		t.Errorf("silence ended at %s, want A5", got)
	}

	m = fromPosition(t, position(`{"route":["A10"],"gauges":{"silence":6},"breakdowns":{"north":[0]}}`, farRed))
	refused(t, m, CodeBreakdown, "", `{"type":"silence","crew":"blue","role":"captain","dir":"north","distance":1}`)
}

// Dropping a mine: any one space adjacent to the sub, not on its own path.
func TestRulebookDropMine(t *testing.T) {
	m := fromPosition(t, position(`{"route":["E3","E4"],"gauges":{"mine":3}}`, farRed))
	walk(t, m, Blue, "east") // now at F4, route E3 E4 F4
	refused(t, m, CodeMineOnRoute, "", `{"type":"mine","crew":"blue","role":"captain","cell":"E4"}`)
	refused(t, m, CodeMineAdjacent, "", `{"type":"mine","crew":"blue","role":"captain","cell":"F6"}`)
	do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"E5"}`)
	if got := m.Crew(Blue).Mines; len(got) != 1 || got[0] != cell(t, "E5") {
		t.Errorf("mines %v", got)
	}
}
