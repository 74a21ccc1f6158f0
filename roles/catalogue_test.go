package roles

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
)

// The room sends a refusal's rule code next to its sentence.
var _ games.Ruled = (*sonar.RuleError)(nil)

// TestCatalogueOptionsAreTheGamesOptions checks the lobby's catalogue
// against ParseOptions: every option is a key the game reads, its default
// is what the game uses when the key is left out, and every choice and the
// ends of every range are accepted.
func TestCatalogueOptionsAreTheGamesOptions(t *testing.T) {
	d := Definition
	if d.Summary == "" || d.MinPlayers != 1 || !d.Bots || d.MaxPlayers != 8 || d.Page != "/sonar.html" {
		t.Fatalf("definition %+v", d)
	}
	defaults, err := ParseOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	keys := map[string]bool{}
	for _, o := range d.Options {
		if !snake.MatchString(o.Key) || keys[o.Key] {
			t.Errorf("option key %q is not a new snake_case key", o.Key)
		}
		keys[o.Key] = true
		if o.Label == "" {
			t.Errorf("%s has no label", o.Key)
		}
		// The default is what the game uses without the key.
		withDefault, err := ParseOptions(mustJSON(t, map[string]any{o.Key: o.Default}))
		if err != nil {
			t.Errorf("%s: default %v refused: %v", o.Key, o.Default, err)
		} else if !jsonEqual(withDefault, defaults) {
			t.Errorf("%s: default %v gives %+v, not the defaults %+v", o.Key, o.Default, withDefault, defaults)
		}
		var values []any
		switch o.Kind {
		case games.OptionChoice:
			if len(o.Choices) < 2 {
				t.Errorf("%s: a choice of %d", o.Key, len(o.Choices))
			}
			found := false
			for _, c := range o.Choices {
				values = append(values, c.Value)
				found = found || c.Value == o.Default
			}
			if !found {
				t.Errorf("%s: default %v is not a choice", o.Key, o.Default)
			}
		case games.OptionBool:
			values = []any{true, false}
		case games.OptionInt:
			values = []any{o.Min, o.Max}
			if _, err := ParseOptions(mustJSON(t, map[string]any{o.Key: o.Max + 1})); err == nil {
				t.Errorf("%s: %d accepted past the max", o.Key, o.Max+1)
			}
		default:
			t.Errorf("%s: kind %q", o.Key, o.Kind)
		}
		for _, v := range values {
			in := map[string]any{o.Key: v, "mode": "turnbased"}
			if o.Key == "mode" {
				delete(in, "mode")
				in["mode"] = v
			}
			if o.Key == "scenario_gauge" && v != 0 {
				in["map"] = "echo"
			}
			if _, err := ParseOptions(mustJSON(t, in)); err != nil {
				t.Errorf("%s = %v refused: %v", o.Key, v, err)
			}
		}
	}
	// Every open rule of the engine is in the catalogue (ice holes are a
	// list the lobby cannot offer; the map's help says so).
	var rules map[string]any
	json.Unmarshal(mustJSON(t, sonar.Options{MineAdjacency: 8, TorpedoRange: "water", InspectionSeconds: 1, InspectionRejections: 1,
		SilenceMin: 1, TriggerIsSystem: true, TriggerOwnTurn: true, SurfaceOrder: "sheet", DamageBeforeRepair: true, ScenarioGauge: 4, Map: "x"}), &rules)
	for k := range rules {
		if !keys[k] {
			t.Errorf("engine option %q is not in the lobby's catalogue", k)
		}
	}
	for _, k := range []string{"blue_crew", "red_crew", "radio", "teaching"} {
		if !keys[k] {
			t.Errorf("table option %q missing", k)
		}
	}
	if !strings.Contains(d.Options[0].Help, "ice") {
		t.Error("the map option does not say Delta plays without its ice rule")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSeatingOptions(t *testing.T) {
	tests := []struct {
		in    string
		crews [2]int
		radio string
		err   string
	}{
		{`{"mode":"turnbased","blue_crew":3,"red_crew":1}`, [2]int{3, 1}, RadioOff, ""},
		{`{"red_crew":2}`, [2]int{4, 2}, RadioOff, ""},
		{`{"crews":[3,3],"radio":"auto","teaching":true}`, [2]int{3, 3}, RadioHeat, ""},
		{`{"radio":"auto"}`, [2]int{4, 4}, RadioOff, ""},
		{`{"crews":[3,3],"blue_crew":3}`, [2]int{}, "", "not both"},
		{`{"blue_crew":0}`, [2]int{}, "", "1 to 4"},
		{`{"blue_crew":"4"}`, [2]int{}, "", "blue_crew"},
	}
	for _, tt := range tests {
		o, err := ParseOptions([]byte(tt.in))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || o.Crews != tt.crews || o.Radio != tt.radio {
			t.Errorf("%s: %+v %v", tt.in, o, err)
		}
	}
}

// TestRefusalsCarryOneCodePerRule: refusals from the seat layer and the
// engine name their rule, and different rules have different codes.
func TestRefusalsCarryOneCodePerRule(t *testing.T) {
	p := newPlayer(t, Options{Crews: [2]int{4, 4}, Radio: RadioOff}, 3)
	for _, step := range []struct {
		seat int
		body string
		code sonar.Code
		text string
	}{
		{0, `{"type":"place","cell":"B7"}`, sonar.CodeIsland, "B7 is an island: a submarine starts on water"},
		{0, `{"type":"place","cell":"E5"}`, "", ""},
		{4, `{"type":"place","cell":"K11"}`, "", ""},
		{0, `{"type":"course","dir":"NORTH"}`, "", ""},
		{0, `{"type":"course","dir":"NORTH"}`, sonar.CodeAwaitingOK, "wait for the OK"},
		{2, `{"type":"mark","panel":"EAST","symbol":0}`, sonar.CodeWrongPanel, "the course was NORTH"},
		{1, `{"type":"charge","system":"torpedo"}`, "", ""},
		{1, `{"type":"charge","system":"torpedo"}`, sonar.CodeNoChargeDue, "mark one gauge after each course"},
		{2, `{"type":"mark","panel":"NORTH","symbol":0}`, "", ""},
		{0, `{"type":"course","dir":"SOUTH"}`, sonar.CodeRoute, "E5 is on your route"},
		{0, `{"type":"torpedo","cell":"E3"}`, sonar.CodeNotReady, "TORPEDO is not ready"},
		{3, `{"type":"course","dir":"NORTH"}`, sonar.CodeRole, "only the Captain"},
		{0, `{"type":"tick"}`, sonar.CodeRoomStart, "keeps its time"},
	} {
		_, err := p.apply(step.seat, step.body)
		if step.code == "" {
			if err != nil {
				t.Fatalf("%s: %v", step.body, err)
			}
			continue
		}
		var re *sonar.RuleError
		if !errors.As(err, &re) || re.RuleCode() != string(step.code) || !strings.Contains(re.Message, step.text) {
			t.Errorf("%s: %v (%T), want %s %q", step.body, err, err, step.code, step.text)
		}
	}
}

// TestInspectionTimerIsTheRoomsClock: the game tells the room when the
// enemy Engineer's time is up, and the room's tick passes the sheet.
func TestInspectionTimerIsTheRoomsClock(t *testing.T) {
	p := newPlayer(t, Options{Rules: sonar.Options{InspectionSeconds: 20}, Crews: [2]int{4, 4}, Radio: RadioOff}, 3)
	var g games.Game = p.g
	clocked, ok := g.(games.Clocked)
	if !ok {
		t.Fatal("Captain Sonar is not Clocked")
	}
	for _, step := range []struct {
		seat int
		body string
	}{
		{0, `{"type":"place","cell":"E5"}`}, {4, `{"type":"place","cell":"K11"}`},
		{0, `{"type":"surface"}`},
		{2, `{"type":"secure","section":1,"trace":[[40,90],[95,40]]}`},
		{0, `{"type":"secure","section":2,"trace":[[40,90],[95,40]]}`},
		{1, `{"type":"secure","section":3,"trace":[[40,90],[95,40]]}`},
		{3, `{"type":"secure","section":4,"trace":[[40,90],[95,40]]}`},
	} {
		if _, err := p.apply(step.seat, step.body); err != nil {
			t.Fatalf("%s: %v", step.body, err)
		}
	}
	at, ok := clocked.Deadline()
	if !ok || !at.Equal(p.now.Add(20*time.Second)) {
		t.Fatalf("deadline %v %v, want 20 s after the fourth section (%v)", at, ok, p.now)
	}
	if v := p.g.view(6); v.Own.Inspect == nil || len(v.Own.Inspect.Sections[0].Trace) != 2 {
		t.Fatalf("Red's Engineer sees no traced sheet: %+v", v.Own.Inspect)
	}
	if v := p.g.view(5); v.Own.Inspect == nil {
		t.Fatal("the traced sheet is the crew's: every Red phone may show it")
	}
	_, err := p.g.Apply(games.Command{Seat: games.System, Body: games.TickBody, Time: at.Add(-time.Second)})
	if re := (*sonar.RuleError)(nil); !errors.As(err, &re) || re.Code != sonar.CodeNotDue {
		t.Fatalf("early tick: %v", err)
	}
	evs, err := p.g.Apply(games.Command{Seat: games.System, Body: games.TickBody, Time: at})
	if err != nil || len(evs) != 1 || !strings.Contains(evs[0].Text, "TIME IS UP") {
		t.Fatalf("tick: %v %v", evs, err)
	}
	if _, ok := clocked.Deadline(); ok {
		t.Error("a deadline after the sheet passed")
	}
	if _, err := p.apply(0, `{"type":"dive"}`); err != nil {
		t.Fatal(err)
	}
}

// TestViewsStayTheSameSizeAsTheMatchGoesOn: a view holds state, not the
// log, so the hundredth order's view is no bigger than the tenth's (the
// log travels as events).
func TestViewsStayTheSameSizeAsTheMatchGoesOn(t *testing.T) {
	p := newPlayer(t, Options{Rules: sonar.Options{Mode: sonar.TurnBased}, Crews: [2]int{4, 4}, Radio: RadioHeat, Teaching: true}, 11)
	largest := map[int]int{}
	var early map[int]int
	p.play(400, func() {
		if p.g.Outcome() != nil {
			return
		}
		for seat := -1; seat < len(p.g.seats); seat++ {
			n := len(mustJSON(t, p.g.View(seat)))
			largest[seat] = max(largest[seat], n)
		}
		if len(p.log) == 40 {
			early = map[int]int{}
			for k, v := range largest {
				early[k] = v
			}
		}
	})
	if early == nil || len(p.log) < 120 {
		t.Skipf("the match ended after %d orders", len(p.log))
	}
	for seat, n := range largest {
		// Routes, mines and the tracker's cells vary; a log would grow
		// without bound. Allow the route's growth, not the log's.
		if limit := early[seat] + 3000; n > limit {
			t.Errorf("seat %d: view grew from %d to %d bytes over %d orders", seat, early[seat], n, len(p.log))
		}
	}
	t.Logf("largest views after %d orders: %v", len(p.log), largest)
}
