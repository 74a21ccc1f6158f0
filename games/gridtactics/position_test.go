package gridtactics

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"periscope/games"
)

// lastStand: Red's soldier on D4 against Blue's lone tank on D5 and
// soldier on H8, Red to play.
const lastStand = `{"turn":"red","red":{"D4":"soldier","A1":"artillery"},"blue":{"D5":"tank","H8":"soldier"}`

func positionOptions(t *testing.T, extra string) Options {
	t.Helper()
	o, err := ParseOptions(json.RawMessage(`{"position":` + lastStand + extra + `}}`))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestPositionRefusals(t *testing.T) {
	cases := []struct{ name, options, code, words string }{
		{"no turn", `{"position":{"red":{"A1":"tank"},"blue":{"A8":"tank"}}}`, "position_turn", "turn is red or blue"},
		{"green turn", `{"position":{"turn":"green","red":{"A1":"tank"},"blue":{"A8":"tank"}}}`, "position_turn", "not \"green\""},
		{"hidden setup", `{"hidden_setup":true,"position":{"turn":"red","red":{"A1":"tank"},"blue":{"A8":"tank"}}}`, "position_hidden", "face up"},
		{"not a square", `{"position":{"turn":"red","red":{"Z0":"tank"},"blue":{"A8":"tank"}}}`, "not_a_square", "Z0"},
		{"off the small board", `{"small_board":true,"position":{"turn":"red","red":{"G1":"tank"},"blue":{"A6":"tank"}}}`, "off_board", "G1 is off the 6x6 board"},
		{"two units on a square", `{"position":{"turn":"red","red":{"C3":"tank"},"blue":{"c3":"soldier"}}}`, "square_taken", "one unit per square"},
		{"not a unit", `{"position":{"turn":"red","red":{"C3":"dragon"},"blue":{"A8":"tank"}}}`, "not_a_unit", "dragon"},
		{"three tanks", `{"position":{"turn":"red","red":{"A1":"tank","B1":"tank","C1":"tank"},"blue":{"A8":"tank"}}}`, "army_exceeded", "Red has 3 tanks: an army has 2"},
		{"no army", `{"position":{"turn":"blue","red":{},"blue":{"A8":"tank"}}}`, "army_destroyed", "Red has no unit left"},
		{"die of 7", `{"position":{"turn":"red","red":{"A1":"tank"},"blue":{"A8":"tank"},"dice":[6,7]}}`, "position_dice", "die 2 shows 7"},
		{"die of 0", `{"position":{"turn":"red","red":{"A1":"tank"},"blue":{"A8":"tank"},"dice":[0]}}`, "position_dice", "die 1 shows 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseOptions(json.RawMessage(c.options))
			var re *games.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%s: got %v, want a rule error %s", c.options, err, c.code)
			}
			if re.RuleCode() != c.code || !strings.Contains(re.Error(), c.words) {
				t.Errorf("refused with %s %q, want %s containing %q", re.RuleCode(), re.Error(), c.code, c.words)
			}
		})
	}
	if _, err := ParseOptions(json.RawMessage(`{"position":{"turn":"red","red":{"A1":"tank"},"blue":{"A8":"tank"},"units":3}}`)); err == nil {
		t.Error("an unknown position field was accepted")
	}
	if _, err := NewChecked(Options{Position: &Position{Turn: "red"}}, 1); err == nil {
		t.Error("NewChecked took a position with no armies")
	}
}

// Fixed dice decide an attack: the same position hits on a 3 and misses
// on a 2 (a soldier hits on 3+).
func TestPositionFixedDice(t *testing.T) {
	for _, c := range []struct {
		dice string
		hit  bool
	}{{`,"dice":[3]`, true}, {`,"dice":[2]`, false}} {
		g := started(t, positionOptions(t, c.dice), 9)
		if g.phase != playing || g.turn != Red {
			t.Fatalf("after the start: phase %s, turn %d", g.phase, g.turn)
		}
		evs := mustApply(t, g, Red, `{"type":"attack","unit":"D4","target":"D5"}`)
		text := evs[0].Text
		if hit := g.at(Square{3, 4}) < 0; hit != c.hit || !strings.Contains(text, "needs 3+") {
			t.Errorf("dice%s: %q, target gone %v", c.dice, text, hit)
		}
	}
}

// The position is part of the options: written to JSON (as the room
// stores them) and read back, as an object or as text, it gives the same
// match; setup and the first-turn roll are skipped.
func TestPositionOptionRoundTrip(t *testing.T) {
	o := positionOptions(t, `,"dice":[6,1]`)
	stored, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := json.Marshal(`{"turn":"red","red":{"D4":"soldier","A1":"artillery"},"blue":{"D5":"tank","H8":"soldier"},"dice":[6,1]}`)
	for _, raw := range []json.RawMessage{stored, json.RawMessage(`{"position":` + string(text) + `}`)} {
		game, err := Definition.New(raw, 5)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		g := game.(*Game)
		mustApply(t, g, games.System, `{"type":"start"}`)
		want := started(t, o, 5)
		a, _ := json.Marshal(g.View(Red))
		b, _ := json.Marshal(want.View(Red))
		if string(a) != string(b) {
			t.Errorf("%s gives\n%s\nwant\n%s", raw, a, b)
		}
		if _, err := apply(g, Red, `{"type":"setup","place":{"A1":"tank"}}`); err == nil {
			t.Error("a setup was accepted in a match from a position")
		}
	}
	// Units are numbered as a setup numbers them; lost ones are missing.
	g := started(t, o, 5)
	if v, _ := json.Marshal(g.View(Blue)); strings.Contains(string(v), "dice") {
		t.Errorf("the view shows the fixed dice: %s", v)
	}
	if _, err := g.ownUnit(Red, "S1"); err != nil {
		t.Errorf("S1: %v", err)
	}
	if _, err := g.ownUnit(Red, "S2"); err == nil {
		t.Error("S2 was lost but answers")
	}
	if _, err := g.ownUnit(Red, "AR1"); err != nil {
		t.Errorf("AR1: %v", err)
	}
}

// FuzzPositionOptions: any options holding a position are refused with a
// rule code, or build a match that starts and lets its bot play a turn.
func FuzzPositionOptions(f *testing.F) {
	f.Add([]byte(`{"position":` + lastStand + `}}`))
	f.Add([]byte(`{"small_board":true,"position":{"turn":"blue","red":{"A1":"tank"},"blue":{"F6":"artillery"},"dice":[1,2,3]}}`))
	f.Add([]byte(`{"position":"{\"turn\":\"red\",\"red\":{\"B2\":\"soldier\"},\"blue\":{\"B3\":\"soldier\"}}"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := ParseOptions(b)
		if err != nil {
			return
		}
		g, err := NewChecked(o, 1)
		if err != nil {
			t.Fatalf("%q parsed but builds no match: %v", b, err)
		}
		if o.Position == nil {
			return
		}
		if _, err := apply(g, games.System, `{"type":"start"}`); err != nil {
			t.Fatal(err)
		}
		for range 20 {
			if g.outcome != nil {
				return
			}
			c, ok := botPlayer(g, g.turn)
			if !ok {
				t.Fatalf("%q: the bot finds nothing to do", b)
			}
			body, _ := json.Marshal(c)
			if _, err := apply(g, g.turn, string(body)); err != nil {
				t.Fatalf("%q: the bot's %s refused: %v", b, body, err)
			}
		}
	})
}
