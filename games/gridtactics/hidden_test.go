package gridtactics

import (
	"encoding/json"
	"strings"
	"testing"

	"periscope/games"
)

// Over whole hidden-setup matches, no view ever shows a face-down unit of
// another side as more than "unit".
func TestHiddenSetupNeverLeaks(t *testing.T) {
	for seed := range uint64(30) {
		o := Options{HiddenSetup: true, SmallBoard: seed%2 == 1}
		g := started(t, o, seed)
		for steps := 0; g.Outcome() == nil; steps++ {
			if steps > 5000 {
				t.Fatalf("seed %d: no result after 5000 commands", seed)
			}
			for seat := range 2 {
				if body, ok := g.BotCommand(seat); ok {
					mustApply(t, g, seat, string(body))
					break
				}
			}
			invariants(t, g)
		}
	}
}

// Two matches that differ only in which face-down Red unit is which look
// exactly the same to Blue and to spectators, hit chances included.
func TestHiddenUnitsAreIndistinguishable(t *testing.T) {
	hidden := Options{HiddenSetup: true}
	blue := []string{"bS D4", "bA D6", "bT H8"}
	a := layout(t, hidden, 1, Blue, append([]string{"rS C3", "rS D3", "rT E3", "rA A1"}, blue...)...)
	b := layout(t, hidden, 1, Blue, append([]string{"rT C3", "rS D3", "rS E3", "rA A1"}, blue...)...)
	for _, seat := range []int{Blue, games.Spectator} {
		va, _ := json.Marshal(a.View(seat))
		vb, _ := json.Marshal(b.View(seat))
		if string(va) != string(vb) {
			t.Fatalf("seat %d tells the two setups apart:\n%s\n%s", seat, va, vb)
		}
	}
	va, _ := json.Marshal(a.View(Red))
	vb, _ := json.Marshal(b.View(Red))
	if string(va) == string(vb) {
		t.Fatal("Red's own view does not show its own setup")
	}
	// Blue's soldier may attack all three; each may be a shielded soldier.
	v := a.view(Blue)
	for _, ua := range v.Actions {
		if ua.Unit != "D4" {
			continue
		}
		for _, tv := range ua.Attacks {
			if tv.Needs != 3 || tv.Chance != "3+ = 67%" || tv.IfShielded != "5+ = 33%" || tv.Shield {
				t.Fatalf("target %+v; want 3+ = 67%% or 5+ = 33%% if shielded", tv)
			}
		}
		return
	}
	t.Fatal("Blue's soldier on D4 has no actions")
}

func TestHiddenUnitsTurnFaceUp(t *testing.T) {
	hidden := Options{HiddenSetup: true}
	pos := []string{"rS C3", "rS D3", "rT A1", "bS D4", "bT H8"}
	cases := []struct {
		name string
		body string
		up   []string // squares now face up
		down []string // squares still face down
	}{
		{"moving reveals the mover", `{"type":"move","unit":"A1","to":"A2"}`, []string{"A2"}, []string{"C3", "D3", "D4", "H8"}},
		{"attacking reveals attacker, target and its shield", `{"type":"attack","unit":"D4","target":"C3"}`, []string{"D4", "D3"}, []string{"A1", "H8"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			turn := Red
			if strings.Contains(tc.body, `"D4"`) {
				turn = Blue
			}
			g := layout(t, hidden, 1, turn, pos...)
			for _, p := range g.view(games.Spectator).Board {
				if p.Kind != "unit" || !p.FaceDown {
					t.Fatalf("before anything happens a spectator sees %+v", p)
				}
			}
			mustApply(t, g, turn, tc.body)
			v := g.view(games.Spectator)
			state := map[string]bool{}
			for _, p := range v.Board {
				state[p.At] = p.FaceDown
			}
			for _, s := range tc.up {
				if down, ok := state[s]; !ok || down {
					t.Errorf("%s is not face up", s)
				}
			}
			for _, s := range tc.down {
				if !state[s] {
					t.Errorf("%s was turned face up", s)
				}
			}
		})
	}
}

func TestTargetChances(t *testing.T) {
	g := layout(t, Options{}, 1, Red, "rA C3", "rS B4", "bS C5", "bS D6", "bT E4")
	v := g.view(Red)
	got := map[string]TargetView{}
	for _, ua := range v.Actions {
		if ua.Unit == "C3" {
			for _, tv := range ua.Attacks {
				got[tv.At] = tv
			}
		}
	}
	want := map[string]TargetView{
		"C5": {At: "C5", Needs: 6, Chance: "6+ = 17%", Percent: 17, Shield: true, WithSecond: 31},
		"E4": {At: "E4", Needs: 4, Chance: "4+ = 50%", Percent: 50, WithSecond: 75},
	}
	if len(got) != len(want) {
		t.Fatalf("artillery targets %+v; want %+v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("target %s: %+v; want %+v", k, got[k], w)
		}
	}
}
