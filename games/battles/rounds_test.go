package battles

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"periscope/games"
)

// A General and a Colonel, both with Command, once took each other's
// single Order token back turn after turn (pay 1, get 1) for ever. Now a
// unit's tokens come back once a round: the loop breaks after one pass
// each way and the round ends with both generals' tokens spent.
func TestCommandLoopEnds(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA,
		[]stack{{"CON22", "left_rear"}},
		[]stack{{"UNI02", "center_rear"}, {"UNI01 UNI12", "center_rear"}})
	do(t, g, SeatA, `{"type":"pass"}`)
	do(t, g, SeatB, `{"type":"move","unit":"b2","to":"left_rear"}`)
	recalls := 0
	for n := 0; g.round == 1; n++ {
		if n > 40 {
			t.Fatalf("round 1 still on after %d commands", n)
		}
		if g.turn == SeatA {
			do(t, g, SeatA, `{"type":"pass"}`)
			continue
		}
		// B takes back whatever it can, the way the loop did.
		var cmd string
		for _, l := range g.view(SeatB).Legal {
			if l.Command.Type == TypeUseTrait {
				cmd = string(l.Command.Encode())
				break
			}
		}
		if cmd == "" {
			if g.view(SeatB).Turn != SeatB {
				break
			}
			do(t, g, SeatB, `{"type":"pass"}`)
			continue
		}
		recalls++
		do(t, g, SeatB, "%s", cmd)
		tokenBooks(t, g)
	}
	if recalls != 2 {
		t.Fatalf("Command took tokens back %d times; want 2 (each unit once)", recalls)
	}
}

// One Command unit broke the 1-2-4 order costs: a Cavalry put 3 tokens
// into two orders and the General took all 3 back for 1. Now Command takes
// back no more than its own order cost, so it never gains a token.
func TestCommandTakesBackItsOwnCost(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA,
		[]stack{{"CON01", "left_rear"}, {"CON22", "center_rear"}},
		[]stack{{"UNI12", "right_rear"}})
	do(t, g, SeatA, `{"type":"move","unit":"a2","to":"right_rear"}`)
	do(t, g, SeatB, `{"type":"pass"}`)
	do(t, g, SeatA, `{"type":"move","unit":"a2","to":"center_rear"}`)
	do(t, g, SeatB, `{"type":"pass"}`)
	if a2 := g.unit("a2"); a2.orders != 3 || g.sides[SeatA].unused != 2 {
		t.Fatalf("after two orders a2 carries %d tokens, A has %d unused", a2.orders, g.sides[SeatA].unused)
	}
	found := false
	for _, l := range g.view(SeatA).Legal {
		if l.Command.Type == TypeUseTrait && l.Command.Target == "a2" {
			found = true
			if l.Cost != 1 || !containsAll(l.Label, "takes back 1", "house rule") {
				t.Fatalf("the Command button says %q at %d token(s)", l.Label, l.Cost)
			}
		}
	}
	if !found {
		t.Fatal("Command on a2 is not offered")
	}
	do(t, g, SeatA, `{"type":"use_trait","unit":"a1","trait":"command","target":"a2"}`)
	if a2 := g.unit("a2"); a2.orders != 2 || a2.cost() != 3 || g.sides[SeatA].unused != 2 {
		t.Fatalf("Command paid 1 and should take back 1: a2 carries %d (next order %d), A has %d unused", a2.orders, a2.cost(), g.sides[SeatA].unused)
	}
	tokenBooks(t, g)
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// A token set aside by a Pass counts "as if it had been spent on a Unit",
// so, with no unused token left, it can become a Wound token like an Order
// token. The house reading keeps it out of play.
func TestPassedTokenBecomesWound(t *testing.T) {
	for _, reading := range []string{PassSpent, PassAside} {
		t.Run(reading, func(t *testing.T) {
			g := scenarioWith(t, Options{Size: 50, PassToken: reading}, SeatA,
				[]stack{{"CON22", "center_front"}},
				[]stack{{"UNI13", "center_front"}})
			for range 4 {
				do(t, g, SeatA, `{"type":"pass"}`)
				do(t, g, SeatB, `{"type":"pass"}`)
			}
			do(t, g, SeatA, `{"type":"pass"}`)
			g.rigged = []int{4, 1, 1}
			do(t, g, SeatB, `{"type":"charge","unit":"b1"}`)
			if reading == PassAside {
				// Eliminating the Cavalry is the only choice: the server made it.
				if !g.unit("a1").gone {
					t.Fatal("with passed tokens out of play the hit must eliminate the Cavalry")
				}
				return
			}
			if w := g.awaiting(); w == nil || w.kind != opAssign || w.a != "a1" {
				t.Fatalf("A should assign the charge's hit: %+v", g.ops)
			}
			var labels []string
			for _, l := range g.view(SeatA).Legal {
				labels = append(labels, l.Label)
			}

			if len(labels) != 2 || !strings.Contains(labels[1], "set aside by passing") {
				t.Fatalf("A's choices %q", labels)
			}
			do(t, g, SeatA, `{"type":"wound","troop":"CON22","from":"pass"}`)
			if g.unit("a1").troops[0].wounds != 1 || g.unit("a1").gone || g.round != 1 || g.phase != recovery {
				t.Fatalf("a passed token should be the Wound token and the round over: %+v, phase %s", g.unit("a1").troops[0], g.phase)
			}
			tokenBooks(t, g)
		})
	}
	g := scenarioWith(t, Options{Size: 50, PassToken: PassAside}, SeatA,
		[]stack{{"CON22", "center_front"}}, []stack{{"UNI13", "center_front"}})
	do(t, g, SeatA, `{"type":"pass"}`)
	if g.sides[SeatA].aside != 1 || g.sides[SeatA].passed != 0 {
		t.Fatal("with the house reading a passed token is set aside")
	}
}

// randomBuild composes a random legal army: single troops with Wound
// points, some led by an officer, until nothing more fits.
func randomBuild(g *Game, seat int, r *rand.Rand) Command {
	v := g.view(seat)
	b := v.Build
	if len(b.Units) == 0 && len(b.Presets) > 0 && r.IntN(3) == 0 {
		return Command{Type: TypeUsePreset, Preset: b.Presets[r.IntN(len(b.Presets))].ID}
	}
	army := g.sides[seat].army
	free := slices.Clone(b.Free)
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	for _, id := range free {
		if army.Tile(id).Wounds == 0 {
			continue
		}
		tiles := []string{id}
		for _, o := range free {
			if army.Tile(o).Wounds == 0 && r.IntN(2) == 0 {
				tiles = []string{o, id}
				break
			}
		}
		for len(tiles) > 0 {
			if g.checkAddUnit(seat, tiles) == nil {
				return Command{Type: TypeAddUnit, Tiles: tiles}
			}
			tiles = tiles[1:]
		}
	}
	return Command{Type: TypeConfirm}
}

// randomCommand is a uniformly random legal command of seat, or false.
func randomCommand(g *Game, seat int, r *rand.Rand) (Command, bool) {
	if g.phase == building {
		if g.sides[seat].confirmed {
			return Command{}, false
		}
		return randomBuild(g, seat, r), true
	}
	l := g.view(seat).Legal
	if len(l) == 0 {
		return Command{}, false
	}
	// Special traits half the time they are offered: Command and healing
	// are what gives tokens back, so they are what could stretch a round.
	if r.IntN(2) == 0 {
		var traits []Command
		for _, x := range l {
			if x.Command.Type == TypeUseTrait {
				traits = append(traits, x.Command)
			}
		}
		if len(traits) > 0 {
			return traits[r.IntN(len(traits))], true
		}
	}
	return l[r.IntN(len(l))].Command, true
}

// perTurnBound is the most commands one turn can take: a redeployment,
// the order, an answer to a charge, its target, and one command per hit
// assigned (each eliminates a troop or places a Wound token, so no more
// than the Wound points on the battlefield).
func perTurnBound(g *Game) int {
	wp := 0
	for _, u := range g.units {
		for _, t := range u.troops {
			wp += max(t.tile.Wounds, 1)
		}
	}
	return 4 + wp
}

// Every round and every battle ends, whatever the traits, options and
// choices: generals picking among their legal commands at random (armies
// built at random, Command units included) for many seeds and every
// option. A round never takes more turns than the turn limit allows, nor
// more commands than those turns can hold; no battle lasts more rounds
// than the round limit.
func TestEveryRoundEnds(t *testing.T) {
	cases := allOptions()
	seeds, every := 2, 1
	if testing.Short() {
		seeds, every = 1, 12
	}
	matches, commands, maxTurns := 0, 0, 0
	for i, o := range cases {
		if i%every != 0 {
			continue
		}
		for s := range uint64(seeds) {
			n, most := randomBattle(t, o, uint64(i)*101+s)
			matches++
			commands += n
			maxTurns = max(maxTurns, most)
		}
	}
	t.Logf("%d battles, %d commands; at most %d turns by one general in a round", matches, commands, maxTurns)
}

// FuzzEveryRoundEnds is TestEveryRoundEnds with the fuzzer picking the
// options and the seed of the random generals.
func FuzzEveryRoundEnds(f *testing.F) {
	f.Add(uint8(0), uint64(1))
	f.Add(uint8(100), uint64(77))
	f.Fuzz(func(t *testing.T, pick uint8, seed uint64) {
		cases := allOptions()
		randomBattle(t, cases[int(pick)%len(cases)], seed)
	})
}

// allOptions is every size, army pairing and option of the rules.
func allOptions() []Options {
	var cases []Options
	for _, size := range []int{50, 80, 100} {
		for _, armies := range [][2]string{{"confederacy", "union"}, {"union", "confederacy"}, {"union", "union"}} {
			for _, stacks := range []string{StacksTop, StacksHeight} {
				for _, pass := range []string{PassSpent, PassAside} {
					for _, limit := range []int{1, DefaultRoundLimit, MaxRoundLimit} {
						cases = append(cases, Options{Size: size, ArmyA: armies[0], ArmyB: armies[1], Stacks: stacks, PassToken: pass, RoundLimit: limit})
					}
				}
			}
		}
	}
	return cases
}

// randomBattle plays a battle of random legal commands to its end and
// checks every round on the way: it ends within the turn limit and the
// commands those turns can hold, and no battle outlasts its round limit.
// It returns the commands played and the most turns of one general in a
// round.
func randomBattle(t *testing.T, o Options, seed uint64) (commands, maxTurns int) {
	t.Helper()
	name := fmt.Sprintf("%+v seed %d", o, seed)
	r := rand.New(rand.NewPCG(seed, 3))
	g := New(o, seed)
	mustApply(t, g, games.System, `{"type":"start"}`)
	round, inRound, bound := 0, 0, 0
	for g.Outcome() == nil {
		if g.round > o.RoundLimit {
			t.Fatalf("%s: round %d of a battle limited to %d", name, g.round, o.RoundLimit)
		}
		moved := false
		for _, seat := range []int{SeatA, SeatB} {
			c, ok := randomCommand(g, seat, r)
			if !ok {
				continue
			}
			if _, err := g.Apply(games.Command{Seat: seat, Body: c.Encode(), Time: t0}); err != nil {
				t.Fatalf("%s: a legal command %s was refused: %v", name, c.Encode(), err)
			}
			moved = true
			break
		}
		if !moved {
			t.Fatalf("%s: nobody can act in phase %s", name, g.phase)
		}
		commands++
		if g.round != round {
			round, inRound = g.round, 0
			bound = (g.maxTurns(SeatA)+g.maxTurns(SeatB))*perTurnBound(g) + len(g.units)*4 + 2
		}
		if g.phase >= fighting {
			inRound++
			for seat, sd := range g.sides {
				if sd.turns > g.maxTurns(seat) {
					t.Fatalf("%s: seat %d took %d turns in round %d; the limit is %d", name, seat, sd.turns, g.round, g.maxTurns(seat))
				}
				maxTurns = max(maxTurns, sd.turns)
			}
			if inRound > bound {
				t.Fatalf("%s: round %d still on after %d commands (bound %d)", name, g.round, inRound, bound)
			}
		}
		tokenBooks(t, g)
	}
	return commands, maxTurns
}

// A general takes at most two turns per token in a round (house rule):
// then the other general plays on alone, and the round ends when both are
// done, whatever tokens are left.
func TestTurnLimit(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA,
		[]stack{{"CON22", "left_rear"}}, []stack{{"UNI12", "right_rear"}})
	if g.maxTurns(SeatA) != 10 || g.view(SeatA).Sides[SeatA].MaxTurns != 10 {
		t.Fatalf("at 50 points a general takes at most 10 turns a round, not %d", g.maxTurns(SeatA))
	}
	g.sides[SeatA].turns = 9
	evs := do(t, g, SeatA, `{"type":"move","unit":"a1","to":"center_rear"}`)
	if !slices.ContainsFunc(evs, func(e eventsSeen) bool { return e.kind == "turn_limit" }) {
		t.Fatalf("the table hears no turn limit: %v", evs)
	}
	do(t, g, SeatB, `{"type":"pass"}`)
	if g.turn != SeatB || g.sides[SeatA].unused != 4 {
		t.Fatalf("A has reached its turns: B plays on (turn %d)", g.turn)
	}
	for range 4 {
		do(t, g, SeatB, `{"type":"pass"}`)
	}
	if g.round != 2 {
		t.Fatalf("both done: the round should end, round %d phase %s", g.round, g.phase)
	}
}
