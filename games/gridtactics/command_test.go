package gridtactics

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"periscope/games"
)

func TestDecode(t *testing.T) {
	cases := []struct {
		name string
		body string
		want Command
		err  string
	}{
		{"move", `{"type":"move","unit":"C3","to":"C4"}`, Command{Type: TypeMove, Unit: "C3", To: "C4"}, ""},
		{"type in capitals", `{"type":" MOVE ","unit":"C3","to":"C4"}`, Command{Type: TypeMove, Unit: "C3", To: "C4"}, ""},
		{"tank without a move", `{"type":"tank","unit":"T1","target":"C4"}`, Command{Type: TypeTank, Unit: "T1", Target: "C4"}, ""},
		{"artillery move only", `{"type":"artillery","unit":"AR1","to":"C4"}`, Command{Type: TypeArtillery, Unit: "AR1", To: "C4"}, ""},
		{"setup", `{"type":"setup","place":{"A1":"tank"}}`, Command{Type: TypeSetup, Place: map[string]string{"A1": "tank"}}, ""},
		{"end turn", `{"type":"end_turn"}`, Command{Type: TypeEndTurn}, ""},
		{"a log written before snake_case", `{"type":"decline-second"}`, Command{Type: TypeDeclineSecond}, ""},
		{"no type", `{}`, Command{}, `the command has no "type"`},
		{"null", `null`, Command{}, `the command has no "type"`},
		{"unknown type", `{"type":"fly"}`, Command{}, `"fly" is not a command: use artillery, attack, decline_second, end_turn, move, second_attack, setup, tank`},
		{"missing field", `{"type":"move","unit":"C3"}`, Command{}, `move needs "to"`},
		{"empty setup", `{"type":"setup","place":{}}`, Command{}, `setup needs "place"`},
		{"extra field", `{"type":"end_turn","unit":"C3"}`, Command{}, `end_turn does not take "unit"`},
		{"soldier attack with a move", `{"type":"attack","unit":"C3","to":"C4","target":"C5"}`, Command{}, `attack does not take "to"`},
		{"artillery doing nothing", `{"type":"artillery","unit":"C3"}`, Command{}, `artillery needs "to", "target" or both`},
		{"wrong type of field", `{"type":"move","unit":3,"to":"C4"}`, Command{}, `"unit" has the wrong type`},
		{"unknown field", `{"type":"end_turn","hack":true}`, Command{}, `unreadable command`},
		{"not JSON", `end turn please`, Command{}, `unreadable command`},
		{"an array", `[]`, Command{}, `unreadable command`},
		{"two objects", `{"type":"end_turn"} {"type":"end_turn"}`, Command{}, `unexpected data after the JSON object`},
		{"trailing brace", `{"type":"end_turn"}}`, Command{}, `unexpected data after the JSON object`},
		{"too long", `{"type":"end_turn","unit":"` + strings.Repeat("x", maxBody) + `"}`, Command{}, `the command is too long`},
		{"long type is cut short", `{"type":"` + strings.Repeat("y", 100) + `"}`, Command{}, `"yyyyyyyyyyyyyyyy"... is not a command`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Decode([]byte(tc.body))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v; want %q", err, tc.err)
				}
				if rule := games.RuleOf(err); rule != "malformed" {
					t.Fatalf("rule %q; want malformed", rule)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("decoded %+v; want %+v", got, tc.want)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"move","unit":"C3","to":"C4"}`,
		`{"type":"setup","place":{"A1":"tank","B1":"soldier"}}`,
		`{"type":"artillery","unit":"AR1","to":"C4","target":"C6"}`,
		`{"type":"tank","unit":"t2","target":"c4"}`,
		`{"type":"second_attack"}`,
		`{"type":"end_turn","unit":3}`,
		`{"type":"move","unit":"\u0000","to":"\ud800"}`,
		`[{"type":"move"}]`,
		`{"type":"setup","place":{"A1":null}}`,
		"\xff\xfe{",
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := Decode(body)
		if err != nil {
			if err.Error() == "" || games.RuleOf(err) != "malformed" {
				t.Fatalf("refusal %q with rule %q; want a message and malformed", err, games.RuleOf(err))
			}
			return
		}
		if _, ok := fields[c.Type]; !ok {
			t.Fatalf("accepted unknown type %q", c.Type)
		}
		again, err := Decode(c.Encode())
		if err != nil {
			t.Fatalf("re-decoding %s: %v", c.Encode(), err)
		}
		if !reflect.DeepEqual(again, c) {
			t.Fatalf("round trip changed %+v into %+v", c, again)
		}
	})
}

func TestParseOptions(t *testing.T) {
	cases := []struct {
		name string
		json string
		want Options
		err  string
	}{
		{"nil", ``, Options{}, ""},
		{"null", `null`, Options{}, ""},
		{"empty", `{}`, Options{}, ""},
		{"all", `{"small_board":true,"hidden_setup":true,"time_limit":true}`, Options{SmallBoard: true, HiddenSetup: true, TimeLimit: true}, ""},
		{"one", `{"hidden_setup":true}`, Options{HiddenSetup: true}, ""},
		{"the lobby's defaults", `{"small_board":false,"hidden_setup":false,"time_limit":false}`, Options{}, ""},
		{"rooms created before snake_case", `{"smallBoard":true,"timeLimit":true}`, Options{SmallBoard: true, TimeLimit: true}, ""},
		{"typo", `{"hidden":true}`, Options{}, `options: not valid JSON here (json: unknown field "hidden")`},
		{"wrong type", `{"time_limit":"15"}`, Options{}, `options: "time_limit" has the wrong type`},
		{"garbage", `{"time_limit":`, Options{}, `options: not valid JSON here`},
		{"too long", `{"x":"` + strings.Repeat("x", maxBody) + `"}`, Options{}, `the options are too long`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseOptions(json.RawMessage(tc.json))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v; want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
			if _, err := Definition.New(json.RawMessage(tc.json), 1); err != nil {
				t.Fatalf("Definition.New refused good options: %v", err)
			}
		})
	}
	if _, err := Definition.New(json.RawMessage(`{"board":6}`), 1); err == nil {
		t.Fatal("Definition.New accepted unknown options")
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{``, `null`, `{}`, `{"small_board":true}`, `{"time_limit":1}`, `{"hidden_setup":true}{}`, `{"smallBoard":true}`, `"x"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ParseOptions(data)
		if err != nil {
			return
		}
		b, _ := json.Marshal(o)
		again, err := ParseOptions(b)
		if err != nil || again != o {
			t.Fatalf("options %+v did not survive a round trip: %+v, %v", o, again, err)
		}
		if s := o.size(); s != 6 && s != 8 {
			t.Fatalf("board size %d", s)
		}
	})
}

// The catalogue's options are exactly the fields of Options, under the
// same keys, with the defaults the game uses when a key is absent.
func TestCatalogueOptions(t *testing.T) {
	d := Definition
	if d.MinPlayers != 1 || d.MaxPlayers != 2 || d.Page != "/tactics.html" || !d.Bots || d.Summary == "" || len(d.House) == 0 {
		t.Fatalf("catalogue entry %+v", d)
	}
	var fields map[string]any
	standard := Options{}
	b, _ := json.Marshal(Options{BotLevel: games.BotVeteran})
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	defaults := map[string]any{}
	for _, o := range d.Options {
		if o.Label == "" || o.Help == "" {
			t.Errorf("option %+v: want a label and help", o)
		}
		if _, ok := fields[o.Key]; !ok {
			t.Errorf("option %q is not a field of Options %s", o.Key, b)
		}
		defaults[o.Key] = o.Default
		values := []any{true}
		switch o.Kind {
		case games.OptionBool:
		case games.OptionChoice:
			values = nil
			for _, c := range o.Choices {
				values = append(values, c.Value)
			}
		default:
			t.Errorf("option %q: want a bool or a choice", o.Key)
		}
		for _, v := range values {
			one, _ := json.Marshal(map[string]any{o.Key: v})
			got, err := ParseOptions(one)
			if err != nil || (v != o.Default && got == standard) {
				t.Errorf("%s gives %+v, %v; want that option set", one, got, err)
			}
		}
	}
	if len(defaults) != len(fields) {
		t.Errorf("the catalogue offers %d options, Options has %d fields", len(defaults), len(fields))
	}
	all, _ := json.Marshal(defaults)
	if got, err := ParseOptions(all); err != nil || got != standard {
		t.Errorf("the catalogue's defaults %s give %+v, %v; want the standard game", all, got, err)
	}
}
