package sonar

import (
	"strings"
	"testing"

	"periscope/sonar/chart"
)

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		bad  string // part of the error, "" when valid
	}{
		{"zero value", Options{}, ""},
		{"turn-based echo", Options{Map: "Echo", Mode: TurnBased}, ""},
		{"echo six-space gauge", Options{Map: "echo", ScenarioGauge: 6}, ""},
		{"orthogonal mines", Options{MineAdjacency: 4}, ""},
		{"unknown map", Options{Map: "zulu"}, "unknown map"},
		{"bad mode", Options{Mode: 7}, "mode"},
		{"mine adjacency 6", Options{MineAdjacency: 6}, "mine adjacency"},
		{"silence min 2", Options{SilenceMin: 2}, "shortest silence"},
		{"scenario gauge 5", Options{Map: "echo", ScenarioGauge: 5}, "4 or 6"},
		{"scenario gauge on alpha", Options{ScenarioGauge: 4}, "no scenario system"},
		{"ice holes off delta", Options{IceHoles: []chart.Cell{{Col: 0, Row: 0}}}, "only Delta"},
		{"ice hole on an island", Options{Map: "delta", IceHoles: []chart.Cell{{Col: 2, Row: 1}}}, "open water"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := New(tt.opts, 1)
			if tt.bad == "" {
				if err != nil {
					t.Fatal(err)
				}
				o := m.Options()
				if o.MineAdjacency == 0 || o.Map == "" {
					t.Errorf("defaults not filled: %+v", o)
				}
				return
			}
			if err == nil || !contains(err.Error(), tt.bad) {
				t.Fatalf("got %v, want an error about %q", err, tt.bad)
			}
		})
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions(nil)
	if err != nil || o.Map != "alpha" || o.MineAdjacency != 8 || o.Mode != RealTime || o.TorpedoRange != RangeWater ||
		o.TriggerOwnTurn || o.SurfaceOrder != SurfaceEngineerFirst || o.InspectionSeconds != 60 || o.InspectionRejections != 2 {
		t.Fatalf("empty options: %+v %v", o, err)
	}
	o, err = ParseOptions([]byte(`{"torpedo_range":"orthogonal","trigger_own_turn":true,"surface_order":"sheet","inspection_seconds":30,"inspection_rejections":1}`))
	if err != nil || o.TorpedoRange != RangeOrthogonal || !o.TriggerOwnTurn || o.SurfaceOrder != SurfaceSheet || o.InspectionSeconds != 30 || o.InspectionRejections != 1 {
		t.Fatalf("got %+v %v", o, err)
	}
	// Matches logged before surface_order still rebuild: the old flag
	// reads as its choice.
	for _, old := range []string{`{"surface_any_order":true}`, `{"surface_any_order":true,"surface_order":"any"}`} {
		o, err = ParseOptions([]byte(old))
		if err != nil || o.SurfaceOrder != SurfaceAny || o.SurfaceAnyOrder {
			t.Fatalf("%s: got %+v %v", old, o, err)
		}
	}
	if o, err = ParseOptions([]byte(`{"surface_any_order":false}`)); err != nil || o.SurfaceOrder != SurfaceEngineerFirst {
		t.Fatalf("surface_any_order false: got %+v %v", o, err)
	}
	o, err = ParseOptions([]byte(`{"map":"echo","mode":"turnbased","silence_min":1,"trigger_is_system":true}`))
	if err != nil || o.Map != "echo" || o.Mode != TurnBased || o.ScenarioGauge != 4 || o.SilenceMin != 1 || !o.TriggerIsSystem {
		t.Fatalf("got %+v %v", o, err)
	}
	o, err = ParseOptions([]byte(`{"map":"delta","ice_holes":["E5","K11"]}`))
	if err != nil || len(o.IceHoles) != 2 {
		t.Fatalf("got %+v %v", o, err)
	}
	for _, bad := range []string{`{"map":"alpha","crews":4}`, `{"mode":"sideways"}`, `[]`, `{} {}`, `{"map":"echo","scenario_gauge":3}`, `{"mine_adjacency":"8"}`,
		`{"torpedo_range":"diagonal"}`, `{"surface_order":"captain_first"}`, `{"surface_any_order":true,"surface_order":"sheet"}`, `{"inspection_seconds":5}`, `{"inspection_seconds":601}`, `{"inspection_rejections":10}`, `{"inspection_rejections":-1}`} {
		if _, err := ParseOptions([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestStartAndPlacement(t *testing.T) {
	m, err := New(Options{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	refused(t, m, CodeNotStarted, "not started", `{"type":"place","crew":"blue","role":"captain","cell":"E5"}`)
	evs := do(t, m, `{"type":"start"}`)
	if find(t, evs, KindStarted).Text != "CAPTAINS, MARK YOUR START POSITIONS" {
		t.Errorf("start text %q", evs[0].Text)
	}
	refused(t, m, CodeAlreadyStarted, "already started", `{"type":"start"}`)

	tests := []struct {
		name, cmd string
		code      Code
		want      string
	}{
		{"island", `{"type":"place","crew":"blue","role":"captain","cell":"B7"}`, CodeIsland, "B7 is an island"},
		{"off the map", `{"type":"place","crew":"blue","role":"captain","cell":"P1"}`, CodeOffMap, "P1 is off the map"},
		{"not the captain", `{"type":"place","crew":"blue","role":"engineer","cell":"E5"}`, CodeRole, "only the Captain may choose the start position"},
		{"course before both dived", `{"type":"course","crew":"blue","role":"captain","dir":"N"}`, CodeAwaitingStarts, "both Captains"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { refused(t, m, tt.code, tt.want, "%s", tt.cmd) })
	}

	evs = do(t, m, `{"type":"place","crew":"blue","role":"captain","cell":"e5"}`)
	start := find(t, evs, KindStartCell)
	if start.Public() || !start.VisibleTo(Blue) || start.VisibleTo(Red) || *start.Cell != cell(t, "E5") || start.Text != "START AT E5" {
		t.Errorf("start event %+v must be private to blue and name E5", start)
	}
	if dive := find(t, evs, KindDived); !dive.Public() || dive.Cell != nil || dive.Text != "BLUE: DIVE" {
		t.Errorf("public dive event %+v must not reveal the cell", dive)
	}
	refused(t, m, CodeAlreadyPlaced, "already dived", `{"type":"place","crew":"blue","role":"captain","cell":"F5"}`)
	if m.Public().Playing {
		t.Error("playing before red dived")
	}
	do(t, m, `{"type":"place","crew":"red","role":"captain","cell":"K11"}`)
	if p := m.Public(); !p.Playing || p.Turn != nil || !p.Crews[Red].Dived {
		t.Errorf("public view after both dived: %+v", p)
	}
	if m.Chart().Name != "alpha" || m.Chart().Side != chart.RealTime {
		t.Errorf("chart %s %s", m.Chart().Name, m.Chart().Side)
	}
	if v := m.Crew(Blue); *v.Position != cell(t, "E5") || len(v.Route) != 1 {
		t.Errorf("blue view %+v", v)
	}
}

func TestCourseRules(t *testing.T) {
	tests := []struct {
		name  string
		start string
		walk  string // courses before the tested one
		mine  string // a mine Blue drops (adjacent) before the tested course
		dir   string
		code  Code
		want  string
	}{
		{"off the map", "A1", "", "", "N", CodeOffMap, "heading NORTH from A1 leaves the map"},
		{"island", "B6", "", "", "S", CodeIsland, "B7 is an island"},
		{"own route", "E5", "E", "", "W", CodeRoute, "E5 is on your route"},
		{"crossing the route", "E5", "E S W", "", "N", CodeRoute, "E5 is on your route"},
		{"own mine", "E5", "", "F5", "E", CodeOwnMine, "F5 holds one of your mines"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := placed(t, Options{}, tt.start, "K11")
			walk(t, m, Blue, tt.walk)
			if tt.mine != "" {
				m.crews[Blue].sheet = sheet{}
				setGauge(m, Blue, Mine, 3)
				do(t, m, `{"type":"mine","crew":"blue","role":"captain","cell":%q}`, tt.mine)
			}
			refused(t, m, tt.code, tt.want, `{"type":"course","crew":"blue","role":"captain","dir":%q}`, tt.dir)
			for _, o := range m.Crew(Blue).Courses {
				if o.Dir.String() == map[string]string{"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}[tt.dir] && (o.Legal || !strings.HasPrefix(o.Reason, string(tt.code)+":")) {
					t.Errorf("course option %+v disagrees with Apply", o)
				}
			}
		})
	}
}

func TestCourseAnnouncedAndDuties(t *testing.T) {
	m := placed(t, Options{}, "E5", "K11")
	refused(t, m, CodeRole, "only the Captain may announce a course", `{"type":"course","crew":"blue","role":"first_mate","dir":"N"}`)
	evs := do(t, m, `{"type":"course","crew":"blue","role":"captain","dir":"north"}`)
	head := find(t, evs, KindCourse)
	if head.Text != "HEAD NORTH" || !head.Public() || *head.Dir != chart.North || head.Cell != nil {
		t.Errorf("course event %+v", head)
	}
	// The next course waits for both OKs; each wait names who is missing.
	refused(t, m, CodeAwaitingOK, "First Mate and the Engineer (mark a symbol in the NORTH panel)", `{"type":"course","crew":"blue","role":"captain","dir":"N"}`)
	refused(t, m, CodeWrongPanel, "mark a symbol in the NORTH panel", `{"type":"mark","crew":"blue","role":"engineer","panel":"EAST","symbol":0}`)
	refused(t, m, CodeRole, "only the Engineer may cross out a symbol", `{"type":"mark","crew":"blue","role":"first_mate","panel":"NORTH","symbol":0}`)
	do(t, m, `{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":0}`)
	refused(t, m, CodeNoMarkDue, "Engineer: cross out one symbol after each course", `{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":1}`)
	refused(t, m, CodeAwaitingOK, "wait for the OK of the First Mate", `{"type":"course","crew":"blue","role":"captain","dir":"N"}`)
	// Red is not held up by Blue's crew in real time.
	walk(t, m, Red, "N")
	refused(t, m, CodeRole, "only the First Mate may charge a system", `{"type":"charge","crew":"blue","role":"captain","system":"torpedo"}`)
	evs = do(t, m, `{"type":"charge","crew":"blue","role":"first_mate","system":"torpedo"}`)
	if e := find(t, evs, KindCharge); e.Public() || e.Text != "FIRST MATE: TORPEDO 1/3, OK" {
		t.Errorf("charge event %+v", e)
	}
	refused(t, m, CodeNoChargeDue, "First Mate: mark one gauge after each course", `{"type":"charge","crew":"blue","role":"first_mate","system":"torpedo"}`)
	v := m.Crew(Blue)
	if v.Duties.FirstMate || v.Duties.Engineer || len(v.Route) != 2 || *v.Position != cell(t, "E4") {
		t.Errorf("after the OKs: %+v", v)
	}
	do(t, m, `{"type":"course","crew":"blue","role":"captain","dir":"E"}`)
}

func TestFirstMateGauges(t *testing.T) {
	m := placed(t, Options{}, "E5", "K11")
	want := map[System]int{Mine: 3, Torpedo: 3, Drone: 4, Sonar: 3, Silence: 6}
	v := m.Crew(Blue)
	if len(v.Gauges) != len(want) {
		t.Fatalf("alpha has no scenario gauge: %+v", v.Gauges)
	}
	for _, g := range v.Gauges {
		if want[g.System] != g.Size || g.Marks != 0 || g.Ready {
			t.Errorf("gauge %+v", g)
		}
	}
	// Three torpedo marks make it ready; a full gauge takes no fourth mark.
	var evs []Event
	for _, d := range []string{"N", "N", "N"} {
		evs = append(evs, step(t, m, Blue, d, Torpedo, 3)...)
		m.crews[Blue].sheet = sheet{}
	}
	if e := find(t, evs, KindReady); e.Text != "TORPEDO READY" || e.Public() {
		t.Errorf("ready event %+v", e)
	}
	do(t, m, `{"type":"course","crew":"blue","role":"captain","dir":"E"}`)
	refused(t, m, CodeGaugeFull, "the TORPEDO gauge is full", `{"type":"charge","crew":"blue","role":"first_mate","system":"torpedo"}`)
	refused(t, m, CodeNoScenario, "no scenario system", `{"type":"charge","crew":"blue","role":"first_mate","system":"scenario"}`)

	// With every gauge full the First Mate's step completes by itself.
	m = placed(t, Options{}, "E5", "K11")
	charged(m, Blue)
	evs = do(t, m, `{"type":"course","crew":"blue","role":"captain","dir":"N"}`)
	if e := find(t, evs, KindCharge); e.Text != "FIRST MATE: EVERY GAUGE IS FULL, OK" || m.Crew(Blue).Duties.FirstMate {
		t.Errorf("full gauges: %+v", e)
	}

	// Echo has a 4-space scenario gauge.
	m = placed(t, Options{Map: "echo"}, "E5", "K11")
	found := false
	for _, g := range m.Crew(Blue).Gauges {
		if g.System == Scenario {
			found = g.Size == 4
		}
	}
	if !found {
		t.Error("echo needs a 4-space scenario gauge")
	}
}

func TestBlackoutForcesSurfacing(t *testing.T) {
	// B3 has the island C3 to the east; the route closes the other three.
	m := placed(t, Options{}, "B4", "K11")
	evs := walk(t, m, Blue, "W N N E")
	if has(evs, KindBlackout) {
		t.Fatal("blackout too early")
	}
	evs = walk(t, m, Blue, "S")
	e := find(t, evs, KindBlackout)
	if e.Public() || e.Crew != Blue {
		t.Errorf("blackout event %+v must be private", e)
	}
	v := m.Crew(Blue)
	if !v.Blackout {
		t.Fatal("view misses the blackout")
	}
	for _, o := range v.Courses {
		if o.Legal || o.Reason == "" {
			t.Errorf("course %+v", o)
		}
	}
	refused(t, m, CodeIsland, "C3 is an island: a submarine sails on water only. BLACKOUT: no heading is open, you must surface", `{"type":"course","crew":"blue","role":"captain","dir":"E"}`)
	setGauge(m, Blue, Silence, 6)
	m.crews[Blue].sheet = sheet{}
	refused(t, m, CodeBlackout, "you must surface", `{"type":"silence","crew":"blue","role":"captain","dir":"E","distance":0}`)
	do(t, m, `{"type":"surface","crew":"blue","role":"captain"}`)
	if m.Crew(Blue).Blackout {
		t.Error("a surfaced sub is not in blackout")
	}
}

func TestTurnBasedFlow(t *testing.T) {
	// The first crew comes from the seed, so both occur and a seed always
	// gives the same one.
	seen := map[Crew]bool{}
	for seed := range uint64(16) {
		a, _ := New(Options{Mode: TurnBased}, seed)
		b, _ := New(Options{Mode: TurnBased}, seed)
		if a.first != b.first {
			t.Fatal("first crew not determined by the seed")
		}
		seen[a.first] = true
	}
	if !seen[Blue] || !seen[Red] {
		t.Fatal("the seed never picks one of the crews")
	}

	m := started(t, Options{Mode: TurnBased}, 3)
	first := m.first
	second := first.Other()
	do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"E5"}`, first)
	evs := do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"B2"}`, second)
	if e := find(t, evs, KindTurn); e.Crew != first || e.Text != first.loud()+" MOVES FIRST" {
		t.Errorf("turn event %+v", e)
	}
	if p := m.Public(); p.Turn == nil || *p.Turn != first {
		t.Errorf("public turn %+v", p.Turn)
	}
	refused(t, m, CodeTurn, "it is "+first.loud()+"'s turn", `{"type":"course","crew":%q,"role":"captain","dir":"S"}`, second)
	refused(t, m, CodeEndTurnEarly, "announce a course (or surface) before ending the turn", `{"type":"end_turn","crew":%q,"role":"captain"}`, first)
	do(t, m, `{"type":"course","crew":%q,"role":"captain","dir":"N"}`, first)
	refused(t, m, CodeAwaitingOK, "wait for the OK", `{"type":"end_turn","crew":%q,"role":"captain"}`, first)
	chores(t, m, first)
	refused(t, m, CodeOneCourse, "one course a turn", `{"type":"course","crew":%q,"role":"captain","dir":"N"}`, first)
	refused(t, m, CodeRole, "only the Captain may end the turn", `{"type":"end_turn","crew":%q,"role":"first_mate"}`, first)
	evs = do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, first)
	if e := find(t, evs, KindTurn); e.Crew != second || e.Text != second.loud()+"'S TURN" {
		t.Errorf("turn passed: %+v", e)
	}
	// A system comes after the turn's course and ends the turn.
	setGauge(m, second, Drone, 4)
	m.crews[second].sheet = sheet{}
	refused(t, m, CodeCourseFirst, "announce the turn's course first", `{"type":"drone","crew":%q,"role":"first_mate","sector":1}`, second)
	do(t, m, `{"type":"course","crew":%q,"role":"captain","dir":"S"}`, second)
	m.crews[second].fmDue, m.crews[second].engDue = false, false
	evs = do(t, m, `{"type":"drone","crew":%q,"role":"first_mate","sector":1}`, second)
	if len(evs) != 2 || evs[0].Kind != KindDrone || evs[1].Kind != KindTurn || evs[1].Crew != first {
		t.Errorf("drone then turn, got %q", texts(evs))
	}
	// Real-time orders do not exist turn by turn.
	refused(t, m, CodeRealTimeOnly, "only in real time", `{"type":"secure","crew":%q,"role":"engineer","section":1,"trace":[[40,90],[95,40]]}`, first)
	refused(t, m, CodeRealTimeOnly, "dives by itself", `{"type":"dive","crew":%q,"role":"captain"}`, first)
	m2 := placed(t, Options{}, "E5", "K11")
	refused(t, m2, CodeTurnBasedOnly, "no turns in real time", `{"type":"end_turn","crew":"blue","role":"captain"}`)
}

func TestTurnBasedSilenceEndsTurnAfterDuties(t *testing.T) {
	m := started(t, Options{Mode: TurnBased}, 3)
	c := m.first
	do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"E5"}`, c)
	do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"B2"}`, c.Other())
	setGauge(m, c, Silence, 6)
	evs := do(t, m, `{"type":"silence","crew":%q,"role":"captain","dir":"E","distance":2}`, c)
	if has(evs, KindTurn) {
		t.Fatal("the turn passed before the First Mate and Engineer finished")
	}
	refused(t, m, CodeAwaitingOK, "wait for the OK", `{"type":"end_turn","crew":%q,"role":"captain"}`, c)
	evs = chores(t, m, c)
	if e := find(t, evs, KindTurn); e.Crew != c.Other() {
		t.Errorf("turn after silence: %+v", e)
	}
}

func TestTurnBasedMines(t *testing.T) {
	tests := []struct {
		name     string
		opts     Options
		onEnemy  Code // the refusal of a trigger on the enemy's turn; "" if accepted
		preCode  Code // the refusal of a trigger on the own turn before its course
		endsTurn bool
	}{
		{"the rulebook: at almost any time", Options{Mode: TurnBased}, "", "", false},
		{"the table's option: own turn only", Options{Mode: TurnBased, TriggerOwnTurn: true}, CodeTriggerTurn, "", false},
		{"counted as a system", Options{Mode: TurnBased, TriggerIsSystem: true}, CodeTurn, CodeCourseFirst, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := started(t, tt.opts, 3)
			a, b := m.first, m.first.Other()
			do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"E5"}`, a)
			do(t, m, `{"type":"place","crew":%q,"role":"captain","cell":"B2"}`, b)
			walk(t, m, a, "E")
			ready(m, a)
			do(t, m, `{"type":"mine","crew":%q,"role":"captain","cell":"F6"}`, a) // ends a's turn
			walk(t, m, b, "S")
			trigger := `{"type":"trigger","crew":%q,"role":"captain","cell":"F6"}`
			if tt.onEnemy == "" {
				evs := do(t, m, trigger, a)
				if has(evs, KindTurn) || m.turn != b {
					t.Errorf("a trigger on the enemy's turn keeps it the enemy's turn: %q", texts(evs))
				}
				return
			}
			refused(t, m, tt.onEnemy, "it is "+b.loud()+"'s turn", trigger, a)
			do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, b)
			if tt.preCode != "" {
				refused(t, m, tt.preCode, "announce the turn's course first", trigger, a)
				walk(t, m, a, "N")
				m.crews[a].sheet = sheet{}
			}
			evs := do(t, m, trigger, a)
			if ended := has(evs, KindTurn); ended != tt.endsTurn {
				t.Errorf("trigger ends the turn: %v, want %v (%q)", ended, tt.endsTurn, texts(evs))
			}
		})
	}
}
