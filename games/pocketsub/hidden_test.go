package pocketsub

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// Pocket Sub has no hidden pieces, but a seat's view still holds only what
// is public plus that seat's own legal commands: at every step of whole
// matches, every seat's view equals the spectator's apart from its seat,
// prompt and lists of legal commands, and only the seat to act has any.
func TestViewsHoldNoOtherSeatsCommands(t *testing.T) {
	for i, o := range optionSets {
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		g := started(t, o, uint64(i))
		for steps := 0; ; steps++ {
			public := g.view(-1)
			if len(public.Legal) != 0 || len(public.Moves) != 0 {
				t.Fatalf("the spectator gets legal commands: %v %v", public.Legal, public.Moves)
			}
			pj := strip(t, public)
			for s := range g.opts.Players {
				v := g.view(s)
				if s != v.Turn && (len(v.Legal) != 0 || len(v.Moves) != 0) {
					t.Fatalf("seat %d gets legal commands on seat %d's turn", s, v.Turn)
				}
				if s == v.Turn && v.Phase != "over" && len(v.Legal)+len(v.Moves) == 0 {
					t.Fatalf("seat %d is to act and has nothing to do", s)
				}
				for _, m := range v.Moves {
					if id := g.subByID(m.Sub); g.subs[id].owner != s {
						t.Fatalf("seat %d is offered a move of %s", s, m.Sub)
					}
				}
				if strip(t, v) != pj {
					t.Fatalf("seat %d sees a different table than the spectator", s)
				}
			}
			if g.Outcome() != nil || steps > 500 {
				break
			}
			mustApply(t, g, g.turn, string(randomPlayer(rng)(g, g.turn)))
		}
	}
}

// strip is a view's JSON without what differs from seat to seat by design.
func strip(t *testing.T, v View) string {
	v.Seat, v.Prompt, v.Legal, v.Moves = 0, "", nil, nil
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Nothing in Pocket Sub is hidden, so the bot may draw its whims (the
// choice between moves of about the same worth) from the match seed, as
// Captain Sonar's bots do: the same seed replays the same match, and
// another seed on the same introductory layout plays another match, so
// bot-against-bot balance on a fixed layout measures more than one match.
func TestBotWhimsFollowTheSeed(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		a, err := play(Options{Players: n, Captain: true}, 1, bots(n), 1000)
		if err != nil {
			t.Fatal(err)
		}
		again, err := play(Options{Players: n, Captain: true}, 1, bots(n), 1000)
		if err != nil {
			t.Fatal(err)
		}
		b, err := play(Options{Players: n, Captain: true}, 987654321, bots(n), 1000)
		if err != nil {
			t.Fatal(err)
		}
		same := func(x, y played) bool {
			if len(x.log) != len(y.log) {
				return false
			}
			for i := range x.log {
				if string(x.log[i].Body) != string(y.log[i].Body) {
					return false
				}
			}
			return true
		}
		if !same(a, again) {
			t.Fatalf("%d players: the same seed played two different matches", n)
		}
		if same(a, b) {
			t.Fatalf("%d players: two seeds played the same match on the introductory layout", n)
		}
	}
}
