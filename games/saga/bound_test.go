package saga

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"periscope/games"
)

// Every match ends, by construction: long sequences of random legal
// commands (and, with the re-roll timer, the room's ticks), for many seeds
// and every option, always reach an outcome within the bounds:
//   - building takes the 20 tiles of the bag, one command each; the second
//     base one; the first units 6;
//   - an assault takes at most the re-rolls both sides hold at the roll,
//     plus one pass a side in each of its two rounds;
//   - play lasts at most MaxTurns turns;
//   - so a match takes at most matchCommandBound commands.
//
// A "shuffler" that moves whenever it can and never assaults reaches the
// turn limit.
func TestEveryMatchEnds(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 1
	}
	type variant struct {
		o       Options
		shuffle bool
	}
	var vs []variant
	for _, fp := range factionPairs {
		for _, rr := range []string{RerollChoose, RerollAuto} {
			for _, secs := range []int{0, 10} {
				for _, shuffle := range []bool{false, true} {
					vs = append(vs, variant{Options{RavenFaction: fp[0], WolfFaction: fp[1], Rerolls: rr, RerollSeconds: secs}, shuffle})
				}
			}
		}
	}
	kinds := map[string]int{}
	maxAssault, maxTurns, maxCommands := 0, 0, 0
	for vi, v := range vs {
		for s := range seeds {
			seed := uint64(100*vi + s)
			r := rand.New(rand.NewPCG(seed, 99))
			g := New(v.o, seed)
			now := t0
			mustApply(t, g, games.System, `{"type":"start"}`)
			commands, assaultCmds, assaultBound := 1, 0, -1
			for g.Outcome() == nil {
				if commands > matchCommandBound {
					t.Fatalf("%+v seed %d: no end after %d commands (turn %d, phase %s)", v.o, seed, commands, g.turns, g.phase)
				}
				if g.turns > MaxTurns {
					t.Fatalf("%+v seed %d: turn %d of at most %d", v.o, seed, g.turns, MaxTurns)
				}
				sp := g.view(games.Spectator)
				seat, body := sp.Turn, json.RawMessage(nil)
				if d, ok := g.Deadline(); ok && r.IntN(4) == 0 {
					// The player thinks too long: the room's clock ticks.
					now = d.Add(time.Second)
					seat, body = games.System, json.RawMessage(`{"type":"tick"}`)
				} else {
					body = randomLegal(g.view(seat), r, v.shuffle)
				}
				if _, err := g.Apply(games.Command{Seat: seat, Body: body, Time: now}); err != nil {
					t.Fatalf("%+v seed %d: legal %s refused: %v", v.o, seed, body, err)
				}
				commands++
				switch f := g.view(games.Spectator).Fight; {
				case f != nil && assaultBound < 0:
					// An assault is rolled: count what it may take.
					assaultBound = 4
					for _, sd := range f.Sides {
						assaultBound += sd.Special + sd.Situational
					}
					assaultCmds = 0
				case f != nil:
					assaultCmds++
					if assaultCmds > assaultBound {
						t.Fatalf("%+v seed %d: an assault still open after %d re-roll commands (bound %d)", v.o, seed, assaultCmds, assaultBound)
					}
				default:
					maxAssault = max(maxAssault, assaultCmds+1)
					assaultBound, assaultCmds = -1, 0
				}
			}
			kinds[g.Outcome().Kind]++
			maxTurns, maxCommands = max(maxTurns, g.turns), max(maxCommands, commands)
		}
	}
	t.Logf("%d matches: %v; longest %d turns, %d commands (bound %d), longest assault %d re-roll commands", len(vs)*seeds, kinds, maxTurns, maxCommands, matchCommandBound, maxAssault)
	if kinds[KindTurnLimit] == 0 {
		t.Errorf("no match reached the turn limit: the shuffler should")
	}
}

// randomLegal is a uniform pick among the view's legal commands; a
// shuffler picks a move whenever it has one.
func randomLegal(v View, r *rand.Rand, shuffle bool) json.RawMessage {
	if len(v.Legal) == 0 {
		panic(fmt.Sprintf("seat %d to act has no legal command in phase %s", v.Seat, v.Phase))
	}
	if shuffle && v.Fight == nil {
		var moves []Legal
		for _, l := range v.Legal {
			if l.Command.Type == TypeMove || l.Command.Type == TypeSummon {
				moves = append(moves, l)
			}
		}
		if len(moves) > 0 {
			return moves[r.IntN(len(moves))].Command.Encode()
		}
	}
	return v.Legal[r.IntN(len(v.Legal))].Command.Encode()
}
