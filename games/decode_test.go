package games

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type sample struct {
	Type  string   `json:"type"`
	N     int      `json:"n,omitempty"`
	Names []string `json:"names,omitempty"`
}

func TestDecodeStrict(t *testing.T) {
	cases := []struct {
		name string
		body string
		want sample
		err  string // the whole message; "" for none
	}{
		{"object", `{"type":"go","n":2,"names":["a"]}`, sample{Type: "go", N: 2, Names: []string{"a"}}, ""},
		{"spaces around", " \n{\"type\":\"go\"}\t ", sample{Type: "go"}, ""},
		{"null leaves it", `null`, sample{}, ""},
		{"unknown field", `{"type":"go","hack":1}`, sample{}, `not valid JSON here (json: unknown field "hack")`},
		{"wrong type", `{"n":"2"}`, sample{}, `"n" has the wrong type`},
		{"wrong type in a list", `{"names":[1]}`, sample{}, `"names" has the wrong type`},
		{"an array", `[]`, sample{}, `not valid JSON here (an object is expected, not array)`},
		{"a string", `"go"`, sample{}, `not valid JSON here (an object is expected, not string)`},
		{"not JSON", `go now`, sample{}, `not valid JSON here (invalid character 'g' looking for beginning of value)`},
		{"cut short", `{"type":`, sample{}, `not valid JSON here (unexpected EOF)`},
		{"empty", ``, sample{}, `not valid JSON here (EOF)`},
		{"two objects", `{"type":"go"} {}`, sample{}, `unexpected data after the JSON object`},
		{"trailing brace", `{"type":"go"}}`, sample{}, `unexpected data after the JSON object`},
		{"a key twice", `{"type":"pass","type":"concede"}`, sample{}, `the key "type" is given twice`},
		{"a key twice, same value", `{"n":1,"type":"go","n":1}`, sample{}, `the key "n" is given twice`},
		{"a key twice in another case", `{"type":"pass","Type":"concede"}`, sample{}, `the keys "type" and "Type" are the same key given twice`},
		{"a key twice, folded", `{"NAMES":[],"names":["a"]}`, sample{}, `the keys "NAMES" and "names" are the same key given twice`},
		{"an empty key twice", `{"":1,"":2}`, sample{}, `the key "" is given twice`},
		{"a key twice, cut short", `{"n":1,"n":`, sample{}, `the key "n" is given twice`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got sample
			err := DecodeStrict([]byte(tc.body), &got)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v; want %q", err, tc.err)
				}
				if RuleOf(err) != "malformed" {
					t.Fatalf("rule %q; want malformed", RuleOf(err))
				}
				if strings.Contains(err.Error(), "games.") || strings.Contains(err.Error(), "Go ") {
					t.Fatalf("%q names a Go type", err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// A key given twice is refused at any depth of the object, and only
// within one object: two objects of a list may share their keys.
func TestDecodeStrictNested(t *testing.T) {
	cases := []struct{ name, body, err string }{
		{"in an inner object", `{"a":{"b":1,"c":{"d":2,"d":3}}}`, `the key "d" is given twice`},
		{"in an object of a list", `{"a":[{"x":1},{"x":2,"y":[],"x":3}]}`, `the key "x" is given twice`},
		{"inner keys repeat outer ones", `{"a":{"a":{"a":1}}}`, ""},
		{"objects of a list share keys", `{"a":[{"x":1},{"x":2}],"b":{"x":3}}`, ""},
		{"strings that look like keys", `{"a":"\"a\":1","b":["a","a"]}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got map[string]any
			err := DecodeStrict([]byte(tc.body), &got)
			if tc.err == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || err.Error() != tc.err || RuleOf(err) != "malformed" {
				t.Fatalf("error %v (rule %q); want malformed %q", err, RuleOf(err), tc.err)
			}
		})
	}
}

// A struct's fields are matched whatever their letter case, so two keys
// differing only in case are one field given twice; a map keeps both keys,
// so they are two (the game may have a rule of its own for them: Pocket
// Tactics refuses a square named twice in its words). Without a type every
// object counts as a struct.
func TestCheckKeysStructsAndMaps(t *testing.T) {
	type inner struct {
		X int `json:"x"`
	}
	type embedded struct {
		Deep map[string]inner `json:"deep"`
	}
	type outer struct {
		embedded
		Place map[string]string `json:"place"`
		In    *inner            `json:"in"`
		List  []inner           `json:"list"`
		Any   any               `json:"any"`
	}
	cases := []struct {
		name, body string
		v          any
		err        string
	}{
		{"a map's keys in two cases", `{"place":{"b1":"tank","B1":"soldier"}}`, &outer{}, ""},
		{"a map's key twice", `{"place":{"B1":"tank","B1":"soldier"}}`, &outer{}, `the key "B1" is given twice`},
		{"a struct's field in two cases", `{"in":{"x":1,"X":2}}`, &outer{}, `the keys "x" and "X" are the same key given twice`},
		{"in a list of structs", `{"list":[{"x":1},{"x":1,"X":2}]}`, &outer{}, `the keys "x" and "X" are the same key given twice`},
		{"through an embedded struct and a map", `{"deep":{"a":{"x":1},"A":{"X":1,"x":2}}}`, &outer{}, `the keys "X" and "x" are the same key given twice`},
		{"any keeps both cases", `{"any":{"k":1,"K":2}}`, &outer{}, ""},
		{"the outer fields in two cases", `{"Place":{},"place":{}}`, &outer{}, `the keys "Place" and "place" are the same key given twice`},
		{"no type: every object a struct", `{"place":{"b1":"tank","B1":"soldier"}}`, nil, `the keys "b1" and "B1" are the same key given twice`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckKeys([]byte(tc.body), tc.v)
			if tc.err == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || err.Error() != tc.err || RuleOf(err) != "malformed" {
				t.Fatalf("error %v (rule %q); want malformed %q", err, RuleOf(err), tc.err)
			}
		})
	}
}

// FuzzDecodeStrict: no input panics and every refusal is "malformed". An
// accepted object given again with a "type" of its own in front is refused
// if it had a type already (the key is then given twice) and read with the
// new type if it had none, so the check neither misses a repeat nor
// invents one.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{`{"type":"go","n":2}`, `{"n":2}`, `{}`, ` { "names" : ["a"] } `, `{"TYPE":"x"}`,
		`{"type":"a","type":"b"}`, `{"n":1,"N":2}`, `null`, `[]`, `{"type":"go"} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var got sample
		err := DecodeStrict(body, &got)
		if err != nil {
			if RuleOf(err) != "malformed" {
				t.Fatalf("refusal %v has rule %q", err, RuleOf(err))
			}
			return
		}
		trimmed := bytes.TrimSpace(body)
		if len(trimmed) == 0 || trimmed[0] != '{' {
			return // null
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(trimmed, &keys); err != nil {
			t.Fatalf("accepted %q that encoding/json cannot read: %v", body, err)
		}
		hasType := false
		for k := range keys {
			hasType = hasType || strings.EqualFold(k, "type")
		}
		rest := trimmed[1:]
		if len(keys) > 0 {
			rest = append([]byte(","), rest...)
		}
		again := append([]byte(`{"type":"fuzz"`), rest...)
		var got2 sample
		err = DecodeStrict(again, &got2)
		switch {
		case hasType && (err == nil || RuleOf(err) != "malformed" || !strings.Contains(err.Error(), "given twice")):
			t.Fatalf("%s gives the type twice; DecodeStrict says %v", again, err)
		case !hasType && (err != nil || got2.Type != "fuzz"):
			t.Fatalf("%s gives the type once; DecodeStrict read %+v, %v", again, got2, err)
		}
	})
}

func TestDecodeCommand(t *testing.T) {
	cases := []struct {
		name, body, err string
	}{
		{"good", `{"type":"go"}`, ""},
		{"unreadable", `{"type":"go","hack":1}`, `Unreadable command: not valid JSON here (json: unknown field "hack").`},
		{"an array", `[]`, `Unreadable command: not valid JSON here (an object is expected, not array).`},
		{"a key twice", `{"type":"go","type":"concede"}`, `Unreadable command: the key "type" is given twice.`},
		{"too long", `{"type":"` + strings.Repeat("x", MaxBody) + `"}`, `The command is too long.`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got sample
			err := DecodeCommand([]byte(tc.body), &got)
			if tc.err == "" {
				if err != nil || got.Type != "go" {
					t.Fatalf("got %+v, %v", got, err)
				}
				return
			}
			if err == nil || err.Error() != tc.err || RuleOf(err) != "malformed" {
				t.Fatalf("error %v (rule %q); want malformed %q", err, RuleOf(err), tc.err)
			}
		})
	}
}

func TestDecodeOptions(t *testing.T) {
	defaults := sample{Type: "default"}
	cases := []struct {
		name, body string
		want       sample
		err        string
	}{
		{"nil", ``, defaults, ""},
		{"blank", "  \n", defaults, ""},
		{"null", ` null `, defaults, ""},
		{"empty object", `{}`, defaults, ""},
		{"a key", `{"n":3}`, sample{Type: "default", N: 3}, ""},
		{"typo", `{"m":3}`, defaults, `options: not valid JSON here (json: unknown field "m")`},
		{"a key twice", `{"n":3,"n":4}`, defaults, `options: the key "n" is given twice`},
		{"wrong type", `{"n":true}`, defaults, `options: "n" has the wrong type`},
		{"too long", `{"type":"` + strings.Repeat("x", MaxBody) + `"}`, defaults, `the options are too long`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := defaults
			err := DecodeOptions([]byte(tc.body), &got)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v; want %q", err, tc.err)
				}
				if RuleOf(err) != "" {
					t.Fatalf("options error %v names rule %q", err, RuleOf(err))
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func TestFieldsCheck(t *testing.T) {
	order := []string{"unit", "to", "target"}
	move := Fields{Need: []string{"unit", "to"}, May: []string{"target"}}
	cases := []struct {
		name           string
		f              Fields
		present        []string
		missing, extra string
	}{
		{"all it needs", move, []string{"unit", "to"}, "", ""},
		{"and what it may take", move, []string{"unit", "to", "target"}, "", ""},
		{"a need missing", move, []string{"to"}, "unit", ""},
		{"the first need missing first", move, nil, "unit", ""},
		{"one too many", Fields{Need: []string{"unit"}}, []string{"unit", "target"}, "", "target"},
		{"the first extra in order", Fields{}, []string{"target", "to"}, "", "to"},
		{"nothing taken", Fields{}, nil, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			present := map[string]bool{}
			for _, k := range tc.present {
				present[k] = true
			}
			missing, extra := tc.f.Check(present, order)
			if missing != tc.missing || extra != tc.extra {
				t.Fatalf("Check = %q, %q; want %q, %q", missing, extra, tc.missing, tc.extra)
			}
		})
	}
}

func TestCommandNames(t *testing.T) {
	types := map[string]Fields{"start": {}, "tick": {}, "move": {}, "attack": {}, "end_turn": {}}
	cases := []struct {
		name   string
		system []string
		want   []string
	}{
		{"sorted, the room's left out", []string{"start", "tick"}, []string{"attack", "end_turn", "move"}},
		{"only start is the room's", []string{"start"}, []string{"attack", "end_turn", "move", "tick"}},
		{"none left out", nil, []string{"attack", "end_turn", "move", "start", "tick"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := CommandNames(types, tc.system...); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("CommandNames = %v; want %v", got, tc.want)
			}
		})
	}
}

func TestMustJSON(t *testing.T) {
	cases := []struct {
		name string
		v    any
		want string
	}{
		{"a command", sample{Type: "go", Names: []string{"a"}}, `{"type":"go","names":["a"]}`},
		{"empty fields left out", sample{Type: "pass"}, `{"type":"pass"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(MustJSON(tc.v)); got != tc.want {
				t.Fatalf("MustJSON = %s; want %s", got, tc.want)
			}
		})
	}
	t.Run("panics on what cannot be JSON", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Fatal("no panic")
			}
		}()
		MustJSON(func() {})
	})
}

func TestQuote(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", `""`},
		{"fly", `"fly"`},
		{`say "hi"`, `"say \"hi\""`},
		{strings.Repeat("y", 16), `"` + strings.Repeat("y", 16) + `"`},
		{strings.Repeat("y", 17), `"` + strings.Repeat("y", 16) + `"...`},
		{strings.Repeat("é", 20), `"` + strings.Repeat("é", 16) + `"...`},
	}
	for _, tc := range cases {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%q) = %s; want %s", tc.in, got, tc.want)
		}
	}
}
