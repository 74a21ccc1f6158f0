package saga

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"periscope/games"
)

// The only secret of Saga is the order of the tiles still in the bag. At
// every step of a whole match, swapping the order of the tiles not yet
// drawn changes no seat's view and no bot's choice.
func TestBagOrderNeverLeaks(t *testing.T) {
	for seed := range uint64(10) {
		g := started(t, Options{}, seed)
		r := rand.New(rand.NewPCG(seed, 99))
		for steps := 0; g.Outcome() == nil; steps++ {
			if steps > 5000 {
				t.Fatalf("seed %d: no result after 5000 commands", seed)
			}
			other := clone(g)
			if g.phase == building && g.drawn+1 < len(g.bag) {
				rest := other.bag[g.drawn+1:]
				r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
				if len(rest) > 1 && slices.Equal(rest, g.bag[g.drawn+1:]) {
					rest[0], rest[len(rest)-1] = rest[len(rest)-1], rest[0]
				}
			}
			for _, seat := range []int{Raven, Wolf, games.Spectator} {
				a, _ := json.Marshal(g.View(seat))
				b, _ := json.Marshal(other.View(seat))
				if !bytes.Equal(a, b) {
					t.Fatalf("seed %d step %d: seat %d's view tells two bag orders apart", seed, steps, seat)
				}
				ba, oka := g.BotCommand(seat)
				bb, okb := other.BotCommand(seat)
				if oka != okb || !bytes.Equal(ba, bb) {
					t.Fatalf("seed %d step %d: the bot of seat %d chooses by the bag's order", seed, steps, seat)
				}
			}
			moved := false
			for seat := range 2 {
				if body, ok := g.BotCommand(seat); ok {
					mustApply(t, g, seat, string(body))
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

// Events carry nothing private: all of them are public, and no event
// names a tile before it is drawn.
func TestEventsArePublic(t *testing.T) {
	p, err := play(Options{}, 7, [2]player{botPlayer, botPlayer}, 5000)
	if err != nil {
		t.Fatal(err)
	}
	draws := 0
	for _, evs := range p.events {
		for _, e := range evs {
			if e.Seats != nil {
				t.Fatalf("event %q is private", e.Text)
			}
			if e.Kind == "draw" {
				draws++
			}
		}
	}
	if draws != 20 {
		t.Fatalf("%d draw events; want one per tile of the bag", draws)
	}
}
