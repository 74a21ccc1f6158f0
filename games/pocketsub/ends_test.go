package pocketsub

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"periscope/games"
)

// everyOption lists option sets that between them take every value of
// every option that changes play, at every player count and setup.
func everyOption() []Options {
	var out []Options
	i := 0
	for _, n := range []int{2, 3, 4} {
		for _, setup := range []string{SetupIntro, SetupStandard} {
			for _, captain := range []bool{false, true} {
				for _, supply := range []string{MinesBox, MinesUnlimited} {
					out = append(out, Options{
						Players: n, Setup: setup, Captain: captain, MineSupply: supply,
						FirstPlayer:   []string{FirstRed, FirstRandom}[i%2],
						RunningDeep:   []string{RunDeepAny, RunDeepAdjacent}[(i/2)%2],
						StrongCurrent: []string{CurrentAllows, CurrentForces}[(i/3)%2],
						Shelter:       []string{ShelterAll, ShelterEncounters}[(i/5)%2],
					})
					i++
				}
			}
		}
	}
	return out
}

// legalCommand is a command the seat to act may send, with what the
// engine's list says of it.
type legalCommand struct {
	Command
	safe, home bool // loses no Sub; ends in the mover's side's Command Centre
}

// legalCommands lists every command the seat to act may send, from the
// engine's own lists: the setup commands, and every move with each of its
// Mines.
func legalCommands(g *Game) []legalCommand {
	v := g.view(g.turn)
	var out []legalCommand
	for _, c := range v.Legal {
		out = append(out, legalCommand{Command: c})
	}
	for _, m := range v.Moves {
		c := legalCommand{Command: Command{Type: TypeMove, Sub: m.Sub, Path: m.Path, Tokens: m.Tokens}, safe: m.Lost == ""}
		if len(m.Path) > 0 {
			r, _ := g.board.parse(m.Path[len(m.Path)-1])
			c.home = c.safe && g.ccAt(r) >= 0 && g.friends(g.ccAt(r), g.turn)
		}
		if len(m.Mines) == 0 {
			out = append(out, c)
		}
		for _, r := range m.Mines {
			c.Mine = r
			out = append(out, c)
		}
	}
	return out
}

// randomLegalMatch plays a match of random legal commands from the seed.
// A careful share of the picks keeps to moves that lose nothing, and a
// homing share prefers moves that end in the mover's side's Command
// Centre, so that long matches and quiet rounds are tried too. It checks
// that each round ends within one turn per player and the match within
// maxTurns, and returns the most quiet rounds in a row it saw.
func randomLegalMatch(t *testing.T, o Options, seed uint64) (quiet int) {
	t.Helper()
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	g := New(o, seed)
	mustApply(t, g, games.System, string(games.StartBody))
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	careful, homing := rng.Float64(), rng.Float64()/2
	bound := maxTurns(o)
	round, turnsInRound := g.round, 0
	for steps := 0; g.Outcome() == nil; steps++ {
		if g.turns > bound || steps > bound+100 {
			t.Fatalf("%+v seed %d: no result after %d turns (bound %d)", o, seed, g.turns, bound)
		}
		cmds := legalCommands(g)
		if len(cmds) == 0 {
			t.Fatalf("%+v seed %d: %s has no legal command in %s", o, seed, g.colours[g.turn], g.phase)
		}
		pick := cmds[rng.IntN(len(cmds))]
		if g.phase == playing {
			var safe, home []legalCommand
			for _, c := range cmds {
				if c.safe {
					safe = append(safe, c)
				}
				if c.home {
					home = append(home, c)
				}
			}
			switch x := rng.Float64(); {
			case x < homing && len(home) > 0:
				pick = home[rng.IntN(len(home))]
			case x < careful && len(safe) > 0:
				pick = safe[rng.IntN(len(safe))]
			}
		}
		wasPlaying := g.phase == playing
		mustApply(t, g, g.turn, string(pick.Command.Encode()))
		quiet = max(quiet, g.quiet)
		if wasPlaying {
			if g.round != round {
				round, turnsInRound = g.round, 0
			} else if turnsInRound++; turnsInRound > o.Players {
				t.Fatalf("%+v seed %d: round %d has lasted %d turns", o, seed, round, turnsInRound)
			}
		}
	}
	if g.turns > bound {
		t.Fatalf("%+v seed %d: %d turns, more than the bound %d", o, seed, g.turns, bound)
	}
	return quiet
}

// Every round and every match ends, whatever the options, under long
// random legal play: a round within one turn per player, a match within
// maxTurns. With 2 or 3 players no run of quiet rounds ever reaches the
// QuietRounds that end a match (the rule bites only in the team game).
func TestEveryMatchEnds(t *testing.T) {
	seeds := uint64(12)
	if testing.Short() {
		seeds = 3
	}
	for i, o := range everyOption() {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			for seed := range seeds {
				q := randomLegalMatch(t, o, uint64(i)*1000+seed)
				if o.Players < 4 && q >= QuietRounds {
					t.Fatalf("%+v seed %d: %d quiet rounds in a row with %d players", o, seed, q, o.Players)
				}
			}
		})
	}
}

// The same property under the fuzzer: any seed, any option set.
func FuzzEveryMatchEnds(f *testing.F) {
	f.Add(uint64(1), uint8(0))
	f.Add(uint64(77), uint8(17))
	f.Add(uint64(12345), uint8(40))
	f.Fuzz(func(t *testing.T, seed uint64, which uint8) {
		all := everyOption()
		randomLegalMatch(t, all[int(which)%len(all)], seed)
	})
}

// Team-mates whose Command Centres touch can sail from one to the other
// for ever without a Mine (nothing destroys a Sub in its own side's
// Command Centre). The house rule ends it: 4 quiet rounds in a row, and
// the side with more Subs in play wins, or it is a draw.
func TestQuietRoundsEndTheMatch(t *testing.T) {
	tiles := []string{"0,0 D ssssss", "1,0 D ssssss", "3,0 D ssssss", "4,0 D ssssss"}
	g := build(t, scen{players: 4, tiles: tiles, mines: []int{0, 0, 0, 0},
		pieces: []string{"cc:R A0", "cc:B B0", "cc:W C0", "cc:K D0", "red1 A0", "blue1 B0", "white1 C0", "black1 D0"}})
	trips := map[string][]string{
		"red1": {"A3", "B6", "B0"}, "white1": {"C3", "D6", "D0"}, "blue1": {"B6", "A3", "A0"}, "black1": {"D6", "C3", "C0"},
	}
	back := map[string][]string{
		"red1": {"B6", "A3", "A0"}, "white1": {"D6", "C3", "C0"}, "blue1": {"A3", "B6", "B0"}, "black1": {"C3", "D6", "D0"},
	}
	order := []string{"red1", "white1", "blue1", "black1"}
	var last []games.Event
	for r := range QuietRounds {
		for s, id := range order {
			if g.Outcome() != nil {
				t.Fatalf("the match ended in round %d: %+v", r+1, g.Outcome())
			}
			path := trips[id]
			if r%2 == 1 {
				path = back[id]
			}
			last = mustApply(t, g, s, string(Command{Type: TypeMove, Sub: id, Path: path}.Encode()))
		}
	}
	o := g.Outcome()
	if o == nil || o.Kind != "stalemate" || len(o.Winners) != 0 {
		t.Fatalf("after %d quiet rounds: %+v", QuietRounds, o)
	}
	if text := texts(last); text[len(text)-1] != "4 rounds in a row without a Mine laid or a Sub destroyed (house rule): the sides have as many Subs in play, so the match is a draw." {
		t.Fatalf("events %q", text)
	}
}
