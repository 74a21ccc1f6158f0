package sonar

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"periscope/sonar/chart"
)

func TestParseCommand(t *testing.T) {
	good := []struct {
		in   string
		want Command
	}{
		{`{"type":"start"}`, Command{Type: TypeStart}},
		{`{"type":"course","crew":"red","role":"captain","dir":"W"}`, Command{Type: TypeCourse, Crew: Red, Role: Captain, Dir: chart.West}},
		{`{"type":"silence","crew":"blue","role":"captain","dir":"south","distance":0}`, Command{Type: TypeSilence, Dir: chart.South}},
		{`{"type":"place","crew":"blue","role":"captain","cell":"c6"}`, Command{Type: TypePlace, Cell: chart.Cell{Col: 2, Row: 5}}},
		{`{"type":"charge","crew":"blue","role":"First Mate","system":"drone"}`, Command{Type: TypeCharge, Role: FirstMate, System: Drone}},
		{`{"type":"mark","crew":"blue","role":"engineer","panel":"EAST","symbol":5}`, Command{Type: TypeMark, Role: Engineer, Panel: chart.East, Symbol: 5}},
		{`{"type":"drone","crew":"blue","role":"first_mate","sector":9}`, Command{Type: TypeDrone, Role: FirstMate, Sector: 9}},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"column","value":"l"},{"type":"sector","value":"6"}]}`,
			Command{Type: TypeSonarAnswer, Crew: Red, Facts: []Fact{{FactColumn, 11}, {FactSector, 6}}}},
		{`{"type":"secure","crew":"blue","role":"radio_operator","section":4,"trace":[[1,2],[3,4]]}`, Command{Type: TypeSecure, Role: RadioOperator, Section: 4, Trace: Trace{{1, 2}, {3, 4}}}},
		{`{"type":"inspect","crew":"red","role":"engineer","ok":false}`, Command{Type: TypeInspect, Crew: Red, Role: Engineer}},
		{`{"type":"end_turn","crew":"red","role":"captain"}`, Command{Type: TypeEndTurn, Crew: Red}},
		{`{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":3}`, Command{Type: TypeInspect, Crew: Red, Role: Engineer, Section: 3}},
		{`{"type":"tick"}`, Command{Type: TypeTick}},
	}
	for _, tt := range good {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseCommand([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseCommand(b)
			if err != nil || !reflect.DeepEqual(back, got) {
				t.Fatalf("round trip %s: %+v %v", b, back, err)
			}
		})
	}
	bad := []struct{ in, want string }{
		{``, "malformed"},
		{`[]`, "malformed"},
		{`{"type":"fly","crew":"blue","role":"captain"}`, `unknown command type "fly"`},
		{`{"type":"course","crew":"blue","role":"captain"}`, "course needs a dir"},
		{`{"type":"course","crew":"blue","dir":"N"}`, "needs a crew and a role"},
		{`{"type":"course","crew":"green","role":"captain","dir":"N"}`, "not a crew"},
		{`{"type":"course","crew":"blue","role":"cook","dir":"N"}`, "not a role"},
		{`{"type":"course","crew":"blue","role":"captain","dir":"UP"}`, "not a heading"},
		{`{"type":"course","crew":"blue","role":"captain","dir":"N","cell":"A1"}`, "course takes no cell"},
		{`{"type":"course","crew":"blue","role":"captain","dir":"N","speed":3}`, "unknown field"},
		{`{"type":"start","crew":"blue"}`, "start takes no crew"},
		{`{"type":"place","crew":"blue","role":"captain","cell":"66"}`, "not a cell name"},
		{`{"type":"charge","crew":"blue","role":"first_mate","system":"laser"}`, "not a system"},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"row","value":3}]}`, "exactly two facts"},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"row","value":3},{"type":"depth","value":1}]}`, "kind of sonar fact"},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"row","value":"x"},{"type":"sector","value":1}]}`, "not a row number"},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"column","value":"LL"},{"type":"sector","value":1}]}`, "not a column letter"},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"column"},{"type":"sector","value":1}]}`, "needs a value"},
		{`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"column","value":true},{"type":"sector","value":1}]}`, "number or a letter"},
		{`{"type":"course","crew":"blue","role":"captain","dir":"N"} {}`, "trailing data"},
		{`{"type":"secure","crew":"blue","role":"engineer","section":1}`, "secure needs a trace"},
		{`{"type":"secure","crew":"blue","role":"engineer","section":1,"trace":[[1,2]]}`, "a trace has 2 to 300 points, not 1"},
		{`{"type":"secure","crew":"blue","role":"engineer","section":1,"trace":[[1,2],[301,4]]}`, "outside the 300x180 box"},
		{`{"type":"secure","crew":"blue","role":"engineer","section":1,"trace":[[1,2],[3,-1]]}`, "outside the 300x180 box"},
		{`{"type":"secure","crew":"blue","role":"engineer","section":1,"trace":[[1,2,3],[3,1]]}`, "a trace point is [x, y]"},
		{`{"type":"inspect","crew":"red","role":"engineer","ok":true,"trace":[[1,2],[3,4]]}`, "inspect takes no trace"},
		{`{"type":"tick","crew":"red"}`, "tick takes no crew"},
		{`{"type":"course","crew":"blue","role":"captain","dir":"N","pad":"` + string(make([]byte, 9000)) + `"}`, "too long"},
	}
	for _, tt := range bad {
		t.Run("bad "+tt.want, func(t *testing.T) {
			_, err := ParseCommand([]byte(tt.in))
			var re *RuleError
			code := CodeMalformed
			if tt.want == "exactly two facts" {
				code = CodeTwoFacts // a rule of its own, though read by the parser
			}
			if !errors.As(err, &re) || re.Code != code || !contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want a %s error about %q", err, code, tt.want)
			}
		})
	}
	var c Command
	if err := json.Unmarshal([]byte(`{"type":"sonar","crew":"red","role":"first_mate"}`), &c); err != nil || c.Type != TypeSonar || c.Role != FirstMate {
		t.Errorf("UnmarshalJSON: %+v %v", c, err)
	}
}

func TestApplyRefusesOutOfRangeValues(t *testing.T) {
	// Go callers can build commands ParseCommand would never produce.
	m := placed(t, Options{}, "E5", "K11")
	ready(m, Blue)
	tests := []struct {
		cmd  Command
		code Code
	}{
		{Command{Type: TypeCourse, Crew: 5}, CodeMalformed},
		{Command{Type: TypeCourse, Role: 9}, CodeMalformed},
		{Command{Type: "warp", Crew: Blue}, CodeMalformed},
		{Command{Type: TypeCourse, Crew: Blue, Dir: 9}, CodeMalformed},
		{Command{Type: TypeSilence, Crew: Blue, Dir: 9}, CodeMalformed},
		{Command{Type: TypeCharge, Crew: Blue, Role: FirstMate, System: 40}, CodeNoChargeDue},
		{Command{Type: TypeTorpedo, Crew: Blue, Cell: chart.Cell{Col: -3, Row: 99}}, CodeOffMap},
		{Command{Type: TypeMine, Crew: Blue, Cell: chart.Cell{Col: 99, Row: 2}}, CodeOffMap},
		{Command{Type: TypePlace, Crew: Blue, Cell: chart.Cell{Col: 99, Row: 2}}, CodeAlreadyPlaced},
		{Command{Type: TypeSonarAnswer, Crew: Red, Facts: []Fact{{"depth", 1}, {FactRow, 1}}}, CodeNoQuestion},
	}
	for _, tt := range tests {
		refusedCmd(t, m, tt.code, "", tt.cmd)
	}
	m.crews[Blue].fmDue = true
	refusedCmd(t, m, CodeMalformed, "unknown system", Command{Type: TypeCharge, Crew: Blue, Role: FirstMate, System: 40})
}

func TestFactJSON(t *testing.T) {
	fs := []Fact{{FactRow, 13}, {FactColumn, 11}, {FactSector, 6}}
	b, err := json.Marshal(fs)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `[{"type":"row","value":14},{"type":"column","value":"L"},{"type":"sector","value":6}]` {
		t.Errorf("got %s", b)
	}
	var back []Fact
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, fs) {
		t.Errorf("back %+v %v", back, err)
	}
	for _, f := range []Fact{{"depth", 1}, {FactColumn, 30}} {
		if _, err := json.Marshal(f); err == nil {
			t.Errorf("%+v marshalled", f)
		}
	}
}

func TestTextForms(t *testing.T) {
	for _, c := range Crews {
		b, _ := c.MarshalText()
		var back Crew
		if back.UnmarshalText(b) != nil || back != c {
			t.Error(c)
		}
	}
	for _, r := range Roles {
		b, _ := r.MarshalText()
		var back Role
		if back.UnmarshalText(b) != nil || back != r {
			t.Error(r)
		}
	}
	for _, s := range Systems {
		b, _ := s.MarshalText()
		var back System
		if back.UnmarshalText(b) != nil || back != s {
			t.Error(s)
		}
	}
	for _, m := range []Mode{RealTime, TurnBased} {
		b, _ := m.MarshalText()
		var back Mode
		if back.UnmarshalText(b) != nil || back != m {
			t.Error(m)
		}
	}
	if _, err := Crew(3).MarshalText(); err == nil {
		t.Error("crew 3")
	}
	if _, err := Role(7).MarshalText(); err == nil {
		t.Error("role 7")
	}
	if _, err := System(9).MarshalText(); err == nil {
		t.Error("system 9")
	}
	if _, err := Mode(4).MarshalText(); err == nil {
		t.Error("mode 4")
	}
	if _, err := Colour(9).MarshalText(); err == nil {
		t.Error("colour 9")
	}
	if _, err := Circuit(9).MarshalText(); err == nil {
		t.Error("circuit 9")
	}
	if Crew(3).String() != "crew(3)" || Role(7).Title() != "role(7)" || System(9).String() != "system(9)" ||
		Colour(9).String() != "colour(9)" || Circuit(9).String() != "circuit(9)" {
		t.Error("invalid values print their number")
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		`{"type":"start"}`,
		`{"type":"course","crew":"blue","role":"captain","dir":"N"}`,
		`{"type":"silence","crew":"red","role":"captain","dir":"E","distance":3}`,
		`{"type":"mark","crew":"blue","role":"engineer","panel":"WEST","symbol":2}`,
		`{"type":"sonar_answer","crew":"red","role":"captain","facts":[{"type":"column","value":"L"},{"type":"sector","value":6}]}`,
		`{"type":"torpedo","crew":"blue","role":"captain","cell":"G2"}`,
		`{"type":"inspect","crew":"red","role":"engineer","ok":true}`,
		`{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":2}`,
		`{"type":"secure","crew":"blue","role":"engineer","section":1,"trace":[[40,90],[95,40]]}`,
		`{"type":"tick"}`,
		`{"type":"drone","crew":"blue","role":"first_mate","sector":-1}`,
		`{"type":"place","crew":"blue","role":"captain","cell":"Z99"}`,
		`{}`, `null`, `"x"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		cmd, err := ParseCommand(b)
		if err != nil {
			var re *RuleError
			if !errors.As(err, &re) || re.Message == "" {
				t.Fatalf("error %v is not a RuleError with a message", err)
			}
			return
		}
		// Whatever parses re-encodes to the same command.
		out, err := json.Marshal(cmd)
		if err != nil {
			t.Fatalf("marshal %+v: %v", cmd, err)
		}
		back, err := ParseCommand(out)
		if err != nil || !reflect.DeepEqual(back, cmd) {
			t.Fatalf("round trip %s -> %s: %+v %v", b, out, back, err)
		}
		// And a match never panics on it.
		m, _ := New(Options{}, 1)
		_, _ = m.Apply(Command{Type: TypeStart})
		_, _ = m.Apply(cmd)
	})
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{``, `{}`, `{"map":"echo","mode":"turnbased","scenario_gauge":6}`,
		`{"map":"delta","ice_holes":["E5"]}`, `{"mine_adjacency":4,"silence_min":1}`, `{"map":7}`,
		`{"torpedo_range":"orthogonal","trigger_own_turn":true,"surface_any_order":true,"inspection_seconds":30,"inspection_rejections":1}`,
		`{"surface_order":"sheet"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := ParseOptions(b)
		if err != nil {
			return
		}
		m, err := New(o, 1)
		if err != nil {
			t.Fatalf("parsed options %+v refused by New: %v", o, err)
		}
		if !reflect.DeepEqual(m.Options(), o) {
			t.Fatalf("options changed: %+v -> %+v", o, m.Options())
		}
	})
}

func TestParseOrderLeavesCrewAndRoleToTheRoom(t *testing.T) {
	tests := []struct {
		in         string
		crew, role bool
		err        string
	}{
		{`{"type":"course","dir":"N"}`, false, false, ""},
		{`{"type":"drone","role":"first_mate","sector":2}`, false, true, ""},
		{`{"type":"course","crew":"red","dir":"N"}`, true, false, ""},
		{`{"type":"course"}`, false, false, "course needs a dir"},
		{`{"type":"tick","role":"captain"}`, false, false, "tick takes no crew or role"},
	}
	for _, tt := range tests {
		o, err := ParseOrder([]byte(tt.in))
		if tt.err != "" {
			if err == nil || !contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || o.CrewGiven != tt.crew || o.RoleGiven != tt.role {
			t.Errorf("%s: %+v %v", tt.in, o, err)
		}
		if _, err := ParseCommand([]byte(tt.in)); (err == nil) != (tt.crew && tt.role) {
			t.Errorf("%s: ParseCommand error %v", tt.in, err)
		}
	}
}
