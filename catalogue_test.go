package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

// views is every seat's view of g and the spectator's, as JSON: what a
// refused command must leave as it was.
func views(t *testing.T, g games.Game) [][]byte {
	t.Helper()
	out := [][]byte{}
	for seat := games.Spectator; seat < len(g.Seats()); seat++ {
		b, err := json.Marshal(g.View(seat))
		if err != nil {
			t.Fatalf("view of seat %d: %v", seat, err)
		}
		out = append(out, b)
	}
	return out
}

// firstBotCommand is the command of the first seat whose bot has one.
func firstBotCommand(g games.Game) (int, json.RawMessage, bool) {
	b, ok := g.(games.Botter)
	if !ok {
		return 0, nil, false
	}
	for seat := range g.Seats() {
		if body, ok := b.BotCommand(seat); ok {
			return seat, body, true
		}
	}
	return 0, nil, false
}

// A command that gives a key twice is refused, whatever the game, though
// the same command with the key once is one the seat may give: encoding/json
// would take the last value, so {"type":"pass","type":"concede"} conceded a
// Pocket Battles match. The refusal is "malformed", names the key and
// changes nothing any seat can see.
func TestEveryGameRefusesAKeyGivenTwice(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	for _, def := range catalogue() {
		t.Run(def.Name, func(t *testing.T) {
			g, err := def.New(nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(games.Command{Seat: games.System, Body: games.StartBody, Time: t0}); err != nil {
				t.Fatalf("start: %v", err)
			}
			seat, body, ok := firstBotCommand(g)
			if !ok {
				t.Fatal("no seat's bot has a command after the start")
			}
			cases := []struct {
				name string
				seat int
				body string
				key  string
			}{
				{"the type twice", seat, `{"type":"decoy",` + string(body[1:]), `"type"`},
				{"the type twice, in other letters", seat, `{"TYPE":"decoy",` + string(body[1:]), `"TYPE" and "type"`},
				{"the room's start twice", games.System, `{"type":"tick","type":"start"}`, `"type"`},
			}
			if def.Name == "battles" {
				cases = append(cases, struct {
					name string
					seat int
					body string
					key  string
				}{"a pass that concedes", 0, `{"type":"pass","type":"concede"}`, `"type"`})
			}
			before := views(t, g)
			for _, tc := range cases {
				_, err := g.Apply(games.Command{Seat: tc.seat, Body: json.RawMessage(tc.body), Time: t0.Add(time.Second), Bot: true})
				if err == nil {
					t.Fatalf("%s: %s by seat %d was accepted", tc.name, tc.body, tc.seat)
				}
				if games.RuleOf(err) != "malformed" || !strings.Contains(err.Error(), tc.key) {
					t.Fatalf("%s: %s refused with %q (rule %q); want malformed naming %s", tc.name, tc.body, err, games.RuleOf(err), tc.key)
				}
				if g.Outcome() != nil {
					t.Fatalf("%s: the match ended: %+v", tc.name, g.Outcome())
				}
				if after := views(t, g); !equalViews(before, after) {
					t.Fatalf("%s: a seat's view changed", tc.name)
				}
			}
			// The same command with its key once is taken: the refusal was
			// the repeated key's, not the move's.
			if _, err := g.Apply(games.Command{Seat: seat, Body: body, Time: t0.Add(time.Second), Bot: true}); err != nil {
				t.Fatalf("%s by seat %d, the key once: %v", body, seat, err)
			}
		})
	}
}

// FuzzEveryGameRefusesAKeyGivenTwice: whatever command an object holds,
// given again with a "type" of its own in front it is refused by every
// game, as a seat's and as the room's, with "malformed", and changes
// nothing: no game reads a repeated key by its last value.
func FuzzEveryGameRefusesAKeyGivenTwice(f *testing.F) {
	for _, s := range []string{`{"type":"concede"}`, `{"type":"pass"}`, `{"type":"start"}`, `{"type":"end_turn"}`,
		`{"type":"move","sub":"red2","path":["C1","C2"],"mine":"C1"}`, `{"type":"place_tile","at":"0,-1"}`,
		`{"type":"setup","place":{"B1":"tank","C1":"soldier"}}`, `{"Type":"bot"}`, `{"type":"course","dir":"NORTH"}`} {
		f.Add([]byte(s))
	}
	t0 := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		var keys map[string]json.RawMessage
		if len(body) > games.MaxBody || json.Unmarshal(body, &keys) != nil || keys == nil {
			return
		}
		hasType := false
		for k := range keys {
			hasType = hasType || strings.EqualFold(k, "type")
		}
		if !hasType {
			return
		}
		twice := append([]byte(`{"type":"decoy",`), bytes.TrimSpace(body)[1:]...)
		for _, def := range catalogue() {
			g, err := def.New(nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(games.Command{Seat: games.System, Body: games.StartBody, Time: t0}); err != nil {
				t.Fatalf("%s: start: %v", def.Name, err)
			}
			before := views(t, g)
			for _, seat := range []int{0, games.System} {
				_, err := g.Apply(games.Command{Seat: seat, Body: twice, Time: t0.Add(time.Second), Bot: seat >= 0})
				if err == nil || games.RuleOf(err) != "malformed" {
					t.Fatalf("%s: %s by seat %d: %v (rule %q); want malformed", def.Name, twice, seat, err, games.RuleOf(err))
				}
			}
			if g.Outcome() != nil || !equalViews(before, views(t, g)) {
				t.Fatalf("%s: %s changed the match", def.Name, twice)
			}
		}
	})
}

func equalViews(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// pocketGames must each list at least one house rule: every one of them
// has decisions of ours that change play.
var pocketGames = []string{"gridtactics", "saga", "battles", "pocketsub"}

// Every game's house rules are data (Definition.HouseRules), one source
// for the rules card's "House rules at this table" and for
// docs/rules-decisions.md: the doc holds, in the game's own section,
// exactly the block games.HouseRulesBlock prints, and no block of a game
// without rules. Each rule is well formed: a unique snake_case id, words
// for players, and an option the lobby offers with values it can take.
func TestHouseRulesAreInTheDocs(t *testing.T) {
	raw, err := os.ReadFile("docs/rules-decisions.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	names := map[string]bool{}
	for _, def := range catalogue() {
		t.Run(def.Name, func(t *testing.T) {
			if len(def.HouseRules) == 0 {
				if slices.Contains(pocketGames, def.Name) {
					t.Fatalf("%s lists no house rule (Definition.HouseRules): its decisions that change play where the rulebook is silent or unclear belong there, and in docs/rules-decisions.md", def.Title)
				}
				return
			}
			names[def.Name] = true
			for _, p := range houseRulesProblems(doc, def) {
				t.Error(p)
			}
		})
	}
	for _, m := range regexp.MustCompile(`<!-- house-rules:([a-z0-9_]+) -->`).FindAllStringSubmatch(doc, -1) {
		if !names[m[1]] {
			t.Errorf("docs/rules-decisions.md has a block of house rules for %q, a game with none in its Definition", m[1])
		}
	}
}

// houseRulesProblems compares def's house rules with doc, the text of
// docs/rules-decisions.md, and checks each rule is well formed; it lists
// what is wrong, nothing when all is well.
func houseRulesProblems(doc string, def games.Definition) []string {
	problems := ruleProblems(def)
	want := games.HouseRulesBlock(def.Name, def.HouseRules)
	open := fmt.Sprintf("<!-- house-rules:%s -->\n", def.Name)
	end := fmt.Sprintf("<!-- /house-rules:%s -->\n", def.Name)
	i, j := strings.Index(doc, open), strings.Index(doc, end)
	switch {
	case i < 0 || j < i:
		return append(problems, fmt.Sprintf("docs/rules-decisions.md has no block of %s's house rules; put this in its section:\n%s", def.Title, want))
	case strings.Count(doc, open) > 1:
		return append(problems, fmt.Sprintf("docs/rules-decisions.md has %d blocks of %s's house rules; want one", strings.Count(doc, open), def.Title))
	}
	if got := doc[i : j+len(end)]; got != want {
		problems = append(problems, fmt.Sprintf("docs/rules-decisions.md and %s's Definition.HouseRules disagree: %s\nthe block should read:\n%s", def.Title, firstDifference(got, want), want))
	}
	heading := doc[strings.LastIndex(doc[:i], "\n## ")+1:]
	heading = heading[:strings.IndexByte(heading, '\n')]
	if !strings.HasPrefix(heading, "## "+def.Title) {
		problems = append(problems, fmt.Sprintf("%s's house rules stand under %q, not in the game's own section", def.Title, heading))
	}
	return problems
}

// The check itself, on a made-up game: it finds the block that agrees,
// and names what differs in one that does not.
func TestHouseRulesProblems(t *testing.T) {
	def := games.Definition{Name: "toy", Title: "Toy Game",
		Options: []games.Option{{Key: "limit", Kind: games.OptionInt, Min: 0, Max: 9}, {Key: "mode", Kind: games.OptionChoice, Choices: []games.Choice{{Value: "a"}, {Value: "b"}}}},
		HouseRules: []games.HouseRule{
			{ID: "ties_draw", Text: "A tie is a draw."},
			{ID: "short", Text: "Play ends after the limit.", Option: "limit", Values: []any{3, 5}},
		}}
	good := "# Rules\n\n## Other\n\ntext\n\n## Toy Game (house)\n\nWhy.\n\n" + games.HouseRulesBlock("toy", def.HouseRules) + "\n## Next\n"
	cases := []struct {
		name string
		doc  string
		def  func(games.Definition) games.Definition
		want string // a part of the only problem; "" for none
	}{
		{"agrees", good, nil, ""},
		{"no block", strings.Replace(good, "<!-- house-rules:toy -->", "", 1), nil, "has no block of Toy Game's house rules"},
		{"a rule's words changed", strings.Replace(good, "A tie is a draw.", "A tie is a loss.", 1), nil, "line 2 of the block reads"},
		{"a rule left out of the doc", strings.Replace(good, "- A tie is a draw. (`ties_draw`)\n", "", 1), nil, "line 2 of the block reads"},
		{"a rule's option changed", good, func(d games.Definition) games.Definition {
			d.HouseRules = slices.Clone(d.HouseRules)
			d.HouseRules[1].Values = []any{3}
			return d
		}, "line 3 of the block reads"},
		{"in another game's section", strings.Replace(good, "## Toy Game (house)", "## Toy", 1), nil, "not in the game's own section"},
		{"twice", good + games.HouseRulesBlock("toy", def.HouseRules), nil, "2 blocks"},
		{"an option the lobby lacks", good, func(d games.Definition) games.Definition { d.Options = d.Options[1:]; return d }, "which the lobby does not offer"},
		{"a value the option never has", good, func(d games.Definition) games.Definition {
			d.HouseRules = slices.Clone(d.HouseRules)
			d.HouseRules[1].Values = []any{10}
			d.HouseRules[1].Option = "limit"
			return d
		}, "never has the value 10"},
		{"an id twice", good, func(d games.Definition) games.Definition {
			d.HouseRules = slices.Clone(d.HouseRules)
			d.HouseRules[1].ID = "ties_draw"
			return d
		}, "a unique snake_case name"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := def
			if tc.def != nil {
				d = tc.def(def)
			}
			got := houseRulesProblems(tc.doc, d)
			if tc.want == "" {
				if len(got) > 0 {
					t.Fatalf("problems %q; want none", got)
				}
				return
			}
			if len(got) == 0 || !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, tc.want) }) {
				t.Fatalf("problems %q; want one saying %q", got, tc.want)
			}
		})
	}
}

// firstDifference names the first line where the doc's block (got) and
// the data's (want) part.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		switch {
		case i >= len(g):
			return fmt.Sprintf("the doc lacks %q", w[i])
		case i >= len(w):
			return fmt.Sprintf("the doc has %q, which the data does not", g[i])
		case g[i] != w[i]:
			return fmt.Sprintf("line %d of the block reads %q in the doc, %q from the data", i+1, g[i], w[i])
		}
	}
	return "no line differs"
}

var ruleID = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// ruleProblems lists what is wrong with def's house rules as data.
func ruleProblems(def games.Definition) []string {
	var problems []string
	errorf := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	seen := map[string]bool{}
	for _, r := range def.HouseRules {
		if !ruleID.MatchString(r.ID) || seen[r.ID] {
			errorf("house rule id %q: a unique snake_case name is wanted", r.ID)
		}
		seen[r.ID] = true
		if strings.TrimSpace(r.Text) == "" || strings.ContainsAny(r.Text, "`\n") {
			errorf("house rule %s: its text %q is not one line of plain words", r.ID, r.Text)
		}
		if r.Option == "" {
			if len(r.Values) > 0 {
				errorf("house rule %s has values but no option", r.ID)
			}
			continue
		}
		i := slices.IndexFunc(def.Options, func(o games.Option) bool { return o.Key == r.Option })
		if i < 0 {
			errorf("house rule %s depends on the option %q, which the lobby does not offer", r.ID, r.Option)
			continue
		}
		if len(r.Values) == 0 {
			errorf("house rule %s names the option %q but no value of it", r.ID, r.Option)
		}
		for _, v := range r.Values {
			if !optionTakes(def.Options[i], v) {
				errorf("house rule %s: the option %q never has the value %v", r.ID, r.Option, v)
			}
		}
	}
	return problems
}

// optionTakes reports whether o can have the value v, compared as JSON.
func optionTakes(o games.Option, v any) bool {
	j := func(x any) string { b, _ := json.Marshal(x); return string(b) }
	switch o.Kind {
	case games.OptionBool:
		_, ok := v.(bool)
		return ok
	case games.OptionInt:
		var n float64
		if json.Unmarshal([]byte(j(v)), &n) != nil {
			return false
		}
		return n == math.Trunc(n) && n >= float64(o.Min) && n <= float64(o.Max)
	case games.OptionChoice:
		return slices.ContainsFunc(o.Choices, func(c games.Choice) bool { return j(c.Value) == j(v) })
	}
	return false
}
