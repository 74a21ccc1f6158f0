package sonar

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"periscope/sonar/chart"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// optionsFrom spreads a byte over the rule options, for fuzzing.
func optionsFrom(b uint8) Options {
	o := Options{Map: chart.Names()[int(b)%5]}
	if b&0x08 != 0 {
		o.Mode = TurnBased
	}
	if b&0x10 != 0 {
		o.MineAdjacency = 4
	}
	if b&0x20 != 0 {
		o.SilenceMin = 1
	}
	o.TriggerIsSystem = b&0x40 != 0
	o.DamageBeforeRepair = b&0x80 != 0
	return o
}

// player picks commands for a random game: mostly legal orders read off the
// views, sometimes nonsense. It aims torpedoes at the enemy so games end.
type player struct {
	r *rand.Rand
}

func (p *player) next(m *Match) Command {
	r := p.r
	if !m.started && r.IntN(8) > 0 {
		return Command{Type: TypeStart}
	}
	if r.IntN(10) == 0 {
		return p.junk(m)
	}
	c := Crews[r.IntN(2)]
	if m.sonarPending && r.IntN(3) > 0 {
		c = m.sonarBy.Other()
	} else if m.opts.Mode == TurnBased && m.playing() && r.IntN(5) > 0 {
		c = m.turn
	}
	v := m.Crew(c)
	s := &m.crews[c]
	var opts []Command
	add := func(n int, cmd Command) {
		cmd.Crew = c
		for range n {
			opts = append(opts, cmd)
		}
	}
	if !v.Placed {
		w := m.chart.WaterCells()
		add(1, Command{Type: TypePlace, Cell: w[r.IntN(len(w))]})
	}
	if v.Duties.FirstMate {
		for _, g := range v.Gauges {
			if g.Marks < g.Size {
				add(2, Command{Type: TypeCharge, Role: FirstMate, System: g.System})
			}
		}
	}
	if v.Duties.Engineer {
		for i := range SymbolsPerPanel {
			if !s.sheet[panelIndex(s.engPanel)*SymbolsPerPanel+i] {
				add(2, Command{Type: TypeMark, Role: Engineer, Panel: s.engPanel, Symbol: i})
			}
		}
	}
	for _, o := range v.Courses {
		if o.Legal {
			add(6, Command{Type: TypeCourse, Dir: o.Dir})
		}
	}
	for _, o := range v.Silences {
		if o.Reason == "" {
			add(2, Command{Type: TypeSilence, Dir: o.Dir, Distance: o.Min + r.IntN(o.Max-o.Min+1)})
		}
	}
	if v.SurfaceBlocked == "" {
		n := 1
		if v.Blackout || s.sheet != (sheet{}) && r.IntN(8) == 0 {
			n = 10
		}
		add(n, Command{Type: TypeSurface})
	}
	if len(v.TorpedoTargets) > 0 {
		t := v.TorpedoTargets[r.IntN(len(v.TorpedoTargets))]
		if enemy := m.crews[c.Other()].pos; slices.Contains(v.TorpedoTargets, enemy) && r.IntN(3) > 0 {
			t = enemy
		}
		add(8, Command{Type: TypeTorpedo, Cell: t})
	}
	if len(v.MineCells) > 0 {
		add(3, Command{Type: TypeMine, Cell: v.MineCells[r.IntN(len(v.MineCells))]})
	}
	for _, t := range v.Triggers {
		if chart.Chebyshev(t, m.crews[c.Other()].pos) <= 1 || r.IntN(6) == 0 {
			add(3, Command{Type: TypeTrigger, Cell: t})
		}
	}
	for _, t := range v.ArcherTargets {
		add(1, Command{Type: TypeArcher, Cell: t})
	}
	for _, g := range v.Gauges {
		if g.Ready && g.System == Drone {
			add(2, Command{Type: TypeDrone, Role: Roles[r.IntN(2)], Sector: 1 + r.IntN(m.chart.Sectors())})
		}
		if g.Ready && g.System == Sonar {
			add(2, Command{Type: TypeSonar, Role: Roles[r.IntN(2)]})
		}
	}
	if len(v.SonarAnswers) > 0 {
		a := v.SonarAnswers[r.IntN(len(v.SonarAnswers))]
		add(10, Command{Type: TypeSonarAnswer, Facts: []Fact{a[0], a[1]}})
	}
	if v.Surfacing != nil {
		for i, by := range v.Surfacing.Sections {
			if by == nil {
				add(3, Command{Type: TypeSecure, Role: Roles[r.IntN(4)], Section: i + 1, Trace: Trace{{40, 90}, {95, 40}}})
			}
		}
		if v.Surfacing.Inspected {
			add(5, Command{Type: TypeDive})
		}
	}
	if v.Inspect != nil {
		ok := r.IntN(5) > 0
		sec := 0
		if !ok {
			sec = 1 + r.IntN(4)
		}
		add(5, Command{Type: TypeInspect, Role: Engineer, OK: ok, Section: sec})
	}
	if v.Turn != nil && v.Turn.Current && v.Turn.Moved {
		add(2, Command{Type: TypeEndTurn})
	}
	if len(opts) == 0 {
		return p.junk(m)
	}
	return opts[r.IntN(len(opts))]
}

var allTypes = func() []CommandType {
	var out []CommandType
	for t := range shapes {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}()

// junk is a random, mostly illegal command, with values out of range too.
func (p *player) junk(m *Match) Command {
	r := p.r
	n := m.chart.Size
	return Command{
		Type:     allTypes[r.IntN(len(allTypes))],
		Crew:     Crew(r.IntN(3)),
		Role:     Role(r.IntN(5)),
		Dir:      chart.Dir(r.IntN(5)),
		Distance: r.IntN(7) - 1,
		Cell:     chart.Cell{Col: r.IntN(n+2) - 1, Row: r.IntN(n+2) - 1},
		System:   System(r.IntN(7)),
		Panel:    chart.Dir(r.IntN(5)),
		Symbol:   r.IntN(8) - 1,
		Sector:   r.IntN(11) - 1,
		Section:  r.IntN(6),
		Facts:    []Fact{{[]FactType{FactRow, FactColumn, FactSector, "x"}[r.IntN(4)], r.IntN(n+2) - 1}, {FactSector, r.IntN(11)}},
		OK:       r.IntN(2) == 0,
	}
}

// game plays a random match and returns it with its command log and
// events. check runs after every command.
func game(seed uint64, opts Options, steps int, check func(before, after *Match, cmd Command, evs []Event, err error)) (*Match, []Command, []Event) {
	m, err := New(opts, seed)
	if err != nil {
		panic(err)
	}
	p := &player{r: rand.New(rand.NewPCG(seed, 99))}
	var log []Command
	var all []Event
	for range steps {
		if m.Over() {
			break
		}
		cmd := p.next(m)
		var before *Match
		if check != nil {
			before = m.clone()
		}
		evs, err := m.Apply(cmd)
		log = append(log, cmd)
		all = append(all, evs...)
		if check != nil {
			check(before, m, cmd, evs, err)
		}
	}
	return m, log, all
}

var privateKinds = map[Kind]bool{
	KindStartCell: true, KindSilentRun: true, KindCharge: true, KindReady: true, KindMark: true,
	KindRepair: true, KindOverload: true, KindBlackout: true, KindMineLaid: true, KindMineLost: true,
}

// invariants checks what must hold after every command.
func invariants(t *testing.T, before, m *Match, cmd Command, evs []Event, err error) {
	t.Helper()
	if err != nil {
		var re *RuleError
		if !errors.As(err, &re) || re.Message == "" || re.Code == "" {
			t.Fatalf("%+v: error %v is not a RuleError", cmd, err)
		}
		if !reflect.DeepEqual(before, m) {
			t.Fatalf("refused %+v (%v) changed the match", cmd, err)
		}
		return
	}
	for _, e := range evs {
		if privateKinds[e.Kind] == e.Public() {
			t.Fatalf("event %+v has the wrong audience", e)
		}
		if e.Public() {
			if e.Distance != nil || e.Symbol != nil || (e.Dir != nil && e.Kind != KindCourse) ||
				(e.Cell != nil && e.Kind != KindTrigger && e.Kind != KindTorpedo && e.Kind != KindArcher) {
				t.Fatalf("public event %+v carries a private fact", e)
			}
		}
		if e.Text == "" {
			t.Fatalf("event %+v has no text", e)
		}
	}
	destroyed := false
	for _, c := range Crews {
		s := &m.crews[c]
		if s.damage < 0 || s.damage > MaxDamage {
			t.Fatalf("%s damage %d", c, s.damage)
		}
		destroyed = destroyed || s.damage == MaxDamage
		for _, sys := range Systems {
			if s.gauges[sys] < 0 || s.gauges[sys] > m.gaugeSize(sys) {
				t.Fatalf("%s %s gauge %d", c, sys, s.gauges[sys])
			}
		}
		for _, circ := range []Circuit{YellowCircuit, OrangeCircuit, GreyCircuit} {
			if s.sheet.circuitDone(circ) {
				t.Fatalf("%s %s circuit complete but not repaired", c, circ)
			}
		}
		for p := range Panels {
			if s.sheet.panelFull(p) {
				t.Fatalf("%s panel %d full", c, p)
			}
		}
		if s.sheet.radiationFull() {
			t.Fatalf("%s reactor full", c)
		}
		if !s.placed {
			continue
		}
		if len(s.route) == 0 || s.route[len(s.route)-1] != s.pos {
			t.Fatalf("%s route %v does not end at %s", c, s.route, s.pos)
		}
		seen := map[chart.Cell]bool{}
		for i, x := range s.route {
			if !m.chart.Water(x) {
				t.Fatalf("%s route crosses %s, not water", c, x)
			}
			if seen[x] {
				t.Fatalf("%s route crosses itself at %s: %v", c, x, s.route)
			}
			seen[x] = true
			if i > 0 && chart.Manhattan(x, s.route[i-1]) != 1 {
				t.Fatalf("%s route jumps %s -> %s", c, s.route[i-1], x)
			}
		}
		n := 0
		for _, on := range s.onRoute {
			if on {
				n++
			}
		}
		if n != len(s.route) {
			t.Fatalf("%s route index out of step", c)
		}
		for _, x := range s.mines {
			if !m.chart.Water(x) || seen[x] {
				t.Fatalf("%s mine at %s on an island or the route", c, x)
			}
		}
	}
	if destroyed != m.over {
		t.Fatalf("over=%v with damage %d/%d", m.over, m.crews[Blue].damage, m.crews[Red].damage)
	}
	if m.bonus < 0 || m.bonus > 3 {
		t.Fatalf("bonus %d", m.bonus)
	}
	for _, v := range []any{m.Public(), m.Crew(Blue), m.Crew(Red)} {
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("view does not marshal: %v", err)
		}
	}
}

// agree checks that the views' lists of legal orders match what Apply does.
func agree(t *testing.T, m *Match) {
	t.Helper()
	for _, c := range Crews {
		v := m.Crew(c)
		// The reasons travel packed in why and come back whole.
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back CrewView
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		if b2, _ := json.Marshal(back); string(b2) != string(b) || !slices.Equal(back.whys(), v.whys()) {
			t.Fatalf("the view does not travel:\n%s\n%s", b, b2)
		}
		try := func(cmd Command) error {
			cmd.Crew = c
			_, err := m.clone().Apply(cmd)
			return err
		}
		for _, o := range v.Courses {
			err := try(Command{Type: TypeCourse, Dir: o.Dir})
			if o.Legal != (err == nil) || (err != nil && err.(*RuleError).Why() != o.Reason) {
				t.Fatalf("course option %+v, Apply says %v", o, err)
			}
		}
		for _, o := range v.Silences {
			if o.Reason != "" {
				continue
			}
			for n := o.Min; n <= o.Max; n++ {
				if err := try(Command{Type: TypeSilence, Dir: o.Dir, Distance: n}); err != nil {
					t.Fatalf("silence %s %d listed but refused: %v", o.Dir, n, err)
				}
			}
		}
		for _, x := range v.TorpedoTargets {
			if err := try(Command{Type: TypeTorpedo, Cell: x}); err != nil {
				t.Fatalf("torpedo target %s refused: %v", x, err)
			}
		}
		for _, x := range v.MineCells {
			if err := try(Command{Type: TypeMine, Cell: x}); err != nil {
				t.Fatalf("mine cell %s refused: %v", x, err)
			}
		}
		for _, a := range v.SonarAnswers {
			if err := try(Command{Type: TypeSonarAnswer, Facts: a[:]}); err != nil {
				t.Fatalf("sonar answer %v refused: %v", a, err)
			}
		}
		if err := try(Command{Type: TypeSurface}); (err == nil) != (v.SurfaceBlocked == "") {
			t.Fatalf("surface blocked %q, Apply says %v", v.SurfaceBlocked, err)
		}
	}
}

func TestRandomGames(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 12 // every map and both modes still come up (optionsFrom)
	}
	ended := 0
	for i := range games {
		opts := optionsFrom(uint8(i * 37))
		t.Run(fmt.Sprintf("%d-%s-%s", i, opts.Map, opts.Mode), func(t *testing.T) {
			step := 0
			m, _, _ := game(uint64(i), opts, 1500, func(before, after *Match, cmd Command, evs []Event, err error) {
				invariants(t, before, after, cmd, evs, err)
				if step++; step%5 == 0 {
					agree(t, after)
				}
			})
			if m.Over() {
				ended++
			}
		})
	}
	if ended < games*3/4 {
		t.Errorf("only %d of %d random games ended: the player is too timid to test the end", ended, games)
	}
}

func FuzzPlay(f *testing.F) {
	for i := range 8 {
		f.Add(uint64(i), uint8(i*41), uint16(300))
	}
	f.Fuzz(func(t *testing.T, seed uint64, o uint8, steps uint16) {
		game(seed, optionsFrom(o), int(steps%800), func(before, after *Match, cmd Command, evs []Event, err error) {
			invariants(t, before, after, cmd, evs, err)
		})
	})
}

func TestReplayIsIdentical(t *testing.T) {
	for i, opts := range []Options{{}, {Mode: TurnBased}, {Map: "echo", TriggerIsSystem: true}, {Map: "charlie", Mode: TurnBased, MineAdjacency: 4}, {SurfaceOrder: SurfaceSheet}} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			seed := uint64(1000 + i)
			m, log, events := game(seed, opts, 2000, nil)
			// Replay through the wire form, as the room's log would.
			again, err := New(opts, seed)
			if err != nil {
				t.Fatal(err)
			}
			var replayed []Event
			for _, cmd := range log {
				b, err := json.Marshal(cmd)
				if err != nil {
					// Junk with out-of-range values has no wire form; replay it as is.
					evs, _ := again.Apply(cmd)
					replayed = append(replayed, evs...)
					continue
				}
				back, err := ParseCommand(b)
				if err != nil {
					evs, _ := again.Apply(cmd)
					replayed = append(replayed, evs...)
					continue
				}
				evs, _ := again.Apply(back)
				replayed = append(replayed, evs...)
			}
			if !reflect.DeepEqual(m, again) {
				t.Fatal("replay built a different match")
			}
			if !reflect.DeepEqual(events, replayed) {
				t.Fatal("replay told a different story")
			}
			if len(events) < 50 {
				t.Errorf("only %d events: the game is too short to prove much", len(events))
			}
		})
	}
}

// TestGoldenTranscripts keeps two seeded games as the table heard them.
// Run with -update after a deliberate change of wording or rules.
func TestGoldenTranscripts(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		seed uint64
	}{
		{"alpha-realtime", Options{}, 11},
		{"bravo-turnbased", Options{Map: "bravo", Mode: TurnBased}, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, evs := game(tc.seed, tc.opts, 3000, nil)
			var b strings.Builder
			for _, e := range evs {
				who := "all"
				if e.To != nil {
					who = e.To.String()
				}
				line, _ := json.Marshal(e)
				fmt.Fprintf(&b, "%-4s %-60s %s\n", who, e.Text, line)
			}
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if b.String() != string(want) {
				t.Errorf("transcript differs from %s; if intended, run go test ./sonar -update", path)
			}
		})
	}
}
