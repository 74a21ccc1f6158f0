package sonar

import (
	"testing"

	"periscope/sonar/chart"
)

func TestSheetLayout(t *testing.T) {
	colours := map[Colour]int{}
	circuits := map[Circuit][]string{}
	for _, d := range Panels {
		for i := range SymbolsPerPanel {
			s := Layout(d, i)
			colours[s.Colour]++
			if s.Circuit != NoCircuit {
				circuits[s.Circuit] = append(circuits[s.Circuit], d.String()[:1]+"-"+s.Colour.String())
				if i >= 3 {
					t.Errorf("%s %d: reactor symbols are not on a circuit", d, i)
				}
			} else if i < 3 {
				t.Errorf("%s %d: central circuit symbol without a circuit", d, i)
			}
		}
	}
	for _, c := range []Colour{RedSymbol, GreenSymbol, YellowSymbol, RadiationSymbol} {
		if colours[c] != 6 {
			t.Errorf("%d %s symbols, want 6", colours[c], c)
		}
	}
	want := map[Circuit]string{
		YellowCircuit: "[W-red W-yellow W-green E-red]",
		OrangeCircuit: "[N-yellow N-red N-yellow E-green]",
		GreyCircuit:   "[S-green S-yellow S-red E-yellow]",
	}
	for c, w := range want {
		if got := fmtList(circuits[c]); got != w {
			t.Errorf("%s circuit %s, want %s", c, got, w)
		}
	}
	// The rulebook's example: after HEAD NORTH the Engineer picks one of two
	// yellow Central Circuit symbols or one of three Reactor symbols.
	yellow := 0
	for i := range 3 {
		if Layout(chart.North, i).Colour == YellowSymbol {
			yellow++
		}
	}
	if yellow != 2 {
		t.Errorf("north has %d yellow circuit symbols, want 2", yellow)
	}
}

func fmtList(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}

// engineer sets up a match where Blue's Engineer has crossed out the given
// symbols (panel letter + index, "N0") and is due to mark in panel dir.
func engineer(t *testing.T, opts Options, marks []string, dir chart.Dir) *Match {
	t.Helper()
	m := placed(t, opts, "H8", "K11")
	for _, mk := range marks {
		d, err := chart.ParseDir(mk[:1])
		if err != nil {
			t.Fatal(err)
		}
		m.crews[Blue].sheet[panelIndex(d)*SymbolsPerPanel+int(mk[1]-'0')] = true
	}
	charged(m, Blue)
	m.crews[Blue].engDue, m.crews[Blue].engPanel = true, dir
	return m
}

func TestEngineerSheet(t *testing.T) {
	tests := []struct {
		name        string
		opts        Options
		marks       []string
		panel       string
		symbol      int
		repaired    Circuit
		damage      bool
		left        int // symbols still crossed out afterwards
		brokenAfter []Colour
	}{
		{"a breakdown", Options{}, nil, "N", 1, NoCircuit, false, 1, []Colour{RedSymbol}},
		{"the orange circuit repairs itself", Options{}, []string{"N0", "N1", "E0", "S4"}, "N", 2, OrangeCircuit, false, 1, []Colour{RadiationSymbol}},
		{"the yellow circuit spans west and east", Options{}, []string{"W0", "W1", "W2"}, "E", 2, YellowCircuit, false, 0, nil},
		{"all radiation: damage, sheet erased", Options{}, []string{"W4", "W5", "N5", "S4", "E3", "N0"}, "E", 5, NoCircuit, true, 0, nil},
		{"a full panel: damage, sheet erased", Options{}, []string{"S0", "S1", "S3", "S4", "S5", "W0"}, "S", 2, NoCircuit, true, 0, nil},
		{"circuit and panel at once: repair wins", Options{}, []string{"N0", "N1", "E0", "N3", "N4", "N5"}, "N", 2, OrangeCircuit, false, 3, []Colour{RedSymbol, GreenSymbol, RadiationSymbol}},
		{"circuit and panel at once: damage wins", Options{DamageBeforeRepair: true}, []string{"N0", "N1", "E0", "N3", "N4", "N5"}, "N", 2, NoCircuit, true, 0, nil},
		{"radiation and panel at once: one damage", Options{}, []string{"W4", "N5", "S4", "E3", "E5", "W0", "W1", "W2", "W3"}, "W", 5, NoCircuit, true, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := chart.ParseDir(tt.panel)
			m := engineer(t, tt.opts, tt.marks, d)
			// The Engineer's page warns before the mark exactly when the
			// mark then costs damage, under this match's rule.
			for _, sym := range m.Crew(Blue).Sheet {
				if sym.Panel == d && sym.Index == tt.symbol && (sym.Damage != "") != tt.damage {
					t.Errorf("the view warns %q before a mark that damages: %v", sym.Damage, tt.damage)
				}
			}
			evs := do(t, m, `{"type":"mark","crew":"blue","role":"engineer","panel":%q,"symbol":%d}`, tt.panel, tt.symbol)
			if tt.repaired != NoCircuit {
				if e := find(t, evs, KindRepair); e.Circuit != tt.repaired || e.Public() {
					t.Errorf("repair event %+v", e)
				}
			} else if has(evs, KindRepair) {
				t.Error("unexpected repair")
			}
			wantDamage := tt.damage
			if wantDamage {
				e := find(t, evs, KindDamage)
				if !e.Public() || e.Damage != 1 || e.Text != "BLUE TAKES 1 DAMAGE" {
					t.Errorf("damage event %+v", e)
				}
				if o := find(t, evs, KindOverload); o.Public() {
					t.Error("the overload's cause is the crew's own business")
				}
				if n := countKind(evs, KindDamage); n != 1 {
					t.Errorf("%d damage events; one mark never does two damages", n)
				}
			} else if has(evs, KindDamage) {
				t.Error("unexpected damage")
			}
			v := m.Crew(Blue)
			if wantDamage != (v.Damage == 1) {
				t.Errorf("damage %d", v.Damage)
			}
			left := 0
			for _, s := range v.Sheet {
				if s.Marked {
					left++
				}
			}
			if left != tt.left {
				t.Errorf("%d symbols crossed out, want %d", left, tt.left)
			}
			if fmtColours(v.Broken) != fmtColours(tt.brokenAfter) {
				t.Errorf("broken %v, want %v", v.Broken, tt.brokenAfter)
			}
		})
	}
}

func countKind(evs []Event, k Kind) int {
	n := 0
	for _, e := range evs {
		if e.Kind == k {
			n++
		}
	}
	return n
}

func fmtColours(cs []Colour) string {
	out := ""
	for _, c := range cs {
		out += c.String() + " "
	}
	return out
}

func TestEngineerRefusals(t *testing.T) {
	m := engineer(t, Options{}, []string{"N3"}, chart.North)
	refused(t, m, CodeMarked, "that green symbol is already crossed out", `{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":3}`)
	refused(t, m, CodeMalformed, "symbols 0 to 5", `{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":6}`)
	refused(t, m, CodeMalformed, "symbols 0 to 5", `{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":-1}`)
	refused(t, m, CodeWrongPanel, "mark a symbol in the NORTH panel", `{"type":"mark","crew":"blue","role":"engineer","panel":"SOUTH","symbol":0}`)
}

func TestBreakdownDisablesBothSystemsOfItsColour(t *testing.T) {
	tests := []struct {
		mark    string
		blocked []System
	}{
		{"N1", []System{Mine, Torpedo}},
		{"W2", []System{Drone, Sonar}},
		{"S5", []System{Silence, Scenario}},
		{"W4", nil},
	}
	for _, tt := range tests {
		t.Run(tt.mark, func(t *testing.T) {
			m := engineer(t, Options{Map: "echo"}, []string{tt.mark}, chart.North)
			m.crews[Blue].engDue = false
			blocked := map[System]bool{}
			for _, s := range tt.blocked {
				blocked[s] = true
			}
			for _, g := range m.Crew(Blue).Gauges {
				if g.Ready == blocked[g.System] {
					t.Errorf("%s ready=%v (%s)", g.System, g.Ready, g.Blocked)
				}
				if blocked[g.System] && !contains(g.Blocked, "breakdown:") {
					t.Errorf("%s blocked for %q", g.System, g.Blocked)
				}
			}
			if blocked[Torpedo] {
				refused(t, m, CodeBreakdown, "TORPEDO is broken down: a red symbol is crossed out", `{"type":"torpedo","crew":"blue","role":"captain","cell":"H10"}`)
			}
			if blocked[Drone] {
				refused(t, m, CodeBreakdown, "DRONE is broken down: a green symbol", `{"type":"drone","crew":"blue","role":"first_mate","sector":1}`)
			}
			if blocked[Silence] {
				refused(t, m, CodeBreakdown, "SILENCE is broken down: a yellow symbol", `{"type":"silence","crew":"blue","role":"captain","dir":"N","distance":1}`)
			}
		})
	}
}

func TestSheetColoursRoundTrip(t *testing.T) {
	for c := RedSymbol; c <= RadiationSymbol; c++ {
		b, err := c.MarshalText()
		var back Colour
		if err != nil || back.UnmarshalText(b) != nil || back != c {
			t.Errorf("colour %v: %s %v -> %v", c, b, err, back)
		}
	}
	for c := NoCircuit; c <= GreyCircuit; c++ {
		b, err := c.MarshalText()
		var back Circuit
		if err != nil || back.UnmarshalText(b) != nil || back != c {
			t.Errorf("circuit %v: %s %v -> %v", c, b, err, back)
		}
	}
	var c Colour
	if c.UnmarshalText([]byte("purple")) == nil {
		t.Error("purple accepted")
	}
	var k Circuit
	if k.UnmarshalText([]byte("blue")) == nil {
		t.Error("a blue circuit accepted")
	}
}
