package sonar

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// alphaTurn is a valid turn-based position on Alpha (10x10: islands at D1,
// H2, C4, H4, E6, G7, D9, H9), Blue to play.
const alphaTurn = `{
  "options": {"map": "alpha", "mode": "turnbased"},
  "turn": "blue",
  "blue": {"route": ["A1", "A2", "B2", "B3"], "damage": 1,
           "gauges": {"torpedo": 3, "silence": 2},
           "breakdowns": {"west": [3], "north": [0, 5]},
           "mines": ["C2"]},
  "red": {"route": ["J10", "J9", "I9"], "mines": ["J8", "I10"]}
}`

// edit returns alphaTurn with one JSON path replaced: path is a list of
// keys, v the new value (nil deletes).
func edit(t *testing.T, v any, path ...string) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(alphaTurn), &doc); err != nil {
		t.Fatal(err)
	}
	at := doc
	for _, k := range path[:len(path)-1] {
		next, ok := at[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			at[k] = next
		}
		at = next
	}
	if v == nil {
		delete(at, path[len(path)-1])
	} else {
		at[path[len(path)-1]] = v
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPositionRefusals(t *testing.T) {
	cases := []struct {
		name, code, want string
		doc              []byte
	}{
		{"not json", "position_malformed", "not a position", []byte(`{"turn":`)},
		{"unknown field", "position_malformed", "unknown field", []byte(`{"options":{},"blue":{"route":["A1"]},"red":{"route":["J1"]},"speed":3}`)},
		{"trailing data", "position_malformed", "after the JSON", []byte(alphaTurn + `{}`)},
		{"too long", "position_malformed", "too long", []byte(`{"x":"` + strings.Repeat("a", maxPosition) + `"}`)},
		{"no options", "position_options_missing", "gives its options", edit(t, nil, "options")},
		{"bad options", "position_options", "mine adjacency", edit(t, 5.0, "options", "mine_adjacency")},
		{"nested position", "position_nested", "no other position", edit(t, map[string]any{"blue": map[string]any{"route": []string{"A1"}}, "red": map[string]any{"route": []string{"A2"}}}, "options", "position")},
		{"no turn", "turn_missing", "whose turn", edit(t, nil, "turn")},
		{"turn in real time", "turn_in_real_time", "no turn", edit(t, "realtime", "options", "mode")},
		{"empty route", "route_missing", "blue's route is empty", edit(t, []string{}, "blue", "route")},
		{"route off map", "route_off_map", "K1", edit(t, []string{"J1", "K1"}, "red", "route")},
		{"route through an island", "route_island", "island C4", edit(t, []string{"C3", "C4", "C5"}, "blue", "route")},
		{"route jumps", "route_gap", "from A1 to A3", edit(t, []string{"A1", "A3"}, "blue", "route")},
		{"route diagonal", "route_gap", "from A1 to B2", edit(t, []string{"A1", "B2"}, "blue", "route")},
		{"route crosses itself", "route_crossed", "crosses itself at A1", edit(t, []string{"A1", "A2", "B2", "B1", "A1"}, "blue", "route")},
		{"damage of 5", "damage_range", "5 damage", edit(t, 5.0, "blue", "damage")},
		{"damage of 4", "damage_range", "4 sinks it", edit(t, 4.0, "red", "damage")},
		{"negative damage", "damage_range", "-1 damage", edit(t, -1.0, "red", "damage")},
		{"gauge above its size", "gauge_over", "torpedo gauge shows 4 marks: it has 3 spaces", edit(t, 4.0, "blue", "gauges", "torpedo")},
		{"silence gauge above 6", "gauge_over", "7 marks", edit(t, 7.0, "blue", "gauges", "silence")},
		{"negative gauge", "gauge_over", "-1 marks", edit(t, -1.0, "red", "gauges", "drone")},
		{"scenario gauge off Echo", "gauge_unknown", "no scenario gauge", edit(t, 1.0, "red", "gauges", "scenario")},
		{"unknown system", "position_malformed", "not a system", edit(t, 1.0, "red", "gauges", "laser")},
		{"symbol 6", "breakdown_symbol", "not 6", edit(t, []int{6}, "red", "breakdowns", "east")},
		{"symbol twice", "breakdown_twice", "twice", edit(t, []int{1, 1}, "red", "breakdowns", "east")},
		{"full panel", "breakdown_overload", "WEST panel is fully crossed out", edit(t, []int{0, 1, 2, 3, 4, 5}, "red", "breakdowns", "west")},
		{"full reactor", "breakdown_overload", "reactor", edit(t, map[string]any{"west": []int{4, 5}, "north": []int{5}, "south": []int{4}, "east": []int{3, 5}}, "red", "breakdowns")},
		{"complete circuit", "breakdown_circuit", "yellow circuit is complete", edit(t, map[string]any{"west": []int{0, 1, 2}, "east": []int{2}}, "red", "breakdowns")},
		{"mine on the route", "mine_on_route", "mine at J9 is on its route", edit(t, []string{"J9"}, "red", "mines")},
		{"mine on an island", "mine_island", "H9 is on an island", edit(t, []string{"H9"}, "red", "mines")},
		{"mine off the map", "mine_off_map", "off the map", edit(t, []string{"K9"}, "red", "mines")},
		{"two mines in a cell", "mine_twice", "two mines at J8", edit(t, []string{"J8", "J8"}, "red", "mines")},
		{"archer off Echo", "archer_not_printed", "no Archer mine", edit(t, []string{"A1"}, "archer_spent")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePosition(c.doc)
			var pe *PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("%s: got %v, want a *PositionError %s", c.doc, err, c.code)
			}
			if pe.Code != c.code || !strings.Contains(pe.Message, c.want) {
				t.Errorf("refused with %s %q, want %s containing %q", pe.Code, pe.Message, c.code, c.want)
			}
		})
	}
}

// fromPosition builds and starts a match from a position document.
func fromPosition(t *testing.T, doc string) *Match {
	t.Helper()
	p, err := ParsePosition([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	m, err := FromPosition(p, 7)
	if err != nil {
		t.Fatal(err)
	}
	do(t, m, `{"type":"start"}`)
	return m
}

func TestPositionBuildsTheMatch(t *testing.T) {
	m := fromPosition(t, alphaTurn)
	b := m.Crew(Blue)
	if b.Position == nil || *b.Position != cell(t, "B3") || len(b.Route) != 4 || b.Damage != 1 {
		t.Fatalf("blue view %+v", b)
	}
	if m.turn != Blue || !m.playing() || m.crews[Red].pos != cell(t, "I9") {
		t.Fatalf("turn %s, red at %s", m.turn, m.crews[Red].pos)
	}
	refused(t, m, CodeAlreadyPlaced, "already dived", `{"type":"place","crew":"blue","role":"captain","cell":"E5"}`)
	refused(t, m, CodeTurn, "BLUE", `{"type":"course","crew":"red","role":"captain","dir":"north"}`)
	// The breakdown on north symbol 0 (yellow) keeps silence off.
	if !m.crews[Blue].sheet.broken(YellowSymbol) {
		t.Error("the north panel's yellow breakdown was lost")
	}
}

// A match described mid-play and rebuilt from the description plays on
// exactly like the original.
func TestPositionRoundTrip(t *testing.T) {
	opts := Options{Map: "alpha", Mode: TurnBased}
	m := placed(t, opts, "A1", "J10")
	for range 3 {
		turn := m.turn
		dir := "east"
		if turn == Red {
			dir = "west"
		}
		walk(t, m, turn, dir)
		do(t, m, `{"type":"end_turn","crew":%q,"role":"captain"}`, turn)
	}
	p, err := m.Position()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParsePosition(doc)
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	rebuilt, err := FromPosition(back, 99)
	if err != nil {
		t.Fatal(err)
	}
	do(t, rebuilt, `{"type":"start"}`)
	for _, c := range Crews {
		got, want := rebuilt.Crew(c), m.Crew(c)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s rebuilt\n%+v\nwant\n%+v", c, got, want)
		}
	}
	turn, dir := m.turn, "south"
	if turn == Red {
		dir = "north"
	}
	e1 := walk(t, m, turn, dir)
	e2 := walk(t, rebuilt, turn, dir)
	if !reflect.DeepEqual(texts(e1), texts(e2)) {
		t.Errorf("the rebuilt match answers %q, the original %q", texts(e2), texts(e1))
	}
	again, err := rebuilt.Position()
	if err == nil {
		t.Errorf("a turn under way described as %+v", again)
	}
}

// A room passes the position as its "position" option, as an object or as
// text; the options round-trip through JSON (the room stores them) to the
// same match.
func TestPositionAsOption(t *testing.T) {
	var doc map[string]json.RawMessage
	json.Unmarshal([]byte(alphaTurn), &doc)
	delete(doc, "options")
	pos, _ := json.Marshal(doc)
	text, _ := json.Marshal(string(pos))
	for _, form := range [][]byte{pos, text} {
		raw := []byte(`{"map":"alpha","mode":"turnbased","position":` + string(form) + `}`)
		o, err := ParseOptions(raw)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		stored, _ := json.Marshal(o)
		o2, err := ParseOptions(stored)
		if err != nil {
			t.Fatalf("stored %s: %v", stored, err)
		}
		m1, _ := New(o, 1)
		m2, _ := New(o2, 2)
		do(t, m1, `{"type":"start"}`)
		do(t, m2, `{"type":"start"}`)
		if !reflect.DeepEqual(m1.Crew(Red), m2.Crew(Red)) || !reflect.DeepEqual(m1.Public(), m2.Public()) {
			t.Errorf("stored options %s rebuild another match", stored)
		}
		// Every seat's page shows the options: they must not carry the routes.
		if m1.Options().Position != nil {
			t.Error("Match.Options tells every seat both crews' routes")
		}
	}
	bad := []byte(`{"map":"alpha","mode":"realtime","position":` + string(pos) + `}`)
	var pe *PositionError
	if _, err := ParseOptions(bad); !errors.As(err, &pe) || pe.Code != "turn_in_real_time" {
		t.Errorf("real-time options with a turn: %v", err)
	}
	nested := []byte(`{"map":"alpha","mode":"turnbased","position":` + alphaTurn + `}`)
	if _, err := ParseOptions(nested); !errors.As(err, &pe) || pe.Code != "position_nested" {
		t.Errorf("a position with its own options as an option: %v", err)
	}
}

// FuzzParsePosition: any input is refused with a *PositionError or gives a
// position that builds a match, describes itself back and parses again.
func FuzzParsePosition(f *testing.F) {
	f.Add([]byte(alphaTurn))
	f.Add([]byte(`{"options":{"map":"echo"},"blue":{"route":["A1"]},"red":{"route":["O15"]},"archer_spent":["B2"]}`))
	f.Add([]byte(`{"options":{},"blue":{"route":["A1","A2"],"breakdowns":{"south":[0,1]}},"red":{"route":["O1"],"gauges":{"silence":6}}}`))
	f.Add([]byte(`{"options":{"mode":"turnbased"},"turn":"red","blue":{"route":[]},"red":{}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParsePosition(b)
		if err != nil {
			var pe *PositionError
			if !errors.As(err, &pe) || pe.Code == "" || pe.Message == "" {
				t.Fatalf("%q: refusal %v without a code", b, err)
			}
			return
		}
		m, err := FromPosition(p, 1)
		if err != nil {
			t.Fatalf("%q validated but builds no match: %v", b, err)
		}
		if _, err := m.Apply(Command{Type: TypeStart}); err != nil {
			t.Fatal(err)
		}
		q, err := m.Position()
		if err != nil {
			t.Fatalf("%q: a fresh position cannot be described: %v", b, err)
		}
		doc, _ := json.Marshal(q)
		if _, err := ParsePosition(doc); err != nil {
			t.Fatalf("%s does not parse back: %v", doc, err)
		}
	})
}
