package pocketsub

import (
	"encoding/json"
	"testing"
)

// invariants checks what must hold after every command, accepted or not.
func invariants(t testing.TB, g *Game) {
	t.Helper()
	for i, u := range g.subs {
		if !u.alive {
			continue
		}
		if !g.board.valid(u.at) {
			t.Fatalf("%s is off the board", u.label)
		}
		if g.mineAt[u.at] >= 0 {
			t.Fatalf("%s shares %s with a Mine", u.label, g.board.name(u.at))
		}
		if c := g.ccAt(u.at); c >= 0 && !g.friends(c, u.owner) {
			t.Fatalf("%s sits in an enemy Command Centre", u.label)
		}
		for j, o := range g.subs {
			if j != i && o.alive && o.at == u.at && g.ccAt(u.at) < 0 {
				t.Fatalf("%s and %s share %s outside a Command Centre", u.label, o.label, g.board.name(u.at))
			}
		}
	}
	for r, m := range g.mineAt {
		if m >= 0 && (g.board.terrain(Region(r)) == Deep || g.ccAt(Region(r)) >= 0) {
			t.Fatalf("a Mine on %s", g.board.name(Region(r)))
		}
	}
	laid := make([]int, g.opts.Players)
	for _, m := range g.mineAt {
		if m >= 0 {
			laid[m]++
		}
	}
	for s := range laid {
		if g.opts.MineSupply == MinesUnlimited {
			if g.mines[s] != unlimited {
				t.Fatalf("%s's unlimited Mines count %d", g.colours[s], g.mines[s])
			}
			continue
		}
		if laid[s]+g.mines[s] > g.supply[s] || g.mines[s] < 0 {
			t.Fatalf("%s has %d Mines on the board and %d to lay", g.colours[s], laid[s], g.mines[s])
		}
	}
	if (g.phase == over) != (g.outcome != nil) {
		t.Fatalf("phase %s with outcome %v", g.phase, g.outcome)
	}
	if g.phase == playing && g.liveSubs(g.turn) == 0 {
		t.Fatalf("%s is to play with no Subs", g.colours[g.turn])
	}
	for s := -1; s < g.opts.Players; s++ {
		if _, err := json.Marshal(g.View(s)); err != nil {
			t.Fatalf("view of %d: %v", s, err)
		}
	}
}
