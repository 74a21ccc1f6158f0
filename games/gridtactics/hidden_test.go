package gridtactics

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
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
			gamestest.BotSteps(t, g, 1, t0)
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
	for _, ua := range v.Legal {
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
		// The rulebook reveals a unit only when it moves or attacks: the
		// target and the soldier shielding it stay face down.
		{"attacking reveals the attacker only", `{"type":"attack","unit":"D4","target":"C3"}`, []string{"D4"}, []string{"D3", "A1", "H8"}},
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
	for _, ua := range v.Legal {
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

// The bot decides from its seat's view alone: swapping what two face-down
// enemy units really are never changes how it weighs any choice, the
// command it picks, or what its seat sees. Tried in hand-made positions and
// over whole matches, against a bot and against a player who only ends its
// turns (so that the bot meets units that never turned face up).
func TestBotIgnoresWhatItCannotSee(t *testing.T) {
	hidden := Options{HiddenSetup: true}
	positions := [][]string{
		{"rS C3", "rS D3", "rT E3", "rA A1", "bS D4", "bA D6", "bT H8"},
		{"rS D4", "rT C5", "rA D2", "rS B2", "bS C3", "bT E4", "bA F6", "bS D6", "bT B6"},
		{"rA C3", "rT E5", "rS E3", "bA C5", "bT E4", "bS B4", "bS D2"},
	}
	swaps := 0
	for _, spec := range positions {
		for _, turn := range []int{Red, Blue} {
			swaps += checkSwaps(t, layout(t, hidden, 1, turn, spec...), turn)
		}
	}
	passive := func(g *Game, seat int) (Command, bool) {
		switch {
		case g.phase == placing && !g.placed[seat]:
			return randomSetup(g, seat, rand.New(rand.NewPCG(uint64(seat), 3))), true
		case g.phase == playing && g.turn == seat:
			return Command{Type: TypeEndTurn}, true
		}
		return Command{}, false
	}
	for seed := range uint64(12) {
		o := Options{HiddenSetup: true, SmallBoard: seed%3 == 2}
		players := [2]player{botPlayer, botPlayer}
		if seed%2 == 1 {
			players[seed/2%2] = passive
		}
		g := started(t, o, seed)
		for steps := 0; g.Outcome() == nil; steps++ {
			if steps > 5000 {
				t.Fatalf("seed %d: no result after 5000 commands", seed)
			}
			if g.phase == playing {
				swaps += checkSwaps(t, g, g.turn)
			}
			for seat := range 2 {
				if c, ok := players[seat](g, seat); ok {
					mustApply(t, g, seat, string(c.Encode()))
					break
				}
			}
		}
	}
	if swaps < 100 {
		t.Fatalf("only %d positions with face-down enemies of different kinds were tried", swaps)
	}
}

// checkSwaps tries every pair of face-down units of seat's opponent that
// differ in kind, and reports how many pairs it tried.
func checkSwaps(t *testing.T, g *Game, seat int) int {
	t.Helper()
	want, _ := g.BotCommandAt(seat, games.BotLevels[g.turns%len(games.BotLevels)])
	// One strength a turn, in turn: each is tried, at a third of the cost.
	level := games.BotLevels[g.turns%len(games.BotLevels)]
	scores := g.botOptions(seat, level)
	view, _ := json.Marshal(g.View(seat))
	tried := 0
	for i, a := range g.units {
		for j := i + 1; j < len(g.units); j++ {
			b := g.units[j]
			if a.owner == seat || b.owner == seat || a.owner != b.owner || !a.alive || !b.alive ||
				!a.hidden || !b.hidden || a.kind == b.kind {
				continue
			}
			other := clone(g)
			other.units[i].kind, other.units[j].kind = b.kind, a.kind
			other.units[i].id, other.units[j].id = b.id, a.id
			got, _ := other.BotCommandAt(seat, games.BotLevels[g.turns%len(games.BotLevels)])
			if !reflect.DeepEqual(other.botOptions(seat, level), scores) {
				t.Fatalf("turn %d: the bot weighs its choices differently when the face-down %s on %s and %s on %s trade places",
					g.turns, a.kind, a.at, b.kind, b.at)
			}
			if string(got) != string(want) {
				t.Fatalf("turn %d: the bot plays %s, but %s when the face-down %s on %s and %s on %s trade places",
					g.turns, want, got, a.kind, a.at, b.kind, b.at)
			}
			if v, _ := json.Marshal(other.View(seat)); string(v) != string(view) {
				t.Fatalf("turn %d: seat %d sees what the face-down units on %s and %s are", g.turns, seat, a.at, b.at)
			}
			tried++
		}
	}
	return tried
}

// TestShieldOfAFaceDownTargetIsNotTold: the Shield Formation bonus applies
// to a face-down soldier, but nothing the attacker (or anyone) is told says
// so: the roll names no kind, no formation and no number needed.
func TestShieldOfAFaceDownTargetIsNotTold(t *testing.T) {
	for seed := range uint64(12) {
		g := layout(t, Options{HiddenSetup: true}, seed, Blue, "rS C3", "rS D3", "rT A1", "bS D4", "bT H8")
		evs, err := g.Apply(games.Command{Seat: Blue, Body: []byte(`{"type":"attack","unit":"D4","target":"C3"}`)})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			raw, _ := json.Marshal(e)
			for _, leak := range []string{"soldier at C3", "Shield", "needs", `"needs"`, `"shield"`} {
				if strings.Contains(e.Text, leak) || strings.Contains(string(raw), leak) {
					t.Fatalf("seed %d: the attack on a face-down soldier tells %q: %s", seed, leak, raw)
				}
			}
		}
		// The bonus still counts: a soldier needs 5+ against a shielded
		// soldier, so a roll of 3 or 4 misses.
		var r Roll
		for _, e := range evs {
			if e.Kind == "roll" {
				if err := json.Unmarshal(e.Data, &r); err != nil {
					t.Fatal(err)
				}
			}
		}
		if r.Roll == 0 {
			t.Fatalf("seed %d: the attack rolled no die: %v", seed, evs)
		}
		if r.Roll >= 3 && r.Roll < 5 && r.Hit {
			t.Fatalf("seed %d: rolled %d and hit a shielded soldier", seed, r.Roll)
		}
		if r.Roll >= 5 && !r.Hit {
			t.Fatalf("seed %d: rolled %d and missed", seed, r.Roll)
		}
	}
}
