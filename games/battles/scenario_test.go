package battles

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// stack is a unit of a scenario: its tiles (top first) and its zone, named
// from its owner's side.
type stack struct {
	tiles string // "CON04 CON25 CON19"
	zone  string
}

// scenario builds a battle of size 100 straight into round 1 through the
// players' own commands, with Player 1 chosen (the roll overridden).
func scenario(t testing.TB, p1 int, a, b []stack) *Game {
	t.Helper()
	return scenarioWith(t, Options{Size: 100}, p1, a, b)
}

func scenarioWith(t testing.TB, o Options, p1 int, a, b []stack) *Game {
	t.Helper()
	g := started(t, o, 1)
	for seat, units := range [2][]stack{a, b} {
		for _, u := range units {
			tiles, _ := json.Marshal(strings.Fields(u.tiles))
			mustApply(t, g, seat, fmt.Sprintf(`{"type":"add_unit","tiles":%s}`, tiles))
		}
	}
	mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
	mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
	g.p1, g.deployer = p1, p1
	next := [2]int{}
	all := [2][]stack{a, b}
	for g.phase == deploying {
		s := g.deployer
		mustApply(t, g, s, fmt.Sprintf(`{"type":"deploy","unit":"%c%d","to":"%s"}`, 'a'+s, next[s]+1, all[s][next[s]].zone))
		next[s]++
	}
	return g
}

func do(t testing.TB, g *Game, seat int, format string, args ...any) []eventsSeen {
	t.Helper()
	evs := mustApply(t, g, seat, fmt.Sprintf(format, args...))
	out := make([]eventsSeen, len(evs))
	for i, e := range evs {
		out[i] = eventsSeen{e.Kind, e.Text}
	}
	return out
}

type eventsSeen struct{ kind, text string }

// where is a unit's zone as its owner names it, "engagement", or "gone".
func where(g *Game, id string) string {
	u := g.unit(id)
	switch {
	case u.gone:
		return "gone"
	case u.at == engaged:
		return sector(u.owner, u.col) + "_engagement"
	}
	return zoneName(u.owner, u.col, u.at)
}

// tokenBooks checks that every token of each side is somewhere: unused,
// set aside, an Order token on a unit, or a Wound token on a living troop.
func tokenBooks(t testing.TB, g *Game) {
	t.Helper()
	if g.phase < deploying {
		return
	}
	for seat, s := range g.sides {
		n := s.unused + s.aside + s.passed
		for _, u := range g.units {
			if u.owner == seat && !u.gone {
				n += u.orders
				for _, tr := range u.live() {
					n += tr.wounds
				}
			}
		}
		if n != s.tokens || s.unused < 0 || s.aside < 0 {
			t.Fatalf("seat %d: %d tokens accounted (unused %d, aside %d); it has %d", seat, n, s.unused, s.aside, s.tokens)
		}
	}
}
