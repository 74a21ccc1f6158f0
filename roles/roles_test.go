package roles

import (
	"encoding/json"
	"errors"
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
