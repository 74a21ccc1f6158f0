package gridtactics

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"periscope/games"
)

// The rulebook's examples (../shared/rules/pocket-tactics-grid.md), each
// as a position with fixed dice plus the commands that show it: no test
// here reaches into the match to set it up.

// fromPosition starts a match from a position given as JSON.
func fromPosition(t *testing.T, position string) *Game {
	t.Helper()
	game, err := Definition.New(json.RawMessage(`{"position":`+position+`}`), 1)
	if err != nil {
		t.Fatalf("%s: %v", position, err)
	}
	g := game.(*Game)
	mustApply(t, g, games.System, `{"type":"start"}`)
	return g
}

// "Shield Formation: an attack that normally hits on 3+ would need a 5+ to
// hit a soldier in Shield Formation."
func TestRulebookShieldFormation(t *testing.T) {
	cases := []struct {
		name, blue string
		die        int
		needs      string
		hit        bool
	}{
		{"alone, a 3 hits", `{"D5":"soldier"}`, 3, "needs 3+", true},
		{"shielded, a 4 misses", `{"D5":"soldier","E6":"soldier"}`, 4, "needs 5+", false},
		{"shielded, a 5 hits", `{"D5":"soldier","E6":"soldier"}`, 5, "needs 5+", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := fromPosition(t, fmt.Sprintf(`{"turn":"red","red":{"D4":"soldier"},"blue":%s,"dice":[%d]}`, c.blue, c.die))
			evs := mustApply(t, g, Red, `{"type":"attack","unit":"D4","target":"D5"}`)
			if !strings.Contains(evs[0].Text, c.needs) {
				t.Errorf("%q does not say %s", evs[0].Text, c.needs)
			}
			if gone := g.at(Square{3, 4}) < 0; gone != c.hit {
				t.Errorf("%q: target removed %v, want %v", evs[0].Text, gone, c.hit)
			}
		})
	}
}

// Tanks: "MOVE up to 2 spaces orthogonally, OR move 1 space orthogonally
// AND attack a unit 1 space away (hits on 4+)". Steps may turn (B2 to C3
// is two steps), as docs/games/gridtactics.md decides.
func TestRulebookTank(t *testing.T) {
	position := `{"turn":"red","red":{"B2":"tank"},"blue":{"B4":"tank","H8":"tank"},"dice":[%d]}`
	g := fromPosition(t, fmt.Sprintf(position, 4))
	for _, bad := range []string{
		`{"type":"move","unit":"B2","to":"D3"}`,               // 3 steps, turning
		`{"type":"move","unit":"B2","to":"E2"}`,               // 3 spaces
		`{"type":"tank","unit":"B2","to":"A2","target":"B4"}`, // 2 away after its step
	} {
		if _, err := apply(g, Red, bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	evs := mustApply(t, g, Red, `{"type":"tank","unit":"B2","to":"B3","target":"B4"}`)
	if !strings.Contains(strings.Join(texts(evs), "; "), "needs 4+") || g.at(Square{1, 3}) >= 0 {
		t.Errorf("a 4 on 4+ did not remove the target: %q", texts(evs))
	}
	g = fromPosition(t, fmt.Sprintf(position, 3))
	mustApply(t, g, Red, `{"type":"tank","unit":"B2","to":"B3","target":"B4"}`)
	if g.at(Square{1, 3}) < 0 {
		t.Error("a 3 on 4+ removed the target")
	}
}

// Artillery: "move 1 space orthogonally AND attack a unit exactly 2 spaces
// away (hits on 4+); can optionally make a second attack against the same
// target".
func TestRulebookArtillery(t *testing.T) {
	g := fromPosition(t, `{"turn":"red","red":{"D2":"artillery"},"blue":{"D4":"tank","D3":"soldier","H8":"soldier"},"dice":[3,4]}`)
	if _, err := apply(g, Red, `{"type":"attack","unit":"D2","target":"D3"}`); err == nil {
		t.Error("artillery fired at an adjacent unit")
	}
	evs := mustApply(t, g, Red, `{"type":"attack","unit":"D2","target":"D4"}`)
	if g.at(Square{3, 3}) < 0 || g.pending == nil {
		t.Fatalf("a 3 on 4+ hit, or no second shot offered: %q", texts(evs))
	}
	mustApply(t, g, Red, `{"type":"second_attack"}`)
	if g.at(Square{3, 3}) >= 0 {
		t.Error("the second shot's 4 did not remove the tank")
	}
}

func texts(evs []games.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Text
	}
	return out
}
