package sonar

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"periscope/sonar/chart"
)

// ready makes every system of crew c usable: gauges full, sheet clean.
func ready(m *Match, c Crew) {
	charged(m, c)
	m.crews[c].sheet = sheet{}
}

func TestRulebookMineExample(t *testing.T) {
	// Rulebook: a mine at B7 gives a sub at C6 an indirect hit. B7 is an
	// island on Alpha's real-time side, so the example is played on Bravo's.
	m := placed(t, Options{Map: "bravo"}, "B9", "C6")
	walk(t, m, Blue, "N")
	ready(m, Blue)
	evs := do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"B7"}`)
	pub := find(t, evs, KindMineDropped)
	if !pub.Public() || pub.Cell != nil || pub.Text != "MINE DROPPED" {
		t.Errorf("public drop %+v must not say where", pub)
	}
	if e := find(t, evs, KindMineLaid); e.Public() || *e.Cell != cell(t, "B7") {
		t.Errorf("private drop %+v", e)
	}
	if g := m.crews[Blue].gauges[Mine]; g != 0 {
		t.Errorf("mine gauge %d after the drop, want 0", g)
	}
	walk(t, m, Blue, "E S") // to C9, two spaces from B7
	evs = do(t, m, `{"type":"trigger","crew":"blue","role":"captain","cell":"B7"}`)
	e := find(t, evs, KindTrigger)
	if e.Text != "TRIGGERING MINE AT B7: INDIRECT HIT" || !e.Public() {
		t.Errorf("trigger text %q", e.Text)
	}
	if len(e.Hits) != 2 || e.Hits[0] != (Hit{Red, Indirect, 1}) || e.Hits[1] != (Hit{Blue, Clear, 0}) {
		t.Errorf("hits %+v", e.Hits)
	}
	if p := m.Public(); p.Crews[Red].Damage != 1 || p.Crews[Blue].Damage != 0 {
		t.Errorf("damage %+v", p.Crews)
	}
	if len(m.Crew(Blue).Mines) != 0 {
		t.Error("a triggered mine is gone")
	}
	refused(t, m, CodeNoMine, "you have no mine at B7", `{"type":"trigger","crew":"blue","role":"captain","cell":"B7"}`)
}

func TestMineDrop(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		start string
		walk  string
		at    string
		code  Code
		want  string
	}{
		{"diagonal", Options{}, "E5", "", "F6", "", ""},
		{"diagonal with 4-adjacency", Options{MineAdjacency: 4}, "E5", "", "F6", CodeMineAdjacent, "not diagonally"},
		{"orthogonal with 4-adjacency", Options{MineAdjacency: 4}, "E5", "", "E6", "", ""},
		{"two away", Options{}, "E5", "", "G5", CodeMineAdjacent, "next to your submarine: G5 is not"},
		{"island", Options{}, "B6", "E", "B7", CodeIsland, "B7 is an island"},
		{"own route", Options{}, "B6", "E", "B6", CodeMineOnRoute, "B6 is on your route"},
		{"own position", Options{}, "E5", "", "E5", CodeMineAdjacent, "next to your submarine"},
		{"off the map", Options{}, "A1", "", "P1", CodeOffMap, "off the map"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := placed(t, tt.opts, tt.start, "K11")
			walk(t, m, Blue, tt.walk)
			ready(m, Blue)
			cmd := `{"type":"mine","crew":"blue","role":"captain","cell":%q}`
			if tt.want != "" {
				refused(t, m, tt.code, tt.want, cmd, tt.at)
				return
			}
			listed := false
			for _, c := range m.MineCells(Blue) {
				listed = listed || c.String() == tt.at
			}
			if !listed {
				t.Errorf("%s missing from MineCells %v", tt.at, m.MineCells(Blue))
			}
			do(t, m, cmd, tt.at)
		})
	}
	// A second mine may not go on the first.
	m := placed(t, Options{}, "E5", "K11")
	ready(m, Blue)
	do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"E6"}`)
	walk(t, m, Blue, "E")
	ready(m, Blue)
	refused(t, m, CodeMineTaken, "E6 already holds one of your mines", `{"type":"mine","crew":"blue","role":"captain","cell":"E6"}`)
	refused(t, m, CodeRole, "only the Captain may drop a mine", `{"type":"mine","crew":"blue","role":"first_mate","cell":"F6"}`)
}

func TestTriggerHitsOwnSubAndRules(t *testing.T) {
	m := placed(t, Options{}, "E5", "F6")
	ready(m, Blue)
	do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"E6"}`)
	// No gauge and no course needed (default): a mine goes off at once, and
	// here it also catches its own submarine next to it.
	evs := do(t, m, `{"type":"trigger","crew":"blue","role":"captain","cell":"E6"}`)
	e := find(t, evs, KindTrigger)
	if e.Text != "TRIGGERING MINE AT E6: INDIRECT HIT (BLUE: INDIRECT HIT)" {
		t.Errorf("text %q", e.Text)
	}
	if p := m.Public(); p.Crews[Blue].Damage != 1 || p.Crews[Red].Damage != 1 {
		t.Errorf("damage %+v", p.Crews)
	}
	refused(t, m, CodeRole, "only the Captain may trigger a mine", `{"type":"trigger","crew":"blue","role":"first_mate","cell":"E6"}`)

	// Counted as a system (option): it needs a course since the last system
	// and working red systems.
	m = placed(t, Options{TriggerIsSystem: true}, "E5", "K11")
	ready(m, Blue)
	do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"E6"}`)
	refused(t, m, CodeOneSystem, "announce a course before using another system", `{"type":"trigger","crew":"blue","role":"captain","cell":"E6"}`)
	do(t, m, `{"type":"course","crew":"blue","role":"captain","dir":"E"}`)
	duties(t, m, Blue, Mine, 0) // EAST symbol 0 is green: red still works
	m.crews[Blue].sheet[panelIndex(chart.North)*SymbolsPerPanel+1] = true
	refused(t, m, CodeBreakdown, "cannot trigger a mine: a red symbol", `{"type":"trigger","crew":"blue","role":"captain","cell":"E6"}`)
	m.crews[Blue].sheet = sheet{}
	do(t, m, `{"type":"trigger","crew":"blue","role":"captain","cell":"E6"}`)
	if !m.Crew(Blue).NeedsCourse {
		t.Error("a trigger counted as a system needs a course before the next system")
	}
}

func TestRulebookTorpedoExample(t *testing.T) {
	// Rulebook: from D3, four spaces, impact at G2. G2 is an island on
	// Alpha's real-time side; on Bravo's it is water, as in the example.
	tests := []struct {
		name  string
		red   string
		text  string
		hit   Hit
		blueD int
	}{
		{"direct", "G2", "TORPEDO AT G2: DIRECT HIT", Hit{Red, Direct, 2}, 0},
		{"indirect, diagonal", "H1", "TORPEDO AT G2: INDIRECT HIT", Hit{Red, Indirect, 1}, 0},
		{"all clear", "J5", "TORPEDO AT G2: ALL CLEAR", Hit{Red, Clear, 0}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := placed(t, Options{Map: "bravo"}, "D3", tt.red)
			ready(m, Blue)
			listed := false
			for _, c := range m.TorpedoTargets(Blue) {
				listed = listed || c.String() == "G2"
			}
			if !listed {
				t.Fatal("G2 is four spaces from D3 and must be a target")
			}
			evs := do(t, m, `{"type":"torpedo","crew":"blue","role":"captain","cell":"G2"}`)
			e := find(t, evs, KindTorpedo)
			if e.Text != tt.text || !e.Public() || *e.Cell != cell(t, "G2") || e.Hits[0] != tt.hit {
				t.Errorf("event %+v", e)
			}
			if m.Public().Crews[Red].Damage != tt.hit.Damage || m.crews[Blue].gauges[Torpedo] != 0 {
				t.Error("damage or gauge wrong")
			}
		})
	}
}

func TestTorpedoRange(t *testing.T) {
	tests := []struct {
		rng      string
		from, at string
		code     Code
		want     string
	}{
		{"", "D3", "H3", "", ""},
		{"", "D3", "E4", "", ""},
		{"", "D3", "J3", CodeTorpedoRange, "J3 is out of range"},
		{"", "D3", "D3", CodeTorpedoOwn, "cannot hit your own position"},
		{"", "D3", "C2", CodeIsland, "C2 is an island"},
		{"", "D3", "P3", CodeOffMap, "P3 is off the map"},
		{"", "B3", "D3", "", ""},                                      // around C3 and C2: B4 C4 D4 D3
		{"", "B3", "E3", CodeTorpedoRange, "out of range"},            // five water steps round the islands
		{"", "B3", "B7", "", ""},                                      // four straight south
		{"", "B3", "B8", CodeTorpedoRange, "up to 4 spaces of water"}, // five
		{"", "B3", "C5", "", ""},                                      // three, turning a corner
		{"", "B3", "F5", CodeTorpedoRange, "not diagonally, around islands"},
		// The rulebook's words taken literally: spaces counted along rows
		// and columns, over islands; the impact is still on water.
		{RangeOrthogonal, "B3", "E3", "", ""},
		{RangeOrthogonal, "B3", "B7", "", ""},
		{RangeOrthogonal, "B3", "B8", CodeTorpedoRange, "counted along rows and columns"},
		{RangeOrthogonal, "B3", "F5", CodeTorpedoRange, "F5 is out of range"},
		{RangeOrthogonal, "B3", "C3", CodeIsland, "a torpedo lands on water only"},
		{RangeOrthogonal, "D3", "G2", "", ""}, // the rulebook's example: 4 spaces from D3
		{RangeOrthogonal, "D3", "D3", CodeTorpedoOwn, "cannot hit your own position"},
	}
	for _, tt := range tests {
		t.Run(tt.rng+" "+tt.from+"-"+tt.at, func(t *testing.T) {
			m := placed(t, Options{Map: "bravo", TorpedoRange: tt.rng}, tt.from, "O15")
			ready(m, Blue)
			targets := m.TorpedoTargets(Blue)
			if listed := tt.at[0] != 'P' && slices.Contains(targets, cell(t, tt.at)); listed != (tt.code == "") {
				t.Errorf("%s listed among the targets: %v, want %v", tt.at, listed, tt.code == "")
			}
			cmd := `{"type":"torpedo","crew":"blue","role":"captain","cell":%q}`
			if tt.want == "" {
				do(t, m, cmd, tt.at)
				return
			}
			refused(t, m, tt.code, tt.want, cmd, tt.at)
		})
	}
}

func TestTorpedoSelfHitAndOwnMine(t *testing.T) {
	m := placed(t, Options{Map: "bravo"}, "D3", "O15")
	ready(m, Blue)
	do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":"E3"}`)
	walk(t, m, Blue, "S") // D4, still next to E3
	ready(m, Blue)
	refused(t, m, CodeRole, "only the Captain may launch a torpedo", `{"type":"torpedo","crew":"blue","role":"first_mate","cell":"E3"}`)
	evs := do(t, m, `{"type":"torpedo","crew":"blue","role":"captain","cell":"E3"}`)
	if e := find(t, evs, KindTorpedo); e.Text != "TORPEDO AT E3: ALL CLEAR (BLUE: INDIRECT HIT)" || e.Hits[1] != (Hit{Blue, Indirect, 1}) {
		t.Errorf("event %+v", e)
	}
	if e := find(t, evs, KindMineLost); e.Public() || *e.Cell != cell(t, "E3") {
		t.Errorf("mine lost %+v", e)
	}
	if len(m.Crew(Blue).Mines) != 0 || m.Public().Crews[Blue].Damage != 1 {
		t.Error("own mine kept or no self damage")
	}
}

func TestDroneIsTruthful(t *testing.T) {
	m := placed(t, Options{}, "E5", "K11")
	red := m.chart.Sector(cell(t, "K11"))
	for _, sector := range []int{red, 1} {
		ready(m, Blue)
		m.crews[Blue].usedSystem = false
		evs := do(t, m, `{"type":"drone","crew":"blue","role":"first_mate","sector":%d}`, sector)
		e := find(t, evs, KindDrone)
		yes := sector == red
		if *e.Yes != yes || e.Sector != sector || !e.Public() {
			t.Errorf("drone %+v", e)
		}
		want := map[bool]string{true: "YES", false: "NO"}[yes]
		if !contains(e.Text, "ARE YOU IN SECTOR") || !contains(e.Text, want) {
			t.Errorf("text %q", e.Text)
		}
	}
	ready(m, Blue)
	m.crews[Blue].usedSystem = false
	refused(t, m, CodeNoSector, "there is no sector 10", `{"type":"drone","crew":"blue","role":"captain","sector":10}`)
	refused(t, m, CodeRole, "only the Captain or the First Mate may launch a drone", `{"type":"drone","crew":"blue","role":"engineer","sector":1}`)
}

func TestOneSystemBetweenCourses(t *testing.T) {
	m := placed(t, Options{}, "E5", "K11")
	ready(m, Blue)
	do(t, m, `{"type":"drone","crew":"blue","role":"captain","sector":1}`)
	refused(t, m, CodeOneSystem, "announce a course before using another system", `{"type":"sonar","crew":"blue","role":"first_mate"}`)
	for _, g := range m.Crew(Blue).Gauges {
		if g.Ready {
			t.Errorf("%s ready right after a system", g.System)
		}
	}
	walk(t, m, Blue, "N")
	ready(m, Blue)
	do(t, m, `{"type":"sonar","crew":"blue","role":"first_mate"}`)
	// A gauge that is not full cannot be used.
	m = placed(t, Options{}, "E5", "K11")
	setGauge(m, Blue, Torpedo, 2)
	refused(t, m, CodeNotReady, "TORPEDO is not ready: its gauge is 2/3", `{"type":"torpedo","crew":"blue","role":"captain","cell":"E6"}`)
}

func TestRulebookSonarExample(t *testing.T) {
	// Rulebook: a sub at L14 (sector 9) may answer "column L, sector 6".
	m := placed(t, Options{}, "E5", "L14")
	ready(m, Blue)
	evs := do(t, m, `{"type":"sonar","crew":"blue","role":"captain"}`)
	if e := find(t, evs, KindSonar); !e.Public() || e.Text != "ACTIVATING SONAR: RED CAPTAIN, ANSWER" {
		t.Errorf("sonar %+v", e)
	}
	if p := m.Public(); p.SonarPending == nil || *p.SonarPending != Red {
		t.Errorf("pending %+v", p.SonarPending)
	}
	answer := `{"type":"sonar_answer","crew":"red","role":"captain","facts":[%s,%s]}`
	tests := []struct {
		name, a, b string
		code       Code
		want       string
	}{
		{"both true", `{"type":"column","value":"L"}`, `{"type":"row","value":14}`, CodeOneFactTrue, "exactly one fact must be false, and both COLUMN L and ROW 14 are true"},
		{"both false", `{"type":"column","value":"A"}`, `{"type":"sector","value":1}`, CodeOneFactTrue, "exactly one fact must be true"},
		{"same kind", `{"type":"column","value":"L"}`, `{"type":"column","value":"A"}`, CodeFactKinds, "two different kinds of fact"},
		{"no such row", `{"type":"row","value":16}`, `{"type":"sector","value":9}`, CodeFactOffMap, "there is no row 16"},
		{"no such column", `{"type":"column","value":"P"}`, `{"type":"sector","value":9}`, CodeFactOffMap, "columns are A to O"},
		{"no such sector", `{"type":"row","value":"14"}`, `{"type":"sector","value":10}`, CodeFactOffMap, "there is no sector 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { refused(t, m, tt.code, tt.want, answer, tt.a, tt.b) })
	}
	// A Go caller may pass one fact or three: the rule of two facts has its
	// own code, and the question still waits.
	for _, facts := range [][]Fact{{{FactColumn, 11}}, {{FactColumn, 11}, {FactRow, 13}, {FactSector, 6}}} {
		refusedCmd(t, m, CodeTwoFacts, "exactly two facts", Command{Type: TypeSonarAnswer, Crew: Red, Role: Captain, Facts: facts})
	}
	refused(t, m, CodeNoQuestion, "no sonar question is waiting for your answer", `{"type":"sonar_answer","crew":"blue","role":"captain","facts":[{"type":"column","value":"E"},{"type":"row","value":1}]}`)
	refused(t, m, CodeRole, "only the Captain may answer the sonar", `{"type":"sonar_answer","crew":"red","role":"first_mate","facts":[{"type":"column","value":"L"},{"type":"sector","value":6}]}`)
	// The table waits for the answer; the crews' other steps do not.
	refused(t, m, CodeSonarPending, "the RED Captain must answer the sonar first", `{"type":"course","crew":"blue","role":"captain","dir":"N"}`)
	refused(t, m, CodeSonarPending, "must answer the sonar first", `{"type":"course","crew":"red","role":"captain","dir":"N"}`)
	refused(t, m, CodeSonarPending, "must answer the sonar first", `{"type":"surface","crew":"red","role":"captain"}`)

	all := m.SonarAnswers(Red)
	if len(all) != (14+14)+(8+14)+(8+14) {
		t.Errorf("%d legal answers", len(all))
	}
	for _, pair := range all {
		if pair[0].Holds(m.chart, cell(t, "L14")) == pair[1].Holds(m.chart, cell(t, "L14")) || pair[0].Type == pair[1].Type {
			t.Fatalf("illegal listed answer %v", pair)
		}
	}
	if m.SonarAnswers(Blue) != nil {
		t.Error("blue has nothing to answer")
	}
	evs = do(t, m, answer, `{"type":"column","value":"L"}`, `{"type":"sector","value":6}`)
	e := find(t, evs, KindSonarAnswer)
	if e.Text != "SONAR: COLUMN L, SECTOR 6" || !e.Public() || e.Crew != Red || len(e.Facts) != 2 {
		t.Errorf("answer %+v", e)
	}
	if m.Public().SonarPending != nil {
		t.Error("question still pending")
	}
	walk(t, m, Blue, "N")
}

func TestSilence(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		start string
		walk  string
		dir   string
		n     int
		code  Code
		want  string
		end   string
	}{
		{"three east", Options{}, "E5", "", "E", 3, "", "", "H5"},
		{"zero spaces", Options{}, "E5", "", "E", 0, "", "", "E5"},
		{"zero refused when the minimum is 1", Options{SilenceMin: 1}, "E5", "", "E", 0, CodeSilenceDistance, "a silence moves 1 to 4 spaces", ""},
		{"five is too far", Options{}, "E5", "", "E", 5, CodeSilenceDistance, "0 to 4 spaces", ""},
		{"stops at an island", Options{}, "E8", "", "E", 2, CodeIsland, "G8 is an island", ""},
		{"one before the island", Options{}, "E8", "", "E", 1, "", "", "F8"},
		{"may not cross the route", Options{}, "E5", "N E S S W", "N", 2, CodeRoute, "E5 is on your route", ""},
		{"may not leave the map", Options{}, "B1", "", "W", 2, CodeOffMap, "leaves the map", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := placed(t, tt.opts, tt.start, "K11")
			walk(t, m, Blue, tt.walk)
			ready(m, Blue)
			cmd := `{"type":"silence","crew":"blue","role":"captain","dir":%q,"distance":%d}`
			if tt.want != "" {
				refused(t, m, tt.code, tt.want, cmd, tt.dir, tt.n)
				return
			}
			evs := do(t, m, cmd, tt.dir, tt.n)
			pub := find(t, evs, KindSilence)
			if pub.Text != "ACTIVATING SILENCE" || !pub.Public() || pub.Dir != nil || pub.Distance != nil {
				t.Errorf("public silence %+v leaks", pub)
			}
			priv := find(t, evs, KindSilentRun)
			d, _ := chart.ParseDir(tt.dir)
			if priv.Public() || *priv.Dir != d || *priv.Distance != tt.n {
				t.Errorf("private silence %+v", priv)
			}
			v := m.Crew(Blue)
			if v.Position.String() != tt.end || len(v.Route) != 1+len(walkDirs(tt.walk))+tt.n {
				t.Errorf("ended at %s with route %v", v.Position, v.Route)
			}
			// It counts as a course: both duties, in the silence's panel.
			if !v.Duties.FirstMate || !v.Duties.Engineer || *v.Duties.Panel != d {
				t.Errorf("duties %+v", v.Duties)
			}
			if m.crews[Blue].gauges[Silence] != 0 || !v.NeedsCourse {
				t.Error("silence gauge not emptied or next system allowed")
			}
		})
	}
	m := placed(t, Options{}, "E5", "K11")
	ready(m, Blue)
	refused(t, m, CodeRole, "only the Captain may activate silence", `{"type":"silence","crew":"blue","role":"first_mate","dir":"N","distance":1}`)
	opts := m.SilenceOptions(Blue)
	if opts[0].Dir != chart.North || opts[0].Max != 4 || opts[0].Reason != "" {
		t.Errorf("silence options %+v", opts)
	}
}

func walkDirs(s string) []string { return strings.Fields(s) }

func TestEchoArcherMines(t *testing.T) {
	m := placed(t, Options{Map: "echo"}, "K3", "L2")
	archers := m.Public().ArcherMines
	if len(archers) != 12 {
		t.Fatalf("%d archer mines", len(archers))
	}
	setGauge(m, Blue, Scenario, 3)
	refused(t, m, CodeNotReady, "SCENARIO SYSTEM is not ready: its gauge is 3/4", `{"type":"archer","crew":"blue","role":"captain","cell":"L2"}`)
	ready(m, Blue)
	refused(t, m, CodeNoArcher, "there is no Archer mine at K2", `{"type":"archer","crew":"blue","role":"captain","cell":"K2"}`)
	refused(t, m, CodeRole, "only the Captain may trigger an Archer mine", `{"type":"archer","crew":"blue","role":"first_mate","cell":"L2"}`)
	evs := do(t, m, `{"type":"archer","crew":"blue","role":"captain","cell":"L2"}`)
	e := find(t, evs, KindArcher)
	if e.Text != "TRIGGERING ARCHER MINE AT L2: DIRECT HIT (BLUE: INDIRECT HIT)" {
		t.Errorf("text %q", e.Text)
	}
	if len(m.Public().ArcherMines) != 11 || m.crews[Blue].gauges[Scenario] != 0 {
		t.Error("archer mine not spent or gauge kept")
	}
	walk(t, m, Blue, "S")
	ready(m, Blue)
	refused(t, m, CodeArcherSpent, "already gone off", `{"type":"archer","crew":"blue","role":"captain","cell":"L2"}`)
	// Other maps have no scenario system.
	a := placed(t, Options{}, "E5", "K11")
	refused(t, a, CodeNoScenario, "no Archer mines", `{"type":"archer","crew":"blue","role":"captain","cell":"L2"}`)
}

// The fastest silences the rules allow: the gauge has 6 spaces (on every
// map, whatever the options: only the scenario gauge has a size option) and
// the First Mate marks one space a course, a silence counting as one. A crew
// that charges nothing else silences every sixth move, five courses between
// two: the silent enemy the Radio Operator's tracker is measured on
// (sonar/radio's BenchmarkStress and TestExactWithoutObservations).
func TestSilenceEverySixthMoveAtBest(t *testing.T) {
	m := placed(t, Options{}, "E5", "K11")
	ready(m, Blue)
	silence := `{"type":"silence","crew":"blue","role":"captain","dir":"E","distance":%d}`
	do(t, m, silence, 0)
	duties(t, m, Blue, Silence, 0) // 1/6 at once: the gauge was emptied first
	for marks := 2; marks <= 6; marks++ {
		m.crews[Blue].sheet = sheet{} // no breakdown in the way
		step(t, m, Blue, "E", Silence, 0)
		if marks < 6 {
			refused(t, m, CodeNotReady, fmt.Sprintf("SILENCE is not ready: its gauge is %d/6", marks), silence, 1)
		}
	}
	do(t, m, silence, 1)
	for _, name := range chart.Names() {
		for _, mode := range []Mode{RealTime, TurnBased} {
			for _, gauge := range []int{0, 4, 6} {
				if gauge != 0 && name != "echo" {
					continue
				}
				mt, err := New(Options{Map: name, Mode: mode, ScenarioGauge: gauge}, 1)
				if err != nil {
					t.Fatal(err)
				}
				if got := mt.gaugeSize(Silence); got != 6 {
					t.Errorf("%s %s scenario gauge %d: silence gauge %d, want 6", name, mode, gauge, got)
				}
			}
		}
	}
}
