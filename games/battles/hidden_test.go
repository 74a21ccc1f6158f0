package battles

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"periscope/games"
)

// secretsOf lists what seat s's enemy may not learn before the reveal: the
// tiles of s's army under the top of each stack, and those still in the
// draft or in hand.
func secretsOf(g *Game, s int) []string {
	var out []string
	if g.phase == building {
		for _, u := range g.sides[s].draft {
			out = append(out, u...)
		}
		return out
	}
	if g.phase != deploying {
		return nil
	}
	for _, u := range g.units {
		if u.owner != s {
			continue
		}
		from := 1
		if !u.placed {
			from = 0
		}
		for _, tr := range u.troops[from:] {
			out = append(out, tr.tile.ID)
		}
	}
	return out
}

// visibleTops is the top tile of every placed stack (public even before the
// reveal), by army.
func visibleTops(g *Game, s int) []string {
	var out []string
	for _, u := range g.units {
		if u.owner == s && u.placed {
			out = append(out, u.troops[0].tile.ID)
		}
	}
	return out
}

// Across whole battles, no view or event a seat may see names a tile of
// the enemy's army before the reveal (the draft, stacks under their top,
// units in hand): first snapshot included. Both armies are Confederacy in
// half the battles, so tile ids alone would tell.
func TestArmiesStaySecret(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	for seed := range uint64(n) {
		o := Options{Size: 50 + 10*int(seed%6)}
		if seed%2 == 1 {
			o.ArmyB = "confederacy"
		}
		r := rand.New(rand.NewPCG(seed, 3))
		players := [2]player{botPlayer, randomPlayer(r)}
		g := New(o, seed)
		check := func(evs []games.Event) {
			for s := range 2 {
				enemy := 1 - s
				secrets := secretsOf(g, enemy)
				tops := visibleTops(g, enemy)
				for _, viewer := range []int{s, games.Spectator} {
					// What the viewer learns of the enemy: its side, its
					// units, and the events it hears (its own draft and
					// units name tiles of the same box in mirror battles).
					v := g.view(viewer)
					if viewer == games.Spectator && v.Build != nil {
						t.Fatal("a spectator sees a draft")
					}
					var enemyUnits []UnitView
					for _, u := range v.Units {
						if u.Owner == enemy {
							enemyUnits = append(enemyUnits, u)
						}
					}
					raw, _ := json.Marshal([]any{v.Sides[enemy], enemyUnits})
					for _, e := range evs {
						if e.VisibleTo(viewer) {
							b, _ := json.Marshal(e)
							raw = append(raw, b...)
						}
					}
					for _, id := range secrets {
						// In mirror battles the viewer's own events name its
						// own troops: the same ids.
						if slices.Contains(tops, id) || (g.sides[0].army == g.sides[1].army && ownHas(g, s, id)) {
							continue
						}
						if strings.Contains(string(raw), id) {
							t.Fatalf("seed %d phase %s: seat %d sees %s of the enemy's hidden army", seed, g.phase, viewer, id)
						}
					}
				}
			}
		}
		check(nil)
		evs := mustApply(t, g, games.System, string(games.StartBody))
		check(evs)
		for steps := 0; g.Outcome() == nil && steps < 3000; steps++ {
			moved := false
			for s := range 2 {
				if body, ok := players[s](g, s); ok {
					check(mustApply(t, g, s, string(body)))
					moved = true
					break
				}
			}
			if !moved {
				t.Fatalf("seed %d: nobody can act", seed)
			}
		}
	}
}

// What lies under the tops never changes what the enemy sees or what the
// enemy's bot decides: swapping the hidden troops of A's stacks for others
// leaves B's view and B's choice identical, at every deployment step.
func TestHiddenStacksDoNotMatter(t *testing.T) {
	for seed := range uint64(6) {
		g := started(t, Options{Size: 80}, seed)
		mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON04","CON25","CON19"]}`)
		mustApply(t, g, SeatA, `{"type":"add_unit","tiles":["CON06","CON27","CON28"]}`)
		mustApply(t, g, SeatA, `{"type":"confirm_army"}`)
		mustApply(t, g, SeatB, `{"type":"use_preset","preset":"rulebook_50"}`)
		mustApply(t, g, SeatB, `{"type":"confirm_army"}`)
		for g.phase == deploying {
			other := clone(g)
			// Same heights, other troops under the tops.
			other.unit("a1").troops[1].tile = content.Army("confederacy").Tile("CON22")
			other.unit("a1").troops[2].tile = content.Army("confederacy").Tile("CON09")
			other.unit("a2").troops[2].tile = content.Army("confederacy").Tile("CON16")
			for _, seat := range []int{SeatB, games.Spectator} {
				a, _ := json.Marshal(g.View(seat))
				b, _ := json.Marshal(other.View(seat))
				if !bytes.Equal(a, b) {
					t.Fatalf("seed %d: seat %d's view tells the hidden troops apart", seed, seat)
				}
			}
			ba, oka := g.BotCommand(SeatB)
			bb, okb := other.BotCommand(SeatB)
			if oka != okb || !bytes.Equal(ba, bb) {
				t.Fatalf("seed %d: B's bot decides by A's hidden troops", seed)
			}
			body, _ := g.BotCommand(g.deployer)
			mustApply(t, g, g.deployer, string(body))
		}
	}
}

// ownHas is whether seat s's own army uses tile id.
func ownHas(g *Game, s int, id string) bool {
	for _, u := range g.sides[s].draft {
		if slices.Contains(u, id) {
			return true
		}
	}
	return false
}
