package battles

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// Counts read as words: "1 token", "2 Order tokens", never "token(s)".
func TestCounted(t *testing.T) {
	for _, tc := range []struct {
		n          int
		noun, want string
	}{
		{0, "token", "0 tokens"},
		{1, "token", "1 token"},
		{1, "Order token", "1 Order token"},
		{3, "Wound token", "3 Wound tokens"},
	} {
		if got := counted(tc.n, tc.noun); got != tc.want {
			t.Errorf("counted(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
	if got := comeOff(1); got != "1 Wound token comes" {
		t.Errorf("comeOff(1) = %q", got)
	}
	if got := comeOff(2); got != "2 Wound tokens come" {
		t.Errorf("comeOff(2) = %q", got)
	}
}

// Over whole battles of random orders, no line of the log nor label of
// an order a player is offered says a count with "(s)", and an order too
// dear is refused in words ("costs 2 tokens (its 1 Order token plus
// one)").
func TestCountsInWords(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		random := randomPlayer(r)
		watch := func(g *Game, seat int) (json.RawMessage, bool) {
			for _, l := range g.view(seat).Legal {
				seen++
				if strings.Contains(l.Label, "(s)") {
					t.Errorf("seed %d: an order reads %q", seed, l.Label)
				}
			}
			return random(g, seat)
		}
		p, err := play(Options{}, seed, [2]player{watch, botPlayer}, 4000)
		if err != nil {
			t.Fatal(err)
		}
		for _, evs := range p.events {
			for _, e := range evs {
				if strings.Contains(e.Text, "(s)") {
					t.Errorf("seed %d: the log reads %q", seed, e.Text)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no order was offered")
	}
	g := s1(t)
	do(t, g, SeatA, `{"type":"move","unit":"a1","to":"center_rear"}`)
	do(t, g, SeatB, `{"type":"pass"}`)
	g.sides[SeatA].unused = 1
	_, err := apply(g, SeatA, `{"type":"move","unit":"a1","to":"center_front"}`)
	if err == nil || !strings.Contains(err.Error(), "costs 2 tokens (its 1 Order token plus one)") {
		t.Errorf("an order too dear is refused with %v", err)
	}
}
