package roles

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"periscope/games"
	"periscope/sonar"
)

func TestSeatsCombineRolesAsTheRulebookSays(t *testing.T) {
	tests := []struct {
		crews  [2]int
		labels []string
	}{
		{[2]int{4, 4}, []string{"Blue Captain", "Blue First Mate", "Blue Engineer", "Blue Radio Operator",
			"Red Captain", "Red First Mate", "Red Engineer", "Red Radio Operator"}},
		{[2]int{3, 2}, []string{"Blue Captain + First Mate", "Blue Engineer", "Blue Radio Operator",
			"Red Captain + First Mate + Engineer", "Red Radio Operator"}},
		{[2]int{1, 1}, []string{"Blue Captain + First Mate + Engineer + Radio Operator",
			"Red Captain + First Mate + Engineer + Radio Operator"}},
	}
	for _, tt := range tests {
		opts, err := ParseOptions([]byte(`{"mode":"turnbased","crews":[` + itoa(tt.crews[0]) + `,` + itoa(tt.crews[1]) + `]}`))
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(opts, 1)
		if err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, s := range g.Seats() {
			labels = append(labels, s.Label)
		}
		if !slices.Equal(labels, tt.labels) {
			t.Errorf("crews %v: seats %q, want %q", tt.crews, labels, tt.labels)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestOptions(t *testing.T) {
	tests := []struct {
		in      string
		wantErr string
		check   func(Options) bool
	}{
		{``, "", func(o Options) bool { return o.Crews == [2]int{4, 4} && o.Radio == RadioOff && o.Rules.Map == "alpha" }},
		{`{"map":"bravo","mode":"turnbased","crews":[2,1]}`, "", func(o Options) bool {
			return o.Rules.Map == "bravo" && o.Rules.Mode == sonar.TurnBased && o.Crews == [2]int{2, 1}
		}},
		{`{"teaching":true}`, "", func(o Options) bool { return o.Radio == RadioHeat }},
		{`{"radio":"cells","silence_min":1}`, "", func(o Options) bool { return o.Radio == RadioCells && o.Rules.SilenceMin == 1 }},
		{`{"crews":[2,1]}`, "turn-based", nil},
		{`{"crews":[5,4]}`, "1 to 4", nil},
		{`{"radio":"psychic"}`, "off, cells or heat", nil},
		{`{"mpa":"alpha"}`, "unknown field", nil},
		{`{"map":"zulu"}`, "zulu", nil},
		{`[1,2]`, "options", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			o, err := ParseOptions([]byte(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !tt.check(o) {
				t.Fatalf("got %+v, %v", o, err)
			}
			// The flat JSON form reads back to the same options.
			b, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseOptions(b)
			if err != nil || !jsonEqual(back, o) {
				t.Fatalf("round trip %s: %+v, %v", b, back, err)
			}
		})
	}
}

func ruleCode(err error) sonar.Code {
	var re *sonar.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return ""
}

func TestWhoMayGiveWhichOrder(t *testing.T) {
	full := func() *player { return newPlayer(t, Options{Crews: [2]int{4, 4}, Radio: RadioOff}, 3) }
	small := func() *player {
		return newPlayer(t, Options{Rules: sonar.Options{Mode: sonar.TurnBased}, Crews: [2]int{2, 3}, Radio: RadioOff}, 3)
	}
	tests := []struct {
		name    string
		p       func() *player
		seat    int
		body    string
		code    sonar.Code
		message string
	}{
		{"engineer cannot steer", full, 2, `{"type":"place","cell":"A1"}`, sonar.CodeRole, "only the Captain"},
		{"radio operator cannot fire", full, 3, `{"type":"torpedo","cell":"A1"}`, sonar.CodeRole, "only the Captain"},
		{"captain cannot charge a gauge", full, 0, `{"type":"charge","system":"torpedo"}`, sonar.CodeRole, "only the First Mate"},
		{"engineer cannot launch a drone", full, 2, `{"type":"drone","sector":1}`, sonar.CodeRole, "Captain or the First Mate"},
		{"a phone cannot claim a role it does not play", full, 1, `{"type":"place","role":"captain","cell":"A1"}`, sonar.CodeRoleHeld, "not the Captain"},
		{"a phone cannot order for the other crew", full, 0, `{"type":"place","crew":"red","cell":"A1"}`, sonar.CodeWrongCrew, "blue crew"},
		{"phones do not start the match", full, 0, `{"type":"start"}`, sonar.CodeRoomStart, "host"},
		{"spectators give no orders", full, games.Spectator, `{"type":"course","dir":"N"}`, sonar.CodeSpectator, "spectators"},
		{"malformed", full, 0, `{"type":`, sonar.CodeMalformed, "malformed"},
		{"unknown field", full, 0, `{"type":"place","cell":"A1","speed":9}`, sonar.CodeMalformed, ""},
		{"combined captain still cannot be radio-less engineer of the other crew", small, 4, `{"type":"mark","panel":"N","symbol":0}`, sonar.CodeRole, "only the Engineer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p()
			before := p.g.view(games.Spectator)
			_, err := p.apply(tt.seat, tt.body)
			if err == nil || ruleCode(err) != tt.code || !strings.Contains(err.Error(), tt.message) {
				t.Fatalf("err %v (code %q), want code %q naming %q", err, ruleCode(err), tt.code, tt.message)
			}
			if !jsonEqual(before, p.g.view(games.Spectator)) {
				t.Fatal("a refused order changed the match")
			}
		})
	}
}

func TestCombinedSeatActsAsEachOfItsRoles(t *testing.T) {
	// Blue is a crew of two: seat 0 is Captain + First Mate + Engineer.
	p := newPlayer(t, Options{Rules: sonar.Options{Mode: sonar.TurnBased}, Crews: [2]int{2, 2}, Radio: RadioOff}, 11)
	must := func(seat int, body string) {
		t.Helper()
		if _, err := p.apply(seat, body); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
	}
	must(0, `{"type":"place","cell":"E5"}`)
	must(2, `{"type":"place","cell":"E7"}`)
	turn := *p.g.match.Public().Turn
	seat := map[sonar.Crew]int{sonar.Blue: 0, sonar.Red: 2}[turn]
	must(seat, `{"type":"course","dir":"EAST"}`)
	// The same phone now charges as First Mate and marks as Engineer.
	must(seat, `{"type":"charge","system":"torpedo"}`)
	must(seat, `{"type":"mark","panel":"EAST","symbol":0}`)
	own := p.g.match.Crew(turn)
	if own.Duties.FirstMate || own.Duties.Engineer || own.Gauges[1].Marks != 1 {
		t.Fatalf("duties not done: %+v", own.Duties)
	}
}

func TestRealTimeSurfacingSecuresOneSectionPerRole(t *testing.T) {
	// In a crew of two the combined seat secures three sections, as three
	// different roles, and the Radio Operator the fourth.
	p := newPlayer(t, Options{Rules: sonar.Options{Mode: sonar.RealTime}, Crews: [2]int{2, 4}, Radio: RadioOff}, 5)
	for _, step := range []struct {
		seat int
		body string
	}{
		{0, `{"type":"place","cell":"E5"}`}, {2, `{"type":"place","cell":"K11"}`},
		{0, `{"type":"surface"}`},
		{0, `{"type":"secure","section":1,"trace":[[1,1],[9,9]]}`}, {0, `{"type":"secure","section":2,"trace":[[1,1],[9,9]]}`},
		{0, `{"type":"secure","section":3,"trace":[[1,1],[9,9]]}`}, {1, `{"type":"secure","section":4,"trace":[[1,1],[9,9]]}`},
		{4, `{"type":"inspect","ok":true}`},
		{0, `{"type":"dive"}`},
	} {
		if _, err := p.apply(step.seat, step.body); err != nil {
			t.Fatalf("seat %d %s: %v", step.seat, step.body, err)
		}
	}
	if p.g.match.Crew(sonar.Blue).Surfacing != nil {
		t.Fatal("Blue should be under water again")
	}
}

// TestLobbyMarksEveryDefault: the create form is drawn from the catalogue,
// so the catalogue's words are what a host reads. Each choice names its
// default among the choices, and each advanced switch or number says its
// default in its help, so a table that changed a rule can see what it
// changed from.
func TestLobbyMarksEveryDefault(t *testing.T) {
	for _, o := range Definition.Options {
		switch o.Kind {
		case games.OptionChoice:
			marked := 0
			for _, c := range o.Choices {
				is := strings.Contains(c.Label, "default")
				if is {
					marked++
				}
				if is != (c.Value == o.Default) {
					t.Errorf("%s: choice %v reads %q, but the default is %v", o.Key, c.Value, c.Label, o.Default)
				}
			}
			if marked != 1 {
				t.Errorf("%s: %d choices marked as the default", o.Key, marked)
			}
		case games.OptionBool:
			if want := "Off by default"; o.Advanced && (o.Default != false || !strings.HasPrefix(o.Help, want)) {
				t.Errorf("%s: default %v, help %q: want it to start %q", o.Key, o.Default, o.Help, want)
			}
		case games.OptionInt:
			if want := fmt.Sprintf("%v by default", o.Default); o.Advanced && !strings.HasPrefix(o.Help, want) {
				t.Errorf("%s: help %q, want it to start %q", o.Key, o.Help, want)
			}
		}
	}
}

// TestRejectedSectionIsRetracedByItsTracer plays a real-time surfacing from
// the phones of a crew of two (seat 0: Captain + First Mate + Engineer,
// seat 1: Radio Operator): the Engineer's phone must trace first, the
// enemy Engineer rejects the section the First Mate traced, only the phone
// that holds the First Mate redraws it (without naming the role), and the
// refusals change nothing.
func TestRejectedSectionIsRetracedByItsTracer(t *testing.T) {
	p := newPlayer(t, Options{Crews: [2]int{2, 4}, Radio: RadioOff}, 5)
	const trace = `"trace":[[40,90],[95,40],[260,40]]`
	step := func(seat int, body string, code sonar.Code, words string) {
		t.Helper()
		before := p.g.view(seat)
		_, err := p.apply(seat, body)
		switch {
		case code == "" && err != nil:
			t.Fatalf("seat %d %s: %v", seat, body, err)
		case code != "" && (ruleCode(err) != code || !strings.Contains(fmt.Sprint(err), words)):
			t.Fatalf("seat %d %s: %v (code %q), want %s naming %q", seat, body, err, ruleCode(err), code, words)
		case code != "" && !jsonEqual(before, p.g.view(seat)):
			t.Fatalf("seat %d %s: a refused order changed the match", seat, body)
		}
	}
	step(0, `{"type":"place","cell":"E5"}`, "", "")
	step(2, `{"type":"place","cell":"K11"}`, "", "")
	step(0, `{"type":"surface"}`, "", "")
	step(1, `{"type":"secure","section":1,`+trace+`}`, sonar.CodeEngineerStarts, "the Engineer traces the first section")
	step(0, `{"type":"secure","section":1,`+trace+`}`, "", "") // as the Engineer, though the Captain is the seat's first role
	step(0, `{"type":"secure","section":2,`+trace+`}`, "", "") // as the Captain
	step(0, `{"type":"secure","section":3,`+trace+`}`, "", "") // as the First Mate
	step(1, `{"type":"secure","section":4,`+trace+`}`, "", "")
	sf := p.g.match.Crew(sonar.Blue).Surfacing
	if got := []sonar.Role{*sf.Sections[0], *sf.Sections[1], *sf.Sections[2], *sf.Sections[3]}; !slices.Equal(got, []sonar.Role{sonar.Engineer, sonar.Captain, sonar.FirstMate, sonar.RadioOperator}) {
		t.Fatalf("sections secured by %v", got)
	}
	// Red's Engineer (seat 4) sees the four lines and rejects section 3.
	if in := p.g.view(4).Own.Inspect; in == nil || in.Sections[2].Role != sonar.FirstMate || len(in.Sections[2].Trace) != 3 {
		t.Fatalf("Red's Engineer judges %+v", in)
	}
	step(4, `{"type":"inspect","ok":false}`, sonar.CodeRejectSection, "name the section")
	step(4, `{"type":"inspect","ok":false,"section":3}`, "", "")
	if v := p.g.view(0).Own.Surfacing; v.Redo[2] == nil || *v.Redo[2] != sonar.FirstMate || v.Sections[2] != nil || v.InspectBy != nil {
		t.Fatalf("after the rejection %+v", v)
	}
	if p.g.view(4).Own.Inspect != nil {
		t.Fatal("the enemy Engineer still judges a sheet with a section being redrawn")
	}
	step(1, `{"type":"secure","section":3,`+trace+`}`, sonar.CodeRedoByTracer, "the First Mate who traced it traces it again")
	step(4, `{"type":"inspect","ok":true}`, sonar.CodeNoInspection, "no enemy sheet to inspect")
	step(0, `{"type":"dive"}`, sonar.CodeNotInspected, "pass the enemy Engineer's inspection first")
	step(0, `{"type":"secure","section":3,`+trace+`}`, "", "") // the seat's First Mate, found by the section
	step(4, `{"type":"inspect","ok":true}`, "", "")
	step(0, `{"type":"dive"}`, "", "")
	if p.g.match.Crew(sonar.Blue).Surfacing != nil {
		t.Fatal("Blue should be under water again")
	}
}
